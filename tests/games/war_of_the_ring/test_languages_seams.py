"""War of the Ring's questions kept in the state between the parts written apart (issue 23):
Rage of the Dunlendings' questions, the Ents' march and attacks of an Ents Awake card, and the
title of an Army move by card, each read in Danish, Japanese and Simplified Chinese with no English
left, and in English as before.

A question is asked while the engine applies a move, with no reader known, and kept in the state;
the checks read it back through the prompt (its title and instruction) and through the card's kept
words of each answer (:func:`games.war_of_the_ring.event_cards.step.label`), the words a reader
gets once the piece's own labeller no longer answers.
"""

from __future__ import annotations

import re
from typing import Any

from games.core import Action, Match, State
from games.core.i18n import TRANSLATED
from games.war_of_the_ring.event_cards.step import label as kept_label
from games.war_of_the_ring.i18n import catalog_messages, speaking
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from tests.support.languages import assert_translated as shared_assert_translated

from .helpers import match, offered, step

#: English words none of these Danish texts holds.
ENGLISH = re.compile(
    r"\b(?:the|which|army|move|attack|join|then|may|now|neither|nor|strides|fall|upon|spent|march|"
    r"ents|go|on|more|attacks|spend|roll|dice|another|from|out|of|or)\b",
    re.IGNORECASE,
)
AT_WAR = {n: {"steps": 0, "active": True} for n in ("isengard", "sauron", "southrons", "rohan", "gondor")}
CARDS_ON = ["cards", "siege_engines", "dunlendings", "corsairs"]
RAGE = "shs_11t"


def assert_translated(english: str, said: str, lang: str) -> None:
    shared_assert_translated(english, said, lang, ENGLISH)
    assert said != english, f"{lang}: {said!r} is English"


def question(state: State, role: str, lang: str) -> list[str]:
    """The kept question for ``role`` in ``lang``: its title, instruction and every answer's kept
    words."""
    prompt = R.prompt(state, role, lang)
    with speaking(lang):
        answers = [kept_label(state, role, action) or "" for action in prompt.actions]
    return [prompt.title, prompt.text, *answers]


def assert_question_translated(state: State, role: str, english: list[str]) -> None:
    assert question(state, role, "en") == english  # the English unchanged
    for lang in TRANSLATED:
        for said_english, said in zip(english, question(state, role, lang), strict=True):
            assert_translated(said_english, said, lang)


def rage(**armies: dict[str, str]) -> Match:
    """The Shadow plays Rage of the Dunlendings with the Dunlendings in play."""
    m = match(
        switches=CARDS_ON,
        acting="shadow",
        dice={"shadow": ["muster"], "free": ["muster"]},
        politics=AT_WAR,
        tta={"in_play": ["dunlendings"]},
        armies=armies,
        hands={"shadow": [RAGE]},
    )
    m.submit("shadow", f"play muster {RAGE}")
    return m


def test_rage_of_the_dunlendings_asks_which_army_in_every_language() -> None:
    m = rage(south_dunland={"isengard": "9R"}, north_dunland={"isengard": "1R"})
    assert offered(m.state, "shadow") == ["choose north_dunland", "choose south_dunland"]
    assert_question_translated(
        m.state,
        "shadow",
        [
            "Rage of the Dunlendings: which Army?",
            "Which Army do the Dunlendings join?",
            "The Army in North Dunland",
            "The Army in South Dunland",
        ],
    )


def test_rage_of_the_dunlendings_then_asks_to_move_or_attack_in_every_language() -> None:
    m = rage(south_dunland={"isengard": "2R"}, gap_of_rohan={"rohan": "2R"})
    actions = offered(m.state, "shadow")
    assert actions == ["army south_dunland", "attack south_dunland gap_of_rohan", "done"]
    assert_question_translated(
        m.state,
        "shadow",
        [
            "Rage of the Dunlendings: then",
            "The Army may now move or attack.",
            "Move the Army in South Dunland",
            "Attack Gap of Rohan from South Dunland",
            "Neither move nor attack",
        ],
    )


def test_the_army_move_of_rage_of_the_dunlendings_is_titled_in_every_language() -> None:
    m = rage(south_dunland={"isengard": "2R"}, gap_of_rohan={"rohan": "2R"})
    m.submit("shadow", "army south_dunland")
    assert step(m.state) in ("army_choose", "army_to", "army_pick")
    english = R.prompt(m.state, "shadow").title
    assert english == "Rage of the Dunlendings: move the Army"
    for lang in TRANSLATED:
        assert_translated(english, R.prompt(m.state, "shadow", lang).title, lang)


