"""The Events of the Twilight of the Third Age cards (§2.3, D33-D34), behind the switch ``cards``
(the set-up puts them in the decks only then): Rangers of the North, Three Rings for the Elven
Kings, Wind from the West, Captain of Despair, The Gates are Closed, Deep Trenches and Great
Engines and Shadow of Dol Guldur. Threats to the Fiefs of the South and the replacements belong
to the parts they need (the Corsairs, the Dunlendings, the Balrog).

The lasting effects of the two table cards are in :mod:`..tta_card_rules`; the Free Peoples'
discard of The Gates are Closed in :mod:`.tta_table`; the Combat halves in :mod:`..tta_combat`.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame

from ..battle_actions import card_attack, choices
from ..board import besieger, controller, free_for, room, units
from ..card_piles import discard_from_table, seen
from ..data import CHARACTERS, FREE, NEIGHBOURS, REGIONS, SHADOW
from ..i18n import mark
from ..recruit import card_target
from ..tta.content import ENGINES_PER_REGION
from ..tta.state import engine_pool, engines_at, part
from ..tta_card_rules import (
    CAPTAIN_OF_DESPAIR,
    DEEP_TRENCHES,
    GATES_ARE_CLOSED,
    RANGERS_OF_THE_NORTH,
    SHADOW_OF_DOL_GULDUR,
    THREE_RINGS,
    WIND_FROM_THE_WEST,
    despair_possible,
)
from .base import EventCard, ask
from .builders import Simple, always
from .marching import (
    Staged,
    after_strike,
    land,
    may_move,
    move_from,
    recruit_here,
    region_choices,
    roll_dice,
    shadow_armies,
    strike,
    wait,
    where_army,
)
from .words import card as card_words
from .words import figures, tr
from .words import region as region_words

NORTH = frozenset(r for r, info in REGIONS.items() if info.nation == "north")
#: D34: "bordering the North Nation" = a region of another Nation (or none) next to a North region.
NORTH_BORDER = frozenset(r for r in REGIONS if r not in NORTH and NEIGHBOURS[r] & NORTH)
DOL_GULDUR = "dol_guldur"
#: A Nazgûl leads with 1; the Witch-king with his Leadership (D34).
MAX_RECRUITS = 5


# -- fps_25 Rangers of the North -----------------------------------------------------------------
class RangersOfTheNorth(Staged):
    """3 dice (5+) on a Shadow Army in or next to the North, then 1 North unit and 1 North Leader
    in a free North region next to the attacked region (D34: North need not be At War)."""

    card = RANGERS_OF_THE_NORTH

    def targets(self, state: State) -> list[str]:
        return [r for r in shadow_armies(state) if r in NORTH or r in NORTH_BORDER]

    def recruit_sites(self, state: State, region: str) -> list[str]:
        return sorted(r for r in NEIGHBOURS[region] & NORTH if free_for(state, r, FREE))

    def recruit_options(self, state: State, region: str) -> list[tuple[Action, str]]:
        pool = state["reinforcements"]["north"]
        kinds = [k for k in ("regular", "elite") if pool.get(k, 0)]
        leader = bool(pool.get("leader", 0))
        options: list[tuple[Action, str]] = []
        for site in self.recruit_sites(state, region):
            for kind in kinds:
                unit, where = figures("north", kind, 1), region_words(site)
                if leader:
                    words = tr("{figures} and a North Leader in {region}", figures=unit, region=where)
                else:
                    words = tr("{figures} in {region}", figures=unit, region=where)
                options.append((Action("place", (site, kind)), words))
            if not kinds and pool.get("leader", 0) and units(state, site, FREE):
                options.append(
                    (
                        Action("place", (site, "leader")),
                        tr("A North Leader in {region}", region=region_words(site)),
                    )
                )
        return options

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.targets(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            found = self.targets(state)
            if len(found) > 1:
                options = region_choices("army", found, mark("Strike the Shadow Army in {region}"))
                return ask(
                    frame,
                    side,
                    "army",
                    options,
                    tr("the Army"),
                    tr("Which Shadow Army do the Rangers strike?"),
                )
            stage, value = "army", Action("army", (found[0],))
        if stage == "army":
            data["region"] = value.args[0]
            if strike(state, self.card, value.args[0], SHADOW, 3, 5):
                return wait(frame, "struck")
            stage = "struck"
        if stage == "struck":
            after_strike(state, data["region"], SHADOW)
            options = self.recruit_options(state, data["region"])
            if len(options) > 1:
                return ask(
                    frame, side, "unit", options, tr("the recruits"), tr("Where do the Rangers muster?")
                )
            if not options:
                return False
            stage, value = "unit", options[0][0]
        if stage == "unit":
            site, kind = value.args
            data["site"] = site
            figures = {kind: 1} if kind == "leader" else {kind: 1, "leader": 1}
            if recruit_here(state, FREE, site, {"north": figures}):
                return wait(frame, "landed")
            return False
        if stage == "landed":
            land(state, FREE, data["site"], value or {}, {})
        return False


# -- fpc_25 Three Rings for the Elven Kings ------------------------------------------------------
#: The Elven Rings of the game.
RINGS = 3


def rings_out(state: State) -> int:
    """Elven Rings out of play (used by the Shadow and discarded)."""
    held = state["rings"]
    return max(0, RINGS - int(held[FREE]) - int(held[SHADOW]))


def _rings_to_take(state: State, side: str) -> bool:
    return rings_out(state) > 0 or state["rings"][SHADOW] > 0


def _three_rings(state: State, side: str) -> None:
    """3 dice; each 4+ takes back a used Ring: first one out of play, then one the Shadow holds
    (D34: they return to the Free Peoples Ring side up)."""
    dice = roll_dice(state, THREE_RINGS, 3)
    successes = sum(1 for d in dice if d >= 4)
    from_out = from_shadow = 0
    held = state["rings"]
    for _ in range(successes):
        if rings_out(state):
            from_out += 1
        elif held[SHADOW]:
            held[SHADOW] -= 1
            from_shadow += 1
        else:
            break
        held[FREE] += 1
    emit(state, "rings_taken_back", {"dice": dice, "out": from_out, "shadow": from_shadow})


# -- fpc_26 Wind from the West --------------------------------------------------------------------
class WindFromTheWest(Staged):
    """Discard a Shadow table card; with none, look at the Shadow's hand and discard one of it.
    The hand is shown to the Free Peoples alone (a private event and their own question); the
    table sees only that a card was discarded (D34: "one Shadow player" = the Shadow)."""

    card = WIND_FROM_THE_WEST

    def can_play(self, state: State, side: str) -> bool:
        return bool(seen(state, "table", SHADOW)) or bool(state["hands"][SHADOW])

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        table = sorted(seen(state, "table", SHADOW))
        if stage == "start" and table:
            if len(table) == 1:
                return self.next(state, side, frame, "table", Action("discard", (table[0],)))
            options = [
                (Action("discard", (c,)), tr("Discard {card} from the table", card=card_words(c)))
                for c in table
            ]
            return ask(
                frame, side, "table", options, tr("a table card"), tr("Which Shadow table card is discarded?")
            )
        if stage == "table":
            card = value.args[0]
            discard_from_table(state, SHADOW, card)
            emit(state, "table_card_discarded", {"side": SHADOW, "card": card, "why": self.card})
            return False
        if stage == "start":
            hand = sorted(state["hands"][SHADOW])
            emit(
                state,
                "hand_looked_at",
                {"side": FREE, "count": len(hand)},
                private={FREE: ("hand_seen", {"side": FREE, "cards": hand})},
            )
            if len(hand) == 1:  # its size is public: nothing to ask
                return self.next(state, side, frame, "hand", Action("discard", (hand[0],)))
            options = [
                (Action("discard", (c,)), tr("Discard the Shadow's {card}", card=card_words(c))) for c in hand
            ]
            return ask(
                frame,
                side,
                "hand",
                options,
                tr("the Shadow's hand"),
                tr("Which card of the Shadow's hand is discarded?"),
            )
        if stage == "hand":
            card = value.args[0]
            state["hands"][SHADOW].remove(card)
            state["discards"][SHADOW].append(card)
            told = ("wind_discard_seen", {"card": card})
            emit(state, "wind_discard", {}, private={FREE: told, SHADOW: told})
        return False


# -- shc_25 Captain of Despair, shc_26 The Gates are Closed: their effects last on the table --------
def _on_the_table(state: State, side: str) -> None:
    """The whole effect lasts on the table (:mod:`..tta_card_rules`)."""


def _despair_condition(state: State, side: str) -> bool:
    return despair_possible(state)


# -- shs_25 Deep Trenches and Great Engines ------------------------------------------------------
def trench_sites(state: State) -> list[str]:
    """Regions where a Shadow Army besieges a Stronghold the Free Peoples control."""
    return sorted(
        r for r in state["garrisons"] if controller(state, r) == FREE and besieger(state, r) == SHADOW
    )


def tower_sites(state: State) -> list[str]:
    if engine_pool(state, SHADOW) <= 0:
        return []
    return [r for r in trench_sites(state) if engines_at(state, r, SHADOW) < ENGINES_PER_REGION]


def trebuchet_sites(state: State) -> list[str]:
    return [r for r in trench_sites(state) if engines_at(state, r, FREE)]


class DeepTrenches(Staged):
    """Up to 2 Siege Towers, or up to 2 Trebuchets eliminated, in one or two besieged Free Peoples
    Strongholds (D34: the cap of 2 per region holds; Trebuchets go back to their pool). The
    Shadow chooses towers or Trebuchets (``choose towers|trebuchets``, asked only when both
    can be done), then each engine (``engine <region>``), and may stop after the first (``done``)."""

    card = DEEP_TRENCHES
    MOST = 2

    def can_play(self, state: State, side: str) -> bool:
        return "engines" in part(state) and bool(tower_sites(state) or trebuchet_sites(state))

    def sites(self, state: State, mode: str) -> list[str]:
        return tower_sites(state) if mode == "towers" else trebuchet_sites(state)

    def ask_engine(self, state: State, side: str, frame: Frame) -> bool:
        data = frame["data"]
        mode = data["mode"]
        found = self.sites(state, mode) if data["count"] < self.MOST else []
        if not found:
            return False
        if not data["count"] and len(found) == 1:  # the first engine, one place: nothing to ask
            return self.next(state, side, frame, "engine", Action("engine", (found[0],)))
        verb = (
            mark("Build a Siege Tower at {region}")
            if mode == "towers"
            else mark("Eliminate a Trebuchet at {region}")
        )
        options = region_choices("engine", found, verb)
        if data["count"]:
            options.append((Action("done"), tr("No more engines")))
        number = data["count"] + 1
        if mode == "towers":
            title = tr("Siege Tower {number} of 2", number=number)
        else:
            title = tr("Trebuchet {number} of 2", number=number)
        return ask(frame, side, "engine", options, title, tr("Where? (`engine <region>`)"))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            modes = [m for m in ("towers", "trebuchets") if self.sites(state, m)]
            if len(modes) > 1:
                options = [
                    (Action("choose", ("towers",)), tr("Build up to 2 Siege Towers")),
                    (Action("choose", ("trebuchets",)), tr("Eliminate up to 2 Trebuchets")),
                ]
                return ask(
                    frame,
                    side,
                    "mode",
                    options,
                    tr("towers or Trebuchets"),
                    tr("Build Siege Towers, or eliminate Trebuchets?"),
                )
            stage, value = "mode", Action("choose", (modes[0],))
        if stage == "mode":
            data.update(mode=value.args[0], count=0)
            return self.ask_engine(state, side, frame)
        if stage == "engine" and value.verb == "engine":
            region = value.args[0]
            placed = part(state)["engines"]
            if data["mode"] == "towers":
                placed[SHADOW][region] = placed[SHADOW].get(region, 0) + 1
                emit(state, "engine_placed", {"side": SHADOW, "region": region})
            else:
                placed[FREE][region] -= 1
                if not placed[FREE][region]:
                    del placed[FREE][region]
                emit(state, "engines_removed", {"side": FREE, "region": region, "count": 1})
            data["count"] += 1
            return self.ask_engine(state, side, frame)
        return False


# -- shs_26 Shadow of Dol Guldur ------------------------------------------------------------------
def nazgul_leadership_at(state: State, region: str) -> int:
    """D34: 1 per Nazgûl there, plus the Witch-king's Leadership if he is there; at most 5."""
    inside = where_army(state, region, SHADOW) is True
    table = state["garrisons"] if inside else state["armies"]
    found = int(table.get(region, {}).get("sauron", {}).get("leader", 0))
    witch_king = state["characters"].get("witch_king")
    if witch_king and witch_king["region"] == region:
        found += CHARACTERS["witch_king"].leadership
    return min(MAX_RECRUITS, found)


