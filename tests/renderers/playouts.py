"""Views from random playouts of the real Confrontation engine (once it is registered).

Used by the renderer tests and the benchmark; returns nothing while the engine is missing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

AUDIENCES: tuple[str | None, ...] = (None, "fellowship", "sauron")


def confrontation_ruleset() -> Any | None:
    """The registered Confrontation ruleset, or ``None`` if the engine is not there yet."""
    try:
        import games
        from games.core import InvalidAction, find
    except ImportError:
        return None
    _ = games
    try:
        return find("confrontation")
    except InvalidAction:
        return None


def playout_views(
    seed: int, *, every: int = 1, max_actions: int = 400, audiences: Iterable[str | None] = AUDIENCES
) -> list[dict[str, Any]]:
    """Views of the states along one random game (every ``every``-th action), plus the final
    reveal if the game ended. Empty if the engine is not registered."""
    ruleset = confrontation_ruleset()
    if ruleset is None:
        return []
    from games.core import submit

    chooser = random.Random(seed)
    state = ruleset.setup(seed, ruleset.resolve_options({}), 2)
    wanted = tuple(audiences)
    views: list[dict[str, Any]] = []
    for step in range(max_actions):
        if step % every == 0:
            views.extend(ruleset.view(state, audience) for audience in wanted)
        if state["result"] is not None:
            break
        active = sorted(ruleset.active(state))
        if not active:
            break
        role = chooser.choice(active)
        actions = ruleset.prompt(state, role).actions
        if not actions:
            break
        state = submit(ruleset, state, role, chooser.choice(actions)).state
    if state["result"] is not None:
        views.extend(ruleset.view(state, audience) for audience in wanted)
        views.append(ruleset.final_reveal(state))
    return views


def public_views(seeds: Iterable[int], *, every: int = 1) -> list[dict[str, Any]]:
    """Public views of several random games."""
    return [view for seed in seeds for view in playout_views(seed, every=every, audiences=(None,))]
