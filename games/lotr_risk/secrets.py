"""What each player keeps secret, and helpers the no-leak tests use.

A player's secrets are the ids of the cards in his hands (territory cards ``card:<territory>``
and adventure cards), the cards an event set aside for him (Local Uprising's) and so his armed
reactions (armed cards are hand cards). Ids never equal a public string, so an id found in what
another audience sees is a leak. His starting placement while the secret set-up lasts is a
secret too, but of numbers: :func:`placement_leaks` checks it structurally.
"""

from __future__ import annotations

from typing import Any

from games.core import State

from .board import card_name


def secrets_of(state: State, role: str) -> set[str]:
    """Ids of ``role``'s hidden cards."""
    cards = state["hands"].get(role)
    if cards is None:
        return set()
    found = set(cards["territory"]) | set(cards["adventure"])
    found.update(str(entry["card"]) for entry in state["aside"].get(role, ()))
    return found


def public_card_names(state: State) -> set[str]:
    """Names of adventure cards anyone may know of now (played, discarded, in the log...)."""
    shown: set[str] = set()
    for cards in state["played"].values():
        shown.update(card_name(c) for c in cards)
    shown.update(card_name(c) for c in state["decks"]["adventure_discard"])
    return shown


def hidden_names(state: State, role: str) -> set[str]:
    """Names of ``role``'s hidden adventure cards that no other copy or public card shares (a
    text naming one of them, shown to someone else, is a leak)."""
    own = {card_name(c) for c in state["hands"][role]["adventure"]}
    others = {card_name(c) for r, cards in state["hands"].items() if r != role for c in cards["adventure"]}
    return own - others - public_card_names(state)


def placement_leaks(view: dict[str, Any], state: State, viewer: str | None) -> list[str]:
    """Another player's secret starting placement shown in ``view``."""
    setup = state.get("setup")
    if not setup or "setup" not in view:
        return []
    problems = []
    for role in state["roles"]:
        if role == viewer:
            continue
        pending = setup["pending"][role]
        for entry in view["territories"]:
            if entry["id"] in pending and entry["troops"] != state["troops"][entry["id"]]:
                problems.append(f"{role}'s secret placement in {entry['id']} shown to {viewer}")
    if view["setup"].get("pending") and viewer is None:
        problems.append("the public view shows a pending placement")
    return problems
