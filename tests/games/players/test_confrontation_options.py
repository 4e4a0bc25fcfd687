"""The Confrontation's search levels with every option the game offers (special cards, a handicap,
the Deluxe characters, a Draft): a sample agrees with the seat's view, the decision ignores what
the seat cannot know (the enemy's hidden special cards, his drafted but unseen tiles), the levels
search rather than fall back, and they play complete games. The Classic game samples and decides
exactly as before these options were sampled."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import pytest

from games.computer_players import policy
from games.confrontation.computer import RULESET, RuleBasedPlayer, determinize
from games.confrontation.data import CHARS, FELLOWSHIP, SAURON, SIDES, TILE_SIDES, other, specials_of
from games.core import InvalidPosition, State, clone
from games.core.players import (
    Budget,
    CannotSample,
    Generator,
    Policy,
    RandomPlayer,
    SearchPlayer,
    play,
    seat_of,
)

#: Every combination of options the game accepts (``variant``, ``specials``, ``handicap``).
ALL_OPTIONS = [
    {"variant": variant, "specials": specials, "handicap": handicap}
    for variant in ("classic", "variant-2002", "deluxe-variant", "draft")
    for specials in ("none", "2002", "deluxe-2", "deluxe-4")
    for handicap in ("none", FELLOWSHIP, SAURON)
    if (variant != "variant-2002" or specials == "2002") and (specials != "none" or handicap == "none")
]
#: A few of them for the slower tests: each card set, a handicap, each roster.
SOME_OPTIONS = [
    {"variant": "variant-2002"},
    {"specials": "deluxe-2"},
    {"variant": "deluxe-variant", "specials": "deluxe-4", "handicap": SAURON},
    {"variant": "draft"},
    {"variant": "draft", "specials": "deluxe-2"},
]
BUDGET = Budget(iterations=24)
#: Keys of a view a sample must reproduce for the seat (the log and the last move are history).
SAME = ("regions", "cards", "defeated", "turn", "active", "options", "last_seen", "prompt")


def _name(options: dict[str, str]) -> str:
    return "-".join(options.values())


def _moves(options: dict[str, str], seed: int, side: str, every: int, limit: int = 240) -> list[State]:
    """Copies of a game of the rule-based players with ``options`` at every ``every``-th move of
    ``side`` (from its third on: enemy pieces are hidden, some shown, cards spent)."""
    rules = RuleBasedPlayer()
    state = RULESET.setup(seed, RULESET.resolve_options(options), 2)
    found: list[State] = []
    moves = 0
    for count in range(limit):
        if state["result"] is not None:
            break
        role = min(RULESET.active(state))
        seat = seat_of(RULESET, state, role, count)
        if role == side and state.get("setup") is None and RULESET.prompt(state, role).kind == "move":
            moves += 1
            if moves >= 3 and moves % every == 0 and len(seat.actions) > 1:
                found.append(clone(state))
        RULESET.apply(state, role, rules.decide(seat))
    return found


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    picked = clone({k: view.get(k) for k in SAME})
    for cards in picked["cards"].values():
        cards["discard"] = sorted(c["id"] for c in cards["discard"])
    return picked


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=_name)
def test_a_sample_is_legal_and_looks_to_the_seat_like_the_real_game(options: dict[str, str]) -> None:
    checked = 0
    for side in SIDES:
        for real in _moves(options, 1, side, every=4):
            view = RULESET.view(real, side)
            for seed in range(2):
                sample = determinize(view, Generator(seed))
                assert not RULESET.check_invariants(sample)
                assert _comparable(RULESET.view(sample, side)) == _comparable(view)
                assert set(RULESET.legal_actions(sample, side)) == set(RULESET.legal_actions(real, side))
                checked += 1
    assert checked >= 4, "too few moments: pick another seed"


def test_the_enemys_hidden_special_cards_are_dealt_among_those_he_may_hold() -> None:
    """Deluxe, choose 2: the Fellowship cannot tell which two Sauron kept; the samples deal
    every unused card of his, never a used one, as many as he holds."""
    real = _moves({"specials": "deluxe-2"}, 2, FELLOWSHIP, every=1)[0]
    view = RULESET.view(real, FELLOWSHIP)
    assert view["cards"][SAURON]["specials"] is None
    dealt: set[str] = set()
    for seed in range(30):
        held = determinize(view, Generator(seed))["specials"][SAURON]["held"]
        assert len(held) == view["cards"][SAURON]["specials_count"]
        dealt |= set(held)
    used = {c["id"] for c in view["cards"][SAURON]["specials_used"]}
    assert dealt == set(specials_of(SAURON, "deluxe")) - used


def test_a_drafts_unseen_tiles_are_dealt_on_either_side() -> None:
    real = _moves({"variant": "draft"}, 3, SAURON, every=1)[0]
    view = RULESET.view(real, SAURON)
    rosters = {tuple(determinize(view, Generator(seed))["chars"][FELLOWSHIP]) for seed in range(30)}
    assert len(rosters) > 1
    shown = {p["character"] for r in view["regions"] for p in r["pieces"][FELLOWSHIP] if p["character"]}
    shown |= {d["character"] for d in view["defeated"][FELLOWSHIP]}
    assert all(shown <= set(roster) for roster in rosters)


def _twin(real: State, side: str, seed: int) -> State:
    """``real`` but for what ``side`` cannot know: the hidden enemy pieces in other places (in a
    Draft on the other side of their tiles too), the enemy's hidden special cards others he may hold,
    another PRNG."""
    position = RULESET.to_position(real)
    foe = other(side)
    view = RULESET.view(real, side)
    named = {p["character"] for r in view["regions"] for p in r["pieces"][foe] if p["character"]}
    named |= {e["character"] for e in view.get("last_seen", ())}
    hidden = [c for c in position[foe] if c not in named]
    rng = Generator(seed)
    for _ in range(500):
        trial = clone(position)
        where = [position[foe][c] for c in hidden]
        rng.shuffle(where)
        for char, region in zip(hidden, where, strict=True):
            del trial[foe][char]
            if real["options"]["variant"] == "draft":  # the other side of its tile
                char = next(c for c in TILE_SIDES[CHARS[char].tile] if c != char)
            trial[foe][char] = region
        if real["options"]["variant"] == "draft":
            trial.pop("ring_bearer", None)
        mine = trial["specials"][foe]
        if real["options"]["specials"] == "deluxe-2" and mine["held"]:
            card_set = "deluxe"
            spare = [c for c in specials_of(foe, card_set) if c not in mine["held"] + mine["used"]]
            mine["held"] = rng.sample(spare, len(mine["held"]))
        trial["seed"] = seed
        try:
            twin = RULESET.from_position(trial)
        except InvalidPosition:
            continue
        if RULESET.view(twin, side) == view and set(RULESET.legal_actions(twin, side)) == set(
            RULESET.legal_actions(real, side)
        ):
            return twin
    raise AssertionError("no twin found: pick another state")


def _real(options: dict[str, str], side: str) -> State:
    state = _moves(options, 4, side, every=1)[1]
    return RULESET.from_position(RULESET.to_position(state))


@pytest.mark.parametrize("level", ["gentle", "strong", "strong-lethal"])
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize(
    "options", [{"specials": "deluxe-2"}, {"variant": "draft", "specials": "deluxe-2"}], ids=_name
)
def test_a_decision_ignores_the_enemys_hidden_specials_and_roster(
    options: dict[str, str], side: str, level: str
) -> None:
    real = _real(options, side)
    twin = _twin(real, side, 99)
    foe = other(side)
    assert real["specials"][foe] != twin["specials"][foe] and real["pos"] != twin["pos"]
    assert (real["chars"][foe] != twin["chars"][foe]) == (options.get("variant") == "draft")
    assert _agree(lambda _state: policy("confrontation", level)[0], real, twin, side)


def _agree(make: Callable[[State], Policy], real: State, twin: State, side: str) -> bool:
    return all(
        make(real).decide(seat_of(RULESET, real, side, seed, BUDGET))
        == make(twin).decide(seat_of(RULESET, twin, side, seed, BUDGET))
        for seed in range(4)
    )


class _Peeking(SearchPlayer):
    """A planted leak: searches the real state (its specials, its roster, its pieces)."""

    def __init__(self, real: State) -> None:
        super().__init__(RULESET, lambda _view, _rng: clone(real), RuleBasedPlayer())


@pytest.mark.parametrize("side", SIDES)
def test_the_twins_catch_a_player_that_reads_the_state(side: str) -> None:
    options = {"variant": "draft", "specials": "deluxe-2"}
    real = _real(options, side)
    assert not _agree(_Peeking, real, _twin(real, side, 99), side)


@pytest.mark.parametrize("options", SOME_OPTIONS, ids=_name)
@pytest.mark.parametrize("level", ["gentle", "strong", "strong-lethal"])
def test_the_search_levels_search_with_every_option(options: dict[str, str], level: str) -> None:
    for side in SIDES:
        for real in _moves(options, 5, side, every=3)[:2]:
            player = policy("confrontation", level)[0]
            assert isinstance(player, SearchPlayer)
            player.decide(seat_of(RULESET, real, side, 1, BUDGET))
            assert player.fallbacks == 0


@pytest.mark.parametrize(
    "options", [{"variant": "variant-2002"}, {"variant": "draft", "specials": "deluxe-4"}]
)
def test_strong_plays_complete_games_with_special_cards_and_a_draft(options: dict[str, str]) -> None:
    strong, _ = policy("confrontation", "strong")
    for side in SIDES:
        players = {side: (strong, Budget(iterations=8)), other(side): (RandomPlayer(), Budget(1))}
        played = play(RULESET, {r: players[r] for r in SIDES}, 3, RULESET.resolve_options(options))
        assert played.reason != "stopped" and len(played.winners) == 1


#: Decisions of ``strong`` (seeds 1, 2) and ``gentle`` (seed 3), 60 iterations each, and a digest
#: of three samples, at moments of the rule-based players' games (options, seed, action count,
#: seat), recorded before special cards and drafts were sampled: the Classic game must not change.
CLASSIC_BEFORE = [
    ({}, 2, 40, FELLOWSHIP, ["card noble_sacrifice"] * 3, "2503176cba378bdc"),
    (
        {},
        2,
        55,
        FELLOWSHIP,
        ["move gandalf high_pass", "move boromir cardolan", "move boromir arthedain"],
        "b36c807901dac9fe",
    ),
    (
        {},
        2,
        70,
        SAURON,
        ["move saruman eregion", "move saruman eregion", "move orcs fangorn"],
        "c24163aefed5dd5f",
    ),
    (
        {"variant": "deluxe-variant"},
        2,
        40,
        FELLOWSHIP,
        ["move theoden cardolan", "move gandalf_v gap_of_rohan", "move frodo_v high_pass"],
        "ba5758e6382a6428",
    ),
    ({"variant": "deluxe-variant"}, 5, 40, FELLOWSHIP, ["card 5"] * 3, "a5c798702281a173"),
]


@pytest.mark.parametrize(("options", "seed", "count", "side", "decisions", "digest"), CLASSIC_BEFORE)
def test_the_classic_game_samples_and_decides_as_before(
    options: dict[str, str], seed: int, count: int, side: str, decisions: list[str], digest: str
) -> None:
    rules = RuleBasedPlayer()
    state = RULESET.setup(seed, RULESET.resolve_options(options), 2)
    for step in range(count):
        role = min(RULESET.active(state))
        RULESET.apply(state, role, rules.decide(seat_of(RULESET, state, role, step)))
    assert min(RULESET.active(state)) == side
    budget = Budget(iterations=60)
    # The search as recorded: the strong level before its Fellowship guarded the Ring-bearer.
    made = [
        str(policy("confrontation", "strong-s30")[0].decide(seat_of(RULESET, state, side, s, budget)))
        for s in (1, 2)
    ]
    made.append(str(policy("confrontation", "gentle")[0].decide(seat_of(RULESET, state, side, 3, budget))))
    assert made == decisions
    view = RULESET.view(state, side)
    samples = []
    for s in range(3):
        try:
            sample = determinize(view, Generator(s))
            samples.append(json.dumps([sample["pos"], sample["cards"], sample["rng"]], sort_keys=True))
        except CannotSample as exc:
            samples.append(str(exc))
    assert hashlib.sha256("".join(samples).encode()).hexdigest()[:16] == digest


def _position(**extra: Any) -> State:
    position: dict[str, Any] = {
        "options": {"specials": "deluxe-4"},
        FELLOWSHIP: {"frodo": "shire", "sam": "shire", "gandalf": "arthedain", "legolas": "cardolan"},
        SAURON: {"orcs": "mordor", "balrog": "misty_mountains", "shelob": "gondor", "warg": "rohan"},
    }
    return RULESET.from_position(position | extra)


@pytest.mark.parametrize(
    ("extra", "side", "key"),
    [
        (
            {
                "to_move": FELLOWSHIP,
                "must_move": "gandalf",
                "specials": {FELLOWSHIP: {"used": ["shadowfax"]}},
            },
            FELLOWSHIP,
            "must_move",
        ),
        (
            {"to_move": SAURON, "may_not_move": "orcs", "specials": {SAURON: {"used": ["dark_of_mordor"]}}},
            SAURON,
            "may_not_move",
        ),
        ({"to_move": SAURON, "king": "balrog"}, SAURON, "king"),
    ],
    ids=["shadowfax", "dark-of-mordor", "a-king-revealed"],
)
def test_what_binds_the_turn_is_sampled_from_the_view(extra: dict[str, Any], side: str, key: str) -> None:
    """The seat's own before-the-move card (its view alone says it) and A King Revealed (public)."""
    real = _position(**extra)
    view = RULESET.view(real, side)
    assert view["turn"][key] == extra[key]
    assert (key in RULESET.view(real, other(side))["turn"]) == (key == "king")
    assert (key in RULESET.view(real, None)["turn"]) == (key == "king")
    for seed in range(3):
        sample = determinize(view, Generator(seed))
        assert set(RULESET.legal_actions(sample, side)) == set(RULESET.legal_actions(real, side))


def test_sam_carries_the_ring_after_the_deluxe_frodo_fell() -> None:
    position = {
        "options": {"variant": "deluxe-variant", "specials": "deluxe-4"},
        FELLOWSHIP: {"sam_v": "cardolan", "gandalf_v": "arthedain"},
        SAURON: {"orcs_v": "mordor", "uruk_hai": "misty_mountains"},
        "defeated": ["frodo_v"],
        "ring_bearer": "sam_v",
    }
    real = RULESET.from_position(position)
    for side in SIDES:
        sample = determinize(RULESET.view(real, side), Generator(1))
        assert sample["ring_bearer"] == "sam_v"
