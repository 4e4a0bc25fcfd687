"""Event words of Army movement, recruiting and the stacking limit (merged into
:data:`games.war_of_the_ring.events.PRESENTER`).

Figures moved are given as parallel lists, one entry per Nation (``nations``, ``regulars``,
``elites``, ``leaders``) plus ``characters``: plain slugs and numbers, put into words here.

>>> figures_phrase({"sauron": {"regular": 3, "leader": 2}}, ["witch_king"])
'3 Sauron Regulars, 2 Nazgûl and the Witch-king'
>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("army_moved", {"side": "shadow", "from": "gorgoroth", "to": "morannon",
...     "nations": ["sauron"], "regulars": [3], "elites": [0], "leaders": [0], "characters": []})
'The Shadow moves 3 Sauron Regulars from Gorgoroth to Morannon.'
>>> PRESENTER.text("units_recruited", {"side": "free", "region": "edoras", "nation": "rohan",
...     "kind": "elite", "count": 1})
'The Free Peoples recruit 1 Rohan Elite in Edoras.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.words import in_sentence, join_words

from .data import CHARACTERS
from .grammar import figures, plural
from .i18n import english, listed, ptr, tr
from .roles import nation_adjective

KIND_WORDS = {"regular": "Regular", "elite": "Elite", "leader": "Leader"}


def figure_words(nation: str, kind: str, count: int) -> str:
    """``3 Gondor Regulars``, ``1 Elven Leader``, ``2 Nazgûl`` (a Sauron Leader)."""
    if not english():
        return figures(nation, kind, count)
    if nation == "sauron" and kind == "leader":
        return plural(count, "Nazgûl")
    return plural(count, f"{nation_adjective(nation)} {KIND_WORDS[kind]}")


def character_words(character: str) -> str:
    """A character's name as a sentence names him (``the Witch-king``, ``Boromir``)."""
    name = CHARACTERS[character].name
    return in_sentence(name) if english() else ptr("character", name)


def figures_phrase(counts: Mapping[str, Mapping[str, int]], characters: Sequence[str] = ()) -> str:
    """Figures of several Nations and kinds in words (``nothing`` if none)."""
    parts = [
        figure_words(nation, kind, n)
        for nation, kinds in counts.items()
        for kind in ("regular", "elite", "leader")
        if (n := int(kinds.get(kind, 0)))
    ]
    parts += [character_words(c) for c in characters]
    if not english():
        return listed(parts) or tr("nothing")
    return join_words(parts) or "nothing"


def moved_args(counts: Mapping[str, Mapping[str, int]], characters: Sequence[str]) -> dict[str, Any]:
    """The event arguments describing figures (parallel lists per Nation)."""
    nations = [n for n, kinds in counts.items() if any(kinds.values())]
    return {
        "nations": nations,
        "regulars": [int(counts[n].get("regular", 0)) for n in nations],
        "elites": [int(counts[n].get("elite", 0)) for n in nations],
        "leaders": [int(counts[n].get("leader", 0)) for n in nations],
        "characters": list(characters),
    }


def _counts(args: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for index, nation in enumerate(args.get("nations", [])):
        found[str(nation)] = {
            "regular": int(args["regulars"][index]),
            "elite": int(args["elites"][index]),
            "leader": int(args["leaders"][index]),
        }
    return found


def _verb(args: Mapping[str, Any], singular: str, plural_form: str) -> str:
    """The Shadow *moves*, the Free Peoples *move*."""
    return singular if args.get("side") == "shadow" else plural_form


def _army_moved(args: Mapping[str, Any]) -> dict[str, str]:
    return {
        "figures": figures_phrase(_counts(args), [str(c) for c in args.get("characters", [])]),
        "moves": _verb(args, "moves", "move"),
    }


def returned_to(nation: str) -> str:
    """Where units sent back by the stacking limit go: reinforcements, or for the Dunlendings
    (Twilight of the Third Age) their own pool off the map.

    >>> returned_to("sauron"), returned_to("dunlendings")
    ('reinforcements', "the Dunlendings' pool")
    """
    return tr("the Dunlendings' pool") if nation == "dunlendings" else tr("reinforcements")


def _units(args: Mapping[str, Any], singular: str, plural_form: str) -> dict[str, str]:
    return {
        "figures": figure_words(str(args["nation"]), str(args["kind"]), int(args["count"])),
        "verb": _verb(args, singular, plural_form),
    }


KINDS: dict[str, dict[str, str]] = {
    "army_moved": {
        "side": "side",
        "from": "region",
        "to": "region",
        "nations": "text",
        "regulars": "text",
        "elites": "text",
        "leaders": "text",
        "characters": "text",
    },
    "units_returned": {
        "side": "side",
        "region": "region",
        "nation": "nation",
        "kind": "text",
        "count": "number",
    },
    "units_recruited": {
        "side": "side",
        "region": "region",
        "nation": "nation",
        "kind": "text",
        "count": "number",
    },
    "siege_abandoned": {"side": "side", "region": "region"},
    "messenger_used": {},
}

#: The templates (another language writes its own, from the catalog; the verbs agreeing with the
#: side, ``{moves}``, ``{verb}``, are English only).
EN: dict[str, str] = {
    "army_moved": "The {side} {moves} {figures} from {from} to {to}.",
    "units_returned": "The {side} {verb} {figures} in {region} back to {whither} (stacking limit).",
    "units_recruited": "The {side} {verb} {figures} in {region}.",
    "siege_abandoned": "The {side} {verb} the siege of {region}: its garrison comes out.",
    "messenger_used": "The Mouth of Sauron, Messenger of the Dark Tower, uses a Muster die as an Army die.",
}

DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "army_moved": _army_moved,
    "units_returned": lambda args: {
        **_units(args, "sends", "send"),
        "whither": returned_to(str(args["nation"])),
    },
    "units_recruited": lambda args: _units(args, "recruits", "recruit"),
    "siege_abandoned": lambda args: {"verb": _verb(args, "abandons", "abandon")},
}
