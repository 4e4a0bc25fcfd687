"""The log events of Risk: The Lord of the Rings as data, and their words (English first).

``KINDS`` lists every event kind (result reasons included) with its parameters and their types;
``TEMPLATES`` has one sentence per kind and language. A hidden card is never an argument of a
public event: the owner gets an ``own_...`` projection naming it. ``QUIET`` are the single steps
the table need not see (a claim, one battalion placed, one roll, a fortify move): each phase
ends with a summary that is worth a post (``claims_done``, ``placement_revealed`` /
``placement_done``, ``reinforced``, ``attack`` from declaration to its end with every roll,
``fortified``, the Ring's move).

>>> PRESENTER.text("rolled", {"role": "green", "from": "fangorn", "to": "lorien", "defender": "black",
...     "attack": [6, 5, 2], "defence": [4, 3], "attack_bonus": 0, "defence_bonus": 0, "lost_attack": 0,
...     "lost_defence": 2})
'Green rolls 6 5 2 against 4 3 from Fangorn into Lorien: Black loses 2.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core import Presenter
from games.core.i18n import CatalogTables, best

from . import event_card_words, power_card_words
from .board import card_name
from .data import CARDS, TERRITORY_ORDER
from .grammar import place_name
from .i18n import DOMAIN, card_title, listed, ntr, region_words, speaking, tr
from .roles import ALL_ROLES, role_title

# -- kinds ------------------------------------------------------------------------------------
KINDS: dict[str, dict[str, str]] = {
    # set-up
    "dealt": {"territories": "dealt", "neutral": "territories", "battalions": "number"},
    "placement_roll": {"rolls": "rolls_off", "first": "role"},
    "claimed": {"role": "role", "territory": "territory"},
    "claims_done": {"territories": "role_counts"},
    "placement_ready": {"role": "role"},
    "own_placement_ready": {"placed": "counts", "leader": "place"},
    "placement_revealed": {"placed": "placements", "leaders": "leaders"},
    "start_placed": {"role": "role", "territory": "territory"},
    "placement_done": {"placed": "placements"},
    "leader_placed": {"role": "role", "territory": "territory"},
    "cards_dealt": {"counts": "hand_counts"},
    "own_cards_dealt": {"territory": "cards", "adventure": "cards"},
    "turn_order": {"rolls": "rolls_off", "order": "roles"},
    # the turn
    "turn_started": {"role": "role", "number": "number"},
    "effect_ended": {"kind": "effect", "by": "role"},
    "placed": {"role": "role", "territory": "territory", "count": "number"},
    "stronghold_battalions": {"role": "role", "territories": "territories", "each": "number"},
    "traded": {"role": "role", "cards": "cards", "battalions": "number", "bonus": "number"},
    "reinforced": {
        "role": "role",
        "base": "number",
        "regions": "regions",
        "strongholds": "territories",
        "trades": "trades",
        "placed": "counts",
    },
    "territory_deck_shuffled": {"cards": "number"},
    "adventure_deck_shuffled": {"cards": "number"},
    "attack_declared": {"role": "role", "from": "territory", "to": "territory", "defender": "role"},
    "rolled": {
        "role": "role",
        "from": "territory",
        "to": "territory",
        "defender": "role",
        "attack": "dice",
        "defence": "dice",
        "attack_bonus": "number",
        "defence_bonus": "number",
        "lost_attack": "number",
        "lost_defence": "number",
    },
    "attack": {
        "role": "role",
        "from": "territory",
        "to": "territory",
        "defender": "role",
        "rolls": "rolls",
        "lost_attack": "number",
        "lost_defence": "number",
        "conquered": "flag",
        "moved": "number",
        "leader_moved": "flag",
        "leader_lost": "flag",
        "eliminated": "role",
        "ended": "text",
    },
    "eliminated": {"role": "role", "by": "role", "cards": "number"},
    "player_dropped": {"role": "role", "territories": "number"},
    "player_resigned": {"role": "role", "territories": "number"},
    "own_cards_taken": {"role": "role", "cards": "cards"},
    "mission_completed": {
        "role": "role",
        "card": "card",
        "territory": "territory",
        "battalions": "number",
        "cards": "number",
    },
    "drew_territory_card": {"role": "role", "why": "text"},
    "own_territory_card": {"card": "card", "why": "text"},
    "no_territory_card": {"role": "role"},
    "moved": {"role": "role", "from": "territory", "to": "territory", "count": "number", "leader": "flag"},
    "fortified": {"role": "role", "moves": "moves"},
    "leader_replaced": {"role": "role", "territory": "territory"},
    "event_revealed": {"role": "role", "card": "card"},
    "drew_adventure_card": {"role": "role"},
    "own_adventure_card": {"card": "card"},
    "no_adventure_card": {"role": "role"},
    "discarded": {"role": "role", "card": "card"},
    "power_played": {"role": "role", "card": "card"},
    "reaction_played": {"role": "role", "card": "card"},
    "ring_stays": {"role": "role", "territory": "territory", "roll": "roll", "threshold": "number"},
    "ring_moved": {
        "role": "role",
        "territory": "territory",
        "to": "territory",
        "roll": "roll",
        "threshold": "number",
    },
    "ring_end": {
        "role": "role",
        "territory": "territory",
        "roll": "roll",
        "threshold": "number",
        "destroyed": "flag",
    },
    "hunt": {"role": "role", "territory": "territory", "dice": "dice", "bonus": "number", "found": "flag"},
    "final_scores": {"scores": "scores", "winners": "roles"},
    "won": {"roles": "roles", "reason": "event"},
    # result reasons
    "ring_left": {"totals": "totals"},
    "ring_destroyed": {"totals": "totals"},
    "total_conquest": {"role": "role"},
    "world_conquest": {"role": "role"},
    "last_standing": {"role": "role"},
    "ring_found": {"role": "role", "territory": "territory"},
    "resignation": {"role": "role"},
}

#: Result reasons among the kinds (the end of "X wins: ...").
REASONS = frozenset(
    {
        "ring_left",
        "ring_destroyed",
        "total_conquest",
        "world_conquest",
        "last_standing",
        "ring_found",
        "resignation",
    }
)

QUIET = frozenset(
    {
        "claimed",
        "start_placed",
        "leader_placed",
        "placement_ready",
        "turn_started",
        "effect_ended",
        "placed",
        "stronghold_battalions",
        "traded",
        "territory_deck_shuffled",
        "adventure_deck_shuffled",
        "attack_declared",
        "rolled",
        "moved",
    }
)
RESULT_EVENTS = frozenset({"won"})

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "dealt": (
            "The territories are dealt ({battalions} {battalions:battalion|battalions} each): "
            "{territories}{neutral_words}."
        ),
        "placement_roll": "Placement roll: {rolls}. {first:cap} places first.",
        "claimed": "{role:cap} claims {territory}.",
        "claims_done": "Every territory is claimed: {territories}.",
        "placement_ready": "{role:cap} has placed the starting battalions in secret.",
        "own_placement_ready": "You placed {placed}{leader}; it shows when everyone has confirmed.",
        "placement_revealed": "The starting placements are revealed: {placed}.{leaders}",
        "start_placed": "{role:cap} places a battalion in {territory}.",
        "placement_done": "All starting battalions are placed: {placed}.",
        "leader_placed": "{role:cap} puts the leader in {territory}.",
        "cards_dealt": "The cards are dealt: {counts}.",
        "own_cards_dealt": "Your cards: {territory}; adventure cards: {adventure}.",
        "turn_order": "Turn-order roll: {rolls}. Play goes {order}.",
        "turn_started": "{role:cap} begins turn {number}.",
        "effect_ended": "{kind} ({by}) ends.",
        "placed": "{role:cap} places {count} in {territory}.",
        "stronghold_battalions": "{role:cap} gets {each} in each stronghold: {territories}.",
        "traded": "{role:cap} trades {cards} for {battalions}{bonus_words}.",
        "reinforced": (
            "{role:cap} reinforces with {base}{regions_words}{trades_words}: {placed}{strongholds_words}."
        ),
        "territory_deck_shuffled": "The territory discard pile ({cards}) is shuffled into a new deck.",
        "adventure_deck_shuffled": "The adventure discard pile ({cards}) is shuffled into a new deck.",
        "attack_declared": "{role:cap} attacks {to} ({defender}) from {from}.",
        "rolled": "{role:cap} rolls {roll_words} from {from} into {to}: {loss_words}.",
        "attack": "{role:cap} attacks {to} ({defender}) from {from}: {rolls_words}. {outcome_words}",
        "eliminated": "{role:cap} is eliminated by {by}, who takes {cards_words}.",
        "own_cards_taken": "{role:cap} is eliminated by you; {taken_words}.",
        "player_dropped": "{role:cap} ran out of time and is out of the game: {territories_words}.",
        "player_resigned": (
            "{role:cap} resigned and is out of the game: {territories_words}. The others play on."
        ),
        "mission_completed": "{role:cap} completes {card} in {territory}: {reward_words}.",
        "drew_territory_card": "{role:cap} draws a territory card{why_words}.",
        "own_territory_card": "You draw {card}{why_words}.",
        "no_territory_card": "No territory card is left for {role} to draw.",
        "moved": "{role:cap} moves {count_words} from {from} to {to}.",
        "fortified": "{role:cap} fortifies: {moves}.",
        "leader_replaced": "{role:cap} places a new leader in {territory}.",
        "event_revealed": "{role:cap} draws the event {card}!",
        "drew_adventure_card": "{role:cap} draws an adventure card.",
        "own_adventure_card": "You draw {card}.",
        "no_adventure_card": "No adventure card is left for {role} to draw.",
        "discarded": "{role:cap} discards {card} (hand limit).",
        "power_played": "{role:cap} plays {card}.",
        "reaction_played": "{role:cap} reveals {card}!",
        "ring_stays": "The Ring stays in {territory}{roll_words}.",
        "ring_moved": "The Fellowship moves from {territory} to {to}{roll_words}.",
        "ring_end": "{end_words}",
        "hunt": "{role:cap} hunts for the Ring in {territory}: {dice}{bonus_words} — {found_words}.",
        "final_scores": "Final scores: {scores}.",
        "won": "{roles} {win_words}: {reason}.",
        "ring_left": "the Ring left Middle-earth ({totals})",
        "ring_destroyed": "the Ring was destroyed on Mount Doom ({totals})",
        "total_conquest": "{role} holds every territory",
        "world_conquest": "{role} conquered the world",
        "last_standing": "{role} is the last player standing",
        "ring_found": "{role} found the Ring in {territory}",
        "resignation": "{role} resigned, so the game ends on the scores",
    }
}


# -- formats ----------------------------------------------------------------------------------
# Each formatter speaks the language of :func:`games.lotr_risk.i18n.speaking` (the presenter
# speaks the ``lang`` it is asked for); ``lang`` is kept for the core's formatter signature.
_ROLE_ORDER = {role: index for index, role in enumerate(ALL_ROLES)}
_TERRITORY_ORDER = {territory: index for index, territory in enumerate(TERRITORY_ORDER)}


def _by_role(value: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Items of a mapping keyed by role, in a fixed order (a loaded state sorts its keys).

    >>> _by_role({"red": 1, "green": 2})
    [('green', 2), ('red', 1)]
    """
    return sorted(value.items(), key=lambda item: _ROLE_ORDER.get(item[0], len(_ROLE_ORDER)))


