"""Benchmark the Confrontation renderer: p50/p99 time of a public board render and PNG size.

Run: ``.venv/bin/python bench/bench_render.py [renders]``. Targets: p50 <= 60 ms, p99 <= 120 ms,
PNG <= 400 KB. Views come from random playouts of the real engine when it is registered,
otherwise from the hand-made samples of the renderer tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers import render_view


def sample_views() -> list[dict[str, Any]]:
    """Public views to draw: engine playouts if available, else the test samples."""
    try:
        from tests.renderers.playouts import public_views

        views = public_views(seeds=range(3), every=3)
        if views:
            return views
    except Exception as error:  # the engine may not be there yet
        print(f"(engine playouts unavailable: {error}; using hand-made samples)")
    from tests.renderers import samples

    return [samples.opening(None), samples.mid_battle(None), samples.game_over(None), samples.final_reveal()]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    views = sample_views()
    start = time.perf_counter()
    render_view(views[0])
    print(f"first render (draws and caches the board layer): {(time.perf_counter() - start) * 1000:.1f} ms")
    timings: list[float] = []
    sizes: list[int] = []
    for index in range(count):
        view = views[index % len(views)]
        start = time.perf_counter()
        png = render_view(view)
        timings.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    timings.sort()
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"views: {len(views)}  renders: {count}")
    print(f"p50: {p50:.1f} ms  p99: {p99:.1f} ms  max: {timings[-1]:.1f} ms")
    print(f"PNG size: median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")
    print("targets: p50 <= 60 ms, p99 <= 120 ms, PNG <= 400 KB")


if __name__ == "__main__":
    main()
