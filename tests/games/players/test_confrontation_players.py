"""Computer players of the Confrontation: honest (the decision ignores what the seat cannot
know), consistent sampling, complete games on both sides, a decision in a worker process."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from games.computer_players import LEVELS, decide_request, policy
from games.confrontation.computer import (
    PLAYOUT_LIMIT,
    RULESET,
    RuleBasedPlayer,
    determinize,
    determinize_more,
    evaluate,
)
from games.confrontation.computer_safety import (
    LETHAL_WEIGHT,
    PACE,
    WEIGHT,
    bearer_risk,
    bearer_steps,
    guard_the_bearer,
    lethality,
)
from games.confrontation.data import FELLOWSHIP, SAURON, SIDES
from games.core import Action, State, clone
from games.core.players import (
    Budget,
    CannotSample,
    Generator,
    Policy,
    RandomPlayer,
    SearchPlayer,
    Seat,
    play,
    seat_of,
)

#: An iteration budget (no time limit): a decision then depends on the seed alone.
TEST_BUDGET = Budget(iterations=40)


def _midgame(seed: int, side: str) -> State:
    """A state between two moves with ``side`` to move and hidden pieces on both sides."""
    rules = RuleBasedPlayer()
    state = RULESET.setup(seed, RULESET.resolve_options({}), 2)
    count = moves = 0
    while True:
        role = min(RULESET.active(state))
        if RULESET.prompt(state, role).kind == "move":
            if moves >= 6 and role == side:
                return state
            moves += 1
        action = rules.decide(seat_of(RULESET, state, role, count))
        RULESET.apply(state, role, action)
        count += 1
        assert state["result"] is None, "the game ended before the wanted moment: pick another seed"


def _twin(state: State, seat: str, seed: int) -> State:
    """The same game but for what ``seat`` cannot know: the enemy's hidden pieces trade places
    (each to another region) and the PRNG differs. (His hand is known: the cards not in his open
    discard pile.)"""
    position = RULESET.to_position(state)
    foe = SAURON if seat == FELLOWSHIP else FELLOWSHIP
    view = RULESET.view(state, seat)
    hidden = [
        c
        for c in position[foe]
        if not any(p["character"] == c for r in view["regions"] for p in r["pieces"][foe])
    ]
    before = [position[foe][c] for c in hidden]
    where, rng = list(before), Generator(seed)
    for _ in range(500):  # every hidden piece elsewhere (a peek at any one of them is caught)
        rng.shuffle(where)
        if all(now != then for now, then in zip(where, before, strict=True)):
            break
    else:
        raise AssertionError("the hidden pieces cannot all trade places: pick another state")
    position[foe].update(zip(hidden, where, strict=True))
    position["seed"] = seed
    twin = RULESET.from_position(position)
    return twin


def _decisions_agree(make: Callable[[State], Policy], seat_side: str, seeds: range) -> bool:
    """Whether the policy decides the same in a state and its twin, for every computer seed."""
    state = _midgame(7, seat_side)
    real = RULESET.from_position(RULESET.to_position(state))
    twin = _twin(real, seat_side, 99)
    view_a, view_b = RULESET.view(real, seat_side), RULESET.view(twin, seat_side)
    assert view_a == view_b, "the twins must look the same to the seat"
    assert real["pos"] != twin["pos"] and real["rng"] != twin["rng"], "the twins must differ"
    for seed in seeds:
        first = make(real).decide(seat_of(RULESET, real, seat_side, seed, TEST_BUDGET))
        second = make(twin).decide(seat_of(RULESET, twin, seat_side, seed, TEST_BUDGET))
        if first != second:
            return False
    return True


def _search() -> SearchPlayer:
    return SearchPlayer(RULESET, determinize, RuleBasedPlayer())


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
@pytest.mark.parametrize(
    "make",
    [lambda _s: _search(), lambda _s: RuleBasedPlayer(), lambda _s: RandomPlayer()],
    ids=["search", "rules", "random"],
)
def test_a_decision_ignores_what_the_seat_cannot_know(side: str, make: Callable[[State], Policy]) -> None:
    assert _decisions_agree(make, side, range(4))


class _Peeking(SearchPlayer):
    """A planted leak: searches the real state (its hidden pieces, its hand, its PRNG)."""

    def __init__(self, real: State) -> None:
        def peek(view: dict[str, Any], rng: Generator) -> State:
            return clone(real)

        super().__init__(RULESET, peek, RuleBasedPlayer())


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_the_honesty_check_catches_a_player_that_reads_the_state(side: str) -> None:
    assert not _decisions_agree(_Peeking, side, range(12))


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_a_sample_looks_to_the_seat_exactly_like_the_real_game(side: str) -> None:
    real = _midgame(11, side)
    view = RULESET.view(real, side)
    keys = ("regions", "cards", "defeated", "turn", "active", "battle", "options")
    for seed in range(20):
        sample = determinize(view, Generator(seed))
        seen = RULESET.view(sample, side)
        assert _comparable(seen, keys) == _comparable(view, keys)
        assert sample["rng"] != real["rng"]


def _comparable(view: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The view's ``keys``, discard piles as sets (a position does not keep their order)."""
    picked = clone({k: view[k] for k in keys})
    for cards in picked["cards"].values():
        cards["discard"] = sorted(c["id"] for c in cards["discard"])
    return picked


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_every_level_plays_complete_games_on_each_side(level: str, side: str) -> None:
    computer, _ = policy("confrontation", level)
    foe = SAURON if side == FELLOWSHIP else FELLOWSHIP
    players = {side: (computer, Budget(iterations=8)), foe: (RandomPlayer(), Budget(1))}
    for seed in range(2):
        played = play(RULESET, {r: players[r] for r in (FELLOWSHIP, SAURON)}, seed)
        assert played.reason != "stopped" and len(played.winners) == 1


