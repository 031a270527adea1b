"""Every text field of the model is checked for characters no source may hold.

The fields are enumerated from the model's dataclasses, so a field added later
is covered without editing this test: each one gets a bidirectional override
(or a NUL) in turn, and the check must name it.
"""

from __future__ import annotations

import copy
import typing
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest
from hostile.base import make_base

from rulesite.common import model
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Loc
from rulesite.stages.read import read_corpus
from rulesite.read.untrusted import check_characters


@pytest.fixture(scope="module")
def read_objects(repo_root: Path, tmp_path_factory) -> dict[type, object]:
    """One instance of every model class the hostile corpus's base produces (the
    seeds plus a file of every other format), found by walking the corpus."""
    root = tmp_path_factory.mktemp("base")
    make_base(repo_root, root)
    diag = Diagnostics()
    corpus = read_corpus(root / "rules_src" / "manifest.yml", diag)
    assert diag.items == []
    found: dict[type, object] = {}
    stack: list[object] = [corpus]
    while stack:
        value = stack.pop()
        if is_dataclass(value) and not isinstance(value, type):
            found.setdefault(type(value), value)
            stack += [getattr(value, f.name) for f in fields(value)]
        elif isinstance(value, (list, tuple)):
            stack += list(value)
        elif isinstance(value, dict):
            stack += list(value.values())
    return found


def _text_fields(cls: type) -> list[tuple[str, str]]:
    """(field, "str" or "list") for every text field of a model class."""
    hints = typing.get_type_hints(cls, vars(model))
    out = []
    for f in fields(cls):
        hint = hints[f.name]
        if hint is str:
            out.append((f.name, "str"))
        elif typing.get_origin(hint) is list and typing.get_args(hint) == (str,):
            out.append((f.name, "list"))
    return out


MODEL_CLASSES = [c for c in vars(model).values() if isinstance(c, type) and is_dataclass(c) and c.__module__ == model.__name__]
# Made by later stages or from the project's own pages, never read from a source.
NOT_READ = {model.Reference, model.Edition, model.WrittenPage}
NOT_SOURCE_TEXT = {(model.Source, "file"), (model.Source, "root"), (model.Source, "path"), (model.Loc, "path")}
FIELDS = [
    (cls, name, kind)
    for cls in MODEL_CLASSES
    for name, kind in _text_fields(cls)
    if (cls, name) not in NOT_SOURCE_TEXT and cls not in NOT_READ
]


def test_the_model_has_many_text_fields(read_objects):
    assert len(FIELDS) > 40  # the enumeration finds the model's fields, not an empty list
    # Every class with text fields is produced by reading the base, so each field below is tested.
    assert {cls for cls, _, _ in FIELDS} - NOT_READ <= set(read_objects)


@pytest.mark.parametrize("cls, name, kind", FIELDS, ids=[f"{c.__name__}.{n}" for c, n, _ in FIELDS])
@pytest.mark.parametrize("bad", ["\u202e", "\x00", "\ud800", "\u2066"], ids=["rlo", "nul", "surrogate", "lri"])
def test_every_text_field_is_checked(read_objects, cls, name, kind, bad):
    item = copy.deepcopy(read_objects[cls])
    setattr(item, name, f"evil{bad}text" if kind == "str" else ["fine", f"evil{bad}text"])
    diag = Diagnostics()
    check_characters([item], Loc("somewhere.txt", 3), diag)
    assert [d.code for d in diag.errors] == ["control-character"]
    assert f"{cls.__name__}.{name} holds U+{ord(bad):04X}" in diag.errors[0].message
    assert diag.errors[0].loc.line >= 1
