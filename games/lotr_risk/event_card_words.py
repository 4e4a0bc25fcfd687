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

from games.core.words import agree
from games.core.words import plural as plural_form

from .common import names, place_name, plural, role_title
from .data import TERRITORY_ORDER

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
    what = plural_form(wilds, "a wild card turned up is", f"{wilds} wild cards turned up are")
    return f"; {what} discarded and replaced"


def _with_wilds(derive: Derive) -> Derive:
    """``derive``'s words and the words of the wild cards replaced."""

    def both(args: Mapping[str, Any], lang: str) -> dict[str, str]:
        return {**derive(args, lang), "wild_words": _wild_words(args)}

    return both


def _turned(territories: Any) -> str | None:
    return names([place_name(t) for t in territories]) if territories else None


def _none_left(args: Mapping[str, Any]) -> str:
    return f"no territory card is left for {role_title(str(args['role']))} to turn up"


def _storm_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    where = _turned(args["territories"])
    if where is None:
        return {"storm_words": _none_left(args)}
    who = role_title(str(args["role"]))
    return {"storm_words": f"nobody may attack into or out of {where} until {who}'s next turn"}


def _held(territory: str, holders: Mapping[str, Any]) -> str:
    """A territory and who holds it ("Moria (Black)"); an event logged without its holders
    gives the territory alone."""
    holder = holders.get(territory)
    return f"{place_name(territory)} ({role_title(str(holder))})" if holder else place_name(territory)


def _losses(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    losses = sorted(args["losses"].items(), key=lambda item: TERRITORY_ORDER.index(item[0]))
    if not losses:
        return {"loss_words": _none_left(args)}
    holders = args.get("holders") or {}
    parts = [f"{_held(t, holders)} loses {n if n else 'nothing'}" for t, n in losses]
    return {"loss_words": names(parts)}


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
    count = plural(int(args["battalions"]), "battalion")
    if not holders:
        return {"muster_words": f"whoever holds {_turned(territories)} adds {count} there"}
    where = names([_held(t, holders) for t in territories])
    return {"muster_words": f"{where} {agree(len(territories), 'gets', 'each get')} {count}"}


def _none_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    if args["why"] == "two":
        return {"none_words": "already has two leaders on the board"}
    return {"none_words": "has no territory left without a leader"}


def _event_loss_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    lost = int(args["battalions"])
    if not lost:
        return {"loss_words": "keeps the last battalion there"}
    return {"loss_words": f"loses {plural(lost, 'battalion')} there"}


def _lost_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """
    >>> _lost_words({"lost": 1, "spent": True}, "en")["lost_words"]
    '1 attacking battalion is lost, and the attack cannot go on'
    """
    lost = int(args["lost"])
    words = f"{plural(lost, 'attacking battalion')} {agree(lost, 'is', 'are')} lost"
    return {"lost_words": words + (", and the attack cannot go on" if args.get("spent") else "")}


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