def test_the_army_move_of_a_card_named_in_its_title_reads_in_every_language() -> None:
    """The Army movement keeps "<card>: move Shadow Armies" in English; each reader gets his own."""
    m = match(
        acting="shadow",
        dice={"shadow": ["event"], "free": ["muster"]},
        politics=AT_WAR,
        hands={"shadow": ["shs_09"]},
        armies={"gorgoroth": {"sauron": "3R"}, "south_rhun": {"southrons": "2R"}},
    )
    m.submit("shadow", "play event shs_09")
    assert step(m.state) == "army_choose"
    english = R.prompt(m.state, "shadow").title
    assert english == "The Shadow is Moving: move Shadow Armies"
    for lang in TRANSLATED:
        assert_translated(english, R.prompt(m.state, "shadow", lang).title, lang)
    for move in ("army gorgoroth", "to nurn", "go"):
        m.submit("shadow", move)
    assert offered(m.state, "shadow")[0] == "army south_rhun"
    english = R.prompt(m.state, "shadow").title
    assert english == "The Shadow is Moving: move Shadow Armies (another Army)"
    for lang in TRANSLATED:
        assert_translated(english, R.prompt(m.state, "shadow", lang).title, lang)


def ents_awake() -> Match:
    """The Free Peoples play Ents Awake to rouse the Ents (Saruman in Orthanc, the Ents in
    play)."""
    m = match(
        switches=["ents"],
        tta={"ents": {"fangorn": 1}},
        characters={"saruman": "orthanc", "legolas": "fangorn"},
        dice={"free": ["character"], "shadow": ["muster"]},
        politics=AT_WAR,
        hands={"free": ["fpc_19"]},
        armies={"orthanc": {"isengard": "3R"}, "fords_of_isen": {"rohan": "2R"}},
    )
    m.submit("free", "play character fpc_19")
    return m


def test_the_ents_march_reads_in_every_language() -> None:
    m = ents_awake()
    assert offered(m.state, "free")[-1] == "ents-done"
    assert_question_translated(
        m.state,
        "free",
        [
            "The Ents Awake: Treebeard: The Ents march",
            "Move an Ent out of Fangorn, or go on.",
            "An Ent strides to Eastemnet",
            "An Ent strides to Fords of Isen",
            "An Ent strides to Parth Celebrant",
            "An Ent strides to Westemnet",
            "No more moves: on to the attacks",
        ],
    )


def test_the_ents_attacks_read_in_every_language() -> None:
    m = ents_awake()
    m.submit("free", "ent-move fords_of_isen")  # next to Orthanc
    m.submit("free", "ents-done")
    assert offered(m.state, "free") == ["ent-attack orthanc", "ents-done"]
    assert_question_translated(
        m.state,
        "free",
        [
            "The Ents Awake: Treebeard: The Ents attack",
            "Spend an Ent of Fangorn to roll 5 dice (5+) on a Shadow Army, or stop.",
            "Ents fall upon Orthanc (an Ent from Fangorn is spent)",
            "No more attacks",
        ],
    )


def test_a_question_kept_before_this_change_still_reads_in_english() -> None:
    """A state saved with plain English words (no kept message) shows them as they are."""
    m = rage(south_dunland={"isengard": "2R"}, gap_of_rohan={"rohan": "2R"})
    asked: dict[str, Any] = m.state["stack"][-1]["ask"]
    asked.pop("words")
    with speaking("da"):
        assert kept_label(m.state, "shadow", Action("done")) == "Neither move nor attack"
    assert R.prompt(m.state, "shadow", "da").text == "The Army may now move or attack."


def test_the_catalog_lists_each_data_message_once_names_first_commands_last() -> None:
    found = [(context, text) for context, text, _ in catalog_messages()]
    assert len(found) == len(set(found))
    contexts = [context for context, _ in found]
    assert contexts[0] == "game" and contexts[-1] in ("command description", "option description")
    assert contexts.index("card") > contexts.index("deck")  # the card texts after the names
    assert ("card", "Rage of the Dunlendings") in found and ("combat card", "It Is a Gift") in found
