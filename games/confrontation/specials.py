"""Special cards: the 2002 set (each replaces the move) and the eight Deluxe cards.

State: ``state["specials"][side] = {"held": [...], "used": [...]}``. A used card leaves
the game. Timings (Deluxe): ``before-move`` (Shadowfax, Dark of Mordor), ``instead-of-turn``,
``any-time`` in your turn (Palantír) and ``battle-start`` (Gwaihir). In the 2002 set all
four cards are played instead of the move.
"""

from __future__ import annotations

import logging
from functools import cache

from games.core import Action, State, emit
from games.core.chance import draw
from games.core.flow import Frame, barrier

from .abilities import retreat_options
from .board import SIDE_OF, counts, move_to, reveal
from .common import special_set
from .data import (
    CAPACITY,
    CHARS,
    FELLOWSHIP,
    REGION_ORDER,
    SAURON,
    SPECIALS,
    TILE_SIDES,
    TILES,
)
from .moves import FORWARD_OPTIONS, Counts

log = logging.getLogger(__name__)


def use(state: State, side: str, card: str) -> None:
    state["specials"][side]["held"].remove(card)
    state["specials"][side]["used"].append(card)
    barrier(state)


def _gandalf_in_game(state: State) -> str | None:
    for g in ("gandalf", "gandalf_v"):
        if g in state["chars"][FELLOWSHIP]:
            return g
    return None


def _palantir_regions(state: State) -> list[str]:
    revealed = state["revealed"]
    side_of = SIDE_OF
    regions = {r for c, r in state["pos"].items() if side_of[c] == FELLOWSHIP and c not in revealed}
    regions.discard("shire")
    return sorted(regions, key=_REGION_INDEX.__getitem__)  # in the board's order


def _king_candidates(state: State) -> list[str]:
    """Sauron characters A King Revealed may name (every tile side in a Draft, so nothing leaks)."""
    if state["options"].get("variant") == "draft":
        names: list[str] = []
        for tile in TILES[SAURON]:
            pair = TILE_SIDES[tile]
            if not any(c in state["defeated"][SAURON] for c in pair):
                names += pair
    else:
        names = [c for c in state["chars"][SAURON] if c in state["pos"]]
    return [c for c in names if not (c == "watcher" and state["revealed"].get(c) == "perm")]


def replaces_move(state: State, card: str) -> bool:
    """Whether ``card`` is played in place of the move (every 2002 card, Deluxe instead-of-turn).

    Deluxe before-move cards need a forward move that is itself a legal move, and the Deluxe
    Palantír is played in addition to the move, so neither lets a player without a move act.
    """
    return special_set(state) == "2002" or SPECIALS[card].timing == "instead-of-turn"


@cache
def _special(card: str, *args: str) -> Action:
    """``special <card> ...``, built once per choice (prompts are rebuilt after each action)."""
    return Action("special", (card, *args))


#: Each region's place in the board's order.
_REGION_INDEX = {r: i for i, r in enumerate(REGION_ORDER)}
#: ``special crebain <region or character>``, built once.
_CREBAIN = {x: Action("special", ("crebain", x)) for x in (*REGION_ORDER, *CHARS)}

#: ``special <card> <region or character>`` for every card, built once (the same values as
#: :func:`_special`).
_ONE_ARG = {card: {x: Action("special", (card, x)) for x in (*REGION_ORDER, *CHARS)} for card in SPECIALS}

#: ``special <card> <character> <region>`` for the before-the-move cards, built once; and per
#: character and region, its forward regions (Anduin and Tunnel included) with capacities and actions.
_AHEAD: dict[str, dict[str, dict[str, Action]]] = {
    card: {c: {r: Action("special", (card, c, r)) for r in REGION_ORDER} for c in CHARS}
    for card in ("shadowfax", "dark_of_mordor")
}
_AHEAD_PAIRS: dict[str, dict[str, dict[str, tuple[tuple[str, int, Action], ...]]]] = {
    card: {
        c: {
            r: tuple((n, CAPACITY[n], _AHEAD[card][c][n]) for n in FORWARD_OPTIONS[SIDE_OF[c]][r])
            for r in REGION_ORDER
        }
        for c in CHARS
    }
    for card in _AHEAD
}


