"""The set-up: the deal, the claims, the starting placement, the leaders, the cards, the order.

1. **Deal** (by frame, per the tables of ``data/lotr_risk/setup.json``; plain mode with 3-4
   players deals every territory card round the table). A dealt territory is occupied at once
   with one battalion: the rules leave no choice there. The two-player neutral army puts two
   battalions on each of its territories; for two players a roll decides who places first.
2. **Claims**: the territories nobody was dealt are claimed one battalion at a time, in turn.
3. **Starting placement** of the remaining battalions (and, lotr mode, of each leader): with
   ``setup=quick`` all players at once and in secret (``autoplace``: the rest at random),
   revealed together when all have confirmed; with ``setup=printed`` one battalion at a time
   in turn, then the leaders in turn.
4. The territory deck is rebuilt with the wild cards and shuffled; opening territory cards;
   lotr mode: the adventure deck without its Events is shuffled, each player is dealt his hand,
   the Events are shuffled back in; the Ring is put on the Shire.
5. The turn-order roll (ties roll again); play passes to the left (seat order) from the winner.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache

from games.core import Action, Amount, State, emit, new_state
from games.core.chance import draw, roll, shuffle
from games.core.flow import Frame, Step, barrier, pop, push

from . import turn
from .board import adventure_kind, geometry
from .cards import draw_territory_card
from .data import SETUP, TERRITORIES
from .i18n import listed, ntr, tr
from .leaders import leader_action, place_leader
from .options import RULES_REVISION, is_lotr, rules
from .roles import NEUTRAL, in_game, owned, role_title, roles_for

log = logging.getLogger(__name__)

READY = Action("ready")
AUTOPLACE = Action("autoplace")


@cache
def _claim(territory: str) -> Action:
    return Action("claim", (territory,))


@cache
def _place(territory: str, count: int) -> Action:
    return Action("place", (territory, str(count)))


@cache
def _unplace(territory: str) -> Action:
    return Action("unplace", (territory,))


def new_game(name: str, seed: int, options: Mapping[str, str], players: int) -> State:
    """A fresh state, dealt; it waits for the first claim or the starting placement."""
    roles = roles_for(players)
    options = {**options, "players": str(players)}
    state = new_state(name, seed, options, roles)
    g = geometry(options["edition"])
    lotr = options["mode"] == "lotr"
    state.update(
        rules=RULES_REVISION,
        owner=dict.fromkeys(g.territories),
        troops=dict.fromkeys(g.territories, 0),
        leaders={r: [] for r in roles},
        spare_leaders={r: 1 if lotr else 0 for r in roles},
        hands={r: {"territory": [], "adventure": []} for r in roles},
        decks={
            "territory": [],
            "territory_discard": [],
            "adventure": [],
            "adventure_discard": [],
            "removed": [],
        },
        played={r: [] for r in roles},
        ring=None,
        order=[],
        eliminated=[],
        turn={
            "number": 0,
            "role": None,
            "phase": "setup",
            "conquered": False,
            "conquests": [],
            "sites": False,
        },
        effects=[],
        armed={r: [] for r in roles},
        aside={r: [] for r in roles},
        last=None,
    )
    dealt, neutral = deal(state)
    total = SETUP.battalions(options["edition"], options["mode"], players)
    if (options["mode"], options["edition"], players, options.get("plain_start")) == (
        "plain",
        "middle-earth",
        4,
        "40",
    ):
        total = 40  # the 2002 rules' printed figure (an option: standard Risk gives 30)
    order = placement_order(state)
    state["setup"] = {
        "order": order,
        "left": {r: total - len(dealt[r]) for r in roles},
        "pending": {r: {} for r in roles},
        "leader": dict.fromkeys(roles),
        "ready": dict.fromkeys(roles, False),
        "placed": {r: {} for r in roles},
    }
    emit(state, "dealt", {"territories": dealt, "neutral": neutral, "battalions": total})
    if any(o is None for o in state["owner"].values()):
        push(state, "claim", index=0)
    else:
        start_placement(state)
    return state


def deal(state: State) -> tuple[dict[str, list[str]], list[str]]:
    """Deal the starting territories and occupy them; ``({role: territories}, neutral ones)``."""
    options = state["options"]
    edition, players = options["edition"], int(options["players"])
    g = geometry(edition)
    roles = list(state["roles"])
    dealt: dict[str, list[str]] = {r: [] for r in roles}
    neutral: list[str] = []
    if options["mode"] == "plain" and players > 2:
        pile = list(g.territories)
        shuffle(state, "territory cards", pile)
        for index, territory in enumerate(pile):
            dealt[roles[index % players]].append(territory)
    else:
        table = SETUP.deal(edition, players)
        piles: dict[str, list[str]] = {}
        for frame in ("good", "evil", "neutral"):
            piles[frame] = [t for t in g.territories if TERRITORIES[t].frame == frame]
            shuffle(state, f"{frame} territory cards", piles[frame])
        for role, seat in zip(roles, table.seats, strict=True):
            for draw in seat.draws:
                for _ in range(draw.count):
                    dealt[role].append(piles[draw.frame].pop())
        for draw in table.neutral:
            for _ in range(draw.count):
                neutral.append(piles[draw.frame].pop())
    for role, territories in dealt.items():
        for territory in territories:
            state["owner"][territory] = role
            state["troops"][territory] = 1
    for territory in neutral:
        state["owner"][territory] = NEUTRAL
        state["troops"][territory] = SETUP.neutral_battalions_per_territory
    return {r: sorted(ts, key=g.index.__getitem__) for r, ts in dealt.items()}, sorted(
        neutral, key=g.index.__getitem__
    )


def roll_off(state: State, what: str, roles: list[str]) -> tuple[str, list[dict[str, int]]]:
    """Each of ``roles`` rolls a die; the highest wins, ties roll again among themselves."""
    contenders = list(roles)
    rounds: list[dict[str, int]] = []
    while True:
        rolls = {r: roll(state, f"{r} {what}") for r in contenders}
        rounds.append(rolls)
        best = max(rolls.values())
        top = [r for r in contenders if rolls[r] == best]
        if len(top) == 1:
            return top[0], rounds
        contenders = top


def rotated(roles: list[str], first: str) -> list[str]:
    """
    >>> rotated(["a", "b", "c"], "b")
    ['b', 'c', 'a']
    """
    start = roles.index(first)
    return roles[start:] + roles[:start]


def placement_order(state: State) -> list[str]:
    """Seat order; for two players the winner of a roll places first."""
    roles = list(state["roles"])
    if len(roles) != 2:
        return roles
    first, rounds = roll_off(state, "placement die", roles)
    emit(state, "placement_roll", {"rolls": rounds, "first": first})
    return rotated(roles, first)


def _next_placer(state: State, index: int) -> int | None:
    """The index (in placement order) of the next player with battalions left, from ``index``."""
    order, left = state["setup"]["order"], state["setup"]["left"]
    for step in range(len(order)):
        at = (index + step) % len(order)
        if left[order[at]] > 0:
            return at
    return None


class Claim(Step):
    """One battalion on an empty territory, in turn."""

    name = "claim"
    kind = "claim"

    def _role(self, state: State, frame: Frame) -> str:
        order = state["setup"]["order"]
        return str(order[frame["index"] % len(order)])

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((self._role(state, frame),))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        owner = state["owner"]
        return tuple(_claim(t) for t in geometry(state["options"]["edition"]).territories if owner[t] is None)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        args = action.args
        return (
            action.verb == "claim"
            and len(args) == 1
            and args[0] in state["owner"]
            and (state["owner"][args[0]] is None)
        )

    def title(self, state: State, frame: Frame, role: str) -> str:
        empty = sum(1 for o in state["owner"].values() if o is None)
        return tr("Claim a territory ({count} left)", count=empty)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Put one battalion on an empty territory to claim it.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to claim a territory.", role=role_title(self._role(state, frame)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        territory = action.args[0]
        state["owner"][territory] = role
        state["troops"][territory] = 1
        state["setup"]["left"][role] -= 1
        emit(state, "claimed", {"role": role, "territory": territory})
        if any(o is None for o in state["owner"].values()):
            frame["index"] = (frame["index"] + 1) % len(state["setup"]["order"])
            return
        barrier(state)
        pop(state)
        counts = {r: len(owned(state, r)) for r in in_game(state)}
        emit(state, "claims_done", {"territories": counts})
        start_placement(state)


def start_placement(state: State) -> None:
    if state["options"].get("setup") == "printed":
        index = _next_placer(state, 0)
        if index is None:
            start_leaders(state)
        else:
            push(state, "place_printed", index=index)
    else:
        push(state, "place_quick")


class PlaceQuick(Step):
    """Every player places his remaining battalions (and his leader) at once, in secret."""

    name = "place_quick"
    kind = "place_start"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        ready = state["setup"]["ready"]
        return frozenset(r for r in state["roles"] if not ready[r])

    def _left(self, state: State, role: str) -> int:
        setup = state["setup"]
        return int(setup["left"][role]) - int(sum(setup["pending"][role].values()))

    def _needs_leader(self, state: State, role: str) -> bool:
        return is_lotr(state) and state["setup"]["leader"][role] is None

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        setup = state["setup"]
        left = self._left(state, role)
        mine = owned(state, role)
        acts = [_place(t, left) for t in mine] if left else []
        if self._needs_leader(state, role):
            acts += [leader_action(t) for t in mine]
        pending, leader = setup["pending"][role], setup["leader"][role]
        acts += [_unplace(t) for t in mine if t in pending or t == leader]
        if left or self._needs_leader(state, role):
            acts.append(AUTOPLACE)
        else:
            acts.append(READY)
        return tuple(acts)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        left = self._left(state, role)
        return tuple(Amount("place", (t,), 1, left) for t in owned(state, role)) if left else ()

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        if action.verb == "place":
            args = action.args
            if len(args) != 2 or not args[1].isdigit() or state["owner"].get(args[0]) != role:
                return False
            return 1 <= int(args[1]) <= self._left(state, role)
        return action in self.actions(state, frame, role)

    def title(self, state: State, frame: Frame, role: str) -> str:
        left = self._left(state, role)
        if left:
            return ntr(
                "Secret starting placement: {count} battalion to place",
                "Secret starting placement: {count} battalions to place",
                left,
            )
        if self._needs_leader(state, role):
            return tr("Secret starting placement: place your leader")
        return tr("Secret starting placement: confirm")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        left = self._left(state, role)
        if is_lotr(state):
            text = tr(
                "Place your starting battalions on your territories in secret, and your leader on one "
                "of them; everything is shown when all players have confirmed."
            )
        else:
            text = tr(
                "Place your starting battalions on your territories in secret; everything is shown "
                "when all players have confirmed."
            )
        if left:
            still = ntr("Still to place: {count} battalion.", "Still to place: {count} battalions.", left)
            return tr("{text} {more}", text=text, more=still)
        if self._needs_leader(state, role):
            return tr("{text} {more}", text=text, more=tr("Now place your leader."))
        return tr("Your placement is complete: confirm it (`ready`), or take some back to change it.")

    def waiting(self, state: State, frame: Frame) -> str:
        waiting = [role_title(r) for r in state["roles"] if not state["setup"]["ready"][r]]
        return tr("Waiting for {roles} to place their starting battalions in secret.", roles=listed(waiting))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        setup = state["setup"]
        pending = setup["pending"][role]
        verb, args = action.verb, action.args
        if verb == "place":
            pending[args[0]] = pending.get(args[0], 0) + int(args[1])
        elif verb == "leader":
            setup["leader"][role] = args[0]
        elif verb == "unplace":
            pending.pop(args[0], None)
            if setup["leader"][role] == args[0]:
                setup["leader"][role] = None
        elif verb == "autoplace":
            autoplace(state, role)
        elif verb == "ready":
            barrier(state)
            setup["ready"][role] = True
            own = {"placed": dict(pending), "leader": setup["leader"][role]}
            emit(state, "placement_ready", {"role": role}, {role: ("own_placement_ready", own)})
            if all(setup["ready"].values()):
                reveal(state)


def autoplace(state: State, role: str) -> None:
    """Secret set-up: ``role``'s battalions still to place go on his territories at random, one
    at a time, and his leader too if he has none yet. It stays his secret placement: he may take
    some back before he confirms."""
    setup = state["setup"]
    pending = setup["pending"][role]
    mine = owned(state, role)
    left = int(setup["left"][role]) - int(sum(pending.values()))
    for _ in range(left):
        territory = draw(state, "random placement", mine)
        pending[territory] = pending.get(territory, 0) + 1
    if is_lotr(state) and setup["leader"][role] is None:
        setup["leader"][role] = draw(state, "random leader", mine)


def reveal(state: State) -> None:
    """Everyone has confirmed: the secret placements go on the board together."""
    setup = state["setup"]
    for role in state["roles"]:
        for territory, count in setup["pending"][role].items():
            state["troops"][territory] += count
        setup["left"][role] = 0
        if setup["leader"][role] is not None:
            place_leader(state, role, setup["leader"][role])
    placed = {r: dict(setup["pending"][r]) for r in in_game(state)}
    leaders = {r: setup["leader"][r] for r in in_game(state) if setup["leader"][r] is not None}
    emit(state, "placement_revealed", {"placed": placed, "leaders": leaders})
    pop(state)
    finish(state)


class PlacePrinted(Step):
    """One battalion at a time, in turn, on one's own territories."""

    name = "place_printed"
    kind = "place_start"

    def _role(self, state: State, frame: Frame) -> str:
        return str(state["setup"]["order"][frame["index"]])

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((self._role(state, frame),))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(_place(t, 1) for t in owned(state, role))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        args = action.args
        return (
            action.verb == "place"
            and len(args) == 2
            and args[1] == "1"
            and state["owner"].get(args[0]) == role
        )

    def title(self, state: State, frame: Frame, role: str) -> str:
        left = state["setup"]["left"][role]
        return tr("Starting placement: one battalion ({count} left)", count=left)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Place one battalion on one of your territories; players take turns until all are placed.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to place a battalion.", role=role_title(self._role(state, frame)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        territory = action.args[0]
        setup = state["setup"]
        state["troops"][territory] += 1
        setup["left"][role] -= 1
        setup["placed"][role][territory] = setup["placed"][role].get(territory, 0) + 1
        emit(state, "start_placed", {"role": role, "territory": territory})
        index = _next_placer(state, frame["index"] + 1)
        if index is not None:
            frame["index"] = index
            return
        placement_done(state)


