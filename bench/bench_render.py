"""Benchmark the Confrontation renderer: p50/p99 time of a public board render and PNG size,
for each layout (compact, the default posted in Discord, and full).

Run: ``.venv/bin/python bench/bench_render.py [renders per layout]``. Targets: p50 <= 60 ms,
p99 <= 120 ms, PNG <= 400 KB. Views come from random playouts of the real engine when it is
registered, otherwise from the hand-made samples of the renderer tests. The description
(``describe_view``) is timed too.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers import describe_view, render_view

LAYOUTS = ("compact", "full")


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


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))]


def bench_layout(views: list[dict[str, Any]], layout: str, count: int, *, warm_all: bool = False) -> None:
    """Time ``count`` renders; the first (or, ``warm_all``, one of every view: each may have
    static layers of its own) is reported apart, since it draws the cached layers."""
    start = time.perf_counter()
    for view in views if warm_all else views[:1]:
        render_view(view, layout=layout)
    first = (time.perf_counter() - start) * 1000
    timings: list[float] = []
    sizes: list[int] = []
    for index in range(count):
        view = views[index % len(views)]
        start = time.perf_counter()
        png = render_view(view, layout=layout)
        timings.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    timings.sort()
    warmed = f"warm-up of {len(views)} views" if warm_all else "first render"
    print(f"[{layout}] {warmed} (draws and caches the static layers): {first:.1f} ms")
    print(
        f"[{layout}] p50: {statistics.median(timings):.1f} ms  p99: {percentile(timings, 0.99):.1f} ms"
        f"  max: {timings[-1]:.1f} ms"
    )
    median, largest = statistics.median(sizes) / 1024, max(sizes) / 1024
    print(f"[{layout}] PNG size: median {median:.0f} KB, max {largest:.0f} KB")


def bench_describe(views: list[dict[str, Any]], count: int) -> None:
    timings: list[float] = []
    lengths: list[int] = []
    for index in range(count):
        view = views[index % len(views)]
        start = time.perf_counter()
        text = describe_view(view)
        timings.append((time.perf_counter() - start) * 1000)
        lengths.append(len(text))
    timings.sort()
    print(
        f"[describe] p50: {statistics.median(timings):.2f} ms  p99: {percentile(timings, 0.99):.2f} ms"
        f"  length: median {statistics.median(lengths):.0f}, max {max(lengths)} characters"
    )


def run(views: list[dict[str, Any]], count: int, targets: str, *, warm_all: bool = False) -> None:
    """Every layout, then the description, then the targets (shared by the games' benchmarks)."""
    print(f"views: {len(views)}  renders per layout: {count}")
    for layout in LAYOUTS:
        bench_layout(views, layout, count, warm_all=warm_all)
    bench_describe(views, count)
    print(f"targets: {targets}, description <= 1024 characters")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    run(sample_views(), count, "p50 <= 60 ms, p99 <= 120 ms, PNG <= 400 KB")


if __name__ == "__main__":
    main()
