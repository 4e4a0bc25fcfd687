"""Sanity checks the fuzzer runs after every action (see ``Ruleset.check_invariants``)."""

from __future__ import annotations

from typing import Any

from games.core import State

from .board import SIDE_OF
from .data import CAPACITY, CARD_ORDER, SIDES, SPECIALS, TILES

#: Each side's nine combat cards, sorted (for the comparison every check makes).
_NINE = {side: sorted(CARD_ORDER[side]) for side in SIDES}


def check(ruleset: Any, state: State) -> list[str]:
    """Problems found in ``state`` (empty when sound)."""
    problems: list[str] = []
    battle = next((f for f in state["stack"] if "phase" in f), None)
    battle_region = battle["region"] if battle else None
    if state.get("setup") is None:
        pos, chars = state["pos"], state["chars"]
        for side in SIDES:
            roster = chars[side]
            if len(roster) != len(TILES[side]) or len(set(roster)) != len(roster):
                problems.append(f"{side} roster is not nine distinct characters: {roster}")
            fallen_ones = state["defeated"][side]
            for char in roster:
                on_board = char in pos
                fallen = char in fallen_ones
                if on_board == fallen:
                    problems.append(f"{char} must be either on the board or defeated (board={on_board})")
                if SIDE_OF[char] != side:
                    problems.append(f"{char} is on the wrong side")
        if not pos.keys() <= {c for s in SIDES for c in chars[s]}:
            problems.append("a character not in play stands on the board")
        per: dict[str, dict[str, int]] = {s: {} for s in SIDES}  # pieces per side and region
        for char, region in pos.items():
            here = per[SIDE_OF[char]]
            here[region] = here.get(region, 0) + 1
        for side in SIDES:
            for region, n in per[side].items():
                if n > CAPACITY[region]:
                    problems.append(f"{side} has {n} characters in {region} (capacity {CAPACITY[region]})")
        for region in per[SIDES[0]]:
            if per[SIDES[1]].get(region) and region != battle_region and state["result"] is None:
                problems.append(f"both sides stand in {region} outside a battle")
    for side in SIDES:
        cards = state["cards"][side]
        played = []
        fight = battle.get("fight") if battle else None
        if fight and fight["cards"][side] is not None and "cards_discarded" not in fight["done"]:
            played.append(fight["cards"][side])
        everything = [*cards["hand"], *cards["discard"], *played]
        if sorted(everything) != _NINE[side]:
            problems.append(f"{side} cards are not the nine cards: {everything}")
        specials = state["specials"][side]
        both = [*specials["held"], *specials["used"]]
        if len(set(both)) != len(both) or any(SPECIALS[c].side != side for c in both):
            problems.append(f"{side} special cards are inconsistent: {both}")
        limit = 2 if state["options"].get("specials") == "deluxe-2" else 4
        if len(both) > limit:
            problems.append(f"{side} has {len(both)} special cards (limit {limit})")
    if state["result"] is None:
        active = ruleset.active(state)
        if not active:
            problems.append("the game is not over but nobody is to act")
        for role in active:  # (its legal actions, not its whole prompt: no words to build)
            if not ruleset.legal_actions(state, role):
                problems.append(f"{role} is to act but has no legal action")
    return problems
