"""The Free Peoples' Event cards that move, strike and attack Armies (issue 19): The Last
Battle, A Power too Great, The Power of Tom Bombadil, The Spirit of Mordor, Faramir's Rangers,
Help Unlooked For, Paths of the Woses, Through a Day and a Night, The Eagles are Coming!, the
three Ents Awake cards and Dead Men of Dunharrow.

Rulings are in docs/rules/war_of_the_ring.md ("Event cards: Armies"); the lasting effects of the
table cards in :mod:`..card_rules`; the Shadow's discard of A Power too Great and The Power of
Tom Bombadil in :mod:`.dispel`.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame

from .. import casualties, ents, occupation, politics, stacking
from ..battle_actions import card_attack, has_attackers
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
from ..card_rules import (
    COMPANION_FIGURES,
    MINAS_TIRITH,
    aragorn_abroad,
    shadow_barred,
)
from ..data import FREE, REGIONS, SHADOW
from ..i18n import mark
from .base import FREE_CARD, EventCard, ask
from .builders import Simple
from .dispel import dispel_next
from .marching import (
    DEAD_MEN_DESTINATIONS,
    ITHILIEN,
    ROHAN,
    SAURON_STRONGHOLDS,
    Staged,
    after_strike,
    land,
    may_move,
    move_armies,
    nations_in,
    nazgul_count,
    recruit_here,
    region_choices,
    roll_dice,
    shadow_armies,
    shift,
    strike,
    wait,
    where_army,
)
from .words import card, tr
from .words import region as region_words


# -- fps_01 The Last Battle, fps_02 A Power too Great, fps_03 The Power of Tom Bombadil ----------
def _nothing(state: State, side: str) -> None:
    """The Last Battle's whole effect lasts on the table (:mod:`..card_rules`)."""


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
                options = region_choices("army", found, mark("Strike the Shadow Army in {region}"))
                return ask(
                    frame,
                    side,
                    "army",
                    options,
                    tr("the Army"),
                    tr("Which Shadow Army do the five dice strike?"),
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
        joins = bool(units(state, "osgiliath", FREE)) and bool(
            self.recruits(state) or state["reinforcements"]["gondor"].get("leader", 0)
        )
        return bool(self.targets(state)) or joins

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
                        tr("Recruit a Gondor Regular and a Leader in Osgiliath")
                        if k == "regular"
                        else tr("Recruit a Gondor Elite and a Leader in Osgiliath"),
                    )
                    for k in kinds
                ]
                return ask(
                    frame,
                    side,
                    "unit",
                    options,
                    tr("the recruits"),
                    tr("Which Gondor unit joins the Leader?"),
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
        """``(from, Stronghold)``: a Free Peoples Army next to a Stronghold the Shadow besieges."""
        held = [r for r in state["garrisons"] if besieger(state, r) == SHADOW and units(state, r, SHADOW)]
        found = []
        for region in REGIONS if held else ():
            here = state["armies"].get(region)
            if not here or not has_attackers(state, FREE, here):
                continue
            found += [(region, h) for h in REGIONS[region].neighbours if h in held]
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
                        tr(
                            "Attack the besiegers of {stronghold} from {region}",
                            stronghold=region_words(pair[1]),
                            region=region_words(pair[0]),
                        ),
                    )
                    for pair in found
                ]
                return ask(
                    frame, side, "attack", options, tr("the attack"), tr("Which besiegers do you attack?")
                )
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


WOSES_TITLE = mark("Paths of the Woses: move a Rohan Army")


def woses(state: State) -> dict[str, Any]:
    """The move of Paths of the Woses: from Rohan (a besieged garrison too) to its destinations."""
    return {"dests": woses_destinations(state), "only": list(ROHAN), "garrison": True}


DAY_AND_NIGHT_TITLE = mark("Through a Day and a Night: move an Army with a Companion")


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

    def march(self, state: State) -> dict[str, Any]:
        """Two regions, taking a Companion: only Armies where a Companion stands in the open."""
        where = {
            w["region"]
            for c, w in state["characters"].items()
            if c in COMPANION_FIGURES and not w.get("inside") and units(state, w["region"], FREE)
        }
        return {"reach": 2, "need": "companion", "only": [r for r in REGIONS if r in where]}

    def can_play(self, state: State, side: str) -> bool:
        march = self.march(state)
        return bool(march["only"]) and may_move(state, FREE, 1, DAY_AND_NIGHT_TITLE, **march)

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if stage == "start":
            return move_armies(state, FREE, 1, DAY_AND_NIGHT_TITLE, **self.march(state))
        return False


