"""How the game ends: scores and tie-breaks, total conquest, the last player standing, and
elimination.

Score (lotr mode): 1 a territory, each whole region its bonus, 2 a stronghold, the points of
every adventure card played; the expansion bonus (Trilogy option) adds 4 to a Good player for
each of Mount Doom and Minas Tirith he holds and 4 to an Evil player holding Barad-dûr. Ties go
to more territories, then more strongholds, then more adventure-card points; still tied, the
win is shared. Eliminated players never win, nor do players dropped on time.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import State, emit, finish

from .board import card_slug
from .data import CARDS, SETUP
from .effects import drop_effects_of
from .options import bonus, geo, is_lotr
from .roles import allegiance, hand, in_game, regions_held

log = logging.getLogger(__name__)

EXPANSION_POINTS = 4
EXPANSION = {"good": ("mount_doom", "minas_tirith"), "evil": ("barad_dur",)}


def card_points(state: State, role: str) -> int:
    return sum(CARDS[card_slug(c)].points for c in state["played"][role])


def score(state: State, role: str) -> dict[str, int]:
    """``{"territories", "regions", "strongholds", "cards", "expansion", "total"}`` of ``role``."""
    owner = state["owner"]
    g = geo(state)
    territories = sum(1 for t in g.territories if owner[t] == role)
    regions = sum(bonus(state, r) for r in regions_held(state, role))
    strongholds = sum(1 for t in g.strongholds if owner[t] == role)
    cards = card_points(state, role)
    extra = 0
    if state["options"].get("expansion_bonus") == "on":
        extra = EXPANSION_POINTS * sum(1 for t in EXPANSION[allegiance(role)] if owner.get(t) == role)
    parts = {
        "territories": territories,
        "regions": regions,
        "strongholds": strongholds * SETUP.stronghold_points,
        "cards": cards,
        "expansion": extra,
    }
    parts["total"] = sum(parts.values())
    parts["stronghold_count"] = strongholds
    return parts


def ranking_key(parts: dict[str, int]) -> tuple[int, int, int, int]:
    """Higher is better: total, then territories, strongholds and card points."""
    return (parts["total"], parts["territories"], parts["stronghold_count"], parts["cards"])


def winners_by_score(state: State) -> tuple[list[str], dict[str, dict[str, int]]]:
    scores = {role: score(state, role) for role in in_game(state)}
    best = max(ranking_key(p) for p in scores.values())
    return [r for r, p in scores.items() if ranking_key(p) == best], scores


def end_by_score(state: State, reason: str) -> None:
    """The Ring's journey is over: the best score wins (ties shared after the tie-breaks)."""
    winners, scores = winners_by_score(state)
    totals = {role: parts["total"] for role, parts in scores.items()}
    emit(state, "final_scores", {"scores": {r: dict(p) for r, p in scores.items()}, "winners": winners})
    win(state, winners, reason, totals=totals)


def end_after_resignation(state: State, role: str) -> None:
    """``role`` resigned from a game of three or four: it ends on the others' scores (the
    resigning player cannot win). Our ruling: the rules have no resignation, and an abandoned
    army cannot play on."""
    scores = {r: score(state, r) for r in in_game(state) if r != role}
    best = max(ranking_key(p) for p in scores.values())
    winners = [r for r, p in scores.items() if ranking_key(p) == best]
    emit(state, "final_scores", {"scores": {r: dict(p) for r, p in scores.items()}, "winners": winners})
    win(state, winners, "resignation", role=role)


def win(state: State, winners: list[str], reason: str, **args: Any) -> None:
    if state["result"] is not None:
        return
    emit(state, "won", {"roles": winners, "reason": {"kind": reason, "args": args}})
    log.debug("game over: %s (%s)", winners, reason)
    finish(state, winners, reason, args)


def conquest_reason(state: State, role: str) -> str | None:
    """Why ``role`` wins at once, if he does: every territory held (total conquest, or world
    conquest in plain mode), or every other player eliminated (the last player standing)."""
    owner = state["owner"]
    if all(owner[t] == role for t in geo(state).territories):
        return "total_conquest" if is_lotr(state) else "world_conquest"
    if in_game(state) == [role]:
        return "last_standing"
    return None


def check_conquest(state: State, role: str) -> bool:
    """End the game if ``role`` has won at once (see :func:`conquest_reason`)."""
    reason = conquest_reason(state, role)
    if reason is None:
        return False
    win(state, [role], reason, role=role)
    return True


def eliminate(state: State, loser: str, by: str) -> None:
    """``loser`` has lost his last territory: his territory cards go to ``by``, his adventure
    cards and hidden cards are discarded, his armed powers and effects end."""
    state["eliminated"].append(loser)
    cards = hand(state, loser)
    taken = list(cards["territory"])
    hand(state, by)["territory"].extend(taken)
    cards["territory"] = []
    clear_player(state, loser)
    private = {by: ("own_cards_taken", {"role": loser, "cards": taken})}
    emit(state, "eliminated", {"role": loser, "by": by, "cards": len(taken)}, private)


def clear_player(state: State, role: str) -> None:
    """``role`` is out of the game: his adventure cards and the cards set aside for him go to
    their discard piles, his armed powers, leaders and lasting effects end. His territory cards
    are the caller's (taken by the eliminator, or discarded)."""
    cards = hand(state, role)
    state["decks"]["adventure_discard"].extend(cards["adventure"])
    cards["adventure"] = []
    for entry in state["aside"].get(role, ()):
        pile = "territory_discard" if str(entry["card"]).startswith("card:") else "adventure_discard"
        state["decks"][pile].append(entry["card"])
    state["aside"][role] = []
    state["armed"][role] = []
    state["leaders"][role] = []
    state["spare_leaders"][role] = 0
    drop_effects_of(state, role)
