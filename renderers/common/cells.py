"""Territory cells as a label raster: growing them from seeds, and what touches what.

A label raster is a mode ``"L"`` or ``"P"`` image whose pixel values are :data:`SEA`, a
territory's number (1..n, in the layout's order) or a barrier (:data:`RIDGE`, :data:`RIVER`).
Used by the build scripts of the grown-cell maps (Risk: The Lord of the Rings, War of the Ring)
and by their tests (checking the committed rasters); see also :mod:`renderers.common.cellmap`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Sequence

from PIL import Image

SEA = 0
RIDGE = 250
RIVER = 251
#: Values above this are not territories.
MAX_TERRITORY = 240

Point = tuple[float, float]
Seed = tuple[int, int, int, float]  # (x, y, label, head start)


def grow(mask: Image.Image, seeds: Sequence[Seed]) -> list[int]:
    """A geodesic nearest-seed fill of ``mask`` (land 255): each land pixel gets the label of the
    seed reachable soonest through land (8-neighbour moves; a seed's head start is subtracted
    from its distances). Returns the labels row by row, 0 for the sea."""
    width, height = mask.size
    land = mask.tobytes()
    labels = [0] * (width * height)
    best = [math.inf] * (width * height)
    heap: list[tuple[float, int, int]] = []
    for x, y, label, head in seeds:
        if 0 <= x < width and 0 <= y < height and land[y * width + x]:
            index = y * width + x
            if -head < best[index]:
                best[index] = -head
                heapq.heappush(heap, (-head, index, label))
    steps = [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0)] + [
        (dx, dy, math.sqrt(2)) for dx in (-1, 1) for dy in (-1, 1)
    ]
    while heap:
        dist, index, label = heapq.heappop(heap)
        if dist > best[index] or labels[index]:
            continue
        labels[index] = label
        y, x = divmod(index, width)
        for dx, dy, cost in steps:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height:
                other = ny * width + nx
                if land[other] and not labels[other] and dist + cost < best[other]:
                    best[other] = dist + cost
                    heapq.heappush(heap, (dist + cost, other, label))
    return labels


def to_image(labels: Sequence[int], size: tuple[int, int]) -> Image.Image:
    """``labels`` as a mode ``"L"`` image."""
    image = Image.new("L", size)
    image.putdata(list(labels))
    return image


def is_territory(value: int) -> bool:
    return 0 < value <= MAX_TERRITORY


def _pairs(labels: Sequence[int], width: int, height: int, diagonal: bool) -> Iterable[tuple[int, int, int]]:
    """(index, other index, other label) of neighbouring pixels with different labels."""
    offsets = [(1, 0), (0, 1)] + ([(1, 1), (-1, 1)] if diagonal else [])
    for y in range(height):
        row = y * width
        for dx, dy in offsets:
            if y + dy >= height:
                continue
            start, stop = max(0, -dx), width - max(0, dx)
            base = labels[row + start : row + stop]
            other_row = (y + dy) * width
            other = labels[other_row + start + dx : other_row + stop + dx]
            for offset, (a, b) in enumerate(zip(base, other, strict=True)):
                if a != b:
                    yield row + start + offset, other_row + start + dx + offset, b


def contacts(
    labels: Sequence[int], size: tuple[int, int], *, diagonal: bool = False
) -> dict[frozenset[int], int]:
    """Territory pairs whose pixels touch directly (4-neighbours, or 8 with ``diagonal``), with
    the number of touching pixel pairs (the length of their shared border)."""
    width, height = size
    found: dict[frozenset[int], int] = {}
    for index, _other, b in _pairs(labels, width, height, diagonal):
        a = labels[index]
        if is_territory(a) and is_territory(b):
            key = frozenset((a, b))
            found[key] = found.get(key, 0) + 1
    return found


def across(labels: Sequence[int], size: tuple[int, int], barrier: int, reach: int = 3) -> set[frozenset[int]]:
    """Territory pairs that face each other across ``barrier`` pixels: both labels occur within
    ``reach`` pixels (along a row or a column) on either side of a run of barrier pixels."""
    width, height = size
    found: set[frozenset[int]] = set()

    def scan(line: Sequence[int]) -> None:
        n = len(line)
        i = 0
        while i < n:
            if line[i] != barrier:
                i += 1
                continue
            j = i
            while j < n and line[j] == barrier:
                j += 1
            before = line[i - 1] if i > 0 else SEA
            after = line[j] if j < n else SEA
            if j - i <= reach and is_territory(before) and is_territory(after) and before != after:
                found.add(frozenset((before, after)))
            i = j

    for y in range(height):
        scan(labels[y * width : (y + 1) * width])
    for x in range(width):
        scan(labels[x::width])
    return found


def border_points(labels: Sequence[int], size: tuple[int, int]) -> dict[frozenset[int], list[Point]]:
    """For each pair of touching cells, the midpoints of the pixel edges (and corners) where
    they meet."""
    width, height = size
    points: dict[frozenset[int], list[Point]] = {}
    for index, other, label in _pairs(labels, width, height, True):
        here = labels[index]
        if is_territory(here) and is_territory(label):
            y0, x0 = divmod(index, width)
            y1, x1 = divmod(other, width)
            points.setdefault(frozenset((here, label)), []).append(((x0 + x1) / 2 + 0.5, (y0 + y1) / 2 + 0.5))
    return points


def order_path(points: Sequence[Point], link: float = 1.6) -> list[list[Point]]:
    """Border points ordered into polylines (one per connected piece): the longest path through
    each piece, found by two breadth-first searches."""
    if not points:
        return []
    cells: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(points):
        cells.setdefault((int(x // 2), int(y // 2)), []).append(i)

    def neighbours(i: int) -> list[int]:
        x, y = points[i]
        cx, cy = int(x // 2), int(y // 2)
        out = []
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for j in cells.get((gx, gy), ()):
                    if j != i and math.dist(points[i], points[j]) <= link:
                        out.append(j)
        return out

    def bfs(start: int) -> tuple[int, dict[int, int]]:
        parent = {start: start}
        frontier = [start]
        last = start
        while frontier:
            following = []
            for i in frontier:
                for j in neighbours(i):
                    if j not in parent:
                        parent[j] = i
                        following.append(j)
            if following:
                last = following[-1]
            frontier = following
        return last, parent

    seen: set[int] = set()
    paths: list[list[Point]] = []
    for start in range(len(points)):
        if start in seen:
            continue
        end, parent = bfs(start)
        seen.update(parent)
        other_end, parent = bfs(end)
        chain = [other_end]
        while chain[-1] != end:
            chain.append(parent[chain[-1]])
        paths.append([points[i] for i in chain])
    return paths


def simplify(path: Sequence[Point], tolerance: float) -> list[Point]:
    """Ramer-Douglas-Peucker simplification."""
    if len(path) < 3:
        return list(path)
    (ax, ay), (bx, by) = path[0], path[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    worst, index = 0.0, 0
    for i in range(1, len(path) - 1):
        px, py = path[i]
        distance = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
        if distance > worst:
            worst, index = distance, i
    if worst <= tolerance:
        return [path[0], path[-1]]
    return simplify(path[: index + 1], tolerance)[:-1] + simplify(path[index:], tolerance)


def chaikin(path: Sequence[Point], rounds: int = 2) -> list[Point]:
    """Corner-cutting smoothing that keeps both ends."""
    points = list(path)
    for _ in range(rounds):
        if len(points) < 3:
            return points
        smooth = [points[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            smooth.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            smooth.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        smooth.append(points[-1])
        points = smooth
    return points


def components(labels: Sequence[int], size: tuple[int, int]) -> list[tuple[int, list[int]]]:
    """The 4-connected pieces of every territory label: (label, pixel indexes)."""
    width, height = size
    seen = bytearray(width * height)
    pieces: list[tuple[int, list[int]]] = []
    for start, label in enumerate(labels):
        if seen[start] or not is_territory(label):
            continue
        stack, piece = [start], []
        seen[start] = 1
        while stack:
            index = stack.pop()
            piece.append(index)
            y, x = divmod(index, width)
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height:
                    other = ny * width + nx
                    if not seen[other] and labels[other] == label:
                        seen[other] = 1
                        stack.append(other)
        pieces.append((label, piece))
    return pieces


def _crumbs(labels: list[int], size: tuple[int, int]) -> list[tuple[int, list[int]]]:
    """The pieces of every cell that are smaller than its largest piece: (label, pixel indexes)."""
    largest: dict[int, int] = {}
    pieces = components(labels, size)
    for label, piece in pieces:
        largest[label] = max(largest.get(label, 0), len(piece))
    return [(label, piece) for label, piece in pieces if len(piece) != largest[label]]


def _neighbours(index: int, width: int, height: int) -> Iterable[int]:
    """The indexes of the 4 pixels next to ``index`` (right, left, below, above) inside the raster."""
    y, x = divmod(index, width)
    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= nx < width and 0 <= ny < height:
            yield ny * width + nx


def drop_crumbs(labels: list[int], size: tuple[int, int]) -> list[int]:
    """Give every piece of a cell but its largest to the territory around it."""
    width, height = size
    out = list(labels)
    for label, piece in _crumbs(labels, size):
        around: dict[int, int] = {}
        for index in piece:
            for other in (out[n] for n in _neighbours(index, width, height)):
                if is_territory(other) and other != label:
                    around[other] = around.get(other, 0) + 1
        if around:
            new = max(around, key=lambda k: around[k])
            for index in piece:
                out[index] = new
    return out


def crumbs_to_barriers(labels: list[int], size: tuple[int, int]) -> list[int]:
    """Barriers may cut a few pixels off a cell: they join the barrier next to them."""
    width, height = size
    out = list(labels)
    for _label, piece in _crumbs(labels, size):
        rivers = sum(1 for index in piece for n in _neighbours(index, width, height) if out[n] == RIVER)
        for index in piece:
            out[index] = RIVER if rivers else RIDGE
    return out
