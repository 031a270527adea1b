"""Render the site's app icons (PNG) from src/rulesite/assets/icons/icon.svg.

The PNGs are committed (the build copies them as they are); run this again
after changing the SVG:

    .venv/bin/python scripts/make_icons.py

Debian's Chromium draws them (Playwright), so no image library is needed.
`icon-maskable-512.png` fills the whole square (launchers cut their own shape
out of it); the others keep the SVG's rounded corners on a transparent ground.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

from chromium import CHROMIUM_ARGS

ICONS = Path(__file__).resolve().parent.parent / "src" / "rulesite" / "assets" / "icons"
SIZES = [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)]


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, size, full_bleed in SIZES:
            art = re.sub(r'rx="\d+" fill="#4051b5"', 'fill="#4051b5"', svg) if full_bleed else svg
            page = browser.new_page(viewport={"width": size, "height": size})
            art = art.replace("<svg ", '<svg style="width:100%;height:100%" ', 1)
            page.set_content(f'<html><body style="margin:0;background:transparent">{art}</body></html>')
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"wrote {ICONS / name}")
        browser.close()


if __name__ == "__main__":
    main()
