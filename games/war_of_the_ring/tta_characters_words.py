"""Words of the Twilight of the Third Age characters' events (§1.5, R-1 to R-4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .i18n import mark, tr

KINDS: dict[str, dict[str, str]] = {
    "witch_king_card": {"card": "text"},
    "witch_king_pursues": {"from": "region", "to": "region"},
    "shadow_of_moria": {},
    "balrog_banished": {"region": "region"},
    "balrog_card_discarded": {"why": "why"},
    "nenya_used": {"tile": "tile"},
    "galadriel_departs": {"region": "region"},
    "smeagol_tile_returns": {"tile": "tile"},
    "smeagol_sneaks": {"region": "region"},
    "smeagol_sacrificed": {},
    "we_shall_get_it_taken": {},
    "we_shall_get_it_used": {"tile": "tile"},
}

EN: dict[str, str] = {
    "witch_king_card": "{card_words}",
    "witch_king_pursues": "Pursuit: the Witch-king, Chief of the Ringwraiths, flies from {from} to {to}.",
    "shadow_of_moria": "The path went through Moria, where the Balrog waits: one more Hunt tile is drawn.",
    "balrog_banished": "A Balrog is Come! left the table, the Balrog away from Moria: he falls in {region}.",
    "balrog_card_discarded": "The Shadow's A Balrog is Come! is discarded ({why}).",
    "nenya_used": "Nenya: Galadriel cancels the Hunt tile “{tile}”; her Elven Ring goes to the Shadow.",
    "galadriel_departs": "{region} has fallen: Galadriel passes over the Sea.",
    "smeagol_tile_returns": "The Sméagol tile goes back into the Hunt Pool.",
    "smeagol_sneaks": "Sméagol leads the Fellowship on before the Hunt: it is declared in {region}.",
    "smeagol_sacrificed": "Sméagol takes the Hunt's blow: no damage, and the piece turns to Gollum.",
    "we_shall_get_it_taken": "The Shadow takes We Shall Get It.",
    "we_shall_get_it_used": "We Shall Get It: “{tile}” goes back into the Hunt Pool, another tile is drawn.",
}

_CARDS = {
    "chief": mark("The Witch-king comes as the Chief of the Ringwraiths."),
    "black_captain": mark(
        "The Witch-king comes as the Black Captain; the Chief of the Ringwraiths' card is out of the game."
    ),
}


def _card(args: Mapping[str, Any]) -> dict[str, str]:
    said = _CARDS.get(str(args["card"]))
    return {"card_words": tr(said) if said else ""}


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {"witch_king_card": _card}
