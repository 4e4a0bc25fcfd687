"""Events that move Companions and Nazgûl (issue 19, the ``companions`` family): I Will Go
Alone, Challenge of the King, Gwaihir the Windlord, We Prove the Swifter, There and Back Again,
Nazgûl Search, Cruel Weather, The Nazgûl Strike! and The Palantír of Orthanc.

The moves reuse the procedures of :mod:`..characters` with a card's parameters: ``extra``
regions of movement, a fixed ``level``, ``into_siege`` (the move may end inside a besieged
Free Peoples Stronghold), ``single`` (one Companion or group only), ``nazgul_only``.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.chance import draw
from games.core.flow import Frame, barrier, call

from .. import characters, hunt, politics
from ..board import units
from ..card_piles import discard_from_table, seen
from ..data import CARDS as CARD_TEXTS
from ..data import FREE, REGIONS, TILES
from ..fellowship import heal, on_mordor_track
from ..i18n import mark
from .base import EventCard, ask
from .builders import data
from .words import card, region, tr

WAYS = {"separate": mark("Separate from the Fellowship"), "move": mark("Move Companions on the map")}


def can_separate(state: State) -> bool:
    return bool(state["fellowship"]["companions"]) and not on_mordor_track(state)


def can_move_on_map(state: State, card: dict[str, Any]) -> bool:
    frame = {"moved": [], "group": [], **card}
    return any(characters.may_move(state, frame, c) for c in characters.companions_on_map(state))


def separate(state: State, card: dict[str, Any]) -> bool:
    call(state, "separate", group=[], **card)
    return True


def move_on_map(state: State, card: dict[str, Any]) -> bool:
    call(state, "companions", moved=[], group=[], single=True, **card)
    return True


class MoveOrSeparate(EventCard):
    """Separate one Companion or group, or (``may_move``) move one already on the map, with the
    card's movement (``how``: ``extra`` / ``level`` / ``into_siege``); then :meth:`after`."""

    may_move = False

    def __init__(self, card: str, **how: Any) -> None:
        super().__init__(card)
        self.how = how

    def ways(self, state: State) -> list[str]:
        found = ["separate"] if can_separate(state) else []
        if self.may_move and can_move_on_map(state, self.how):
            found.append("move")
        return found

    def start(self, state: State, side: str, frame: Frame) -> bool:
        ways = self.ways(state)
        if len(ways) > 1:
            options = [(Action("choose", (w,)), tr(WAYS[w])) for w in ways]
            return ask(
                frame,
                side,
                "way",
                options,
                tr("separate or move?"),
                tr(
                    "Separate a Companion or group from the Fellowship, or move a Companion or group "
                    "already on the map?"
                ),
            )
        if ways:
            return self.go(state, ways[0], frame)
        return self.after(state, side, frame)

    def go(self, state: State, way: str, frame: Frame) -> bool:
        data(frame)["moving"] = True
        return separate(state, self.how) if way == "separate" else move_on_map(state, self.how)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        return self.go(state, action.args[0], frame)

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        return self.after(state, side, frame)

    def after(self, state: State, side: str, frame: Frame) -> bool:
        return False


class IWillGoAlone(MoveOrSeparate):
    def can_play(self, state: State, side: str) -> bool:
        return bool(state["fellowship"]["companions"])

    def after(self, state: State, side: str, frame: Frame) -> bool:
        heal(state, 1, self.card)
        return False


class TakeFlight(MoveOrSeparate):
    may_move = True

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.ways(state))


#: Where Gimli or Legolas rouse the Dwarves, the Elves and the North (There and Back Again).
NORTHERN_KINGDOMS = ("dale", "erebor", "woodland_realm")


class ThereAndBackAgain(MoveOrSeparate):
    def after(self, state: State, side: str, frame: Frame) -> bool:
        here = state["characters"]
        if any(here.get(c, {}).get("region") in NORTHERN_KINGDOMS for c in ("gimli", "legolas")):
            for nation in ("dwarves", "north"):
                politics.activate(state, nation, self.card)
            for nation in ("dwarves", "elves", "north"):
                politics.advance(state, nation, self.card)
        return False


# -- Challenge of the King ------------------------------------------------------------------------
def king_with_army(state: State) -> str | None:
    """Strider or Aragorn with a Free Peoples Army in a Gondor or Rohan region, if so."""
    for king in ("aragorn", "strider"):
        where = state["characters"].get(king)
        if where is None:
            continue
        region = where["region"]
        army = units(state, region, FREE, inside=where["inside"])
        if REGIONS[region].nation in ("gondor", "rohan") and army:
            return king
    return None


class ChallengeOfTheKing(EventCard):
    """Draw three Hunt tiles: three Eyes slay Strider/Aragorn (the tiles go back); otherwise the
    Eyes drawn leave the game and the rest go back, with no effect."""

    def can_play(self, state: State, side: str) -> bool:
        return king_with_army(state) is not None

    def start(self, state: State, side: str, frame: Frame) -> bool:
        king = king_with_army(state)
        pool = state["hunt"]["pool"]
        barrier(state)
        drawn: list[str] = []
        for _ in range(min(3, len(pool))):
            tile: str = draw(state, "challenge_tile", list(pool))
            pool.remove(tile)
            drawn.append(tile)
        eyes = [t for t in drawn if TILES[t].value == "eye"]
        fallen = len(drawn) == 3 and len(eyes) == 3
        kept = drawn if fallen else [t for t in drawn if t not in eyes]
        pool.extend(kept)
        pool.sort()
        if not fallen:
            state["hunt"]["removed"].extend(eyes)
        emit(state, "challenge_tiles", {"tiles": drawn, "removed": [] if fallen else eyes})
        if fallen and king is not None:
            del state["characters"][king]
            state["eliminated"].append(king)
            emit(state, "companion_lost", {"companion": king, "why": self.card})
        return False


