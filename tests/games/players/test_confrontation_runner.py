"""The runner (session 36): the careful Fellowship the ``strong`` level plays its
playouts with. It reads the sample, a full state, as every playout does."""

from __future__ import annotations

from games.computer_players import policy
from games.confrontation.computer import RULESET
from games.confrontation.computer_runner import playout_runner
from games.confrontation.computer_safety import playout_sensible
from games.confrontation.data import FELLOWSHIP, HOME, SAURON
from games.core import Action, State
from games.core.players import Generator, SearchPlayer
from tests.games.players.test_confrontation_options import _moves

_GONE = ["gandalf", "gimli", "boromir", "legolas", "pippin", "black_rider", "balrog", "shelob"]


def _position(fellowship: dict[str, str], sauron: dict[str, str], to_move: str = FELLOWSHIP) -> State:
    on_board = {*fellowship, *sauron}
    everyone = [*_GONE, "frodo", "sam", "merry", "aragorn", "cave_troll", "warg", "saruman"]
    everyone += ["witch_king", "flying_nazgul", "orcs"]
    return RULESET.from_position(
        {
            "fellowship": fellowship,
            "sauron": sauron,
            "defeated": [c for c in everyone if c not in on_board],
            "revealed": list(sauron),
            "to_move": to_move,
            "turn": 9,
            "seed": 3,
        }
    )


def _picks(state: State, role: str = FELLOWSHIP, draws: int = 300) -> set[Action]:
    legal = RULESET.legal_actions(state, role)
    rng = Generator(11)
    return {playout_runner(state, role, legal, rng) for _ in range(draws)}


def _move(text: str) -> Action:
    return Action.from_text(f"move {text}")


_TROLL = {"cave_troll": "rhudaur", "warg": "gondor", "saruman": "fangorn"}


def test_the_ring_bearer_steps_only_where_no_sauron_move_reaches_him() -> None:
    """The Troll in Rhudaur reaches Arthedain, nothing reaches Cardolan: Frodo may walk to
    Cardolan (or wait), never to Arthedain; Aragorn never attacks the Troll (9)."""
    state = _position({"frodo": "shire", "sam": "shire", "merry": "cardolan", "aragorn": "arthedain"}, _TROLL)
    legal = set(RULESET.legal_actions(state, FELLOWSHIP))
    assert {_move("frodo arthedain"), _move("aragorn rhudaur")} <= legal
    picked = _picks(state)
    assert _move("frodo cardolan") in picked and len(picked) > 2
    assert not picked & {_move("frodo arthedain"), _move("aragorn rhudaur")}


def test_a_ring_bearer_in_reach_of_an_enemy_steps_out_of_it_at_once() -> None:
    """Frodo in Arthedain, which the Troll reaches: he steps on to Eregion, which nothing reaches."""
    state = _position({"frodo": "arthedain", "sam": "shire", "merry": "cardolan"}, _TROLL)
    assert _picks(state) == {_move("frodo eregion")}


def test_no_piece_leaves_the_ring_bearer_alone_before_the_flying_nazgul() -> None:
    """Frodo and Sam in Cardolan, the Flying Nazgûl alive: Sam stays (alone, Frodo could be flown
    at) and Frodo waits (alone anywhere, the same); Merry moves."""
    state = _position(
        {"frodo": "cardolan", "sam": "cardolan", "merry": "shire"},
        {"flying_nazgul": "gondor", "cave_troll": "mordor"},
    )
    picked = _picks(state)
    assert picked and all(a.args[0] == "merry" for a in picked)


def test_the_others_attack_what_they_beat() -> None:
    """Merry defeats the Witch-king outright: with Frodo unable to step safely, he attacks."""
    state = _position(
        {"frodo": "shire", "merry": "arthedain", "sam": "shire"},
        {"witch_king": "rhudaur", "orcs": "cardolan", "cave_troll": "mordor"},
    )
    assert _picks(state) == {_move("merry rhudaur")}


def test_the_ring_bearer_walks_into_a_free_mordor_and_sauron_plays_at_random() -> None:
    state = _position({"frodo": "dagorlad", "sam": "shire"}, _TROLL)
    assert _picks(state) == {Action("move", ("frodo", HOME[SAURON]))}
    sauron = _position({"frodo": "dagorlad", "sam": "shire"}, _TROLL, to_move=SAURON)
    assert _picks(sauron, SAURON) == set(RULESET.legal_actions(sauron, SAURON))


def test_the_strong_level_plays_its_playouts_with_the_runner() -> None:
    """``strong``'s search moves the Fellowship in its playouts as the runner does; its yardstick
    ``strong-s35`` at random."""
    strong, former = policy("confrontation", "strong")[0], policy("confrontation", "strong-s35")[0]
    assert isinstance(strong, SearchPlayer) and isinstance(former, SearchPlayer)
    assert strong.playout is playout_runner and former.playout is None


def test_boromir_trades_himself_for_a_strong_enemy_not_a_weak_one() -> None:
    """Boromir (0) may attack the Troll (9) in the Misty Mountains or the Warg (2) on Caradhras:
    he takes the Troll down with him, a trade worth a piece, never the Warg, whose fight takes
    his text away. Frodo has no safe step (the Orcs reach Arthedain, Saruman Cardolan)."""
    state = _position(
        {"frodo": "shire", "sam": "shire", "boromir": "eregion"},
        {"cave_troll": "misty_mountains", "warg": "caradhras", "orcs": "rhudaur", "saruman": "enedwaith"},
    )
    assert _move("boromir caradhras") in RULESET.legal_actions(state, FELLOWSHIP)
    assert _picks(state) == {_move("boromir misty_mountains")}


def test_gandalf_never_attacks_the_variant_saruman() -> None:
    """The variant Saruman (3) defeats Gandalf (5) outright: no win for the runner's Gandalf,
    who steps on quietly instead (Frodo has no safe step: the Orcs reach Arthedain, the Uruk-hai
    Cardolan)."""
    state = RULESET.from_position(
        {
            "fellowship": {"frodo_v": "shire", "sam_v": "shire", "gandalf_v": "eregion"},
            "sauron": {"saruman_v": "misty_mountains", "orcs_v": "rhudaur", "uruk_hai": "enedwaith"},
            "to_move": FELLOWSHIP,
            "turn": 9,
            "seed": 3,
            "options": {"variant": "deluxe-variant"},
            "revealed": ["saruman_v", "orcs_v", "uruk_hai"],
        }
    )
    picked = _picks(state)
    assert _move("gandalf_v misty_mountains") not in picked and _move("gandalf_v caradhras") in picked


def test_a_special_card_beside_the_moves_leaves_the_playouts_to_the_moves() -> None:
    """Deluxe: a move prompt may offer a special card beside the moves (the policies' version
    of session 35 took it for a move and failed); both playout policies pick a move."""
    found = 0
    for seed in range(1, 6):
        for state in _moves({"specials": "deluxe-4"}, seed, FELLOWSHIP, every=1):
            legal = RULESET.legal_actions(state, FELLOWSHIP)
            if any(a.verb == "special" for a in legal) and any(a.verb == "move" for a in legal):
                found += 1
                for policy_move in (playout_runner, playout_sensible):
                    picks = {policy_move(state, FELLOWSHIP, legal, Generator(i)) for i in range(20)}
                    assert picks and all(a.verb == "move" and a in legal for a in picks)
    assert found >= 3, "too few moments with a special card: pick other seeds"
