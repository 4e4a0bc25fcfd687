"""Event words of the characters on the map: Companions and Minions moving, entering play,
their abilities (merged into :data:`games.war_of_the_ring.events.PRESENTER`).

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("nazgul_moved", {"from": "minas_morgul", "to": "osgiliath", "count": 2})
'2 Nazgûl fly from Minas Morgul to Osgiliath.'
>>> PRESENTER.text("companions_moved", {"companions": ["legolas", "gimli"], "from": "lorien",
...     "to": "fangorn"})
'Legolas and Gimli move from Lórien to Fangorn.'
>>> PRESENTER.text("character_entered", {"character": "aragorn", "region": "pelargir", "replaces": "strider"})
'Aragorn, Heir to Isildur, enters play in Pelargir, in place of Strider.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.words import agree, capitalized, join_words

from .data import CHARACTERS
from .i18n import character_name, english, listed, mark, ptr, tr
from .movement_words import character_words, figure_words


def _companions(args: Mapping[str, Any]) -> dict[str, str]:
    names = [character_words(str(c)) for c in args.get("companions", [])]
    if not english():
        return {"names": listed(names)}
    return {"names": capitalized(join_words(names)), "moves": agree(len(names), "moves", "move")}


def _nazgul(args: Mapping[str, Any]) -> dict[str, str]:
    return {"flies": agree(int(args["count"]), "flies", "fly")}


def _entered(args: Mapping[str, Any]) -> dict[str, str]:
    character = str(args["character"])
    if not english():
        return _entered_words(args)
    name = CHARACTERS[character].name
    title = CHARACTERS[character].title
    who = capitalized(character_words(character))
    if character in ("aragorn", "gandalf_white") and title:
        who = f"{name}, {title},"
    replaced = args.get("replaces")
    return {
        "who": who,
        "instead": f", in place of {CHARACTERS[str(replaced)].name}" if replaced else "",
    }


def _entered_words(args: Mapping[str, Any]) -> dict[str, str]:
    """``character_entered``'s words in another language (a title is the catalog's)."""
    character = str(args["character"])
    who = character_name(character)
    title = CHARACTERS[character].title
    if character in ("aragorn", "gandalf_white") and title:
        who = tr("{name}, {title},", name=who, title=ptr("character title", title))
    replaced = args.get("replaces")
    instead = tr(", in place of {name}", name=character_name(str(replaced))) if replaced else ""
    return {"who": who, "instead": instead}


def _minion(args: Mapping[str, Any]) -> dict[str, str]:
    return {"who": capitalized(character_words(str(args["character"])))}


def _voice(args: Mapping[str, Any]) -> dict[str, str]:
    what = {
        "recruit": mark("calls the Isengard Settlements to arms"),
        "elites": mark("makes Uruk-hai of the Regulars in Orthanc"),
    }
    return {"what": tr(what.get(str(args.get("mode")), mark("is heard")))}


KINDS: dict[str, dict[str, str]] = {
    "companions_moved": {"companions": "text", "from": "region", "to": "region"},
    "nazgul_moved": {"from": "region", "to": "region", "count": "number"},
    "minion_moved": {"character": "character", "from": "region", "to": "region"},
    "character_entered": {"character": "character", "region": "region", "replaces": "text"},
    "companion_counsel": {"companion": "character", "nation": "nation"},
    "voice_of_saruman": {"mode": "text"},
    "regulars_promoted": {"region": "region", "nation": "nation", "count": "number"},
}

EN: dict[str, str] = {
    "companions_moved": "{names} {moves} from {from} to {to}.",
    "nazgul_moved": "{count} Nazgûl {flies} from {from} to {to}.",
    "minion_moved": "{who} moves from {from} to {to}.",
    "character_entered": "{who} enters play in {region}{instead}.",
    "companion_counsel": "{companion} urges {nation} toward war.",
    "voice_of_saruman": "The Voice of Saruman {what}.",
    "regulars_promoted": "{regulars_words} in {region} {become_words}.",
}


def _promoted(args: Mapping[str, Any]) -> dict[str, str]:
    count = int(args["count"])
    return {
        "regulars_words": figure_words(str(args["nation"]), "regular", count),
        "become_words": agree(count, "becomes an Elite", "become Elites"),
    }


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "companions_moved": _companions,
    "nazgul_moved": _nazgul,
    "character_entered": _entered,
    "minion_moved": _minion,
    "voice_of_saruman": _voice,
    "regulars_promoted": _promoted,
}