# -- the Nazgûl -----------------------------------------------------------------------------------
def progress_at_least_one(state: State, side: str) -> bool:
    return int(state["fellowship"]["progress"]) >= 1


def nazgul_on_fellowship(state: State) -> bool:
    """A Nazgûl (the Witch-king too) in the Fellowship's region, inside its Stronghold or not."""
    region = state["fellowship"]["region"]
    if region is None:
        return False
    figures = [state["armies"], state.get("garrisons", {})]
    if any(place.get(region, {}).get("sauron", {}).get("leader", 0) for place in figures):
        return True
    return bool(state["characters"].get("witch_king", {}).get("region") == region)


def fly_nazgul(state: State) -> bool:
    """Move any or all Nazgûl (a procedure, if any can fly); whether it was called."""
    frame = {**characters.minions_frame(), "nazgul_only": True}
    if not characters.any_pick(state, frame):
        return False
    call(state, "minions", **frame)
    return True


class NazgulCard(EventCard):
    """Move any or all Nazgûl, then :meth:`found` if one is in the Fellowship's region."""

    def can_play(self, state: State, side: str) -> bool:
        return progress_at_least_one(state, side)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        data(frame)["flown"] = True
        return fly_nazgul(state) or self.landed(state, side, frame)

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        if data(frame).pop("flown", False):
            return self.landed(state, side, frame)
        return False

    def landed(self, state: State, side: str, frame: Frame) -> bool:
        data(frame).pop("flown", None)
        return nazgul_on_fellowship(state) and self.found(state, side, frame)

    def found(self, state: State, side: str, frame: Frame) -> bool:
        return False


class NazgulSearch(NazgulCard):
    def found(self, state: State, side: str, frame: Frame) -> bool:
        return hunt.reveal_by_card(state)


def free_character_table_cards(state: State) -> list[str]:
    return [c for c in seen(state, "table", FREE) if CARD_TEXTS[c].deck == "character"]


class NazgulStrike(NazgulCard):
    """Then the Shadow discards a Free Peoples Character card from the table, or makes a Hunt
    roll as if the Fellowship had just moved."""

    def found(self, state: State, side: str, frame: Frame) -> bool:
        options = [(Action("choose", ("hunt",)), tr("Roll the Hunt as if the Fellowship had moved"))]
        options += [
            (Action("discard", (c,)), tr("Discard {card} from the table", card=card(c)))
            for c in free_character_table_cards(state)
        ]
        if len(options) == 1:
            return hunt.start(state)
        return ask(
            frame,
            side,
            "strike",
            options,
            tr("the Nazgûl find the Fellowship"),
            tr(
                "A Nazgûl is in the Fellowship's region: discard a Free Peoples Character card from the "
                "table, or roll the Hunt as if the Fellowship had just moved?"
            ),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        if action.verb == "discard":
            discard_from_table(state, FREE, action.args[0])
            emit(state, "table_card_discarded", {"side": FREE, "card": action.args[0], "why": self.card})
            return False
        return hunt.start(state)


class CruelWeather(EventCard):
    """The Shadow moves the Ring-bearers' figure to an adjacent region (our reading: Progress
    unchanged, no Hunt)."""

    def can_play(self, state: State, side: str) -> bool:
        return progress_at_least_one(state, side) and state["fellowship"]["region"] is not None

    def start(self, state: State, side: str, frame: Frame) -> bool:
        here = state["fellowship"]["region"]
        options = [
            (Action("to", (r,)), tr("Into {region}", region=region(r))) for r in REGIONS[here].neighbours
        ]
        return ask(
            frame,
            side,
            "weather",
            options,
            tr("where the weather drives the Fellowship"),
            tr("Move the Fellowship from {region} to an adjacent region.", region=region(here)),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        fs = state["fellowship"]
        old, fs["region"] = fs["region"], action.args[0]
        emit(state, "fellowship_driven", {"from": old, "region": action.args[0]})
        return False


class PalantirOfOrthanc(EventCard):
    """A table card: the draws it gives are in :mod:`.after_play`, its discard in :mod:`.table`."""

    def can_play(self, state: State, side: str) -> bool:
        return "saruman" in state["characters"]

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return False


CARDS: tuple[EventCard, ...] = (
    IWillGoAlone("fpc_11", extra=1),
    ChallengeOfTheKing("fpc_14"),
    TakeFlight("fpc_15", level=4, into_siege=True),
    TakeFlight("fpc_16", extra=2, into_siege=True),
    ThereAndBackAgain("fpc_17", extra=1),
    NazgulSearch("shc_09"),
    CruelWeather("shc_10"),
    NazgulStrike("shc_11"),
    PalantirOfOrthanc("shc_21"),
)
