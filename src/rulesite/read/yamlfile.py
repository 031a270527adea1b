"""YAML files with line numbers, read so that no file can hurt the build.

The loader is PyYAML's SafeLoader (no Python objects), restricted further:

- no timestamps: `2026-02-30` or `2026-10-09` stays the text it is, and the
  importer that wants a date checks it (YAML would raise on an impossible date
  or turn a valid one into a `date`);
- no anchors, aliases or explicit tags (`&a`, `*a`, `!!timestamp`): sources
  never need them, and an alias can make a few bytes expand without bound;
- at most `MAX_DEPTH` nested collections (deeper nesting would overflow
  Python's stack);
- mapping keys are text: `424: [...]` must be written `"424": [...]` (YAML
  would read it as a number, and `701.20` as the number 701.2);
- files of at most `files.MAX_YAML_BYTES`.

Every violation is an `error[invalid-yaml]` at the line where it occurs.
Mappings come back as `Node` (a dict with `.line`), lists as `Seq` (a list with
`.line` and `.lines`, the line of each item).

Within `keeping` (`rulesite serve`: PyYAML's pure-Python parser is most of
reading the unchanged walkthroughs, manifests and rulings' ids again), what a
text parsed to is filed by the text's digest and where it is shown, and found
there again: a fresh copy each time (unpickled), with the same problems.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml
from yaml.events import AliasEvent, CollectionStartEvent

from ..common.diagnostics import Diagnostics
from ..common.model import Loc
from .files import MAX_YAML_BYTES, read_text

MAX_DEPTH = 40
_STR = "tag:yaml.org,2002:str"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class Node(dict):
    """A YAML mapping that remembers the line it starts on."""

    line: int = 1


class Seq(list):
    """A YAML sequence that remembers its line and the line of each item."""

    line: int = 1
    lines: list[int]


class _Loader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        # PyYAML also counts U+0085, U+2028, U+2029 and lone "\r" as line breaks;
        # lines here count "\n" only, as everywhere in the build.
        self._newlines = [m.start() for m in re.finditer("\n", stream)]

    def line_at(self, mark) -> int:
        return bisect_left(self._newlines, mark.index) + 1

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise yaml.composer.ComposerError(None, None, "aliases (*name) are not allowed", event.start_mark)
        if getattr(event, "anchor", None) is not None:
            raise yaml.composer.ComposerError(None, None, "anchors (&name) are not allowed", event.start_mark)
        if getattr(event, "tag", None) not in (None, "!"):
            raise yaml.composer.ComposerError(None, None, f"tags ({event.tag}) are not allowed", event.start_mark)
        if isinstance(event, CollectionStartEvent):
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"more than {MAX_DEPTH} nested lists or mappings", event.start_mark)
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)


# SafeLoader's resolvers without the timestamp one: dates stay text.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _TIMESTAMP]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Node:
    for key, _ in node.value:
        if key.tag != _STR:
            raise yaml.constructor.ConstructorError(None, None, f"keys must be text: put {key.value!r} in quotes", key.start_mark)
    mapping = Node(loader.construct_mapping(node, deep=True))
    mapping.line = loader.line_at(node.start_mark)
    return mapping


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> Seq:
    items = Seq(loader.construct_sequence(node, deep=True))
    items.line = loader.line_at(node.start_mark)
    items.lines = [loader.line_at(child.start_mark) for child in node.value]
    return items


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path, shown_path: str, diag: Diagnostics, root: Path | str | None = None):
    """The parsed file, or None after reporting why it could not be read (an
    empty file is None too, without a report: callers say what was expected)."""
    text = read_text(path, shown_path, diag, root, limit=MAX_YAML_BYTES)
    if text is None:
        return None
    return parse_yaml(text, shown_path, diag)


# While `keeping`: what was parsed, (digest of the text, shown path, first line,
# code) -> (the result pickled, its problems); and what this build looked up.
_kept: dict | None = None
_used: dict | None = None


@contextmanager
def keeping(known: dict) -> Iterator[dict]:
    """Parses found in `known` (what an earlier `keeping` handed back) are not
    made again; hands back, once left, what this one parsed or found, for the next."""
    global _kept, _used
    _kept, _used = known, {}
    used = _used
    try:
        yield used
    finally:
        _kept = _used = None


def parse_yaml(text: str, shown_path: str, diag: Diagnostics, first_line: int = 1, code: str = "invalid-yaml"):
    """`text` parsed, its line 1 being line `first_line` of the file; None after
    reporting why it is not valid."""
    if _kept is None:
        return _parse_yaml(text, shown_path, diag, first_line, code)
    key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest(), shown_path, first_line, code)
    found = _kept.get(key)
    if found is None:
        problems = Diagnostics()
        result = _parse_yaml(text, shown_path, problems, first_line, code)
        found = (pickle.dumps(result, pickle.HIGHEST_PROTOCOL), tuple(problems.items))
    _used[key] = found
    diag.items += found[1]
    return pickle.loads(found[0])


def _parse_yaml(text: str, shown_path: str, diag: Diagnostics, first_line: int, code: str):
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a restricted SafeLoader
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (NUL, ...)
        line = text.count("\n", 0, exc.position) + first_line
        diag.error(Loc(shown_path, line), code, f"not valid YAML: character U+{exc.character:04X} is not allowed")
        return None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = text.count("\n", 0, mark.index) + first_line if mark else first_line
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        diag.error(Loc(shown_path, line), code, f"not valid YAML: {problem}")
        return None
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:  # a scalar YAML cannot convert
        diag.error(Loc(shown_path, first_line), code, f"not valid YAML: {exc}")
        return None


def line_of(value, default: int = 1) -> int:
    return getattr(value, "line", default)
