"""War of the Ring's armies, battles, casualties, Combat cards and Twilight pieces in Danish,
Japanese and Chinese (issue 23): their prompts, titles, waiting texts and button words hold no
English, no placeholder, the English stays as it was, and a Combat card chosen face down is
named to its opponent in no language.

The names these texts carry (regions, Nations, characters, cards, sides, figures counted by
Nation) are put into words by the log's helpers (another area of the catalog); until they are
translated they are English in every language, so they are taken out before the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.core import Match, State
from games.core.chance import scripted
from games.core.rng import randbelow
from games.war_of_the_ring import labels
from games.war_of_the_ring.combat_words import combat_name, round_notes
from games.war_of_the_ring.data import CARDS, CHARACTERS, NATIONS, REGIONS, TILES
from games.war_of_the_ring.events import PRESENTER
from games.war_of_the_ring.i18n import card_name, speaking
from games.war_of_the_ring.roles import nation_adjective
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE
from tests.support.languages import assert_translated

from .helpers import offered, step
from .test_battle import attack, battle_match
from .test_combat_cards import DEFAULT, card, dice, fight, play, rerolls
from .test_tta_dunlendings import CARDS_ON, dunland
from .test_tta_dunlendings import rage as rage  # the fixture
from .test_tta_ents import ents_match
from .test_tta_galadriel import hunted
from .test_tta_siege_engines import siege
from .tta_fuzz_driver import lobby_options

SH, FP = "shadow", "free"
LANGS = ("da", "ja", "zh-CN")
#: The steps whose words are this area's.
STEPS = frozenset(
    {
        "army_choose",
        "army_to",
        "army_units",
        "battle_start",
        "battle",
        "casualties",
        "shadow_of_moria",
        "engine_site",
        "fleet_sail",
        "dunland_site",
        "nenya",
        "sneak",
        "we_shall_get_it",
        "pursuit",
    }
)
#: English words a Danish text of this area would hold if a message were left untranslated.
DANISH_LEFT = re.compile(
    r"\b(the|of|and|with|your|Army|Armies|Battle|Waiting|Choose|round|hits?|Move|Attack|Siege|"
    r"Combat|card|Retreat|Advance|Fight|Cease|Sacrifice|Slay|Play|Keep|Sail|Place|Take|Leave|"
    r"Stronghold|Regulars?|Elites?)\b"
)


def _names() -> list[str]:
    """English names other helpers put into words (longest first, so that a longer one goes
    whole): regions, Nations and their adjectives, characters, cards, tiles, sides."""
    found = {r.name for r in REGIONS.values()} | {n.name for n in NATIONS.values()}
    found |= {nation_adjective(n) for n in NATIONS} | {"Dunlendings", "Dunlending"}
    found |= {c.name for c in CHARACTERS.values()} | {c.name for c in CARDS.values()}
    found |= {t.name for t in TILES.values() if t.name} | {"Free Peoples", "Shadow", "Eye", "Reveal"}
    found |= {"Strategy deck", "Character deck"}
    found |= {"t" + name[1:] for name in found if name.startswith("The ")}  # "the Shire" in a sentence
    return sorted(found, key=len, reverse=True)


NAMES = _names()
FIGURES = re.compile(r"(\d+ [^\d,;:()]*?(Regulars?|Elites?|Leaders?|Nazgûl))|\b(no one|nothing|and)\b")


def unnamed(text: str) -> str:
    """``text`` without the names and figure phrases of the log's helpers."""
    for name in NAMES:
        text = text.replace(name, "·")
    return FIGURES.sub("·", re.sub(r"\bthe\s+·", "·", text))


def check(english: str, said: str, lang: str) -> None:
    assert_translated(english, unnamed(said), lang, DANISH_LEFT)


def prompt_words(state: State, role: str, lang: str) -> Iterator[tuple[str, str]]:
    """``(English, said)`` for the title, the text and every action's words of ``role``."""
    english, prompt = R.prompt(state, role), R.prompt(state, role, lang)
    yield english.title, prompt.title
    yield english.text, prompt.text
    for action in english.actions:
        if labels._core_label(state, role, action) is None:  # the turn's own words are another area's
            yield R.describe(state, role, action), R.describe(state, role, action, lang)


def check_prompts(state: State, roles: tuple[str, ...] = (FP, SH)) -> None:
    for lang in LANGS:
        for role in roles:
            for english, said in prompt_words(state, role, lang):
                if english:
                    check(english, said, lang)