def test_a_decision_runs_in_a_worker_process_from_plain_data() -> None:
    state = _midgame(5, SAURON)
    seat = seat_of(RULESET, state, SAURON, 3)
    request = {
        "game": "confrontation",
        "level": "gentle",
        "role": SAURON,
        "view": seat.view,
        "actions": [a.text for a in seat.actions],
        "seed": 3,
    }
    request = pickle.loads(pickle.dumps(request))
    with ProcessPoolExecutor(max_workers=1) as pool:
        chosen = pool.submit(decide_request, request).result(timeout=120)
    assert Action.from_text(chosen) in seat.actions
    assert chosen == decide_request(request)


def test_a_search_player_falls_back_where_the_game_cannot_sample() -> None:
    state = RULESET.setup(1, RULESET.resolve_options({}), 2)  # the secret set-up
    player = _search()
    seat = seat_of(RULESET, state, FELLOWSHIP, 1, TEST_BUDGET)
    assert player.decide(seat) == RuleBasedPlayer().decide(seat)
    assert player.fallbacks == 1


def test_a_seat_holds_no_state_and_no_generator_of_the_game() -> None:
    state = _midgame(3, FELLOWSHIP)
    seat = seat_of(RULESET, state, FELLOWSHIP, 1)
    assert isinstance(seat, Seat) and "rng" not in seat.view and "stack" not in seat.view


def _gandalf_fight() -> State:
    """A state where Gandalf fights and Sauron's card is shown before the Fellowship chooses."""
    players = {FELLOWSHIP: RuleBasedPlayer(), SAURON: RuleBasedPlayer()}
    for seed in range(200):
        state = RULESET.setup(seed, RULESET.resolve_options({}), 2)
        count = 0
        while state["result"] is None:
            role = min(RULESET.active(state))
            battle = RULESET.view(state, FELLOWSHIP)["battle"]
            shown = battle is not None and battle["played"][SAURON] is not None
            if role == FELLOWSHIP and shown and not battle["chosen"][FELLOWSHIP]:
                return state
            RULESET.apply(state, role, players[role].decide(seat_of(RULESET, state, role, count)))
            count += 1
    raise AssertionError("no Gandalf fight in 200 games")


