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

A vote closes in the same transaction as what it decides (the seat handed over, the
resignation or timeout committed: :class:`~bot.storage.MetaClose`), so a crash never leaves a
player who left still playing, nor an open vote on a seat a computer holds. An offer found
stale all the same (its player no longer in that seat or no longer playing, the match over) is
closed by whoever reads it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict, dataclass, replace

from games.computer_players import supports
from games.core import ActionError

from ..i18n import msg, nmsg
from ..matches.cache import MatchCache
from ..matches.entries import Entries
from ..matches.live import ActResult, LiveMatch, ServiceError
from ..matches.timebanks import TimeBanks
from ..storage import ACTIVE, MetaChanged, MetaClose, Store
from .identity import is_computer
from .seats import ComputerSeats

log = logging.getLogger(__name__)

RESIGN, TIMEOUT = "resign", "timeout"
OVER = msg("This vote is over.")
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


def still_open(live: LiveMatch, offer: Offer) -> bool:
    """Whether ``offer`` still stands for something: the match goes on and its player is still
    in that seat, still playing (else a write that should have closed it was lost)."""
    return (
        live.record.status == ACTIVE
        and live.user_of(offer.role) == offer.user_id
        and live.ruleset.still_playing(live.state or {}, offer.role)
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
        """The open offer of a seat of ``match_id`` (a stale one is closed: ``None``)."""
        found = await self._pending(match_id)
        return None if found is None else found[0]

    async def _pending(self, match_id: int) -> tuple[Offer, str] | None:
        """The open offer and its stored text; one that no longer stands (see
        :func:`still_open`) is closed here."""
        text = await self.store.get_meta(key(match_id))
        if not text:
            return None
        offer = Offer.loads(text)
        try:
            live: LiveMatch | None = await self.cache.get(match_id)
        except ServiceError:
            live = None
        if live is not None and still_open(live, offer):
            return offer, text
        if await self.store.swap_meta(key(match_id), text, ""):
            log.warning("match %s: a stale offer of a seat to a computer was closed", match_id)
        return None

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
        found = await self._pending(match_id)  # (closed if the match ended meanwhile)
        if found is None:
            raise ServiceError(OVER)
        offer, text = found
        live = await self.cache.get(match_id)
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
            try:
                return Decision(offer, "declined", left=await self._leave(offer, text))
            except ActionError:
                raise ServiceError(OVER) from None  # closed meanwhile (another process's tick)
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
            if not await self.store.swap_meta(key(match_id), text, offer.dumps()):
                raise ServiceError(OVER)
            return Decision(offer, "waiting")
        try:  # (the vote closes in the hand-over's own transaction)
            computer = await self.computers.take_over(
                match_id, offer.user_id, closes=MetaClose(key(match_id), text)
            )
        except MetaChanged:
            raise ServiceError(OVER) from None
        return Decision(offer, "taken", computer=computer)

    async def lapsed(self) -> list[Decision]:
        """Votes the ticker settles: those every player still in the match has agreed to (the
        last to answer left it instead) hand the seat over; those nobody finished within
        :data:`VOTE_LIFETIME`, or that nobody is left to finish, are closed, the leaving
        committed."""
        async with self._counting:
            return await self._lapsed()

    async def _lapsed(self) -> list[Decision]:
        rows = await self.store.read_all("SELECT key, value FROM meta WHERE key LIKE 'zombie:%'")
        now = self.timebanks.clock.now()
        closed = []
        for name, _ in rows:
            match_id = int(str(name).removeprefix("zombie:"))
            async with self.store.match_lock(match_id):
                settled = await self._settled(match_id, now)
            if settled is not None:
                closed.append(settled)
        return closed

    async def _settled(self, match_id: int, now: float) -> Decision | None:
        """What the ticker decides of ``match_id``'s vote, if anything (see :meth:`lapsed`)."""
        found = await self._pending(match_id)  # (stale: closed)
        if found is None:
            return None
        offer, text = found
        live = await self.cache.get(match_id)
        paused = live.record.paused  # (votes wait while paused, as a timeout does)
        still = set(voters(live, offer.user_id))
        if still and still <= set(offer.yes):
            if paused:
                return None
            try:  # (the vote closes in the hand-over's own transaction)
                computer = await self.computers.take_over(
                    match_id, offer.user_id, closes=MetaClose(key(match_id), text)
                )
            except MetaChanged:
                return None  # counted meanwhile (another process's tick, a last vote)
            return Decision(offer, "taken", computer=computer)
        if still and now - offer.opened_at < VOTE_LIFETIME:
            return None
        if offer.kind == TIMEOUT and paused:
            return None  # its timeout is committed once the match goes on
        try:
            return Decision(offer, "declined", left=await self._leave(offer, text))
        except (ActionError, ServiceError):
            return None  # closed meanwhile (another process's tick, a last vote), or refused

    async def _leave(self, offer: Offer, text: str) -> ActResult | None:
        """The held resignation or timeout, committed as the player's own, and the vote
        (stored as ``text``) closed in the same transaction; an :class:`ActionError` if it was
        closed meanwhile (:class:`StaleAction`) or the player is out already (another process
        committed it)."""
        closes = MetaClose(key(offer.match_id), text)
        try:
            if offer.kind == RESIGN:
                return await self.entries.resign(offer.match_id, offer.user_id, closes=closes)
            left = await self.timebanks.time_out(offer.match_id, offer.role, offer_seat=False, closes=closes)
        except (ActionError, ServiceError):
            # Closed meanwhile (stale), or he cannot leave any more (out already): no vote.
            await self.store.swap_meta(closes.key, text, "")
            raise
        if left is None:  # nothing to commit after all (the match ended): the vote just closes
            await self.store.swap_meta(closes.key, text, "")
        return left
