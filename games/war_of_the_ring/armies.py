"""Army movement (§10.4, §8.4, §9.1): the die actions that move Armies one region.

- ``move-armies`` (Army or Army/Muster die; the Free Peoples' die has no pure Army face): up to
  two *different* Armies, one region each; the player may stop after the first (``done``).
- ``move-army`` (Character die): one Army with a Leader, Nazgûl or Character (with Saruman in
  play an Isengard Elite counts as a Leader); one of them goes with the moving part.
- ``messenger-move-armies`` (Shadow Muster die, once per turn while the Mouth of Sauron is in
  play: Messenger of the Dark Tower, §9.2): ``move-armies`` paid with a Muster die.

One procedure, one frame, three small prompts (the frame's ``step`` changes as it goes):

1. ``army_choose``: ``army <region>`` (``done`` before a second Army),
2. ``army_to``: ``to <region>``,
3. ``army_units``: what moves, starting with every figure allowed: ``units <nation> <kind> <n>``
   (a count), ``with <character>`` / ``without <character>``, then ``go``; ``all`` moves every
   figure allowed at once.

Every Army and destination offered can be completed. Rules applied: the destination is free
for Army movement (a siege the mover holds may be reinforced); units and Leaders of a Nation
not At War never enter another Nation's region (:func:`board.may_enter`, which also makes a unit
that retreated into another Nation leave it with its next move); no figure moves twice in one
action (figures that arrived are told apart from those that were there); Level-0 characters
never move; Free Peoples Leaders left without units follow the move (a move they could not
follow is not offered). The stacking limit is settled as the figures arrive
(:func:`stacking.call_arrival`), so the board is never over it between actions.

Our rulings: only figures in the open move (a besieged garrison leaves only by a sortie); an
Army is moved for its units or Leaders (characters go along; a lone character moves with the
character actions); only a moving part with Army units captures a Settlement or rouses a
Nation (:func:`occupation.arrive`); the rest of an Army that moved part of itself is the same
Army and cannot be the second Army of the die.

Event cards move Armies with the same procedure and a ``card`` entry in the frame
(:func:`card_frame`): ``reach`` (regions per move: every region passed through must be free for
the side, §2.3), ``gather`` (the move ends where another Shadow Army stands in the open),
``need`` (the moving part takes a ``companion``, a ``nazgul`` or the ``witch_king``), ``dests``
(the destinations, wherever they are), ``only`` (the regions the Armies may start from),
``garrison`` (a besieged garrison may move out: the besiegers then take the Stronghold) and
``title``. A Shadow Army never enters a region a Free Peoples table card closes
(:func:`card_rules.shadow_barred`).

Frame: ``side``, ``face``, ``mode`` (``armies`` or ``army``), ``left`` (moves left), ``from``,
``to``, ``pick`` (``{nation: {kind: n}}``), ``with`` (characters), ``origins``, ``arrived``
(``{region: {nation: {kind: n}}}`` moved in this action), ``came`` (characters moved), and
``card`` for a move by card (or absent).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, corsairs, occupation, politics, stacking
from .battle import settle_siege
from .board import (
    add,
    army,
    back_to_reinforcements,
    besieger,
    characters_at,
    free_for,
    free_for_army_move,
    may_enter,
    remove,
    units,
)
from .card_rules import COMPANION_FIGURES, shadow_barred
from .combat_tools import sentences
from .data import ARMY_SIDES, CHARACTERS, FREE, REGIONS, SHADOW
from .event_cards.words import move_title
from .grammar import region_words
from .i18n import character_name, english, mark, tr
from .movement_words import KIND_WORDS, figure_words, figures_phrase, moved_args
from .roles import nation_adjective, other, side_title

Counts = dict[str, dict[str, int]]
UNIT = ("regular", "elite")


# -- what may move --------------------------------------------------------------------------------
def new_frame(side: str, face: str, mode: str) -> dict[str, Any]:
    return {
        "side": side,
        "face": face,
        "mode": mode,
        "left": 2 if mode == "armies" else 1,
        "from": None,
        "to": None,
        "pick": {},
        "with": [],
        "origins": [],
        "arrived": {},
        "came": [],
    }


def card_frame(
    side: str,
    left: int,
    title: str,
    reach: int = 1,
    gather: bool = False,
    need: str | None = None,
    dests: list[str] | None = None,
    only: list[str] | None = None,
    garrison: bool = False,
) -> dict[str, Any]:
    """The frame of a move by Event card: ``left`` different Armies (see the module docstring)."""
    frame = new_frame(side, "", "armies")
    frame["left"] = left
    frame["card"] = {
        "reach": reach,
        "gather": gather,
        "need": need,
        "dests": dests,
        "only": only,
        "garrison": garrison,
        "title": title,
    }
    return frame


def needs_met(state: State, frame: Frame, moving: Counts, chars: list[str]) -> bool:
    """A move by card that must take a Companion, a Nazgûl or the Witch-king along."""
    card = frame.get("card")
    need = card["need"] if card else None
    if need == "companion":
        return any(c in COMPANION_FIGURES for c in chars)
    if need == "nazgul":
        return bool(moving.get("sauron", {}).get("leader", 0)) or "witch_king" in chars
    if need == "witch_king":
        return "witch_king" in chars
    return True


def card_destinations(state: State, frame: Frame, region: str) -> list[str]:
    """Where a move by card may end from ``region``, before the figures are looked at: up to
    ``reach`` regions away through regions free for the side (or the card's ``dests``)."""
    card = frame["card"]
    side = frame["side"]
    if card["dests"] is not None:
        found = [d for d in card["dests"] if d != region]
    else:
        found = sorted(reach_by_card(state, frame, region, {}), key=REGION_ORDER.__getitem__)
    return [
        d
        for d in found
        if free_for_army_move(state, d, side)
        and not (side == SHADOW and shadow_barred(state, d))
        and (not card["gather"] or units(state, d, SHADOW) > 0)
    ]


#: Each region's place in board order.
REGION_ORDER = {r: i for i, r in enumerate(REGIONS)}


def reach_by_card(state: State, frame: Frame, region: str, moving: Counts) -> set[str]:
    """The regions up to the card's ``reach`` away, passing only through regions free for the
    side (§2.3) that every figure ``moving`` may enter (§8.4: a Nation not At War keeps to its
    own regions and those of no Nation)."""
    card = frame["card"]
    side = frame["side"]
    kinds = [(n, k) for n, counts in moving.items() for k, c in counts.items() if c]
    seen = {region}
    frontier = [region]
    found: set[str] = set()
    for depth in range(card["reach"]):
        step = []
        for here in frontier:
            for d in REGIONS[here].neighbours:
                if d in seen:
                    continue
                seen.add(d)
                found.add(d)
                if (
                    depth + 1 < card["reach"]
                    and free_for(state, d, side)
                    and not (side == SHADOW and shadow_barred(state, d))
                    and all(may_enter(state, n, k, d) for n, k in kinds)
                ):
                    step.append(d)
        frontier = step
    return found


def path_open(state: State, frame: Frame, region: str, dest: str, moving: Counts) -> bool:
    """A move by card of more than one region: a way to ``dest`` these figures may take."""
    card = frame.get("card")
    if not card or card["dests"] is not None or card["reach"] <= 1 or dest in REGIONS[region].neighbours:
        return True
    return dest in reach_by_card(state, frame, region, moving)


def leaves_garrison(state: State, frame: Frame, region: str) -> bool:
    """A move by card from a besieged Stronghold (Paths of the Woses: "a besieged Stronghold
    counts"): the garrison moves out; elsewhere only the figures in the open move."""
    card = frame.get("card")
    return bool(card and card.get("garrison")) and besieger(state, region) == other(frame["side"])


def fresh(state: State, frame: Frame, region: str) -> Counts:
    """``side``'s figures in the open at ``region`` (in its garrison, for a card that moves
    one out) that have not moved in this action."""
    came = frame["arrived"].get(region, {})
    found: Counts = {}
    for nation, counts in army(state, region, frame["side"], leaves_garrison(state, frame, region)).items():
        for kind, n in counts.items():
            left = n - came.get(nation, {}).get(kind, 0)
            if left > 0:
                found.setdefault(nation, {})[kind] = left
    return found


def movable(state: State, frame: Frame, region: str, dest: str) -> Counts:
    """The fresh figures that may enter ``dest`` (§8.4)."""
    found: Counts = {}
    for nation, counts in fresh(state, frame, region).items():
        for kind, n in counts.items():
            if may_enter(state, nation, kind, dest):
                found.setdefault(nation, {})[kind] = n
    return found


def movable_characters(state: State, frame: Frame, region: str) -> list[str]:
    """Characters who may go along (never a Level-0 one, never one who moved already)."""
    inside = leaves_garrison(state, frame, region)
    return [
        c
        for c in characters_at(state, region, frame["side"], inside)
        if c not in frame["came"] and CHARACTERS[c].level != 0
    ]


def total(counts: Counts, kinds: tuple[str, ...]) -> int:
    return sum(c.get(k, 0) for c in counts.values() for k in kinds)


def followers(state: State, frame: Frame, region: str, dest: str, pick: Counts) -> Counts | None:
    """§9.1: Free Peoples Leaders who would be left without units must follow; ``None`` if one
    of them cannot (he moved already, or his Nation may not enter ``dest``)."""
    if frame["side"] != FREE:
        return {}
    here = army(state, region, FREE, leaves_garrison(state, frame, region))
    if total(here, UNIT) - total(pick, UNIT) > 0:
        return {}
    spare = fresh(state, frame, region)
    found: Counts = {}
    for nation, counts in here.items():
        chosen = pick.get(nation, {}).get("leader", 0)
        stay = counts.get("leader", 0) - chosen
        if stay <= 0:
            continue
        if spare.get(nation, {}).get("leader", 0) - chosen < stay or not may_enter(
            state, nation, "leader", dest
        ):
            return None
        found[nation] = {"leader": stay}
    return found


def with_followers(pick: Counts, extra: Counts) -> Counts:
    merged = {n: dict(k) for n, k in pick.items()}
    for nation, kinds in extra.items():
        for kind, n in kinds.items():
            merged.setdefault(nation, {})[kind] = merged.get(nation, {}).get(kind, 0) + n
    return merged


def leads(state: State, pick: Counts, chars: list[str]) -> bool:
    """A Character-die move needs a Leader, Nazgûl or Character (or, with Saruman in play, an
    Isengard Elite: Servants of the White Hand)."""
    if total(pick, ("leader",)) or chars:
        return True
    return "saruman" in state["characters"] and pick.get("isengard", {}).get("elite", 0) > 0


def valid(state: State, frame: Frame, region: str, dest: str, pick: Counts, chars: list[str]) -> bool:
    """Whether moving ``pick`` (units and Leaders) and ``chars`` from ``region`` to ``dest`` is
    allowed (the counts are within what may move)."""
    allowed = movable(state, frame, region, dest)
    for nation, kinds in pick.items():
        for kind, n in kinds.items():
            if n < 0 or n > allowed.get(nation, {}).get(kind, 0):
                return False
    if not set(chars) <= set(movable_characters(state, frame, region)):
        return False
    extra = followers(state, frame, region, dest, pick)
    if extra is None:
        return False
    moving = with_followers(pick, extra)
    if not total(moving, ("regular", "elite", "leader")):
        return False
    if frame["mode"] == "army" and not leads(state, moving, chars):
        return False
    if not needs_met(state, frame, moving, chars) or not path_open(state, frame, region, dest, moving):
        return False
    side = frame["side"]
    return not (
        side == FREE
        and total(moving, ("leader",))
        and not total(moving, UNIT)
        and not units(state, dest, FREE)
    )


def candidates(state: State, frame: Frame, region: str, dest: str) -> list[tuple[Counts, list[str]]]:
    """Every figure allowed, then the same less one unit of each kind: if any move is allowed,
    one of these is (fewer figures only matter for the Leaders left with a unit); for a card's
    move of several regions, also the figures of the Nations At War alone (their way may be
    longer)."""
    top = movable(state, frame, region, dest)
    chars = movable_characters(state, frame, region)
    found = [(top, chars)]
    for nation, kinds in top.items():
        for kind in UNIT:
            if kinds.get(kind, 0):
                fewer = {n: dict(k) for n, k in top.items()}
                fewer[nation][kind] -= 1
                found.append((fewer, chars))
    card = frame.get("card")
    if card and card["reach"] > 1:  # a longer way may be open to the Nations At War alone (§8.4)
        at_war = {n: k for n, k in top.items() if politics.at_war(state, n) or n == "sauron"}
        if at_war != top:
            found.append((at_war, chars))
    return found


def best_pick(state: State, frame: Frame, region: str, dest: str) -> tuple[Counts, list[str]] | None:
    for pick, chars in candidates(state, frame, region, dest):
        if valid(state, frame, region, dest, pick, chars):
            return pick, chars
    return None


# -- the same questions, asked of many regions at once ---------------------------------------------
# ``destinations`` and ``armies_to_move`` ask ``best_pick`` of every neighbour of every Army:
# the functions below give the same answers with the facts of a region gathered once (its fresh
# figures, its whole Army, the characters who may go along), and each candidate of
# :func:`candidates` judged by its totals (what :func:`valid` reads of it). Nothing is kept
# between two questions: the state changes in place while an action is applied.
ALL_KINDS = ("regular", "elite", "leader")


def _facts(state: State, frame: Frame, region: str) -> tuple[Counts, Counts, list[str]] | None:
    """``(fresh, army, movable characters)`` of ``region`` (the army as the state holds it: only
    read; the characters only for a Character die, the only move that asks for them); ``None``
    without a fresh figure."""
    figures = state["armies"].get(region)
    if not figures:
        return None
    side = frame["side"]
    came = frame["arrived"].get(region) or {}
    here: Counts = {}
    spare: Counts = {}
    for nation in NATIONS_OF_SIDE[side]:
        counts = figures.get(nation)
        if counts is None:
            continue
        here[nation] = counts
        before = came.get(nation) or {}
        left = {k: n - before.get(k, 0) for k, n in counts.items() if n - before.get(k, 0) > 0}
        if left:
            spare[nation] = left
    if not spare:
        return None
    chars = movable_characters(state, frame, region) if frame["mode"] == "army" else []
    return spare, here, chars


#: Each side's Nations, in data order (the order of :func:`board.army`).
NATIONS_OF_SIDE: dict[str, tuple[str, ...]] = {
    side: tuple(n for n, n_side in ARMY_SIDES.items() if n_side == side) for side in (FREE, SHADOW)
}


def _reaches(state: State, frame: Frame, dest: str, spare: Counts, here: Counts, chars: list[str]) -> bool:
    """Whether ``best_pick(state, frame, region, dest)`` finds a move (``spare``, ``here`` and
    ``chars``: the region's :func:`_facts`), without building the candidates. ``chars`` only
    counts for a Character die (:func:`leads`)."""
    side, mode = frame["side"], frame["mode"]
    top_units = top_leaders = isengard_elites = 0
    units_of: list[tuple[str, str]] = []  # the kinds of which a candidate takes one unit less
    leaders_of: dict[str, int] = {}
    for nation, counts in spare.items():
        for kind, n in counts.items():
            if not may_enter(state, nation, kind, dest):
                continue
            if kind == "leader":
                top_leaders += n
                leaders_of[nation] = n
            elif kind in UNIT:
                top_units += n
                units_of.append((nation, kind))
                if nation == "isengard" and kind == "elite":
                    isengard_elites = n
    here_units = total(here, UNIT) if side == FREE else 0
    saruman = mode == "army" and "saruman" in state["characters"]
    follow: int | None = -1  # -1: not worked out yet; None: a Leader left alone cannot follow
    dest_units = -1
    for fewer in (None, *units_of):
        pick_units = top_units - (1 if fewer is not None else 0)
        extra = 0
        if side == FREE and here_units - pick_units <= 0:
            if follow == -1:
                follow = _follow(state, dest, spare, here, leaders_of)
            if follow is None:
                continue
            extra = follow
        leaders = top_leaders + extra
        if not pick_units and not leaders:
            continue
        if mode == "army" and not leaders and not chars:
            elites = isengard_elites - (1 if fewer == ("isengard", "elite") else 0)
            if not (saruman and elites > 0):
                continue
        if side == FREE and leaders and not pick_units:
            if dest_units == -1:
                dest_units = units(state, dest, FREE)
            if not dest_units:
                continue
        return True
    return False


def _follow(state: State, dest: str, spare: Counts, here: Counts, chosen: dict[str, int]) -> int | None:
    """How many Free Peoples Leaders :func:`followers` adds to a pick that leaves no unit behind
    (``chosen``: the Leaders picked, per Nation); ``None`` if one of them cannot follow."""
    found = 0
    for nation, counts in here.items():
        picked = chosen.get(nation, 0)
        stay = counts.get("leader", 0) - picked
        if stay <= 0:
            continue
        if spare.get(nation, {}).get("leader", 0) - picked < stay or not may_enter(
            state, nation, "leader", dest
        ):
            return None
        found += stay
    return found


def _open_to(state: State, side: str, dest: str) -> bool:
    return free_for_army_move(state, dest, side) and not (side == SHADOW and shadow_barred(state, dest))


def destinations(state: State, frame: Frame, region: str) -> list[str]:
    """The adjacent regions the Army in ``region`` may move to (``best_pick`` finds a move)."""
    if frame.get("card"):
        return [d for d in card_destinations(state, frame, region) if best_pick(state, frame, region, d)]
    facts = _facts(state, frame, region)
    if facts is None:
        return []
    side = frame["side"]
    return [
        d
        for d in (*REGIONS[region].neighbours, *corsairs.sea_reach(state, region, side))
        if _open_to(state, side, d) and _reaches(state, frame, d, *facts)
    ]


def _may_go(state: State, frame: Frame, region: str, dest: str | None = None) -> bool:
    """Whether the Army in ``region`` may move (to ``dest``, or anywhere)."""
    if frame.get("card"):
        found = destinations(state, frame, region)
        return bool(found) if dest is None else dest in found
    facts = _facts(state, frame, region)
    if facts is None:
        return False
    side = frame["side"]
    near = (*REGIONS[region].neighbours, *corsairs.sea_reach(state, region, side))
    for d in near if dest is None else (dest,):
        if _open_to(state, side, d) and _reaches(state, frame, d, *facts):
            return True
    return False


def _armies(state: State, frame: Frame) -> Iterator[str]:
    placed, origins = state["armies"], frame["origins"]
    card = frame.get("card")
    only = card["only"] if card else None
    for region in REGIONS if only is None else only:
        if region in origins or not (placed.get(region) or leaves_garrison(state, frame, region)):
            continue
        if _may_go(state, frame, region):
            yield region


def armies_to_move(state: State, frame: Frame) -> list[str]:
    """Regions whose Army may still move in this action, in board order."""
    return list(_armies(state, frame))


def any_army_to_move(state: State, frame: Frame) -> bool:
    return next(_armies(state, frame), None) is not None or bool(fleets(state, frame))


def fleets(state: State, frame: Frame) -> list[str]:
    """Twilight of the Third Age (D21): regions whose Ships may sail as a move of an Army die."""
    if frame.get("card") or frame["mode"] != "armies":
        return []
    return corsairs.fleets(state, frame["side"], frame.get("ships_came") or {})


def only_army(state: State, frame: Frame) -> str | None:
    """The Army to move when it is the one answer of ``army_choose`` (the first Army, and no
    other may move), else ``None``; looks no further than a second Army."""
    if frame["origins"] or fleets(state, frame):
        return None  # ``done`` (or a fleet) is offered beside it
    found = list(islice(_armies(state, frame), 2))
    return found[0] if len(found) == 1 else None


# -- the move -------------------------------------------------------------------------------------
def go(state: State, frame: Frame, pick: Counts, chars: list[str]) -> None:
    """Move the selection (its Leaders left alone follow), settling the stacking limit first."""
    region, dest = frame["from"], frame["to"]
    extra = followers(state, frame, region, dest, pick) or {}
    moving = with_followers(pick, extra)
    frame["pick"] = moving
    frame["with"] = list(chars)
    incoming = {n: {k: c for k, c in kinds.items() if k in UNIT and c} for n, kinds in moving.items()}
    incoming = {n: kinds for n, kinds in incoming.items() if kinds}
    if stacking.call_arrival(state, dest, frame["side"], incoming):
        return  # resumes with the units that still come
    arrive(state, frame, incoming)


def arrive(state: State, frame: Frame, kept: Counts) -> None:
    """Carry out the move with the units ``kept`` after the stacking limit; units that did not
    come go back to reinforcements from where they stood."""
    side, region, dest = frame["side"], frame["from"], frame["to"]
    inside = leaves_garrison(state, frame, region)
    moved: Counts = {}
    for nation, kinds in frame["pick"].items():
        for kind, n in kinds.items():
            come = kept.get(nation, {}).get(kind, 0) if kind in UNIT else n
            if n - come:
                remove(state, region, nation, kind, n - come, inside)
                back_to_reinforcements(state, nation, kind, n - come)
            if come:
                remove(state, region, nation, kind, come, inside)
                add(state, dest, nation, kind, come)
                here = frame["arrived"].setdefault(dest, {}).setdefault(nation, {})
                here[kind] = here.get(kind, 0) + come
                moved.setdefault(nation, {})[kind] = come
    for char in frame["with"]:
        state["characters"][char] = {"region": dest, "inside": False}
        frame["came"].append(char)
    emit(state, "army_moved", {"side": side, "from": region, "to": dest, **moved_args(moved, frame["with"])})
    corsairs.told_by_sea(state, side, region, dest)
    if total(moved, UNIT):
        occupation.arrive(state, dest, side)
    for char in frame["with"]:
        politics.companion_arrives(state, char, dest)
    occupation.lone_leaders(state, region)
    if inside:
        settle_siege(state, region, was_besieged=True)  # the garrison left: the besiegers take it
    else:
        occupation.lift_siege(state, region)
    frame["origins"].append(region)
    frame["left"] -= 1
    frame.update({"from": None, "to": None, "pick": {}, "with": []})
    if frame["left"] > 0 and any_army_to_move(state, frame):
        frame["step"] = "army_choose"
    else:
        ret(state)


# -- the steps ------------------------------------------------------------------------------------
class _ArmyStep(Step):
    kind = "army_move"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def title(self, state: State, frame: Frame, role: str) -> str:
        if frame.get("card"):
            title = move_title(str(frame["card"]["title"]))  # kept in English: the reader's words
            return tr("{title} (another Army)", title=title) if frame["origins"] else title
        if frame["mode"] == "armies":
            return tr("Move two Armies (second Army)") if frame["origins"] else tr("Move two Armies")
        if frame["origins"]:
            return tr("Move an Army with a Leader or Character (second Army)")
        return tr("Move an Army with a Leader or Character")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the {side} to move an Army.", side=side_title(frame["side"]))

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        arrive(state, frame, value or {})


class ArmyChoose(_ArmyStep):
    name = "army_choose"

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        found = [Action("army", (r,)) for r in armies_to_move(state, frame)]
        found += [Action("fleet", (r,)) for r in fleets(state, frame)]
        if frame["origins"] or frame.get("sailed"):
            found.append(Action("done"))
        return tuple(found)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as the list, for one action."""
        if action.verb == "done":
            return not action.args and bool(frame["origins"] or frame.get("sailed"))
        if action.verb == "fleet":
            return len(action.args) == 1 and action.args[0] in fleets(state, frame)
        if action.verb != "army" or len(action.args) != 1:
            return False
        region = action.args[0]
        if region not in REGIONS or region in frame["origins"]:
            return False
        card = frame.get("card")
        if card and card["only"] is not None and region not in card["only"]:
            return False
        if not state["armies"].get(region) and not leaves_garrison(state, frame, region):
            return False
        return _may_go(state, frame, region)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        card, sail = bool(frame.get("card")), bool(fleets(state, frame))
        again = bool(frame["origins"] or frame.get("sailed"))
        return tr(ARMY_QUESTIONS[again, card, sail])

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "done":
            ret(state)
            return
        frame["from"] = action.args[0]
        frame["step"] = "fleet_sail" if action.verb == "fleet" else "army_to"


class ArmyTo(_ArmyStep):
    name = "army_to"

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("to", (d,)) for d in destinations(state, frame, frame["from"]))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as the list, for one action."""
        if action.verb != "to" or len(action.args) != 1:
            return False
        dest = action.args[0]
        if dest not in REGIONS:
            return False
        near = REGIONS[frame["from"]].neighbours
        if (
            not frame.get("card")
            and dest not in near
            and dest not in corsairs.sea_reach(state, frame["from"], frame["side"])
        ):
            return False
        return _may_go(state, frame, frame["from"], dest)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        where = region_words(frame["from"])
        if frame.get("card"):
            return tr("Move the Army in {region} to which region (`to <region>`)?", region=where)
        return tr("Move the Army in {region} to which adjacent region (`to <region>`)?", region=where)

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        dest = action.args[0]
        best = best_pick(state, frame, frame["from"], dest)
        assert best is not None  # only destinations with a legal move are offered
        frame["to"] = dest
        frame["pick"] = best[0]
        frame["with"] = list(best[1])
        frame["step"] = "army_units"


class ArmyUnits(_ArmyStep):
    name = "army_units"

    def _top(self, state: State, frame: Frame) -> tuple[Counts, list[str]]:
        return movable(state, frame, frame["from"], frame["to"]), movable_characters(
            state, frame, frame["from"]
        )

    def _ready(self, state: State, frame: Frame) -> bool:
        return valid(state, frame, frame["from"], frame["to"], frame["pick"], frame["with"])

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        return self._amounts(self._top(state, frame)[0])

    @staticmethod
    def _amounts(top: Counts) -> tuple[Amount, ...]:
        return tuple(  # kinds in their fixed order, never the state's key order
            Amount("units", (nation, kind), 0, kinds[kind])
            for nation, kinds in top.items()
            for kind in ("regular", "elite", "leader")
            if kinds.get(kind)
        )

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        top, chars = self._top(state, frame)
        found: list[Action] = []
        if self._ready(state, frame):
            found.append(Action("go"))
        if valid(state, frame, frame["from"], frame["to"], top, chars) and not self._is_top(
            frame, top, chars
        ):
            found.append(Action("all"))
        for amount in self._amounts(top):
            # One listed count per choice (the rest of the range is in ``amounts``: the menu asks
            # how many): the most that still makes a move one may go with, else all of them (or
            # none when all are chosen already).
            found.append(Action("units", (*amount.args, str(self._listed_count(state, frame, amount)))))
        for char in chars:
            found.append(Action("without" if char in frame["with"] else "with", (char,)))
        return tuple(found)

    @staticmethod
    def _listed_count(state: State, frame: Frame, amount: Amount) -> int:
        nation, kind = amount.args
        now = frame["pick"].get(nation, {}).get(kind, 0)
        for n in range(amount.high, amount.low - 1, -1):
            if n == now:
                continue
            pick = {k: dict(v) for k, v in frame["pick"].items()}
            pick.setdefault(nation, {})[kind] = n
            if valid(state, frame, frame["from"], frame["to"], pick, frame["with"]):
                return n
        return amount.high if now != amount.high else amount.low

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as :meth:`actions` and :meth:`amounts`, for one action (every count listed is
        in its range)."""
        verb, args = action.verb, action.args
        if verb == "units":
            if len(args) != 3 or not (args[2].isascii() and args[2].isdigit()):
                return False
            here = movable(state, frame, frame["from"], frame["to"]).get(args[0], {})
            return args[1] in here and int(args[2]) <= here[args[1]]  # the range of :meth:`amounts`
        if verb in ("with", "without"):
            if len(args) != 1 or args[0] not in movable_characters(state, frame, frame["from"]):
                return False
            return (args[0] in frame["with"]) == (verb == "without")
        if args:
            return False
        if verb == "go":
            return self._ready(state, frame)
        if verb == "all":
            top, chars = self._top(state, frame)
            return valid(state, frame, frame["from"], frame["to"], top, chars) and not self._is_top(
                frame, top, chars
            )
        return False

    @staticmethod
    def _is_top(frame: Frame, top: Counts, chars: list[str]) -> bool:
        pick = {n: {k: c for k, c in kinds.items() if c} for n, kinds in frame["pick"].items()}
        return {n: k for n, k in pick.items() if k} == top and sorted(frame["with"]) == sorted(chars)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        moving = figures_phrase(frame["pick"], frame["with"])
        origin, where = region_words(frame["from"]), region_words(frame["to"])
        if self._ready(state, frame):
            said = tr(
                "From {origin} to {region}: moving {figures}. Change a count (`units <nation> <kind> <n>`), "
                "take a character `with` or `without` you, then `go` to move them (`all`: every figure "
                "allowed).",
                origin=origin,
                region=where,
                figures=moving,
            )
        else:
            said = tr(
                "From {origin} to {region}: moving {figures}. Change a count (`units <nation> <kind> <n>`), "
                "take a character `with` or `without` you, then this choice cannot move as it is (`all`: "
                "every figure allowed).",
                origin=origin,
                region=where,
                figures=moving,
            )
        if frame["mode"] != "army":
            return said
        need = tr("One Leader or Character must go with them.")
        return f"{said} {need}" if english() else sentences(said, need)

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "units":
            nation, kind, count = action.args
            frame["pick"].setdefault(nation, {})[kind] = int(count)
            return
        if action.verb == "with":
            frame["with"].append(action.args[0])
            return
        if action.verb == "without":
            frame["with"].remove(action.args[0])
            return
        if action.verb == "all":
            top, chars = self._top(state, frame)
            go(state, frame, top, chars)
            return
        pick = {n: {k: c for k, c in kinds.items() if c} for n, kinds in frame["pick"].items()}
        go(state, frame, {n: k for n, k in pick.items() if k}, list(frame["with"]))


# -- the die actions ------------------------------------------------------------------------------
def _possible(mode: str) -> actions.Possible:
    def possible(state: State, side: str) -> bool:
        return any_army_to_move(state, new_frame(side, "", mode))

    return possible


def _run(mode: str) -> actions.Run:
    def run(state: State, side: str, face: str) -> bool:
        call(state, "army_choose", **new_frame(side, face, mode))
        return True

    return run


def messenger_ready(state: State, side: str) -> bool:
    """Messenger of the Dark Tower: once per turn while the Mouth of Sauron is in play."""
    return side == SHADOW and "mouth_of_sauron" in state["characters"] and not state["turn"].get("messenger")


def _messenger_possible(state: State, side: str) -> bool:
    return messenger_ready(state, side) and _possible("armies")(state, side)


def _messenger_run(state: State, side: str, face: str) -> bool:
    state["turn"]["messenger"] = True
    emit(state, "messenger_used", {})
    return _run("armies")(state, side, face)


#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "move-armies",
        mark("Move up to two Armies"),
        mark("Move up to two different Armies one region each."),
        ("army", "army_muster"),
        None,
        _possible("armies"),
        _run("armies"),
    ),
    actions.DieAction(
        "move-army",
        mark("Move an Army with a Leader or Character"),
        mark("Move one Army that has a Leader, Nazgûl or Character one region; one of them goes along."),
        ("character",),
        None,
        _possible("army"),
        _run("army"),
    ),
    actions.DieAction(
        "messenger-move-armies",
        mark("Messenger of the Dark Tower: move up to two Armies"),
        mark("Once per turn, with the Mouth of Sauron in play, a Muster die moves Armies like an Army die."),
        ("muster",),
        SHADOW,
        _messenger_possible,
        _messenger_run,
    ),
)

STEPS: tuple[Step, ...] = (ArmyChoose(), ArmyTo(), ArmyUnits())
VERBS = frozenset({"army", "to", "units", "with", "without", "all", "go", "done"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Army-movement prompts (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] not in ("army_choose", "army_to", "army_units"):
        return None
    verb, args = action.verb, action.args
    if verb == "army":
        return tr("Move the Army in {region}", region=region_words(args[0]))
    if verb == "to" and args[0] not in REGIONS[top["from"]].neighbours and not top.get("card"):
        return tr("Carry it by sea to {region}", region=region_words(args[0]))
    if verb == "to":
        return tr("Move it to {region}", region=region_words(args[0]))
    if verb == "units":
        count = int(args[2])
        if count == 0:
            if english():
                return f"Leave every {nation_adjective(args[0])} {KIND_WORDS[args[1]]} behind"
            return tr(LEAVE_EVERY[args[1]], nation=nation_adjective(args[0]))
        return tr("Move {figures}", figures=figure_words(args[0], args[1], count))
    if verb in ("with", "without"):
        name = character_name(args[0])
        return (
            tr("Take {character} along", character=name)
            if verb == "with"
            else tr("Leave {character} behind", character=name)
        )
    if verb == "go":
        text = tr("Go: move {figures}", figures=figures_phrase(top["pick"], top["with"]))
        return text if len(text) <= 100 else tr("Go: move the figures chosen")
    if verb == "all":
        return tr("Move every figure allowed")
    if verb == "done":
        return tr("Done: no second Army")
    return None


#: "Leave every Gondor Regular behind" by kind (another language than English).
LEAVE_EVERY = {
    "regular": mark("Leave every {nation} Regular behind"),
    "elite": mark("Leave every {nation} Elite behind"),
    "leader": mark("Leave every {nation} Leader behind"),
}
#: The question of the Army to move: (a second Army, by card, a fleet may sail).
ARMY_QUESTIONS = {
    (False, False, False): mark("Choose the Army to move one region (`army <region>`)."),
    (False, False, True): mark(
        "Choose the Army to move one region (`army <region>`), or sail a fleet (`fleet <region>`)."
    ),
    (False, True, False): mark("Choose the Army to move as the card allows (`army <region>`)."),
    (False, True, True): mark(
        "Choose the Army to move as the card allows (`army <region>`), or sail a fleet (`fleet <region>`)."
    ),
    (True, False, False): mark(
        "Choose another, different Army to move one region (`army <region>`), or `done`."
    ),
    (True, False, True): mark(
        "Choose another, different Army to move one region (`army <region>`), or sail a fleet "
        "(`fleet <region>`), or `done`."
    ),
    (True, True, False): mark(
        "Choose another, different Army to move as the card allows (`army <region>`), or `done`."
    ),
    (True, True, True): mark(
        "Choose another, different Army to move as the card allows (`army <region>`), or sail a fleet "
        "(`fleet <region>`), or `done`."
    ),
}
