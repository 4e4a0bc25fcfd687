"""Battles (§9) as one procedure: a ``fight`` frame with a queue of steps, each done by the engine
or, when a player has a real choice, asked.

Queue entries (``op``):

* ``react`` — a reaction card that re-rolls (the Courage of Gondor, Fortunes of War), asked of
  ``role`` only when he holds one and loses a comparison with the dice as they stand;
* ``white_rider`` — asked of Gondor when the Witch-king fights, Gandalf is in Gondor's fighting
  space and Mordor rolled a 6;
* ``resolve`` — the comparisons (ties to the defender, bonuses on the highest die), then the
  casualties and the retreats it queues;
* ``lose`` — ``count`` battalions of ``side`` in ``space`` are removed one at a time and captured
  ``by`` the other side; the owner chooses the kind when the kinds differ (in points or in what
  they can do); a leader whose last battalion falls is captured;
* ``retreat`` — the army of ``side`` in ``space`` steps back once per 6 along the retreat arrows;
  blocked (the edge, enemy battalions, a wall for cavalry), it loses one battalion per 6 left.

A forced evil retreat ends Mordor's fighting for the turn, and his turn when he attacked (defaults
5-8); a forced retreat of Gondor's on Gondor's turn ends it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.core import Action, State, emit
from games.core.chance import roll
from games.core.flow import Frame, Step, pop

from . import cards, forces, leaders, victory
from .advances import movers, shift
from .facts import EVIL, GOOD, KINDS, SPACES, UNITS, other
from .roles import ONLY
from .words import Said, side_title, space_word, t

REROLLS = ("courage_of_gondor", "fortunes_of_war")


def new_fight(kind: str, attacker: str, start: str, to: str, **extra: Any) -> Frame:
    return {
        "step": "fight",
        "kind": kind,
        "attacker": attacker,
        "start": start,
        "to": to,
        "queue": [],
        **extra,
    }


def roll_dice(state: State, what: str, n: int) -> list[int]:
    return sorted((roll(state, what) for _ in range(n)), reverse=True)


def lose_op(side: str, space: str, count: int, by: str, kinds: list[str] | None = None) -> dict[str, Any]:
    return {"op": "lose", "side": side, "space": space, "count": count, "by": by, "kinds": kinds, "lost": {}}


# -- land attacks --------------------------------------------------------------------------------
def defender_of(frame: Frame) -> str:
    return other(frame["attacker"])


def dice_of(frame: Frame, side: str) -> list[int]:
    dice: list[int] = frame["att"] if side == frame["attacker"] else frame["def"]
    return dice


def effective(frame: Frame) -> tuple[list[int], list[int]]:
    att, dfn = list(frame["att"]), list(frame["def"])
    if att:
        att[0] += frame["att_bonus"]
    if dfn:
        dfn[0] += frame["def_bonus"]
    return att, dfn


def comparisons(frame: Frame) -> tuple[int, int]:
    """``(attacker's losses, defender's losses)`` with the dice as they stand."""
    att, dfn = effective(frame)
    lost_att = lost_def = 0
    for a, d in zip(att, dfn, strict=False):
        if a > d:
            lost_def += 1
        else:
            lost_att += 1
    return lost_att, lost_def


def sixes(frame: Frame, side: str) -> int:
    return dice_of(frame, side).count(6)


def loses_any(frame: Frame, side: str) -> bool:
    lost_att, lost_def = comparisons(frame)
    return (lost_att if side == frame["attacker"] else lost_def) > 0


def reroll_cards(state: State, frame: Frame, side: str) -> list[str]:
    if not loses_any(frame, side):
        return []
    return [c for c in REROLLS if forces.holds_card(state, side, c)]


def subsets(n: int) -> list[str]:
    """Dice positions (1 = the highest) a re-roll may name: ``1``, ``1-2``... ``1-2-3``."""
    return [
        "-".join(str(i + 1) for i in chosen)
        for size in range(1, n + 1)
        for chosen in combinations(range(n), size)
    ]


def land_attack(state: State, attacker: str, start: str, to: str, n: int) -> None:
    defender = other(attacker)
    defenders = forces.count_at(state, to)
    evil_space = start if attacker == EVIL else to
    good_space = to if attacker == EVIL else start
    att_bonus = (1 if forces.leaders_at(state, start, attacker) else 0) + (
        1
        if attacker == EVIL and SPACES[to].kind == "wall" and forces.holds_card(state, EVIL, "siege_tower")
        else 0
    )
    def_bonus = (1 if forces.leaders_at(state, to, defender) else 0) + (
        1 if defender == GOOD and SPACES[to].banner else 0
    )
    att = roll_dice(state, "attack die", n)
    dfn = roll_dice(state, "defence die", 1 if defenders == 1 else 2)
    frame = new_fight(
        "land",
        attacker,
        start,
        to,
        att=att,
        att_bonus=att_bonus,
        def_bonus=def_bonus,
        witch_king=state["leaders"]["witch_king"] == evil_space,
        gandalf=state["leaders"]["gandalf"] == good_space,
        white_rider=False,
        kinds=movers(state, attacker, start, to),
    )
    frame["def"] = dfn
    frame["queue"] = [{"op": "react", "role": attacker}, {"op": "react", "role": defender}]
    frame["queue"] += [{"op": "white_rider"}, {"op": "resolve"}]
    state["turn"]["points"] -= 1
    emit(
        state,
        "attacked",
        {
            "role": attacker,
            "from": start,
            "to": to,
            "attack": list(frame["att"]),
            "defence": list(frame["def"]),
        },
    )
    start_fight(state, frame)


def resolve(state: State, frame: Frame) -> None:
    attacker, defender = frame["attacker"], defender_of(frame)
    lost_att, lost_def = comparisons(frame)
    good_sixes = sixes(frame, GOOD)
    evil_sixes = sixes(frame, EVIL)
    emit(
        state,
        "battle",
        {
            "role": attacker,
            "from": frame["start"],
            "to": frame["to"],
            "attack": list(frame["att"]),
            "defence": list(frame["def"]),
            "attacker_lost": lost_att,
            "defender_lost": lost_def,
        },
    )
    state["last"] = {
        "kind": "land",
        "role": attacker,
        "from": frame["start"],
        "to": frame["to"],
        "dice": {"attack": list(frame["att"]), "defence": list(frame["def"])},
        "sixes": good_sixes + evil_sixes,
        "retreat": [],
        "losses": {attacker: lost_att, defender: lost_def},
    }
    queue: list[dict[str, Any]] = []
    if lost_def:
        queue.append(lose_op(defender, frame["to"], lost_def, attacker))
    if lost_att:
        queue.append(lose_op(attacker, frame["start"], lost_att, defender, frame["kinds"]))
    retreats = {}
    if good_sixes:
        retreats[EVIL] = good_sixes
    if evil_sixes and frame["witch_king"] and not frame["white_rider"]:
        retreats[GOOD] = evil_sixes
    for side in (defender, attacker):
        if side in retreats:
            space = frame["to"] if side == defender else frame["start"]
            queue.append(
                {"op": "retreat", "side": side, "space": space, "sixes": retreats[side], "by": other(side)}
            )
    frame["queue"][1:1] = queue


# -- the queue -----------------------------------------------------------------------------------
def run(state: State) -> None:
    """Work through the queue of the fight on top until a player must choose or it is done."""
    frame = state["stack"][-1]
    queue = frame["queue"]
    while queue:
        if state["result"] is not None:
            return
        op = queue[0]
        if not _step(state, frame, op):
            return
        queue.pop(0)
    pop(state)
    victory.check_immediate(state)


def _step(state: State, frame: Frame, op: dict[str, Any]) -> bool:
    """Do ``op``; ``False`` when it waits for a player."""
    kind = op["op"]
    if kind == "react":
        return not reroll_cards(state, frame, op["role"])
    if kind == "white_rider":
        return not white_rider_applies(state, frame)
    if kind == "resolve":
        resolve(state, frame)
        return True
    if kind == "lose":
        return _lose(state, frame, op)
    return _retreat(state, frame, op)


def white_rider_applies(state: State, frame: Frame) -> bool:
    return bool(
        frame["kind"] == "land"
        and frame["witch_king"]
        and frame["gandalf"]
        and not frame["white_rider"]
        and sixes(frame, EVIL)
        and forces.holds_card(state, GOOD, "white_rider")
    )


def loss_choices(state: State, op: dict[str, Any]) -> list[str]:
    """The kinds the owner may lose next; one kind (or all alike) needs no question."""
    here = forces.units_at(state, op["space"])
    present = [k for k in KINDS[op["side"]] if here.get(k)]
    wanted = [k for k in present if op["kinds"] is None or k in op["kinds"]]
    return wanted or present


def alike(kinds: list[str]) -> bool:
    """Whether the kinds differ in nothing a player would weigh (class, shooting, points)."""
    return len({(UNITS[k].cls, UNITS[k].shooter, UNITS[k].points) for k in kinds}) <= 1


def _lose(state: State, frame: Frame, op: dict[str, Any]) -> bool:
    while op["count"] > 0:
        choices = loss_choices(state, op)
        if not choices:
            op["count"] = 0
            break
        if not alike(choices):
            return False
        remove_one(state, op, choices[0])
    _report_losses(state, op)
    return True


def remove_one(state: State, op: dict[str, Any], kind: str) -> None:
    forces.remove_units(state, op["space"], kind, 1)
    shot: dict[str, int] = state["turn"]["shot"]
    if UNITS[kind].shooter and shot.get(op["space"], 0):
        shooters = sum(n for k, n in forces.units_at(state, op["space"]).items() if UNITS[k].shooter)
        shot[op["space"]] = min(shot[op["space"]], shooters)
        if not shot[op["space"]]:
            del shot[op["space"]]
    forces.capture(state, op["by"], kind)
    op["lost"][kind] = op["lost"].get(kind, 0) + 1
    op["count"] -= 1


def _report_losses(state: State, op: dict[str, Any]) -> None:
    if op["lost"]:
        emit(
            state,
            "losses",
            {"role": op["side"], "space": op["space"], "units": dict(op["lost"]), "by": op["by"]},
        )
    leaders.capture_if_alone(state, op["side"], op["space"], op["by"])


def retreat_step(state: State, side: str, space: str, army: list[str]) -> str | None:
    """Where ``side``'s army in ``space`` steps back to, or ``None`` when it is blocked."""
    arrows = SPACES[space].evil_retreat if side == EVIL else SPACES[space].good_retreat
    mounted = any(UNITS[k].cls != "infantry" for k in army)
    for there in arrows:
        if forces.enemy_in(state, side, there):
            continue
        if SPACES[there].kind == "wall" and mounted:
            continue
        return there
    return None


