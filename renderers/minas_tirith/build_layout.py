"""Regenerate the Minas Tirith map (run: ``python -m renderers.minas_tirith.build_layout``).

For each layout (compact, full) it draws the label raster of :mod:`.geography` (pixel = 1 + the
space's index in ``data/minas_tirith/board.json``; 0 the land beyond the board, 250 Mount
Mindolluin, 251 the Anduin), checks that spaces touch exactly where the board links them (a
wall touches the territories it is climbed from, the city only its walls), places each space's
name, the room for its pieces and its marks (banner, fort, catapult), and writes
``data/minas_tirith/map-<layout>.png`` and ``data/minas_tirith/layout.json`` with the drawn
lines (the Rammas Echor, the roads, the city's geometry). ``--check`` only reports;
``--preview DIR`` also saves debug pictures.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderers.common import cells, map_build
from renderers.common.cellmap import bboxes, xy
from renderers.common.cells import RIDGE, RIVER, Point
from renderers.common.fonts import font
from renderers.common.map_placement import best, cell_mask, centroid, fits, name_options
from renderers.common.paths import DATA_DIR

from . import geography as geo
from .theme import LAYOUTS, STYLES, LayoutName, MapStyle

GAME_DIR = DATA_DIR / "minas_tirith"
NAME_FONT = "narrow"
LEADING = 1.05
#: Names shown shorter on the map (the panels and the description use the full ones).
MAP_NAMES = {
    "wall_north": "Northern Wall",
    "wall_gate": "Gate Wall",
    "wall_south": "Southern Wall",
    "mindolluin_north": "Northern Slopes",
    "mindolluin_south": "Southern Slopes",
}
MIN_CONTACT = 4  # pixels of shared border that make two spaces touch (corners do not)
WALL_GAP = 3.0  # between two wall sections (a tower is drawn there)
#: Links drawn as lines rather than by touching (the city's ladders to its walls and its gate).
UNTOUCHED = ("gate",)


@dataclass
class Board:
    """The spaces and links the map needs (read from ``data/minas_tirith/board.json``)."""

    ids: list[str]
    names: dict[str, str]
    kinds: dict[str, str]
    grid: dict[str, tuple[float, float]]
    flags: dict[str, list[str]]
    links: dict[frozenset[str], str]


FLAGS = ("gondor_banner", "fort", "catapult", "grond", "road", "board_edge")


def load_board() -> Board:
    raw = json.loads((GAME_DIR / "board.json").read_text(encoding="utf-8"))
    spaces = raw["spaces"]
    return Board(
        ids=[str(s["id"]) for s in spaces],
        names={str(s["id"]): str(s["name"]) for s in spaces},
        kinds={str(s["id"]): str(s["kind"]) for s in spaces},
        grid={str(s["id"]): (float(s["col"]), float(s["row"])) for s in spaces},
        flags={str(s["id"]): [f for f in FLAGS if s.get(f)] for s in spaces},
        links={frozenset((str(k["a"]), str(k["b"]))): str(k["kind"]) for k in raw["links"]},
    )


def _scaled(points: Sequence[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


def draw_raster(board: Board, s: float) -> Image.Image:
    """The label raster at scale ``s``."""
    size = (round(geo.WIDTH * s), round(geo.HEIGHT * s))
    image = Image.new("L", size, 0)
    draw = ImageDraw.Draw(image)
    number = {slug: i for i, slug in enumerate(board.ids, start=1)}
    draw.polygon(_scaled(geo.river(), s), fill=RIVER)
    for slug, (col, row) in board.grid.items():
        if board.kinds[slug] in ("city", "wall"):
            continue
        if slug == "druadan_road":
            outline = geo.druadan_road()
        elif slug == "lossarnach_road":
            outline = geo.lossarnach_road()
        else:
            outline = geo.cell(int(col), int(row))
        draw.polygon(_scaled(outline, s), fill=number[slug])
    # the walls: the outer ellipse, cut at the gate wall's rows; the city inside
    walls = Image.new("L", size, 0)
    ImageDraw.Draw(walls).polygon(_scaled(geo.ellipse(geo.WALL_RADII), s), fill=255)
    top, bottom = (round(y * s) for y in geo.GATE_SPAN)
    for slug, (y0, y1) in (
        ("wall_north", (0, top)),
        ("wall_gate", (top, bottom)),
        ("wall_south", (bottom, size[1])),
    ):
        band = Image.new("L", size, 0)
        ImageDraw.Draw(band).rectangle((0, y0, size[0], y1 - 1), fill=255)
        image.paste(number[slug], mask=ImageChops.multiply(walls, band))
    for cut in geo.GATE_SPAN:
        gap = WALL_GAP * s
        draw.rectangle((0, cut * s - gap, geo.CITY[0] * s + geo.WALL_RADII[0] * s + 2, cut * s + gap), fill=0)
    draw.polygon(_scaled(geo.ellipse(geo.CITY_RADII), s), fill=number["minas_tirith"])
    draw.polygon(_scaled(geo.mountain(), s), fill=RIDGE)
    return image


def problems_of(board: Board, raster: Image.Image) -> list[str]:
    """Pairs that touch without a link, linked pairs that do not touch (but the gate, drawn as
    a gate), and spaces without pixels."""
    labels = list(raster.tobytes())
    contacts = cells.contacts(labels, raster.size)
    slug_of = {i: slug for i, slug in enumerate(board.ids, start=1)}
    out = []
    touching = {
        frozenset(slug_of[i] for i in pair)
        for pair, length in contacts.items()
        if length >= MIN_CONTACT and all(i in slug_of for i in pair)
    }
    for pair in touching:
        if pair not in board.links:
            out.append(f"not linked {'-'.join(sorted(pair))} touch")
    for pair, kind in board.links.items():
        if kind not in UNTOUCHED and pair not in touching:
            out.append(f"{kind} {'-'.join(sorted(pair))} does not touch")
    areas = map_build.areas(labels, board.ids)
    out += [f"{slug} has no pixels" for slug, n in areas.items() if n == 0]
    return out


def _block_size(
    lines: list[str], size: int, rows: int, style: MapStyle, narrow: bool = False
) -> tuple[int, int, int]:
    """Width and height of a name with ``rows`` rows of pieces under it; the name's height."""
    face = font(NAME_FONT, size)
    name_w = max(face.getlength(line) for line in lines) + 4
    name_h = round(size * LEADING * len(lines)) + 2
    pieces_w = round(style.icon * (2.1 if narrow else 3.2))
    return round(max(name_w, pieces_w)), name_h + 3 + rows * (style.icon + 4), name_h


