"""Small anti-aliased sprites (cached by their look): settlement icons, control markers,
character markers, the Ring, action dice with their face symbols, Hunt tiles, the battle mark."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common.colours import RGB, RGBA, mix
from renderers.common.fonts import font, text_font
from renderers.common.shapes import eye_polygon, supersampled

from . import theme
from .words import current, english, mark, ptr

INK: RGBA = (38, 30, 22, 255)
STONE: RGBA = (236, 228, 208, 255)
STONE_SHADE: RGBA = (196, 186, 162, 255)

Box = tuple[float, float, float, float]


def _crenels(left: float, top: float, right: float, depth: float, count: int) -> list[tuple[float, float]]:
    """The top edge of a wall with ``count`` merlons, left to right."""
    step = (right - left) / (2 * count - 1)
    points = []
    for i in range(2 * count - 1):
        y = top if i % 2 == 0 else top + depth
        points += [(left + step * i, y), (left + step * (i + 1), y)]
    return points


def _settlement(draw: ImageDraw.ImageDraw, kind: str, size: float, s: float) -> None:
    w = max(1, round(1.1 * s))
    if kind == "town":
        draw.rectangle(
            (1.5 * s, 1.5 * s, (size - 1.5) * s, (size - 1.5) * s), fill=STONE, outline=INK, width=w
        )
        return
    if kind == "city":
        draw.rectangle(
            (1.5 * s, 1.5 * s, (size - 1.5) * s, (size - 1.5) * s), fill=STONE, outline=INK, width=w
        )
        inner = size * 0.3
        draw.rectangle((inner * s, inner * s, (size - inner) * s, (size - inner) * s), fill=INK)
        return
    if kind == "fortification":
        top, bottom = size * 0.28, size * 0.8
        wall = [(1.5, bottom), *_crenels(1.5, top, size - 1.5, size * 0.16, 4), (size - 1.5, bottom)]
        draw.polygon([(x * s, y * s) for x, y in wall], fill=STONE_SHADE, outline=INK, width=w)
        for x in (size * 0.33, size * 0.66):
            draw.line(((x * s, (top + size * 0.2) * s), (x * s, bottom * s)), fill=INK, width=w)
        return
    # stronghold: a keep with merlons and a gate on a shield-like base
    left, right = 1.5, size - 1.5
    top, shoulder = 1.5, size * 0.62
    outline = [
        (left, top + size * 0.2),
        *_crenels(left, top, right, size * 0.2, 3),
        (right, top + size * 0.2),
        (right, shoulder),
        (size / 2, size - 1.2),
        (left, shoulder),
    ]
    draw.polygon([(x * s, y * s) for x, y in outline], fill=STONE, outline=INK, width=w)
    gate = (size * 0.38 * s, size * 0.5 * s, size * 0.62 * s, size * 0.8 * s)
    draw.rounded_rectangle(gate, radius=size * 0.1 * s, fill=INK)


@lru_cache(maxsize=32)
def settlement_sprite(kind: str, stronghold_size: int) -> Image.Image:
    """A settlement icon: town (small square), city (larger square with a keep), stronghold
    (a castle on a shield), fortification (a wall)."""
    size = {"town": 0.62, "city": 0.8, "fortification": 1.0}.get(kind, 1.0) * stronghold_size
    pixels = max(6, round(size))

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        _settlement(draw, kind, pixels, s)

    return supersampled((pixels, pixels), paint)


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        angle = -math.pi / 2 + i * math.pi / points
        radius = r if i % 2 == 0 else r * inner
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


@lru_cache(maxsize=16)
def control_sprite(side: str, size: int) -> Image.Image:
    """A settlement control marker: the captor's colour with his emblem (the Eye for the
    Shadow, a white star for the Free Peoples)."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        draw.ellipse((s * 0.5, s * 0.5, size * s - s * 0.5, size * s - s * 0.5), fill=(250, 246, 236, 255))
        draw.ellipse(
            (s * 1.8, s * 1.8, size * s - s * 1.8, size * s - s * 1.8), fill=(*theme.SIDE_COLOURS[side], 255)
        )
        if side == theme.SHADOW:
            draw.polygon(eye_polygon((r, r), r * 1.35, r * 0.8), fill=(255, 200, 60, 255))
            pupil = r * 0.16
            draw.ellipse((r - pupil, r - pupil * 2.2, r + pupil, r + pupil * 2.2), fill=(20, 10, 5, 255))
        else:
            draw.polygon(_star(r, r * 1.04, r * 0.62), fill=(255, 255, 255, 255))

    return supersampled((size, size), paint)


