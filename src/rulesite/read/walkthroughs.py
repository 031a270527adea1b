"""Reads worked-example walkthroughs: one YAML file per walkthrough.

The format is documented in `rules_src/walkthroughs/README.md`. Only the shape
of each file is checked here; whether the cited rules still say the quoted
words needs the corpus, so `resolve/walkthrough_check.py` does that.
"""

from __future__ import annotations

from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Citation, Loc, Walkthrough, WalkthroughStep
from ..common.names import KEBAB, describe, name_problem, edition_problem, rule_number_problem
from ..common.normalize import normalize_text
from .manifest import GAMES, shown_path
from .yamlfile import line_of, load_yaml

CODE = "walkthrough"
FIELDS = ("id", "title", "game", "document", "edition", "rule", "summary", "steps")
_KEBAB = KEBAB


def read_walkthroughs(folder: Path, diag: Diagnostics) -> list[Walkthrough]:
    if not folder.is_dir():
        diag.error(Loc(shown_path(folder), 1), CODE, "no such walkthroughs folder")
        return []
    walkthroughs: list[Walkthrough] = []
    first_use: dict[str, Loc] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".yaml":  # would otherwise be skipped without a word
            diag.error(Loc(shown_path(path), 1), CODE, "walkthrough files must end in .yml, not .yaml")
        if path.suffix != ".yml":
            continue
        file = _File(shown_path(path), diag)
        before = len(diag.items)
        data = load_yaml(path, file.where, diag, root=folder.parent)
        if len(diag.items) > before:
            continue  # unreadable or not YAML: load_yaml said so
        walkthrough = file.walkthrough(data, path.stem)
        if file.id in first_use:
            file.error(file.line, f"duplicate walkthrough id '{file.id}' (first used at {first_use[file.id]})")
        elif file.id:
            first_use[file.id] = Loc(file.where, file.line)
        if walkthrough and file.ok:  # a half-read walkthrough would only cause more errors later
            walkthroughs.append(walkthrough)
    return walkthroughs


_kind = describe  # how a message names a YAML value's type


class _File:
    """One walkthrough file: reports its errors and remembers whether it had any."""

    def __init__(self, where: str, diag: Diagnostics) -> None:
        self.where, self.diag = where, diag
        self.ok, self.id, self.line = True, "", 1

    def error(self, line: int, message: str) -> None:
        self.ok = False
        self.diag.error(Loc(self.where, line), CODE, message)

    def fields(self, node, what: str, required: tuple[str, ...], known: tuple[str, ...]) -> bool:
        """Reports missing and unknown fields; False when `node` is not a mapping."""
        if not isinstance(node, dict):
            self.error(line_of(node, self.line), f"{what} must be a mapping of fields, not {_kind(node)}")
            return False
        missing = [f for f in required if f not in node]
        unknown = sorted(str(f) for f in set(node) - set(known))
        if missing:
            self.error(node.line, f"{what} is missing field(s) {', '.join(missing)}")
        if unknown:
            self.error(node.line, f"{what} has unknown field(s) {', '.join(unknown)}")
        return True

    def text(self, node, name: str, what: str) -> str:
        """The field as normalized text, or "" after reporting why it is not text."""
        value = node.get(name)
        if name not in node:
            return ""  # reported as missing
        if value is not None and not isinstance(value, str):
            self.error(node.line, f"{what}: '{name}' must be text, not {_kind(value)}")
            return ""
        if not normalize_text(value or ""):
            self.error(node.line, f"{what}: '{name}' is empty")
        return normalize_text(value or "")

    def number(self, node, what: str) -> str:
        number = self.text(node, "rule", what)
        if number and (problem := rule_number_problem(number, "")):
            self.error(node.line, f"{what}: {problem}")
        return number

    def walkthrough(self, data, stem: str) -> Walkthrough | None:
        self.line = line_of(data, 1)
        if data is None:
            self.error(1, "the file is empty: expected walkthrough fields")
            return None
        if not self.fields(data, "walkthrough", FIELDS, FIELDS):
            return None
        self.id = walkthrough_id = self.text(data, "id", "walkthrough")
        if walkthrough_id and (not _KEBAB.fullmatch(walkthrough_id) or name_problem(walkthrough_id)):
            self.error(self.line, f"id '{walkthrough_id}' must be kebab-case (lower-case words joined by '-')")
        if walkthrough_id and walkthrough_id != stem:
            self.error(self.line, f"id '{walkthrough_id}' must match the file name '{stem}.yml'")
        values = {f: self.text(data, f, "walkthrough") for f in ("title", "game", "document", "edition", "summary")}
        if values["game"] and values["game"] not in GAMES:
            self.error(self.line, f"game must be one of {sorted(GAMES)}, not '{values['game']}'")
        if values["document"] and not _KEBAB.fullmatch(values["document"]):
            self.error(self.line, f"document must be kebab-case like core-rules, not '{values['document']}'")
        if values["edition"] and (problem := edition_problem(values["edition"])):
            self.error(self.line, problem)
        rule = self.number(data, "walkthrough")
        steps = data.get("steps")
        if steps is not None and not isinstance(steps, list):
            self.error(self.line, f"walkthrough: 'steps' must be a list of steps, not {_kind(steps)}")
        elif "steps" in data and not steps:
            self.error(self.line, "walkthrough has no steps")
        read_steps = [self.step(s, i) for i, s in enumerate(steps or [], 1)] if isinstance(steps, list) else []
        return Walkthrough(
            id=walkthrough_id,
            rule=rule,
            steps=[s for s in read_steps if s],
            loc=Loc(self.where, self.line),
            **values,
        )

    def step(self, node, index: int) -> WalkthroughStep | None:
        what = f"step {index}"
        if not self.fields(node, what, ("text",), ("text", "cites")):
            return None
        text = self.text(node, "text", what)
        cites = node.get("cites")
        if not cites:
            self.error(node.line, f"{what} cites no rule: every step must cite at least one rule")
            cites = []
        elif not isinstance(cites, list):
            self.error(node.line, f"{what}: 'cites' must be a list of citations, not {_kind(cites)}")
            cites = []
        read_cites = [self.citation(c, f"{what}, citation {i}") for i, c in enumerate(cites, 1)]
        return WalkthroughStep(text=text, cites=[c for c in read_cites if c], loc=Loc(self.where, node.line))

    def citation(self, node, what: str) -> Citation | None:
        if not self.fields(node, what, ("rule", "quote"), ("rule", "quote")):
            return None
        rule = self.number(node, what)
        quote = node.get("quote")
        if "quote" in node and (quote is None or isinstance(quote, str) and not normalize_text(quote)):
            # said apart from the generic "is empty": an empty quote would match any rule
            self.error(node.line, f"{what}: quote is empty: quote the words of rule {rule} the step relies on")
            return None
        return Citation(rule=rule, quote=self.text(node, "quote", what), loc=Loc(self.where, node.line))