def place(mask: Image.Image, name: str, style: MapStyle, *, narrow: bool = False) -> dict[str, Any] | None:
    """The name and pieces block nearest the middle of ``mask`` (None when nothing fits)."""
    middle = centroid(mask)
    choices = name_options((name,), style.name_size, style.name_min, 0.75)
    for rows, share in ((2, 1.0), (1, 1.0), (1, 0.9), (1, 0.8)):
        for size, lines in choices:
            width, height, name_h = _block_size(lines, size, rows, style, narrow)
            found = fits(mask, width + 4, height + 4, share)
            if found:
                x, y = best(found, (middle[0], middle[1] - 4))
                top = y - height / 2
                return {
                    "lines": lines,
                    "size": size,
                    "name": (x, top + name_h / 2),
                    "badge": (x, top + name_h + 3),
                    "room": (width, height - name_h - 3),
                }
    return None


def _room(mask: Image.Image, badge: Point, least: tuple[int, int], style: MapStyle) -> tuple[int, int]:
    """The room for pieces under a name: as wide as the cell allows for two rows of pieces
    (centred on the badge's x) and as deep as it goes down, never less than ``least``."""
    x, y0 = round(badge[0]), round(badge[1])
    rows = 2 * (style.icon + 4)
    data, (w, h) = mask.tobytes(), mask.size
    half = w
    for y in range(max(0, y0), min(h, y0 + rows)):
        row = data[y * w : (y + 1) * w]
        if not row[min(max(x, 0), w - 1)]:
            continue
        left = x
        while left > 0 and row[left - 1]:
            left -= 1
        right = x
        while right < w - 1 and row[right + 1]:
            right += 1
        half = min(half, x - left, right - x)
    depth = 0
    while y0 + depth < h and data[(y0 + depth) * w + min(max(x, 0), w - 1)]:
        depth += 1
    return max(least[0], 2 * half - 6), max(least[1], depth - 2)


