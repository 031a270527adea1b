"""What each engine the site can be built with needs.

The render stage writes one MkDocs config per language (`mkdocs.<lang>.yml`,
inheriting the project's mkdocs.yml). An engine is run on it, or on a config
made from it (`configs.py`):

- **mkdocs** (MkDocs 1.6, the default): the config as written; the
  incremental machinery (reused languages, rebuilds, split builds, serve's
  warm process) is MkDocs-only (`pipeline.build`).
- **properdocs** (the maintained continuation of MkDocs 1.6): the same config
  and the same Material templates; the same site byte for byte.
- **zensical** (Material's authors' successor, alpha): reads mkdocs.yml, but
  wants `docs_dir` and `site_dir` inside the config's folder (so the build
  gets a folder of its own: the pages hard-linked, the config merged into one
  file), `theme.variant: classic` for Material's look, and its own search
  turned off (the site's search is its own: `render/word_index.py`). Its
  templates are its own, so the inline scripts our Content Security Policy
  lists by hash are rendered from its partials, not Material's.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT = "mkdocs"


@dataclass(frozen=True)
class Engine:
    name: str
    module: str  # run as `python -m MODULE build ...`
    package: str  # the distribution whose version the build depends on
    own_folder: bool = False  # docs_dir and site_dir inside the config's folder, one config file
    settings: dict = field(default_factory=dict)  # config settings it needs besides the project's
    off_plugins: tuple[str, ...] = ()  # its plugins it adds unless told not to: turned off
    templates_package: str = "material"  # whose templates/partials/javascripts write the inline scripts
    # The theme's files every page loads (the service worker stores them: render/offline_app.py).
    shell_files: tuple[str, ...] = (
        "assets/stylesheets/main.*.min.css",
        "assets/stylesheets/palette.*.min.css",
        "assets/javascripts/bundle.*.min.js",
        "assets/javascripts/workers/search.*.min.js",
    )

    def command(self, config: Path, out: Path | None) -> list[str]:
        """The strict clean build of `config` (into `out`, when the engine is told where)."""
        if self.own_folder:  # its site_dir is in its config
            return [sys.executable, "-m", self.module, "build", "--strict", "--clean", "-f", str(config)]
        return [sys.executable, "-m", self.module, "build", "--strict", "--clean", "-f", str(config), "-d", str(out)]

    @property
    def incremental(self) -> bool:
        """Whether the build reuses, rebuilds and splits languages (`pipeline.build`)."""
        return self.name == DEFAULT

    def templates(self) -> Path:
        """The folder of the theme templates the engine renders pages with."""
        module = __import__(self.templates_package)
        return Path(module.__file__).parent / "templates"


ENGINES = {
    "mkdocs": Engine("mkdocs", "mkdocs", "mkdocs"),
    "properdocs": Engine("properdocs", "properdocs", "properdocs"),
    "zensical": Engine(
        "zensical",
        "zensical",
        "zensical",
        own_folder=True,
        # Its own search would mount itself on the search box (theme/partials/search.html).
        settings={"theme": {"variant": "classic"}, "extra": {"engine_search": False}},
        off_plugins=("search",),
        templates_package="zensical",
        # Its classic variant's stylesheets (its modern variant's are in stylesheets/modern/).
        shell_files=(
            "assets/stylesheets/classic/main.*.min.css",
            "assets/stylesheets/classic/palette.*.min.css",
            "assets/javascripts/bundle.*.min.js",
            "assets/javascripts/workers/search.*.min.js",
        ),
    ),
}
