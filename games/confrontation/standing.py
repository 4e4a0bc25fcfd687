"""How a Confrontation stands, in public words (``/game status``): what each side has lost and
how many cards it holds, read from the public view only."""

from __future__ import annotations

from games.core import View
from games.core.words import counted, join_words

TITLES = {"fellowship": "The Fellowship", "sauron": "Sauron"}


def standing_lines(view: View) -> tuple[str, ...]:
    lines = []
    for side in ("fellowship", "sauron"):
        lost = [d["name"] for d in view["defeated"][side]]
        held = view["cards"][side]["hand_count"]
        losses = f"lost {join_words(lost)}" if lost else "no character lost"
        lines.append(f"{TITLES[side]}: {losses}; {counted(held, 'card')} in hand")
    return tuple(lines)
