"""Minas Tirith in Danish, Japanese and Simplified Chinese: seeded random games read in each
language, with no English left where the catalog has a translation.

Japanese and Chinese must carry no Latin word outside backticks (commands and notation stay as
typed); a Danish text must hold none of the English words no Danish sentence has. Every
placeholder of every translation is kept (``python -m bot.i18n.catalogs check`` checks each
message; here the texts come out whole: no ``{`` left).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.core import Action, Match, find
from games.core.i18n import TRANSLATED
from games.core.rng import randbelow
from games.minas_tirith.events import PRESENTER, TEMPLATES
from games.minas_tirith.facts import LEADERS, MT_CARDS, SPACES
from games.minas_tirith.words import card_label, leader_label, space_label, units_text
from tests.support.languages import LATIN, prompt_texts, random_game
from tests.support.languages import assert_translated as shared_assert_translated
from tests.support.languages import log_texts as shared_log_texts

RULESET = find("minas_tirith")
#: English words no Danish text holds.
ENGLISH = re.compile(
    r"\b(?:the|and|with|from|is|are|of|attacks|plays|draws|takes|trades|ends|turn|card|cards|"
    r"battalion|battalions|orcs|wins|against|army)\b",
    re.IGNORECASE,
)


def played(seed: int) -> Match:
    return random_game(RULESET, {}, seed)


def log_texts(match: Match, lang: str) -> Iterator[tuple[str, str]]:
    return shared_log_texts(RULESET, match, lang)


def assert_translated(english: str, said: str, lang: str) -> None:
    shared_assert_translated(english, said, lang, ENGLISH)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_whole_game_log_reads_in_every_language(lang: str) -> None:
    kinds: set[str] = set()
    for seed in range(2):
        match = played(seed)
        kinds |= {e["kind"] for e in match.state["log"]}
        for english, said in log_texts(match, lang):
            assert_translated(english, said, lang)
    assert {"advanced", "attacked", "battle", "losses", "die_taken"} <= kinds  # (a real game)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_event_template_is_translated(lang: str) -> None:
    table = PRESENTER.templates[lang]
    for kind, english in TEMPLATES.items():
        assert table[kind] != english, f"{lang}: {kind} not translated"


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_every_name_has_its_translation(lang: str) -> None:
    names = [space_label(s, lang) for s in SPACES] + [leader_label(x, lang) for x in LEADERS]
    names += [card_label(c, lang) for c in MT_CARDS]
    names += [units_text({kind: n}, lang) for kind in ("orcs", "cavalry_archers") for n in (1, 3)]
    for name in names:
        assert not LATIN.search(name), name


def test_the_danish_names_are_the_seeds() -> None:
    assert leader_label("witch_king", "da") == "Troldmændenes Konge"
    assert space_label("pelennor", "da") == "Pelennors slette"
    cards = [card_label(c, "da") for c in ("siege_tower", "storm_ladders")]
    assert cards == ["Belejringstårn", "Stormstiger"]
    assert units_text({"infantry": 1, "trolls": 2}, "da") == "1 infanteribataljon og 2 trolde"


def test_the_english_log_is_unchanged_by_the_catalog() -> None:
    args = {"role": "good", "from": "pelennor", "to": "road_fort", "units": {"cavalry": 1}}
    args["leaders"] = ["faramir"]
    assert PRESENTER.text("advanced", args) == (
        "Gondor's 1 cavalry battalion advances from the Fields of the Pelennor"
        " to the Fort of the Road with Faramir."
    )
    assert PRESENTER.text("advanced", args, lang="da") == (
        "Gondors 1 kavaleribataljon rykker frem fra Pelennors slette til Vejfortet med Faramir."
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_prompt_label_and_effect_reads_in_every_language(lang: str) -> None:
    for seed in range(2):
        for english, said in prompt_texts(RULESET, {}, seed, lang):
            assert_translated(english, said, lang)


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_the_sides_and_places_are_named_in_the_language_and_the_slugs_stay(lang: str) -> None:
    english, said = RULESET.places(), RULESET.places(lang)
    assert [slug for slug, _ in said] == [slug for slug, _ in english]
    for _, name in said:
        assert not LATIN.search(name), name
    titles = [RULESET.role_title(r, lang) for r in ("good", "evil")] + [RULESET.role_name("evil", lang)]
    expected = {"ja": ["ゴンドール", "モルドール", "モルドール"], "zh-CN": ["冈多", "魔多", "魔多"]}
    assert titles == expected[lang]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_card_effect_is_translated(lang: str) -> None:
    from games.minas_tirith.words import card_effect

    for card in MT_CARDS:
        assert_translated(card_effect(card), card_effect(card, lang), lang)


#: Actions refused in most positions, for one reason or another.
WRONG = [
    Action("advance", ("causeway", "minas_tirith")),
    Action("advance", ("nowhere", "causeway")),
    Action("ride", ("pelennor", "osgiliath")),
    Action("attack", ("pelennor", "osgiliath", "3")),
    Action("attack", ("wall_gate", "before_the_gate", "4")),
    Action("shoot", ("wall_gate", "causeway", "4")),
    Action("shoot", ("osgiliath", "minas_tirith", "2")),
    Action("advance", ("townlands_north", "wall_north")),
    Action("leader", ("witch_king", "causeway")),
    Action("leader", ("gandalf", "causeway")),
    Action("play", ("forced_march",)),
    Action("enter", ("theoden", "druadan_road")),
    Action("die", ("3",)),
]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_reads_in_every_language(lang: str) -> None:
    match = Match.new(RULESET, 3, RULESET.resolve_options({}), 2)
    chooser, said = {"rng": 11}, 0
    while match.state["result"] is None:
        state = match.state
        for role in ("good", "evil"):
            for action in WRONG:
                english = RULESET.refusal(state, role, action)
                if english is not None:
                    said += 1
                    assert_translated(english, RULESET.refusal(state, role, action, lang) or "", lang)
        active = sorted(RULESET.active(state))
        role = active[randbelow(chooser, len(active))]
        actions = RULESET.prompt(state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
    assert said > 100


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_notice_and_the_rules_overview_read_in_every_language(lang: str) -> None:
    for english, said in (
        (RULESET.notice({}), RULESET.notice({}, lang)),
        (RULESET.rules_overview(), RULESET.rules_overview(lang)),
    ):
        assert_translated(english, said.replace("Minas Tirith", ""), lang)  # (Danish keeps the name)
    refused = RULESET.rules_not_found("Osgiliat", lang)
    assert "Osgiliat" in refused and refused != RULESET.rules_not_found("Osgiliat")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_topics_read_in_every_language_and_are_found_by_either_name(lang: str) -> None:
    english, said = RULESET.rules_topics(), RULESET.rules_topics(lang)
    assert [t.slug for t in said] == [t.slug for t in english]
    for before, after in zip(english, said, strict=True):
        assert_translated(before.kind, after.kind, lang)
        if lang != "da":  # (Danish shares many names with English)
            assert_translated(before.title, after.title, lang)
        assert_translated(before.text, after.text, lang)
    tower = card_label("siege_tower", lang)
    assert [t.slug for t in RULESET.rules_lookup(tower, lang)][:1] == ["siege_tower"]
    assert [t.slug for t in RULESET.rules_lookup(space_label("pelennor", lang), lang)][:1] == ["pelennor"]
    found = RULESET.rules_lookup("Siege Tower", lang)
    assert [t.slug for t in found][:1] == ["siege_tower"] and found[0].title == tower


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_hand_and_the_standing_speak_every_language(lang: str) -> None:
    match = played(1)
    state = match.state
    # A hand with a Minas Tirith card holding battalions, and a captured leader.
    state["mt"]["good"] = [{"id": next(iter(MT_CARDS)), "holds": {"infantry": 2}}]
    state["leaders"][next(iter(LEADERS))] = "captured"
    hands = [line for role in state["roles"] for line in RULESET.hand_lines(state, role, lang)]
    english = [line for role in state["roles"] for line in RULESET.hand_lines(state, role)]
    assert hands and len(hands) == len(english)
    standing = RULESET.standing(state, lang)
    assert len(standing) == len(RULESET.standing(state)) == 4
    for en, said in zip([*english, *RULESET.standing(state)], [*hands, *standing], strict=True):
        assert_translated(en, said, lang)
