"""The hostile corpus: one mutation each of a copy of the sources, built for real.

The base is a copy of `rules_src/` plus one small file of every format the
manifest supports that `rules_src/` does not use (`tests/hostile/files/`,
written for these tests), so every importer and every text field of the model
is reachable. Each case below changes one thing, the way a hostile or careless
source would, and says what the build must report: the file, the error code
and, where it matters, the line. For every case the real `rulesite build`
(`--no-site`: these problems are found while reading, before anything is
rendered, so the MkDocs stage would add nothing but time) must

- exit non-zero (or zero for the few cases marked harmless, which say why),
- print no traceback, and every error as `path:line: error[code]: message`,
  with a line that is never 0,
- leave `docs/` and `site/` as they were (both hold a sentinel file), and
- write no file anywhere else: the whole temporary folder, several levels
  above the sources so that `../` escapes land inside it, is compared before
  and after (the only files a failed build may leave are the output folders'
  lock files, `rulesite.common.output.lock_path`).

Large inputs (deep nesting, big files) are generated here, never committed.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from buildutil import run_build
from hostile.base import FILES, make_base

from rulesite.common.output import lock_path

MANIFEST = "rules_src/manifest.yml"
CORE = "rules_src/riftbound/core-rules-excerpt-2026-10-09.txt"
WEB_832 = "rules_src/riftbound/832-show-off.web-page.txt"
WEB_424 = "rules_src/riftbound/424-reveal.web-page.txt"
MTG_ES = "rules_src/magic/701.20-mostrar.es.web-page.txt"
RULINGS = "rules_src/riftbound/community-rulings.txt"
IDS = "rules_src/riftbound/community-rulings.ids.yml"
TOURNAMENT = "rules_src/hostile/tournament-rules.txt"
MAGIC = "rules_src/hostile/comprehensive-rules.txt"
FAQ = "rules_src/hostile/faq.json"
FAQ_TRANSLATION = "rules_src/hostile/faq-translation.yml"
ERRATA = "rules_src/hostile/errata.json"
CARDS = "rules_src/hostile/cards.json"
GUIDE = "rules_src/hostile/guides/basics.md"
MDX = "rules_src/hostile/mdx/cards/test-unit.mdx"
WALK = "rules_src/walkthroughs/primordial-roar-frigid-touch.yml"
KEYWORDS = "rules_src/keywords.yml"
CARD_ALIASES = "rules_src/card-aliases.yml"
CONCORDANCE = "rules_src/concordance.yml"
MISPRINTS = "rules_src/misprints.yml"

ERROR = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+): error\[(?P<code>[a-z][a-z0-9-]*)\]: (?P<message>\S.*)$")
ANY_DIAGNOSTIC = re.compile(r"^[^\s:][^:]*:\d+: (?:error|warning)\[")


@dataclass
class Expect:
    path: str
    code: str
    lines: set[int] | None = None  # None: any line of that file


@dataclass
class Case:
    name: str
    mutate: Callable[[Path], Expect | None]
    harmless: str = ""  # why the build may succeed


CASES: list[Case] = []


def case(harmless: str = ""):
    def register(mutate):
        CASES.append(Case(mutate.__name__, mutate, harmless))
        return mutate

    return register


# --- editing the copy -------------------------------------------------------------


def text(root: Path, path: str) -> str:
    return (root / path).read_text(encoding="utf-8-sig")


def write(root: Path, path: str, content: str | bytes) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content, encoding="utf-8")


def replace(root: Path, path: str, old: str, new: str) -> int:
    """Replaces the first `old` with `new`; returns the 1-based line where it was."""
    content = text(root, path)
    at = content.index(old)
    write(root, path, content[:at] + new + content[at + len(old) :])
    return content.count("\n", 0, at) + 1


def line_of(root: Path, path: str, needle: str) -> int:
    content = text(root, path)
    return content.count("\n", 0, content.index(needle)) + 1


def append(root: Path, path: str, extra: str) -> int:
    content = text(root, path)
    if not content.endswith("\n"):
        content += "\n"
    write(root, path, content + extra)
    return content.count("\n") + 1


def set_field(root: Path, source_id: str, field: str, value: str) -> int:
    """Sets `field:` of the manifest entry `source_id` to the YAML `value`; returns the entry's line."""
    content = text(root, MANIFEST)
    start = content.index(f"- id: {source_id}\n")
    end = content.find("\n  - id:", start)
    end = len(content) if end < 0 else end
    entry = content[start:end]
    pattern = re.compile(rf"^(\s*(?:- )?){field}: .*$", re.MULTILINE)
    if pattern.search(entry):
        entry = pattern.sub(lambda m: f"{m.group(1)}{field}: {value}", entry, count=1)
    else:
        entry = entry.rstrip("\n") + f"\n    {field}: {value}\n"
    write(root, MANIFEST, content[:start] + entry + content[end:])
    return content.count("\n", 0, start) + 1


