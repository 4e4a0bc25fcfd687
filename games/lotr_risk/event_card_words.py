"""Log event kinds of the event cards and their English words, merged into :mod:`games.lotr_risk.events`.

``KINDS`` maps each kind to its parameters and their types (as in ``events.KINDS``),
``TEMPLATES`` one sentence per kind, ``DERIVED`` words computed from several arguments, and
``QUIET`` the kinds the table need not see. This module imports nothing of ``events``.

>>> _losses({"losses": {"moria": 0, "the_shire": 3}, "holders": {"moria": "black", "the_shire": "green"}},
...     "en")["loss_words"]
'the Shire (Green) loses 3 and Moria (Black) loses nothing'
>>> _storm_words({"role": "green", "territories": []}, "en")["storm_words"]
'no territory card is left for Green to turn up'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .data import TERRITORY_ORDER
from .grammar import place_name
from .i18n import listed, ntr, tr
from .roles import role_title

Derive = Callable[[Mapping[str, Any], str], dict[str, str]]

KINDS: dict[str, dict[str, str]] = {
    "second_leader_placed": {"role": "role", "territory": "territory"},
    "second_leader_none": {"role": "role", "why": "text"},
    "winter_storms_fell": {"role": "role", "territories": "territories", "wilds": "number"},
    "raiders_struck": {"role": "role", "losses": "counts", "holders": "holders", "wilds": "number"},
    "mustering_gathered": {
        "role": "role",
        "territories": "territories",
        "holders": "holders",
        "battalions": "number",
        "wilds": "number",
    },
    "uprising_drawn": {"role": "role", "wilds": "number"},
    "own_uprising_drawn": {"card": "card", "wilds": "number"},
    "uprising_no_card": {"role": "role", "wilds": "number"},
    "uprising_revealed": {"role": "role", "territory": "territory", "battalions": "number"},
    "corsairs_sail": {"role": "role", "battalions": "number"},
    "corsairs_struck": {
        "role": "role",
        "from": "territory",
        "to": "territory",
        "lost": "number",
        "spent": "flag",
    },
    "event_gain": {"card": "card", "role": "role", "territory": "territory", "battalions": "number"},
    "event_loss": {"card": "card", "role": "role", "territory": "territory", "battalions": "number"},
    "event_neutral": {"card": "card", "territory": "territory"},
}

TEMPLATES: dict[str, str] = {
    "second_leader_placed": "{role:cap} appoints a second leader in {territory}.",
    "second_leader_none": "{role:cap} {none_words}: Appoint a Second Leader has no effect.",
    "winter_storms_fell": "Winter Storms: {storm_words}{wild_words}.",
    "raiders_struck": "Raiders: {loss_words}{wild_words}.",
    "mustering_gathered": "Mustering of Middle-earth: {muster_words}{wild_words}.",
    "uprising_drawn": "{role:cap} sets a territory card aside in secret (Local Uprising){wild_words}.",
    "own_uprising_drawn": (
        "Local Uprising: you set {card} aside in secret{wild_words}; as soon as you hold that "
        "territory it is revealed and you add 4 battalions there."
    ),
    "uprising_no_card": "No territory card is left for {role}'s Local Uprising{wild_words}.",
    "uprising_revealed": (
        "{role:cap} reveals the card of {territory} (Local Uprising) and adds {battalions} "
        "{battalions:battalion|battalions} there."
    ),
    "corsairs_sail": (
        "Corsairs of Umbar: until {role}'s next turn, every attack across a sea route first loses "
        "{battalions} attacking {battalions:battalion|battalions} (one always stays)."
    ),
    "corsairs_struck": "The Corsairs strike {role}'s attack from {from} on {to}: {lost_words}.",
    "event_gain": (
        "{card}: {role:cap} holds {territory} and adds {battalions} {battalions:battalion|battalions} there."
    ),
    "event_loss": "{card}: {role:cap} holds {territory} and {loss_words}.",
    "event_neutral": "{card}: the neutral army holds {territory}; nothing happens.",
}


def _wild_words(args: Mapping[str, Any]) -> str:
    """
    >>> _wild_words({"wilds": 1}), _wild_words({"wilds": 0})
    ('; a wild card turned up is discarded and replaced', '')
    """
    wilds = int(args.get("wilds") or 0)
    if not wilds:
        return ""
    return ntr(
        "; a wild card turned up is discarded and replaced",
        "; {count} wild cards turned up are discarded and replaced",
        wilds,
    )


def _with_wilds(derive: Derive) -> Derive:
    """``derive``'s words and the words of the wild cards replaced."""

    def both(args: Mapping[str, Any], lang: str) -> dict[str, str]:
        return {**derive(args, lang), "wild_words": _wild_words(args)}

    return both


