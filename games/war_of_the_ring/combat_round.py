"""One Combat round with its Combat cards (§11.3): the secret choice of the cards, their reveal,
and the round's steps with every card effect acting at its point (:mod:`.combat_effects`).

**The choice** (stage ``cards`` of the battle step, both sides active at once): every side that
holds a card (or Balrog of Moria on the table, usable as Durin's Bane) is asked — the hand counts
are public, so asking only a side with a playable card would tell the other what he holds. He
answers ``combat <card>`` (a card of his hand whose combat condition holds now) or ``no-combat``.
The choice is secret: the card stays in the hand (the hand count does not change), no event is
posted, nobody is mentioned; it is kept in ``battle["fx"]["chosen"]``, which no view shows. When
both have chosen, one public event (``combat_cards_revealed``) shows both cards, which go face up
to the played pile.

**The round** (stage ``combat``, automatic, :func:`run`): at each timing of
:data:`.combat_tools.TIMINGS` the effects in play act, the lower initiative first, the defender's
first on a tie (§11.3); the Combat roll, the Leader re-roll and the casualties are timings too. An
effect may ask its owner a question (stage ``combat_choice``) or call the ``casualties``
procedure (hits applied at once); the round resumes where it stopped. An Army wiped out ends the
round at once (its losses: :func:`.battle._losses`).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.chance import draw, roll
from games.core.flow import barrier

from . import balrog_battle, cards, casualties, combat_effects, hunt_cards, siege_engines, tta_characters
from .battle_figures import MAX_DICE, combat_strength, current, figures, is_hit, leadership, place, to_hit
from .card_piles import discard_from_table, play_from_hand, seen
from .card_rules import combat_cards_forbidden
from .combat_effects import EFFECTS, Effect, Mods, misses, new_mods
from .combat_tools import TIMINGS, fx_of, new_fx, wiped_out
from .data import CARDS, SHADOW
from .roles import other

NO_CARD = Action("no-combat")


def sides(state: State) -> tuple[str, str]:
    b = current(state)
    return b["attacker"], b["defender"]


# -- the secret choice --------------------------------------------------------------------------
def start(state: State) -> None:
    """Step 1 of a round: ask every side holding a card (or go on when nobody holds one)."""
    b = current(state)
    fx = b["fx"] = new_fx()
    fx["asked"] = [s for s in sides(state) if state["hands"][s] or table_cards(state, s)]
    b["stage"] = "cards" if fx["asked"] else "combat"


def table_cards(state: State, side: str) -> list[str]:
    """Table cards ``side`` may use as his Combat card now: Balrog of Moria (Durin's Bane, "exactly
    as if played from hand"; the table is public, so asking about it tells nothing)."""
    balrog = hunt_cards.BALROG
    if side != SHADOW or balrog not in seen(state, "table", SHADOW) or not playable(state, side, balrog):
        return []
    return [balrog]


def choosers(state: State) -> frozenset[str]:
    fx = fx_of(state)
    return frozenset(s for s in fx["asked"] if s not in fx["chosen"])


def playable(state: State, side: str, card: str) -> bool:
    info = CARDS[card]
    if info.side != side or info.combat is None or combat_cards_forbidden(state, side):
        return False  # a card with no Combat half (We Shall Get It) is never a Combat card
    return EFFECTS[info.combat.name].condition(state, side)


def card_actions(state: State, side: str) -> tuple[Action, ...]:
    cards = sorted([*state["hands"][side], *table_cards(state, side)])
    found = [Action("combat", (c,)) for c in cards if playable(state, side, c)]
    return (*found, NO_CARD)


def choose(state: State, side: str, action: Action) -> bool:
    """Note ``side``'s secret choice; whether the round goes on now: both have chosen (then the
    cards are revealed) and no discard down to the hand limit comes first."""
    fx = fx_of(state)
    fx["chosen"][side] = action.args[0] if action.verb == "combat" else ""
    barrier(state)  # a hidden choice is never taken back
    if choosers(state):
        return False
    reveal(state)
    # The Sorcerer's draw after a card used from the table can make 7 cards: the battle resumes
    # when the Shadow has discarded (``discard_down`` returns to it).
    return not cards.limit(state, SHADOW)


def reveal(state: State) -> None:
    b = current(state)
    fx = fx_of(state)
    chosen = fx.pop("chosen")
    cards = {s: chosen.get(s) or None for s in sides(state)}
    emit(
        state,
        "combat_cards_revealed",
        {
            "attacker": b["attacker"],
            "defender": b["defender"],
            "attacker_card": cards[b["attacker"]],
            "defender_card": cards[b["defender"]],
        },
    )
    for side, card in cards.items():
        if card is None:
            continue
        if card in seen(state, "table", side):  # Balrog of Moria, used from the table
            discard_from_table(state, side, card)
        else:
            play_from_hand(state, side, card)
        fx["cards"][side] = card
        half = CARDS[card].combat
        assert half is not None  # only cards with a Combat half are offered (:func:`playable`)
        fx["combat"][side] = half.name
    fx["chosen"] = {}
    b["stage"] = "combat"
    shadow_card = cards[SHADOW]
    if shadow_card is not None:
        sorcerer(state, CARDS[shadow_card].kind)


def sorcerer(state: State, deck: str) -> None:
    """The Witch-king's Sorcerer (§9.2): after the Shadow played a Combat card in round 1 of a
    battle the Witch-king is in, he draws a card from the deck of that card's type (the played
    card left the hand: the hand limit still holds)."""
    _, chars = figures(state, SHADOW)
    if current(state)["round"] != 1 or "witch_king" not in chars or not tta_characters.sorcerer(state):
        return  # the Chief of the Ringwraiths has no Sorcerer (Twilight of the Third Age, R-3)
    cards = state["decks"][f"{SHADOW}_{deck}"]
    if not cards:
        return
    card: str = draw(state, f"{SHADOW}_{deck}_card", list(cards))
    cards.remove(card)
    state["hands"][SHADOW].append(card)
    emit(state, "combat_sorcerer", {"deck": deck})
    emit(
        state,
        "card_drawn",
        {"side": SHADOW, "deck": deck},
        private={SHADOW: ("own_card_drawn", {"side": SHADOW, "deck": deck, "card": card})},
    )


# -- the round ----------------------------------------------------------------------------------
def next_effect(state: State, timing: str) -> tuple[str, Effect] | None:
    """The next effect to act at ``timing``: lower initiative first, the defender's on a tie."""
    fx = fx_of(state)
    b = current(state)
    found: list[tuple[int, int, str]] = []
    for side in sides(state):
        name = fx["combat"][side]
        if name is None or side in fx["done"] or timing not in EFFECTS[name].hooks:
            continue
        found.append((EFFECTS[name].initiative_at(timing), 0 if side == b["defender"] else 1, side))
    if not found:
        return None
    side = min(found)[2]
    return side, EFFECTS[fx["combat"][side]]


def run(state: State) -> bool:
    """Stage ``combat``: go through the round's timings until a question, a procedure, or the
    end of the round (stage ``losses``). Returns True while it waits."""
    b = current(state)
    fx = fx_of(state)
    while True:
        if wiped_out(state):
            fx["then"] = []
            return finish(state)
        if fx["then"]:
            name, side, n = fx["then"].pop(0)
            then = EFFECTS[name].then
            if then is not None and then(state, side, int(n)):
                return True
            continue
        if fx["at"] >= len(TIMINGS):
            return finish(state)
        timing = TIMINGS[fx["at"]]
        own = OWN_STEPS.get(timing)
        if own is not None:
            fx["at"] += 1
            fx["done"] = []
            if own(state):
                return True
            continue
        if timing == "before" and balrog_battle.due(state):  # Twilight of the Third Age
            if balrog_battle.strike(state):
                return True
            continue
        found = next_effect(state, timing)
        if found is None:
            fx["at"] += 1
            fx["done"] = []
            continue
        side, effect = found
        fx["done"].append(side)
        if effect.hooks[timing](state, side) or b["stage"] != "combat":
            return True


def finish(state: State) -> bool:
    b = current(state)
    fx = fx_of(state)
    if fx["rolls"]:
        b["hits"] = dict(fx["hits"])
    b["stage"] = "losses"
    return False


def answer(state: State, side: str, action: Action) -> bool:
    """The answer to an effect's question; whether a procedure was called."""
    current(state)["stage"] = "combat"
    return combat_effects.choose(state, side, action)


def collect(state: State) -> Mods:
    """What the cards in effect do to the dice now."""
    mods = new_mods()
    fx = fx_of(state)
    for side in sides(state):
        name = fx["combat"][side]
        if name is not None and EFFECTS[name].modify is not None:
            modify = EFFECTS[name].modify
            assert modify is not None
            modify(state, side, mods)
    siege_engines.modify(state, mods)  # Twilight of the Third Age: siege-engine superiority
    return mods


def _total(pairs: list[Any]) -> int:
    return sum(int(n) for _, n in pairs)


def dice_count(state: State, side: str, mods: Mods) -> int:
    """Combat Strength, less the dice cards take away (never below 1), at most a card's cap."""
    n = combat_strength(state, side)
    more = _total(mods[side]["more"])  # Last Defences (Twilight): still at most 5 dice
    if more:
        n = min(MAX_DICE, n + more)
    fewer = _total(mods[side]["fewer"])
    if fewer:
        n = max(1, n - fewer)
    caps = [int(c) for _, c in mods[side]["cap"]]
    return min([n, *caps])


def _roll(state: State) -> bool:
    """Step 2, the Combat roll of both sides (the attacker's dice first)."""
    fx = fx_of(state)
    mods = collect(state)
    for s in sides(state):
        target, modifier = to_hit(state, s), _total(mods[s]["roll"])
        dice = [roll(state, f"{s}_combat_die") for _ in range(dice_count(state, s, mods))]
        locked = dice.count(1) if mods[s]["confusion"] else 0
        fx["self_hits"][s] += locked
        fx["rolls"][s] = {
            "dice": dice,
            "target": target,
            "mod": modifier,
            "mods": mods[s]["roll"],
            "limits": [*mods[s]["more"], *mods[s]["fewer"], *mods[s]["cap"]],
            "turned": 0,
            "locked": locked,
            "confused": bool(mods[s]["confusion"]),
            "rerolls": [],
            "reroll_mod": 0,
            "reroll_mods": [],
            "no_reroll": "",
            "roll_hits": sum(1 for v in dice if is_hit(v, target, modifier)),
            "reroll_hits": 0,
        }
    return False


def _reroll(state: State) -> bool:
    """Step 3, the Leader re-roll of both sides; then the round's dice are told."""
    b = current(state)
    fx = fx_of(state)
    mods = collect(state)
    for s in sides(state):
        r = fx["rolls"][s]
        stopped = mods[s]["no_reroll"]
        count = 0 if stopped else min(misses(state, s), leadership(state, s))
        modifier = _total(mods[s]["reroll"])
        again = [roll(state, f"{s}_combat_reroll") for _ in range(count)]
        r.update(
            {
                "rerolls": again,
                "reroll_mod": modifier,
                "reroll_mods": mods[s]["reroll"],
                "no_reroll": stopped[0] if stopped else "",
                "reroll_hits": sum(1 for v in again if is_hit(v, r["target"], modifier)),
            }
        )
        fx["hits"][s] = r["roll_hits"] + r["turned"] + r["reroll_hits"]
    b["rolls"] = {
        s: {"dice": r["dice"], "rerolls": r["rerolls"], "target": r["target"]} for s, r in fx["rolls"].items()
    }
    _tell(state)
    return False


def _tell(state: State) -> None:
    b = current(state)
    fx = fx_of(state)
    args: dict[str, Any] = {"round": b["round"]}
    for role in ("attacker", "defender"):
        s = b[role]
        r = fx["rolls"][s]
        counts, _ = figures(state, s)
        nations = [n for n in counts if counts[n].get("regular") or counts[n].get("elite")]
        args.update(
            {
                role: s,
                f"{role}_nation": nations[0] if len(nations) == 1 else "",
                f"{role}_dice": r["dice"],
                f"{role}_rerolls": r["rerolls"],
                f"{role}_target": r["target"],
                f"{role}_hits": fx["hits"][s],
            }
        )
        notes = {
            "mods": r["mods"],
            "limits": r["limits"],
            "turned": r["turned"],
            "own": r["locked"],
            "reroll_mods": r["reroll_mods"],
            "no_reroll": r["no_reroll"],
        }
        if any(notes.values()):
            args[f"{role}_cards"] = notes
    emit(state, "combat_round", args)


def _take(state: State) -> bool:
    """Step 4: each side takes the hits scored on it (and its own, Confusion's)."""
    b = current(state)
    fx = fx_of(state)
    b["hits"] = dict(fx["hits"])
    groups = []
    for s in sides(state):
        region, inside = place(state, s)
        counts, _ = figures(state, s)
        groups.append(casualties.group(s, region, inside, counts, fx["hits"][other(s)] + fx["self_hits"][s]))
    return casualties.take(state, groups)


OWN_STEPS = {"roll": _roll, "reroll": _reroll, "take": _take}
