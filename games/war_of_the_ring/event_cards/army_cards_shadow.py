"""The Shadow's Event cards that move, strike and attack Armies (issue 19): Return to Valinor,
The Fighting Uruk-hai, Denethor's Folly, Shadows Gather, The Shadow Lengthens, The Shadow is
Moving, Corsairs of Umbar, Dreadful Spells, Grond, The Ringwraiths Are Abroad and The Black
Captain Commands.

Rulings are in docs/rules/war_of_the_ring.md ("Event cards: Armies"); the lasting effect of
Denethor's Folly in :mod:`..card_rules`, its discard in :mod:`.dispel`.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, call
from games.core.words import with_article

from .. import politics
from ..battle_actions import card_attack, choices, has_attackers
from ..board import (
    army,
    besieged,
    besieger,
    characters_at,
    controller,
    eliminated,
    remove,
    units,
)
from ..card_rules import (
    DENETHORS_FOLLY,
    MINAS_TIRITH,
    minas_tirith_besieged,
    shadow_barred,
)
from ..characters import any_pick, minions_frame
from ..data import CARDS as CARD_DATA
from ..data import FREE, NATIONS_OF, REGIONS, SHADOW
from ..i18n import english, mark
from ..roles import nation_adjective
from .base import EventCard, ask
from .marching import (
    ELVEN_STRONGHOLDS,
    GONDOR_COAST,
    Staged,
    after_strike,
    land,
    may_move,
    move_armies,
    move_from,
    nations_in,
    nazgul_count,
    strike,
    strike_many,
    wait,
    where_army,
)
from .words import Said, place, tr
from .words import nation as nation_words
from .words import region as region_words


# -- shs_01 Return to Valinor ---------------------------------------------------------------------
def shadow_holds_elven_stronghold(state: State, side: str) -> bool:
    return any(controller(state, r) == SHADOW for r in ELVEN_STRONGHOLDS)


class ReturnToValinor(Staged):
    card = "shs_01"

    def targets(self, state: State) -> list[tuple[str, int]]:
        """``(region, Elven units)`` for each Elven Stronghold not under siege that holds some."""
        found = []
        for region in ELVEN_STRONGHOLDS:
            if besieged(state, region):
                continue
            elves = state["armies"].get(region, {}).get("elves", {})
            count = elves.get("regular", 0) + elves.get("elite", 0)
            if count:
                found.append((region, count))
        return found

    def can_play(self, state: State, side: str) -> bool:
        return shadow_holds_elven_stronghold(state, side) and bool(self.targets(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            targets = self.targets(state)
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
            if not here or not has_attackers(state, SHADOW, here):
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
                    (
                        Action("attack", (r, r)),
                        tr("Assault the Stronghold of {region}", region=region_words(r)),
                    )
                    for r in found
                ]
                return ask(
                    frame, side, "attack", options, tr("the assault"), tr("Which Stronghold do you assault?")
                )
            value = Action("attack", (found[0], found[0]))
        if stage in ("start", "attack"):
            region = value.args[0]
            card_attack(state, SHADOW, region, region, {"rounds": 3, "card_lock": True})
            return wait(frame, "fought")
        return False


def leader_lost(nation: str) -> str:
    said = tr("Lose a {nation} Leader", nation=nation_words(nation))
    if english():  # "a Gondor Leader", "an Elven Leader"
        return Said("Lose " + with_article(f"{nation_adjective(nation)} Leader"), said.words)
    return said


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
                options = [(Action("remove", (n, "leader", "1")), leader_lost(n)) for n in nations]
                return ask(
                    frame,
                    FREE,
                    "leader",
                    options,
                    tr("a Leader falls"),
                    tr("Which Leader in Minas Tirith is lost?"),
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
        return mark("{card}: move Shadow Armies").format(card=CARD_DATA[self.card].name)

    def can_play(self, state: State, side: str) -> bool:
        if self.all_at_war and not all(politics.at_war(state, n) for n in NATIONS_OF[SHADOW]):
            return False
        return may_move(state, SHADOW, self.left, self.title, reach=self.reach, gather=self.gather)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            return move_armies(state, SHADOW, self.left, self.title, reach=self.reach, gather=self.gather)
        return False


# -- shs_10 Corsairs of Umbar ---------------------------------------------------------------------
CORSAIRS_TITLE = mark("Corsairs of Umbar: sail from Umbar")


class CorsairsOfUmbar(Staged):
    card = "shs_10"

    def attacks(self, state: State) -> list[str]:
        here = state["armies"].get("umbar")
        if not here or not has_attackers(state, SHADOW, here):
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
                options.append((Action("army", ("umbar",)), tr("Sail to a free coastal region of Gondor")))
            options += [
                (Action("attack", ("umbar", r)), tr("Sail to {region} and attack it", region=region_words(r)))
                for r in self.attacks(state)
            ]
            if len(options) > 1:
                return ask(frame, side, "sail", options, tr("the fleet"), tr("Where does the fleet sail?"))
            stage, value = "sail", options[0][0]
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
            if where_army(state, region, SHADOW) is None or not nazgul_count(state, region):
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
                        tr(
                            "The Nazgûl in {region} strike {target}",
                            region=region_words(pair[0]),
                            target=region_words(pair[1]),
                        ),
                    )
                    for pair in found
                ]
                return ask(
                    frame,
                    side,
                    "spell",
                    options,
                    tr("the target"),
                    tr("Which Free Peoples Army do the Nazgûl strike?"),
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
class NazgulCommand(Staged):
    """Move the Nazgûl (or, for the Black Captain, recruit two), then Armies with them move or
    one attacks."""

    def __init__(self, card: str, black_captain: bool) -> None:
        super().__init__(card)
        self.black_captain = black_captain

    @property
    def title(self) -> str:
        return mark("{card}: move Armies").format(card=CARD_DATA[self.card].name)

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
        if self.black_captain:
            return "witch_king" in state["characters"]
        # Armies move or attack only with a Nazgûl: without one that can fly, nothing can happen.
        if any_pick(state, minions_frame(nazgul_only=True)) or self.attacks(state):
            return True
        return may_move(state, SHADOW, 2, self.title, **self.march(state))

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        data = frame["data"]
        if stage == "start" and self.black_captain and state["reinforcements"]["sauron"].get("leader", 0):
            where = place(self.witch_king(state) or "")
            first = [
                (Action("choose", ("recruit",)), tr("Recruit two Nazgûl in {region}", region=where)),
                (Action("choose", ("move",)), tr("Move any or all Nazgûl")),
            ]
            return ask(
                frame,
                side,
                "first",
                first,
                tr("first"),
                tr("Recruit two Nazgûl with the Witch-king, or move the Nazgûl?"),
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
                            (
                                Action("army", (region,)),
                                tr("Move the Army in {region}", region=region_words(region)),
                            )
                        )
            for action in self.attacks(state):
                origin, target = action.args
                options.append(
                    (
                        action,
                        tr(
                            "Attack {target} from {region}",
                            target=region_words(target),
                            region=region_words(origin),
                        ),
                    )
                )
            if not options:
                return False
            options.append((Action("done"), tr("Neither move nor attack")))
            return ask(
                frame,
                side,
                "then",
                options,
                tr("then"),
                tr("Move Armies with the Nazgûl, or attack with one?"),
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


CARDS: tuple[EventCard, ...] = (
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
)
