"""Piece tokens as cached sprites: face-down ("?"), face-up (name and strength), and the faded
"ghost" of a piece the last battle took away.

A sprite is an RGBA image with a margin of ``style.margin`` pixels around the token (for its
shadow, rings and the eye badge); :func:`token_width` gives the width a face-up token wants.
Names are never cut: a name too long for its token goes on two lines (split at a space or
after a hyphen), and shrinks only as a last resort (:func:`renderers.common.text.fit_lines`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from renderers.common.colours import RGB, RGBA, mix
from renderers.common.fonts import FontKind, font, text_kind
from renderers.common.shapes import eye_icon, supersampled
from renderers.common.text import fit_lines

from . import theme
from .theme import FULL_TOKENS, TokenStyle

#: The full layout's sprite margin (kept for callers that place full-size tokens).
MARGIN = FULL_TOKENS.margin
NAME_KIND: FontKind = "narrow"
#: Two lines of a name need about this many times the font size in height.
TWO_LINE_HEIGHT = 1.9
Result = Literal["defeated", "retreated"]
RESULT_MARKS: dict[str, str] = {"defeated": "✝", "retreated": "↩"}


def strength_text(strength: int) -> str:
    """Strength as printed on a tile (a true minus sign for Wormtongue's −1).

    >>> strength_text(-1)
    '−1'
    """
    return f"−{-strength}" if strength < 0 else str(strength)


def _name_left(style: TokenStyle, has_disc: bool) -> int:
    """Where the name starts, from the token's left edge."""
    return 3 + (2 * style.disc_radius + 4 if has_disc else 5)


def name_room(style: TokenStyle, width: int, has_disc: bool = True) -> int:
    """The width left for the name in a token ``width`` wide.

    >>> name_room(FULL_TOKENS, 100)
    67
    """
    return width - _name_left(style, has_disc) - 6


def token_width(name: str, strength: int | None, style: TokenStyle = FULL_TOKENS) -> int:
    """The width a face-up token wants for ``name`` on one line (capped by the style).

    >>> token_width("Frodo", 1), token_width("Mouth of Sauron", 3) == FULL_TOKENS.max_width
    (63, True)
    """
    face = font(text_kind(NAME_KIND, name), style.name_size)
    wanted = _name_left(style, strength is not None) + 6 + face.getlength(name)
    return int(min(style.max_width, max(style.min_width, wanted + 1)))


def fit_name(
    name: str, width: int, style: TokenStyle = FULL_TOKENS, *, has_disc: bool = True
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The font and lines of ``name`` in a token ``width`` wide: whole, on one or two lines.

    >>> face, lines = fit_name("Mouth of Sauron", 80)
    >>> lines
    ['Mouth of', 'Sauron']
    """
    two_line = min(style.two_line_size, int((style.height - 4) / TWO_LINE_HEIGHT))
    return fit_lines(
        name,
        text_kind(NAME_KIND, name),
        name_room(style, width, has_disc),
        style.name_size,
        min_size=style.name_min,
        two_line_size=two_line,
    )


def _body(
    size: tuple[int, int],
    style: TokenStyle,
    fill: RGB | RGBA,
    edge: RGB | RGBA,
    edge_width: float,
    *,
    ring: RGBA | None = None,
    shadow: int = 120,
) -> Image.Image:
    """A rounded token with its drop shadow, inside a sprite with a margin."""
    width, height = size
    margin, radius = style.margin, style.radius

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        m = margin * s
        if shadow:
            draw.rounded_rectangle(
                (m, m + 2 * s, m + width * s, m + height * s + 2 * s),
                radius=radius * s,
                fill=(0, 0, 0, shadow),
            )
        if ring is not None:
            draw.rounded_rectangle(
                (m - 2.5 * s, m - 2.5 * s, m + (width + 2.5) * s, m + (height + 2.5) * s),
                radius=(radius + 2.5) * s,
                fill=ring,
            )
        draw.rounded_rectangle(
            (m, m, m + width * s, m + height * s),
            radius=radius * s,
            fill=fill,
            outline=edge,
            width=round(edge_width * s),
        )

    return supersampled((width + 2 * margin, height + 2 * margin + 2), paint)


@lru_cache(maxsize=64)
def hidden_token(side: str, height: int, width: int, style: TokenStyle = FULL_TOKENS) -> Image.Image:
    """A face-down piece: only its side's colour and a "?"."""
    colours = theme.STYLES[side]
    sprite = _body((width, height), style, colours.fill, colours.edge, 2)
    draw = ImageDraw.Draw(sprite)
    mark = theme.SAURON.accent if side == "sauron" else colours.edge
    size = min(style.hidden_mark_size, round(height * 0.62))
    m = style.margin
    draw.text((m + width / 2, m + height / 2 + 1), "?", font=font("serif", size), fill=mark, anchor="mm")
    return sprite


@lru_cache(maxsize=16)
def revealed_eye(size: int = 18) -> Image.Image:
    """The "the enemy has seen this piece" mark: a dark eye on a gold disc."""
    disc = supersampled(
        (size, size),
        lambda draw, s: draw.ellipse(
            (0, 0, size * s - 1, size * s - 1), fill=(*theme.GOLD_BRIGHT, 255), outline=(70, 40, 10, 255)
        ),
    )
    eye = eye_icon(size - 4, (70, 40, 10, 255), (70, 40, 10, 255), (255, 246, 214, 255))
    disc.paste(eye, (2, 2), eye)
    return disc


def _draw_name(
    draw: ImageDraw.ImageDraw,
    left: float,
    middle: float,
    face: ImageFont.FreeTypeFont,
    lines: list[str],
    fill: RGB,
) -> None:
    if len(lines) == 1:
        draw.text((left, middle + 0.5), lines[0], font=face, fill=fill, anchor="lm")
        return
    pitch = face.size * 0.98
    for index, line in enumerate(lines):
        y = middle + (index - (len(lines) - 1) / 2) * pitch + 0.5
        draw.text((left, y), line, font=face, fill=fill, anchor="lm")


def _disc(
    draw: ImageDraw.ImageDraw,
    x: float,
    middle: float,
    radius: float,
    fill: RGB,
    text: str,
    size: int,
    ink: RGB,
) -> None:
    draw.ellipse((x - radius, middle - radius, x + radius, middle + radius), fill=fill)
    face = font("bold", size if len(text) == 1 else size - 3)
    draw.text((x, middle + 0.5), text, font=face, fill=ink, anchor="mm")


@lru_cache(maxsize=1024)
def known_token(
    side: str,
    name: str,
    strength: int | None,
    width: int,
    height: int | None = None,
    *,
    revealed: bool = False,
    fighting: bool = False,
    style: TokenStyle = FULL_TOKENS,
) -> Image.Image:
    """A face-up piece with its name and strength.

    ``revealed`` marks one of the viewer's own pieces that the enemy has seen (gold ring and an
    eye badge on the corner); ``fighting`` rings a piece in the current battle in red.
    """
    height = height or style.height
    colours = theme.STYLES[side]
    ring = (*theme.BATTLE_RED, 255) if fighting else (*theme.GOLD_BRIGHT, 255) if revealed else None
    sprite = _body((width, height), style, colours.fill, colours.edge, 2, ring=ring)
    draw = ImageDraw.Draw(sprite)
    m = style.margin
    middle = m + height / 2
    if strength is not None:
        radius = min(style.disc_radius, height / 2 - 3)
        disc_x = m + 3 + radius
        _disc(
            draw,
            disc_x,
            middle,
            radius,
            colours.badge,
            strength_text(strength),
            style.strength_size,
            colours.badge_text,
        )
    face, lines = fit_name(name, width, style, has_disc=strength is not None)
    _draw_name(draw, m + _name_left(style, strength is not None), middle, face, lines, colours.text)
    if revealed:
        eye = revealed_eye(style.mark_size)
        sprite.paste(eye, (m + width - style.mark_size + 5, m - 5), eye)
    return sprite


@lru_cache(maxsize=256)
def ghost_token(
    side: str, name: str, result: str, width: int, style: TokenStyle = FULL_TOKENS
) -> Image.Image:
    """The faded place of a piece the last battle took away: ``result`` "defeated" (a cross)
    or "retreated" (a return arrow), with its name."""
    colours = theme.STYLES[side]
    fill = (*colours.fill, 120)
    edge = (*mix(colours.edge, (0, 0, 0), 0.2), 200)
    sprite = _body((width, style.height), style, fill, edge, 1.5, shadow=0)
    draw = ImageDraw.Draw(sprite)
    m = style.margin
    middle = m + style.height / 2
    radius = min(style.disc_radius, style.height / 2 - 3)
    mark_fill = theme.BATTLE_RED if result == "defeated" else theme.INK_MUTED
    mark = RESULT_MARKS.get(result, "?")
    disc_x = m + 3 + radius
    draw.ellipse((disc_x - radius, middle - radius, disc_x + radius, middle + radius), fill=(*mark_fill, 235))
    draw.text(
        (disc_x, middle + 1), mark, font=font("bold", style.strength_size), fill=(255, 255, 255), anchor="mm"
    )
    ink = colours.text if side == "sauron" else mix(colours.text, colours.fill, 0.2)
    face, lines = fit_name(name, width, style)
    _draw_name(draw, m + _name_left(style, True), middle, face, lines, ink)
    return sprite
