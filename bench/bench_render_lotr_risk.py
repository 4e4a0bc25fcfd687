"""Benchmark the Risk renderer: p50/p99 time of a render and PNG size, for each layout (compact,
the default posted in Discord, and full), and the description.

Run: ``.venv/bin/python bench/bench_render_lotr_risk.py [renders per layout]``. Targets: p50 <= 120
ms, p99 <= 250 ms, PNG <= 800 KB. Views: the hand-made samples of the renderer tests (both
editions, 2/3/4 players, lotr and plain, claims, battles, private hands, finished games) over
several seeds. The first render of each (edition, layout, mode) draws its static layer and is
reported apart.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers import describe_view, render_view
from tests.renderers.lotr_risk import samples

LAYOUTS = ("compact", "full")


def sample_views() -> list[dict[str, Any]]:
    views = list(samples.all_samples().values())
    for seed in range(20, 40):
        edition = samples.EDITIONS[seed % 2]
        players = 2 + seed % 3
        views.append(samples.base(edition, players, "plain" if seed % 5 == 0 else "lotr", seed=seed))
    return views


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))]


def bench_layout(views: list[dict[str, Any]], layout: str, count: int) -> None:
    start = time.perf_counter()
    for view in views:  # draws every static layer once
        render_view(view, layout=layout)
    warm = (time.perf_counter() - start) * 1000
    timings: list[float] = []
    sizes: list[int] = []
    for index in range(count):
        view = views[index % len(views)]
        start = time.perf_counter()
        png = render_view(view, layout=layout)
        timings.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    timings.sort()
    print(f"[{layout}] warm-up of {len(views)} views (static layers drawn once): {warm:.0f} ms")
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


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    views = sample_views()
    print(f"views: {len(views)}  renders per layout: {count}")
    for layout in LAYOUTS:
        bench_layout(views, layout, count)
    bench_describe(views, count)
    print("targets: p50 <= 120 ms, p99 <= 250 ms, PNG <= 800 KB, description <= 1024 characters")


if __name__ == "__main__":
    main()
