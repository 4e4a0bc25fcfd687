"""Battles (§11) and sieges (§12): the procedure from the attack to its end, round after round.

A battle is started by :func:`begin` (the ``attack`` die actions of :mod:`.battle_actions`; in
part II, Event cards) and runs as the procedure ``battle``, which ends with ``flow.ret``. The
attacker never moves during the battle: his attacking figures are those of his Army in ``from``
minus the rearguard, which stays out of it. Four kinds of battle:

- a **field battle** against an enemy Army in an adjacent region;
- a **siege battle** (assault): the besieger attacks the garrison in his own region; the
  attacker hits on 6 in every round, the battle lasts one round, and the attacker may reduce one
  of his Elites to a Regular to fight each further round; the besieged never retreat;
- a **sortie**: the garrison attacks the besiegers of its own region, as a field battle;
- a **relief**: an Army from an adjacent region attacks the besiegers; the garrison does not fight.

Each round (§11.3): the defender of a region with his own side's Stronghold (not besieged)
first chooses to fight in the field or to withdraw into the Stronghold (§12.2); at the first
round fought, the Free Peoples may use The White Rider; then the Combat cards (step 1: part II
— see :func:`combat_cards`); the Combat roll and the Leader re-roll (chance ``<side>_combat_die``,
then ``<side>_combat_reroll``, e.g. ``shadow_combat_die``: the attacker's dice, the defender's
dice, the attacker's re-rolls, the defender's re-rolls); the casualties (:mod:`.casualties`);
then the attacker may cease, and if he goes on the defender may retreat (or withdraw into his
Stronghold). At the end the attacker may advance into a region its defenders left (§11.5), and
every siege is settled: captured, lifted or going on (§12.2, §13).

State key ``battle`` (``None`` outside a battle)::

    {"attacker": side, "defender": side, "region": where the defenders are,
     "from": where the attackers are (the same region in a siege battle or a sortie),
     "siege": bool (an assault on a garrison), "sortie": bool, "relief": bool, "die": face,
     "rearguard": {nation: {kind: n}}, "rearguard_characters": [character, ...],
     "round": n, "stage": str, "chosen_round": n (the round the defender already chose for),
     "white_rider": None | bool, "hits": {side: n} (the last round's), "destroyed": [side, ...],
     "rolls": {side: {"dice": [n], "rerolls": [n], "target": n}} (the last round's),
     "result": None | "ceased" | "retreated" | "withdrew" | "destroyed" | "repelled" | "both" | "held",
     "advance": {"units": {nation: {kind: n}}, "characters": [...]},
     "moves": [move, ...] (figures about to move, see :func:`queue_move`), "after_moves": stage,
     "rules": {...} (an Event card's, see below)}

An Event card that starts a battle gives it ``rules``: ``rounds`` (a siege battle fought that
many rounds before the Elite reduction is needed: Grond, The Fighting Uruk-hai), ``card_lock``
(no Free Peoples Combat card in round 1 without a Companion: :func:`card_rules.
combat_cards_forbidden`), ``fewer_dice`` (``{side: n}``: n Combat dice fewer, never below one:
Help Unlooked For), ``no_cease`` (the attacker may not cease: Corsairs of Umbar) and
``must_advance`` (the attackers all advance when the defenders are gone).

Stages: automatic ones (``round``, ``prepare``, ``roll``, ``losses``, ``next``, ``outcome``,
``moving``, ``close``) run one after the other in :func:`proceed` (``roll`` may call the
``casualties`` procedure, ``moving`` the ``stacking`` one; the step resumes where it was);
decisions wait in the ``battle`` step:

- ``stronghold`` (defender): ``fight`` / ``withdraw``;
- ``white_rider`` (Free Peoples): ``white-rider`` / ``decline``;
- ``cease`` (attacker): ``continue`` / ``cease``;
- ``retreat`` (defender): ``retreat <region>`` / ``withdraw`` / ``fight``;
- ``press`` (siege battle, attacker): ``fight-on <nation>`` / ``cease``;
- ``advance`` (attacker): ``advance-all``, ``advance <nation> <kind> <n>``, ``advance
  <character>``, ``done``, ``stay``.

Frame ``battle``: no parameters (everything is in ``state["battle"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.chance import roll
from games.core.flow import Frame, Step, call, ret
from games.core.words import with_article

from . import casualties, occupation, politics, stacking
from .board import (
    KINDS,
    UNIT_KINDS,
    add,
    army,
    besieged,
    besieger,
    characters_at,
    controller,
    free_for,
    remove,
    units,
)
from .card_rules import shadow_barred
from .data import CHARACTERS, FREE, NATIONS, NEIGHBOURS, REGIONS, SHADOW
from .grammar import plural
from .movement_words import figure_words
from .roles import nation_adjective, other, side_title

#: No modifier ever gives more dice (or re-rolls) than this (§11.2).
MAX_DICE = 5
#: The usual target number, and the attacker's against a City or Fortification in round 1 and in
#: a siege battle (§12.1, §12.3).
HIT = 5
HARD_HIT = 6
CAPTAIN = "captain_of_the_west"

Counts = dict[str, dict[str, int]]


# -- small helpers on figure counts -------------------------------------------------------------
def minus(whole: Mapping[str, Mapping[str, int]], part: Mapping[str, Mapping[str, int]]) -> Counts:
    """``whole`` less ``part``, Nation by Nation, in data order (never negative).

    >>> minus({"gondor": {"regular": 3, "leader": 1}}, {"gondor": {"regular": 1}})
    {'gondor': {'regular': 2, 'leader': 1}}
    """
    found: Counts = {}
    for nation in NATIONS:
        if nation not in whole:
            continue
        rest = {k: whole[nation].get(k, 0) - part.get(nation, {}).get(k, 0) for k in KINDS}
        kept = {k: v for k, v in rest.items() if v > 0}
        if kept:
            found[nation] = kept
    return found


def total(counts: Mapping[str, Mapping[str, int]], *kinds: str) -> int:
    return sum(c.get(k, 0) for c in counts.values() for k in kinds)


def unit_count(counts: Mapping[str, Mapping[str, int]]) -> int:
    """Army units (Regulars and Elites)."""
    return total(counts, *UNIT_KINDS)


def in_order(characters: list[str]) -> list[str]:
    """Characters in data order (the state's dict order changes through a dump and a load)."""
    return [c for c in CHARACTERS if c in characters]


def add_counts(target: dict[str, Any], nation: str, kind: str, n: int) -> None:
    here = dict(target.get(nation, {}))
    here[kind] = here.get(kind, 0) + n
    target[nation] = here


# -- who is in the battle -----------------------------------------------------------------------
def current(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state["battle"]
    return found


def place(state: State, side: str) -> tuple[str, bool]:
    """Where ``side``'s figures in the battle stand: the region and whether inside the Stronghold."""
    b = current(state)
    if side == b["attacker"]:
        return b["from"], bool(b["sortie"])
    return b["region"], bool(b["siege"])


def figures(state: State, side: str) -> tuple[Counts, list[str]]:
    """``side``'s figures in the battle: ``{nation: counts}`` and characters. The attacker's are
    his Army less the rearguard; the defender's, his whole Army there (every figure defends)."""
    b = current(state)
    region, inside = place(state, side)
    here = army(state, region, side, inside)
    chars = characters_at(state, region, side, inside)
    if side == b["attacker"]:
        here = minus(here, b["rearguard"])
        chars = [c for c in chars if c not in b["rearguard_characters"]]
    return minus(here, {}), in_order(chars)


def captains(characters: list[str]) -> int:
    """Companions with Captain of the West (+1 Combat Strength each, §9.2)."""
    return sum(1 for c in characters if any(a.id == CAPTAIN for a in CHARACTERS[c].abilities))


def combat_strength(state: State, side: str) -> int:
    """§11.2: Army units in the battle plus Captains of the West, at most 5 dice."""
    counts, chars = figures(state, side)
    dice = min(MAX_DICE, unit_count(counts) + captains(chars))
    fewer = int(rules(state).get("fewer_dice", {}).get(side, 0))
    return max(min(dice, 1), dice - fewer)


def rules(state: State) -> dict[str, Any]:
    """The rules an Event card gave to the battle in progress (none for a die's attack)."""
    found: dict[str, Any] = current(state).get("rules") or {}
    return found


def nazgul_leadership(counts: Mapping[str, Mapping[str, int]], characters: list[str]) -> int:
    """The Leadership of the Nazgûl there, the Witch-king's included (he is a Nazgûl, §9.3)."""
    witch_king = CHARACTERS["witch_king"].leadership if "witch_king" in characters else 0
    return counts.get("sauron", {}).get("leader", 0) + witch_king


def leadership(state: State, side: str) -> int:
    """§11.2: Leaders and Nazgûl, plus the characters' Leadership (Isengard Elites count as Leaders
    while Saruman is in play: Servants of the White Hand), less what The White Rider cancels;
    at most 5 re-rolls."""
    counts, chars = figures(state, side)
    found = total(counts, "leader") + sum(CHARACTERS[c].leadership for c in chars)
    if "saruman" in state["characters"]:
        found += counts.get("isengard", {}).get("elite", 0)
    if current(state).get("white_rider"):
        if side == FREE and "gandalf_white" in chars:
            found -= CHARACTERS["gandalf_white"].leadership
        if side == SHADOW:
            found -= nazgul_leadership(counts, chars)
    return max(0, min(MAX_DICE, found))


def to_hit(state: State, side: str) -> int:
    """The target number: 5, but the attacker needs 6 in a siege battle (every round) and in the
    first round against a City or a Fortification (§12.1, §12.3); a Stronghold fought in the field
    gives no penalty (§19 item 39)."""
    b = current(state)
    if side != b["attacker"]:
        return HIT
    if b["siege"]:
        return HARD_HIT
    settlement = REGIONS[b["region"]].settlement
    if b["round"] == 1 and settlement in ("city", "fortification"):
        return HARD_HIT
    return HIT


def is_hit(value: int, target: int) -> bool:
    """A natural 6 always hits, a natural 1 always misses (§11.3).

    >>> [is_hit(v, 6) for v in (1, 5, 6)], [is_hit(v, 5) for v in (1, 4, 5)]
    ([False, False, True], [False, False, True])
    """
    return value == 6 or (value != 1 and value >= target)


def can_withdraw(state: State) -> bool:
    """§12.2: the defender holds his own side's Stronghold there, not besieged already."""
    b = current(state)
    if b["siege"] or b["sortie"] or b["relief"]:
        return False
    region = b["region"]
    return (
        REGIONS[region].is_stronghold
        and controller(state, region) == b["defender"]
        and not besieged(state, region)
    )


def retreat_regions(state: State) -> list[str]:
    """§11.3 step 5, §11.4: the adjacent regions free for the defender; none for a besieged Army
    (nor, for the Shadow, a region a Free Peoples table card closes to his Armies)."""
    b = current(state)
    if b["siege"]:
        return []
    side = b["defender"]
    return sorted(
        r
        for r in NEIGHBOURS[b["region"]]
        if free_for(state, r, side) and not (side == SHADOW and shadow_barred(state, r))
    )


def white_rider_possible(state: State) -> bool:
    """Gandalf the White fights with the Free Peoples and Nazgûl lead the Shadow here (§9.2)."""
    _, free_chars = figures(state, FREE)
    shadow, shadow_chars = figures(state, SHADOW)
    return "gandalf_white" in free_chars and nazgul_leadership(shadow, shadow_chars) > 0


# -- starting -----------------------------------------------------------------------------------
def begin(
    state: State,
    attacker: str,
    origin: str,
    region: str,
    rearguard: Mapping[str, Mapping[str, int]] | None = None,
    rearguard_characters: list[str] | None = None,
    die: str = "",
    rules: Mapping[str, Any] | None = None,
) -> None:
    """Start a battle of ``attacker``'s Army in ``origin`` against the enemy in ``region`` (the
    same region: a siege battle by the besieger, or a sortie by the garrison). Calls the
    ``battle`` procedure, which returns to the caller when the battle is over (at once if it ends
    without a decision). The political reaction happens here, once per battle (§8.3)."""
    siege = origin == region and besieger(state, region) == attacker
    sortie = origin == region and not siege
    relief = origin != region and besieged(state, region)
    state["battle"] = {
        "attacker": attacker,
        "defender": other(attacker),
        "region": region,
        "from": origin,
        "siege": siege,
        "sortie": sortie,
        "relief": relief,
        "die": die,
        "rearguard": minus(rearguard or {}, {}),
        "rearguard_characters": in_order(list(rearguard_characters or [])),
        "round": 0,
        "stage": "round",
        "chosen_round": 0,
        "white_rider": None,
        "hits": {},
        "destroyed": [],
        "result": None,
        "advance": {"units": {}, "characters": []},
        "moves": [],
        "after_moves": "close",
        "rules": dict(rules or {}),
    }
    call(state, "battle")
    counts, chars = figures(state, attacker)
    kind = "siege" if siege else "sortie" if sortie else "relief" if relief else "field"
    emit(
        state,
        "battle_started",
        {
            "side": attacker,
            "region": region,
            "from": origin,
            "kind": kind,
            "regular": total(counts, "regular"),
            "elite": total(counts, "elite"),
            "leader": total(counts, "leader"),
            "characters": chars,
            "rearguard": unit_count(state["battle"]["rearguard"]),
        },
    )
    defenders, _ = figures(state, other(attacker))
    politics.attacked(
        state, [n for n in defenders if NATIONS[n].side == FREE and unit_count({n: defenders[n]})]
    )
    proceed(state)


# -- the automatic stages -----------------------------------------------------------------------
def proceed(state: State) -> None:
    """Run the automatic stages until a decision is needed, a procedure was called, or the battle
    is over (then the procedure has returned)."""
    while state["battle"] is not None and state["result"] is None:
        handler = AUTOMATIC.get(current(state)["stage"])
        if handler is None:
            return  # a decision: the battle step waits for it
        if handler(state):
            return


def _round(state: State) -> bool:
    b = current(state)
    b["round"] += 1
    b["stage"] = "stronghold" if can_withdraw(state) and b["chosen_round"] != b["round"] else "prepare"
    return False


def _prepare(state: State) -> bool:
    b = current(state)
    if b["white_rider"] is None:
        if white_rider_possible(state):
            b["stage"] = "white_rider"
            return False
        b["white_rider"] = False
    b["stage"] = "roll"
    return combat_cards(state)


def combat_cards(state: State) -> bool:
    """Step 1 of the round, the Combat cards (§11.3): not in part I, so the round goes straight
    to the roll. Part II hooks in here: set the stage to a simultaneous ``cards`` decision (both
    sides active until each has chosen a card or none, face down, with ``flow.barrier``), reveal
    them, and go on to ``roll``; return True while it waits."""
    return False


def _roll(state: State) -> bool:
    """Steps 2-3: both sides roll, then both re-roll their misses up to their Leadership."""
    b = current(state)
    sides = (b["attacker"], b["defender"])
    targets = {s: to_hit(state, s) for s in sides}
    first = {s: [roll(state, f"{s}_combat_die") for _ in range(combat_strength(state, s))] for s in sides}
    again: dict[str, list[int]] = {}
    for s in sides:
        misses = sum(1 for v in first[s] if not is_hit(v, targets[s]))
        again[s] = [roll(state, f"{s}_combat_reroll") for _ in range(min(misses, leadership(state, s)))]
    hits = {s: sum(1 for v in first[s] + again[s] if is_hit(v, targets[s])) for s in sides}
    b["hits"] = hits
    b["rolls"] = {s: {"dice": first[s], "rerolls": again[s], "target": targets[s]} for s in sides}
    args: dict[str, Any] = {"round": b["round"]}
    for role, s in (("attacker", sides[0]), ("defender", sides[1])):
        counts, _ = figures(state, s)
        nations = [n for n in counts if unit_count({n: counts[n]})]
        args.update(
            {
                role: s,
                f"{role}_nation": nations[0] if len(nations) == 1 else "",
                f"{role}_dice": first[s],
                f"{role}_rerolls": again[s],
                f"{role}_target": targets[s],
                f"{role}_hits": hits[s],
            }
        )
    emit(state, "combat_round", args)
    groups = []
    for s in sides:
        region, inside = place(state, s)
        counts, _ = figures(state, s)
        groups.append(casualties.group(s, region, inside, counts, hits[other(s)]))
    b["stage"] = "losses"
    return casualties.take(state, groups)


def _losses(state: State) -> bool:
    """After the casualties: an Army without units loses its Leaders and Characters (§11.6);
    then the battle ends, or goes on to the attacker's choice."""
    b = current(state)
    for side in (b["attacker"], b["defender"]):
        counts, chars = figures(state, side)
        if not unit_count(counts):
            region, inside = place(state, side)
            casualties.fall_with_army(state, region, side, inside, counts, chars)
            b["destroyed"].append(side)
    destroyed = set(b["destroyed"])
    if destroyed:
        b["result"] = (
            "both" if len(destroyed) == 2 else "repelled" if b["attacker"] in destroyed else "destroyed"
        )
        b["stage"] = "outcome"
    elif b["siege"] and b["round"] < int(rules(state).get("rounds", 1)):
        b["stage"] = "round"  # a siege battle of several rounds by card: no Elite to reduce yet
    elif b["siege"]:
        if elites_in_battle(state):
            b["stage"] = "press"
        else:
            b["result"] = "held"
            b["stage"] = "outcome"
    else:
        b["stage"] = "next" if rules(state).get("no_cease") else "cease"
    return False


def elites_in_battle(state: State) -> list[str]:
    """The attacker's Nations with an Elite in the battle (to fight on in a siege, §12.3)."""
    counts, _ = figures(state, current(state)["attacker"])
    return [n for n, c in counts.items() if c.get("elite")]


def _next(state: State) -> bool:
    """The attacker goes on: the defender may retreat (or withdraw), else a new round."""
    b = current(state)
    b["stage"] = "retreat" if retreat_regions(state) or can_withdraw(state) else "round"
    return False


def _outcome(state: State) -> bool:
    """The battle is decided: settle the siege of the region (a garrison destroyed is a capture,
    besiegers gone free the garrison), then the attacker may advance."""
    b = current(state)
    if b["siege"] and b["result"] in ("held", "ceased"):
        emit(state, "siege_holds", {"region": b["region"]})
    settle_siege(state, b["region"], was_besieged=b["siege"] or b["sortie"])
    b["stage"] = "advance" if may_advance(state) else "close"
    return False


def may_advance(state: State) -> bool:
    """§11.5: after the defenders were destroyed or retreated (or withdrew into their
    Stronghold, §12.2), not from a siege battle or a sortie (already in the region)."""
    b = current(state)
    if b["siege"] or b["sortie"] or b["result"] not in ("destroyed", "retreated", "withdrew"):
        return False
    counts, _ = figures(state, b["attacker"])
    return unit_count(counts) > 0


def _moving(state: State) -> bool:
    """Carry out the queued moves (a retreat, an advance, a garrison going inside), each after the
    owner kept within the stacking limit where the figures arrive (:func:`stacking.call_arrival`:
    the board is never over it between two actions)."""
    b = current(state)
    while b["moves"]:
        move = b["moves"][0]
        incoming = {n: dict(c) for n, c in move["units"].items()}
        if stacking.call_arrival(state, move["to"], move["side"], incoming, bool(move["inside"])):
            return True  # the owner chooses what goes back; the battle step resumes with the rest
        finish_move(state, incoming)
    b["stage"] = b["after_moves"]
    return False


def _close(state: State) -> bool:
    """Every siege settled (§12.2), and the procedure returns."""
    b = current(state)
    for region in dict.fromkeys((b["region"], b["from"])):
        settle_siege(state, region)
        occupation.lone_leaders(state, region)  # §9.1: e.g. a Leader left in a rearguard alone
    state["battle"] = None
    ret(state)
    return True


AUTOMATIC: dict[str, Callable[[State], bool]] = {
    "round": _round,
    "prepare": _prepare,
    "roll": _roll,
    "losses": _losses,
    "next": _next,
    "outcome": _outcome,
    "moving": _moving,
    "close": _close,
}


# -- moving figures -----------------------------------------------------------------------------
def queue_move(
    state: State,
    what: str,
    side: str,
    origin: str,
    to: str,
    counts: Mapping[str, Mapping[str, int]],
    characters: list[str],
    inside: bool = False,
) -> None:
    """Add a move of these figures (from the open at ``origin``) to the battle's queue."""
    units_only = {n: {k: c[k] for k in UNIT_KINDS if c.get(k)} for n, c in minus(counts, {}).items()}
    leaders_only = {n: {"leader": c["leader"]} for n, c in minus(counts, {}).items() if c.get("leader")}
    current(state)["moves"].append(
        {
            "what": what,
            "side": side,
            "from": origin,
            "to": to,
            "inside": inside,
            "units": {n: c for n, c in units_only.items() if c},
            "leaders": leaders_only,
            "characters": in_order(characters),
        }
    )


def finish_move(state: State, coming: Mapping[str, Mapping[str, int]]) -> None:
    """The first queued move happens: the units in ``coming`` arrive, the others (sent back by the
    owner over the stacking limit) go to reinforcements; Leaders and characters all arrive."""
    b = current(state)
    move = b["moves"].pop(0)
    origin, to, inside = move["from"], move["to"], bool(move["inside"])
    for nation in NATIONS:
        for kind in UNIT_KINDS:
            n = move["units"].get(nation, {}).get(kind, 0)
            if not n:
                continue
            arriving = min(n, coming.get(nation, {}).get(kind, 0))
            remove(state, origin, nation, kind, n)
            add(state, to, nation, kind, arriving, inside)
            if n > arriving:
                pool = state["reinforcements"][nation]
                pool[kind] = pool.get(kind, 0) + n - arriving
        n = move["leaders"].get(nation, {}).get("leader", 0)
        if n:
            remove(state, origin, nation, "leader", n)
            add(state, to, nation, "leader", n, inside)
    for character in move["characters"]:
        state["characters"][character] = {"region": to, "inside": inside}
    if move["what"] in ("advance", "retreat"):
        # An advance may capture (never a besieged Stronghold); a retreat goes only where it is
        # free, so it captures nothing, but a Shadow Army retreating into a Free Peoples Nation
        # enters it all the same (§8.2).
        occupation.arrive(state, to, move["side"])


def retreat(state: State, to: str) -> None:
    """§11.3 step 5: the whole defending Army goes to ``to``; a Level-0 character stays (§11.4)."""
    b = current(state)
    side, region = b["defender"], b["region"]
    emit(state, "retreated", {"side": side, "from": region, "to": to})
    going = []
    for character in in_order(characters_at(state, region, side)):
        if CHARACTERS[character].level == 0:
            emit(state, "left_behind", {"character": character, "region": region})
        else:
            going.append(character)
    queue_move(state, "retreat", side, region, to, army(state, region, side), going)
    b["result"] = "retreated"
    b["after_moves"] = "outcome"
    b["stage"] = "moving"


def advance(state: State) -> None:
    """§11.5: the chosen part of the attacking Army enters the region; Free Peoples Leaders left
    without units follow it (§9.1). Entering captures an undefended enemy Settlement (§13); after
    a withdrawal, the defenders go inside the Stronghold, now besieged, keeping at most 5 units
    (§12.2; the excess goes back to reinforcements)."""
    b = current(state)
    side, origin, region = b["attacker"], b["from"], b["region"]
    chosen = minus(b["advance"]["units"], {})
    left = minus(army(state, origin, side), chosen)
    if side == FREE and not unit_count(left):
        for nation, c in left.items():
            add_counts(chosen, nation, "leader", c.get("leader", 0))
    characters = in_order(list(b["advance"]["characters"]))
    withdrew = b["result"] == "withdrew"
    if withdrew:
        defender = b["defender"]
        emit(state, "siege_laid", {"side": side, "region": region})
        inside = characters_at(state, region, defender)
        queue_move(state, "besiege", defender, region, region, army(state, region, defender), inside, True)
    emit(
        state,
        "advanced",
        {
            "side": side,
            "from": origin,
            "region": region,
            "regular": total(chosen, "regular"),
            "elite": total(chosen, "elite"),
            "leader": total(chosen, "leader"),
            "characters": characters,
        },
    )
    queue_move(state, "advance", side, origin, region, chosen, characters)
    b["after_moves"] = "close"
    b["stage"] = "moving"


def release(state: State, region: str) -> None:
    """The siege is over: the figures inside go back to the region."""
    garrison = state["garrisons"].pop(region, {})
    for nation in NATIONS:
        for kind in KINDS:
            n = garrison.get(nation, {}).get(kind, 0)
            if n:
                add(state, region, nation, kind, n)
    for where in state["characters"].values():
        if where["region"] == region and where.get("inside"):
            where["inside"] = False


def settle_siege(state: State, region: str, was_besieged: bool = False) -> None:
    """§12.2, §13: a garrison without units is lost (captured if the besiegers still have a unit
    there); a siege whose besiegers have no unit left is lifted, the garrison coming out.
    ``was_besieged``: the region was under siege when the battle began (its garrison may be gone
    by now)."""
    if not besieged(state, region):
        if was_besieged:  # the whole garrison fell in this battle
            for where in state["characters"].values():
                if where["region"] == region:
                    where["inside"] = False
            holder = controller(state, region)
            if holder is not None and units(state, region, other(holder)):
                occupation.capture(state, region, other(holder))
        return
    holder = controller(state, region)
    if holder is None:  # pragma: no cover - a besieged region is always a Stronghold
        return
    foe = other(holder)
    if not units(state, region, holder, inside=True):
        release(state, region)
        occupation.lone_leaders(state, region)
        if units(state, region, foe):
            occupation.capture(state, region, foe)
        return
    if not units(state, region, foe):
        release(state, region)
        emit(state, "siege_lifted", {"region": region, "side": holder})


# -- the decisions ------------------------------------------------------------------------------
def advance_amounts(state: State) -> list[Amount]:
    b = current(state)
    counts, _ = figures(state, b["attacker"])
    rest = minus(counts, b["advance"]["units"])
    return [
        Amount("advance", (nation, kind), 1, n)
        for nation, c in rest.items()
        for kind, n in c.items()
        if n > 0
    ]


def advance_characters(state: State) -> list[str]:
    """Attacking characters who may still be told to advance (a Level-0 one never moves)."""
    b = current(state)
    _, chars = figures(state, b["attacker"])
    return [c for c in chars if c not in b["advance"]["characters"] and CHARACTERS[c].level != 0]


def advance_all(state: State) -> None:
    b = current(state)
    counts, _ = figures(state, b["attacker"])
    b["advance"] = {"units": counts, "characters": [*b["advance"]["characters"], *advance_characters(state)]}


ACTIVE = {
    "stronghold": "defender",
    "retreat": "defender",
    "cease": "attacker",
    "press": "attacker",
    "advance": "attacker",
}
KIND = {
    "stronghold": "stronghold_choice",
    "white_rider": "white_rider",
    "cease": "cease_or_continue",
    "retreat": "retreat",
    "press": "siege_fight_on",
    "advance": "advance",
}


def chooser(state: State) -> str | None:
    b = state.get("battle")
    if not b:
        return None
    if b["stage"] == "white_rider":
        return FREE
    who = ACTIVE.get(b["stage"])
    return str(b[who]) if who is not None else None


def region_name(region: str) -> str:
    return REGIONS[region].name


class Battle(Step):
    """The decisions of a battle in progress (see the module docstring for the stages)."""

    name = "battle"
    kind = "battle"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        who = chooser(state)
        return frozenset({who}) if who is not None else frozenset()

    def question(self, state: State, frame: Frame, role: str) -> str:
        return KIND.get(current(state)["stage"], self.kind)

    def ping(self, state: State, frame: Frame, role: str) -> bool:
        """After the first round both players are in the exchange: no new mention."""
        return bool(current(state)["round"] <= 1)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        if chooser(state) != role or current(state)["stage"] != "advance" or rules(state).get("must_advance"):
            return ()
        return tuple(advance_amounts(state))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        if chooser(state) != role:
            return ()
        b = current(state)
        stage = b["stage"]
        if stage == "stronghold":
            return (Action("fight"), Action("withdraw"))
        if stage == "white_rider":
            return (Action("white-rider"), Action("decline"))
        if stage == "cease":
            return (Action("continue"), Action("cease"))
        if stage == "retreat":
            found = [Action("retreat", (r,)) for r in retreat_regions(state)]
            if can_withdraw(state):
                found.append(Action("withdraw"))
            return (*found, Action("fight"))
        if stage == "press":
            return (*(Action("fight-on", (n,)) for n in elites_in_battle(state)), Action("cease"))
        if stage == "advance" and rules(state).get("must_advance"):
            return (Action("advance-all"),)
        if stage == "advance":
            found = [Action("advance-all"), Action("stay")]
            found += [Action(a.verb, (*a.args, str(a.high))) for a in advance_amounts(state)]
            found += [Action("advance", (c,)) for c in advance_characters(state)]
            if unit_count(b["advance"]["units"]):
                found.append(Action("done"))
            return tuple(found)
        return ()  # pragma: no cover - automatic stages never wait

    def title(self, state: State, frame: Frame, role: str) -> str:
        b = current(state)
        where = region_name(b["region"])
        what = "Siege of" if b["siege"] else "Sortie at" if b["sortie"] else "Battle of"
        heading = f"{what} {where}, round {b['round']}" if b["round"] else f"{what} {where}"
        hits = b.get("hits") or {}
        if hits and b["stage"] in ("cease", "press", "retreat"):
            mine, theirs = hits.get(role, 0), hits.get(other(role), 0)
            heading += f" (you scored {plural(mine, 'hit')}, took {theirs})"
        return heading

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        b = current(state)
        stage, where = b["stage"], region_name(b["region"])
        if stage == "stronghold":
            return f"Fight this round in the field at {where}, or withdraw into the Stronghold (a siege)?"
        if stage == "white_rider":
            return (
                "The White Rider: Gandalf the White may forfeit his Leadership for this battle to cancel "
                "the Leadership of every Nazgûl (the Witch-king too)."
            )
        if stage == "cease":
            return f"Continue the attack on {where} (the defender may then retreat), or cease it?"
        if stage == "retreat":
            options = ["retreat to an adjacent free region"] if retreat_regions(state) else []
            if can_withdraw(state):
                options.append("withdraw into the Stronghold")
            return f"The attack goes on: {', or '.join(options)}; or `fight` another round."
        if stage == "press":
            return (
                "The siege battle round is over: reduce one of your Elites to a Regular to fight one "
                "more round, or cease."
            )
        if stage == "advance":
            into = (
                "into the Stronghold's region (it is then besieged)" if b["result"] == "withdrew" else "into"
            )
            return (
                f"Advance {into} {where} with all or part of the attacking Army: `advance-all`, or pick "
                "figures with `advance` and then `done`; or `stay`."
            )
        return ""  # pragma: no cover

    def waiting(self, state: State, frame: Frame) -> str:
        who = chooser(state)
        where = region_name(current(state)["region"])
        if who is None:  # pragma: no cover
            return f"The battle of {where} goes on."
        return f"Waiting for the {side_title(who)} in the battle of {where}."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        b = current(state)
        stage, verb = b["stage"], action.verb
        if stage in ("stronghold", "retreat") and verb == "withdraw":
            emit(state, "withdrew", {"side": role, "region": b["region"]})
            b["result"] = "withdrew"
            b["stage"] = "outcome"
        elif stage == "stronghold":  # fight
            b["chosen_round"] = b["round"]
            b["stage"] = "prepare"
        elif stage == "retreat":
            if verb == "retreat":
                retreat(state, action.args[0])
            else:  # fight: the choice for the next round is made
                b["chosen_round"] = b["round"] + 1
                b["stage"] = "round"
        elif stage == "white_rider":
            b["white_rider"] = verb == "white-rider"
            if b["white_rider"]:
                emit(state, "white_rider", {"region": b["region"]})
            b["stage"] = "prepare"
        elif stage in ("cease", "press") and verb == "cease":
            emit(state, "attack_ceased", {"side": role, "region": b["region"]})
            b["result"] = "ceased"
            b["stage"] = "outcome"
        elif stage == "cease":  # continue
            b["stage"] = "next"
        elif stage == "press":  # fight-on
            nation = action.args[0]
            casualties.reduce_elite(state, b["from"], nation)
            emit(state, "siege_pressed", {"side": role, "nation": nation, "region": b["region"]})
            b["stage"] = "round"
        elif stage == "advance":
            self._advance(state, b, action)
        proceed(state)

    def _advance(self, state: State, b: dict[str, Any], action: Action) -> None:
        verb = action.verb
        if verb == "stay":
            if b["result"] == "withdrew":  # our ruling: nobody besieges, the defenders come out again
                emit(state, "siege_refused", {"side": b["attacker"], "region": b["region"]})
            else:
                emit(state, "no_advance", {"side": b["attacker"], "from": b["from"], "region": b["region"]})
            b["stage"] = "close"
            return
        if verb == "advance" and len(action.args) == 1:
            b["advance"]["characters"] = in_order([*b["advance"]["characters"], action.args[0]])
            return
        if verb == "advance":
            nation, kind, count = action.args
            chosen = dict(b["advance"]["units"])
            add_counts(chosen, nation, kind, int(count))
            b["advance"]["units"] = chosen
            return
        if verb == "advance-all":
            advance_all(state)
        advance(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """A procedure returned: the casualties were applied, or the owner kept within the
        stacking limit (``value``: the units that still arrive)."""
        if current(state)["stage"] == "moving":
            finish_move(state, value)
        proceed(state)


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the battle's questions (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "battle" or not state.get("battle"):
        return None
    b = current(state)
    verb, args = action.verb, action.args
    where = region_name(b["region"])
    if verb == "retreat":
        return f"Retreat to {region_name(args[0])}"
    if verb == "fight-on":
        return f"Reduce {with_article(nation_adjective(args[0]) + ' Elite')} to fight one more round"
    if verb == "advance" and len(args) == 1:
        return f"{CHARACTERS[args[0]].name} advances too"
    if verb == "advance":
        return f"Advance {figure_words(args[0], args[1], int(args[2]))}"
    words = {
        "fight": f"Fight at {where}" if b["stage"] == "stronghold" else "Fight another round",
        "withdraw": f"Withdraw into the Stronghold of {where}",
        "white-rider": "The White Rider: cancel the Nazgûl's Leadership",
        "decline": "Keep Gandalf's Leadership",
        "continue": "Continue the attack",
        "cease": "Cease the attack",
        "advance-all": f"Advance into {where} with every attacker",
        "done": f"Advance into {where} with the figures chosen",
        "stay": "Do not advance",
    }
    return words.get(verb)


def battle_view(state: State) -> dict[str, Any] | None:
    """The public picture of the battle in progress (``view["battle"]``), or ``None``."""
    b = state.get("battle")
    if not b:
        return None
    return {
        "region": b["region"],
        "attacker": b["attacker"],
        "defender": b["defender"],
        "from": b["from"],
        "round": b["round"],
        "siege": b["siege"],
        "sortie": b["sortie"],
        "relief": b["relief"],
        "strength": {s: combat_strength(state, s) for s in (b["attacker"], b["defender"])},
        "leadership": {s: leadership(state, s) for s in (b["attacker"], b["defender"])},
        "rolls": {s: {**r, "hits": b["hits"].get(s, 0)} for s, r in b.get("rolls", {}).items()},
    }


STEPS: tuple[Step, ...] = (Battle(),)
