"""The recruiting and politics Events of the four decks (issue 19): House of the Stewards and The
Grey Company (``fpc_23``, ``fpc_24``); Book of Mazarbul, Fear! Fire! Foes!, Wisdom of Elrond,
The Red Arrow and the Free Peoples' recruiting cards (``fps_04`` … ``fps_24``); Threats and
Promises, Stormcrow and the Shadow's recruiting cards (``shs_05`` … ``shs_24``); Wormtongue
(``shc_22``). Most are a :class:`.recruiting.Recruiting` in a few lines.

The lasting rules of the two table cards are checked where the rule they change is applied:
Threats and Promises in ``recruit.diplomacy_nations`` (and its discard in ``politics.advance``),
Wormtongue in ``politics.activate`` (discarded by ``event_cards.table`` once Rohan is active or
Saruman gone).
Our rulings are in ``docs/rules/war_of_the_ring.md`` ("Recruiting and politics cards").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, call

from .. import politics
from ..board import REGION_INDEX, add, eliminated, neighbours, remove, room, take_reinforcement, units
from ..characters import any_companion, companions_on_map
from ..data import FREE, NATIONS_OF, REGIONS, SHADOW
from ..fellowship import on_mordor_track
from ..i18n import english, mark
from ..occupation import arrive, capture, lone_leaders
from ..politics import at_war
from ..recruit import card_target
from ..roles import nation_adjective
from .base import EventCard, ask, stage
from .builders import Condition, OneChoice, Simple, data, draw_cards, hand_limit
from .recruiting import Figures, Recruiting, Regions, at, companions_in, group, leader, regulars, unit
from .words import Said, figures, tr
from .words import nation as nation_words
from .words import region as region_words

# -- where --------------------------------------------------------------------------------------
#: The coastal regions (Twilight of the Third Age FAQ; the base rules list none), south to north.
COASTAL = (
    "umbar",
    "west_harondor",
    "pelargir",
    "lamedon",
    "dol_amroth",
    "anfalas",
    "andrast",
    "druwaith_iaur",
    "enedwaith",
    "minhiriath",
    "south_ered_luin",
    "harlindon",
    "grey_havens",
    "forlindon",
)
#: Southron & Easterling regions on the eastern edge of the map (Horde from the East).
EASTERN_EDGE = ("east_rhun", "south_rhun", "khand", "far_harad")
DUNLANDS = ("north_dunland", "south_dunland")
ROHAN_REGIONS = tuple(r for r, info in REGIONS.items() if info.nation == "rohan")
ROHAN_SETTLEMENTS = tuple(r for r in ROHAN_REGIONS if REGIONS[r].is_settlement)
SOUTHRON_SETTLEMENTS = tuple(r for r, i in REGIONS.items() if i.nation == "southrons" and i.is_settlement)
SAURON_STRONGHOLDS = tuple(r for r, i in REGIONS.items() if i.nation == "sauron" and i.is_stronghold)
BESIDE_DUNLAND = tuple(r for r in REGIONS if any(r in neighbours(d) for d in DUNLANDS))


def _has_units(state: State, region: str, side: str) -> bool:
    return bool(units(state, region, side) or units(state, region, side, inside=True))


def _armies_of(side: str) -> Regions:
    def regions(state: State, who: str) -> Iterable[str]:
        held = {*state["armies"], *state["garrisons"]}
        return (r for r in held if _has_units(state, r, side))

    return regions


def _coastal_with_army(state: State, side: str) -> Iterable[str]:
    return (r for r in COASTAL if _has_units(state, r, FREE))


def _riders(state: State, side: str) -> Iterable[str]:
    return ("edoras", *(r for r in ROHAN_REGIONS if companions_in(state, r)))


def _where(character: str) -> Regions:
    def regions(state: State, side: str) -> Iterable[str]:
        where = state["characters"].get(character)
        return (where["region"],) if where else ()

    return regions


# -- conditions ---------------------------------------------------------------------------------
def _in_play(character: str) -> Condition:
    return lambda state, side: character in state["characters"]


def _war(nation: str) -> Condition:
    return lambda state, side: at_war(state, nation)


def _all_shadow_at_war(state: State, side: str) -> bool:
    return all(at_war(state, n) for n in NATIONS_OF[SHADOW])


def _boromir_in_gondor(state: State, side: str) -> bool:
    where = state["characters"].get("boromir")
    return where is not None and REGIONS[where["region"]].nation == "gondor"


# -- the Red Arrow, the Witch-king's return ------------------------------------------------------
def _rohan_advances(state: State, side: str) -> None:
    politics.advance(state, "rohan", "fps_09")


def _rohan_may_advance(state: State, side: str) -> bool:
    return politics.can_advance(state, "rohan")


def _witch_king_to_angmar(state: State, side: str) -> None:
    if state["characters"]["witch_king"] != {"region": "angmar", "inside": False}:
        state["characters"]["witch_king"] = {"region": "angmar", "inside": False}
        emit(state, "character_placed", {"character": "witch_king", "region": "angmar", "card": "shs_12"})


def _witch_king_away(state: State, side: str) -> bool:
    return bool(state["characters"]["witch_king"]["region"] != "angmar")


# -- Wisdom of Elrond ---------------------------------------------------------------------------
def _elrond_options(state: State, side: str) -> list[tuple[Action, str]]:
    """The Nations the card changes: those it may rouse (Wormtongue keeps Rohan passive) or move."""
    found: list[tuple[Action, str]] = []
    for n in NATIONS_OF[FREE]:
        rousable = not politics.active(state, n) and not (
            n == "rohan" and politics.wormtongue_bars(state, "fps_08")
        )
        if rousable:
            found.append(
                (
                    Action("advance", (n,)),
                    tr("{nation}: roused and one step toward war", nation=nation_words(n)),
                )
            )
        elif politics.can_advance(state, n):
            found.append(
                (Action("advance", (n,)), tr("{nation}: one step toward war", nation=nation_words(n)))
            )
    return found


def _elrond(state: State, side: str, action: Action) -> None:
    nation = action.args[0]
    politics.activate(state, nation, "fps_08")
    politics.advance(state, nation, "fps_08")


# -- the Grey Company ---------------------------------------------------------------------------
def _heir(state: State) -> tuple[str, bool] | None:
    """Where Strider (or Aragorn) stands with a Free Peoples Army: (region, inside)."""
    for who in ("strider", "aragorn"):
        where = state["characters"].get(who)
        if where and units(state, where["region"], FREE, bool(where.get("inside"))):
            return where["region"], bool(where.get("inside"))
    return None


def _promotable(state: State, region: str, inside: bool) -> list[str]:
    """Nations with a Regular there and an Elite in reinforcements."""
    figures = (state["garrisons"] if inside else state["armies"]).get(region, {})
    return [
        n
        for n in NATIONS_OF[FREE]
        if figures.get(n, {}).get("regular") and state["reinforcements"][n].get("elite", 0)
    ]


def promote(state: State, side: str, region: str, nation: str, inside: bool, card: str) -> None:
    """A Regular there is replaced by an Elite of his Nation (the Regular back to reinforcements)."""
    remove(state, region, nation, "regular", 1, inside)
    pool = state["reinforcements"][nation]
    pool["regular"] = pool.get("regular", 0) + 1
    add(state, region, nation, "elite", take_reinforcement(state, nation, "elite"), inside)
    emit(state, "card_promoted", {"side": side, "region": region, "nation": nation, "count": 1, "card": card})


class GreyCompany(EventCard):
    """In Strider's/Aragorn's Army a Regular becomes an Elite of his Nation; draw 2 Strategy cards."""

    card = "fpc_24"

    def can_play(self, state: State, side: str) -> bool:
        return _heir(state) is not None

    def start(self, state: State, side: str, frame: Frame) -> bool:
        found = _heir(state)
        assert found is not None
        region, inside = found
        nations = _promotable(state, region, inside)
        if len(nations) > 1:
            words = [(Action("remove", (n, "regular", "1")), _promote_words(n, region)) for n in nations]
            return ask(
                frame,
                side,
                "nation",
                words,
                tr("which Regular?"),
                tr("Choose the Regular who becomes an Elite."),
            )
        if nations:
            promote(state, side, region, nations[0], inside, self.card)
        return self._draw(state, side, frame)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        found = _heir(state)
        assert found is not None
        promote(state, side, found[0], action.args[0], found[1], self.card)
        return self._draw(state, side, frame)

    def _draw(self, state: State, side: str, frame: Frame) -> bool:
        draw_cards(state, side, "strategy", 2)
        return hand_limit(state, side)


def _promote_words(nation: str, region: str) -> str:
    return tr(
        "{figures} in {region} becomes an Elite",
        figures=figures(nation, "regular", 1),
        region=region_words(region),
    )


# -- Hill-trolls --------------------------------------------------------------------------------
def _sauron_regulars(state: State) -> list[tuple[str, bool]]:
    """Where Sauron Regulars stand (in the open or inside a Stronghold), in board order."""
    found = [
        (r, inside)
        for inside, table in ((False, state["armies"]), (True, state["garrisons"]))
        for r, nations in table.items()
        if nations.get("sauron", {}).get("regular")
    ]
    return sorted(found, key=lambda place: REGION_INDEX[place[0]])


class HillTrolls(EventCard):
    """Two Sauron Regulars anywhere become Elites (``place <region> elite`` for each)."""

    card = "shs_15"

    def can_play(self, state: State, side: str) -> bool:
        return (
            at_war(state, "sauron")
            and bool(_sauron_regulars(state))
            and bool(state["reinforcements"]["sauron"].get("elite", 0))
        )

    def start(self, state: State, side: str, frame: Frame) -> bool:
        data(frame)["left"] = 2
        return self._next(state, side, frame)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        region = action.args[0]
        inside = region in state["garrisons"] and "sauron" in state["garrisons"][region]
        self._promote(state, side, frame, region, inside)
        return self._next(state, side, frame)

    def _promote(self, state: State, side: str, frame: Frame, region: str, inside: bool) -> None:
        remove(state, region, "sauron", "regular", 1, inside)
        eliminated(state, "sauron", "regular")
        add(state, region, "sauron", "elite", take_reinforcement(state, "sauron", "elite"), inside)
        emit(
            state,
            "card_promoted",
            {"side": side, "region": region, "nation": "sauron", "count": 1, "card": self.card},
        )
        data(frame)["left"] -= 1

    def _next(self, state: State, side: str, frame: Frame) -> bool:
        while data(frame)["left"] and state["reinforcements"]["sauron"].get("elite", 0):
            where = _sauron_regulars(state)
            if not where:
                return False
            if len(where) > 1:
                options = [
                    (
                        Action("place", (r, "elite")),
                        tr("A Sauron Regular in {region} becomes an Elite", region=region_words(r)),
                    )
                    for r, _ in where
                ]
                return ask(
                    frame,
                    side,
                    "region",
                    options,
                    tr("which Regular?"),
                    tr("Choose a Sauron Regular to replace."),
                )
            self._promote(state, side, frame, *where[0])
        return False


# -- Book of Mazarbul, Fear! Fire! Foes! ---------------------------------------------------------
#: The frame of the procedure ``companions`` before any Companion moved.
NO_MOVE_YET: dict[str, list[str]] = {"moved": [], "group": []}


class CompanionsRouse(EventCard):
    """Move any Companions on the map (normal movement), then a Companion in one of ``regions``
    puts ``nation`` At War (activated first)."""

    def __init__(self, card: str, regions: tuple[str, ...], nation: str) -> None:
        super().__init__(card)
        self.regions, self.nation = regions, nation

    def _rouses(self, state: State) -> bool:
        return not at_war(state, self.nation) and any(
            state["characters"][c]["region"] in self.regions for c in companions_on_map(state)
        )

    def can_play(self, state: State, side: str) -> bool:
        return any_companion(state, NO_MOVE_YET) or self._rouses(state)

    def start(self, state: State, side: str, frame: Frame) -> bool:
        if any_companion(state, NO_MOVE_YET):
            call(state, "companions", moved=[], group=[])
            return True
        return self.resume(state, side, frame, None)

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        if self._rouses(state):
            politics.activate(state, self.nation, self.card)
            state["politics"][self.nation]["steps"] = 0
            emit(state, "nation_advanced", {"nation": self.nation, "why": self.card, "steps": 0})
        return False


# -- Stormcrow ----------------------------------------------------------------------------------
#: The farthest step of the Political Track from At War.
FARTHEST = 3


def _stormcrow_nations(state: State) -> list[str]:
    places = {state["characters"][c]["region"] for c in companions_on_map(state)}
    if not on_mordor_track(state):
        places.add(state["fellowship"]["region"])
    found = {REGIONS[r].nation for r in places}
    return [n for n in NATIONS_OF[FREE] if n in found and not at_war(state, n)]


def _figures_of(state: State, nation: str) -> list[tuple[str, bool]]:
    return [
        (r, inside)
        for r in REGIONS
        for inside in (False, True)
        if any((state["garrisons"] if inside else state["armies"]).get(r, {}).get(nation, {}).values())
    ]


class Stormcrow(EventCard):
    """A Nation where the Ring-bearers or a Companion stand, not At War, moves one step back; the
    Free Peoples lose one of its figures of their choice (``army <region>``, then
    ``remove <nation> <kind> 1``)."""

    card = "shs_06"

    def can_play(self, state: State, side: str) -> bool:
        return bool(_stormcrow_nations(state))

    def start(self, state: State, side: str, frame: Frame) -> bool:
        nations = _stormcrow_nations(state)
        if len(nations) > 1:
            options = [
                (Action("advance", (n,)), tr("{nation}: one step away from war", nation=nation_words(n)))
                for n in nations
            ]
            return ask(
                frame,
                side,
                "nation",
                options,
                tr("which Nation?"),
                tr("Choose the Nation that moves away from war."),
            )
        return self._set_back(state, frame, nations[0])

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        asked = stage(frame)
        if asked == "nation":
            return self._set_back(state, frame, action.args[0])
        notes = data(frame)
        if asked == "army":
            notes["region"] = action.args[0]
            return self._ask_kind(state, frame)
        self._lose(state, notes["nation"], action.args[1], notes["region"])
        return False

    def _set_back(self, state: State, frame: Frame, nation: str) -> bool:
        track = state["politics"][nation]
        if track["steps"] < FARTHEST:
            track["steps"] += 1
            emit(state, "nation_set_back", {"nation": nation, "steps": track["steps"], "card": self.card})
        notes = data(frame)
        notes["nation"] = nation
        where = _figures_of(state, nation)
        if not where:
            return False
        if len(where) > 1:
            options = [
                (
                    Action("army", (r,)),
                    _lose_one_words(nation, r),
                )
                for r, _ in where
            ]
            return ask(
                frame,
                FREE,
                "army",
                options,
                tr("where is a figure lost?"),
                tr("Choose the Army that loses a figure."),
            )
        notes["region"] = where[0][0]
        return self._ask_kind(state, frame)

    def _ask_kind(self, state: State, frame: Frame) -> bool:
        notes = data(frame)
        nation, region = notes["nation"], notes["region"]
        kinds = [k for k in ("regular", "elite", "leader") if _counts(state, region, nation).get(k)]
        if len(kinds) > 1:
            options = [
                (
                    Action("remove", (nation, k, "1")),
                    tr(
                        "Lose {figures} in {region}",
                        figures=figures(nation, k, 1),
                        region=region_words(region),
                    ),
                )
                for k in kinds
            ]
            return ask(frame, FREE, "kind", options, tr("which figure?"), tr("Choose the figure you lose."))
        self._lose(state, nation, kinds[0], region)
        return False

    def _lose(self, state: State, nation: str, kind: str, region: str) -> None:
        inside = nation in state["garrisons"].get(region, {})
        remove(state, region, nation, kind, 1, inside)
        eliminated(state, nation, kind)
        emit(state, "card_figure_lost", {"nation": nation, "kind": kind, "region": region, "card": self.card})
        if inside and not units(state, region, FREE, inside=True):
            _garrison_falls(state, region)
        elif not inside:
            lone_leaders(state, region)


def _garrison_falls(state: State, region: str) -> None:
    """The last unit of a besieged garrison is lost: its Leaders with it, the characters inside
    come out, and the besieger takes the Stronghold (§12, as when a siege battle ends so)."""
    for nation, counts in list(state["garrisons"].get(region, {}).items()):
        n = counts.get("leader", 0)
        if n:
            remove(state, region, nation, "leader", n, inside=True)
            eliminated(state, nation, "leader", n)
            emit(state, "leaders_lost", {"nation": nation, "count": n, "region": region})
    for where in state["characters"].values():
        if where["region"] == region and where.get("inside"):
            where["inside"] = False
    capture(state, region, SHADOW)


def _counts(state: State, region: str, nation: str) -> dict[str, int]:
    for table in (state["armies"], state["garrisons"]):
        found: dict[str, int] | None = table.get(region, {}).get(nation)
        if found:
            return found
    return {}


# -- Rage of the Dunlendings --------------------------------------------------------------------
class RageOfTheDunlendings(Recruiting):
    """Two Isengard Regulars in a free region beside a Dunland; then up to 4 Isengard units may
    come from North and South Dunland (``units isengard <kind> <n>``, per Dunland and kind)."""

    BUDGET = 4

    def __init__(self) -> None:
        super().__init__(
            "shs_11",
            group(lambda state, side: BESIDE_DUNLAND, regulars("isengard", 2)),
            condition=_war("isengard"),
        )

    def _finish(self, state: State, side: str, frame: Frame) -> bool:
        notes = data(frame)
        if not notes["used"] or card_target(state, side, notes["used"][0]):
            return False  # nothing recruited, or inside a besieged Stronghold: no Army may come in
        notes.setdefault(
            "moves", [[d, k] for d in DUNLANDS if d != notes["used"][0] for k in ("regular", "elite")]
        )
        notes.setdefault("moved", 0)
        return self._ask_move(state, side, frame)

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        if stage(frame) != "move":
            return super().choose(state, side, frame, action)
        notes = data(frame)
        source, kind = notes["moves"].pop(0)
        count, target = int(action.args[2]), notes["used"][0]
        if count:
            remove(state, source, "isengard", kind, count)
            add(state, target, "isengard", kind, count)
            notes["moved"] += count
            emit(
                state,
                "card_units_moved",
                {
                    "side": side,
                    "from": source,
                    "to": target,
                    "nation": "isengard",
                    "kind": kind,
                    "count": count,
                    "card": self.card,
                },
            )
            arrive(state, target, side)
        return self._ask_move(state, side, frame)

    def _ask_move(self, state: State, side: str, frame: Frame) -> bool:
        notes = data(frame)
        target = notes["used"][0]
        while notes["moves"]:
            source, kind = notes["moves"][0]
            most = min(
                int(state["armies"].get(source, {}).get("isengard", {}).get(kind, 0)),
                self.BUDGET - notes["moved"],
                room(state, target, side),
            )
            if most > 0:
                options = [
                    (Action("units", ("isengard", kind, str(n))), _move_words(kind, n, source, target))
                    for n in range(most + 1)
                ]
                return ask(
                    frame,
                    side,
                    "move",
                    options,
                    tr("bring units?"),
                    tr("You may move Isengard units into the region."),
                )
            notes["moves"].pop(0)
        return False


def _move_words(kind: str, count: int, source: str, target: str) -> str:
    if not count:
        if kind == "regular":
            return tr("No Regulars from {region}", region=region_words(source))
        return tr("No Elites from {region}", region=region_words(source))
    return tr(
        "Move {figures} from {region} to {target}",
        figures=figures("isengard", kind, count),
        region=region_words(source),
        target=region_words(target),
    )


def _lose_one_words(nation_slug: str, region: str) -> str:
    said = tr(
        "Lose one {nation} figure in {region}", nation=nation_words(nation_slug), region=region_words(region)
    )
    if english():  # the Nation as its figures are named ("Elven")
        return Said(f"Lose one {nation_adjective(nation_slug)} figure in {region_words(region)}", said.words)
    return said


def _nothing(state: State, side: str) -> None:
    """A table card's lasting effect is checked where its rule applies."""


