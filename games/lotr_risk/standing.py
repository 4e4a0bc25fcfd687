"""How a match stands, in public words (``/game status``): each player's holdings, score and
the Ring's progress, read from the public view only."""

from __future__ import annotations

from typing import Any

from games.core import View
from games.core.words import counted, in_sentence


def standing_lines(view: View) -> tuple[str, ...]:
    lines = [_player_line(p, view["mode"] == "lotr") for p in view["players"]]
    neutral = view.get("neutral")
    if neutral:
        lines.append(
            f"Neutral: {_count(neutral['territories'], 'territory', 'territories')}, "
            f"{_count(neutral['battalions'], 'battalion')}"
        )
    decks = view.get("decks")
    if decks:
        lines.append(_decks_line(decks))
    ring = view.get("ring")
    if ring:
        where = next(
            (t["name"] for t in view["territories"] if t["id"] == ring["territory"]), ring["territory"]
        )
        if ring["done"]:
            lines.append(f"The Ring: its journey is over ({where}).")
        else:
            lines.append(f"The Ring: in {in_sentence(where)}, step {ring['step']} of {ring['steps']}.")
    return tuple(lines)


def _player_line(player: dict[str, Any], adventures: bool) -> str:
    name = player["name"]
    if player.get("allegiance"):
        name += f" ({player['allegiance'].title()})"
    if player.get("resigned"):
        return f"{name}: out of the game (resigned)"
    if player.get("dropped"):
        return f"{name}: out of the game (ran out of time)"
    if player.get("eliminated"):
        return f"{name}: eliminated"
    parts = [
        _count(player["territories"], "territory", "territories"),
        _count(player["battalions"], "battalion"),
        _count(player["cards"], "territory card"),
    ]
    if adventures:
        parts.append(_count(player["adventure_cards"], "adventure card"))
    if player.get("score") is not None:
        parts.append(f"**{player['score']}** points")
    return f"{name}: {', '.join(parts)}"


def _decks_line(decks: dict[str, int]) -> str:
    """``'Decks: 30 territory cards (5 discarded), 40 adventure cards (3 discarded)'``."""
    parts = [
        f"{_count(decks[name], kind + ' card')} ({decks[name + '_discard']} discarded)"
        for name, kind in (("territory", "territory"), ("adventure", "adventure"))
        if name in decks
    ]
    return "Decks: " + ", ".join(parts)


def _count(number: int, one: str, many: str | None = None) -> str:
    return counted(number, one, many)
