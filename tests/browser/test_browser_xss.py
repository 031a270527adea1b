"""No text of the model can run script in a reader's browser.

Every text field of every dataclass the pages are rendered from is found with
`dataclasses.fields` (so a field added tomorrow gets a payload without
editing this test) and gets a payload of its own: markup that would run
`alert(N)` in every way we know (an element with a handler, a `</title>`
breakout, an attribute-list breakout, a javascript: link, a script element).
The site is then rendered and built for real (`mkdocs build --strict`, then
the build's own output checks), and every page is loaded in Chromium: the
test fails on any dialog, on any `on*` attribute, on a javascript: URL, and on
any script, svg or img element that carries a payload. Each payload must also
be shown on some page as the characters it is made of, unless its field is
listed in NOT_SHOWN, so a field nobody renders is a decision, not an accident.

Names (ids, numbers, paths: NAMES) are not given payloads here: the read stage
checks them against one grammar, and tests/site/test_untrusted_text.py puts
markup into them through the sources.
"""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from xml.etree import ElementTree
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from browser_site import html_pages, serve
from relinked import relinked

from rulesite.common import model
from rulesite.common.diagnostics import Diagnostic
from rulesite.resolve import concordance, history, review
from rulesite.resolve.dated import dated_items
from rulesite.sequence import Sequence, Settings, Stopped

pytestmark = pytest.mark.browser