CHARACTER_INITIALS = {
    "ring_bearers": "F",
    "gandalf_grey": "Ga",
    "gandalf_white": "GW",
    "strider": "St",
    "aragorn": "Ar",
    "boromir": "Bo",
    "legolas": "Le",
    "gimli": "Gi",
    "meriadoc": "Me",
    "peregrin": "Pi",
    "gollum": "Go",
    "witch_king": "WK",
    "saruman": "Sa",
    "mouth_of_sauron": "MS",
    "witch_king_chief": "WK",  # Twilight of the Third Age
    "balrog": "Ba",
    "galadriel": "Gl",
    "smeagol": "Sm",  # the Sméagol/Gollum piece on its Sméagol side
}
SHADOW_CHARACTERS = frozenset(("witch_king", "saruman", "mouth_of_sauron", "witch_king_chief", "balrog"))
#: Twilight of the Third Age characters drawn apart: (fill, rim, ink).
SPECIAL_LOOKS: dict[str, tuple[RGB, RGB, RGB]] = {
    "witch_king_chief": ((34, 24, 22), (214, 172, 48), (255, 226, 120)),  # the Chief: a gold crown rim
    "balrog": ((128, 34, 8), (255, 120, 20), (255, 232, 190)),  # flame
    "galadriel": ((255, 246, 206), (170, 196, 230), (40, 52, 96)),  # the Lady of Light
    "smeagol": ((214, 222, 196), (112, 140, 92), (30, 44, 24)),  # pale, a green rim
}


def initials(character: str) -> str:
    """A character's initials on his disc, in the language spoken (one character in Japanese and
    Chinese)."""
    if not english() and character in CHARACTER_INITIALS:
        return _said_initials()[character]
    return CHARACTER_INITIALS.get(character, character[:2].title())


def _said_initials() -> dict[str, str]:
    """The initials in another language (each by its own message: "Go" is Gollum's here)."""
    # i18n: a character's initials on his disc on the map: one or two letters, or one character
    return {
        "ring_bearers": ptr("initials", "F"),
        "gandalf_grey": ptr("initials", "Ga"),
        "gandalf_white": ptr("initials", "GW"),
        "strider": ptr("initials", "St"),
        "aragorn": ptr("initials", "Ar"),
        "boromir": ptr("initials", "Bo"),
        "legolas": ptr("initials", "Le"),
        "gimli": ptr("initials", "Gi"),
        "meriadoc": ptr("initials", "Me"),
        "peregrin": ptr("initials", "Pi"),
        "gollum": ptr("initials", "Go"),
        "witch_king": ptr("initials", "WK"),
        "saruman": ptr("initials", "Sa"),
        "mouth_of_sauron": ptr("initials", "MS"),
        "witch_king_chief": ptr("initials", "WK"),
        "balrog": ptr("initials", "Ba"),
        "galadriel": ptr("initials", "Gl"),
        "smeagol": ptr("initials", "Sm"),
    }


def character_sprite(character: str, size: int) -> Image.Image:
    """A character marker: a disc with his initials (Companions light with a blue rim, Minions
    dark with a red rim, Gandalf the White white), in the language spoken."""
    return _character_sprite(character, size, current())


@lru_cache(maxsize=128)
def _character_sprite(character: str, size: int, lang: str) -> Image.Image:
    shadow = character in SHADOW_CHARACTERS
    fill: RGB = (
        (34, 24, 22) if shadow else (250, 250, 250) if character == "gandalf_white" else (232, 228, 218)
    )
    rim: RGB = theme.SIDE_COLOURS[theme.SHADOW if shadow else theme.FREE]
    ink: RGB = (255, 236, 220) if shadow else (18, 22, 40)
    if character in SPECIAL_LOOKS:
        fill, rim, ink = SPECIAL_LOOKS[character]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse((0.3 * s, 0.8 * s, size * s - 0.3 * s, size * s), fill=(0, 0, 0, 90))
        draw.ellipse((0.5 * s, 0.5 * s, (size - 0.8) * s, (size - 0.8) * s), fill=(*rim, 255))
        draw.ellipse((2.2 * s, 2.2 * s, (size - 2.5) * s, (size - 2.5) * s), fill=(*fill, 255))

    sprite = supersampled((size, size), paint)
    text = initials(character)
    face = text_font("condensed", max(8, round(size * (0.5 if len(text) > 1 else 0.58))), text, lang)
    ImageDraw.Draw(sprite).text(
        ((size - 0.8) / 2, (size - 0.8) / 2 + 0.5), text, font=face, fill=ink, anchor="mm"
    )
    return sprite


