"""Errors raised when an action cannot be applied.

Every error is a ``ValueError`` whose message is written for the player who
sent the action: it says what is wrong and, where possible, what to do.
Messages never name another player's hidden information.
"""

from __future__ import annotations


class ActionError(ValueError):
    """Base class: the action was refused and nothing changed."""


class InvalidAction(ActionError):
    """The text is not an action of this game at all."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow right now."""


class AmbiguousAction(ActionError):
    """The text matches more than one legal action."""


class NotYourTurn(ActionError):
    """The role asked to act is not expected to act now."""


class StaleAction(ActionError):
    """The action was prepared for an earlier position (an old button, a double click)."""


class GameOver(ActionError):
    """The match has already ended."""


class NothingToUndo(ActionError):
    """Undo was asked for where the undo policy allows none."""