def _by_territory(value: Mapping[str, Any]) -> list[tuple[str, Any]]:
    return sorted(value.items(), key=lambda item: _TERRITORY_ORDER.get(item[0], 0))


def _semi(parts: Sequence[str]) -> str:
    """Groups of a list, each already a list ("Green 3; Black 2"): the language's separator."""
    return tr("; ").join(parts)


def _comma(parts: Sequence[str]) -> str:
    return tr(", ").join(parts)


def _role(value: Any, lang: str) -> str:
    return role_title(str(value)) if value else tr("nobody")


def _territories(value: Sequence[str], lang: str) -> str:
    return listed([place_name(t) for t in value]) or tr("none")


def _counts(value: Mapping[str, int], lang: str) -> str:
    parts = [tr("{count} in {territory}", count=n, territory=place_name(t)) for t, n in _by_territory(value)]
    return _comma(parts) or tr("nothing")


def _placements(value: Mapping[str, Mapping[str, int]], lang: str) -> str:
    return _semi([tr("{role} {what}", role=role_title(r), what=_counts(c, lang)) for r, c in _by_role(value)])


def _dealt(value: Mapping[str, Sequence[str]], lang: str) -> str:
    return _semi(
        [tr("{role} {what}", role=role_title(r), what=_territories(ts, lang)) for r, ts in _by_role(value)]
    )