# Fields that name things rather than say them: checked by the read stage's
# grammar, used as keys, ids and paths. (class name, field name)
NAMES = {
    "Loc": {"path"},
    # follows: the English edition a translation follows, checked as `edition` is.
    "Source": {"id", "path", "file", "root", "game", "document", "language", "edition", "format", "version", "follows"},
    "Rule": {"number", "source_ids"},
    "Section": {"game", "document", "number", "language", "source_ids", "notes", "edition", "version_path"},
    "Edition": {"game", "document", "language", "label", "date", "source_ids"},
    "Reference": {"number"},
    # kind: "answer" | "clarification" | "introduction"; document: an official
    # document's id (names.py); date: YYYY-MM-DD, checked when read.
    # translates: the English answer's id a translated answer gives (names.py, read/faq_translation.py).
    "FaqAnswer": {"id", "game", "section", "source_id", "kind", "document", "date", "translates"},
    "Ruling": {"id", "game", "source_id", "reviewed_version", "rule_citations", "date"},
    # id: names.py; published: YYYY-MM-DD; url: an http(s) address (read/faq_json.py's
    # _URL, no quotes or angle brackets); kind, amends, lapses: words the importer chooses.
    "OfficialDocument": {"id", "game", "kind", "source_id", "published", "url", "amends", "lapses"},
    "RuleRevision": {"number", "game", "document", "official", "date", "source_id"},
    "Misprint": {"source", "rule"},
    "Cited": {"old", "new"},  # rule numbers as an edition's text cites them
    "Citation": {"rule"},
    "Walkthrough": {"id", "game", "document", "edition", "rule"},
    "GuideBlock": {"kind"},
    "Guide": {"id", "game", "language", "source_id"},
    "GlossaryEntry": {"id", "game", "document", "language", "source_id"},
    "Erratum": {"source_id", "article_id", "game"},
    "Card": {"id", "source_id", "game"},
    "Topic": {"id"},
    "Side": {"language", "number", "edition"},
    "Equivalent": {"game", "document"},
    "Diagnostic": {"severity", "code"},
    "Review": {"rule"},
    "HistoryEntry": {"edition_label", "number"},
    # What became of a rule between editions (resolve/history.py), worded by history_words.py.
    "Matched": {"old_number", "new_number"},
    "Place": {"number"},
    "Printed": {"edition"},
    "Added": {"edition"},
    "Removed": {"edition"},
    "Absent": {"edition", "why"},
}
# Text fields no page shows (the site has no place for them yet).
NOT_SHOWN = {
    ("Source", "origin"): "where the text was taken from: not shown yet",
    ("Erratum", "note"): "not shown on the errata page yet",
    ("Erratum", "url"): "the article's address: not linked yet",
    ("Card", "supertypes"): "the card page shows types and domains only",
    ("Card", "tags"): "likewise",
    ("Card", "set_name"): "likewise",
    ("Card", "energy"): "likewise",
    ("Card", "might"): "likewise",
    ("Card", "power"): "likewise",
    # A <Card> tag's name is listed only when it names a known card
    # (resolve/card_mentions.py); its words are in the ruling's text.
    ("Ruling", "cards"): "listed only when it names a known card",
    ("Review", "now"): "the edition the cited rule now reads in is the current one: not printed",
    # Shown only as a word diff against old_text, which splits a marker across
    # spans; the diff markup is payload-tested in tests/render/test_escape.py.
    ("Review", "new_text"): "shown only inside a word diff",
    # Read from misprints.yml and given in the warning it makes (Diagnostic.message,
    # which has its own payload), before this test's payloads are added.
    ("Misprint", "reason"): "shown only inside its warning's message",
}
# The seeds hold one edition of each document: no rule history and no diff
# pages. Their text goes through the history and diff templates, which
# tests/render/test_escape.py fills with payloads.
NOT_IN_SEEDS = {
    ("Place", "title"),  # a section's title as a rule's history names it
    ("Cited", "old_title"),  # what a cited number names in each of two editions' texts
    ("Cited", "new_title"),
}
# Read-time records that resolve turns into what the pages are made from
# (the Linker's keyword forms, the Concordance's Topic and Equivalent), and
# the project's own Markdown (docs/*.md, reviewed like code, shown as written).
NOT_RENDERED = {
    "Imported",
    "KeywordEntry",
    "CardAlias",  # a nickname: the card it names is what pages show
    "EquivalentEntry",
    "TopicEntry",
    "WrittenPage",
    "ChainStep",  # the build's summary of a chain, printed in the terminal only
    "Corpus",
    "Citations",
    "Linker",
    "Link",
}
CLASSES = [
    c
    for module in (model, concordance, review, history)
    for c in vars(module).values()
    if isinstance(c, type)
    and dataclasses.is_dataclass(c)
    and c.__module__ == module.__name__
    and c.__name__ not in NOT_RENDERED
    and not c.__name__.startswith("_")
] + [Diagnostic]
TEXT_TYPES = {"str", "list[str]", "str | None"}


def payload(n: int) -> str:
    return (
        f"<img src=x onerror=alert({n})>\"'><svg/onload=alert({n})></title><script>alert({n})</script>"
        f"[x](javascript:alert({n})) `<b onmouseover=alert({n})>` {{: onclick=alert({n}) }}"
    )


def text_fields() -> list[tuple[str, str]]:
    """(class, field) of every str or list-of-str field that is not a name."""
    found = []
    for cls in CLASSES:
        for f in dataclasses.fields(cls):
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            if kind in TEXT_TYPES and f.name not in NAMES.get(cls.__name__, set()):
                found.append((cls.__name__, f.name))
    return sorted(found)


FIELDS = text_fields()
MARKER = {field: i + 100 for i, field in enumerate(FIELDS)}


def inject(root) -> set[tuple[str, str]]:
    """Appends its payload to every text field reachable from `root`; returns the fields changed."""
    seen, changed, stack = set(), set(), [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None))):
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):
            stack += list(obj.values())
        elif isinstance(obj, (list, tuple, set)):
            stack += list(obj)
        elif dataclasses.is_dataclass(obj):
            for f in dataclasses.fields(obj):
                value = getattr(obj, f.name)
                key = (type(obj).__name__, f.name)
                if key in MARKER and isinstance(value, str) and value:
                    object.__setattr__(obj, f.name, f"{value} {payload(MARKER[key])}")
                    changed.add(key)
                elif key in MARKER and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                    value[0] = f"{value[0]} {payload(MARKER[key])}"
                    changed.add(key)
                else:
                    stack.append(value)
    return changed


