"""Twilight of the Third Age: the Corsair Ships of a coastal region, drawn at sea off its coast.

The spot is found once per layout and region from the label raster: the sea pixel next to the
region's coast that is nearest its badge, pushed a little further out to sea, so that the ship
never hides the region's own pieces. A region without sea nearby (never on the coastal chain)
gets its Ships beside its badge.
"""

from __future__ import annotations

from functools import lru_cache
from math import hypot

from PIL import Image, ImageDraw

from renderers.common.cells import SEA
from renderers.common.fonts import font
from renderers.common.shapes import paste_sprite, supersampled

from .layout import MapLayout, raster
from .theme import STYLES, MapStyle

#: How far from a region's coast its Ships may stand, in badge rows.
REACH = 7
HULL = (44, 30, 26)
SAIL = (24, 20, 20)
STRIPE = (150, 28, 28)


Point = tuple[float, float]


Spot = tuple[Point, Point]  # the ship's centre, and the point of the region's coast it is off


@lru_cache(maxsize=128)
def sea_spots(layout: MapLayout, region: str, far: int = 1) -> tuple[Spot, ...]:
    """Where the Ships of ``region`` may stand, best first: open sea at most ``far`` times
    :data:`REACH` rows from its coast (from its badge if the drawn coast misses it: West Harondor),
    near its badge, with room for the ship and clear of the regions' names."""
    labels = raster(layout)
    number = layout.number(region)
    chip = STYLES[layout.name].chip
    reach = round(chip * REACH) * far
    x0, y0, x1, y1 = layout.spots[region].box
    bx, by = layout.spots[region].badge
    width, height = labels.size
    pixels = labels.load()
    assert pixels is not None
    coast = [
        (x, y)
        for y in range(max(2, y0 - 4), min(height - 3, y1 + 4) + 1, 3)
        for x in range(max(2, x0 - 4), min(width - 3, x1 + 4) + 1, 3)
        if pixels[x, y] == SEA
        and number in (pixels[x - 2, y], pixels[x + 2, y], pixels[x, y - 2], pixels[x, y + 2])
    ]
    if not coast:
        reach *= 2
    coast = coast[:: max(1, len(coast) // 40)] or [(round(bx), round(by))]
    half_w, half_h = chip * 1.4, chip * 0.7
    names = [spot.name for spot in layout.spots.values() if spot.lines]
    scored: list[tuple[float, Spot]] = []
    step = max(6, chip // 2) * far
    for y in range(max(0, y0 - reach), min(height, y1 + reach), step):
        for x in range(max(0, x0 - reach), min(width, x1 + reach), step):
            corners = (
                (x - half_w, y - half_h),
                (x + half_w, y - half_h),
                (x - half_w, y + half_h),
                (x + half_w, y + half_h),
            )
            if not all(
                0 <= cx < width and 0 <= cy < height and pixels[int(cx), int(cy)] == SEA for cx, cy in corners
            ):
                continue
            if any(abs(x - nx) < chip * 2.6 and abs(y - ny) < chip * 1.2 for nx, ny in names):
                continue
            shore, cx, cy = min((hypot(x - cx, y - cy), cx, cy) for cx, cy in coast)
            if shore <= reach:
                scored.append(
                    (shore + 0.3 * hypot(x - bx, y - by), ((float(x), float(y)), (float(cx), float(cy))))
                )
    return tuple(spot for _, spot in sorted(scored))


def place(layout: MapLayout, regions: list[str], occupied: list[str]) -> dict[str, Spot]:
    """A spot for the Ships of each of ``regions`` (in map order), clear of the badges of the
    ``occupied`` regions and apart from each other: near the coast if the sea there has room,
    else farther out (a line then leads back), else as far from the others as can be."""
    chip = STYLES[layout.name].chip
    badges = [layout.spots[r].badge for r in occupied]
    taken: dict[str, Spot] = {}

    def room(spot: Spot) -> float:
        """How far the ship stands from the others (the sprites are about 3 rows wide, 1 high)."""
        (x, y), _ = spot
        return min(
            (max(abs(x - q[0][0]) / 2.2, abs(y - q[0][1])) for q in taken.values()), default=chip * 99.0
        )

    def clear(spot: Spot) -> bool:
        (x, y), _ = spot
        return not any(abs(x - ax) < chip * 2.8 and -chip * 1.2 < y - ay < chip * 2.6 for ax, ay in badges)

    for region in regions:
        found: Spot | None = None
        for far in (1, 3):
            found = next(
                (s for s in sea_spots(layout, region, far) if clear(s) and room(s) >= chip * 2.6), None
            )
            if found:
                break
        if found is None:
            spots = sea_spots(layout, region, 3)
            bx, by = layout.spots[region].badge
            found = max(spots, key=room) if spots else ((bx - chip * 2.5, by), (bx, by))
        taken[region] = found
    return taken


@lru_cache(maxsize=32)
def ship_sprite(count: int, style: MapStyle) -> Image.Image:
    """A Corsair ship (dark hull, black sail with a red stripe) and ``×count``."""
    face = font("condensed", style.count_size)
    label = f"×{count}"
    size = style.chip + 4
    text_width = round(face.getlength(label)) + 6
    full = (size + text_width + 8, size + 6)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, full[0] * s - 1, full[1] * s - 1),
            radius=6 * s,
            fill=(236, 228, 206, 235),
            outline=HULL,
            width=round(2 * s),
        )
        cx, base = (3 + size / 2) * s, (size - 1) * s
        hull = [
            (cx - size * 0.42 * s, base - size * 0.22 * s),
            (cx + size * 0.42 * s, base - size * 0.22 * s),
            (cx + size * 0.28 * s, base),
            (cx - size * 0.28 * s, base),
        ]
        draw.polygon(hull, fill=HULL)
        mast = cx - size * 0.02 * s
        draw.line((mast, base - size * 0.22 * s, mast, 4 * s), fill=HULL, width=round(2 * s))
        sail = [
            (mast + s, 5 * s),
            (mast + size * 0.36 * s, base - size * 0.3 * s),
            (mast + s, base - size * 0.28 * s),
        ]
        draw.polygon(sail, fill=SAIL)
        back = [
            (mast - s, 7 * s),
            (mast - size * 0.3 * s, base - size * 0.3 * s),
            (mast - s, base - size * 0.28 * s),
        ]
        draw.polygon(back, fill=SAIL)
        draw.line(
            (mast - size * 0.28 * s, base - size * 0.36 * s, mast + size * 0.33 * s, base - size * 0.36 * s),
            fill=STRIPE,
            width=round(2 * s),
        )

    sprite = supersampled(full, paint)
    ImageDraw.Draw(sprite).text(
        (size + 6 + text_width / 2, full[1] / 2 + 0.5), label, font=face, fill=HULL, anchor="mm"
    )
    return sprite


def draw_ships(image: Image.Image, layout: MapLayout, ships: dict[str, int], occupied: list[str]) -> None:
    """Every region's Ships at sea off its coast, clear of the badges of the ``occupied`` regions
    (a thin line leads back to the coast from Ships that had to stand farther out)."""
    style = STYLES[layout.name]
    draw = ImageDraw.Draw(image)
    for region, ((x, y), (sx, sy)) in place(
        layout, [r for r in layout.regions if ships.get(r)], occupied
    ).items():
        sprite = ship_sprite(ships[region], style)
        if hypot(x - sx, y - sy) > style.chip * 2.5:
            draw.line(((sx, sy), (x, y)), fill=(30, 24, 18), width=3)
            draw.line(((sx, sy), (x, y)), fill=(250, 244, 230), width=1)
        paste_sprite(image, sprite, (x - sprite.width / 2, y - sprite.height / 2))
