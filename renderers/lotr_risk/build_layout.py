"""Regenerate the map of Risk: The Lord of the Rings (run: ``python -m renderers.lotr_risk.build_layout``).

For each edition and layout it grows the territory cells from :mod:`.geography` over the land
(a geodesic nearest-seed fill), turns every border between cells that touch but are not
adjacent in the game into a barrier (a river or a mountain ridge), checks that every adjacent
pair touches (or is joined by a sea route), places the names and badges, and writes the label
rasters ``data/lotr_risk/map-<edition>-<layout>.png`` and ``data/lotr_risk/layout.json``.
``--check`` only reports; ``--preview DIR`` also saves debug pictures.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import cellmap, cells, map_build
from renderers.common.cellmap import Links, bboxes, xy
from renderers.common.cells import RIDGE, RIVER, Point
from renderers.common.paths import DATA_DIR

from . import geography

GAME_DIR = DATA_DIR / "lotr_risk"
EDITIONS = ("middle-earth", "trilogy")
SCALES = {"compact": 0.8, "full": 1.0}
SEED_STEP = 3.0  # map units between the seeds along a skeleton
MIN_BORDER = 10  # pixels (compact) an adjacent pair must share to "visibly touch"


@dataclass
class Board:
    """The game data one edition needs (read from ``data/lotr_risk``)."""

    edition: str
    ids: list[str]
    names: dict[str, str]
    regions: dict[str, str]
    region_names: dict[str, str]
    region_colours: dict[str, str]
    edges: dict[frozenset[str], dict[str, bool]]
    strongholds: dict[str, str]
    sites: dict[str, str]
    ports: set[str]
    path: list[dict[str, Any]]
    extra: dict[str, Any] = field(default_factory=dict)


def load_board(edition: str) -> Board:
    territories = json.loads((GAME_DIR / "territories.json").read_text(encoding="utf-8"))["territories"]
    regions = json.loads((GAME_DIR / "regions.json").read_text(encoding="utf-8"))["regions"]
    edges = json.loads((GAME_DIR / "adjacency.json").read_text(encoding="utf-8"))["edges"]
    path = json.loads((GAME_DIR / "path.json").read_text(encoding="utf-8"))[edition]
    here = [t for t in territories if edition in t["editions"]]
    return Board(
        edition=edition,
        ids=[t["id"] for t in here],
        names={t["id"]: t["name"] for t in here},
        regions={t["id"]: t["region"] for t in here},
        region_names={r["id"]: r["name"] for r in regions if edition in r["editions"]},
        region_colours={r["id"]: r["colour"] for r in regions if edition in r["editions"]},
        edges={
            frozenset((e["a"], e["b"])): {"sea": bool(e["sea"]), "bridge": bool(e["bridge"])}
            for e in edges
            if edition in e["editions"]
        },
        strongholds={t["id"]: t["stronghold"] for t in here if t.get("stronghold")},
        sites={t["id"]: t["site"] for t in here if t.get("site")},
        ports={t["id"] for t in here if t.get("port")},
        path=list(path),
    )


def map_height(edition: str) -> int:
    return geography.TRILOGY_HEIGHT if edition == "trilogy" else geography.MIDDLE_EARTH_HEIGHT


def natural(ring: list[Point], step: float = 7.0, wobble: float = 3.5) -> list[Point]:
    """A closed outline made to look drawn (see :func:`cellmap.natural`)."""
    return cellmap.natural(ring, (geography.WIDTH, geography.TRILOGY_HEIGHT), step, wobble)


def land_mask(edition: str, scale: float) -> Image.Image:
    size = (round(geography.WIDTH * scale), round(map_height(edition) * scale))
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon([(x * scale, y * scale) for x, y in natural(geography.LAND)], fill=255)
    for lake in geography.LAKES:
        draw.polygon([(x * scale, y * scale) for x, y in natural(lake, 5.0, 2.0)], fill=0)
    return mask


def seeds(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> list[cells.Seed]:
    """The seeds along the skeletons of :mod:`.geography`."""
    return cellmap.seeds(board.ids, geography.SKELETONS, scale, step=SEED_STEP, bias=bias, links=links)


def link(links: Links, a: str, b: str) -> None:
    """Extend the skeletons of ``a`` and ``b`` toward each other (see :func:`cellmap.link`)."""
    cellmap.link(links, geography.SKELETONS, a, b)


Grown = map_build.Grown[Board]


BALANCE_SCALE = 0.25
BALANCE_ROUNDS = 14
BALANCE_GAIN = 0.6
MAX_BIAS = 45.0


def balance(board: Board, links: Links | None = None) -> dict[str, float]:
    """Head starts that bring every cell's area near its share (:data:`geography.WEIGHT`),
    found by a few rounds of growing at a low resolution (deterministic)."""
    scale = BALANCE_SCALE
    mask = land_mask(board.edition, scale)
    land = sum(1 for value in mask.tobytes() if value)
    weights = {slug: geography.WEIGHT.get(slug, 1.0) for slug in board.ids}
    unit = land / sum(weights.values())
    bias = {slug: 0.0 for slug in board.ids}
    for _ in range(BALANCE_ROUNDS):
        labels = cells.grow(mask, seeds(board, scale, bias, links))
        counts: dict[int, int] = {}
        for label in labels:
            counts[label] = counts.get(label, 0) + 1
        for number, slug in enumerate(board.ids, start=1):
            target = math.sqrt(unit * weights[slug])
            actual = math.sqrt(counts.get(number, 0))
            step = BALANCE_GAIN * (target - actual) / scale
            bias[slug] = max(-MAX_BIAS, min(MAX_BIAS, bias[slug] + step))
    return {slug: round(value, 1) for slug, value in bias.items()}


def grow_board(
    board: Board, scale: float, bias: dict[str, float] | None = None, links: Links | None = None
) -> Grown:
    """One edition's cells at one scale, with every border the game does not cross a barrier
    (a river, or a ridge) and every adjacent land pair checked to share a visible border (sea
    routes are drawn; a bridged pair must face across a river)."""

    def kind_of(names: frozenset[str]) -> str | None:
        edge = board.edges.get(names)
        if edge is not None and not edge["bridge"] and not edge["sea"]:
            return None
        return "river" if edge is not None or names in geography.RIVER_PAIRS else "ridge"

    def check(
        labels: list[int], size: tuple[int, int], final: map_build.Contacts, number: Mapping[str, int]
    ) -> tuple[list[str], list[tuple[str, str]]]:
        problems: list[str] = []
        short: list[tuple[str, str]] = []
        river_faces = cells.across(labels, size, RIVER)
        minimum = MIN_BORDER * scale / SCALES["compact"]
        for names_pair, edge in board.edges.items():
            a, b = sorted(names_pair)
            key = frozenset((number[a], number[b]))
            if edge["sea"]:
                if key in final:
                    problems.append(f"sea route {a}-{b} also touches by land")
                continue
            if edge["bridge"]:
                if key not in river_faces:
                    problems.append(f"bridge {a}-{b}: not facing across a river")
                    short.append((a, b))
                continue
            if final.get(key, 0) < minimum:
                problems.append(f"adjacent {a}-{b}: border {final.get(key, 0)} px")
                short.append((a, b))
        return problems, short

    mask = land_mask(board.edition, scale)
    return map_build.grow(board, board.ids, scale, mask, seeds(board, scale, bias, links), kind_of, check)


LINK_ROUNDS = 3


def plan(trilogy: Board, boards: list[Board]) -> tuple[dict[str, float], Links]:
    """Head starts (balanced on the Trilogy board, shared by both editions so that the north is
    drawn alike) and the links that make every adjacent pair touch on every board."""
    links: Links = {}
    bias = balance(trilogy, links)
    for _ in range(LINK_ROUNDS):
        missing = {
            pair for board in boards for pair in grow_board(board, BALANCE_SCALE * 2, bias, links).short
        }
        if not missing:
            break
        for a, b in sorted(missing):
            link(links, a, b)
        bias = balance(trilogy, links)
    return bias, links


def barrier_paths(grown: Grown) -> list[dict[str, Any]]:
    """Each barrier's border as smoothed polylines (pixels)."""
    return cellmap.barrier_paths(grown.raw, grown.size, grown.board.ids, grown.barriers)


