"""One direct scenario per rule: each test is named after the rule it checks.

Positions are built with the public position API (``position``), actions go through the match
runner (``act``), strengths are read from the public log ("Strength: Théoden 4+1 = 5 against
Uruk-hai 4+1 = 5.") and randomness is steered with :func:`games.core.chance.scripted`.
"""

from __future__ import annotations

import copy

import pytest

from games.confrontation.secrets import secrets_of, view_leaks
from games.core import IllegalAction, submit
from games.core.chance import scripted

from .helpers import (
    COMBAT_CARD,
    FELLOWSHIP_ABILITY,
    MAGIC,
    MOVE,
    RETREAT,
    R,
    act,
    defeated,
    fighters,
    legal,
    log_text,
    options,
    position,
    step,
    where,
)

VARIANT = {"variant": "deluxe-variant"}
DRAFT = {"variant": "draft"}


def play(state: dict, fcard: str, scard: str) -> dict:
    """Both combat cards, the Fellowship's first (they are chosen secretly, in any order)."""
    assert step(state) == COMBAT_CARD, step(state)
    return act(act(state, "fellowship", f"card {fcard}"), "sauron", f"card {scard}")


def moves_of(state: dict, role: str, char: str) -> set[str]:
    return {a for a in legal(state, role) if a.startswith(f"move {char} ")}


def specials(state: dict, role: str) -> set[str]:
    return {a for a in legal(state, role) if a.startswith("special ")}


def refused(state: dict, role: str, text: str) -> bool:
    """Whether the runner refuses ``text`` (and leaves the state as it was)."""
    before = copy.deepcopy(dict(state))
    try:
        submit(R, state, role, text)
    except IllegalAction:
        assert dict(state) == before
        return True
    return False


# -- classic Frodo --------------------------------------------------------------------------


def test_classic_frodo_retreats_sideways_only_when_attacked() -> None:
    attacked = position({"frodo": "eregion"}, {"balrog": "misty_mountains"})
    attacked = act(attacked, "sauron", "move balrog eregion")
    assert step(attacked) == COMBAT_CARD
    assert options(attacked, "fellowship") == {"retreat rhudaur", "retreat enedwaith"}
    attacked = act(attacked, "fellowship", "retreat rhudaur")
    assert where(attacked, "frodo") == "rhudaur" and not defeated(attacked, "frodo")

    # Frodo attacks into the same region, with the same sideways regions free: no retreat.
    attacking = position({"frodo": "cardolan"}, {"balrog": "eregion"}, turn="fellowship")
    attacking = act(attacking, "fellowship", "move frodo eregion")
    assert step(attacking) == COMBAT_CARD
    assert not any(a.startswith("retreat") for a in legal(attacking, "fellowship"))
    assert refused(attacking, "fellowship", "retreat rhudaur")


# -- variant Théoden ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("theoden", "uruk", "mover", "region", "strength"),
    [
        ("gondor", "mordor", "sauron", "gondor", 4),  # attacked in Gondor
        ("rohan", "gondor", "fellowship", "gondor", 4),  # attacks into Gondor
        ("rohan", "gondor", "sauron", "rohan", 4),  # attacked in Rohan
        ("gap_of_rohan", "rohan", "fellowship", "rohan", 4),  # attacks into Rohan
        ("eregion", "misty_mountains", "sauron", "eregion", 2),  # elsewhere: his own 2
    ],
)
def test_variant_theoden_is_strength_4_in_gondor_and_rohan_also_when_attacking(
    theoden: str, uruk: str, mover: str, region: str, strength: int
) -> None:
    state = position({"theoden": theoden, "frodo_v": "shire"}, {"uruk_hai": uruk}, turn=mover, **VARIANT)
    state = act(state, mover, f"move {'theoden' if mover == 'fellowship' else 'uruk_hai'} {region}")
    assert fighters(state) == {"fellowship": "theoden", "sauron": "uruk_hai"}
    state = play(state, "1", "1")
    assert f"Strength: Théoden {strength}+1 = {strength + 1} against Uruk-hai 4+1 = 5." in log_text(state)
    assert defeated(state, "uruk_hai") == (strength == 4)
    assert defeated(state, "theoden")