def turn_actions(state: State, frame: Frame, cnt: Counts | None = None) -> list[Action]:
    """Special cards the side in ``frame`` may play now in its turn."""
    side = frame["side"]
    cards = state["specials"][side]["held"]
    if not cards:
        return []
    card_set = special_set(state)
    if not card_set:
        return []
    whole_turn = not frame.get("pre") and not frame.get("only") and not frame.get("exclude")
    if side == SAURON and state.get("king"):
        whole_turn = False
    pos = state["pos"]
    acts: list[Action] = []
    for card in cards:
        timing = "instead-of-turn" if card_set == "2002" else SPECIALS[card].timing
        if timing in ("instead-of-turn", "before-move") and not whole_turn:
            continue
        if card in ("shadowfax", "dark_of_mordor"):
            cnt = cnt if cnt is not None else counts(state)
            # forward_free() of each character in one comprehension (every turn's prompt is here).
            own, foe = cnt[side], cnt[FELLOWSHIP if side == SAURON else SAURON]
            ahead, revealed = _AHEAD_PAIRS[card], state["revealed"]
            acts += [
                action
                for char in state["chars"][side]
                if (here := pos.get(char)) is not None and not (char == "watcher" and char in revealed)
                for r, room, action in ahead[char][here]
                if foe[r] == 0 and own[r] < room
            ]
        elif card == "gandalf_the_white":
            g = _gandalf_in_game(state)
            cnt = cnt if cnt is not None else counts(state)
            if (
                g
                and g in state["defeated"][FELLOWSHIP]
                and cnt[SAURON]["fangorn"] == 0
                and cnt[FELLOWSHIP]["fangorn"] < 2
            ):
                acts.append(_special(card))
        elif card == "a_king_revealed":
            if "aragorn" in pos or "aragorn_v" in pos:
                acts += map(_ONE_ARG[card].__getitem__, _king_candidates(state))
        elif card == "palantir":
            acts += map(_ONE_ARG[card].__getitem__, _palantir_regions(state))
        elif card == "recall_to_mordor":
            cnt = cnt if cnt is not None else counts(state)
            if cnt[FELLOWSHIP]["mordor"] == 0 and cnt[SAURON]["mordor"] < 4:
                row = _ONE_ARG[card]
                acts += [row[c] for c in state["chars"][SAURON] if c in pos and pos[c] != "mordor"]
        elif card == "crebain":
            acts += _crebain_actions(state)
    return acts


#: What the turn does after a special card played in it.
END_TURN = "end"
#: The Deluxe Palantír was played besides the move: the turn goes on (if anything is left).
CONTINUE = "continue"


