"""Hidden simultaneous setup: Draft (optional), Deluxe special picks (optional), placement.

``state["setup"][side]`` holds ``draft`` ({tile: character}), ``picks`` (special cards kept)
``placed`` ({character: region}) and ``ready``. Nothing of it is shown to the opponent; the
placements go on the board when both sides are ready, then Sauron takes the first turn.
"""

from __future__ import annotations

import logging

from games.core import Action, State, emit
from games.core.chance import shuffle
from games.core.flow import Frame, Step, barrier, pop
from games.core.i18n import Listed, Sentences, Words

from . import turn
from .data import (
    CHARS,
    FELLOWSHIP,
    HOME,
    SAURON,
    SETUP_SLOTS,
    SIDES,
    TILE_SIDES,
    TILES,
    specials_of,
)
from .options import special_set
from .words import char_msg, msg, region_word_msg, side_msg

log = logging.getLogger(__name__)

DELUXE_KEEP = 2


def gets_specials(state: State, side: str) -> bool:
    handicap = state["options"].get("handicap", "none")
    return special_set(state) is not None and handicap in ("none", side)


def needs_draft(state: State, side: str) -> bool:
    return state["options"].get("variant") == "draft" and len(state["setup"][side]["draft"]) < len(
        TILES[side]
    )


def needs_picks(state: State, side: str) -> bool:
    return (
        state["options"].get("specials") == "deluxe-2"
        and gets_specials(state, side)
        and len(state["setup"][side]["picks"]) < DELUXE_KEEP
    )


#: Shared immutable setup actions (setup prompts are rebuilt after every placement).
_PLACE = {c: {r: Action("place", (c, r)) for s in SIDES for r in SETUP_SLOTS[s]} for c in CHARS}
_UNPLACE = {c: Action("unplace", (c,)) for c in CHARS}
#: ``draft <character>`` for both sides of each tile, and ``pick-special <card>``, built once.
_DRAFT = {t: tuple(Action("draft", (c,)) for c in TILE_SIDES[t]) for s in SIDES for t in TILES[s]}
_PICK = {c: Action("pick-special", (c,)) for s in SIDES for c in specials_of(s, "deluxe")}
_READY = Action("ready")
_ACTIVE = {
    (False, False): frozenset(SIDES),
    (True, False): frozenset({SAURON}),
    (False, True): frozenset({FELLOWSHIP}),
    (True, True): frozenset(),
}
_AUTOPLACE = Action("autoplace")
_PLACEMENT_VERBS = frozenset({"place", "unplace", "autoplace", "ready"})


#: One bit per starting region, to describe which ones are full.
_BIT = {r: 1 << i for i, r in enumerate(dict.fromkeys(r for s in SIDES for r in SETUP_SLOTS[s]))}


#: ``{roster: its unplace actions and ready}`` for a complete placement, filled as needed.
_FULL: dict[tuple[str, ...], tuple[Action, ...]] = {}
#: ``{(side, full regions): {character: its place actions}}``, filled as needed (at most 2 x 64).
_ROWS: dict[tuple[str, int], dict[str, tuple[Action, ...]]] = {}


def _rows(side: str, closed: int) -> dict[str, tuple[Action, ...]]:
    """``place <character> <region>`` for every character and each of ``side``'s starting
    regions not in ``closed`` (a bit set of full regions), built once and shared."""
    open_regions = [r for r in SETUP_SLOTS[side] if not closed & _BIT[r]]
    rows = {c: tuple(_PLACE[c][r] for r in open_regions) for c in CHARS if CHARS[c].side == side}
    _ROWS[(side, closed)] = rows
    return rows


def free_slots(state: State, side: str) -> dict[str, int]:
    slots = dict(SETUP_SLOTS[side])
    for region in state["setup"][side]["placed"].values():
        slots[region] -= 1
    return slots


