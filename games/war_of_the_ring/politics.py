"""The Political Track (§8): activation, advancing toward war, and who may do what before it.

State key ``politics``: ``{nation: {"steps": n, "active": bool}}`` — ``steps`` is the distance to
the At War box (0 = At War). A passive (Free Peoples) Nation never enters the last step.

Two Shadow table cards change the track while in play (:func:`wormtongue_bars`, and the
discard of Threats and Promises in :func:`advance`; its diplomacy rule is in ``recruit``).
Wormtongue's own discard is in ``event_cards.table``.

>>> state = {"politics": {"rohan": {"steps": 1, "active": False}}, "log": [], "seq": 0}
>>> can_advance(state, "rohan")
False
"""

from __future__ import annotations

from games.core import State, emit

from .card_piles import discard_from_table, on_table, seen
from .data import CHARACTERS, DUNLENDINGS, NATIONS, REGIONS
from .roles import ROLES


def at_war(state: State, nation: str) -> bool:
    if nation == DUNLENDINGS:
        return True  # Twilight of the Third Age: always At War once in play (D15)
    return bool(state["politics"][nation]["steps"] == 0)


def active(state: State, nation: str) -> bool:
    return bool(state["politics"][nation]["active"])


def can_advance(state: State, nation: str) -> bool:
    """Whether a step forward is possible: not At War yet, and a passive Nation not onto the
    last step."""
    track = state["politics"][nation]
    if track["steps"] == 0:
        return False
    return not (track["steps"] == 1 and not track["active"])


def activate(state: State, nation: str, why: str) -> bool:
    """Flip a passive Nation to active (§8.2); whether it changed."""
    track = state["politics"][nation]
    if track["active"] or (nation == "rohan" and wormtongue_bars(state, why)):
        return False
    track["active"] = True
    emit(state, "nation_activated", {"nation": nation, "why": why})
    return True


# -- table cards that change the Political Track ------------------------------------------------
#: Wormtongue (Shadow table card): Rohan is roused only by a Companion, by the Fellowship declared
#: in Edoras or Helm's Deep, or by an attack on them (its discard: ``event_cards.table``).
WORMTONGUE = "shc_22"
ROHAN_GATES = frozenset({"edoras", "helms_deep"})
#: Threats and Promises (Shadow table card): discarded once a Free Peoples Nation moves toward
#: war because it was attacked or by a Companion's counsel (Boromir, Legolas, Gimli).
THREATS_AND_PROMISES = "shs_05"
THREAT_BREAKERS = {"attacked": "nation_attacked", "counsel": "counsel"}


def wormtongue_bars(state: State, why: str) -> bool:
    """Whether Wormtongue keeps Rohan passive against this reason to rouse it."""
    if not on_table(state, WORMTONGUE) or why == "companion":
        return False
    if why == "fellowship_declared":
        return state["fellowship"]["region"] not in ROHAN_GATES
    if why == "attacked":
        battle = state.get("battle")
        return not battle or battle["region"] not in ROHAN_GATES
    return True


def lapse(state: State, card: str, why: str) -> None:
    """A table card's discard condition happened: off the table at once, face up."""
    for side in ROLES:
        if card in seen(state, "table", side):
            discard_from_table(state, side, card)
            emit(state, "table_card_discarded", {"side": side, "card": card, "why": why})


def advance(state: State, nation: str, why: str) -> bool:
    """One step toward war, if the track allows it; whether it moved."""
    if not can_advance(state, nation):
        return False
    track = state["politics"][nation]
    track["steps"] = track["steps"] - 1
    emit(state, "nation_advanced", {"nation": nation, "why": why, "steps": track["steps"]})
    if why in THREAT_BREAKERS and NATIONS[nation].side == "free":
        lapse(state, THREATS_AND_PROMISES, THREAT_BREAKERS[why])
    return True


def attacked(state: State, nations: list[str]) -> None:
    """An Army with units of these (Free Peoples) Nations was attacked: each is activated and
    moves one step (§8.3, once per battle)."""
    for nation in nations:
        activate(state, nation, "attacked")
        advance(state, nation, "attacked")


def settlement_captured(state: State, region: str) -> None:
    """§8.3 / §13: the Nation of a captured Settlement is activated and moves one step."""
    nation = REGIONS[region].nation
    if nation is None:
        return
    activate(state, nation, "captured")
    advance(state, nation, "captured")


def companion_activates(character: str, nation: str) -> bool:
    """Whether ``character``'s Nation icon lets him activate ``nation`` (§8.2)."""
    activates = CHARACTERS[character].activates
    return "any" in activates or nation in activates


def free_nations() -> tuple[str, ...]:
    return tuple(n for n, info in NATIONS.items() if info.side == "free")


def companion_arrives(state: State, character: str, region: str) -> bool:
    """§8.2: a Companion ending a move in (or entering play in) a City or Stronghold of a Free
    Peoples Nation his icon activates, not under enemy control, activates it; whether it did."""
    info = REGIONS[region]
    nation = info.nation
    if nation is None or NATIONS[nation].side != "free" or not (info.is_city or info.is_stronghold):
        return False
    if CHARACTERS[character].side != "free" or state["control"].get(region) != "free":
        return False
    return companion_activates(character, nation) and activate(state, nation, "companion")
