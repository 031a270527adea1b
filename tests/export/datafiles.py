"""Reading and validating a site's published data (data/): shared by the tests."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path

from jsonschema import Draft202012Validator

SCHEMA_DIR = Path(str(resources.files("rulesite") / "export" / "schema"))


@cache
def validators() -> dict[str, Draft202012Validator]:
    """kind -> the validator of its committed schema (each schema checked first)."""
    out = {}
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        out[path.name.removesuffix(".schema.json")] = Draft202012Validator(schema)
    return out


def schema_problems(value) -> list[str]:
    kind = value.get("kind") if isinstance(value, dict) else None
    validator = validators().get(kind)
    if validator is None:
        return [f"no schema for kind {kind!r}"]
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(value)]


def published(site: Path) -> dict[str, object]:
    """data-relative path -> parsed JSON, for every .json file under site/data."""
    root = site / "data"
    return {p.relative_to(root).as_posix(): json.loads(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.json"))}


def validate_site_data(site: Path) -> dict[str, object]:
    """Every published file valid against its schema, listed in the manifest with
    its size and hash, and its script twin holding the same value. Returns the data."""
    import hashlib

    files = published(site)
    assert "index.json" in files, f"no data/index.json in {site}"
    problems = {path: schema_problems(value) for path, value in files.items()}
    problems = {p: v for p, v in problems.items() if v}
    assert not problems, "data files that do not match their schema:\n" + "\n".join(
        f"{p}: {v[:3]}" for p, v in list(problems.items())[:10]
    )
    listed = {e["path"]: e for e in files["index.json"]["files"]}
    assert set(listed) == set(files) - {"index.json"}, "data/index.json must list exactly the other data files"
    for path, entry in listed.items():
        raw = (site / "data" / path).read_bytes()
        assert entry["bytes"] == len(raw) and entry["sha256"] == hashlib.sha256(raw).hexdigest(), path
        assert entry["kind"] == files[path]["kind"], path
    for path, value in files.items():
        twin = (site / "data" / path).with_suffix(".js").read_text(encoding="utf-8")
        prefix = f"(window.RULESITE_DATA=window.RULESITE_DATA||{{}})[{json.dumps(path)}]="
        assert twin.startswith(prefix) and twin.endswith(";\n"), f"{path}: script twin is malformed"
        assert json.loads(twin[len(prefix) : -2].replace("<\\/", "</")) == value, f"{path}: script twin differs"
    return files


def _script_data(path: Path, start: str) -> dict:
    """The JSON a generated script hands to the page: `start` + JSON + `;` or `);`."""
    text = path.read_text(encoding="utf-8").strip()
    assert text.startswith(start), path
    return json.loads(text[len(start) :].removesuffix(";").removesuffix(")"))


def one_data_layer_problems(site: Path) -> tuple[int, list[str]]:
    """(rules checked, problems): every rule of every edition in data/ must be in
    its language's number table (assets/numbers.js) at the same URL, and its
    page's preview file (assets/previews/<page>.js) must hold the same text."""
    tables: dict[str, dict[str, set[str]]] = {}
    previews: dict[Path, dict] = {}
    checked, problems = 0, []
    for name, data in published(site).items():
        if not isinstance(data, dict) or data.get("kind") != "edition":
            continue
        for rule in data["rules"]:
            checked += 1
            where = f"{name} {rule['number']}"
            if rule["url"] is None:
                problems.append(f"{where}: no URL")
                continue
            page, _, anchor = rule["url"].partition("#")
            root = data["language"] if data["language"] != "en" else ""
            in_site = page.removeprefix(f"{root}/") if root else page
            folder = site / root if root else site
            if root not in tables:
                table = _script_data(folder / "assets" / "numbers.js", "window.RULESITE_NUMBERS = ")
                tables[root] = {}
                for _, path, numbers, *_ in table["pages"]:  # then where older editions are now
                    tables[root].setdefault(path, set()).update(numbers.split(" "))
            if anchor not in tables[root].get(in_site, set()):
                problems.append(f"{where}: the number table has no {anchor} at {in_site}")
            preview = folder / "assets" / "previews" / (in_site.removesuffix(".html") + ".js")
            if preview not in previews:
                previews[preview] = _script_data(preview, "RulesitePreviews.add(") if preview.is_file() else {}
            entry = previews[preview].get("entries", {}).get(anchor)
            if entry is None or entry["text"] != rule["text"]:
                problems.append(f"{where}: the preview of {in_site}#{anchor} does not show the data's text")
    return checked, problems
