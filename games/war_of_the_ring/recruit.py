"""Muster actions: recruiting (§10.3), diplomacy (§5.3, §8.3) and the Voice of Saruman (§9.2).

- ``recruit`` (Muster or Army/Muster die, Nations At War only): ``recruit <option>`` — ``elite``
  (1 Elite), ``regulars`` (2 Regulars), ``leaders`` (2 Leaders or Nazgûl) or ``regular-leader``
  — then ``place <region> <kind>`` for each figure (``done`` stops after the first). Each figure
  goes to a free Town, City or Stronghold of its own Nation, At War, that its side controls and
  that is not besieged; two figures to two different Settlements; Nazgûl only in Sauron
  Strongholds; only figures in reinforcements. Then the stacking limit (settled before the
  figure lands: :func:`stacking.call_arrival`).
- ``diplomacy`` (same dice): ``advance <nation>`` — one friendly Nation one step toward war
  (a passive Free Peoples Nation never enters At War: :func:`politics.can_advance`; while the
  Shadow's Threats and Promises is on the table, the Free Peoples advance only active Nations).
- ``voice-of-saruman`` (Shadow, same dice, Saruman in play, Orthanc his and not besieged):
  ``voice recruit`` (1 Isengard Regular in every Isengard Settlement where one may be recruited;
  with fewer Regulars left the Shadow places those he has, ``place <region> regular``) or
  ``voice elites`` (2 Isengard Regulars in Orthanc become Elites).

Recruitment by an Event card (:func:`card_target`, used by ``event_cards.recruiting``) places
figures where the card says, At War or not, inside one's own besieged Stronghold too.

Our rulings: a player may recruit fewer figures than the option allows (``done``); a Free
Peoples Leader is recruited only where Free Peoples units stand (alone he would be removed at
once, §9.1); ``voice elites`` needs two Regulars in Orthanc and two Elites in reinforcements.

Frame ``recruit``: ``side``, ``kinds`` (figures still to place; ``None`` before the option),
``placed`` (regions used), ``queue`` (``[region, nation, kind]`` waiting to land), ``only``
(allowed regions, or ``None``), ``may_stop``. Frames ``diplomacy``: ``side``; ``voice``: none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions, politics, stacking
from .board import add, besieged, controller, free_for, remove, take_reinforcement, units
from .card_piles import on_table
from .data import FREE, NATIONS, REGIONS, SHADOW
from .i18n import mark, name_title, region_in_sentence, tr
from .movement_words import figure_words
from .step_text import side_words
from .tta_characters import golden_wood

OPTIONS: dict[str, tuple[str, ...]] = {
    "elite": ("elite",),
    "regulars": ("regular", "regular"),
    "leaders": ("leader", "leader"),
    "regular-leader": ("regular", "leader"),
}
UNIT = ("regular", "elite")
ORTHANC = "orthanc"


# -- where a figure may be recruited --------------------------------------------------------------
def can_place(state: State, side: str, region: str, kind: str) -> bool:
    """§10.3 for one figure of ``kind`` of the region's Nation in ``region``."""
    info = REGIONS[region]
    nation = info.nation
    if not info.is_settlement or nation is None or NATIONS[nation].side != side:
        return False
    return _open(state, side, region, nation) and _fits(state, side, region, nation, kind)


def _open(state: State, side: str, region: str, nation: str) -> bool:
    """The conditions of :func:`can_place` that do not depend on the figure: ``side`` controls
    this Settlement of ``nation``, it is not besieged and free for him, and ``nation`` is At War."""
    if golden_wood(state, region, side):  # Twilight of the Third Age: Galadriel's Lórien, besieged
        return politics.at_war(state, nation)
    if controller(state, region) != side or besieged(state, region) or not free_for(state, region, side):
        return False
    return politics.at_war(state, nation)


def _fits(state: State, side: str, region: str, nation: str, kind: str) -> bool:
    """The conditions of :func:`can_place` about the figure itself (the Settlement is :func:`_open`)."""
    if state["reinforcements"][nation].get(kind, 0) <= 0:
        return False
    if kind == "leader":
        if nation == "sauron" and not REGIONS[region].is_stronghold:
            return False  # Nazgûl only in Sauron Strongholds
        inside = golden_wood(state, region, side)
        if side == FREE and not units(state, region, FREE, inside=inside):
            return False  # a Leader alone would be removed at once
    return True


