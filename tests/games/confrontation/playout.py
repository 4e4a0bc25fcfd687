"""Random playouts shared by the fuzz, replay, leak and golden tests."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, State, rng, submit

from .helpers import R

VARIANTS = ("classic", "variant-2002", "deluxe-variant", "draft")
SPECIALS = ("none", "2002", "deluxe-2", "deluxe-4")
MAX_ACTIONS = 5000
SHORTCUT = (Action("autoplace"), Action("ready"))


def options_for(seed: int) -> dict[str, str]:
    """Spread seeds over every variant, special-card option and handicap."""
    variant = VARIANTS[seed % 4]
    specials = "2002" if variant == "variant-2002" else SPECIALS[(seed // 4) % 4]
    handicap = ("none", "none", "fellowship", "sauron")[(seed // 16) % 4] if specials != "none" else "none"
    return R.resolve_options({"variant": variant, "specials": specials, "handicap": handicap})


def playout(
    seed: int,
    *,
    checked: bool = False,
    quick_setup: bool = True,
    each: Callable[[State, str, Action], None] | None = None,
) -> tuple[State, list[tuple[str, str]]]:
    """Play a game with random legal actions; return the final state and the action log.

    ``checked`` goes through ``submit(..., check=True)``; otherwise ``apply`` is called
    directly and the invariants are checked after every action here.
    """
    state = R.setup(seed, options_for(seed), 2)
    chooser = {"rng": seed * 1_000_003 + 17}
    history: list[tuple[str, str]] = []
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None:
            return state, history
        roles = sorted(R.active(state))
        assert roles, "dead end: nobody to act"
        role = roles[rng.randbelow(chooser, len(roles))]
        actions = R.prompt(state, role).actions
        assert actions, f"dead end: {role} has no legal action"
        quick = [a for a in SHORTCUT if a in actions] if quick_setup else []
        action = quick[0] if quick else actions[rng.randbelow(chooser, len(actions))]
        history.append((role, action.text))
        if checked:
            state = submit(R, state, role, action, check=True).state
        else:
            R.apply(state, role, action)
            state["seq"] += 1
            problems = R.check_invariants(state)
            assert not problems, f"seed {seed} after {action.text}: {problems}"
        if each is not None:
            each(state, role, action)
    raise AssertionError(f"seed {seed}: game did not end in {MAX_ACTIONS} actions")
