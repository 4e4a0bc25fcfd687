"""Reading a Minas Tirith view safely (MT_DESIGN §8): every key with ``.get``, so hand-made or
partial views still draw, and only the keys of the view contract are read. Names of units,
leaders and cards come from ``data/minas_tirith`` (the renderer never imports the engine)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from renderers.common.paths import DATA_DIR
from renderers.common.view_reading import mapping as mapping
from renderers.common.view_reading import number as number
from renderers.common.view_reading import sequence as sequence

from . import words
from .theme import EVIL, GOOD, SIDES

GAME_DIR = DATA_DIR / "minas_tirith"
#: Unit kinds in the order they are drawn (Gondor's, then Mordor's).
UNITS: tuple[str, ...] = (
    "infantry",
    "archers",
    "cavalry",
    "cavalry_archers",
    "orcs",
    "crossbows",
    "wargs",
    "black_riders",
    "trolls",
    "oliphaunts",
)
LEADERS: tuple[str, ...] = (
    "gandalf",
    "aragorn",
    "faramir",
    "theoden",
    "imrahil",
    "witch_king",
    "gothmog",
    "black_serpent",
)
#: What a leader's token says.
INITIALS = {
    "gandalf": "Ga",
    "aragorn": "Ar",
    "faramir": "Fa",
    "theoden": "Th",
    "imrahil": "Im",
    "witch_king": "WK",
    "gothmog": "Go",
    "black_serpent": "BS",
}


def side(value: Any) -> str | None:
    return str(value) if value in SIDES else None


def other(role: str) -> str:
    return EVIL if role == GOOD else GOOD


def side_title(role: Any) -> str:
    """A side's title in the language spoken ("Gondor")."""
    return words.side_title(str(role)) if role is not None else ""


def name(view: Mapping[str, Any], role: Any) -> str:
    """The display name of a role (``names`` when given), else the side's title."""
    shown = mapping(view.get("names")).get(str(role)) if role is not None else None
    return str(shown) if shown else side_title(role)


@lru_cache(maxsize=1)
def _supply() -> Mapping[str, Any]:
    path = GAME_DIR / "supply.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _entries(key: str) -> dict[str, Mapping[str, Any]]:
    return {str(e["id"]): e for e in sequence(_supply().get(key)) if isinstance(e, Mapping) and "id" in e}


@lru_cache(maxsize=1)
def unit_table() -> dict[str, Mapping[str, Any]]:
    return _entries("units")


@lru_cache(maxsize=1)
def leader_table() -> dict[str, Mapping[str, Any]]:
    return _entries("leaders")


def unit_name(kind: str, count: int = 1) -> str:
    """ "Orcs", "Mounted Archers"; one of them in the singular ("1 Troll")."""
    found = str(unit_table().get(kind, {}).get("name") or kind.replace("_", " ").title())
    if count == 1:
        singular = {
            "Infantry": "Infantry",
            "Archers": "Archer",
            "Cavalry": "Cavalry",
            "Mounted Archers": "Mounted Archer",
            "Orcs": "Orc",
            "Crossbowmen": "Crossbowman",
            "Warg Riders": "Warg Rider",
            "Black Riders": "Black Rider",
            "Trolls": "Troll",
            "Oliphaunts": "Oliphaunt",
        }
        return singular.get(found, found)
    return found


def unit_colour(kind: str) -> str:
    """The box colour of a unit kind ("green", "yellow", "black", "red")."""
    return str(unit_table().get(kind, {}).get("colour") or ("green" if unit_side(kind) == GOOD else "black"))


def unit_side(kind: str) -> str:
    entry = unit_table().get(kind)
    if entry and entry.get("side") in SIDES:
        return str(entry["side"])
    return GOOD if UNITS.index(kind) < 4 else EVIL if kind in UNITS else GOOD


def unit_class(kind: str) -> str:
    entry = unit_table().get(kind)
    if entry and entry.get("class"):
        return str(entry["class"])
    return {
        "cavalry": "cavalry",
        "cavalry_archers": "cavalry",
        "wargs": "cavalry",
        "black_riders": "cavalry",
        "trolls": "creature",
        "oliphaunts": "creature",
    }.get(kind, "infantry")


def leader_name(leader: str) -> str:
    """A leader's name in the language spoken (the data's English, else the game's catalog)."""
    found = leader_table().get(leader, {}).get("name")
    return words.leader_label(str(found)) if found else leader.replace("_", " ").title()


