"""Every built page carries its Content Security Policy, and the policy allows
each inline script the page holds (content_policy.py writes both).

A page fails when its <head> does not begin with the policy (before any
script: a <meta> policy covers only what follows it), when the policy lacks
one of the directives every page's has (`REQUIRED`), when it has no referrer
policy, or when one of its inline scripts has a hash the policy does not list
(the browser would refuse to run it: the page breaks).

`policy_problems(page)` takes a parsed page (`check/page.py`) and returns
(line, code, message) problems; the check stage runs it on every page.
"""

from __future__ import annotations

from ..common.content_policy import NOT_FOUND_POLICY, TRUSTED_TYPES_POLICIES, policy, script_hash

# What every page's policy says, as the build writes it: each directive but
# script-src's hashes, which are the page's own, and the Trusted Types
# policies it allows: every page's, and on the not-found page of a site
# without a site_url one more (content_policy.NOT_FOUND_ROOT).
REQUIRED = tuple(d for d in policy().split("; ") if not d.startswith(("script-src", "trusted-types")))
_TRUSTED_TYPES = {
    policy(policies=names).split("; ")[-1] for names in (TRUSTED_TYPES_POLICIES, (*TRUSTED_TYPES_POLICIES, NOT_FOUND_POLICY))
}
_DATA_TYPES = {"application/json", "application/ld+json"}


def policy_problems(page) -> list[tuple[int, str, str]]:
    found = page.elements
    metas = [m for m in found.tag("meta") if (m.get("http-equiv") or "").lower() == "content-security-policy"]
    if not metas:
        return [(1, "no-policy", "the page carries no Content Security Policy (<meta http-equiv>)")]
    meta = metas[0]
    problems = []
    text = meta.get("content") or ""
    directives = {d.strip() for d in text.split(";") if d.strip()}
    missing = [d for d in REQUIRED if d not in directives]
    if not directives & _TRUSTED_TYPES:
        missing.append(sorted(_TRUSTED_TYPES)[0])
    if missing:
        problems.append((meta.sourceline or 1, "no-policy", f"its Content Security Policy lacks {'; '.join(missing)}"))
    scripts = found.tag("script")
    if scripts and (scripts[0].sourceline or 0) < (meta.sourceline or 0):
        problems.append((scripts[0].sourceline or 1, "no-policy", "a <script> comes before the Content Security Policy"))
    if not any((m.get("name") or "").lower() == "referrer" and m.get("content") for m in found.tag("meta")):
        problems.append((meta.sourceline or 1, "no-policy", "the page has no referrer policy (<meta name=referrer>)"))
    allowed = set(next((d.split()[1:] for d in directives if d.split()[0] == "script-src"), []))
    for script in scripts:
        if script.get("src") is not None or (script.get("type") or "").strip().lower() in _DATA_TYPES:
            continue
        body = script.text or ""
        if script_hash(body) not in allowed:
            problems.append(
                (
                    script.sourceline or 1,
                    "script-hash",
                    f"an inline script its policy does not list (the browser refuses it): {body.strip()[:60]!r}",
                )
            )
    return problems
