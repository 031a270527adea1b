"""Markup is made in one place: the render modules can only write it as
literals, through the writers of render/markup.py or through md_text.

Read from the source of the render modules, so that a markup-building
f-string added tomorrow fails here, before any hostile source finds it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import rulesite.render

RENDER = Path(rulesite.render.__file__).parent
# The escaping layer itself: the only modules that may mark computed text as markup.
ESCAPING = {"escape.py", "markup.py"}
# What makes a string markup: an HTML tag, a Markdown attribute list, a code span.
MARKUP_IN_STRING = re.compile(r"<(?:[a-zA-Z/]|!--)|\{:|`")


MARKUP_TYPES = ("Md", "Html", "Block", "Markup")


def modules():
    return [p for p in sorted(RENDER.glob("*.py")) if p.name not in ESCAPING]


def where(path: Path, node: ast.AST) -> str:
    return f"render/{path.name}:{node.lineno}"


def test_markup_is_only_ever_a_literal():
    """Md(...), Html(...) and Markup(...) take a string literal: computed text becomes
    markup only through Md.format / + / join, md_text, html_out or a writer of markup.py, which escape it."""
    found = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKUP_TYPES:
                literal = len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                if not literal:
                    found.append(f"{where(path, node)}: {node.func.id}() of something that is not a string literal")
    assert found == []


def test_no_f_string_builds_markup():
    found = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                if MARKUP_IN_STRING.search(literal):
                    found.append(f"{where(path, node)}: an f-string that makes markup: {literal[:60]!r}")
    assert found == []


def test_nothing_escapes_by_hand():
    """html.escape, json.dumps and hand-made replacements belong to escape.py."""
    found = []
    for path in modules():
        text = path.read_text(encoding="utf-8")
        for pattern in (r"\bhtml\.escape\(", r"\bjson\.dumps\(", r"\bimport html\b", r"\.replace\(\s*['\"][<>&]"):
            for match in re.finditer(pattern, text):
                found.append(f"render/{path.name}:{text.count(chr(10), 0, match.start()) + 1}: {match[0]}")
    assert found == []
