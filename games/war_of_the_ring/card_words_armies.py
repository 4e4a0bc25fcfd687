"""Event words of the Event cards that move, strike and attack Armies (merged into
:data:`games.war_of_the_ring.events.PRESENTER`).

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("card_roll", {"card": "fps_06", "region": "osgiliath", "dice": [6, 2, 5],
...     "target": 5, "hits": 2})
"Faramir's Rangers: 6 2 5 against the Army in Osgiliath (a hit on 5+): 2 hits."
>>> PRESENTER.text("nazgul_slain", {"region": "minas_morgul", "count": 1})
'1 Nazgûl is slain in Minas Morgul.'
>>> PRESENTER.text("leader_slain", {"card": "shs_03", "nation": "gondor", "region": "minas_tirith"})
"Denethor's Folly: a Gondor Leader in Minas Tirith is slain."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.words import agree, with_article

from .grammar import figures
from .i18n import english, ntr
from .roles import nation_adjective

KINDS: dict[str, dict[str, str]] = {
    "card_roll": {"card": "card", "region": "region", "dice": "dice", "target": "number", "hits": "number"},
    "card_die_hits": {"card": "card", "region": "region", "die": "number"},
    "nazgul_slain": {"region": "region", "count": "number"},
    "leader_slain": {"card": "card", "nation": "nation", "region": "region"},
}

EN: dict[str, str] = {
    "card_roll": "{card}: {dice} against the Army in {region} (a hit on {target}+): {hits_words}.",
    "card_die_hits": "{card}: the die shows {die}: {hits_words} on the Army in {region}.",
    "nazgul_slain": "{count} Nazgûl {is_words} slain in {region}.",
    "leader_slain": "{card}: {leader_words} in {region} is slain.",
}


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "card_roll": lambda args: {"hits_words": ntr("{count} hit", "{count} hits", int(args["hits"]))},
    "card_die_hits": lambda args: {"hits_words": ntr("{count} hit", "{count} hits", int(args["die"]))},
    "nazgul_slain": lambda args: {"is_words": agree(int(args["count"]), "is", "are")},
    "leader_slain": lambda args: {
        "leader_words": (
            with_article(nation_adjective(str(args["nation"])) + " Leader")
            if english()
            else figures(str(args["nation"]), "leader", 1)
        )
    },
}
