"""YAML files with line numbers, so errors in them can say `path:line`."""
from __future__ import annotations

from pathlib import Path

import yaml

from ..diagnostics import Diagnostics
from ..model import Loc


class Node(dict):
    """A YAML mapping that remembers the line it starts on."""

    line: int = 0


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Node:
    mapping = Node(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    return mapping


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path, shown_path: str, diag: Diagnostics):
    """The parsed file, or None after reporting why it could not be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        diag.error(Loc(shown_path, 0), "unreadable", f"cannot read file: {exc}")
        return None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        problem = getattr(exc, "problem", None) or str(exc)
        diag.error(Loc(shown_path, line), "invalid-yaml", f"not valid YAML: {problem}")
        return None


def line_of(value, default: int = 0) -> int:
    return getattr(value, "line", default)
