"""Handlers of play: a pick, a typed action or line, undo, resignation; delivered after the commit."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord

from games.core import Action, StaleAction
from games.core.words import capitalized

from .. import post_plan, texts
from ..choices import HINT, amount_of, count_choices, with_count
from ..components import freeze
from ..failures import log_failure
from ..i18n import Msg, join, msg, t
from ..menus import confirm_view, count_view, group_view, groups, resign_view
from ..service import ActResult, LiveMatch, ServiceError
from .replies import STALE, Handlers

log = logging.getLogger(__name__)


class PlayHandlers(Handlers):
    """Moves: menus, buttons and typed actions, undo and resignation, then the answer."""

    async def act(
        self,
        interaction: discord.Interaction[Any],
        live: LiveMatch,
        text: str,
        *,
        expected_version: int | None = None,
        expected_prompt: int | None = None,
        typed: bool = False,
    ) -> None:
        async with self.friendly(interaction):
            if text.strip() == HINT:
                raise ServiceError(
                    msg(
                        "That line of the list only explains: type a few letters of what you want, "
                        "then pick it."
                    )
                )
            await self.defer(interaction)
            result = await self.service.act(
                live.id,
                interaction.user.id,
                text,
                expected_version=expected_version,
                expected_prompt=expected_prompt,
                interaction_id=str(interaction.id),
                typed=typed,
            )
            await self._after(interaction, result)

    async def act_line(self, interaction: discord.Interaction[Any], live: LiveMatch, line: str) -> None:
        """Several steps typed in one line (``a; b; c``): all made, or none when one is refused."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            results = await self.service.act_line(
                live.id, interaction.user.id, line, interaction_id=str(interaction.id), typed=True
            )
            for result in results[:-1]:
                if not result.duplicate:
                    await self.deliver_committed(self.delivery.after_entry(result))
            last = results[-1]
            if len(results) > 1 and not last.duplicate:
                locale = await self.locale_of(interaction)
                last = replace(last, labels={locale: " → ".join(r.label_in(locale) for r in results)})
            await self._after(interaction, last)

    async def pick(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        version: int,
        index: int,
        *,
        confirmed: bool = False,
        one_shot: bool = False,
        count: int | None = None,
    ) -> None:
        """A choice from a player's menu or button: the index of a legal action at his prompt
        ``version``. An action that cannot be undone is confirmed first (the player's setting).
        An action with a count ("Place in Rohan") asks how many first, unless ``count`` says it.

        ``one_shot``: the click came from a message made for this choice only (a confirmation,
        a long list's second step); its buttons are taken off at once, so it cannot be used again.
        """
        async with self.friendly(interaction):
            if one_shot:
                await freeze(interaction)  # disabled at once; the one-shot message is closed at the end
            await self.defer(interaction)  # first: the match may have to be read from the database
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(msg("You are not playing in match #{match}.", match=match_id))
            live = await self.as_clicked(live, role, version)
            lang = await self.locale_of(interaction)
            choices = self.service.choices(live, role, lang)
            if version != live.prompt_version(role):
                raise await self.service.stale(live, role, version)
            if not 0 <= index < len(choices):
                raise StaleAction(STALE)
            choice = choices[index]
            action, label = choice.action, choice.label
            amount = amount_of(live.prompt(role), action)
            state = live.state or {}
            if amount is not None and count is None:
                counts = [
                    (n, live.ruleset.describe(state, role, with_count(action, n), lang))
                    for n in count_choices(amount.low, amount.high)
                ]
                locale = lang
                group = live.ruleset.describe_group(state, role, action.verb, action.args[0], lang)
                await interaction.followup.send(
                    t(locale, "**{choice}** How many?", choice=group),
                    view=count_view(live.id, version, index, counts, amount.low, amount.high, locale),
                    ephemeral=True,
                )
                if one_shot:
                    await self._close_one_shot(
                        interaction, t(locale, "Chosen: {choice} (how many?)", choice=label)
                    )
                return
            if count is not None:
                if amount is None or not amount.admits(with_count(action, count)):
                    raise StaleAction(STALE)
                action = with_count(action, count)
                label = live.ruleset.describe(state, role, action, lang)
            if not confirmed and await self._asks_first(interaction, live, role, action):
                locale = await self.locale_of(interaction)
                effect = f"\n{choice.effect}" if choice.effect else ""
                await interaction.followup.send(
                    f"**{label}**{effect}\n" + t(locale, "This cannot be taken back. Go ahead?"),
                    view=confirm_view(live.id, version, index, count, locale),
                    ephemeral=True,
                )
                if one_shot:
                    await self._close_one_shot(
                        interaction, t(locale, "Chosen: {choice} (to confirm)", choice=label)
                    )
                return
            await self.act(interaction, live, action.text, expected_prompt=version)
            if one_shot:
                said = t(await self.locale_of(interaction), "Chosen: {choice}", choice=label)
                await self._close_one_shot(interaction, said)

    @staticmethod
    async def _close_one_shot(interaction: discord.Interaction[Any], text: str) -> None:
        """Take the buttons off a message made for one choice (it has been made)."""
        try:
            await interaction.edit_original_response(content=text, view=None)
        except discord.HTTPException as exc:
            log.debug("could not close a one-shot message: %s", exc.status)

    async def _asks_first(
        self, interaction: discord.Interaction[Any], live: LiveMatch, role: str, action: Action
    ) -> bool:
        """Whether a choice from the menus asks "Go ahead?" first, by the player's setting:
        ``important`` only what the game says gives something up (and had another choice),
        ``always`` anything; in both only what cannot be undone."""
        mode = (await self.settings.get(interaction.user.id)).confirm
        if mode == "never" or (mode == "important" and not self.service.gives_up(live, role, action)):
            return False
        return await self.service.would_be_final(live.id, interaction.user.id, action)

    async def as_clicked(self, live: LiveMatch, role: str, version: int) -> LiveMatch:
        """``live``, or the match as committed once whoever holds it is done
        (:meth:`MatchCache.get` does not wait) when the click names another prompt than this
        copy or the copy is held: it may be behind (another process moved the match while a
        task of this one was reading it again) or half-way through an entry (its position
        applied in memory, its seats not yet: the click's menu index would be read against
        the new position). "Out of date" or "already done" is decided on the match as
        committed."""
        if version != live.prompt_version(role) or live.lock.locked():
            return await self.service.current(live.id)
        return live

    async def pick_group(
        self, interaction: discord.Interaction[Any], match_id: int, version: int, number: int
    ) -> None:
        """The first step of a long list ("Place Frodo…"): show that group's choices."""
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(msg("You are not playing in match #{match}.", match=match_id))
            live = await self.as_clicked(live, role, version)
            state = live.state or {}
            lang = await self.locale_of(interaction)
            choices = [c for c in self.service.choices(live, role, lang) if c.action.args]

            def label(action: Action) -> str:
                return live.ruleset.describe_group(state, role, action.verb, action.args[0], lang)

            found = groups(choices, label)
            if version != live.prompt_version(role):
                raise await self.service.stale(live, role, version)
            if not 0 <= number < len(found):
                raise StaleAction(STALE)
            group = found[number]
            if len(group.choices) == 1:
                await self.pick(interaction, match_id, version, group.choices[0].index)
                return
            locale = await self.locale_of(interaction)
            await interaction.followup.send(
                f"**{group.label}**", view=group_view(live.id, version, group, locale), ephemeral=True
            )

    async def act_typed(
        self, interaction: discord.Interaction[Any], live: LiveMatch, text: str, *, confirm: bool
    ) -> None:
        """A typed action: made at once, unless ``confirm`` asks for one more click first."""
        async with self.friendly(interaction):
            if confirm:
                await self.defer(interaction)
                role = live.role_of(interaction.user.id)
                if role is None:
                    raise ServiceError(msg("You are not playing in match #{match}.", match=live.id))
                assert live.game is not None
                action = live.game.check(role, text)
                lang = await self.locale_of(interaction)
                choices = self.service.choices(live, role, lang)
                amount = next((a for a in live.prompt(role).amounts if a.admits(action)), None)
                listed = next(
                    c
                    for c in choices
                    if c.action == action or (amount is not None and amount.admits(c.action))
                )
                count = int(action.args[-1]) if listed.action != action else None
                if await self.service.would_be_final(live.id, interaction.user.id, action):
                    label = live.ruleset.describe(live.state or {}, role, action, lang)
                    effect = f"\n{listed.effect}" if listed.effect else ""
                    locale = lang
                    go_ahead = t(lang, "This cannot be taken back. Go ahead?")
                    await interaction.followup.send(
                        f"**{label}**{effect}\n{go_ahead}",
                        view=confirm_view(live.id, live.prompt_version(role), listed.index, count, locale),
                        ephemeral=True,
                    )
                    return
            await self.act(interaction, live, text, typed=True)

    async def cancelled(self, interaction: discord.Interaction[Any]) -> None:
        """**Cancel** closes its own confirmation: an ephemeral message only its user sees.

        A forged click on any other message (a lobby's living status, a board post) must not
        edit it: it is refused and the message stays as it is.
        """
        async with self.friendly(interaction):
            message = interaction.message
            if message is None or not message.flags.ephemeral:
                raise ServiceError(msg("There is nothing to cancel here."))
            said = t(await self.locale_of(interaction), "Cancelled: nothing was done.")
            await interaction.response.edit_message(content=said, view=None)

    async def undo(
        self, interaction: discord.Interaction[Any], match_id: int, *, expected_prompt: int | None = None
    ) -> None:
        async with self.friendly(interaction):
            await self.defer(interaction)
            live = await self.service.get(match_id)
            role = live.role_of(interaction.user.id)
            if (
                expected_prompt is not None
                and role is not None
                and expected_prompt != live.prompt_version(role)
            ):
                raise await self.service.stale(live, role, expected_prompt)
            result = await self.service.undo(
                match_id,
                interaction.user.id,
                interaction_id=str(interaction.id),
                expected_prompt=expected_prompt,
            )
            await self._after(interaction, result)

    async def resign(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """Resigning asks first: one more click ends the match."""
        async with self.friendly(interaction):
            role = live.role_of(interaction.user.id)
            if role is None:
                raise ServiceError(msg("You are not playing in match #{match}.", match=live.id))
            if live.state is None or live.state.get("result") is not None or live.record.status != "active":
                raise ServiceError(msg("Match #{match} is not being played.", match=live.id))
            await self.defer(interaction)
            locale = await self.locale_of(interaction)
            winners = await self.service.winners_if_resigned(live.id, interaction.user.id)
            if winners is None:
                question = t(
                    locale,
                    "Resign match #{match}? You leave the game and the others play on without you. "
                    "This cannot be taken back.",
                    match=live.id,
                )
                note = self.leaving_note(live, interaction.user.id)
                if note is not None:
                    question += " " + note.render(locale)
            elif winners:
                names = capitalized(join(locale, (live.ruleset.role_name(r, locale) for r in winners)))
                question = t(
                    locale,
                    "Resign match #{match}? {winners} will win. This cannot be taken back.",
                    match=live.id,
                    winners=names,
                )
            else:
                question = t(
                    locale,
                    "Resign match #{match}? Nobody will win. This cannot be taken back.",
                    match=live.id,
                )
            await interaction.followup.send(
                question,
                view=resign_view(live.id, texts.public_step(live), locale),
                ephemeral=True,
            )

    def leaving_note(self, live: LiveMatch, user_id: int) -> Msg | None:
        """What more a player who leaves a match that goes on is told (zombie mode's vote)."""
        return None

    async def resign_confirmed(self, interaction: discord.Interaction[Any], match_id: int, step: int) -> None:
        async with self.friendly(interaction):
            await freeze(interaction)
            result = await self.service.resign(
                match_id, interaction.user.id, interaction_id=str(interaction.id), expected_step=step
            )
            await self._after(interaction, result)
            await self._close_one_shot(interaction, t(await self.locale_of(interaction), "You resigned."))

    async def _after(self, interaction: discord.Interaction[Any], result: ActResult) -> None:
        """Post publicly and DM the others (all after the commit), then answer the actor.

        The actor's answer comes last, so when it arrives the thread is already up to date.
        """
        live = result.match
        locale = await self.locale_of(interaction)
        if result.duplicate:
            said = t(locale, "Already done: `{action}`.", action=result.action)
            await interaction.followup.send(said, ephemeral=True)
            return
        await self.deliver_committed(self.delivery.after_entry(result))
        if result.kind == "act":
            done = f"✅ {result.label_in(locale)}"
        elif result.kind == "undo":
            done = t(locale, "↩️ Your last move was taken back.")
        else:
            done = t(locale, "🏳️ You resigned.")
        going_on = not result.finished and result.role in live.active_roles()
        payload: dict[str, Any] | None = None
        try:  # committed: a busy database now must not answer that nothing was changed
            place = going_on and await self.delivery.has_private_place(live, result.role)
            said = post_plan.answer(going_on=going_on, private_place=place)
            if said == post_plan.Answer.CHOICES:
                # No DM to keep up to date (closed DMs): the next choices come with the answer.
                payload = await self.delivery.private_payload(live, result.role, locale=locale)
        except Exception as exc:
            log_failure(log, "the choices after a committed entry could not be read", exc)
            said = post_plan.answer(going_on=going_on, private_place=True)  # (points to `/hand`)
        if payload is not None:
            payload["content"] = texts.clip(f"{done}\n{payload.get('content', '')}")
            await interaction.followup.send(ephemeral=True, **payload)
        elif said == post_plan.Answer.ACTED:
            text = texts.acted_text(done, pressed_in_dm=interaction.guild_id is None, locale=locale)
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(done, ephemeral=True)