def card_target(state: State, side: str, region: str) -> bool | None:
    """Recruitment by an Event card (§7.2, §10.3) ignores At War and the kind of region, and may
    place figures inside ``side``'s own besieged Stronghold, but the region must otherwise be free
    for him. ``True``: inside the besieged Stronghold; ``False``: in the open; ``None``: not there."""
    if besieged(state, region) and controller(state, region) == side:
        return True
    return False if free_for(state, region, side) else None


#: The Settlements of each side's Nations, in board order: the only places recruits may go.
SETTLEMENTS_OF: dict[str, tuple[str, ...]] = {
    side: tuple(
        r.id for r in REGIONS.values() if r.is_settlement and r.nation and NATIONS[r.nation].side == side
    )
    for side in (FREE, SHADOW)
}
#: Each region's Nation (regions of no Nation are left out).
NATION_OF: dict[str, str] = {r: n for r, info in REGIONS.items() if (n := info.nation) is not None}
KIND_ORDER = ("regular", "elite", "leader")


def place_regions(
    state: State, side: str, kind: str, used: list[str], only: list[str] | None = None
) -> Iterator[str]:
    for region in only if only is not None else SETTLEMENTS_OF[side]:
        if region not in used and can_place(state, side, region, kind):
            yield region


def _where(state: State, side: str) -> dict[str, list[str]]:
    """``{kind: place_regions(state, side, kind, [])}`` for the three kinds, each Settlement's
    own conditions asked once."""
    where: dict[str, list[str]] = {kind: [] for kind in KIND_ORDER}
    for region in SETTLEMENTS_OF[side]:
        nation = NATION_OF[region]
        if not _open(state, side, region, nation):
            continue
        for kind in KIND_ORDER:
            if _fits(state, side, region, nation, kind):
                where[kind].append(region)
    return where


def options(state: State, side: str) -> list[str]:
    """The recruit options with at least a first figure to place (``regular-leader``: both,
    in two different Settlements)."""
    where = _where(state, side)
    found = []
    for option, kinds in OPTIONS.items():
        if not where[kinds[0]]:
            continue
        both = where["regular"] and where["leader"]
        if option == "regular-leader" and not (
            both and len(set(where["regular"]) | set(where["leader"])) >= 2
        ):
            continue
        found.append(option)
    return found


def any_option(state: State, side: str) -> bool:
    """Whether :func:`options` offers anything: a first figure of some kind can be placed (each
    kind opens an option of its own)."""
    for region in SETTLEMENTS_OF[side]:
        nation = NATION_OF[region]
        if _open(state, side, region, nation) and any(
            _fits(state, side, region, nation, kind) for kind in KIND_ORDER
        ):
            return True
    return False


def recruit_frame(side: str, **more: Any) -> dict[str, Any]:
    frame: dict[str, Any] = {
        "side": side,
        "kinds": None,
        "placed": [],
        "queue": [],
        "only": None,
        "may_stop": True,
    }
    frame.update(more)
    return frame


def choices(state: State, frame: Frame) -> list[Action]:
    if frame["kinds"] is None:
        return [Action("recruit", (o,)) for o in options(state, frame["side"])]
    found = [
        Action("place", (region, kind))
        for kind in dict.fromkeys(frame["kinds"])
        for region in place_regions(state, frame["side"], kind, frame["placed"], frame["only"])
    ]
    if found and frame["placed"] and frame["may_stop"]:
        found.append(Action("done"))
    return found


def any_place(state: State, frame: Frame) -> bool:
    """Whether :func:`choices` offers a ``place`` (once the option is chosen)."""
    return any(
        next(place_regions(state, frame["side"], kind, frame["placed"], frame["only"]), None) is not None
        for kind in dict.fromkeys(frame["kinds"])
    )


def drain(state: State, frame: Frame) -> None:
    """Land the figures waiting (each may first ask for the stacking limit), then return when
    nothing is left to choose."""
    while frame["queue"]:
        region, nation, kind = frame["queue"][0]
        incoming = {nation: {kind: 1}} if kind in UNIT else {}
        inside = golden_wood(state, region, frame["side"])
        if incoming and stacking.call_arrival(state, region, frame["side"], incoming, inside):
            return  # resumes with what still comes
        land(state, frame, incoming)
    if frame["kinds"] is not None and not any_place(state, frame):
        ret(state)


