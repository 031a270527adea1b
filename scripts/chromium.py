"""The scripts launch Chromium as the package does (`rulesite/bench/chromium.py`)."""

from rulesite.bench.chromium import CHROMIUM_ARGS, chromium_path

__all__ = ["CHROMIUM_ARGS", "chromium_path"]
