"""Characters on the map (§9): moving Companions (§9.4), separating them from the Fellowship
(§14.8), moving Nazgûl and Minions (§9.5), characters entering play (§9.2 Entry), and the §9.2
abilities that need no card: Boromir, Legolas and Gimli moving their Nation toward war.

Die actions and their prompts:

- ``move-companions`` (Free Peoples, Character die): ``companion <id>`` picks a Companion (more
  ``companion <id>`` from the same region join him as a group), ``to <region>`` moves them;
  ``done`` ends. Each moves at most once, up to his Level (a group: the highest Level; Gandalf
  the White alone or with one Hobbit: 4, Shadowfax), ignoring enemy Armies, stopping on
  entering a region with a Shadow-controlled Stronghold, never entering or leaving a region
  with a Free Peoples Stronghold besieged by the enemy.
- ``separate`` (Free Peoples, Character die, not on the Mordor Track): ``companion <id>`` ...
  then ``to <region>``: up to Progress + Level (the group's highest) from the Ring-bearers'
  region, Companion movement rules; in a Free Peoples Stronghold besieged by the enemy they
  stay inside it.
- ``move-minions`` (Shadow, Character die): ``nazgul <from>`` then ``to <region> <n>`` (a count)
  flies Nazgûl anywhere but into a region with a Free Peoples-controlled Stronghold not
  besieged by a Shadow Army (a stack may split; each Nazgûl flies once); ``minion <id>`` then
  ``to <region>`` moves the Witch-king (as a Nazgûl) or the Mouth of Sauron (up to 3, like a
  Companion, never into such a Stronghold); ``done`` ends. Saruman never moves.
- ``bring-saruman``, ``bring-witch-king``, ``bring-mouth-of-sauron`` (Shadow, Muster or
  Army/Muster die) and ``bring-aragorn``, ``bring-gandalf-white`` (Free Peoples, Will of the
  West die only): the character enters play, ``place <region>`` when there is a choice.
- ``boromir``, ``legolas``, ``gimli`` (Free Peoples, any die): their Nation one step toward war
  while they stand in the right unconquered Settlement.

A Companion who ends a move in (or enters play in, or separates into) a City or Stronghold of
a Free Peoples Nation his icon activates, not enemy-controlled, activates it (§8.2).

Our rulings: Nazgûl in a besieged garrison fly only from the open region (they stay inside);
Gandalf the Grey's figure serves for the White (when the White enters, the Grey on the map
leaves play, wherever the White is placed); a Companion replaced by his upgraded form goes to
``eliminated`` (out of the game).

Frames: ``companions`` (``moved``, ``group``), ``separate`` (``group``), ``minions``
(``arrived``: Nazgûl landed per region, ``moved``: minions moved, ``nazgul`` / ``minion``: the
one chosen), ``bring`` (``character``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret
from games.core.words import in_sentence, join_words

from . import actions, fellowship, politics, tta_characters
from .board import REGION_INDEX, add, besieged, controller, remove
from .data import CHARACTERS, FREE, NATIONS, REGIONS, SHADOW, STRONGHOLDS
from .grammar import plural
from .i18n import character_name, english, listed, mark, ntr, region_in_sentence, tr
from .step_text import side_words

ANY_FACE = ("character", "army", "muster", "army_muster", "event", "will")
MUSTER = ("muster", "army_muster")
HOBBITS = ("meriadoc", "peregrin")
MOUTH_RANGE = 3


# -- where characters may go ----------------------------------------------------------------------
#: The regions with a Stronghold (the only ones these rules close or bar).
STRONGHOLD_REGIONS = frozenset(r for r, info in REGIONS.items() if info.is_stronghold)


def closed(state: State, region: str, side: str) -> bool:
    """A region with a Stronghold of ``side`` besieged by the enemy: its characters can neither
    enter nor leave it (§9.4, §9.5)."""
    return region in STRONGHOLD_REGIONS and besieged(state, region) and controller(state, region) == side


def shadow_stronghold(state: State, region: str) -> bool:
    return region in STRONGHOLD_REGIONS and controller(state, region) == SHADOW


def barred_to_minions(state: State, region: str) -> bool:
    """A Free Peoples-controlled Stronghold not besieged by a Shadow Army (§9.5)."""
    return region in STRONGHOLD_REGIONS and controller(state, region) == FREE and not besieged(state, region)


def barred_regions(state: State) -> set[str]:
    """Every region :func:`barred_to_minions` bars now."""
    return {r for r in STRONGHOLD_REGIONS if barred_to_minions(state, r)}


def reach(state: State, start: str, steps: int, side: str, into_siege: bool = False) -> list[str]:
    """Regions a character of ``side`` may end in, moving up to ``steps`` regions from ``start``
    (itself left out), in board order. Companions stop on entering a Shadow-controlled
    Stronghold; the Mouth of Sauron never enters a Free Peoples one. ``into_siege`` (a card's
    move): the move may end in a Stronghold of his side under siege (he goes inside)."""
    if closed(state, start, side):
        return []
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        ahead: list[str] = []
        for region in frontier:
            if region != start and side == FREE and shadow_stronghold(state, region):
                continue  # he must stop there
            if region != start and closed(state, region, side):
                continue  # went inside a besieged Stronghold: the move ends there
            for there in REGIONS[region].neighbours:
                if there in seen or (closed(state, there, side) and not into_siege):
                    continue
                if side == SHADOW and barred_to_minions(state, there):
                    continue
                seen.add(there)
                ahead.append(there)
        frontier = ahead
    return [r for r in REGIONS if r in seen and r != start]


def reaches(state: State, start: str, steps: int, side: str) -> bool:
    """Whether :func:`reach` is not empty: a first step is open (every region it reaches is
    reached through one)."""
    if steps < 1 or closed(state, start, side):
        return False
    for there in REGIONS[start].neighbours:
        if closed(state, there, side) or (side == SHADOW and barred_to_minions(state, there)):
            continue
        return True
    return False


def level(group: list[str]) -> int:
    """The group's movement: its highest Level; Shadowfax makes Gandalf the White 4 alone or
    with exactly one Hobbit."""
    if (
        "gandalf_white" in group
        and len(group) <= 2
        and all(c == "gandalf_white" or c in HOBBITS for c in group)
    ):
        return 4
    return max(CHARACTERS[c].level or 0 for c in group)


def rouse(state: State, character: str, region: str) -> None:
    """§8.2: the Companion may activate the Nation of the City or Stronghold he arrived in."""
    politics.companion_arrives(state, character, region)


def companions_on_map(state: State) -> list[str]:
    """In data order (never the state's key order, which a saved game does not keep)."""
    placed = state["characters"]
    return [
        c
        for c in CHARACTERS
        if c in placed and CHARACTERS[c].side == FREE and CHARACTERS[c].kind == "companion"
    ]


# -- moving Companions ----------------------------------------------------------------------------
def move_range(frame: Frame, group: list[str]) -> int:
    """How far ``group`` moves: its Level, or what the card playing the move says (``level``: as
    if their Level were this; ``extra``: regions beyond it)."""
    fixed = frame.get("level")
    return (fixed if fixed is not None else level(group)) + int(frame.get("extra", 0))


def destinations(state: State, frame: Frame, start: str, group: list[str]) -> list[str]:
    return reach(state, start, move_range(frame, group), FREE, bool(frame.get("into_siege")))


def may_move(state: State, frame: Frame, companion: str) -> bool:
    """Whether ``companion`` may be picked first (he is on the map and may still go somewhere)."""
    if companion not in frame["moved"] and companion in state["characters"]:
        info = CHARACTERS[companion]
        if info.side == FREE and info.kind == "companion":
            start = state["characters"][companion]["region"]
            if frame.get("into_siege"):
                return bool(destinations(state, frame, start, [companion]))
            return reaches(state, start, move_range(frame, [companion]), FREE)
    return False


def companion_choices(state: State, frame: Frame) -> list[Action]:
    group = frame["group"]
    if not group:
        found = [
            Action("companion", (c,))
            for c in companions_on_map(state)
            if c not in frame["moved"] and destinations(state, frame, state["characters"][c]["region"], [c])
        ]
        return found if frame.get("single") else [*found, Action("done")]
    here = state["characters"][group[0]]
    joiners = [
        Action("companion", (c,))
        for c in companions_on_map(state)
        if c not in frame["moved"] and c not in group and state["characters"][c] == here
    ]
    targets = [Action("to", (r,)) for r in destinations(state, frame, here["region"], group)]
    return [*joiners, *targets]


class MoveCompanions(Step):
    name = "companions"
    kind = "move_companions"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(companion_choices(state, frame))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as the list, for one action."""
        verb, args = action.verb, action.args
        group = frame["group"]
        if not group:
            if verb == "done":
                return not args and not frame.get("single")
            return verb == "companion" and len(args) == 1 and may_move(state, frame, args[0])
        if len(args) != 1:
            return False
        here = state["characters"][group[0]]
        if verb == "companion":
            c = args[0]
            return (
                c in companions_on_map(state)
                and c not in frame["moved"]
                and c not in group
                and state["characters"][c] == here
            )
        return verb == "to" and args[0] in destinations(state, frame, here["region"], group)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Move Companions")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["group"]:
            reach = move_range(frame, frame["group"])
            if english():
                names = join_words([CHARACTERS[c].name for c in frame["group"]])
                reach_words = plural(reach, "region")
                return (
                    f"Moving {names} (up to {reach_words}): add a Companion from the same "
                    "region (`companion <id>`) or choose where they go (`to <region>`)."
                )
            return ntr(
                "Moving {names} (up to {count} region): add a Companion from the same region "
                "(`companion <id>`) or choose where they go (`to <region>`).",
                "Moving {names} (up to {count} regions): add a Companion from the same region "
                "(`companion <id>`) or choose where they go (`to <region>`).",
                reach,
                names=listed(character_name(c) for c in frame["group"]),
            )
        return tr(
            "Choose a Companion to move (`companion <id>`), or `done` to leave the others where they are."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples to move their Companions.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "done":
            ret(state)
            return
        if action.verb == "companion":
            frame["group"].append(action.args[0])
            return
        group, dest = list(frame["group"]), action.args[0]
        origin = state["characters"][group[0]]["region"]
        inside = closed(state, dest, FREE)  # a card's move into a besieged Stronghold: inside it
        for char in group:
            state["characters"][char] = {"region": dest, "inside": inside}
        emit(state, "companions_moved", {"companions": group, "from": origin, "to": dest})
        for char in group:
            rouse(state, char, dest)
        frame["moved"] += group
        frame["group"] = []
        if frame.get("single") or not any_companion(state, frame):  # only ``done`` is left
            ret(state)


def any_companion(state: State, frame: Frame) -> bool:
    """Whether :func:`companion_choices` offers a first Companion (more than ``done``)."""
    return any(may_move(state, frame, c) for c in companions_on_map(state))


def _companions_possible(state: State, side: str) -> bool:
    return any_companion(state, {"moved": [], "group": []})


def _companions(state: State, side: str, face: str) -> bool:
    call(state, "companions", moved=[], group=[])
    return True


# -- separating Companions ------------------------------------------------------------------------
def separate_targets(state: State, group: list[str], frame: Frame | None = None) -> list[tuple[str, bool]]:
    """``(region, inside)`` where the group may end: the Ring-bearers' region or up to
    Progress + Level from it (a card may change the Level or add regions, and let the move end
    inside a besieged Free Peoples Stronghold); inside a besieged Free Peoples Stronghold they
    stay there."""
    fs = state["fellowship"]
    start = fs["region"]
    if closed(state, start, FREE):
        return [(start, True)]
    card = frame or {}
    steps = fs["progress"] + move_range(card, group)
    ends = reach(state, start, steps, FREE, bool(card.get("into_siege")))
    return [(start, False), *((r, closed(state, r, FREE)) for r in ends)]


class Separate(Step):
    name = "separate"
    kind = "separate"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        group = frame["group"]
        found = [Action("companion", (c,)) for c in state["fellowship"]["companions"] if c not in group]
        if group:
            found += [Action("to", (r,)) for r, _ in separate_targets(state, group, frame)]
        return tuple(found)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Separate Companions from the Fellowship")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if not frame["group"]:
            return tr("Choose a Companion to leave the Fellowship (`companion <id>`).")
        names = (
            join_words([CHARACTERS[c].name for c in frame["group"]])
            if english()
            else listed(character_name(c) for c in frame["group"])
        )
        return tr(
            "{names}: add another Companion (`companion <id>`) or choose where they go (`to <region>`).",
            names=names,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples to separate Companions.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "companion":
            frame["group"].append(action.args[0])
            return
        group = list(frame["group"])
        dest = action.args[0]
        inside = dict(separate_targets(state, group, frame))[dest]
        for char in group:
            state["fellowship"]["companions"].remove(char)
            state["characters"][char] = {"region": dest, "inside": inside}
            emit(state, "companion_separated", {"companion": char, "region": dest})
        fellowship.settle_guide(state)
        for char in group:
            rouse(state, char, dest)
        ret(state)


def _separate_possible(state: State, side: str) -> bool:
    return bool(state["fellowship"]["companions"]) and not fellowship.on_mordor_track(state)


def _separate(state: State, side: str, face: str) -> bool:
    call(state, "separate", group=[])
    return True


# -- moving Nazgûl and Minions --------------------------------------------------------------------
def nazgul_at(state: State, frame: Frame) -> dict[str, int]:
    """Nazgûl in the open that have not moved yet, by region (board order)."""
    arrived = frame["arrived"]
    found: list[tuple[str, int]] = []
    for region, figures in state["armies"].items():
        n = figures.get("sauron", {}).get("leader", 0) - arrived.get(region, 0)
        if n > 0:
            found.append((region, n))
    found.sort(key=lambda item: REGION_INDEX[item[0]])
    return dict(found)


def flight(state: State, start: str) -> list[str]:
    """Where a Nazgûl (the Witch-king too) may fly from ``start``."""
    barred = barred_regions(state)
    return [r for r in REGIONS if r != start and r not in barred]


def can_fly(state: State, start: str, dest: str | None = None) -> bool:
    """Whether :func:`flight` from ``start`` is not empty (holds ``dest``, if given)."""
    if dest is not None:
        return dest in REGIONS and dest != start and not barred_to_minions(state, dest)
    return len(REGIONS) - 1 > len(barred_regions(state) - {start})


def minion_may_go(state: State, minion: str, dest: str | None = None) -> bool:
    """Whether :func:`minion_targets` is not empty (holds ``dest``, if given)."""
    where = state["characters"][minion]
    if where.get("inside"):
        return False  # like the Nazgûl, a Minion in a besieged garrison stays inside (our ruling)
    if minion == "witch_king":
        return can_fly(state, where["region"], dest)
    if minion == "mouth_of_sauron":
        if dest is None:
            return reaches(state, where["region"], MOUTH_RANGE, SHADOW)
        return dest in reach(state, where["region"], MOUTH_RANGE, SHADOW)
    steps = tta_characters.minion_steps(state, minion)  # Twilight of the Third Age: the Balrog
    if dest is None:
        return reaches(state, where["region"], steps, SHADOW)
    return dest in reach(state, where["region"], steps, SHADOW)


def minion_targets(state: State, minion: str) -> list[str]:
    where = state["characters"][minion]
    if where.get("inside"):
        return []
    if minion == "witch_king":
        return flight(state, where["region"])
    if minion == "mouth_of_sauron":
        return reach(state, where["region"], MOUTH_RANGE, SHADOW)
    steps = tta_characters.minion_steps(state, minion)  # Twilight of the Third Age: the Balrog
    return reach(state, where["region"], steps, SHADOW) if steps else []  # Saruman never moves


def flies(frame: Frame, minion: str) -> bool:
    """Whether the move may take ``minion``: a card that moves only the Nazgûl (``nazgul_only``)
    takes the Witch-king, who is one, and no other Minion."""
    return minion == "witch_king" or not frame.get("nazgul_only")


def minions_to_move(state: State, frame: Frame) -> list[str]:
    placed = state["characters"]
    return [
        m
        for m in CHARACTERS
        if m in placed
        and CHARACTERS[m].side == SHADOW
        and m not in frame["moved"]
        and flies(frame, m)
        and minion_targets(state, m)
    ]


def nazgul_left(state: State, frame: Frame, region: str) -> int:
    """Nazgûl in the open at ``region`` that have not moved yet (:func:`nazgul_at`)."""
    here: int = state["armies"].get(region, {}).get("sauron", {}).get("leader", 0)
    return here - int(frame["arrived"].get(region, 0))


def minion_movable(state: State, frame: Frame, minion: str) -> bool:
    """Whether ``minion`` is one of :func:`minions_to_move`."""
    return (
        minion in state["characters"]
        and CHARACTERS[minion].side == SHADOW
        and minion not in frame["moved"]
        and flies(frame, minion)
        and minion_may_go(state, minion)
    )


def any_pick(state: State, frame: Frame) -> bool:
    """Whether :func:`minion_picks` is not empty."""
    if any(can_fly(state, region) for region in nazgul_at(state, frame)):
        return True
    return any(minion_movable(state, frame, m) for m in state["characters"])


def minion_picks(state: State, frame: Frame) -> list[Action]:
    """First question: which Nazgûl (by region) or Minion moves next."""
    found = [Action("nazgul", (r,)) for r, n in nazgul_at(state, frame).items() if flight(state, r)]
    return found + [Action("minion", (m,)) for m in minions_to_move(state, frame)]


def minion_amounts(state: State, frame: Frame) -> list[Amount]:
    start = frame["nazgul"]
    if start is None:
        return []
    n = nazgul_at(state, frame).get(start, 0)
    return [Amount("to", (dest,), 1, n) for dest in flight(state, start)]


class MoveMinions(Step):
    """``nazgul <from>`` or ``minion <id>``, then ``to <region> <n>`` (Nazgûl, a count) or
    ``to <region>`` (a Minion); ``done`` leaves the rest in place."""

    name = "minions"
    kind = "move_minions"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        return tuple(minion_amounts(state, frame))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        if frame["nazgul"] is not None:
            return tuple(Action("to", (*a.args, str(a.high))) for a in minion_amounts(state, frame))
        if frame["minion"] is not None:
            return tuple(Action("to", (r,)) for r in minion_targets(state, frame["minion"]))
        return (*minion_picks(state, frame), Action("done"))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as :meth:`actions` and :meth:`amounts`, for one action."""
        verb, args = action.verb, action.args
        start, minion = frame["nazgul"], frame["minion"]
        if start is not None:  # the counts of :func:`minion_amounts` (the highest is listed)
            if verb != "to" or len(args) != 2 or not can_fly(state, start, args[0]):
                return False
            return (
                args[1].isascii()
                and args[1].isdigit()
                and 1 <= int(args[1]) <= nazgul_left(state, frame, start)
            )
        if minion is not None:
            return verb == "to" and len(args) == 1 and minion_may_go(state, minion, args[0])
        if verb == "done":
            return not args
        if len(args) != 1:
            return False
        if verb == "nazgul":
            return nazgul_left(state, frame, args[0]) > 0 and can_fly(state, args[0])
        return verb == "minion" and minion_movable(state, frame, args[0])

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Move the Nazgûl") if frame.get("nazgul_only") else tr("Move Nazgûl and Minions")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["nazgul"] is not None:
            n, where = nazgul_at(state, frame)[frame["nazgul"]], region_in_sentence(frame["nazgul"])
            if n == 1:
                return tr(
                    "Where does the Nazgûl of {region} fly (`to <region> 1`)? Not into a Free Peoples "
                    "Stronghold that is not besieged.",
                    region=where,
                )
            return tr(
                "Where do the Nazgûl of {region} fly, and how many of the {count} (`to <region> <n>`)? Not "
                "into a Free Peoples Stronghold that is not besieged.",
                region=where,
                count=n,
            )
        if frame["minion"] is not None:
            return tr("Where does {character} go (`to <region>`)?", character=character_name(frame["minion"]))
        if frame.get("nazgul_only"):
            return tr("Fly Nazgûl (`nazgul <from>`), each once; `done` leaves the rest where they are.")
        return tr(
            "Fly Nazgûl (`nazgul <from>`) or move a Minion (`minion <id>`), each once; `done` leaves "
            "the rest where they are."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow to move the Nazgûl and Minions.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "done":
            ret(state)
            return
        if action.verb == "nazgul":
            frame["nazgul"] = action.args[0]
            return
        if action.verb == "minion":
            frame["minion"] = action.args[0]
            return
        dest = action.args[0]
        if frame["nazgul"] is not None:
            start, count = frame["nazgul"], int(action.args[1])
            remove(state, start, "sauron", "leader", count)
            add(state, dest, "sauron", "leader", count)
            frame["arrived"][dest] = frame["arrived"].get(dest, 0) + count
            emit(state, "nazgul_moved", {"from": start, "to": dest, "count": count})
        else:
            minion = frame["minion"]
            start = state["characters"][minion]["region"]
            state["characters"][minion] = {"region": dest, "inside": False}
            frame["moved"].append(minion)
            emit(state, "minion_moved", {"character": minion, "from": start, "to": dest})
        frame["nazgul"] = frame["minion"] = None
        if not any_pick(state, frame):
            ret(state)


def minions_frame(nazgul_only: bool = False) -> dict[str, Any]:
    """The frame of ``minions``; ``nazgul_only``: an Event card moves the Nazgûl (the Witch-king
    is one), not the other Minions."""
    frame: dict[str, Any] = {"arrived": {}, "moved": [], "nazgul": None, "minion": None}
    if nazgul_only:
        frame["nazgul_only"] = True
    return frame


def _minions_possible(state: State, side: str) -> bool:
    return any_pick(state, minions_frame())


def _minions(state: State, side: str, face: str) -> bool:
    call(state, "minions", **minions_frame())
    return True


# -- entering play --------------------------------------------------------------------------------
Places = list[tuple[str, bool]]


def minion_seen(state: State) -> bool:
    """A Minion is or has been in play (Gandalf the White, §19.25)."""
    minions = ("witch_king", "saruman", "mouth_of_sauron")
    return bool(state.get("minion_entered")) or any(
        m in state["characters"] or m in state["eliminated"] for m in minions
    )


def _free_at_war(state: State) -> list[bool]:
    return [politics.at_war(state, n) for n, info in NATIONS.items() if info.side == FREE]


def saruman_places(state: State) -> Places:
    if not politics.at_war(state, "isengard") or controller(state, "orthanc") != SHADOW:
        return []
    return [("orthanc", besieged(state, "orthanc"))]


def witch_king_places(state: State) -> Places:
    """Any region with a Shadow Army holding a Sauron unit (inside a garrison if it is there)."""
    if not politics.at_war(state, "sauron") or not any(_free_at_war(state)):
        return []
    found: Places = []
    for region in REGIONS:
        for inside, table in ((False, state["armies"]), (True, state["garrisons"])):
            counts = table.get(region, {}).get("sauron", {})
            if counts.get("regular", 0) + counts.get("elite", 0):
                found.append((region, inside))
                break
    return found


def mouth_places(state: State) -> Places:
    if not fellowship.on_mordor_track(state) and not all(_free_at_war(state)):
        return []
    return [
        (r, besieged(state, r))
        for r in STRONGHOLDS[SHADOW]
        if REGIONS[r].nation == "sauron" and controller(state, r) == SHADOW
    ]


def aragorn_places(state: State) -> Places:
    where = state["characters"].get("strider")
    if where is None or where["region"] not in ("minas_tirith", "dol_amroth", "pelargir"):
        return []
    if controller(state, where["region"]) != FREE:
        return []
    return [(where["region"], bool(where.get("inside")))]


def white_places(state: State) -> Places:
    if "gandalf_grey" in state["fellowship"]["companions"] or not minion_seen(state):
        return []
    found: Places = []
    grey = state["characters"].get("gandalf_grey")
    if grey is not None:
        found.append((grey["region"], bool(grey.get("inside"))))
    found.append(("fangorn", False))
    for region in STRONGHOLDS[FREE]:
        if REGIONS[region].nation == "elves" and controller(state, region) == FREE:
            found.append((region, besieged(state, region)))
    return list(dict.fromkeys(found))


ENTRIES: dict[str, tuple[str, Callable[[State], Places]]] = {
    "saruman": (SHADOW, saruman_places),
    "witch_king": (SHADOW, witch_king_places),
    "mouth_of_sauron": (SHADOW, mouth_places),
    "aragorn": (FREE, aragorn_places),
    "gandalf_white": (FREE, white_places),
}
REPLACES = {"aragorn": "strider", "gandalf_white": "gandalf_grey"}


def entry_places(state: State, character: str) -> Places:
    if character in state["characters"] or character in state["eliminated"]:
        return []
    return ENTRIES[character][1](state)


def enter(state: State, character: str, region: str, inside: bool) -> None:
    """``character`` enters play in ``region`` (the dice he gives count from the next turn)."""
    replaced = REPLACES.get(character)
    if replaced is not None and replaced in state["characters"]:
        del state["characters"][replaced]
        state["eliminated"].append(replaced)
    else:
        replaced = None
    state["characters"][character] = {"region": region, "inside": inside}
    if CHARACTERS[character].side == SHADOW:
        state["minion_entered"] = True
    emit(state, "character_entered", {"character": character, "region": region, "replaces": replaced})
    if character == "witch_king":
        tta_characters.witch_king_enters(state)  # Twilight of the Third Age: which card
        for nation in politics.free_nations():
            politics.activate(state, nation, "witch_king")
    if CHARACTERS[character].side == FREE:
        rouse(state, character, region)


class Bring(Step):
    name = "bring"
    kind = "character_entry"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({ENTRIES[frame["character"]][0]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("place", (r,)) for r, _ in entry_places(state, frame["character"]))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("{character} enters play", character=character_name(frame["character"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "Where does {character} enter play (`place <region>`)?",
            character=character_name(frame["character"]),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        side = ENTRIES[frame["character"]][0]
        return tr(
            "Waiting for {side} to place {character}.",
            side=side_words(side),
            character=character_name(frame["character"]),
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        places = dict(entry_places(state, frame["character"]))
        enter(state, frame["character"], action.args[0], places[action.args[0]])
        ret(state)


def _entry(character: str) -> tuple[actions.Possible, actions.Run]:
    def possible(state: State, side: str) -> bool:
        return bool(entry_places(state, character))

    def run(state: State, side: str, face: str) -> bool:
        places = entry_places(state, character)
        if len(places) == 1:
            enter(state, character, *places[0])
            return False
        call(state, "bring", character=character)
        return True

    return possible, run


# -- Boromir, Legolas, Gimli ----------------------------------------------------------------------
COUNSEL: dict[str, tuple[str, Callable[[str], bool]]] = {
    "boromir": ("gondor", lambda r: REGIONS[r].is_city or REGIONS[r].is_stronghold),
    "legolas": ("elves", lambda r: REGIONS[r].is_stronghold),
    "gimli": ("dwarves", lambda r: r == "erebor"),
}


def _counsel(companion: str) -> tuple[actions.Possible, actions.Run]:
    nation, fits = COUNSEL[companion]

    def possible(state: State, side: str) -> bool:
        where = state["characters"].get(companion)
        if where is None:
            return False
        region = where["region"]
        if REGIONS[region].nation != nation or not fits(region) or controller(state, region) != FREE:
            return False
        return politics.can_advance(state, nation)

    def run(state: State, side: str, face: str) -> bool:
        emit(state, "companion_counsel", {"companion": companion, "nation": nation})
        politics.advance(state, nation, "counsel")
        return False

    return possible, run


def _die_actions() -> tuple[actions.DieAction, ...]:
    found = [
        actions.DieAction(
            "move-companions",
            mark("Move Companions"),
            mark("Move every Companion on the map up to his Level (groups: the highest Level)."),
            ("character",),
            FREE,
            _companions_possible,
            _companions,
        ),
        actions.DieAction(
            "separate",
            mark("Separate Companions"),
            mark("One Companion or a group leaves the Fellowship: up to Progress + Level regions."),
            ("character",),
            FREE,
            _separate_possible,
            _separate,
        ),
        actions.DieAction(
            "move-minions",
            mark("Move Nazgûl and Minions"),
            mark("Fly the Nazgûl anywhere, move the Mouth of Sauron up to 3 regions."),
            ("character",),
            SHADOW,
            _minions_possible,
            _minions,
        ),
    ]
    for character, (side, _) in ENTRIES.items():
        faces = MUSTER if side == SHADOW else ()  # () : the Will of the West only
        name = CHARACTERS[character].name
        text = CHARACTERS[character].entry or ""
        verb = "bring-" + character.replace("_", "-")
        found.append(
            actions.DieAction(
                verb, f"Bring {in_sentence(name)} into play", text, faces, side, *_entry(character)
            )
        )
    for companion, (nation, _) in COUNSEL.items():
        name = CHARACTERS[companion].name
        label = f"{name}: {NATIONS[nation].name} one step toward war"
        found.append(actions.DieAction(companion, label, label + ".", ANY_FACE, FREE, *_counsel(companion)))
    return tuple(found)


#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS = _die_actions()
#: The die actions that bring a character into play, by verb: the character (their button
#: words are a message of their own, :func:`.labels.die_action_label`).
ENTERING = {"bring-" + character.replace("_", "-"): character for character in ENTRIES}

STEPS: tuple[Step, ...] = (MoveCompanions(), Separate(), MoveMinions(), Bring())
VERBS = frozenset({"companion", "to", "done", "nazgul", "minion", "place"})
__all__ = ["STEPS", "enter", "entry_places", "reach", "rouse"]


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the character prompts (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] not in ("companions", "separate", "minions", "bring"):
        return None
    verb, args = action.verb, action.args
    if verb == "companion":
        name = character_name(args[0])
        if top["group"]:
            return tr("{character} goes with them", character=name)
        if top["step"] == "separate":
            return tr("{character} leaves the Fellowship", character=name)
        return tr("Move {character}", character=name)
    if verb == "to" and len(args) == 2:
        return tr("Fly {count} Nazgûl to {region}", count=args[1], region=region_in_sentence(args[0]))
    if verb == "to":
        return tr("Go to {region}", region=region_in_sentence(args[0]))
    if verb == "nazgul":
        return tr("Fly Nazgûl from {region}", region=region_in_sentence(args[0]))
    if verb == "minion":
        return tr("Move {character}", character=character_name(args[0]))
    if verb == "place":
        return tr(
            "{character} enters play in {region}",
            character=character_name(top["character"]),
            region=region_in_sentence(args[0]),
        )
    return tr("Done: the others stay") if verb == "done" else None
