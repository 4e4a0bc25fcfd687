"""Reading a Risk view (``docs/dev/lotr_risk.md``, "The view"): names, colours, headline.

Everything is read with ``.get`` so that hand-made or older views still draw.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from renderers.common.colours import RGB, rgb

from .layout import GAME_DIR
from .theme import DEFAULT_COLOURS, NEUTRAL, ROLE_TITLES
from .words import english, listed, mark, ntr, ptr, tr

#: The headline while someone else acts ("Green to attack"), by phase.
PHASES = {
    "claim": mark("{names} to claim a territory"),
    "place_start": mark("{names} to place armies"),
    "setup": mark("{names} to set up"),
    "reinforce": mark("{names} to reinforce"),
    "trade": mark("{names} to trade cards"),
    "attack": mark("{names} to attack"),
    "battle": mark("{names} to roll"),
    "defend": mark("{names} to defend"),
    "advance": mark("{names} to move in"),
    "fortify": mark("{names} to fortify"),
    "leader": mark("{names} to place a leader"),
    "fellowship": mark("{names} to move the Fellowship"),
}
#: The headline of the player whose turn it is ("Your turn, Black: attack"), by phase.
YOUR_PHASES = {
    "claim": mark("Your turn, {name}: claim a territory"),
    "place_start": mark("Your turn, {name}: place armies"),
    "setup": mark("Your turn, {name}: set up"),
    "reinforce": mark("Your turn, {name}: reinforce"),
    "trade": mark("Your turn, {name}: trade cards"),
    "attack": mark("Your turn, {name}: attack"),
    "battle": mark("Your turn, {name}: roll"),
    "defend": mark("Your turn, {name}: defend"),
    "advance": mark("Your turn, {name}: move in"),
    "fortify": mark("Your turn, {name}: fortify"),
    "leader": mark("Your turn, {name}: place a leader"),
    "fellowship": mark("Your turn, {name}: move the Fellowship"),
}
PHASE_TITLES = {
    "claim": mark("Claims"),
    "place_start": mark("Set-up"),
    "setup": mark("Set-up"),
    "reinforce": mark("Reinforce"),
    "trade": mark("Reinforce"),
    "attack": mark("Attack"),
    "battle": mark("Battle"),
    "defend": mark("Battle"),
    "advance": mark("Conquest"),
    "fortify": mark("Fortify"),
    "leader": mark("Leader"),
    "fellowship": mark("Fellowship"),
}


def phase_title(phase: str) -> str:
    """A phase's title in the picture's language ("" for none)."""
    found = PHASE_TITLES.get(phase)
    return tr(found) if found else ""


SETUP_PHASES = {"claim", "place_start", "setup"}


def players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or [] if isinstance(p, Mapping)]


def player(view: Mapping[str, Any], role: object) -> Mapping[str, Any] | None:
    return next((p for p in players(view) if p.get("role") == role), None)


def title(view: Mapping[str, Any], role: object) -> str:
    """The role's title: "Green", "Neutral"..."""
    if role == "neutral":
        return tr("Neutral")
    entry = player(view, role)
    if entry and entry.get("name"):
        return str(entry["name"])
    found = ROLE_TITLES.get(str(role))
    return ptr("role", found) if found else str(role).title()


def name(view: Mapping[str, Any], role: object) -> str:
    """The player's display name (``view["names"]``) or the role's title."""
    names = view.get("names") or {}
    if isinstance(names, Mapping) and names.get(role):
        return str(names[role])
    return title(view, role)


def label(view: Mapping[str, Any], role: object) -> str:
    """ "Alice (Green)" when the bot gave a name, else "Green"."""
    shown, role_title = name(view, role), title(view, role)
    return shown if shown == role_title else f"{shown} ({role_title})"


def owner_colour(view: Mapping[str, Any], owner: object) -> RGB | None:
    """The army colour of ``owner`` (None: nobody)."""
    if owner is None:
        return None
    if owner == "neutral":
        return NEUTRAL
    entry = player(view, owner)
    value = entry.get("colour") if entry else None
    try:
        return rgb(str(value)) if value else rgb(DEFAULT_COLOURS.get(str(owner), "#8c8c88"))
    except ValueError:
        return rgb(DEFAULT_COLOURS.get(str(owner), "#8c8c88"))


def lotr(view: Mapping[str, Any]) -> bool:
    return bool(view.get("mode", "lotr") != "plain")


def edition(view: Mapping[str, Any]) -> str:
    return str(view.get("edition") or (view.get("options") or {}).get("edition") or "middle-earth")


def turn(view: Mapping[str, Any]) -> Mapping[str, Any]:
    value = view.get("turn")
    return value if isinstance(value, Mapping) else {}


def in_setup(view: Mapping[str, Any]) -> bool:
    return str(turn(view).get("phase")) in SETUP_PHASES


def active(view: Mapping[str, Any]) -> list[str]:
    return [str(role) for role in view.get("active") or []]


def _join(items: Sequence[str]) -> str:
    return listed(items)


def headline(view: Mapping[str, Any]) -> str:
    """ "Green to attack", "Your turn, Black: attack", "Green wins!"..."""
    result = view.get("result")
    if isinstance(result, Mapping):
        winners = [name(view, role) for role in result.get("winners") or []]
        if not winners:
            return tr("Game over")
        return ntr("{names} wins!", "{names} win!", len(winners), names=_join(winners))
    phase = str(turn(view).get("phase") or "")
    battle = view.get("battle")
    if isinstance(battle, Mapping) and battle.get("phase") in ("roll", "defend", "advance"):
        phase = {"roll": "battle", "defend": "defend", "advance": "advance"}[str(battle["phase"])]
    acting = active(view)
    audience = view.get("audience")
    if len(acting) > 1:
        if phase in SETUP_PHASES:
            return tr("Everyone places in secret")
        return tr(PHASES.get(phase, mark("{names} to act")), names=_join([name(view, r) for r in acting]))
    if not acting:
        return tr("Waiting")
    if audience is not None and acting[0] == audience:
        return tr(YOUR_PHASES.get(phase, mark("Your turn, {name}: act")), name=name(view, audience))
    return tr(PHASES.get(phase, mark("{names} to act")), names=name(view, acting[0]))


def territory_name(view: Mapping[str, Any], names: Mapping[str, str], slug: object) -> str:
    for entry in view.get("territories") or []:
        if entry.get("id") == slug and entry.get("name"):
            return str(entry["name"])
    return names.get(str(slug), str(slug).replace("_", " ").title())


@lru_cache(maxsize=1)
def _cards() -> dict[str, str]:
    try:
        raw = json.loads((GAME_DIR / "adventure.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(card["id"]): str(card["name"]) for card in raw.get("cards", [])}


def card_name(card: object) -> str:
    """An adventure card's name: from the view's dict, else from ``adventure.json`` by id."""
    if isinstance(card, Mapping):
        if card.get("name"):
            return str(card["name"])
        card = card.get("id", "?")
    text = str(card)
    names = _cards()
    found = names.get(text) or names.get(text.rpartition("-")[0] if text[-1:].isdigit() else text)
    if found:
        return found if english() else ptr("card", found)
    return text.replace("_", " ").title()


def region_bonuses(view: Mapping[str, Any]) -> dict[str, int]:
    """Each region's reinforcement bonus, as the view gives it (``regions[*].bonus``)."""
    return {
        str(entry["id"]): int(entry["bonus"])
        for entry in view.get("regions") or []
        if isinstance(entry, Mapping) and isinstance(entry.get("bonus"), int)
    }
