"""The Event cards that move Armies, attack, or roll against Armies (issue 19), of all four
decks, and the ``dispel`` die actions that discard the table cards among them.

Rulings are in docs/rules/war_of_the_ring.md ("Event cards: Armies"). The lasting effects of
the table cards are in :mod:`..card_rules`.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, call, pop

from .. import casualties, die_actions, occupation, politics, stacking
from ..battle_actions import _attackers, card_attack, choices
from ..board import (
    add,
    army,
    besieged,
    besieger,
    characters_at,
    controller,
    eliminated,
    free_for,
    remove,
    units,
)
from ..card_piles import on_table, seen
from ..card_rules import (
    BARRED,
    DENETHORS_FOLLY,
    MINAS_TIRITH,
    aragorn_abroad,
    discard,
    minas_tirith_besieged,
    shadow_barred,
)
from ..characters import any_pick, minions_frame
from ..data import CARDS as CARD_DATA
from ..data import COMPANIONS, FREE, NATIONS_OF, REGIONS, SHADOW, STRONGHOLDS
from ..roles import nation_adjective
from .base import FREE_CARD, EventCard, ask
from .builders import Simple
from .marching import (
    Staged,
    after_strike,
    choose_region,
    land,
    may_move,
    move_armies,
    move_from,
    nazgul_count,
    recruit_here,
    roll_dice,
    strike,
    strike_many,
    wait,
    where_army,
)

ROHAN = tuple(r for r, info in REGIONS.items() if info.nation == "rohan")
ELVEN_STRONGHOLDS = tuple(r for r in STRONGHOLDS[FREE] if REGIONS[r].nation == "elves")
SAURON_STRONGHOLDS = tuple(r for r in STRONGHOLDS[SHADOW] if REGIONS[r].nation == "sauron")
#: Corsairs of Umbar: the coastal regions of Gondor (the rules do not list them; see the docs).
GONDOR_COAST = ("anfalas", "dol_amroth", "lamedon", "pelargir")
ITHILIEN = ("osgiliath", "north_ithilien", "south_ithilien")
DEAD_MEN_DESTINATIONS = ("erech", "lamedon", "pelargir")


def shadow_armies(state: State) -> list[str]:
    """Regions with Shadow Army units (in the open or in a garrison), board order."""
    return [r for r in REGIONS if where_army(state, r, SHADOW) is not None]


def nations_in(state: State, region: str, side: str) -> set[str]:
    inside = where_army(state, region, side)
    if inside is None:
        return set()
    return {n for n, c in army(state, region, side, inside).items() if c.get("regular") or c.get("elite")}


# -- fps_01 The Last Battle, fps_02 A Power too Great, fps_03 The Power of Tom Bombadil ----------
def _nothing(state: State, side: str) -> None:
    """The Last Battle's whole effect lasts on the table (:mod:`..card_rules`)."""


def _advance(nation: str, card: str) -> Any:
    def effect(state: State, side: str) -> None:
        politics.advance(state, nation, card)

    return effect


