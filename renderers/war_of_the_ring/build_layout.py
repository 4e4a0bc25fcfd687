"""Regenerate the War of the Ring map (run: ``python -m renderers.war_of_the_ring.build_layout``).

For each layout (compact, full, zoom) it grows the 105 region cells from :mod:`.geography`
over the land (a geodesic nearest-seed fill, with :mod:`renderers.common.cells`), turns every
border between cells that touch but are not neighbours in the game into an impassable border (a
river or a mountain ridge), checks that every pair of neighbours touches, places the names,
settlement icons and badge anchors, and writes the label rasters
``data/war_of_the_ring/map-<layout>.png`` and ``data/war_of_the_ring/layout.json``. It reads the
game's regions from ``data/war_of_the_ring/regions.json``. ``--check`` only reports;
``--preview DIR`` also saves debug pictures.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import cellmap, cells, map_build
from renderers.common.cellmap import Links, bboxes, xy
from renderers.common.cells import RIDGE, RIVER, Point
from renderers.common.paths import DATA_DIR

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
    """A closed outline made to look drawn (see :func:`cellmap.natural`)."""
    return cellmap.natural(ring, (geography.WIDTH, geography.HEIGHT), step, wobble)


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


def seeds(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> list[cells.Seed]:
    """The seeds along the (warped) skeletons of :mod:`.geography`."""
    return cellmap.seeds(
        board.ids, geography.SKELETONS, scale, step=SEED_STEP, bias=bias, links=links, warp=geography.warp
    )


def link(links: Links, a: str, b: str) -> None:
    """Extend the skeletons of ``a`` and ``b`` toward each other (see :func:`cellmap.link`)."""
    cellmap.link(links, geography.SKELETONS, a, b)


Grown = map_build.Grown[Board]


def grow_board(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> Grown:
    """The cells at one scale: every border between non-neighbours impassable (a river or a
    ridge), every pair of neighbours checked to share a visible border (or a drawn link)."""

    def kind_of(names: frozenset[str]) -> str | None:
        if names in board.edges:
            return None
        return "river" if names in geography.RIVER_PAIRS else "ridge"

    def check(
        labels: list[int], size: tuple[int, int], final: map_build.Contacts, number: Mapping[str, int]
    ) -> tuple[list[str], list[tuple[str, str]]]:
        problems: list[str] = []
        short: list[tuple[str, str]] = []
        minimum = MIN_BORDER * scale / STYLES["compact"].scale
        for names_pair in sorted(board.edges, key=sorted):
            a, b = sorted(names_pair)
            key = frozenset((number[a], number[b]))
            if final.get(key, 0) < minimum and names_pair not in geography.LINKED:
                problems.append(f"neighbours {a}-{b}: border {final.get(key, 0)} px")
                short.append((a, b))
        return problems, short

    mask = land_mask(scale)
    return map_build.grow(board, board.ids, scale, mask, seeds(board, scale, bias, links), kind_of, check)


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


def barrier_paths(grown: Grown) -> list[dict[str, Any]]:
    """Each impassable border as smoothed polylines (pixels); cells that meet only at a corner
    get a dot of ridge or river there."""
    return cellmap.barrier_paths(grown.raw, grown.size, grown.board.ids, grown.barriers, corner_dots=True)


def export(grown: Grown, name: LayoutName) -> tuple[dict[str, Any], Image.Image]:
    """The layout entry and the label raster at one scale."""
    style = STYLES[name]
    board = grown.board
    raster = cells.to_image(grown.labels, grown.size)
    boxes = bboxes(grown.labels, grown.size)
    regions: dict[str, Any] = {}
    for number, slug in enumerate(board.ids, start=1):
        placed = placement.place(
            raster, number, boxes[number], board.names[slug], board.settlements[slug], style
        )
        regions[slug] = {
            "lines": placed.lines,
            "size": placed.size,
            "name": xy(placed.name),
            "icon": xy(placed.icon) if placed.icon else None,
            "badge": xy(placed.badge),
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
            [xy((x * s, y * s)) for x, y in cells.chaikin([geography.warp(p) for p in river], 3)]
            for river in geography.RIVERS
        ],
        "links": [sorted(pair) for pair in sorted(geography.LINKED, key=sorted)],
        "waters": [
            {"name": text, "at": xy((geography.warp(at)[0] * s, geography.warp(at)[1] * s))}
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
        "links": map_build.links_entry(links),
        "layouts": layouts,
    }
    return layout, rasters, problems


NOTE = (
    "Generated by python -m renderers.war_of_the_ring.build_layout from"
    " renderers/war_of_the_ring/geography.py and data/war_of_the_ring/regions.json; do not edit by"
    f" hand. Rasters: pixel value = 1 + index in 'regions', 0 sea, {RIDGE} mountain ridge, {RIVER}"
    " river (impassable borders). Coordinates in pixels of each layout."
)


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
    parser = map_build.arguments(__doc__)
    parser.add_argument("--quick", action="store_true", help="grow once at scale 1 (no files written)")
    parser.add_argument("--plan", action="store_true", help="with --quick: balance and link first")
    args = parser.parse_args(argv)
    if args.quick:
        board = load_board()
        bias, links = plan(board) if args.plan else (dict(geography.BIAS), {})
        grown = grow_board(board, 1.0, bias, links)
        print("links:", {k: len(v) for k, v in links.items()})
        areas = sorted((count, slug) for slug, count in map_build.areas(grown.labels, board.ids).items())
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
    return map_build.run(args, build, GAME_DIR)


if __name__ == "__main__":
    sys.exit(main())
