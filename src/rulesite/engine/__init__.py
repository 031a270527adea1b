"""The MkDocs step: the real, strict MkDocs build of every language, a large
language shared by one process a core (`split_build.py`), a rebuild of only the
changed files in a process kept between builds (`rebuild.py`), and the MkDocs
calls both make (`mkdocs_calls.py`); what the step keeps between a serve's
builds (`memory.py`)."""
