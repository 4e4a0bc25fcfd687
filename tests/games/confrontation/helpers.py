"""Build Confrontation positions through the public position API and play through the runner."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.confrontation import CONFRONTATION
from games.core import State, submit

R = CONFRONTATION
SIDES = ("fellowship", "sauron")

#: The question kinds of the battle's decisions, for readable assertions.
COMBAT_CARD, TARGET, RETREAT, MAGIC = "combat_card", "battle_target", "retreat", "magic_card"
FELLOWSHIP_ABILITY, SAURON_ABILITY = "fellowship_ability", "sauron_ability"
AMBUSH, MOVE = "balrog_ambush", "move"


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
    **more: Any,
) -> State:
    """A state in ``turn``'s move with exactly these characters on the board.

    Characters of each side not listed are out of the game (defeated), one per unused tile.
    ``hands`` replaces a side's hand (the rest of its nine cards go to its discard pile);
    ``more`` passes any other key of the position format (``battle``, ``king``...).
    """
    described: dict[str, Any] = {
        "options": {"variant": variant, "specials": specials, "handicap": handicap},
        "fellowship": dict(fellowship),
        "sauron": dict(sauron),
        "to_move": turn,
        "revealed": dict(revealed) if isinstance(revealed, Mapping) else list(revealed),
        "seed": seed,
        **more,
    }
    if held is not None:
        described["specials"] = {side: {"held": list(cards), "used": []} for side, cards in held.items()}
    if hands is not None:
        described["hands"] = {side: list(cards) for side, cards in hands.items()}
    return R.from_position(described)


def act(state: State, role: str, *texts: str) -> State:
    """Apply actions in order through the match runner with invariant checks."""
    for text in texts:
        state = submit(R, state, role, text, check=True).state
    return state


def legal(state: State, role: str) -> set[str]:
    return {a.text for a in R.prompt(state, role).actions}


def step(state: State) -> str | None:
    """The kind of question the game asks now (``combat_card``, ``move``...), or ``None``."""
    active = sorted(R.active(state))
    return R.prompt(state, active[0]).kind if active else None


def asked(state: State) -> str | None:
    """Who is asked now when only one side is."""
    active = R.active(state)
    return next(iter(active)) if len(active) == 1 else None


def fighters(state: State) -> dict[str, str | None]:
    """The two fighters of the fight under way, as everyone sees them (both are revealed)."""
    battle = R.view(state, None)["battle"]
    attacker = battle["attacker"]["piece"]["character"]
    defender = battle["defender"]["piece"]["character"] if battle["defender"] else None
    sides = {battle["attacker"]["side"]: attacker}
    if battle["defender"]:
        sides[battle["defender"]["side"]] = defender
    return sides


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
    return "\n".join(R.log_lines(state, role))


def options(state: State, role: str) -> set[str]:
    """The legal actions of ``role`` other than combat cards (abilities offered with them)."""
    return {a for a in legal(state, role) if not a.startswith("card ")}
