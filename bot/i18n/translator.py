"""Slash commands in each user's language: names, descriptions, options and choices.

Discord shows each user the localisations of his client's language; discord.py asks this
translator for every string of every command when it syncs them (``CommandTree.sync``). The
English string is the message id of the ``commands`` catalog and the kind of string its context
(``command name``, ``option description``…), so ``game`` the command and ``game`` the option
may be translated apart. A missing translation leaves Discord to show the English.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from discord import Locale, app_commands

from games.core.i18n import TRANSLATED, CatalogTables, translations

#: The translator's context of each kind of command string in the ``commands`` catalog.
COMMAND_NAME = "command name"
COMMAND_DESCRIPTION = "command description"
OPTION_NAME = "option name"
OPTION_DESCRIPTION = "option description"
CHOICE = "choice"

Where = app_commands.TranslationContextLocation

#: The catalog context of each kind of string Discord localises.
CONTEXTS = {
    Where.command_name: COMMAND_NAME,
    Where.group_name: COMMAND_NAME,
    Where.command_description: COMMAND_DESCRIPTION,
    Where.group_description: COMMAND_DESCRIPTION,
    Where.parameter_name: OPTION_NAME,
    Where.parameter_description: OPTION_DESCRIPTION,
    Where.choice_name: CHOICE,
}


def said(english: str, words: Callable[[str], str]) -> app_commands.locale_str:
    """A command string that is said, not looked up: ``words(locale)`` puts it in a language (a
    side's title from its game, a computer level with its help). Its words come with their own
    catalogs, so ``extract`` leaves it out of the ``commands`` catalog."""
    return app_commands.locale_str(english, said=words)


def is_said(string: app_commands.locale_str | None) -> bool:
    return string is not None and "said" in string.extras


def command_text(locale: str, context: str, english: str) -> str | None:
    """``english`` of kind ``context`` in ``locale``, or ``None`` when not translated: from the
    ``commands`` catalog, else from a game's own (its typed commands, ``/confrontation move``,
    and its setup options' words, which a game may also keep without a context)."""
    if locale not in TRANSLATED:
        return None
    for domain in ("commands", *game_domains()):
        found = translations(locale, domain).pgettext(context, english)
        if found != english:
            return found
    if context in WORDS_ANY_CONTEXT:
        for domain in game_domains():
            found = translations(locale, domain).gettext(english)
            if found != english:
                return found
    return None


#: The kinds of command string a game's catalog may hold without their context (a game that
#: marks its options' words, ``mark("On")``): never names, which Discord constrains.
WORDS_ANY_CONTEXT = frozenset({CHOICE, OPTION_DESCRIPTION, "option heading"})


def option_text(locale: str, context: str, english: str) -> str:
    """A game's setup option word (``context``: ``games.core.ruleset.OPTION_HEADING``,
    ``OPTION_HELP`` or ``OPTION_CHOICE``) in ``locale``, as Discord shows it in ``/<game> new``:
    for the lobby and ``/game new``'s autocomplete, which the bot words itself. English when
    nobody translated it."""
    return command_text(locale, context, english) or english


@cache
def game_domains() -> tuple[str, ...]:
    """The catalogs of the games that speak through their own (their presenter reads it)."""
    from games.core import all_rulesets

    found = []
    for ruleset in all_rulesets():
        tables = getattr(ruleset.presenter, "templates", None)
        if isinstance(tables, CatalogTables):
            found.append(tables.domain)
    return tuple(found)


class CatalogTranslator(app_commands.Translator):
    """Reads the ``commands`` catalog for Danish, Japanese and Simplified Chinese."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = CONTEXTS.get(context.location)
        if kind is None:
            return None
        if is_said(string):
            if locale.value not in TRANSLATED:
                return None
            text: str = string.extras["said"](locale.value)
            return text if text != string.message else None
        return command_text(locale.value, kind, string.message)
