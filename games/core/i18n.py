"""Message catalogs: the words players read, in English, Danish, Japanese and Simplified Chinese.

The catalogs are gettext ``.po`` files under ``data/locale/<language>/LC_MESSAGES/<domain>.po``
(one *domain* per area: ``bot`` for what the Discord layer says, ``commands`` for the slash
commands; each game will get its own). The English text in the code is the message id, so the
code reads as it did and English needs no catalog. A ``.po`` file is read with Babel and
compiled in memory the first time a language is used: there is no compiled ``.mo`` to build,
commit or forget to rebuild, and what a translator changes is what the bot says at its next start.

Plural forms come from the catalog's ``Plural-Forms`` header, which Babel writes from the CLDR
rules (Danish has two forms, Japanese and Chinese one); lists are joined with CLDR's list patterns
(``join``). Placeholders are ``{name}``; a parameter may itself be a deferred :class:`Msg`, put
into words in the same language. A translation that fails to format falls back to English.

Pure apart from reading the catalog files once; the engines may use it (no I/O layer here).

>>> t("en", "bot", "Match #{match} is full.", match=12)
'Match #12 is full.'
>>> nt("en", "bot", "{count} more player", "{count} more players", 1)
'1 more player'
>>> join("en", ["Frodo", "Sam", "Pippin"]), join("da", ["Frodo", "Sam"], "or")
('Frodo, Sam and Pippin', 'Frodo eller Sam')
>>> join("ja", ["フロド", "サム"]), join("zh-CN", ["弗罗多", "山姆", "皮平"])
('フロド、サム', '弗罗多、山姆和皮平')
>>> resolve("en-GB"), resolve("zh-CN"), resolve("zh-TW"), resolve(None)
('en', 'zh-CN', None, None)
"""

from __future__ import annotations

import gettext
import io
import logging
import string
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

#: Every language the bot speaks, by Discord's locale code; English first (the source).
LOCALES = ("en", "da", "ja", "zh-CN")
SOURCE = "en"
#: The languages with a catalog (everything but the source).
TRANSLATED = LOCALES[1:]
#: Each language's own name, for menus that offer them.
NATIVE_NAMES = {"en": "English", "da": "Dansk", "ja": "日本語", "zh-CN": "简体中文"}

LOCALE_DIR = Path(__file__).resolve().parents[2] / "data" / "locale"


def resolve(code: str | None) -> str | None:
    """The supported language a Discord locale code (``en-US``, ``zh-CN``) means, else ``None``.

    Traditional Chinese (``zh-TW``) is not Simplified: it falls back like any other language.
    """
    if not code:
        return None
    text = str(code).strip()
    if text in LOCALES:
        return text
    lowered = text.lower().replace("_", "-")
    if lowered.startswith("en"):
        return SOURCE
    for locale in LOCALES:
        if lowered == locale.lower():
            return locale
    return None


def best(*codes: str | None) -> str:
    """The first of ``codes`` the bot speaks, else English.

    >>> best(None, "fr", "ja", "da"), best("pt-BR")
    ('ja', 'en')
    """
    for code in codes:
        found = resolve(code)
        if found is not None:
            return found
    return SOURCE


def gettext_name(locale: str) -> str:
    """The catalog folder of a language (gettext spells ``zh-CN`` as ``zh_CN``)."""
    return locale.replace("-", "_")


