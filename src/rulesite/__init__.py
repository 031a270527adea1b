"""rulesite: turns rule sources into a cross-linked MkDocs site.

Stages, one package each: read (sources -> model) -> resolve (merge, references,
checks) -> render (Markdown pages) -> build (MkDocs) -> check (the built site).
"""
