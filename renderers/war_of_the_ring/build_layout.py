"""Regenerate the War of the Ring map (run: ``python -m renderers.war_of_the_ring.build_layout``).

For each layout (compact, full, zoom) it grows the 105 region cells from :mod:`.geography`
over the land (a geodesic nearest-seed fill, with :mod:`renderers.lotr_risk.cells`), turns every
border between cells that touch but are not neighbours in the game into an impassable border (a
river or a mountain ridge), checks that every pair of neighbours touches, places the names,
settlement icons and badge anchors, and writes the label rasters
``data/war_of_the_ring/map-<layout>.png`` and ``data/war_of_the_ring/layout.json``. It reads the
game's regions from ``data/war_of_the_ring/regions.json``. ``--check`` only reports;
``--preview DIR`` also saves debug pictures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.paths import DATA_DIR
from renderers.lotr_risk import cells
from renderers.lotr_risk.cells import RIDGE, RIVER, Point

from . import geography, placement
from .theme import LAYOUTS, STYLES, LayoutName

GAME_DIR = DATA_DIR / "war_of_the_ring"
SEED_STEP = 3.0  # map units between the seeds along a skeleton
MIN_BORDER = 8  # pixels (compact) a pair of neighbours must share to "visibly touch"


@dataclass
class Board:
    """The game data the map needs (read from ``data/war_of_the_ring/regions.json``)."""

    ids: list[str]
    names: dict[str, str]
    nations: dict[str, str | None]
    settlements: dict[str, str | None]
    edges: set[frozenset[str]]


def load_board(path: Path = GAME_DIR / "regions.json") -> Board:
    regions = json.loads(path.read_text(encoding="utf-8"))["regions"]
    ids = [str(r["id"]) for r in regions]
    edges = {frozenset((str(r["id"]), str(n))) for r in regions for n in r["neighbours"]}
    return Board(
        ids=ids,
        names={str(r["id"]): str(r["name"]) for r in regions},
        nations={str(r["id"]): r.get("nation") for r in regions},
        settlements={str(r["id"]): r.get("settlement") for r in regions},
        edges=edges,
    )


def natural(ring: list[Point], step: float = 7.0, wobble: float = 3.0) -> list[Point]:
    """A closed outline made to look drawn: subdivided, nudged by a fixed wobble (points on the
    map's frame stay put), then smoothed."""
    out: list[Point] = []
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(steps):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            if 0 < x < geography.WIDTH and 0 < y < geography.HEIGHT:
                x += wobble * math.sin(x * 0.13 + y * 0.07) * math.cos(y * 0.11)
                y += wobble * math.sin(y * 0.12 - x * 0.05) * math.cos(x * 0.09)
            out.append((x, y))
    for _ in range(2):
        out = [
            point
            for (x0, y0), (x1, y1) in zip(out, out[1:] + out[:1], strict=True)
            for point in (
                (0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1),
                (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1),
            )
        ]
    return out


def map_size(scale: float) -> tuple[int, int]:
    return round(geography.WIDTH * scale), round(geography.HEIGHT * scale)


def land_mask(scale: float) -> Image.Image:
    mask = Image.new("L", map_size(scale), 0)
    draw = ImageDraw.Draw(mask)
    land = [geography.warp(p) for p in geography.LAND]
    draw.polygon([(x * scale, y * scale) for x, y in natural(land)], fill=255)
    for lake in geography.LAKES:
        water = [geography.warp(p) for p in lake]
        draw.polygon([(x * scale, y * scale) for x, y in natural(water, 5.0, 1.5)], fill=0)
    return mask


Links = dict[str, list[list[Point]]]  # region -> extra skeleton segments


def _along(design: list[Point]) -> list[Point]:
    skeleton = [geography.warp(p) for p in design]
    points = [skeleton[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(skeleton):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / SEED_STEP))
        points += [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(1, steps + 1)]
    return points


def seeds(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> list[cells.Seed]:
    out: list[cells.Seed] = []
    for number, slug in enumerate(board.ids, start=1):
        head = (bias or {}).get(slug, 0.0) * scale
        points = _along(geography.SKELETONS[slug])
        for segment in (links or {}).get(slug, []):
            points += _along(segment)
        out += [(round(x * scale), round(y * scale), number, head) for x, y in points]
    return out


def link(links: Links, a: str, b: str) -> None:
    """Extend the skeletons of ``a`` and ``b`` toward each other (their nearest points), so
    that their cells meet along a border across that line."""
    pa, pb = min(
        ((p, q) for p in geography.SKELETONS[a] for q in geography.SKELETONS[b]),
        key=lambda pq: math.dist(*pq),
    )
    for here, there, owner in ((pa, pb, a), (pb, pa, b)):
        end = (here[0] + (there[0] - here[0]) * 0.42, here[1] + (there[1] - here[1]) * 0.42)
        links.setdefault(owner, []).append([here, end])


@dataclass
class Grown:
    """The cells at one scale, with impassable borders marked."""

    board: Board
    scale: float
    size: tuple[int, int]
    labels: list[int]
    raw: list[int]
    barriers: dict[frozenset[str], str]  # touching, not adjacent pair -> "river" | "ridge"
    problems: list[str]
    short: list[tuple[str, str]]  # neighbours that do not touch (enough)


def grow_board(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> Grown:
    mask = land_mask(scale)
    size = mask.size
    raw = cells.drop_crumbs(cells.grow(mask, seeds(board, scale, bias, links)), size)
    labels = list(raw)
    number = {slug: i for i, slug in enumerate(board.ids, start=1)}
    slug_of = {i: slug for slug, i in number.items()}
    touching = cells.contacts(raw, size, diagonal=True)
    barriers: dict[frozenset[str], str] = {}
    problems: list[str] = []
    short: list[tuple[str, str]] = []
    width, height = size
    faces: dict[frozenset[int], list[tuple[int, int]]] = {}
    for index, other, label in cells._pairs(raw, width, height, True):
        if cells.is_territory(raw[index]) and cells.is_territory(label):
            faces.setdefault(frozenset((raw[index], label)), []).append((index, other))
    for pair in touching:
        low, high = sorted(pair)
        names = frozenset((slug_of[low], slug_of[high]))
        if names in board.edges:
            continue
        kind = "river" if names in geography.RIVER_PAIRS else "ridge"
        barriers[names] = kind
        value = RIVER if kind == "river" else RIDGE
        for index, other in faces[pair]:
            labels[index] = value
            labels[other] = value
    final = cells.contacts(labels, size)
    minimum = MIN_BORDER * scale / STYLES["compact"].scale
    for names_pair in sorted(board.edges, key=sorted):
        a, b = sorted(names_pair)
        key = frozenset((number[a], number[b]))
        if final.get(key, 0) < minimum and names_pair not in geography.LINKED:
            problems.append(f"neighbours {a}-{b}: border {final.get(key, 0)} px")
            short.append((a, b))
    for contact in final:
        first, second = sorted(slug_of[i] for i in contact)
        if frozenset((first, second)) not in board.edges:
            problems.append(f"not neighbours {first}-{second} still touch")
    labels = cells.crumbs_to_barriers(labels, size)
    problems += connectivity(labels, size, slug_of)
    return Grown(board, scale, size, labels, raw, barriers, problems, short)


def connectivity(labels: list[int], size: tuple[int, int], slug_of: dict[int, str]) -> list[str]:
    """Cells that are not one 4-connected piece."""
    pieces: dict[int, list[int]] = {}
    for label, piece in cells.components(labels, size):
        pieces.setdefault(label, []).append(len(piece))
    return [
        f"{slug_of[label]} in {len(counts)} pieces {sorted(counts, reverse=True)}"
        for label, counts in pieces.items()
        if len(counts) > 1
    ]


LINK_SCALE = 0.6
LINK_ROUNDS = 3


def plan(board: Board) -> tuple[dict[str, float], Links]:
    """The head starts (:data:`geography.BIAS`, by hand) and the links that make every pair of
    neighbours touch (none when the skeletons are right)."""
    links: Links = {}
    bias = dict(geography.BIAS)
    for _ in range(LINK_ROUNDS):
        missing = grow_board(board, LINK_SCALE, bias, links).short
        if not missing:
            break
        for a, b in sorted(set(missing)):
            link(links, a, b)
    return bias, links


def _xy(point: Point) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


def _bboxes(labels: list[int], size: tuple[int, int]) -> dict[int, tuple[int, int, int, int]]:
    width = size[0]
    boxes: dict[int, list[int]] = {}
    for index, label in enumerate(labels):
        if cells.is_territory(label):
            y, x = divmod(index, width)
            box = boxes.setdefault(label, [x, y, x, y])
            box[0], box[1] = min(box[0], x), min(box[1], y)
            box[2], box[3] = max(box[2], x), max(box[3], y)
    return {label: (b[0], b[1], b[2] + 1, b[3] + 1) for label, b in boxes.items()}


def barrier_paths(grown: Grown) -> list[dict[str, Any]]:
    """Each impassable border as smoothed polylines (pixels)."""
    number = {slug: i for i, slug in enumerate(grown.board.ids, start=1)}
    out = []
    borders = cells.border_points(grown.raw, grown.size)
    for pair, kind in sorted(grown.barriers.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(pair)
        points = borders[frozenset((number[a], number[b]))]
        paths = [
            [_xy(p) for p in cells.chaikin(cells.simplify(path, 0.9), 2)]
            for path in cells.order_path(points)
            if len(path) >= 2
        ]
        if not paths:  # the cells meet at a corner: a dot of ridge or river
            (x, y) = points[0]
            paths = [[_xy((x - 0.5, y - 0.5)), _xy((x + 0.5, y + 0.5))]]
        out.append({"a": a, "b": b, "kind": kind, "paths": paths})
    return out


def export(grown: Grown, name: LayoutName) -> tuple[dict[str, Any], Image.Image]:
    """The layout entry and the label raster at one scale."""
    style = STYLES[name]
    board = grown.board
    raster = cells.to_image(grown.labels, grown.size)
    boxes = _bboxes(grown.labels, grown.size)
    regions: dict[str, Any] = {}
    for number, slug in enumerate(board.ids, start=1):
        placed = placement.place(
            raster, number, boxes[number], board.names[slug], board.settlements[slug], style
        )
        regions[slug] = {
            "lines": placed.lines,
            "size": placed.size,
            "name": _xy(placed.name),
            "icon": _xy(placed.icon) if placed.icon else None,
            "badge": _xy(placed.badge),
            "box": list(boxes[number]),
        }
    s = grown.scale
    entry = {
        "scale": s,
        "size": list(grown.size),
        "raster": f"map-{name}.png",
        "regions": regions,
        "barriers": barrier_paths(grown),
        "rivers": [
            [_xy((x * s, y * s)) for x, y in cells.chaikin([geography.warp(p) for p in river], 3)]
            for river in geography.RIVERS
        ],
        "links": [sorted(pair) for pair in sorted(geography.LINKED, key=sorted)],
        "waters": [
            {"name": text, "at": _xy((geography.warp(at)[0] * s, geography.warp(at)[1] * s))}
            for text, at in geography.WATERS
        ],
    }
    return entry, raster


def build(verbose: bool = True) -> tuple[dict[str, Any], dict[str, Image.Image], list[str]]:
    """The whole layout file, the rasters by file name, and the problems found."""
    board = load_board()
    bias, links = plan(board)
    problems: list[str] = []
    rasters: dict[str, Image.Image] = {}
    layouts: dict[str, Any] = {}
    for name in LAYOUTS:
        grown = grow_board(board, STYLES[name].scale, bias, links)
        problems += [f"{name}: {p}" for p in grown.problems]
        entry, raster = export(grown, name)
        layouts[name] = entry
        rasters[entry["raster"]] = raster
        if verbose:
            print(f"{name}: {len(grown.barriers)} impassable borders, size {grown.size}")
    layout = {
        "note": NOTE,
        "regions": board.ids,
        "names": board.names,
        "nations": board.nations,
        "settlements": board.settlements,
        "neighbours": {
            slug: sorted(n for e in board.edges if slug in e for n in e if n != slug) for slug in board.ids
        },
        "bias": bias,
        "links": {slug: [[_xy(p) for p in seg] for seg in segs] for slug, segs in sorted(links.items())},
        "layouts": layouts,
    }
    return layout, rasters, problems


NOTE = (
    "Generated by python -m renderers.war_of_the_ring.build_layout from"
    " renderers/war_of_the_ring/geography.py and data/war_of_the_ring/regions.json; do not edit by"
    f" hand. Rasters: pixel value = 1 + index in 'regions', 0 sea, {RIDGE} mountain ridge, {RIVER}"
    " river (impassable borders). Coordinates in pixels of each layout."
)


def to_json(layout: dict[str, Any]) -> str:
    return json.dumps(layout, ensure_ascii=False, separators=(",", ":")) + "\n"


def write(layout: dict[str, Any], rasters: dict[str, Image.Image]) -> None:
    (GAME_DIR / "layout.json").write_text(to_json(layout), encoding="utf-8")
    for name, image in rasters.items():
        image.save(GAME_DIR / name, optimize=True)


def preview(grown: Grown, path: Path) -> None:
    """A debug picture: cells in varied shades of their nation's colour, ids at the skeletons,
    impassable borders dark brown (ridges) or blue (rivers)."""
    from renderers.common.colours import mix

    from .theme import NATION_COLOURS, PARCHMENT

    palette = [40, 70, 110] + [0] * 765
    for number, slug in enumerate(grown.board.ids, start=1):
        base = NATION_COLOURS.get(str(grown.board.nations[slug]), PARCHMENT)
        shade = ((number * 67) % 100) / 100
        colour = mix(base, (255, 255, 255) if shade > 0.5 else (90, 80, 60), abs(shade - 0.5) * 0.9)
        palette[number * 3 : number * 3 + 3] = list(colour)
    palette[RIDGE * 3 : RIDGE * 3 + 3] = [60, 40, 20]
    palette[RIVER * 3 : RIVER * 3 + 3] = [20, 60, 230]
    raster = Image.frombytes("P", grown.size, bytes(grown.labels))
    raster.putpalette(palette)
    image = raster.convert("RGB")
    from PIL import ImageChops

    right = ImageChops.offset(raster.convert("L"), -1, 0)
    down = ImageChops.offset(raster.convert("L"), 0, -1)
    flat = raster.convert("L")
    edges = ImageChops.lighter(ImageChops.difference(flat, right), ImageChops.difference(flat, down))
    image.paste((70, 60, 50), mask=edges.point(lambda v: 255 if v else 0))
    big = Image.new("L", grown.size, 0)
    big.putdata([255 if v in (RIDGE, RIVER) else 0 for v in grown.labels])
    from PIL import ImageFilter

    image.paste((150, 40, 20), mask=big.filter(ImageFilter.MaxFilter(3)))
    draw = ImageDraw.Draw(image)
    for slug in grown.board.ids:
        skeleton = [geography.warp(p) for p in geography.SKELETONS[slug]]
        x = sum(p[0] for p in skeleton) / len(skeleton)
        y = sum(p[1] for p in skeleton) / len(skeleton)
        draw.text((x * grown.scale, y * grown.scale), slug[:13], fill=(0, 0, 0), anchor="mm")
    image.save(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report problems")
    parser.add_argument("--preview", type=Path, help="save debug pictures in this folder")
    parser.add_argument("--quick", action="store_true", help="grow once at scale 1 (no files written)")
    parser.add_argument("--plan", action="store_true", help="with --quick: balance and link first")
    args = parser.parse_args(argv)
    if args.quick:
        board = load_board()
        bias, links = plan(board) if args.plan else (dict(geography.BIAS), {})
        grown = grow_board(board, 1.0, bias, links)
        print("links:", {k: len(v) for k, v in links.items()})
        counts: dict[int, int] = {}
        for label in grown.labels:
            counts[label] = counts.get(label, 0) + 1
        areas = sorted((counts.get(i, 0), slug) for i, slug in enumerate(board.ids, start=1))
        print("smallest:", areas[:12])
        print("largest:", areas[-12:])
        print(
            "barriers:",
            " ".join(
                "-".join(sorted(p)) + ("~" if k == "river" else "")
                for p, k in sorted(grown.barriers.items(), key=lambda i: sorted(i[0]))
            ),
        )
        for problem in grown.problems:
            print(problem)
        if args.preview:
            args.preview.mkdir(parents=True, exist_ok=True)
            preview(grown, args.preview / "quick.png")
        return 1 if grown.problems else 0
    layout, rasters, problems = build()
    for problem in problems:
        print(problem)
    if args.preview:
        args.preview.mkdir(parents=True, exist_ok=True)
        for name, image in rasters.items():
            image.point(lambda v: 0 if v == 0 else (v * 37) % 200 + 55).save(args.preview / name)
    if problems:
        return 1
    if not args.check:
        write(layout, rasters)
        print(f"wrote {GAME_DIR / 'layout.json'} and {len(rasters)} rasters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