# -- variant Gandalf ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gandalf", "offered"),
    [("eregion", True), ("arthedain", True), ("gondor", False)],
    ids=["own-region", "adjacent-region", "far-away"],
)
def test_variant_gandalf_lends_plus_one_in_his_own_region_too(gandalf: str, offered: bool) -> None:
    state = position(
        {"gandalf_v": gandalf, "theoden": "eregion", "frodo_v": "shire"},
        {"uruk_hai": "misty_mountains"},
        **VARIANT,
    )
    # In his own region Gandalf is a second hidden defender: the blind draw picks Théoden.
    draws = [("blind target", "theoden")] if gandalf == "eregion" else []
    with scripted(*draws):
        state = act(state, "sauron", "move uruk_hai eregion")
    assert fighters(state)["fellowship"] == "theoden"
    state = play(state, "2", "1")
    assert step(state) == FELLOWSHIP_ABILITY
    if not offered:
        assert legal(state, "fellowship") == {"decline"}
        state = act(state, "fellowship", "decline")
        assert "Strength: Théoden 2+2 = 4 against Uruk-hai 4+1 = 5." in log_text(state)
        assert defeated(state, "theoden") and not defeated(state, "uruk_hai")
        return
    assert legal(state, "fellowship") == {"ability gandalf", "decline"}
    state = act(state, "fellowship", "ability gandalf")
    assert "Gandalf lends his strength: +1 to the Fellowship." in log_text(state)
    assert "Strength: Théoden 2+2+1 = 5 against Uruk-hai 4+1 = 5." in log_text(state)
    assert defeated(state, "theoden") and defeated(state, "uruk_hai")


# -- the Warg ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "region", "sauron_from", "against_warg", "against_uruk"),
    [
        ("treebeard", "fangorn", "gondor", "Treebeard 4+1 = 5 against Warg 2+1 = 3", "Treebeard 6+1 = 7"),
        ("theoden", "rohan", "gondor", "Théoden 2+1 = 3 against Warg 2+1 = 3", "Théoden 4+1 = 5"),
        ("sam_v", "eregion", "misty_mountains", "Sam 1+1 = 2 against Warg 2+1 = 3", None),
    ],
)
def test_warg_cancels_fellowship_strength_abilities(
    char: str, region: str, sauron_from: str, against_warg: str, against_uruk: str | None
) -> None:
    state = position({char: region, "frodo": "shire"}, {"warg": sauron_from}, **DRAFT)
    state = act(state, "sauron", f"move warg {region}")
    assert step(state) == COMBAT_CARD  # no ability question either
    state = play(state, "1", "1")
    assert f"Strength: {against_warg}." in log_text(state)
    # The same fight against another Sauron character: the ability works.
    state = position({char: region, "frodo": "shire"}, {"uruk_hai": sauron_from}, **DRAFT)
    state = act(state, "sauron", f"move uruk_hai {region}")
    state = play(state, "1", "1")
    expected = against_uruk or "Sam 4+1 = 5"  # the variant Sam has the attacker's strength
    assert f"Strength: {expected} against Uruk-hai 4+1 = 5." in log_text(state)


def test_warg_cancels_classic_gandalf_sauron_choosing_and_showing_first() -> None:
    state = position({"gandalf": "eregion", "frodo": "shire"}, {"warg": "misty_mountains"})
    state = act(state, "sauron", "move warg eregion")
    assert step(state) == COMBAT_CARD
    assert R.active(state) == frozenset({"fellowship", "sauron"})  # both choose at once
    assert "card 5" in legal(state, "fellowship")
    state = act(state, "sauron", "card 6")
    assert "Sauron plays 6" not in log_text(state, "fellowship")  # nothing is shown first
    assert R.view(state, "fellowship")["battle"]["played"]["sauron"] is None
    state = act(state, "fellowship", "card 5")
    assert "The Fellowship plays 5; Sauron plays 6." in log_text(state)
    assert "Strength: Gandalf 5+5 = 10 against Warg 2+6 = 8." in log_text(state)
    # Against another character Sauron must choose (and show) first.
    state = position(
        {"gandalf": "eregion", "frodo": "shire"}, {"orcs": "mordor", "balrog": "misty_mountains"}
    )
    state = act(state, "sauron", "move balrog eregion")
    assert R.active(state) == frozenset({"sauron"}) and legal(state, "fellowship") == set()


