"""Zombie mode: in a casual match, a computer may play on for a player who resigned or ran out
of time, if every other player agrees.

Only where the others would play on without him (LOTR Risk of three or four players: his
territories would turn neutral); where his leaving ends the match (two players), the others
win as always. His leaving is held, not committed, while they vote: one vote per match, kept in
``meta`` (``zombie:<match>``) so that it outlives a restart. Every other person still playing
says yes: a computer of the game's strongest level takes his seat
(:meth:`ComputerSeats.take_over`) and plays on. One of them says no, or nobody has answered
after :data:`VOTE_LIFETIME`: his resignation or timeout is committed as it would have been.
Never in a league match, nor in a game without computer players, nor where nobody would vote.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict, dataclass, replace

from games.computer_players import supports

from ..i18n import msg, nmsg
from ..matches.cache import MatchCache
from ..matches.entries import Entries
from ..matches.live import ActResult, LiveMatch, ServiceError
from ..matches.timebanks import TimeBanks
from ..storage import ACTIVE, Store
from .identity import is_computer
from .seats import ComputerSeats

log = logging.getLogger(__name__)

RESIGN, TIMEOUT = "resign", "timeout"
#: Seconds a vote stays open; unanswered, the player's leaving stands.
VOTE_LIFETIME = 6 * 3600.0


@dataclass(frozen=True, slots=True)
class Offer:
    """A seat offered to a computer: whose, why, who votes and who said yes so far."""

    match_id: int
    role: str
    user_id: int
    kind: str
    voters: tuple[int, ...]
    yes: tuple[int, ...] = ()
    #: Wall-clock time (epoch seconds) the vote was opened at.
    opened_at: float = 0.0

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(v for v in self.voters if v not in self.yes)

    def dumps(self) -> str:
        return json.dumps(asdict(self))

    @staticmethod
    def loads(text: str) -> Offer:
        data = json.loads(text)
        return Offer(
            int(data["match_id"]),
            str(data["role"]),
            int(data["user_id"]),
            str(data["kind"]),
            tuple(int(v) for v in data["voters"]),
            tuple(int(v) for v in data["yes"]),
            float(data.get("opened_at", 0.0)),
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """What a vote did: still ``waiting``, the seat ``taken`` by ``computer``, or ``declined``
    (``left``: the committed resignation or timeout, to be told)."""

    offer: Offer
    outcome: str
    computer: int | None = None
    left: ActResult | None = None


def key(match_id: int) -> str:
    return f"zombie:{match_id}"


def voters(live: LiveMatch, leaving: int) -> tuple[int, ...]:
    """The other people still playing: they decide."""
    state = live.state or {}
    return tuple(
        seat.user_id
        for seat in live.seats
        if seat.user_id != leaving
        and not is_computer(seat.user_id)
        and seat.role is not None
        and live.ruleset.still_playing(state, seat.role)
    )


def may_offer(live: LiveMatch, user_id: int) -> bool:
    """Whether ``user_id``'s seat could go to a computer were the match to go on without him:
    a casual match of a game with computers, and other people to vote."""
    return (
        live.record.status == ACTIVE
        and live.record.league_id is None
        and supports(live.record.game)
        and live.is_seated(user_id)
        and not is_computer(user_id)
        and bool(voters(live, user_id))
    )


def offerable(live: LiveMatch, user_id: int, kind: str) -> bool:
    """Whether ``user_id``'s seat may be offered to a computer when he leaves (``kind``); tries
    his leaving on the game (call it under the match's lock)."""
    return may_offer(live, user_id) and goes_on_without(live, user_id, kind)


def goes_on_without(live: LiveMatch, user_id: int, kind: str) -> bool:
    """Whether the match would go on if the player left now (tried on the game, reverted)."""
    role, game = live.role_of(user_id), live.game
    if role is None or game is None or not live.ruleset.still_playing(game.state, role):
        return False
    outcome = game.resign(role) if kind == RESIGN else game.time_out(role)
    try:
        return game.state.get("result") is None
    finally:
        outcome.revert()


class ZombieSeats:
    """Offers of seats to computers, their votes and what follows."""

    def __init__(
        self,
        store: Store,
        cache: MatchCache,
        computers: ComputerSeats,
        entries: Entries,
        timebanks: TimeBanks,
    ) -> None:
        self.store = store
        self.cache = cache
        self.computers = computers
        self.entries = entries
        self.timebanks = timebanks
        #: Votes are counted one at a time (two players clicking at once both count).
        self._counting = asyncio.Lock()

    async def pending(self, match_id: int) -> Offer | None:
        text = await self.store.get_meta(key(match_id))
        return Offer.loads(text) if text else None

    async def open(self, match_id: int, user_id: int, kind: str) -> Offer | None:
        """Hold ``user_id``'s leaving and open the vote (``None``: his seat cannot be offered,
        or an offer is open already: one at a time)."""
        async with self.cache.locked(match_id) as live:
            if not offerable(live, user_id, kind) or await self.pending(match_id) is not None:
                return None
            role = live.role_of(user_id)
            assert role is not None
            now = self.timebanks.clock.now()
            offer = Offer(match_id, role, user_id, kind, voters(live, user_id), opened_at=now)
            await self.store.set_meta(key(match_id), offer.dumps())
        log.info("match %s: a seat is offered to a computer (%s)", match_id, kind)
        return offer

    async def holds(self, match_id: int, role: str) -> bool:
        """Whether ``role``'s timeout waits for a vote (one is open for his seat)."""
        offer = await self.pending(match_id)
        return offer is not None and offer.role == role

    async def refuse_held(self, match_id: int, user_id: int) -> None:
        """A :class:`ServiceError` if ``user_id``'s leaving is held by an open vote: he left,
        so neither a move (his old prompt's buttons) nor a second resignation (a double click)
        may change the seat the others vote on (asked by every entry, under the match's lock)."""
        offer = await self.pending(match_id)
        if offer is not None and offer.user_id == user_id:
            if offer.kind == RESIGN:
                raise ServiceError(
                    msg(
                        "You left match #{match}: the other players are voting on a computer playing on "
                        "for you; if one of them says no, your resignation stands.",
                        match=match_id,
                    )
                )
            raise ServiceError(
                msg(
                    "Your time ran out in match #{match}: the other players are voting on a computer "
                    "playing on for you; if one of them says no, your timeout stands.",
                    match=match_id,
                )
            )

    async def vote(self, match_id: int, voter: int, agree: bool) -> Decision:
        # (Across processes too: the match is held while its vote is counted.)
        async with self._counting, self.store.match_lock(match_id):
            return await self._vote(match_id, voter, agree)

    async def _vote(self, match_id: int, voter: int, agree: bool) -> Decision:
        offer = await self.pending(match_id)
        live = await self.cache.get(match_id)
        if offer is not None and live.record.status != ACTIVE:
            await self.store.set_meta(key(match_id), "")  # the match ended meanwhile
            offer = None
        if offer is None:
            raise ServiceError(msg("This vote is over."))
        if voter not in offer.voters:
            raise ServiceError(msg("Only the other players of this match vote on it."))
        if live.record.paused:  # (a timeout cannot be committed while paused: a No would be lost)
            raise ServiceError(
                msg("Match #{match} is paused: vote once it goes on (`/game resume`).", match=match_id)
            )
        # Those who left the match since the vote opened neither vote nor are waited for.
        still = set(voters(live, offer.user_id))
        if voter not in still:
            raise ServiceError(
                msg(
                    "You are no longer playing in match #{match}: the players still in it decide.",
                    match=match_id,
                )
            )
        if not agree:
            await self.store.set_meta(key(match_id), "")
            return Decision(offer, "declined", left=await self._leave(offer))
        again = voter in offer.yes
        yes = offer.yes if again else (*offer.yes, voter)
        offer = replace(offer, voters=tuple(v for v in offer.voters if v in still), yes=yes)
        if again and offer.missing:
            raise ServiceError(
                nmsg(
                    "You agreed already: waiting for {count} more player.",
                    "You agreed already: waiting for {count} more players.",
                    len(offer.missing),
                )
            )
        if offer.missing:
            await self.store.set_meta(key(match_id), offer.dumps())
            return Decision(offer, "waiting")
        computer = await self.computers.take_over(match_id, offer.user_id)
        await self.store.set_meta(key(match_id), "")
        return Decision(offer, "taken", computer=computer)

    async def lapsed(self) -> list[Decision]:
        """Votes nobody finished within :data:`VOTE_LIFETIME`: closed, the leaving committed."""
        async with self._counting:
            return await self._lapsed()

    async def _lapsed(self) -> list[Decision]:
        rows = await self.store.read_all("SELECT key, value FROM meta WHERE key LIKE 'zombie:%'")
        now = self.timebanks.clock.now()
        closed = []
        for _, text in rows:
            if not text:
                continue
            offer = Offer.loads(str(text))
            if now - offer.opened_at < VOTE_LIFETIME:
                continue
            if offer.kind == TIMEOUT and await self._paused(offer.match_id):
                continue  # its timeout is committed once the match goes on
            if not await self.store.swap_meta(key(offer.match_id), str(text), ""):
                continue  # closed meanwhile (by another bot process's tick, or a last vote)
            try:
                closed.append(Decision(offer, "declined", left=await self._leave(offer)))
            except ServiceError:
                continue  # the match ended meanwhile
        return closed

    async def _paused(self, match_id: int) -> bool:
        try:
            return (await self.cache.get(match_id)).record.paused
        except ServiceError:
            return False

    async def _leave(self, offer: Offer) -> ActResult | None:
        """The held resignation or timeout, committed as the player's own."""
        if offer.kind == RESIGN:
            return await self.entries.resign(offer.match_id, offer.user_id)
        return await self.timebanks.time_out(offer.match_id, offer.role, offer_seat=False)
