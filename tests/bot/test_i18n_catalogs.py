"""The message catalogs: complete in every language, faithful to their English, up to date."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import catalogs
from bot.i18n.catalogs import DOMAINS, bot_template, missing, read, template_path
from games.core import find
from games.core.i18n import TRANSLATED, catalog_path, gettext_name, nt, placeholders, t


def _catalog(locale: str, domain: str) -> Catalog:
    return read(catalog_path(locale, domain), gettext_name(locale), domain)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_has_every_language(locale: str, domain: str) -> None:
    assert missing(locale, domain) == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_keep_the_placeholders_of_their_english(locale: str, domain: str) -> None:
    wrong = []
    for message in _catalog(locale, domain):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(placeholders(text) for text in english))
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            # A language with one plural form may leave {count} out only where English has it.
            if placeholders(form) != wanted:
                wrong.append((message.id, form))
    assert wrong == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_plural_messages_have_every_form_the_language_has(locale: str) -> None:
    catalog = _catalog(locale, "bot")
    expected = {"da": 2, "ja": 1, "zh-CN": 1}[locale]
    assert catalog.num_plurals == expected  # the CLDR rule, in the catalog's header
    plurals = [m for m in catalog if isinstance(m.id, tuple)]
    assert plurals
    for message in plurals:
        assert isinstance(message.string, tuple) and len(message.string) == expected
        assert all(message.string), message.id


def test_plural_forms_are_chosen_by_the_languages_rules() -> None:
    one = "Waiting for {count} more player: press **Join** or use `/game join`."
    other = "Waiting for {count} more players: press **Join** or use `/game join`."
    assert nt("en", "bot", one, other, 1).startswith("Waiting for 1 more player:")
    assert nt("en", "bot", one, other, 2).startswith("Waiting for 2 more players:")
    assert nt("da", "bot", one, other, 1).startswith("Venter på 1 spiller mere")
    assert nt("da", "bot", one, other, 3).startswith("Venter på 3 spillere mere")
    assert "3" in nt("ja", "bot", one, other, 3) and "人" in nt("ja", "bot", one, other, 3)


def test_the_templates_are_up_to_date_with_the_code() -> None:
    """A message added or changed in the code without ``python -m bot.i18n.catalogs extract``
    (and ``update``, and a translation) fails here."""
    committed = read(template_path("bot"), domain="bot")
    extracted = bot_template()
    assert {(m.id, m.context) for m in extracted if m.id} == {(m.id, m.context) for m in committed if m.id}


async def test_the_commands_template_is_up_to_date_with_the_commands() -> None:
    committed = read(template_path("commands"), domain="commands")
    extracted = catalogs.commands_template(await catalogs.registered_tree())
    # The tests' own game (Pebbles) is registered in this process, not in the bot's.
    pebbles = find("pebbles")
    own = {pebbles.title, *(s.name for s in pebbles.options), *(s.help for s in pebbles.options)}
    real = [
        m for m in extracted if m.id and not all("pebbles" in c for c in m.auto_comments) and m.id not in own
    ]
    assert {(m.id, m.context) for m in real} == {(m.id, m.context) for m in committed if m.id}


def test_an_unknown_language_and_a_broken_translation_fall_back_to_english() -> None:
    assert t("pt-BR", "bot", "Match #{match} is full.", match=4) == "Match #4 is full."
    assert t("da", "bot", "A message nobody translated {x}.", x=1) == "A message nobody translated 1."