# -- scenarios ----------------------------------------------------------------------------------
def test_the_combat_card_question_in_every_language_and_the_english_as_it_was() -> None:
    m = fight(DEFAULT, {FP: [card("Valour"), "fpc_01"], SH: [card("Deadly Strife"), "shs_09"]})
    prompt = R.prompt(m.state, SH)
    assert prompt.title == "Battle of Ash Mountains, round 1: Combat card"
    assert prompt.text.startswith("Choose a Combat card to play this round, or none: it stays secret")
    check_prompts(m.state)
    ja = R.prompt(m.state, SH, "ja")
    assert "戦闘カード" in ja.title and "第1ラウンド" in ja.title


def test_a_combat_card_chosen_face_down_is_named_to_the_opponent_in_no_language() -> None:
    strife, valour = card("Deadly Strife"), card("Valour")
    m = fight(DEFAULT, {FP: [valour, "fpc_01"], SH: [strife, "shs_09"]})
    m.submit(SH, f"combat {strife}")
    assert R.prompt(m.state, SH).text == (
        "Waiting for the Free Peoples to choose a Combat card in the battle of Ash Mountains."
    )
    for lang in ("en", *LANGS):
        with speaking(lang):
            names = {card_name(strife), combat_name("Deadly Strife")}
        names |= {CARDS[strife].name, "Deadly Strife"}
        seen = [R.prompt(m.state, SH, lang).text, R.prompt(m.state, FP, lang).text]
        seen.append(R.prompt(m.state, FP, lang).title)
        seen += [R.describe(m.state, FP, a, lang) for a in R.prompt(m.state, FP).actions]
        assert not any(name in text for text in seen for name in names), lang
        if lang != "en":
            for text in seen:
                check(text, text, lang)


def test_a_combat_choice_and_the_casualties_in_every_language() -> None:
    heroic = card("Heroic Death")
    m = fight(
        {"dagorlad": {"sauron": "5R"}, "ash_mountains": {"north": "2R 1E"}},
        {FP: [heroic]},
        characters={"boromir": "ash_mountains"},
    )
    play(m, None, heroic, *dice(SH, 5, 5, 5, 1, 1), *dice(FP, 1, 1, 1), *rerolls(FP, 1))
    assert offered(m.state, FP) == ["sacrifice boromir", "decline"]
    assert R.describe(m.state, FP, R.prompt(m.state, FP).actions[1]) == "Sacrifice no one"
    check_prompts(m.state)
    m.submit(FP, "decline")
    assert step(m.state) == "casualties"
    assert R.prompt(m.state, FP).title == "Casualties in Ash Mountains: 3 hits to take"
    check_prompts(m.state)
    ja = R.prompt(m.state, FP, "ja").title
    assert "3" in ja and "ヒット" in ja


def test_the_attack_its_rearguard_and_the_retreat_in_every_language() -> None:
    m = battle_match(
        {"north_ithilien": {"sauron": "5R 1L"}, "osgiliath": {"gondor": "2R"}},
        politics={"sauron": {"steps": 0}},
    )
    attack(m, SH, "north_ithilien", "osgiliath", go=False)
    assert step(m.state) == "battle_start"
    check_prompts(m.state)


def test_a_siege_in_every_language() -> None:
    m = battle_match({"osgiliath": {"sauron": "4R"}, "minas_tirith": {"gondor": "1R 1E"}})
    attack(m, SH, "osgiliath", "minas_tirith")
    for _ in range(12):  # every question of the battle, the defender's choice of the field included
        if step(m.state) not in STEPS or not R.active(m.state):
            break
        check_prompts(m.state)
        role = sorted(R.active(m.state))[0]
        m.submit(role, offered(m.state, role)[-1])


def test_placing_a_siege_engine_in_every_language() -> None:
    m = siege(
        dice={"shadow": ["army_muster"], "free": ["muster"]},
        armies={"helms_deep": {"isengard": "3R"}},
        garrisons={"minas_tirith": {"gondor": "3R"}, "helms_deep": {"rohan": "2R"}},
    )
    m.submit(SH, "build-engine army_muster")
    assert step(m.state) == "engine_site"
    assert R.prompt(m.state, SH).title == "Siege Tower: where?"
    check_prompts(m.state)
    assert R.prompt(m.state, SH, "ja").title == "攻城塔：どこへ？"


def test_galadriels_nenya_in_every_language() -> None:
    m = hunted()
    with scripted(("hunt_die", 6), ("hunt_tile", "3_1")):
        m.submit(FP, "move-fellowship character")
    assert step(m.state) == "nenya"
    check_prompts(m.state)


