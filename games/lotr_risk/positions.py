"""Described positions: build a validated state from owners, battalions, leaders and hands.

A position is a JSON-like mapping; only ``owners`` is required::

    {
      "options": {"edition": "middle-earth", "mode": "lotr", "players": "2", ...},
      "owners": {"the_shire": "green", "moria": "neutral", ...},   # every territory of the board
      "troops": {"the_shire": 5, ...},            # default 1 for every territory not listed
      "leaders": {"green": ["the_shire"]},        # or [{"at": t, "spent": bool, "stays": bool,
                                                  #   "arrived": site (arrived there this turn)}]
      "spare_leaders": {"green": 0},              # leader pieces off the board (default: 1 if
                                                  #   none is on the board, else 0; lotr mode)
      "hands": {"green": {"territory": ["card:moria", "card:wild-1"], "adventure": ["ambush"]}},
      "decks": {"territory": [...], "territory_discard": [...], "adventure": [...],
                "adventure_discard": [...], "removed": [...]},   # the top of a deck is its last
                                                  #   item; every card placed nowhere goes under
                                                  #   its deck, in data order
      "played": {"green": ["mission_hobbiton"]},  # kept in front of the players (they score)
      "ring": 3,                                  # the Fellowship's step (or its territory, or
                                                  #   {"step", "done"}); default the Shire (lotr)
      "order": ["black", "green"],                # turn order (default: seat order)
      "eliminated": [],
      "resigned": [],                             # those of them who resigned (rules revision 2)
      "dropped": [],                              # players dropped on time (out of the game, so
                                                  #   eliminated too; their territories turned
                                                  #   neutral: 3-4 players may then list neutral)
      "turn": {"role": "green", "number": 1, "phase": "attack",
               "conquered": false, "conquests": [], "sites": false,
               # phase reinforce: "pool" (default: the reinforcements now), "traded", "started",
               #   and for its summary "base", "regions", "strongholds", "placed", "trades";
               # phase fortify: "moves", "moves_left", "arrived", "source" (a chosen start)
               },
      "effects": [{"kind": "winter_storms", "by": "black", "until": "next_turn", "turn": 1, ...}],
      "armed": {"green": [{"card": "courage_alone_will_not_save_you", "when": []}]},
      "aside": {"green": [{"card": "card:moria", "for": "local_uprising"}]},
      "start": "turn",                            # optional, see below
      "seed": 1
    }

``start`` (:mod:`games.core.positions`) puts the position at the beginning of the turn of
``turn.role`` (``"turn"``: effects of his that end, fresh leaders, powers played at the start of
a turn, then the reinforcement phase with the Trilogy's stronghold battalions, all applied by
the engine) or of one of its phases (``"phase:reinforce"``, ``attack``, ``fortify``, ``leader``,
``draw``, ``fellowship`` in lotr mode, in the edition's order), when the engine goes on from there
as in play. ``turn`` then gives only ``role`` and ``number`` (and, for a phase, ``conquered``,
``conquests`` and ``sites``: the turn so far); without ``start`` it describes a phase under way.

Card ids: territory cards ``card:<territory>`` (wild cards ``card:wild-1``, ``card:wild-2``),
adventure cards their physical ids (``ambush``, ``grima_wormtongue-2``). The state is the one the
game would be in at that moment of the turn (reinforcement, combat between two attacks, or
fortify); anything impossible is refused with :class:`~games.core.InvalidPosition` naming what
is wrong (an unknown id, a territory with no battalion, a leader on an enemy territory, too many
adventure cards, a card in two places, a game already won...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core import InvalidPosition, State, new_state
from games.core.flow import call, push
from games.core.positions import Start, refuse_under_way, start_of

from .board import geometry, is_territory_card
from .data import SETUP
from .effects import UNTIL
from .options import RULES_REVISION
from .reinforce import base_reinforcements
from .roles import NEUTRAL, roles_for
from .turn import begin, run, stages
from .victory import conquest_reason

if TYPE_CHECKING:
    from .ruleset import LotrRisk

_KNOWN = frozenset(
    {
        "options",
        "owners",
        "troops",
        "leaders",
        "spare_leaders",
        "hands",
        "decks",
        "played",
        "ring",
        "order",
        "eliminated",
        "dropped",
        "resigned",
        "turn",
        "effects",
        "armed",
        "aside",
        "seed",
        "start",
    }
)
PHASES = ("reinforce", "attack", "fortify")
#: The turn keys a position at the start of the turn, or of a phase, may give.
_AT_TURN_START = frozenset({"role", "number"})
_AT_PHASE_START = frozenset({"role", "number", "conquered", "conquests", "sites"})
DECKS = ("territory", "territory_discard", "adventure", "adventure_discard", "removed")
_TURN_KEYS = frozenset(
    {
        "role",
        "number",
        "phase",
        "conquered",
        "conquests",
        "sites",
        "pool",
        "traded",
        "started",
        "base",
        "regions",
        "strongholds",
        "placed",
        "trades",
        "moves",
        "moves_left",
        "arrived",
        "source",
    }
)


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{what} must be a mapping, not {value!r}")
    return value


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list | tuple):
        raise InvalidPosition(f"{what} must be a list, not {value!r}")
    return [str(v) for v in value]


def _int(value: Any, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InvalidPosition(f"{what} must be a whole number of at least {low}, not {value!r}")
    return value


def from_position(ruleset: LotrRisk, position: Mapping[str, Any]) -> State:
    if not isinstance(position, Mapping):
        raise InvalidPosition("a position is a mapping")
    unknown = sorted(set(position) - _KNOWN)
    if unknown:
        raise InvalidPosition(f"a Risk position has no {', '.join(unknown)}")
    if "owners" not in position:
        raise InvalidPosition("a Risk position names the owner of every territory (`owners`)")
    try:
        options = ruleset.resolve_options(position.get("options") or {})
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    players = int(options["players"])
    roles = roles_for(players)
    state = new_state(ruleset.name, int(position.get("seed", 1)), options, roles)
    g = geometry(options["edition"])
    lotr = options["mode"] == "lotr"
    dropped = _dropped(position, roles)
    state["owner"] = _owners(position, g.territories, roles, bool(dropped))
    state["troops"] = _troops(position, g.territories)
    state["leaders"], state["spare_leaders"] = _leaders(position, state["owner"], roles, lotr)
    hands, played, aside = _cards_in_play(position, roles, options)
    state["hands"], state["played"], state["aside"] = hands, played, aside
    state["decks"] = _decks(position, g, hands, played, aside, lotr)
    state["ring"] = _ring(position, g.path, lotr)
    state["order"] = _order(position, roles)
    state["eliminated"] = _eliminated(position, state, roles, dropped)
    if dropped:
        state["dropped"] = dropped
    resigned = _names(position.get("resigned", []), "resigned")
    if any(r not in dropped for r in resigned):
        raise InvalidPosition("a player who resigned must be listed as dropped too")
    if resigned:
        state["resigned"] = list(dict.fromkeys(resigned))
    state["rules"] = RULES_REVISION
    state["effects"] = _effects(position, roles)
    state["armed"] = _armed(position, roles, hands)
    state["last"] = None
    state["setup"] = None
    _turn(position, state, roles)
    problems = ruleset.check_invariants(state)
    if problems:
        raise InvalidPosition("; ".join(problems))
    return state


def _dropped(position: Mapping[str, Any], roles: tuple[str, ...]) -> list[str]:
    out = _names(position.get("dropped", []), "dropped")
    for role in out:
        if role not in roles:
            raise InvalidPosition(f"{role!r} is not a player of this game")
    if out and len(roles) == 2:
        raise InvalidPosition("a player of a two-player game loses on time: nobody is dropped")
    return list(dict.fromkeys(out))


def _owners(
    position: Mapping[str, Any], territories: tuple[str, ...], roles: tuple[str, ...], dropped: bool
) -> dict[str, Any]:
    given = _mapping(position["owners"], "owners")
    unknown = sorted(set(given) - set(territories))
    if unknown:
        raise InvalidPosition(f"no territory {', '.join(unknown)} on this board")
    missing = [t for t in territories if t not in given]
    if missing:
        raise InvalidPosition(f"every territory needs an owner; missing: {', '.join(missing[:5])}")
    allowed = set(roles) | ({NEUTRAL} if len(roles) == 2 or dropped else set())
    for territory, holder in given.items():
        if holder not in allowed:
            raise InvalidPosition(f"{territory} is held by {holder!r}, not one of {sorted(allowed)}")
    return {t: given[t] for t in territories}


def _troops(position: Mapping[str, Any], territories: tuple[str, ...]) -> dict[str, int]:
    given = _mapping(position.get("troops", {}), "troops")
    unknown = sorted(set(given) - set(territories))
    if unknown:
        raise InvalidPosition(f"no territory {', '.join(unknown)} on this board")
    troops = {t: 1 for t in territories}
    for territory, count in given.items():
        troops[territory] = _int(count, f"the battalions in {territory}", 1)
    return troops


def _leaders(
    position: Mapping[str, Any], owner: Mapping[str, Any], roles: tuple[str, ...], lotr: bool
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, int]]:
    given = _mapping(position.get("leaders", {}), "leaders")
    leaders: dict[str, list[dict[str, Any]]] = {r: [] for r in roles}
    seen: set[str] = set()
    for role, entries in given.items():
        if role not in roles:
            raise InvalidPosition(f"{role!r} is not a player of this game")
        if entries and not lotr:
            raise InvalidPosition("plain mode has no leaders")
        for entry in _names(entries, f"{role}'s leaders") if not _is_records(entries) else entries:
            leader = {"at": entry, "spent": False, "stays": False} if isinstance(entry, str) else dict(entry)
            at = str(leader.get("at"))
            if at not in owner:
                raise InvalidPosition(f"{role}'s leader stands in {at!r}, which is no territory here")
            if owner[at] != role:
                raise InvalidPosition(f"{role}'s leader stands in {at}, held by {owner[at]}")
            if at in seen:
                raise InvalidPosition(f"two leaders stand in {at}")
            seen.add(at)
            record = {"at": at, "spent": bool(leader.get("spent")), "stays": bool(leader.get("stays"))}
            if leader.get("arrived"):
                record["arrived"] = str(leader["arrived"])  # arrived at that site this turn
            leaders[role].append(record)
        if len(leaders[role]) > 2:
            raise InvalidPosition(f"{role} has {len(leaders[role])} leaders (at most 2)")
    spare_given = _mapping(position.get("spare_leaders", {}), "spare_leaders")
    spare = {
        r: _int(spare_given[r], f"{r}'s spare leaders") if r in spare_given else int(lotr and not leaders[r])
        for r in roles
    }
    return leaders, spare


def _is_records(entries: Any) -> bool:
    return isinstance(entries, list | tuple) and any(isinstance(e, Mapping) for e in entries)


def _cards_in_play(
    position: Mapping[str, Any], roles: tuple[str, ...], options: Mapping[str, str]
) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]], dict[str, list[dict[str, Any]]]]:
    g = geometry(options["edition"])
    lotr = options["mode"] == "lotr"
    limit = SETUP.editions[options["edition"]].adventure_hand_limit
    hands_given = _mapping(position.get("hands", {}), "hands")
    played_given = _mapping(position.get("played", {}), "played")
    aside_given = _mapping(position.get("aside", {}), "aside")
    for what, given in (("hands", hands_given), ("played", played_given), ("aside", aside_given)):
        strangers = sorted(set(given) - set(roles))
        if strangers:
            raise InvalidPosition(f"{what} names {', '.join(strangers)}, not players of this game")
    hands: dict[str, dict[str, list[str]]] = {}
    for role in roles:
        mine = _mapping(hands_given.get(role, {}), f"{role}'s hand")
        extra = sorted(set(mine) - {"territory", "adventure"})
        if extra:
            raise InvalidPosition(f"a hand holds territory and adventure cards, not {', '.join(extra)}")
        territory = _names(mine.get("territory", []), f"{role}'s territory cards")
        adventure = _names(mine.get("adventure", []), f"{role}'s adventure cards")
        for card in territory:
            if card not in g.territory_card_set:
                raise InvalidPosition(
                    f"{card!r} is not a territory card of this board (ids: card:<territory>)"
                )
        _check_adventure(adventure, g.adventure_card_set, lotr, f"{role}'s hand")
        if len(adventure) > limit:
            raise InvalidPosition(f"{role} holds {len(adventure)} adventure cards (the limit is {limit})")
        hands[role] = {"territory": territory, "adventure": adventure}
    played = {r: _names(played_given.get(r, []), f"{r}'s played cards") for r in roles}
    for role, cards in played.items():
        _check_adventure(cards, g.adventure_card_set, lotr, f"{role}'s played cards")
    aside: dict[str, list[dict[str, Any]]] = {}
    for role in roles:
        entries = aside_given.get(role, [])
        if not isinstance(entries, list | tuple) or not all(
            isinstance(e, Mapping) and "card" in e for e in entries
        ):
            raise InvalidPosition(f"{role}'s cards set aside are records with a card, not {entries!r}")
        aside[role] = [dict(e) for e in entries]
    return hands, played, aside


def _check_adventure(cards: list[str], deck: frozenset[str], lotr: bool, what: str) -> None:
    if cards and not lotr:
        raise InvalidPosition(f"{what}: plain mode has no adventure cards")
    for card in cards:
        if card not in deck:
            raise InvalidPosition(f"{what}: {card!r} is not an adventure card of this edition's deck")


def _decks(
    position: Mapping[str, Any],
    g: Any,
    hands: Mapping[str, Mapping[str, list[str]]],
    played: Mapping[str, list[str]],
    aside: Mapping[str, list[dict[str, Any]]],
    lotr: bool,
) -> dict[str, list[str]]:
    placed = [c for h in hands.values() for kind in ("territory", "adventure") for c in h[kind]]
    placed += [c for cards in played.values() for c in cards]
    placed += [str(e["card"]) for entries in aside.values() for e in entries]
    given = _mapping(position.get("decks", {}), "decks")
    extra = sorted(set(given) - set(DECKS))
    if extra:
        raise InvalidPosition(f"decks are {', '.join(DECKS)}, not {', '.join(extra)}")
    decks = {name: _names(given.get(name, []), f"the {name} pile") for name in DECKS}
    everything = Counter(placed + [c for pile in decks.values() for c in pile])
    twice = sorted(c for c, n in everything.items() if n > 1)
    if twice:
        raise InvalidPosition(f"cards in two places: {', '.join(twice[:5])}")
    # The cards placed nowhere go to the bottom of their deck (the top is the end of the list).
    decks["territory"] = [c for c in g.territory_cards if c not in everything] + decks["territory"]
    if lotr:
        decks["adventure"] = [c for c in g.adventure_deck if c not in everything] + decks["adventure"]
    territory_cards, adventure_cards = g.territory_card_set, g.adventure_card_set
    for name in DECKS:
        territory_pile, adventure_pile = name.startswith("territory"), name.startswith("adventure")
        for card in decks[name]:
            known = card in territory_cards or (lotr and card in adventure_cards)
            if not known:
                raise InvalidPosition(f"{card!r} in the {name} pile is no card of this game")
            if territory_pile and not is_territory_card(card):
                raise InvalidPosition(f"{card!r} is not a territory card")
            if adventure_pile and is_territory_card(card):
                raise InvalidPosition(f"{card!r} is not an adventure card")
    return decks


def _ring(position: Mapping[str, Any], path: tuple[str, ...], lotr: bool) -> dict[str, Any] | None:
    given = position.get("ring", 0 if lotr else None)
    if not lotr:
        if given is not None:
            raise InvalidPosition("plain mode has no Ring")
        return None
    if isinstance(given, Mapping):
        step, done = given.get("step", 0), bool(given.get("done", False))
    elif isinstance(given, str):
        if given not in path:
            raise InvalidPosition(f"{given!r} is not on the Fellowship's path")
        step, done = path.index(given), False
    else:
        step, done = given, False
    step = _int(step, "the Ring's step")
    if step >= len(path):
        raise InvalidPosition(f"the Ring's step is 0 to {len(path) - 1}, not {step}")
    if done:
        raise InvalidPosition("the Ring's journey is over in this position: the game has ended")
    return {"step": step, "done": False}


def _order(position: Mapping[str, Any], roles: tuple[str, ...]) -> list[str]:
    order = _names(position.get("order", list(roles)), "order")
    if sorted(order) != sorted(roles):
        raise InvalidPosition(f"the turn order lists every player once: {order}")
    return order


def _eliminated(
    position: Mapping[str, Any], state: State, roles: tuple[str, ...], dropped: list[str]
) -> list[str]:
    out = _names(position.get("eliminated", []), "eliminated")
    out += [r for r in dropped if r not in out]
    for role in out:
        if role not in roles:
            raise InvalidPosition(f"{role!r} is not a player of this game")
        if any(o == role for o in state["owner"].values()):
            raise InvalidPosition(f"{role} is eliminated but holds territories")
    for role in roles:
        if role not in out and not any(o == role for o in state["owner"].values()):
            raise InvalidPosition(f"{role} holds no territory: list him as eliminated")
    return out


def _effects(position: Mapping[str, Any], roles: tuple[str, ...]) -> list[dict[str, Any]]:
    given = position.get("effects", [])
    if not isinstance(given, list | tuple):
        raise InvalidPosition("effects must be a list")
    found = []
    for effect in given:
        effect = dict(_mapping(effect, "an effect"))
        if "kind" not in effect or effect.get("by") not in roles or effect.get("until") not in UNTIL:
            raise InvalidPosition(
                f"an effect has a kind, a player (by) and an end ({', '.join(UNTIL)}): {effect}"
            )
        effect.setdefault("turn", 1)
        found.append(effect)
    return found


def _armed(
    position: Mapping[str, Any], roles: tuple[str, ...], hands: Mapping[str, Mapping[str, list[str]]]
) -> dict[str, list[dict[str, Any]]]:
    given = _mapping(position.get("armed", {}), "armed")
    armed: dict[str, list[dict[str, Any]]] = {r: [] for r in roles}
    for role, entries in given.items():
        if role not in roles:
            raise InvalidPosition(f"{role!r} is not a player of this game")
        for entry in entries:
            entry = _mapping(entry, "an armed card")
            card = str(entry.get("card"))
            if card not in hands[role]["adventure"]:
                raise InvalidPosition(f"{role} arms {card!r}, which is not in his hand")
            armed[role].append({"card": card, "when": _names(entry.get("when", []), "when")})
    return armed


def _turn(position: Mapping[str, Any], state: State, roles: tuple[str, ...]) -> None:
    given = dict(_mapping(position.get("turn", {}), "turn"))
    unknown = sorted(set(given) - _TURN_KEYS)
    if unknown:
        raise InvalidPosition(f"a turn has no {', '.join(unknown)}")
    role = given.get("role", state["order"][0])
    if role not in roles or role in state["eliminated"]:
        raise InvalidPosition(f"the turn belongs to a player still in the game, not {role!r}")
    start = start_of(position, stages(state), "a Risk turn")
    if start is not None:
        _start(state, given, role, start)
        return
    phase = given.get("phase", "reinforce")
    if phase not in PHASES:
        raise InvalidPosition(f"a position is in the reinforce, attack or fortify phase, not {phase!r}")
    conquests = _names(given.get("conquests", []), "conquests")
    state["turn"] = {
        "number": _int(given.get("number", 1), "the turn number", 1),
        "role": role,
        "phase": phase,
        "conquered": bool(given.get("conquered", bool(conquests))),
        "conquests": conquests,
        "sites": bool(given.get("sites", False)),
    }
    if conquest_reason(state, role) is not None:
        raise InvalidPosition(f"{role} has already won in this position")
    push(state, "turn", role=role, stage=stages(state).index(phase))
    if phase == "reinforce":
        base, regions = base_reinforcements(state, role)
        call(
            state,
            "reinforce",
            role=role,
            pool=_int(given.get("pool", base), "the battalions to place"),
            traded=_int(given.get("traded", 0), "the cards traded"),
            started=bool(given.get("started", False)),
            base=_int(given.get("base", base), "the base reinforcements"),
            regions=_names(given.get("regions", regions), "regions"),
            strongholds=_names(given.get("strongholds", []), "strongholds"),
            placed=dict(_mapping(given.get("placed", {}), "placed")),
            trades=[dict(t) for t in given.get("trades", [])],
        )
        return
    if phase == "attack":
        call(state, "attack", role=role)
        return
    moves_left = given.get("moves_left")
    if moves_left is None and state["options"]["mode"] == "lotr" and state["options"]["edition"] == "trilogy":
        moves_left = 1
    frame = call(
        state,
        "fortify",
        role=role,
        moves=[dict(m) for m in given.get("moves", [])],
        source=None,
        moves_left=None if moves_left is None else _int(moves_left, "the moves left"),
        arrived=dict(_mapping(given.get("arrived", {}), "arrived")),
    )
    source = given.get("source")
    if source is not None:
        if state["owner"].get(source) != role:
            raise InvalidPosition(f"the move starts from {source!r}, not a territory of {role}")
        frame["source"] = source
        frame["step"] = "fortify_to"


def _start(state: State, given: Mapping[str, Any], role: str, start: Start) -> None:
    """Begin ``role``'s turn, or one phase of it, as the engine does in play."""
    allowed = _AT_TURN_START if start.is_turn else _AT_PHASE_START
    refuse_under_way(set(given) - allowed, start, "turn ")
    number = _int(given.get("number", 1), "the turn number", 1)
    conquests = _names(given.get("conquests", []), "conquests")
    state["turn"] = {
        "number": number,
        "role": role,
        "phase": start.phase or "reinforce",
        "conquered": bool(given.get("conquered", bool(conquests))),
        "conquests": conquests,
        "sites": bool(given.get("sites", False)),
    }
    if conquest_reason(state, role) is not None:
        raise InvalidPosition(f"{role} has already won in this position")
    if start.phase is None:
        state["turn"]["number"] = number - 1  # begin() counts the turn it starts
        begin(state, role)
        return
    frame = push(state, "turn", role=role, stage=stages(state).index(start.phase) - 1)
    run(state, frame)


