"""Words of the Corsairs' events (Twilight of the Third Age, §1.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import ntr, tr

KINDS: dict[str, dict[str, str]] = {
    "corsairs_entered": {"region": "region", "count": "number"},
    "ship_built": {"region": "region"},
    "fleet_sailed": {"from": "region", "to": "region", "count": "number"},
    "sea_transport": {"from": "region", "to": "region"},
    "ships_sunk": {"region": "region", "count": "number"},
    "ship_rolled": {"region": "region", "die": "number", "sunk": "flag"},
}

EN: dict[str, str] = {
    "corsairs_entered": "The Corsairs of Umbar enter the war: {ships} in {region}.",
    "ship_built": "The Shadow builds a Corsair Ship in {region}.",
    "fleet_sailed": "{ships} {sail} from {from} to {to}.",
    "sea_transport": "The Corsair Ships carry that Army by sea from {from} to {to}.",
    "ships_sunk": "{ships} {sink} in {region}.",
    "ship_rolled": "A Corsair Ship in {region}: {die}, {fate}.",
}


def _ships(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    return {
        "ships": ntr("{count} Corsair Ship", "{count} Corsair Ships", n),
        "sail": "sails" if n == 1 else "sail",
        "sink": "is sunk" if n == 1 else "are sunk",
    }


def _rolled(args: Mapping[str, Any]) -> dict[str, str]:
    return {"fate": tr("sunk") if args["sunk"] else tr("it rides out the storm")}


DERIVED = {
    "corsairs_entered": _ships,
    "fleet_sailed": _ships,
    "ships_sunk": _ships,
    "ship_rolled": _rolled,
}
