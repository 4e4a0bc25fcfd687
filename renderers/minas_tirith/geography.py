"""Our drawing of the Pelennor (map units = pixels of the compact layout), for :mod:`.build_layout`.

West is the city, built against Mount Mindolluin: an ellipse of white stone whose outer band is
the wall, cut into three sections at the rows of the territories below it (the gate section
faces only Before the Great Gate). East of it lie the territories on a grid of columns A-F and
rows 0-4 (``col``/``row`` of ``data/minas_tirith/board.json``), each cell's corners and edges
shifted a little so that the fields look drawn, not ruled; the Drúadan Road runs in a strip
above columns A-B, the Lossarnach Road in a strip below A and half of B. The Anduin flows down
the east side and along the south to the Harlond. Nothing here is printed: it is ours (R).
"""

from __future__ import annotations

import itertools
import math
import random

from renderers.common.cells import Point

WIDTH, HEIGHT = 800, 640
MOUNTAIN = 34  # x of the mountain's foot
TOP, BOTTOM = 50, 590  # the grid's top and bottom (the road strips lie beyond)
#: Column boundaries (A is wide: the city takes its western part).
XS = (MOUNTAIN, 300, 392, 484, 576, 668, 754)
YS = tuple(TOP + 108 * r for r in range(6))
CITY = (24.0, (YS[2] + YS[3]) / 2)  # the centre of the city's ellipse
WALL_RADII = (185.0, 228.0)  # the outer edge of the walls (x, y radius)
CITY_RADII = (122.0, 172.0)  # the city inside them
#: Where the gate wall begins and ends (the rows of Before the Great Gate): straight edges.
GATE_SPAN = (float(YS[2]), float(YS[3]))
JITTER = 12.0
WOBBLE = 4.0
SEED = 20


def _lattice() -> dict[tuple[int, int], Point]:
    rng = random.Random(SEED)
    points: dict[tuple[int, int], Point] = {}
    for c, x in enumerate(XS):
        for r, y in enumerate(YS):
            dx = rng.uniform(-JITTER, JITTER) if 0 < c < len(XS) - 1 else 0.0
            dy = rng.uniform(-JITTER, JITTER) if 0 < r < len(YS) - 1 else 0.0
            if c <= 1 and r in (2, 3):  # the gate wall's ends stay straight
                dy = 0.0
            if c == len(XS) - 1:  # the river bank wanders
                dx = rng.uniform(-6.0, 4.0)
            points[(c, r)] = (x + dx, y + dy)
    return points


LATTICE = _lattice()


def _edge(a: Point, b: Point, wobble: float = WOBBLE) -> list[Point]:
    """Points from ``a`` to ``b`` (``a`` included, ``b`` not), bent a little; the same points
    either way round, so that two cells sharing the edge share its pixels."""
    flip = b < a
    p, q = (b, a) if flip else (a, b)
    steps = max(2, round(math.dist(p, q) / 18))
    key = hash((round(p[0], 1), round(p[1], 1), round(q[0], 1), round(q[1], 1))) & 0xFFFF
    rng = random.Random(key)
    nx, ny = -(q[1] - p[1]), q[0] - p[0]
    length = math.hypot(nx, ny) or 1.0
    nx, ny = nx / length, ny / length
    inner = []
    for i in range(1, steps):
        t = i / steps
        bend = rng.uniform(-wobble, wobble) * math.sin(math.pi * t)
        inner.append((p[0] + (q[0] - p[0]) * t + nx * bend, p[1] + (q[1] - p[1]) * t + ny * bend))
    out = [p, *inner]
    if flip:
        out = [q, *reversed(inner)]
    return out


def _straight(c0: int, r0: int, c1: int, r1: int) -> bool:
    return r0 == r1 and r0 in (2, 3) and max(c0, c1) <= 1


def _path(corners: list[tuple[int, int]]) -> list[Point]:
    out: list[Point] = []
    for (c0, r0), (c1, r1) in zip(corners, corners[1:] + corners[:1], strict=True):
        wobble = 0.0 if _straight(c0, r0, c1, r1) else WOBBLE
        out += _edge(LATTICE[(c0, r0)], LATTICE[(c1, r1)], wobble)
    return out


def quay_point() -> Point:
    """Where the Lossarnach Road's strip meets the river, under the Harlond."""
    (x0, y0), (x1, y1) = LATTICE[(1, 5)], LATTICE[(2, 5)]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def cell(col: int, row: int) -> list[Point]:
    """The outline of the grid cell at (``col``, ``row``)."""
    if (col, row) == (1, 4):  # the Harlond: its south edge is split at the quay point
        q = quay_point()
        return [
            *_edge(LATTICE[(1, 4)], LATTICE[(2, 4)]),
            *_edge(LATTICE[(2, 4)], LATTICE[(2, 5)]),
            *_edge(LATTICE[(2, 5)], q),
            *_edge(q, LATTICE[(1, 5)]),
            *_edge(LATTICE[(1, 5)], LATTICE[(1, 4)]),
        ]
    return _path([(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)])


def druadan_road() -> list[Point]:
    """The strip above columns A-B, out to the map's top edge."""
    return [
        (0.0, 0.0),
        (LATTICE[(2, 0)][0], 0.0),
        *_edge(LATTICE[(2, 0)], LATTICE[(1, 0)]),
        *_edge(LATTICE[(1, 0)], LATTICE[(0, 0)]),
        (0.0, LATTICE[(0, 0)][1]),
    ]


