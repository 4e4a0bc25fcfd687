"""Random playouts: for every edition, mode and player count, seeded games through the runner
with the invariants checked after every action (every territory held with a battalion, the cards
all accounted for, leaders, the Ring), the battalions conserved (the board changes by exactly what
the log tells) and no dead end (everyone asked has a legal action). A quarter of the games use the
printed set-up (one battalion at a time), the rest the quick one; the Trilogy options Hunt for the
Ring and the expansion bonus vary with the seed.

Plain mode is world conquest, which random players take thousands of actions to finish: its
games stop after ``PLAIN_TURNS`` turns (a fuzzer-only cap). The games of each combination run in
chunks so that ``pytest -n`` spreads them. The suite plays 100 games per combination (1,200 in
all); ``LOTR_RISK_FUZZ_GAMES=1000`` is the full check (12,000 games, about five CPU minutes).
"""

from __future__ import annotations

import os

import pytest

from .helpers import COMBOS, random_game

GAMES = int(os.environ.get("LOTR_RISK_FUZZ_GAMES", "100"))
CHUNKS = 5
PLAIN_TURNS = 15


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("edition", "mode", "players"), COMBOS, ids=["-".join(map(str, c)) for c in COMBOS])
def test_random_games_keep_the_invariants_and_never_dead_end(
    edition: str, mode: str, players: int, chunk: int
) -> None:
    size = -(-GAMES // CHUNKS)
    for seed in range(chunk * size, min(GAMES, (chunk + 1) * size)):
        options = {"edition": edition, "mode": mode, "setup": "printed" if seed % 4 == 1 else "quick"}
        if edition == "trilogy" and mode == "lotr":
            options["hunt"] = ("off", "on")[seed // 2 % 2]
            options["expansion_bonus"] = ("off", "on")[seed // 4 % 2]
        match, _ = random_game(seed, options, players, max_turns=PLAIN_TURNS if mode == "plain" else None)
        if mode == "lotr":
            assert match.state["result"] is not None, f"seed {seed}: a lotr game always ends"
