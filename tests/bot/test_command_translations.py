"""The slash commands in every language keep Discord's limits, and Discord is given them."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from discord import Locale, app_commands

from bot.i18n import catalogs
from bot.i18n.translator import CHOICE, COMMAND_DESCRIPTION, CatalogTranslator, command_text

LANGUAGES = ("da", "ja", "zh-CN")


def valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lower case where a letter has
    a lower case."""
    return (
        0 < len(name) <= 32
        and name == name.lower()
        and all(
            c in "-_" or unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "Mn" for c in name
        )
    )


def options(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command (``/game new``) and its own options, through groups and subcommands."""
    subs = [o for o in payload.get("options", []) if o["type"] in (1, 2)]
    if subs:
        for sub in subs:
            for name, found in options(sub):
                yield f"{payload['name']} {name}", found
    else:
        yield payload["name"], payload


def every_name(payload: dict[str, Any], language: str) -> Iterator[tuple[str, str, str]]:
    """``(kind, text, where)`` of every localised string of one command payload."""
    yield "name", payload.get("name_localizations", {}).get(language, payload["name"]), payload["name"]
    yield (
        "description",
        payload.get("description_localizations", {}).get(language, payload["description"]),
        payload["name"],
    )
    for option in payload.get("options", []):
        yield from every_name(option, language)
        for choice in option.get("choices", []):
            yield "choice", choice.get("name_localizations", {}).get(language, choice["name"]), option["name"]


async def translated_payloads() -> list[dict[str, Any]]:
    tree = await catalogs.registered_tree()
    await tree.set_translator(CatalogTranslator())
    return [await c.get_translated_payload(tree, CatalogTranslator()) for c in tree.get_commands()]


async def test_every_language_keeps_discords_limits() -> None:
    wrong = []
    for payload in await translated_payloads():
        for language in ("en-US", *LANGUAGES):
            for kind, text, where in every_name(payload, language):
                if kind == "name" and not valid_name(text):
                    wrong.append((language, where, text))
                if kind == "description" and not 1 <= len(text) <= 100:
                    wrong.append((language, where, text))
                if kind == "choice" and not 1 <= len(text) <= 100:
                    wrong.append((language, where, text))
    assert wrong == []


async def test_option_names_are_unique_within_each_command_in_every_language() -> None:
    clashes = []
    for payload in await translated_payloads():
        for language in LANGUAGES:
            for where, command in options(payload):
                names = [
                    o.get("name_localizations", {}).get(language, o["name"])
                    for o in command.get("options", [])
                ]
                if len(set(names)) != len(names):
                    clashes.append((language, where, names))
            subs = [
                o.get("name_localizations", {}).get(language, o["name"]) for o in payload.get("options", [])
            ]
            if len(set(subs)) != len(subs):
                clashes.append((language, payload["name"], subs))
    assert clashes == []


async def test_discord_receives_each_languages_names_and_descriptions() -> None:
    game = next(p for p in await translated_payloads() if p["name"] == "game")
    assert game["name_localizations"] == {"da": "spil", "ja": "ゲーム", "zh-CN": "游戏"}
    new = next(o for o in game["options"] if o["name"] == "new")
    language = next(o for o in new["options"] if o["name"] == "language")
    assert language["description_localizations"]["ja"].startswith("対戦スレッドと画像の言語")
    assert {c["value"] for c in language["choices"]} == {"en", "da", "ja", "zh-CN"}


async def test_untranslated_strings_are_left_to_discord_in_english() -> None:
    assert command_text("ja", catalogs.COMMAND_DESCRIPTION, "Something no catalog has.") is None
    assert command_text("fr", catalogs.COMMAND_NAME, "game") is None
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(app_commands.locale_str("game"), Locale.japanese, context) is None


async def test_a_corrected_translation_changes_the_sync_hash(monkeypatch: Any) -> None:
    """The command hash covers the translations, so a corrected one is synced at the next start."""
    from bot.app import command_hash
    from bot.i18n import translator

    tree = await catalogs.registered_tree()
    await tree.set_translator(CatalogTranslator())
    before = await command_hash(tree, None)
    monkeypatch.setattr(
        translator, "command_text", lambda locale, kind, english: "x" if english == "game" else None
    )
    assert await command_hash(tree, None) != before


async def test_each_games_new_command_speaks_every_language() -> None:
    """``/<game> new``'s own words: its description, ``side:`` (the game's own side titles and
    "Random"), ``opponent:``, ``level:`` (each level's slug and its help), in every language."""
    for payload in await translated_payloads():
        if payload["name"] in (*catalogs.TRANSLATED_COMMANDS, "pebbles"):  # (the tests' toy game)
            continue
        new = next(o for o in payload["options"] if o["name"] == "new")
        for language in LANGUAGES:
            assert set(new["description_localizations"]) >= set(LANGUAGES), payload["name"]
            for option in new["options"]:
                if option["name"] not in catalogs.NEW_OPTIONS or option["name"] == "language":
                    continue
                assert language in option["description_localizations"], (payload["name"], option["name"])
                if language == "da":
                    continue  # (a side may read the same in Danish: "Gondor", "Sauron")
                unsaid = [
                    c["name"] for c in option["choices"] if language not in c.get("name_localizations", {})
                ]
                assert unsaid == [], (payload["name"], language, unsaid)
    risk = next(p for p in await translated_payloads() if p["name"] == "risk")
    new = next(o for o in risk["options"] if o["name"] == "new")
    side = next(o for o in new["options"] if o["name"] == "side")
    assert [c["name_localizations"]["ja"] for c in side["choices"]][-1] == "ランダム"
    assert side["choices"][0]["name_localizations"]["ja"] == "緑"  # the seed's colour
    level = next(o for o in new["options"] if o["name"] == "level")
    assert level["choices"][-1]["name_localizations"]["zh-CN"].startswith("strong: ")


async def test_the_typed_commands_groups_are_described_in_every_language() -> None:
    wotr = next(p for p in await translated_payloads() if p["name"] == "wotr")
    groups = [o for o in wotr["options"] if o["type"] == 2]
    assert {g["name"] for g in groups} >= {"army", "battle", "fellowship"}
    for group in groups:
        assert set(group["description_localizations"]) == set(LANGUAGES), group["name"]
    army = next(g for g in groups if g["name"] == "army")
    assert army["description"] == "War of the Ring: army"
    assert army["description_localizations"]["ja"] == "『ウォー・オブ・ザ・リング』：軍勢"


async def test_said_choices_are_left_out_of_the_commands_catalog() -> None:
    """A side's title and a level's help are said by their own catalogs, not the ``commands``'."""
    found = {(c, text) for c, text, _ in catalogs.command_strings(await catalogs.registered_tree())}
    assert (CHOICE, "Random") in found
    assert (COMMAND_DESCRIPTION, "Open a lobby for War of the Ring.") in found
    assert not any(text.startswith("strong: ") or text == "Free Peoples" for _, text in found)
