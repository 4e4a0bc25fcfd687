"""Benchmark ``/game replay``: rebuild a finished match's frames, then animate them as a GIF.

Run: ``.venv/bin/python bench/bench_replay.py [--seeds 3] [--width 480] [--max-frames 120]
[--out /tmp/replay]``. For each game (a complete random Confrontation match, a complete random
2-player LOTR Risk match) and seed it plays a random game through ``Match`` (set-up hurried
along as in the renderer playouts), then times ``replay_views`` on the stored entries and
``animate`` on the views (as the bot's render worker runs it, rendering included), and prints
actions, views, seconds, GIF frames and bytes. The first animation of a game also draws the
renderer's cached layers. With ``--out`` the GIFs are written there. Never used as a test.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

import games  # noqa: F401  (registers the games)
from games.core import Match, find
from games.core.replay import Entry, replay_views
from renderers.animation import animate
from tests.renderers.playouts import pick

GAMES: tuple[tuple[str, dict[str, str]], ...] = (("confrontation", {}), ("lotr-risk", {"players": "2"}))


def random_entries(name: str, options: dict[str, str], seed: int) -> list[Entry]:
    """A complete random two-player match, as the stored log entries the bot keeps."""
    ruleset = find(name)
    match = Match.new(ruleset, seed, options, 2)
    chooser = random.Random(seed)
    entries: list[Entry] = []
    while match.state["result"] is None:
        role = chooser.choice(sorted(ruleset.active(match.state)))
        action = pick(chooser, ruleset.prompt(match.state, role).actions)
        match.submit(role, action)
        entries.append(("act", role, action.text))
    return entries


def bench(name: str, options: dict[str, str], seed: int, args: argparse.Namespace) -> None:
    entries = random_entries(name, options, seed)
    start = time.perf_counter()
    views = replay_views(find(name), seed, options, 2, entries)
    replayed = time.perf_counter() - start
    start = time.perf_counter()
    gif = animate(views, width=args.width, max_frames=args.max_frames)
    animated = time.perf_counter() - start
    image = Image.open(io.BytesIO(gif))
    frames = getattr(image, "n_frames", 1)
    print(
        f"{name:13} seed {seed}: {len(entries):4} actions -> {len(views):3} views"
        f" | replay {replayed:.3f} s | animate {animated:.2f} s ({animated / len(views) * 1000:.0f} ms/view)"
        f" | GIF {frames} frames {image.width}x{image.height}, {len(gif) / 1_000_000:.2f} MB"
    )
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}-{seed}.gif").write_bytes(gif)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="random matches per game")
    parser.add_argument("--width", type=int, default=480)
    parser.add_argument("--max-frames", type=int, default=120)
    parser.add_argument("--out", default="", help="a folder to write the GIFs to")
    args = parser.parse_args()
    for name, options in GAMES:
        for seed in range(args.seeds):
            bench(name, options, seed, args)


if __name__ == "__main__":
    main()
