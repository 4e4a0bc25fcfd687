"""The ``strong`` level's sampling (session 35): an enemy piece shown before and hidden since is dealt
where it was last seen (or where it could have walked since), from the seat's view alone."""

from __future__ import annotations

from collections import Counter

from games.computer_players import policy
from games.confrontation.computer import RULESET, determinize, determinize_tracked
from games.confrontation.data import FELLOWSHIP, SAURON
from games.core import State
from games.core.players import Generator, SearchPlayer


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
