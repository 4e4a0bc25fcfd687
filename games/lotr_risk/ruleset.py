"""The ruleset of Risk: The Lord of the Rings: options, seats, steps, commands, words, views."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from games.core import (
    Action,
    CommandParam,
    CommandSpec,
    InvalidAction,
    OptionSpec,
    Prompt,
    RuleTopic,
    State,
    View,
    finish,
)
from games.core.flow import StepRuleset

from . import (
    battle,
    draws,
    event_cards,
    fortify,
    labels,
    positions,
    power_cards,
    refusals,
    rules_help,
    secrets,
    setup,
    timeouts,
    victory,
)
from .attack import ChooseAttack
from .events import PRESENTER, QUIET, RESULT_EVENTS
from .explain import explain
from .i18n import mark, speaking
from .invariants import check
from .leaders import ReplaceLeader
from .options import is_lotr, revision
from .reinforce import Reinforce
from .roles import ALL_ROLES, in_game, roles_for
from .roles import role_title as _role_title
from .standing import standing_lines
from .turn import Turn
from .view import build_view

log = logging.getLogger(__name__)

VERBS = frozenset(
    {
        "claim",
        "place",
        "unplace",
        "autoplace",
        "leader",
        "ready",
        "trade",
        "done",
        "attack",
        "roll",
        "until",
        "stop",
        "defend",
        "advance",
        "advance-leader",
        "end",
        "from",
        "to",
        "to-leader",
        "back",
        "discard",
        "power",
        "arm",
        "disarm",
        "complete",
    }
)


def _p(name: str, description: str) -> CommandParam:
    return CommandParam(name, description)


COMMANDS = (
    CommandSpec(
        "claim",
        "claim",
        mark("Set-up: claim an empty territory."),
        (_p("territory", mark("an empty territory")),),
    ),
    CommandSpec(
        "place",
        "place",
        mark("Place battalions on your territory (set-up or reinforcement)."),
        (_p("territory", mark("your territory")), _p("count", mark("how many battalions"))),
    ),
    CommandSpec(
        "unplace",
        "unplace",
        mark("Secret set-up: take back what you placed."),
        (_p("territory", mark("your territory")),),
    ),
    CommandSpec("leader", "leader", mark("Place your leader."), (_p("territory", mark("your territory")),)),
    CommandSpec("ready", "ready", mark("Secret set-up: confirm your placement.")),
    CommandSpec(
        "trade",
        "trade",
        mark("Trade territory cards for battalions (one card or a set of three)."),
        (
            _p("card", mark("a territory card")),
            _p("second", mark("second card of a set")),
            _p("third", mark("third card of a set")),
        ),
    ),
    CommandSpec(
        "attack",
        "attack",
        mark("Declare an attack."),
        (_p("from", mark("your territory (2 battalions or more)")), _p("to", mark("the enemy territory"))),
    ),
    CommandSpec(
        "roll", "roll", mark("Attack: roll 1 to 3 dice, once."), (_p("dice", mark("how many dice")),)
    ),
    CommandSpec(
        "until",
        "until",
        mark("Attack: roll the most dice until you conquer or are down to a number of battalions."),
        (_p("stop_at", mark("battalions your attacking territory keeps at least")),),
    ),
    CommandSpec("stop", "stop", mark("Attack: stop this attack.")),
    CommandSpec("defend", "defend", mark("Defend with 1 or 2 dice."), (_p("dice", mark("how many dice")),)),
    CommandSpec(
        "advance",
        "advance",
        mark("Move into the conquered territory."),
        (_p("count", mark("how many battalions")),),
    ),
    CommandSpec(
        "advance-leader",
        "advance-leader",
        mark("Move into the conquered territory with your leader."),
        (_p("count", mark("how many battalions")),),
    ),
    CommandSpec("end", "end", mark("End your attacks and go on to fortify.")),
    CommandSpec(
        "from",
        "from",
        mark("Fortify: choose where a move starts."),
        (_p("territory", mark("your territory")),),
    ),
    CommandSpec(
        "to",
        "to",
        mark("Fortify: move battalions to a territory."),
        (_p("territory", mark("destination")), _p("count", mark("how many battalions"))),
    ),
    CommandSpec(
        "to-leader",
        "to-leader",
        mark("Fortify: move your leader (with battalions, or 0 for alone)."),
        (_p("territory", mark("destination")), _p("count", mark("how many battalions with him"))),
    ),
    CommandSpec("back", "back", mark("Fortify: choose another territory to move from.")),
    CommandSpec("done", "done", mark("Finish placing or fortifying.")),
    # The adventure cards: /risk card … (one level of a slash command holds 25 entries).
    CommandSpec(
        "discard",
        "discard",
        mark("Discard an adventure card (hand limit)."),
        (_p("card", mark("adventure card")),),
        group="card",
    ),
    CommandSpec(
        "power",
        "power",
        mark("Play a power card now."),
        (
            _p("card", mark("your power card")),
            _p("target", mark("what it targets")),
            _p("more", mark("a second target")),
        ),
        group="card",
    ),
    CommandSpec(
        "arm",
        "arm",
        mark("Arm a reaction power in secret: it fires by itself."),
        (
            _p("card", mark("your reaction card")),
            _p("when", mark("the condition")),
            _p("also", mark("more of the condition (a place, where to...)")),
            _p("more", mark("the rest of the condition")),
        ),
        group="card",
    ),
    CommandSpec(
        "disarm",
        "disarm",
        mark("Disarm a reaction power."),
        (_p("card", mark("an armed card")),),
        group="card",
    ),
    CommandSpec(
        "complete",
        "complete",
        mark("Declare a mission complete: your leader has reached its site of power."),
        (_p("card", mark("your mission card")),),
        group="card",
    ),
)


def _lotr_only(options: Mapping[str, str]) -> bool:
    return options.get("mode") == "lotr"


def _trilogy_lotr_only(options: Mapping[str, str]) -> bool:
    return options.get("mode") == "lotr" and options.get("edition") == "trilogy"


def _plain_four_on_2002_only(options: Mapping[str, str]) -> bool:
    return (
        options.get("mode") == "plain"
        and options.get("players") == "4"
        and options.get("edition") == "middle-earth"
    )


OPTIONS = (
    OptionSpec(
        "edition",
        ("middle-earth", "trilogy"),
        "middle-earth",
        mark("The 2002 board (42 territories) or the Trilogy board (64, with Gondor and Mordor)."),
        {"middle-earth": mark("Middle-earth (2002)"), "trilogy": mark("Trilogy (2003)")},
    ),
    OptionSpec(
        "mode",
        ("lotr", "plain"),
        "lotr",
        mark("The Lord of the Rings game, or plain Risk (world conquest)."),
        {"lotr": mark("The Lord of the Rings"), "plain": mark("Plain Risk (world conquest)")},
    ),
    OptionSpec(
        "players",
        ("2", "3", "4"),
        "2",
        mark("Number of players; two players add a neutral army."),
        {"2": mark("2 (with a neutral army)"), "3": "3", "4": "4"},
    ),
    OptionSpec(
        "die_space",
        ("edition", "3", "4"),
        "edition",
        mark("The roll that lets the Ring leave a die space (edition: 3+ in 2002, 4+ in the Trilogy)."),
        {"edition": mark("As the edition"), "3": mark("3 or more"), "4": mark("4 or more")},
        heading=mark("Ring die spaces"),
        when=_lotr_only,
    ),
    OptionSpec(
        "bonuses",
        ("edition", "seed", "public"),
        "edition",
        mark("Region bonuses: Eriador 4 / Mirkwood 3 (2002 rules) or 3 / 4 (Trilogy)."),
        {
            "edition": mark("As the edition"),
            "seed": mark("Eriador 4, Mirkwood 3"),
            "public": mark("Eriador 3, Mirkwood 4"),
        },
        heading=mark("Region bonuses"),
    ),
    OptionSpec(
        "expansion_bonus",
        ("off", "on"),
        "off",
        mark("Trilogy scoring bonus: Good +4 for Mount Doom and Minas Tirith, Evil +4 for Barad-dûr."),
        {"off": mark("Off"), "on": mark("On")},
        heading=mark("Expansion bonus"),
        when=_trilogy_lotr_only,
    ),
    OptionSpec(
        "hunt",
        ("off", "on"),
        "off",
        mark("Trilogy optional Hunt for the Ring: Evil finds the Ring on 12+ with two dice."),
        {"off": mark("Off"), "on": mark("On")},
        heading=mark("Hunt for the Ring"),
        when=_trilogy_lotr_only,
    ),
    OptionSpec(
        "plain_start",
        ("30", "40"),
        "30",
        mark(
            "Plain mode, 4 players, 2002 board: 30 starting battalions each, or 40 as the 2002 rules print."
        ),
        {"30": mark("30 (standard Risk)"), "40": mark("40 (as printed in 2002)")},
        heading=mark("Plain mode, 4 players"),
        when=_plain_four_on_2002_only,
    ),
    OptionSpec(
        "setup",
        ("quick", "printed"),
        "quick",
        mark("Starting battalions: all at once in secret (quick) or one at a time in turn (printed)."),
        {"quick": mark("Quick (secret, all at once)"), "printed": mark("Printed (one at a time)")},
        heading=mark("Starting placement"),
    ),
)


class LotrRisk(StepRuleset):
    """Risk: The Lord of the Rings (2002 board or Trilogy; lotr or plain mode; 2-4 players)."""

    name = "lotr-risk"
    title = "Risk: The Lord of the Rings"
    command_group = "risk"
    options = OPTIONS
    min_players = 2
    max_players = 4
    commands = COMMANDS
    steps = {
        s.name: s
        for s in (
            Turn(),
            Reinforce(),
            ChooseAttack(),
            ReplaceLeader(),
            *setup.STEPS,
            *battle.STEPS,
            *fortify.STEPS,
            *draws.STEPS,
            *power_cards.STEPS,
            *event_cards.STEPS,
        )
    }
    presenter = PRESENTER
    quiet_events = QUIET
    result_events = RESULT_EVENTS
    #: The printed set-up logs each battalion placed; its end sums them up. A dropped player's
    #: own event says that he ran out of time, or resigned.
    folded_by = {
        "start_placed": "placement_done",
        "timed_out": "player_dropped",
        "resigned": "player_resigned",
    }

    # -- setup -------------------------------------------------------------
    def resolve_options(self, chosen: Mapping[str, str] | None) -> dict[str, str]:
        resolved = super().resolve_options(chosen)
        trilogy = resolved["edition"] == "trilogy"
        lotr = resolved["mode"] == "lotr"
        for option, wanted in (("expansion_bonus", "on"), ("hunt", "on")):
            if resolved[option] == wanted and not trilogy:
                raise InvalidAction(f"The {option.replace('_', ' ')} option belongs to the Trilogy edition.")
            if resolved[option] == wanted and not lotr:
                raise InvalidAction(
                    f"The {option.replace('_', ' ')} option needs the Lord of the Rings mode."
                )
        if not lotr and resolved["die_space"] != "edition":
            raise InvalidAction("Plain mode has no Ring: leave die_space as the edition.")
        return resolved

    def seats(self, options: Mapping[str, str]) -> tuple[int, int]:
        players = int(options.get("players", "2"))
        return players, players

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return roles_for(players)

    def role_title(self, role: str, lang: str = "en") -> str:
        with speaking(lang):
            return _role_title(role) if role in ALL_ROLES else role.title()

    def role_name(self, role: str, lang: str = "en") -> str:
        return self.role_title(role, lang)

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        return setup.new_game(self.name, seed, self.resolve_options(options), players)

    # -- words ---------------------------------------------------------------
    def verbs(self) -> frozenset[str]:
        return VERBS

    def prompt(self, state: State, role: str, lang: str = "en") -> Prompt:
        """What ``role`` may do now, its words in ``lang``."""
        with speaking(lang):
            return super().prompt(state, role, lang)

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        with speaking(lang):
            return labels.describe(state, role, action)

    def describe_arg(
        self, state: State, role: str, verb: str, index: int, value: str, lang: str = "en"
    ) -> str:
        with speaking(lang):
            return labels.describe_arg(state, role, verb, index, value)

    def describe_group(self, state: State, role: str, verb: str, first: str, lang: str = "en") -> str:
        with speaking(lang):
            return labels.describe_group(state, role, verb, first)

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        with speaking(lang):
            return explain(state, role, action)

    def rules_overview(self, lang: str = "en") -> str:
        with speaking(lang):
            return rules_help.overview()

    def rules_topics(self, lang: str = "en") -> tuple[RuleTopic, ...]:
        with speaking(lang):
            return rules_help.topics()

    def rules_lookup(self, topic: str, lang: str = "en") -> tuple[RuleTopic, ...]:
        """The topics ``/rules topic:`` means: by slug, name, common word ("dice", "trade") or
        card copy id (``grima_wormtongue-1``); see :func:`rules_help.lookup`. The names of
        ``lang`` are understood besides the English ones."""
        with speaking(lang):
            return rules_help.lookup(topic)

    def rules_not_found(self, topic: str, lang: str = "en") -> str:
        """The answer when nothing is called ``topic``, with the closest names."""
        with speaking(lang):
            return rules_help.not_found(topic)

    # -- views, secrets, positions -------------------------------------------
    def view(self, state: State, role: str | None, lang: str = "en") -> View:
        """The view of ``role`` (``None``: the public), its words in ``lang``."""
        return build_view(self, state, role, lang=lang)

    def exchange(self, state: State) -> str | None:
        """The attack under way (declared in public), by its two territories: a card played in
        its course and its end are told in one post with its declaration."""
        frame = next((f for f in reversed(state["stack"]) if "rolls" in f and "defender" in f), None)
        return None if frame is None else f"attack:{frame['from']}:{frame['to']}"

    def standing(self, state: State, lang: str = "en") -> tuple[str, ...]:
        """``/game status``'s public lines, in ``lang``."""
        with speaking(lang):
            return standing_lines(build_view(self, state, None, lang=lang))

    def final_reveal(self, state: State, lang: str = "en") -> View:
        with speaking(lang):
            return build_view(self, state, None, everything=True, lang=lang)

    def still_playing(self, state: State, role: str) -> bool:
        return role in in_game(state)

    def resigned(self, state: State, role: str) -> None:
        """Two players: the other wins. Three or four: he is dropped as on time, his territories
        turn neutral and the others play on (:mod:`games.lotr_risk.timeouts`). Matches begun by
        rules revision 1 end on the scores of the others (lotr mode, two or more left), or the
        others still in the game win."""
        if len(state["roles"]) > 2 and revision(state) >= 2:
            timeouts.drop(state, role, resigning=True)
            return
        others = [r for r in in_game(state) if r != role]
        if is_lotr(state) and len(others) >= 2:
            victory.end_after_resignation(state, role)
        elif len(state["roles"]) > 2 and others:
            finish(state, others, "resigned", {"role": role})
        else:
            super().resigned(state, role)

    def timed_out(self, state: State, role: str) -> None:
        """Two players: he loses on time (the core's default). Three or four: he is dropped, his
        territories turn neutral and the others play on (:mod:`games.lotr_risk.timeouts`)."""
        if len(state["roles"]) == 2:
            super().timed_out(state, role)
        else:
            timeouts.drop(state, role)

    def parse(self, state: State, role: str, text: str) -> Action:
        """As every game; a set of three cards typed in any order is the listed set, and a
        refused action says why (:mod:`games.lotr_risk.refusals`)."""
        return refusals.parse(self, state, role, text, super().parse)

    def refusal(self, state: State, role: str, action: Action, lang: str = "en") -> str | None:
        """Why a player asked to act may not take ``action`` (:mod:`games.lotr_risk.refusals`)."""
        if role not in self.active(state):
            return None
        with speaking(lang):
            return refusals.refusal(state, role, action, self.prompt(state, role, lang).text)

    def check_invariants(self, state: State) -> list[str]:
        return check(self, state)

    def secrets(self, state: State, role: str) -> set[str]:
        return secrets.secrets_of(state, role)

    def from_position(self, position: Mapping[str, Any]) -> State:
        """A state from a described position: see :mod:`games.lotr_risk.positions`."""
        return positions.from_position(self, position)

    def to_position(self, state: State) -> dict[str, Any]:
        return positions.to_position(state)
