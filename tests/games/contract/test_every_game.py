"""The contract every registered game inherits: each test runs over all rulesets (and the toy game).

A new game is checked here the moment it registers: random playouts through the match runner
with invariants after every action and no dead ends, replay determinism, dump/load, positions
round trips, no secrets in views or events (as data and as words), questions named, prompts
small enough for Discord, and ``is_legal`` agreeing with the listed actions.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Action, InvalidPosition, Match, Ruleset, all_rulesets, dump, load, project
from games.core.rng import randbelow
from tests.support.toy_game import PEBBLES

RULESETS: list[Ruleset] = [*all_rulesets(), PEBBLES]
IDS = [r.name for r in RULESETS]
#: Random games per ruleset and test; long enough to cover every phase, short enough for CI.
GAMES = 12
MAX_ACTIONS = 5000
#: Games that take thousands of actions play fewer random games here (each has its own fuzz
#: suite with more), and may take longer to end.
SEEDS_CAP = {"war-of-the-ring": 1}
LONGEST = {"war-of-the-ring": 30_000}


def seeds(ruleset: Ruleset, wanted: int) -> range:
    """The seeds a test plays for ``ruleset``: ``wanted``, or fewer for a long game."""
    return range(min(wanted, SEEDS_CAP.get(ruleset.name, wanted)))


#: Discord shows at most five menus of 25 options: a longer list must be split into steps.
MAX_CHOICES = 5 * 25
MAX_LABEL = 100


def _options(ruleset: Ruleset, seed: int) -> dict[str, str]:
    """Walk every option's values across seeds, keeping combinations the game accepts."""
    for attempt in range(50):
        chosen = {
            spec.name: spec.choices[(seed + attempt * (i + 1)) % len(spec.choices)]
            for i, spec in enumerate(ruleset.options)
        }
        try:
            return ruleset.resolve_options(chosen)
        except ValueError:
            continue
    return ruleset.resolve_options({})


def playout(ruleset: Ruleset, seed: int) -> Iterator[tuple[Match, str, Action]]:
    """A random game through the runner (invariants checked): yields after every action."""
    match = Match.new(ruleset, seed, _options(ruleset, seed), ruleset.max_players)
    chooser = {"rng": seed * 7919 + 3}
    longest = LONGEST.get(ruleset.name, MAX_ACTIONS)
    for _ in range(longest):
        state = match.state
        if state["result"] is not None:
            return
        active = sorted(ruleset.active(state))
        assert active, f"{ruleset.name} seed {seed}: dead end, nobody is to act"
        role = active[randbelow(chooser, len(active))]
        actions = ruleset.prompt(state, role).actions
        assert actions, f"{ruleset.name} seed {seed}: {role} is to act but has no legal action"
        action = actions[randbelow(chooser, len(actions))]
        match.submit(role, action, check=True)
        yield match, role, action
    raise AssertionError(f"{ruleset.name} seed {seed}: no end in {longest} actions")