def _rolled_by(rolls: Mapping[str, int]) -> str:
    return _comma([tr("{role} {number}", role=role_title(r), number=n) for r, n in _by_role(rolls)])


def _rolls_off(value: Sequence[Mapping[str, int]], lang: str) -> str:
    """
    >>> _rolls_off([{"green": 4, "black": 4}, {"green": 2, "black": 5}], "en")
    'Green 4, Black 4; again Green 2, Black 5'
    >>> _rolls_off([{"black": 4, "green": 4}], "en")
    'Green 4, Black 4'
    """
    if not value:
        return ""
    text = _rolled_by(value[0])
    for rolls in value[1:]:
        text = tr("{before}; again {rolls}", before=text, rolls=_rolled_by(rolls))
    return text


def _dice(value: Sequence[int], lang: str) -> str:
    return " ".join(str(d) for d in value)


def _modified(dice: Sequence[int], bonus: int) -> str:
    """
    >>> _modified([6, 3], 2), _modified([4], 0)
    ('6+2 3', '4')
    """
    shown = [str(d) for d in dice]
    if bonus and shown:
        shown[0] = f"{dice[0]}+{bonus}"
    return " ".join(shown)


def _card(value: Any, lang: str) -> str:
    return card_name(str(value))


def _cards(value: Sequence[str], lang: str) -> str:
    return listed([card_name(c) for c in value]) or tr("none")


