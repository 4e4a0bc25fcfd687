"""How a Confrontation stands, in public words (``/game status``): what each side has lost and
how many cards it holds, read from the public view only (its names already in ``lang``)."""

from __future__ import annotations

from games.core import View
from games.core.i18n import SOURCE, join

from .words import nt, t


def standing_lines(view: View, lang: str = SOURCE) -> tuple[str, ...]:
    lines = []
    for side in ("fellowship", "sauron"):
        lost = [d["name"] for d in view["defeated"][side]]
        held = view["cards"][side]["hand_count"]
        title = {"fellowship": t(lang, "The Fellowship"), "sauron": t(lang, "Sauron")}[side]
        if lost:
            line = nt(
                lang,
                "{side}: lost {lost}; {count} card in hand",
                "{side}: lost {lost}; {count} cards in hand",
                held,
                side=title,
                lost=join(lang, lost),
            )
        else:
            line = nt(
                lang,
                "{side}: no character lost; {count} card in hand",
                "{side}: no character lost; {count} cards in hand",
                held,
                side=title,
            )
        lines.append(line)
    return tuple(lines)