# -- fps_05 The Spirit of Mordor ------------------------------------------------------------------
class SpiritOfMordor(Staged):
    card = "fps_05"

    def targets(self, state: State) -> list[str]:
        return [r for r in shadow_armies(state) if len(nations_in(state, r, SHADOW)) >= 2]

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.targets(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            found = self.targets(state)
            if len(found) > 1:
                options = choose_region("army", found, "Strike the Shadow Army in {}")
                return ask(
                    frame, side, "army", options, "the Army", "Which Shadow Army do the five dice strike?"
                )
            return self.next(state, side, frame, "army", Action("army", (found[0],)))
        if stage == "army":
            frame["data"]["region"] = value.args[0]
            if strike(state, self.card, value.args[0], SHADOW, 5, 5):
                return wait(frame, "struck")
        after_strike(state, frame["data"]["region"], SHADOW)
        return False


# -- fps_06 Faramir's Rangers ---------------------------------------------------------------------
class FaramirsRangers(Staged):
    card = "fps_06"

    def targets(self, state: State) -> list[str]:
        return [r for r in ITHILIEN if where_army(state, r, SHADOW) is not None]

    def recruits(self, state: State) -> list[str]:
        """The Gondor unit kinds that may join the Free Peoples Army in Osgiliath."""
        if not units(state, "osgiliath", FREE):
            return []
        pool = state["reinforcements"]["gondor"]
        return [k for k in ("regular", "elite") if pool.get(k, 0)]

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.targets(state)) or bool(self.recruits(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            found = self.targets(state)
            if len(found) > 1:
                options = choose_region("army", found, "Strike the Shadow Army in {}")
                return ask(
                    frame, side, "army", options, "the Army", "Which Shadow Army do the Rangers strike?"
                )
            if not found:
                return self.next(state, side, frame, "struck", None)
            return self.next(state, side, frame, "army", Action("army", (found[0],)))
        if stage == "army":
            data["region"] = value.args[0]
            if strike(state, self.card, value.args[0], SHADOW, 3, 5):
                return wait(frame, "struck")
            stage = "struck"
        if stage == "struck":
            if "region" in data:
                after_strike(state, data["region"], SHADOW)
            kinds = self.recruits(state)
            if not kinds and units(state, "osgiliath", FREE):
                land(state, FREE, "osgiliath", {}, {"gondor": 1})
                return False
            if len(kinds) > 1:
                options = [
                    (
                        Action("place", ("osgiliath", k)),
                        f"Recruit a Gondor {k.title()} and a Leader in Osgiliath",
                    )
                    for k in kinds
                ]
                return ask(
                    frame, side, "unit", options, "the recruits", "Which Gondor unit joins the Leader?"
                )
            if not kinds:
                return False
            value = Action("place", ("osgiliath", kinds[0]))
            stage = "unit"
        if stage == "unit":
            if recruit_here(state, FREE, "osgiliath", {"gondor": {value.args[1]: 1, "leader": 1}}):
                return wait(frame, "landed")
            return False
        if stage == "landed":
            land(state, FREE, "osgiliath", value or {}, {})
        return False


# -- fps_10 Help Unlooked For ---------------------------------------------------------------------
class HelpUnlookedFor(Staged):
    card = "fps_10"

    def attacks(self, state: State) -> list[tuple[str, str]]:
        found = []
        for region in REGIONS:
            here = state["armies"].get(region)
            if not here or not _attackers(state, FREE, here):
                continue
            for held in REGIONS[region].neighbours:
                if besieger(state, held) == SHADOW and units(state, held, SHADOW):
                    found.append((region, held))
        return found

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.attacks(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            found = self.attacks(state)
            if len(found) > 1:
                options = [
                    (
                        Action("attack", pair),
                        f"Attack the besiegers of {REGIONS[pair[1]].name} from {REGIONS[pair[0]].name}",
                    )
                    for pair in found
                ]
                return ask(frame, side, "attack", options, "the attack", "Which besiegers do you attack?")
            value = Action("attack", found[0])
        if stage in ("start", "attack"):
            origin, held = value.args
            inside = units(state, held, FREE, True)
            card_attack(state, FREE, origin, held, {"fewer_dice": {SHADOW: inside}})
            return wait(frame, "fought")
        return False


# -- fps_11 Paths of the Woses, fps_12 Through a Day and a Night -------------------------------
def woses_destinations(state: State) -> list[str]:
    if controller(state, MINAS_TIRITH) == SHADOW or besieged(state, MINAS_TIRITH):
        return list(REGIONS[MINAS_TIRITH].neighbours)
    return [MINAS_TIRITH]


WOSES_TITLE = "Paths of the Woses: move a Rohan Army"


def woses(state: State) -> dict[str, Any]:
    """The move of Paths of the Woses: from Rohan (a besieged garrison too) to its destinations."""
    return {"dests": woses_destinations(state), "only": list(ROHAN), "garrison": True}
DAY_AND_NIGHT_TITLE = "Through a Day and a Night: move an Army with a Companion"


class PathsOfTheWoses(Staged):
    card = "fps_11"

    def can_play(self, state: State, side: str) -> bool:
        if not politics.at_war(state, "rohan"):
            return False
        return may_move(state, FREE, 1, WOSES_TITLE, **woses(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            return move_armies(state, FREE, 1, WOSES_TITLE, **woses(state))
        return False


class ThroughADayAndANight(Staged):
    card = "fps_12"

    def can_play(self, state: State, side: str) -> bool:
        return may_move(state, FREE, 1, DAY_AND_NIGHT_TITLE, reach=2, need="companion")

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            return move_armies(state, FREE, 1, DAY_AND_NIGHT_TITLE, reach=2, need="companion")
        return False


# -- shs_01 Return to Valinor ---------------------------------------------------------------------
def shadow_holds_elven_stronghold(state: State, side: str) -> bool:
    return any(controller(state, r) == SHADOW for r in ELVEN_STRONGHOLDS)


class ReturnToValinor(Staged):
    card = "shs_01"

    def can_play(self, state: State, side: str) -> bool:
        return shadow_holds_elven_stronghold(state, side)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            targets = []
            for region in ELVEN_STRONGHOLDS:
                if besieged(state, region):
                    continue
                elves = state["armies"].get(region, {}).get("elves", {})
                count = elves.get("regular", 0) + elves.get("elite", 0)
                if count:
                    targets.append((region, count))
            frame["data"]["regions"] = [r for r, _ in targets]
            if strike_many(state, self.card, targets, FREE, 6):
                return wait(frame, "struck")
        for region in frame["data"]["regions"]:
            after_strike(state, region, FREE)
        return False


# -- shs_02 The Fighting Uruk-hai, shc_20 Grond -----------------------------------------------
class SiegeAssault(Staged):
    """The Army besieging a Stronghold attacks it: three rounds, and in the first the Free
    Peoples play a Combat card only with a Companion in the battle."""

    def __init__(self, card: str, needs: str) -> None:
        super().__init__(card)
        self.needs = needs

    def sieges(self, state: State) -> list[str]:
        found = []
        for region in state["garrisons"]:
            if besieger(state, region) != SHADOW or shadow_barred(state, region):
                continue
            here = state["armies"].get(region)
            if not here or not _attackers(state, SHADOW, here):
                continue
            if self.needs == "isengard" and not nations_in(state, region, SHADOW) & {"isengard"}:
                continue
            if self.needs == "witch_king" and "witch_king" not in characters_at(state, region, SHADOW):
                continue
            found.append(region)
        return sorted(found, key=list(REGIONS).index)

    def can_play(self, state: State, side: str) -> bool:
        if self.needs == "isengard" and "saruman" not in state["characters"]:
            return False
        return bool(self.sieges(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            found = self.sieges(state)
            if len(found) > 1:
                options = [
                    (Action("attack", (r, r)), f"Assault the Stronghold of {REGIONS[r].name}") for r in found
                ]
                return ask(frame, side, "attack", options, "the assault", "Which Stronghold do you assault?")
            value = Action("attack", (found[0], found[0]))
        if stage in ("start", "attack"):
            region = value.args[0]
            card_attack(state, SHADOW, region, region, {"rounds": 3, "card_lock": True})
            return wait(frame, "fought")
        return False


# -- shs_03 Denethor's Folly ----------------------------------------------------------------------
class DenethorsFolly(Staged):
    card = DENETHORS_FOLLY

    def can_play(self, state: State, side: str) -> bool:
        return minas_tirith_besieged(state)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            garrison = army(state, MINAS_TIRITH, FREE, True)
            nations = [n for n, c in garrison.items() if c.get("leader")]
            if len(nations) > 1:
                options = [
                    (Action("remove", (n, "leader", "1")), f"Lose {nation_adjective(n)} Leader")
                    for n in nations
                ]
                return ask(
                    frame, FREE, "leader", options, "a Leader falls", "Which Leader in Minas Tirith is lost?"
                )
            if not nations:
                return False
            value = Action("remove", (nations[0], "leader", "1"))
        nation = value.args[0]
        remove(state, MINAS_TIRITH, nation, "leader", 1, True)
        eliminated(state, nation, "leader")
        emit(state, "leader_slain", {"card": self.card, "nation": nation, "region": MINAS_TIRITH})
        return False


# -- shs_07 Shadows Gather, shs_08 The Shadow Lengthens, shs_09 The Shadow is Moving ------------
class ShadowMarch(Staged):
    def __init__(self, card: str, left: int, reach: int, gather: bool, all_at_war: bool) -> None:
        super().__init__(card)
        self.left, self.reach, self.gather, self.all_at_war = left, reach, gather, all_at_war

    @property
    def title(self) -> str:
        return f"{CARD_DATA[self.card].name}: move Shadow Armies"

    def can_play(self, state: State, side: str) -> bool:
        if self.all_at_war and not all(politics.at_war(state, n) for n in NATIONS_OF[SHADOW]):
            return False
        return may_move(state, SHADOW, self.left, self.title, reach=self.reach, gather=self.gather)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            return move_armies(state, SHADOW, self.left, self.title, reach=self.reach, gather=self.gather)
        return False


# -- shs_10 Corsairs of Umbar ---------------------------------------------------------------------
CORSAIRS_TITLE = "Corsairs of Umbar: sail from Umbar"


class CorsairsOfUmbar(Staged):
    card = "shs_10"

    def attacks(self, state: State) -> list[str]:
        here = state["armies"].get("umbar")
        if not here or not _attackers(state, SHADOW, here):
            return []
        return [r for r in GONDOR_COAST if units(state, r, FREE)]

    def sails(self, state: State) -> bool:
        return may_move(state, SHADOW, 1, CORSAIRS_TITLE, dests=list(GONDOR_COAST), only=["umbar"])

    def can_play(self, state: State, side: str) -> bool:
        if not politics.at_war(state, "southrons"):
            return False
        return bool(self.attacks(state)) or self.sails(state)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            options: list[tuple[Action, str]] = []
            if self.sails(state):
                options.append((Action("army", ("umbar",)), "Sail to a free coastal region of Gondor"))
            options += [
                (Action("attack", ("umbar", r)), f"Sail to {REGIONS[r].name} and attack it")
                for r in self.attacks(state)
            ]
            return ask(frame, side, "sail", options, "the fleet", "Where does the fleet sail?")
        if stage == "sail" and value.verb == "army":
            data["before"] = {r: units(state, r, SHADOW) for r in GONDOR_COAST}
            return move_from(
                state, SHADOW, "umbar", 1, CORSAIRS_TITLE, dests=list(GONDOR_COAST), only=["umbar"]
            )
        if stage == "sail":
            card_attack(state, SHADOW, "umbar", value.args[1], {"no_cease": True, "must_advance": True})
            return wait(frame, "fought")
        if stage == "sailed":
            for region in GONDOR_COAST:
                came = units(state, region, SHADOW) > data["before"][region]
                if came and besieger(state, region) == SHADOW:
                    card_attack(state, SHADOW, region, region, {})
                    return wait(frame, "fought")
        return False

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        if "before" in frame["data"] and frame["data"].get("stage") != "fought":
            frame["data"]["stage"] = "sailed"
        return super().resume(state, side, frame, value)


# -- shc_19 Dreadful Spells -----------------------------------------------------------------------
class DreadfulSpells(Staged):
    card = "shc_19"

    def pairs(self, state: State) -> list[tuple[str, str]]:
        found = []
        for region in REGIONS:
            if not units(state, region, SHADOW) or not nazgul_count(state, region):
                continue
            for target in (region, *REGIONS[region].neighbours):
                if where_army(state, target, FREE) is not None:
                    found.append((region, target))
        return found

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.pairs(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            found = self.pairs(state)
            if len(found) > 1:
                options = [
                    (
                        Action("attack", pair),
                        f"The Nazgûl in {REGIONS[pair[0]].name} strike {REGIONS[pair[1]].name}",
                    )
                    for pair in found
                ]
                return ask(
                    frame,
                    side,
                    "spell",
                    options,
                    "the target",
                    "Which Free Peoples Army do the Nazgûl strike?",
                )
            value = Action("attack", found[0])
            stage = "spell"
        if stage == "spell":
            origin, target = value.args
            data["region"] = target
            if strike(state, self.card, target, FREE, nazgul_count(state, origin), 5):
                return wait(frame, "struck")
        after_strike(state, data["region"], FREE)
        return False


# -- shc_23 The Ringwraiths Are Abroad, shc_24 The Black Captain Commands -----------------------
def nazgul_march(state: State, only: list[str] | None, need: str) -> dict[str, Any]:
    return {"need": need, "only": only}


class NazgulCommand(Staged):
    """Move the Nazgûl (or, for the Black Captain, recruit two), then Armies with them move or
    one attacks."""

    def __init__(self, card: str, black_captain: bool) -> None:
        super().__init__(card)
        self.black_captain = black_captain

    @property
    def title(self) -> str:
        return f"{CARD_DATA[self.card].name}: move Armies"

    def witch_king(self, state: State) -> str | None:
        where = state["characters"].get("witch_king")
        return str(where["region"]) if where else None

    def march(self, state: State) -> dict[str, Any]:
        if self.black_captain:
            return {"need": "witch_king", "only": [self.witch_king(state)]}
        return {"need": "nazgul", "only": None}

    def attacks(self, state: State) -> list[Action]:
        found = []
        for action in choices(state, SHADOW, leader=False):
            origin = action.args[0]
            if self.black_captain:
                if origin == self.witch_king(state):
                    found.append(action)
            elif nazgul_count(state, origin):
                found.append(action)
        return found

    def can_play(self, state: State, side: str) -> bool:
        return not self.black_captain or "witch_king" in state["characters"]

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start" and self.black_captain:
            first = [(Action("choose", ("move",)), "Move any or all Nazgûl")]
            if state["reinforcements"]["sauron"].get("leader", 0):
                region = REGIONS[self.witch_king(state) or ""].name
                first.insert(0, (Action("choose", ("recruit",)), f"Recruit two Nazgûl in {region}"))
            return ask(
                frame,
                side,
                "first",
                first,
                "first",
                "Recruit two Nazgûl with the Witch-king, or move the Nazgûl?",
            )
        if stage == "first" and value.args[0] == "recruit":
            land(state, SHADOW, self.witch_king(state) or "", {}, {"sauron": 2})
            stage = "flown"
        elif stage in ("start", "first"):
            flight = minions_frame(nazgul_only=True)
            if any_pick(state, flight):
                call(state, "minions", **flight)
                return wait(frame, "flown")
            stage = "flown"
        if stage == "flown":
            options: list[tuple[Action, str]] = []
            march = self.march(state)
            if march["only"] != [None] and may_move(state, SHADOW, 2, self.title, **march):
                for region in march["only"] or REGIONS:
                    if may_move(state, SHADOW, 1, self.title, need=march["need"], only=[region]):
                        options.append(
                            (Action("army", (region,)), f"Move the Army in {REGIONS[region].name}")
                        )
            for action in self.attacks(state):
                origin, target = action.args
                options.append((action, f"Attack {REGIONS[target].name} from {REGIONS[origin].name}"))
            if not options:
                return False
            options.append((Action("done"), "Neither move nor attack"))
            return ask(
                frame, side, "then", options, "then", "Move Armies with the Nazgûl, or attack with one?"
            )
        if stage == "then" and value.verb == "army":
            left = 1 if self.black_captain else 2
            move_from(state, SHADOW, value.args[0], left, self.title, **self.march(state))
            return wait(frame, "moved")
        if stage == "then" and value.verb == "attack":
            card_attack(state, SHADOW, value.args[0], value.args[1], {})
            data["stage"] = "fought"
            return True
        return False


# -- fpc_18 The Eagles are Coming! ------------------------------------------------------------------
class EaglesAreComing(Staged):
    card = "fpc_18"

    def targets(self, state: State) -> list[str]:
        companies = {
            where["region"]
            for c, where in state["characters"].items()
            if c in COMPANIONS and where_army(state, where["region"], FREE) is not None
        }
        found = []
        for region in REGIONS:
            if not units(state, region, SHADOW) or not nazgul_count(state, region, witch_king=False):
                continue
            if region in companies or companies & set(REGIONS[region].neighbours):
                found.append(region)
        return found

    def can_play(self, state: State, side: str) -> bool:
        return bool(self.targets(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            found = self.targets(state)
            if len(found) > 1:
                options = choose_region("army", found, "The Eagles fall on the Nazgûl in {}")
                return ask(frame, side, "army", options, "the Nazgûl", "Which Nazgûl do the Eagles attack?")
            value = Action("army", (found[0],))
            stage = "army"
        if stage == "army":
            region = value.args[0]
            count = nazgul_count(state, region, witch_king=False)
            dice = roll_dice(state, self.card, min(5, count))
            slain = min(count, sum(1 for d in dice if d >= 5))
            emit(
                state,
                "card_roll",
                {"card": self.card, "region": region, "dice": dice, "target": 5, "hits": slain},
            )
            if slain:
                remove(state, region, "sauron", "leader", slain)
                eliminated(state, "sauron", "leader", slain)
                emit(state, "nazgul_slain", {"region": region, "count": slain})
            frame["data"]["region"] = region
            homes = [r for r in SAURON_STRONGHOLDS if controller(state, r) == SHADOW]
            if not nazgul_count(state, region, witch_king=False) or not homes:
                return False
            if len(homes) > 1:
                options = choose_region("to", homes, "Send the Nazgûl left to {}")
                return ask(frame, side, "home", options, "the survivors", "Where do the surviving Nazgûl go?")
            value = Action("to", (homes[0],))
        region = frame["data"]["region"]
        home = value.args[0]
        count = nazgul_count(state, region, witch_king=False)
        if home != region:
            remove(state, region, "sauron", "leader", count)
            add(state, home, "sauron", "leader", count)
            emit(state, "nazgul_moved", {"from": region, "to": home, "count": count})
        return False


# -- fpc_19, fpc_20, fpc_21 The Ents Awake --------------------------------------------------------
ORTHANC = "orthanc"


class EntsAwake(Staged):
    """Three dice against the Shadow in Orthanc; then, with Gandalf the White in Fangorn or
    Rohan, another Character card at no die cost (:data:`.step.FREE_CARD`)."""

    def can_play(self, state: State, side: str) -> bool:
        if "gandalf_white" not in state["characters"]:
            return False
        return any(
            c in COMPANIONS and where["region"] == "fangorn" for c, where in state["characters"].items()
        )

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            if where_army(state, ORTHANC, SHADOW) is not None:
                data["struck"] = True
                if strike(state, self.card, ORTHANC, SHADOW, 3, 4):
                    return wait(frame, "struck")
            elif state["characters"].get("saruman", {}).get("region") == ORTHANC:
                del state["characters"]["saruman"]
                state["eliminated"].append("saruman")
                emit(state, "character_slain", {"character": "saruman", "region": ORTHANC})
        if data.get("struck"):
            after_strike(state, ORTHANC, SHADOW, lethal=True)
        white = state["characters"].get("gandalf_white")
        if white is not None and (white["region"] == "fangorn" or white["region"] in ROHAN):
            data[FREE_CARD] = "character"
        return False


# -- fpc_22 Dead Men of Dunharrow -----------------------------------------------------------------
class DeadMenOfDunharrow(Staged):
    card = "fpc_22"

    def heir(self, state: State) -> str | None:
        for who in ("aragorn", "strider"):
            where = state["characters"].get(who)
            if where is not None and where["region"] in ROHAN:
                return who
        return None

    def can_play(self, state: State, side: str) -> bool:
        return self.heir(state) is not None

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start":
            options = choose_region("to", DEAD_MEN_DESTINATIONS, "Take the Paths of the Dead to {}")
            return ask(
                frame, side, "to", options, "the Paths of the Dead", "Where does the Grey Company come out?"
            )
        if stage == "to":
            dest = data["dest"] = value.args[0]
            self.ride(state, dest)
            if units(state, dest, SHADOW):
                die = roll_dice(state, self.card, 1)[0]
                emit(state, "card_die_hits", {"card": self.card, "region": dest, "die": die})
                group = casualties.group(SHADOW, dest, False, army(state, dest, SHADOW), die)
                if casualties.take(state, [group]):
                    return wait(frame, "struck")
            stage = "struck"
        dest = data["dest"]
        if stage == "struck":
            if units(state, dest, SHADOW):
                ways = [
                    r
                    for r in sorted(REGIONS[dest].neighbours)
                    if free_for(state, r, SHADOW) and not shadow_barred(state, r)
                ]
                if ways:
                    options = choose_region("retreat", ways, "Retreat to {}")
                    return ask(
                        frame,
                        SHADOW,
                        "retreat",
                        options,
                        "the retreat",
                        "The Dead drive your Army out: where does it retreat?",
                    )
                leaders = army(state, dest, SHADOW)
                casualties.fall_with_army(
                    state, dest, SHADOW, False, leaders, characters_at(state, dest, SHADOW)
                )
                for nation, counts in leaders.items():
                    for kind in ("regular", "elite"):
                        if counts.get(kind):
                            remove(state, dest, nation, kind, counts[kind])
                            eliminated(state, nation, kind, counts[kind])
            else:
                after_strike(state, dest, SHADOW, lethal=True)
            stage = "free"
        if stage == "retreat":
            data["to"] = value.args[0]
            incoming = {
                n: {k: c[k] for k in ("regular", "elite") if c.get(k)}
                for n, c in army(state, dest, SHADOW).items()
            }
            incoming = {n: c for n, c in incoming.items() if c}
            emit(state, "retreated", {"side": SHADOW, "from": dest, "to": data["to"]})
            if stacking.call_arrival(state, data["to"], SHADOW, incoming):
                return wait(frame, "retreating")
            value, stage = incoming, "retreating"
        if stage == "retreating":
            shift(state, SHADOW, dest, data["to"], value or {})
            stage = "free"
        if stage == "free":
            if recruit_here(state, FREE, dest, {"gondor": {"regular": 3}}):
                return wait(frame, "landed")
            stage = "landed"
            value = None
        if stage == "landed" and value is not None:
            land(state, FREE, dest, value, {})
        if controller(state, dest) == SHADOW and units(state, dest, FREE):
            occupation.capture(state, dest, FREE)
        return False

    def ride(self, state: State, dest: str) -> None:
        heir = self.heir(state)
        assert heir is not None
        start = state["characters"][heir]["region"]
        riders = [
            c
            for c in characters_at(state, start, FREE) + characters_at(state, start, FREE, True)
            if c in COMPANIONS
        ]
        riders = [c for c in COMPANIONS if c in riders]
        for rider in riders:
            state["characters"][rider] = {"region": dest, "inside": False}
        emit(state, "companions_moved", {"companions": riders, "from": start, "to": dest})
        for rider in riders:
            politics.companion_arrives(state, rider, dest)


def shift(state: State, side: str, origin: str, dest: str, kept: Any) -> None:
    """Every figure of ``side`` in the open at ``origin`` goes to ``dest``: the units ``kept``
    after the stacking limit (the others back to reinforcements), Leaders and characters all."""
    for nation, counts in army(state, origin, side).items():
        for kind, n in counts.items():
            remove(state, origin, nation, kind, n)
            come = n if kind == "leader" else min(n, kept.get(nation, {}).get(kind, 0))
            if come:
                add(state, dest, nation, kind, come)
            if n - come:
                pool = state["reinforcements"][nation]
                pool[kind] = pool.get(kind, 0) + n - come
    for character in characters_at(state, origin, side):
        state["characters"][character] = {"region": dest, "inside": False}
    occupation.arrive(state, dest, side)


# -- fps_02, fps_03: the table cards the Shadow may discard (the ``dispel`` die actions) ---------
class Barring(EventCard):
    """A Power too Great, The Power of Tom Bombadil: a Nation one step toward war; the Shadow
    discards the card with any die, a Strategy card and a Character card (questions asked in the
    card's own ``event`` frame, ``data["dispel"]``)."""

    def __init__(self, card: str, nation: str) -> None:
        super().__init__(card)
        self.nation = nation

    def start(self, state: State, side: str, frame: Frame) -> bool:
        politics.advance(state, self.nation, self.card)
        return False

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        stage = frame["ask"]["stage"]
        frame["ask"] = None
        data = frame["data"]
        if stage == "which":
            data["target"] = action.args[0]
        elif stage in ("strategy", "character"):
            data[stage] = action.args[0]
        return dispel_next(state, frame)


def barring_cards(state: State) -> list[str]:
    return [card for card in BARRED if card in seen(state, "table", FREE)]


def hand_of(state: State, deck: str) -> list[str]:
    return sorted(c for c in state["hands"][SHADOW] if CARD_DATA[c].deck == deck)


def dispel_next(state: State, frame: Frame) -> bool:
    """The Shadow's discard of a barring card: which card, then a Strategy and a Character card
    from his hand (asked only when there is a choice); whether it waits."""
    data = frame["data"]
    if "target" not in data:
        found = barring_cards(state)
        if len(found) > 1:
            options = [
                (Action("discard", (c,)), f"Discard {CARD_DATA[c].name} from the table") for c in found
            ]
            return ask(frame, SHADOW, "which", options, "which card", "Which table card do you discard?")
        data["target"] = found[0]
    for deck in ("strategy", "character"):
        if deck in data:
            continue
        cards = hand_of(state, deck)
        if len(cards) > 1:
            options = [(Action("discard", (c,)), f"Give up {CARD_DATA[c].name}") for c in cards]
            return ask(
                frame, SHADOW, deck, options, f"a {deck.title()} card", f"Discard which {deck.title()} card?"
            )
        data[deck] = cards[0]
    for deck in ("strategy", "character"):
        card = data[deck]
        state["hands"][SHADOW].remove(card)
        state["discards"][SHADOW].append(card)
        emit(
            state,
            "card_discarded",
            {"side": SHADOW},
            private={SHADOW: ("own_card_discarded", {"side": SHADOW, "card": card})},
        )
    discard(state, data["target"], "dispelled")
    return False


def _shadow_may_dispel(state: State) -> bool:
    return (
        bool(barring_cards(state)) and bool(hand_of(state, "strategy")) and bool(hand_of(state, "character"))
    )


def _heroes_in_minas_tirith(state: State) -> bool:
    return any(
        state["characters"].get(c, {}).get("region") == MINAS_TIRITH
        for c in ("gandalf_grey", "gandalf_white", "aragorn")
    )


def _dispel_possible(state: State, side: str) -> bool:
    if side == SHADOW:
        return _shadow_may_dispel(state)
    return on_table(state, DENETHORS_FOLLY) and _heroes_in_minas_tirith(state)


def _dispel_will_possible(state: State, side: str) -> bool:
    return on_table(state, DENETHORS_FOLLY) and not _heroes_in_minas_tirith(state)


def _dispel(state: State, side: str, face: str) -> bool:
    if side == FREE:
        discard(state, DENETHORS_FOLLY, "dispelled")
        return False
    found = barring_cards(state)
    frame = call(state, "event", side=SHADOW, card=found[0], data={"dispel": True}, ask=None)
    return dispel_next(state, frame) or _done(state, frame)


def _done(state: State, frame: Frame) -> bool:
    """The discard needed no question: its ``event`` frame returns at once."""
    pop(state)
    return False


ANY_FACE = ("character", "army", "muster", "army_muster", "event", "will")

die_actions.register(
    die_actions.DieAction(
        "dispel",
        "Discard a table card of the enemy",
        "Shadow: any die, a Strategy card and a Character card discard A Power too Great or The Power "
        "of Tom Bombadil. Free Peoples: any die, with Gandalf or Aragorn in Minas Tirith, discards "
        "Denethor's Folly.",
        ANY_FACE,
        None,
        _dispel_possible,
        _dispel,
    ),
    die_actions.DieAction(
        "dispel-will",
        "Discard Denethor's Folly with a Will of the West",
        "Free Peoples: a Will of the West die discards Denethor's Folly from the table.",
        (),
        FREE,
        _dispel_will_possible,
        _dispel,
    ),
)


CARDS: tuple[EventCard, ...] = (
    Simple("fps_01", _nothing, lambda state, side: aragorn_abroad(state)),
    Barring("fps_02", "elves"),
    Barring("fps_03", "north"),
    SpiritOfMordor(),
    FaramirsRangers(),
    HelpUnlookedFor(),
    PathsOfTheWoses(),
    ThroughADayAndANight(),
    ReturnToValinor(),
    SiegeAssault("shs_02", "isengard"),
    DenethorsFolly(),
    ShadowMarch("shs_07", 1, 3, True, False),
    ShadowMarch("shs_08", 2, 2, True, False),
    ShadowMarch("shs_09", 4, 1, False, True),
    CorsairsOfUmbar(),
    DreadfulSpells(),
    SiegeAssault("shc_20", "witch_king"),
    NazgulCommand("shc_23", False),
    NazgulCommand("shc_24", True),
    EaglesAreComing(),
    EntsAwake("fpc_19"),
    EntsAwake("fpc_20"),
    EntsAwake("fpc_21"),
    DeadMenOfDunharrow(),
)