def in_json_string(value: str) -> str:
    """`value` as it sits inside a JSON string (quotes escaped)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


# --- the manifest ------------------------------------------------------------------


@case()
def empty_manifest(root):
    write(root, MANIFEST, "")
    return Expect(MANIFEST, "manifest", {1})


@case()
def manifest_without_sources(root):
    write(root, MANIFEST, "sources: []\n")
    return Expect(MANIFEST, "manifest", {1})


@case()
def manifest_lists_a_mapping(root):
    write(root, MANIFEST, "sources: {id: x}\n")
    return Expect(MANIFEST, "manifest", {1})


@case()
def path_traversal(root):
    line = set_field(root, "hostile-guide", "path", "../../../../etc/bash.bashrc")
    return Expect(MANIFEST, "name", {line})


@case()
def absolute_path(root):
    line = set_field(root, "hostile-guide", "path", "/etc/hostname")
    return Expect(MANIFEST, "name", {line})


@case()
def dev_zero_path(root):
    line = set_field(root, "hostile-cards", "path", "/dev/zero")
    return Expect(MANIFEST, "name", {line})


@case()
def symlink_out_of_the_sources(root):
    secret = root.parent / "secret.md"
    secret.write_text("# Secret\n\nNot a source.\n", encoding="utf-8")
    (root / "rules_src/hostile/guides/link.md").symlink_to(secret)
    line = set_field(root, "hostile-guide", "path", "hostile/guides/link.md")
    return Expect(MANIFEST, "outside-sources", {line})


@case()
def symlink_to_a_device(root):
    (root / "rules_src/hostile/zero.json").symlink_to("/dev/zero")
    line = set_field(root, "hostile-cards", "path", "hostile/zero.json")
    return Expect(MANIFEST, "outside-sources", {line})


@case()
def named_pipe_as_source(root):
    os.mkfifo(root / "rules_src/hostile/pipe.json")
    line = set_field(root, "hostile-cards", "path", "hostile/pipe.json")
    return Expect(MANIFEST, "unreadable", {line})


@case()
def folder_where_a_file_belongs(root):
    line = set_field(root, "hostile-guide", "path", "hostile/guides")
    return Expect(MANIFEST, "unreadable", {line})


@case()
def symlinked_mdx_folder_out_of_the_sources(root):
    outside = root.parent / "mdx-outside"
    shutil.copytree(root / "rules_src/hostile/mdx", outside)
    (root / "rules_src/hostile/mdx-link").symlink_to(outside, target_is_directory=True)
    line = set_field(root, "hostile-mdx", "path", "hostile/mdx-link")
    return Expect(MANIFEST, "outside-sources", {line})


@case()
def integer_key_in_an_entry(root):
    line = set_field(root, "rb-832-web", "title", '"Show Off"\n    424: reveal')
    return Expect(MANIFEST, "invalid-yaml", {line + 9, line + 10})


@case()
def list_where_an_id_belongs(root):
    line = set_field(root, "rb-424-web", "id", "[rb, 424]")
    return Expect(MANIFEST, "manifest", {line})


@case()
def id_with_an_event_handler(root):
    line = set_field(root, "rb-424-web", "id", '"x onclick=alert(1) tabindex=0"')
    return Expect(MANIFEST, "name", {line})


@case()
def id_with_backticks_and_markup(root):
    line = set_field(root, "rb-424-web", "id", '"core`<svg onload=alert(1)>`"')
    return Expect(MANIFEST, "name", {line})


@case()
def id_with_upper_case(root):
    line = set_field(root, "rb-424-web", "id", "RB-424-Web")
    return Expect(MANIFEST, "name", {line})


@case()
def id_in_fullwidth_letters(root):
    line = set_field(root, "rb-424-web", "id", "ｒｂ-424")
    return Expect(MANIFEST, "name", {line})


@case()
def document_escaping_the_output(root):
    line = set_field(root, "hostile-tournament", "document", "../../../escaped")
    return Expect(MANIFEST, "name", {line})


@case()
def version_escaping_the_output(root):
    line = set_field(root, "hostile-tournament", "version", '"1.4/../../../escaped"')
    return Expect(MANIFEST, "name", {line})


@case()
def version_with_markup(root):
    line = set_field(root, "hostile-tournament", "version", '"<svg onload=alert(1)>"')
    return Expect(MANIFEST, "name", {line})


@case()
def impossible_month(root):
    line = set_field(root, "rb-core-2026-10-09", "edition", "2026-13-45")
    return Expect(MANIFEST, "manifest", {line})


@case()
def impossible_day(root):
    line = set_field(root, "rb-core-2026-10-09", "edition", "2026-02-30")
    return Expect(MANIFEST, "manifest", {line})


@case()
def alias_bomb_in_a_title(root):
    bomb = "".join(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 9) if i else 'lol'}]\n" for i in range(12))
    write(root, MANIFEST, bomb + text(root, MANIFEST))
    return Expect(MANIFEST, "invalid-yaml", {1})


@case()
def deeply_nested_yaml(root):
    append(root, MANIFEST, "deep: " + "[" * 20000 + "]" * 20000 + "\n")
    return Expect(MANIFEST, "invalid-yaml")


@case()
def python_tag_in_the_manifest(root):
    line = set_field(root, "rb-424-web", "title", "!!python/object/apply:os.system [touch pwned]")
    return Expect(MANIFEST, "invalid-yaml", {line + 8, line + 9})


@case()
def title_as_a_mapping(root):
    line = set_field(root, "rb-424-web", "title", "{text: Reveal}")
    return Expect(MANIFEST, "manifest", {line})


@case()
def partial_as_text(root):
    line = set_field(root, "rb-424-web", "partial", '"no"')
    return Expect(MANIFEST, "manifest", {line})


@case()
def manifest_not_utf8(root):
    write(root, MANIFEST, text(root, MANIFEST).encode("utf-8") + b"# caf\xe9\n")
    return Expect(MANIFEST, "unreadable")


@case()
def huge_manifest(root):
    write(root, MANIFEST, text(root, MANIFEST) + "#" + "x" * (3 * 1024 * 1024) + "\n")
    return Expect(MANIFEST, "too-large", {1})


@case()
def duplicate_source_id(root):
    line = set_field(root, "hostile-faq", "id", "rb-424-web")
    return Expect(MANIFEST, "manifest", {line})


@case()
def control_character_in_a_title(root):
    line = set_field(root, "rb-424-web", "title", '"Reveal\\u202e evil"')
    return Expect(MANIFEST, "control-character", {line})


# --- rules-text (the official excerpt) ----------------------------------------------


@case()
def fullwidth_rule_number(root):
    line = append(root, CORE, "８３２.9. A rule numbered in fullwidth digits.\n")
    return Expect(CORE, "rule-number", {line})


@case()
def leading_zero_duplicate(root):
    line = replace(root, CORE, "832.1.c. ", "832.01.b. Conflicting text for the same rule.\n832.1.c. ")
    return Expect(CORE, "duplicate-rule", {line})


@case()
def nul_in_rule_text(root):
    line = replace(root, CORE, "Show Off is normally present", "Show Off is\x00 normally present")
    return Expect(CORE, "control-character", {line})


@case()
def bidi_override_in_rule_text(root):
    line = replace(root, CORE, "Show Off is normally present", "Show Off is \u202enormally present")
    return Expect(CORE, "control-character", {line})


@case()
def rule_thirty_levels_deep(root):
    number = "832.9" + ".a.1" * 15
    line = append(root, CORE, f"{number}. A rule with no parents at all.\n")
    return Expect(CORE, "rule-depth", {line})


@case()
def rule_far_below_any_parent(root):
    line = append(root, CORE, "832.9.a.1.a. Three of its parents are missing.\n")
    return Expect(CORE, "rule-depth", {line})


@case()
def rule_number_of_five_thousand_digits(root):
    line = append(root, CORE, "832." + "9" * 5000 + ". A number Python's int() would refuse, and no file name can hold.\n")
    return Expect(CORE, "rule-number", {line})


@case()
def faq_count_of_five_thousand_digits(root):
    line = replace(root, WEB_832, "Related FAQ (", "Related FAQ (" + "9" * 5000)
    return Expect(WEB_832, "unparsed-line", {line + 1, line + 2})


@case()
def line_separator_keeps_line_numbers(root):
    replace(root, CORE, "Show Off is normally present", "Show Off is\u2028normally\u0085 present\x0c")
    line = append(root, CORE, "This line is no rule.\n")
    return Expect(CORE, "unparsed-line", {line})


@case()
def invalid_utf8_in_rules_text(root):
    content = text(root, CORE).encode("utf-8")
    at = content.index(b"832.1.c.")
    write(root, CORE, content[:at] + b"\xff" + content[at:])
    return Expect(CORE, "unreadable", {content.count(b"\n", 0, at) + 1})


@case()
def rules_text_emptied(root):
    write(root, CORE, "")
    return Expect(CORE, "no-rules", {1})


@case()
def huge_rules_text(root):
    write(root, CORE, "832.1. " + "x" * (21 * 1024 * 1024) + "\n")
    return Expect(MANIFEST, "too-large")


# --- web pages and the Spanish Magic page -------------------------------------------


@case()
def bidi_in_a_faq_answer(root):
    content = text(root, WEB_832)
    at = content.index("Related FAQ")
    last = content.rstrip("\n").rsplit("\n", 1)[1]
    write(root, WEB_832, content[:at] + content[at:].replace(last, "\u2066" + last, 1))
    return Expect(WEB_832, "control-character")


@case()
def fullwidth_number_bullet(root):
    line = replace(root, WEB_832, "- 832.2.", "- ８３２.2.")
    return Expect(WEB_832, "rule-number", {line})


@case()
def nul_in_a_page_title(root):
    first = text(root, WEB_832).split("\n", 1)[0]
    replace(root, WEB_832, first, first.replace(" ", " \x00", 1))
    return Expect(WEB_832, "control-character", {1})


@case()
def nul_in_web_block_text(root):
    content = text(root, WEB_424)
    i = content.index("424.1.")
    para = content.index("\n\n", i) + 2
    write(root, WEB_424, content[:para] + "\x00" + content[para:])
    return Expect(WEB_424, "control-character")


@case()
def nine_part_rule_number(root):
    line = replace(root, WEB_424, "424.2.b.", "424.2.b.1.a.1.a.1.a.")
    return Expect(WEB_424, "rule-depth", {line})


@case()
def fullwidth_spanish_heading(root):
    replace(root, MTG_ES, "701.20.", "７０１.20.")
    return Expect(MTG_ES, "unparsed-line", {1})


@case()
def bidi_in_a_restored_subrule(root):
    content = text(root, MTG_ES).split("\n")
    i = next(i for i, row in enumerate(content) if i > 2 and len(row) > 30)
    content[i] = "\u202d" + content[i]
    write(root, MTG_ES, "\n".join(content))
    return Expect(MTG_ES, "control-character", {i + 1})


# --- community rulings (text and MDX) -----------------------------------------------


@case()
def nul_in_a_nuance(root):
    line = replace(root, RULINGS, "Nuances: - ", "Nuances: - \x00")
    return Expect(RULINGS, "control-character", {line})


@case()
def ruling_id_escaping_the_output(root):
    first = re.search(r"id: (\S+)", text(root, IDS))
    line = replace(root, IDS, first.group(0), 'id: "../../../escaped"')
    return Expect(IDS, "ruling-id", {line})


@case()
def alias_in_the_ids_file(root):
    content = text(root, IDS)
    first = re.search(r"title: (.+)", content)
    line = replace(root, IDS, first.group(0), "title: &t " + first.group(1))
    replace(root, IDS, re.search(r"title: (?!&t)(.+)", text(root, IDS)).group(0), "title: *t")
    return Expect(IDS, "invalid-yaml", {line})  # refused at the anchor


@case()
def ids_file_symlinked_out(root):
    outside = root.parent / "ids.yml"
    shutil.copy(root / IDS, outside)
    (root / IDS).unlink()
    (root / IDS).symlink_to(outside)
    return Expect(IDS, "outside-sources", {1})


@case()
def integer_key_in_the_ids_file(root):
    line = replace(root, IDS, "id: ", "7: x\n  id: ")
    return Expect(IDS, "invalid-yaml", {line})


@case(harmless="front matter dates stay text and createdAt is not read, so an impossible one changes nothing")
def impossible_date_in_front_matter(root):
    replace(root, MDX, "createdAt: 2026-01-05", "createdAt: 2026-13-45")
    return None


@case()
def alias_bomb_in_front_matter(root):
    replace(root, MDX, "createdAt: 2026-01-05", "createdAt: &a [x, x]\nauthors: [*a, *a]")
    return Expect(MDX, "front-matter", {4})


@case()
def anchor_with_an_attribute(root):
    line = replace(root, MDX, "[#attack-twice]", '[#x" onclick="alert(1)]')
    return Expect(MDX, "ruling-anchor", {line})


@case()
def mdx_page_with_a_bad_name(root):
    page = root / MDX
    page.rename(page.with_name("Evil Page.mdx"))
    return Expect(str(Path(MDX).with_name("Evil Page.mdx")), "name")


@case()
def mdx_page_symlinked_out(root):
    outside = root.parent / "outside.mdx"
    shutil.copy(root / MDX, outside)
    (root / MDX).with_name("other.mdx").symlink_to(outside)
    return Expect(str(Path(MDX).with_name("other.mdx")), "outside-sources", {1})


@case()
def fullwidth_rule_citation(root):
    line = replace(root, MDX, '<Rule number="832.1" />', '<Rule number="８３２.1" />')
    return Expect(MDX, "rule-citation", {line})


@case()
def bidi_in_a_ruling_question(root):
    line = replace(root, MDX, "## Can Test Unit", "## Can \u202eTest Unit")
    return Expect(MDX, "control-character", {line})


# --- JSON: FAQ, errata, cards ------------------------------------------------------------


@case()
def faq_article_id_with_markup(root):
    line = replace(root, FAQ, '"id": "test-faq"', '"id": "x\\"><svg onload=alert(1)>"')
    return Expect(FAQ, "name", {line, line + 2})


@case()
def faq_article_id_as_a_list(root):
    replace(root, FAQ, '"id": "test-faq"', '"id": ["rb", 424]')
    return Expect(FAQ, "faq-json")


@case()
def deeply_nested_faq_json(root):
    write(root, FAQ, "[" * 100000 + "]" * 100000)
    return Expect(FAQ, "invalid-json", {1})


@case(harmless="a raw U+2028 inside a JSON string is valid JSON and whitespace in text")
def raw_line_separator_in_a_json_string(root):
    replace(root, FAQ, "No. A unit attacks", "No.\u2028A unit attacks")
    return None


@case()
def nul_escape_in_a_faq_answer(root):
    replace(root, FAQ, "No. A unit attacks", "No.\\u0000 A unit attacks")
    return Expect(FAQ, "control-character")


@case()
def lone_surrogate_in_a_faq_answer(root):
    replace(root, FAQ, "No. A unit attacks", "No.\\ud800 A unit attacks")
    return Expect(FAQ, "control-character")


@case()
def number_of_ten_thousand_digits(root):
    replace(root, CARDS, '"count": 2', '"count": ' + "9" * 10000)
    return Expect(CARDS, "invalid-json", {1})


@case()
def javascript_address_in_errata(root):
    replace(root, ERRATA, "https://example.org/errata", "javascript:alert(1)")
    return Expect(ERRATA, "errata-json")


@case()
def errata_article_id_as_a_list(root):
    replace(root, ERRATA, '"id": "test-errata"', '"id": ["x", 1]')
    return Expect(ERRATA, "errata-json")


@case()
def bidi_in_new_card_text(root):
    replace(root, ERRATA, "When you play me, draw 1.", "When you play me, \\u202edraw 1.")
    return Expect(ERRATA, "control-character")


@case()
def card_id_with_an_event_handler(root):
    line = replace(root, CARDS, '"id": "tst-001-100"', '"id": "x onclick=alert(1) tabindex=0"')
    return Expect(CARDS, "name", {line})


@case()
def card_id_breaking_an_attribute_list(root):
    line = replace(root, CARDS, '"id": "tst-001-100"', '"id": "' + in_json_string("y}<svg/onload=alert(3)>{:z") + '"')
    return Expect(CARDS, "name", {line})


@case()
def nul_in_a_card_name(root):
    line = replace(root, CARDS, '"name": "Test Spell"', '"name": "Test\\u0000 Spell"')
    return Expect(CARDS, "control-character", {line - 2})


@case()
def card_types_as_text(root):
    replace(root, CARDS, '"cardTypes": ["Spell"]', '"cardTypes": "Spell"')
    return Expect(CARDS, "cards-json")


@case()
def deeply_nested_card_json(root):
    write(root, CARDS, '{"cards": ' + "[" * 100000 + "]" * 100000 + "}")
    return Expect(CARDS, "invalid-json", {1})


# --- guides, whole rulebooks, walkthroughs --------------------------------------------------


@case()
def guide_file_name_in_capitals(root):
    (root / GUIDE).rename(root / "rules_src/hostile/guides/Basics.md")
    set_field(root, "hostile-guide", "path", "hostile/guides/Basics.md")
    return Expect("rules_src/hostile/guides/Basics.md", "name", {1})


@case()
def bidi_in_a_guide_paragraph(root):
    line = replace(root, GUIDE, "Riftbound is a card game.", "Riftbound is a \u2067card game.")
    return Expect(GUIDE, "control-character", {line})


@case(harmless="a date printed in a document that cannot be read is a warning (edition-unknown), as before")
def impossible_printed_date(root):
    replace(root, TOURNAMENT, "Last Updated: 2026-03-30", "Last Updated: 2026-02-30")
    return None


@case()
def fullwidth_number_in_a_rulebook(root):
    line = append(root, TOURNAMENT, "１０２.3. A rule in fullwidth digits.\n")
    return Expect(TOURNAMENT, "rule-number", {line})


@case()
def rule_thirty_levels_deep_in_a_rulebook(root):
    line = append(root, TOURNAMENT, "102.3" + ".a.1" * 15 + ". Thirty levels deep.\n")
    return Expect(TOURNAMENT, "rule-depth", {line})


@case()
def nul_in_a_rulebook(root):
    line = replace(root, TOURNAMENT, "treat each other", "treat\x00 each other")
    return Expect(TOURNAMENT, "control-character", {line})


@case()
def fullwidth_magic_subrule(root):
    line = replace(root, MAGIC, "100.1a A two-player", "１００.1b A two-player")
    return Expect(MAGIC, "rule-number", {line})


@case()
def bidi_in_a_glossary_definition(root):
    line = replace(root, MAGIC, "To turn a face-up", "To turn a \u202bface-up")
    return Expect(MAGIC, "control-character", {line - 1})  # at the entry's term


@case()
def walkthrough_id_escaping_the_output(root):
    line = replace(root, WALK, "id: primordial-roar-frigid-touch", "id: ../../../escaped")
    return Expect(WALK, "walkthrough", {line})


@case()
def walkthrough_impossible_edition(root):
    content = text(root, WALK)
    edition = re.search(r"^edition: .*$", content, re.MULTILINE).group(0)
    replace(root, WALK, edition, "edition: 2026-13-45")
    return Expect(WALK, "walkthrough", {line_of(root, WALK, "id: ")})  # at the walkthrough's first field


@case()
def walkthrough_symlinked_out(root):
    outside = root.parent / "walk.yml"
    shutil.copy(root / WALK, outside)
    (root / WALK).unlink()
    (root / WALK).symlink_to(outside)
    return Expect(WALK, "outside-sources", {1})


@case()
def walkthrough_with_an_alias(root):
    content = text(root, WALK)
    title = re.search(r"^title: (.*)$", content, re.MULTILINE)
    line = replace(root, WALK, title.group(0), "title: &t " + title.group(1))
    summary = re.search(r"^summary: .*$", text(root, WALK), re.MULTILINE).group(0)
    replace(root, WALK, summary, "summary: *t")
    return Expect(WALK, "invalid-yaml", {line})  # refused at the anchor


@case()
def nul_in_a_walkthrough_step(root):
    line = replace(root, WALK, "You play Primordial Roar.", "You play\x00 Primordial Roar.")
    return Expect(WALK, "invalid-yaml", {line})  # YAML itself refuses a raw NUL, at its line


@case()
def escaped_bidi_in_a_walkthrough_title(root):
    content = text(root, WALK)
    title = re.search(r'^title: "(.*)"$', content, re.MULTILINE)
    replace(root, WALK, title.group(0), f'title: "\\u202e{title.group(1)}"')
    return Expect(WALK, "control-character", {line_of(root, WALK, "id: ")})


@case()
def fullwidth_walkthrough_rule(root):
    content = text(root, WALK)
    rule = re.search(r"^rule: .*$", content, re.MULTILINE).group(0)
    replace(root, WALK, rule, 'rule: "８３２.1.d"')
    return Expect(WALK, "walkthrough")


# --- names that collide with the site's own pages -----------------------------------------


@case()
def ruling_named_index(root):
    first = re.search(r"id: (\S+)", text(root, IDS))
    replace(root, IDS, first.group(0), "id: index")
    return Expect(RULINGS, "name")


@case()
def guide_named_index(root):
    (root / GUIDE).rename(root / "rules_src/hostile/guides/index.md")
    set_field(root, "hostile-guide", "path", "hostile/guides/index.md")
    return Expect("rules_src/hostile/guides/index.md", "name")


@case()
def rules_document_named_like_the_rulings_folder(root):
    line = set_field(root, "hostile-tournament", "document", "rulings")
    return Expect(MANIFEST, "name", {line})


@case()
def card_id_used_by_two_sources(root):
    shutil.copy(root / CARDS, root / "rules_src/hostile/cards-again.json")
    replace(root, "rules_src/hostile/cards-again.json", '"id": "tst-002-100"', '"id": "tst-003-100"')
    append(
        root,
        MANIFEST,
        "  - id: hostile-cards-again\n    path: hostile/cards-again.json\n    game: riftbound\n"
        "    document: cards\n    language: en\n    edition: undated\n    format: cards-json\n",
    )
    return Expect("rules_src/hostile/cards-again.json", "name")


@case()
def topic_id_used_twice(root):
    content = text(root, CONCORDANCE)
    topic = content[content.index("  - id: revealing") :]
    append(root, CONCORDANCE, topic.replace("Revealing across games", "Revealing again"))
    return Expect(CONCORDANCE, "name")


@case()
def faq_translation_of_no_english_answer(root):
    line = replace(root, FAQ_TRANSLATION, "translates: what-about-dazzling", "translates: no-such-answer-about-dazzling")
    return Expect(FAQ_TRANSLATION, "faq-translation", {line})


@case()
def faq_translation_as_a_mapping(root):
    write(
        root, FAQ_TRANSLATION, "translates: what-about-dazzling-aurora-if-i-reveal-nocturne-do-i-get-to\nquestion: Q\nanswer: A\n"
    )
    return Expect(FAQ_TRANSLATION, "faq-translation", {1})


# --- keywords.yml and concordance.yml ---------------------------------------------------------


@case()
def keywords_as_a_list(root):
    write(root, KEYWORDS, "- Reveals\n- Revealed\n")
    return Expect(KEYWORDS, "keyword", {1})


@case()
def keywords_with_an_integer_key(root):
    line = replace(root, KEYWORDS, '"424":', "424:")
    return Expect(KEYWORDS, "invalid-yaml", {line})


@case()
def keywords_words_as_text(root):
    line = replace(root, KEYWORDS, '"424": [Reveals, Revealed, Revealing, reveals, revealed, revealing]', '"424": Reveals')
    return Expect(KEYWORDS, "keyword", {line})


@case()
def keywords_symlinked_out(root):
    outside = root.parent / "keywords.yml"
    shutil.copy(root / KEYWORDS, outside)
    (root / KEYWORDS).unlink()
    (root / KEYWORDS).symlink_to(outside)
    return Expect(KEYWORDS, "outside-sources", {1})


@case()
def card_aliases_as_a_list(root):
    write(root, CARD_ALIASES, "- Zhonya\n- Hourglass\n")
    return Expect(CARD_ALIASES, "card-alias", {1})


@case()
def card_nickname_with_markup(root):
    write(root, CARD_ALIASES, 'riftbound:\n  "Glimmer Fox": [Foxy]\n  "Dusk Owl": [Owl, "<img src=x onerror=alert(1)>"]\n')
    return Expect(CARD_ALIASES, "card-alias", {3})


@case()
def card_nicknames_as_text(root):
    write(root, CARD_ALIASES, 'riftbound:\n  "Glimmer Fox": Foxy\n')
    return Expect(CARD_ALIASES, "card-alias", {2})


@case()
def card_aliases_of_an_unknown_game(root):
    write(root, CARD_ALIASES, 'riftbound:\n  "Glimmer Fox": [Foxy]\nchess:\n  "Queen": [Q]\n')
    return Expect(CARD_ALIASES, "card-alias", {4})


@case()
def concordance_as_text(root):
    write(root, CONCORDANCE, "just some words\n")
    return Expect(CONCORDANCE, "concordance", {1})


@case()
def topic_id_escaping_the_output(root):
    line = replace(root, CONCORDANCE, "id: revealing", "id: ../../../escaped")
    return Expect(CONCORDANCE, "concordance", {line})


@case()
def equivalent_rules_as_a_list(root):
    line = line_of(root, CONCORDANCE, "  - game: magic")
    replace(root, CONCORDANCE, 'es: {number: "701.20", edition: undated}', "- es")
    replace(root, CONCORDANCE, 'en: {number: "701.16", edition: "2025-02-07"}', "- en")
    return Expect(CONCORDANCE, "concordance", {line})


@case()
def fullwidth_topic_section_number(root):
    line = line_of(root, CONCORDANCE, "  - id: revealing")
    replace(root, CONCORDANCE, 'number: "701.16"}', 'number: "７０１.16"}')
    return Expect(CONCORDANCE, "concordance", {line})


# --- citations of rules a whole edition lacks, and misprints.yml ------------------------------------


@case()
def citation_of_a_rule_the_whole_edition_lacks(root):
    line = replace(root, MAGIC, "needs their own deck.", "needs their own deck. See rule 100.9.")
    return Expect(MAGIC, "unknown-rule", {line})


@case()
def misprint_of_a_citation_no_source_makes(root):
    line = append(root, MISPRINTS, "hostile-magic:\n  - rule: '100.9'\n    reason: the deck rule was meant\n")
    return Expect(MISPRINTS, "misprint", {line + 1})


@case()
def misprints_file_as_a_list(root):
    write(root, MISPRINTS, "- rule: '100.9'\n")
    return Expect(MISPRINTS, "misprint", {1})


# --- the test -------------------------------------------------------------------------------------


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry under `folder` without following symlinks or opening special files."""
    out: dict[str, object] = {}
    for current, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(current) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                out[rel] = ("dir",)
            elif path.is_file():
                out[rel] = ("file", path.read_bytes())
            else:
                out[rel] = ("special",)
    return out


