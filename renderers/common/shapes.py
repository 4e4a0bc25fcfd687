"""Anti-aliased shapes: drawn supersampled on a small patch, shrunk, then pasted.

Pillow's polygons have hard, jagged edges; drawing at 3x and shrinking gives smooth ones.
Patches are small (a token, an arrow's bounding box), so this stays cheap, and sprites that
repeat (tokens, badges) are cached by the renderers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .colours import RGB, RGBA

Point = tuple[float, float]
Painter = Callable[[ImageDraw.ImageDraw, float], None]

SCALE = 3


def supersampled(size: tuple[int, int], painter: Painter, *, scale: int = SCALE) -> Image.Image:
    """An RGBA sprite of ``size``: ``painter(draw, scale)`` draws it at ``scale`` times the size."""
    width, height = size
    big = Image.new("RGBA", (max(1, width * scale), max(1, height * scale)), (0, 0, 0, 0))
    painter(ImageDraw.Draw(big), float(scale))
    return big.resize((max(1, width), max(1, height)), Image.Resampling.BOX)


def paste_sprite(base: Image.Image, sprite: Image.Image, origin: tuple[float, float]) -> None:
    """Paste an RGBA ``sprite`` onto ``base`` with its alpha, top-left corner at ``origin``."""
    base.paste(sprite, (round(origin[0]), round(origin[1])), sprite)


def smooth_sprite(
    box: tuple[float, float, float, float],
    painter: Callable[[ImageDraw.ImageDraw, Callable[[Point], Point], float], None],
    *,
    scale: int = SCALE,
) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased shapes of ``painter`` inside ``box``, as an RGBA sprite and the
    top-left corner where it goes (so that callers may cache it)."""
    left, top = math.floor(box[0]) - 2, math.floor(box[1]) - 2
    right, bottom = math.ceil(box[2]) + 2, math.ceil(box[3]) + 2
    size = (right - left, bottom - top)

    def to_patch(point: Point) -> Point:
        return ((point[0] - left) * scale, (point[1] - top) * scale)

    sprite = supersampled(size, lambda draw, s: painter(draw, to_patch, s), scale=scale)
    return sprite, (left, top)


def draw_smooth(
    base: Image.Image,
    box: tuple[float, float, float, float],
    painter: Callable[[ImageDraw.ImageDraw, Callable[[Point], Point], float], None],
    *,
    scale: int = SCALE,
) -> None:
    """Draw anti-aliased shapes inside ``box`` of ``base``.

    ``painter(draw, to_patch, scale)`` receives a function mapping base coordinates to the
    supersampled patch's coordinates.
    """
    sprite, origin = smooth_sprite(box, painter, scale=scale)
    paste_sprite(base, sprite, origin)


def arrow_polygon(
    start: Point, end: Point, *, width: float, head_length: float, head_width: float
) -> list[Point]:
    """The outline of a straight arrow from ``start`` to ``end`` (the tip).

    >>> arrow_polygon((0, 0), (10, 0), width=2, head_length=4, head_width=6)[3]
    (10.0, 0.0)
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    neck = max(0.0, length - head_length)
    bx, by = start[0] + ux * neck, start[1] + uy * neck
    half, head = width / 2, head_width / 2
    return [
        (start[0] + nx * half, start[1] + ny * half),
        (bx + nx * half, by + ny * half),
        (bx + nx * head, by + ny * head),
        (float(end[0]), float(end[1])),
        (bx - nx * head, by - ny * head),
        (bx - nx * half, by - ny * half),
        (start[0] - nx * half, start[1] - ny * half),
    ]


def eye_polygon(centre: Point, width: float, height: float, steps: int = 16) -> list[Point]:
    """An almond (eye) outline centred on ``centre``."""
    cx, cy = centre
    upper = [
        (cx - width / 2 + width * i / steps, cy - height / 2 * math.sin(math.pi * i / steps))
        for i in range(steps + 1)
    ]
    lower = [(x, 2 * cy - y) for x, y in reversed(upper[1:-1])]
    return upper + lower


def eye_icon(size: int, outline: RGBA, iris: RGBA, white: RGBA) -> Image.Image:
    """A small eye (the "revealed to the opponent" mark) as an RGBA sprite."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        centre = (size * s / 2, size * s / 2)
        draw.polygon(eye_polygon(centre, size * s * 0.96, size * s * 0.62), fill=outline)
        draw.polygon(eye_polygon(centre, size * s * 0.78, size * s * 0.44), fill=white)
        radius = size * s * 0.19
        draw.ellipse(
            (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius), fill=iris
        )

    return supersampled((size, size), paint)


def scaled(points: Sequence[Point], to_patch: Callable[[Point], Point]) -> list[Point]:
    """``points`` mapped through ``to_patch`` (for :func:`draw_smooth` painters)."""
    return [to_patch(p) for p in points]


@lru_cache(maxsize=128)
def panel_sprite(
    size: tuple[int, int],
    fill: tuple[int, int, int],
    edge: tuple[int, int, int] | None = None,
    radius: float = 10,
    edge_width: float = 1.5,
) -> Image.Image:
    """A smooth rounded rectangle of ``size`` (a panel's card), cached by size and colours."""
    width, height = size

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, width * s - 1, height * s - 1),
            radius=radius * s,
            fill=(*fill, 255),
            outline=(*edge, 255) if edge else None,
            width=round(edge_width * s) if edge else 0,
        )

    return supersampled(size, paint, scale=2)