class Setup(Step):
    name = "setup"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        setup = state["setup"]
        return _ACTIVE[(setup[FELLOWSHIP]["ready"], setup[SAURON]["ready"])]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        mine = state["setup"][role]
        options = state["options"]
        if options["variant"] == "draft" and needs_draft(state, role):
            drafted = mine["draft"]
            return tuple([a for t in TILES[role] if t not in drafted for a in _DRAFT[t]])
        if options["specials"] == "deluxe-2" and needs_picks(state, role):
            picks = mine["picks"]
            return tuple([_PICK[c] for c in specials_of(role, "deluxe") if c not in picks])
        placed = mine["placed"]
        roster = state["chars"][role]
        if len(placed) == len(roster):
            key = tuple(roster)
            full = _FULL.get(key)
            if full is None:
                full = _FULL[key] = (*[_UNPLACE[c] for c in roster], _READY)
            return full
        closed = 0
        home = HOME[role]
        homes = 0
        for region in placed.values():
            if region == home:
                homes += 1
            else:
                closed |= _BIT[region]
        if homes >= SETUP_SLOTS[role][home]:
            closed |= _BIT[home]
        rows = _ROWS.get((role, closed)) or _rows(role, closed)
        acts: list[Action] = []
        for c in roster:
            if c not in placed:
                acts += rows[c]
        acts += [_UNPLACE[c] for c in roster if c in placed]
        acts.append(_AUTOPLACE)
        return tuple(acts)

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        mine = state["setup"][role]
        if needs_draft(state, role) or needs_picks(state, role) or action.verb not in _PLACEMENT_VERBS:
            return action in self.actions(state, frame, role)
        placed, roster, args = mine["placed"], state["chars"][role], action.args
        if action.verb == "place":
            if len(args) != 2 or args[0] not in roster or args[0] in placed:
                return False
            return args[1] in SETUP_SLOTS[role] and free_slots(state, role)[args[1]] > 0
        if action.verb == "unplace":
            return len(args) == 1 and args[0] in placed
        complete = len(placed) == len(roster)
        return not args and (complete if action.verb == "ready" else not complete)

    def question(self, state: State, frame: Frame, role: str) -> str:
        if needs_draft(state, role):
            return "draft"
        if needs_picks(state, role):
            return "pick_specials"
        return (
            "setup_ready"
            if len(state["setup"][role]["placed"]) == len(state["chars"][role])
            else "setup_place"
        )

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        if needs_draft(state, role):
            return msg("Draft your characters")
        if needs_picks(state, role):
            return msg("Keep two special cards")
        mine = state["setup"][role]
        left = len(state["chars"][role]) - len(mine["placed"])
        return msg("Secret set-up: {count} to place", count=left) if left else msg("Secret set-up: confirm")

    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        options = state["options"]
        if options["variant"] == "draft" and needs_draft(state, role):
            return msg("Draft: for each of your nine tiles choose which side you play.")
        if options["specials"] == "deluxe-2" and needs_picks(state, role):
            return msg("Choose secretly the two special cards you keep.")
        mine = state["setup"][role]
        left = [char_msg(c) for c in state["chars"][role] if c not in mine["placed"]]
        if not left:
            return msg("Your set-up is complete: confirm it, or take a character back to move it.")
        place = msg(
            "Set up in secret: four characters in {home} and one in each other starting region "
            "(or let the engine place the rest at random), then confirm.",
            home=region_word_msg(HOME[role]),
        )
        return Sentences((place, msg("Still to place: {characters}.", characters=Listed(tuple(left)))))

    def waiting(self, state: State, frame: Frame) -> str | Words:
        names = Listed(tuple(side_msg(s) for s in SIDES if not state["setup"][s]["ready"]))
        return msg("Waiting for {sides} to set up in secret.", sides=names)

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        mine = state["setup"][role]
        verb = action.verb
        if verb == "place":
            char, region = action.args
            mine["placed"][char] = region
            return
        if verb == "unplace":
            mine["placed"].pop(action.args[0], None)
            return
        if verb == "draft":
            char = action.args[0]
            mine["draft"][CHARS[char].tile] = char
            if not needs_draft(state, role):
                state["chars"][role] = [mine["draft"][t] for t in TILES[role]]
                if role == FELLOWSHIP:
                    state["ring_bearer"] = mine["draft"][TILES[FELLOWSHIP][0]]
                barrier(state)
                emit(state, "drafted", {"side": role}, {role: ("own_draft_done", {})})
            return
        if verb == "pick-special":
            mine["picks"].append(action.args[0])
            if not needs_picks(state, role):
                state["specials"][role]["held"] = list(mine["picks"])
                barrier(state)
                kept = {"specials": list(mine["picks"])}
                emit(state, "specials_chosen", {"side": role}, {role: ("own_specials_kept", kept)})
            return
        if verb == "autoplace":
            autoplace(state, role)
            return
        barrier(state)
        mine["ready"] = True
        emit(state, "ready", {"side": role}, {role: ("own_setup_confirmed", {})})
        if all(state["setup"][s]["ready"] for s in SIDES):
            begin_play(state)


def autoplace(state: State, side: str) -> None:
    """Fill the free starting slots with the unplaced characters at random."""
    mine = state["setup"][side]
    unplaced = [c for c in state["chars"][side] if c not in mine["placed"]]
    slots = [r for r, n in free_slots(state, side).items() for _ in range(n)]
    shuffle(state, f"{side} autoplace", unplaced)
    for char, region in zip(unplaced, slots, strict=False):
        mine["placed"][char] = region


def begin_play(state: State) -> None:
    for side in SIDES:
        for char, region in state["setup"][side]["placed"].items():
            state["pos"][char] = region
    state["setup"] = None
    emit(state, "setup_done")
    pop(state)
    state["turn"] = {"number": 1, "side": SAURON}
    turn.start_turn(state, SAURON)