# -- classic Merry -----------------------------------------------------------------------------


@pytest.mark.parametrize("witch", ["witch_king_v", "witch_king"])
@pytest.mark.parametrize("merry_attacks", [False, True], ids=["attacked", "attacking"])
def test_classic_merry_defeats_the_variant_witch_king_at_once_in_a_draft(
    witch: str, merry_attacks: bool
) -> None:
    turn = "fellowship" if merry_attacks else "sauron"
    state = position(
        {"merry": "eregion", "frodo": "shire"},
        {witch: "misty_mountains", "orcs": "mordor"},
        turn=turn,
        **DRAFT,
    )
    if merry_attacks:
        state = act(state, "fellowship", "move merry misty_mountains")
    else:
        state = act(state, "sauron", f"move {witch} eregion")
    name = "Witch-king"
    assert f"Merry slays {name} at once." in log_text(state)
    assert defeated(state, witch) and not defeated(state, "merry")
    assert state["cards"]["fellowship"]["discard"] == [] and state["cards"]["sauron"]["discard"] == []
    assert step(state) == MOVE


# -- cards -------------------------------------------------------------------------------------


def test_elven_cloak_makes_a_strength_card_fetched_by_sauron_magic_count_zero() -> None:
    state = position(
        {"aragorn": "eregion", "frodo": "shire"},
        {"black_rider": "misty_mountains"},
        hands={"sauron": ["magic", "1"]},
    )
    state = act(state, "sauron", "move black_rider eregion")
    state = play(state, "elven_cloak", "magic")
    assert step(state) == MAGIC and "card 6" in legal(state, "sauron")
    state = act(state, "sauron", "card 6")
    assert "Sauron's Magic becomes 6." in log_text(state)
    assert "Strength: Aragorn 4 against Black Rider 3." in log_text(state)  # the 6 counts 0
    assert defeated(state, "black_rider") and not defeated(state, "aragorn")


def test_cave_troll_voids_sauron_magic_without_asking_for_a_replacement() -> None:
    state = position(
        {"aragorn": "eregion", "frodo": "shire"},
        {"cave_troll": "misty_mountains"},
        hands={"sauron": ["magic", "1"]},  # 2..6, Eye and Retreat lie in the discards
    )
    state = act(state, "sauron", "move cave_troll eregion")
    state = play(state, "5", "magic")
    assert step(state) == MOVE and state["turn"]["side"] == "fellowship"  # nobody was asked anything
    text = log_text(state)
    assert "Sauron's Magic has no effect in this battle." in text
    assert "Magic becomes" not in text
    assert "Strength: Aragorn 4+5 = 9 against Cave Troll 9." in text
    assert defeated(state, "aragorn") and defeated(state, "cave_troll")
    assert "magic" in state["cards"]["sauron"]["discard"]  # still discarded


# -- the Tunnel of Moria -----------------------------------------------------------------------


def test_sauron_never_uses_the_tunnel() -> None:
    # From Fangorn, Sauron moves on toward the Shire, never back through the Tunnel to Eregion.
    state = position({"gimli": "eregion", "frodo": "shire"}, {"orcs": "fangorn"})
    assert moves_of(state, "sauron", "orcs") == {"move orcs misty_mountains", "move orcs caradhras"}
    assert refused(state, "sauron", "move orcs eregion")
    # From Eregion, the Tunnel's exit lies behind Sauron: no way into Fangorn.
    state = position({"gimli": "fangorn", "frodo": "shire"}, {"orcs": "eregion"})
    assert moves_of(state, "sauron", "orcs") == {"move orcs arthedain", "move orcs cardolan"}
    assert refused(state, "sauron", "move orcs fangorn")


