"""Log event kinds of the power cards and their English words, merged into :mod:`games.lotr_risk.events`.

``KINDS`` maps each kind to its parameters and their types (as in ``events.KINDS``),
``TEMPLATES`` one sentence per kind, ``DERIVED`` words computed from several arguments, and
``QUIET`` the kinds the table need not see. This module imports nothing of ``events``.

Every kind follows the ``power_played`` / ``reaction_played`` event that names the card, and
says what it did. None is quiet: the effect of a card played is what the table must see.

>>> _count_words({"count": 1}, "en"), _count_words({"count": 3}, "en")
({'count_words': '1 battalion'}, {'count_words': '3 battalions'})
>>> _range_words({"range": "misty_mountains_moria"}, "en")
{'range_words': 'Misty Mountains (Moria)'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .data import RANGES
from .grammar import place_name
from .i18n import english, ntr, ptr, tr
from .roles import role_title

KINDS: dict[str, dict[str, str]] = {
    "power_battalions": {"role": "role", "territory": "territory", "count": "number"},
    "power_deserted": {
        "role": "role",
        "from": "territory",
        "to": "territory",
        "count": "number",
        "defender": "role",
    },
    "power_bridge_closed": {"role": "role", "from": "territory", "to": "territory"},
    "power_stronghold_cancelled": {"role": "role", "territory": "territory", "defender": "role"},
    "power_extra_moves": {"role": "role", "count": "number", "unlimited": "flag"},
    "power_mountain_attack": {"role": "role", "from": "territory", "to": "territory", "range": "text"},
    "power_black_sails": {"role": "role", "from": "territory", "to": "territory"},
    "power_leader_borne": {"role": "role", "from": "territory", "to": "territory"},
    "power_ring_hastened": {"role": "role", "from": "territory", "to": "territory"},
    "power_ring_no_further": {"role": "role", "territory": "territory"},
    "power_storm": {"role": "role", "attacker": "role", "territory": "territory", "count": "number"},
    "power_withdrawal": {"role": "role", "from": "territory", "to": "territory", "count": "number"},
    "power_ring_held": {"role": "role", "territory": "territory"},
    "power_ring_roll_needed": {"role": "role", "territory": "territory", "threshold": "number"},
    "power_ring_roll_changed": {
        "role": "role",
        "territory": "territory",
        "before": "number",
        "after": "number",
    },
}

TEMPLATES: dict[str, str] = {
    "power_battalions": "{role:cap} adds {count_words} to {territory}.",
    "power_deserted": "{deserted_words}",
    "power_bridge_closed": (
        "Until {role}'s next turn, no battalions cross the bridge between {from} and {to} "
        "unless a leader crosses with them."
    ),
    "power_stronghold_cancelled": "{cancelled_words}",
    "power_extra_moves": "{moves_words}",
    "power_mountain_attack": "{role:cap} goes under the {range_words} from {from} to attack {to}.",
    "power_black_sails": "{role:cap} adds 1 to the highest die in every roll of this invasion of {to}.",
    "power_leader_borne": "{role:cap}'s leader is borne from {from} to {to}.",
    "power_ring_hastened": "{role:cap} hurries the Fellowship on from {from} to {to} without a roll.",
    "power_ring_no_further": "{role:cap} cannot hurry the Fellowship on: no space lies beyond {territory}.",
    "power_storm": (
        "{role:cap}'s violent storm sinks {count_words} of {attacker}'s fleet sailing from {territory}."
    ),
    "power_withdrawal": "{role:cap} withdraws {count_words} from {from} to {to}.",
    "power_ring_held": "{role:cap} holds the Fellowship in {territory} until the next turn.",
    "power_ring_roll_needed": (
        "{role:cap} forces the Fellowship to roll {threshold} or more to leave {territory}."
    ),
    "power_ring_roll_changed": (
        "{role:cap} changes the Fellowship's roll in {territory} from {before} to {after}."
    ),
}


def _count_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"count_words": ntr("{count} battalion", "{count} battalions", int(args["count"]))}


def _deserted_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Who loses the deserters and who gains them (older events name no defender).

    >>> _deserted_words({"role": "green", "from": "moria", "to": "eregion", "count": 2,
    ...     "defender": "black"}, "en")["deserted_words"]
    "2 of Black's battalions desert Moria to join Green in Eregion."
    >>> _deserted_words({"role": "green", "from": "moria", "to": "eregion", "count": 0},
    ...     "en")["deserted_words"]
    'Nobody deserts Moria to join Green: one battalion always stays.'
    """
    source, target = place_name(str(args["from"])), place_name(str(args["to"]))
    who = role_title(str(args["role"]))
    count = int(args["count"])
    if not count:
        return {
            "deserted_words": tr(
                "Nobody deserts {origin} to join {role}: one battalion always stays.", origin=source, role=who
            )
        }
    defender = args.get("defender")
    if defender:
        words = ntr(
            "{count} of {defender}'s battalions deserts {origin} to join {role} in {destination}.",
            "{count} of {defender}'s battalions desert {origin} to join {role} in {destination}.",
            count,
            defender=role_title(str(defender)),
            origin=source,
            role=who,
            destination=target,
        )
    else:
        words = ntr(
            "{count} of the battalions deserts {origin} to join {role} in {destination}.",
            "{count} of the battalions desert {origin} to join {role} in {destination}.",
            count,
            origin=source,
            role=who,
            destination=target,
        )
    return {"deserted_words": words}


def _cancelled_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """
    >>> _cancelled_words({"role": "green", "territory": "moria", "defender": "black"}, "en")
    {'cancelled_words': 'The stronghold of Moria gives Black no +1 against Green in this attack.'}
    """
    place = place_name(str(args["territory"]))
    defender = args.get("defender")
    who = role_title(str(args["role"]))
    if defender:
        words = tr(
            "The stronghold of {territory} gives {defender} no +1 against {role} in this attack.",
            territory=place,
            defender=role_title(str(defender)),
            role=who,
        )
    else:
        words = tr(
            "The stronghold of {territory} gives its defenders no +1 against {role} in this attack.",
            territory=place,
            role=who,
        )
    return {"cancelled_words": words}


def _moves_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    who = role_title(str(args["role"]))
    if args["unlimited"]:
        return {
            "moves_words": tr(
                "{role} may move by night (redeployment is unlimited in this edition).", role=who
            )
        }
    return {
        "moves_words": ntr(
            "{role} may make up to {count} more move this turn.",
            "{role} may make up to {count} more moves this turn.",
            int(args["count"]),
            role=who,
        )
    }


def _range_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    found = RANGES.get(str(args["range"]))
    if found is None:
        return {"range_words": str(args["range"]).replace("_", " ")}
    return {"range_words": found.name if english() else ptr("range", found.name)}


DERIVED: dict[str, Callable[[Mapping[str, Any], str], dict[str, str]]] = {
    "power_battalions": _count_words,
    "power_deserted": _deserted_words,
    "power_stronghold_cancelled": _cancelled_words,
    "power_extra_moves": _moves_words,
    "power_mountain_attack": _range_words,
    "power_storm": _count_words,
    "power_withdrawal": _count_words,
}
QUIET: frozenset[str] = frozenset()