def land(state: State, frame: Frame, kept: dict[str, dict[str, int]]) -> None:
    region, nation, kind = frame["queue"].pop(0)
    if kind in UNIT and not kept.get(nation, {}).get(kind, 0):
        return  # sent back at once by the stacking limit
    if take_reinforcement(state, nation, kind):
        add(state, region, nation, kind, inside=golden_wood(state, region, frame["side"]))
        emit(
            state,
            "units_recruited",
            {"side": frame["side"], "region": region, "nation": nation, "kind": kind, "count": 1},
        )


class Recruit(Step):
    name = "recruit"
    kind = "recruit"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(choices(state, frame))

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        """The same as the list, for one action."""
        verb, args = action.verb, action.args
        side = frame["side"]
        if frame["kinds"] is None:
            return verb == "recruit" and len(args) == 1 and args[0] in options(state, side)
        if verb == "place" and len(args) == 2:
            region, kind = args
            if kind not in frame["kinds"] or region in frame["placed"]:
                return False
            allowed = frame["only"] if frame["only"] is not None else SETTLEMENTS_OF[side]
            return region in allowed and can_place(state, side, region, kind)
        if verb == "done" and not args:
            return bool(frame["placed"]) and bool(frame["may_stop"]) and any_place(state, frame)
        return False

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Recruit") if frame["kinds"] is None else tr("Recruit: where?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["kinds"] is None:
            return tr(
                "Recruit 1 Elite, 2 Regulars, 2 Leaders (Nazgûl) or 1 Regular and 1 Leader "
                "(`recruit <option>`), in Settlements of Nations At War."
            )
        if frame["placed"] and frame["may_stop"]:
            return tr(
                "Place a figure in a free Settlement of its Nation (`place <region> <kind>`) or `done`."
            )
        return tr("Place a figure in a free Settlement of its Nation (`place <region> <kind>`).")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for {side} to recruit.", side=side_words(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "recruit":
            frame["kinds"] = list(OPTIONS[action.args[0]])
            return
        if action.verb == "done":
            ret(state)
            return
        region, kind = action.args
        frame["kinds"].remove(kind)
        frame["placed"].append(region)
        nation = REGIONS[region].nation
        frame["queue"].append([region, nation, kind])
        drain(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        land(state, frame, value or {})
        drain(state, frame)


def _recruit_possible(state: State, side: str) -> bool:
    return any_option(state, side)


def _recruit(state: State, side: str, face: str) -> bool:
    call(state, "recruit", **recruit_frame(side))
    return True


# -- diplomacy ------------------------------------------------------------------------------------
def diplomacy_nations(state: State, side: str) -> list[str]:
    passive_barred = side == FREE and on_table(state, politics.THREATS_AND_PROMISES)
    return [
        n
        for n, info in NATIONS.items()
        if info.side == side
        and politics.can_advance(state, n)
        and not (passive_barred and not politics.active(state, n))
    ]


class Diplomacy(Step):
    name = "diplomacy"
    kind = "diplomacy"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("advance", (n,)) for n in diplomacy_nations(state, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Diplomacy: a Nation one step toward war")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr("Move one of your Nations one step toward war (`advance <nation>`).")

    def waiting(self, state: State, frame: Frame) -> str:
        if frame["side"] == FREE:
            return tr("Waiting for the Free Peoples' diplomacy.")
        return tr("Waiting for the Shadow's diplomacy.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        politics.advance(state, action.args[0], "diplomacy")
        ret(state)


def _diplomacy_possible(state: State, side: str) -> bool:
    return bool(diplomacy_nations(state, side))


def _diplomacy(state: State, side: str, face: str) -> bool:
    call(state, "diplomacy", side=side)
    return True


# -- the Voice of Saruman -------------------------------------------------------------------------
def isengard_settlements() -> list[str]:
    return [r for r, info in REGIONS.items() if info.nation == "isengard" and info.is_settlement]


def voice_modes(state: State) -> list[str]:
    if (
        "saruman" not in state["characters"]
        or controller(state, ORTHANC) != SHADOW
        or besieged(state, ORTHANC)
    ):
        return []
    found = []
    if next(place_regions(state, SHADOW, "regular", [], isengard_settlements()), None):
        found.append("recruit")
    orthanc = state["armies"].get(ORTHANC, {}).get("isengard", {})
    if orthanc.get("regular", 0) >= 2 and state["reinforcements"]["isengard"].get("elite", 0) >= 2:
        found.append("elites")
    return found


def voice(state: State, mode: str) -> None:
    """Carry out the Voice (``recruit`` calls the recruit procedure, which may return at once)."""
    emit(state, "voice_of_saruman", {"mode": mode})
    if mode == "elites":
        remove(state, ORTHANC, "isengard", "regular", 2)
        pool = state["reinforcements"]["isengard"]
        pool["regular"] = pool.get("regular", 0) + 2
        add(state, ORTHANC, "isengard", "elite", take_reinforcement(state, "isengard", "elite", 2))
        emit(state, "regulars_promoted", {"region": ORTHANC, "nation": "isengard", "count": 2})
        return
    eligible = list(place_regions(state, SHADOW, "regular", [], isengard_settlements()))
    left = state["reinforcements"]["isengard"].get("regular", 0)
    if left >= len(eligible):
        call(
            state,
            "recruit",
            **recruit_frame(SHADOW, kinds=[], queue=[[r, "isengard", "regular"] for r in eligible]),
        )
    else:
        call(
            state, "recruit", **recruit_frame(SHADOW, kinds=["regular"] * left, only=eligible, may_stop=False)
        )
    drain(state, state["stack"][-1])


class Voice(Step):
    name = "voice"
    kind = "voice_of_saruman"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("voice", (m,)) for m in voice_modes(state))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("The Voice of Saruman")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "`voice recruit`: 1 Isengard Regular in every Isengard Settlement; `voice elites`: "
            "2 Isengard Regulars in Orthanc become Elites."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for Saruman's Voice.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        mode = action.args[0]
        voice(state, mode)
        if mode == "elites":
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


def _voice_possible(state: State, side: str) -> bool:
    return bool(voice_modes(state))


def _voice(state: State, side: str, face: str) -> bool:
    modes = voice_modes(state)
    if len(modes) > 1:
        call(state, "voice")
        return True
    voice(state, modes[0])
    return modes[0] == "recruit"


MUSTER = ("muster", "army_muster")

#: This module's die actions (listed in :mod:`.procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "recruit",
        mark("Recruit"),
        mark("1 Elite, 2 Regulars, 2 Leaders or 1 Regular and 1 Leader, in Settlements of Nations At War."),
        MUSTER,
        None,
        _recruit_possible,
        _recruit,
    ),
    actions.DieAction(
        "diplomacy",
        mark("Diplomacy"),
        mark("Move one of your Nations one step toward war."),
        MUSTER,
        None,
        _diplomacy_possible,
        _diplomacy,
    ),
    actions.DieAction(
        "voice-of-saruman",
        mark("The Voice of Saruman"),
        mark("Isengard Regulars in every Isengard Settlement, or two Regulars in Orthanc become Elites."),
        MUSTER,
        SHADOW,
        _voice_possible,
        _voice,
    ),
)

