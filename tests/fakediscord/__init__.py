"""A loopback fake of Discord (REST API v10 + gateway) for end-to-end tests of the real bot."""

from .botproc import BotProcess
from .commands import CommandUsageError
from .interactions import InteractionResult, InteractionTimeout
from .model import Channel, Guild, Message, User
from .server import FakeDiscord

__all__ = [
    "BotProcess",
    "Channel",
    "CommandUsageError",
    "FakeDiscord",
    "Guild",
    "InteractionResult",
    "InteractionTimeout",
    "Message",
    "User",
]
