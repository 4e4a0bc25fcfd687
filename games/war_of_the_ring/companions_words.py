"""Words of the events of the Event cards that move Companions and Nazgûl (issue 19)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import TILES
from .i18n import ntr, tr

KINDS: dict[str, dict[str, str]] = {
    "challenge_tiles": {"tiles": "tiles", "removed": "tiles"},
    "fellowship_driven": {"from": "region", "region": "region"},
    "table_card_discarded": {"side": "side", "card": "card", "why": "why"},
}

EN: dict[str, str] = {
    "challenge_tiles": "The King's challenge draws {tiles}: {outcome}.",
    "fellowship_driven": "Cruel weather drives the Fellowship from {from} into {region}.",
    "table_card_discarded": "{card} is discarded from the table ({why}).",
}


def _challenge(args: Mapping[str, Any]) -> dict[str, str]:
    tiles = [str(t) for t in args.get("tiles", ())]
    removed = list(args.get("removed", ()))
    eyes = sum(1 for t in tiles if TILES[t].value == "eye")
    if len(tiles) == 3 and eyes == 3:
        outcome = tr("three Eyes, and the tiles go back to the Hunt Pool")
    elif removed:
        outcome = ntr(
            "{count} Eye removed from the game, the rest back to the Hunt Pool",
            "{count} Eyes removed from the game, the rest back to the Hunt Pool",
            len(removed),
        )
    else:
        outcome = tr("no Eye, and the tiles go back to the Hunt Pool")
    return {"outcome": outcome}


DERIVED = {"challenge_tiles": _challenge}