def test_the_tunnel_respects_fangorns_room() -> None:
    full = position(
        {"gimli": "eregion", "sam": "fangorn", "pippin": "fangorn", "frodo": "shire"},
        {"orcs": "mordor"},
        turn="fellowship",
    )
    assert moves_of(full, "fellowship", "gimli") == {"move gimli misty_mountains", "move gimli caradhras"}
    assert refused(full, "fellowship", "move gimli fangorn")
    room = position(
        {"gimli": "eregion", "sam": "fangorn", "frodo": "shire"}, {"orcs": "mordor"}, turn="fellowship"
    )
    assert "move gimli fangorn" in legal(room, "fellowship")
    room = act(room, "fellowship", "move gimli fangorn")
    assert where(room, "gimli") == "fangorn"
    assert "through the Tunnel of Moria" in log_text(room, "fellowship")


# -- Treebeard ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_fangorn", "allowed"),
    [
        ({"sauron": {"uruk_hai": "fangorn"}}, True),
        ({"sauron": {"uruk_hai": "fangorn", "gollum": "fangorn"}}, False),
        ({"sauron": {}}, False),
        ({"fellowship": {"elrond": "fangorn"}, "sauron": {}}, False),
    ],
    ids=["one-sauron", "two-sauron", "empty", "a-friend"],
)
def test_treebeard_is_placed_in_fangorn_only_when_it_holds_exactly_one_sauron_character(
    in_fangorn: dict, allowed: bool
) -> None:
    state = position(
        {"treebeard": "cardolan", "frodo_v": "shire", **in_fangorn.get("fellowship", {})},
        {"orcs_v": "mordor", **in_fangorn["sauron"]},
        turn="fellowship",
        **VARIANT,
    )
    # Cardolan is far from Fangorn: only the ability could take him there.
    assert ("move treebeard fangorn" in legal(state, "fellowship")) == allowed
    assert moves_of(state, "fellowship", "treebeard") - {"move treebeard fangorn"} == {
        "move treebeard eregion",
        "move treebeard enedwaith",
    }
    if not allowed:
        assert refused(state, "fellowship", "move treebeard fangorn")
        return
    state = act(state, "fellowship", "move treebeard fangorn")
    assert where(state, "treebeard") == "fangorn"
    assert fighters(state) == {"fellowship": "treebeard", "sauron": "uruk_hai"}


# -- Uruk-hai, Watcher, Wormtongue -------------------------------------------------------------


def test_uruk_hai_march_ends_in_an_empty_region_and_reveals_them() -> None:
    state = position(
        {"frodo_v": "shire", "elrond": "rohan"},
        {"uruk_hai": "mordor", "gollum": "mirkwood"},
        **VARIANT,
    )
    marches = moves_of(state, "sauron", "uruk_hai")
    assert {"move uruk_hai fangorn", "move uruk_hai caradhras", "move uruk_hai eregion"} <= marches
    assert "move uruk_hai mirkwood" not in marches  # a friend stands there: not empty
    assert "move uruk_hai rohan" not in marches  # an enemy stands there: a march never attacks
    marched = act(copy.deepcopy(state), "sauron", "move uruk_hai fangorn")
    assert where(marched, "uruk_hai") == "fangorn"
    assert "Uruk-hai move from Mordor to Fangorn." in log_text(marched, "fellowship")
    assert "Uruk-hai" not in secrets_of(marched, "sauron")  # their identity is known now
    # A plain step forward is no march: they stay hidden.
    stepped = act(state, "sauron", "move uruk_hai dagorlad")
    assert "A Sauron character moves from Mordor to Dagorlad." in log_text(stepped, "fellowship")
    assert "Uruk-hai" in secrets_of(stepped, "sauron")