def add_what_the_seeds_lack(ctx) -> None:
    """The seeds hold no cards, errata, guides or glossary: one of each, with
    every text field filled, so that their fields get payloads too."""
    corpus = ctx.corpus
    loc = model.Loc("rules_src/extra.json", 2)
    corpus.sources["extra"] = model.Source(
        "extra",
        "rules_src/extra.json",
        "riftbound",
        "guides",
        "en",
        "undated",
        "guide-md",
        title="Extra source",
        origin="origin",
        licence="licence",
    )
    erratum = model.Erratum(
        "Ember Scout",
        "Old text.",
        "New text.",
        "2026-05-01",
        "Errata May",
        "extra",
        loc,
        note="note",
        article_id="a1",
        url="https://example.com/a1",
        game="riftbound",
    )
    card = model.Card(
        "ogn-007",
        "OGN-007/298",
        "Ember Scout",
        ["Unit"],
        ["Fury"],
        "Card text.",
        "extra",
        loc,
        errata=[erratum],
        supertypes=["Champion"],
        tags=["Dragon"],
        set_name="Origins",
        energy="2",
        might="3",
        power="1",
        game="riftbound",
    )
    corpus.cards.append(card)
    corpus.errata.append(erratum)
    blocks = [model.GuideBlock(kind, f"Guide {kind}.", 1, loc) for kind in ("heading", "paragraph", "item", "heading")]
    corpus.guides.append(model.Guide("extra-guide", "Extra guide", "riftbound", "en", blocks, "extra", loc))
    corpus.glossary.append(model.GlossaryEntry("term", "Term", ["A definition."], "riftbound", "core-rules", "en", "extra", loc))
    ctx.findings.append(Diagnostic("warning", loc, "raw-html", "a finding"))
    ctx.reviews.append(
        review.Review(
            ctx.corpus.rulings[0],
            "424.1",
            review.Change(review.ChangeKind.RENUMBERED, "v1.4", "424.2", reworded=True),
            old_text="The old rule text.",
            new_text="The new rule text.",
            checked="v1.2",
            now="v1.4",
        )
    )
    # An official FAQ article (its authority line on the FAQ page, the feed, all.html)
    # that revises a rule: the revised text is shown on the rule's page.
    official = model.OfficialDocument(
        "extra-faq",
        "Extra FAQ",
        "riftbound",
        "faq",
        "extra",
        loc,
        "2026-11-01",
        url="https://example.com/extra-faq",
        amends="core-rules",
        precedence=True,
        lapses="next-rules-update",
    )
    corpus.official.append(official)
    # A revision is shown under the rule of the whole edition it amends; the seeds hold
    # excerpts only, so their dated core-rules excerpt stands in for a whole edition.
    amended = next(e for e in corpus.editions[("riftbound", "core-rules", "en")] if e.date == "2026-10-09")
    amended.partial = False
    rule = next(iter(amended.rules()))
    corpus.revisions.append(
        model.RuleRevision(
            rule.number, "Revised rule text.", "riftbound", "core-rules", official.id, official.published, "extra", loc
        )
    )
    # A FAQ answer that belongs to no section is shown on its source's FAQ page, under its topic.
    corpus.faqs.append(
        model.FaqAnswer(
            "extra-question",
            "A question?",
            "An answer.",
            "riftbound",
            "",
            "extra",
            loc,
            topic="Scoring",
            document=official.id,
            date=official.published,
        )
    )
    for ruling in corpus.rulings[:1]:
        corpus.sources[ruling.source_id].licence = corpus.sources[ruling.source_id].licence or "CC BY-SA 4.0"
    for ruling in ctx.corpus.rulings[:1]:
        ruling.question = ruling.question or "A question?"
        ruling.cards = ruling.cards or ["Ember Scout"]
        ruling.attribution, ruling.licence = ruling.attribution or "attribution", ruling.licence or "CC BY-SA 4.0"
        ruling.date = ruling.date or "2026-01-02"