def test_a_card_shown_first_is_sampled_and_the_search_decides() -> None:
    real = _gandalf_fight()
    view = RULESET.view(real, FELLOWSHIP)
    for seed in range(10):
        sample = determinize(view, Generator(seed))
        assert FELLOWSHIP in RULESET.active(sample)
        assert RULESET.legal_actions(sample, FELLOWSHIP) == RULESET.legal_actions(real, FELLOWSHIP)
        assert RULESET.view(sample, FELLOWSHIP)["battle"] == view["battle"]
    player = _search()
    player.decide(seat_of(RULESET, real, FELLOWSHIP, 1, TEST_BUDGET))
    assert player.fallbacks == 0


def test_stopping_once_decided_changes_no_decision() -> None:
    """The early stop only saves time: the same action as the full budget, for every seed."""

    def search(stop: bool) -> SearchPlayer:
        return SearchPlayer(
            RULESET,
            determinize,
            RuleBasedPlayer(),
            evaluate=evaluate,
            playout_limit=PLAYOUT_LIMIT,
            stop_when_decided=stop,
        )

    budget = Budget(iterations=120)
    seats = [seat_of(RULESET, _midgame(seed, side), side, seed, budget) for seed in (3, 7) for side in SIDES]
    seats.append(seat_of(RULESET, _gandalf_fight(), FELLOWSHIP, 5, budget))
    for seat in seats:
        for seed in range(3):
            again = Seat(seat.game, seat.role, seat.view, seat.actions, seed, budget)
            assert search(True).decide(again) == search(False).decide(again)


def _first_seat(wanted: Callable[[Seat], bool]) -> Seat:
    """The first Fellowship seat of random games (seeds 0, 1, ...) that ``wanted`` accepts."""
    player = RandomPlayer()
    for seed in range(300):
        state = RULESET.setup(seed, RULESET.resolve_options({}), 2)
        count = 0
        while state["result"] is None:
            role = min(RULESET.active(state))
            seat = seat_of(RULESET, state, role, count)
            if role == FELLOWSHIP and wanted(seat):
                return seat
            RULESET.apply(state, role, player.decide(seat))
            count += 1
    raise AssertionError("no such seat in 300 games")


def _strengths(seat: Seat) -> tuple[int, int]:
    battle = seat.view["battle"]
    fighters = {f["side"]: f["piece"]["strength"] for f in (battle["attacker"], battle["defender"])}
    return fighters[FELLOWSHIP], fighters[SAURON]


def test_the_rule_based_player_retreats_from_a_stronger_enemy() -> None:
    def weaker_may_retreat(seat: Seat) -> bool:
        if not any(a.verb == "retreat" for a in seat.actions) or seat.view["battle"]["defender"] is None:
            return False
        own, enemy = _strengths(seat)
        return isinstance(own, int) and isinstance(enemy, int) and own < enemy

    seat = _first_seat(weaker_may_retreat)
    for seed in range(5):
        chosen = RuleBasedPlayer().decide(Seat(seat.game, seat.role, seat.view, seat.actions, seed))
        assert chosen.verb == "retreat"


@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_the_trial_decides_from_the_seat_alone(side: str) -> None:
    assert _decisions_agree(lambda _s: policy("confrontation", "strong-next")[0], side, range(3))


def test_catching_up_samples_more_of_a_battle_and_each_sample_looks_the_same() -> None:
    """Card choices in fights of random games: the trial's sampling reaches the seat's prompt
    in more of them, and each such sample shows the seat the same fight."""
    reached = {False: 0, True: 0}
    player = RandomPlayer()
    for seed in range(12):
        state = RULESET.setup(seed, RULESET.resolve_options({}), 2)
        count = 0
        while state["result"] is None:
            role = min(RULESET.active(state))
            seat = seat_of(RULESET, state, role, count)
            if seat.view["battle"] is not None and {a.verb for a in seat.actions} == {"card"}:
                for more, sampler in ((False, determinize), (True, determinize_more)):
                    try:
                        sample = sampler(seat.view, Generator(count))
                    except CannotSample:
                        continue
                    if role in RULESET.active(sample) and set(RULESET.legal_actions(sample, role)) == set(
                        seat.actions
                    ):
                        reached[more] += 1
                        assert _fight(RULESET.view(sample, role)) == _fight(seat.view)
            RULESET.apply(state, role, player.decide(seat))
            count += 1
    assert reached[True] > reached[False] > 0