def _regions(value: Sequence[str], lang: str) -> str:
    return listed([region_words(r) for r in value])


def _roles(value: Sequence[str], lang: str) -> str:
    return listed([_capital(role_title(r)) for r in value]) or tr("Nobody")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _role_counts(value: Mapping[str, int], lang: str) -> str:
    return _comma(
        [
            ntr("{role} {count} territory", "{role} {count} territories", n, role=role_title(r))
            for r, n in _by_role(value)
        ]
    )


def _hand_counts(value: Mapping[str, Mapping[str, int]], lang: str) -> str:
    parts = []
    for role, counts in _by_role(value):
        held = [ntr("{count} territory card", "{count} territory cards", counts["territory"])]
        if counts.get("adventure"):
            held.append(ntr("{count} adventure card", "{count} adventure cards", counts["adventure"]))
        parts.append(tr("{role} {what}", role=role_title(role), what=listed(held)))
    return _semi(parts)


def _leaders(value: Mapping[str, str], lang: str) -> str:
    if not value:
        return ""
    placed = _comma(
        [tr("{role} in {territory}", role=role_title(r), territory=place_name(t)) for r, t in _by_role(value)]
    )
    return tr(" Leaders: {placed}.", placed=placed)


def _place(value: Any, lang: str) -> str:
    return tr(" and your leader in {territory}", territory=place_name(value)) if value else ""


def _moves(value: Sequence[Mapping[str, Any]], lang: str) -> str:
    if not value:
        return tr("nothing moves")
    return _semi([_move_words(m) for m in value])


def _moving(move: Mapping[str, Any]) -> str:
    """What a fortify move takes: battalions, the leader, or both."""
    count = int(move["count"])
    if move["leader"]:
        if count:
            return ntr("the leader and {count} battalion", "the leader and {count} battalions", count)
        return tr("the leader")
    return ntr("{count} battalion", "{count} battalions", count)


def _move_words(move: Mapping[str, Any]) -> str:
    return tr(
        "{what} from {origin} to {destination}",
        what=_moving(move),
        origin=place_name(move["from"]),
        destination=place_name(move["to"]),
    )


def _trades(value: Sequence[Mapping[str, Any]], lang: str) -> str:
    return _semi(
        [
            tr(
                "{cards} for {battalions}",
                cards=_cards(t["cards"], lang),
                battalions=t["battalions"] + t["bonus"],
            )
            for t in value
        ]
    )


def _scores(value: Mapping[str, Mapping[str, int]], lang: str) -> str:
    return _semi([_score_words(role, parts) for role, parts in _by_role(value)])


