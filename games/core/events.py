"""Log events as data, redacted per audience as data, and put into words by a presenter.

An event is ``{"seq": n, "kind": slug, "args": {name: slug | number | bool | [slugs] | None}}``
with, where some audiences may learn more than others, ``"for": {role: {"kind", "args"}}``:
what that role sees instead. Nothing in an event is prose, so the bot, renderers, replays,
tests and computer players read facts; a :class:`Presenter` (one per game) turns a projected
event into a sentence from a template table per language. A second language is one more
table.

>>> p = Presenter(
...     kinds={"took": {"who": "role", "n": "number"}},
...     templates={"en": {"took": "{who:cap} took {n} pebbles."}},
...     formats={"role": lambda value, lang: {"north": "north", "south": "south"}[value]},
... )
>>> p.text("took", {"who": "north", "n": 2})
'North took 2 pebbles.'
>>> Presenter(kinds={"took": {"n": "number"}}, templates={"en": {"took": "Took {n} {n:pebble|pebbles}."}},
...     formats={}).text("took", {"n": 1})
'Took 1 pebble.'
>>> sorted(p.placeholders("took"))
['n', 'who']
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import journal

Event = dict[str, Any]
#: ``(kind, args)`` of an event as one audience sees it.
Projected = tuple[str, Mapping[str, Any]]
#: ``format(value, lang) -> words`` for one parameter type.
Formatter = Callable[[Any, str], str]

LANGUAGES = ("en",)


def make_event(seq: int, kind: str, args: Mapping[str, Any] | None = None) -> Event:
    return {"seq": seq, "kind": kind, "args": dict(args or {})}


def emit(
    state: dict[str, Any],
    kind: str,
    args: Mapping[str, Any] | None = None,
    private: Mapping[str, tuple[str, Mapping[str, Any]]] | None = None,
) -> Event:
    """Log an event. ``args`` is what everyone may know; ``private`` overrides it per role.

    Public arguments never hold a hidden piece or card: give each role that may know more its
    own ``(kind, args)`` in ``private``.
    """
    event = {"seq": state["seq"], "kind": kind, "args": dict(args) if args else {}}  # make_event, inlined
    if private:
        told = {}  # (a loop, not a comprehension: mostly a single role)
        for role, (k, a) in private.items():
            told[role] = {"kind": k, "args": dict(a)}
        event["for"] = told
    log = state["log"]
    if journal._current is None and type(log) is journal.EventLog:
        list.append(log, event)  # what EventLog.append does outside a transaction (a hot path)
    else:
        log.append(event)
    return event


def project(event: Mapping[str, Any], audience: str | None) -> Projected:
    """The ``(kind, args)`` of ``event`` as ``audience`` (``None``: the public) may know it."""
    if audience is not None:
        own = event.get("for", {}).get(audience)
        if own is not None:
            return str(own["kind"]), own["args"]
    return str(event["kind"]), event["args"]


def projected_events(
    log: Iterable[Mapping[str, Any]], audience: str | None, since_seq: int = 0
) -> list[Projected]:
    return [project(e, audience) for e in log if e["seq"] >= since_seq]


def audiences_told(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """Roles that learnt something of their own from ``events`` (a private projection)."""
    told: set[str] = set()
    for event in events:
        told.update(event.get("for", ()))
    return told


class _Word:
    """A formatted argument. ``{name:cap}`` capitalises its first letter; ``{name:is|are}``
    gives the first form for a singular argument and the second for a plural one (verb
    agreement: "Orcs are defeated", "Frodo is defeated"; after a number, the noun it counts:
    "{n} {n:battalion|battalions}")."""

    __slots__ = ("plural", "text")

    def __init__(self, text: str, plural: bool = False) -> None:
        self.text = text
        self.plural = plural

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self.text[:1].upper() + self.text[1:]
        if "|" in spec:
            singular, plural = spec.split("|", 1)
            return plural if self.plural else singular
        if spec:
            raise ValueError(f"unknown format {spec!r}")
        return self.text


def _plain(value: Any, lang: str) -> str:
    return str(value)


#: Formatters every game may use.
BASIC_FORMATS: dict[str, Formatter] = {
    "number": _plain,
    "text": _plain,
}
#: Which values of the basic types are plural: a number other than one (English; CLDR rules
#: of other languages will choose among more forms).
BASIC_PLURALS: dict[str, Callable[[Any], bool]] = {"number": lambda value: int(value) != 1}


#: A sentence's full stop after a name that ends with its own mark ("plays A Balrog is Come!.").
_DOUBLED_MARKS = (("!.", "!"), ("?.", "?"), ("!。", "!"), ("?。", "?"), ("！。", "！"), ("？。", "？"))


def _tidy(text: str) -> str:
    """``text`` without a full stop after an exclamation or question mark.

    >>> _tidy("The Shadow plays Fear! Fire! Foes!.")
    'The Shadow plays Fear! Fire! Foes!'
    """
    for doubled, single in _DOUBLED_MARKS:
        text = text.replace(doubled, single)
    return text


@dataclass(frozen=True)
class Presenter:
    """Words for one game's events: parameter types per kind, templates per language.

    ``kinds`` maps each event kind to its parameters and their types; ``formats`` maps a type to
    a formatter. A template may also name ``{name}`` of a parameter whose value is itself an
    event ``{"kind", "args"}`` (type ``event``): it is put into words with its own template.
    """

    kinds: Mapping[str, Mapping[str, str]]
    templates: Mapping[str, Mapping[str, str]]
    formats: Mapping[str, Formatter]
    #: ``type -> is_plural(value)`` for the types whose values may be plural ("the Orcs").
    plurals: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)

    def text(self, kind: str, args: Mapping[str, Any], audience: str | None = None, lang: str = "en") -> str:
        table = self.templates.get(lang) or self.templates["en"]
        template = table.get(kind)
        if template is None:
            raise KeyError(f"no {lang} template for event kind {kind!r}")
        types = self.kinds.get(kind, {})
        words = {}
        for name, value in args.items():
            kind_of = types.get(name, "text")
            plural = self.plurals.get(kind_of) or BASIC_PLURALS.get(kind_of)
            words[name] = _Word(self._word(kind_of, value, lang), bool(plural and plural(value)))
        return _tidy(template.format_map(words))

    def _word(self, kind: str, value: Any, lang: str) -> str:
        if kind == "event":
            return self.text(str(value["kind"]), value["args"], lang=lang)
        formatter = self.formats.get(kind) or BASIC_FORMATS.get(kind)
        if formatter is None:
            raise KeyError(f"no formatter for parameter type {kind!r}")
        return formatter(value, lang)

    def event_text(self, event: Mapping[str, Any], audience: str | None, lang: str = "en") -> str:
        kind, args = project(event, audience)
        return self.text(kind, args, audience, lang)

    def placeholders(self, kind: str, lang: str = "en") -> set[str]:
        """The parameter names a template uses (for the tests that check every table)."""
        template = self.templates[lang][kind]
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
