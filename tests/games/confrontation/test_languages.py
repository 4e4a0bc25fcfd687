"""The Confrontation in Danish, Japanese and Simplified Chinese: seeded random games of every
variant read in each language, with no English left where the catalog has a translation.

Japanese and Chinese must carry no Latin word outside backticks (commands and notation stay as
typed); a Danish text must differ from its English. Every placeholder of every translation is
kept (the catalog test checks each message; here the texts come out whole: no ``{`` left).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.confrontation.words import char_label, char_name, region_name, special_name
from games.core import Match, find
from games.core.i18n import TRANSLATED
from tests.support.languages import LATIN, prompt_texts, random_game
from tests.support.languages import assert_translated as shared_assert_translated
from tests.support.languages import log_texts as shared_log_texts

RULESET = find("confrontation")
VARIANTS = (
    {"variant": "classic"},
    {"variant": "variant-2002"},
    {"variant": "deluxe-variant", "specials": "deluxe-2"},
    {"variant": "draft", "specials": "deluxe-4"},
)


def played(options: dict[str, str], seed: int) -> Match:
    return random_game(RULESET, options, seed)


def log_texts(match: Match, lang: str) -> Iterator[tuple[str, str]]:
    return shared_log_texts(RULESET, match, lang)


#: English words no Danish text holds (Danish shares the names and "i", "to", "for"…).
ENGLISH = re.compile(
    r"\b(?:the|and|your|you|with|from|may|is|are|of|attack|attacks|move|play|choose|waiting|"
    r"strength|character|characters|card|cards|battle|turn|region)\b",
    re.IGNORECASE,
)


def assert_translated(english: str, said: str, lang: str) -> None:
    # (Danish keeps the published title)
    shared_assert_translated(english, said, lang, ENGLISH, kept=RULESET.title)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("options", VARIANTS, ids=[o["variant"] for o in VARIANTS])
def test_a_whole_game_log_reads_in_every_language(options: dict[str, str], lang: str) -> None:
    for seed in range(3):
        for english, said in log_texts(played(options, seed), lang):
            assert_translated(english, said, lang)


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_every_name_has_its_translation(lang: str) -> None:
    from games.confrontation.data import CHARS, REGIONS, SPECIALS

    names = [char_name(c, lang) for c in CHARS] + [char_label(c, lang) for c in CHARS]
    names += [region_name(r, lang) for r in REGIONS] + [special_name(s, lang) for s in SPECIALS]
    for name in names:
        assert not LATIN.search(name), name


def test_the_chinese_names_are_the_seeds() -> None:
    said = [char_name(c, "zh-CN") for c in ("frodo", "witch_king", "balrog", "merry")]
    assert said == ["佛罗多", "巫王", "炎魔", "梅林"]
    assert [region_name(r, "zh-CN") for r in ("shire", "fangorn", "gondor")] == ["霞尔", "胡子树林", "冈多"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("options", VARIANTS, ids=[o["variant"] for o in VARIANTS])
def test_every_prompt_label_and_effect_reads_in_every_language(options: dict[str, str], lang: str) -> None:
    for seed in range(2):
        for english, said in prompt_texts(RULESET, options, seed, lang, every_arg=False):
            assert_translated(english, said, lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_read_in_every_language_and_are_found_by_either_name(lang: str) -> None:
    assert_translated(RULESET.rules_overview(), RULESET.rules_overview(lang), lang)
    english = RULESET.rules_topics()
    said = RULESET.rules_topics(lang)
    assert [t.slug for t in said] == [t.slug for t in english]
    for before, after in zip(english, said, strict=True):
        for a, b in ((before.text, after.text), (before.kind, after.kind)):
            assert_translated(a, b, lang)
        if lang != "da":  # (Danish shares many names with English)
            assert_translated(before.title, after.title, lang)
    balrog = char_name("balrog", lang)
    assert [t.slug for t in RULESET.rules_lookup(balrog, lang)][:1] == ["balrog"]
    assert RULESET.rules_lookup("Treebeard", lang)[0].title == char_name("treebeard", lang)
    assert_translated("has no character", RULESET.rules_not_found("0000", lang), lang)


def test_a_refusal_is_said_in_its_readers_language() -> None:
    from games.core import IllegalAction
    from games.core.i18n import Words

    match = played({"variant": "classic"}, 1)
    state = match.state
    with pytest.raises(IllegalAction) as refused:
        RULESET.parse(state, "fellowship", "move frodo mordor")
    said = refused.value.args[0]
    assert isinstance(said, Words)
    assert "ゲームは終了しました" in said.render("ja")
    assert "Spillet er slut" in said.render("da")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_typed_commands_are_described_in_every_language(lang: str) -> None:
    from bot.i18n.translator import command_text

    for spec in RULESET.commands:
        said = command_text(lang, "command description", spec.description)
        assert said and len(said) <= 100, spec.path
        for param in spec.params:
            said = command_text(lang, "option description", param.description)
            assert said and len(said) <= 100, f"{spec.path} {param.name}"


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_a_board_names_its_regions_and_pieces_in_its_language(lang: str) -> None:
    import renderers
    from renderers.confrontation.layout import load_layout
    from renderers.confrontation.words import layout_in, localized

    match = played({"variant": "classic"}, 2)
    view = {**RULESET.view(match.state, "fellowship"), "lang": lang}
    named = layout_in(load_layout(), lang).regions
    assert named["shire"].name == region_name("shire", lang)
    pieces = [p for r in localized(view)["regions"] for side in r["pieces"].values() for p in side]
    shown = [p["name"] for p in pieces if p.get("character")]
    assert shown and all(not LATIN.search(name) for name in shown), shown
    english = renderers.render_view(RULESET.view(match.state, "fellowship"))
    assert renderers.render_view(view) != english
