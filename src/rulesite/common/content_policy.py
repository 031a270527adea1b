"""The Content Security Policy and referrer policy every page carries.

Static hosts may send no headers, so each page carries its policy itself, as
the first tags of its <head> (a <meta> policy covers only what follows it):

- scripts only from the site's own files, plus the inline scripts the page
  really holds, each allowed by its SHA-256 hash: Material's (its
  partials/javascripts templates, rendered here for each page's `base_url`,
  the one thing in them that differs from page to page) and the one line our
  forwarding pages run (their tags: `markup.policy_tags`);
- no plugins (`object-src 'none'`), no <base> (`base-uri 'none'`);
- Trusted Types enforced (`require-trusted-types-for 'script'`): a string put
  into innerHTML, document.write, a script's src or a javascript: URL fails in
  the browser. The policy every script runs under is `default`
  (assets/trusted-types.js): it turns a string into a script URL only for a
  script file of this site, into HTML only when it is markup that runs
  nothing, and into script never;
- no address sent to other sites (`referrer`: same-origin).

A <meta> policy cannot say frame-ancestors or where to report; the README
says what a host should send as headers. `check/content_policy.py` checks
every built page against its policy.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import jinja2

# The Trusted Types policies: assets/trusted-types.js's "default", the one every
# script runs under, and "rulesite-inert", which only its markup check can
# reach; core.js's "rulesite", which makes a script's address of what its
# siteUrl accepts.
TRUSTED_TYPES_POLICIES = ("default", "rulesite-inert", "rulesite")
REFERRER_POLICY = "same-origin"
# Deepest folder of a page below its language's root that the policies are made for.
_DEEPEST = 12
# The not-found page of a site without a site_url finds the site's folder with
# this inline script (its hash in that page's policy alone), which loads the
# page's scripts from there under a Trusted Types policy of its own.
NOT_FOUND_ROOT = Path(__file__).parents[1] / "render" / "not_found_root.js"
NOT_FOUND_POLICY = "rulesite-not-found"


@cache
def not_found_root_script() -> str:
    """The text of the not-found page's inline script that finds the site's folder."""
    return NOT_FOUND_ROOT.read_text(encoding="utf-8")


def script_hash(text: str) -> str:
    """The CSP source that allows an inline script whose text is `text`."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(inline_scripts=(), policies=TRUSTED_TYPES_POLICIES) -> str:
    """The policy of a page whose inline scripts are `inline_scripts` (their
    texts) and whose scripts may make the Trusted Types policies `policies`."""
    hashes = "".join(" " + h for h in dict.fromkeys(map(script_hash, inline_scripts)))
    directives = [
        "default-src 'self'",
        f"script-src 'self'{hashes}",
        "style-src 'self'",
        # Material's stylesheets draw their icons from data: SVG images.
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "require-trusted-types-for 'script'",
        "trusted-types " + " ".join(policies),
    ]
    return "; ".join(directives)


def theme_policies(config: dict, templates: Path | None = None) -> dict[str, str]:
    """The policy of each page MkDocs renders with Material (or the engine
    whose templates are in the folder `templates`: `engine/`), by its `base_url`
    (theme/main.html looks its own up): ".", "..", "../.." ... for pages, and
    the site's path for the not-found page, or, without a site_url, "" (its
    links relative to the address's folder: theme/404.html), where it also
    runs `NOT_FOUND_ROOT`."""
    bases = ["."] + ["/".join([".."] * depth) for depth in range(1, _DEEPEST + 1)]
    policies = {base: policy(material_inline_scripts(base, config, templates)) for base in bases}
    if config.get("site_url"):
        found = urlsplit(config["site_url"]).path or "/"
        policies[found] = policy(material_inline_scripts(found, config, templates))
    else:  # the not-found page finds the site's folder (NOT_FOUND_ROOT)
        scripts = [*material_inline_scripts("", config, templates), not_found_root_script()]
        policies[""] = policy(scripts, (*TRUSTED_TYPES_POLICIES, NOT_FOUND_POLICY))
    return policies


def material_inline_scripts(base_url: str, config: dict, templates: Path | None = None) -> list[str]:
    """The texts of the inline scripts Material's base.html writes into a page
    at `base_url`, rendered from the installed theme's own templates with
    the conditions under which base.html includes each."""
    extra = config.get("extra") or {}
    features = (config.get("theme") or {}).get("features") or []
    included = {
        "base.html": True,
        "content.html": True,
        "palette.html": isinstance((config.get("theme") or {}).get("palette"), list),
        "announce.html": "announce.dismiss" in features,
        "outdated.html": bool(extra.get("version")),
        "consent.html": bool(extra.get("consent")),
    }
    values = {"config": {"extra": extra}, "base_url": base_url, "features": features}
    scripts = []
    for name, source in _theme_scripts(templates).items():
        if not included.get(name, True):
            continue
        html = _ENVIRONMENT.from_string(source).render(values)
        scripts += [part.split(">", 1)[1] for part in html.split("</script>")[:-1]]
    return scripts


# Material's templates are plain Jinja; undefined values are errors, so that a
# template needing more than is given here fails the build instead of a hash being wrong.
_ENVIRONMENT = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)


@cache
def _theme_scripts(templates: Path | None = None) -> dict[str, str]:
    if templates is None:
        import material

        templates = Path(material.__file__).parent / "templates"
    folder = templates / "partials" / "javascripts"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.html"))}
