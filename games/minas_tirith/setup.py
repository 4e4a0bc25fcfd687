"""The set-up (§5, MT_DESIGN §3): both armies in their starting spaces, the two decks shuffled,
Théoden, Aragorn and Imrahil waiting on their cards; then Gondor rolls for the first round."""

from __future__ import annotations

from collections.abc import Mapping

from games.core import State, new_state
from games.core.chance import shuffle

from .facts import LEADER_CARDS, LEADERS, MT_DECK, REINFORCEMENT_DECK, SETUP, SIDES, SPACE_IDS
from .roles import ROLES
from .turn import fresh_turn, start_round


def empty_state(game: str, seed: int, options: Mapping[str, str]) -> State:
    """The envelope with every game key, nothing placed, the decks in data order."""
    state = new_state(game, seed, options, ROLES)
    state["round"] = 0
    state["dice"] = {"rolled": [], "taken": [], "left": []}
    state["turn"] = fresh_turn(ROLES[0], 1)
    state["units"] = {s: {} for s in SPACE_IDS}
    state["leaders"] = {leader: ("card" if leader in LEADER_CARDS else "removed") for leader in LEADERS}
    state["gate"] = {"broken": False, "blows": 0}
    state["hands"] = {s: [] for s in SIDES}
    state["mt"] = {s: [] for s in SIDES}
    state["decks"] = {
        "reinforcements": list(REINFORCEMENT_DECK),
        "mt": list(MT_DECK),
        "used": [],
        "aside": [],
    }
    state["captured"] = {s: {} for s in SIDES}
    state["deck_out"] = False
    state["last"] = None
    return state


def build(game: str, seed: int, options: Mapping[str, str]) -> State:
    state = empty_state(game, seed, options)
    for _side, space, units, leaders in SETUP:
        here = state["units"][space]
        for kind, n in units.items():
            here[kind] = here.get(kind, 0) + n
        for leader in leaders:
            state["leaders"][leader] = space
    shuffle(state, "reinforcement deck", state["decks"]["reinforcements"])
    shuffle(state, "minas tirith deck", state["decks"]["mt"])
    start_round(state)
    return state
