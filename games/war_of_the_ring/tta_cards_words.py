"""Words of the Twilight of the Third Age cards' events (merged into
:data:`games.war_of_the_ring.events.PRESENTER`).

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("rings_taken_back", {"dice": [4, 2, 6], "out": 1, "shadow": 1})[33:]
'the dice show 4 2 6; the Free Peoples take back 2 Elven Rings (1 out of play, 1 from the Shadow).'
>>> PRESENTER.text("despair_eye", {})
'Captain of Despair: the Character die goes into the Hunt Box as an Eye.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .grammar import plural
from .i18n import english, ntr, tr

KINDS: dict[str, dict[str, str]] = {
    "despair_eye": {},
    "rings_taken_back": {"dice": "dice", "out": "number", "shadow": "number"},
    "hand_looked_at": {"side": "side", "count": "number"},
    "hand_seen": {"side": "side", "cards": "cards"},
    "wind_discard": {},
    "wind_discard_seen": {"card": "card"},
    "siege_tower_destroyed": {"region": "region", "combat": "text"},
}

EN: dict[str, str] = {
    "despair_eye": "Captain of Despair: the Character die goes into the Hunt Box as an Eye.",
    "rings_taken_back": "Three Rings for the Elven Kings: the dice show {dice}; {rings_words}.",
    "hand_looked_at": "Wind from the West: the {side} look at the Shadow's hand.",
    "hand_seen": "Wind from the West: the Shadow's hand holds {cards}.",
    "wind_discard": "Wind from the West: the Free Peoples discard a card of the Shadow's hand.",
    "wind_discard_seen": "Wind from the West discards {card} from the Shadow's hand.",
    "siege_tower_destroyed": "{combat}: a Siege Tower at {region} is destroyed (back to the Shadow's pool).",
}


def _rings(args: Mapping[str, Any]) -> dict[str, str]:
    out, shadow = int(args["out"]), int(args["shadow"])
    if not out + shadow:
        return {"rings_words": tr("no Elven Ring comes back")}
    if not english():
        parts = [tr("{count} out of play", count=out)] if out else []
        parts += [tr("{count} from the Shadow", count=shadow)] if shadow else []
        rings = ntr(
            "the Free Peoples take back {count} Elven Ring ({where})",
            "the Free Peoples take back {count} Elven Rings ({where})",
            out + shadow,
            where=tr(", ").join(parts),
        )
        return {"rings_words": rings}
    parts = [f"{out} out of play"] if out else []
    parts += [f"{shadow} from the Shadow"] if shadow else []
    return {
        "rings_words": f"the Free Peoples take back {plural(out + shadow, 'Elven Ring')} ({', '.join(parts)})"
    }


DERIVED = {"rings_taken_back": _rings}
