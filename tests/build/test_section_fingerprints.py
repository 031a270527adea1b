"""A section's part of a sections job's fingerprint (`reuse.Fingerprints._section`)
is kept from the last render while its inputs are equal: its documents'
digest, the frame, what its page reads (the section, its texts' links, its
rules' history rows, what its number meant and became, where it lives now,
its equivalents). Through one memory, as a serve session makes them: a
later whole edition that moves a rule to another section, rules (one of
them in its examples) reworded in it alone (the older editions' pages show the same sections, whose rules
live elsewhere now), rules reworded in the older editions alone (the
current page shows the same section, whose history rows differ), and
another document (the Spanish page) changed. After each, a sections job
runs again, the warm build writes a clean build's Markdown, and every
section's kept part is the one worked out again from this render's model:
a part kept by mistake is what the next render's preview is reused by."""

from __future__ import annotations

from test_warm_builds import _docs, _edit, add_an_edition, edit_a_translation, run, same_trees, settings

from buildproc import project
from rulesite.common.model import SectionKey
from rulesite.render import reuse
from rulesite.memory import BuildMemory

LATER = "rules_src/riftbound/core-rules-excerpt-2026-12-01.txt"


def a_later_whole_edition(root):
    """A later excerpt of the Core Rules as a whole edition (the current one),
    its rule 832.1.c.2 moved to 833.1: the older excerpt gets pages of its own,
    whose history rows show the later edition's texts."""
    add_an_edition(root)
    _edit(
        root,
        "rules_src/manifest.yml",
        'rules-text\n    partial: true\n    title: "Riftbound Core Rules, later',
        'rules-text\n    title: "Riftbound Core Rules, later',
    )
    later = root / LATER
    lines = later.read_text(encoding="utf-8").splitlines()
    moved = next(line for line in lines if line.startswith("832.1.c.2. "))
    kept = [line for line in lines if line is not moved]
    # A whole edition prints every rule its texts and the FAQ answer cite
    # (rules 355, 129.4 and 811.5.a), or the build stops at unknown-rule.
    cited = ["129.4. Cards in hand are hidden.", "355. Make Relevant Choices.", "811.5.a. Facedown cards are hidden."]
    later.write_text("\n".join([kept[0], *cited, *kept[1:], moved.replace("832.1.c.2. ", "833.1. ")]) + "\n", encoding="utf-8")


def reword_in_the_later_edition(old, new):
    """A rule reworded in the later edition alone: the older edition's page of
    its section is the same section, whose rules' history rows differ."""

    def change(root):
        _edit(root, LATER, old, new)

    change.__name__ = f"reword {old!r}"
    return change


def reword_in_the_older_edition(root):
    """A rule reworded in the older editions alone (the excerpt and the web
    page printing the same rule): the current page of its section is the
    same section, whose rules' history rows differ."""
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(root, f"rules_src/riftbound/{name}", "is functionally short for", "is short for")


def _sections_jobs(memory) -> dict:
    return {name: digest for name, (digest, _) in memory.render.jobs.items() if len(name) > 2 and name[1] == "sections"}


def _kept_parts_are_made_again(records, memory) -> None:
    """Each section's kept part (`memory.render.heavy`) is `reuse._heavy` of the section now."""
    ctx = next(r for r in records if type(r).__name__ == "Resolved").ctx
    sections = {s.key: s for s in ctx.corpus.sections.values()}
    sections.update(
        {s.key: s for found in ctx.corpus.editions.values() for e in found for s in e.sections.values() if s.version_path}
    )
    checked = 0
    for key, found in memory.render.heavy.items():
        if isinstance(key, SectionKey):
            assert found[-1] == reuse._heavy(ctx, sections[key]), key
            checked += 1
    assert checked, "no section part kept"


def test_a_section_page_seen_through_one_input_alone_is_the_clean_builds(tmp_path):
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    steps = [
        a_later_whole_edition,
        reword_in_the_later_edition("process of finalizing it", "process of finalizing the item"),
        reword_in_the_later_edition("decision of whether", "decision whether"),
        reword_in_the_later_edition("a card with Energy cost [7] or more", "a card costing [7] or more Energy"),
        reword_in_the_later_edition("Show Off is normally present on Cards.", "Show Off is usually present on Cards."),
        reword_in_the_later_edition("Show Off is usually present on Cards.", "Show Off is mostly present on Cards."),
        reword_in_the_older_edition,
        edit_a_translation,
    ]
    for change in steps:
        before = _sections_jobs(memory)
        change(root)
        records = run(settings(root, "warm"), memory)
        same_trees(_docs(records), _docs(run(settings(root, "clean", clean=True))))
        _kept_parts_are_made_again(records, memory)
        after = _sections_jobs(memory)
        assert [name for name in after if before.get(name) != after[name]], f"{change.__name__}: no sections job ran again"