def nazgul_in(state: State, region: str) -> bool:
    """A Nazgûl figure or the Witch-king (a Nazgûl too) in ``region``, in the open or inside."""
    witch_king = state["characters"].get("witch_king")
    if witch_king and witch_king["region"] == region:
        return True
    return any(
        table.get(region, {}).get("sauron", {}).get("leader", 0)
        for table in (state["armies"], state["garrisons"])
    )


class ShadowOfDolGuldur(Staged):
    """Sauron Regulars in Dol Guldur as many as the Nazgûl Leadership there (at most 5, "within
    the stacking limit": only as many as there is room for, nothing asked, as the module's Rage of
    the Dunlendings), then that Army may move (one region) or attack, at no die cost (D34)."""

    card = SHADOW_OF_DOL_GULDUR
    TITLE = mark("Shadow of Dol Guldur: move the Army")

    def recruits(self, state: State) -> int:
        """The Regulars the card recruits now (0 where Dol Guldur is not free for the Shadow):
        the Nazgûl Leadership there, as many as reinforcements hold and the stacking limit
        leaves room for (inside a besieged Dol Guldur, 5 units)."""
        if card_target(state, SHADOW, DOL_GULDUR) is None:
            return 0
        pool = int(state["reinforcements"]["sauron"].get("regular", 0))
        inside = where_army(state, DOL_GULDUR, SHADOW) is True
        return min(nazgul_leadership_at(state, DOL_GULDUR), pool, room(state, DOL_GULDUR, SHADOW, inside))

    def options(self, state: State) -> list[tuple[Action, str]]:
        """Then: move the Army of Dol Guldur one region, or attack with it."""
        found: list[tuple[Action, str]] = []
        if may_move(state, SHADOW, 1, self.TITLE, only=[DOL_GULDUR]):
            found.append((Action("army", (DOL_GULDUR,)), tr("Move the Army of Dol Guldur")))
        found += [
            (a, tr("Attack {target}", target=region_words(a.args[1])))
            for a in choices(state, SHADOW, leader=False)
            if a.args[0] == DOL_GULDUR
        ]
        return found

    def can_play(self, state: State, side: str) -> bool:
        """A Nazgûl there, and something to do: Regulars to recruit or an Army to move or attack."""
        return nazgul_in(state, DOL_GULDUR) and bool(self.recruits(state) or self.options(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            n = self.recruits(state)
            if n and recruit_here(state, SHADOW, DOL_GULDUR, {"sauron": {"regular": n}}):
                return wait(frame, "landed")
            stage = "recruited"
        if stage == "landed":
            land(state, SHADOW, DOL_GULDUR, value or {}, {})
            stage = "recruited"
        if stage == "recruited":
            options = self.options(state)
            if not options:
                return False
            options.append((Action("done"), tr("Neither move nor attack")))
            return ask(
                frame, side, "then", options, tr("then"), tr("The Army of Dol Guldur may move or attack.")
            )
        if stage == "then" and value.verb == "army":
            move_from(state, SHADOW, DOL_GULDUR, 1, self.TITLE, only=[DOL_GULDUR])
            return wait(frame, "moved")
        if stage == "then" and value.verb == "attack":
            card_attack(state, SHADOW, value.args[0], value.args[1], {})
            return wait(frame, "fought")
        return False


CARDS: tuple[EventCard, ...] = (
    RangersOfTheNorth(),
    Simple(THREE_RINGS, _three_rings, _rings_to_take),
    WindFromTheWest(),
    Simple(CAPTAIN_OF_DESPAIR, _on_the_table, _despair_condition),
    Simple(GATES_ARE_CLOSED, _on_the_table, always),
    DeepTrenches(),
    ShadowOfDolGuldur(),
)
