"""Event words of the Hunt, Corruption and Fellowship cards (merged into
:data:`games.war_of_the_ring.events.PRESENTER`).

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("special_tile_in_play", {"side": "free", "tile": "phial", "pool": False})
'The Free Peoples put the special Hunt tile Phial of Galadriel in play (it waits for the Mordor Track).'
>>> PRESENTER.text("hunt_tile_ignored", {"tile": "eye_2", "why": "shc_05"})
'Hunt tile (Orc Patrol): Eye, Reveal — no effect.'
>>> PRESENTER.text("eyes_added", {"faces": ["army", "muster"]})
'The Shadow turns Army and Muster into Eyes in the Hunt Box.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .i18n import tr

KINDS: dict[str, dict[str, str]] = {
    "special_tile_in_play": {"side": "side", "tile": "tile", "pool": "flag"},
    "table_card_used": {"side": "side", "card": "card"},
    "hunt_tile_ignored": {"tile": "tile", "why": "why"},
    "hunt_tile_returned": {"tile": "tile"},
    "no_character_card": {"side": "side"},
    "card_dice_rolled": {"card": "card", "dice": "dice"},
    "die_changed": {"side": "side", "face": "face", "new": "face", "card": "card"},
    "eyes_added": {"faces": "faces"},
    "companion_drawn": {"companion": "character", "card": "card"},
}

EN: dict[str, str] = {
    "special_tile_in_play": "The {side} {side:puts|put} the special Hunt tile {tile} in play{where}.",
    "table_card_used": "The {side} {side:uses|use} {card}.",
    "hunt_tile_ignored": "Hunt tile ({why}): {tile} — no effect.",
    "hunt_tile_returned": "Mithril Coat and Sting: the Hunt tile {tile} is put back into the Hunt Pool.",
    "no_character_card": "The {side} {side:holds|hold} no Character card to lose.",
    "card_dice_rolled": "{card}: the dice roll {dice}.",
    "die_changed": "{card}: a {face} die becomes a {new}.",
    "eyes_added": "The Shadow turns {faces} into Eyes in the Hunt Box.",
    "companion_drawn": "{card} draws {companion}.",
}


def _where(args: Mapping[str, Any]) -> dict[str, str]:
    at_once = tr(" (in the Hunt Pool at once)")
    return {"where": at_once if args["pool"] else tr(" (it waits for the Mordor Track)")}


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {"special_tile_in_play": _where}
