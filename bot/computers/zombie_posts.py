"""Zombie mode at the table: the vote's post, and what its outcome shows (see :mod:`.zombie`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from .. import texts
from ..failures import log_failure
from ..i18n import match_locale, msg, t
from ..match_posts import NO_PINGS
from ..service import LiveMatch
from .buttons import zombie_view
from .identity import is_computer
from .zombie import RESIGN, TIMEOUT, Decision, Offer

if TYPE_CHECKING:
    from ..match_posts import Delivery

log = logging.getLogger(__name__)


class ZombieDesk:
    """Posts the votes of zombie mode and their outcomes, through :class:`Delivery`."""

    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery
        self.service = delivery.service

    async def offer(self, live: LiveMatch, offer: Offer) -> None:
        """The vote, in the match thread: the other players are mentioned (it asks them)."""
        title = live.ruleset.role_title(offer.role)
        locale = match_locale(live.record.language)
        voters = " ".join(texts.mention(u, locale) for u in offer.voters)
        who = {"player": texts.mention(offer.user_id, locale), "side": title, "voters": voters}
        if offer.kind == RESIGN:
            said = t(
                locale,
                "🏳️ {player} ({side}) resigned. Shall a computer play on for **{side}**? {voters}: if "
                "every one of you agrees, it takes the seat; one **No** and the resignation stands.",
                **who,
            )
        else:
            said = t(
                locale,
                "🏳️ {player} ({side}) ran out of time. Shall a computer play on for **{side}**? {voters}: "
                "if every one of you agrees, it takes the seat; one **No** and the timeout stands.",
                **who,
            )
        await self.delivery.post_match(
            live,
            content=said,
            view=zombie_view(live.id, locale),
            allowed_mentions=self.delivery.mentioning_users(list(offer.voters)),
        )

    async def decided(self, decision: Decision) -> None:
        """A computer took the seat (told, the thread renamed after its seats, and it plays at
        once), or the leaving stands (told as the resignation or timeout it is)."""
        offer = decision.offer
        live = await self.service.get(offer.match_id)
        if decision.outcome == "taken" and decision.computer is not None:
            title = live.ruleset.role_title(offer.role)
            locale = match_locale(live.record.language)
            await self.delivery.retire_dm(
                live,
                offer.role,
                msg("a computer plays {side} for you now; this prompt is closed.", side=title),
            )
            await self.delivery.post_match(
                live,
                content=t(
                    locale,
                    "{computer} now plays **{side}** for {player}: every player agreed. {waiting}",
                    computer=texts.mention(decision.computer, locale),
                    side=title,
                    player=texts.mention(offer.user_id, locale),
                    waiting=texts.turn_text(live, ()),
                ),
                allowed_mentions=NO_PINGS,
            )
            await self.delivery.rename_thread(live)  # (named after its seats: the computer's now)
            await self.delivery.refresh_lobby(live)
            self.delivery.told(live)
        elif decision.left is not None:
            await self.delivery.after_entry(decision.left)

    async def lapse(self) -> None:
        """Votes nobody finished in time: the leaving stands, told as it is (the ticker's call)."""
        for decision in await self.service.zombie.lapsed():
            try:
                await self.decided(decision)
            except Exception as exc:  # committed: one match's posts must not cost the others theirs
                log_failure(log, f"could not tell the vote of match {decision.offer.match_id}", exc)

    async def hold_timeout(self, match_id: int, role: str) -> bool:
        """The ticker's question before a timeout: held while a vote on the seat is open, and
        a vote opened where the seat may go to a computer."""
        zombie = self.service.zombie
        if await zombie.holds(match_id, role):
            return True
        live = await self.service.get(match_id)
        clock, user = live.clocks.get(role), live.user_of(role)
        now = self.service.clock.now()
        if (
            clock is None
            or user is None
            or is_computer(user)
            or not clock.running
            or clock.left(now) > 0
            or live.record.paused
            or role not in live.active_roles()
        ):
            return False
        offer = await zombie.open(match_id, user, TIMEOUT)
        if offer is None:
            return False
        try:
            await self.offer(live, offer)
        except discord.HTTPException as exc:
            log.warning("could not post a zombie vote of match %s: %s", match_id, exc.status)
        return True
