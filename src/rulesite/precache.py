"""What a language site's service worker stores for offline use: its file
name and the first visit's budget. render/offline_app.py writes the worker
within it; check/offline_app.py holds the built site to it."""

from __future__ import annotations

# The worker's file, at the root of each language's site.
SERVICE_WORKER = "sw.js"
# The most a first visit stores for offline use, per language site (bytes).
PRECACHE_BUDGET = 8 * 1024 * 1024