def test_a_revealed_watcher_never_makes_a_normal_move() -> None:
    hidden = position(
        {"frodo_v": "shire", "elrond": "rohan"}, {"watcher": "gondor", "gollum": "mordor"}, **VARIANT
    )
    assert moves_of(hidden, "sauron", "watcher") == {"move watcher fangorn", "move watcher rohan"}
    state = position(
        {"frodo_v": "shire", "elrond": "rohan"},
        {"watcher": "gondor", "gollum": "mordor"},
        revealed={"watcher": "perm"},
        **VARIANT,
    )
    assert moves_of(state, "sauron", "watcher") == set()  # neither a step nor an attack
    assert refused(state, "sauron", "move watcher fangorn")
    assert refused(state, "sauron", "move watcher rohan")


@pytest.mark.parametrize(
    ("start", "behind", "escape", "blocked"),
    [
        ("misty_mountains", {"sauron": {"gollum": "caradhras"}}, "misty_mountains", "caradhras"),
        ("caradhras", {"fellowship": {"faramir": "misty_mountains"}}, "caradhras", "misty_mountains"),
    ],
    ids=["friend-behind", "enemy-behind"],
)
def test_wormtongue_escapes_only_into_an_empty_region(
    start: str, behind: dict, escape: str, blocked: str
) -> None:
    state = position(
        {"elrond": "eregion", "frodo_v": "shire", **behind.get("fellowship", {})},
        {"wormtongue": start, "orcs_v": "mordor", **behind.get("sauron", {})},
        **VARIANT,
    )
    state = act(state, "sauron", "move wormtongue eregion")
    state = play(state, "1", "1")  # Elrond 3+1 against Wormtongue -1+1
    assert not defeated(state, "wormtongue") and step(state) == RETREAT
    # Behind Eregion lie the Misty Mountains and Caradhras; the one he left is empty now.
    assert legal(state, "sauron") == {f"retreat {escape}", "decline"}
    assert refused(state, "sauron", f"retreat {blocked}")
    state = act(state, "sauron", f"retreat {escape}")
    assert where(state, "wormtongue") == escape and not defeated(state, "wormtongue")


def test_wormtongue_falls_when_no_region_behind_him_is_empty() -> None:
    state = position(
        {"elrond": "cardolan", "frodo_v": "shire"},
        {"wormtongue": "enedwaith", "gollum": "caradhras", "watcher": "gap_of_rohan"},
        turn="fellowship",
        **VARIANT,
    )
    state = act(state, "fellowship", "move elrond enedwaith")
    state = play(state, "1", "1")  # behind Enedwaith: Caradhras and the Gap of Rohan, both held
    assert defeated(state, "wormtongue") and step(state) == MOVE
    assert "Wormtongue is defeated." in log_text(state)


# -- special cards -----------------------------------------------------------------------------


def test_2002_palantir_replaces_the_move() -> None:
    state = position(
        {"frodo": "eregion", "sam": "eregion", "pippin": "shire"},
        {"orcs": "mordor", "warg": "gondor"},
        specials="2002",
    )
    state = act(state, "sauron", "special palantir eregion")
    assert "Sauron plays the Palantír on Eregion: Frodo and Sam." in log_text(state)
    assert state["turn"] == {"number": 2, "side": "fellowship"}  # the move is spent
    assert where(state, "orcs") == "mordor" and where(state, "warg") == "gondor"
    assert "moves" not in log_text(state)
    assert step(state) == MOVE and R.active(state) == frozenset({"fellowship"})


@pytest.mark.parametrize("card_set", ["2002", "deluxe-4"])
def test_after_shadowfax_the_same_character_makes_the_move(card_set: str) -> None:
    state = position(
        {"frodo": "shire", "sam": "eregion"}, {"orcs": "mordor"}, turn="fellowship", specials=card_set
    )
    state = act(state, "fellowship", "special shadowfax sam caradhras")
    assert where(state, "sam") == "caradhras" and state["turn"]["side"] == "fellowship"
    options = legal(state, "fellowship")
    assert options == {"move sam fangorn", "move sam rohan"}
    assert refused(state, "fellowship", "move frodo arthedain")
    state = act(state, "fellowship", "move sam rohan")
    assert where(state, "sam") == "rohan" and where(state, "frodo") == "shire"
    assert state["turn"]["side"] == "sauron"