def _fight(view: dict[str, Any]) -> dict[str, Any]:
    """The battle as the seat sees it, but whether the enemy has chosen his card face down (in
    a sample he chooses again, as the cards are chosen at the same time)."""
    return {k: v for k, v in view["battle"].items() if k != "chosen"}


def _troll_beside_frodo() -> State:
    """Frodo in Arthedain, the Cave Troll shown in Rhudaur (a step from him), Eregion out of
    every Sauron piece's reach (the Flying Nazgûl and the Black Rider have fallen)."""
    return RULESET.from_position(
        {
            "fellowship": {
                "frodo": "arthedain",
                "sam": "shire",
                "pippin": "shire",
                "merry": "shire",
                "aragorn": "cardolan",
                "legolas": "shire",
            },
            "sauron": {
                "cave_troll": "rhudaur",
                "saruman": "mordor",
                "orcs": "mordor",
                "warg": "gondor",
                "balrog": "mordor",
                "witch_king": "dagorlad",
                "shelob": "gondor",
            },
            "defeated": ["gandalf", "gimli", "boromir", "black_rider", "flying_nazgul"],
            "revealed": ["cave_troll"],
            "to_move": FELLOWSHIP,
            "turn": 9,
            "seed": 3,
        }
    )


def test_the_bearer_risk_is_the_share_of_sauron_moves_that_reach_frodo() -> None:
    seat = seat_of(RULESET, _troll_beside_frodo(), FELLOWSHIP, 1)
    risk = bearer_risk(seat, seat.actions)
    assert risk[Action.from_text("move frodo eregion")] == 0.0
    staying = risk[Action.from_text("move sam cardolan")]
    assert 0.0 < staying < 0.5  # one of Sauron's moves attacks him: the Troll's step
    assert risk[Action.from_text("move frodo rhudaur")] > staying  # into the Troll's region


def test_the_strong_fellowship_takes_frodo_out_of_reach() -> None:
    """On a fifth of its budget the guarded search steps Frodo aside every time; the same
    search without the guard (the trial ``strong-s30``) does not."""
    seats = [seat_of(RULESET, _troll_beside_frodo(), FELLOWSHIP, seed, Budget(120)) for seed in range(6)]
    escape = Action.from_text("move frodo eregion")
    assert all(policy("confrontation", "strong")[0].decide(seat) == escape for seat in seats)
    assert any(policy("confrontation", "strong-s30")[0].decide(seat) != escape for seat in seats)


def test_the_guard_rewards_each_step_of_frodo_toward_mordor() -> None:
    seat = seat_of(RULESET, _troll_beside_frodo(), FELLOWSHIP, 1)
    steps = {Action.from_text("move frodo eregion")}  # not into the Troll's region: an attack
    assert bearer_steps(seat, seat.actions) == steps
    prior, risk = guard_the_bearer(seat, seat.actions, PACE), bearer_risk(seat, seat.actions, 6)
    assert prior == {a: -WEIGHT * risk[a] + (PACE if a in steps else 0.0) for a in seat.actions}


def _road_clear() -> State:
    """Frodo in the Shire with his company, every Sauron piece still in Mordor or on its front
    row: a step into Arthedain is barely at risk."""
    return RULESET.from_position(
        {
            "fellowship": {
                "frodo": "shire",
                "sam": "shire",
                "pippin": "shire",
                "merry": "cardolan",
                "gandalf": "eregion",
                "aragorn": "rhudaur",
                "legolas": "enedwaith",
            },
            "sauron": {
                "saruman": "mordor",
                "orcs": "mordor",
                "warg": "gondor",
                "balrog": "mordor",
                "witch_king": "dagorlad",
                "shelob": "gondor",
                "cave_troll": "fangorn",
            },
            "defeated": ["gimli", "boromir", "black_rider", "flying_nazgul"],
            "to_move": FELLOWSHIP,
            "turn": 9,
            "seed": 3,
        }
    )


