"""Benchmark the War of the Ring renderer: p50/p99 time of a render and PNG size, for each layout
(compact, the default posted in Discord, and full), the zoom, and the description.

Run: ``.venv/bin/python bench/bench_render_war_of_the_ring.py [renders per layout]``. Targets:
p50 <= 150 ms, p99 <= 300 ms, PNG <= 1 MB. Views: the hand-made samples of the renderer tests
(the starting position, a mid-game siege, the Mordor Track, a finished game; public and private)
and random variations of them. The first render of each layout draws its static map (reported
apart). Prints numbers, asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_render import run
from renderers.war_of_the_ring import render_zoom
from tests.renderers.war_of_the_ring import samples


def sample_views() -> list[dict[str, Any]]:
    views = list(samples.all_samples().values())
    rng = random.Random(5)
    for _ in range(8):
        view = samples.midgame(rng.choice([None, "free", "shadow"]))
        for entry in view["regions"]:
            for counts in entry.get("units", {}).values():
                counts["regular"] = rng.randint(0, 6)
        view["fellowship"]["corruption"] = rng.randint(0, 12)
        views.append(view)
    return views


def bench_zoom(views: list[dict[str, Any]], count: int) -> None:
    regions = ["minas_tirith", "the_shire", "dol_guldur", "erebor", "umbar", "orthanc", "rivendell"]
    start = time.perf_counter()
    render_zoom(views[0], regions[0])
    first = (time.perf_counter() - start) * 1000
    timings: list[float] = []
    sizes: list[int] = []
    for index in range(count):
        start = time.perf_counter()
        png = render_zoom(views[index % len(views)], regions[index % len(regions)])
        timings.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    timings.sort()
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    median = statistics.median(timings)
    print(
        f"[zoom] first render (draws the zoom map): {first:.0f} ms  p50: {median:.1f} ms  p99: {p99:.1f} ms"
    )
    print(f"[zoom] PNG size: median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    views = sample_views()
    run(views, count, "p50 <= 150 ms, p99 <= 300 ms, PNG <= 1 MB")
    bench_zoom(views, max(10, count // 4))


if __name__ == "__main__":
    main()