STEPS: tuple[Step, ...] = (Recruit(), Diplomacy(), Voice())
VERBS = frozenset({"recruit", "place", "done", "advance", "voice"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the recruit, diplomacy and Voice prompts (``None``: not one of them)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] not in ("recruit", "diplomacy", "voice"):
        return None
    verb, args = action.verb, action.args
    if verb == "recruit":
        return tr(OPTION_WORDS[args[0]])
    if verb == "place":
        region, kind = args
        nation = REGIONS[region].nation
        assert nation is not None
        return tr(
            "{figures} in {region}", figures=figure_words(nation, kind, 1), region=region_in_sentence(region)
        )
    if verb == "advance":
        return tr("{nation} one step toward war", nation=name_title("nation", NATIONS[args[0]].name))
    if verb == "voice":
        return tr(VOICE_WORDS[args[0]])
    return tr("Done: recruit no more") if verb == "done" else None


OPTION_WORDS = {
    "elite": mark("Recruit 1 Elite"),
    "regulars": mark("Recruit 2 Regulars"),
    "leaders": mark("Recruit 2 Leaders or Nazgûl"),
    "regular-leader": mark("Recruit 1 Regular and 1 Leader or Nazgûl"),
}
VOICE_WORDS = {
    "recruit": mark("Isengard Regulars in every Settlement"),
    "elites": mark("Two Regulars in Orthanc become Elites"),
}
