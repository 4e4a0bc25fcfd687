"""The names of the cards a reader may not know of, in his language, and whether a text tells
one (shared by the language audit's property test and its end-to-end match)."""

from __future__ import annotations

from typing import Any

from games.core import project
from games.war_of_the_ring.combat_words import EFFECTS, combat_name
from games.war_of_the_ring.data import CARDS, SET_ASIDE_CARDS
from games.war_of_the_ring.i18n import card_name, speaking


def shown_to(state: dict[str, Any], reader: str | None) -> set[str]:
    """The other side's cards the reader's own events showed him (Wind from the West)."""
    found: set[str] = set()
    if reader is None:
        return found
    for event in state["log"]:
        kind, args = project(event, reader)
        if kind == "hand_seen":
            found |= set(args["cards"])
        elif kind == "wind_discard_seen":
            found.add(args["card"])
    return found


def public_combat_names(state: dict[str, Any]) -> set[str]:
    """The Combat names of the cards played face up (a Combat name is on several cards)."""
    halves = [
        CARDS[c].combat for pile in ("played", "table") for cards in state[pile].values() for c in cards
    ]
    return {half.name for half in halves if half is not None}


def hidden(state: dict[str, Any], reader: str | None, lang: str) -> tuple[dict[str, str], set[str]]:
    """``{name in lang: what it names}`` of the cards ``reader`` may not know of, and the names
    he may read for another reason (a card of his own hand, a card played face up, a Combat name
    seen on the table, a Twilight piece's effect such as The Balrog (Durin's Bane)): a secret name
    is no secret when it is one of them."""
    told, public = shown_to(state, reader), public_combat_names(state)
    secret: dict[str, str] = {}
    with speaking(lang):
        known = {combat_name(effect) for effect in EFFECTS}
        for side in state["roles"]:
            mine = side == reader
            for card in [*state["hands"][side], *state["discards"][side]]:
                half = CARDS[card].combat
                names = [card_name(card), *([combat_name(half.name)] if half else [])]
                if mine or card in told or card in SET_ASIDE_CARDS:
                    known.update(names)
                    continue
                secret[card_name(card)] = card
                if half is not None and half.name not in public:
                    secret[combat_name(half.name)] = f"combat:{half.name}"
        for pile in ("played", "table"):
            for cards in state[pile].values():
                known.update(card_name(c) for c in cards)
    return {name: what for name, what in secret.items() if name not in known}, known


def told(text: str, name: str, known: set[str]) -> bool:
    """Whether ``text`` names ``name`` other than inside a longer name the reader may read (a
    Chinese Combat name can be part of a card's name: 大军 in 东方来的大军)."""
    covered: set[int] = set()
    for other in known:
        if name in other and other != name:
            start = text.find(other)
            while start >= 0:
                covered.update(range(start, start + len(other)))
                start = text.find(other, start + 1)
    start = text.find(name)
    while start >= 0:
        if not set(range(start, start + len(name))) <= covered:
            return True
        start = text.find(name, start + 1)
    return False
