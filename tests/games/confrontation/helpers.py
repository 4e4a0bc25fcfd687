"""Build Confrontation positions directly and play actions through the match runner."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.confrontation import CONFRONTATION
from games.confrontation.data import CHARS, CLASSIC, TILES, VARIANT
from games.core import State, submit

R = CONFRONTATION
SIDES = ("fellowship", "sauron")


def position(
    fellowship: Mapping[str, str],
    sauron: Mapping[str, str],
    *,
    turn: str = "sauron",
    variant: str = "classic",
    specials: str = "none",
    handicap: str = "none",
    held: Mapping[str, Iterable[str]] | None = None,
    revealed: Mapping[str, str] | Iterable[str] = (),
    hands: Mapping[str, Iterable[str]] | None = None,
    seed: int = 1,
) -> State:
    """A state in ``turn``'s move with exactly these characters on the board.

    Characters of each side not listed are out of the game (defeated), one per unused tile.
    ``hands`` replaces a side's hand (the rest of its nine cards go to its discard pile).
    """
    state = R.setup(
        seed, R.resolve_options({"variant": variant, "specials": specials, "handicap": handicap}), 2
    )
    base = VARIANT if variant == "deluxe-variant" else CLASSIC
    placed = {"fellowship": dict(fellowship), "sauron": dict(sauron)}
    for side in SIDES:
        given = list(placed[side])
        used = {CHARS[c].tile for c in given}
        extra = [c for c in base[side] if CHARS[c].tile not in used]
        roster = given + extra
        assert len(roster) == len(TILES[side]), roster
        state["chars"][side] = roster
        state["defeated"][side] = extra
        state["pos"].update(placed[side])
    state["public"] = sorted(c for s in SIDES for c in state["defeated"][s])
    bearer = next(c for c in state["chars"]["fellowship"] if CHARS[c].tile == "f-ringbearer")
    state["ring_bearer"] = bearer
    if isinstance(revealed, Mapping):
        state["revealed"] = dict(revealed)
    else:
        state["revealed"] = dict.fromkeys(revealed, "turn")
    for char in state["revealed"]:
        state["public"] = sorted({*state["public"], char})
    if held is not None:
        for side, cards in held.items():
            state["specials"][side]["held"] = list(cards)
    if hands is not None:
        for side, cards in hands.items():
            hand = list(cards)
            state["cards"][side]["discard"] = [c for c in state["cards"][side]["hand"] if c not in hand]
            state["cards"][side]["hand"] = hand
    state["setup"] = None
    state["turn"] = {"number": 1, "side": turn}
    state["stack"] = [{"step": "turn", "side": turn}]
    return state


def act(state: State, role: str, *texts: str) -> State:
    """Apply actions in order through ``submit`` with invariant checks."""
    for text in texts:
        state = submit(R, state, role, text, check=True).state
    return state


def legal(state: State, role: str) -> set[str]:
    return {a.text for a in R.prompt(state, role).actions}


def step(state: State) -> str | None:
    return state["stack"][-1]["step"] if state["stack"] else None


def where(state: State, char: str) -> str | None:
    pos: dict[str, str] = state["pos"]
    return pos.get(char)


def defeated(state: State, char: str) -> bool:
    return any(char in state["defeated"][s] for s in SIDES)


def winner(state: State) -> str | None:
    result = state["result"]
    if result is None:
        return None
    winners: list[str] = result["winners"]
    return winners[0] if winners else None


def log_text(state: State, role: str | None = None) -> str:
    from games.core import project_log

    return "\n".join(project_log(state, role))
