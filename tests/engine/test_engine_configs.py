"""The config each engine reads (`engine/configs.py`), made from a language's
generated MkDocs config: MkDocs and ProperDocs read it as written; Zensical
gets a folder of its own with the pages, the config merged as MkDocs merges
an inherited one, its own settings, its search off, and a Content Security
Policy listing its own inline scripts' hashes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulesite.common.content_policy import material_inline_scripts, script_hash
from rulesite.engine.configs import config_file, engine_plugins, merged
from rulesite.common.engines import ENGINES
from rulesite.sequence import Settings, SettingsError

PROJECT = """\
site_name: Test
docs_dir: nowhere
theme:
  name: material
  features: [navigation.top]
  palette:
    - scheme: default
extra_javascript: [a.js, b.js]
plugins:
  - search
  - offline
extra:
  generator: false
"""


def written_config(tmp_path: Path) -> Path:
    """A project config and a language's generated config inheriting it, with its pages."""
    (tmp_path / "mkdocs.yml").write_text(PROJECT, encoding="utf-8")
    docs = tmp_path / "docs" / "en"
    (docs / "rules").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "rules" / "424.md").write_text("# 424 Reveal\n", encoding="utf-8")
    config_dir = tmp_path / ".build"
    config_dir.mkdir()
    generated = {
        "INHERIT": "../mkdocs.yml",
        "docs_dir": str(docs),
        "theme": {"language": "en"},
        "extra_javascript": ["c.js"],
        "extra": {"content_policy": {".": "material's"}},
    }
    (config_dir / "mkdocs.en.yml").write_text(yaml.safe_dump(generated), encoding="utf-8")
    return config_dir


def test_an_inherited_config_merges_as_mkdocs_merges_it(tmp_path):
    config = merged(written_config(tmp_path) / "mkdocs.en.yml")
    assert "INHERIT" not in config
    # Mappings key by key: the project's theme name and the language's language.
    assert config["theme"]["name"] == "material" and config["theme"]["language"] == "en"
    # Lists replaced, not joined: the language's scripts alone.
    assert config["extra_javascript"] == ["c.js"]
    assert config["extra"]["generator"] is False


def test_plugins_an_engine_adds_itself_are_turned_off_and_the_others_kept():
    assert engine_plugins(["search", "offline", {"tags": {}}], ("search",)) == [
        {"search": {"enabled": False}},
        "offline",
        {"tags": {}},
    ]
    assert engine_plugins([{"search": {"lang": "en"}}], ("search",)) == [{"search": {"enabled": False}}]


@pytest.mark.parametrize("name", ["mkdocs", "properdocs"])
def test_mkdocs_and_properdocs_read_the_config_as_written(tmp_path, name):
    config_dir = written_config(tmp_path)
    assert config_file(ENGINES[name], config_dir, "en") == config_dir / "mkdocs.en.yml"
    assert sorted(p.name for p in config_dir.iterdir()) == ["mkdocs.en.yml"]


def test_zensical_gets_its_pages_and_site_inside_its_config_folder(tmp_path):
    config_dir = written_config(tmp_path)
    path = config_file(ENGINES["zensical"], config_dir, "en")
    folder = path.parent
    assert folder == config_dir / "zensical" / "en"
    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "INHERIT" not in config
    assert (config["docs_dir"], config["site_dir"]) == ("docs", "site")
    assert (folder / "docs" / "rules" / "424.md").read_text(encoding="utf-8") == "# 424 Reveal\n"
    assert config["theme"]["variant"] == "classic" and config["theme"]["name"] == "material"
    assert config["plugins"] == [{"search": {"enabled": False}}, "offline"]
    # Made again from scratch: nothing of an earlier build stays.
    (folder / "site").mkdir()
    config_file(ENGINES["zensical"], config_dir, "en")
    assert not (folder / "site").exists()


def test_zensical_pages_list_its_own_inline_scripts_not_materials(tmp_path):
    config = yaml.safe_load(config_file(ENGINES["zensical"], written_config(tmp_path), "en").read_text(encoding="utf-8"))
    policies = config["extra"]["content_policy"]
    assert set(policies) >= {".", "..", "../..", ""}
    theme = {"theme": config["theme"], "extra": {}}
    zensical = material_inline_scripts("../..", theme, ENGINES["zensical"].templates())
    material = material_inline_scripts("../..", theme)
    assert zensical and set(zensical) != set(material)
    listed = policies["../.."].split("script-src ")[1].split(";")[0].split()
    assert all(script_hash(text) in listed for text in zensical)
    assert not any(script_hash(text) in listed for text in set(material) - set(zensical))


def test_an_unknown_engine_is_refused(tmp_path):
    with pytest.raises(SettingsError, match="no engine 'hugo'"):
        Settings.of(tmp_path / "src", tmp_path / "docs", tmp_path / "site", engine="hugo")
