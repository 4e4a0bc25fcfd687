"""The shared rendering helpers: fonts, text fitting, colours, PNG encoding, dispatch."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderers import render_view, renderer_for
from renderers.common import encode_png, fit_text, font, fonts, mix, rgb, shapes, wrap_text
from renderers.common.blocks import Block, Chip
from renderers.common.fonts import FontKind


def _glyph(face_kind: FontKind, text: str) -> Image.Image:
    image = Image.new("L", (60, 40), 0)
    ImageDraw.Draw(image).text((5, 5), text, font=font(face_kind, 24), fill=255)
    return image


@pytest.mark.parametrize(
    "kind", ["sans", "bold", "condensed", "narrow", "serif", "serif_condensed", "italic"]
)
def test_shipped_fonts_draw_accented_names(kind: FontKind) -> None:
    # An accented letter must draw as itself: different from the bare letter and from the
    # "missing glyph" box that a font without it would show.
    missing = _glyph(kind, "\ue000")  # a private-use code point no font here covers
    for accented, bare in (("û", "u"), ("é", "e"), ("í", "i")):
        drawn = _glyph(kind, accented)
        assert ImageChops.difference(drawn, _glyph(kind, bare)).getbbox() is not None
        assert ImageChops.difference(drawn, missing).getbbox() is not None


def test_fit_text_shrinks_then_shortens_then_cuts() -> None:
    face, text = fit_text("The Flying Nazgûl", "bold", 1000, 14)
    assert (face.size, text) == (14, "The Flying Nazgûl")
    width = font("bold", 14).getlength("The Flying Nazgûl")
    face, text = fit_text("The Flying Nazgûl", "bold", width - 1, 14)
    assert face.size == 13 and text == "The Flying Nazgûl"
    face, text = fit_text(
        "The Flying Nazgûl", "bold", 80, 14, min_size=12, alternatives=("Flying Nazgûl", "Nazgûl")
    )
    assert face.getlength(text) <= 80 and text in ("Flying Nazgûl", "Nazgûl")
    face, text = fit_text("Mouth of Sauron", "bold", 30, 12, min_size=10)
    assert text.endswith("…") and face.getlength(text) <= 30


def test_wrap_text_respects_width_and_line_limit() -> None:
    face = font("sans", 14)
    text = "Frodo moved from Dagorlad to Mordor and the Fellowship wins the game at once"
    lines = wrap_text(text, face, 150)
    assert len(lines) > 2 and all(face.getlength(line) <= 150 for line in lines)
    assert " ".join(lines) == text
    cut = wrap_text(text, face, 150, max_lines=2)
    assert len(cut) == 2 and cut[-1].endswith("…")


def test_colour_helpers() -> None:
    assert rgb("#102030") == (16, 32, 48)
    assert mix((0, 0, 0), (100, 200, 50), 0.5) == (50, 100, 25)
    with pytest.raises(ValueError):
        rgb("#12345")


def test_encode_png_round_trips() -> None:
    image = Image.new("RGB", (30, 20), (10, 200, 30))
    decoded = Image.open(io.BytesIO(encode_png(image)))
    assert decoded.size == (30, 20)
    assert decoded.convert("RGB").getpixel((5, 5)) == (10, 200, 30)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "LA", "P", "1"])
def test_encode_png_keeps_every_pixel_of_every_mode(mode: str) -> None:
    # A busy picture (text, lines, gradients): the PNG decodes to exactly the same pixels.
    image = Image.new("RGB", (97, 41), (30, 60, 90))
    draw = ImageDraw.Draw(image)
    for x in range(0, 97, 3):
        draw.line((x, 0, 96 - x, 40), fill=(x * 2, 255 - x, x % 7 * 30))
    draw.text((4, 8), "Nazgûl 12", font=font("bold", 18), fill=(250, 240, 200))
    image = image.convert(mode)
    data = encode_png(image)
    Image.open(io.BytesIO(data)).verify()  # chunks and checksums as the format wants
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == mode and decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()


@pytest.mark.parametrize(
    ("anchor", "start", "stroke"),
    [(None, (5, 5), 0), ("mm", (40.5, 20.25), 0), ("ls", (3, 30), 2), ("rt", (77.7, 1.5), 0)],
)
def test_fonts_draw_and_measure_a_text_again_exactly_as_the_first_time(
    anchor: str | None, start: tuple[float, float], stroke: int
) -> None:
    # The fonts keep what they drew (renderers.common.fonts.CachedFont): a text drawn again,
    # anywhere and in any colour, has the pixels an uncached FreeType font gives it.
    cached = font("serif", 17)
    plain = ImageFont.truetype(cached.path, 17)
    for fill, text in [((255, 0, 0), "Minas Tirith"), ((0, 90, 255), "Minas Tirith"), ((9, 9, 9), "Sméagol")]:
        drawn = []
        for face in (cached, cached, plain):
            image = Image.new("RGB", (80, 40), (200, 190, 170))
            ImageDraw.Draw(image).text(
                start, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=(0, 0, 0)
            )
            drawn.append(image.tobytes())
        assert drawn[0] == drawn[1] == drawn[2]
        assert cached.getlength(text) == cached.getlength(text) == plain.getlength(text)


def test_the_fonts_keep_a_bounded_number_of_text_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "MASK_PIXELS", 5_000)
    face = font("sans", 20)
    for number in range(200):
        face.getmask2(f"Battalion {number}", "L")
    assert 0 < fonts._mask_pixels <= 5_000
    assert sum(m.size[0] * m.size[1] for m, _ in fonts._masks.values()) == fonts._mask_pixels


def test_block_measures_what_it_draws() -> None:
    block = Block(200)
    block.line("Title", font("serif", 16), (255, 255, 255))
    before = block.height
    chips = [Chip(f"Card {i}", (200, 200, 200), (0, 0, 0)) for i in range(12)]
    block.chips("Hand", chips, label_face=font("bold", 12), label_fill=(255, 255, 255), label_width=50)
    assert block.height > before + 2 * 21  # twelve chips need several lines in 150 px
    image = Image.new("RGB", (220, int(block.height) + 10), (0, 0, 0))
    block.render(image, 0, 0)
    bottom = image.crop((0, int(block.height) + 2, 220, image.height))
    assert bottom.getbbox() is None  # nothing drawn below the measured height


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no renderer"):
        render_view({"game": "chess"})
    assert callable(renderer_for("confrontation"))


@pytest.mark.parametrize(
    ("box", "edge", "radius"),
    [
        ((10, 12, 310, 212), (90, 70, 40), 10),
        ((3.4, 5.6, 160.2, 48.9), None, 13),
        ((0, 0, 20, 18), (1, 2, 3), 11),
    ],
)
def test_a_rounded_panel_has_the_pixels_of_its_whole_sprite(
    box: tuple[float, float, float, float], edge: tuple[int, int, int] | None, radius: float
) -> None:
    # rounded_panel fills the card's inside and pastes only its rim through the alpha: the
    # picture is exactly the one of pasting the whole sprite (small cards are pasted whole).
    fill = (236, 226, 200)
    background = Image.linear_gradient("L").resize((330, 230)).convert("RGB")
    expected, drawn = background.copy(), background.copy()
    size = (round(box[2] - box[0]), round(box[3] - box[1]))
    sprite = shapes.panel_sprite(size, fill, edge, radius)
    expected.paste(sprite, (round(box[0]), round(box[1])), sprite)
    shapes.rounded_panel(drawn, box, fill, edge, radius=radius)
    assert drawn.tobytes() == expected.tobytes()


def test_an_arrow_drawn_again_has_the_pixels_of_a_new_one_and_follows_its_colour_and_ends() -> None:
    # ``shapes.arrow_sprite`` keeps the arrows it drew: one drawn again (from the cache) is the
    # same as one drawn anew; another colour or other ends give another arrow.
    def drawn(start: tuple[float, float], end: tuple[float, float], colour: tuple[int, int, int]) -> bytes:
        image = Image.new("RGB", (160, 120), (200, 190, 170))
        shapes.curved_arrow(image, start, end, colour, 24)
        return image.tobytes()

    fresh = Image.new("RGB", (160, 120), (200, 190, 170))
    sprite, origin = shapes.arrow_sprite.__wrapped__((20.0, 30.0), (130.0, 90.0), (200, 30, 30), 24)
    shapes.paste_sprite(fresh, sprite, origin)
    first = drawn((20.0, 30.0), (130.0, 90.0), (200, 30, 30))
    assert drawn((20.0, 30.0), (130.0, 90.0), (200, 30, 30)) == first == fresh.tobytes()
    assert drawn((20.0, 30.0), (130.0, 90.0), (30, 30, 200)) != first
    assert drawn((20.0, 30.0), (120.0, 100.0), (200, 30, 30)) != first
