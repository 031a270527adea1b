"""The store of drawn preview images (`render/og_image.py`,
`Settings.image_store`): a build draws an image the first time one needs it,
and every later build, a clean one too, takes it from the store, unless what
draws it changed; the seed site built for real, in a store of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from buildproc import tree

from rulesite.render import og_image
from rulesite.sequence import IMAGE_STORE_VARIABLE, Rendered, Sequence, Settings, Stopped
from buildutil import project_settings


def _rendered(settings: Settings) -> Rendered:
    records = list(Sequence(settings).run())
    assert not any(isinstance(r, Stopped) for r in records), records[-1]
    return next(r for r in records if isinstance(r, Rendered))


def _images(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.fixture(scope="module")
def builds(repo_root: Path, tmp_path_factory) -> dict:
    """A build into an empty store, then clean builds: of the same; with one
    image gone from the store; with other drawing code (`code_digest`)."""
    root = tmp_path_factory.mktemp("image-store")
    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    store = root / "store"
    found: dict = {"store": store}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(IMAGE_STORE_VARIABLE, str(store))
        settings = project_settings(repo_root, root)
        found["config_dir"] = settings.config_dir
        found["first"] = _rendered(settings)
        found["site"] = tree(settings.site_dir)
        folder = store / og_image.code_digest()
        found["kept"] = _images(folder)
        found["clean"] = _rendered(project_settings(repo_root, root, clean=True))
        found["clean site"] = tree(settings.site_dir)
        clean = project_settings(repo_root, root, clean=True, site=False)  # what is drawn is all that is asked now
        found["gone"] = name = sorted(found["kept"])[0]
        (folder / name).unlink()
        found["one gone"] = _rendered(clean)
        found["kept again"] = _images(folder)
        patch.setattr(og_image, "code_digest", lambda: "0123456789abcdef")
        found["other code"] = _rendered(clean)
        found["folders"] = sorted(p.name for p in store.iterdir())
    return found


def test_a_build_draws_each_image_into_the_store_where_the_variable_says(builds):
    first, kept = builds["first"], builds["kept"]
    assert first.images_drawn >= len(kept) > 0  # forked workers may draw one twice
    site_images = {Path(p).name for p in builds["site"] if "/og/" in f"/{p}" and p.endswith(".png")}
    assert set(kept) == site_images
    assert not (builds["config_dir"] / "og").exists(), "the store is where $RULESITE_IMAGE_STORE says"


def test_a_clean_build_after_a_build_draws_none_and_makes_the_same_site(builds):
    first, clean = builds["first"], builds["clean"]
    assert clean.images_drawn == 0
    assert clean.images_taken == first.images_drawn + first.images_taken
    assert builds["clean site"] == builds["site"]


def test_an_image_gone_from_the_store_is_drawn_again(builds):
    assert builds["one gone"].images_drawn == 1
    assert builds["kept again"] == builds["kept"]


def test_other_drawing_code_draws_every_image_again_and_the_old_folder_goes(builds):
    other = builds["other code"]
    assert other.images_drawn == builds["first"].images_drawn
    assert builds["folders"] == ["0123456789abcdef"]


def test_the_store_is_the_build_s_own_folder_unless_the_variable_names_one(repo_root, tmp_path, monkeypatch):
    monkeypatch.delenv(IMAGE_STORE_VARIABLE, raising=False)
    settings = project_settings(repo_root, tmp_path)
    assert settings.image_store == settings.config_dir / "og"
    monkeypatch.setenv(IMAGE_STORE_VARIABLE, "shared-images")
    monkeypatch.chdir(tmp_path)
    assert settings.image_store == tmp_path / "shared-images"
