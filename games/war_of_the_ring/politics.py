"""The Political Track (§8): activation, advancing toward war, and who may do what before it.

State key ``politics``: ``{nation: {"steps": n, "active": bool}}`` — ``steps`` is the distance to
the At War box (0 = At War). A passive (Free Peoples) Nation never enters the last step.

>>> state = {"politics": {"rohan": {"steps": 1, "active": False}}, "log": [], "seq": 0}
>>> can_advance(state, "rohan")
False
"""

from __future__ import annotations

from games.core import State, emit

from .data import CHARACTERS, NATIONS, REGIONS


def at_war(state: State, nation: str) -> bool:
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
    if track["active"]:
        return False
    track["active"] = True
    emit(state, "nation_activated", {"nation": nation, "why": why})
    return True


def advance(state: State, nation: str, why: str) -> bool:
    """One step toward war, if the track allows it; whether it moved."""
    if not can_advance(state, nation):
        return False
    track = state["politics"][nation]
    track["steps"] = track["steps"] - 1
    emit(state, "nation_advanced", {"nation": nation, "why": why, "steps": track["steps"]})
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
