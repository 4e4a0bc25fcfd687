"""Words of the Dunlendings' events (Twilight of the Third Age, §1.4).

>>> from .events import PRESENTER
>>> PRESENTER.text("dunlendings_entered", {"regions": ["north_dunland", "south_dunland"], "count": 4})
'The Hillmen of Dunland rise for the Shadow: 4 Dunlendings in North Dunland and South Dunland.'
>>> PRESENTER.text("dunlendings_recruited", {"region": "westemnet", "count": 2})
'2 Dunlendings join the Shadow in Westemnet.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.words import join_words

from .grammar import plural, region_words

KINDS: dict[str, dict[str, str]] = {
    "dunlendings_entered": {"regions": "text", "count": "number"},
    "dunlendings_recruited": {"region": "region", "count": "number"},
    "dunlendings_no_army": {},
}

EN: dict[str, str] = {
    "dunlendings_entered": "The Hillmen of Dunland rise for the Shadow: {entered_words}.",
    "dunlendings_recruited": "{recruited_words} the Shadow in {region}.",
    "dunlendings_no_army": "No Shadow Army stands in North or South Dunland: no Dunlending comes.",
}


def _entered(args: Mapping[str, Any]) -> dict[str, str]:
    n, regions = int(args["count"]), [str(r) for r in args["regions"]]
    if not n:
        return {"entered_words": "no Dunland region has room for them yet"}
    return {"entered_words": f"{plural(n, 'Dunlending')} in {join_words([region_words(r) for r in regions])}"}


def _recruited(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    if not n:
        return {"recruited_words": "No Dunlending is left to join"}
    return {"recruited_words": f"{plural(n, 'Dunlending')} {'joins' if n == 1 else 'join'}"}


DERIVED = {"dunlendings_entered": _entered, "dunlendings_recruited": _recruited}
