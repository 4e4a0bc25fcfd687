"""The 16 Minas Tirith cards: the deck (drawn face up, never reshuffled), and what each card does.

Holder cards (Théoden, Aragorn, Imrahil, Mordor Reinforcements, the Southrons) take battalions in
phase 3 and bring them in with an action (1 point) onto one of their entry spaces free of the
enemy; the card is then put aside. Lasting cards (Siege Tower, Storm Ladders, Grond) stay in
front of Mordor. Events are played in their owner's phase 4 and put aside; they cost no action
point unless they say so (the Catapults of Mordor: 1). Reactions (the White Rider, the Courage of
Gondor, Fortunes of War) wait face up until a land attack asks for them (:mod:`.battle`).
"""

from __future__ import annotations

from games.core import Action, State, emit

from . import forces
from .facts import CITY, EVIL, GOOD, LEADERS, MT_CARDS, SPACES, within
from .facts import usable_by as _usable_by

usable_by = _usable_by

#: The unit each side's Hidden Reserves place.
RESERVES = {GOOD: "infantry", EVIL: "orcs"}


def _receive(state: State, role: str, card: str, how: str) -> None:
    if usable_by(card, role):
        state["mt"][role].append({"id": card, "holds": {}})
        emit(state, "mt_kept", {"role": role, "card": card, "how": how})
    else:
        state["decks"]["aside"].append(card)
        emit(state, "mt_put_aside", {"role": role, "card": card})


def draw_mt(state: State, role: str) -> None:
    """The set's draw: the top Minas Tirith card, kept or (the other side's) put aside."""
    deck: list[str] = state["decks"]["mt"]
    if not deck:
        emit(state, "mt_deck_empty", {"role": role})
        return
    _receive(state, role, deck.pop(), "drawn")


def draw_two(state: State, role: str) -> list[str]:
    deck: list[str] = state["decks"]["mt"]
    drawn = [deck.pop() for _ in range(min(2, len(deck)))]
    emit(state, "mt_two_drawn", {"role": role, "cards": drawn})
    return drawn


def keep_of_two(state: State, role: str, drawn: list[str], kept: str | None) -> None:
    for card in drawn:
        if card == kept:
            _receive(state, role, card, "chosen")
        else:
            state["decks"]["aside"].append(card)
            emit(state, "mt_put_aside", {"role": role, "card": card})


def take_back(state: State, role: str, card: str) -> None:
    state["decks"]["aside"].remove(card)
    _receive(state, role, card, "taken_back")


def put_aside(state: State, role: str, card: str) -> None:
    state["mt"][role] = [e for e in state["mt"][role] if e["id"] != card]
    state["decks"]["aside"].append(card)


def held(state: State, role: str, kind: str) -> list[str]:
    """``role``'s cards of ``kind`` (holder, lasting, event, reaction), in front of him."""
    return [e["id"] for e in state["mt"][role] if MT_CARDS[e["id"]].kind == kind]


def climbing(state: State) -> bool:
    """Whether Mordor may climb the walls (Siege Tower or Storm Ladders in front of him)."""
    return forces.holds_card(state, EVIL, "siege_tower") or forces.holds_card(state, EVIL, "storm_ladders")


# -- holders ---------------------------------------------------------------------------------
def entry_actions(state: State, role: str) -> list[Action]:
    found: list[Action] = []
    for entry in state["mt"][role]:
        info = MT_CARDS[entry["id"]]
        if info.kind != "holder" or not sum(entry["holds"].values()):
            continue
        found += [Action("enter", (info.id, s)) for s in info.entry if may_enter(state, role, info.id, s)]
    return found


def may_enter(state: State, role: str, card: str, space: str) -> bool:
    """Free of the enemy, and no leader of the colour of the card's waiting leader there (§10)."""
    if forces.enemy_in(state, role, space):
        return False
    leader = MT_CARDS[card].leader
    if not leader or state["leaders"][leader] != "card":
        return True
    return not forces.colour_at(state, space, LEADERS[leader].colour)


def enter(state: State, role: str, card: str, space: str) -> None:
    entry = forces.mt_card(state, role, card)
    assert entry is not None
    held_units = dict(entry["holds"])  # type: ignore[call-overload]
    for kind, n in held_units.items():
        forces.add_units(state, space, kind, n)
    leader = MT_CARDS[card].leader
    if leader and state["leaders"][leader] == "card":
        state["leaders"][leader] = space
    put_aside(state, role, card)
    emit(state, "entered", {"role": role, "card": card, "space": space, "units": held_units})


# -- events ----------------------------------------------------------------------------------
def event_actions(state: State, role: str, points: int) -> list[Action]:
    found: list[Action] = []
    for card in held(state, role, "event"):
        info = MT_CARDS[card]
        if info.cost > points:
            continue
        if card == "muster_of_gondor" and forces.supply(state, "infantry"):
            spaces = [s for s in SPACES if SPACES[s].banner and forces.holds(state, GOOD, s)]
            if CITY not in spaces and not forces.enemy_in(state, GOOD, CITY):
                spaces.insert(0, CITY)
            found += [Action("play", (card, s)) for s in spaces]
        elif card == "hidden_reserves" and forces.supply(state, RESERVES[role]):
            found += [Action("play", (card, s)) for s in forces.spaces_of(state, role)]
        elif card == "forced_march":
            found.append(Action("play", (card,)))
        elif card == "black_breath":
            found += [Action("play", (card, s)) for s in black_breath_targets(state)]
        elif card == "catapults_of_mordor" and EVIL not in state["turn"]["no_fight"]:
            for origin in forces.spaces_of(state, EVIL):
                found += [
                    Action("play", (card, origin, target))
                    for target in within(origin, 1, 3)
                    if forces.holds(state, GOOD, target)
                ]
    return found


def black_breath_targets(state: State) -> list[str]:
    where = state["leaders"]["witch_king"]
    if where not in SPACES:
        return []
    return [s for s in within(where, 0, 2) if forces.holds(state, GOOD, s)]


def catapult_dice(target: str) -> int:
    params = MT_CARDS["catapults_of_mordor"].params
    return int(params["banner_dice"]) if SPACES[target].banner else int(params["dice"])


def place_event_units(state: State, role: str, card: str, space: str) -> None:
    kind = "infantry" if card == "muster_of_gondor" else RESERVES[role]
    count = min(2, forces.supply(state, kind))
    forces.add_units(state, space, kind, count)
    emit(state, "reinforced", {"role": role, "card": card, "space": space, "units": {kind: count}})


def leader_name(leader: str) -> str:
    return LEADERS[leader].name
