"""What the Discord layer says, in each player's language (``docs/i18n.md``).

``t(locale, "English text {param}", param=…)`` and ``nt`` (plurals) put a message of the ``bot``
catalog into words now; ``msg`` and ``nmsg`` defer it (a refusal raised in a service, before
anyone knows who reads it), and :func:`refusal` puts an exception's message into the reader's
language. Who reads what in which language:

- a private reply, ephemeral or DM: the language the user chose (``/settings language:``), else
  his Discord client's (``interaction.locale``) — :func:`private_locale`;
- a match thread's public posts and pictures, and its lobby: the match's language, chosen at
  ``/game new language:`` (default: the server's preferred locale) — :func:`match_locale`;
- English for anything else.

>>> t("ja", "Lobby #{match} cancelled.", match=7)
'ロビー #7 は取り消されました。'
>>> full = ValueError(msg("Match #{match} is full.", match=3))
>>> str(full), refusal("da", full)
('Match #3 is full.', 'Kamp #3 er fuld.')
"""

from __future__ import annotations

from typing import Any

from games.core.i18n import (
    LOCALES,
    NATIVE_NAMES,
    SOURCE,
    Domain,
    Listed,
    Msg,
    Words,
    best,
    in_words,
    join,
    resolve,
)

BOT = Domain("bot")
t = BOT.t
nt = BOT.nt
msg = BOT.msg
nmsg = BOT.nmsg

__all__ = [
    "BOT",
    "LOCALES",
    "NATIVE_NAMES",
    "SOURCE",
    "Listed",
    "Msg",
    "best",
    "guild_locale",
    "in_words",
    "interaction_locale",
    "join",
    "match_locale",
    "msg",
    "nmsg",
    "nt",
    "private_locale",
    "refusal",
    "resolve",
    "t",
]


def interaction_locale(interaction: Any) -> str | None:
    """The Discord client's language of the user behind ``interaction`` (``None``: unknown)."""
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", None) or (str(locale) if locale else None)


def private_locale(chosen: str | None, interaction: Any = None) -> str:
    """The language of what one user alone reads: his choice, else his client's, else English.

    >>> private_locale("da"), private_locale(None), private_locale("ja", None)
    ('da', 'en', 'ja')
    """
    return best(chosen, interaction_locale(interaction) if interaction is not None else None)


def match_locale(language: str | None) -> str:
    """The language of a match's public posts (its stored ``language``; English when unset)."""
    return best(language)


def guild_locale(interaction: Any) -> str | None:
    """The server's preferred language (Community servers set it; others say ``en-US``)."""
    locale = getattr(interaction, "guild_locale", None)
    return getattr(locale, "value", None) or (str(locale) if locale else None)


def refusal(locale: str, exc: BaseException) -> str:
    """The message of a refusal in ``locale``: a deferred :class:`Msg` is translated, any other
    text (an engine's, not translated yet) is said as it is."""
    first = exc.args[0] if exc.args else None
    return first.render(locale) if isinstance(first, Words) else str(exc)