def errors_of(output: str) -> list[re.Match]:
    """Every error line, after checking that no problem is printed any other way."""
    assert "Traceback" not in output, output[-3000:]
    errors = []
    for line in output.splitlines():
        if ANY_DIAGNOSTIC.match(line):
            assert not re.match(r"^[^:]*:0: ", line), f"line 0 reported: {line!r}"
        if re.search(r"\berror\b", line, re.IGNORECASE) and not re.match(r"^\d+ errors?, \d+ warnings?$", line):
            if "fix the errors above" in line:
                continue
            match = ERROR.match(line)
            assert match, f"not in the form path:line: error[code]: message: {line!r}"
            errors.append(match)
    return errors


def _workspace(tmp_path: Path) -> Path:
    # Deep enough that any ../ escape from the sources or the output lands inside tmp_path.
    return tmp_path / "w1" / "w2" / "w3" / "w4" / "w5" / "root"


def test_the_base_builds_cleanly(repo_root: Path, tmp_path: Path):
    """Guard: the base alone gives no error and no warning but the seeds' citations
    of rules not in the sources, so every error below comes from its mutation."""
    root = _workspace(tmp_path)
    make_base(repo_root, root)
    result = run_build(repo_root, root, "--no-site")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # The seeds' excerpts cite rules no source prints: each a warning, and the only ones.
    warnings = re.findall(r"warning\[([a-z-]+)\]", output)
    assert errors_of(output) == [] and set(warnings) == {"rule-not-in-sources"}, output
    assert "13 sources" in result.stdout  # every format is in the base


