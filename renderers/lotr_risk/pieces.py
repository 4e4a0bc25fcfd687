"""What a view puts on the map: battalion badges, leader, stronghold and site marks, the Ring,
and the highlights (outlines, the last attack's arrow). Sprites are cached by their look."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common.cellmap import Point
from renderers.common.colours import RGB, mix
from renderers.common.fonts import font
from renderers.common.shapes import curved_arrow, paste_sprite, supersampled

from .layout import MapLayout, raster
from .theme import STYLES, MapStyle, ink_on

COUNT_HALO = 1  # pixels of contrasting outline around a battalion count


@lru_cache(maxsize=512)
def badge_sprite(fill: RGB, text: str, diameter: int, size: int) -> Image.Image:
    """A round battalion badge with its count (outlined in a contrasting shade of ``fill``)."""
    pad = 3
    full = diameter + 2 * pad
    edge = mix(fill, (255, 255, 255), 0.75) if sum(fill) < 200 else (252, 248, 238)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse(
            (pad * s - s, pad * s + 0.5 * s, (pad + diameter) * s + s, (pad + diameter + 2) * s),
            fill=(0, 0, 0, 90),
        )
        draw.ellipse((pad * s, pad * s, (pad + diameter) * s, (pad + diameter) * s), fill=(25, 20, 15, 255))
        inset = 1.3 * s
        draw.ellipse(
            (pad * s + inset, pad * s + inset, (pad + diameter) * s - inset, (pad + diameter) * s - inset),
            fill=(*edge, 255),
        )
        inset = 3.0 * s
        draw.ellipse(
            (pad * s + inset, pad * s + inset, (pad + diameter) * s - inset, (pad + diameter) * s - inset),
            fill=(*fill, 255),
        )

    sprite = supersampled((full, full), paint)
    current = size
    face = font("bold", current)
    while current > 9 and face.getlength(text) + 2 * COUNT_HALO > diameter - 6:
        current -= 1
        face = font("bold", current)
    ink = ink_on(fill)
    halo = mix(fill, (255 - ink[0], 255 - ink[1], 255 - ink[2]), 0.6)  # toward the opposite of the ink
    ImageDraw.Draw(sprite).text(
        (full / 2, full / 2 + 0.5),
        text,
        font=face,
        fill=ink,
        anchor="mm",
        stroke_width=COUNT_HALO,
        stroke_fill=halo,
    )
    return sprite


def _crown(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float) -> None:
    left, top, right, bottom = (v * s for v in box)
    w, h = right - left, bottom - top
    points = [
        (left, bottom),
        (left, top + h * 0.25),
        (left + w * 0.25, top + h * 0.55),
        (left + w * 0.5, top),
        (left + w * 0.75, top + h * 0.55),
        (right, top + h * 0.25),
        (right, bottom),
    ]
    draw.polygon(points, fill=(246, 200, 60, 255), outline=(60, 40, 10, 255), width=max(1, round(s)))


def _tower(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float) -> None:
    left, top, right, bottom = (v * s for v in box)
    w, h = right - left, bottom - top
    step = w / 5
    points = [(left, bottom), (left, top)]
    for i in range(5):
        y = top if i % 2 == 0 else top + h * 0.25
        points += [(left + step * i, y), (left + step * (i + 1), y)]
    points += [(right, top), (right, bottom)]
    draw.polygon(points, fill=(200, 196, 186, 255), outline=(30, 26, 22, 255), width=max(1, round(s)))
    door = (left + w * 0.36, top + h * 0.55, right - w * 0.36, bottom)
    draw.rectangle(door, fill=(30, 26, 22, 255))


def _star(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float) -> None:
    left, top, right, bottom = (v * s for v in box)
    cx, cy, r = (left + right) / 2, (top + bottom) / 2 + (bottom - top) * 0.04, (right - left) / 2
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=(255, 244, 200, 255), outline=(70, 50, 10, 255), width=max(1, round(s)))


@lru_cache(maxsize=32)
def mark_sprite(kind: str, size: int) -> Image.Image:
    """A leader (crown), stronghold (tower) or site of power (star) mark."""
    pad = 1
    draw_mark = {"leader": _crown, "stronghold": _tower, "site": _star}[kind]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw_mark(draw, (pad, pad + 0.5, size + pad, size + pad - 0.5), s)

    return supersampled((size + 2 * pad, size + 2 * pad), paint)


@lru_cache(maxsize=8)
def ring_sprite(size: int, faded: bool = False) -> Image.Image:
    """The One Ring: a gold band."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        outer, band = size * s, size * s * 0.24
        alpha = 130 if faded else 255
        draw.ellipse((s, s, outer - s, outer - s), fill=(40, 26, 4, alpha))
        draw.ellipse((2 * s, 2 * s, outer - 2 * s, outer - 2 * s), fill=(250, 206, 70, alpha))
        draw.ellipse(
            (2 * s + band, 2 * s + band, outer - 2 * s - band, outer - 2 * s - band), fill=(40, 26, 4, alpha)
        )
        draw.ellipse(
            (3 * s + band, 3 * s + band, outer - 3 * s - band, outer - 3 * s - band), fill=(0, 0, 0, 0)
        )
        draw.arc(
            (3.5 * s, 3.5 * s, outer - 3.5 * s, outer - 3.5 * s),
            200,
            290,
            fill=(255, 248, 210, alpha),
            width=round(1.6 * s),
        )

    return supersampled((size, size), paint)