def _turned(territories: Any) -> str | None:
    return listed([place_name(t) for t in territories]) if territories else None


def _none_left(args: Mapping[str, Any]) -> str:
    return tr("no territory card is left for {role} to turn up", role=role_title(str(args["role"])))


def _storm_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    where = _turned(args["territories"])
    if where is None:
        return {"storm_words": _none_left(args)}
    who = role_title(str(args["role"]))
    return {
        "storm_words": tr(
            "nobody may attack into or out of {territories} until {role}'s next turn",
            territories=where,
            role=who,
        )
    }


def _held(territory: str, holders: Mapping[str, Any]) -> str:
    """A territory and who holds it ("Moria (Black)"); an event logged without its holders
    gives the territory alone."""
    holder = holders.get(territory)
    if not holder:
        return place_name(territory)
    return tr("{territory} ({role})", territory=place_name(territory), role=role_title(str(holder)))


def _losses(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    losses = sorted(args["losses"].items(), key=lambda item: TERRITORY_ORDER.index(item[0]))
    if not losses:
        return {"loss_words": _none_left(args)}
    holders = args.get("holders") or {}
    parts = [
        tr("{territory} loses {count}", territory=_held(t, holders), count=n)
        if n
        else tr("{territory} loses nothing", territory=_held(t, holders))
        for t, n in losses
    ]
    return {"loss_words": listed(parts)}


def _muster_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """
    >>> _muster_words({"territories": ["moria"], "holders": {"moria": "red"}, "battalions": 3},
    ...     "en")["muster_words"]
    'Moria (Red) gets 3 battalions'
    """
    territories = args["territories"]
    if not territories:
        return {"muster_words": _none_left(args)}
    holders = args.get("holders")
    battalions = int(args["battalions"])
    if not holders:
        return {
            "muster_words": ntr(
                "whoever holds {territories} adds {count} battalion there",
                "whoever holds {territories} adds {count} battalions there",
                battalions,
                territories=_turned(territories),
            )
        }
    where = listed([_held(t, holders) for t in territories])
    if len(territories) == 1:
        words = ntr(
            "{territory} gets {count} battalion",
            "{territory} gets {count} battalions",
            battalions,
            territory=where,
        )
    else:
        words = ntr(
            "{territories} each get {count} battalion",
            "{territories} each get {count} battalions",
            battalions,
            territories=where,
        )
    return {"muster_words": words}


def _none_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    if args["why"] == "two":
        return {"none_words": tr("already has two leaders on the board")}
    return {"none_words": tr("has no territory left without a leader")}


def _event_loss_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    lost = int(args["battalions"])
    if not lost:
        return {"loss_words": tr("keeps the last battalion there")}
    return {"loss_words": ntr("loses {count} battalion there", "loses {count} battalions there", lost)}


def _lost_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """
    >>> _lost_words({"lost": 1, "spent": True}, "en")["lost_words"]
    '1 attacking battalion is lost, and the attack cannot go on'
    """
    lost = int(args["lost"])
    if args.get("spent"):
        words = ntr(
            "{count} attacking battalion is lost, and the attack cannot go on",
            "{count} attacking battalions are lost, and the attack cannot go on",
            lost,
        )
    else:
        words = ntr("{count} attacking battalion is lost", "{count} attacking battalions are lost", lost)
    return {"lost_words": words}


def _nothing(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {}


DERIVED: dict[str, Derive] = {
    "second_leader_none": _none_words,
    "winter_storms_fell": _with_wilds(_storm_words),
    "raiders_struck": _with_wilds(_losses),
    "mustering_gathered": _with_wilds(_muster_words),
    "uprising_drawn": _with_wilds(_nothing),
    "own_uprising_drawn": _with_wilds(_nothing),
    "uprising_no_card": _with_wilds(_nothing),
    "corsairs_struck": _lost_words,
    "event_loss": _event_loss_words,
}
QUIET: frozenset[str] = frozenset()
