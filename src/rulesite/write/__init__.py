"""The write stage: the generated Markdown and each language's config written
into a fresh generation of the output folders (whose mechanics, shared with
render, MkDocs and check, are `common/output.py`), and what a warm build
remembers of the files it wrote (`memory.py`)."""