def _score_words(role: str, parts: Mapping[str, int]) -> str:
    """
    >>> _score_words("green", {"total": 13, "territories": 7, "regions": 4, "strongholds": 2, "cards": 0})
    'Green 13 (7 territories, 4 for regions, 2 for strongholds)'
    """
    detail = [ntr("{count} territory", "{count} territories", parts["territories"])]
    if parts.get("regions"):
        detail.append(tr("{points} for regions", points=parts["regions"]))
    if parts.get("strongholds"):
        detail.append(tr("{points} for strongholds", points=parts["strongholds"]))
    if parts.get("cards"):
        detail.append(tr("{points} for cards", points=parts["cards"]))
    if parts.get("expansion"):
        detail.append(tr("{points} expansion bonus", points=parts["expansion"]))
    return tr("{role} {total} ({detail})", role=role_title(role), total=parts["total"], detail=_comma(detail))


def _totals(value: Mapping[str, int], lang: str) -> str:
    return _comma([tr("{role} {number}", role=role_title(r), number=n) for r, n in _by_role(value)])


def _effect(value: Any, lang: str) -> str:
    slug = str(value)
    card = CARDS.get(slug)
    return card_title(card.name) if card else slug.replace("_", " ").capitalize()


def _roll(value: Any, lang: str) -> str:
    return "" if value is None else str(value)


def _held_by(territory: str, role: str) -> str:
    return tr("{territory} ({role})", territory=place_name(territory), role=role_title(role))


def _holders(value: Mapping[str, str], lang: str) -> str:
    """Territories with who holds each.

    >>> _holders({"moria": "black", "the_shire": "neutral"}, "en")
    'the Shire (the neutral army) and Moria (Black)'
    """
    return listed([_held_by(t, str(r)) for t, r in _by_territory(value)])


FORMATS: dict[str, Callable[[Any, str], str]] = {
    "role": _role,
    "roles": _roles,
    "territory": lambda value, lang: place_name(str(value)),
    "territories": _territories,
    "counts": _counts,
    "placements": _placements,
    "dealt": _dealt,
    "rolls_off": _rolls_off,
    "dice": _dice,
    "card": _card,
    "cards": _cards,
    "regions": _regions,
    "role_counts": _role_counts,
    "hand_counts": _hand_counts,
    "leaders": _leaders,
    "place": _place,
    "moves": _moves,
    "trades": _trades,
    "scores": _scores,
    "totals": _totals,
    "effect": _effect,
    "roll": _roll,
    "holders": _holders,
    "flag": lambda value, lang: tr("yes") if value else tr("no"),
    "rolls": lambda value, lang: str(len(value)),
}


# -- words derived from several arguments ----------------------------------------------------
def _losses(role: str, defender: str, lost_attack: int, lost_defence: int) -> str:
    """
    >>> _losses("green", "black", 1, 1), _losses("green", "neutral", 0, 2)
    ('each side loses 1', 'the neutral army loses 2')
    """
    if lost_attack and lost_defence:
        if lost_attack == lost_defence:
            return tr("each side loses {count}", count=lost_attack)
        return tr(
            "{attacker} loses {lost}, {defender} {defender_lost}",
            attacker=role_title(role),
            lost=lost_attack,
            defender=role_title(defender),
            defender_lost=lost_defence,
        )
    if lost_attack:
        return tr("{role} loses {count}", role=role_title(role), count=lost_attack)
    return tr("{role} loses {count}", role=role_title(defender), count=lost_defence)


def _roll_words(roll: Mapping[str, Any]) -> str:
    return tr(
        "{attack} against {defence}",
        attack=_modified(roll["attack"], roll["attack_bonus"]),
        defence=_modified(roll["defence"], roll["defence_bonus"]),
    )


def _no_roll_outcome(args: Mapping[str, Any], role: str) -> str:
    who = role_title(role)
    if args["ended"] == "stopped":
        return tr("{role} calls the attack off.", role=who)
    if args["ended"] == "dropped":
        return tr("{role} ran out of time: the attack ends.", role=who)
    if args["ended"] == "resigned":
        return tr("{role} resigned: the attack ends.", role=who)
    return tr("{role} cannot attack from {territory}.", role=who, territory=place_name(args["from"]))