@pytest.fixture(scope="module")
def hostile_site(repo_root: Path, tmp_path_factory):
    """The seed site with a payload in every text field, built for real."""
    base = tmp_path_factory.mktemp("xss")
    settings = Settings.of(repo_root / "rules_src", base / "docs", base / "site", repo_root / "mkdocs.yml")
    sequence = Sequence(settings)
    read = sequence.read()
    resolved = sequence.resolve(read)
    assert sequence.diag.errors == []
    ctx = resolved.ctx
    add_what_the_seeds_lack(ctx)
    changed = inject([ctx.corpus, ctx.concordance, ctx.findings, ctx.reviews, ctx.history, ctx.diffs])
    # Texts with payloads, linked by resolve as the build would.
    # The site map, made from the corpus as resolve left it, is made again for these additions.
    # The change feed's dated items, made again for the additions (they hold the same objects).
    dated = dated_items(ctx.corpus, ctx.diffs)
    resolved = dataclasses.replace(resolved, ctx=relinked(ctx, ctx.corpus, site_map=None, cache={}, dated=dated))
    written = sequence.write(resolved, sequence.render(resolved))
    built = sequence.mkdocs(read, written)
    assert not isinstance(built, Stopped), built.output[-6000:]
    checked = sequence.check(resolved, built)
    problems = [str(d) for d in sequence.diag.errors]
    assert checked.pages > 0
    sequence.publish(read, built)  # checked or not: the browser must find nothing either way
    site = settings.site_dir
    return site, changed, problems


def test_the_builds_own_checks_find_nothing(hostile_site):
    _, _, problems = hostile_site
    assert problems == [], "\n".join(problems[:20])


def test_every_text_field_of_the_model_got_a_payload(hostile_site):
    _, changed, _ = hostile_site
    assert len(FIELDS) > 40, FIELDS  # the enumeration found the model
    missing = sorted(set(FIELDS) - changed - NOT_IN_SEEDS)
    assert missing == [], f"fields no object of the seed site filled (add one in add_what_the_seeds_lack): {missing}"


def test_the_feed_shows_payloads_as_text(hostile_site):
    """The change feed is XML a feed reader renders: its titles and summaries
    are Atom text (no type="html"), holding the payloads as characters."""
    site, _, _ = hostile_site
    atom = "{http://www.w3.org/2005/Atom}"
    root = ElementTree.parse(site / "feed.xml").getroot()
    texts = [e for entry in root.iter(f"{atom}entry") for e in entry if e.tag in (f"{atom}title", f"{atom}summary")]
    assert [e.get("type") for e in texts if e.get("type", "text") != "text"] == []
    shown = {int(n) for e in texts for n in re.findall(r"<img src=x onerror=alert\((\d+)\)>", e.text or "")}
    assert MARKER[("OfficialDocument", "title")] in shown, sorted(shown)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data):
        self.parts.append(data)


def page_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return "".join(parser.parts)


def test_every_payload_is_shown_as_text(hostile_site):
    site, _, _ = hostile_site
    shown = set()
    for page in html_pages(site):
        # The characters of the payload in the page's text, not in its markup.
        shown |= {int(n) for n in re.findall(r"<img src=x onerror=alert\((\d+)\)>", page_text(site / page))}
    unseen = sorted(f for f in FIELDS if MARKER[f] not in shown and f not in NOT_SHOWN and f not in NOT_IN_SEEDS)
    assert unseen == [], f"text fields whose payload no page shows (render them, or list them in NOT_SHOWN): {unseen}"


