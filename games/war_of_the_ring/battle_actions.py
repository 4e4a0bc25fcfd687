"""Starting a battle with an action die (§5.3, §11.1): the ``attack`` die actions and the choice
of the target and the rearguard.

Two die actions, because a Character die asks more of the Army than an Army die:

- ``attack <face>``: an Army die (``army``, ``army_muster``; the Free Peoples' ``army_muster`` or
  ``will``) attacks with one Army;
- ``attack-leader <face>``: a Character die (``character``, or ``will``) attacks with an Army
  that has a Leader, a Nazgûl or a Character going with the attackers (with Saruman in play an
  Isengard Elite counts as a Leader, Servants of the White Hand);
- ``messenger-attack muster``: the Shadow's Muster die as this turn's Army die, while the Mouth
  of Sauron is in play (Messenger of the Dark Tower, shared with ``messenger-move-armies``).

Then the step ``battle_start`` asks, in small steps: ``attack <from> <to>`` (an enemy Army with
units in an adjacent region; the besieged garrison in the attacker's own region, a siege battle;
or, from inside a besieged Stronghold, the besiegers: a sortie); then, if the Army may leave a
rearguard, ``rearguard <nation> <kind> <n>`` / ``rearguard <character>`` as often as wished and
``go``. Only units of Nations At War attack (§8.4): the others (and the Free Peoples Leaders of
those Nations) are put in the rearguard at once, and an Army without a unit At War cannot
attack. Each part keeps at least one unit (our ruling: a rearguard made only of the figures
forced into it is allowed without a unit). On ``go`` the battle starts (:func:`.battle.begin`).

A Shadow Army never attacks a region a Free Peoples table card closes
(:func:`card_rules.shadow_barred`). An Event card that attacks calls ``battle_start`` too, with
the attack already chosen (:func:`card_attack`): the rearguard is asked as usual, and the card's
battle ``rules`` go to :func:`.battle.begin`.

Frame ``battle_start``: ``side``, ``face``, ``leader`` (a Character die), ``from`` / ``to``
(``None`` until chosen), ``rearguard`` ``{nation: {kind: n}}``, ``rearguard_characters``,
``forced`` (the figures that must stay out), ``rules`` (a card's, optional).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, corsairs, politics
from .armies import messenger_ready
from .battle import begin
from .battle_figures import add_counts, in_order, minus, total, unit_count
from .battle_words import army_words
from .board import REGION_INDEX, SIDE_OF, UNIT_KINDS, army, besieged, besieger, characters_at, units
from .card_rules import barring, shadow_barred
from .data import FREE, NATIONS, REGIONS, SHADOW
from .grammar import region_words
from .i18n import character_name, mark, tr
from .movement_words import figure_words
from .roles import other, side_title


def at_war(state: State, nation: str) -> bool:
    """Nazgûl and Characters ignore politics (§8.4); units and Leaders need their Nation At War."""
    return politics.at_war(state, nation)


def army_at(
    state: State, side: str, region: str, inside: bool
) -> tuple[dict[str, dict[str, int]], list[str]]:
    return minus(army(state, region, side, inside), {}), in_order(characters_at(state, region, side, inside))


def forced_rearguard(state: State, counts: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """§8.4, §11.1: the units (and Free Peoples Leaders) of Nations not At War stay out of the attack."""
    found: dict[str, dict[str, int]] = {}
    for nation, here in counts.items():
        if at_war(state, nation):
            continue
        kinds = ("regular", "elite", "leader") if NATIONS[nation].side == FREE else UNIT_KINDS
        kept = {k: here[k] for k in kinds if here.get(k)}
        if kept:
            found[nation] = kept
    return found


def leads(state: State, counts: Mapping[str, Mapping[str, int]], characters: list[str]) -> int:
    """Figures that let a Character die attack: Leaders, Nazgûl, Characters, and Isengard Elites
    while Saruman is in play (§10.4)."""
    found = total(counts, "leader") + len(characters)
    if "saruman" in state["characters"]:
        found += counts.get("isengard", {}).get("elite", 0)
    return found


def origins(state: State, side: str) -> list[tuple[str, bool]]:
    """Where ``side`` has an Army with a unit At War: ``(region, inside)``, board order."""
    armies, garrisons = state["armies"], state["garrisons"]
    occupied = [*armies, *(r for r in garrisons if r not in armies)]
    if len(occupied) > 1:
        occupied.sort(key=REGION_INDEX.__getitem__)
    found = []
    for region in occupied:
        for inside, table in ((False, armies), (True, garrisons)):
            here = table.get(region)
            if here and has_attackers(state, side, here):
                found.append((region, inside))
    return found


def has_attackers(state: State, side: str, here: Mapping[str, Mapping[str, int]]) -> bool:
    """Whether these figures hold a unit of ``side`` of a Nation At War."""
    for n, c in here.items():
        if SIDE_OF[n] == side and (c.get("regular") or c.get("elite")) and at_war(state, n):
            return True
    return False


def targets(state: State, side: str, origin: str, inside: bool) -> list[str]:
    """§11.1: what the Army there may attack. From inside a besieged Stronghold: only the
    besiegers (a sortie). From the open: the garrison it besieges, and every adjacent region
    with enemy Army units in the open (a relief when they besiege a Stronghold there)."""
    foe = other(side)
    if inside:
        found = [origin] if units(state, origin, foe) else []
    else:
        found = [origin] if besieged(state, origin) and besieger(state, origin) == side else []
        found += [r for r in REGIONS[origin].neighbours if units(state, r, foe)]  # sorted already
        found += corsairs.sea_targets(state, origin, side)  # Twilight of the Third Age (D23)
    if side == SHADOW:
        found = [r for r in found if not shadow_barred(state, r)]
    return found


def has_target(state: State, side: str, origin: str, inside: bool, target: str | None = None) -> bool:
    """Whether :func:`targets` is not empty (holds ``target``, if given)."""
    if side == SHADOW and barring(state):
        found = targets(state, side, origin, inside)
        return bool(found) if target is None else target in found
    foe = other(side)
    if inside:
        return target in (None, origin) and units(state, origin, foe) > 0
    if target in (None, origin) and besieged(state, origin) and besieger(state, origin) == side:
        return True
    if target is None:
        return any(units(state, r, foe) for r in REGIONS[origin].neighbours) or bool(
            corsairs.sea_targets(state, origin, side)
        )
    if target in REGIONS[origin].neighbours:
        return units(state, target, foe) > 0
    return target in corsairs.sea_targets(state, origin, side)


def attack_counts(state: State, frame: Frame) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The figures that attack as things stand: the Army less the rearguard chosen so far."""
    counts, chars = army_at(state, frame["side"], frame["from"], frame["inside"])
    attack = minus(counts, frame["rearguard"])
    return attack, [c for c in chars if c not in frame["rearguard_characters"]]


