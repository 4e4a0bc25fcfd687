"""Golden playthroughs (a fixed seed's whole game as the public reads it, diffed), and the
non-interference property: another player's hidden cards change nothing anyone else sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core import Action, Match, dump, load
from tests.support.golden import stored_golden

from .helpers import R, random_game

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "middle-earth": ({"edition": "middle-earth", "mode": "lotr", "setup": "quick"}, 3, 1),
    "trilogy": ({"edition": "trilogy", "mode": "lotr", "setup": "printed", "hunt": "on"}, 2, 2),
}


def golden_text(name: str) -> str:
    options, players, seed = GAMES[name]
    match, _ = random_game(seed, options, players)
    state = match.state
    result = {"winners": state["result"]["winners"], "reason": R.result_text(state["result"])}
    lines = [f"options: {dict(state['options'])}", *R.log_lines(state, None), f"result: {result}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_public_log(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = golden_text(name)
    assert text == stored_golden(path, text)


def _swapped(state: dict, owner: str) -> dict | None:
    """``state`` with one of ``owner``'s hidden cards exchanged for a card of the deck."""
    twin = load(dump(state))
    hand, decks = twin["hands"][owner], twin["decks"]
    for kind in ("adventure", "territory"):
        mine = [c for c in hand[kind] if not any(a["card"] == c for a in twin["armed"][owner])]
        if mine and decks[kind]:
            index = hand[kind].index(mine[0])
            hand[kind][index], decks[kind][0] = decks[kind][0], hand[kind][index]
            return twin
    return None


def test_nobody_else_can_tell_which_cards_a_player_holds() -> None:
    compared = 0

    def check(match: Match, role: str, action: Action) -> None:
        nonlocal compared
        state = match.state
        if state["result"] is not None or state["seq"] % 10 or state["setup"] is not None:
            return
        for owner in state["roles"]:
            twin = _swapped(state, owner)
            if twin is None:
                continue
            for viewer in (None, *[r for r in state["roles"] if r != owner]):
                assert dump(R.view(state, viewer)) == dump(R.view(twin, viewer)), (owner, viewer)
                if viewer is not None:
                    assert R.prompt(state, viewer).actions == R.prompt(twin, viewer).actions
            compared += 1

    for seed in range(6):
        random_game(seed, {"edition": ("middle-earth", "trilogy")[seed % 2], "mode": "lotr"}, 3, each=check)
    assert compared > 100, compared
