"""The ruleset of the Siege of Minas Tirith (two players: Gondor and Mordor): options, steps,
commands, words, views and positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, CommandParam, CommandSpec, RuleTopic, State, View
from games.core.flow import StepRuleset

from . import action_phase, labels, positions, refusals, rules_help, secrets, setup, victory
from .advances import Advance
from .data import LEADERS, MT_CARDS, SPACES, UNITS
from .events import BOARDLESS, PRESENTER, QUIET, RESULT_EVENTS
from .explain import explain
from .fight import Fight
from .invariants import check
from .options import OPTIONS
from .roles import ROLES
from .standing import standing_lines
from .trading import KeepOne, Reward, Trade
from .turn import ChooseDie
from .view import build_view
from .words import side_title, space_label

#: Slugs typed in full are taken whole ("causeway" is never "causeway_forts").
WHOLE_WORDS = frozenset([*SPACES, *UNITS, *LEADERS, *MT_CARDS])

VERBS = frozenset(
    {
        "die", "trade", "load", "discard", "done", "reward", "keep", "advance", "ride", "leader",
        "send", "lead", "go", "cancel", "attack", "shoot", "enter", "exchange", "ram", "play",
        "end", "lose", "react", "decline",
    }
)  # fmt: skip


def _p(name: str, description: str) -> CommandParam:
    return CommandParam(name, description)


COMMANDS = (
    CommandSpec(
        "die", "die", "Choose an action die: its pips are your action points.", (_p("pips", "a die left"),)
    ),
    CommandSpec(
        "trade",
        "trade",
        "Trade a set of three of a kind for a Minas Tirith card.",
        (
            _p("kind", "infantry, cavalry or creature"),
            _p("first", "a card"),
            _p("second", "a card"),
            _p("third", "a card"),
        ),
    ),
    CommandSpec(
        "load",
        "load",
        "Trade one card to put a battalion on a holder card.",
        (
            _p("card", "your holder card"),
            _p("battalion", "the battalion"),
            _p("with", "the reinforcement card"),
        ),
    ),
    CommandSpec(
        "special",
        "reward",
        "What a set with your own sword gives: the usual draw or your special trade.",
        (
            _p("option", "draw, two, pick or battalion"),
            _p("what", "the card or battalion"),
            _p("where", "where"),
        ),
    ),
    CommandSpec("keep", "keep", "Keep one of the two cards drawn.", (_p("card", "the card to keep"),)),
    CommandSpec("discard", "discard", "Discard a card down to the hand limit.", (_p("card", "a card"),)),
    CommandSpec("done", "done", "Finish trading and go on to your actions."),
    CommandSpec(
        "move",
        "advance",
        "Advance battalions into an adjacent space (1 point).",
        (_p("from", "your space"), _p("to", "where")),
    ),
    CommandSpec(
        "ride", "ride", "Ride cavalry two spaces (1 point).", (_p("from", "your space"), _p("to", "where"))
    ),
    CommandSpec(
        "leader",
        "leader",
        "Move a leader alone through your spaces (1 point).",
        (_p("leader", "the leader"), _p("to", "where")),
    ),
    CommandSpec(
        "send",
        "send",
        "Advance: send battalions of one kind.",
        (_p("kind", "the kind"), _p("count", "how many")),
    ),
    CommandSpec("lead", "lead", "Advance: take a leader along.", (_p("leader", "the leader"),)),
    CommandSpec("go", "go", "Advance: go with what you chose."),
    CommandSpec("cancel", "cancel", "Advance: cancel it (no point spent)."),
    CommandSpec(
        "shoot",
        "shoot",
        "Ranged attack: archers, crossbows or a catapult (1 point).",
        (_p("from", "your space"), _p("at", "the target"), _p("dice", "how many dice")),
    ),
    CommandSpec(
        "attack",
        "attack",
        "Land attack an adjacent enemy space with 1-3 battalions (1 point).",
        (_p("from", "your space"), _p("to", "the enemy space"), _p("battalions", "how many attack")),
    ),
    CommandSpec(
        "enter",
        "enter",
        "Bring a holder card's battalions onto the board (1 point).",
        (_p("card", "the card"), _p("at", "where")),
    ),
    CommandSpec(
        "exchange",
        "exchange",
        "Exchange an oliphaunt for 3 orcs (1 point).",
        (_p("at", "the oliphaunt's space"),),
    ),
    CommandSpec("ram", "ram", "Ram the gate with Grond (1 point)."),
    CommandSpec(
        "card",
        "play",
        "Play a Minas Tirith event card.",
        (
            _p("card", "the card"),
            _p("target", "where or from where"),
            _p("at", "the target of a bombardment"),
        ),
    ),
    CommandSpec(
        "lose", "lose", "Choose which battalion you lose.", (_p("kind", "the kind"),), group="battle"
    ),
    CommandSpec(
        "react",
        "react",
        "Play a reaction card.",
        (_p("card", "the card"), _p("dice", "the dice to re-roll")),
        group="battle",
    ),
    CommandSpec("decline", "decline", "Play no reaction card.", group="battle"),
    CommandSpec("end", "end", "End your turn (unused points are lost)."),
)


class MinasTirith(StepRuleset):
    """The two-player Siege of Minas Tirith (the Gondor & Mordor expansion's back board)."""

    name = "minas-tirith"
    title = "The Siege of Minas Tirith"
    command_group = "minas"
    options = OPTIONS
    min_players = 2
    max_players = 2
    commands = COMMANDS
    steps = {
        s.name: s for s in (ChooseDie(), Trade(), Reward(), KeepOne(), action_phase.Act(), Advance(), Fight())
    }
    presenter = PRESENTER
    quiet_events = QUIET
    boardless_events = BOARDLESS
    result_events = RESULT_EVENTS
    place_noun = "space"

    def places(self, lang: str = "en") -> tuple[tuple[str, str], ...]:
        return tuple((s.id, space_label(s.id, lang)) for s in SPACES.values())

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return ROLES

    def role_title(self, role: str, lang: str = "en") -> str:
        return side_title(role, lang)

    def role_name(self, role: str, lang: str = "en") -> str:
        return side_title(role, lang)

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        state = setup.build(self.name, seed, self.resolve_options(options))
        action_phase.settle(state)
        return state

    def apply(self, state: State, role: str, action: Action) -> None:
        super().apply(state, role, action)
        victory.check_immediate(state)
        if state["result"] is None:
            action_phase.settle(state)

    # -- words ---------------------------------------------------------------
    def verbs(self) -> frozenset[str]:
        return VERBS

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return labels.describe(state, role, action, lang)

    def describe_arg(
        self, state: State, role: str, verb: str, index: int, value: str, lang: str = "en"
    ) -> str:
        return labels.describe_arg(state, role, verb, index, value, lang)

    def describe_group(self, state: State, role: str, verb: str, first: str, lang: str = "en") -> str:
        return labels.describe_group(state, role, verb, first, lang)

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return explain(state, role, action, lang)

    def gives_up(self, state: State, role: str, action: Action) -> bool:
        """Ending the turn (its points or event cards unused) and declining a reaction card give a
        chance up; every other action is routine."""
        return action.verb in ("decline", "end")

    def refusal(self, state: State, role: str, action: Action, lang: str = "en") -> str | None:
        if role not in self.active(state):
            return None
        return refusals.refusal(state, role, action, lang)

    def hand_lines(self, state: State, role: str, lang: str = "en") -> tuple[str, ...]:
        return labels.hand_lines(state, role, lang)

    def whole_words(self) -> frozenset[str]:
        return WHOLE_WORDS

    def notice(self, options: Mapping[str, str], lang: str = "en") -> str:
        return rules_help.notice(lang)

    def rules_overview(self, lang: str = "en") -> str:
        return rules_help.overview(lang)

    def rules_topics(self, lang: str = "en") -> tuple[RuleTopic, ...]:
        return rules_help.topics(lang)

    def rules_lookup(self, topic: str, lang: str = "en") -> tuple[RuleTopic, ...]:
        return rules_help.lookup(topic, lang)

    def rules_not_found(self, topic: str, lang: str = "en") -> str:
        return rules_help.not_found(topic, lang)

    # -- views, secrets, positions -------------------------------------------
    def view(self, state: State, role: str | None, lang: str = "en") -> View:
        return build_view(state, role, lang)

    def exchange(self, state: State) -> str | None:
        """The battle under way (its dice are public): its steps continue one post."""
        frame = next((f for f in reversed(state["stack"]) if f["step"] == "fight"), None)
        return None if frame is None else f"fight:{frame['start']}:{frame['to']}"

    def standing(self, state: State, lang: str = "en") -> tuple[str, ...]:
        return standing_lines(state, lang)

    def check_invariants(self, state: State) -> list[str]:
        return check(state)

    def secrets(self, state: State, role: str) -> set[str]:
        return secrets.secrets_of(state, role)

    def from_position(self, position: Mapping[str, Any]) -> State:
        """A state from a described position: see :mod:`games.minas_tirith.positions`."""
        return positions.from_position(self.name, position)

    def to_position(self, state: State) -> dict[str, Any]:
        return positions.to_position(state)
