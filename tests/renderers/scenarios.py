"""Real engine positions for the renderer tests: a long charge, a fallen mover, a defender not
chosen yet, a piece last seen, the secret set-up. Each returns engine states (``None`` when
the engine is not registered), so the views come from ``ruleset.view`` exactly as the bot's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .playouts import confrontation_ruleset


def _ruleset() -> Any:
    ruleset = confrontation_ruleset()
    if ruleset is None:
        raise LookupError("the Confrontation engine is not registered")
    return ruleset


def position(
    fellowship: Mapping[str, str], sauron: Mapping[str, str], *, turn: str = "sauron", **more: Any
) -> Any:
    described: dict[str, Any] = {
        "fellowship": dict(fellowship),
        "sauron": dict(sauron),
        "to_move": turn,
        **more,
    }
    return _ruleset().from_position(described)


def act(state: Any, role: str, *texts: str) -> Any:
    from games.core import submit

    for text in texts:
        state = submit(_ruleset(), state, role, text, check=True).state
    return state


def play_cards(state: Any, fellowship: str, sauron: str) -> Any:
    """Both sides play a combat card (whoever is asked first)."""
    ruleset = _ruleset()
    for _ in range(4):
        active = sorted(ruleset.active(state))
        if not active:
            break
        role = active[0]
        texts = {a.text for a in ruleset.prompt(state, role).actions}
        wanted = f"card {fellowship if role == 'fellowship' else sauron}"
        if wanted in texts:
            state = act(state, role, wanted)
        elif "decline" in texts:
            state = act(state, role, "decline")
        else:
            break
    return state


def long_charge() -> Any:
    """The Black Rider has charged from Mordor to Arthedain; the cards are being chosen."""
    state = position({"frodo": "arthedain", "sam": "shire"}, {"black_rider": "mordor", "orcs": "gondor"})
    return act(state, "sauron", "move black_rider arthedain")


def charge_lost() -> Any:
    """The Black Rider charged to Arthedain and fell there against Sam: the battle is over."""
    state = position({"sam": "arthedain", "frodo": "shire"}, {"black_rider": "mordor", "orcs": "gondor"})
    state = act(state, "sauron", "move black_rider arthedain")
    return play_cards(state, "5", "1")


def target_not_chosen() -> Any:
    """The Balrog attacks Eregion, where Legolas (shown) and a hidden piece stand: Sauron has
    not picked his target yet."""
    state = position(
        {"gimli": "eregion", "legolas": "eregion", "frodo": "shire"},
        {"balrog": "misty_mountains", "orcs": "mordor"},
        revealed=["legolas"],
    )
    return act(state, "sauron", "move balrog eregion")


def last_seen(hidden: str = "gimli", shown: str = "legolas") -> Any:
    """Legolas was shown in Rohan in turn 1; in turn 3 he stands hidden again (beside a hidden
    ``hidden``, never shown)."""
    return _ruleset().from_position(
        {
            "fellowship": {shown: "rohan", hidden: "eregion", "frodo": "shire"},
            "sauron": {"orcs": "mordor", "warg": "gondor", "saruman": "fangorn"},
            "to_move": "fellowship",
            "turn": 3,
            "shown": [shown],
            "last_seen": {shown: {"region": "rohan", "turn": 1}},
        }
    )


def setup_started(options: Mapping[str, str] | None = None, *, placed: int = 4) -> Any:
    """The secret set-up: Sauron is ready (autoplace), the Fellowship has placed ``placed``."""
    ruleset = _ruleset()
    state = ruleset.setup(1, ruleset.resolve_options(dict(options or {})), 2)
    for _ in range(6):  # Sauron: any draft or special picks, then autoplace and ready
        texts = [a.text for a in ruleset.prompt(state, "sauron").actions]
        pick = next((t for t in texts if t.startswith(("draft", "pick-special"))), None)
        if pick is None:
            break
        state = act(state, "sauron", pick)
    state = act(state, "sauron", "autoplace", "ready")
    for _ in range(placed + 6):
        texts = [a.text for a in ruleset.prompt(state, "fellowship").actions]
        pick = next((t for t in texts if t.startswith(("draft", "pick-special"))), None)
        if pick is None:
            if len(state["setup"]["fellowship"]["placed"]) >= placed:
                break
            pick = next(t for t in texts if t.startswith("place "))
        state = act(state, "fellowship", pick)
    return state
