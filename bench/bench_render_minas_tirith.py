"""Benchmark the Minas Tirith renderer: p50/p99 time of a render and PNG size, for each layout
(compact, the default posted in Discord, and full), and the description.

Run: ``.venv/bin/python bench/bench_render_minas_tirith.py [renders per layout]``. Targets:
p50 <= 120 ms, p99 <= 250 ms, PNG <= 800 KB. Views: the hand-made samples of the renderer tests
(the set-up, a land attack with a retreat, a bombardment with its ranges, the gate broken, a
finished game) and random variations of the armies. The first render of each layout draws its
static map (reported apart). The timing loop is ``bench_render.run``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_render import run
from tests.renderers.minas_tirith import samples


def sample_views() -> list[dict[str, Any]]:
    views = list(samples.all_samples().values())
    rng = random.Random(20)
    for _ in range(10):
        view = samples.land_attack(rng.choice([None, "good", "evil"]))
        for space in view["spaces"].values():
            for kind in space["units"]:
                space["units"][kind] = rng.randint(1, 9)
        views.append(view)
    return views


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    run(sample_views(), count, "p50 <= 120 ms, p99 <= 250 ms, PNG <= 800 KB", warm_all=True)


if __name__ == "__main__":
    main()
