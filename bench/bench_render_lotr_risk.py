"""Benchmark the Risk renderer: p50/p99 time of a render and PNG size, for each layout (compact,
the default posted in Discord, and full), and the description.

Run: ``.venv/bin/python bench/bench_render_lotr_risk.py [renders per layout]``. Targets: p50 <= 120
ms, p99 <= 250 ms, PNG <= 800 KB. Views: the hand-made samples of the renderer tests (both
editions, 2/3/4 players, lotr and plain, claims, battles, private hands, finished games) over
several seeds. The first render of every view (each edition, layout and mode has static layers
of its own) is reported apart. The timing loop is ``bench_render.run``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_render import run
from tests.renderers.lotr_risk import samples


def sample_views() -> list[dict[str, Any]]:
    views = list(samples.all_samples().values())
    for seed in range(20, 40):
        edition = samples.EDITIONS[seed % 2]
        players = 2 + seed % 3
        views.append(samples.base(edition, players, "plain" if seed % 5 == 0 else "lotr", seed=seed))
    return views


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    run(sample_views(), count, "p50 <= 120 ms, p99 <= 250 ms, PNG <= 800 KB", warm_all=True)


if __name__ == "__main__":
    main()
