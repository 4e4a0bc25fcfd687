"""How a match stands, in public words (``/game status``): each player's holdings, score and
the Ring's progress, read from the public view only."""

from __future__ import annotations

from typing import Any

from games.core import View
from games.core.words import in_sentence

from .i18n import english, ntr, tr


def standing_lines(view: View) -> tuple[str, ...]:
    lines = [_player_line(p, view["mode"] == "lotr") for p in view["players"]]
    neutral = view.get("neutral")
    if neutral:
        lines.append(
            tr(
                "Neutral: {territories}, {battalions}",
                territories=ntr("{count} territory", "{count} territories", neutral["territories"]),
                battalions=ntr("{count} battalion", "{count} battalions", neutral["battalions"]),
            )
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
            lines.append(tr("The Ring: its journey is over ({territory}).", territory=where))
        else:
            where = in_sentence(where) if english() else where
            lines.append(
                tr(
                    "The Ring: in {territory}, step {step} of {steps}.",
                    territory=where,
                    step=ring["step"],
                    steps=ring["steps"],
                )
            )
    return tuple(lines)


def _player_line(player: dict[str, Any], adventures: bool) -> str:
    name = player["name"]
    if player.get("allegiance") == "good":
        name = tr("{name} (Good)", name=name)
    elif player.get("allegiance") == "evil":
        name = tr("{name} (Evil)", name=name)
    if player.get("resigned"):
        return tr("{name}: out of the game (resigned)", name=name)
    if player.get("dropped"):
        return tr("{name}: out of the game (ran out of time)", name=name)
    if player.get("eliminated"):
        return tr("{name}: eliminated", name=name)
    parts = [
        ntr("{count} territory", "{count} territories", player["territories"]),
        ntr("{count} battalion", "{count} battalions", player["battalions"]),
        ntr("{count} territory card", "{count} territory cards", player["cards"]),
    ]
    if adventures:
        parts.append(ntr("{count} adventure card", "{count} adventure cards", player["adventure_cards"]))
    if player.get("score") is not None:
        parts.append(ntr("**{count}** point", "**{count}** points", player["score"]))
    return tr("{name}: {parts}", name=name, parts=tr(", ").join(parts))


def _decks_line(decks: dict[str, int]) -> str:
    """``'Decks: 30 territory cards (5 discarded), 40 adventure cards (3 discarded)'``."""
    parts = []
    if "territory" in decks:
        parts.append(
            ntr(
                "{count} territory card ({discarded} discarded)",
                "{count} territory cards ({discarded} discarded)",
                decks["territory"],
                discarded=decks["territory_discard"],
            )
        )
    if "adventure" in decks:
        parts.append(
            ntr(
                "{count} adventure card ({discarded} discarded)",
                "{count} adventure cards ({discarded} discarded)",
                decks["adventure"],
                discarded=decks["adventure_discard"],
            )
        )
    return tr("Decks: {decks}", decks=tr(", ").join(parts))