FIND_LIVE = """() => {
  const out = [];
  for (const e of document.querySelectorAll('*')) {
    for (const a of e.attributes) {
      if (a.name.toLowerCase().startsWith('on')) out.push(`<${e.tagName} ${a.name}="${a.value}">`);
      if (/^\\s*javascript:/i.test(a.value)) out.push(`<${e.tagName} ${a.name}="${a.value}">`);
    }
    if (/^(svg|script|img|iframe|object|embed)$/i.test(e.tagName) && /alert\\(/.test(e.outerHTML))
      out.push(e.outerHTML.slice(0, 120));
  }
  return out;
}"""


def live_markup(page) -> list[str]:
    """FIND_LIVE on the page, wherever its own script sends it while we read it."""
    for _ in range(3):
        try:
            return page.evaluate(FIND_LIVE)
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc):
                raise
            page.wait_for_load_state("load")
    return page.evaluate(FIND_LIVE)


FORWARDS = re.compile(r"location\.replace\(|http-equiv=\"refresh\"", re.IGNORECASE)
REFRESH = re.compile(r"<meta http-equiv=\"refresh\"[^>]*>", re.IGNORECASE)


def test_no_page_runs_a_payload_in_chromium(hostile_site, browse, browser):
    site, _, _ = hostile_site
    problems = []
    pages = html_pages(site)
    forwarding = {p for p in pages if FORWARDS.search((site / p).read_text(encoding="utf-8"))}
    with serve(site) as origin:
        # Short and alias pages forward at once: with JavaScript on, what runs
        # while they load is caught by the dialog listener; their own DOM is read
        # below, with JavaScript off and the refresh taken out.
        quiet = browser.new_context(java_script_enabled=False)

        def without_refresh(route):
            if not route.request.url.startswith(origin):
                route.abort()
            elif route.request.resource_type == "document":
                response = route.fetch()
                route.fulfill(response=response, body=REFRESH.sub("", response.text()))
            else:
                route.continue_()

        quiet.route("**/*", without_refresh)
        still = quiet.new_page()
        for path in sorted(forwarding):
            still.goto(f"{origin}/{path}", wait_until="load", timeout=60_000)
            problems += [f"{path}: {found}" for found in still.evaluate(FIND_LIVE)]
        quiet.close()
        context = browse(origin + "/")
        page = context.new_page()
        page.on("dialog", lambda dialog: (problems.append(f"{page.url}: dialog {dialog.message!r}"), dialog.dismiss()))
        for path in pages:
            try:
                page.goto(f"{origin}/{path}", wait_until="load", timeout=60_000)
            except PlaywrightError as exc:
                # A page's own script may send the reader on (the language switch's
                # fallback to the English page) before "load": check where it landed.
                if "ERR_ABORTED" not in str(exc) and "context was destroyed" not in str(exc):
                    raise
                page.wait_for_load_state("load")
                path = page.url.removeprefix(origin + "/")
            if path not in forwarding:
                problems += [f"{path}: {found}" for found in live_markup(page)]
        # Search results and rule previews are made in the browser from the
        # search index and previews.js: show some.
        page.goto(f"{origin}/index.html", wait_until="load")
        page.locator("input[data-md-component=search-query]").fill("alert")
        page.wait_for_timeout(1500)
        problems += [f"search results: {found}" for found in page.evaluate(FIND_LIVE)]
        for path in [p for p in pages if re.search(r"core-rules/\d+\.html$", p)][:3]:
            page.goto(f"{origin}/{path}", wait_until="load")
            for ref in page.locator("a.ref, a.keyword").all()[:5]:
                ref.focus()
                page.wait_for_timeout(100)
            problems += [f"{path} previews: {found}" for found in page.evaluate(FIND_LIVE)]
        page.wait_for_timeout(500)  # an onerror fires once the broken image failed to load
    assert len(pages) > 100
    assert problems == [], "\n".join(problems[:30])
