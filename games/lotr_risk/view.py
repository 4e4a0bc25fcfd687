"""Views per audience, in the shape of ``docs/dev/lotr_risk.md`` (the view section).

Cards in hand are shown only to their owner (others see counts); the secret starting
placement is shown only to its author (``setup.pending``) until everyone has confirmed;
armed reactions only to their owner. ``final_reveal`` shows every hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Prompt, State
from games.core.ruleset import Ruleset

from . import effects
from .board import card_name, card_slug, card_symbol, card_territory, is_territory_card
from .data import CARDS, REGIONS, TERRITORIES
from .fellowship import ring_threshold
from .i18n import card_effect, card_title, current, english, ptr, speaking, territory_title, tr
from .options import bonus, geo, is_lotr
from .powers import condition_words
from .reinforce import reinforcements
from .roles import ALLEGIANCE, COLOURS, NEUTRAL, dropped, has_neutral, resigned, role_title
from .victory import score

LOG_LINES = 12
BATTLE_STEPS = ("battle", "defend", "advance")


def _region_title(region: str) -> str:
    name = REGIONS[region].name
    return name if english() else ptr("region", name)


def card(card_id: str) -> dict[str, Any]:
    """A card as views show it: territory cards with their symbol, adventure cards with their text."""
    if is_territory_card(card_id):
        territory = card_territory(card_id)
        return {
            "id": card_id,
            "name": card_name(card_id),
            "territory": territory,
            "symbol": card_symbol(card_id),
        }
    data = CARDS[card_slug(card_id)]
    return {
        "id": card_id,
        "name": card_title(data.name),
        "kind": data.kind,
        "text": card_effect(data.id),
        "points": data.points,
    }


def _players(state: State, everything: bool) -> list[dict[str, Any]]:
    owner, troops = state["owner"], state["troops"]
    lotr = is_lotr(state)
    setup = state.get("setup") is not None
    out_of_time, gave_up = dropped(state), resigned(state)
    found = []
    for role in state["roles"]:
        held = [t for t in geo(state).territories if owner[t] == role]
        cards = state["hands"][role]
        found.append(
            {
                "role": role,
                "name": role_title(role),
                "allegiance": ALLEGIANCE[role] if lotr else None,
                "colour": COLOURS[role],
                "territories": len(held),
                "battalions": sum(troops[t] for t in held),
                "reinforcements": 0 if setup or role in state["eliminated"] else reinforcements(state, role),
                "cards": len(cards["territory"]),
                "adventure_cards": len(cards["adventure"]),
                "score": None if not lotr or setup or role in out_of_time else score(state, role)["total"],
                "eliminated": role in state["eliminated"],
                "dropped": role in out_of_time,
                "resigned": role in gave_up,
                "played": [card(c) for c in state["played"][role]],
                "leaders": len(state["leaders"][role]),
            }
        )
    return found


def _neutral(state: State) -> dict[str, int] | None:
    """The neutral army's holdings: two players, or a player dropped (on time or resigning) in a
    game of three or four (else ``None``)."""
    if not has_neutral(state):
        return None
    held = [t for t, o in state["owner"].items() if o == NEUTRAL]
    return {"territories": len(held), "battalions": sum(state["troops"][t] for t in held)}


def _territories(state: State) -> list[dict[str, Any]]:
    g = geo(state)
    lotr = is_lotr(state)
    owner, troops = state["owner"], state["troops"]
    leaders: dict[str, int] = {}
    for mine in state["leaders"].values():
        for leader in mine:
            leaders[leader["at"]] = leaders.get(leader["at"], 0) + 1
    return [
        {
            "id": t,
            "name": territory_title(t),
            "region": TERRITORIES[t].region,
            "owner": owner[t],
            "troops": troops[t],
            "leaders": leaders.get(t, 0),
            "stronghold": lotr and t in g.strongholds,
            "site": lotr and t in g.sites,
        }
        for t in g.territories
    ]


def _show_own_placement(territories: list[dict[str, Any]], setup: Mapping[str, Any]) -> None:
    """A player's own board counts his secret starting placement in (nobody else's does)."""
    pending = setup.get("pending") or {}
    for entry in territories:
        entry["troops"] += int(pending.get(entry["id"], 0))
        if setup.get("leader") == entry["id"]:
            entry["leaders"] += 1


def _ring(state: State) -> dict[str, Any] | None:
    ring = state["ring"]
    if ring is None:
        return None
    g = geo(state)
    step = int(ring["step"])
    return {
        "territory": g.path[step],
        "step": step,
        "steps": len(g.path),
        "die": step in g.die_steps,
        "done": bool(ring["done"]),
        "threshold": ring_threshold(state),
        "path": list(g.path),
    }


def _battle(state: State) -> dict[str, Any] | None:
    frame = next((f for f in reversed(state["stack"]) if f["step"] in BATTLE_STEPS), None)
    if frame is None:
        return None
    rolls = frame["rolls"]
    last = rolls[-1] if rolls else None
    return {
        "from": frame["from"],
        "to": frame["to"],
        "attacker": frame["role"],
        "defender": frame["defender"],
        "phase": {"battle": "roll", "defend": "defend", "advance": "advance"}[frame["step"]],
        "dice": frame["dice"] or None,
        "rolls": len(rolls),
        "last_roll": None
        if last is None
        else {
            "attack": list(last["attack"]),
            "defence": list(last["defence"]),
            "attack_bonus": last["attack_bonus"],
            "defence_bonus": last["defence_bonus"],
            "lost": {"attack": last["lost_attack"], "defence": last["lost_defence"]},
        },
    }


def _decks(state: State) -> dict[str, int]:
    """How many cards each deck and discard pile holds: public counts, never their order. Shown
    at every moment (in a battle, after the end); plain mode has no adventure deck."""
    decks = state["decks"]
    shown: tuple[str, ...] = ("territory", "territory_discard", "adventure", "adventure_discard")
    if not is_lotr(state):
        shown = shown[:2]
    return {name: len(decks[name]) for name in shown}


def _last(state: State) -> dict[str, Any] | None:
    last = state.get("last")
    if not last:
        return None
    return {
        "kind": last["kind"],
        "role": last.get("role"),
        "from": last.get("from"),
        "to": last.get("to"),
        "conquered": list(state["turn"].get("conquests", ())) if last["kind"] == "attack" else [],
        "territories": list(last.get("territories", ())),
    }


def _hand(state: State, role: str) -> dict[str, Any]:
    cards = state["hands"][role]
    return {
        "territory": [card(c) for c in cards["territory"]],
        "adventure": [card(c) for c in cards["adventure"]],
        "aside": [card(str(e["card"])) for e in state["aside"][role]],
    }


def _armed(state: State, role: str) -> list[dict[str, Any]]:
    return [
        {
            "card": card(a["card"]),
            "when": list(a["when"]),
            "text": condition_words(a["card"], tuple(a["when"])),
        }
        for a in state["armed"][role]
    ]


def _setup(state: State, audience: str | None, everything: bool) -> dict[str, Any] | None:
    setup = state.get("setup")
    if setup is None:
        return None
    own = audience if audience in state["roles"] else None
    shown: dict[str, Any] = {
        "ready": {r: bool(setup["ready"][r]) for r in state["roles"]},
        "left": {r: int(setup["left"][r]) for r in state["roles"]},
        "pending": None,
        "leader": None,
    }
    if own is not None:
        shown["pending"] = dict(setup["pending"][own])
        shown["leader"] = setup["leader"][own]
        shown["left"][own] = int(setup["left"][own]) - sum(setup["pending"][own].values())
    if everything:
        shown["pending"] = {r: dict(setup["pending"][r]) for r in state["roles"]}
    return shown


def build_view(
    ruleset: Ruleset, state: State, audience: str | None, *, everything: bool = False, lang: str = "en"
) -> dict[str, Any]:
    """The view of ``audience``, its words in ``lang`` (names, prompt, log, cards, effects)."""
    with speaking(lang):
        return _build_view(ruleset, state, audience, everything, current())


def _build_view(
    ruleset: Ruleset, state: State, audience: str | None, everything: bool, lang: str
) -> dict[str, Any]:
    active = sorted(ruleset.active(state))
    # Risk's prompt takes ``lang`` (the core's signature gains it in parallel work).
    prompt_of: Callable[..., Prompt] = ruleset.prompt
    if state["result"] is not None:
        prompt = tr("The game is over.")
    elif audience is not None and audience in active:
        prompt = prompt_of(state, audience, lang=lang).text
    else:
        prompt = prompt_of(state, "", lang=lang).text
    result = state["result"]
    if result is not None:
        result = {**result, "text": ruleset.result_text(result, lang)}
    own = audience if audience in state["roles"] else None
    turn = state["turn"]
    view: dict[str, Any] = {
        "game": ruleset.name,
        "audience": audience,
        "options": dict(state["options"]),
        "edition": state["options"]["edition"],
        "mode": state["options"]["mode"],
        "active": active,
        "prompt": prompt,
        "result": result,
        "players": _players(state, everything),
        "neutral": _neutral(state),
        "order": list(state["order"]),
        "turn": {"number": turn["number"], "role": turn["role"], "phase": turn["phase"]},
        "territories": _territories(state),
        "regions": [
            {"id": r, "name": _region_title(r), "colour": REGIONS[r].colour, "bonus": bonus(state, r)}
            for r in geo(state).regions
        ],
        "ring": _ring(state),
        "decks": _decks(state),
        "battle": _battle(state),
        "last": _last(state),
        "hand": _hand(state, own) if own is not None else None,
        "armed": _armed(state, own) if own is not None else None,
        "effects": effects.shown(state),
        "log": [ruleset.event_text(e, audience, lang) for e in state["log"][-LOG_LINES:]],
    }
    setup = _setup(state, own, everything)
    if setup is not None:
        view["setup"] = setup
        if own is not None:
            _show_own_placement(view["territories"], setup)
    if everything:
        view["hands"] = {r: _hand(state, r) for r in state["roles"]}
    return view
