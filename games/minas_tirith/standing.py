"""The public standing (``/game status``): round, points, the gate and what each side holds, in
the asker's language."""

from __future__ import annotations

from games.core import State
from games.core.i18n import SOURCE, Sentences, join

from . import victory
from .facts import EVIL, GOOD
from .words import leader_label, nt, side_title, t


def standing_lines(state: State, lang: str = SOURCE) -> tuple[str, ...]:
    good, evil = victory.points(state, GOOD), victory.points(state, EVIL)
    gate = state["gate"]
    if gate["broken"]:
        gate_text = t(lang, "The Great Gate is broken.")
    else:
        gate_text = nt(
            lang,
            "The Great Gate is standing ({count} of 3 blow).",
            "The Great Gate is standing ({count} of 3 blows).",
            gate["blows"],
        )
    caught = victory.evil_leaders_captured(state)
    points_text = t(
        lang,
        "Points: {good} {good_points}, {evil} {evil_points}.",
        good=side_title(GOOD, lang),
        good_points=good,
        evil=side_title(EVIL, lang),
        evil_points=evil,
    )
    lines = [
        t(
            lang,
            "Round {round}, turn {turn}: {side} to play.",
            round=state["round"],
            turn=state["turn"]["in_round"],
            side=side_title(state["turn"]["role"], lang),
        ),
        Sentences((points_text, gate_text)).render(lang),
        Sentences(
            (
                t(lang, "Evil leaders captured: {count} of 2.", count=caught),
                t(lang, "Reinforcement cards left: {count}.", count=len(state["decks"]["reinforcements"])),
            )
        ).render(lang),
    ]
    away = [leader_label(x, lang) for x, where in state["leaders"].items() if where == "captured"]
    if away:
        lines.append(t(lang, "Captured leaders: {leaders}.", leaders=join(lang, away)))
    return tuple(lines)
