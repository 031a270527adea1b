"""The files static hosts read from the site's root folder, made with the
pages (`docs/deploying.md` says how each host is set up):

- `_headers` (Netlify and Cloudflare Pages): the policy headers a `<meta>`
  cannot send on every response, long-lived immutable caching for the
  content-hashed files (a changed one gets a new name), and revalidation for
  the rest: the pages, `sw.js`, the data index.
- `.nojekyll` (GitHub Pages): serve the folder as it is, without Jekyll,
  which would leave out files and folders whose names start with `_` or `.`.

A nginx server block for a plain host, at the root or in a sub-folder, is in
the deployment guide; the tests serve the site with it and check that it
sends what `_headers` says.
"""

from __future__ import annotations


from ..common.engines import DEFAULT, ENGINES
from ..site_map.paths import language_root

# What every response should carry (the README's list: a `<meta>` cannot say
# frame-ancestors, and the other two are headers only).
POLICY_HEADERS = (
    ("Content-Security-Policy", "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
)
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# Folders of every language's assets whose files are all named by their content:
# Material's stylesheets and search worker, the preview images (render/og_image.py).
HASHED_FOLDERS = ("assets/stylesheets/", "assets/javascripts/workers/", "assets/og/")


def hashed_files(engine: str = DEFAULT) -> list[str]:
    """Material's script bundle and its map (or those of the theme `engine`
    builds with: common/engines.py), named by their content, beside files
    that are not (lunr/): each by its own name."""
    scripts = ENGINES[engine].templates() / "assets" / "javascripts"
    return sorted(f"assets/javascripts/{p.name}" for p in scripts.glob("bundle.*.min.js*"))


def headers_file(languages: list[str], engine: str = DEFAULT) -> str:
    """`_headers`: no header of a path comes from two rules but Cache-Control,
    which the later, narrower rule sets (Netlify takes the later one; see
    docs/deploying.md for Cloudflare Pages)."""
    lines = [
        "# Response headers for Netlify and Cloudflare Pages, made by rulesite build",
        "# (the deployment guide, deploying.html, says how each host reads it).",
        "/*",
        *(f"  {name}: {value}" for name, value in POLICY_HEADERS),
        f"  Cache-Control: {REVALIDATE}",
        "",
        "# Named by their content: a changed file has a new name.",
    ]
    for lang in languages:
        root = "/" + language_root(lang)
        for folder in HASHED_FOLDERS:
            lines += [f"{root}{folder}*", f"  Cache-Control: {IMMUTABLE}"]
        for path in hashed_files(engine):
            lines += [f"{root}{path}", f"  Cache-Control: {IMMUTABLE}"]
    return "\n".join(lines) + "\n"


# Their names, at the site's root; GitHub Pages: an empty file says "no Jekyll".
HEADERS_FILE = "_headers"
NOJEKYLL_FILE = ".nojekyll"
NOJEKYLL = ""