COMBAT_EVENTS: dict[str, dict[str, object]] = {
    "combat_cards_revealed": {
        "attacker": FP,
        "defender": SH,
        "attacker_card": "fps_22",
        "defender_card": None,
    },
    "combat_card_cancelled": {"side": SH, "combat": "Deadly Strife", "by": "Daring Defiance"},
    "combat_no_effect": {"side": FP, "combat": "Mighty Attack"},
    "combat_extra_attack": {"side": SH, "combat": "Durin's Bane", "dice": [4, 1, 6], "target": 4, "hits": 2},
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
    "combat_slain": {"combat": "Fateful Strike", "character": "", "nation": "sauron", "region": "dagorlad"},
    "combat_silenced": {"combat": "Words of Power", "character": "legolas"},
    "combat_scouts": {"side": FP, "region": "ash_mountains"},
    "combat_sorcerer": {"deck": "strategy"},
}


def test_the_combat_cards_events_and_the_rounds_notes_in_every_language() -> None:
    notes = {"mods": [["Valour", 1], ["Trebuchets", 1]], "limits": [["Daylight", 3]], "turned": 2, "own": 1}
    notes |= {"reroll_mods": [["Swarm of Bats", 1]], "no_reroll": "Foul Stench"}
    english_notes = round_notes(notes)
    for lang in LANGS:
        for kind, args in COMBAT_EVENTS.items():
            check(PRESENTER.text(kind, args), PRESENTER.text(kind, args, lang=lang), lang)
        with speaking(lang):
            said = round_notes(notes)
        assert len(said) == len(english_notes)
        for english, note in zip(english_notes, said, strict=True):
            check(english, note, lang)
    said = PRESENTER.text("combat_extra_hits", COMBAT_EVENTS["combat_extra_hits"], lang="ja")
    assert said.startswith("大軍勢：") and said.endswith("は追加の1ヒットを得ます。")  # the side between
    assert PRESENTER.text("combat_extra_hits", COMBAT_EVENTS["combat_extra_hits"]) == (
        "Great Host: the Shadow scores 1 extra hit."
    )


def kept_words_in_every_language(state: State, role: str) -> None:
    """The answers of an Event card's question: in English the words the card keeps, in every
    other language translated (the question itself is the Event cards' step's to say)."""
    kept = state["stack"][-1]["ask"]["labels"]
    answers = [a for a in R.prompt(state, role).actions if a.text in kept and a.verb != "done"]
    assert answers
    for action in answers:
        assert R.describe(state, role, action) == kept[action.text]
        for lang in LANGS:
            check(kept[action.text], R.describe(state, role, action, lang), lang)


def test_the_ents_march_and_attack_in_every_language() -> None:
    m = ents_match(
        ents={"fangorn": 1},
        hands={FP: ["fpc_19"]},
        armies={"orthanc": {"isengard": "3R"}, "fords_of_isen": {"rohan": "2R"}},
    )
    m.submit(FP, "play character fpc_19")
    kept_words_in_every_language(m.state, FP)
    m.submit(FP, "ent-move fords_of_isen")
    m.submit(FP, "ents-done")
    assert offered(m.state, FP) == ["ent-attack orthanc", "ents-done"]
    kept_words_in_every_language(m.state, FP)


def test_rage_of_the_dunlendings_answers_in_every_language(rage: str) -> None:
    m = dunland(
        switches=CARDS_ON,
        tta={"in_play": ["dunlendings"]},
        armies={"south_dunland": {"isengard": "9R"}, "north_dunland": {"isengard": "1R"}},
        hands={SH: [rage]},
    )
    m.submit(SH, f"play muster {rage}")
    kept_words_in_every_language(m.state, SH)


# -- seeded random games with the whole Twilight module ----------------------------------------
@pytest.mark.parametrize("seed", [0, 14])
def test_random_games_with_the_twilight_module_say_this_area_in_every_language(seed: int) -> None:
    match = Match.new(R, 4000 + seed, lobby_options(frozenset(PLAYABLE)), 2)
    chooser = {"rng": seed * 13 + 1}
    checked: dict[tuple[str, str], int] = {}
    for _ in range(1500):
        if match.state["result"] is not None:
            break
        active = sorted(R.active(match.state))
        where = step(match.state)
        stage = str((match.state.get("battle") or {}).get("stage", "")) if where == "battle" else ""
        if where in STEPS and checked.get((where, stage), 0) < 3:
            checked[where, stage] = checked.get((where, stage), 0) + 1
            check_prompts(match.state, tuple(match.state["roles"]))
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])

    assert {"battle", "casualties"} <= {where for where, _ in checked}, checked