def test_the_corpus_is_large_and_covers_every_format():
    assert len(CASES) >= 60
    assert len({c.name for c in CASES}) == len(CASES)
    from rulesite.read import FOLDER_IMPORTERS, IMPORTERS

    manifest = (FILES / "manifest-extra.yml").read_text(encoding="utf-8")
    seeds = (Path(__file__).parents[2] / MANIFEST).read_text(encoding="utf-8")
    for format_name in [*IMPORTERS, *FOLDER_IMPORTERS]:
        assert f"format: {format_name}\n" in manifest + seeds, format_name


@pytest.mark.parametrize("hostile", CASES, ids=[c.name for c in CASES])
def test_hostile_source(repo_root: Path, tmp_path: Path, hostile: Case):
    root = _workspace(tmp_path)
    make_base(repo_root, root)
    expect = hostile.mutate(root)
    before = snapshot(tmp_path)
    result = run_build(repo_root, root, "--no-site")
    output = result.stdout + result.stderr
    errors = errors_of(output)
    after = snapshot(tmp_path)
    top = root.relative_to(tmp_path).as_posix()
    locks = {f"{top}/{lock_path(root / name).name}" for name in ("docs", "site")}
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)} - locks
    if hostile.harmless:
        assert expect is None
        assert result.returncode == 0, output
        # --no-site: only docs/ is written (as a new generation beside it, docs/ pointing at it).
        docs = (f"{top}/docs", f"{top}/.docs.", f"{top}/.build")
        assert all(k.startswith(docs) for k in changed), sorted(changed)[:10]
        assert after[f"{top}/site/sentinel.txt"] == before[f"{top}/site/sentinel.txt"]
        return
    assert result.returncode != 0, output
    assert any(
        e["path"] == expect.path and e["code"] == expect.code and (expect.lines is None or int(e["line"]) in expect.lines)
        for e in errors
    ), f"expected {expect.path}:{sorted(expect.lines or [])}: error[{expect.code}]\n{output[-4000:]}"
    assert re.search(rf"^{len(errors)} errors?, \d+ warnings?$", output, re.MULTILINE), output[-2000:]
    # docs/ and site/ unchanged, and nothing written anywhere else.
    assert not changed, sorted(changed)[:10]
