"""The contract suite's properties over every edition, mode and player count (the contract suite
itself plays the default options only): prompts named and small enough for Discord and agreeing
with ``is_legal``, no secret in what others see (data and words), replay determinism through dump
and load, and positions that round-trip."""

from __future__ import annotations

import copy
import os
from typing import Any

import pytest

from games.core import Action, InvalidPosition, Match, dump, load, project
from games.lotr_risk.secrets import hidden_names, placement_leaks
from tests.games.contract.test_every_game import _counts_around, _near_misses, fits_discord

from .helpers import COMBOS, R, random_game

IDS = ["-".join(map(str, c)) for c in COMBOS]
#: Seeds per combination: one, the first seed alternating with the count of players, so that the
#: combinations together cover both set-ups and, in the Trilogy, the Hunt on and off (the fuzzer
#: plays many more games); ``LOTR_RISK_PROPERTY_SEEDS`` for more.
SEEDS = int(os.environ.get("LOTR_RISK_PROPERTY_SEEDS", "1"))
PLAIN_TURNS = 8
MAX_LABEL = 100


def options_for(edition: str, mode: str, seed: int) -> dict[str, str]:
    options = {"edition": edition, "mode": mode, "setup": ("quick", "printed")[seed % 2]}
    if edition == "trilogy" and mode == "lotr":
        options["hunt"] = ("off", "on")[seed % 2]
    return options


def games(edition: str, mode: str, players: int, each: Any) -> None:
    for seed in range(players % 2, players % 2 + SEEDS):
        random_game(
            seed,
            options_for(edition, mode, seed),
            players,
            max_turns=PLAIN_TURNS if mode == "plain" else None,
            each=each,
        )


@pytest.mark.parametrize(("edition", "mode", "players"), COMBOS, ids=IDS)
def test_prompts_fit_discord_and_agree_with_is_legal(edition: str, mode: str, players: int) -> None:
    def check(match: Match, role: str, action: Action) -> None:
        state = match.state
        if state["result"] is not None:
            return
        active = R.active(state)
        for who in state["roles"]:
            prompt = R.prompt(state, who)
            if who not in active:
                assert prompt.kind == "waiting" and prompt.text and not prompt.actions
                continue
            assert prompt.kind != "waiting" and prompt.title and prompt.text
            assert fits_discord(prompt.actions), (prompt.kind, len(prompt.actions))
            for legal in prompt.actions:
                label = R.describe(state, who, legal)
                assert label and len(label) <= MAX_LABEL and "_" not in label, label
                assert isinstance(R.explain(state, who, legal), str)
                group = R.describe_group(state, who, legal.verb, legal.args[0] if legal.args else "")
                assert len(group) <= MAX_LABEL and "_" not in group, group
            for amount in prompt.amounts:
                listed = {Action(amount.verb, (*amount.args, str(n))) for n in amount.counts()}
                assert listed & set(prompt.actions), amount
            for near in _near_misses(prompt.actions) + _counts_around(prompt):
                assert R.is_legal(state, who, near) == prompt.allows(near), near

    games(edition, mode, players, check)


def _strings(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            found |= _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= _strings(item)
    return found


@pytest.mark.parametrize(("edition", "mode", "players"), COMBOS, ids=IDS)
def test_no_secret_reaches_another_audience_in_views_events_or_words(
    edition: str, mode: str, players: int
) -> None:
    seen = {"log": 0}

    def check(match: Match, role: str, action: Action) -> None:
        state = match.state
        roles = list(state["roles"])
        new_events = state["log"][seen["log"] :]
        seen["log"] = len(state["log"])
        for viewer in (None, *roles):
            others = set().union(*(R.secrets(state, r) for r in roles if r != viewer))
            names = set().union(*(hidden_names(state, r) for r in roles if r != viewer))
            view = R.view(state, viewer)
            assert not others & _strings(view), viewer
            assert not placement_leaks(view, state, viewer)
            if viewer is None:
                assert view["hand"] is None and view["armed"] is None
            else:
                own = state["hands"][viewer]
                assert [c["id"] for c in view["hand"]["territory"]] == own["territory"]
                assert [c["id"] for c in view["hand"]["adventure"]] == own["adventure"]
            for event in new_events:
                kind, args = project(event, viewer)
                assert not others & _strings(dict(args)), (kind, viewer)
                text = R.narrate(kind, args, viewer)
                assert text and not [n for n in names if n in text], (text, names)
            if viewer is not None and viewer in R.active(state):
                for legal in R.prompt(state, viewer).actions:
                    words = R.describe(state, viewer, legal) + R.explain(state, viewer, legal)
                    assert not [n for n in names if n in words], words

    games(edition, mode, players, check)


@pytest.mark.parametrize(("edition", "mode", "players"), COMBOS, ids=IDS)
def test_replay_from_seed_and_actions_is_identical_even_through_dump_and_load(
    edition: str, mode: str, players: int
) -> None:
    for seed in range(2):
        options = dict(options_for(edition, mode, seed), players=str(players))
        played, history = random_game(
            seed, options, players, max_turns=PLAIN_TURNS if mode == "plain" else None
        )
        again = Match.new(R, seed, options, players)
        for number, (role, text) in enumerate(history):
            if number % 11 == 0:
                again = Match(R, load(dump(again.state)))
            again.submit(role, text)
        assert dump(again.state) == dump(played.state)


@pytest.mark.parametrize(("edition", "mode", "players"), COMBOS, ids=IDS)
def test_positions_round_trip_and_play_on_like_the_original(edition: str, mode: str, players: int) -> None:
    tried = {"n": 0}

    def check(match: Match, role: str, action: Action) -> None:
        state = match.state
        if state["result"] is not None or state["seq"] % 3:
            return
        try:
            described = R.to_position(state)
        except InvalidPosition:
            return
        rebuilt = R.from_position(copy.deepcopy(described))
        assert R.to_position(rebuilt) == described
        for who in state["roles"]:
            assert R.prompt(rebuilt, who).actions == R.prompt(state, who).actions
        tried["n"] += 1

    games(edition, mode, players, check)
    assert tried["n"] > 5


def test_the_final_reveal_shows_every_hand() -> None:
    match, _ = random_game(4, {"edition": "middle-earth", "mode": "lotr"}, 3)
    reveal = R.final_reveal(match.state)
    assert set(reveal["hands"]) == {"black", "green", "red"}
    assert reveal["result"]["text"]
