"""What Combat-card effects do to a battle round, as small operations the effects share: the
round's effect record, questions to the player who pays a cost, extra attacks, hits on an Army,
figures slain by a card.

The round's record is ``state["battle"]["fx"]`` (created when the round's Combat cards are
chosen, cleared when the round's losses are settled)::

    {"asked": [side, ...] (who holds a card: asked to choose),
     "chosen": {side: card | ""} (only until the reveal: secret),
     "cards": {side: card | None} (revealed), "combat": {side: name | None} (still in effect),
     "at": index in the round's timings, "done": [side, ...] (whose effect acted at this timing),
     "then": [[name, side, n], ...] (the rest of an effect after a procedure it called),
     "ask": None | {"side", "effect", "what", "n"} (a question to the player who pays a cost),
     "silenced": [companion], "forfeited": [character], "nazgul_forfeit": n, "paid": [side],
     "dread": n, "relentless": n, "bats": bool, "pre_hits": {side: n}, "self_hits": {side: n},
     "rolls": {side: {"dice", "target", "mod", "turned", "locked", "rerolls", "reroll_mod",
                      "roll_hits", "reroll_hits"}},
     "hits": {side: n} (hits scored on the enemy this round, after the cards)}
"""

from __future__ import annotations

from typing import Any

from games.core import State, emit
from games.core.chance import roll
from games.core.i18n import Sentences

from . import casualties
from .battle_figures import MAX_DICE, current, figures, is_hit, place, unit_count
from .board import eliminated, remove
from .data import CHARACTERS, FREE, SHADOW
from .i18n import current as current_language
from .roles import other

Fx = dict[str, Any]

#: The points of a round where Combat cards act, in order (``roll``, ``reroll`` and ``take``
#: are the round's own steps: the Combat roll, the Leader re-roll, the casualties).
TIMINGS = ("cancel", "before", "roll", "between", "reroll", "after", "casualty", "take", "after_casualties")


def fx_of(state: State) -> Fx:
    found: Fx = current(state)["fx"]
    return found


def new_fx() -> Fx:
    return {
        "chosen": {},
        "cards": {FREE: None, SHADOW: None},
        "combat": {FREE: None, SHADOW: None},
        "at": 0,
        "done": [],
        "then": [],
        "ask": None,
        "silenced": [],
        "forfeited": [],
        "nazgul_forfeit": 0,
        "paid": [],
        "dread": 0,
        "relentless": 0,
        "bats": False,
        "pre_hits": {FREE: 0, SHADOW: 0},
        "self_hits": {FREE: 0, SHADOW: 0},
        "rolls": {},
        "hits": {FREE: 0, SHADOW: 0},
    }


def ask(state: State, side: str, effect: str, what: str, n: int = 0) -> bool:
    """Stop the round for ``side``'s choice ``what`` of ``effect`` (see :mod:`.combat_round`)."""
    fx_of(state)["ask"] = {"side": side, "effect": effect, "what": what, "n": n}
    current(state)["stage"] = "combat_choice"
    return True


def no_effect(state: State, side: str, effect: str) -> bool:
    emit(state, "combat_no_effect", {"side": side, "combat": effect})
    return False


# -- figures in the battle ----------------------------------------------------------------------
def kind_in(state: State, side: str, kind: str) -> list[str]:
    """``side``'s characters of that kind (``companion``, ``minion``) in the battle."""
    _, chars = figures(state, side)
    return [c for c in chars if CHARACTERS[c].kind == kind]


def companions(state: State) -> list[str]:
    return kind_in(state, FREE, "companion")


def minions(state: State) -> list[str]:
    return kind_in(state, SHADOW, "minion")


def leaders(state: State, side: str) -> dict[str, int]:
    """Leader figures (the Shadow's: Nazgûl) of ``side`` in the battle, by Nation."""
    counts, _ = figures(state, side)
    return {n: c["leader"] for n, c in counts.items() if c.get("leader")}


def elites(state: State, side: str) -> int:
    counts, _ = figures(state, side)
    return sum(c.get("elite", 0) for c in counts.values())


def army_units(state: State, side: str) -> int:
    counts, _ = figures(state, side)
    return unit_count(counts)


def self_hit_limit(state: State, side: str, most: int) -> int:
    """Hits ``side`` may inflict on his own Army: at most ``most``, and never the whole Army (our
    ruling: a card is not a way to destroy one's own Army)."""
    counts, _ = figures(state, side)
    return max(0, min(most, casualties.strength(counts) - 1))


def wiped_out(state: State) -> bool:
    """An Army in the battle has no unit left (the round stops: its losses are settled)."""
    b = current(state)
    return any(not army_units(state, s) for s in (b["attacker"], b["defender"]))


# -- hits ---------------------------------------------------------------------------------------
def inflict(state: State, victim: str, hits: int) -> bool:
    """``hits`` on ``victim``'s Army in the battle, removed at once (the owner chooses). Whether
    the ``casualties`` procedure was called (the battle step resumes when it returns)."""
    if hits <= 0:
        return False
    region, inside = place(state, victim)
    counts, _ = figures(state, victim)
    return casualties.take(state, [casualties.group(victim, region, inside, counts, hits)])


def extra_attack(state: State, side: str, effect: str, dice: int, target: int) -> bool:
    """An extra attack of a Combat card (§11.3): ``dice`` dice (at most 5) hitting on ``target``,
    no re-roll, no modifier; its hits are removed at once. Whether a procedure was called."""
    if dice <= 0:
        return no_effect(state, side, effect)
    rolled = [roll(state, f"{side}_card_die") for _ in range(min(MAX_DICE, dice))]
    hits = sum(1 for v in rolled if is_hit(v, target))
    fx = fx_of(state)
    if TIMINGS[fx["at"]] == "before":  # a pre-combat attack (Mûmakil counts its hits)
        fx["pre_hits"][side] += hits
    elif TIMINGS[fx["at"]] == "after_casualties":  # told with the round's hits
        fx["hits"][side] += hits
    emit(
        state,
        "combat_extra_attack",
        {"side": side, "combat": effect, "dice": rolled, "target": target, "hits": hits},
    )
    return inflict(state, other(side), hits)


# -- figures slain by a card ------------------------------------------------------------------
def slay_character(state: State, effect: str, character: str, tell: bool = True) -> None:
    region = state["characters"][character]["region"]
    del state["characters"][character]
    state["eliminated"].append(character)
    fellowship = state["fellowship"]
    if character in fellowship["companions"]:  # pragma: no cover - Companions in battle are not in it
        fellowship["companions"].remove(character)
    if tell:
        emit(
            state, "combat_slain", {"combat": effect, "character": character, "nation": "", "region": region}
        )


def slay_leader(state: State, effect: str, side: str, nation: str, tell: bool = True) -> None:
    """One Leader (a Nazgûl for the Shadow) of ``nation`` in the battle is eliminated."""
    region, inside = place(state, side)
    remove(state, region, nation, "leader", 1, inside)
    eliminated(state, nation, "leader")
    if tell:
        emit(state, "combat_slain", {"combat": effect, "character": "", "nation": nation, "region": region})


def sentences(*said: str) -> str:
    """Whole sentences one after the other in the language spoken (no space between them in
    Japanese and Chinese)."""
    return Sentences(said).render(current_language())