def can_start(state: State, side: str, leader: bool) -> bool:
    """Whether :func:`choices` offers an attack (any origin will do: no need of board order)."""
    for inside, table in ((False, state["armies"]), (True, state["garrisons"])):
        for region, here in table.items():
            if not has_attackers(state, side, here) or not has_target(state, side, region, inside):
                continue
            if not leader or _led(state, side, region, inside):
                return True
    return False


def _led(state: State, side: str, region: str, inside: bool) -> bool:
    """A Character die may attack with the Army there: something leads it once the figures of
    Nations not At War stay out."""
    counts, chars = army_at(state, side, region, inside)
    return bool(leads(state, minus(counts, forced_rearguard(state, counts)), chars))


def can_attack(state: State, side: str, leader: bool, origin: str, target: str) -> bool:
    """Whether ``attack <origin> <target>`` is one of :func:`choices`."""
    if origin not in REGIONS:
        return False
    for inside, table in ((False, state["armies"]), (True, state["garrisons"])):
        here = table.get(origin)
        if not here or not has_attackers(state, side, here):
            continue
        if leader and not _led(state, side, origin, inside):
            continue
        if has_target(state, side, origin, inside, target):
            return True
    return False


def choices(state: State, side: str, leader: bool) -> list[Action]:
    found = []
    for region, inside in origins(state, side):
        if leader and not _led(state, side, region, inside):
            continue
        found += [Action("attack", (region, target)) for target in targets(state, side, region, inside)]
    return found


def rearguard_amounts(state: State, frame: Frame) -> list[Amount]:
    """How many of each kind may still join the rearguard: the attack keeps a unit, and with a
    Character die a leading figure; Leaders join only a rearguard that has or can get a unit."""
    attack, chars = attack_counts(state, frame)
    attack_units = unit_count(attack)
    leading = leads(state, attack, chars)
    saruman = "saruman" in state["characters"]
    found: list[Amount] = []
    for nation, here in attack.items():
        for kind in UNIT_KINDS:
            bound = min(here.get(kind, 0), attack_units - 1)
            if frame["leader"] and kind == "elite" and nation == "isengard" and saruman:
                bound = min(bound, leading - 1)
            if bound > 0:
                found.append(Amount("rearguard", (nation, kind), 1, bound))
    unit_possible = bool(found) or unit_count(frame["rearguard"]) > 0
    if unit_possible:
        for nation, here in attack.items():
            bound = here.get("leader", 0)
            if frame["leader"]:
                bound = min(bound, leading - 1)
            if bound > 0:
                found.append(Amount("rearguard", (nation, "leader"), 1, bound))
    return found


