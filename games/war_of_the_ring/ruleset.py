"""The ruleset of War of the Ring (2nd edition): seats, steps, words, views.

The whole base game (issues 11 and 19): the turn, the Fellowship and the Hunt, Armies, battles,
politics, characters, the 96 Event cards and their Combat halves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from games.core import Action, RuleTopic, State, View
from games.core.flow import Step, StepRuleset
from games.core.i18n import t
from games.core.ruleset import Prompt
from games.core.words import the

from . import (
    actions,
    balrog,
    card_text,
    dice,
    fellowship,
    galadriel,
    hunt,
    invariants,
    labels,
    procedures,
    rules_help,
    siege_engines,
    turn,
)
from .commands import COMMANDS
from .data import REGIONS
from .event_cards import play as event_play
from .event_cards import table
from .events import PRESENTER, QUIET, RESULT_EVENTS
from .exchange import BOARDLESS, exchange_of
from .explain import explain
from .i18n import speaking
from .one_answer import only_answer
from .positions import from_position, to_position
from .roles import ROLES, side_title
from .secrets import secrets
from .setup import new_game
from .standing import standing_lines
from .tta import switches as tta_switches
from .view import build_view

#: Every step by name: the turn's own, then the procedures' (:mod:`.procedures`).
STEPS: dict[str, Step] = {
    step.name: step
    for step in (
        *turn.STEPS,
        actions.Act(procedures.DIE_ACTIONS, event_play),
        *fellowship.STEPS,
        *hunt.STEPS,
        *procedures.STEPS,
    )
}

#: Verbs of the steps in the core modules; procedure modules add theirs as ``VERBS``.
BASE_VERBS = frozenset(
    {"pass", "skip", "ring", "discard", "hunt", "declare", "mordor", "guide", "done", "deck", "play"}
    | {"casualty", "ability", "corruption", "reveal-to"}
)

#: Every verb a player may type (the die actions', the steps' and the commands').
VERBS = BASE_VERBS | set(procedures.DIE_ACTIONS) | procedures.VERBS | {c.verb for c in COMMANDS}


class WarOfTheRing(StepRuleset):
    name = "war-of-the-ring"
    title = "War of the Ring"
    command_group = "wotr"
    commands = COMMANDS
    options = tta_switches.OPTIONS
    min_players = max_players = 2
    steps = STEPS
    presenter = PRESENTER
    quiet_events = QUIET
    boardless_events = BOARDLESS
    result_events = RESULT_EVENTS

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return ROLES

    def role_title(self, role: str, lang: str = "en") -> str:
        with speaking(lang):
            return side_title(role)

    def role_name(self, role: str, lang: str = "en") -> str:
        with speaking(lang):
            return the(side_title(role))

    def resolve_options(self, chosen: Mapping[str, str] | None) -> dict[str, str]:
        """The generic check of names and values, with the module's preset filled in, its
        combinations put in order, its dependencies (D3) and its unplayable parts refused."""
        resolved = super().resolve_options(tta_switches.prepare(chosen or {}))
        return tta_switches.check(resolved)

    def notice(self, options: Mapping[str, str], lang: str = "en") -> str:
        with speaking(lang):
            return tta_switches.notice(options)

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        return new_game(self.name, seed, self.resolve_options(options))

    def view(self, state: State, role: str | None, lang: str = "en") -> View:
        with speaking(lang):
            active = sorted(self.active(state))
            if state["result"] is not None:
                text = t(lang, "core", "The game is over.")
            else:
                text = self.prompt(state, role if role in active else "", lang).text
            view = build_view(state, role, text, partial(self.narrate, lang=lang))
            view["active"] = active
            view["lang"] = lang
            result = state["result"]
            view["result"] = None if result is None else {**result, "text": self.result_text(result, lang)}
            return view

    def final_reveal(self, state: State, lang: str = "en") -> View:
        view = self.view(state, None, lang)  # speaks inside
        for side in ROLES:
            view["cards"][side]["hand"] = sorted(state["hands"][side])
        return view

    def secrets(self, state: State, role: str) -> set[str]:
        return secrets(state, role)

    def apply(self, state: State, role: str, action: Action) -> None:
        stack = state["stack"]
        if stack and stack[0]["step"] != "turn":  # saved before the turn frame: give it one
            stack.insert(0, dict(turn.TURN_FRAME))
        self._apply_one(state, role, action)
        while (forced := only_answer(state, self.steps)) is not None:  # not asked (revision 3)
            self._apply_one(state, *forced)

    def _apply_one(self, state: State, role: str, action: Action) -> None:
        super().apply(state, role, action)
        if any(state.get("table", {}).values()):
            table.settle(state)  # table cards whose discard condition happened leave
        if "tta" in state:
            siege_engines.settle(state)  # engines whose Army is gone go back to the pools
            balrog.settle(state)  # A Balrog is Come! lapses; the Balrog away from Moria without it falls
            galadriel.settle(state)  # Galadriel leaves play once Lórien is captured

    def check_invariants(self, state: State) -> list[str]:
        return invariants.check(state)

    def from_position(self, position: Mapping[str, Any]) -> State:
        return from_position(self.name, position)

    def to_position(self, state: State) -> dict[str, Any]:
        return to_position(state)

    def hand(self, state: State, role: str) -> tuple[str, ...]:
        return card_text.hand(state, role)

    def hand_lines(self, state: State, role: str, lang: str = "en") -> tuple[str, ...]:
        with speaking(lang):
            return card_text.hand_lines(state, role)

    def shown_cards(self, events: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
        return card_text.shown_cards(events)

    def rules_overview(self, lang: str = "en") -> str:
        with speaking(lang):
            return rules_help.OVERVIEW

    def rules_topics(self, lang: str = "en") -> tuple[RuleTopic, ...]:
        with speaking(lang):
            return rules_help.topics()

    def rules_lookup(self, topic: str, lang: str = "en") -> tuple[RuleTopic, ...]:
        with speaking(lang):
            return rules_help.lookup(topic)

    def rules_not_found(self, topic: str, lang: str = "en") -> str:
        with speaking(lang):
            return rules_help.not_found(topic)

    place_noun = "region"

    def places(self, lang: str = "en") -> tuple[tuple[str, str], ...]:
        with speaking(lang):
            return tuple((r.id, r.name) for r in REGIONS.values())

    def verbs(self) -> frozenset[str]:
        return VERBS

    def prompt(self, state: State, role: str, lang: str = "en") -> Prompt:
        with speaking(lang):
            return super().prompt(state, role, lang)

    def describe_group(self, state: State, role: str, verb: str, first: str, lang: str = "en") -> str:
        with speaking(lang):
            return super().describe_group(state, role, verb, first, lang)

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        with speaking(lang):
            return labels.describe(state, role, action)

    def describe_arg(
        self, state: State, role: str, verb: str, index: int, value: str, lang: str = "en"
    ) -> str:
        with speaking(lang):
            return labels.describe_value(value)

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        with speaking(lang):
            return explain(state, role, action)

    def exchange(self, state: State) -> str | None:
        """A die action under way (its every step, battles included) or the hand-limit discards:
        one post (see :mod:`.exchange`)."""
        return exchange_of(state)

    def standing(self, state: State, lang: str = "en") -> tuple[str, ...]:
        with speaking(lang):
            return standing_lines(build_view(state, None, "", partial(self.narrate, lang=lang)))

    def refusal(self, state: State, role: str, action: Action, lang: str = "en") -> str | None:
        """Why a card cannot be played now (its condition, the die it needs), for its holder."""
        top = state["stack"][-1] if state["stack"] else None
        if top is None or top["step"] != "act" or top["side"] != role or state["result"] is not None:
            return None
        with speaking(lang):
            return event_play.refusal(state, role, action, list(dice.unused(state, role)))

    def gives_up(self, state: State, role: str, action: Action) -> bool:
        """Passing and skipping a die give up an action for good; using a die does not."""
        return action.verb in actions.GIVING_UP


WAR_OF_THE_RING = WarOfTheRing()