@lru_cache(maxsize=128)
def panel_parts(
    size: tuple[int, int],
    fill: tuple[int, int, int],
    edge: tuple[int, int, int] | None = None,
    radius: float = 10,
) -> tuple[tuple[tuple[int, int], Image.Image], ...]:
    """:func:`panel_sprite` cut into its rim (four bands, each with its offset) around a plain
    inside of ``fill``: pasting a large card through its alpha costs far more than filling its
    inside, which is opaque ``fill`` anyway. Empty when the card is too small to have an inside."""
    sprite = panel_sprite(size, fill, edge, radius)
    width, height = size
    rim = math.ceil(radius) + 3  # the rounded corners and the edge line, with room to spare
    if width <= 2 * rim or height <= 2 * rim:
        return ()
    inside = sprite.crop((rim, rim, width - rim, height - rim))
    if inside.getextrema() != tuple((v, v) for v in (*fill, 255)):
        return ()  # not a plain inside (never seen; the whole sprite is pasted then)
    boxes = (
        (0, 0, width, rim),
        (0, height - rim, width, height),
        (0, rim, rim, height - rim),
        (width - rim, rim, width, height - rim),
    )
    return tuple(((box[0], box[1]), sprite.crop(box)) for box in boxes)


def rounded_panel(
    base: Image.Image,
    box: tuple[float, float, float, float],
    fill: tuple[int, int, int],
    edge: tuple[int, int, int] | None = None,
    *,
    radius: float = 10,
) -> None:
    """Draw a rounded card filling ``box`` onto ``base`` (the same pixels as pasting
    :func:`panel_sprite` through its alpha)."""
    size = (round(box[2] - box[0]), round(box[3] - box[1]))
    left, top = round(box[0]), round(box[1])
    parts = panel_parts(size, fill, edge, radius)
    if not parts or base.mode != "RGB":
        sprite = panel_sprite(size, fill, edge, radius)
        base.paste(sprite, (left, top), sprite)
        return
    rim = parts[0][1].height
    base.paste(fill, (left + rim, top + rim, left + size[0] - rim, top + size[1] - rim))
    for (x, y), part in parts:
        base.paste(part, (left + x, top + y), part)


def _bezier(a: Point, control: Point, b: Point, steps: int = 24) -> list[Point]:
    return [
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * control[0] + t**2 * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * control[1] + t**2 * b[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def curved_arrow(image: Image.Image, start: Point, end: Point, colour: RGB, badge: float) -> None:
    """A curved arrow from ``start`` to ``end`` (badge centres), stopping short of badges ``badge``
    pixels wide; its head and width grow with ``badge``."""
    sprite, origin = arrow_sprite(start, end, colour, badge)
    paste_sprite(image, sprite, origin)


@lru_cache(maxsize=64)
def arrow_sprite(start: Point, end: Point, colour: RGB, badge: float) -> tuple[Image.Image, tuple[int, int]]:
    """The sprite of :func:`curved_arrow` and where it goes (cached: an attack or a march is
    drawn again on every board until the next; do not modify)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    gap = badge / 2 + 3
    a = (start[0] + ux * gap, start[1] + uy * gap)
    b = (end[0] - ux * gap, end[1] - uy * gap)
    bend = min(30.0, length * 0.18)
    control = ((a[0] + b[0]) / 2 - uy * bend, (a[1] + b[1]) / 2 + ux * bend)
    curve = _bezier(a, control, b)
    head = badge * 0.5
    tail = curve[-4]
    angle = math.atan2(b[1] - tail[1], b[0] - tail[0])
    tip = b
    left = (tip[0] - head * math.cos(angle - 0.5), tip[1] - head * math.sin(angle - 0.5))
    right = (tip[0] - head * math.cos(angle + 0.5), tip[1] - head * math.sin(angle + 0.5))
    shaft = curve[:-3]
    xs = [p[0] for p in curve] + [left[0], right[0]]
    ys = [p[1] for p in curve] + [left[1], right[1]]
    width = max(3.0, badge / 7)

    def paint(draw: ImageDraw.ImageDraw, to_patch: Any, s: float) -> None:
        line = [to_patch(p) for p in shaft]
        draw.line(line, fill=(30, 20, 10, 230), width=round((width + 3) * s), joint="curve")
        draw.polygon([to_patch(p) for p in (tip, left, right)], fill=(30, 20, 10, 230))
        draw.line(line, fill=(*colour, 255), width=round(width * s), joint="curve")
        inset = [
            (tip[0] - 2 * math.cos(angle), tip[1] - 2 * math.sin(angle)),
            (left[0] + 1.2 * math.cos(angle), left[1] + 1.2 * math.sin(angle)),
            (right[0] + 1.2 * math.cos(angle), right[1] + 1.2 * math.sin(angle)),
        ]
        draw.polygon([to_patch(p) for p in inset], fill=(*colour, 255))

    return smooth_sprite((min(xs) - 8, min(ys) - 8, max(xs) + 8, max(ys) + 8), paint)
