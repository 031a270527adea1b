"""What the render stage keeps between the builds of one process (`rulesite
serve`; `memory.BuildMemory.render`)."""

from __future__ import annotations


class RenderMemory:
    """Keeps:

    - `jobs`: each reusable render job's fingerprint and pages
      (`render/reuse.py`, from what the job declares it reads,
      `render/job_inputs.py`); of a document's published data, a digest of
      each file's data (`export.files.data_again`);
    - `heavy`: each section's part of those fingerprints, by what it was made
      from; `texts`: the digest of every document as the last render saw them;
    - `share_pages`: the share pages each reusable job made, by their
      arguments (`render.share.remembering`);
    - `bundles`: each language's history bundle with the history files it
      was made of; `offline`: each language's offline bundles, by folder;
    - `words`: each language's word index's part made of the section pages;
    - `previews`: each language's preview files with the data each was made
      of (`render.share.preview_files`);
    - `marked`: each page's text before and after its language marker
      (`render.languages.mark_missing_translations`);
    - `og_names`: the names in the preview images' folder, listed once
      (`render/og_image.py`, by way of `Context.og_names`; a name found
      missing is drawn again). A forked render worker adds to its own copy:
      the parent's stays as it listed it (`Sequence` gives a build without
      serve's memory one of its own).

    Invalidated by: another fingerprint (a job's declared inputs changed) or
    other arguments, texts or data, found by comparing them. `forget` drops
    it all. The preview images drawn are kept on disk, in a store by what
    they show and what draws them (`Settings.image_store`,
    `og_image.store_folder`), which clean builds take them from too.

    Not here, on purpose (`tests/test_memory.py`): `share._given`, `_made`,
    set only while a job runs, to this memory's `share_pages` and what the
    job made of them; `og_image._advances`, `_masks`, glyph widths and
    masks by font and word, and `_as_they_are`, the characters met that a
    font draws as they are: pure functions' caches, each giving what making
    it again gives."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        self.jobs: dict[tuple, tuple[str, dict]] = {}
        self.texts: bytes | None = None  # the digest of what the last render read of the rules
        self.heavy: dict = {}  # section key -> (what it was made from and read, its digest) (`reuse.Fingerprints`)
        self.share_pages: dict = {}  # job name -> share page's arguments -> (page, image path, image) (`render.share`)
        self.bundles: dict = {}  # language -> (history files, the bundle made of them) (`render.site`)
        self.offline: dict = {}  # language -> folder -> (offline files, their bundle) (`render.site._offline_bundles`)
        self.words: dict = {}  # language -> the rules' digest, its word index's sections part (`render.site.searched_words`)
        self.previews: dict = {}  # language -> preview file -> its data, text, bundle part (`render.share.preview_files`)
        self.marked: dict = {}  # (language, path) -> a page's text, its language marker's inputs, the two (`render.languages`)
        # Preview images' folder -> the names in it, listed once (`render.og_image`, by way of `Context.og_names`).
        self.og_names: dict[str, set[str]] = {}
