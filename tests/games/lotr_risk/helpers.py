"""Build Risk positions through the public position API and play through the runner."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core import Action, Match, State, project, submit
from games.core.rng import randbelow
from games.lotr_risk import LOTR_RISK
from games.lotr_risk.board import geometry

R = LOTR_RISK
COMBOS = [
    (edition, mode, players)
    for edition in ("middle-earth", "trilogy")
    for mode in ("lotr", "plain")
    for players in (2, 3, 4)
]


def position(
    owners: Mapping[str, str] | None = None,
    *,
    default: str = "black",
    edition: str = "middle-earth",
    mode: str = "lotr",
    players: int = 2,
    role: str = "green",
    phase: str = "attack",
    troops: Mapping[str, int] | None = None,
    leaders: Mapping[str, Iterable[Any]] | None = None,
    hands: Mapping[str, Mapping[str, list[str]]] | None = None,
    options: Mapping[str, str] | None = None,
    turn: Mapping[str, Any] | None = None,
    **more: Any,
) -> State:
    """A state in ``role``'s ``phase``: every territory held by ``default`` unless listed."""
    every = {t: default for t in geometry(edition).territories}
    every.update(owners or {})
    described: dict[str, Any] = {
        "options": {"edition": edition, "mode": mode, "players": str(players), **(options or {})},
        "owners": every,
        "troops": dict(troops or {}),
        "turn": {"role": role, "phase": phase, **(turn or {})},
        **more,
    }
    if leaders is not None:
        described["leaders"] = {r: list(v) for r, v in leaders.items()}
    if hands is not None:
        described["hands"] = {r: dict(h) for r, h in hands.items()}
    return R.from_position(described)


def act(state: State, role: str, *texts: str) -> State:
    """Apply actions in order through the match runner, invariants checked."""
    for text in texts:
        state = submit(R, state, role, text, check=True).state
    return state


def legal(state: State, role: str) -> set[str]:
    return {a.text for a in R.prompt(state, role).actions}


def allowed(state: State, role: str, text: str) -> bool:
    return R.is_legal(state, role, Action.from_text(text))


def kind(state: State) -> str | None:
    """The kind of question asked now (``attack``, ``defend``...), or ``None``."""
    active = sorted(R.active(state))
    return R.prompt(state, active[0]).kind if active else None


def asked(state: State) -> str | None:
    active = R.active(state)
    return next(iter(active)) if len(active) == 1 else None


def events(state: State, name: str, audience: str | None = None) -> list[dict[str, Any]]:
    """The arguments of every logged event of kind ``name`` as ``audience`` sees them."""
    found = []
    for event in state["log"]:
        seen, args = project(event, audience)
        if seen == name:
            found.append(dict(args))
    return found


def log_text(state: State, audience: str | None = None) -> str:
    return "\n".join(R.log_lines(state, audience))


def winners(state: State) -> list[str] | None:
    result = state["result"]
    return None if result is None else list(result["winners"])


#: Battalions an event says were added (+) or removed (-); every other kind moves none.
TOLD: dict[str, Any] = {
    "claimed": lambda a: 1,
    "start_placed": lambda a: 1,
    "placed": lambda a: a["count"],
    "placement_revealed": lambda a: sum(sum(counts.values()) for counts in a["placed"].values()),
    "stronghold_battalions": lambda a: a["each"] * len(a["territories"]),
    "rolled": lambda a: -a["lost_attack"] - a["lost_defence"],
    "mission_completed": lambda a: a["battalions"],
    "event_gain": lambda a: a["battalions"],
    "event_loss": lambda a: -a["battalions"],
    "raiders_struck": lambda a: -sum(a["losses"].values()),
    "mustering_gathered": lambda a: a["battalions"] * len(a["territories"]),
    "uprising_revealed": lambda a: a["battalions"],
    "corsairs_struck": lambda a: -a["lost"],
    "power_battalions": lambda a: a["count"],
    "power_storm": lambda a: -a["count"],
}


def battalions(state: State) -> int:
    return sum(state["troops"].values())


def told_change(events: Iterable[Mapping[str, Any]]) -> int:
    """The change of the battalions on the board that ``events`` tell (public projections)."""
    return sum(TOLD[e["kind"]](e["args"]) for e in events if e["kind"] in TOLD)


def random_game(
    seed: int,
    options: Mapping[str, str],
    players: int,
    *,
    check: bool = True,
    max_turns: int | None = None,
    max_actions: int = 200_000,
    each: Any = None,
) -> tuple[Match, list[tuple[str, str]]]:
    """A random game through the runner (invariants after every action when ``check``, and the
    battalions conserved: the board changes by exactly what the log tells); stops at the end, or
    after ``max_turns`` player turns (the fuzzer's cap for plain mode)."""
    match = Match.new(R, seed, dict(options, players=str(players)), players)
    chooser = {"rng": seed * 7919 + 17}
    history: list[tuple[str, str]] = []
    for _ in range(max_actions):
        state = match.state
        if state["result"] is not None:
            return match, history
        if max_turns is not None and state["turn"]["number"] > max_turns:
            return match, history
        active = sorted(R.active(state))
        assert active, f"seed {seed} {options}: dead end, nobody is to act"
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(state, role).actions
        for other in active:  # no dead end: everyone asked can answer
            offered = actions if other == role else R.prompt(state, other).actions
            assert offered, f"seed {seed} {options}: {other} is to act but has no legal action"
        action = actions[randbelow(chooser, len(actions))]
        before, logged = battalions(state), len(state["log"])
        match.submit(role, action, check=check)
        after = match.state
        if check:
            told = told_change(after["log"][logged:])
            assert battalions(after) - before == told, (
                f"seed {seed} {options}: {role} {action.text}: the board changed by "
                f"{battalions(after) - before} battalions, the log tells {told}"
            )
        history.append((role, action.text))
        if each is not None:
            each(match, role, action)
    raise AssertionError(f"seed {seed} {options}: no end in {max_actions} actions")


def pass_turn(state: State) -> State:
    """Play the current turn out with the plainest choices (place all, no attack, no move)."""
    role = state["turn"]["role"]
    number = state["turn"]["number"]
    while state["result"] is None and state["turn"]["number"] == number:
        who = sorted(R.active(state))[0]
        options = [a.text for a in R.prompt(state, who).actions]
        for wanted in ("end", "done", "stop"):
            if wanted in options:
                choice = wanted
                break
        else:
            choice = options[0]
        state = act(state, who, choice)
    assert state["result"] is not None or state["turn"]["role"] != role or len(state["order"]) == 1
    return state
