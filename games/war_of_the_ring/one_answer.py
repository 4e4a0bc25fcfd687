"""A question with one answer is not asked (rules revision 3): the engine takes the answer, and
the events of what it does tell the table (an Army's move, the battle begun...).

Only the questions named in :data:`TAKEN` are answered so, all of them about the board everyone
sees: an Army moved or the target of an attack, its rearguard, recruits and where they go,
diplomacy, Companions and Minions moved or separated, the move-in after a battle, the retreat
the Scouts card forces (an Event card's own question with one answer, Wisdom of Elrond's Nation,
is taken by the card: :class:`.event_cards.builders.OneChoice`). The questions of
:data:`ASKED_ANYWAY` are asked even with one answer, on purpose: their choices depend on a hand,
and an answer taken for its player would tell his opponent (by the timing alone) what he holds:
the die action (the last die skipped), a Combat card (none), the card an Event makes him discard,
or another card at no die cost (none playable). Random games find no other question with one
answer (``tests/games/war_of_the_ring/test_one_answer.py``).
"""

from __future__ import annotations

from games.core import Action, State
from games.core.flow import Step

from .armies import only_army
from .options import revision

#: The revision from which one-answer questions are answered by the engine.
SINCE = 3

#: The kinds of question (``Prompt.kind``) answered by the engine when they have one answer.
TAKEN = frozenset(
    {
        "army_move",
        "battle_target",
        "rearguard",
        "recruit",
        "diplomacy",
        "separate",
        "move_companions",
        "move_minions",
        "advance",
        "scouts",
        "shadow_of_moria",  # Twilight of the Third Age: the Balrog's extra Hunt tile
    }
)


#: The kinds of question asked even with one answer (see above): the answer hangs on a hand.
ASKED_ANYWAY = frozenset({"action", "combat_card", "event:strategy", "event:character", "event:free_card"})


def only_answer(state: State, steps: dict[str, Step]) -> tuple[str, Action] | None:
    """``(role, action)`` when the question now asked has one answer the engine takes: one
    player asked, a kind of :data:`TAKEN`, one action listed and no count to choose."""
    stack = state["stack"]
    if not stack or state["result"] is not None or revision(state) < SINCE:
        return None
    frame = stack[-1]
    step = steps[frame["step"]]
    active = step.active(state, frame)
    if len(active) != 1:
        return None
    (role,) = active
    if step.name == "army_units" or step.question(state, frame, role) not in TAKEN:
        return None  # (what moves is a count: never one answer)
    if step.name == "army_choose":  # the one question asked of every Army on the board: cut short
        region = only_army(state, frame)
        return None if region is None else (role, Action("army", (region,)))
    found = step.actions(state, frame, role)
    if len(found) != 1 or any(a.high > a.low for a in step.amounts(state, frame, role)):
        return None
    return role, found[0]