def placement_done(state: State) -> None:
    """Every starting battalion is placed (printed set-up): the leaders come next."""
    barrier(state)
    pop(state)
    setup = state["setup"]
    players = in_game(state)
    placed = {r: dict(setup["placed"][r]) for r in state["roles"] if r in players or setup["placed"][r]}
    emit(state, "placement_done", {"placed": placed})
    start_leaders(state)


def start_leaders(state: State) -> None:
    if is_lotr(state):
        push(state, "place_leader", index=0)
    else:
        finish(state)


class PlaceLeader(Step):
    """Printed set-up: each player in turn puts his leader on one of his territories."""

    name = "place_leader"
    kind = "place_leader"

    def _role(self, state: State, frame: Frame) -> str:
        return str(state["setup"]["order"][frame["index"]])

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset((self._role(state, frame),))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(leader_action(t) for t in owned(state, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Place your leader")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Put your leader on one of your territories.")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {role} to place a leader.", role=role_title(self._role(state, frame)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        territory = action.args[0]
        place_leader(state, role, territory)
        emit(state, "leader_placed", {"role": role, "territory": territory})
        frame["index"] += 1
        if frame["index"] < len(state["setup"]["order"]):
            return
        leaders_done(state)


def leaders_done(state: State) -> None:
    """Every leader is placed (printed set-up): the set-up ends."""
    barrier(state)
    pop(state)
    finish(state)


def finish(state: State) -> None:
    """Cards, the Ring and the turn-order roll; then the first turn begins."""
    options = state["options"]
    edition, players = options["edition"], int(options["players"])
    g = geometry(edition)
    roles = list(state["roles"])
    playing = in_game(state)  # without anyone dropped on time during the set-up
    state["setup"] = None
    decks = state["decks"]
    decks["territory"] = list(g.territory_cards)
    shuffle(state, "territory deck", decks["territory"])
    opening = SETUP.opening_territory_cards(edition, players) if is_lotr(state) else 0
    for _ in range(opening):
        for role in playing:
            card = draw_territory_card(state)
            if card is not None:
                state["hands"][role]["territory"].append(card)
    if is_lotr(state):
        events = [c for c in g.adventure_deck if adventure_kind(c) == "event"]
        rest = [c for c in g.adventure_deck if adventure_kind(c) != "event"]
        shuffle(state, "adventure cards to deal", rest)
        for _ in range(rules(state).adventure_hand):
            for role in playing:
                state["hands"][role]["adventure"].append(rest.pop())
        deck = rest + events
        shuffle(state, "adventure deck", deck)
        decks["adventure"] = deck
        state["ring"] = {"step": 0, "done": False}
    counts = {
        r: {
            "territory": len(state["hands"][r]["territory"]),
            "adventure": len(state["hands"][r]["adventure"]),
        }
        for r in playing
    }
    private = {r: ("own_cards_dealt", {k: list(v) for k, v in state["hands"][r].items()}) for r in playing}
    emit(state, "cards_dealt", {"counts": counts}, private)
    first, rounds = roll_off(state, "turn order die", playing)
    state["order"] = rotated(roles, first)  # a dropped player keeps his seat, skipped like the eliminated
    emit(state, "turn_order", {"rolls": rounds, "order": list(state["order"])})
    turn.begin(state, in_game(state)[0])


def drop(state: State, role: str) -> None:
    """``role`` was dropped on time during the set-up (his territories are neutral already, with
    what stands on them): nothing more is placed for him, his secret placement never comes onto
    the board, and the step under way goes on without him (it may end: the set-up goes on)."""
    setup = state["setup"]
    setup["left"][role] = 0
    setup["pending"][role] = {}
    setup["leader"][role] = None
    setup["ready"][role] = True
    order = list(setup["order"])
    seat = order.index(role)
    order.remove(role)
    setup["order"] = order
    frame = state["stack"][-1]
    if "index" in frame and seat < frame["index"]:
        frame["index"] -= 1  # the same player's turn, one seat earlier; his seat: the next one's
    step = frame["step"]
    if step == "claim":
        frame["index"] %= len(order)
    elif step == "place_quick":
        if all(setup["ready"].values()):
            reveal(state)
    elif step == "place_printed":
        index = _next_placer(state, frame["index"] % len(order))
        if index is None:
            placement_done(state)
        else:
            frame["index"] = index
    elif step == "place_leader" and frame["index"] >= len(order):
        leaders_done(state)


STEPS = (Claim(), PlaceQuick(), PlacePrinted(), PlaceLeader())
