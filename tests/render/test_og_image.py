"""The preview images (render/og_image.py): drawn from the item's own words,
one file per drawing, never an empty box for a character the font lacks, and
hostile text drawn as it is and clipped."""

from __future__ import annotations

import io
import posixpath
import re
import unicodedata
from collections import Counter

import pytest
from PIL import Image, ImageDraw

from rulesite.common.card_symbols import shown_text
from rulesite.common.strings import t
from rulesite.render import og_image
from rulesite.render.og_image import HEIGHT, MARGIN, WIDTH, Preview, font, image, image_path, layout

SOURCE = "Riftbound · Core Rules · v1.4"
SITE = "Rules reference"
# Written for this test: what a hostile source could hold.
HOSTILE = (
    "<script>alert('x')</script> [[a]](javascript:x) &amp; \u202eevil\u202c \u200f\u200e\u2066x\u2069 "
    "\x00\x07\x1b[31m tab\there\r\nnew line \ufeff ١٢٣ עברית العربية 中文 😀 \U0010fffd " + "W" * 400 + " " + "word " * 2000
)


def png(data: bytes) -> Image.Image:
    shown = Image.open(io.BytesIO(data))
    shown.load()  # the whole file decodes
    return shown


def _drawn_alone(kind: str, ch: str) -> bytes:
    f = font(kind)
    box = f.getbbox(ch)
    drawn = Image.new("1", (int(box[2]) + 2, int(box[3]) + 2), 0)
    ImageDraw.Draw(drawn).text((0, 0), ch, font=f, fill=1)
    return drawn.tobytes()


def tofu(kind: str, line: str) -> list[str]:
    """The characters of `line` the font of `kind` draws as its empty box (as it draws a
    code point no font has), or not at all."""
    box = _drawn_alone(kind, "\U000e01ef")
    return [ch for ch in set(line) if not ch.isspace() and (_drawn_alone(kind, ch) == box or not any(_drawn_alone(kind, ch)))]


def test_an_image_is_a_png_of_the_declared_size_showing_number_source_text_and_site():
    preview = Preview("424.2.b", SOURCE, "When a player reveals a card, every player sees it.", SITE)
    drawn = image(preview)
    shown = png(drawn.data)
    assert shown.format == "PNG" and shown.size == (WIDTH, HEIGHT) and WIDTH / HEIGHT == pytest.approx(1.91, abs=0.01)
    words = [line for _, _, _, _, line in layout(preview)]
    assert words == ["424.2.b", SOURCE, "When a player reveals a card, every player sees it.", SITE]
    assert len(shown.getcolors()) >= 3  # ink on a background, the dark band


def test_equal_drawings_are_one_file_and_different_ones_are_not():
    a = Preview("424.2.b", SOURCE, "Text one.", SITE)
    assert image_path(a) == image_path(Preview("424.2.b", SOURCE, "Text   one.", SITE))  # the same words drawn
    assert image(a).path == image_path(a) and image_path(a).startswith("assets/og/")
    others = {Preview("424.2.c", SOURCE, "Text one.", SITE), Preview("424.2.b", SOURCE, "Text two.", SITE)}
    others.add(Preview("424.2.b", "Riftbound · Core Rules · v1.2", "Text one.", SITE))
    assert len({image_path(p) for p in [a, *others]}) == 4


def test_a_drawing_is_the_same_after_others_and_palette_png_with_its_four_colours():
    # Every drawing starts from one blank made once a process: none draws on another.
    a = layout(Preview("424.2.b", SOURCE, "When a player reveals a card, every player sees it.", SITE))
    b = layout(Preview("Why?", SOURCE, "W" * 300, SITE))
    first = og_image.draw(a)
    assert og_image.draw(b) != first and og_image.draw(a) == first
    shown = png(first)
    assert shown.mode == "P" and shown.getpalette()[:12] == og_image.PALETTE
    assert {colour for _, colour in shown.getcolors()} == {og_image.BACKGROUND, og_image.INK, og_image.MUTED, og_image.DARK}


def test_hostile_text_is_drawn_as_it_is_clipped_and_without_empty_boxes():
    preview = Preview(HOSTILE[:300], SOURCE + " " + HOSTILE[:80], HOSTILE, SITE)
    ops = layout(preview)
    shown = png(image(preview).data)
    assert shown.size == (WIDTH, HEIGHT)
    assert "<script>alert('x')</script>" in ops[2][4] or "<script>alert('x')</script>" in " ".join(o[4] for o in ops)
    for kind, x, y, _, line in ops:
        assert tofu(kind, line) == [], (kind, line)
        assert x + font(kind).getlength(line) <= WIDTH - MARGIN + 1, line  # clipped to the width
        assert 0 <= y < HEIGHT
        assert not any(ord(ch) < 32 or ch in "\u202e\u200f\u200e\u2066\ufeff" for ch in line), line
    text_lines = [line for kind, _, _, _, line in ops if kind == "text"]
    assert text_lines[-1].endswith("…") and len(text_lines) <= 6
    titles = [line for kind, _, _, _, line in ops if kind.startswith("title")]
    assert len(titles) <= 2 and titles[-1].endswith("…")