def test_the_paced_fellowship_walks_frodo_on_when_the_road_is_clear() -> None:
    """With the step's reward (the trial ``strong-pace``), on a fifth of its budget, the guarded
    search steps Frodo on in most seats; the offered ``strong`` (no reward) holds him back in
    most."""
    seats = [seat_of(RULESET, _road_clear(), FELLOWSHIP, seed, Budget(120)) for seed in range(8)]
    walked = {
        level: sum(policy("confrontation", level)[0].decide(seat).args[0] == "frodo" for seat in seats)
        for level in ("strong-pace", "strong")
    }
    assert walked["strong-pace"] >= 6 and walked["strong"] <= 2


@pytest.mark.parametrize(
    "level",
    [
        "strong",
        "strong-pace",
        "strong-lethal",
        "strong-more",
        "strong-sensible",
        "strong-s35",
        "strong-s33",
        "strong-s34",
    ],
)
@pytest.mark.parametrize("side", [FELLOWSHIP, SAURON])
def test_the_guarded_search_decides_from_the_seat_alone(side: str, level: str) -> None:
    assert _decisions_agree(lambda _s: policy("confrontation", level)[0], side, range(3))


def test_the_lethal_guard_reads_the_seat_alone() -> None:
    """The trial ``strong-lethal``'s prior (each attack on Frodo played out on a sample) is the
    same in a state and its twin, and it does weigh attacks there (it differs from the count)."""
    real = _midgame(7, FELLOWSHIP)
    twin = _twin(real, FELLOWSHIP, 99)
    for seed in range(3):
        seats = [seat_of(RULESET, state, FELLOWSHIP, seed, TEST_BUDGET) for state in (real, twin)]
        priors = [guard_the_bearer(seat, seat.actions, lethal=True, weight=LETHAL_WEIGHT) for seat in seats]
        assert priors[0] == priors[1] and priors[0]
        assert bearer_risk(seats[0], seats[0].actions, 6, lethal=True) != bearer_risk(
            seats[0], seats[0].actions, 6
        )


#: The Fellowship's hand once its Retreat card is spent (it would take Frodo back out of the
#: mountains).
_NO_RETREAT = ["1", "2", "3", "4", "5", "magic", "noble_sacrifice", "elven_cloak"]
_SAURON_HAND = ["1", "2", "3", "4", "5", "6", "magic", "eye", "retreat"]


def _witch_king_by_frodo(fellowship: dict[str, str], witch_king: str) -> State:
    """Sauron to move, the Witch-king a step from Frodo; the Fellowship's Retreat card spent."""
    return RULESET.from_position(
        {
            "fellowship": {"pippin": "shire", "merry": "shire", "legolas": "shire", **fellowship},
            "sauron": {
                "witch_king": witch_king,
                "saruman": "mordor",
                "orcs": "mordor",
                "warg": "gondor",
                "balrog": "mordor",
                "shelob": "gondor",
                "cave_troll": "dagorlad",
            },
            "defeated": ["gandalf", "gimli", "boromir", "black_rider", "flying_nazgul", "aragorn"],
            "hands": {
                FELLOWSHIP: _NO_RETREAT,
                SAURON: ["1", "2", "3", "4", "5", "6", "magic", "eye", "retreat"],
            },
            "to_move": SAURON,
            "turn": 9,
            "seed": 3,
        }
    )


def test_an_attack_on_a_lone_frodo_in_the_mountains_is_the_most_lethal() -> None:
    """The Witch-king's attack kills a lone Frodo in the Gap of Rohan (no stepping aside in the
    mountains) most of the time; beside Sam (who fights in his place at 5) or with room to step
    aside in Eregion, seldom."""
    cases = {
        "mountains": ({"frodo": "gap_of_rohan", "sam": "shire"}, "rohan", "gap_of_rohan"),
        "with sam": ({"frodo": "eregion", "sam": "eregion"}, "misty_mountains", "eregion"),
        "room": ({"frodo": "eregion", "sam": "shire"}, "misty_mountains", "eregion"),
    }
    lethal = {}
    for name, (fellowship, start, target) in cases.items():
        state = _witch_king_by_frodo(fellowship, start)
        attack = Action("move", ("witch_king", target))
        assert attack in RULESET.legal_actions(state, SAURON)
        lethal[name] = lethality(state, attack, Generator(1), tries=60)
    assert lethal["mountains"] > 0.5
    assert lethal["with sam"] < 0.2 and lethal["room"] < 0.2
