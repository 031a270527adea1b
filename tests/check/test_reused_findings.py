"""The output check of a rebuilt site reuses what the check of the published
site found of each file the two share (the same file: a hard link), and checks
the others again; what it reports is what a check of the whole site reports,
also when a changed page breaks links from pages that did not change."""

from __future__ import annotations

import os
import shutil

from rulesite.common import output
from rulesite.check.run import CheckRequest, HeldFindings, check_built_site, sorted_problems
from rulesite.common.diagnostics import Diagnostics

PAGE = "riftbound/core-rules/832.html"
ANCHOR = "832.1.c.2"  # linked to from the home page, which stays as it was


def _linked(source, target):
    shutil.copytree(source, target, copy_function=os.link)
    return target


def _copy(built_site, target):
    """The published generation: a copy of the session's site (the tests change files in it)."""
    return shutil.copytree(built_site.site.resolve(), target)


def _check(site, **reuse):
    diag = Diagnostics()
    checked = check_built_site(CheckRequest(site, **reuse), diag)
    return [str(d) for d in sorted_problems(diag.items)], checked.reused


def _rewrite(path, old, new):
    """A file of the new generation written again, as a build writes it: a new file."""
    data = path.read_bytes()
    assert old in data
    path.unlink()
    path.write_bytes(data.replace(old, new))


def test_a_rebuilt_site_is_checked_as_a_whole_site_is(built_site, tmp_path):
    published = _copy(built_site, tmp_path / ".site.one")
    findings = tmp_path / "findings.pickle"
    problems, reused = _check(published, findings=findings)
    assert problems == [] and reused == set()

    # The next generation: the same files, one page built again, with one of its
    # anchors gone (the home page links to it) and one link of its own broken.
    fresh = _linked(published, tmp_path / ".site.two")
    _rewrite(fresh / PAGE, f'id="{ANCHOR}"'.encode(), b'id="gone"')
    _rewrite(fresh / PAGE, b'href="../../index.html"', b'href="../../nowhere.html"')
    whole, _ = _check(fresh)
    again, reused = _check(fresh, findings=tmp_path / "findings.pickle", published=output.identity(published))
    assert any("index.html" in p and ANCHOR in p for p in whole), whole
    assert any(PAGE in p and "nowhere.html" in p for p in whole), whole
    assert again == whole
    assert PAGE not in reused
    assert len(reused) > 0.9 * sum(1 for p in fresh.rglob("*") if p.suffix in (".html", ".js", ".css"))


def test_findings_are_reused_only_from_the_published_generation_and_for_the_same_files(built_site, tmp_path):
    published = _copy(built_site, tmp_path / ".site.one")
    findings = tmp_path / "findings.pickle"
    _check(published, findings=findings)
    fresh = _linked(published, tmp_path / ".site.two")

    def kept():  # each check keeps its own findings in the file: the published one's, each time
        shutil.copyfile(findings, tmp_path / "copy.pickle")
        return tmp_path / "copy.pickle"

    # Another generation's findings: nothing reused.
    assert _check(fresh, findings=kept(), published="0.0")[1] == set()
    assert _check(fresh, findings=kept(), published=output.identity(published))[1]
    # A file changed in place (never done by a build: it would change the published
    # site too) is no longer the file that was checked: checked again, and its problem found.
    page = fresh / PAGE
    page.write_bytes(page.read_bytes().replace(b'href="../../index.html"', b'href="../../nowhere.html"'))
    problems, reused = _check(fresh, findings=kept(), published=output.identity(published))
    assert PAGE not in reused and reused
    assert any(PAGE in p and "nowhere.html" in p for p in problems), problems
    # A file more: the site's list of files changed, nothing reused.
    (fresh / "extra.js").write_text("// more\n", encoding="utf-8")
    assert _check(fresh, findings=kept(), published=output.identity(published))[1] == set()


def test_a_process_that_keeps_its_findings_reports_what_a_whole_check_does(built_site, tmp_path):
    """`rulesite serve`'s checks (`HeldFindings`): the findings that need other
    pages (a #fragment there, the words of a link to it) are kept page by page
    and worked out again only for the pages a change touches, which include the
    unchanged pages that link to a changed one."""
    held = HeldFindings()
    findings = tmp_path / "findings.pickle"
    generations = [_copy(built_site, tmp_path / ".site.0")]
    assert _check(generations[0], findings=findings, held=held)[0] == []

    def next_generation(*changes):
        fresh = _linked(generations[-1], tmp_path / f".site.{len(generations)}")
        for old, new in changes:
            _rewrite(fresh / PAGE, old, new)
        problems, reused = _check(fresh, findings=findings, published=output.identity(generations[-1]), held=held)
        generations.append(fresh)
        assert problems == _check(fresh)[0]
        return problems, reused

    anchor, renamed = f'id="{ANCHOR}"'.encode(), b'id="renamed"'
    heading, other = b'<h1 id="832">832 Show Off', b'<h1 id="832">832 Shown Elsewhere'
    # An anchor the home page links to renamed: the home page, not checked again, has a broken link.
    problems, reused = next_generation((anchor, renamed))
    assert "index.html" in reused and PAGE not in reused
    assert any("index.html" in p and ANCHOR in p and "broken-anchor" in p for p in problems), problems
    # Named back: the home page's finding is gone, though its file is the same.
    problems, reused = next_generation((renamed, anchor))
    assert problems == [] and "index.html" in reused
    # The page's heading reworded: the home page's link "832 Show Off" no longer names what it opens.
    problems, reused = next_generation((heading, other))
    assert "index.html" in reused
    assert any("index.html" in p and "link-text" in p and "832 Show Off" in p for p in problems), problems
    assert next_generation((other, heading))[0] == []
    # The page gone: every link to it is broken.
    fresh = _linked(generations[-1], tmp_path / f".site.{len(generations)}")
    (fresh / PAGE).unlink()
    problems, _ = _check(fresh, findings=findings, published=output.identity(generations[-1]), held=held)
    assert problems == _check(fresh)[0]
    assert any("index.html" in p and "broken-link" in p and "832.html" in p for p in problems), problems
    # What the process kept, saved into the file, is reused by a check in another
    # process, which knows each file by its size and time too.
    held.save()
    again = _linked(fresh, tmp_path / ".site.last")
    problems, reused = _check(again, findings=findings, published=output.identity(fresh))
    assert problems == _check(again)[0]
    assert len(reused) > 0.9 * sum(1 for p in again.rglob("*") if p.suffix in (".html", ".js", ".css"))
