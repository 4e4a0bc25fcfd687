"""Views from random playouts of the real Confrontation engine (once it is registered).

Used by the renderer tests and the benchmark; returns nothing while the engine is missing.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from typing import Any

log = logging.getLogger(__name__)

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


#: Verbs that finish a secret setup quickly; "unplace" only undoes progress.
SETUP_SHORTCUTS = frozenset({"autoplace", "ready"})
AVOID = frozenset({"unplace"})


def pick(chooser: random.Random, actions: Any) -> Any:
    """A random legal action, hurrying through setup so that games reach their battles."""
    shortcuts = [a for a in actions if a.verb in SETUP_SHORTCUTS]
    if shortcuts and chooser.random() < 0.8:
        return chooser.choice(shortcuts)
    useful = [a for a in actions if a.verb not in AVOID] or list(actions)
    return chooser.choice(useful)


def playout_views(
    seed: int,
    *,
    every: int = 1,
    max_actions: int = 400,
    audiences: Iterable[str | None] = AUDIENCES,
    options: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Views of the states along one random game (every ``every``-th action), plus the final
    reveal if the game ended. Empty if the engine is not registered."""
    ruleset = confrontation_ruleset()
    if ruleset is None:
        return []
    from games.core import submit

    chooser = random.Random(seed)
    state = ruleset.setup(seed, ruleset.resolve_options(options or {}), 2)
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
        try:
            state = submit(ruleset, state, role, pick(chooser, actions)).state
        except Exception:  # an engine bug is the engine tests' business; keep what we have
            log.exception("playout %d stopped by an engine error", seed)
            return views
    if state["result"] is not None:
        views.extend(ruleset.view(state, audience) for audience in wanted)
        views.append(ruleset.final_reveal(state))
    return views


def public_views(seeds: Iterable[int], *, every: int = 1) -> list[dict[str, Any]]:
    """Public views of several random games."""
    return [view for seed in seeds for view in playout_views(seed, every=every, audiences=(None,))]


def ready_state(seed: int) -> Any:
    """A game right after both secret setups (``autoplace`` then ``ready``), or ``None``."""
    ruleset = confrontation_ruleset()
    if ruleset is None:
        return None
    from games.core import submit

    state = ruleset.setup(seed, ruleset.resolve_options({}), 2)
    for _ in range(20):
        setting_up = [
            (role, a)
            for role in sorted(ruleset.active(state))
            for a in ruleset.prompt(state, role).actions
            if a.verb in SETUP_SHORTCUTS
        ]
        if not setting_up:
            return state
        role, action = min(setting_up, key=lambda pair: (pair[1].verb != "autoplace", pair[0]))
        state = submit(ruleset, state, role, action).state
    return state
