"""The Confrontation's trials of session 34: the sensible Fellowship's playout moves and the
defending fallback."""

from __future__ import annotations

from games.confrontation.computer import RULESET, DefendingPlayer, RuleBasedPlayer
from games.confrontation.computer_safety import playout_sensible
from games.confrontation.data import FELLOWSHIP, HOME, SAURON
from games.core import Action, State
from games.core.players import Generator, seat_of
from tests.games.confrontation.helpers import position

_FALLEN = ["gandalf", "gimli", "boromir", "legolas", "pippin", "black_rider", "flying_nazgul", "orcs"]


def _frodo_by_the_troll(frodo: str = "arthedain", to_move: str = FELLOWSHIP) -> State:
    """Frodo in ``frodo``, the Cave Troll shown in Rhudaur, Mordor empty."""
    return RULESET.from_position(
        {
            "fellowship": {"frodo": frodo, "sam": "shire", "merry": "shire", "aragorn": "cardolan"},
            "sauron": {"cave_troll": "rhudaur", "warg": "gondor", "saruman": "fangorn"},
            "defeated": [*_FALLEN, "balrog", "witch_king", "shelob"],
            "revealed": ["cave_troll"],
            "to_move": to_move,
            "turn": 9,
            "seed": 3,
        }
    )


def _picks(state: State, role: str, draws: int = 200) -> set[Action]:
    """Every move the sensible playout chose in ``draws`` tries."""
    legal = RULESET.legal_actions(state, role)
    rng = Generator(5)
    return {playout_sensible(state, role, legal, rng) for _ in range(draws)}


def test_the_sensible_playouts_never_walk_frodo_into_an_enemy() -> None:
    state = _frodo_by_the_troll()
    into_troll = Action.from_text("move frodo rhudaur")
    assert into_troll in RULESET.legal_actions(state, FELLOWSHIP)
    picked = _picks(state, FELLOWSHIP)
    assert into_troll not in picked and Action.from_text("move frodo eregion") in picked


def test_the_sensible_playouts_attack_no_stronger_enemy_and_sauron_plays_at_random() -> None:
    state = _frodo_by_the_troll()
    picked = _picks(state, FELLOWSHIP)
    assert all(a.args[1] != "rhudaur" for a in picked)  # the Troll (9) outmatches every piece
    sauron = _frodo_by_the_troll(to_move=SAURON)
    assert _picks(sauron, SAURON) == set(RULESET.legal_actions(sauron, SAURON))


def test_the_playouts_walk_frodo_into_a_free_mordor_at_once() -> None:
    state = _frodo_by_the_troll("dagorlad")
    win = Action("move", ("frodo", HOME[SAURON]))
    assert win in RULESET.legal_actions(state, FELLOWSHIP)
    assert _picks(state, FELLOWSHIP) == {win}


_SAURON_FALLEN = ["black_rider", "flying_nazgul", "balrog", "shelob", "cave_troll"]
_SAURON_HAND = ["1", "2", "3", "4", "5", "6", "magic", "eye", "retreat"]


def _witch_king_attacks(fellowship: dict[str, str], hand: list[str] | None = None) -> State:
    """The Witch-king (Rhudaur) attacks Arthedain; the Fellowship to choose in the fight."""
    position: dict[str, object] = {
        "fellowship": fellowship,
        "sauron": {"witch_king": "rhudaur", "saruman": "mordor", "orcs": "mordor", "warg": "gondor"},
        "defeated": ["gandalf", "gimli", "boromir", "aragorn", "legolas", *_SAURON_FALLEN],
        "to_move": SAURON,
        "turn": 9,
        "seed": 3,
    }
    if hand is not None:
        position["hands"] = {FELLOWSHIP: hand, SAURON: _SAURON_HAND}
    state = RULESET.from_position(position)
    RULESET.apply(state, SAURON, Action.from_text("move witch_king arthedain"))
    assert FELLOWSHIP in RULESET.active(state)
    return state


def _choices(player: RuleBasedPlayer, state: State) -> set[str]:
    return {player.decide(seat_of(RULESET, state, FELLOWSHIP, seed)).text for seed in range(6)}


def test_the_defending_fallback_saves_a_cornered_frodo_with_the_retreat_card() -> None:
    """Frodo attacked where he cannot step aside (Cardolan full): the Retreat card takes him
    back toward the Shire, where the rule-based player throws his 5 at the Witch-king; without
    it, never Noble Sacrifice (it takes Frodo too)."""
    cornered = {"frodo": "arthedain", "pippin": "cardolan", "merry": "cardolan", "sam": "shire"}
    state = _witch_king_attacks(cornered)
    assert _choices(DefendingPlayer(), state) == {"card retreat"}
    assert _choices(RuleBasedPlayer(), state) == {"card 5"}
    spent = _witch_king_attacks(cornered, [*"12345", "magic", "noble_sacrifice", "elven_cloak"])
    assert _choices(DefendingPlayer(), spent) == {"card 5"}


def test_the_defending_fallback_uses_sams_strength_beside_frodo() -> None:
    beside = {"frodo": "arthedain", "sam": "arthedain", "pippin": "shire", "merry": "shire"}
    state = _witch_king_attacks(beside)
    assert RULESET.view(state, FELLOWSHIP)["battle"]["defender"]["piece"]["character"] == "sam"
    assert _choices(DefendingPlayer(), state) == {"ability sam"}
    assert _choices(RuleBasedPlayer(), state) == {"card 5"}


def test_the_defending_fallback_never_swaps_smeagol_with_the_ring_bearer() -> None:
    """Sméagol attacked alone may swap with a neighbour, who fights instead: with Merry, not
    with Frodo (his defeat ends the game)."""
    state = position(
        {"frodo": "rohan", "merry": "rohan", "smeagol": "gondor"},
        {"flying_nazgul": "dagorlad", "orcs": "mordor"},
        variant="draft",
        hands={SAURON: ["1"], FELLOWSHIP: ["1"]},
    )
    RULESET.apply(state, SAURON, Action.from_text("move flying_nazgul gondor"))
    legal = {a.text for a in RULESET.legal_actions(state, FELLOWSHIP)}
    assert {"ability smeagol frodo", "ability smeagol merry"} <= legal
    assert _choices(DefendingPlayer(), state) == {"ability smeagol merry"}