def rearguard_characters(state: State, frame: Frame) -> list[str]:
    attack, chars = attack_counts(state, frame)
    unit_possible = unit_count(frame["rearguard"]) > 0 or unit_count(attack) > 1
    if not unit_possible or (frame["leader"] and leads(state, attack, chars) <= 1):
        return []
    return chars


def can_go(frame: Frame) -> bool:
    """Each part of a split Army keeps a unit (§11.1), unless the rearguard is only what had to
    stay out."""
    rearguard, chars = frame["rearguard"], frame["rearguard_characters"]
    if unit_count(rearguard) or (not rearguard and not chars):
        return True
    return not chars and not minus(rearguard, frame["forced"])


def _possible_army(state: State, side: str) -> bool:
    return can_start(state, side, leader=False)


def _possible_leader(state: State, side: str) -> bool:
    return can_start(state, side, leader=True)


def _run_army(state: State, side: str, face: str) -> bool:
    return _start(state, side, face, leader=False)


def _run_leader(state: State, side: str, face: str) -> bool:
    return _start(state, side, face, leader=True)


def _possible_messenger(state: State, side: str) -> bool:
    return messenger_ready(state, side) and can_start(state, side, leader=False)


def _run_messenger(state: State, side: str, face: str) -> bool:
    """Messenger of the Dark Tower (§9.2): the Muster die is this turn's Army die."""
    state["turn"]["messenger"] = True
    emit(state, "messenger_used", {})
    return _start(state, side, face, leader=False)


def _start(state: State, side: str, face: str, leader: bool) -> bool:
    call(
        state,
        "battle_start",
        side=side,
        face=face,
        leader=leader,
        inside=False,
        rearguard={},
        rearguard_characters=[],
        forced={},
        **{"from": None, "to": None},
    )
    return True


def figure_args(counts: Mapping[str, Mapping[str, int]], characters: list[str]) -> dict[str, Any]:
    return {k: total(counts, k) for k in ("regular", "elite", "leader")} | {"characters": characters}


def region_name(region: str) -> str:
    """A region's name inside a sentence ("the Shire")."""
    return region_words(region)


