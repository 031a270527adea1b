"""Our copies of Material's partials (src/rulesite/theme/partials/) stay what
they say they are, so that upgrading Material cannot silently keep an old
header, navigation or table of contents on every page.

Each copy names, in its first comment, the Material version it was taken from
("Material 9.8.1's partials/nav.html, unchanged but for the line breaks and
indentation between its tags"). When the installed Material is another
version, these tests fail and say which files to take again from it; a copy
that claims to be unchanged but for white space is compared with the
installed partial, white space and Jinja comments aside."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import material
import pytest

PARTIALS = Path(__file__).resolve().parents[2] / "src" / "rulesite" / "theme" / "partials"
MATERIAL = Path(material.__file__).parent / "templates"
# "Material 9.8.1's partials/nav.html, unchanged but for ..." or "Material 9.8's search box, ..."
CLAIM = re.compile(r"\{#-?\s*Material (\d+(?:\.\d+)+)'s (partials/[\w-]+\.html)?")


def _claim(path: Path) -> tuple[str, str | None, bool]:
    """(version, Material's partial it copies or None, whether it claims no change but white space)."""
    head = path.read_text(encoding="utf-8").split("#}", 1)[0]
    found = CLAIM.match(head)
    assert found, f"{path.name}: its first comment must name the Material version it was copied from"
    only_spacing = "unchanged but for the line breaks" in head and ", and" not in head and "Otherwise" not in head
    return found.group(1), found.group(2), only_spacing


def _without_spacing(template: str) -> str:
    """A template's text without its Jinja comments, whitespace control and white space."""
    template = re.sub(r"\{#.*?#\}", "", template, flags=re.S)
    template = template.replace("{%-", "{%").replace("-%}", "%}").replace("{{-", "{{").replace("-}}", "}}")
    return re.sub(r"\s+", "", template)


COPIES = sorted(PARTIALS.glob("*.html"))
# The copies that claim no change but white space (the others say what they change).
UNCHANGED = [p for p in COPIES if _claim(p)[1] and _claim(p)[2]]


def test_there_are_copies_to_check():
    assert len(COPIES) >= 5, f"expected our copies of Material's partials in {PARTIALS}"
    assert len(UNCHANGED) >= 5, "expected copies that claim to be Material's partials but for white space"


@pytest.mark.parametrize("copy", COPIES, ids=[p.name for p in COPIES])
def test_copy_names_the_installed_material(copy):
    named, _, _ = _claim(copy)
    installed = version("mkdocs-material")
    assert installed.split(".")[: len(named.split("."))] == named.split("."), (
        f"src/rulesite/theme/partials/{copy.name} was taken from Material {named}, but Material {installed} is "
        f"installed: take the partial again from the installed Material, make the same changes, and name {installed}"
    )


@pytest.mark.parametrize("copy", UNCHANGED, ids=[p.name for p in UNCHANGED])
def test_copy_claiming_no_change_is_materials_partial(copy):
    _, partial, _ = _claim(copy)
    theirs = (MATERIAL / partial).read_text(encoding="utf-8")
    assert _without_spacing(copy.read_text(encoding="utf-8")) == _without_spacing(theirs), (
        f"src/rulesite/theme/partials/{copy.name} differs from Material's {partial} in more than white space"
    )


def test_a_changed_partial_is_told_from_materials():
    """The comparison sees a change that is not white space (the test above can fail)."""
    theirs = (MATERIAL / "partials" / "top.html").read_text(encoding="utf-8")
    assert _without_spacing(theirs.replace("md-top", "md-tops")) != _without_spacing(theirs)
    assert _without_spacing(theirs.replace("\n", "\n   ")) == _without_spacing(theirs)
