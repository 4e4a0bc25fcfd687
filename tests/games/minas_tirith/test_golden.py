"""A golden playthrough of the Siege of Minas Tirith: a fixed seed's whole game, played by a
driver that trades, loads and brings in holder cards, plays events, attacks and bombards, as the
public reads it (every line of the log, then the result), diffed against the stored text.

Regenerate the golden file after a deliberate change of the game or its words:
``UPDATE_GOLDEN=1 pytest tests/games/minas_tirith/test_golden.py`` (and say why in the commit).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from games.core import Action, Match, dump, load
from games.core.rng import randbelow
from tests.support.golden import public_story, stored_golden

from .helpers import R

GOLDEN = Path(__file__).parent / "golden" / "seed_7.txt"
GOLDEN_SEED = 7
AUDIENCES = (None, "good", "evil")


def pick(chooser: dict[str, int], actions: list[Action]) -> Action:
    """A driver that keeps the game short and eventful (never ``cancel``): the first verb of
    its order that is legal, a random action of it."""
    by_verb: dict[str, list[Action]] = {}
    for action in actions:
        by_verb.setdefault(action.verb, []).append(action)
    for verb in ("die", "trade", "load", "reward", "keep", "discard", "done", "go", "ram", "enter",
                 "play", "attack", "shoot", "send", "react", "lose", "decline", "advance", "ride",
                 "end"):  # fmt: skip
        if verb in by_verb and (verb not in ("play", "shoot", "advance") or randbelow(chooser, 3)):
            return by_verb[verb][randbelow(chooser, len(by_verb[verb]))]
    rest = [a for a in actions if a.verb != "cancel"] or actions
    return rest[randbelow(chooser, len(rest))]


@cache
def golden_game(seed: int) -> tuple[Match, tuple[tuple[str, str], ...]]:
    """The driver's game to its end, invariants checked after every action; its actions as the
    bot stores them ``(role, text)``."""
    match = Match.new(R, seed, {}, 2)
    chooser = {"rng": seed * 2654435761 + 3}
    history: list[tuple[str, str]] = []
    while match.state["result"] is None:
        assert len(history) < 3_000, "the driver's game should end"
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        action = pick(chooser, list(R.prompt(match.state, role).actions))
        match.submit(role, action, check=True)
        history.append((role, action.text))
    return match, tuple(history)


def golden_text(seed: int) -> str:
    match, history = golden_game(seed)
    return public_story(R, match.state, f"seed {seed}: {len(history)} actions")


def test_golden_playthrough() -> None:
    text = golden_text(GOLDEN_SEED)
    assert text == stored_golden(GOLDEN, text)


def test_the_golden_game_has_battles_cards_and_holders() -> None:
    _, history = golden_game(GOLDEN_SEED)
    verbs = Counter(text.split(" ")[0] for _, text in history)
    assert verbs["attack"] >= 5 and verbs["shoot"] >= 3 and verbs["trade"] >= 5, verbs
    assert verbs["play"] + verbs["enter"] + verbs["load"] >= 3, verbs


def test_the_golden_game_replays_the_same_through_a_save_in_every_battle() -> None:
    first, history = golden_game(GOLDEN_SEED)
    again = Match.new(R, GOLDEN_SEED, {}, 2)
    saved = 0
    for role, text in history:
        if any(f["step"] == "fight" for f in again.state["stack"]):  # a battle being decided
            again = Match(R, load(dump(again.state)))
            saved += 1
        again.submit(role, text)
    assert saved > 0
    assert dump(again.state) == dump(first.state)
    for audience in AUDIENCES:
        assert R.log_lines(again.state, audience) == R.log_lines(first.state, audience)
