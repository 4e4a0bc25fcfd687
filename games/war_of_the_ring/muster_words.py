"""Event words of the recruiting and politics Event cards (issue 19; merged into
:data:`games.war_of_the_ring.events.PRESENTER`).

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("card_recruited", {"side": "free", "region": "edoras", "nation": "rohan",
...     "kind": "elite", "count": 1, "card": "fps_16"})
'The Free Peoples recruit 1 Rohan Elite in Edoras (Riders of Théoden).'
>>> PRESENTER.text("card_promoted", {"side": "shadow", "region": "gorgoroth", "nation": "sauron",
...     "count": 2, "card": "shs_15"})
'2 Sauron Regulars in Gorgoroth become Elites (Hill-trolls).'
>>> PRESENTER.text("nation_set_back", {"nation": "rohan", "steps": 3, "card": "shs_06"})
'Rohan moves away from war (Stormcrow): 3 steps from At War.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.words import agree, capitalized

from .i18n import english, ntr
from .movement_words import character_words, figure_words

KINDS: dict[str, dict[str, str]] = {
    "card_recruited": {
        "side": "side",
        "region": "region",
        "nation": "nation",
        "kind": "text",
        "count": "number",
        "card": "card",
    },
    "card_promoted": {
        "side": "side",
        "region": "region",
        "nation": "nation",
        "count": "number",
        "card": "card",
    },
    "nation_set_back": {"nation": "nation", "steps": "number", "card": "card"},
    "card_figure_lost": {"nation": "nation", "kind": "text", "region": "region", "card": "card"},
    "character_placed": {"character": "character", "region": "region", "card": "card"},
    "card_units_moved": {
        "side": "side",
        "from": "region",
        "to": "region",
        "nation": "nation",
        "kind": "text",
        "count": "number",
        "card": "card",
    },
}

EN: dict[str, str] = {
    "card_recruited": "The {side} {side:recruits|recruit} {figures} in {region} ({card}).",
    "card_promoted": "{figures} in {region} {become} {elites} ({card}).",
    "nation_set_back": "{nation:cap} {nation:moves|move} away from war ({card}): {steps_words}.",
    "card_figure_lost": "The Free Peoples lose {figures} in {region} ({card}).",
    "character_placed": "{who} is placed in {region} ({card}).",
    "card_units_moved": "The {side} {side:moves|move} {figures} from {from} to {to} ({card}).",
}


def _figures(args: Mapping[str, Any]) -> dict[str, str]:
    return {"figures": figure_words(str(args["nation"]), str(args["kind"]), int(args["count"]))}


def _promoted(args: Mapping[str, Any]) -> dict[str, str]:
    count = int(args["count"])
    if not english():
        return {"figures": figure_words(str(args["nation"]), "regular", count)}
    return {
        "figures": figure_words(str(args["nation"]), "regular", count),
        "become": agree(count, "becomes", "become"),
        "elites": "an Elite" if count == 1 else "Elites",
    }


def _steps(args: Mapping[str, Any]) -> dict[str, str]:
    return {"steps_words": ntr("{count} step from At War", "{count} steps from At War", int(args["steps"]))}


def _who(character: str) -> str:
    return capitalized(character_words(character)) if english() else character_words(character)


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "card_recruited": _figures,
    "card_promoted": _promoted,
    "nation_set_back": _steps,
    "card_figure_lost": lambda args: {"figures": figure_words(str(args["nation"]), str(args["kind"]), 1)},
    "character_placed": lambda args: {"who": _who(str(args["character"]))},
    "card_units_moved": _figures,
}
