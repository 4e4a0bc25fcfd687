"""The controller: every interaction handler, shared by slash commands and components.

The handlers live by concern in :mod:`bot.handlers`; this class joins them, so the cogs, the
components and the tests have one object to call (parse -> service -> present).
"""

from __future__ import annotations

from .handlers.computer import ComputerHandlers
from .handlers.lobby import LobbyHandlers
from .handlers.play import PlayHandlers
from .handlers.private import PrivateHandlers
from .handlers.replies import STALE, is_admin

__all__ = ["STALE", "Controller", "is_admin"]


class Controller(ComputerHandlers, LobbyHandlers, PlayHandlers, PrivateHandlers):
    """What the bot does for one interaction. Holds no Discord state of its own."""
