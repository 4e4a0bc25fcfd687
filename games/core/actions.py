"""Actions: small frozen values with a canonical text notation.

An action is a verb and zero or more arguments, all lowercase slugs, written
``verb arg arg`` (like SAN in chess). ``move frodo arthedain`` or ``card magic``.
The notation is what the log stores and what ``/game act`` offers.

>>> a = Action("move", ("frodo", "arthedain"))
>>> a.text
'move frodo arthedain'
>>> Action.from_text("  Move  Frodo   ARTHEDAIN ") == a
True
>>> normalize("Flying Nazgûl")
'flying nazgul'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .errors import InvalidAction


def normalize(text: str) -> str:
    """Lowercase, strip accents and collapse white space, for forgiving matching."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True, slots=True)
class Action:
    """One move of a game: a verb and its arguments (slugs)."""

    verb: str
    args: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        # What the dataclass would generate, without building two tuples: actions are compared
        # on every membership test of a prompt's list (the generated hash is kept).
        if other.__class__ is self.__class__:
            return self.verb == other.verb and self.args == other.args
        return NotImplemented

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def from_text(cls, text: str) -> Action:
        words = normalize(text).split(" ")
        if not words or not words[0]:
            raise InvalidAction("That is an empty action. Pick one from the list, e.g. with /game act.")
        return cls(words[0], tuple(words[1:]))

    def __str__(self) -> str:
        return self.text
