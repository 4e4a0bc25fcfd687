"""Words of the siege engines' events (Twilight of the Third Age, §1.3).

>>> from .events import PRESENTER
>>> PRESENTER.text("engines_removed", {"side": "free", "region": "minas_tirith", "count": 1})
"A Trebuchet at Minas Tirith goes back to the Free Peoples' pool."
>>> PRESENTER.text("engines_removed", {"side": "shadow", "region": "helms_deep", "count": 2})
"2 Siege Towers at Helm's Deep go back to the Shadow's pool."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .grammar import plural
from .i18n import english, ntr, tr
from .tta.content import ENGINES

KINDS: dict[str, dict[str, str]] = {
    "engine_placed": {"side": "side", "region": "region"},
    "engines_removed": {"side": "side", "region": "region", "count": "number"},
    "trebuchet_sacrificed": {"region": "region"},
    "siege_towers_press": {"region": "region"},
}

EN: dict[str, str] = {
    "engine_placed": "The {side} {build_words} {engine_words} at {region}.",
    "engines_removed": "{engines_words} at {region} {go_words} back to {pool_words}.",
    "trebuchet_sacrificed": (
        "The Free Peoples sacrifice a Trebuchet at {region}: siege superiority there until the turn ends."
    ),
    "siege_towers_press": "The Siege Towers carry the assault on {region} one more round, no Elite reduced.",
}


def _placed(args: Mapping[str, Any]) -> dict[str, str]:
    side = str(args["side"])
    if not english():
        return {"engine_words": tr("a Trebuchet") if side == "free" else tr("a Siege Tower")}
    return {"engine_words": f"a {ENGINES[side].name}", "build_words": "raise" if side == "free" else "builds"}


def _removed(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    if not english():
        free = args["side"] == "free"
        return {
            "engines_words": (
                ntr("{count} Trebuchet", "{count} Trebuchets", n)
                if free
                else ntr("{count} Siege Tower", "{count} Siege Towers", n)
            ),
            "pool_words": tr("the Free Peoples' pool") if free else tr("the Shadow's pool"),
        }
    engine = ENGINES[str(args["side"])]
    words = plural(n, engine.name) if n > 1 else f"A {engine.name}"
    owner = "the Free Peoples'" if args["side"] == "free" else "the Shadow's"  # never "Peoples's"
    return {"engines_words": words, "go_words": "go" if n > 1 else "goes", "pool_words": f"{owner} pool"}


DERIVED = {"engine_placed": _placed, "engines_removed": _removed}
