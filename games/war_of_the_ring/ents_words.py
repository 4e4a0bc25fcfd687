"""Words of the Ents' events (Twilight of the Third Age, §1.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import ntr, tr

KINDS: dict[str, dict[str, str]] = {
    "ents_entered": {"region": "region"},
    "ents_roused": {"count": "number"},
    "ent_moved": {"region": "region"},
    "ent_attack": {"region": "region"},
    "saruman_overthrown": {"region": "region"},
    "ents_left": {},
}

EN: dict[str, str] = {
    "ents_entered": "The Ents of Fangorn enter the war: an Ent stands in {region}.",
    "ents_roused": "{roused_words}",
    "ent_moved": "An Ent strides out of Fangorn into {region}.",
    "ent_attack": "An Ent leaves Fangorn for good to fall upon the Shadow in {region}.",
    "saruman_overthrown": "The Ents enter {region}, empty of the Shadow: Saruman is overthrown.",
    "ents_left": "The third Ents Awake has been played: the Ents leave the war for good.",
}


def _roused(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    if not n:
        return {"roused_words": tr("No Ent is left to wake in Fangorn.")}
    return {"roused_words": ntr("{count} Ent wakes in Fangorn.", "{count} Ents wake in Fangorn.", n)}


DERIVED = {"ents_roused": _roused}