def _conquest(args: Mapping[str, Any], role: str, defender: str) -> str:
    where, moved = place_name(args["to"]), int(args["moved"])
    if args["leader_moved"]:
        outcome = tr(
            "{role} conquers {territory} and moves in {count} and the leader.",
            role=role_title(role),
            territory=where,
            count=moved,
        )
    else:
        outcome = tr(
            "{role} conquers {territory} and moves in {count}.",
            role=role_title(role),
            territory=where,
            count=moved,
        )
    if args["leader_lost"]:
        outcome = tr("{before} {role}'s leader there falls.", before=outcome, role=role_title(defender))
    if args.get("eliminated"):
        outcome = tr(
            "{before} {role} is out of the game.", before=outcome, role=role_title(str(args["eliminated"]))
        )
    return outcome


def _attack_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    role, defender = str(args["role"]), str(args["defender"])
    rolls = [
        tr(
            "{roll} ({losses})",
            roll=_roll_words(r),
            losses=_losses(role, defender, r["lost_attack"], r["lost_defence"]),
        )
        for r in args["rolls"]
    ]
    if not rolls:
        return {"rolls_words": tr("no dice are rolled"), "outcome_words": _no_roll_outcome(args, role)}
    rolls_words = _semi(rolls)
    who = role_title(role)
    if args["conquered"]:
        outcome = _conquest(args, role, defender)
    elif args["ended"] == "stopped":
        outcome = tr("{role} stops the attack.", role=who)
    elif args["ended"] == "dropped":
        outcome = tr("{role} ran out of time: the attack ends.", role=who)
    elif args["ended"] == "resigned":
        outcome = tr("{role} resigned: the attack ends.", role=who)
    else:
        outcome = tr(
            "{role} cannot attack from {territory} any more.", role=who, territory=place_name(args["from"])
        )
    return {"rolls_words": rolls_words, "outcome_words": outcome}


def _rolled_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Each side's loss by name (an event logged before ``defender`` was recorded: "the defender").

    >>> _rolled_words({"role": "green", "defender": "neutral", "attack": [3], "defence": [5],
    ...     "attack_bonus": 0, "defence_bonus": 0, "lost_attack": 1, "lost_defence": 0}, "en")["loss_words"]
    'Green loses 1'
    """
    defender = args.get("defender")
    attacker, who = (
        role_title(str(args["role"])),
        role_title(str(defender)) if defender else tr("the defender"),
    )
    lost_attack, lost_defence = args["lost_attack"], args["lost_defence"]
    if lost_attack and lost_attack == lost_defence:
        loss = tr(
            "{attacker} and {defender} lose {count} each", attacker=attacker, defender=who, count=lost_attack
        )
    else:
        parts = [tr("{role} loses {count}", role=attacker, count=lost_attack)] if lost_attack else []
        parts += [tr("{role} loses {count}", role=who, count=lost_defence)] if lost_defence else []
        loss = listed(parts)
    return {"roll_words": _roll_words(args), "loss_words": loss}


def _bonus_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    bonus = args.get("bonus")
    return {"bonus_words": tr(" (+{bonus} for held territories)", bonus=bonus) if bonus else ""}


def _reinforced_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    regions = args["regions"]
    trades = args["trades"]
    strongholds = args["strongholds"]
    return {
        "regions_words": tr(" (with {regions})", regions=_regions(regions, lang)) if regions else "",
        "trades_words": tr(", trading {trades}", trades=_trades(trades, lang)) if trades else "",
        "strongholds_words": tr(
            "; +1 in each stronghold: {territories}", territories=_territories(strongholds, lang)
        )
        if strongholds
        else "",
    }


def _ring_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The roll of the player whose turn ends, if the space needs one.

    >>> _ring_words({"role": "green", "roll": 2, "threshold": 3}, "en")["roll_words"]
    ' (Green rolled 2, needs 3)'
    """
    roll = args.get("roll")
    if roll is None:
        return {"roll_words": ""}
    if args.get("role"):
        words = tr(
            " ({role} rolled {roll}, needs {threshold})",
            role=role_title(str(args["role"])),
            roll=roll,
            threshold=args["threshold"],
        )
    else:
        words = tr(" (rolled {roll}, needs {threshold})", roll=roll, threshold=args["threshold"])
    return {"roll_words": words}