# -- fpc_18 The Eagles are Coming! ------------------------------------------------------------------
class EaglesAreComing(Staged):
    card = "fpc_18"

    def targets(self, state: State) -> list[str]:
        companies = {
            where["region"]
            for c, where in state["characters"].items()
            if c in COMPANION_FIGURES and where_army(state, where["region"], FREE) is not None
        }
        found = []
        for region in REGIONS:
            if where_army(state, region, SHADOW) is None or not nazgul_count(state, region, witch_king=False):
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
                options = region_choices("army", found, mark("The Eagles fall on the Nazgûl in {region}"))
                return ask(
                    frame, side, "army", options, tr("the Nazgûl"), tr("Which Nazgûl do the Eagles attack?")
                )
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
                remove(state, region, "sauron", "leader", slain, where_army(state, region, SHADOW) is True)
                eliminated(state, "sauron", "leader", slain)
                emit(state, "nazgul_slain", {"region": region, "count": slain})
            frame["data"]["region"] = region
            homes = [r for r in SAURON_STRONGHOLDS if controller(state, r) == SHADOW]
            if not nazgul_count(state, region, witch_king=False) or not homes:
                return False
            if len(homes) > 1:
                options = region_choices("to", homes, mark("Send the Nazgûl left to {region}"))
                return ask(
                    frame, side, "home", options, tr("the survivors"), tr("Where do the surviving Nazgûl go?")
                )
            value = Action("to", (homes[0],))
        region = frame["data"]["region"]
        home = value.args[0]
        count = nazgul_count(state, region, witch_king=False)
        if home != region:
            remove(state, region, "sauron", "leader", count, where_army(state, region, SHADOW) is True)
            add(state, home, "sauron", "leader", count, besieged(state, home))  # besieged: inside
            emit(state, "nazgul_moved", {"from": region, "to": home, "count": count})
        return False


# -- fpc_19, fpc_20, fpc_21 The Ents Awake --------------------------------------------------------
ORTHANC = "orthanc"


class EntsAwake(Staged):
    """Three dice against the Shadow in Orthanc; then, with Gandalf the White in Fangorn or
    Rohan, another Character card at no die cost (:data:`.step.FREE_CARD`).

    With the Ents of Fangorn (Twilight of the Third Age, :mod:`..ents`): every play counts toward
    the third, after which the Ents leave; while they are in play the card may rouse them instead
    (the only way when its own condition fails)."""

    def can_play(self, state: State, side: str) -> bool:
        return self.printed(state) or ents.may_rouse(state)

    def printed(self, state: State) -> bool:
        if "gandalf_white" not in state["characters"]:
            return False
        return any(
            c in COMPANION_FIGURES and where["region"] == "fangorn"
            for c, where in state["characters"].items()
        )

    def next(self, state: State, side: str, frame: Frame, stage: str, value: Any) -> bool:
        if ents.in_game(state):
            if stage == "start":
                ents.count_event(state)
                if ents.may_rouse(state) and self.printed(state):
                    options = [
                        (Action("choose", ("ents",)), tr("Rouse the Ents of Fangorn")),
                        (Action("choose", ("orthanc",)), tr("The card's own Event: 3 dice against Orthanc")),
                    ]
                    return ask(
                        frame,
                        side,
                        "branch",
                        options,
                        card(self.card),
                        tr("Rouse the Ents, or the card's own Event?"),
                    )
                stage = "ents" if ents.may_rouse(state) else "printed"
            elif stage == "branch":
                stage = "ents" if value.args[0] == "ents" else "printed"
            if stage in ("ents", "ent_move", "ent_attack", "ent_struck"):
                if ents.rouse(state, frame, stage, value):
                    return True
                ents.after_event(state)
                return False
        waits = self.strike_orthanc(state, frame, "start" if stage == "printed" else stage)
        if not waits:
            ents.after_event(state)
        return waits

    def strike_orthanc(self, state: State, frame: Frame, stage: str) -> bool:
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
            options = region_choices(
                "to", DEAD_MEN_DESTINATIONS, mark("Take the Paths of the Dead to {region}")
            )
            return ask(
                frame,
                side,
                "to",
                options,
                tr("the Paths of the Dead"),
                tr("Where does the Grey Company come out?"),
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
                    options = region_choices("retreat", ways, mark("Retreat to {region}"))
                    return ask(
                        frame,
                        SHADOW,
                        "retreat",
                        options,
                        tr("the retreat"),
                        tr("The Dead drive your Army out: where does it retreat?"),
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
            if c in COMPANION_FIGURES
        ]
        riders = [c for c in COMPANION_FIGURES if c in riders]
        for rider in riders:
            state["characters"][rider] = {"region": dest, "inside": False}
        emit(state, "companions_moved", {"companions": riders, "from": start, "to": dest})
        for rider in riders:
            politics.companion_arrives(state, rider, dest)


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


CARDS: tuple[EventCard, ...] = (
    Simple("fps_01", _nothing, lambda state, side: aragorn_abroad(state)),
    Barring("fps_02", "elves"),
    Barring("fps_03", "north"),
    SpiritOfMordor(),
    FaramirsRangers(),
    HelpUnlookedFor(),
    PathsOfTheWoses(),
    ThroughADayAndANight(),
    EaglesAreComing(),
    EntsAwake("fpc_19"),
    EntsAwake("fpc_20"),
    EntsAwake("fpc_21"),
    DeadMenOfDunharrow(),
)
