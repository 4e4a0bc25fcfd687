"""Described positions: build a validated state from pieces, hands and whose turn it is.

A position is a JSON-like mapping (every key but the pieces is optional)::

    {
      "options": {"variant": "classic", "specials": "none", "handicap": "none"},
      "fellowship": {"frodo": "shire", "gimli": "eregion"},   # characters on the board
      "sauron": {"balrog": "misty_mountains"},
      "defeated": ["boromir"],        # fallen so far; every other tile of a side counts as fallen
      "revealed": ["gimli"],          # or {"gimli": "turn", "watcher": "perm"}
      "shown": ["boromir", "gimli"],  # identities ever shown to everyone (default: revealed + fallen)
      "last_seen": {"gimli": {"region": "eregion", "turn": 1}},  # where a shown piece was last seen
      "hands": {"fellowship": ["1", "2"]},      # the rest of the nine is in the discard pile
      "specials": {"sauron": {"held": ["palantir"], "used": []}},
      "to_move": "sauron", "turn": 1,
      "must_move": "frodo",           # Shadowfax was played: this character makes the move
      "may_not_move": "orcs",         # The Dark of Mordor moved it: another character moves
      "ring_bearer": "frodo", "king": null,
      "battle": {"attacker": "balrog", "region": "eregion"},   # it has just attacked there
      "start": "turn",                # optional: the turn of to_move begins (see below)
      "seed": 1
    }

The state is the one the game would be in at that moment: between two moves, or with the
attacker just arrived in an enemy region (the battle then begins, as after the move). With
``"start": "turn"`` (:mod:`games.core.positions`; a turn here has no phases) it is the moment
the turn of ``to_move`` begins, after the previous turn ended, and the engine starts it: a side
with no legal move loses there. Nothing is revealed "for the turn" yet at that moment, and
nothing has been played in it (no ``must_move``, ``may_not_move`` or ``battle``). Anything
impossible is refused with :class:`~games.core.InvalidPosition` naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core import InvalidPosition, State, new_state
from games.core.flow import push
from games.core.positions import refuse_under_way, start_of

from . import battle, turn
from .board import SIDE_OF, counts
from .data import (
    CAPACITY,
    CARD_ORDER,
    CARDS,
    CHARS,
    CLASSIC,
    FELLOWSHIP,
    HOME,
    REGIONS,
    SAURON,
    SIDES,
    TILES,
    VARIANT,
    other,
    specials_of,
)

if TYPE_CHECKING:
    from .ruleset import Confrontation

RINGBEARER_TILE = "f-ringbearer"
_KNOWN = frozenset(
    {
        "options",
        "fellowship",
        "sauron",
        "defeated",
        "revealed",
        "shown",
        "last_seen",
        "hands",
        "specials",
        "to_move",
        "turn",
        "must_move",
        "may_not_move",
        "ring_bearer",
        "king",
        "battle",
        "seed",
        "start",
    }
)


#: Read by every determinized sample of a search, built once: each character's tile, and per
#: set (the Deluxe variant's or not) and side its characters and its character of each tile.
TILE_OF: dict[str, str] = {c: ch.tile for c, ch in CHARS.items()}
_IN_SET: dict[bool, dict[str, frozenset[str]]] = {
    deluxe: {side: frozenset(VARIANT[side] if deluxe else CLASSIC[side]) for side in SIDES}
    for deluxe in (False, True)
}
_BASE: dict[bool, dict[str, dict[str, str]]] = {
    deluxe: {
        side: dict(zip(TILES[side], VARIANT[side] if deluxe else CLASSIC[side], strict=True))
        for side in SIDES
    }
    for deluxe in (False, True)
}


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list | tuple):
        raise InvalidPosition(f"{what} must be a list of slugs, not {value!r}")
    return [str(v) for v in value]


def from_position(ruleset: Confrontation, position: Mapping[str, Any]) -> State:
    unknown = sorted(set(position) - _KNOWN)
    if unknown:
        raise InvalidPosition(f"a Confrontation position has no {', '.join(unknown)}")
    try:
        options = ruleset.resolve_options(position.get("options") or {})
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    state = new_state(ruleset.name, int(position.get("seed", 1)), options, tuple(SIDES))
    board = _board(position, options["variant"])
    roster, defeated = _rosters(position, board, options["variant"])
    state["chars"] = roster
    state["pos"] = board
    state["defeated"] = defeated
    state["revealed"] = _revealed(position, board)
    fallen = {c for s in SIDES for c in defeated[s]}
    shown = set(_names(position.get("shown", []), "shown")) | set(state["revealed"]) | fallen
    in_play = {c for s in SIDES for c in roster[s]}
    for char in shown:
        if char not in in_play:
            raise InvalidPosition(f"{char} is shown but not in play")
    state["public"] = sorted(shown)
    state["cards"] = _cards(position)
    state["specials"] = _specials(position, options)
    to_move = position.get("to_move", SAURON)
    if to_move not in SIDES:
        raise InvalidPosition(f"to_move is fellowship or sauron, not {to_move!r}")
    state["turn"] = {"number": int(position.get("turn", 1)), "side": to_move}
    state["last_seen"] = _last_seen(position, board, shown, state["turn"]["number"])
    for char in state["revealed"]:  # shown now: seen where it stands, this turn
        state["last_seen"].setdefault(char, {"region": board[char], "turn": state["turn"]["number"]})
    state["last_move"] = None
    state["king"] = _king(position, roster)
    state["ring_bearer"] = _ring_bearer(position, roster, board)
    state["setup"] = None
    start = start_of(position, (), "the Confrontation")
    if start is not None:
        refuse_under_way({"must_move", "may_not_move", "battle"} & set(position), start)
        for_the_turn = sorted(c for c, how in state["revealed"].items() if how == "turn")
        if for_the_turn:
            raise InvalidPosition(
                f"{', '.join(for_the_turn)} cannot be revealed for a turn that has not begun: "
                "list it in shown (or revealed for good: perm)"
            )
        _start_battle(position, state, board)  # (no battle: both sides never share a region)
        _check_over(state)
        turn.start_turn(state, to_move)
    else:
        frame = push(state, "turn", side=to_move)
        _restrictions(position, frame, board, to_move)
        _start_battle(position, state, board)
        _check_over(state)
    problems = ruleset.check_invariants(state)
    if problems:
        raise InvalidPosition("; ".join(problems))
    return state


def _board(position: Mapping[str, Any], variant: str) -> dict[str, str]:
    board: dict[str, str] = {}
    tiles: dict[str, str] = {}
    crowd: dict[str, dict[str, int]] = {side: {} for side in SIDES}  # pieces per side and region
    for side in SIDES:
        placed = position.get(side, {})
        if not isinstance(placed, Mapping):
            raise InvalidPosition(f"{side} must map characters to regions, not {placed!r}")
        in_set = None if variant == "draft" else _IN_SET[variant == "deluxe-variant"][side]
        here = crowd[side]
        for char, region in placed.items():
            char_side = SIDE_OF.get(char)
            if char_side is None:
                raise InvalidPosition(f"there is no character {char!r}")
            if char_side != side:
                raise InvalidPosition(f"{char} is not a {side} character")
            if in_set is not None and char not in in_set:
                raise InvalidPosition(f"{char} is not in the {variant} set")
            if region not in REGIONS:
                raise InvalidPosition(f"there is no region {region!r}")
            tile = TILE_OF[char]
            if tile in tiles:
                raise InvalidPosition(f"{char} and {tiles[tile]} are the two sides of one tile")
            tiles[tile] = char
            board[char] = region
            here[region] = here.get(region, 0) + 1
    if any(n > CAPACITY[r] for here in crowd.values() for r, n in here.items()):
        for side in SIDES:  # the first crowded region, side by side in the board's order
            for region in REGIONS:
                n = crowd[side].get(region, 0)
                if n > CAPACITY[region]:
                    raise InvalidPosition(f"{n} {side} characters in {region} (room for {CAPACITY[region]})")
    return board


def _rosters(
    position: Mapping[str, Any], board: Mapping[str, str], variant: str
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Each side's nine characters in tile order: those named, else the set's own side of the
    tile (fallen, since it is not on the board)."""
    fallen = _names(position.get("defeated", []), "defeated")
    for char in fallen:
        if char not in CHARS:
            raise InvalidPosition(f"there is no character {char!r}")
        if char in board:
            raise InvalidPosition(f"{char} cannot stand on the board and be defeated")
    roster: dict[str, list[str]] = {}
    defeated: dict[str, list[str]] = {}
    bases = _BASE[variant == "deluxe-variant"]
    on_board: dict[str, list[str]] = {side: [] for side in SIDES}  # each side's, in their order
    for char in board:
        on_board[SIDE_OF[char]].append(char)
    fell: dict[str, list[str]] = {side: [] for side in SIDES}
    for char in fallen:
        fell[SIDE_OF[char]].append(char)
    for side in SIDES:
        listed = fell[side]
        named = on_board[side] + listed
        by_tile = {TILE_OF[c]: c for c in named}
        if len(by_tile) != len(named):
            raise InvalidPosition(f"two {side} characters share a tile: {named}")
        base = bases[side]
        roster[side] = [by_tile.get(tile, base[tile]) for tile in TILES[side]]
        defeated[side] = listed + [c for c in roster[side] if c not in board and c not in listed]
    return roster, defeated


