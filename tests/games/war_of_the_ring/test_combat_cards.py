"""Combat cards (§11.3 step 1, issue 19): the secret simultaneous choice and its reveal, the
registry of the 38 combat effects, and one scenario per combat card, named after it.

The scenarios are positions (:mod:`games.war_of_the_ring.positions`) with the hands set; the dice
that matter are scripted by name (``others="random"``): ``<side>_combat_die``,
``<side>_combat_reroll`` and ``<side>_card_die`` (the extra attacks of the cards).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from games.core import ActionError, Match, State, dump, load, project
from games.core.chance import scripted
from games.core.rng import randbelow
from games.war_of_the_ring.combat_effects import EFFECTS
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import events, offered, step
from .test_battle import army_of, attack, battle_match, last_round, texts

SH, FP = "shadow", "free"


def card(name: str, n: int = 0) -> str:
    """The ``n``-th card (in data order) whose Combat half is ``name``."""
    return [c.id for c in CARDS.values() if c.combat and c.combat.name == name][n]


def fight(
    armies: Mapping[str, Any],
    hands: Mapping[str, list[str]],
    *,
    attacking: str = SH,
    origin: str = "dagorlad",
    target: str = "ash_mountains",
    **more: Any,
) -> Match:
    """A battle started (the round waits for the Combat cards)."""
    m = battle_match(armies, acting=attacking, hands=dict(hands), **more)
    attack(m, attacking, origin, target)
    return m


def play(m: Match, attacker: str | None, defender: str | None, *draws: tuple[str, int]) -> None:
    """The attacker, then the defender, choose (``""``: no card; ``None``: not asked), with the
    named draws scripted."""
    b = m.state["battle"]
    with scripted(*draws, others="random"):
        for side, chosen in ((b["attacker"], attacker), (b["defender"], defender)):
            if chosen is not None:
                m.submit(side, f"combat {chosen}" if chosen else "no-combat")


def dice(side: str, *values: int) -> list[tuple[str, int]]:
    return [(f"{side}_combat_die", v) for v in values]


def rerolls(side: str, *values: int) -> list[tuple[str, int]]:
    return [(f"{side}_combat_reroll", v) for v in values]


def card_dice(side: str, *values: int) -> list[tuple[str, int]]:
    return [(f"{side}_card_die", v) for v in values]


def round_text(state: State) -> str:
    return PRESENTER.text("combat_round", last_round(state))


DEFAULT = {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}}


# -- the registry -------------------------------------------------------------------------------
def test_every_combat_name_on_a_card_has_an_effect_with_its_side_and_initiative() -> None:
    carriers = [c for c in CARDS.values() if c.combat is not None]  # all but We Shall Get It
    assert [c.id for c in CARDS.values() if c.combat is None] == ["we_shall_get_it"]
    names = {c.combat.name for c in carriers}
    assert len(names) == 38 + 4 and names == set(EFFECTS)  # 4 of Twilight of the Third Age
    for c in carriers:
        effect = EFFECTS[c.combat.name]
        assert effect.side == c.side, c.id
        assert effect.initiative == c.initiative[0], c.id
        assert effect.late == (c.initiative[1] if len(c.initiative) > 1 else None), c.id
        assert effect.hooks or effect.modify, c.id


def test_a_scenario_test_is_named_after_every_combat_card() -> None:
    tests = {name for name in globals() if name.startswith("test_combat_")}
    twilight = (Path(__file__).parent / "test_cards_twilight.py").read_text(encoding="utf-8")
    tests |= set(re.findall(r"^def (test_combat_\w+)\(", twilight, re.M))
    for name in EFFECTS:
        words = name.lower().replace("'", "").replace("û", "u").replace("ú", "u")
        slug = "test_combat_" + "".join(ch if ch.isalnum() else "_" for ch in words)
        assert slug in tests, slug


# -- the secret choice --------------------------------------------------------------------------
def test_the_chosen_card_is_secret_until_both_have_chosen_then_one_event_reveals_both() -> None:
    valour, strife = card("Valour"), card("Deadly Strife")
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R 1E"}},
        {FP: [valour, "fpc_01"], SH: [strife, "shs_09"]},
    )
    assert step(m.state) == "battle" and R.active(m.state) == {FP, SH}
    for side in (FP, SH):
        prompt = R.prompt(m.state, side)
        # The battle's start asks both (the attack, public, did): a side newly asked is told once.
        assert prompt.kind == "combat_card" and prompt.ping
    assert f"combat {strife}" in offered(m.state, SH) and "no-combat" in offered(m.state, SH)
    seen = len(m.state["log"])
    m.submit(SH, f"combat {strife}")
    # Nothing public: no event, the hand count unchanged, the card in no view but its owner's.
    assert len(m.state["log"]) == seen
    assert R.active(m.state) == {FP}
    names = {strife, CARDS[strife].name, CARDS[strife].combat.name}
    for audience in (None, FP):
        shown = json.dumps(R.view(m.state, audience), ensure_ascii=False)
        assert not any(n in shown for n in names), audience
        assert R.view(m.state, audience)["cards"][SH]["hand_count"] == 2
    assert names & R.secrets(m.state, SH)
    assert not any(n in R.prompt(m.state, FP).text for n in names)
    assert not any(n in R.prompt(m.state, FP).title for n in names)
    assert not any(n in R.describe(m.state, FP, a) for a in R.prompt(m.state, FP).actions for n in names)
    with pytest.raises(ActionError) as refused:
        m.submit(SH, "no-combat")  # the Shadow has chosen: his choice cannot change
    assert not any(n in str(refused.value) for n in names)
    play(m, None, valour, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    revealed = events(m.state, "combat_cards_revealed")
    assert revealed == [{"attacker": SH, "defender": FP, "attacker_card": strife, "defender_card": valour}]
    assert texts(m.state, seen)[0] == (
        f"Combat cards: the Shadow plays {CARDS[strife].name} (Deadly Strife); "
        f"the Free Peoples play {CARDS[valour].name} (Valour)."
    )
    assert strife in R.view(m.state, None)["cards"][SH]["played"] and strife not in m.state["hands"][SH]
    for event in m.state["log"][seen:]:
        assert project(event, None)[0] != "own_card_drawn"


def test_a_side_with_cards_is_asked_even_without_a_playable_one_and_an_empty_hand_never() -> None:
    m = fight(DEFAULT, {FP: [], SH: [card("Mûmakil")]})  # no Southron Elite: not playable
    assert R.active(m.state) == {SH}
    assert offered(m.state, SH) == ["no-combat"]
    seen = len(m.state["log"])
    play(m, "", None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1))
    assert events(m.state, "combat_cards_revealed")[-1]["attacker_card"] is None
    assert texts(m.state, seen)[0] == "Combat cards: the Shadow plays none; the Free Peoples play none."
    # With no card in either hand there is no question and no reveal.
    m = battle_match(DEFAULT)
    with scripted(*dice(SH, 1, 1, 1), *dice(FP, 1, 1), others="random"):
        attack(m, SH, "dagorlad", "ash_mountains")
    assert not events(m.state, "combat_cards_revealed") and events(m.state, "combat_round")


def test_a_card_whose_condition_fails_is_refused_when_typed() -> None:
    m = fight(DEFAULT, {FP: [card("Valour")], SH: []})  # no Free Peoples Elite
    assert offered(m.state, FP) == ["no-combat"]
    with pytest.raises(ActionError):
        m.submit(FP, f"combat {card('Valour')}")


def test_every_combat_event_has_words() -> None:
    samples: dict[str, dict[str, Any]] = {
        "combat_cards_revealed": {
            "attacker": FP,
            "defender": SH,
            "attacker_card": "fps_22",
            "defender_card": None,
        },
        "combat_card_cancelled": {"side": SH, "combat": "Deadly Strife", "by": "Daring Defiance"},
        "combat_no_effect": {"side": FP, "combat": "Mighty Attack"},
        "combat_extra_attack": {
            "side": SH,
            "combat": "Durin's Bane",
            "dice": [4, 1, 6],
            "target": 4,
            "hits": 2,
        },
        "combat_self_hits": {"side": SH, "combat": "Onslaught", "hits": 2},
        "combat_forfeit": {
            "side": FP,
            "combat": "Daring Defiance",
            "characters": ["legolas", "gimli"],
            "points": 0,
        },
        "combat_dice_turned": {"side": FP, "combat": "Andúril", "character": "aragorn", "count": 2},
        "combat_extra_hits": {"side": SH, "combat": "Great Host", "hits": 1},
        "combat_hits_cancelled": {
            "side": FP,
            "combat": "Heroic Death",
            "hits": 2,
            "character": "boromir",
            "nation": "",
        },
        "combat_slain": {
            "combat": "Fateful Strike",
            "character": "",
            "nation": "sauron",
            "region": "dagorlad",
        },
        "combat_silenced": {"combat": "Words of Power", "character": "legolas"},
        "combat_scouts": {"side": FP, "region": "ash_mountains"},
        "combat_sorcerer": {"deck": "strategy"},
    }
    said = {kind: PRESENTER.text(kind, args) for kind, args in samples.items()}
    assert said == {
        "combat_cards_revealed": (
            "Combat cards: the Free Peoples play Dáin Ironfoot's Guard (Valour); the Shadow plays none."
        ),
        "combat_card_cancelled": "Daring Defiance: the Shadow's Deadly Strife is cancelled.",
        "combat_no_effect": "Mighty Attack has no effect.",
        "combat_extra_attack": "Durin's Bane: the Shadow rolls 4 1 6 (hitting on 4): 2 hits.",
        "combat_self_hits": "Onslaught: the Shadow inflicts 2 hits on its own Army.",
        "combat_forfeit": "Daring Defiance: Legolas and Gimli forfeit their Leadership.",
        "combat_dice_turned": "Andúril: Aragorn forfeits his Leadership; 2 missed dice become hits.",
        "combat_extra_hits": "Great Host: the Shadow scores 1 extra hit.",
        "combat_hits_cancelled": ("Heroic Death: Boromir gives his life and cancels 2 hits."),
        "combat_slain": "Fateful Strike: a Nazgûl is slain in Dagorlad.",
        "combat_silenced": "Words of Power: Legolas's Leadership and abilities do not count this round.",
        "combat_scouts": "Scouts: the Army of the Free Peoples leaves Ash Mountains before the Combat roll.",
        "combat_sorcerer": "Sorcerer: the Witch-king lets the Shadow draw a card from the Strategy deck.",
    }


# -- one scenario per combat card ------------------------------------------------------------
def test_combat_it_is_a_gift() -> None:
    gift = card("It Is a Gift")
    armies = {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R 1L"}}
    assert f"combat {gift}" not in offered(
        fight(armies, {FP: [gift]}).state, FP
    )  # the Fellowship is elsewhere
    m = fight(armies, {FP: [gift]}, fellowship={"region": "ash_mountains"})
    play(m, None, gift, *dice(SH, 1, 1, 1), *dice(FP, 4, 3), *rerolls(FP, 4))
    assert last_round(m.state)["defender_hits"] == 2  # 4+1, then the re-rolled 4+1
    assert "+1 to each die (It Is a Gift)" in round_text(m.state)
    assert "+1 to each re-rolled die (It Is a Gift)" in round_text(m.state)


def test_combat_one_for_the_dark_lord() -> None:
    dark = card("One for the Dark Lord")
    armies = {"dagorlad": {"sauron": "2R 1L"}, "ash_mountains": {"north": "3R"}}
    m = fight(armies, {SH: [dark]}, fellowship={"region": "ash_mountains"})
    play(m, dark, None, *dice(SH, 4, 3), *dice(FP, 1, 1, 1), *rerolls(SH, 4))
    assert last_round(m.state)["attacker_hits"] == 2
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 1}


def test_combat_blade_of_westernesse() -> None:
    blade = card("Blade of Westernesse")
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}},
        {FP: [blade]},
        characters={"meriadoc": "ash_mountains", "witch_king": "dagorlad"},
    )
    play(m, None, blade, *dice(SH, 1, 1, 1), *dice(FP, 1, 1), *rerolls(FP, 6), *rerolls(SH, 1, 1))
    assert R.prompt(m.state, FP).kind == "combat_slay"
    assert offered(m.state, FP) == ["slay witch_king", "decline"]
    assert R.describe(m.state, FP, R.prompt(m.state, FP).actions[0]) == "Slay The Witch-king"
    m.submit(FP, "slay witch_king")
    assert "witch_king" in m.state["eliminated"]
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 3}  # the hit was spent on him


def test_combat_mighty_attack() -> None:
    mighty = card("Mighty Attack")
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "1R"}},
        {FP: [mighty]},
        characters={"legolas": "ash_mountains", "gimli": "ash_mountains"},
    )
    play(m, None, mighty, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 2))
    assert offered(m.state, FP) == ["forfeit legolas", "forfeit gimli"]
    with scripted(*rerolls(FP, 1), others="random"):
        m.submit(FP, "forfeit legolas")
    round_ = last_round(m.state)
    assert round_["defender_hits"] == 1 and len(round_["defender_rerolls"]) == 1  # Gimli leads alone
    assert "1 miss turned into a hit" in round_text(m.state)


def test_combat_servant_of_the_secret_fire() -> None:
    servant = card("Servant of the Secret Fire")
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "1R"}},
        {FP: [servant]},
        characters={"gandalf_grey": "ash_mountains"},
    )
    play(m, None, servant, *dice(SH, 1, 1, 1), *dice(FP, 4, 3), *rerolls(FP, 4))
    assert last_round(m.state)["defender_hits"] == 1  # +1 on the Combat roll only, not the re-roll


def test_combat_anduril() -> None:
    anduril = card("Andúril")
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}},
        {FP: [anduril]},
        characters={"aragorn": "ash_mountains"},
        eliminated=["strider"],
    )
    play(m, None, anduril, *dice(SH, 1, 1, 1), *dice(FP, 1, 2, 3))
    round_ = last_round(m.state)
    assert round_["defender_hits"] == 2 and round_["defender_rerolls"] == []  # Aragorn forfeited
    assert events(m.state, "combat_dice_turned")[-1] == {
        "side": FP,
        "combat": "Andúril",
        "character": "aragorn",
        "count": 2,
    }
    # Strider turns one miss only.
    m = fight(
        {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R"}},
        {FP: [anduril]},
        characters={"strider": "ash_mountains"},
    )
    play(m, None, anduril, *dice(SH, 1, 1, 1), *dice(FP, 1, 2, 3))
    assert last_round(m.state)["defender_hits"] == 1


def test_combat_heroic_death() -> None:
    heroic = card("Heroic Death")
    m = fight(
        {"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "2R"}},
        {FP: [heroic]},
        characters={"boromir": "ash_mountains"},
    )
    play(m, None, heroic, *dice(SH, 5, 5, 5, 1, 1), *dice(FP, 1, 1, 1), *rerolls(FP, 1))
    assert offered(m.state, FP) == ["sacrifice boromir", "decline"]
    m.submit(FP, "sacrifice boromir")
    assert "boromir" in m.state["eliminated"]
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 1}  # 3 hits less Boromir's Level 2
    said = texts(m.state)
    assert "Heroic Death: Boromir gives his life and cancels 2 hits." in said
    assert not any("slain" in line for line in said)


def test_combat_daring_defiance() -> None:
    defiance, strife = card("Daring Defiance"), card("Deadly Strife")
    m = fight(DEFAULT, {FP: [defiance], SH: [strife]}, characters={"legolas": "ash_mountains"})
    play(m, strife, defiance, *dice(SH, 3, 3, 3), *dice(FP, 3, 3, 3))
    round_ = last_round(m.state)
    assert round_["attacker_hits"] == 0 and round_["defender_hits"] == 0  # no +2: cancelled
    assert round_["defender_rerolls"] == []  # Legolas forfeited his Leadership
    assert events(m.state, "combat_card_cancelled") == [
        {"side": SH, "combat": "Deadly Strife", "by": "Daring Defiance"}
    ]


def test_combat_fateful_strike() -> None:
    fateful = card("Fateful Strike")
    m = fight(
        {"dagorlad": {"sauron": "3R 2L"}, "ash_mountains": {"north": "2R 1L"}},
        {FP: [fateful]},
        reinforcements={"sauron": "0R"},
    )
    play(m, None, fateful, *dice(SH, 1, 1, 1), *dice(FP, 1, 1), *rerolls(FP, 6), *rerolls(SH, 1, 1))
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 2, "leader": 1}  # 1 hit and a Nazgûl
    assert m.state["reinforcements"]["sauron"].get("leader") == 1
    assert "Fateful Strike: a Nazgûl is slain in Dagorlad." in texts(m.state)


def test_combat_sudden_strike() -> None:
    sudden = card("Sudden Strike")
    m = fight(
        {"dagorlad": {"sauron": "4R"}, "ash_mountains": {"north": "2R 2L"}},
        {FP: [sudden]},
    )
    play(m, None, sudden, *card_dice(FP, 6, 6), *dice(SH, 1, 1), *dice(FP, 1, 1))
    assert events(m.state, "combat_extra_attack")[0]["hits"] == 2
    assert len(last_round(m.state)["attacker_dice"]) == 2  # 4 Regulars less the 2 hits at once


def test_combat_brave_stand() -> None:
    brave = card("Brave Stand")
    m = fight(
        {"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "2R"}},
        {FP: [brave]},
        characters={"legolas": "ash_mountains", "gimli": "ash_mountains"},
    )
    play(m, None, brave, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1, 1))
    assert len(last_round(m.state)["attacker_dice"]) == 3
    assert "2 dice fewer (Brave Stand)" in round_text(m.state)


ROHAN = {"parth_celebrant": {"isengard": "5R"}, "fangorn": {"rohan": "2R"}}


def test_combat_ents_rage() -> None:
    rage = card("Ents' Rage")
    assert f"combat {rage}" not in offered(fight(DEFAULT, {FP: [rage]}).state, FP)  # not in Rohan or Fangorn
    m = fight(ROHAN, {FP: [rage]}, origin="parth_celebrant", target="fangorn")
    play(m, None, rage, *dice(SH, 1, 1, 1, 1, 1), *dice(FP, 3, 3))
    assert last_round(m.state)["defender_hits"] == 2


def test_combat_huorn_dark() -> None:
    huorns = card("Huorn-dark")
    m = fight(ROHAN, {FP: [huorns]}, origin="parth_celebrant", target="fangorn")
    play(m, None, huorns, *dice(SH, 1, 1), *dice(FP, 1, 1))
    assert len(last_round(m.state)["attacker_dice"]) == 2
    assert "at most 2 dice (Huorn-dark)" in round_text(m.state)


def test_combat_nameless_wood() -> None:
    wood = card("Nameless Wood")
    m = fight(ROHAN, {FP: [wood]}, origin="parth_celebrant", target="fangorn")
    play(m, None, wood, *dice(SH, 1, 1, 1, 1, 1), *dice(FP, 5, 1))
    assert events(m.state, "combat_extra_hits") == [{"side": FP, "combat": "Nameless Wood", "hits": 2}]
    assert army_of(m.state, "parth_celebrant", "isengard") == {"regular": 2}


def test_combat_daylight() -> None:
    daylight = card("Daylight")
    m = fight({"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "2R"}}, {FP: [daylight]})
    play(m, None, daylight, *dice(SH, 1, 1, 1), *dice(FP, 1, 1))
    assert len(last_round(m.state)["attacker_dice"]) == 3


def test_combat_no_quarter() -> None:
    quarter = card("No Quarter")
    m = fight(DEFAULT, {FP: [quarter]})
    play(m, None, quarter, *dice(SH, 1, 1, 1), *dice(FP, 5, 1))
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 1}  # 1 hit and 1 extra
    # Without a hit, no extra hit.
    m = fight(DEFAULT, {FP: [quarter]})
    play(m, None, quarter, *dice(SH, 1, 1, 1), *dice(FP, 2, 1))
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 3}
    assert "No Quarter has no effect." in texts(m.state)


def test_combat_advantageous_position() -> None:
    position = card("Advantageous Position")
    assert f"combat {position}" not in offered(fight(DEFAULT, {FP: [position]}).state, FP)  # no FP Nation
    m = fight(
        {"parth_celebrant": {"sauron": "3R"}, "eastemnet": {"rohan": "3R"}},
        {FP: [position]},
        origin="parth_celebrant",
        target="eastemnet",
    )
    play(m, None, position, *dice(SH, 5, 5, 6), *dice(FP, 1, 1, 1))
    assert last_round(m.state)["attacker_hits"] == 1  # 5-1 misses, the 6 hits


def test_combat_scouts() -> None:
    scouts = card("Scouts")
    m = fight(DEFAULT, {FP: [scouts]})
    play(m, None, scouts)
    assert R.prompt(m.state, FP).kind == "scouts"
    assert offered(m.state, FP) == ["retreat noman_lands", "retreat southern_dorwinion"]
    m.submit(FP, "retreat noman_lands")
    assert not events(m.state, "combat_round")
    assert army_of(m.state, "noman_lands", "north") == {"regular": 2}
    assert R.prompt(m.state, SH).kind == "advance"


def test_combat_shield_wall() -> None:
    wall = card("Shield-wall")
    m = fight({"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "3R"}}, {FP: [wall]})
    play(m, None, wall, *dice(SH, 5, 5, 1), *dice(FP, 1, 1, 1))
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}  # 2 hits, one cancelled
    # A single hit is not cancelled.
    m = fight({"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "3R"}}, {FP: [wall]})
    play(m, None, wall, *dice(SH, 5, 1, 1), *dice(FP, 1, 1, 1))
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}


def test_combat_confusion() -> None:
    confusion = card("Confusion")
    m = fight({"dagorlad": {"sauron": "4R 1L"}, "ash_mountains": {"north": "3R"}}, {FP: [confusion]})
    play(m, None, confusion, *dice(SH, 1, 1, 5, 2), *dice(FP, 1, 1, 1), *rerolls(SH, 2))
    round_ = last_round(m.state)
    assert len(round_["attacker_rerolls"]) == 1  # the two 1s may not be re-rolled: only the 2
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 2, "leader": 1}  # its own 1s hit it
    assert "2 natural 1s hit its own Army (Confusion)" in round_text(m.state)


def test_combat_charge() -> None:
    charge = card("Charge")
    m = fight({"dagorlad": {"sauron": "4R"}, "ash_mountains": {"north": "1R 2E"}}, {FP: [charge]})
    play(m, None, charge, *card_dice(FP, 5, 4), *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert events(m.state, "combat_extra_attack")[0] == {
        "side": FP,
        "combat": "Charge",
        "dice": [5, 4],
        "target": 5,
        "hits": 1,
    }
    assert len(last_round(m.state)["attacker_dice"]) == 3


def test_combat_valour() -> None:
    valour = card("Valour")
    m = fight({"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "1R 1E"}}, {FP: [valour]})
    play(m, None, valour, *dice(SH, 1, 1, 1), *dice(FP, 4, 4))
    assert last_round(m.state)["defender_hits"] == 2
    assert "+1 to each die (Valour)" in round_text(m.state)


def test_combat_cruel_as_death() -> None:
    cruel = card("Cruel as Death")
    armies = {"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R"}}
    assert f"combat {cruel}" not in offered(fight(armies, {SH: [cruel]}).state, SH)  # 1 Nazgûl Leadership
    armies = {"dagorlad": {"sauron": "3R 2L"}, "ash_mountains": {"north": "3R"}}
    m = fight(armies, {SH: [cruel]})
    play(m, cruel, None, *dice(SH, 4, 4, 1), *dice(FP, 1, 1, 1))
    round_ = last_round(m.state)
    assert round_["attacker_hits"] == 2 and round_["attacker_rerolls"] == []  # both Nazgûl forfeited


def test_combat_they_are_terrible() -> None:
    terrible = card("They Are Terrible")
    m = fight({"dagorlad": {"sauron": "3R 2L"}, "ash_mountains": {"north": "3R"}}, {SH: [terrible]})
    play(m, terrible, None, *dice(SH, 4, 1, 1), *dice(FP, 1, 1, 1), *rerolls(SH, 4))
    round_ = last_round(m.state)
    assert round_["attacker_rerolls"] == [4] and round_["attacker_hits"] == 1  # 1 re-roll, at +1
    assert "Nazgûl forfeit 1 Leadership" in " ".join(texts(m.state))


def test_combat_dread_and_despair() -> None:
    dread = card("Dread and Despair")
    m = fight({"dagorlad": {"sauron": "3R 2L"}, "ash_mountains": {"north": "4R"}}, {SH: [dread]})
    play(m, dread, None)
    assert R.prompt(m.state, SH).kind == "combat_nazgul_points"
    assert offered(m.state, SH) == ["forfeit 1", "forfeit 2"]
    with scripted(*dice(SH, 1, 1, 1), *dice(FP, 1, 1), others="random"):
        m.submit(SH, "forfeit 2")
    round_ = last_round(m.state)
    assert len(round_["defender_dice"]) == 2 and round_["attacker_rerolls"] == []


def test_combat_black_breath() -> None:
    breath = card("Black Breath")
    m = fight(
        {"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R 1L"}},
        {SH: [breath]},
        characters={"boromir": "ash_mountains"},
    )
    play(m, breath, None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1, 1), *rerolls(SH, 6), *rerolls(FP, 1, 1))
    # One re-roll hit: a Leader, or a Companion of Level 1 at most (Boromir is Level 2).
    assert offered(m.state, SH) == ["slay north", "decline"]
    m.submit(SH, "slay north")
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}
    assert "Black Breath: a North Leader is slain in Ash Mountains." in texts(m.state)


def test_combat_foul_stench() -> None:
    stench = card("Foul Stench")
    m = fight({"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R 1L"}}, {SH: [stench]})
    play(m, stench, None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1), *rerolls(SH, 1))
    assert last_round(m.state)["defender_rerolls"] == []
    assert "no re-roll (Foul Stench)" in round_text(m.state)
    # A stronger Free Peoples Leadership re-rolls.
    m = fight({"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R 2L"}}, {SH: [stench]})
    play(m, stench, None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1), *rerolls(SH, 1), *rerolls(FP, 1, 1))
    assert len(last_round(m.state)["defender_rerolls"]) == 2


def test_combat_words_of_power() -> None:
    words = card("Words of Power")
    m = fight(
        {"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "1R"}},
        {SH: [words]},
        characters={"legolas": "ash_mountains", "gimli": "ash_mountains"},
    )
    play(m, words, None)
    assert offered(m.state, SH) == ["silence legolas", "silence gimli"]
    with scripted(*dice(SH, 1, 1, 1), *dice(FP, 1, 1), *rerolls(SH, 1), *rerolls(FP, 1), others="random"):
        m.submit(SH, "silence legolas")
    round_ = last_round(m.state)
    assert len(round_["defender_dice"]) == 2 and len(round_["defender_rerolls"]) == 1  # Gimli only


def test_combat_durins_bane() -> None:
    bane = card("Durin's Bane")
    assert f"combat {bane}" not in offered(fight(DEFAULT, {SH: [bane]}).state, SH)  # far from Moria
    m = fight(
        {"moria": {"sauron": "3R"}, "dimrill_dale": {"north": "4R"}},
        {SH: [bane]},
        origin="moria",
        target="dimrill_dale",
    )
    play(m, bane, None, *card_dice(SH, 4, 4, 3), *dice(SH, 1, 1, 1), *dice(FP, 1, 1))
    assert events(m.state, "combat_extra_attack")[0]["hits"] == 2  # 4+ hits
    assert len(last_round(m.state)["defender_dice"]) == 2


def test_combat_devilry_of_orthanc() -> None:
    devilry = card("Devilry of Orthanc")
    m = fight(
        {"westemnet": {"isengard": "3R"}, "helms_deep": {"rohan": "3R"}},
        {SH: [devilry]},
        origin="westemnet",
        target="helms_deep",
    )
    m.submit(FP, "fight")  # in the field, not in the Stronghold
    play(m, devilry, None, *dice(SH, 4, 4, 1), *dice(FP, 1, 1, 1))
    assert last_round(m.state)["attacker_hits"] == 2


def test_combat_deadly_strife() -> None:
    strife = card("Deadly Strife")
    m = fight({"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R 1L"}}, {SH: [strife]})
    play(m, strife, None, *dice(SH, 3, 1, 2), *dice(FP, 3, 2, 1), *rerolls(SH, 3), *rerolls(FP, 3))
    round_ = last_round(m.state)
    assert round_["attacker_hits"] == 2 and round_["defender_hits"] == 2  # 3+2 both times; 2+2 misses


def test_combat_desperate_battle() -> None:
    desperate = card("Desperate Battle")
    m = fight({"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "3R 1L"}}, {SH: [desperate]})
    play(m, desperate, None, *dice(SH, 4, 3, 1), *dice(FP, 4, 1, 1), *rerolls(SH, 4), *rerolls(FP, 4))
    round_ = last_round(m.state)
    assert round_["attacker_hits"] == 2 and round_["defender_hits"] == 2


def test_combat_relentless_assault() -> None:
    relentless = card("Relentless Assault")
    m = fight({"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "3R"}}, {SH: [relentless]})
    play(m, relentless, None)
    assert offered(m.state, SH) == ["self-hits 0", "self-hits 1", "self-hits 2"]
    with scripted(*dice(SH, 3, 3, 3), *dice(FP, 1, 1, 1), others="random"):
        m.submit(SH, "self-hits 2")
    round_ = last_round(m.state)
    assert len(round_["attacker_dice"]) == 3 and round_["attacker_hits"] == 3  # 3+2
    assert army_of(m.state, "ash_mountains", "north") == {}


def test_combat_onslaught() -> None:
    onslaught = card("Onslaught")
    m = fight({"dagorlad": {"sauron": "6R"}, "ash_mountains": {"north": "3R"}}, {SH: [onslaught]})
    play(m, onslaught, None, *dice(SH, 1, 1, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert offered(m.state, SH) == [f"self-hits {n}" for n in range(5)]
    with scripted(*card_dice(SH, 4, 3), others="random"):
        m.submit(SH, "self-hits 2")
    assert army_of(m.state, "dagorlad", "sauron") == {"regular": 4}
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}  # one 4+ of the two dice


def test_combat_great_host() -> None:
    host = card("Great Host")
    m = fight({"dagorlad": {"sauron": "6R"}, "ash_mountains": {"north": "3R"}}, {SH: [host]})
    play(m, host, None, *dice(SH, 1, 1, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}
    assert m.state["battle"]["hits"][SH] == 1
    # Fewer than twice the enemy's units: nothing.
    m = fight({"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "3R"}}, {SH: [host]})
    play(m, host, None, *dice(SH, 1, 1, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 3}


def test_combat_mumakil() -> None:
    mumakil = card("Mûmakil")
    armies = {"dagorlad": {"southrons": "2R 1E"}, "ash_mountains": {"north": "3R"}}
    m = fight(armies, {SH: [mumakil]})
    play(m, mumakil, None, *dice(SH, 4, 1, 1), *dice(FP, 1, 1, 1))
    assert last_round(m.state)["attacker_hits"] == 1  # 4+1
    assert events(m.state, "combat_extra_hits") == [{"side": SH, "combat": "Mûmakil", "hits": 1}]
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 1}
    # Not more hits than the enemy: no extra hit.
    m = fight(armies, {SH: [mumakil]})
    play(m, mumakil, None, *dice(SH, 4, 1, 1), *dice(FP, 5, 1, 1))
    assert not events(m.state, "combat_extra_hits")


def test_combat_swarm_of_bats() -> None:
    bats, valour = card("Swarm of Bats"), card("Valour")
    armies = {"dagorlad": {"sauron": "3R 1L"}, "ash_mountains": {"north": "2R 1E"}}
    m = fight(armies, {SH: [bats], FP: [valour]})
    play(m, bats, valour, *dice(SH, 1, 1, 1), *dice(FP, 4, 4, 4), *rerolls(SH, 1))
    assert last_round(m.state)["defender_hits"] == 0  # Valour cancelled
    assert events(m.state, "combat_card_cancelled") == [
        {"side": FP, "combat": "Valour", "by": "Swarm of Bats"}
    ]
    # No Free Peoples card: +1 to the Shadow's re-roll.
    m = fight(armies, {SH: [bats], FP: [valour]})
    play(m, bats, "", *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1), *rerolls(SH, 4))
    assert last_round(m.state)["attacker_hits"] == 1


def test_combat_we_come_to_kill() -> None:
    kill = card("We Come to Kill")
    m = fight({"dagorlad": {"sauron": "2R 2E"}, "ash_mountains": {"north": "4R"}}, {SH: [kill]})
    play(m, kill, None, *dice(SH, 1, 1, 1, 1), *dice(FP, 1, 1, 1, 1), *card_dice(SH, 5, 6))
    assert events(m.state, "combat_extra_attack")[-1]["hits"] == 2
    assert army_of(m.state, "ash_mountains", "north") == {"regular": 2}


# -- initiative -------------------------------------------------------------------------------
def test_on_equal_initiative_the_defenders_cancel_goes_first() -> None:
    defiance, bats = card("Daring Defiance"), card("Swarm of Bats")
    m = fight(DEFAULT, {FP: [defiance], SH: [bats]}, characters={"legolas": "ash_mountains"})
    play(m, bats, defiance, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert events(m.state, "combat_card_cancelled") == [
        {"side": SH, "combat": "Swarm of Bats", "by": "Daring Defiance"}
    ]
    # The Shadow defending: his Swarm of Bats cancels first.
    m = fight(
        {"ash_mountains": {"north": "2R"}, "dagorlad": {"sauron": "3R"}},
        {FP: [defiance], SH: [bats]},
        attacking=FP,
        origin="ash_mountains",
        target="dagorlad",
        characters={"legolas": "ash_mountains"},
    )
    play(m, defiance, bats, *dice(FP, 1, 1, 1), *dice(SH, 1, 1, 1))
    assert events(m.state, "combat_card_cancelled") == [
        {"side": FP, "combat": "Daring Defiance", "by": "Swarm of Bats"}
    ]


def test_a_game_saved_while_a_combat_card_is_chosen_resumes_exactly() -> None:
    valour, strife = card("Valour"), card("Deadly Strife")
    armies = {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "2R 1E"}}
    m = fight(armies, {FP: [valour], SH: [strife]})
    m.submit(SH, f"combat {strife}")
    saved = dump(m.state)
    again = Match(R, load(saved))
    assert R.active(again.state) == {FP} and dump(again.state) == saved
    for game in (m, again):
        play(game, None, valour, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert dump(m.state) == dump(again.state)
    assert events(again.state, "combat_cards_revealed")[-1]["attacker_card"] == strife


def test_random_battles_never_show_a_chosen_card_before_its_reveal() -> None:
    """The no-leak property over random play: while a side's Combat card waits for the other's,
    neither the opponent's view nor the public one, nor the opponent's prompt, names it."""
    checked = 0
    for seed in range(3):
        m = Match.new(R, 300 + seed, {}, 2)
        chooser = {"rng": seed + 1}
        while m.state["result"] is None:
            state = m.state
            fx = (state.get("battle") or {}).get("fx") or {}
            for side, card_id in (fx.get("chosen") or {}).items():
                if not card_id or card_id in state["table"][side]:
                    continue  # none, or Balrog of Moria used from the (public) table
                checked += 1
                names = {card_id, CARDS[card_id].name}
                foe = FP if side == SH else SH
                for audience in (None, foe):
                    shown = json.dumps(R.view(state, audience), ensure_ascii=False)
                    assert not any(n in shown for n in names), (seed, audience, card_id)
                assert not any(n in R.prompt(state, foe).text for n in names)
            active = sorted(R.active(state))
            role = active[randbelow(chooser, len(active))]
            actions = R.prompt(state, role).actions
            m.submit(role, actions[randbelow(chooser, len(actions))])
    assert checked > 10


def test_the_sorcerer_draws_a_card_of_the_played_cards_deck_in_round_1() -> None:
    strife = card("Deadly Strife")  # a Strategy card
    armies = {"dagorlad": {"sauron": "3R"}, "ash_mountains": {"north": "3R"}}
    m = fight(armies, {SH: [strife]}, characters={"witch_king": "dagorlad"})
    drawn = next(iter(m.state["decks"]["shadow_strategy"]))
    play(m, strife, None, ("shadow_strategy_card", drawn), *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert m.state["hands"][SH] == [drawn]
    public = [PRESENTER.text(*project(e, None)) for e in m.state["log"]]
    assert "Sorcerer: the Witch-king lets the Shadow draw a card from the Strategy deck." in public
    assert not any(CARDS[drawn].name in line for line in public)
    # Without the Witch-king in the battle (or after round 1): no card.
    m = fight(armies, {SH: [strife]})
    play(m, strife, None, *dice(SH, 1, 1, 1), *dice(FP, 1, 1, 1))
    assert m.state["hands"][SH] == []


def test_an_extra_attack_without_dice_has_no_effect() -> None:
    kill = card("We Come to Kill")
    m = fight({"dagorlad": {"sauron": "2R 1E"}, "ash_mountains": {"north": "4R"}}, {SH: [kill]})
    play(m, kill, None, *dice(SH, 1, 1, 1), *dice(FP, 5, 5, 1, 1))
    assert R.prompt(m.state, SH).kind == "casualties"
    m.submit(SH, "remove sauron elite 1")  # the Shadow's only Elite falls: no die left to roll
    assert "We Come to Kill has no effect." in texts(m.state)
    assert not events(m.state, "combat_extra_attack")
