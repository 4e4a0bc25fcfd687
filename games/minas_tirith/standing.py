"""The public standing (``/game status``): round, points, the gate and what each side holds."""

from __future__ import annotations

from games.core import State

from . import victory
from .facts import EVIL, GOOD, LEADERS
from .roles import title


def standing_lines(state: State) -> tuple[str, ...]:
    good, evil = victory.points(state, GOOD), victory.points(state, EVIL)
    gate = state["gate"]
    gate_text = "broken" if gate["broken"] else f"standing ({gate['blows']} of 3 blows)"
    caught = victory.evil_leaders_captured(state)
    lines = [
        f"Round {state['round']}, turn {state['turn']['in_round']}: {title(state['turn']['role'])} to play.",
        f"Points: {title(GOOD)} {good}, {title(EVIL)} {evil}. The Great Gate is {gate_text}.",
        f"Evil leaders captured: {caught} of 2. "
        f"Reinforcement cards left: {len(state['decks']['reinforcements'])}.",
    ]
    away = [LEADERS[x].name for x, where in state["leaders"].items() if where == "captured"]
    if away:
        lines.append("Captured leaders: " + ", ".join(away) + ".")
    return tuple(lines)
