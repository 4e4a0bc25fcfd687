"""What must never be shown: the order of the reinforcement deck and of the Minas Tirith deck,
and the PRNG. Every card in a hand or in front of a player is face up, so no role holds a secret
of its own; views give the decks' sizes only (:mod:`.view`), and no event names a card before it
is drawn.
"""

from __future__ import annotations

from games.core import State


def secrets_of(state: State, role: str) -> set[str]:
    """Strings naming ``role``'s own secrets: none (the decks' order is everyone's secret, and
    their cards are named elsewhere face up, so their ids cannot serve as markers)."""
    return set()