def to_position(state: State) -> dict[str, Any]:
    """The position of a state in the reinforcement, combat (between attacks) or fortify phase."""
    stack = state["stack"]
    if state["result"] is not None or state.get("setup") is not None or len(stack) != 2:
        raise InvalidPosition("a position describes a turn in reinforcement, combat or fortify")
    frame = stack[1]
    step = frame["step"]
    if step not in ("reinforce", "attack", "fortify", "fortify_to"):
        raise InvalidPosition("a position describes a turn in reinforcement, combat or fortify")
    turn = state["turn"]
    described_turn: dict[str, Any] = {
        "role": turn["role"],
        "number": turn["number"],
        "phase": "fortify" if step == "fortify_to" else step,
        "conquered": bool(turn["conquered"]),
        "conquests": list(turn["conquests"]),
        "sites": bool(turn["sites"]),
    }
    if step == "reinforce":
        for key in ("pool", "traded", "started", "base"):
            described_turn[key] = frame[key]
        described_turn["regions"] = list(frame["regions"])
        described_turn["strongholds"] = list(frame["strongholds"])
        described_turn["placed"] = dict(frame["placed"])
        described_turn["trades"] = [dict(t) for t in frame["trades"]]
    elif step in ("fortify", "fortify_to"):
        described_turn["moves"] = [dict(m) for m in frame["moves"]]
        described_turn["moves_left"] = frame["moves_left"]
        described_turn["arrived"] = dict(frame["arrived"])
        if frame["source"] is not None:
            described_turn["source"] = frame["source"]
    position: dict[str, Any] = {
        "options": dict(state["options"]),
        "owners": dict(state["owner"]),
        "troops": dict(state["troops"]),
        "leaders": {r: [dict(leader) for leader in mine] for r, mine in state["leaders"].items()},
        "spare_leaders": dict(state["spare_leaders"]),
        "hands": {r: {k: list(v) for k, v in h.items()} for r, h in state["hands"].items()},
        "decks": {k: list(v) for k, v in state["decks"].items()},
        "played": {r: list(v) for r, v in state["played"].items()},
        "order": list(state["order"]),
        "eliminated": list(state["eliminated"]),
        "turn": described_turn,
        "effects": [dict(e) for e in state["effects"]],
        "armed": {
            r: [{"card": a["card"], "when": list(a["when"])} for a in v] for r, v in state["armed"].items()
        },
        "aside": {r: [dict(e) for e in v] for r, v in state["aside"].items()},
        "seed": state["rng"],
    }
    if state.get("dropped"):
        position["dropped"] = list(state["dropped"])
    if state.get("resigned"):
        position["resigned"] = list(state["resigned"])
    if state["ring"] is not None:
        position["ring"] = dict(state["ring"])
    return position
