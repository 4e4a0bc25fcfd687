"""What each side keeps secret, and a checker that finds secrets in what others see.

The bot's tests reuse these helpers: :func:`secrets_of` lists the strings that must not
appear in anything shown to the other side or the public, and :func:`view_leaks` /
:func:`text_leaks` report where they do.

>>> text_leaks("The Balrog attacks.", {"Balrog"})
['Balrog']
>>> text_leaks("Gandalf the White returns.", {"Gandalf"})
[]
>>> text_leaks("Aragorn names Orcs (Deluxe).", {"Orcs"})
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from games.core import State, project

from .data import CHARS, SIDES, SPECIALS, char_label

#: Public phrases that contain a character's name without naming the character.
_PUBLIC_PHRASES = tuple(sorted((s.name for s in SPECIALS.values()), key=len, reverse=True))
#: Character names and labels, longest first ("Witch-king (Deluxe)" is not "Witch-king").
_NAMES = tuple(sorted({*(c.name for c in CHARS.values()), *map(char_label, CHARS)}, key=len, reverse=True))


def _name(state: State, char: str) -> str:
    """How texts name ``char``: in a Draft both sides of a tile may be named, so by its label."""
    return char_label(char) if state["options"].get("variant") == "draft" else CHARS[char].name


def secrets_of(state: State, role: str) -> set[str]:
    """Strings that name ``role``'s secrets: its characters whose identity was never shown to
    everyone (name and slug) and, when the Deluxe special cards are chosen secretly, the special
    cards it still holds."""
    found: set[str] = set()
    public = set(state.get("public") or ())
    for char in state["chars"].get(role, ()):
        if char not in public:
            found.add(_name(state, char))
            found.add(char)
    setup = state.get("setup")
    if setup is not None:
        for char in setup[role]["draft"].values():
            found.add(_name(state, char))
            found.add(char)
    if state["options"].get("specials") == "deluxe-2":
        for card in state["specials"][role]["held"]:
            found.add(SPECIALS[card].name)
            found.add(card)
    return found


@lru_cache(maxsize=4096)
def _pattern(secrets: frozenset[str]) -> re.Pattern[str]:
    words = "|".join(re.escape(s) for s in sorted(secrets, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(?:" + words + r")(?![\w-])")


def text_leaks(text: str, secrets: Iterable[str]) -> list[str]:
    """The secrets named in ``text`` (public card names such as "Gandalf the White" excepted)."""
    secrets = frozenset(secrets)
    if not secrets:
        return []
    cleaned = text
    for phrase in _PUBLIC_PHRASES:
        if phrase in cleaned:
            cleaned = cleaned.replace(phrase, " ")
    for name in _NAMES:
        if name not in secrets and name in cleaned and any(s in name for s in secrets):
            cleaned = cleaned.replace(name, " ")
    return sorted(set(_pattern(secrets).findall(cleaned)))


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def others_secrets(state: State, viewer: str | None) -> set[str]:
    """Everything ``viewer`` (``None``: the public) must not see."""
    found: set[str] = set()
    for side in SIDES:
        if side != viewer:
            found |= secrets_of(state, side)
    return found


def view_leaks(state: State, view: dict[str, Any], viewer: str | None) -> list[str]:
    """Problems in a view shown to ``viewer``: named secrets and structural slips."""
    named = text_leaks("\n".join(_strings(view)), others_secrets(state, viewer))
    problems = [f"names secret {s!r}" for s in named]
    for region in view["regions"]:
        for side, pieces in region["pieces"].items():
            seen_hidden = False
            for p in pieces:
                if p["character"] is None:
                    seen_hidden = True
                    if p["name"] is not None or p["strength"] is not None or p["revealed"]:
                        problems.append(f"a hidden piece in {region['id']} carries details")
                    continue
                if seen_hidden:
                    problems.append(f"a known piece follows a hidden one in {region['id']}")
                if side != viewer and p["character"] not in state["revealed"]:
                    problems.append(f"{p['character']} shown to {viewer} in {region['id']} while hidden")
    for side in SIDES:
        cards = view["cards"][side]
        if side != viewer and (cards["hand"] is not None or cards["specials"] is not None):
            problems.append(f"{side}'s hand or special cards shown to {viewer}")
    battle = view.get("battle")
    frame = next((f for f in state["stack"] if "phase" in f), None)
    if battle and frame and frame.get("fight"):
        for side in SIDES:
            if side != viewer and battle["played"][side] is not None and not frame["fight"]["shown"][side]:
                problems.append(f"{side}'s unrevealed combat card shown to {viewer}")
    return problems


def _values(value: Any) -> Iterable[str]:
    """Every string argument in a projected event (nested reasons and lists included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _values(v)


def event_leaks(state: State, viewer: str | None, since_seq: int = 0) -> list[str]:
    """Secrets of others among the arguments of the log's events as ``viewer`` gets them.

    This is the no-leak property on the data: an argument equal to a secret slug is a leak,
    whatever the words made of it.
    """
    secrets = others_secrets(state, viewer)
    problems: list[str] = []
    for event in state["log"]:
        if event["seq"] < since_seq:
            continue
        kind, args = project(event, viewer)
        for value in _values(args):
            if value in secrets:
                problems.append(f"event {kind} gives {viewer} the secret {value!r}")
    return problems


def log_leaks(state: State, viewer: str | None, since_seq: int = 0) -> list[str]:
    """Secrets of others named in the log as ``viewer`` reads it (from action ``since_seq`` on),
    in its words and in its data."""
    from . import CONFRONTATION

    secrets = others_secrets(state, viewer)
    problems: list[str] = []
    for line in CONFRONTATION.log_lines(state, viewer, since_seq):
        for s in text_leaks(line, secrets):
            problems.append(f"log names secret {s!r}: {line}")
    return problems + event_leaks(state, viewer, since_seq)
