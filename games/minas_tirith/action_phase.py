"""Phase 4, actions (§7.4): every action costs one point of the die chosen, in any order, until
the points are spent or the player ends his turn (unused points are lost: default 9).

The actions: ``advance``, ``ride``, ``leader`` (:mod:`.advances`), ``shoot`` (:mod:`.ranged`),
``attack <from> <to> <n>`` (a land attack with 1-3 battalions, :mod:`.fight`), ``enter <card>
<space>`` (a holder card's battalions), ``exchange <space>`` (an oliphaunt for 3 orcs), ``ram``
(Grond against the gate) and ``play <card> ...`` (an event card; free unless it says so), and
``end``.
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.chance import roll
from games.core.flow import Frame, Step

from . import advances, cards, forces, ranged, trading, turn
from .facts import ADJACENT, EVIL, GATE_SPACE, GOOD, MT_CARDS, SPACES, other
from .fight import land_attack, lose_op, new_fight, start_fight
from .roles import ONLY
from .words import Said, nt, side_title, t

GROND = MT_CARDS["grond"].params
MAX_ATTACKERS = 3


def may_fight(state: State, side: str) -> bool:
    return side not in state["turn"]["no_fight"]


def attack_actions(state: State, side: str) -> list[Action]:
    found: list[Action] = []
    enemy = other(side)
    for start in forces.spaces_of(state, side):
        if side == GOOD and SPACES[start].kind == "wall":
            continue  # Gondor shoots from the walls, never attacks from them
        here = forces.units_at(state, start)
        for target in ADJACENT[start]:
            if not forces.holds(state, enemy, target):
                continue
            able = sum(here[k] for k in advances.movers(state, side, start, target))
            found += [
                Action("attack", (start, target, str(n))) for n in range(1, min(MAX_ATTACKERS, able) + 1)
            ]
    return found


def exchange_actions(state: State, side: str) -> list[Action]:
    if side != EVIL or not forces.supply(state, "orcs"):
        return []
    return [
        Action("exchange", (s,))
        for s in forces.spaces_of(state, EVIL)
        if forces.units_at(state, s).get("oliphaunts")
    ]


def can_ram(state: State, side: str) -> bool:
    return (
        side == EVIL
        and forces.holds_card(state, EVIL, "grond")
        and not state["gate"]["broken"]
        and bool(forces.units_at(state, GATE_SPACE).get("trolls"))
    )


def act_actions(state: State, side: str) -> tuple[Action, ...]:
    points = state["turn"]["points"]
    found: list[Action] = []
    if points > 0:
        found += advances.move_actions(state, side)
        if may_fight(state, side):
            found += attack_actions(state, side)
            found += ranged.shoot_actions(state, side)
            if can_ram(state, side):
                found.append(Action("ram"))
        found += cards.entry_actions(state, side)
        found += exchange_actions(state, side)
    found += cards.event_actions(state, side, points)
    found.append(Action("end"))
    return tuple(found)


def verb_actions(state: State, side: str, action: Action) -> list[Action]:
    """The legal actions that could equal ``action``: those of its verb (from its first space)."""
    verb, args = action.verb, action.args
    points = state["turn"]["points"]
    if verb == "end":
        return [Action("end")]
    if verb == "play":
        return cards.event_actions(state, side, points)
    if points <= 0:
        return []
    fighting = may_fight(state, side)
    if (
        verb in ("advance", "ride")
        and len(args) == 2
        and args[0] in SPACES
        and forces.holds(state, side, args[0])
    ):
        targets = advances.advance_targets if verb == "advance" else advances.ride_targets
        return [Action(verb, (args[0], b)) for b in targets(state, side, args[0])]
    if verb == "leader" and args and args[0] in forces.on_board_leaders(state, side):
        return [Action("leader", (args[0], b)) for b in advances.leader_targets(state, args[0])]
    if verb == "attack" and fighting:
        return attack_actions(state, side)
    if verb == "shoot" and fighting:
        return ranged.shoot_actions(state, side)
    if verb == "ram" and fighting and can_ram(state, side):
        return [Action("ram")]
    if verb == "enter":
        return cards.entry_actions(state, side)
    if verb == "exchange":
        return exchange_actions(state, side)
    return []


def settle(state: State) -> None:
    """Go on by the engine alone where nobody has a choice: past a trade phase with nothing to
    trade, through a trade the hand limit forces when only one set can go, and to the next turn
    once this one is over (ended, or its points spent and no free event card to play). Run after
    set-up and after every action."""
    while state["result"] is None and state["stack"]:
        step = state["stack"][-1]["step"]
        current = state["turn"]
        if step == "trade" and len(state["stack"]) == 1 and trading.nothing_to_trade(state):
            state["stack"] = [{"step": "act"}]
        elif step == "trade" and len(state["stack"]) == 1 and (forced := trading.forced_trade(state)):
            trading.Trade().apply(state, state["stack"][-1], current["role"], forced)
        elif step == "act" and (
            current["end_after"]
            or (current["points"] <= 0 and not cards.event_actions(state, current["role"], current["points"]))
        ):
            turn.end_turn(state)
        else:
            return


def ram(state: State) -> None:
    trolls = forces.units_at(state, GATE_SPACE).get("trolls", 0)
    bonus = int(GROND["witch_king_bonus"]) if state["leaders"]["witch_king"] == GATE_SPACE else 0
    dice = [roll(state, "grond die") for _ in range(min(int(GROND["max_dice"]), trolls))]
    blows = sum(1 for d in dice if d + bonus >= int(GROND["blow_at"]))
    gate = state["gate"]
    gate["blows"] = min(int(GROND["blows_to_break"]), gate["blows"] + blows)
    state["turn"]["points"] -= 1
    emit(state, "rammed", {"role": EVIL, "dice": dice, "blows": blows, "total": gate["blows"]})
    if gate["blows"] >= int(GROND["blows_to_break"]):
        gate["broken"] = True
        emit(state, "gate_broken", {"role": EVIL})


def exchange(state: State, space: str) -> None:
    orcs = min(3, forces.supply(state, "orcs"))
    forces.remove_units(state, space, "oliphaunts", 1)
    forces.add_units(state, space, "orcs", orcs)
    state["turn"]["points"] -= 1
    emit(state, "exchanged", {"role": EVIL, "space": space, "orcs": orcs})


def play(state: State, side: str, action: Action) -> None:
    card, *args = action.args
    cards.put_aside(state, side, card)
    emit(state, "card_played", {"role": side, "card": card})
    if card in ("muster_of_gondor", "hidden_reserves"):
        cards.place_event_units(state, side, card, args[0])
    elif card == "forced_march":
        state["turn"]["points"] += int(MT_CARDS[card].params["action_points"])
    elif card == "black_breath":
        frame = new_fight("breath", EVIL, args[0], args[0])
        frame["queue"] = [lose_op(GOOD, args[0], 1, EVIL)]
        start_fight(state, frame)
    else:  # the Catapults of Mordor
        state["turn"]["points"] -= MT_CARDS[card].cost
        ranged.bombard(state, args[0], args[1], cards.catapult_dice(args[1]))


class Act(Step):
    name = "act"
    kind = "action"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return act_actions(state, role)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """As :meth:`actions` lists, computing only the actions of ``action``'s verb (and space)."""
        return action in verb_actions(state, role, action)

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        points = state["turn"]["points"]
        if points <= 0:
            return Said(
                lambda lang: t(lang, "Your action points are spent: play an event card or end your turn.")
            )
        return Said(
            lambda lang: nt(
                lang,
                "You have {count} action point: advance, shoot, attack, bring in a card's battalions, "
                "or end your turn.",
                "You have {count} action points: advance, shoot, attack, bring in a card's battalions, "
                "or end your turn.",
                points,
            )
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        points = state["turn"]["points"]
        return Said(
            lambda lang: nt(lang, "Actions ({count} point left)", "Actions ({count} points left)", points)
        )

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(lambda lang: t(lang, "Waiting for {side} to act.", side=side_title(side, lang)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        verb, args = action.verb, action.args
        if verb == "end":
            state["turn"]["end_after"] = True
            emit(state, "turn_ended", {"role": role, "points": state["turn"]["points"]})
        elif verb in ("advance", "ride"):
            advances.begin(state, role, verb, args[0], args[1])
        elif verb == "leader":
            advances.move_leader(state, role, args[0], args[1])
        elif verb == "attack":
            land_attack(state, role, args[0], args[1], int(args[2]))
        elif verb == "shoot":
            ranged.shoot(state, role, args[0], args[1], int(args[2]))
        elif verb == "enter":
            state["turn"]["points"] -= 1
            cards.enter(state, role, args[0], args[1])
        elif verb == "exchange":
            exchange(state, args[0])
        elif verb == "ram":
            ram(state)
        else:
            play(state, role, action)
