"""Lasting effects of adventure cards ("until the start of your next turn"), and the points
where the rules consult them.

An effect in ``state["effects"]`` is ``{"kind", "by": role, "until", "turn": number, ...}``
plus whatever its kind needs (``"territories": [...]``, ``"edge": [a, b]``...). ``until`` is

- ``"next_turn"``: removed when ``by``'s next turn begins;
- ``"attack"``: removed when the attack under way ends;
- ``"turn"``: removed when the current player's turn ends.

Each kind registers an :class:`EffectKind` whose hooks the rules call: attack legality
(:func:`attack_blocked`), fortify moves (:func:`move_blocked`), the dice (:func:`dice_bonus`,
:func:`stronghold_counts`) and the moment an attack is declared (:func:`on_declare`). Every hook
has a neutral default, so a kind overrides only what it changes. An unregistered kind does
nothing but is still shown (its ``text`` is its kind).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from games.core import State, emit

log = logging.getLogger(__name__)

Effect = dict[str, Any]
UNTIL = ("next_turn", "attack", "turn")


class EffectKind:
    """The hooks of one kind of effect (subclass and :func:`register_effect` it)."""

    def text(self, state: State, effect: Effect) -> str:
        """What the effect does, for views ("No attack into or out of Moria...")."""
        return str(effect["kind"]).replace("_", " ").capitalize()

    def territories(self, state: State, effect: Effect) -> list[str]:
        """The territories the effect concerns (the renderer marks them)."""
        return [str(t) for t in effect.get("territories", ())]

    def blocks_attack(self, state: State, effect: Effect, role: str, source: str, target: str) -> bool:
        return False

    def blocks_move(
        self, state: State, effect: Effect, role: str, source: str, target: str, leader: bool
    ) -> bool:
        """Whether a fortify move may not cross from ``source`` to the neighbouring ``target``."""
        return False

    def dice_bonus(self, state: State, effect: Effect, battle: Mapping[str, Any], side: str) -> int:
        """Added to the highest die of ``side`` (``attack`` or ``defence``) in ``battle``."""
        return 0

    def cancels_stronghold(self, state: State, effect: Effect, battle: Mapping[str, Any]) -> bool:
        return False

    def on_declare(self, state: State, effect: Effect, battle: dict[str, Any]) -> None:
        """An attack has just been declared (before reactions and dice)."""


EFFECT_KINDS: dict[str, EffectKind] = {}
_NEUTRAL = EffectKind()


def register_effect(kind: str, hooks: EffectKind) -> EffectKind:
    EFFECT_KINDS[kind] = hooks
    return hooks


def hooks_of(effect: Effect) -> EffectKind:
    return EFFECT_KINDS.get(str(effect["kind"]), _NEUTRAL)


def add_effect(state: State, kind: str, by: str, until: str, **data: Any) -> Effect:
    """Start an effect; returns it (stored in the state)."""
    if until not in UNTIL:
        raise ValueError(f"an effect lasts until one of {UNTIL}, not {until!r}")
    effect: Effect = {"kind": kind, "by": by, "until": until, "turn": state["turn"]["number"], **data}
    state["effects"].append(effect)
    return state["effects"][-1]  # type: ignore[no-any-return]


def expire(state: State, until: str, role: str | None = None) -> None:
    """Remove the effects lasting ``until`` this moment (``next_turn``: those of ``role``)."""
    effects = state["effects"]
    if not effects:
        return
    kept = [e for e in effects if not (e["until"] == until and (role is None or e["by"] == role))]
    if len(kept) != len(effects):
        for gone in effects:
            if gone not in kept:
                emit(state, "effect_ended", {"kind": gone["kind"], "by": gone["by"]})
        state["effects"] = kept


def drop_effects_of(state: State, role: str) -> None:
    """An eliminated player's effects end with him."""
    if any(e["by"] == role for e in state["effects"]):
        state["effects"] = [e for e in state["effects"] if e["by"] != role]


def attack_blocked(state: State, role: str, source: str, target: str) -> bool:
    return any(hooks_of(e).blocks_attack(state, e, role, source, target) for e in state["effects"])


def move_blocked(state: State, role: str, source: str, target: str, leader: bool) -> bool:
    return any(hooks_of(e).blocks_move(state, e, role, source, target, leader) for e in state["effects"])


def dice_bonus(state: State, battle: Mapping[str, Any], side: str) -> int:
    return sum(hooks_of(e).dice_bonus(state, e, battle, side) for e in state["effects"])


def stronghold_counts(state: State, battle: Mapping[str, Any]) -> bool:
    return not any(hooks_of(e).cancels_stronghold(state, e, battle) for e in state["effects"])


def on_declare(state: State, battle: dict[str, Any]) -> None:
    for effect in list(state["effects"]):
        hooks_of(effect).on_declare(state, effect, battle)


def shown(state: State) -> list[dict[str, Any]]:
    """The effects as views show them: ``{"kind", "text", "territories", "by"}``."""
    return [
        {
            "kind": e["kind"],
            "text": hooks_of(e).text(state, e),
            "territories": hooks_of(e).territories(state, e),
            "by": e["by"],
        }
        for e in state["effects"]
    ]
