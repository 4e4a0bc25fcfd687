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
from .match import Outcome, can_undo, submit, undo
from .registry import all_rulesets, find, register
from .ruleset import (
    CommandParam,
    CommandSpec,
    OptionSpec,
    Prompt,
    Ruleset,
    State,
    View,
    emit,
    finish,
    new_state,
    project_log,
)
from .serialization import clone, dump, load

__all__ = [
    "Action",
    "ActionError",
    "AmbiguousAction",
    "CommandParam",
    "CommandSpec",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "NotYourTurn",
    "NothingToUndo",
    "OptionSpec",
    "Outcome",
    "Prompt",
    "Ruleset",
    "StaleAction",
    "State",
    "View",
    "all_rulesets",
    "can_undo",
    "clone",
    "dump",
    "emit",
    "find",
    "finish",
    "load",
    "new_state",
    "normalize",
    "project_log",
    "register",
    "submit",
    "undo",
]
