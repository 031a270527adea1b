"""`rulesite serve`'s warm builds on the real corpora (copied: the test
changes them): one ruling reworded, then one rule of the current Core Rules
reworded (its history, diffs, previews and data change too), then a card
renamed and a nickname added (the cards rulings name), then a card's text
and a FAQ answer reworded, then a translated rule reworded and a card added,
then a Core Rules edition added and removed again, each through the warm path
(`memory.BuildMemory`); after each, the Markdown written is a clean build's, byte for
byte."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import yaml

from rulesite.stages import read as read_stage
from rulesite.bench.editions import current_core_rules, later_edition, reword_a_current_rule
from rulesite.memory import BuildMemory

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build"))
from buildproc import change_a_ruling, project  # noqa: E402
from test_warm_builds import _docs, run, run_reporting, same_trees, settings  # noqa: E402


def add_an_edition(root: Path, corpora: Path) -> None:
    manifest, newest, path = current_core_rules(root / "rules_src", corpora)
    text, entry = later_edition(path.read_text(encoding="utf-8"), newest, "1.9", "2027-01-31", "still")
    (corpora / entry["path"]).write_text(text, encoding="utf-8")
    manifest["sources"].append(entry)
    target = read_stage.corpora_manifest(root / "rules_src")
    target.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")


def remove_the_added_edition(root: Path, corpora: Path) -> None:
    """The edition `add_an_edition` added removed again: the documents kept as
    they were before it (`read.kept.Shared`) are not those of now."""
    target = read_stage.corpora_manifest(root / "rules_src")
    manifest = yaml.safe_load(target.read_text(encoding="utf-8"))
    entry = manifest["sources"].pop()
    assert str(entry.get("edition")) == "2027-01-31", entry
    (corpora / entry["path"]).unlink()
    target.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")


def rename_a_card_and_add_a_nickname(root: Path, corpora: Path) -> None:
    """The card gallery: the first card a ruling names renamed (the rulings that
    name it, unchanged, name it no more); card-aliases.yml: a nickname added.
    Card mentions kept from the last build must be found anew."""
    manifest = yaml.safe_load(read_stage.corpora_manifest(root / "rules_src").read_text(encoding="utf-8"))
    gallery = corpora / next(e["path"] for e in manifest["sources"] if e.get("format") == "cards-json")
    rulings = corpora / next(e["path"] for e in manifest["sources"] if e.get("format") == "rulings-mdx")
    written = " ".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(rulings.rglob("*")) if p.is_file())
    data = json.loads(gallery.read_text(encoding="utf-8"))
    named = [card for card in data["cards"] if card["name"] and card["name"] in written and "," not in card["name"]]
    assert len(named) >= 2, "no card that a ruling names: update the test"
    named[0]["name"] += " Prime"
    gallery.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    aliases = root / "rules_src/card-aliases.yml"
    aliases.write_text(aliases.read_text(encoding="utf-8") + f"  {json.dumps(named[1]['name'])}: [Nicknamed]\n", encoding="utf-8")


def edit_a_card_and_an_answer(corpora: Path) -> None:
    """A card's text and an official FAQ answer reworded: their pages, share
    pages, the word index and the published data change; the rules' pages not."""
    cards_path = corpora / "rb-cards-en-riftboundoc.json"
    cards = json.loads(cards_path.read_text(encoding="utf-8"))
    card = next(c for c in cards["cards"] if c.get("abilityText"))
    card["abilityText"] += " (Reworded.)"
    cards_path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    faq_path = corpora / "rb-faq-en-official-riftboundoc.json"
    articles = json.loads(faq_path.read_text(encoding="utf-8"))
    for article in articles:
        changed = re.sub(r"(^### Q:[^\n]*\n+)(\w)", r"\1Indeed, \2", article["content"], count=1, flags=re.M)
        if changed != article["content"]:
            article["content"] = changed
            break
    else:
        raise AssertionError(f"{faq_path}: no answer to reword")
    faq_path.write_text(json.dumps(articles, ensure_ascii=False), encoding="utf-8")


def edit_a_translation_and_add_a_card(root: Path, corpora: Path) -> None:
    """The Spanish rule the concordance pairs with an English one reworded (the
    English page shows its equivalent), and a card added to the gallery (its
    pages, the card index, the published data)."""
    page = root / "rules_src/magic/701.20-mostrar.es.web-page.txt"
    text = page.read_text(encoding="utf-8")
    old = "Una carta que está mostrada actualmente puede mostrarse de nuevo."
    assert old in text, f"{page}: the rule the test rewords is gone: update the test"
    page.write_text(text.replace(old, "Una carta ya mostrada puede mostrarse de nuevo.", 1), encoding="utf-8")
    cards_path = corpora / "rb-cards-en-riftboundoc.json"
    cards = json.loads(cards_path.read_text(encoding="utf-8"))
    card = dict(cards["cards"][0], id="ogn-999-298", name="Blazing Scorcher Twin", publicCode="OGN-999/298", collectorNumber=999)
    cards["cards"].append(card)
    cards["count"] = len(cards["cards"])
    cards_path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")


def test_warm_builds_of_the_full_corpora_write_the_clean_builds_markdown(tmp_path, corpora_dir):
    root = project(tmp_path / "project")
    corpora = tmp_path / "corpora"
    shutil.copytree(corpora_dir, corpora)
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm", corpora=corpora), memory)
    changes = {
        "ruling reworded": lambda: change_a_ruling(root),
        "rule reworded": lambda: reword_a_current_rule(root / "rules_src", corpora),
        "card renamed, nickname added": lambda: rename_a_card_and_add_a_nickname(root, corpora),
        "card and answer reworded": lambda: edit_a_card_and_an_answer(corpora),
        "translation edited, card added": lambda: edit_a_translation_and_add_a_card(root, corpora),
        "edition added": lambda: add_an_edition(root, corpora),
        "edition removed": lambda: remove_the_added_edition(root, corpora),
    }
    # The edition removed, the sources are those of before it came (its
    # manifest entries the same): the clean build made then is the one to match.
    same_sources_as = {"edition removed": "translation edited, card added"}
    cleans = {}
    for what, change in changes.items():
        before = dict(memory.render.jobs)
        change()
        warm, warm_problems = run_reporting(settings(root, "warm", corpora=corpora), memory)
        if what in same_sources_as:
            cleans[what] = cleans[same_sources_as[what]]
        else:
            clean, clean_problems = run_reporting(settings(root, "clean", corpora=corpora, clean=True))
            cleans[what] = _docs(clean), clean_problems
        same_trees(_docs(warm), cleans[what][0])
        assert warm_problems == cleans[what][1], what
        assert memory.files.docs.taken == list(changes).index(what) + 1, "the kept copy of the docs was not used"
        reused = sum(1 for name, (digest, _) in memory.render.jobs.items() if before.get(name, ("",))[0] == digest)
        print(f"{what}: {reused} of {len(memory.render.jobs)} reusable render jobs reused")
        if what in ("ruling reworded", "rule reworded"):
            assert reused > len(memory.render.jobs) // 2, (
                f"{what}: only {reused} of {len(memory.render.jobs)} reusable jobs reused"
            )