def _mark_spot(rest: Image.Image, near: Point, size: int) -> Point | None:
    spots = fits(rest, size + 2, size + 2)
    if not spots:
        return None
    return min(spots, key=lambda p: (math.dist(p, near), p))


def export(board: Board, name: LayoutName) -> tuple[dict[str, Any], Image.Image, list[str]]:
    """The layout entry, the raster and the problems of one layout."""
    style = STYLES[name]
    s = style.scale
    raster = draw_raster(board, s)
    problems = [f"{name}: {p}" for p in problems_of(board, raster)]
    # the labels keep off the drawn lines
    free = raster.copy()
    lines_draw = ImageDraw.Draw(free)
    for line in geo.rammas():
        lines_draw.line(_scaled(line, s), fill=0, width=round(style.rammas + 8))
    lines_draw.line(_scaled(geo.road(), s), fill=0, width=round(style.road + 10))
    wall_marks = {
        "wall_north": geo.on_wall(geo.GATE_SPAN[0] - 70),
        "wall_gate": geo.on_wall(geo.CITY[1] - 34),
        "wall_south": geo.on_wall(geo.GATE_SPAN[1] + 70),
    }
    catapults = {slug: ((x - 14) * s, y * s) for slug, (x, y) in wall_marks.items()}
    wall_banners = {slug: ((x + 2) * s, (y + 30) * s) for slug, (x, y) in wall_marks.items()}
    gate = (geo.gate()[0] * s, geo.gate()[1] * s)
    for (x, y), r in (  # names keep off the walls' marks and the gate
        *((at, style.mark * 0.8) for at in (*catapults.values(), *wall_banners.values())),
        (gate, 16 * s),
    ):
        lines_draw.ellipse((x - r, y - r, x + r, y + r), fill=0)
    boxes = bboxes(list(raster.tobytes()), raster.size)
    labels: dict[str, Any] = {}
    marks: dict[str, dict[str, list[float]]] = {}
    for number, slug in enumerate(board.ids, start=1):
        box = boxes[number]
        mask = cell_mask(free, number, box)
        placed = place(
            mask, MAP_NAMES.get(slug, board.names[slug]), style, narrow=board.kinds[slug] == "wall"
        )
        if placed is None:
            problems.append(f"{name}: the name of {slug} does not fit")
            continue
        left, top = box[0], box[1]
        # the pieces may cover the drawn lines (not the names): their room is measured on the cell
        width, height = _room(cell_mask(raster, number, box), placed["badge"], placed["room"], style)
        labels[slug] = {
            "lines": placed["lines"],
            "size": placed["size"],
            "name": xy((left + placed["name"][0], top + placed["name"][1])),
            "badge": xy((left + placed["badge"][0], top + placed["badge"][1])),
            "room": [width, height],
            "box": list(box),
        }
        rest = mask.copy()
        bx, by = placed["badge"]
        block_top = placed["name"][1] - placed["size"] * len(placed["lines"]) * LEADING / 2
        ImageDraw.Draw(rest).rectangle(
            (bx - width / 2 - 2, block_top - 2, bx + width / 2 + 2, by + height + 2), fill=0
        )
        here: dict[str, list[float]] = {}
        if "fort" in board.flags[slug]:  # on the road, where it crosses the space
            road = [p for p in _scaled(geo.road(), s) if box[0] <= p[0] < box[2]]
            centre_x = (box[0] + box[2]) / 2
            if road:
                fx, fy = min(road, key=lambda p: abs(p[0] - centre_x))
                here["fort"] = xy((fx + style.mark * 0.9, fy - style.mark * 0.6))
        if "gondor_banner" in board.flags[slug] and board.kinds[slug] != "wall":
            near = (bx - width / 2 - style.mark, block_top)
            spot = _mark_spot(rest, near, style.mark) or _mark_spot(rest, near, round(style.mark * 0.7))
            if spot is None:  # beside the name
                face = font(NAME_FONT, placed["size"])
                half = max(face.getlength(line) for line in placed["lines"]) / 2
                spot = (placed["name"][0] - half - style.mark * 0.6, placed["name"][1])
            here["gondor_banner"] = xy((left + spot[0], top + spot[1]))
        if here:
            marks[slug] = here
    for slug, at in wall_banners.items():  # the wall's banner flies on its outer edge
        marks[slug] = {"gondor_banner": xy(at)}
    gx, gy = geo.gate()
    entry = {
        "scale": s,
        "size": list(raster.size),
        "raster": f"map-{name}.png",
        "labels": labels,
        "marks": marks,
        "catapults": {slug: xy(at) for slug, at in catapults.items()},
        "gate": xy((gx * s, gy * s)),
        "grond": xy(((gx + 36) * s, (gy + 22) * s)),
        "city": {
            "centre": xy((geo.CITY[0] * s, geo.CITY[1] * s)),
            "walls": [r * s for r in geo.WALL_RADII],
            "inner": [r * s for r in geo.CITY_RADII],
            "cuts": [y * s for y in geo.GATE_SPAN],
            "mountain": geo.MOUNTAIN * s,
        },
        "rammas": [[xy(p) for p in _scaled(line, s)] for line in geo.rammas()],
        "road": [xy(p) for p in _scaled(cells.chaikin(geo.road(), 2), s)],
        "side_roads": [[xy(p) for p in _scaled(cells.chaikin(line, 2), s)] for line in geo.side_roads()],
        "mountain": [xy(p) for p in _scaled(geo.mountain(), s)],
        "river": [xy(p) for p in _scaled(geo.river(), s)],
        "quay": xy(_scaled([geo.quay_point()], s)[0]),
    }
    return entry, raster, problems