def _revealed(position: Mapping[str, Any], board: Mapping[str, str]) -> dict[str, str]:
    given = position.get("revealed", [])
    revealed = dict(given) if isinstance(given, Mapping) else dict.fromkeys(_names(given, "revealed"), "turn")
    for char, how in revealed.items():
        if char not in board:
            raise InvalidPosition(f"{char} is revealed but not on the board")
        if how not in ("turn", "perm"):
            raise InvalidPosition(f"{char} is revealed for the turn or permanently (perm), not {how!r}")
        if char == "watcher":
            revealed[char] = "perm"
    return revealed


def _last_seen(
    position: Mapping[str, Any], board: Mapping[str, str], shown: set[str], turn: int
) -> dict[str, dict[str, Any]]:
    """``{character: {"region", "turn"}}``: where characters on the board were last shown."""
    given = position.get("last_seen", {})
    if not isinstance(given, Mapping):
        raise InvalidPosition(f"last_seen maps characters to {{region, turn}}, not {given!r}")
    seen: dict[str, dict[str, Any]] = {}
    for char, entry in given.items():
        if char not in board:
            raise InvalidPosition(f"{char} is last seen somewhere but is not on the board")
        if char not in shown:
            raise InvalidPosition(f"{char} is last seen somewhere but was never shown")
        if not isinstance(entry, Mapping) or entry.get("region") not in REGIONS:
            raise InvalidPosition(f"{char} must be last seen in a region, not {entry!r}")
        when = entry.get("turn")
        if not isinstance(when, int) or isinstance(when, bool) or not 1 <= when <= turn:
            raise InvalidPosition(f"{char} is last seen in turn 1 to {turn}, not {when!r}")
        seen[str(char)] = {"region": str(entry["region"]), "turn": when}
    return seen


