"""Replay frames: the public views of a match rebuilt from its stored log (``/game replay``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.texts import visible_events
from games.core import Match, Ruleset, dump, find
from games.core.errors import GameOver
from games.core.replay import Entry, replay_views
from tests.renderers.playouts import pick
from tests.support.toy_game import PEBBLES

CONFRONTATION = find("confrontation")
RISK = find("lotr-risk")
RISK_OPTIONS = {"players": "2"}


@dataclass
class Played:
    """A random game as the bot stores it, and what the table saw while it was played."""

    ruleset: Ruleset
    seed: int
    options: Mapping[str, str]
    entries: list[Entry] = field(default_factory=list)
    #: The public view after set-up, then after each entry the bot posted a board for, dumped
    #: when it was posted (a replay must not share, and later see changed, parts of the state).
    boards: list[str] = field(default_factory=list)
    match: Match | None = None

    def replayed(self, entries: list[Entry] | None = None) -> list[dict[str, Any]]:
        chosen = self.entries if entries is None else entries
        return replay_views(self.ruleset, self.seed, self.options, 2, chosen)


def played(ruleset: Ruleset, seed: int, options: Mapping[str, str] | None = None, cap: int = 5000) -> Played:
    """A seeded random two-player game through :class:`Match` (at most ``cap`` actions)."""
    game = Played(ruleset, seed, dict(options or {}))
    match = game.match = Match.new(ruleset, seed, game.options, 2)
    game.boards.append(dump(ruleset.view(match.state, None)))
    chooser = random.Random(seed)
    while match.state["result"] is None and len(game.entries) < cap:
        role = chooser.choice(sorted(ruleset.active(match.state)))
        action = pick(chooser, ruleset.prompt(match.state, role).actions)
        outcome = match.submit(role, action)
        game.entries.append(("act", role, action.text))
        if visible_events(ruleset, outcome.events):  # the bot's rule for posting a board
            game.boards.append(dump(ruleset.view(match.state, None)))
    return game


@pytest.fixture(scope="module")
def confrontation() -> Played:
    return played(CONFRONTATION, 3)


@pytest.fixture(scope="module")
def risk() -> Played:
    return played(RISK, 3, RISK_OPTIONS)


@pytest.mark.parametrize("game_name", ["confrontation", "risk"])
def test_frames_are_the_boards_the_table_saw_then_the_final_reveal(
    game_name: str, request: pytest.FixtureRequest
) -> None:
    game: Played = request.getfixturevalue(game_name)
    assert game.match is not None and game.match.state["result"] is not None
    views = game.replayed()
    final = game.ruleset.final_reveal(game.match.state)
    # The finishing entry's board is the final reveal, as the bot posts it.
    assert [dump(view) for view in views] == [*game.boards[:-1], dump(final)]
    assert len(views) < len(game.entries), "hidden and quiet steps have no frame"


@pytest.mark.parametrize("game_name", ["confrontation", "risk"])
def test_no_frame_is_a_private_view(game_name: str, request: pytest.FixtureRequest) -> None:
    game: Played = request.getfixturevalue(game_name)
    views = game.replayed()
    assert all(view["audience"] is None for view in views)


def test_only_the_final_reveal_shows_every_hand(risk: Played) -> None:
    views = risk.replayed()
    assert "hands" in views[-1]
    assert not any("hands" in view for view in views[:-1])


def test_replay_is_deterministic(risk: Played) -> None:
    assert [dump(view) for view in risk.replayed()] == [dump(view) for view in risk.replayed()]


def test_an_unfinished_match_ends_on_its_latest_public_view(risk: Played) -> None:
    entries = risk.entries[:40]
    views = risk.replayed(entries)
    match = Match.new(RISK, risk.seed, RISK_OPTIONS, 2)
    for _, role, text in entries:
        match.submit(role, text)
    assert views[-1] == RISK.view(match.state, None)
    assert views[0] == RISK.view(Match.new(RISK, risk.seed, RISK_OPTIONS, 2).state, None)


def first_undoable(game: Played, seen: bool) -> int:
    """The index of the first act that can be undone and is worth seeing (``seen``) or not."""
    match = Match.new(game.ruleset, game.seed, game.options, 2)
    for number, (_, role, text) in enumerate(game.entries):
        outcome = match.submit(role, text)
        if match.can_undo(role) and bool(visible_events(game.ruleset, outcome.events)) == seen:
            return number
    raise AssertionError("no such undoable step in this game")


@pytest.mark.parametrize(("game_name", "seen"), [("risk", True), ("confrontation", False)])
def test_an_undone_step_keeps_no_frame_and_its_replay_matches_the_game_without_it(
    game_name: str, seen: bool, request: pytest.FixtureRequest
) -> None:
    """Insert "act, undo" before an undoable act (worth seeing, or hidden): same frames as without."""
    game: Played = request.getfixturevalue(game_name)
    number = first_undoable(game, seen)
    _, role, text = game.entries[number]
    taken_back: list[Entry] = [("act", role, text), ("undo", role, "")]
    with_undo = [*game.entries[:number], *taken_back, *game.entries[number:]]
    assert game.replayed(with_undo) == game.replayed()
    # Stopping right after the undo: the undone step's board is gone, and no other.
    assert game.replayed([*game.entries[:number], *taken_back]) == game.replayed(game.entries[:number])


def test_undo_counts_frames_exactly_on_the_toy_game() -> None:
    bids: list[Entry] = [("act", "north", "bid 3"), ("act", "south", "bid 1")]  # each logs a public event
    take: Entry = ("act", "north", "take")
    undo: Entry = ("undo", "north", "")

    def seqs(*entries: Entry) -> list[int]:
        return [view["seq"] for view in replay_views(PEBBLES, 1, {}, 2, [*bids, *entries])]

    assert seqs(take, take) == [0, 1, 2, 3, 4]
    assert seqs(take, take, undo) == [0, 1, 2, 3], "the undone take keeps no frame"
    assert seqs(take, take, undo, undo) == [0, 1, 2]
    assert seqs(take, undo, take) == [0, 1, 2, 3]
    # "end" logs nothing: no frame of its own, but the replay ends on the latest public view.
    assert seqs(take, take, undo, ("act", "north", "end")) == [0, 1, 2, 3, 4]


def test_a_resignation_or_a_timeout_ends_on_the_final_reveal(confrontation: Played) -> None:
    entries = confrontation.entries[:5]
    for text, reason in (("", "resigned"), ("timeout", "timeout")):
        views = confrontation.replayed([*entries, ("resign", "sauron", text)])
        assert views[-1]["result"]["reason"] == reason
        match = Match.new(CONFRONTATION, confrontation.seed, {}, 2)
        for _, role, action in entries:
            match.submit(role, action)
        match.time_out("sauron") if text else match.resign("sauron")
        assert views[-1] == CONFRONTATION.final_reveal(match.state)


def test_a_corrupt_log_is_refused(confrontation: Played) -> None:
    with pytest.raises(ValueError, match="unknown log entry kind"):
        confrontation.replayed([("pass", "sauron", "")])
    with pytest.raises(GameOver):
        confrontation.replayed([*confrontation.entries, confrontation.entries[-1]])