class BattleStart(Step):
    """Choose the target, then the rearguard; ``go`` starts the battle procedure."""

    name = "battle_start"
    kind = "battle_target"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def question(self, state: State, frame: Frame, role: str) -> str:
        return "battle_target" if frame["to"] is None else "rearguard"

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        if frame["to"] is None:
            return ()
        return tuple(rearguard_amounts(state, frame))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        if frame["to"] is None:
            return tuple(choices(state, frame["side"], frame["leader"]))
        found = [Action("go")] if can_go(frame) else []
        found += [Action(a.verb, (*a.args, str(a.high))) for a in rearguard_amounts(state, frame)]
        found += [Action("rearguard", (c,)) for c in rearguard_characters(state, frame)]
        return tuple(found)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as :meth:`actions` and :meth:`amounts`, for one action."""
        verb, args = action.verb, action.args
        if frame["to"] is None:
            return (
                verb == "attack"
                and len(args) == 2
                and can_attack(state, frame["side"], frame["leader"], *args)
            )
        if verb == "go":
            return not args and can_go(frame)
        if verb != "rearguard":
            return False
        if len(args) == 1:
            return args[0] in rearguard_characters(state, frame)
        return any(amount.admits(action) for amount in rearguard_amounts(state, frame))

    def title(self, state: State, frame: Frame, role: str) -> str:
        if frame["to"] is None:
            if frame["leader"]:
                return tr("Attack (Character die): choose the Army and its target")
            return tr("Attack (Army die): choose the Army and its target")
        return tr(
            "Attack on {region} from {origin}: the rearguard",
            region=region_name(frame["to"]),
            origin=region_name(frame["from"]),
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["to"] is None:
            if frame["leader"]:
                return tr(
                    "Attack with an Army that has a Leader or a Character: `attack <from> <to>` (the same "
                    "region: a siege battle or a sortie)."
                )
            return tr(
                "Attack with an Army: `attack <from> <to>` (the same region: a siege battle or a sortie)."
            )
        side = frame["side"]
        attack, chars = attack_counts(state, frame)
        attacking = army_words(figure_args(attack, chars), side)
        behind = army_words(figure_args(frame["rearguard"], frame["rearguard_characters"]), side)
        return tr(
            "Attacking with {attacking}; in the rearguard: {behind}. Leave more figures out of the "
            "battle with `rearguard`, then `go`.",
            attacking=attacking,
            behind=behind,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the {side} to choose an attack.", side=side_title(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "attack":
            attack_chosen(state, frame, *action.args)
            return
        if action.verb == "rearguard" and len(action.args) == 1:
            frame["rearguard_characters"] = in_order([*frame["rearguard_characters"], action.args[0]])
            return
        if action.verb == "rearguard":
            nation, kind, count = action.args
            chosen = {n: dict(c) for n, c in frame["rearguard"].items()}
            add_counts(chosen, nation, kind, int(count))
            frame["rearguard"] = chosen
            return
        start_battle(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


def start_battle(state: State, frame: Frame) -> None:
    """``go``: the battle procedure starts (it returns to this frame when the battle is over)."""
    begin(
        state,
        frame["side"],
        frame["from"],
        frame["to"],
        frame["rearguard"],
        list(frame["rearguard_characters"]),
        frame["face"],
        frame.get("rules"),
    )


def attack_chosen(state: State, frame: Frame, origin: str, target: str) -> None:
    """The attack is chosen: the figures of Nations not At War stay out; then the rearguard is
    asked, or the battle starts at once when there is nothing to choose."""
    side = frame["side"]
    frame["from"], frame["to"] = origin, target
    inside = besieged(state, origin) and besieger(state, origin) == other(side) and origin == target
    frame["inside"] = bool(inside)
    counts, _ = army_at(state, side, origin, frame["inside"])
    forced = forced_rearguard(state, counts)
    frame["forced"] = forced
    frame["rearguard"] = forced
    if not rearguard_amounts(state, frame) and not rearguard_characters(state, frame):
        start_battle(state, frame)


def card_attack(state: State, side: str, origin: str, target: str, rules: Mapping[str, Any]) -> None:
    """An Event card's attack of ``side``'s Army in ``origin`` on ``target`` (one of
    :func:`choices`, or a card's own): the rearguard, then the battle with the card's rules.
    The procedure returns to the card when the battle is over."""
    frame = call(
        state,
        "battle_start",
        side=side,
        face="",
        leader=False,
        inside=False,
        rearguard={},
        rearguard_characters=[],
        forced={},
        rules=dict(rules),
        **{"from": None, "to": None},
    )
    attack_chosen(state, frame, origin, target)


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for choosing the attack and its rearguard (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "battle_start":
        return None
    verb, args = action.verb, action.args
    if verb == "attack" and len(args) == 2:
        origin, target = args
        if origin != target:
            return tr("Attack {region} from {origin}", region=region_name(target), origin=region_name(origin))
        inside = besieged(state, origin) and besieger(state, origin) != role
        if inside:
            return tr("Sally out of {region}", region=region_name(origin))
        return tr("Assault the Stronghold of {region}", region=region_name(origin))
    if verb == "rearguard" and len(args) == 1:
        return tr("{character} stays in the rearguard", character=character_name(args[0]))
    if verb == "rearguard":
        return tr("Leave {figures} in the rearguard", figures=figure_words(args[0], args[1], int(args[2])))
    if verb == "go":
        return tr("Go: start the battle")
    return None


ARMY_FACES = ("army", "army_muster")

#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "attack",
        mark("Attack with an Army"),
        mark("Army die: one Army attacks an adjacent enemy Army, the garrison it besieges, or sallies out."),
        ARMY_FACES,
        None,
        _possible_army,
        _run_army,
    ),
    actions.DieAction(
        "attack-leader",
        mark("Attack with a led Army"),
        mark("Character die: an Army with a Leader, Nazgûl or Character attacks (the leader goes with it)."),
        ("character",),
        None,
        _possible_leader,
        _run_leader,
    ),
    actions.DieAction(
        "messenger-attack",
        mark("Messenger of the Dark Tower: attack with an Army"),
        mark("Once per turn, with the Mouth of Sauron in play, a Muster die attacks like an Army die."),
        ("muster",),
        SHADOW,
        _possible_messenger,
        _run_messenger,
    ),
)

STEPS: tuple[Step, ...] = (BattleStart(),)
