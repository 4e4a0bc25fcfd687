"""The games' setup options in each language (their headings, help and choice labels, from each
game's catalog: Discord shows them in ``/<game> new``, the bot in the lobby and in ``/game new``'s
autocomplete), the players of a match against each other ("alice vs bob") and the computer's
levels as a list of the reader's language."""

from __future__ import annotations

from typing import Any

import pytest
from discord import Locale, app_commands

from bot.computers.identity import pick_level
from bot.i18n import refusal
from bot.i18n.translator import CatalogTranslator, option_text
from bot.texts import options_line, versus
from games.core import all_rulesets, find
from games.core.i18n import TRANSLATED, translations
from games.core.ruleset import OPTION_CHOICE, OPTION_HEADING, OPTION_HELP

#: The games whose catalogs word their options.
WORDED = ("confrontation", "lotr_risk", "minas_tirith", "war_of_the_ring")


def _translated(lang: str, domain: str, context: str, english: str) -> bool:
    """Whether the game's catalog translates ``english`` (a name may read the same in Danish)."""
    held = translations(lang, domain)._catalog  # type: ignore[attr-defined]
    return f"{context}\x04{english}" in held or english in held


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", WORDED)
def test_every_option_word_of_a_game_has_its_translation(game: str, lang: str) -> None:
    ruleset = find(game)
    for spec in ruleset.options:
        words = [(OPTION_HELP, spec.help), *((OPTION_CHOICE, spec.label(c)) for c in spec.choices)]
        if spec.heading:
            words.append((OPTION_HEADING, spec.title))
        for context, english in words:
            if not english.isdigit():
                assert _translated(lang, game, context, english), english
    if lang != "da":
        assert option_text(lang, OPTION_HELP, ruleset.options[0].help) != ruleset.options[0].help


def test_the_lobby_names_the_options_in_its_language() -> None:
    ruleset = find("minas_tirith")
    options = {"deckout": "at-once", "city_entry": "gate-only"}
    assert options_line(ruleset, options) == "Deck runs out: **At once** · City entry: **Broken gate only**"
    assert options_line(ruleset, options, "ja") == "山札切れ：**即座に** · 都への進入：**破られた城門のみ**"
    assert "Kun den brudte port" in options_line(ruleset, options, "da")


async def test_discord_is_given_the_per_game_option_words() -> None:
    translator = CatalogTranslator()
    spec = next(s for s in find("confrontation").options if s.name == "handicap")

    async def said(text: str, where: app_commands.TranslationContextLocation) -> str | None:
        context: Any = app_commands.TranslationContext(location=where, data=None)
        return await translator.translate(app_commands.locale_str(text), Locale.chinese, context)

    assert (
        await said(spec.label("fellowship"), app_commands.TranslationContextLocation.choice_name)
        == "仅远征军"
    )
    assert await said(spec.help, app_commands.TranslationContextLocation.parameter_description)
    # Risk marks its options' words without a context: found all the same.
    risk = next(s for s in find("lotr_risk").options if s.name == "hunt")
    assert await said(risk.label("on"), app_commands.TranslationContextLocation.choice_name)


def test_players_face_each_other_in_the_matchs_language() -> None:
    assert versus(["alice", "bob"]) == "alice vs bob"
    assert versus(["alice", "bob", "carol"], "ja") == "alice 対 bob 対 carol"
    assert versus(["alice", "bob"], "da") == "alice mod bob"
    assert versus([]) == ""


def test_the_computers_levels_are_listed_as_the_reader_lists() -> None:
    with pytest.raises(ValueError) as refused:
        pick_level("confrontation", "The Confrontation", "grandmaster")
    english = str(refused.value)
    assert "`gentle`" in english and " or `" in english and english.endswith("(weakest first).")
    assert " eller `" in refusal("da", refused.value)
    assert "または" in refusal("ja", refused.value)


def test_every_game_with_options_is_worded_or_known_to_be_pending() -> None:
    pending = {r.name for r in all_rulesets() if r.options} - {find(g).name for g in WORDED}
    assert pending <= {"pebbles"}  # (the tests' toy game)


def test_war_of_the_rings_switches_are_named_in_the_lobby_and_a_combination_is_a_list() -> None:
    ruleset = find("war_of_the_ring")
    options = {"tta": "custom", "tta_factions": "dunlendings+corsairs", "tta_characters": "all"}
    assert options_line(ruleset, options) == (
        "Twilight of the Third Age: **Some parts** · Factions: **Dunlendings, Corsairs**"
        " · Characters: **All**"
    )
    assert "**黑蛮地人和海盗**" in options_line(ruleset, options, "zh-CN")
    assert "**褐色人、海賊**" in options_line(ruleset, options, "ja")
    assert "**Dunlændinger og Korsarer**" in options_line(ruleset, options, "da")
    three = next(s for s in ruleset.options if s.name == "tta_characters").label("galadriel+balrog+smeagol")
    assert option_text("da", OPTION_CHOICE, three) == "Galadriel, Balrog og Sméagol"
