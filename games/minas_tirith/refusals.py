"""Why an action is refused, in words for the player asking: what is wrong and what he may do."""

from __future__ import annotations

from games.core import Action, State

from . import advances, forces, ranged
from .events import space_name
from .facts import ADJACENT, EVIL, GOOD, LEADERS, MT_CARDS, SPACES, distance, other
from .roles import title

PHASE_VERBS = {
    "die": ("die",),
    "trade": ("trade", "load", "discard", "done"),
    "reward": ("reward",),
    "keep": ("keep",),
    "act": ("advance", "ride", "leader", "attack", "shoot", "enter", "exchange", "ram", "play", "end"),
    "advance": ("send", "lead", "go", "cancel"),
    "fight": ("lose", "react", "decline"),
}


def refusal(state: State, role: str, action: Action) -> str | None:
    step = state["stack"][-1]["step"] if state["stack"] else None
    verb, args = action.verb, action.args
    if step is None:
        return None
    if verb not in PHASE_VERBS.get(step, ()):
        allowed = ", ".join(f"`{v}`" for v in PHASE_VERBS.get(step, ()))
        return f"You cannot `{verb}` now: this step takes {allowed}."
    if step == "act" and state["turn"]["points"] <= 0 and verb not in ("play", "end"):
        return "Your action points are spent: you may only play an event card or end your turn."
    if verb in ("attack", "shoot") and role in state["turn"]["no_fight"]:
        return f"{title(role)} may not fight any more this turn: a retreat stopped the fighting."
    for arg in args[:2]:
        if verb in ("advance", "ride", "attack", "shoot") and arg not in SPACES:
            return f"There is no space called `{arg}` on this board."
    if verb in ("advance", "ride") and args and args[0] in SPACES and not forces.holds(state, role, args[0]):
        return f"You have no battalions in {SPACES[args[0]].name}."
    if (
        verb in ("advance", "ride")
        and len(args) > 1
        and args[1] in SPACES
        and forces.enemy_in(state, role, args[1])
    ):
        return f"You may not move into {SPACES[args[1]].name}: enemy battalions hold it. Attack it first."
    if verb == "advance" and len(args) > 1 and args[1] in SPACES and SPACES[args[1]].kind == "wall":
        if role == EVIL:
            return (
                "Mordor climbs the walls only from the spaces below, with the Siege Tower or Storm Ladders."
            )
        return "Only Gondor's infantry and leaders go up the ladders from the city onto the walls."
    if verb == "advance" and len(args) > 1 and args[1] == "minas_tirith" and role == EVIL:
        return (
            "The Great Gate is closed to Mordor until Grond breaks it; or come down the ladders from a wall."
        )
    if verb == "attack" and role == GOOD and args and args[0] in SPACES and SPACES[args[0]].kind == "wall":
        return "Gondor's battalions on the walls shoot; they never attack from them."
    if verb == "shoot" and len(args) > 2 and args[2].isdigit() and int(args[2]) > 3:
        return "A ranged attack rolls at most 3 dice."
    if verb == "attack" and len(args) > 2 and args[2].isdigit() and int(args[2]) > 3:
        return "At most 3 battalions attack at once."
    if verb == "leader" and args and args[0] in LEADERS and LEADERS[args[0]].side != role:
        return f"{LEADERS[args[0]].name} is not your leader."
    if (
        verb in ("play", "enter")
        and args
        and args[0] in MT_CARDS
        and not forces.holds_card(state, role, args[0])
    ):
        return f"You do not hold {MT_CARDS[args[0]].name}."
    if verb == "enter" and len(args) > 1 and args[1] in SPACES:
        return _entry_refusal(state, args[0], args[1])
    if len(args) >= 2 and args[0] in SPACES and args[1] in SPACES:
        return _between(state, role, verb, args[0], args[1])
    return None


def _entry_refusal(state: State, card: str, space: str) -> str | None:
    leader = MT_CARDS[card].leader if card in MT_CARDS else None
    if not leader or state["leaders"][leader] != "card":
        return None
    colour = LEADERS[leader].colour
    there = [x for x in forces.leaders_at(state, space) if LEADERS[x].colour == colour]
    if not there:
        return None
    return (
        f"{LEADERS[leader].name} may not enter {SPACES[space].name}: {LEADERS[there[0]].name} stands "
        f"there, and two {colour} leaders never share a space."
    )


def _between(state: State, role: str, verb: str, start: str, target: str) -> str | None:
    """Why an action from ``start`` to ``target`` is refused, when the spaces tell."""
    here, there = space_name(start), space_name(target)
    if verb in ("attack", "shoot") and not forces.holds(state, other(role), target):
        return f"There are no enemy battalions in {there} to {verb}."
    if verb == "attack" and target not in ADJACENT[start]:
        return f"A land attack goes into a neighbouring space: {there} does not border {here}."
    if verb == "shoot":
        reach = distance(start, target)
        catapult = ranged.catapult_ready(state, role, start)
        if reach > ranged.CATAPULT_RANGE or (reach > ranged.SHOOTER_RANGE and not catapult):
            return f"{_cap(there)} is out of range of {here}: shooters reach 2 spaces, a catapult 3."
        if ranged.fresh_shooters(state, role, start) <= 0 and not catapult:
            return f"No shooter in {here} may shoot now: each shoots once a turn."
    if verb == "ride" and target not in advances.ride_targets(state, role, start):
        return (
            "Cavalry rides two spaces, through a space free of the enemy (yours or empty), "
            "into one free of the enemy."
        )
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
