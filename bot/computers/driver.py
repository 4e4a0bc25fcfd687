"""The computer's turns: when a match waits for a computer seat, the computer decides (off the
event loop) and its move goes through the same entry pipeline and table as a person's.

* **One post per decision.** The steps a computer takes in a row while no person is asked
  anything (a Risk turn: reinforce, attack, fortify) are committed one by one, each its own
  entry, and told in one post (their events together), as a line of steps typed by a person.
* **At a human pace.** The first step of a decision is committed no sooner than
  ``PALANTIR_COMPUTER_PACE`` seconds after the computer started thinking (default 2; 0 in the
  tests), so a move does not answer the person's before he has looked up.
* **Exactly once.** A decision is made for the match's stored version and committed only at
  that version (``expected_version``), under an interaction id made of the match and that
  version: a decision gone stale (a person's simultaneous move) is dropped and made again; a
  bot restarted while its computer was thinking finds the turn still pending (nothing was
  committed) and plays it once, and a second attempt at one version is the duplicate the log
  already refuses.
* **After the table is told.** A turn starts only once the entry that asked the computer has
  been posted (the delivery calls :meth:`ComputerDriver.poke`); a match behind in Discord waits
  for the announcer, whose catch-up pokes it in turn. :meth:`ComputerDriver.sweep` (at start-up
  and on every tick) finds what is left, e.g. a match resumed after a pause.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from games.core import ActionError, StaleAction

from ..failures import log_failure
from ..matches.live import ActResult, LiveMatch, ServiceError
from ..storage import ACTIVE
from .identity import is_computer
from .thinking import ThinkingPool, request_for

if TYPE_CHECKING:
    from ..match_posts import Delivery
    from ..service import MatchService

log = logging.getLogger(__name__)

PACE_ENV = "PALANTIR_COMPUTER_PACE"
#: The most steps one decision of a computer takes in a row before it is told (a safety net).
MAX_CHAIN = 200


def pace_setting(environ: Mapping[str, str] | None = None) -> float:
    """``PALANTIR_COMPUTER_PACE``: seconds a computer's move takes at least (default 2).

    >>> pace_setting({}), pace_setting({PACE_ENV: "0"}), pace_setting({PACE_ENV: "soon"})
    (2.0, 0.0, 2.0)
    """
    text = (os.environ if environ is None else environ).get(PACE_ENV, "").strip()
    try:
        return max(0.0, min(float(text), 60.0)) if text else 2.0
    except ValueError:
        log.warning("%s must be a number of seconds, not %r; using 2", PACE_ENV, text)
        return 2.0


def has_computer(live: LiveMatch) -> bool:
    return any(is_computer(seat.user_id) for seat in live.seats)


def waiting_computer(live: LiveMatch) -> str | None:
    """The computer seat's role the match waits for now (``None``: none, or not in play)."""
    state = live.state
    if state is None or state.get("result") is not None or live.record.status != ACTIVE:
        return None
    if live.record.paused:
        return None
    for role in sorted(live.active_roles()):
        if is_computer(live.user_of(role)):
            return role
    return None


def asked_people(live: LiveMatch) -> frozenset[str]:
    """The people's roles the game waits for now (a computer's run of steps ends when one
    more is asked)."""
    return frozenset(role for role in live.active_roles() if not is_computer(live.user_of(role)))


