"""MatchService: the one door of the match operations, over the rooms of :mod:`bot.matches`.

Pure asyncio + storage + engine: no Discord here, so everything is unit-testable. Cogs call
these methods and present the results. Every accepted action is committed before the method
returns; Discord output happens after, in the caller.
"""

from __future__ import annotations

from collections import OrderedDict

from .clock import CLOCK, WallClock
from .computers.seats import ComputerSeats
from .computers.zombie import ZombieSeats
from .leases import Leases
from .matches.cache import MatchCache
from .matches.entries import Entries
from .matches.legality import Legality
from .matches.live import (
    ALREADY_DONE,
    MAX_LIVE,
    RANDOM_SIDE,
    SNAPSHOT_EVERY,
    STALE,
    TIMEOUT,
    ActResult,
    DamagedMatch,
    DamageReport,
    JoinResult,
    LiveMatch,
    ServiceError,
    discord_time,
    every_role,
    public_step,
    replay_entry,
    stored_events,
)
from .matches.lobby import Lobby
from .matches.queries import Queries
from .matches.timebanks import TimeBanks
from .matches.transfer import Transfer
from .storage import Store

__all__ = [
    "ALREADY_DONE",
    "MAX_LIVE",
    "RANDOM_SIDE",
    "SNAPSHOT_EVERY",
    "STALE",
    "TIMEOUT",
    "ActResult",
    "DamageReport",
    "DamagedMatch",
    "JoinResult",
    "LiveMatch",
    "MatchService",
    "ServiceError",
    "discord_time",
    "every_role",
    "public_step",
    "replay_entry",
    "stored_events",
]


class MatchService:
    """All match operations. One instance per bot; safe under concurrent coroutines.

    Each concern is a room of :mod:`bot.matches` sharing one :class:`MatchCache`; this class
    only wires them and keeps the names the cogs, the background loops and the tests call.
    """

    legal = staticmethod(Legality.legal)
    choices = staticmethod(Legality.choices)
    gives_up = staticmethod(Legality.gives_up)

    def __init__(self, store: Store, *, max_live: int = MAX_LIVE, clock: WallClock | None = None) -> None:
        self.store = store
        #: Wall-clock time (epoch seconds) for the time banks; tests move it.
        self.clock = clock or CLOCK
        self.cache = MatchCache(store, max_live=max_live)
        #: This process's claims on background work (the ticker's, the announcer's, leagues').
        self.leases = Leases(store, clock=self.clock)
        self.lobby = Lobby(store, self.cache, self.clock)
        self.entries = Entries(store, self.cache, self.clock)
        self.timebanks = TimeBanks(store, self.cache, self.entries, self.clock)
        self.transfer = Transfer(store, self.cache, self.lobby, self.entries)
        self.queries = Queries(store, self.cache)
        self.legality = Legality(self.cache)
        self.computers = ComputerSeats(store, self.cache, self.lobby)
        self.zombie = ZombieSeats(store, self.cache, self.computers, self.entries, self.timebanks)
        self.entries.held = self.zombie.refuse_held
        #: Told once about each match whose log no longer replays (see :class:`DamagedMatch`).
        self.on_damaged = self.cache.on_damaged

        self.get = self.cache.get
        self.current = self.cache.current

        self.create = self.lobby.create
        self.create_seated = self.lobby.create_seated
        self.join = self.lobby.join
        self.rematch = self.lobby.rematch
        self.substitute = self.lobby.substitute
        self.start = self.lobby.start
        self.cancel = self.lobby.cancel
        self.expire_lobby = self.lobby.expire_lobby
        self.attach_thread = self.lobby.attach_thread
        self.attach_lobby_message = self.lobby.attach_lobby_message

        self.export = self.transfer.export
        self.import_match = self.transfer.import_match

        self.act = self.entries.act
        self.act_line = self.entries.act_line
        self.undo = self.entries.undo
        self.resign = self.entries.resign
        self.stale = self.entries.stale

        self.time_out = self.timebanks.time_out
        self.remind = self.timebanks.remind
        self.vote_pause = self.timebanks.vote_pause

        self.matches_of = self.queries.matches_of
        self.recent_of = self.queries.recent_of
        self.lobbies = self.queries.lobbies
        self.in_play = self.queries.in_play
        self.by_thread = self.queries.by_thread
        self.resolve = self.queries.resolve

        self.winners_if_resigned = self.legality.winners_if_resigned
        self.would_be_final = self.legality.would_be_final

    @property
    def max_live(self) -> int:
        return self.cache.max_live

    @property
    def _live(self) -> OrderedDict[int, LiveMatch]:
        """The matches held in memory (tests look)."""
        return self.cache.held