@lru_cache(maxsize=8)
def ring_sprite(size: int, revealed: bool = False) -> Image.Image:
    """The Ring-bearers: the One Ring, a gold band (a red glow when the Fellowship is revealed)."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        outer = size * s
        if revealed:
            draw.ellipse((0, 0, outer, outer), fill=(210, 40, 30, 150))
        inset = size * 0.12 * s
        band = size * 0.2 * s
        draw.ellipse((inset, inset, outer - inset, outer - inset), fill=(50, 32, 4, 255))
        draw.ellipse((inset + s, inset + s, outer - inset - s, outer - inset - s), fill=(250, 206, 70, 255))
        hole = inset + band
        draw.ellipse((hole, hole, outer - hole, outer - hole), fill=(50, 32, 4, 255))
        draw.ellipse((hole + s, hole + s, outer - hole - s, outer - hole - s), fill=(0, 0, 0, 0))
        draw.arc(
            (inset + 1.6 * s, inset + 1.6 * s, outer - inset - 1.6 * s, outer - inset - 1.6 * s),
            200,
            290,
            fill=(255, 250, 215, 255),
            width=max(1, round(1.6 * s)),
        )

    return supersampled((size, size), paint)


@lru_cache(maxsize=8)
def battle_sprite(size: int) -> Image.Image:
    """Crossed swords on a red disc: the current battle."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse((0, 0, size * s, size * s), fill=(250, 240, 225, 255))
        draw.ellipse((1.5 * s, 1.5 * s, (size - 1.5) * s, (size - 1.5) * s), fill=(*theme.BATTLE_RED, 255))
        _swords(
            draw, (size * 0.2 * s, size * 0.2 * s, size * 0.8 * s, size * 0.8 * s), s, (255, 255, 255, 255)
        )

    return supersampled((size, size), paint)


def _swords(draw: ImageDraw.ImageDraw, box: Box, s: float, ink: RGBA) -> None:
    left, top, right, bottom = box
    w = max(1, round((right - left) * 0.12))
    for (x0, y0), (x1, y1) in (((left, bottom), (right, top)), ((right, bottom), (left, top))):
        draw.line(((x0, y0), (x1, y1)), fill=ink, width=w)
        # the guard, a quarter of the way up from the hilt
        gx, gy = x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25
        dx, dy = (y1 - y0) * 0.16, -(x1 - x0) * 0.16
        draw.line(((gx - dx, gy - dy), (gx + dx, gy + dy)), fill=ink, width=w)


# -- action dice ---------------------------------------------------------------------------------

FACES = ("character", "army", "muster", "army_muster", "event", "will", "eye")
#: The action dice's faces by name (the alt text's words; said with ``tr``).
FACE_NAMES = {
    "character": mark("Character"),
    "army": mark("Army"),
    "muster": mark("Muster"),
    "army_muster": mark("Army/Muster"),
    "event": mark("Event"),
    "will": mark("Will of the West"),
    "eye": mark("Eye"),
}


def _banner(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA, s: float) -> None:
    left, top, right, bottom = box
    w = right - left
    pole = left + w * 0.22
    draw.line(((pole, top), (pole, bottom)), fill=ink, width=max(1, round(w * 0.1)))
    flag = [
        (pole, top),
        (right, top + (bottom - top) * 0.12),
        (right - w * 0.18, top + (bottom - top) * 0.3),
        (right, top + (bottom - top) * 0.5),
        (pole, top + (bottom - top) * 0.55),
    ]
    draw.polygon(flag, fill=ink)


def _helmet(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA, hole: RGBA) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.chord((left, top, right, top + h * 1.3), 180, 360, fill=ink)
    draw.rectangle((left, top + h * 0.62, left + w * 0.3, bottom), fill=ink)
    draw.rectangle((right - w * 0.3, top + h * 0.62, right, bottom), fill=ink)
    draw.rectangle((left, top + h * 0.58, right, top + h * 0.72), fill=ink)
    draw.rectangle((left + w * 0.44, top + h * 0.6, right - w * 0.44, bottom), fill=ink)
    del hole


