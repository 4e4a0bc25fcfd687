"""What the table tells in one post (:meth:`Ruleset.exchange`): the public exchange under way;
and the steps that need no new picture of the board (:data:`BOARDLESS`).

- **A die action**, from the die used until the action step is back to the opponent (or to the
  same side, when the opponent has no die left): every step of it — armies, units, destinations,
  the Hunt and its casualties, the Guide chosen after it, a battle and all its rounds, a card's
  sub-steps — goes into the post that told its first step worth seeing.
- **The hand limit of phase 1**: the discards of both sides (face down) go into the newest post,
  as one line each, instead of one post (and board) each.

The name says only what everyone saw: the turn, the acting side and how many dice it has used
(the die of this action included), never a card or a secret choice.

>>> state = {"turn": {"number": 2, "die": "army"}, "dice": {"shadow": {"used": ["muster", "army"]}},
...     "stack": [{"step": "act", "side": "shadow"}, {"step": "move_armies"}]}
>>> exchange_of(state)
'action:2:shadow:2'
>>> exchange_of({**state, "turn": {"number": 2}}) is None
True
>>> exchange_of({"turn": {"number": 3, "phase": "recover"}, "dice": {},
...     "stack": [{"step": "discard", "sides": ["free"]}]})
'hand-limit:3'
"""

from __future__ import annotations

from games.core import State

#: Public events that change nothing on the map worth a new picture (``Ruleset.boardless_events``):
#: a post telling only these (a skipped die, a pass, a card drawn or discarded face down, an Elven
#: Ring turning a die) is text alone; the board follows with the next step that moves something.
BOARDLESS = frozenset({"passed", "die_skipped", "card_drawn", "card_discarded", "ring_used"})
#: The step of phase 5 in which a side chooses its die and action (:class:`actions.Act`).
ACTION_STEP = "act"
#: The phase-1 step in which sides over the hand limit discard (:class:`turn.Discard`).
HAND_LIMIT_STEP = "discard"


def exchange_of(state: State) -> str | None:
    """The exchange under way in ``state`` (see the module), or ``None``."""
    turn = state["turn"]
    if turn.get("die") is not None:  # spent, and the action it started is not over yet
        side = next((f["side"] for f in state["stack"] if f["step"] == ACTION_STEP), "")
        used = len(state["dice"].get(side, {}).get("used", ()))
        return f"action:{turn['number']}:{side}:{used}"
    stack = state["stack"]
    if turn.get("phase") == "recover" and stack and stack[-1]["step"] == HAND_LIMIT_STEP:
        return f"hand-limit:{turn['number']}"
    return None
