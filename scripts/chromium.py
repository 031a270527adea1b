"""The scripts launch Chromium as the package does (`rulesite/chromium.py`)."""

from rulesite.chromium import CHROMIUM_ARGS, chromium_path

__all__ = ["CHROMIUM_ARGS", "chromium_path"]
