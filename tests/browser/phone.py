"""The phone profile of the reader benchmark (scripts/reader_bench.py) for
browser tests: 390×844, touch, the CPU 4× slower, 150 ms latency, 1.6 Mbit/s;
and what a reader of a notice must see once the page has settled."""

from __future__ import annotations

from browser_site import PHONE
from playwright.sync_api import expect

PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
SLOW_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


def slow_down(context, page) -> None:
    """The phone's CPU (4× slower) and network (150 ms, 1.6 Mbit/s), through the DevTools protocol."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)


def settle(page, quiet_ms: int = 600, timeout_ms: int = 15_000) -> None:
    """Waits for the page's load event, then until it has not scrolled for `quiet_ms`."""
    page.wait_for_load_state("load")
    waited, still, last = 0, 0, None
    while waited < timeout_ms and still < quiet_ms:
        y = page.evaluate("() => window.scrollY")
        still = still + 100 if y == last else 0
        last = y
        page.wait_for_timeout(100)
        waited += 100


def on_screen_below_header(page, locator) -> list[str]:
    """What keeps a notice from being seen: above the header's bottom edge, below
    the viewport, or outside any live region. [] when it is seen and announced."""
    problems = []
    box = locator.bounding_box()
    header = page.locator(".md-header").bounding_box()
    height = page.viewport_size["height"]
    if box is None:
        return ["the notice is not shown"]
    below = header["y"] + header["height"] if header else 0
    if box["y"] < below - 0.5:
        problems.append(f"its top is at {box['y']:.0f} px, under the header (which ends at {below:.0f} px)")
    if box["y"] + box["height"] > height:
        problems.append(f"its bottom is at {box['y'] + box['height']:.0f} px, below the screen ({height} px)")
    live = locator.evaluate("el => !!el.closest('[aria-live=polite], [aria-live=assertive], [role=status], [role=alert]')")
    if not live:
        problems.append("it is in no live region")
    return problems


def switch_language(page, lang: str) -> None:
    """Opens Material's language menu (a tap on the phone) and picks `lang`."""
    page.locator(".md-header__option .md-select").hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]')
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()
    settle(page)