def _sword(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx = (left + right) / 2
    blade = [
        (cx - w * 0.1, top + h * 0.12),
        (cx, top),
        (cx + w * 0.1, top + h * 0.12),
        (cx + w * 0.1, top + h * 0.68),
        (cx - w * 0.1, top + h * 0.68),
    ]
    draw.polygon(blade, fill=ink)
    draw.rectangle((left + w * 0.12, top + h * 0.66, right - w * 0.12, top + h * 0.76), fill=ink)
    draw.rectangle((cx - w * 0.07, top + h * 0.76, cx + w * 0.07, bottom - h * 0.06), fill=ink)
    draw.ellipse((cx - w * 0.12, bottom - h * 0.12, cx + w * 0.12, bottom), fill=ink)


def _palantir(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA, glow: RGBA) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.ellipse((left + w * 0.1, top, right - w * 0.1, top + h * 0.78), fill=ink)
    draw.ellipse((left + w * 0.26, top + h * 0.14, left + w * 0.5, top + h * 0.36), fill=glow)
    draw.polygon(
        [
            (left + w * 0.2, bottom),
            (left + w * 0.32, top + h * 0.7),
            (right - w * 0.32, top + h * 0.7),
            (right - w * 0.2, bottom),
        ],
        fill=ink,
    )


def _eye(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA, pupil: RGBA) -> None:
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    w, h = right - left, bottom - top
    draw.polygon(eye_polygon((cx, cy), w, h * 0.62), fill=ink)
    draw.ellipse((cx - w * 0.07, cy - h * 0.27, cx + w * 0.07, cy + h * 0.27), fill=pupil)


def _will(draw: ImageDraw.ImageDraw, box: Box, ink: RGBA) -> None:
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    r = (right - left) / 2
    draw.polygon(_star(cx, cy, r, 4, 0.32), fill=ink)
    draw.ellipse((cx - r * 0.2, cy - r * 0.2, cx + r * 0.2, cy + r * 0.2), fill=ink)


@lru_cache(maxsize=64)
def die_sprite(side: str, face: str, size: int, used: bool = False) -> Image.Image:
    """An action die showing ``face`` (its symbol drawn): blue for the Free Peoples, red for the
    Shadow; a used die is faded with a dark corner mark."""
    body: RGB = theme.SIDE_COLOURS.get(side, (120, 120, 120))
    if side == theme.SHADOW:
        body = mix(body, (120, 10, 10), 0.2)
    ink: RGBA = (255, 255, 255, 255) if side == theme.FREE else (20, 10, 8, 255)
    if face == "will":
        ink = (255, 255, 255, 255)
    if face == "eye":
        ink = (255, 214, 70, 255)
    edge = theme.SIDE_DARK.get(side, (40, 40, 40))

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        radius = size * 0.2 * s
        draw.rounded_rectangle((0, s * 0.8, size * s, size * s), radius=radius, fill=(0, 0, 0, 90))
        draw.rounded_rectangle(
            (0.5 * s, 0.5 * s, (size - 0.5) * s, (size - 1.2) * s), radius=radius, fill=(*edge, 255)
        )
        draw.rounded_rectangle(
            (1.8 * s, 1.8 * s, (size - 1.8) * s, (size - 2.5) * s), radius=radius * 0.8, fill=(*body, 255)
        )
        pad = size * 0.2
        box = (pad * s, pad * s, (size - pad) * s, (size - pad - 0.7) * s)
        if face == "character":
            _sword(draw, box, ink)
        elif face == "army":
            _banner(draw, box, ink, s)
        elif face == "muster":
            _helmet(draw, box, ink, (*body, 255))
        elif face == "army_muster":
            left, top, right, bottom = box
            mid = (left + right) / 2
            _banner(
                draw,
                (left - size * 0.04 * s, top, mid + size * 0.02 * s, bottom - (bottom - top) * 0.25),
                ink,
                s,
            )
            _helmet(
                draw,
                (mid - size * 0.02 * s, top + (bottom - top) * 0.4, right + size * 0.04 * s, bottom),
                ink,
                (*body, 255),
            )
        elif face == "event":
            _palantir(draw, box, ink, (*body, 255))
        elif face == "will":
            _will(draw, box, ink)
        elif face == "eye":
            _eye(draw, box, ink, (20, 10, 5, 255))
        elif face == "allocated":  # put in the Hunt Box, not rolled: a dim Eye
            _eye(draw, box, (140, 96, 70, 255), (20, 10, 5, 255))
        else:
            draw.text(
                (size * s / 2, size * s / 2),
                "?",
                fill=ink,
                anchor="mm",
                font=font("bold", round(size * 0.6 * s)),
            )

    sprite = supersampled((size, size), paint)
    if used:
        faded = Image.new("RGBA", sprite.size, (48, 44, 38, 0))
        faded.putalpha(sprite.getchannel("A").point(lambda v: v * 150 // 255))
        sprite = Image.alpha_composite(sprite, faded)
    return sprite


@lru_cache(maxsize=64)
def tile_sprite(tile: str, size: int, name: str | None = None) -> Image.Image:
    """A drawn Hunt tile: its value (an Eye, a number, R for reveal); special tiles tinted."""
    base = tile.split("_")[0] if tile[:1].isdigit() or tile.startswith("eye_") else tile
    special = not (tile[:1].isdigit() or tile.startswith("eye_"))
    fill: RGB = (238, 226, 196) if not special else (214, 226, 246) if tile in FREE_TILES else (246, 212, 206)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0.5 * s, 0.5 * s, (size - 0.5) * s, (size - 0.5) * s),
            radius=size * 0.18 * s,
            fill=(*fill, 255),
            outline=INK,
            width=max(1, round(1.2 * s)),
        )
        if base == "eye":
            _eye(
                draw,
                (size * 0.16 * s, size * 0.2 * s, size * 0.84 * s, size * 0.7 * s),
                (170, 30, 20, 255),
                (20, 10, 5, 255),
            )

    sprite = supersampled((size, size), paint)
    draw = ImageDraw.Draw(sprite)
    if base != "eye":
        value = base.rstrip("r") if not special else SPECIAL_TILE_MARKS.get(tile, "★")
        draw.text((size / 2, size * 0.44), value, font=font("bold", round(size * 0.5)), fill=INK, anchor="mm")
    if base.endswith("r") or tile.startswith("eye_") or tile in REVEAL_TILES:
        draw.text(
            (size / 2, size * 0.82),
            "R",
            font=font("bold", round(size * 0.28)),
            fill=(170, 30, 20),
            anchor="mm",
        )
    del name
    return sprite


FREE_TILES = frozenset(("elven_cloaks", "elven_rope", "phial", "smeagol_helps"))
REVEAL_TILES = frozenset(("ring_is_mine", "give_it_to_uss"))
SPECIAL_TILE_MARKS = {
    "elven_cloaks": "0",
    "elven_rope": "0",
    "phial": "-2",
    "smeagol_helps": "-1",
    "shelobs_lair": "d6",
    "ring_is_mine": "E",
    "on_on_they_went": "3",
    "give_it_to_uss": "1",
}


@lru_cache(maxsize=16)
def elven_ring_sprite(size: int, side: str) -> Image.Image:
    """An Elven Ring counter: a silver ring (Free Peoples) or its Eye side (the Shadow's)."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        outer = size * s
        if side == theme.SHADOW:
            draw.ellipse((0, 0, outer, outer), fill=(60, 16, 12, 255))
            _eye(
                draw,
                (outer * 0.12, outer * 0.2, outer * 0.88, outer * 0.8),
                (255, 190, 60, 255),
                (20, 10, 5, 255),
            )
            return
        draw.ellipse((0, 0, outer, outer), fill=(24, 38, 70, 255))
        draw.ellipse((outer * 0.16, outer * 0.16, outer * 0.84, outer * 0.84), fill=(225, 232, 245, 255))
        draw.ellipse((outer * 0.32, outer * 0.32, outer * 0.68, outer * 0.68), fill=(24, 38, 70, 255))
        draw.ellipse((outer * 0.42, outer * 0.05, outer * 0.58, outer * 0.21), fill=(140, 210, 255, 255))

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def number_die_sprite(side: str, value: int, size: int, hit: bool) -> Image.Image:
    """A combat die showing ``value`` in digits: a hit in the side's colour with a gold rim, a
    miss dark and faded."""
    body: RGB = theme.SIDE_COLOURS.get(side, (120, 120, 120)) if hit else (58, 52, 46)
    rim: RGB = (236, 196, 90) if hit else (96, 88, 78)
    ink: RGBA = (255, 255, 255, 255) if hit else (170, 160, 150, 255)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        radius = size * 0.2 * s
        draw.rounded_rectangle(
            (0.5 * s, 0.5 * s, (size - 0.5) * s, (size - 0.5) * s), radius=radius, fill=(*rim, 255)
        )
        draw.rounded_rectangle(
            (2 * s, 2 * s, (size - 2) * s, (size - 2) * s), radius=radius * 0.8, fill=(*body, 255)
        )
        scaled_face = font("bold", round(size * 0.62 * s))
        draw.text((size * s / 2, size * s / 2), str(value), font=scaled_face, fill=ink, anchor="mm")

    return supersampled((size, size), paint)