def told_as_one(results: Sequence[ActResult]) -> ActResult:
    """A computer's run of steps as one entry for the table: their events together, the
    labels joined, everyone any step notified or made stale."""
    if len(results) == 1:
        return results[0]
    first, last = results[0], results[-1]
    roles = last.match.roles

    def union(groups: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
        found = {role for group in groups for role in group}
        return tuple(role for role in roles if role in found)

    return replace(
        last,
        label=" → ".join(r.label for r in results),
        events=tuple(event for r in results for event in r.events),
        seq_before=first.seq_before,
        notify=union([r.notify for r in results]),
        stale_roles=union([r.stale_roles for r in results]),
    )


async def computer_matches(service: MatchService) -> list[int]:
    """Matches in play with a computer seat (computers' user ids are negative)."""
    rows = await service.store.read_all(
        "SELECT DISTINCT s.match_id FROM seats s JOIN matches m ON m.id = s.match_id "
        "WHERE m.status = 'active' AND s.user_id LIKE '-%' ORDER BY s.match_id"
    )
    return [int(row[0]) for row in rows]


class ComputerDriver:
    """Plays the computer seats' turns of every match, one task per match at a time."""

    def __init__(
        self,
        service: MatchService,
        delivery: Delivery,
        pool: ThinkingPool | None = None,
        *,
        pace: float | None = None,
    ) -> None:
        self.service = service
        self.delivery = delivery
        self.pool = pool or ThinkingPool()
        self.pace = pace_setting() if pace is None else pace
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: Matches poked while their task ran: it looks once more before it ends.
        self._again: set[int] = set()
        #: How many decisions were committed (tests and logs).
        self.moves = 0

    def poke(self, live: LiveMatch) -> None:
        """The table was told an entry of ``live``: play its computer's turn if it is one."""
        if not has_computer(live):
            return
        if live.id in self._tasks:
            self._again.add(live.id)
            return
        if waiting_computer(live) is None:
            return
        task = asyncio.create_task(self._play(live.id), name=f"computer-{live.id}")
        self._tasks[live.id] = task

    async def sweep(self) -> None:
        """Poke every match in play with a computer seat (at start-up, then on every tick)."""
        try:
            for match_id in await computer_matches(self.service):
                if match_id not in self._tasks:
                    try:
                        self.poke(await self.service.get(match_id))
                    except ServiceError:
                        continue
        except Exception as exc:
            log_failure(log, "looking for computer turns failed", exc)

    async def idle(self) -> None:
        """Wait until no computer is thinking (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
        self.pool.shutdown()

    async def _play(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                moved = await self._turn(match_id)
                if not moved and match_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log_failure(log, f"a computer's turn in match {match_id} failed", exc)
        finally:
            self._tasks.pop(match_id, None)
            self._again.discard(match_id)

    async def _behind(self, live: LiveMatch) -> bool:
        """Whether the table has not been told the match's newest entry yet."""
        told = await self.service.store.get_message(live.id, "prompt")
        return told is None or told.version < live.record.version

    async def _turn(self, match_id: int) -> bool:
        """One decision of the computer the match waits for; whether anything was committed."""
        live = await self.service.get(match_id)
        role = waiting_computer(live)
        if role is None or await self._behind(live):
            return False
        log.info("match %s v%s: the computer thinks as %s", match_id, live.record.version, role)
        loop = asyncio.get_running_loop()
        began = loop.time()
        results: list[ActResult] = []
        asked = asked_people(live)
        while len(results) < MAX_CHAIN:
            user = live.user_of(role)
            assert user is not None
            async with live.lock:  # never a position staged by an entry not stored yet
                version = live.record.version
                request = request_for(live, role, user)
            text = await self.pool.decide(request)
            if not results:  # at a human pace: the first step no sooner than the pace allows
                await asyncio.sleep(max(0.0, self.pace - (loop.time() - began)))
            try:
                result = await self.service.act(
                    match_id,
                    user,
                    text,
                    expected_version=version,
                    interaction_id=f"computer:{match_id}:{version}",
                )
            except StaleAction:
                # The match moved on while it thought (a simultaneous move): decide anew.
                log.info("match %s: a computer's stale decision was dropped", match_id)
                self._again.add(match_id)
                break
            except (ActionError, ServiceError) as exc:  # paused meanwhile, or refused
                log.warning("match %s: a computer's move was refused (%s)", match_id, type(exc).__name__)
                break
            if result.duplicate:
                break
            results.append(result)
            self.moves += 1
            live = result.match
            if result.finished or waiting_computer(live) != role or asked_people(live) - asked:
                break  # its decision is made, or a person is asked something new: tell it
        if results:
            log.info("match %s: the computer played %d step(s) as %s", match_id, len(results), role)
            await self.delivery.after_entry(told_as_one(results))
        return bool(results)