def test_mouth_of_sauron_exchange_returns_the_swapped_card_to_hand() -> None:
    state = position(
        {"elrond": "eregion", "frodo_v": "shire"},
        {"mouth_of_sauron": "misty_mountains"},
        hands={"sauron": ["1", "4", "6"]},
        **VARIANT,
    )
    state = act(state, "sauron", "move mouth_of_sauron eregion")
    state = play(state, "3", "1")
    state = act(state, "sauron", "ability mouth")
    assert "The Mouth of Sauron exchanges 1 for the 4." in log_text(state)
    assert "Strength: Elrond 3+3 = 6 against Mouth of Sauron 3+4 = 7." in log_text(state)
    cards = state["cards"]["sauron"]
    assert sorted(cards["hand"]) == ["1", "6"]
    assert "4" in cards["discard"] and "1" not in cards["discard"]


@pytest.mark.parametrize("card_set", ["2002", "deluxe-4"])
def test_gandalf_the_white_is_refused_when_fangorn_holds_two_fellowship_characters(card_set: str) -> None:
    full = position(
        {"frodo": "shire", "sam": "fangorn", "pippin": "fangorn"},
        {"orcs": "mordor"},
        turn="fellowship",
        specials=card_set,
    )
    assert "special gandalf_the_white" not in specials(full, "fellowship")
    assert refused(full, "fellowship", "special gandalf_the_white")
    one = position(
        {"frodo": "shire", "sam": "fangorn", "pippin": "rohan"},
        {"orcs": "mordor"},
        turn="fellowship",
        specials=card_set,
    )
    assert "special gandalf_the_white" in specials(one, "fellowship")
    one = act(one, "fellowship", "special gandalf_the_white")
    assert where(one, "gandalf") == "fangorn"


@pytest.mark.parametrize("card_set", ["2002", "deluxe-4"])
def test_recall_to_mordor_is_refused_while_a_fellowship_character_stands_in_mordor(card_set: str) -> None:
    state = position({"frodo": "shire", "sam": "mordor"}, {"orcs": "eregion"}, specials=card_set)
    assert not any(a.startswith("special recall_to_mordor") for a in specials(state, "sauron"))
    assert refused(state, "sauron", "special recall_to_mordor orcs")
    free = position({"frodo": "shire", "sam": "gondor"}, {"orcs": "eregion"}, specials=card_set)
    assert "special recall_to_mordor orcs" in specials(free, "sauron")


# -- the leak checker --------------------------------------------------------------------------


def test_view_leaks_reports_a_once_revealed_now_hidden_piece_shown_by_name() -> None:
    state = position({"gimli": "eregion", "frodo": "shire"}, {"balrog": "misty_mountains"})
    state = act(state, "sauron", "move balrog eregion")
    state = play(state, "1", "1")  # Gimli 3+1 against Balrog 5+1: the Balrog holds Eregion
    assert where(state, "balrog") == "eregion" and state["turn"]["side"] == "fellowship"
    # Known to everyone since the battle, hidden again since the turn ended.
    assert "Balrog" not in secrets_of(state, "sauron") and "balrog" not in state["revealed"]
    view = R.view(state, "fellowship")
    assert view_leaks(state, view, "fellowship") == []
    blank = {"character": None, "name": None, "strength": None, "revealed": False}
    assert _eregion_sauron(view) == [blank]

    leaky = copy.deepcopy(view)
    _eregion_sauron(leaky)[0].update({"character": "balrog", "name": "Balrog", "strength": 5})
    problems = view_leaks(state, leaky, "fellowship")
    assert "balrog shown to fellowship in eregion while hidden" in problems, problems
    # The name alone on a blank token is reported too.
    named = copy.deepcopy(view)
    _eregion_sauron(named)[0]["name"] = "Balrog"
    assert "a hidden piece in eregion carries details" in view_leaks(state, named, "fellowship")


def _eregion_sauron(view: dict) -> list[dict]:
    return next(r for r in view["regions"] if r["id"] == "eregion")["pieces"]["sauron"]