def _history(ruleset: Ruleset, seed: int) -> tuple[list[tuple[str, Action]], str]:
    history = [(role, action) for _, role, action in playout(ruleset, seed)]
    match = Match.new(ruleset, seed, _options(ruleset, seed), ruleset.max_players)
    for role, action in history:
        match.submit(role, action)
    return history, dump(match.state)


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_random_games_end_with_invariants_kept_and_no_dead_end(ruleset: Ruleset) -> None:
    for seed in seeds(ruleset, GAMES):
        for match, _, _ in playout(ruleset, seed):
            last = match
        assert last.state["result"] is not None


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_replay_from_seed_and_actions_is_identical_even_through_dump_and_load(ruleset: Ruleset) -> None:
    for seed in seeds(ruleset, 3):
        history, final = _history(ruleset, seed)
        again = Match.new(ruleset, seed, _options(ruleset, seed), ruleset.max_players)
        for number, (role, action) in enumerate(history):
            if number % 7 == 0:  # a loaded state has sorted keys: play must not depend on dict order
                again = Match(ruleset, load(dump(again.state)))
            again.submit(role, action)
        assert dump(again.state) == final


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_undo_and_revert_restore_the_exact_state(ruleset: Ruleset) -> None:
    undone = 0
    for seed in seeds(ruleset, 4):
        for match, role, _ in playout(ruleset, seed):
            if match.can_undo(role) and match.state["seq"] % 3 == 0:
                after = dump(match.state)
                undo = match.undo(role)
                undo.revert()
                assert dump(match.state) == after
                undone += 1
    if ruleset.name == "confrontation":
        assert undone > 0  # set-up placements are undoable


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_no_secret_in_views_or_events_as_data_and_every_event_has_words(ruleset: Ruleset) -> None:
    checked = 0
    for seed in seeds(ruleset, GAMES // 2):
        seen_log = 0
        for match, _, _ in playout(ruleset, seed):
            state = match.state
            roles = list(state["roles"])
            for viewer in (None, *roles):
                others = set().union(*(ruleset.secrets(state, r) for r in roles if r != viewer))
                view = ruleset.view(state, viewer)
                leaked = others.intersection(_strings(view))
                assert not leaked, f"{ruleset.name}: the view of {viewer} holds {leaked}"
                if viewer is None:  # the standing (/game status) is for anyone in the server
                    words = set(re.findall(r"[\w:'-]+", " ".join(ruleset.standing(state))))
                    hidden = set().union(*(ruleset.secrets(state, r) for r in roles))
                    assert not hidden & words, f"{ruleset.name}: the standing tells {hidden & words}"
                for event in state["log"][seen_log:]:
                    kind, args = project(event, viewer)
                    leaked = others.intersection(_strings(dict(args)))
                    assert not leaked, f"{ruleset.name}: event {kind} tells {viewer} {leaked}"
                    assert ruleset.narrate(kind, args, viewer)  # every event has words for everyone
                checked += 1
            seen_log = len(state["log"])
    assert checked > 50


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_prompts_name_their_question_fit_discord_and_agree_with_is_legal(ruleset: Ruleset) -> None:
    for seed in seeds(ruleset, GAMES // 2):
        for match, _, _ in playout(ruleset, seed):
            state = match.state
            if state["result"] is not None:
                assert all(ruleset.prompt(state, r).kind == "over" for r in state["roles"])
                continue
            active = ruleset.active(state)
            for role in state["roles"]:
                prompt = ruleset.prompt(state, role)
                if role not in active:
                    assert prompt.kind == "waiting" and not prompt.actions and prompt.text
                    continue
                assert prompt.kind and prompt.kind != "waiting" and prompt.text
                assert fits_discord(prompt.actions), f"{prompt.kind}: {len(prompt.actions)} choices"
                for action in prompt.actions:
                    assert ruleset.is_legal(state, role, action)
                    label = ruleset.describe(state, role, action)
                    assert label and len(label) <= MAX_LABEL, label
                    assert isinstance(ruleset.explain(state, role, action), str)
                for amount in prompt.amounts:
                    counts = {Action(amount.verb, (*amount.args, str(n))) for n in amount.counts()}
                    assert counts & set(prompt.actions), f"{amount}: no count of the range is listed"
                for near_miss in _near_misses(prompt.actions) + _counts_around(prompt):
                    assert ruleset.is_legal(state, role, near_miss) == prompt.allows(near_miss), near_miss


def _near_misses(actions: tuple[Action, ...]) -> list[Action]:
    """Actions one argument away from legal ones (the arguments mixed up), to test ``is_legal``."""
    values = sorted({arg for a in actions for arg in a.args})
    misses: list[Action] = []
    for action in actions[:6]:
        for index in range(len(action.args)):
            for value in values[:8]:
                args = (*action.args[:index], value, *action.args[index + 1 :])
                misses.append(Action(action.verb, args))
        misses.append(Action(action.verb, (*action.args, "extra")))
    return misses


def fits_discord(actions: tuple[Action, ...]) -> bool:
    """Five menus of 25 show it: the whole list, or its groups (same verb and first argument,
    chosen first) and then each group's actions."""
    if len(actions) <= MAX_CHOICES:
        return True
    groups: dict[tuple[str, str], int] = {}
    for action in actions:
        key = (action.verb, action.args[0] if action.args else "")
        groups[key] = groups.get(key, 0) + 1
    return len(groups) <= MAX_CHOICES and max(groups.values()) <= MAX_CHOICES


def _counts_around(prompt: Any) -> list[Action]:
    """Counts inside and just outside each declared range (every one inside is legal)."""
    return [
        Action(a.verb, (*a.args, str(n)))
        for a in prompt.amounts
        for n in {a.low - 1, a.low, (a.low + a.high) // 2, a.high, a.high + 1}
        if n >= 0
    ]


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_positions_round_trip_and_play_on_like_the_original(ruleset: Ruleset) -> None:
    tried = 0
    for seed in seeds(ruleset, GAMES // 2):
        for match, _, _ in playout(ruleset, seed):
            if match.state["result"] is not None or match.state["seq"] % 4:
                continue
            try:
                position = ruleset.to_position(match.state)
            except InvalidPosition:
                continue  # not a moment a position describes (e.g. in the middle of a battle)
            rebuilt = ruleset.from_position(copy.deepcopy(position))
            assert ruleset.to_position(rebuilt) == position
            for role in rebuilt["roles"]:
                assert ruleset.prompt(rebuilt, role).actions == ruleset.prompt(match.state, role).actions
            tried += 1
    assert tried > 5


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_an_impossible_position_is_refused_with_a_reason(ruleset: Ruleset) -> None:
    with pytest.raises(InvalidPosition) as refused:
        ruleset.from_position({"no such key": True, "pile": -4})
    assert str(refused.value)


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_help_texts_fit_discord_and_every_rule_topic_has_words(ruleset: Ruleset) -> None:
    """Option and command descriptions are at most Discord's 100 characters (never cut off)."""
    for spec in ruleset.options:
        assert 0 < len(spec.help) <= MAX_LABEL, (spec.name, len(spec.help))
        assert all(0 < len(spec.label(c)) <= MAX_LABEL for c in spec.choices)
    for command in ruleset.commands:
        assert 0 < len(command.description) <= MAX_LABEL, command.name
        assert all(0 < len(p.description) <= MAX_LABEL for p in command.params)
    assert ruleset.rules_overview()
    for topic in ruleset.rules_topics():
        assert topic.title and topic.text and len(topic.slug) <= MAX_LABEL