def test_card_symbols_are_drawn_as_their_names():
    text = shown_text("Pay [A][2] to ready it, [E]: draw.", "en")
    assert "✦" in text  # the page shows the sign; the font has none
    ops = layout(Preview("Test Card", "Riftbound · cards", text, SITE))
    body = " ".join(line for kind, _, _, _, line in ops if kind == "text")
    assert t("en", "symbol-any-power") in body and t("en", "symbol-exhaust") in body and "2" in body
    assert not set("✦⤵●◆⚔") & set(body)
    assert tofu("text", body) == []


def test_accented_letters_of_every_site_language_are_drawn_as_they_are():
    text = "Réponses officielles: ¿Puede él añadir «maná»? Œuvre, naïve, façade — ‘x’ … €"
    ops = layout(Preview("701.20", "Magic: The Gathering · Reglas", text, SITE))
    assert " ".join(line for kind, _, _, _, line in ops if kind == "text") == text
    assert tofu("text", text) == []


def test_a_kept_image_is_not_drawn_again(tmp_path, monkeypatch):
    preview = Preview("832.1", SOURCE, "Show Off.", SITE)
    first = image(preview, str(tmp_path))
    assert (tmp_path / first.path.rsplit("/", 1)[1]).read_bytes() == first.data

    def refuse(_ops):
        raise AssertionError("drawn again")

    monkeypatch.setattr(og_image, "draw", refuse)
    names: dict = {}
    assert image(preview, str(tmp_path), names=names) == first
    # Gone from the folder (removed by hand, or by a build of other drawing code) though listed once: drawn again.
    (tmp_path / first.path.rsplit("/", 1)[1]).unlink()
    with pytest.raises(AssertionError, match="drawn again"):
        image(preview, str(tmp_path), names=names)


def test_the_store_s_folder_is_named_by_the_drawing_code_and_only_its_own_others_go(tmp_path, monkeypatch):
    store = tmp_path / "store"
    older, legacy = store / "fedcba9876543210", store / f"{'a' * 24}.png"
    mine = [store / "notes.txt", store / "images", store / "0123"]
    for path in (older / "x.png", legacy, mine[0], mine[1] / "y.png", mine[2]):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"kept")
    folder = og_image.store_folder(store)
    assert folder == str(store / og_image.code_digest())
    assert not older.exists() and not legacy.exists(), "other drawing code's images go"
    assert all(path.exists() for path in mine), "nothing but what a store holds is removed"
    monkeypatch.setattr(og_image, "code_digest", lambda: "0123456789abcdef")
    assert og_image.store_folder(store) == str(store / "0123456789abcdef")


def test_the_drawing_code_s_digest_reads_the_code_and_the_fonts_bytes(monkeypatch, tmp_path):
    before = og_image.code_digest()
    assert og_image.code_digest() == before and len(before) == 16
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for name in og_image.FONT_FILES:
        (fonts / name).write_bytes((og_image._MATERIAL_FONTS / name).read_bytes() + b"\0")  # same names, other bytes
    monkeypatch.setattr(og_image, "_MATERIAL_FONTS", fonts)
    og_image.code_digest.cache_clear()
    try:
        assert og_image.code_digest() != before
    finally:
        og_image.code_digest.cache_clear()


def test_images_drawn_and_taken_are_counted_in_every_worker(tmp_path):
    from functools import partial

    from rulesite.common import workers

    previews = [Preview(f"{n}.1", SOURCE, f"Text number {n}.", SITE) for n in range(6)]
    folder = str(tmp_path)
    image(previews[0], folder)  # in the store before the count starts
    og_image.start_tally()
    jobs = [partial(lambda p: {"x": image(p, folder).path}, p) for p in previews]
    with workers.Crew() as crew:
        crew.run(jobs, 2)
        assert og_image.tally(crew) == (5, 1)
    with workers.Crew() as crew:  # a crew that runs its jobs here
        og_image.start_tally()
        crew.run(jobs[:1], 2)
        assert og_image.tally(crew) == (0, 1)


