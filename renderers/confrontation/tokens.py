"""Piece tokens as cached sprites: face-down ("?") or face-up (name and strength).

A sprite is an RGBA image with a margin of :data:`MARGIN` pixels around the token (for its
shadow and marks); :func:`token_width` gives the width a face-up token wants.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common.colours import RGB, RGBA
from renderers.common.fonts import font
from renderers.common.shapes import eye_icon, supersampled
from renderers.common.text import fit_text

from . import theme

MARGIN = 4
RADIUS = 8
STRENGTH_FONT = 13
NAME_FONT = 12
EYE_SIZE = 18
DISC_RADIUS = 10


def short_forms(name: str) -> tuple[str, ...]:
    """Shorter forms of a character's name for tight spaces, longest first.

    >>> short_forms("The Flying Nazgûl")
    ('Flying Nazgûl', 'Nazgûl')
    >>> short_forms("Orcs (variant)")
    ('Orcs (v)', 'Orcs')
    >>> short_forms("Flying Nazgûl (variant)")
    ('Flying Nazgûl (v)', 'Flying Nazgûl', 'Nazgûl (v)', 'Nazgûl')
    >>> short_forms("Mouth of Sauron"), short_forms("Watcher in the Water")
    (('Mouth',), ('Watcher',))
    >>> short_forms("Frodo")
    ()
    """
    match = re.fullmatch(r"(.*?)\s*\(([^)]+)\)\s*", name)
    base, tag = (match.group(1), match.group(2)[:1]) if match else (name, "")
    if base.lower().startswith("the "):
        base = base[4:]
    cores = [base]
    words = base.split()
    connector = next((i for i, w in enumerate(words) if i and w.lower() in {"of", "in", "the"}), None)
    if connector is not None:
        cores.append(" ".join(words[:connector]))
    elif len(words) > 1:
        cores.append(words[-1])
    forms: list[str] = []
    for core in cores:
        for form in (f"{core} ({tag})", core) if tag else (core,):
            if form != name and form not in forms:
                forms.append(form)
    return tuple(forms)


def strength_text(strength: int) -> str:
    """Strength as printed on a tile (a true minus sign for Wormtongue's −1).

    >>> strength_text(-1)
    '−1'
    """
    return f"−{-strength}" if strength < 0 else str(strength)


def token_width(name: str, strength: int | None, *, marked: bool = False) -> int:
    """The width a face-up token wants for ``name`` (capped by the theme)."""
    text = font("condensed", NAME_FONT).getlength(name)
    wanted = (
        11 + (2 * DISC_RADIUS + 4 if strength is not None else 0) + text + (EYE_SIZE + 1 if marked else 0)
    )
    return int(min(theme.TOKEN_MAX_WIDTH, max(56, wanted)))


def _body(
    size: tuple[int, int], fill: RGB, edge: RGB, edge_width: float, *, ring: RGBA | None = None
) -> Image.Image:
    """A rounded token with its drop shadow, inside a sprite with a margin."""
    width, height = size

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        m = MARGIN * s
        draw.rounded_rectangle(
            (m, m + 2 * s, m + width * s, m + height * s + 2 * s), radius=RADIUS * s, fill=(0, 0, 0, 120)
        )
        if ring is not None:
            draw.rounded_rectangle(
                (m - 2.5 * s, m - 2.5 * s, m + (width + 2.5) * s, m + (height + 2.5) * s),
                radius=(RADIUS + 2.5) * s,
                fill=ring,
            )
        draw.rounded_rectangle(
            (m, m, m + width * s, m + height * s),
            radius=RADIUS * s,
            fill=fill,
            outline=edge,
            width=round(edge_width * s),
        )

    return supersampled((width + 2 * MARGIN, height + 2 * MARGIN + 2), paint)


@lru_cache(maxsize=64)
def hidden_token(side: str, height: int, width: int) -> Image.Image:
    """A face-down piece: only its side's colour and a "?"."""
    style = theme.STYLES[side]
    sprite = _body((width, height), style.fill, style.edge, 2)
    draw = ImageDraw.Draw(sprite)
    mark = theme.SAURON.accent if side == "sauron" else style.edge
    draw.text(
        (MARGIN + width / 2, MARGIN + height / 2 + 1), "?", font=font("serif", 18), fill=mark, anchor="mm"
    )
    return sprite


@lru_cache(maxsize=16)
def revealed_eye(size: int = EYE_SIZE) -> Image.Image:
    """The "the enemy has seen this piece" mark: a dark eye on a gold disc."""
    disc = supersampled(
        (size, size),
        lambda draw, s: draw.ellipse((0, 0, size * s - 1, size * s - 1), fill=(*theme.GOLD_BRIGHT, 255)),
    )
    eye = eye_icon(size - 4, (70, 40, 10, 255), (70, 40, 10, 255), (255, 246, 214, 255))
    disc.paste(eye, (2, 2), eye)
    return disc


@lru_cache(maxsize=512)
def known_token(
    side: str,
    name: str,
    strength: int | None,
    width: int,
    height: int = theme.TOKEN_HEIGHT,
    *,
    revealed: bool = False,
    fighting: bool = False,
) -> Image.Image:
    """A face-up piece with its name and strength.

    ``revealed`` marks one of the viewer's own pieces that the enemy has seen (gold ring and
    an eye); ``fighting`` rings a piece in the current battle in red.
    """
    style = theme.STYLES[side]
    ring = (*theme.BATTLE_RED, 255) if fighting else (*theme.GOLD_BRIGHT, 255) if revealed else None
    sprite = _body((width, height), style.fill, style.edge, 2, ring=ring)
    draw = ImageDraw.Draw(sprite)
    left, right, middle = MARGIN + 3, MARGIN + width - 4, MARGIN + height / 2
    if strength is not None:
        radius = min(DISC_RADIUS, height / 2 - 3)
        disc_x = left + radius
        draw.ellipse((disc_x - radius, middle - radius, disc_x + radius, middle + radius), fill=style.badge)
        text = strength_text(strength)
        size = STRENGTH_FONT if len(text) == 1 else STRENGTH_FONT - 2
        draw.text((disc_x, middle + 0.5), text, font=font("bold", size), fill=style.badge_text, anchor="mm")
        left = round(disc_x + radius + 3)
    if revealed:
        eye = revealed_eye()
        sprite.paste(eye, (right - EYE_SIZE + 2, round(middle - EYE_SIZE / 2)), eye)
        right -= EYE_SIZE
    face, label = fit_text(
        name, "condensed", right - left, NAME_FONT, min_size=9, alternatives=short_forms(name)
    )
    draw.text((left, middle + 0.5), label, font=face, fill=style.text, anchor="lm")
    return sprite