def bridges(grown: Grown, barriers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A bridge mark at the middle of each bridged pair's river."""
    out = []
    by_pair = {frozenset((entry["a"], entry["b"])): entry for entry in barriers}
    for pair, edge in sorted(grown.board.edges.items(), key=lambda item: sorted(item[0])):
        if not edge["bridge"]:
            continue
        a, b = sorted(pair)
        path = max(by_pair[pair]["paths"], key=len)
        middle = len(path) // 2
        (x0, y0), (x1, y1) = path[max(0, middle - 2)], path[min(len(path) - 1, middle + 2)]
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
        out.append({"a": a, "b": b, "at": path[middle], "angle": round(angle, 1)})
    return out


def ring_spots(board: Board, labels: dict[str, Any], spots: dict[str, tuple[Point, ...]]) -> None:
    """Move the Ring's spots on the path so that the path runs smoothly: each spot goes where it
    may, nearest the middle of its neighbours' spots (a few rounds)."""
    order = [space["territory"] for space in board.path]
    at = {slug: tuple(labels[slug]["ring"]) for slug in order}
    for _ in range(4):
        for index, slug in enumerate(order):
            before = at[order[index - 1]] if index else None
            after = at[order[index + 1]] if index + 1 < len(order) else None
            around = [p for p in (before, after) if p is not None]
            goal = (sum(p[0] for p in around) / len(around), sum(p[1] for p in around) / len(around))
            at[slug] = min(spots[slug], key=lambda p: (math.dist(p, goal), p))
    for slug, point in at.items():
        labels[slug]["ring"] = xy(point)


def sea_routes(grown: Grown) -> list[dict[str, Any]]:
    out = []
    for pair, edge in sorted(grown.board.edges.items(), key=lambda item: sorted(item[0])):
        if edge["sea"]:
            a, b = sorted(pair)
            points = [(x * grown.scale, y * grown.scale) for x, y in geography.SEA_ROUTES[pair]]
            out.append({"a": a, "b": b, "path": [xy(p) for p in cells.chaikin(points, 3)]})
    return out


def export(grown: Grown, style_name: str) -> tuple[dict[str, Any], Image.Image]:
    """The layout entry and the label raster of one edition at one scale."""
    from . import placement
    from .theme import STYLES

    style = STYLES[style_name]  # type: ignore[index]
    board = grown.board
    raster = cells.to_image(grown.labels, grown.size)
    boxes = bboxes(grown.labels, grown.size)
    labels: dict[str, Any] = {}
    spots: dict[str, tuple[Point, ...]] = {}
    for number, slug in enumerate(board.ids, start=1):
        placed = placement.place(raster, number, boxes[number], board.names[slug], style)
        spots[slug] = placed.ring_spots
        if not placed.fits:
            print(f"{board.edition} {style_name}: the label of {slug} does not fit its cell")
        labels[slug] = {
            "lines": placed.lines,
            "size": placed.size,
            "name": xy(placed.name_centre),
            "badge": xy(placed.badge),
            "ring": xy(placed.ring),
            "box": list(boxes[number]),
        }
    ring_spots(board, labels, spots)
    barriers = barrier_paths(grown)
    ring_path = [
        {
            "territory": space["territory"],
            "place": space.get("place"),
            "die": bool(space.get("die")),
            "final": bool(space.get("final")),
            "at": labels[space["territory"]]["ring"],
        }
        for space in board.path
    ]
    waters = [
        {"name": name, "at": xy((x * grown.scale, y * grown.scale))}
        for name, (x, y), where in geography.WATERS
        if where in ("both", board.edition) and y < map_height(board.edition)
    ]
    entry = {
        "size": list(grown.size),
        "raster": f"map-{board.edition}-{style_name}.png",
        "labels": labels,
        "barriers": barriers,
        "bridges": bridges(grown, barriers),
        "sea_routes": sea_routes(grown),
        "ring_path": ring_path,
        "waters": waters,
    }
    return entry, raster


def build(verbose: bool = True) -> tuple[dict[str, Any], dict[str, Image.Image], list[str]]:
    """The whole layout file, the rasters by file name, and the problems found."""
    boards = {edition: load_board(edition) for edition in EDITIONS}
    bias, links = plan(boards["trilogy"], list(boards.values()))
    problems: list[str] = []
    rasters: dict[str, Image.Image] = {}
    editions: dict[str, Any] = {}
    for edition, board in boards.items():
        layouts: dict[str, Any] = {}
        for name, scale in SCALES.items():
            grown = grow_board(board, scale, bias, links)
            problems += [f"{edition} {name}: {p}" for p in grown.problems]
            entry, raster = export(grown, name)
            layouts[name] = entry
            rasters[entry["raster"]] = raster
            if verbose:
                print(f"{edition} {name}: {len(grown.barriers)} barriers, size {grown.size}")
        editions[edition] = {
            "territories": board.ids,
            "names": board.names,
            "regions": board.regions,
            "region_names": board.region_names,
            "region_colours": board.region_colours,
            "strongholds": board.strongholds,
            "sites": board.sites,
            "layouts": layouts,
        }
    layout = {
        "note": NOTE,
        "bias": bias,
        "links": map_build.links_entry(links),
        "editions": editions,
    }
    return layout, rasters, problems


NOTE = (
    "Generated by python -m renderers.lotr_risk.build_layout from renderers/lotr_risk/geography.py"
    " and data/lotr_risk; do not edit by hand. Rasters: pixel value = 1 + index in 'territories',"
    f" 0 sea, {RIDGE} mountain ridge, {RIVER} river. Coordinates in pixels of each layout."
)


def main(argv: list[str] | None = None) -> int:
    return map_build.run(map_build.arguments(__doc__).parse_args(argv), build, GAME_DIR)


if __name__ == "__main__":
    sys.exit(main())
