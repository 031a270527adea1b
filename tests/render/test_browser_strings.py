"""The browser code's words come from the strings table (assets/strings.js):
every key a script asks `t` for is served to it, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import rulesite
from rulesite.common.strings import BROWSER_KEYS, STRINGS, browser_strings

ASSETS = Path(rulesite.__file__).parent / "assets"
# t("key", ...) or t("prefix" + rest, ...): the key, and whether it is only a
# prefix; counted("key", n) too (compare.js: the key or its "-one" form).
ASKED = re.compile(r'\b(?:t|counted)\(\s*"([a-z-]+)"(\s*\+)?')


def asked() -> set[tuple[str, bool]]:
    found = set()
    for script in sorted(ASSETS.glob("*.js")):
        found |= {(key, bool(plus)) for key, plus in ASKED.findall(script.read_text(encoding="utf-8"))}
    return found


def test_every_key_the_browser_code_asks_for_is_served():
    keys = asked()
    assert ("diff-filter", False) in keys and ("diff-count-", True) in keys  # the pattern finds both forms
    for key, prefix in sorted(keys):
        served = [k for k in BROWSER_KEYS if (k.startswith(key) if prefix else k == key)]
        assert served, f"assets ask for {key!r}{' + …' if prefix else ''}, which assets/strings.js does not hold"


def test_every_served_key_has_its_words_in_every_language():
    for language in STRINGS:
        table = browser_strings(language)[language]
        assert set(table) == set(BROWSER_KEYS)
    for key in BROWSER_KEYS:
        if key.startswith(("diff-", "compare-")):  # the editions' pages' words, translated with them
            assert all(key in STRINGS[language] for language in STRINGS), key


def test_the_offline_pages_words_keep_their_parts_in_every_language():
    """The words the offline page shows around a ruling's and a card's parts
    (render/offline_data.py) are in every language, each with the parts its
    English has: a translation without {text} would drop an erratum's text."""
    from rulesite.common.strings import OFFLINE_PAGE_STRINGS

    parts = re.compile(r"\{(\w+)\}")
    assert set(OFFLINE_PAGE_STRINGS) == set(STRINGS)
    for key, english in OFFLINE_PAGE_STRINGS["en"].items():
        for language in STRINGS:
            words = STRINGS[language][key]
            assert words and sorted(parts.findall(words)) == sorted(parts.findall(english)), (language, key)
