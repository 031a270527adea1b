"""One sink for every problem the build finds.

Every stage reports into the same `Diagnostics` object instead of raising, so a
maintainer sees all problems of a run at once, each as
`path:line: error[code]: message`, and the run ends with a non-zero exit when
any error was reported.
"""

from __future__ import annotations

import posixpath
import sys
from dataclasses import dataclass
from typing import NamedTuple, TextIO

from .model import Loc


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # "error" or "warning"
    loc: Loc
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: {self.severity}[{self.code}]: {self.message}"


class Finding(NamedTuple):
    """A problem a check of the built site found, as data from the check to the
    sink: the file (its path in the site), the line, the code and the message.
    Its severity is the sink's to give (`Diagnostics.error_found`)."""

    path: str
    line: int
    code: str
    message: str


class Diagnostics:
    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def error(self, loc: Loc, code: str, message: str) -> None:
        self.items.append(Diagnostic("error", loc, code, message))

    def warning(self, loc: Loc, code: str, message: str) -> None:
        self.items.append(Diagnostic("warning", loc, code, message))

    def error_found(self, found: Finding, folder: str = "") -> None:
        """`found` as an error, its path taken inside `folder` (where the site is published)."""
        path = posixpath.join(folder, found.path) if folder else found.path
        self.error(Loc(path, max(found.line, 1)), found.code, found.message)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def codes(self) -> list[str]:
        return [d.code for d in self.items]

    def report(self, stream: TextIO = sys.stderr) -> None:
        """Print every diagnostic, sorted by place, then a one-line summary."""
        for d in sorted(self.items, key=lambda d: (d.loc.path, d.loc.line, d.code)):
            print(d, file=stream)
        if self.items:
            print(f"{len(self.errors)} errors, {len(self.warnings)} warnings", file=stream)