def test_a_render_draws_each_drawing_once_and_every_named_image_is_made(two_editions_ctx, monkeypatch):
    """The current edition's pinned links (`r/2/…`) show what its short links
    show: one drawing, made by the short links' job, named by both pages; an
    older edition's are drawn by its own."""
    from rulesite import sequence
    from rulesite.render.site import render_site

    drawn = Counter()
    real = og_image.draw

    def counting(ops):
        drawn[og_image.drawing_key(ops)] += 1
        return real(ops)

    monkeypatch.setattr(og_image, "draw", counting)
    files = render_site(two_editions_ctx, jobs=1, published=sequence.published_data(two_editions_ctx))["en"]
    assert drawn and max(drawn.values()) == 1, [k for k, n in drawn.items() if n > 1]
    images = {path for path in files if path.endswith(".png")}
    assert images == {f"{og_image.FOLDER}/{key}.png" for key in drawn}
    named = {}
    for path, page in files.items():
        if path.endswith(".html") and isinstance(page, str):
            for image in re.findall(r'<meta property="og:image" content="([^"]+)"', page):
                named[path] = posixpath.normpath(posixpath.join(posixpath.dirname(path), image))
    pinned_now = {p: i for p, i in named.items() if "/2/" in p}
    pinned_before = {p: i for p, i in named.items() if "/1/" in p}
    assert pinned_now and pinned_before
    assert set(named.values()) <= images
    # A current rule's pinned link and its short link name one file.
    short = {p.replace("/2/", "/"): i for p, i in pinned_now.items()}
    assert any(named.get(p) == i for p, i in short.items())


def _drawings() -> list[Preview]:
    """Many layouts: short and long texts, one to six lines, titles on one line and two, hostile text."""
    words = "When a player reveals a card, every player sees it. Réponses «maná» — ‘x’ … W 424.2.b".split()
    texts = [" ".join(words[(n * 7) % len(words) :] + words * (n % 9)) for n in range(60)]
    previews = [Preview(f"{n}.{n % 7}", SOURCE, text, SITE) for n, text in enumerate(texts)]
    previews += [Preview(text[:90], SOURCE, text, SITE) for text in texts[::6]]  # two-line titles
    previews += [Preview("", "", "", ""), Preview(HOSTILE[:300], SOURCE + " " + HOSTILE[:80], HOSTILE, SITE)]
    return previews


def test_a_drawing_is_the_png_image_save_writes():
    # draw encodes the image data itself between the chunks Image.save writes: the same bytes.
    for preview in _drawings():
        drawn = image(preview).data
        shown = png(drawn)
        assert drawn == og_image._saved(shown), preview


def test_drawable_takes_common_text_as_the_character_by_character_path_does():
    # The fast path (every character met before and kept as it is) gives what looking at each gives.
    common = "".join(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2000, 0x2030), 0x3000]))
    texts = [HOSTILE, common, common[::-1], "a\u0301 e\u0308 Œuvre — ‘x’ … €", "\x00a\x1cb\x85c\u2028d\u00a0e\t\r\n"]
    texts += [common[n::7] + HOSTILE[n * 13 : n * 13 + 40] for n in range(40)]
    texts += [shown_text("Pay [A][2] to ready it, [E]: draw → win.", "en"), "", " ", "\u200f"]
    for kind in og_image.SIZES:
        for text in texts + texts:  # the second time, every character has been met
            slow = og_image._drawable_each(kind, unicodedata.normalize("NFC", text))
            assert og_image.drawable(kind, text) == slow, (kind, text)
        assert set("Œuvre —‘’…€ \t\n") <= og_image._as_they_are[kind]  # the fast path is taken
        assert not {"\x00", "\u200f", "✦"} & og_image._as_they_are[kind]
        for ch in common:
            text = f"x{ch}y"
            slow = og_image._drawable_each(kind, unicodedata.normalize("NFC", text))
            assert og_image.drawable(kind, text) == slow, (kind, ch)


def test_a_word_is_rasterized_as_image_draw_text_draws_it():
    # _rasterize calls the font as ImageDraw.text does, without its Python work: the same pixels.
    texts = [HOSTILE[:600], "jW Œuvre — ‘x’ … € ¿Puede? façade 424.2.b «maná» gj,;_", shown_text("Pay [A][2]: → x", "en")]
    for kind in og_image.SIZES:
        f = font(kind)
        words = {word for text in texts for word in og_image.drawable(kind, text).split()}
        for word in words | {"j", "_", ",", "ÿ"}:
            right, bottom = f.getbbox(word)[2:]
            if right > 0 and bottom > 0:
                fast, drawn = (Image.new("1", (int(right) + 1, int(bottom) + 1), 0) for _ in range(2))
                og_image._rasterize(fast, f, word)
                og_image._rasterize_drawn(drawn, f, word)
                assert fast.tobytes() == drawn.tobytes(), (kind, word)


def test_a_preview_laid_out_once_is_laid_out_as_anew():
    # image_path and image take the layout kept for a preview: what laying it out again gives.
    for preview in _drawings()[::5]:
        kept = layout(preview)
        kept.append(("text", 0, 0, 0, "changed by a caller"))  # a caller's list, not the kept one
        assert layout(preview) == og_image._layout(preview)
        assert image_path(preview) == f"{og_image.FOLDER}/{og_image.drawing_key(og_image._layout(preview))}.png"