def _cards(position: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    hands = position.get("hands", {})
    cards: dict[str, dict[str, list[str]]] = {}
    for side in SIDES:
        nine = list(CARD_ORDER[side])
        hand = _names(hands.get(side, nine), f"{side}'s hand")
        wrong = [c for c in hand if c not in CARDS[side]]
        if wrong or len(set(hand)) != len(hand):
            raise InvalidPosition(f"{side}'s hand holds cards it does not have: {hand}")
        if not hand:
            raise InvalidPosition(f"{side}'s hand is empty: it takes all nine back when the last is played")
        cards[side] = {"hand": hand, "discard": [c for c in nine if c not in hand]}
    return cards


def _specials(position: Mapping[str, Any], options: Mapping[str, str]) -> dict[str, dict[str, list[str]]]:
    card_set = {"none": None, "2002": "2002"}.get(options["specials"], "deluxe")
    given = position.get("specials", {})
    if card_set is None and not given:  # (what the loop below gives: no card, nothing to check)
        return {side: {"held": [], "used": []} for side in SIDES}
    out: dict[str, dict[str, list[str]]] = {}
    for side in SIDES:
        gets = card_set is not None and options["handicap"] in ("none", side)
        owned = list(specials_of(side, card_set)) if gets and card_set else []
        default = {"held": owned if options["specials"] != "deluxe-2" else owned[:2], "used": []}
        mine = given.get(side, default)
        held, used = _names(mine.get("held", []), "held"), _names(mine.get("used", []), "used")
        wrong = [c for c in (*held, *used) if c not in owned]
        if wrong:
            raise InvalidPosition(f"{side} has no special card {', '.join(wrong)} with these options")
        limit = 2 if options["specials"] == "deluxe-2" else len(owned)
        if len(set(held + used)) != len(held + used) or len(held + used) > limit:
            raise InvalidPosition(f"{side}'s special cards are not {limit} distinct cards: {held + used}")
        out[side] = {"held": held, "used": used}
    return out


def _king(position: Mapping[str, Any], roster: Mapping[str, list[str]]) -> str | None:
    king = position.get("king")
    if king is not None and (king not in CHARS or CHARS[king].side != SAURON):
        raise InvalidPosition(f"A King Revealed names a Sauron character, not {king!r}")
    return str(king) if king else None


def _ring_bearer(
    position: Mapping[str, Any], roster: Mapping[str, list[str]], board: Mapping[str, str]
) -> str:
    default = next(c for c in roster[FELLOWSHIP] if CHARS[c].tile == RINGBEARER_TILE)
    bearer = str(position.get("ring_bearer", default))
    if bearer not in roster[FELLOWSHIP] or (bearer != default and not bearer.startswith("sam")):
        raise InvalidPosition(f"the Ring-bearer is {default} (or Sam after him), not {bearer!r}")
    if bearer not in board:
        raise InvalidPosition(f"the Ring-bearer {bearer} has fallen: Sauron would have won")
    return bearer


def _restrictions(
    position: Mapping[str, Any], frame: dict[str, Any], board: Mapping[str, str], side: str
) -> None:
    for key, slot in (("must_move", "only"), ("may_not_move", "exclude")):
        char = position.get(key)
        if char is None:
            continue
        if char not in board or CHARS[char].side != side:
            raise InvalidPosition(f"{key} names a character of the side to move on the board, not {char!r}")
        frame[slot] = char
        frame["pre"] = True
    if "only" in frame and "exclude" in frame:
        raise InvalidPosition("only one before-the-move special card is played in a turn")


def _start_battle(position: Mapping[str, Any], state: State, board: Mapping[str, str]) -> None:
    attack = position.get("battle")
    cnt = counts(state)  # (read only: every region's count at once)
    fellowship, sauron = cnt[FELLOWSHIP], cnt[SAURON]
    if attack is None:
        for region in REGIONS:
            if fellowship[region] and sauron[region]:
                raise InvalidPosition(f"both sides stand in {region}: say who attacked there (`battle`)")
        return
    attacker, region = attack.get("attacker"), attack.get("region")
    if board.get(attacker) != region:
        raise InvalidPosition(f"the attacker {attacker!r} must stand in the battle region {region!r}")
    side = CHARS[attacker].side
    if side != state["turn"]["side"]:
        raise InvalidPosition(f"{attacker} attacks in the other side's turn")
    if not cnt[other(side)][region]:
        raise InvalidPosition(f"there is nobody to fight in {region}")
    for other_region in REGIONS:
        if other_region != region and fellowship[other_region] and sauron[other_region]:
            raise InvalidPosition(f"both sides stand in {other_region} outside the battle")
    state["stack"][-1]["then"] = "end"
    battle.start(state, attacker, region)


def _check_over(state: State) -> None:
    if state["result"] is not None:
        raise InvalidPosition("the game is already over in this position")
    bearer = state["ring_bearer"]
    if state["pos"].get(bearer) == HOME[SAURON]:
        raise InvalidPosition("the Ring-bearer stands in Mordor: the Fellowship would have won")
    shire = [c for c, r in state["pos"].items() if r == HOME[FELLOWSHIP]]
    if len(shire) >= 3 and all(CHARS[c].side == SAURON for c in shire):
        raise InvalidPosition("three Sauron characters hold the Shire: Sauron would have won")


def to_position(state: State) -> dict[str, Any]:
    """The position of a state between two moves (no battle or set-up under way)."""
    stack = state["stack"]
    if state.get("setup") is not None or len(stack) != 1 or stack[0]["step"] != "turn" or state["result"]:
        raise InvalidPosition("a position describes the game between two moves")
    frame = stack[0]
    position: dict[str, Any] = {
        "options": dict(state["options"]),
        "fellowship": {c: state["pos"][c] for c in state["chars"][FELLOWSHIP] if c in state["pos"]},
        "sauron": {c: state["pos"][c] for c in state["chars"][SAURON] if c in state["pos"]},
        "defeated": [c for s in SIDES for c in state["defeated"][s]],
        "revealed": dict(state["revealed"]),
        "shown": list(state["public"]),
        "hands": {s: list(state["cards"][s]["hand"]) for s in SIDES},
        "specials": {
            s: {"held": list(state["specials"][s]["held"]), "used": list(state["specials"][s]["used"])}
            for s in SIDES
        },
        "to_move": frame["side"],
        "turn": state["turn"]["number"],
        "ring_bearer": state["ring_bearer"],
        "king": state.get("king"),
        "seed": state["rng"],
    }
    seen = state.get("last_seen")
    if seen:
        position["last_seen"] = {
            c: {"region": e["region"], "turn": e["turn"]} for c, e in sorted(seen.items())
        }
    if frame.get("only"):
        position["must_move"] = frame["only"]
    if frame.get("exclude"):
        position["may_not_move"] = frame["exclude"]
    return position