def catalog_path(locale: str, domain: str) -> Path:
    return LOCALE_DIR / gettext_name(locale) / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(locale: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``locale`` (nothing for English or a missing file)."""
    path = catalog_path(locale, domain)
    if locale == SOURCE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=gettext_name(locale), domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy (unchecked) translations are left out: English shows
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message.

    >>> sorted(placeholders("{who} joined match #{match}. {{not one}}"))
    ['match', 'who']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _fill(locale: str, text: str, fallback: str, params: Mapping[str, object]) -> str:
    values = {k: (v.render(locale) if isinstance(v, Words) else v) for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError) as exc:
        log.warning("a %s translation does not format (%s): %r", locale, type(exc).__name__, fallback)
        return fallback.format(**values)


def t(locale: str, domain: str, msgid: str, /, **params: object) -> str:
    """``msgid`` in ``locale``, its placeholders filled."""
    return _fill(locale, translations(best(locale), domain).gettext(msgid), msgid, params)


def nt(locale: str, domain: str, singular: str, plural: str, count: int, /, **params: object) -> str:
    """The form for ``count`` (also the ``{count}`` placeholder) by the language's plural rules."""
    english = singular if count == 1 else plural
    text = translations(best(locale), domain).ngettext(singular, plural, count)
    return _fill(locale, text, english, {"count": count, **params})


def pt(locale: str, domain: str, context: str, msgid: str, /, **params: object) -> str:
    """``msgid`` in ``locale`` within ``context`` (the same English said in two places)."""
    return _fill(locale, translations(best(locale), domain).pgettext(context, msgid), msgid, params)


ListStyle = Literal["and", "or"]


def join(locale: str, items: Iterable[str], style: ListStyle = "and") -> str:
    """``items`` as one list in ``locale``'s words (CLDR list patterns)."""
    listed = [str(item) for item in items]
    if not listed:
        return ""
    locale = best(locale)
    # CLDR's plain English writes "A, B, and C"; the house style has no serial comma (British).
    cldr = "en_GB" if locale == SOURCE else gettext_name(locale)
    return format_list(listed, style="standard" if style == "and" else "or", locale=cldr)


class Words:
    """Words put into a language later (:meth:`render`), by whoever knows the reader;
    ``str()`` gives the English."""

    __slots__ = ()

    def render(self, locale: str) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render(SOURCE)


@dataclass(frozen=True, slots=True)
class Msg(Words):
    """A message put into words later, in the language of whoever reads it (an error raised deep in
    a service, before anyone knows who will read it). ``str()`` gives the English."""

    domain: str
    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None
    #: The message context (:func:`pt`): the same English said of two things.
    context: str | None = None

    def render(self, locale: str) -> str:
        if self.plural is not None and self.count is not None:
            return nt(locale, self.domain, self.msgid, self.plural, self.count, **self.params)
        if self.context is not None:
            return pt(locale, self.domain, self.context, self.msgid, **self.params)
        return t(locale, self.domain, self.msgid, **self.params)

    def __str__(self) -> str:
        return self.render(SOURCE)


@dataclass(frozen=True, slots=True)
class Rendered(Words):
    """Words already said in every language (an engine's refusal, built while the position it
    speaks of is at hand); a language missing from ``texts`` reads the English.

    >>> str(Rendered({"en": "No.", "da": "Nej."})), Rendered({"en": "No."}).render("ja")
    ('No.', 'No.')
    """

    texts: Mapping[str, str]

    def render(self, locale: str) -> str:
        return self.texts.get(best(locale)) or self.texts[SOURCE]

    def __str__(self) -> str:
        return self.render(SOURCE)


@dataclass(frozen=True, slots=True)
class Listed(Words):
    """A list of words (texts or :class:`Msg`) joined later in the reader's language (:func:`join`).

    >>> Listed(("Frodo", "Sam"), "or").render("da")
    'Frodo eller Sam'
    """

    items: tuple[object, ...]
    style: ListStyle = "and"

    def render(self, locale: str) -> str:
        return join(locale, (in_words(locale, item) for item in self.items), self.style)

    def __str__(self) -> str:
        return self.render(SOURCE)


#: Languages whose sentences follow each other without a space.
UNSPACED = frozenset({"ja", "zh-CN"})


@dataclass(frozen=True, slots=True)
class Sentences(Words):
    """Whole sentences said one after the other (each a message of its own), with a space
    between them, or none in Japanese and Chinese.

    >>> Sentences(("Go.", "Now.")).render("en"), Sentences(("行け。", "今。")).render("ja")
    ('Go. Now.', '行け。今。')
    """

    items: tuple[object, ...]

    def render(self, locale: str) -> str:
        said = [in_words(locale, item) for item in self.items]
        return ("" if best(locale) in UNSPACED else " ").join(s for s in said if s)

    def __str__(self) -> str:
        return self.render(SOURCE)


def to_data(words: object) -> object:
    """:class:`Words` as JSON-pure data (a question kept in a game state), plain values as they
    are; :func:`from_data` gives them back.

    >>> said = Sentences((Msg("bot", "Hi {who}.", {"who": Msg("bot", "Frodo", context="name")}),))
    >>> from_data(to_data(said)) == said, from_data("plain text")
    (True, 'plain text')
    """
    if isinstance(words, Msg):
        data: dict[str, object] = {"msg": words.msgid, "domain": words.domain}
        if words.params:
            data["params"] = {k: to_data(v) for k, v in words.params.items()}
        if words.context is not None:
            data["context"] = words.context
        if words.plural is not None:
            data["plural"], data["count"] = words.plural, words.count
        return data
    if isinstance(words, Listed):
        return {"list": [to_data(i) for i in words.items], "style": words.style}
    if isinstance(words, Sentences):
        return {"sentences": [to_data(i) for i in words.items]}
    return words


def from_data(data: object) -> object:
    """The :class:`Words` that :func:`to_data` wrote (anything else as it is)."""
    if not isinstance(data, dict):
        return data
    if "msg" in data:
        params = {k: from_data(v) for k, v in (data.get("params") or {}).items()}
        return Msg(
            data["domain"], data["msg"], params, data.get("plural"), data.get("count"), data.get("context")
        )
    if "list" in data:
        return Listed(tuple(from_data(i) for i in data["list"]), data.get("style", "and"))
    if "sentences" in data:
        return Sentences(tuple(from_data(i) for i in data["sentences"]))
    return data


def in_words(locale: str, text: object) -> str:
    """:class:`Words` (a :class:`Msg`, :class:`Listed`…) in ``locale``, anything else as it is
    (text not translated yet)."""
    return text.render(locale) if isinstance(text, Words) else str(text)


class CatalogTables(Mapping[str, Mapping[str, str]]):
    """A presenter's template tables (``games.core.events.Presenter.templates``) read from a
    game's catalog: English as the game writes it, and in every other language the catalog's
    translation of each template, its context being the event kind (a template not translated
    yet stays English). Built the first time a language is asked for.

    A game hands these to its ``Presenter`` once its catalog is translated; ``python -m
    bot.i18n.catalogs extract`` then writes its template (``data/locale/<domain>.pot``). The
    ``{n:battalion|battalions}`` format of a template chooses by the English rule (one, or
    not), which Danish shares; a Japanese or Chinese translation simply writes ``{n}``.

    >>> tables = CatalogTables("no_such_game", {"took": "Took {n} {n:pebble|pebbles}."})
    >>> tables["en"]["took"] == tables["ja"]["took"], sorted(tables)
    (True, ['da', 'en', 'ja', 'zh-CN'])
    """

    def __init__(self, domain: str, english: Mapping[str, str]) -> None:
        self.domain = domain
        self.english = english
        self._built: dict[str, Mapping[str, str]] = {}

    def __getitem__(self, locale: str) -> Mapping[str, str]:
        if locale == SOURCE:
            return self.english
        if locale not in TRANSLATED:
            raise KeyError(locale)
        table = self._built.get(locale)
        if table is None:
            catalog = translations(locale, self.domain)
            table = self._built[locale] = {
                kind: catalog.pgettext(kind, text) for kind, text in self.english.items()
            }
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(LOCALES)

    def __len__(self) -> int:
        return len(LOCALES)


@dataclass(frozen=True, slots=True)
class Domain:
    """The functions of one catalog domain, bound to it (``BOT.t(locale, "…")``)."""

    name: str

    def t(self, locale: str, msgid: str, /, **params: object) -> str:
        return t(locale, self.name, msgid, **params)

    def nt(self, locale: str, singular: str, plural: str, count: int, /, **params: object) -> str:
        return nt(locale, self.name, singular, plural, count, **params)

    def pt(self, locale: str, context: str, msgid: str, /, **params: object) -> str:
        return pt(locale, self.name, context, msgid, **params)

    def msg(self, msgid: str, /, **params: object) -> Msg:
        return Msg(self.name, msgid, params)

    def pmsg(self, context: str, msgid: str, /, **params: object) -> Msg:
        return Msg(self.name, msgid, params, context=context)

    def nmsg(self, singular: str, plural: str, count: int, /, **params: object) -> Msg:
        return Msg(self.name, singular, params, plural, count)


def mark(msgid: str) -> str:
    """``msgid`` as it is, marked for the catalog: a message kept in a table and said later with
    ``tr(table[key])`` (gettext's ``N_``)."""
    return msgid


class Voice:
    """One catalog domain said in the language of the moment: a game's words written in English
    deep in its code (``tr``, ``ntr``, ``ptr``, ``listed``) speak the language of the innermost
    :meth:`speaking` around them, English outside any. A game binds one to its domain and exports
    its methods under these names, which ``python -m bot.i18n.catalogs extract`` reads.

    >>> voice = Voice("no_such_game")
    >>> with voice.speaking("ja"):
    ...     voice.current(), voice.english(), voice.listed(["A", "B"])
    ('ja', False, 'A、B')
    >>> voice.current(), voice.tr("{n} left", n=2)
    ('en', '2 left')
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._lang: ContextVar[str] = ContextVar(f"{domain}_voice", default=SOURCE)

    @contextmanager
    def speaking(self, lang: str | None) -> Iterator[None]:
        """Everything said inside is in ``lang`` (English for a language the bot does not speak)."""
        token = self._lang.set(best(lang))
        try:
            yield
        finally:
            self._lang.reset(token)

    def current(self) -> str:
        """The language being spoken."""
        return self._lang.get()

    def english(self) -> bool:
        return self._lang.get() == SOURCE

    def tr(self, msgid: str, /, **params: object) -> str:
        """``msgid`` in the language being spoken, its placeholders filled."""
        return t(self._lang.get(), self.domain, msgid, **params)

    def ntr(self, singular: str, plural: str, count: int, /, **params: object) -> str:
        """The form for ``count`` (also ``{count}``) in the language being spoken."""
        return nt(self._lang.get(), self.domain, singular, plural, count, **params)

    def ptr(self, context: str, msgid: str, /, **params: object) -> str:
        """``msgid`` within ``context`` (a name: its kind) in the language being spoken."""
        return pt(self._lang.get(), self.domain, context, msgid, **params)

    def listed(self, items: Iterable[str], style: ListStyle = "and") -> str:
        """``items`` as one list, by the CLDR pattern of the language being spoken."""
        return join(self._lang.get(), items, style)
