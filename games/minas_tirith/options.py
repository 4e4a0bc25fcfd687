"""The options a match is played with, read from its state.

``deckout``: the game ends on points at the end of the turn in which the last reinforcement card
is drawn (``end-of-turn``, the default) or at once (``at-once``). ``city_entry``: how evil
battalions may enter the city: through the broken gate and down the ladders from a wall section
they hold (``both``, the default), or only one of the two.
"""

from __future__ import annotations

from games.core import OptionSpec, State

OPTIONS = (
    OptionSpec(
        "deckout",
        ("end-of-turn", "at-once"),
        "end-of-turn",
        "When the last reinforcement card is drawn: finish that turn, or end the game at once.",
        {"end-of-turn": "At the end of that turn", "at-once": "At once"},
        heading="Deck runs out",
    ),
    OptionSpec(
        "city_entry",
        ("both", "gate-only", "ladders-only"),
        "both",
        "How Mordor may enter the city: the broken gate, the ladders from a held wall, or both.",
        {"both": "Gate and ladders", "gate-only": "Broken gate only", "ladders-only": "Ladders only"},
        heading="City entry",
    ),
)


def ends_at_once(state: State) -> bool:
    return bool(state["options"].get("deckout") == "at-once")


def evil_through_gate(state: State) -> bool:
    return state["options"].get("city_entry", "both") in ("both", "gate-only")


def evil_down_ladders(state: State) -> bool:
    return state["options"].get("city_entry", "both") in ("both", "ladders-only")
