"""The picture a link preview shows (`og:image`): drawn at build time from the
item's own words, so a rule pasted into Discord or Reddit shows its number,
where it is from and the start of its text even where the embed's text is cut.

- What is drawn (`Preview`): a title (the number, or a question's or card's
  words), a line naming the game, document and edition, the start of the text
  (wrapped, the last line ending in "…" when more follows) and the site's name.
  The edition is drawn: an image travels alone (reposted, cropped, screenshot),
  and a judge must see which edition it quotes; a rule's short link and its
  pinned link of the current edition draw the same and share one file.
- One file per drawing (`assets/og/<hash>.png`): the hash is of what is drawn,
  line by line (after wrapping and clipping), so equal drawings are one file
  wherever they are used.
- A store of drawn files, by content, that every later build takes them from,
  clean builds included (`store_folder`): drawn the first time a build needs
  them. Its files lie in a folder named by what draws them (`code_digest`:
  this module's code, Pillow and its libraries, the font files' bytes), so
  that no image drawn by other drawing code is ever taken. Where it is:
  `$RULESITE_IMAGE_STORE`, else the build's own folder (`Settings.image_store`).
- Drawn with Pillow: a 4-colour palette image, no antialiasing (a third of the
  bytes of a greyscale one and faster to save), words rasterized once a process
  and pasted, a preview laid out once a process (its page names the image,
  a job draws it), the PNG data encoded as `Image.save` encodes it, between
  the chunks it writes (the same bytes, without its Python work for each).
  The font is Lato from MkDocs' own theme files (a pinned dependency: every
  accented Latin letter, dashes and quotes), else Pillow's built-in one. A
  character the font lacks is never drawn as an empty box: a card symbol's
  sign is dropped (its name follows it, `card_symbols.shown_text`), other
  characters are written by their decomposition or "?" (a text of characters
  met before and drawn as they are is taken at once). Text is drawn as it
  is: no markup is read and no direction is reordered (the basic layout).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import shutil
import unicodedata
import zlib
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import mkdocs
import PIL
from PIL import Image, ImageDraw, ImageFont, features

from ..site_map.paths import PREVIEW_IMAGES
from ..common.card_symbols import SYMBOLS

# 1.91:1, what Discord, Reddit and Twitter show large (summary_large_image), and
# Facebook's least size for a large preview; a chat app shows it 400-550 pixels
# wide. Measured on rule texts: 800 x 419 took twice as long to draw and save
# (10.6 against 5.1 ms on a loaded machine) and 6.3 KB against 3.9 KB.
WIDTH, HEIGHT = 600, 315
FOLDER = PREVIEW_IMAGES
# Bumped when the drawing changes, so that kept files drawn otherwise are not used.
DRAWING = "2"  # 2: the same pixels, encoded with COMPRESS_TYPE
MARGIN = 33
BAND = 39  # the site's name, on a dark band at the foot
# Light background, ink, muted ink, dark band.
PALETTE = [248, 248, 246, 24, 24, 27, 92, 96, 102, 38, 40, 46]
BACKGROUND, INK, MUTED, DARK = 0, 1, 2, 3
# zlib level 3: at 800 x 419, 0.7 ms and 4.8 KB for a full image, against 1.3 ms and 4.1 KB at 6.
COMPRESS_LEVEL = 3
# zlib's run-length strategy (Z_RLE): the rows are runs of one colour. Measured on
# 600 drawings of rule-like texts at 600 x 315: 0.47 ms and 3,484 bytes a file,
# against 0.61 ms and 3,813 bytes with the default strategy (and 0.98 ms and
# 3,349 bytes at level 6); the pixels are the same.
COMPRESS_TYPE = 3
ELLIPSIS = "…"
# Signs of card symbols: their names follow them in the text shown (shown_text).
SIGNS = {sign for sign, _ in SYMBOLS.values()}
# Sizes in pixels of each kind of text, and its line height.
SIZES = {"title": (33, 39), "title-small": (24, 29), "source": (16, 22), "text": (19, 26), "site": (15, 18)}
WORDS_KEPT = 50_000  # rasterized words a process keeps (hostile text could make them endless)


@dataclass(frozen=True)
class Preview:
    """What an image shows."""

    title: str  # "424.2.b", "424 Reveal", a FAQ question, a card's name
    source: str  # "Riftbound · Core Rules · v1.4"
    text: str  # the item's own words
    site: str  # the site's name


@dataclass(frozen=True)
class Drawn:
    path: str  # "assets/og/<hash>.png", from the language's site root
    data: bytes


_MATERIAL_FONTS = Path(mkdocs.__file__).parent / "themes" / "readthedocs" / "css" / "fonts"
FONT_FILES = ("lato-bold.woff", "lato-normal.woff")  # the titles', the other texts'


@cache
def font(kind: str) -> ImageFont.FreeTypeFont:
    size = SIZES[kind][0]
    name = FONT_FILES[0] if kind.startswith("title") else FONT_FILES[1]
    try:
        return ImageFont.truetype(str(_MATERIAL_FONTS / name), size, layout_engine=ImageFont.Layout.BASIC)
    except OSError:
        return ImageFont.load_default(size=size)


@cache
def fonts_named() -> tuple[str, ...]:
    """What the drawing depends on besides the words: the fonts and Pillow."""
    return (PIL.__version__, *(" ".join(font(kind).getname()) for kind in sorted(SIZES)))


@cache
def _missing_glyph(kind: str) -> tuple:
    return _glyph(kind, "\ue000")  # a private-use character: no font of ours draws one


def _glyph(kind: str, ch: str) -> tuple:
    f = font(kind)
    box = f.getbbox(ch)
    drawn = Image.new("1", (int(box[2]) + 1, int(box[3]) + 1), 0)
    ImageDraw.Draw(drawn).text((0, 0), ch, font=f, fill=1)
    return box, f.getlength(ch), drawn.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(kind: str, ch: str) -> bool:
    """Whether the font of `kind` draws `ch` (else it would draw its empty box)."""
    return ch.isspace() or _glyph(kind, ch) != _missing_glyph(kind)


@lru_cache(maxsize=4096)
def _drawable_char(kind: str, ch: str) -> str:
    category = unicodedata.category(ch)
    if category == "Cc" or category in ("Zl", "Zp") or ch.isspace():
        return " "
    if category == "Cf":  # direction marks, joiners: they draw nothing
        return ""
    if has_glyph(kind, ch):
        return ch
    if ch in SIGNS:
        return "->" if ch == "→" and has_glyph(kind, "-") else ""
    decomposed = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if decomposed and decomposed != ch and all(has_glyph(kind, c) for c in decomposed):
        return decomposed
    return "?"


# Font kind -> the characters met that `drawable` keeps as they are (spaces: it
# collapses them). Bounded by the fonts: at most the characters they draw.
_as_they_are: dict[str, set[str]] = {}


def drawable(kind: str, text: str) -> str:
    """`text` as the font of `kind` can draw it, its spaces collapsed."""
    text = unicodedata.normalize("NFC", text)
    known = _as_they_are.setdefault(kind, set())
    if not known.issuperset(text):
        known.update(ch for ch in set(text).difference(known) if ch.isspace() or _drawable_char(kind, ch) == ch)
        if not known.issuperset(text):
            return _drawable_each(kind, text)
    return " ".join(text.split())  # most texts: no character to look at one by one


def _drawable_each(kind: str, text: str) -> str:
    """`drawable` of an NFC `text`, a character at a time."""
    return " ".join("".join(_drawable_char(kind, ch) for ch in text).split())


_advances: dict[tuple[str, str], float] = {}
_masks: dict[tuple[str, str], tuple | None] = {}


def _advance(kind: str, word: str) -> float:
    """How far a word moves the pen, measured once a process."""
    found = _advances.get((kind, word))
    if found is None:
        if len(_advances) >= WORDS_KEPT:
            _advances.clear()
        found = _advances[(kind, word)] = font(kind).getlength(word)
    return found


def _mask(kind: str, word: str) -> tuple | None:
    """A word's 1-bit mask (from the line's top), rasterized once a process, as
    (its image's core, width, height): what pasting it reads, without Image's
    properties for each word drawn. None when it shows nothing."""
    found = _masks.get((kind, word), False)
    if found is not False:
        return found
    f = font(kind)
    right, bottom = f.getbbox(word)[2:]
    mask = None
    if right > 0 and bottom > 0:
        mask = Image.new("1", (int(right) + 1, int(bottom) + 1), 0)
        if isinstance(f, ImageFont.FreeTypeFont):
            _rasterize(mask, f, word)
        else:
            _rasterize_drawn(mask, f, word)
    if len(_masks) >= WORDS_KEPT:
        _masks.clear()
    found = _masks[(kind, word)] = (mask.im, mask.width, mask.height) if mask is not None else None
    return found


def _rasterize_drawn(mask: Image.Image, f: ImageFont.ImageFont | ImageFont.FreeTypeFont, word: str) -> None:
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"
    draw.text((0, 0), word, font=f, fill=1)


def _rasterize(mask: Image.Image, f: ImageFont.FreeTypeFont, word: str) -> None:
    """`_rasterize_drawn` as ImageDraw.text does it for one line at (0, 0), without
    its Python work (half a word's time): the same pixels, pinned by a test."""
    glyphs, (x, y) = f.getmask2(word, "1", anchor="la", ink=1, start=(0.0, 0.0), stroke_filled=True)
    width, height = glyphs.size
    mask.im.paste(1, (x, y, x + width, y + height), glyphs)


def _width(kind: str, words: list[str]) -> float:
    return sum(_advance(kind, w) for w in words) + _advance(kind, " ") * max(0, len(words) - 1)


def _pieces(kind: str, word: str, room: float) -> list[str]:
    """A word, cut where it reaches the line's end when it is longer than a line."""
    if _advance(kind, word) <= room:
        return [word]
    f = font(kind)
    out, piece = [], ""
    for ch in word:
        if piece and f.getlength(piece + ch) > room:
            out.append(piece)
            piece = ""
        piece += ch
    return [*out, piece] if piece else out


def wrap(kind: str, text: str, room: float, lines: int) -> list[str]:
    """At most `lines` lines of `text` no wider than `room`; the last ends in "…" when text is left over."""
    space = _advance(kind, " ")
    out: list[list[str]] = []
    line: list[str] = []
    width = 0.0
    for whole in drawable(kind, text).split():
        advance = _advance(kind, whole)
        if advance <= room:  # a word is measured once, its pieces only when it is longer than a line
            pieces = ((whole, advance),)
        else:
            pieces = [(piece, _advance(kind, piece)) for piece in _pieces(kind, whole, room)]
        for word, advance in pieces:
            if line and width + space + advance > room:
                out.append(line)
                if len(out) == lines:
                    return [" ".join(w) for w in out[:-1]] + [_ended(kind, out[-1], room)]
                line, width = [], 0.0
            width = width + space + advance if line else advance
            line.append(word)
    if line:
        out.append(line)
    return [" ".join(w) for w in out]


def _ended(kind: str, line: list[str], room: float) -> str:
    line = list(line)
    while len(line) > 1 and _width(kind, [*line[:-1], line[-1] + ELLIPSIS]) > room:
        line.pop()
    while line[-1] and _width(kind, [*line[:-1], line[-1] + ELLIPSIS]) > room:
        line[-1] = line[-1][:-1]  # one word as wide as the line
    return " ".join(line[:-1] + [line[-1] + ELLIPSIS])


def layout(preview: Preview) -> list[tuple[str, int, int, int, str]]:
    """What is drawn: (kind, x, y, colour, words) a line."""
    return list(_laid_out(preview)[0])


# A page names its image (`image_path`) and a job draws it (`image`), often in
# one process: laid out once. Bounded: a process lays out thousands.
@lru_cache(maxsize=1024)
def _laid_out(preview: Preview) -> tuple[tuple, str]:
    """`preview`'s layout, and the key of its drawing."""
    ops = _layout(preview)
    return tuple(ops), drawing_key(ops)


def _layout(preview: Preview) -> list[tuple[str, int, int, int, str]]:
    room = WIDTH - 2 * MARGIN
    ops = []
    y = 22
    title = wrap("title", preview.title, room, 2)
    if len(title) > 1:  # a question or a long name: smaller, on two lines
        title = wrap("title-small", preview.title, room, 2)
        kind = "title-small"
    else:
        kind = "title"
    for line in title:
        ops.append((kind, MARGIN, y, INK, line))
        y += SIZES[kind][1]
    y += 4
    for line in wrap("source", preview.source, room, 1):
        ops.append(("source", MARGIN, y, MUTED, line))
        y += SIZES["source"][1]
    y += 10
    height = SIZES["text"][1]
    fits = max(1, (HEIGHT - BAND - 9 - y) // height)
    for line in wrap("text", preview.text, room, fits):
        ops.append(("text", MARGIN, y, INK, line))
        y += height
    for line in wrap("site", preview.site, room, 1):
        ops.append(("site", MARGIN, HEIGHT - BAND + (BAND - SIZES["site"][1]) // 2, BACKGROUND, line))
    return ops


def draw(ops: list[tuple[str, int, int, int, str]]) -> bytes:
    """The PNG of a layout."""
    image = _blank().copy()
    # Image.paste checks and loads both images at every call, a third of the
    # drawing's time over thousands of words: the pasting is done on the images'
    # cores (what Image.paste calls), which are loaded and mutable here.
    core = image.im
    for kind, x, y, colour, line in ops:
        position = float(x)
        space = _advance(kind, " ")
        for word in line.split(" "):
            mask = _mask(kind, word)
            if mask is not None:
                left = int(round(position))
                mask_core, width, height = mask
                core.paste(colour, (left, y, left + width, y + height), mask_core)
            position += _advance(kind, word) + space
    return _png(image)


def _saved(image: Image.Image) -> bytes:
    """The PNG Pillow's `Image.save` writes of a drawing."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL, compress_type=COMPRESS_TYPE, bits=2)
    return out.getvalue()


# Image.save's Python work (its options read, the palette and chunks made) was
# a third of a drawing's PNG time: the image data is encoded here by the encoder
# it calls, with its arguments, between the chunks it writes before and after
# (the same for every drawing: one size, one palette). The same bytes, pinned by
# tests/render/test_og_image.py.
_ENCODER_ARGS = ("P;2", False, COMPRESS_LEVEL, COMPRESS_TYPE, b"")  # rawmode, optimize, level, strategy, dictionary
_ENCODER_BLOCK = 65536  # ImageFile.MAXBLOCK: each block the encoder gives is one IDAT chunk


def _png(image: Image.Image) -> bytes:
    head, tail = _png_frame()
    encoder = Image._getencoder(image.mode, "zip", _ENCODER_ARGS)
    parts = [head]
    try:
        encoder.setimage(image.im, (0, 0, WIDTH, HEIGHT))
        while True:
            status, data = encoder.encode(_ENCODER_BLOCK)[1:]
            parts.append(_chunk(b"IDAT", data))
            if status:
                break
    finally:
        encoder.cleanup()
    if status < 0:
        raise OSError(f"PNG encoder error {status}")
    parts.append(tail)
    return b"".join(parts)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(data, zlib.crc32(kind)).to_bytes(4, "big")


@cache
def _png_frame() -> tuple[bytes, bytes]:
    """What Image.save writes of a drawing before its image data (signature,
    header, palette) and after it (the end chunk)."""
    saved = _saved(_blank())
    at, head, tail = 8, b"", b""
    while at < len(saved):
        size = int.from_bytes(saved[at : at + 4], "big")
        kind = saved[at + 4 : at + 8]
        if kind == b"IDAT" and not head:
            head = saved[:at]
        elif kind != b"IDAT" and head:
            tail = saved[at:]
            break
        at += 12 + size
    return head, tail


@cache
def _blank() -> Image.Image:
    """The background and the dark band, made once a process and copied for each drawing."""
    image = Image.new("P", (WIDTH, HEIGHT), BACKGROUND)
    image.putpalette(PALETTE)
    image.paste(DARK, (0, HEIGHT - BAND, WIDTH, HEIGHT))
    return image


def drawing_key(ops) -> str:
    data = repr([DRAWING, WIDTH, HEIGHT, PALETTE, fonts_named(), ops])
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:24]


def image_path(preview: Preview) -> str:
    """Where `preview`'s image is, without drawing it: `image` gives its bytes."""
    return f"{FOLDER}/{_laid_out(preview)[1]}.png"


def image(preview: Preview, cache: str = "", names: dict | None = None) -> Drawn:
    """The image of `preview`: from `cache` (a folder of the store,
    `store_folder`) when it was drawn before, else drawn (and kept there).
    `names`: where the names in each such folder are kept once listed
    (`RenderMemory.og_names`, by way of `Context.og_names`)."""
    names = {} if names is None else names
    laid_out, key = _laid_out(preview)
    ops = list(laid_out)
    kept = os.path.join(cache, key + ".png") if cache else ""
    if kept and key + ".png" in _kept_names(cache, names):
        try:
            with open(kept, "rb") as file:
                data = file.read()
            _count("taken")
            return Drawn(f"{FOLDER}/{key}.png", data)
        except OSError:
            pass
    data = draw(ops)
    _count("drawn")
    if kept:
        _keep(kept, data)
        _kept_names(cache, names).add(key + ".png")
    return Drawn(f"{FOLDER}/{key}.png", data)


def _kept_names(cache: str, names: dict[str, set[str]]) -> set[str]:
    """The files kept in `cache`: listed when `names` has none of it yet (not a
    failed open for every image a clean build draws), then those it keeps. A
    name found missing is drawn again."""
    if cache not in names:
        try:
            names[cache] = set(os.listdir(cache))
        except OSError:
            names[cache] = set()
    return names[cache]


def _keep(path: str, data: bytes) -> None:
    """Written under another name, then renamed: a worker never reads half a file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    partial = f"{path}.{os.getpid()}.part"
    try:
        with open(partial, "wb") as file:
            file.write(data)
        os.replace(partial, path)
    except OSError:  # the cache is a saving, never a condition of the build
        try:
            os.unlink(partial)
        except OSError:
            pass


# The store's folders: one named by each `code_digest`, and the files kept
# directly in the store before it had folders (a drawing's key, `.png`).
_STORE_ENTRY = re.compile(r"[0-9a-f]{16}|[0-9a-f]{24}\.png(\.\d+\.part)?")


@cache
def code_digest() -> str:
    """A digest of what draws the images besides what they show: this
    module's code, Pillow's version and its libraries' (FreeType rasterizes,
    zlib encodes), the font files' bytes. Once a process (some 2 ms)."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for part in (PIL.__version__, features.version("freetype2"), features.version("zlib")):
        digest.update(f"\0{part}".encode())
    for name in FONT_FILES:
        try:
            digest.update(b"\0" + (_MATERIAL_FONTS / name).read_bytes())
        except OSError:  # Pillow's own font is drawn instead: its version says which
            digest.update(b"\0missing")
    return digest.hexdigest()[:16]


def store_folder(store: str | os.PathLike) -> str:
    """The folder of the store `store` whose images this drawing code drew
    (`code_digest`; given to `image` as its `cache`). The store's other
    folders, of other drawing code, are removed: they are never read again
    (one listing; a build sharing the store with other code draws its own)."""
    current = code_digest()
    try:
        found = os.listdir(store)
    except OSError:
        found = []
    for name in found:
        if name != current and _STORE_ENTRY.fullmatch(name):  # nothing but what a store holds is removed
            path = os.path.join(store, name)
            if os.path.isdir(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(path)
    return os.path.join(store, current)


# This process's images since its render began (`start_tally`): "drawn",
# "taken" from the store, and "process", whose they are (a forked worker's start at 0).
_tally: Counter = Counter()


def _count(outcome: str) -> None:
    if _tally["process"] != os.getpid():
        start_tally()
    _tally[outcome] += 1


def start_tally() -> None:
    """Images are counted from now, in this process and the workers it forks."""
    _tally.clear()
    _tally["process"] = os.getpid()


def _process_tally(_held=None) -> tuple[int, int, int]:
    """(this process's id, images drawn, images taken) since `start_tally`."""
    if _tally["process"] != os.getpid():
        return os.getpid(), 0, 0
    return os.getpid(), _tally["drawn"], _tally["taken"]


def tally(crew=None) -> tuple[int, int]:
    """(images drawn, images taken from the store) since `start_tally`, by
    this process and the workers of `crew` (a `workers.Crew`, which asks
    them); each process once."""
    found = [_process_tally(), *(crew.each(_process_tally) if crew is not None else [])]
    by_process = {process: (drawn, taken) for process, drawn, taken in found}
    return sum(d for d, _ in by_process.values()), sum(t for _, t in by_process.values())
