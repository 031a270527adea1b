"""How the project launches Debian's Chromium (browser tests, screenshots,
the reader benchmark, `rulesite bench --serve`): headless, as root, and kept
from reaching the network on its own."""

from __future__ import annotations

import os

# Without the background-networking flags Chromium keeps trying hosts of its own,
# which a closed network refuses; as root it needs --no-sandbox.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    """$CHROMIUM_PATH, else Debian's /usr/bin/chromium."""
    return os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