def _retreat(state: State, frame: Frame, op: dict[str, Any]) -> bool:
    side, start = op["side"], op["space"]
    # the sixes end the fighting even when no battalion is left to go back (§9.4)
    if side == EVIL:
        if EVIL not in state["turn"]["no_fight"]:
            state["turn"]["no_fight"].append(EVIL)
        if frame["attacker"] == EVIL:
            frame["end_turn"] = True
    elif state["turn"]["role"] == GOOD:
        frame["end_turn"] = True
    if not forces.holds(state, side, start):
        return True
    # only the army that fought steps back: battalions and leaders it passes stay where they are
    army = {k: n for k, n in forces.units_at(state, start).items() if n}
    chiefs = forces.leaders_at(state, start, side)
    space = start
    left = op["sixes"]
    while left:
        there = retreat_step(state, side, space, list(army))
        if there is None:
            break
        for kind, n in army.items():
            shift(state, space, there, kind, n)
        for leader in chiefs:
            state["leaders"][leader] = there
        space = there
        left -= 1
        last = state["last"]
        if last is not None and last.get("kind") == "land":
            last["retreat"].append(there)
    if space != start:
        emit(state, "retreated", {"role": side, "from": start, "to": space, "steps": op["sixes"] - left})
    if left:
        emit(state, "retreat_blocked", {"role": side, "space": space, "sixes": left})
        frame["queue"].insert(1, lose_op(side, space, left, op["by"], list(army)))
    return True


