"""The engines that turn the generated Markdown into the site: MkDocs (the
default), ProperDocs and Zensical (`engines.py` says what each needs,
`configs.py` writes the config each reads, `build.py` runs them)."""