def draw_badge(
    image: Image.Image,
    layout: MapLayout,
    territory: Mapping[str, Any],
    colour: RGB,
    *,
    lotr: bool,
) -> None:
    """The battalion badge of one territory, with its marks (lotr mode) beside it."""
    style = STYLES[layout.name]
    label = layout.labels[str(territory["id"])]
    x, y = label.badge
    sprite = badge_sprite(colour, str(int(territory.get("troops") or 0)), style.badge, style.count_size)
    paste_sprite(image, sprite, (x - sprite.width / 2, y - sprite.height / 2))
    if not lotr:
        return
    icon = mark_sprite("leader", style.icon)
    half = style.badge / 2 + 1
    leaders = max(0, int(territory.get("leaders") or 0))
    for index in range(min(leaders, 2)):
        top = (
            y - icon.height + 1 if leaders > 1 and index == 0 else (y if leaders > 1 else y - icon.height / 2)
        )
        paste_sprite(image, icon, (x + half, top))
    left_marks = [kind for kind in ("stronghold", "site") if territory.get(kind)]
    for index, kind in enumerate(left_marks):
        mark = mark_sprite(kind, style.icon)
        top = y - mark.height / 2 if len(left_marks) == 1 else y - mark.height + 1 if index == 0 else y
        paste_sprite(image, mark, (x - half - mark.width, top))


def draw_static_marks(image: Image.Image, layout: MapLayout, territory: Mapping[str, Any]) -> None:
    """Stronghold and site marks of an empty territory (no badge yet)."""
    style = STYLES[layout.name]
    x, y = layout.labels[str(territory["id"])].badge
    marks = [kind for kind in ("stronghold", "site") if territory.get(kind)]
    for index, kind in enumerate(marks):
        mark = mark_sprite(kind, style.icon)
        offset = (index - (len(marks) - 1) / 2) * (mark.width + 2)
        paste_sprite(image, mark, (x + offset - mark.width / 2, y - mark.height / 2))


def draw_ring(image: Image.Image, layout: MapLayout, ring: Mapping[str, Any]) -> None:
    style = STYLES[layout.name]
    at = next((space.at for space in layout.ring_path if space.territory == ring.get("territory")), None)
    if at is None:
        return
    sprite = ring_sprite(style.ring + 4, bool(ring.get("done")))
    glow = sprite.getchannel("A").filter(ImageFilter.GaussianBlur(3))
    halo = Image.new("RGBA", sprite.size, (255, 236, 150, 0))
    halo.putalpha(glow.point(lambda v: min(255, v * 2) * 3 // 4))
    paste_sprite(image, halo, (at[0] - sprite.width / 2, at[1] - sprite.height / 2))
    paste_sprite(image, sprite, (at[0] - sprite.width / 2, at[1] - sprite.height / 2))


# -- highlights ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def outline_sprite(
    layout: MapLayout, territory: str, colour: RGB, width: int
) -> tuple[Image.Image, tuple[int, int]]:
    """A coloured outline of a territory's cell, and where it goes."""
    left, top, right, bottom = layout.labels[territory].box
    pad = width + 2
    box = (left - pad, top - pad, right + pad, bottom + pad)
    number = layout.number(territory)
    mask = raster(layout).crop(box).point(lambda v: 255 if v == number else 0)
    outer = mask.filter(ImageFilter.MaxFilter(2 * (width // 2) + 1))
    inner = mask.filter(ImageFilter.MinFilter(2 * (width - width // 2) + 1))
    edge = ImageChops.subtract(outer, inner)
    sprite = Image.new("RGBA", mask.size, (*colour, 0))
    sprite.putalpha(edge.filter(ImageFilter.BoxBlur(0.5)))
    return sprite, (box[0], box[1])


def draw_outline(image: Image.Image, layout: MapLayout, territory: str, colour: RGB, width: int) -> None:
    sprite, origin = outline_sprite(layout, territory, colour, width)
    image.alpha_composite(sprite, origin) if image.mode == "RGBA" else image.paste(sprite, origin, sprite)


def draw_arrow(image: Image.Image, start: Point, end: Point, colour: RGB, style: MapStyle) -> None:
    """A curved arrow from ``start`` to ``end`` (badge centres), stopping short of both badges."""
    curved_arrow(image, start, end, colour, style.badge)


def badge_of(layout: MapLayout, territory: str) -> Point:
    return layout.labels[territory].badge