def apply_turn_special(state: State, frame: Frame, side: str, action: Action) -> str | tuple[str, str]:
    """Play a special card in the turn. Returns :data:`END_TURN`, :data:`CONTINUE`, or the
    ``(character, region)`` a before-the-move card moves ahead (the normal move follows)."""
    card, *args = action.args
    use(state, side, card)
    if card in ("shadowfax", "dark_of_mordor"):
        char, dest = args
        origin = state["pos"][char]
        own = ("own_special_move", {"special": card, "char": char, "from": origin})
        if char in state["revealed"]:
            public = {"side": side, "special": card, "char": char, "from": origin}
            emit(state, "special_move", public, {side: own})
        else:
            public = {"side": side, "special": card, "piece": side, "from": origin}
            emit(state, "hidden_special_move", public, {side: own})
        frame["pre"] = True
        frame["only" if card == "shadowfax" else "exclude"] = char
        return char, dest
    if card == "gandalf_the_white":
        g = _gandalf_in_game(state) or "gandalf"
        state["defeated"][FELLOWSHIP].remove(g)
        move_to(state, g, "fangorn")
        state["revealed"][g] = "turn"
        emit(state, "gandalf_returns", {"special": card})
        return END_TURN
    if card == "a_king_revealed":
        aragorn = next(a for a in ("aragorn", "aragorn_v") if a in state["pos"])
        reveal(state, aragorn)
        target = args[0]
        kind = "king_revealed_in_draft" if state["options"].get("variant") == "draft" else "king_revealed"
        emit(state, kind, {"special": card, "region": state["pos"][aragorn], "char": target})
        if target in state["chars"][SAURON] and target not in state["public"]:
            # Everyone heard the name; the checker must not treat the name itself as a leak.
            state["public"] = sorted([*state["public"], target])
        # Set even for a Draft side Sauron did not play: his next turn looks the same either way,
        # so nothing tells the Fellowship which side of the tile he drafted.
        state["king"] = target
        return END_TURN
    if card == "palantir":
        play_palantir(state, args[0], announce=False)
        return END_TURN if special_set(state) == "2002" else CONTINUE
    if card == "recall_to_mordor":
        char = args[0]
        origin = state["pos"][char]
        move_to(state, char, "mordor")
        own = ("own_recall", {"special": card, "char": char, "from": origin})
        if char in state["revealed"]:
            emit(state, "recall", {"special": card, "char": char, "from": origin}, {SAURON: own})
        else:
            emit(state, "hidden_recall", {"special": card, "piece": SAURON, "from": origin}, {SAURON: own})
        return END_TURN
    if card == "crebain":
        if args[0] in CHARS:
            target = args[0]
        else:
            hidden = [c for c in state["chars"][FELLOWSHIP] if _crebain_hidden(state, c, args[0])]
            target = draw(state, "crebain target", hidden)
        region = state["pos"][target]
        reveal(state, target, permanent=True)
        emit(state, "crebain", {"special": card, "char": target, "region": region})
        return END_TURN
    raise AssertionError(f"unknown special card {card}")


def _crebain_hidden(state: State, char: str, region: str) -> bool:
    return state["pos"].get(char) == region and char not in state["revealed"]


def _crebain_actions(state: State) -> list[Action]:
    """Crebain of Dunland chooses a character: by name if Sauron sees it now (revealed this
    turn, e.g. by the Palantír), else by region, where one hidden character is drawn at random
    (Sauron cannot tell hidden pieces apart)."""
    revealed = state["revealed"]
    pos = state["pos"]
    roster = state["chars"][FELLOWSHIP]
    regions = {pos[c] for c in roster if c in pos and c not in revealed}
    acts = [_CREBAIN[r] for r in sorted(regions, key=_REGION_INDEX.__getitem__)]  # in the board's order
    if revealed:
        acts += [_CREBAIN[c] for c in roster if revealed.get(c) == "turn" and c in pos]
    return acts


def play_palantir(state: State, region: str, *, announce: bool = True) -> None:
    """Reveal every Fellowship character in ``region`` until the end of Sauron's turn."""
    if announce:
        use(state, SAURON, "palantir")
    seen = [c for c in state["chars"][FELLOWSHIP] if state["pos"].get(c) == region]
    for c in seen:
        reveal(state, c)
    emit(state, "palantir", {"region": region, "chars": seen})


def battle_palantir(state: State) -> list[Action]:
    """The Deluxe Palantír may also be played while Sauron chooses a target."""
    if special_set(state) != "deluxe" or "palantir" not in state["specials"][SAURON]["held"]:
        return []
    return [_special("palantir", r) for r in _palantir_regions(state)]


def gwaihir_actions(state: State, region: str) -> list[Action]:
    """Gwaihir at the start of a fight: fly sideways or backward (not against the Warg)."""
    if "gwaihir" not in state["specials"][FELLOWSHIP]["held"]:
        return []
    return [_special("gwaihir", r) for r in retreat_options(state, FELLOWSHIP, region, "sb")]


def may_hold(state: State, side: str, card: str) -> bool:
    """Whether ``side``'s opponent cannot rule out that ``side`` holds ``card``.

    With "Deluxe, choose 2" the kept cards are secret: any unused card may be among them. A
    question asked exactly when this holds (even with `decline` as the only choice) never
    shows the card. Otherwise the held cards are known to both players.
    """
    mine = state["specials"][side]
    if state["options"].get("specials") == "deluxe-2":
        return bool(mine["held"]) and card not in mine["used"]
    return card in mine["held"]
