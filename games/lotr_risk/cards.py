"""Territory cards (trades, draws) and adventure-card draws, with their decks.

Decks are lists whose **last** item is the top card. A deck that runs out is rebuilt from its
discard pile, shuffled (the seed's rule for territory cards; our default for adventure cards).

Trades: a card spent alone is worth its symbol (infantry 1, cavalry 3, creature 5; a wild card
counts as a creature), three cards together are worth their set (4, 6, 8 or 10; a wild card
stands for any symbol, read at its best), and every spent card whose territory the player holds
adds 2. At most three cards a phase. The prompt lists every single card and, for each set, the
best three cards (most bonus, fewest wild cards): :func:`trade_options` is the list the prompt
offers and the only trades that are legal.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import Action, State, emit
from games.core.chance import shuffle
from games.core.flow import barrier

from .board import WILDS, card_symbol, card_territory, single_value, symbols_value
from .data import SETUP, SYMBOLS
from .roles import hand

log = logging.getLogger(__name__)

BONUS = SETUP.territory_bonus
MAX_PER_PHASE = SETUP.max_cards_per_phase


@dataclass(frozen=True, slots=True)
class Trade:
    """One legal trade: the cards, their battalions and the bonus of held territories."""

    cards: tuple[str, ...]
    battalions: int
    bonus: int

    @property
    def total(self) -> int:
        return self.battalions + self.bonus

    @property
    def action(self) -> Action:
        return Action("trade", self.cards)


def held_bonus(state: State, role: str, cards: Sequence[str]) -> int:
    """2 for every card whose territory ``role`` holds."""
    owner = state["owner"]
    return BONUS * sum(1 for c in cards if (t := card_territory(c)) is not None and owner.get(t) == role)


def _ranked(state: State, role: str, cards: list[str]) -> list[str]:
    """Cards of one symbol, held territories first, in hand order otherwise."""
    owner = state["owner"]
    return sorted(cards, key=lambda c: owner.get(card_territory(c) or "") != role)


def best_sets(state: State, role: str, cards: Sequence[str]) -> list[Trade]:
    """The best three cards for each kind of set, one trade per distinct set of cards."""
    wilds = [c for c in cards if c in WILDS]
    by_symbol: dict[str, list[str]] = {s: [] for s in SYMBOLS}
    for card in cards:
        symbol = card_symbol(card)
        if symbol is not None:
            by_symbol[symbol].append(card)
    ranked = {s: _ranked(state, role, by_symbol[s]) for s in SYMBOLS}
    found: dict[tuple[str, ...], Trade] = {}
    for wanted in SETUP.set_values:
        chosen: list[str] = []
        needed = 0
        if len(set(wanted)) == 1:
            chosen = ranked[wanted[0]][:3]
            needed = 3 - len(chosen)
        else:
            for symbol in wanted:
                if ranked[symbol]:
                    chosen.append(ranked[symbol][0])
                else:
                    needed += 1
        if needed > len(wilds):
            continue
        chosen += wilds[:needed]
        key = tuple(sorted(chosen))
        if key in found:
            continue
        value = symbols_value([card_symbol(c) for c in key])
        if value is None:  # pragma: no cover - the cards were chosen to fit
            continue
        found[key] = Trade(key, value, held_bonus(state, role, key))
    return sorted(found.values(), key=lambda t: (-t.total, t.cards))


def trade_options(state: State, role: str, traded: int) -> list[Trade]:
    """Every legal trade for ``role`` who has spent ``traded`` cards this phase."""
    cards = hand(state, role)["territory"]
    left = MAX_PER_PHASE - traded
    if left <= 0 or not cards:
        return []
    trades: list[Trade] = []
    if left >= 3 and len(cards) >= 3:
        trades += best_sets(state, role, cards)
    trades += [Trade((c,), single_value(c), held_bonus(state, role, (c,))) for c in cards]
    return trades


def find_trade(state: State, role: str, traded: int, cards: tuple[str, ...]) -> Trade | None:
    for trade in trade_options(state, role, traded):
        if trade.cards == cards:
            return trade
    return None


def spend(state: State, role: str, trade: Trade) -> None:
    """Move the traded cards to the discard pile and log the trade (public: the cards show)."""
    held = hand(state, role)["territory"]
    for card in trade.cards:
        held.remove(card)
    state["decks"]["territory_discard"].extend(trade.cards)
    emit(
        state,
        "traded",
        {"role": role, "cards": list(trade.cards), "battalions": trade.battalions, "bonus": trade.bonus},
    )


def draw_territory_card(state: State) -> str | None:
    """The top territory card (the discard pile shuffled in when the deck is empty), or None."""
    decks = state["decks"]
    if not decks["territory"]:
        if not decks["territory_discard"]:
            return None
        pile = list(decks["territory_discard"])
        shuffle(state, "territory deck", pile)
        decks["territory"] = pile
        decks["territory_discard"] = []
        emit(state, "territory_deck_shuffled", {"cards": len(pile)})
    card: str = decks["territory"].pop()
    barrier(state)  # the top of a hidden deck is seen: never taken back (undo or a line would tell)
    return card


def give_territory_card(state: State, role: str, why: str) -> str | None:
    """Draw a territory card into ``role``'s hand; the public learns only that he drew one."""
    card = draw_territory_card(state)
    if card is None:
        emit(state, "no_territory_card", {"role": role})
        return None
    hand(state, role)["territory"].append(card)
    emit(
        state,
        "drew_territory_card",
        {"role": role, "why": why},
        {role: ("own_territory_card", {"card": card, "why": why})},
    )
    return card


def draw_adventure_card(state: State) -> str | None:
    """The top adventure card (the discard pile shuffled in when the deck is empty), or None."""
    decks = state["decks"]
    if not decks["adventure"]:
        if not decks["adventure_discard"]:
            return None
        pile = list(decks["adventure_discard"])
        shuffle(state, "adventure deck", pile)
        decks["adventure"] = pile
        decks["adventure_discard"] = []
        emit(state, "adventure_deck_shuffled", {"cards": len(pile)})
    card: str = decks["adventure"].pop()
    barrier(state)  # the top of a hidden deck is seen: never taken back
    return card
