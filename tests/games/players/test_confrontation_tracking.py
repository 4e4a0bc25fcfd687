"""The ``strong`` level's sampling (session 35): an enemy piece shown before and hidden since is dealt
where it was last seen (or where it could have walked since), from the seat's view alone."""

from __future__ import annotations

from collections import Counter

import pytest

from games.computer_players import policy
from games.confrontation.computer import RULESET, _track, determinize, determinize_tracked
from games.confrontation.data import FELLOWSHIP, SAURON
from games.core import State
from games.core.players import Generator, SearchPlayer, seat_of
from tests.games.players.test_confrontation_players import TEST_BUDGET, _twin


def _witch_king_seen(seen_turn: int, now: int = 12) -> State:
    """The Witch-king was shown in Arthedain in turn ``seen_turn``; now five Sauron pieces stand
    hidden, one of them in Arthedain, next to Frodo in the Shire."""
    return RULESET.from_position(
        {
            "fellowship": {"frodo": "shire", "sam": "shire", "gandalf": "cardolan", "aragorn": "eregion"},
            "sauron": {
                "witch_king": "arthedain",
                "orcs": "rhudaur",
                "warg": "fangorn",
                "balrog": "mordor",
                "shelob": "gondor",
            },
            "defeated": ["gimli", "legolas", "boromir", "merry", "pippin", "black_rider", "flying_nazgul"],
            "to_move": FELLOWSHIP,
            "turn": now,
            "shown": ["witch_king"],
            "last_seen": {"witch_king": {"region": "arthedain", "turn": seen_turn}},
            "seed": 4,
        }
    )


def _where(sampler: object, state: State, draws: int = 200) -> Counter[str]:
    view = RULESET.view(state, FELLOWSHIP)
    return Counter(sampler(view, Generator(i))["pos"]["witch_king"] for i in range(draws))  # type: ignore[operator]


def test_a_piece_seen_last_turn_is_dealt_where_it_was_seen() -> None:
    state = _witch_king_seen(11)
    view = RULESET.view(state, FELLOWSHIP)
    assert all(p["character"] is None for r in view["regions"] for p in r["pieces"][SAURON])
    assert _where(determinize_tracked, state) == Counter({"arthedain": 200})
    assert _where(determinize, state)["arthedain"] < 80, "the plain sampling deals it anywhere"


def test_a_piece_seen_long_ago_may_have_walked_on_but_never_back() -> None:
    """Seen in Rhudaur six Sauron moves ago (one in four that it has not moved since, of five
    pieces): where it stood or forward of there (Arthedain), never behind (Fangorn, Gondor,
    Mordor), since Sauron's pieces walk forward."""
    state = _witch_king_seen(1, now=13)
    state["last_seen"]["witch_king"]["region"] = "rhudaur"
    where = _where(determinize_tracked, state)
    assert set(where) == {"rhudaur", "arthedain"} and min(where.values()) > 20


def test_the_strong_level_samples_with_the_seats_memory() -> None:
    """``strong``'s search and its guard sample as :func:`determinize_tracked`; its yardstick
    ``strong-s34`` as :func:`determinize`."""
    strong, former = policy("confrontation", "strong")[0], policy("confrontation", "strong-s34")[0]
    assert isinstance(strong, SearchPlayer) and isinstance(former, SearchPlayer)
    assert strong.determinize is determinize_tracked and former.determinize is determinize
    assert strong.prior is not None and strong.prior.keywords["sample"] is determinize_tracked  # type: ignore[attr-defined]


def _frodo_seen_long_ago() -> State:
    """Sauron to move in turn 100: Frodo was last seen in Rohan in turn 1, where the way on leads
    to Gondor and on to Mordor; hidden Fellowship pieces stand in Mordor, Gondor, Rohan and
    Fangorn; Gandalf was last seen in Mirkwood, from where the Anduin leads to Fangorn."""
    return RULESET.from_position(
        {
            "fellowship": {"frodo": "gondor", "boromir": "mordor", "legolas": "rohan", "gandalf": "fangorn"},
            "sauron": {"orcs": "eregion", "warg": "cardolan", "witch_king": "shire"},
            "defeated": ["sam", "merry", "pippin", "aragorn", "gimli", "balrog", "shelob", "saruman"],
            "to_move": SAURON,
            "turn": 100,
            "shown": ["frodo", "gandalf"],
            "last_seen": {
                "frodo": {"region": "rohan", "turn": 1},
                "gandalf": {"region": "mirkwood", "turn": 1},
            },
            "seed": 4,
        }
    )


def test_the_memory_never_deals_the_ring_bearer_into_mordor() -> None:
    """Frodo, long gone from Rohan, walked on to Gondor (or stayed, if Gandalf's deal took
    Gondor), never to Mordor (he would have won): the memory's deal is possible at once, not only
    after the sample is drawn again."""
    view = RULESET.view(_frodo_seen_long_ago(), SAURON)
    where: Counter[str] = Counter()
    for seed in range(100):
        unseen, hidden = ["frodo", "boromir", "legolas", "gandalf"], ["gondor", "mordor", "rohan", "fangorn"]
        where[_track(view, FELLOWSHIP, unseen, hidden, Generator(seed))["frodo"]] += 1
    assert "mordor" not in where and where["gondor"] > 50


def test_sauron_tracks_the_fellowship_down_the_anduin() -> None:
    """Gandalf, last seen in Mirkwood long ago, may have rafted down to Fangorn."""
    view = RULESET.view(_frodo_seen_long_ago(), SAURON)
    samples = [determinize_tracked(view, Generator(i)) for i in range(200)]
    assert Counter(s["pos"]["gandalf"] for s in samples)["fangorn"] > 20


@pytest.mark.parametrize(
    ("state", "side"), [(_witch_king_seen(11), FELLOWSHIP), (_frodo_seen_long_ago(), SAURON)]
)
def test_the_strong_level_decides_the_same_where_a_piece_it_remembers_is_not(state: State, side: str) -> None:
    """Honest memory: in a twin whose hidden pieces (the remembered ones among them) all stand
    elsewhere, with the same view, ``strong`` decides the same."""
    twin = _twin(state, side, 99)
    assert RULESET.view(state, side) == RULESET.view(twin, side), "the twins must look the same"
    assert state["pos"] != twin["pos"]
    make = policy("confrontation", "strong")[0]
    for seed in range(3):
        first = make.decide(seat_of(RULESET, state, side, seed, TEST_BUDGET))
        second = make.decide(seat_of(RULESET, twin, side, seed, TEST_BUDGET))
        assert first == second
