"""Who and what is in a battle in progress (§11.2): the figures of each side, Combat Strength,
Leadership, the target number, and where a defender may go. Shared by :mod:`.battle` (the
procedure) and the Combat cards (:mod:`.combat_round`, :mod:`.combat_effects`), which change
some of these numbers for one round: the round's effects live in ``state["battle"]["fx"]`` (see
:mod:`.combat_round`) and are read here — a Companion whose Leadership is forfeited or silenced
(Words of Power), Nazgûl Leadership forfeited.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import State

from .board import KINDS, UNIT_KINDS, army, besieged, characters_at, controller, free_for
from .card_rules import shadow_barred
from .data import ARMY_NATIONS, CHARACTERS, FREE, NEIGHBOURS, REGIONS, SHADOW

#: No modifier ever gives more dice (or re-rolls) than this (§11.2).
MAX_DICE = 5
#: The usual target number, and the attacker's against a City or Fortification in round 1 and in
#: a siege battle (§12.1, §12.3).
HIT = 5
HARD_HIT = 6
CAPTAIN = "captain_of_the_west"

Counts = dict[str, dict[str, int]]


# -- small helpers on figure counts -------------------------------------------------------------
def minus(whole: Mapping[str, Mapping[str, int]], part: Mapping[str, Mapping[str, int]]) -> Counts:
    """``whole`` less ``part``, Nation by Nation, in data order (never negative).

    >>> minus({"gondor": {"regular": 3, "leader": 1}}, {"gondor": {"regular": 1}})
    {'gondor': {'regular': 2, 'leader': 1}}
    """
    found: Counts = {}
    for nation in ARMY_NATIONS:
        if nation not in whole:
            continue
        rest = {k: whole[nation].get(k, 0) - part.get(nation, {}).get(k, 0) for k in KINDS}
        kept = {k: v for k, v in rest.items() if v > 0}
        if kept:
            found[nation] = kept
    return found


def total(counts: Mapping[str, Mapping[str, int]], *kinds: str) -> int:
    return sum(c.get(k, 0) for c in counts.values() for k in kinds)


def unit_count(counts: Mapping[str, Mapping[str, int]]) -> int:
    """Army units (Regulars and Elites)."""
    return total(counts, *UNIT_KINDS)


def in_order(characters: list[str]) -> list[str]:
    """Characters in data order (the state's dict order changes through a dump and a load)."""
    return [c for c in CHARACTERS if c in characters]


def add_counts(target: dict[str, Any], nation: str, kind: str, n: int) -> None:
    here = dict(target.get(nation, {}))
    here[kind] = here.get(kind, 0) + n
    target[nation] = here


# -- who is in the battle -----------------------------------------------------------------------
def current(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state["battle"]
    return found


def place(state: State, side: str) -> tuple[str, bool]:
    """Where ``side``'s figures in the battle stand: the region and whether inside the Stronghold."""
    b = current(state)
    if side == b["attacker"]:
        return b["from"], bool(b["sortie"])
    return b["region"], bool(b["siege"])


def figures(state: State, side: str) -> tuple[Counts, list[str]]:
    """``side``'s figures in the battle: ``{nation: counts}`` and characters. The attacker's are
    his Army less the rearguard; the defender's, his whole Army there (every figure defends)."""
    b = current(state)
    region, inside = place(state, side)
    here = army(state, region, side, inside)
    chars = characters_at(state, region, side, inside)
    if side == b["attacker"]:
        here = minus(here, b["rearguard"])
        chars = [c for c in chars if c not in b["rearguard_characters"]]
    return minus(here, {}), in_order(chars)


def captains(characters: list[str]) -> int:
    """Companions with Captain of the West (+1 Combat Strength each, §9.2)."""
    return sum(1 for c in characters if any(a.id == CAPTAIN for a in CHARACTERS[c].abilities))


def round_effects(state: State) -> dict[str, Any]:
    """This round's Combat-card effects (empty outside the combat part of a round)."""
    found: dict[str, Any] = current(state).get("fx") or {}
    return found


def silenced(state: State) -> list[str]:
    """Companions whose Leadership and abilities do not count this round (Words of Power)."""
    return list(round_effects(state).get("silenced", ()))


def combat_strength(state: State, side: str) -> int:
    """§11.2: Army units in the battle plus Captains of the West, at most 5 dice (a silenced
    Captain adds nothing)."""
    counts, chars = figures(state, side)
    quiet = silenced(state)
    dice = min(MAX_DICE, unit_count(counts) + captains([c for c in chars if c not in quiet]))
    fewer = int(rules(state).get("fewer_dice", {}).get(side, 0))  # Help Unlooked For
    return max(min(dice, 1), dice - fewer)


def rules(state: State) -> dict[str, Any]:
    """The rules an Event card gave to the battle in progress (none for a die's attack)."""
    found: dict[str, Any] = current(state).get("rules") or {}
    return found


def nazgul_leadership(counts: Mapping[str, Mapping[str, int]], characters: list[str]) -> int:
    """The Leadership of the Nazgûl there, the Witch-king's included (he is a Nazgûl, §9.3)."""
    witch_king = CHARACTERS["witch_king"].leadership if "witch_king" in characters else 0
    return counts.get("sauron", {}).get("leader", 0) + witch_king


def leadership(state: State, side: str) -> int:
    """§11.2: Leaders and Nazgûl, plus the characters' Leadership (Isengard Elites count as Leaders
    while Saruman is in play: Servants of the White Hand), less what The White Rider cancels;
    at most 5 re-rolls."""
    counts, chars = figures(state, side)
    fx = round_effects(state)
    off = {*fx.get("silenced", ()), *fx.get("forfeited", ())}
    found = total(counts, "leader") + sum(CHARACTERS[c].leadership for c in chars if c not in off)
    if "saruman" in state["characters"]:
        found += counts.get("isengard", {}).get("elite", 0)
    if current(state).get("white_rider"):
        if side == FREE and "gandalf_white" in chars and "gandalf_white" not in off:
            found -= CHARACTERS["gandalf_white"].leadership
        if side == SHADOW:
            found -= nazgul_leadership(counts, chars)
    if side == SHADOW:
        found -= int(fx.get("nazgul_forfeit", 0))
    return max(0, min(MAX_DICE, found))


def nazgul_points(state: State) -> int:
    """The Nazgûl Leadership in the battle that may still be forfeited this round: none under
    The White Rider, less what Combat cards forfeited already."""
    if current(state).get("white_rider"):
        return 0
    counts, chars = figures(state, SHADOW)
    return max(0, nazgul_leadership(counts, chars) - int(round_effects(state).get("nazgul_forfeit", 0)))


def to_hit(state: State, side: str) -> int:
    """The target number: 5, but the attacker needs 6 in a siege battle (every round) and in the
    first round against a City or a Fortification (§12.1, §12.3); a Stronghold fought in the field
    gives no penalty (§19 item 39)."""
    b = current(state)
    if side != b["attacker"]:
        return HIT
    if b["siege"]:
        return HARD_HIT
    settlement = REGIONS[b["region"]].settlement
    if b["round"] == 1 and settlement in ("city", "fortification"):
        return HARD_HIT
    return HIT


def is_hit(value: int, target: int, modifier: int = 0) -> bool:
    """A natural 6 always hits, a natural 1 always misses, whatever the modifiers (§11.3).

    >>> [is_hit(v, 6) for v in (1, 5, 6)], [is_hit(v, 5) for v in (1, 4, 5)]
    ([False, False, True], [False, False, True])
    >>> is_hit(4, 5, 1), is_hit(1, 2, 5), is_hit(6, 5, -1)
    (True, False, True)
    """
    return value == 6 or (value != 1 and value + modifier >= target)


def can_withdraw(state: State) -> bool:
    """§12.2: the defender holds his own side's Stronghold there, not besieged already."""
    b = current(state)
    if b["siege"] or b["sortie"] or b["relief"]:
        return False
    region = b["region"]
    return (
        REGIONS[region].is_stronghold
        and controller(state, region) == b["defender"]
        and not besieged(state, region)
    )


def retreat_regions(state: State) -> list[str]:
    """§11.3 step 5, §11.4: the adjacent regions free for the defender; none for a besieged Army
    (nor, for the Shadow, a region a Free Peoples table card closes to his Armies)."""
    b = current(state)
    if b["siege"]:
        return []
    side = b["defender"]
    return sorted(
        r
        for r in NEIGHBOURS[b["region"]]
        if free_for(state, r, side) and not (side == SHADOW and shadow_barred(state, r))
    )


def white_rider_possible(state: State) -> bool:
    """Gandalf the White fights with the Free Peoples and Nazgûl lead the Shadow here (§9.2)."""
    _, free_chars = figures(state, FREE)
    shadow, shadow_chars = figures(state, SHADOW)
    return "gandalf_white" in free_chars and nazgul_leadership(shadow, shadow_chars) > 0
