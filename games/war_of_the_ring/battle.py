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
round fought, the Free Peoples may use The White Rider; then the Combat cards, chosen in secret
by both sides and revealed together, whose effects act through the rest of the round
(:mod:`.combat_round`, :mod:`.combat_effects`); the Combat roll and the Leader re-roll (chance
``<side>_combat_die``, then ``<side>_combat_reroll``, e.g. ``shadow_combat_die``: the attacker's
dice, the defender's dice, the attacker's re-rolls, the defender's re-rolls; the cards' extra
attacks roll ``<side>_card_die``); the casualties (:mod:`.casualties`); then the attacker may
cease, and if he goes on the defender may retreat (or withdraw into his Stronghold). At the end
the attacker may advance into a region its defenders left (§11.5), and every siege is settled:
captured, lifted or going on (§12.2, §13).

State key ``battle`` (``None`` outside a battle)::

    {"attacker": side, "defender": side, "region": where the defenders are,
     "from": where the attackers are (the same region in a siege battle or a sortie),
     "siege": bool (an assault on a garrison), "sortie": bool, "relief": bool, "die": face,
     "rearguard": {nation: {kind: n}}, "rearguard_characters": [character, ...],
     "round": n, "stage": str, "chosen_round": n (the round the defender already chose for),
     "white_rider": None | bool, "fx": None | the round's Combat cards (:mod:`.combat_tools`),
     "hits": {side: n} (the last round's), "destroyed": [side, ...],
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

Stages: automatic ones (``round``, ``prepare``, ``combat``, ``losses``, ``next``, ``outcome``,
``moving``, ``close``) run one after the other in :func:`proceed` (``combat`` — the round from
the revealed cards to the casualties — may call the ``casualties`` procedure, ``moving`` the
``stacking`` one; the step resumes where it was); decisions wait in the ``battle`` step:

- ``cards`` (both sides holding a card, at once, in secret): ``combat <card>`` / ``no-combat``;
- ``combat_choice`` (the player whose card asks): ``forfeit``, ``self-hits``, ``silence``,
  ``sacrifice``, ``slay`` / ``decline`` (see :func:`.combat_effects.choices`);
- ``scouts`` (defender, Scouts played): ``retreat <region>`` / ``withdraw``;
- ``stronghold`` (defender): ``fight`` / ``withdraw``;
- ``white_rider`` (Free Peoples): ``white-rider`` / ``decline``;
- ``cease`` (attacker): ``continue`` / ``cease``;
- ``retreat`` (defender): ``retreat <region>`` / ``withdraw`` / ``fight``;
- ``press`` (siege battle, attacker): ``fight-on <nation>`` / ``fight-on-free`` (Siege Tower
  superiority, :mod:`.siege_engines`) / ``cease``;
- ``engines`` (siege battle, Free Peoples, siege engines even): ``sacrifice-trebuchet`` /
  ``keep-trebuchets``;
- ``advance`` (attacker): ``advance-all``, ``advance <nation> <kind> <n>``, ``advance
  <character>``, ``done``, ``stay``.

Frame ``battle``: no parameters (everything is in ``state["battle"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret
from games.core.words import with_article

from . import (
    casualties,
    combat_effects,
    combat_round,
    combat_words,
    corsairs,
    occupation,
    politics,
    siege_engines,
    stacking,
)
from .battle_figures import (
    add_counts,
    can_withdraw,
    combat_strength,
    current,
    figures,
    in_order,
    leadership,
    minus,
    place,
    retreat_regions,
    total,
    unit_count,
    white_rider_possible,
)
from .battle_figures import (
    rules as battle_rules,
)
from .board import KINDS, UNIT_KINDS, add, army, besieged, besieger, characters_at, controller, remove, units
from .combat_tools import sentences
from .data import ARMY_NATIONS, ARMY_SIDES, CHARACTERS, DUNLENDINGS, FREE
from .grammar import plural, region_words
from .i18n import character_name, english, mark, ntr, tr
from .movement_words import figure_words
from .roles import nation_adjective, other, side_title


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
        "fx": None,
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
        state, [n for n in defenders if ARMY_SIDES[n] == FREE and unit_count({n: defenders[n]})]
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
    if siege_engines.asks_sacrifice(state):
        b["stage"] = "engines"
        return False
    siege_engines.fix(state)
    combat_cards(state)
    return False


def combat_cards(state: State) -> None:
    """Step 1 of the round, the Combat cards (§11.3): a secret choice of both sides (stage
    ``cards``), then the round itself with the cards' effects (stage ``combat``): see
    :mod:`.combat_round`."""
    combat_round.start(state)


def _losses(state: State) -> bool:
    """After the casualties: an Army without units loses its Leaders and Characters (§11.6);
    then the battle ends, or goes on to the attacker's choice."""
    b = current(state)
    b["fx"] = None  # the round's Combat-card effects are over
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
    elif b["siege"] and b["round"] < int(battle_rules(state).get("rounds", 1)):
        b["stage"] = "round"  # a siege battle of several rounds by card: no Elite to reduce yet
    elif b["siege"]:
        if press_choices(state):
            b["stage"] = "press"
        else:
            b["result"] = "held"
            b["stage"] = "outcome"
    else:
        b["stage"] = "next" if battle_rules(state).get("no_cease") else "cease"
    return False


def elites_in_battle(state: State) -> list[str]:
    """The attacker's Nations with an Elite in the battle (to fight on in a siege, §12.3); not the
    last unit when no Regular can replace it (the reduction would leave nobody to fight on)."""
    counts, _ = figures(state, current(state)["attacker"])
    alone = unit_count(counts) == 1
    return [n for n, c in counts.items() if c.get("elite") and not (alone and not _regular_at_hand(state, n))]


def press_choices(state: State) -> list[Action]:
    """How the attacker may fight one more round of a siege battle: reduce an Elite (not against
    Free Peoples siege-engine superiority), or once with Siege Tower superiority for free."""
    found = (
        []
        if siege_engines.bars_reduction(state)
        else [Action("fight-on", (n,)) for n in elites_in_battle(state)]
    )
    return [*found, *([Action("fight-on-free")] if siege_engines.free_round(state) else [])]


def _regular_at_hand(state: State, nation: str) -> bool:
    """A Regular to replace a reduced Elite (§11.3: the Free Peoples' casualties, else reinforcements)."""
    spare = state["casualties"][nation].get("regular", 0) if ARMY_SIDES[nation] == FREE else 0
    return bool(spare or state["reinforcements"][nation].get("regular", 0))


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
    corsairs.after_battle(state, b)  # Twilight of the Third Age: Ships sink with their Army (D24)
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
    "combat": combat_round.run,
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
    for nation in ARMY_NATIONS:
        for kind in UNIT_KINDS:
            n = move["units"].get(nation, {}).get(kind, 0)
            if not n:
                continue
            arriving = min(n, coming.get(nation, {}).get(kind, 0))
            remove(state, origin, nation, kind, n)
            add(state, to, nation, kind, arriving, inside)
            if n > arriving and nation != DUNLENDINGS:  # Dunlendings: back to their faction's pool
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
    for nation in ARMY_NATIONS:
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
    "scouts": "defender",
    "cease": "attacker",
    "press": "attacker",
    "engines": "defender",
    "advance": "attacker",
}
KIND = {
    "stronghold": "stronghold_choice",
    "white_rider": "white_rider",
    "cease": "cease_or_continue",
    "retreat": "retreat",
    "press": "siege_fight_on",
    "engines": "siege_engines",
    "advance": "advance",
    "cards": "combat_card",
    "scouts": "scouts",
}


def chooser(state: State) -> str | None:
    b = state.get("battle")
    if not b:
        return None
    if b["stage"] == "white_rider":
        return FREE
    if b["stage"] == "combat_choice":
        return str(b["fx"]["ask"]["side"])
    who = ACTIVE.get(b["stage"])
    return str(b[who]) if who is not None else None


def region_name(region: str) -> str:
    """A region's name inside a sentence ("the Shire")."""
    return region_words(region)


#: A battle's heading without and with its round.
HEADINGS = {
    "siege": mark("Siege of {region}"),
    "sortie": mark("Sortie at {region}"),
    "battle": mark("Battle of {region}"),
}
ROUND_HEADINGS = {
    "siege": mark("Siege of {region}, round {round}"),
    "sortie": mark("Sortie at {region}, round {round}"),
    "battle": mark("Battle of {region}, round {round}"),
}


def _retreat_question(state: State) -> str:
    """The defender's question when the attack goes on: retreat, withdraw, or fight."""
    can_retreat, can_hide = bool(retreat_regions(state)), can_withdraw(state)
    if english():
        options = ["retreat to an adjacent free region"] if can_retreat else []
        if can_hide:
            options.append("withdraw into the Stronghold")
        return f"The attack goes on: {', or '.join(options)}; or `fight` another round."
    if can_retreat and can_hide:
        return tr(
            "The attack goes on: retreat to an adjacent free region, or withdraw into the Stronghold; "
            "or `fight` another round."
        )
    if can_retreat:
        return tr("The attack goes on: retreat to an adjacent free region; or `fight` another round.")
    if can_hide:
        return tr("The attack goes on: withdraw into the Stronghold; or `fight` another round.")
    return tr("The attack goes on: `fight` another round.")


class Battle(Step):
    """The decisions of a battle in progress (see the module docstring for the stages)."""

    name = "battle"
    kind = "battle"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        if current(state)["stage"] == "cards":
            return combat_round.choosers(state)
        who = chooser(state)
        return frozenset({who}) if who is not None else frozenset()

    def question(self, state: State, frame: Frame, role: str) -> str:
        b = current(state)
        if b["stage"] == "combat_choice":
            return f"combat_{b['fx']['ask']['what']}"
        return KIND.get(b["stage"], self.kind)

    def ping(self, state: State, frame: Frame, role: str) -> bool:
        """In the first round a player newly asked is told (the defender asked for his Combat
        card when the attack starts the battle: whether he is asked depends only on his hand's
        size, which is public); after it both players are in the exchange: no new mention. A
        secret choice never tells the other anything: his question stays the same, so he is
        not asked anew."""
        return bool(current(state)["round"] <= 1)

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        if (
            chooser(state) != role
            or current(state)["stage"] != "advance"
            or battle_rules(state).get("must_advance")
        ):
            return ()
        return tuple(advance_amounts(state))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        b = current(state)
        stage = b["stage"]
        if stage == "cards":
            return combat_round.card_actions(state, role) if role in combat_round.choosers(state) else ()
        if chooser(state) != role:
            return ()
        if stage == "combat_choice":
            return tuple(combat_effects.choices(state, role))
        if stage == "scouts":
            found = [Action("retreat", (r,)) for r in retreat_regions(state)]
            return (*found, *([Action("withdraw")] if can_withdraw(state) else []))
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
            return (*press_choices(state), Action("cease"))
        if stage == "engines":
            return (Action("sacrifice-trebuchet"), Action("keep-trebuchets"))
        if stage == "advance" and battle_rules(state).get("must_advance"):
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
        if b["stage"] in ("cards", "combat_choice", "scouts"):
            return combat_words.title(state, role)
        where = region_name(b["region"])
        hits = b.get("hits") or {}
        scored = hits and b["stage"] in ("cease", "press", "retreat")
        mine, theirs = hits.get(role, 0), hits.get(other(role), 0)
        if english():
            what = "Siege of" if b["siege"] else "Sortie at" if b["sortie"] else "Battle of"
            heading = f"{what} {where}, round {b['round']}" if b["round"] else f"{what} {where}"
            if scored:
                heading += f" (you scored {plural(mine, 'hit')}, took {theirs})"
            return heading
        kind = "siege" if b["siege"] else "sortie" if b["sortie"] else "battle"
        if b["round"]:
            heading = tr(ROUND_HEADINGS[kind], region=where, round=b["round"])
        else:
            heading = tr(HEADINGS[kind], region=where)
        if scored:
            heading = ntr(
                "{heading} (you scored {count} hit, took {taken})",
                "{heading} (you scored {count} hits, took {taken})",
                mine,
                heading=heading,
                taken=theirs,
            )
        return heading

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        b = current(state)
        stage, where = b["stage"], region_name(b["region"])
        if stage in ("cards", "combat_choice", "scouts"):
            return combat_words.instruction(state, role)
        if stage == "stronghold":
            return tr(
                "Fight this round in the field at {region}, or withdraw into the Stronghold (a siege)?",
                region=where,
            )
        if stage == "white_rider":
            return tr(
                "The White Rider: Gandalf the White may forfeit his Leadership for this battle to cancel "
                "the Leadership of every Nazgûl (the Witch-king too)."
            )
        if stage == "cease":
            return tr(
                "Continue the attack on {region} (the defender may then retreat), or cease it?", region=where
            )
        if stage == "retreat":
            return _retreat_question(state)
        if stage == "press":
            question = tr(
                "The siege battle round is over: reduce one of your Elites to a Regular to fight one "
                "more round, or cease."
            )
            if not siege_engines.free_round(state):
                return question
            towers = tr("Your Siege Towers may carry it one round without it (`fight-on-free`).")
            return f"{question} {towers}" if english() else sentences(question, towers)
        if stage == "engines":
            return tr(
                "Trebuchets and Siege Towers are even at {region}: sacrifice a Trebuchet for siege "
                "superiority until the end of the turn (+1 to your Combat dice; no Elite reduced to "
                "fight on), or keep them?",
                region=where,
            )
        if stage == "advance":
            if b["result"] == "withdrew":
                return tr(
                    "Advance into the Stronghold's region (it is then besieged) {region} with all or part "
                    "of the attacking Army: `advance-all`, or pick figures with `advance` and then `done`; "
                    "or `stay`.",
                    region=where,
                )
            return tr(
                "Advance into {region} with all or part of the attacking Army: `advance-all`, or pick "
                "figures with `advance` and then `done`; or `stay`.",
                region=where,
            )
        return ""  # pragma: no cover

    def waiting(self, state: State, frame: Frame) -> str:
        if current(state)["stage"] in ("cards", "combat_choice"):
            return combat_words.waiting(state)
        who = chooser(state)
        where = region_name(current(state)["region"])
        if who is None:  # pragma: no cover
            return tr("The battle of {region} goes on.", region=where)
        return tr("Waiting for the {side} in the battle of {region}.", side=side_title(who), region=where)

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        b = current(state)
        stage, verb = b["stage"], action.verb
        if stage == "cards":
            if not combat_round.choose(state, role, action):
                return  # the other side still chooses, in secret (or the Shadow discards first)
        elif stage == "combat_choice":
            if combat_round.answer(state, role, action):
                return  # a procedure was called (hits taken at once): the battle resumes after it
        elif stage in ("stronghold", "retreat", "scouts") and verb == "withdraw":
            emit(state, "withdrew", {"side": role, "region": b["region"]})
            b["result"] = "withdrew"
            b["stage"] = "outcome"
        elif stage == "stronghold":  # fight
            b["chosen_round"] = b["round"]
            b["stage"] = "prepare"
        elif stage == "scouts":
            retreat(state, action.args[0])
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
        elif stage == "engines":
            b["engines_asked"] = b["round"]
            if verb == "sacrifice-trebuchet":
                siege_engines.sacrifice(state)
            b["stage"] = "prepare"
        elif stage == "press" and verb == "fight-on-free":
            siege_engines.press_free(state)
            b["stage"] = "round"
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
    if b["stage"] in ("cards", "combat_choice"):
        return combat_words.label(state, role, action)
    verb, args = action.verb, action.args
    where = region_name(b["region"])
    if verb == "retreat":
        return tr("Retreat to {region}", region=region_name(args[0]))
    if verb == "fight-on":
        if english():
            return f"Reduce {with_article(nation_adjective(args[0]) + ' Elite')} to fight one more round"
        return tr("Reduce a {nation} Elite to fight one more round", nation=nation_adjective(args[0]))
    if verb == "advance" and len(args) == 1:
        return tr("{character} advances too", character=character_name(args[0]))
    if verb == "advance":
        return tr("Advance {figures}", figures=figure_words(args[0], args[1], int(args[2])))
    words = {
        "fight": (
            tr("Fight at {region}", region=where) if b["stage"] == "stronghold" else tr("Fight another round")
        ),
        "withdraw": tr("Withdraw into the Stronghold of {region}", region=where),
        "white-rider": tr("The White Rider: cancel the Nazgûl's Leadership"),
        "decline": tr("Keep Gandalf's Leadership"),
        "continue": tr("Continue the attack"),
        "cease": tr("Cease the attack"),
        "advance-all": tr("Advance into {region} with every attacker", region=where),
        "done": tr("Advance into {region} with the figures chosen", region=where),
        "stay": tr("Do not advance"),
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
#: The verbs of the battle's questions (those of the Combat cards included).
VERBS = frozenset(
    {
        "fight",
        "withdraw",
        "white-rider",
        "decline",
        "continue",
        "cease",
        "retreat",
        "fight-on",
        "fight-on-free",
    }
    | {"sacrifice-trebuchet", "keep-trebuchets"}
    | {"advance-all", "advance", "done", "stay"}
    | {"combat", "no-combat", "forfeit", "self-hits", "silence", "sacrifice", "slay"}
)
