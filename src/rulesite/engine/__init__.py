"""The engine step: what turns the generated Markdown into the site. MkDocs
(the default): the real, strict MkDocs build of every language (`driver.py`), a
large language shared by one process a core (`split_build.py`), a rebuild of
only the changed files in a process kept between builds (`rebuild.py`), and
the MkDocs calls both make (`mkdocs_calls.py`); what the step keeps between a
serve's builds (`memory.py`). ProperDocs and Zensical: `common/engines.py`
says what each needs, `configs.py` writes the config each reads, `build.py`
runs them (a clean build each time)."""
