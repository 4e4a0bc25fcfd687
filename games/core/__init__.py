"""The engine contract shared by every game. Pure: no I/O, no asyncio, no Discord, no Pillow."""

from .actions import Action, normalize
from .errors import (
    ActionError,
    AmbiguousAction,
    GameOver,
    IllegalAction,
    InvalidAction,
    NothingToUndo,
    NotYourTurn,
    StaleAction,
)
from .events import Event, Presenter, audiences_told, emit, project
from .match import Match, Outcome, submit
from .registry import all_rulesets, find, register
from .ruleset import (
    Amount,
    CommandParam,
    CommandSpec,
    InvalidPosition,
    OptionSpec,
    Prompt,
    Ruleset,
    RuleTopic,
    State,
    View,
    finish,
    new_state,
)
from .serialization import clone, dump, dump_without, load

__all__ = [
    "Action",
    "ActionError",
    "AmbiguousAction",
    "Amount",
    "CommandParam",
    "CommandSpec",
    "Event",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "InvalidPosition",
    "Match",
    "NotYourTurn",
    "NothingToUndo",
    "OptionSpec",
    "Outcome",
    "Presenter",
    "Prompt",
    "RuleTopic",
    "Ruleset",
    "StaleAction",
    "State",
    "View",
    "all_rulesets",
    "audiences_told",
    "clone",
    "dump",
    "dump_without",
    "emit",
    "find",
    "finish",
    "load",
    "new_state",
    "normalize",
    "project",
    "register",
    "submit",
]