class Fight(Step):
    """A player's choice inside a battle: a casualty's kind, or a reaction card."""

    name = "fight"
    kind = "battle"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[self.asked(frame)]

    def asked(self, frame: Frame) -> str:
        op = frame["queue"][0]
        if op["op"] == "lose":
            side: str = op["side"]
            return side
        if op["op"] == "white_rider":
            return GOOD
        role: str = op["role"]
        return role

    def question(self, state: State, frame: Frame, role: str) -> str:
        return "casualty" if frame["queue"][0]["op"] == "lose" else "reaction"

    def ping(self, state: State, frame: Frame, role: str) -> bool:
        """The player whose turn it is is in the battle already; the other is mentioned the first
        time the battle asks him, not again."""
        return role != state["turn"]["role"] and role not in frame.get("heard", ())

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        op = frame["queue"][0]
        if op["op"] == "lose":
            return tuple(Action("lose", (k,)) for k in loss_choices(state, op))
        if op["op"] == "white_rider":
            return (Action("react", ("white_rider",)), Action("decline"))
        found: list[Action] = []
        for card in reroll_cards(state, frame, role):
            if card == "fortunes_of_war":
                found.append(Action("react", (card, "all")))
            else:
                found += [Action("react", (card, s)) for s in subsets(len(dice_of(frame, role)))]
        found.append(Action("decline"))
        return tuple(found)

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        op = frame["queue"][0]
        if op["op"] == "lose":
            space, count = op["space"], op["count"]
            return Said(
                lambda lang: t(
                    lang,
                    "Choose which battalion you lose in {space} ({count} to go).",
                    space=space_word(space, lang),
                    count=count,
                )
            )
        if op["op"] == "white_rider":
            return Said(
                lambda lang: t(
                    lang,
                    "The Witch-king's 6s would drive your army back: play the White Rider to stand, or "
                    "decline.",
                )
            )
        att, dfn = " ".join(map(str, frame["att"])), " ".join(map(str, frame["def"]))
        return Said(
            lambda lang: t(
                lang,
                "The attack rolled {attack} against {defence}: play a card to re-roll your dice, or decline.",
                attack=att,
                defence=dfn,
            )
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        space = frame["to"]
        return Said(lambda lang: t(lang, "Battle for {space}", space=space_word(space, lang)))

    def waiting(self, state: State, frame: Frame) -> Said:
        side, space = self.asked(frame), frame["to"]
        return Said(
            lambda lang: t(
                lang,
                "Waiting for {side} in the battle for {space}.",
                side=side_title(side, lang),
                space=space_word(space, lang),
            )
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        op = frame["queue"][0]
        if role not in frame.setdefault("heard", []):
            frame["heard"].append(role)
        if action.verb == "lose":
            remove_one(state, op, action.args[0])
            if op["count"] <= 0 or not loss_choices(state, op):
                op["count"] = 0
                _report_losses(state, op)
                frame["queue"].pop(0)
        elif action.verb == "decline":
            frame["queue"].pop(0)
        elif action.args[0] == "white_rider":
            frame["white_rider"] = True
            cards.put_aside(state, GOOD, "white_rider")
            emit(state, "card_played", {"role": GOOD, "card": "white_rider"})
            frame["queue"].pop(0)
        else:
            card, which = action.args
            dice = dice_of(frame, role)
            picked = range(len(dice)) if which == "all" else [int(i) - 1 for i in which.split("-")]
            for i in picked:
                dice[i] = roll(state, "attack die" if role == frame["attacker"] else "defence die")
            dice.sort(reverse=True)
            cards.put_aside(state, role, card)
            emit(state, "rerolled", {"role": role, "card": card, "dice": list(dice)})
            frame["queue"].pop(0)
        continue_fight(state, frame)


def continue_fight(state: State, frame: Frame) -> None:
    run(state)
    if frame.get("end_turn"):
        state["turn"]["end_after"] = True


def start_fight(state: State, frame: Frame) -> None:
    """Push ``frame`` and run it; a fight that ends its side's turn says so on the turn."""
    state["stack"].append(frame)
    continue_fight(state, frame)