def lossarnach_road() -> list[Point]:
    """The strip below column A and half of B, out to the map's bottom edge."""
    q = quay_point()
    return [
        (0.0, LATTICE[(0, 5)][1]),
        *_edge(LATTICE[(0, 5)], LATTICE[(1, 5)]),
        *_edge(LATTICE[(1, 5)], q),
        q,
        (q[0] + 10, float(HEIGHT)),
        (0.0, float(HEIGHT)),
    ]


def river() -> list[Point]:
    """The Anduin: down the east side and along the south to the Harlond's quays."""
    q = quay_point()
    bottom = [LATTICE[(c, 5)] for c in range(2, 7)]
    east = [LATTICE[(6, r)] for r in range(5, -1, -1)]
    out: list[Point] = [(q[0] + 10, float(HEIGHT)), q]
    out += _edge(q, LATTICE[(2, 5)])
    for a, b in itertools.pairwise(bottom):
        out += _edge(a, b)
    for a, b in itertools.pairwise(east):
        out += _edge(a, b)
    out += [
        LATTICE[(6, 0)],
        (LATTICE[(6, 0)][0] + 4, 0.0),
        (float(WIDTH), 0.0),
        (float(WIDTH), float(HEIGHT)),
    ]
    return out


def mountain() -> list[Point]:
    """Mount Mindolluin's eastern foot, from the top to the bottom of the map."""
    rng = random.Random(SEED + 1)
    foot = [(MOUNTAIN + rng.uniform(-5, 3), float(y)) for y in range(0, HEIGHT + 1, 20)]
    return [(0.0, 0.0), *foot, (0.0, float(HEIGHT))]


def ellipse(radii: tuple[float, float], steps: int = 96) -> list[Point]:
    cx, cy = CITY
    return [
        (cx + radii[0] * math.cos(2 * math.pi * i / steps), cy + radii[1] * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def on_wall(y: float) -> Point:
    """The point of the walls' outer edge (east side) at height ``y``."""
    cx, cy = CITY
    t = max(-1.0, min(1.0, (y - cy) / WALL_RADII[1]))
    return (cx + WALL_RADII[0] * math.sqrt(1 - t * t), y)


def gate() -> Point:
    """The Great Gate, in the middle of the gate wall."""
    return on_wall(CITY[1])


NORTH_GATE_X = XS[1] + 34.0  # where the Drúadan Road passes the Rammas


def rammas() -> list[list[Point]]:
    """The Rammas Echor: along the outer edges of its seven territories, from the North Gate of
    the Rammas round the east to the river at the Harlond, drawn just inside them; broken at the
    North Gate (the Drúadan Road) and where the road to Osgiliath passes the Causeway Forts."""
    L = LATTICE
    inset = 7.0

    def top(c: int, r: int, dx: float = 0.0) -> Point:
        return (L[(c, r)][0] + dx, L[(c, r)][1] + inset)

    north_gate = [top(1, 0, 3.0), top(1, 0, 20.0)]
    north = [
        (NORTH_GATE_X + 14, L[(1, 0)][1] + inset),
        (L[(3, 0)][0] - inset, L[(3, 0)][1] + inset),
        (L[(3, 1)][0] - inset, L[(3, 1)][1] + inset),
        (L[(4, 1)][0] - inset, L[(4, 1)][1] + inset),
        (L[(4, 2)][0] - inset, L[(4, 2)][1] + 26),
    ]
    q = quay_point()
    south = [
        (L[(4, 3)][0] - inset, L[(4, 3)][1] - 34),
        (L[(4, 4)][0] - inset, L[(4, 4)][1] - inset),
        (L[(3, 4)][0] - inset, L[(3, 4)][1] - inset),
        (L[(3, 5)][0] - inset, L[(3, 5)][1] - inset),
        (q[0] + 4, q[1] - inset),
    ]
    return [north_gate, north, south]


def road() -> list[Point]:
    """The road from the Great Gate east through the two forts to Osgiliath's bridge, along the
    southern part of the middle row."""
    y = YS[3] - 18
    g = gate()
    points: list[Point] = [g, (g[0] + 30, g[1] + 10), (XS[1] - 10, y)]
    for c in range(1, 6):
        points.append(((XS[c] + XS[c + 1]) / 2, y + (4 if c % 2 else -3)))
    points.append((LATTICE[(6, 3)][0] + 16, y - 4))
    return points


def side_roads() -> list[list[Point]]:
    """The roads off the board's edges: the Drúadan Road to the north-west (into the North Gate
    of the Rammas), the Lossarnach Road to the south-west, the Anórien and Cair Andros roads north."""
    L = LATTICE
    b0 = (NORTH_GATE_X + 2, L[(1, 0)][1] + 26)
    return [
        [b0, (NORTH_GATE_X, TOP - 14.0), (MOUNTAIN + 90.0, 14.0), (MOUNTAIN + 60.0, 0.0)],
        [
            ((XS[0] + XS[1]) / 2 + 40, YS[5] - 20.0),
            ((XS[0] + XS[1]) / 2, YS[5] + 22.0),
            (MOUNTAIN + 40.0, HEIGHT + 0.0),
        ],
        [((XS[3] + XS[4]) / 2, YS[0] + 40.0), ((XS[3] + XS[4]) / 2 + 8, 0.0)],
        [((XS[5] + XS[6]) / 2, YS[0] + 40.0), ((XS[5] + XS[6]) / 2 - 6, 0.0)],
    ]
