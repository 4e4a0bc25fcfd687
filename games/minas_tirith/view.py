"""What each audience sees (MT_DESIGN §8): the whole board, the hands and the Minas Tirith cards
(all face up), the dice, the gate, captures and points. The only secret is the order of the two
decks (and the PRNG): views show how many cards each deck holds, never which. Every audience's
view is the same but for its ``audience`` marker.

Beyond MT_DESIGN §8: ``options`` (the match's), ``turn`` (the turn's public bookkeeping: its
``die``, whether the ``special_used`` trade is made, the sides that may not fight any more
(``no_fight``), how many shooters ``shot`` from each space), ``leaders`` (every leader's
whereabouts: a space, ``card``, ``captured`` or ``removed``), ``catapults_used`` (walls whose
catapult shot this turn) and ``supply`` (battalions left to place, per kind). ``last`` is the last
advance (``kind`` ``advance``/``ride``/``leader``, ``role``, ``from``, ``to``), ranged attack
(``ranged``, with ``dice.attack`` and ``hits``) or land attack (``land``, with
``dice.attack``/``dice.defence``, ``sixes``, ``losses`` per side and ``retreat``, the spaces the
retreating army passed).
"""

from __future__ import annotations

from typing import Any

from games.core import State, View
from games.core.i18n import SOURCE

from . import forces, victory
from .facts import MT_CARDS, REINFORCEMENTS, SIDES, SPACE_IDS, UNITS
from .words import card_label


def phase_of(state: State) -> str:
    stack = state["stack"]
    if state["result"] is not None or not stack:
        return "over"
    return {"die": "choose_die", "trade": "trade", "reward": "trade", "keep": "trade"}.get(
        stack[-1]["step"], "actions"
    )


def _player(state: State, role: str, lang: str) -> dict[str, Any]:
    return {
        "hand": [
            {"id": c, "figure": REINFORCEMENTS[c].figure, "sword": REINFORCEMENTS[c].sword}
            for c in state["hands"][role]
        ],
        "mt_cards": [
            {
                "id": e["id"],
                "name": card_label(e["id"], lang),
                "side": MT_CARDS[e["id"]].side,
                "kind": MT_CARDS[e["id"]].kind,
                "holds": dict(e["holds"]),
            }
            for e in state["mt"][role]
        ],
        "captured": dict(state["captured"][role]),
        "points": victory.points(state, role),
        "shot_from": sorted(state["turn"]["shot"]) if state["turn"]["role"] == role else [],
    }


def build_view(state: State, audience: str | None, lang: str = SOURCE) -> View:
    """What ``audience`` sees; the names it holds (the Minas Tirith cards') in ``lang``: the
    picture says the rest from the data, in the same language (``view["lang"]``)."""
    current = None if state["result"] is not None else state["turn"]["role"]
    spaces = {}
    for space in SPACE_IDS:
        units = forces.units_at(state, space)
        spaces[space] = {
            "side": forces.side_at(state, space),
            "units": dict(units),
            "leaders": forces.leaders_at(state, space),
        }
    decks = state["decks"]
    return {
        "game": state["game"],
        "audience": audience,
        "round": state["round"],
        "turn_in_round": state["turn"]["in_round"],
        "current": current,
        "phase": phase_of(state),
        "dice": {
            "rolled": list(state["dice"]["rolled"]),
            "taken": [dict(t) for t in state["dice"]["taken"]],
            "left": list(state["dice"]["left"]),
        },
        "points_left": state["turn"]["points"],
        "options": dict(state["options"]),
        "turn": {
            "die": state["turn"]["die"],
            "special_used": state["turn"]["special_used"],
            "no_fight": list(state["turn"]["no_fight"]),
            "shot": dict(state["turn"]["shot"]),
        },
        "spaces": spaces,
        "gate": dict(state["gate"]),
        "players": {role: _player(state, role, lang) for role in SIDES},
        "decks": {
            "reinforcements": len(decks["reinforcements"]),
            "mt": len(decks["mt"]),
            "used_reinforcements": len(decks["used"]),
            "put_aside_mt": list(decks["aside"]),
        },
        "leaders": dict(state["leaders"]),
        "last": state["last"],
        "catapults_used": list(state["turn"]["catapults"]),
        "supply": {k: forces.supply(state, k) for k in UNITS},
        "result": state["result"],
    }
