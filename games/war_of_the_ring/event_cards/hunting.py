"""The Events of the Hunt, Corruption and the Fellowship (issue 19): the special Hunt tiles put in
play, the cards that draw a Hunt tile (Orc Patrol and its kin), corruption and healing by dice,
the Companions lost to the Ring, and the table cards whose effect :mod:`..hunt` applies.

Tiles drawn by a card go through :func:`..hunt.draw_tile` (the Wizard's Staff and Mithril Coat
may answer them, the damage is taken as in the Hunt); dice are rolled through
:mod:`games.core.chance` with names of their own (``athelas_die``, ``candles_die``).
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.chance import draw, roll
from games.core.flow import Frame, barrier

from .. import dice, hunt, hunt_cards
from ..board import besieged, controller
from ..data import CHARACTERS, FREE, NATIONS, REGIONS, SHADOW, SPECIAL_TILES, TILES
from ..fellowship import advance, corrupt, heal, hide, on_mordor_track, settle_guide
from ..i18n import mark
from ..options import DIE_AWARE, revision
from ..politics import companion_arrives
from .base import EventCard, ask
from .builders import Simple, data
from .words import character, face, ntr, tr

#: The special tile each card puts in play.
TILE_OF = {tile.card: tile.id for tile in SPECIAL_TILES.values()}


class SpecialTile(EventCard):
    """Put the card's special Hunt tile in play: it waits beside the pool until the Fellowship
    enters the Mordor Track (:func:`..fellowship.enter_mordor`), or joins the pool at once there."""

    def start(self, state: State, side: str, frame: Frame) -> bool:
        tile, tiles = TILE_OF[self.card], state["hunt"]
        if on_mordor_track(state):
            tiles["pool"] = sorted([*tiles["pool"], tile])
        else:
            tiles["waiting"].append(tile)
        emit(state, "special_tile_in_play", {"side": side, "tile": tile, "pool": on_mordor_track(state)})
        return False


class TableCard(EventCard):
    """A table card whose effect :mod:`..hunt` applies while it lies there (:mod:`..hunt_cards`)."""

    def can_play(self, state: State, side: str) -> bool:
        return self.card not in hunt_cards.NEEDS or hunt_cards.companions_present(state, self.card)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return False


# -- conditions ---------------------------------------------------------------------------------
def away_from_free_settlements(state: State, side: str) -> bool:
    """The Ring-bearers are not in a region with a Free Peoples Settlement (our ruling: one the
    Shadow captured still counts; on the Mordor Track there is none)."""
    region = state["fellowship"]["region"]
    if region is None:
        return True
    info = REGIONS[region]
    return not (info.is_settlement and info.nation is not None and NATIONS[info.nation].side == FREE)


def revealed(state: State, side: str) -> bool:
    return bool(state["fellowship"]["revealed"])


def tiles_left(state: State) -> bool:
    """A tile can be drawn: the pool, or the standard tiles drawn that would refill it."""
    tiles = state["hunt"]
    return bool(tiles["pool"]) or any(
        TILES[t].side is None and t not in tiles["removed"] for t in tiles["drawn"]
    )


# -- Orc Patrol, Isildur's Bane, Foul Thing from the Deep ----------------------------------------
class DrawTile(EventCard):
    """Draw a Hunt tile: an Eye or a Free Peoples special tile has no effect, any other is a
    successful Hunt (with the card's own ``rules``, see :data:`..hunt.Rules`)."""

    def __init__(self, card: str, **rules: bool) -> None:
        super().__init__(card)
        self.rules = {"patrol": True, **rules}

    def can_play(self, state: State, side: str) -> bool:
        return away_from_free_settlements(state, side) and tiles_left(state)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        return hunt.draw_tile(state, self.card, eye=0, rules=dict(self.rules))


# -- dice: Athelas, Candles of Corpses -------------------------------------------------------------
def roll_three(state: State, card: str, name: str) -> list[int]:
    rolled = [roll(state, name) for _ in range(3)]
    emit(state, "card_dice_rolled", {"card": card, "dice": rolled})
    return rolled


def _athelas(state: State, side: str) -> None:
    """Heal 1 per 5 or 6 of three dice (per 3 or more with Strider as Guide)."""
    least = 3 if state["fellowship"]["guide"] == "strider" else 5
    heal(state, sum(1 for v in roll_three(state, "fpc_09", "athelas_die") if v >= least), "fpc_09")


def _candles(state: State, side: str) -> None:
    """1 Corruption per 4, 5 or 6 of three dice (only per 6 with Gollum as Guide)."""
    least = 6 if state["fellowship"]["guide"] == "gollum" else 4
    corrupt(state, sum(1 for v in roll_three(state, "shc_08", "candles_die") if v >= least), "shc_08")


# -- Mirror of Galadriel, The Lidless Eye, Morgul Wound -------------------------------------------
def _in_lorien(state: State) -> bool:
    return state["fellowship"]["region"] == "lorien" and controller(state, "lorien") != SHADOW


class MirrorOfGaladriel(EventCard):
    """An unused Character die becomes a Will of the West; in unconquered Lórien, heal 1 as well.

    From rules revision 3 the card is offered only with a die that leaves a Character die unused
    (another Character die, or an Event die or a Will of the West beside one): its whole Event as
    printed. Before, it was offered whenever some die could do that, or the Ring-bearers could
    heal in Lórien, and with any die that plays it: the last Character die turned nothing."""

    card = "fpc_13"
    die_need = mark("it turns another unused Character die into a Will of the West")

    def can_play(self, state: State, side: str) -> bool:
        rolled = dice.unused(state, FREE)
        if revision(state) >= DIE_AWARE:
            return "character" in rolled  # which die plays it: :meth:`die_allows`
        characters = rolled.count("character")
        die_left = characters >= 2 or (characters == 1 and ("event" in rolled or "will" in rolled))
        return die_left or (_in_lorien(state) and state["fellowship"]["corruption"] > 0)

    def die_allows(self, state: State, side: str, face: str | None) -> bool:
        rest = list(dice.unused(state, FREE))
        if face is not None:
            rest.remove(face)
        return "character" in rest

    def start(self, state: State, side: str, frame: Frame) -> bool:
        rolled = dice.unused(state, FREE)
        if "character" in rolled:
            rolled[rolled.index("character")] = "will"
            emit(state, "die_changed", {"side": FREE, "face": "character", "new": "will", "card": self.card})
        if _in_lorien(state):
            heal(state, 1, self.card)
        return False


def _morgul_wound(state: State, side: str) -> None:
    corrupt(state, 2 if state["fellowship"]["corruption"] <= 3 else 1, "shc_12")


class LidlessEye(EventCard):
    """Up to three unused Shadow dice become Eyes in the Hunt Box, one at a time (``eye <face>``,
    then ``done``)."""

    card = "shc_18"
    MOST = 3

    def can_play(self, state: State, side: str) -> bool:
        return len(dice.unused(state, SHADOW)) >= 2  # one plays the card, one at least is left

    def start(self, state: State, side: str, frame: Frame) -> bool:
        data(frame)["faces"] = []
        return self._ask(state, frame)

    def _ask(self, state: State, frame: Frame) -> bool:
        faces = data(frame)["faces"]
        unused = dice.unused(state, SHADOW)
        if len(faces) >= self.MOST or not unused:
            return self._done(state, frame)
        options: list[tuple[Action, str]] = [
            (Action("eye", (f,)), tr("Turn {face} into an Eye", face=face(f))) for f in sorted(set(unused))
        ]
        if faces:
            options.append((Action("done"), tr("Done")))
        elif len(options) == 1:  # the first Eye, and one face to take it from: nothing to choose
            return self.choose(state, SHADOW, frame, options[0][0])
        left = self.MOST - len(faces)
        return ask(
            frame,
            SHADOW,
            "eye",
            options,
            tr("the Hunt Box"),
            ntr(
                "Turn an unused die into an Eye ({count} at most).",
                "Turn an unused die into an Eye ({count} at most).",
                left,
            ),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        if action.verb == "done":
            return self._done(state, frame)
        dice.unused(state, SHADOW).remove(action.args[0])
        state["hunt_box"]["shadow"] += 1
        data(frame)["faces"].append(action.args[0])
        return self._ask(state, frame)

    def _done(self, state: State, frame: Frame) -> bool:
        emit(state, "eyes_added", {"faces": data(frame)["faces"]})
        return False


# -- There is Another Way ------------------------------------------------------------------------
class AnotherWay(EventCard):
    """Heal 1; with Gollum as Guide the Free Peoples may also hide the Fellowship or move it (a
    move with its Hunt; no die goes to the Hunt Box for it)."""

    card = "fpc_10"

    def start(self, state: State, side: str, frame: Frame) -> bool:
        heal(state, 1, self.card)
        fs = state["fellowship"]
        if fs["guide"] != "gollum" or state["result"] is not None:
            return False
        move = (Action("gollum", ("move",)), tr("Move the Fellowship (then the Hunt)"))
        hide = (Action("gollum", ("hide",)), tr("Hide the Fellowship"))
        options = [hide if fs["revealed"] else move, (Action("decline"), tr("Neither"))]
        return ask(
            frame,
            FREE,
            "gollum",
            options,
            tr("Gollum leads"),
            tr("Gollum guides: you may also move or hide the Fellowship."),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        if action.args == ("hide",):
            hide(state)
        elif action.args == ("move",):
            advance(state)
            return hunt.start(state)
        return False


# -- Lure of the Ring, The Breaking of the Fellowship ----------------------------------------------
def eliminate(state: State, companion: str, why: str) -> None:
    """A Companion of the Fellowship is eliminated by a card."""
    state["fellowship"]["companions"].remove(companion)
    state["eliminated"].append(companion)
    emit(state, "companion_lost", {"companion": companion, "why": why})
    settle_guide(state)


class LureOfTheRing(EventCard):
    """A random Companion of the Fellowship: eliminated, or Corruption of his Level (the Free
    Peoples choose); with Gollum as Guide, 1 Corruption instead."""

    card = "shc_13"

    def can_play(self, state: State, side: str) -> bool:
        return revealed(state, side)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        companions = state["fellowship"]["companions"]
        if not companions:
            corrupt(state, 1, self.card)
            return False
        barrier(state)
        drawn = draw(state, "lure_companion", list(companions))
        data(frame)["companion"] = drawn
        emit(state, "companion_drawn", {"companion": drawn, "card": self.card})
        level = CHARACTERS[drawn].level or 0
        name = character(drawn)
        options = [
            (Action("casualty", (drawn,)), tr("{companion} is eliminated", companion=name)),
            (
                Action("corruption", (str(level),)),
                ntr("Take {count} Corruption", "Take {count} Corruption", level),
            ),
        ]
        return ask(
            frame,
            FREE,
            "lure",
            options,
            name,
            ntr(
                "The Ring lures {companion}: lose him, or take {count} Corruption.",
                "The Ring lures {companion}: lose him, or take {count} Corruption.",
                level,
                companion=name,
            ),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        if action.verb == "corruption":
            corrupt(state, int(action.args[0]), self.card)
            return False
        eliminate(state, action.args[0], self.card)
        return hunt.offer_worn(state)


class BreakingOfTheFellowship(EventCard):
    """Draw a Hunt tile: an Eye or a Free Peoples special tile has no effect; else the Free
    Peoples separate as many Companions as its number into the Fellowship's region (on the Mordor
    Track they are eliminated). With Gollum as Guide, 1 Corruption instead."""

    card = "shc_14"

    def can_play(self, state: State, side: str) -> bool:
        return revealed(state, side) and (not state["fellowship"]["companions"] or tiles_left(state))

    def start(self, state: State, side: str, frame: Frame) -> bool:
        fs = state["fellowship"]
        if not fs["companions"]:
            corrupt(state, 1, self.card)
            return False
        if not hunt.refilled(state):
            return False
        tile = hunt.pick(state)
        if hunt.no_effect(tile):
            emit(state, "hunt_tile_ignored", {"tile": tile, "why": self.card})
            return False
        value = TILES[tile].value
        count = roll(state, "shelob_die") if value == "die" else int(value)
        emit(state, "hunt_tile", {"tile": tile, "damage": count, "why": self.card})
        data(frame)["left"] = count
        return self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> bool:
        companions = state["fellowship"]["companions"]
        left = data(frame)["left"]
        if left <= 0 or not companions:
            return False
        if left >= len(companions):
            for companion in list(companions):
                self._separate(state, companion)
            return False
        options = [
            (Action("companion", (c,)), tr("{companion} leaves", companion=character(c))) for c in companions
        ]
        return ask(
            frame,
            FREE,
            "separate",
            options,
            tr("the Fellowship breaks"),
            ntr("Separate a Companion ({count} to go).", "Separate a Companion ({count} to go).", left),
        )

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        self._separate(state, action.args[0])
        data(frame)["left"] -= 1
        return self._next(state, frame)

    def _separate(self, state: State, companion: str) -> None:
        fs = state["fellowship"]
        if on_mordor_track(state):
            eliminate(state, companion, self.card)
            return
        region = fs["region"]
        inside = (
            REGIONS[region].is_stronghold and besieged(state, region) and controller(state, region) == FREE
        )
        fs["companions"].remove(companion)
        state["characters"][companion] = {"region": region, "inside": inside}
        emit(state, "companion_separated", {"companion": companion, "region": region})
        settle_guide(state)
        companion_arrives(state, companion, region)


CARDS: tuple[EventCard, ...] = (
    *(SpecialTile(card) for card in ("fpc_01", "fpc_02", "fpc_03", "fpc_04")),
    *(TableCard(card) for card in ("fpc_05", "fpc_06", "fpc_07", "fpc_08")),
    Simple("fpc_09", _athelas),
    AnotherWay(),
    MirrorOfGaladriel(),
    *(SpecialTile(card) for card in ("shc_01", "shc_02", "shc_03", "shc_04")),
    DrawTile("shc_05"),
    DrawTile("shc_06", unreducible=True),
    DrawTile("shc_07", random_first=True),
    Simple("shc_08", _candles, away_from_free_settlements),
    Simple("shc_12", _morgul_wound, revealed),
    LureOfTheRing(),
    BreakingOfTheFellowship(),
    *(TableCard(card) for card in ("shc_15", "shc_16", "shc_17")),
    LidlessEye(),
)