def build(verbose: bool = True) -> tuple[dict[str, Any], dict[str, Image.Image], list[str]]:
    """The whole layout file, the rasters by file name, and the problems found."""
    board = load_board()
    problems: list[str] = []
    rasters: dict[str, Image.Image] = {}
    layouts: dict[str, Any] = {}
    for name in LAYOUTS:
        entry, raster, found = export(board, name)
        problems += found
        layouts[name] = entry
        rasters[entry["raster"]] = raster
        if verbose:
            print(f"{name}: size {raster.size}, {len(entry['labels'])} names")
    layout = {
        "note": NOTE,
        "spaces": board.ids,
        "names": board.names,
        "map_names": {slug: MAP_NAMES.get(slug, board.names[slug]) for slug in board.ids},
        "kinds": board.kinds,
        "flags": board.flags,
        "neighbours": {
            slug: sorted(
                (n for pair in board.links if slug in pair for n in pair if n != slug), key=board.ids.index
            )
            for slug in board.ids
        },
        "layouts": layouts,
    }
    return layout, rasters, problems


NOTE = (
    "Generated by python -m renderers.minas_tirith.build_layout from"
    " renderers/minas_tirith/geography.py and data/minas_tirith/board.json; do not edit by hand."
    f" Rasters: pixel value = 1 + index in 'spaces', 0 land beyond the board, {RIDGE} Mount"
    f" Mindolluin, {RIVER} the Anduin. Coordinates in pixels of each layout."
)


def main(argv: list[str] | None = None) -> int:
    return map_build.run(map_build.arguments(__doc__).parse_args(argv), build, GAME_DIR)


if __name__ == "__main__":
    sys.exit(main())