CARDS: tuple[EventCard, ...] = (
    # Free Peoples Character deck
    Recruiting("fpc_23", group(_where("boromir"), unit("gondor")), draw=2, condition=_boromir_in_gondor),
    GreyCompany(),
    # Free Peoples Strategy deck
    CompanionsRouse("fps_04", ("erebor", "ered_luin"), "dwarves"),
    CompanionsRouse("fps_07", ("the_shire", "bree"), "north"),
    OneChoice(
        "fps_08",
        _elrond_options,
        _elrond,
        mark("which Nation?"),
        mark("Choose a Free Peoples Nation to rouse and move one step toward war."),
    ),
    Recruiting(
        "fps_09",
        group("edoras", unit("rohan"), leader("rohan")),
        condition=lambda state, side: politics.active(state, "gondor"),
        before=_rohan_advances,
        before_possible=_rohan_may_advance,
    ),
    Recruiting("fps_13", group(_coastal_with_army, unit("elves", 2)), condition=_war("elves")),
    Recruiting("fps_14", group("minas_tirith", unit("gondor"), leader("gondor"))),
    Recruiting("fps_15", group("lorien", unit("elves")), draw=1),
    Recruiting("fps_16", group(_riders, unit("rohan"), leader("rohan"))),
    Recruiting("fps_17", group("carrock", unit("north"), leader("north"))),
    Recruiting("fps_18", group("dol_amroth", unit("gondor"), leader("gondor"))),
    Recruiting("fps_19", group("dale", regulars("north", 2)), draw=1),
    Recruiting("fps_20", group("the_shire", unit("north")), group("ered_luin", unit("dwarves")), draw=1),
    Recruiting("fps_21", group("rivendell", unit("elves")), draw=1),
    Recruiting("fps_22", group("erebor", unit("dwarves"), leader("dwarves"))),
    Recruiting("fps_23", group(at(*ROHAN_SETTLEMENTS), unit("rohan"), leader("rohan"))),
    Recruiting("fps_24", group("woodland_realm", unit("elves")), draw=1),
    # Shadow Character deck
    Simple("shc_22", _nothing, _in_play("saruman")),
    # Shadow Strategy deck
    Simple("shs_05", _nothing),
    Stormcrow(),
    RageOfTheDunlendings(),
    Recruiting(
        "shs_12",
        group("angmar", regulars("sauron", 2), Figures("sauron", "elite")),
        condition=_in_play("witch_king"),
        before=_witch_king_to_angmar,
        before_possible=_witch_king_away,
    ),
    Recruiting("shs_13", group(_armies_of(SHADOW), unit("isengard")), condition=_war("isengard")),
    Recruiting("shs_14", group(_armies_of(SHADOW), unit("sauron")), condition=_war("sauron")),
    HillTrolls(),
    Recruiting(
        "shs_16",
        group("north_dunland", regulars("isengard", 2)),
        group("south_dunland", regulars("isengard", 2)),
        group("orthanc", unit("isengard", 2)),
        condition=_in_play("saruman"),
    ),
    Recruiting("shs_17", *[group(at(*SOUTHRON_SETTLEMENTS), regulars("southrons", 2))] * 3, distinct=True),
    Recruiting(
        "shs_18",
        group("minas_morgul", regulars("sauron", 5), leader("sauron")),
        condition=_in_play("aragorn"),
    ),
    Recruiting("shs_19", group(at("mount_gram", "moria"), unit("sauron", 2), leader("sauron"))),
    Recruiting(
        "shs_20", group("dol_guldur", regulars("sauron", 3)), group("mount_gundabad", regulars("sauron", 3))
    ),
    Recruiting("shs_21", group(at(*EASTERN_EDGE), regulars("southrons", 5)), condition=_war("southrons")),
    Recruiting(
        "shs_22",
        group("angmar", regulars("sauron", 1)),
        group("ettenmoors", regulars("sauron", 1)),
        group("weather_hills", regulars("sauron", 1)),
        group("trollshaws", Figures("sauron", "elite")),
    ),
    Recruiting(
        "shs_23",
        group("gorgoroth", regulars("southrons", 5)),
        group("nurn", regulars("sauron", 5)),
        condition=_all_shadow_at_war,
    ),
    Recruiting(
        "shs_24",
        *[group(at(*SAURON_STRONGHOLDS), regulars("sauron", 2))] * 3,
        distinct=True,
        condition=_war("sauron"),
    ),
)
