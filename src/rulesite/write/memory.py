"""What the write stage (`write.stage.write`) and the fingerprints of what MkDocs
builds (`engine.built_from.language_keys`) worked out last time, for a process that
builds build after build (`memory.BuildMemory.write`): filed under what it
was made from, so that what is found is what would be made again."""

from __future__ import annotations


class WriteMemory:
    """What the write stage keeps between builds. Keeps: the files written (the
    very texts: a file that is the same object, or an equal text, is the same
    file) with each one's digest and the published docs generation's digests
    table, so that only the files that changed are looked at again; each
    language's service worker hashes, URL string and precache list (and the
    theme's files' digests, by their listing), its MkDocs config, and the
    titles of the pages written (for `engine.built_from.language_keys`).
    Also caches of files checked on every use against the files' identity
    (inode, size, time), so the same as reading them: the last docs digests
    table read or written, by its file's identity, and its JSON's pieces
    (`tables`), and the package's own asset files, by their listing
    (`package_files`); a build without serve's memory has one of its own
    (`Sequence`). Invalidated by: a file whose text is another object and
    unequal, a docs generation not the one it published; `forget` drops it
    all."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Nothing of earlier writes is kept: the next one looks at every file."""
        # Language -> what `offline_files` keeps of its last call (`render/offline_app.py`).
        self.offline: dict[str, dict] = {}
        # Language -> (its config's repr, its text as written), `write_config`'s.
        self.configs: dict[str, tuple] = {}
        # The file digest of a page -> `page_title` of its text.
        self.titles: dict[str, str] = {}
        # The last write's files (the very dict) and "language/path" -> digest of each,
        # which `language_keys` uses instead of reading the docs folder's `DIGESTS`.
        self.files: dict | None = None
        self.file_digests: dict[str, dict[str, str]] = {}
        # The digests table of the docs generation the last write published
        # (`render.site.written_digests`, the very dict): the files the last
        # write's `files` did not change are as it says.
        self.docs_digests: dict[str, str] | None = None
        # Language -> (its files' paths, sorted), while they are the same.
        self.order: dict[str, tuple[set, list]] = {}
        # The last docs digests table read or written, by its file's identity
        # ("file"), and the pieces of the last one made JSON ("json"): `render.site.write_docs`.
        self.tables: dict = {}
        # The package's own asset files' last listing (paths, sizes, times, inodes)
        # and their bytes (`engine.built_from.language_keys`).
        self.package_files: dict = {}
