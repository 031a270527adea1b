"""Every piece of incremental state is reachable from one object per stage
(`rulesite.memory.BuildMemory`): no module of the package keeps a cache of
its own, but those listed here, each with the reason it may. Read from the
source: a module-level name bound to an empty dict, list or set, or rebound
through `global`, is one."""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

PACKAGE = Path(str(resources.files("rulesite")))

# "module.name" -> why it stays at module level rather than on a stage's memory.
ALLOWED = {
    # Per worker process: what a forked worker holds or runs for its parent.
    "common.workers._held": "per worker process: the files a render worker holds until write writes them",
    "common.workers._jobs": "per run: the jobs a forked worker inherits from its parent",
    "common.workers._alone": "per run: the one job a worker beside the others runs",
    "common.workers._frozen": "the garbage collector's freeze count while workers fork",
    "common.workers._was_enabled": "whether the garbage collector ran before workers forked",
    "check.run._options": "per check worker process: the options it was started with",
    "render.og_image._tally": "per worker process: the images it drew and took from the store, which render asks for",
    # Set only while one call runs, to the stage memory its caller hands it; None between builds.
    "read.yamlfile._kept": "set while `keeping` runs, to `ReadMemory.parsed`",
    "read.yamlfile._used": "set while `keeping` runs: what this read used of `ReadMemory.parsed`",
    "read.files._seen": "set while `seen` runs: the files one read opened",
    "render.share._given": "set while a job runs, to its `RenderMemory.share_pages`",
    "render.share._made": "set while a job runs: the share pages it made, for `RenderMemory.share_pages`",
    # Pure functions' caches: the same arguments give the same answer.
    "render.og_image._advances": "glyph widths by font and word",
    "render.og_image._masks": "glyph masks by font and word",
    "render.og_image._as_they_are": "the characters met that a font draws as they are",
    "render.escape._FIELDS": "a format string's literal parts",
    "read.untrusted._FIELDS": "a model class's fields that hold text",
    "check.site_links._SHARED": "one object for equal facts, so pickle sends a reference",
    "engine.rebuild._PRCTL": "the C library's prctl, looked up once",
}

_MUTABLE_CALLS = {"dict", "list", "set", "defaultdict", "OrderedDict", "deque", "Counter"}


def _empty_container(value: ast.expr | None) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set)):
        return not (getattr(value, "keys", None) or getattr(value, "elts", None))
    if isinstance(value, ast.Call) and not value.args and not value.keywords:
        func = value.func
        return (func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)) in _MUTABLE_CALLS
    return False


def module_state(path: Path) -> set[str]:
    """The module-level names of `path` bound to an empty container, or rebound with `global`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if _empty_container(getattr(node, "value", None)):
            found |= {target.id for target in targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found |= set(node.names)
    return found


def package_state(root: Path = PACKAGE) -> set[str]:
    """Every "module.name" of the package `module_state` finds."""
    found = set()
    for path in root.rglob("*.py"):
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        found |= {f"{module}.{name}" for name in module_state(path)}
    return found


def test_no_module_keeps_a_cache_outside_the_stage_memories():
    new = package_state() - ALLOWED.keys()
    assert not new, (
        f"module-level state outside the stage memories: {sorted(new)}; keep it on the stage's memory "
        "object (`<stage>/memory.py`), or list it in ALLOWED with why it may stay"
    )


def test_the_allowed_list_names_only_what_is_there():
    """A cache moved onto a stage's memory leaves the list too: it can only shrink with the code."""
    assert not ALLOWED.keys() - package_state()


def test_the_finder_finds_a_new_cache(tmp_path):
    """The finder itself: a module cache, a `global` rebinding, and not a table of constants."""
    (tmp_path / "stage").mkdir()
    (tmp_path / "stage" / "mod.py").write_text(
        "_cache: dict = {}\nTABLE = {'a': 1}\n_last = None\n\ndef f():\n    global _last\n    _last = 1\n", encoding="utf-8"
    )
    assert package_state(tmp_path) == {"stage.mod._cache", "stage.mod._last"}


def test_every_stage_memory_forgets_what_it_kept():
    """`forget` (a clean build's one call) leaves each stage's memory as a new
    one's: its tables empty, its other keepers new objects."""
    from rulesite.memory import BuildMemory

    memory, new = BuildMemory(mkdocs=False), BuildMemory(mkdocs=False)
    before = {name: dict(vars(stage)) for name, stage in vars(memory).items() if stage is not None}
    memory.read.parsed["x"] = 1
    memory.resolve.pairs["x"] = 1
    memory.render.jobs["x"] = 1
    memory.render.texts = b"x"
    memory.write.configs["x"] = 1
    memory.forget()
    for name in ("read", "resolve", "render", "write"):
        for field, value in vars(getattr(memory, name)).items():
            if isinstance(value, (dict, list, set, bytes)) or value is None:
                assert value == vars(getattr(new, name))[field], (name, field)
            else:
                assert value is not before[name][field], (name, field)
