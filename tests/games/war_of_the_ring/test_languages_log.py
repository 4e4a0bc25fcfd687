"""War of the Ring's log, names and /game status in Danish, Japanese and Simplified Chinese.

Seeded random games (the base game, and one with the whole Twilight of the Third Age module)
are read in every language for every audience: no English left and no placeholder, the English
unchanged, and a card in hand named only to its owner, in every language.

Two parts of the log are other areas' and may still be English here: the names of the Event
cards (their catalog entries, by the cards' translators) and the combat cards' event templates
(``combat_words``). The checks leave those out: a card's English name is taken out of a text
before it is read, and the combat cards' kinds are not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from games.core import Match
from games.core.events import project
from games.core.i18n import TRANSLATED
from games.war_of_the_ring import combat_words
from games.war_of_the_ring.data import CARDS
from games.war_of_the_ring.events import EN, PRESENTER, SENTENCES
from games.war_of_the_ring.grammar import figures, region_words
from games.war_of_the_ring.i18n import _names as names
from games.war_of_the_ring.i18n import card_name, ptr, speaking
from games.war_of_the_ring.roles import nation_in_sentence, side_name, side_title
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.standing import standing_lines
from games.war_of_the_ring.tta.switches import PLAYABLE
from tests.support.languages import LATIN, assert_translated, random_game

from .tta_fuzz_driver import lobby_options

#: English words no Danish text of the log holds.
ENGLISH = re.compile(
    r"\b(?:the|and|with|from|is|are|of|into|attacks|plays|draws|moves|rolls|turn|card|cards|"
    r"dice|step|steps|hunt|fellowship|shadow|free|peoples|army|regulars?|elites?|leaders?|"
    r"toward|war|falls|loses|against|round)\b",
    re.IGNORECASE,
)
#: The combat cards' events (another area translates their templates).
OTHERS = frozenset(combat_words.EN)
#: The Event cards' English names, longest first (their translations are another area's).
CARD_NAMES = sorted({c.name for c in CARDS.values()}, key=len, reverse=True)
#: The seeds of the games read (one game each way keeps the file fast).
SEEDS = (3,)


@cache
def game(twilight: bool, seed: int) -> Match:
    options = lobby_options(frozenset(PLAYABLE)) if twilight else {}
    return random_game(R, options, seed)


def without_cards(text: str) -> str:
    for name in CARD_NAMES:
        text = text.replace(name, "")
    return text


def _cards_in_round(kind: str, args: Mapping[str, Any]) -> bool:
    """A combat round whose notes tell what the combat cards did (their words are
    ``combat_words``')."""
    return kind == "combat_round" and any(args.get(f"{role}_cards") for role in ("attacker", "defender"))


def lines(match: Match, lang: str) -> list[tuple[str, str, str]]:
    """``(kind, english, translated)`` of every log line for every audience, the combat cards'
    kinds and notes left out."""
    found = []
    for audience in (None, *match.state["roles"]):
        for event in match.state["log"]:
            kind, args = project(event, audience)
            if kind in OTHERS or kind not in EN or _cards_in_round(kind, args):
                continue
            english = PRESENTER.text(kind, args, audience)
            found.append((kind, english, PRESENTER.text(kind, args, audience, lang)))
    return found


@pytest.mark.parametrize("twilight", [False, True], ids=["base", "twilight"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_log_line_reads_in_every_language(twilight: bool, lang: str) -> None:
    match = game(twilight, SEEDS[0])
    said = lines(match, lang)
    assert len({kind for kind, _, _ in said}) > 20  # a real game
    for kind, english, text in said:
        assert_translated(english, without_cards(text), lang, ENGLISH)
        assert text != english or kind in ("ents_roused",), f"{lang}: {kind} is English: {english!r}"
    result = match.state["result"]
    assert_translated(R.result_text(result), R.result_text(result, lang), lang, ENGLISH)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_of_this_area_is_translated(lang: str) -> None:
    table = PRESENTER.templates[lang]
    for kind, english in EN.items():
        if kind in OTHERS or (english.startswith("{") and english.endswith("}")):
            continue
        assert table[kind] != english, f"{lang}: {kind} not translated"


def test_the_english_log_is_unchanged() -> None:
    args = {
        "side": "shadow",
        "region": "osgiliath",
        "from": "north_ithilien",
        "kind": "field",
        "regular": 5,
        "elite": 0,
        "leader": 1,
        "characters": ["witch_king"],
        "rearguard": 0,
    }
    assert PRESENTER.text("battle_started", args) == (
        "The Shadow attacks Osgiliath from North Ithilien with 5 Regulars, 1 Nazgûl and the Witch-king."
    )
    assert PRESENTER.text("battle_started", args, lang="ja") == (
        "冥王側は通常ユニット5体、ナズグル1体、指輪の幽鬼の頭で北イシリアンからオスギリアスを攻撃します。"
    )
    moved = {
        "side": "free",
        "from": "edoras",
        "to": "helms_deep",
        "nations": ["rohan", "elves"],
        "regulars": [2, 0],
        "elites": [1, 1],
        "leaders": [0, 1],
        "characters": ["gandalf_grey"],
    }
    assert PRESENTER.text("army_moved", moved) == (
        "The Free Peoples move 2 Rohan Regulars, 1 Rohan Elite, 1 Elven Elite, 1 Elven Leader"
        " and Gandalf the Grey from Edoras to Helm's Deep."
    )
    assert PRESENTER.text("army_moved", moved, lang="da") == (
        "De Frie Folk flytter 2 regulære enheder fra Rohan, 1 eliteenhed fra Rohan, 1 eliteenhed fra"
        " Elverne, 1 leder fra Elverne og Gandalf den Grå fra Edoras til Helmskløft."
    )
    assert PRESENTER.text("army_moved", moved, lang="zh-CN") == (
        "自由人民将2个洛汗普通单位、1个洛汗精英单位、1个精灵精英单位、1名精灵将领和灰衣甘道夫从埃多拉斯移到海尔姆深谷。"
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_card_drawn_is_named_to_its_owner_only(lang: str) -> None:
    match = game(False, SEEDS[0])
    drawn = [e for e in match.state["log"] if e["kind"] == "card_drawn" and e.get("for")]
    assert drawn
    for event in drawn[:20]:
        ((owner, own),) = event["for"].items()
        card = own["args"]["card"]
        with speaking(lang):
            name = card_name(card)
        for audience in (None, *match.state["roles"]):
            kind, args = project(event, audience)
            text = PRESENTER.text(kind, args, audience, lang)
            assert (name in text) == (audience == owner), (audience, text)
            assert (CARDS[card].name in text) == (audience == owner and CARDS[card].name == name)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_status_and_role_names_speak_the_language(lang: str) -> None:
    match = game(True, SEEDS[0])
    for role in (None, *match.state["roles"]):
        view = R.view(match.state, role, lang)
        english = R.view(match.state, role)
        for en_line, line in zip(standing_lines(english), R.standing(match.state, lang), strict=False):
            assert_translated(en_line, without_cards(line), lang, ENGLISH)
        last = (view.get("last") or {}).get("text")
        if last:
            assert_translated(english["last"]["text"], without_cards(last), lang, ENGLISH)
    for side in match.state["roles"]:
        for said in (R.role_title(side, lang), R.role_name(side, lang)):
            assert_translated(side, said, lang, ENGLISH)


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_every_name_of_the_data_has_its_translation(lang: str) -> None:
    """Regions, Nations, sides, characters and titles, die faces, Hunt tiles, decks."""
    for context, english, _ in names():
        with speaking(lang):
            said = ptr(context, english)
        assert said != english or (context == "nation" and english == "Sauron" and lang == "da")
        assert not LATIN.search(said), (context, english, said)


def test_the_danish_names_follow_the_glossary() -> None:
    with speaking("da"):
        found = (
            side_name("free"),
            side_title("shadow"),
            nation_in_sentence("elves"),
            region_words("the_shire"),
        )
        figures_said = (
            figures("gondor", "elite", 2),
            figures("sauron", "leader", 1),
            figures("", "regular", 1),
        )
    assert found == ("De Frie Folk", "Skyggen", "Elverne", "Herredet")
    assert figures_said == ("2 eliteenheder fra Gondor", "1 Nazgûl", "1 regulær enhed")


def _army(kind: str, rearguard: int) -> dict[str, Any]:
    return {
        "side": "free" if kind == "sortie" else "shadow",
        "region": "osgiliath",
        "from": "north_ithilien",
        "kind": kind,
        "regular": 3,
        "elite": 1,
        "leader": 0,
        "characters": [],
        "rearguard": rearguard,
    }


#: Every case of the four events whose English fills a phrase into its template.
VARYING = [
    *(
        ("battle_started", _army(kind, rear))
        for kind in ("field", "siege", "sortie", "relief")
        for rear in (0, 2)
    ),
    *(
        ("units_lost", {"nation": "gondor", "region": "osgiliath", "regular": r, "elite": e, "reduced": d})
        for r, e, d in ((2, 1, 0), (0, 0, 1), (1, 0, 2), (0, 0, 0))
    ),
    *(
        ("settlement_captured", {"side": "free", "region": "osgiliath", "recaptured": r})
        for r in (True, False)
    ),
    *(
        ("dunlendings_recruited", {"region": "westemnet", "count": n, "full": full})
        for n, full in ((0, True), (0, False), (1, False), (3, False))
    ),
]
ENGLISH_VERBS = re.compile(
    r"\b(attacks?|assaults?|sall(y|ies)|loses?|reduces?|captures?|retakes?|joins?|left)\b"
)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_sentence_that_varies_is_one_whole_message_per_case(lang: str) -> None:
    assert set(SENTENCES) == {kind for kind, _ in VARYING}  # said whole, not as a filled template
    said = [PRESENTER.text(kind, args, lang=lang) for kind, args in VARYING]
    for (kind, _), text in zip(VARYING, said, strict=True):
        assert not ENGLISH_VERBS.search(text) and "{" not in text, (kind, text)
        assert text[:1] == text[:1].upper(), text
    assert len(set(said)) == len(said)  # each case reads as its own
    if lang == "ja":
        assert (
            said[1] == "冥王側は通常ユニット3体、エリートユニット1体で北イシリアンから"
            "オスギリアスを攻撃します（後衛にユニット2体）。"
        )
    if lang == "da":
        assert (
            said[10]
            == "Gondor mister 1 regulær enhed og reducerer 2 eliteenheder til regulære enheder i Osgiliath."
        )
        assert said[12] == "De Frie Folk generobrer Osgiliath."
    if lang == "zh-CN":
        assert said[-1] == "在西埃姆内特，3名黑蛮地人加入暗影。"


def test_the_varying_sentences_stay_as_they_were_in_english() -> None:
    said = [PRESENTER.text(kind, args) for kind, args in VARYING]
    assert said[1] == (
        "The Shadow attacks Osgiliath from North Ithilien with 3 Regulars and 1 Elite"
        " (2 units in the rearguard)."
    )
    assert (
        said[4]
        == "The Free Peoples sally out of Osgiliath against the besiegers with 3 Regulars and 1 Elite."
    )
    assert said[10] == "Gondor loses 1 Regular and reduces 2 Elites to Regulars in Osgiliath."
    assert said[11] == "Gondor loses nothing in Osgiliath."
    assert said[12:14] == ["The Free Peoples retake Osgiliath.", "The Free Peoples capture Osgiliath."]
    assert said[14:] == [
        "The stacking limit leaves no room for Dunlendings to join the Shadow in Westemnet.",
        "No Dunlending is left to join the Shadow in Westemnet.",
        "1 Dunlending joins the Shadow in Westemnet.",
        "3 Dunlendings join the Shadow in Westemnet.",
    ]