def _end_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    roll = _ring_words(args, lang)["roll_words"]
    if args["destroyed"]:
        return {"end_words": tr("On Mount Doom{roll}: the Ring is destroyed!", roll=roll)}
    place = place_name(args["territory"])
    return {
        "end_words": tr(
            "The Fellowship leaves {territory}{roll}: the Ring has left Middle-earth!",
            territory=place,
            roll=roll,
        )
    }


def _dealt_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    neutral = args["neutral"]
    if not neutral:
        return {"neutral_words": ""}
    return {"neutral_words": tr("; the neutral army {territories}", territories=_territories(neutral, lang))}


def _why(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"why_words": tr(" (mission reward)") if args.get("why") == "mission" else ""}


def _eliminated_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    cards = int(args["cards"])
    if not cards:
        return {"cards_words": tr("no territory card")}
    return {"cards_words": ntr("{count} territory card", "{count} territory cards", cards)}


def _dropped_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """
    >>> _dropped_words({"territories": 9}, "en")["territories_words"]
    'his 9 territories turn neutral'
    >>> _dropped_words({"territories": 1}, "en")["territories_words"]
    'his only territory turns neutral'
    """
    count = int(args["territories"])
    if count == 1:
        return {"territories_words": tr("his only territory turns neutral")}
    if not count:
        return {"territories_words": tr("he held no territory")}
    return {
        "territories_words": ntr(
            "his {count} territory turns neutral", "his {count} territories turn neutral", count
        )
    }


def _taken_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    """What the eliminating player takes (his own projection of ``eliminated``).

    >>> _taken_words({"role": "black", "cards": []}, "en")["taken_words"]
    'Black held no territory card'
    """
    loser = role_title(str(args["role"]))
    if not args["cards"]:
        return {"taken_words": tr("{role} held no territory card", role=loser)}
    return {
        "taken_words": tr(
            "you take {role}'s territory cards: {cards}", role=loser, cards=_cards(args["cards"], lang)
        )
    }


def _mission_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    parts = []
    if args["battalions"]:
        parts.append(ntr("{count} battalion there", "{count} battalions there", int(args["battalions"])))
    if args["cards"]:
        parts.append(ntr("{count} extra territory card", "{count} extra territory cards", int(args["cards"])))
    return {"reward_words": listed(parts) or tr("no reward")}


def _moved_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"count_words": _moving(args)}


def _hunt_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {
        "bonus_words": f" +{args['bonus']}" if args["bonus"] else "",
        "found_words": tr("the Ring is found") if args["found"] else tr("the Ring is not found"),
    }


def _won_words(args: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"win_words": ntr("wins", "share the win", len(args["roles"]))}


DERIVED: dict[str, Callable[[Mapping[str, Any], str], dict[str, str]]] = {
    "dealt": _dealt_words,
    "attack": _attack_words,
    "rolled": _rolled_words,
    "traded": _bonus_words,
    "reinforced": _reinforced_words,
    "ring_stays": _ring_words,
    "ring_moved": _ring_words,
    "ring_end": _end_words,
    "drew_territory_card": _why,
    "own_territory_card": _why,
    "eliminated": _eliminated_words,
    "player_dropped": _dropped_words,
    "player_resigned": _dropped_words,
    "own_cards_taken": _taken_words,
    "mission_completed": _mission_words,
    "moved": _moved_words,
    "hunt": _hunt_words,
    "won": _won_words,
}


class RiskPresenter(Presenter):
    """A presenter whose templates may also use words derived from several arguments
    (``{rolls_words}``: every roll with its losses named by side)."""

    def text(self, kind: str, args: Mapping[str, Any], audience: str | None = None, lang: str = "en") -> str:
        lang = best(lang)
        with speaking(lang):
            derive = DERIVED.get(kind)
            if derive is not None:
                args = {**args, **derive(args, lang)}
            return super().text(kind, args, audience, lang)


for _words in (event_card_words, power_card_words):
    KINDS.update(_words.KINDS)
    TEMPLATES["en"].update(_words.TEMPLATES)
    DERIVED.update(_words.DERIVED)
QUIET = QUIET.union(event_card_words.QUIET, power_card_words.QUIET)

#: The templates in every language: English above, the others from the ``lotr_risk`` catalog.
TABLES = CatalogTables(DOMAIN, TEMPLATES["en"])
PRESENTER = RiskPresenter(kinds=KINDS, templates=TABLES, formats=FORMATS)