def leader_colour(leader: str) -> str:
    entry = leader_table().get(leader, {})
    fallback = (
        "yellow"
        if leader in ("gandalf", "aragorn")
        else "red"
        if leader == "witch_king"
        else "black"
        if leader in ("gothmog", "black_serpent")
        else "green"
    )
    return str(entry.get("colour") or fallback)


def leader_side(leader: str) -> str:
    entry = leader_table().get(leader, {})
    return (
        str(entry["side"])
        if entry.get("side") in SIDES
        else (EVIL if leader in ("witch_king", "gothmog", "black_serpent") else GOOD)
    )


def initials(leader: str) -> str:
    return INITIALS.get(leader, leader[:2].title())


def units_of(raw: Any) -> list[tuple[str, int]]:
    """(kind, count) of a units mapping, in drawing order, without zeros; unknown kinds last."""
    table = mapping(raw)
    order = [k for k in UNITS if k in table] + sorted(str(k) for k in table if k not in UNITS)
    return [(kind, number(table.get(kind))) for kind in order if number(table.get(kind)) > 0]


def spaces(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return mapping(view.get("spaces"))


def player(view: Mapping[str, Any], role: str) -> Mapping[str, Any]:
    return mapping(mapping(view.get("players")).get(role))


def result(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    value = view.get("result")
    return value if isinstance(value, Mapping) else None


def winner(view: Mapping[str, Any]) -> str | None:
    done = result(view)
    if done is None:
        return None
    for key in ("winner", "winners"):
        value = done.get(key)
        if isinstance(value, list | tuple) and len(value) == 1:
            value = value[0]
        if value in SIDES:
            return str(value)
    return None


def current(view: Mapping[str, Any]) -> str | None:
    return side(view.get("current"))


def headline(view: Mapping[str, Any]) -> str:
    """What the picture is about, in a few words."""
    if result(view) is not None:
        won = winner(view)
        return words.tr("{side} wins!", side=side_title(won)) if won else words.tr("Game over")
    role = current(view)
    if role is None:
        return words.space_label("Minas Tirith")
    you = side(view.get("audience"))
    if you == role:
        return words.tr("Your move, {name}", name=name(view, role))
    return words.tr("{name} to act", name=name(view, role))


REASONS = {
    "leaders": lambda winner, good, evil: words.tr("{winner} captured Mordor's leaders.", winner=winner),
    "city": lambda winner, good, evil: words.tr("{winner} holds Minas Tirith.", winner=winner),
    "points": lambda winner, good, evil: words.tr(
        "On points: Gondor {good}, Mordor {evil}.", good=good, evil=evil
    ),
}


def result_text(view: Mapping[str, Any]) -> str:
    done = result(view) or {}
    if isinstance(done.get("text"), str):
        return str(done["text"])
    reason = str(done.get("reason") or "")
    args = mapping(done.get("args"))
    said = REASONS.get(reason)
    if said is None:
        return reason
    return said(name(view, winner(view)), number(args.get("good")), number(args.get("evil")))


def prompt(view: Mapping[str, Any]) -> str:
    """What is awaited (the view's prompt or waiting text, else said from the phase)."""
    for key in ("prompt", "waiting"):
        value = view.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    if result(view) is not None:
        return result_text(view)
    role = current(view)
    if role is None:
        return ""
    who = name(view, role)
    phase = str(view.get("phase") or "")
    if phase == "choose_die":
        return words.tr("{name} chooses one of the action dice.", name=who)
    if phase == "trade":
        return words.tr("{name} may trade reinforcement cards.", name=who)
    if phase == "actions":
        points = number(view.get("points_left"))
        return words.tr("{name} spends action points: {count} left.", name=who, count=points)
    return words.tr("{name} acts.", name=who)


def space_name(view: Mapping[str, Any], names: Mapping[str, str], space: Any) -> str:
    """A space's name in the language spoken (``names``: the layout's English)."""
    found = names.get(str(space))
    return words.space_label(found) if found else str(space).replace("_", " ").title()


def card_name(card: Mapping[str, Any]) -> str:
    """A Minas Tirith card's name: the view's (in its language), else from its id."""
    return str(card.get("name") or str(card.get("id") or "").replace("_", " ").title())
