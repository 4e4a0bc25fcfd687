"""Sanity checks the fuzzer runs after every action (see ``Ruleset.check_invariants``).

Whether every active player has a legal action is checked where the actions are listed anyway
(the fuzzer's chooser, the contract suite), not here: it would list them all twice.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from games.core import State

from .board import geometry
from .common import NEUTRAL, dropped, geo, has_neutral, rules

MAX_LEADERS = 2


def check(ruleset: Any, state: State) -> list[str]:
    """Problems found in ``state`` (empty when sound)."""
    problems: list[str] = []
    g = geo(state)
    roles = list(state["roles"])
    owner, troops = state["owner"], state["troops"]
    in_setup = state.get("setup") is not None
    holders = set(roles) | ({NEUTRAL} if has_neutral(state) else set())
    sound = len(owner) == len(g.territories) and set(owner.values()) <= holders and min(troops.values()) >= 1
    for territory in () if sound else g.territories:  # the detail only when something is wrong
        holder = owner[territory]
        if holder is None:
            if not in_setup:
                problems.append(f"{territory} has no owner after the claims")
            elif troops[territory]:
                problems.append(f"{territory} is empty but holds {troops[territory]} battalions")
            continue
        if holder not in holders:
            problems.append(f"{territory} is held by {holder!r}")
        if troops[territory] < 1:
            problems.append(f"{territory} ({holder}) holds {troops[territory]} battalions")
    problems += _leaders(state)
    if not in_setup:
        problems += _cards(state)
        if sorted(state["order"]) != sorted(roles):
            problems.append(f"the turn order {state['order']} is not the players")
    for role in state["eliminated"]:
        if any(o == role for o in owner.values()):
            problems.append(f"eliminated {role} still holds territories")
        if any(state["hands"][role].values()) or state["leaders"][role]:
            problems.append(f"eliminated {role} still has cards or leaders")
    for role in dropped(state):
        if role not in state["eliminated"]:
            problems.append(f"{role} was dropped but is still in the game")
    for role in state.get("resigned") or ():
        if role not in dropped(state):
            problems.append(f"{role} resigned but is not listed as dropped")
    ring = state["ring"]
    if (ring is None) != (state["options"]["mode"] == "plain" or in_setup):
        problems.append("the Ring is in play exactly in the lotr mode after the set-up")
    if ring is not None and not 0 <= ring["step"] < len(g.path):
        problems.append(f"the Ring stands at step {ring['step']} of a path of {len(g.path)}")
    if state["result"] is None and not ruleset.active(state):
        problems.append("the game is not over but nobody is to act")
    return problems


def _leaders(state: State) -> list[str]:
    problems: list[str] = []
    places: Counter[str] = Counter()
    lotr = state["options"]["mode"] == "lotr"
    for role, leaders in state["leaders"].items():
        if leaders and not lotr:
            problems.append(f"{role} has leaders in plain mode")
        if len(leaders) > MAX_LEADERS:
            problems.append(f"{role} has {len(leaders)} leaders on the board")
        for leader in leaders:
            places[leader["at"]] += 1
            if state["owner"].get(leader["at"]) != role:
                problems.append(f"{role}'s leader stands in {leader['at']}, not his")
        if state["spare_leaders"][role] < 0:
            problems.append(f"{role} has {state['spare_leaders'][role]} spare leaders")
    for territory, count in places.items():
        if count > 1:
            problems.append(f"{count} leaders stand in {territory}")
    return problems


def _cards(state: State) -> list[str]:
    problems: list[str] = []
    g = geo(state)
    decks = state["decks"]
    hands = state["hands"].values()
    aside = [str(e["card"]) for entries in state["aside"].values() for e in entries]
    removed = decks["removed"]
    territory = [*decks["territory"], *decks["territory_discard"]]
    for cards in hands:
        territory += cards["territory"]
    territory += [c for c in (*aside, *removed) if c.startswith("card:")]
    if sorted(territory) != _sorted_territory_cards(g.edition):
        problems.append(f"the territory cards are not the deck: {len(territory)} of {len(g.territory_cards)}")
    if state["options"]["mode"] == "lotr":
        adventure = [*decks["adventure"], *decks["adventure_discard"]]
        for cards in hands:
            adventure += cards["adventure"]
        for played in state["played"].values():
            adventure += played
        adventure += [c for c in (*aside, *removed) if not c.startswith("card:")]
        if sorted(adventure) != _sorted_adventure_cards(g.edition):
            problems.append(
                f"the adventure cards are not the deck: {len(adventure)} of {len(g.adventure_deck)}"
            )
        limit = rules(state).adventure_hand_limit
        discarding = bool(state["stack"]) and state["stack"][-1]["step"] == "discard"
        for role, cards in state["hands"].items():
            if len(cards["adventure"]) > limit and not discarding:
                problems.append(f"{role} holds {len(cards['adventure'])} adventure cards (limit {limit})")
    for role, armed in state["armed"].items():
        held = set(state["hands"][role]["adventure"])
        if armed and any(a["card"] not in held for a in armed):
            problems.append(f"{role} has an armed card not in hand")
    return problems


@cache
def _sorted_territory_cards(edition: str) -> list[str]:
    return sorted(geometry(edition).territory_cards)


@cache
def _sorted_adventure_cards(edition: str) -> list[str]:
    return sorted(geometry(edition).adventure_deck)
