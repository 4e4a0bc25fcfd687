"""Words of the Dunlendings' events (Twilight of the Third Age, §1.4).

>>> from .events import PRESENTER
>>> PRESENTER.text("dunlendings_entered", {"regions": ["north_dunland", "south_dunland"], "count": 4})
'The Hillmen of Dunland rise for the Shadow: 4 Dunlendings in North Dunland and South Dunland.'
>>> PRESENTER.text("dunlendings_recruited", {"region": "westemnet", "count": 2, "full": False})
'2 Dunlendings join the Shadow in Westemnet.'
>>> PRESENTER.text("dunlendings_recruited", {"region": "south_dunland", "count": 0, "full": True})
'The stacking limit leaves no room for Dunlendings to join the Shadow in South Dunland.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.words import agree, join_words

from .grammar import region_words
from .i18n import english, listed, ntr, tr

KINDS: dict[str, dict[str, str]] = {
    "dunlendings_entered": {"regions": "text", "count": "number"},
    "dunlendings_recruited": {"region": "region", "count": "number", "full": "flag"},
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
        return {"entered_words": tr("no Dunland region has room for them yet")}
    names = [region_words(r) for r in regions]
    where = join_words(names) if english() else listed(names)
    return {
        "entered_words": ntr(
            "{count} Dunlending in {regions}", "{count} Dunlendings in {regions}", n, regions=where
        )
    }


def recruited_sentence(args: Mapping[str, Any]) -> str:
    """``dunlendings_recruited`` in another language: one whole message per case."""
    n, region = int(args["count"]), region_words(str(args["region"]))
    if not n and args.get("full"):
        return tr(
            "The stacking limit leaves no room for Dunlendings to join the Shadow in {region}.", region=region
        )
    if not n:
        return tr("No Dunlending is left to join the Shadow in {region}.", region=region)
    return ntr(
        "{count} Dunlending joins the Shadow in {region}.",
        "{count} Dunlendings join the Shadow in {region}.",
        n,
        region=region,
    )


def _recruited(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    if not n and args.get("full"):  # the pool has some, the Army has no room (stored logs: no key)
        return {"recruited_words": "The stacking limit leaves no room for Dunlendings to join"}
    if not n:
        return {"recruited_words": "No Dunlending is left to join"}
    return {"recruited_words": agree(n, f"{n} Dunlending joins", f"{n} Dunlendings join")}


DERIVED = {"dunlendings_entered": _entered, "dunlendings_recruited": _recruited}
#: The kinds another language says as one whole message per case (English fills its template).
SENTENCES = {"dunlendings_recruited": recruited_sentence}
