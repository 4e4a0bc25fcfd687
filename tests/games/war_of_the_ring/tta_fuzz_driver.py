"""The game driver the Twilight of the Third Age fuzzers share (``test_tta_fuzz.py``,
``test_tta_cards_fuzz.py``): a uniformly random legal player through the runner (``Match.submit``,
as the bot plays), the invariants after every action — the state's own (:meth:`check_invariants`:
pools, engines per Stronghold, Ships only on the coastal chain, the factions, the characters) and
those that span actions (:class:`Lasting`: the Ents never return, a character never goes back
aside, the Witch-king's card once chosen stays) — no dead end, and an end within :data:`LIMIT`
actions; and random subsets of the switches the lobby offers (:data:`PLAYABLE`)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from games.core import Match, State, dump
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.state import part
from games.war_of_the_ring.tta.switches import CARDS_NEED, PLAYABLE, SWITCHES, options_for, resolve

#: A game still going after this many actions fails (none comes near it).
LIMIT = 30_000
#: Called after every action with the match and how many actions were played.
Watch = Callable[[Match, int], None]


def valid_subsets() -> tuple[frozenset[str], ...]:
    """Every non-empty set of playable switches the lobby accepts (the cards need their parts,
    D3), in a stable order."""
    playable = [s for s in SWITCHES if s in PLAYABLE]
    found = []
    for size in range(1, len(playable) + 1):
        for combo in combinations(playable, size):
            on = frozenset(combo)
            if "cards" not in on or set(CARDS_NEED) <= on:
                found.append(on)
    return tuple(found)


def random_switches(seed: int) -> frozenset[str]:
    """A part of the module for ``seed``: drawn uniformly from :func:`valid_subsets` but the whole
    of them (played on its own)."""
    subsets = valid_subsets()[:-1]
    return subsets[randbelow({"rng": seed * 7919 + 17}, len(subsets))]


def lobby_options(on: frozenset[str] | set[str]) -> dict[str, str]:
    """The lobby's options for these switches (refused, as in the lobby, if one is not playable)."""
    return resolve(options_for(on))


class Lasting:
    """Invariants across actions: what the module takes out never comes back."""

    def __init__(self) -> None:
        self.ents_gone = False
        self.ents_removed = 0
        self.ents_awake = 0
        self.aside: set[str] | None = None
        self.witch_king_card: str | None = None

    def check(self, state: State) -> list[str]:
        tta = part(state)
        if not tta:
            return []
        problems: list[str] = []
        ents: dict[str, Any] | None = tta.get("factions", {}).get("ents")
        if ents is not None:
            if self.ents_gone and not ents.get("gone"):
                problems.append("the Ents came back after they left the game")
            if int(ents.get("removed", 0)) < self.ents_removed:
                problems.append("an Ent removed from play came back")
            self.ents_gone = bool(ents.get("gone"))
            self.ents_removed = int(ents.get("removed", 0))
        awake = int(tta.get("ents_awake_events", 0))
        if awake < self.ents_awake:
            problems.append("fewer Ents Awake played as Events than before")
        self.ents_awake = awake
        aside = set(tta.get("characters_aside", ()))
        if self.aside is not None and (back := aside - self.aside):
            problems.append(f"{sorted(back)} went back aside")
        self.aside = aside
        card = tta.get("witch_king_card")
        if self.witch_king_card is not None and card != self.witch_king_card:
            problems.append(f"the Witch-king's card changed from {self.witch_king_card} to {card}")
        self.witch_king_card = card
        return problems


def play(match: Match, chooser_seed: int, label: str, watch: Watch | None = None) -> list[tuple[str, str]]:
    """Play ``match`` to its end with random legal actions (``chooser_seed`` picks them), the
    invariants after each; returns ``(role, action text)`` for each action, for a replay."""
    chooser = {"rng": chooser_seed}
    history: list[tuple[str, str]] = []
    lasting = Lasting()
    for _ in range(LIMIT):
        state = match.state
        if state["result"] is not None:
            break
        active = sorted(R.active(state))
        assert active, f"{label}: dead end"
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(state, role).actions
        assert actions, f"{label}: {role} must act but has nothing to do"
        action = actions[randbelow(chooser, len(actions))]
        match.submit(role, action)
        history.append((role, action.text))
        problems = R.check_invariants(match.state) + lasting.check(match.state)
        assert not problems, f"{label}, action {len(history)} ({role} {action.text}): {problems}"
        if watch is not None:
            watch(match, len(history))
    assert match.state["result"] is not None, f"{label}: no end in {LIMIT} actions"
    return history


def replays(match: Match, history: list[tuple[str, str]], fresh: Match) -> bool:
    """Whether ``fresh`` (the same set-up) reaches ``match``'s state by the logged actions."""
    for role, text in history:
        fresh.submit(role, text)
    return dump(fresh.state) == dump(match.state)
