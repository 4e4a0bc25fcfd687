"""Outgoing messages: match threads, prompts, public boards and private DMs.

Called only after the storage commit. A failure to post (a deleted thread, a closed DM) is
logged and reported where useful, and never stops the game or reaches the player as an error.

Every entry is told at least once, and a re-send is stored once: a thread post is recorded as
soon as Discord has it, before anything else is done, and carries the entry's nonce
(``discord_send.entry_nonce``), so the catch-up after a crash gets the same message back instead of
a second one. DM prompts are owed before anything is sent (``Store.owe_dms``) and paid when
delivered; the announcer and the start-up catch-up send what is still owed. A closed DM is not
owed: the thread mention and ``/hand`` stand in for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp
import discord

from games.computer_players import supports
from games.core import Event, project

from . import discord_send, post_plan, rendering, texts
from .catch_up import Announcer
from .choices import count_shortcuts
from .clock import CLOCK
from .computers.identity import computer_name, is_computer
from .discord_send import DM_CLOSED
from .i18n import SOURCE, Msg, best, match_locale, msg, t
from .menus import private_view
from .picture_cache import PictureCache
from .service import ActResult, LiveMatch, MatchService
from .settings import Notice, SettingsService
from .storage import ACTIVE, FINISHED, LOBBY, MessageRecord
from .ui import hand_view, lobby_view, prompt_view, rematch_view

log = logging.getLogger(__name__)

#: How long the bot leaves a player's closed DMs alone before trying once more.
DM_RETRY_AFTER = timedelta(hours=6)


def _told_in(live: LiveMatch) -> str:
    """The language of ``live``'s public posts and their buttons (the match's)."""
    return match_locale(live.record.language)


def moved_on(thread_id: int | None, *, newest_below: bool) -> Msg:
    """The note on a retired DM prompt: a newer one is below, or the game no longer waits for
    the player (he gets a new message when it does)."""
    if newest_below:
        if thread_id:
            return msg(
                "↪ Play moved on in <#{thread}>: your newest prompt is below (or use `/hand`).",
                thread=thread_id,
            )
        return msg("↪ Play moved on: your newest prompt is below (or use `/hand`).")
    if thread_id:
        return msg(
            "↪ Play moved on in <#{thread}>: you will get a new message when the game needs you "
            "(or use `/hand`).",
            thread=thread_id,
        )
    return msg("↪ Play moved on: you will get a new message when the game needs you (or use `/hand`).")


#: Messages that mention players without pinging anyone (status edits, results).
NO_PINGS = discord.AllowedMentions.none()
#: Failures below HTTP (connection reset, timeout) that discord.py lets through after retrying.
NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
#: Since always: a DM failure recorded at any time (and not cleared by a DM that went through).
EVER = datetime.min.replace(tzinfo=UTC)


@dataclass(slots=True)
class NewestPost:
    """The newest post of a match thread: a step worth seeing (this process's memory of it,
    lost at a restart, when the next step simply posts anew).

    Its last line, what the game waits for, is kept true by edits when a step posts nothing.
    It tells one round of play: while its exchange continues (a battle waiting for its secret
    cards) or until a player who already acted in it acts again, a step worth seeing rewrites
    it (its text from action ``since`` on, and the board) instead of posting again.
    """

    message: discord.Message
    #: The post's text above its last line.
    body: str
    #: The first action its text tells.
    since: int
    #: The roles whose steps it tells.
    actors: set[str]
    #: The exchange (:meth:`Ruleset.exchange`) under way since its last step, if any.
    exchange: str | None
    #: Its last line as it stands.
    tail: str
    #: Whether it carries the board (a post of steps that changed nothing on it has none, until
    #: a step that does is told in it).
    board: bool = True
    #: The board picture it carries (its bytes' digest), so that an edit of its last line
    #: alone never uploads the same picture again.
    picture: bytes | None = None
    #: The cards its picture of cards face up shows, and that picture as Discord holds it: kept
    #: by an edit while they do not change (no new drawing, no new upload).
    cards: tuple[str, ...] = ()
    cards_picture: discord.Attachment | None = None

    def remember_cards(self, message: Any, cards: tuple[str, ...]) -> None:
        """``message`` (this post, as sent or edited) shows ``cards`` face up."""
        held = getattr(message, "attachments", None) or ()
        self.cards_picture = next((a for a in held if "-cards-" in a.filename), None)
        self.cards = cards if self.cards_picture is not None else ()


def files(*found: discord.File | discord.Attachment | None) -> list[discord.File | discord.Attachment] | None:
    """The pictures of a message, in order, leaving out those not drawn (``None`` if none): new
    files, or attachments the message carries already (an edit keeps them as they are)."""
    return [f for f in found if f is not None] or None


def digest(board: discord.File | None) -> bytes | None:
    """A picture's fingerprint, taken before it is sent (sending consumes its bytes)."""
    held = getattr(board, "fp", None)  # (None for a picture not drawn here, as tests stand in)
    if not isinstance(held, io.BytesIO):
        return None
    return hashlib.sha256(held.getvalue()).digest()


def attach(*found: discord.File | None) -> dict[str, Any]:
    """A new message's pictures as ``send`` takes them: ``file`` for one (a board alone, as
    always), ``files`` for several (a board and cards), nothing for none."""
    drawn = files(*found) or []
    return {"file": drawn[0]} if len(drawn) == 1 else {"files": drawn} if drawn else {}


def attached(payload: dict[str, Any]) -> list[discord.File | discord.Attachment]:
    """The pictures of a payload made with :func:`attach` (to edit a message with them)."""
    return files(payload.get("file"), *(payload.get("files") or ())) or []


def card_file(game: str, cards: Sequence[str], png: bytes, name: str, lang: str = "en") -> discord.File:
    """The picture ``png`` of ``game``'s ``cards`` as a file named ``name``, described in ``lang``."""
    description = texts.describe_cards(game, cards, lang) or None
    return discord.File(io.BytesIO(png), filename=name, description=description)


def live_seq(live: LiveMatch) -> int:
    """The match's action count now (its state's ``seq``)."""
    return int((live.state or {}).get("seq", 0))


class Delivery:
    """Posts what players and spectators should see, through a connected Discord client."""

    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        announcer: Announcer | None = None,
        settings: SettingsService | None = None,
    ) -> None:
        self.client = client
        self.service = service
        #: Players' settings: how (and when) each wants to be pinged.
        self.settings = settings or SettingsService(service.store)
        #: Catches up what could not be posted; deliveries that announce entries hold their match.
        self.announcer = announcer
        self._users: dict[int, discord.User] = {}
        #: What each lobby message shows now (status, text), so that it is edited only on a change.
        self._lobbies: dict[int, tuple[str, str]] = {}
        #: The bare "waiting" post of each match, deleted when the next post supersedes it.
        self._bare: dict[int, discord.Message] = {}
        #: The newest post of each match thread, kept up to date (see :class:`NewestPost`).
        self._newest: dict[int, NewestPost] = {}
        #: Per match, the first action the thread has not been told of yet (a step worth seeing
        #: whose post Discord refused is told by the next post). Unknown after a restart: a
        #: post then tells its own entry.
        self._untold: dict[int, int] = {}
        #: match -> the thread post this process recorded last (another process may post since).
        self._recorded: dict[int, int] = {}
        #: match -> roles the catch-up owes a DM that must not notify (they acted in the entries
        #: it tells and still act: the game was waiting for them already).
        self._owed_quietly: dict[int, set[str]] = {}
        #: Per (match, role): the DM prompt's id, the hand its picture shows and that picture as
        #: Discord holds it, kept when the prompt is rewritten with the same hand (no new upload).
        self._dm_hands: dict[tuple[int, str], tuple[int, tuple[str, ...], str, discord.Attachment]] = {}
        #: Per (match, role): the PNG of the hand last drawn, by the cards it shows, so that a new
        #: DM prompt (or ``/hand``) with the same hand does not draw it again.
        self._hand_pngs = PictureCache()
        #: Called once a match has ended and its end is posted (leagues record results).
        self.on_finished: list[Callable[[LiveMatch], Awaitable[None]]] = []
        #: Called once the table has been told a match's newest entries (its start, an entry,
        #: a catch-up): the computer players look whether it is their turn.
        self.on_told: list[Callable[[LiveMatch], None]] = []
        self._nonce_key: str | None = None

    def _held(self, match_id: int) -> Any:
        """While a delivery posts an entry, the announcer leaves its match alone (and is nudged
        when a post is given up)."""
        return contextlib.nullcontext() if self.announcer is None else self.announcer.delivering(match_id)

    async def entry_nonce(self, live: LiveMatch, purpose: str) -> int:
        """The nonce of what announces ``live``'s current entry (``purpose``: ``post``, or
        ``dm:<role>:<user>``): the same after a restart, so that Discord stores a re-send once."""
        if self._nonce_key is None:
            self._nonce_key = await self.service.store.nonce_key()
        return discord_send.entry_nonce(self._nonce_key, live.id, live.record.version, purpose)

    # -- plumbing -----------------------------------------------------------------
    async def channel(self, channel_id: int | None) -> Any | None:
        """A channel or thread we can post to, from the cache or the API (``None`` if gone)."""
        if channel_id is None:
            return None
        found = self.client.get_channel(channel_id)
        if found is not None:
            return found
        try:
            return await self.client.fetch_channel(channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s is not reachable: %s", channel_id, exc.status)
            return None

    async def image(
        self, view: dict[str, Any], name: str, *, layout: str = "compact", zoom: str | None = None
    ) -> discord.File | None:
        """The picture of ``view`` with its description for screen readers, drawn in a worker
        process (``bot.rendering``) so that the event loop never waits for Pillow; ``zoom``: a
        place of the board shown up close instead."""
        options: dict[str, Any] = {"layout": layout}
        if zoom is not None:
            options["zoom"] = zoom
        png = await rendering.render_png(view, **options)
        if png is None:
            return None
        return discord.File(io.BytesIO(png), filename=name, description=texts.describe(view) or None)

    async def cards_image(self, live: LiveMatch, cards: Sequence[str]) -> discord.File | None:
        """The picture of ``cards`` shown to all, drawn in a worker; ``None`` without cards or
        when the game draws none."""
        return await self.card_picture(
            live.record.game, cards, texts.cards_image_name(live, None), _told_in(live)
        )

    async def hand_image(self, live: LiveMatch, role: str, lang: str = "en") -> discord.File | None:
        """The picture of ``role``'s hand in his ``lang``, drawn only when it shows other cards
        (or another language) than the one last drawn for him (``None`` without cards or when
        the game draws none)."""
        game, cards = live.record.game, tuple(live.ruleset.hand(live.state or {}, role))
        if not cards:
            return None
        png = self._hand_pngs.get((live.id, role), (cards, lang))
        if png is None:
            png = await rendering.render_cards_png(game, list(cards), lang)
            if png is None:
                return None
            self._hand_pngs.put((live.id, role), (cards, lang), png)
        return card_file(game, cards, png, texts.cards_image_name(live, role), lang)

    @staticmethod
    async def card_picture(
        game: str, cards: Sequence[str], name: str, lang: str = "en"
    ) -> discord.File | None:
        """``game``'s ``cards`` side by side in one picture with its description in ``lang``,
        drawn in a worker; ``None`` without cards or when the game draws none."""
        if not cards:
            return None
        png = await rendering.render_cards_png(game, list(cards), lang)
        return None if png is None else card_file(game, cards, png, name, lang)

    @staticmethod
    def shown_card_names(live: LiveMatch, since: int | None, events: Sequence[Event] = ()) -> tuple[str, ...]:
        """The cards a public post shows face up: those its events put face up (``since``: the
        post tells every action from that one on, else it tells ``events``)."""
        told = events if since is None else texts.told_events(live, since)
        return tuple(live.ruleset.shown_cards([project(e, None) for e in told]))

    async def shown_cards(
        self, live: LiveMatch, since: int | None, events: Sequence[Event] = ()
    ) -> discord.File | None:
        """The picture of the cards a public post shows face up (see :meth:`shown_card_names`)."""
        return await self.cards_image(live, self.shown_card_names(live, since, events))

    async def shown_in(
        self, newest: NewestPost, live: LiveMatch, cards: tuple[str, ...]
    ) -> discord.File | discord.Attachment | None:
        """The picture of ``cards`` for an edit of the newest post: the one it carries when
        they are the cards it shows already (kept, not drawn or uploaded again)."""
        if cards and cards == newest.cards and newest.cards_picture is not None:
            return newest.cards_picture
        return await self.cards_image(live, cards)

    async def public_board(self, live: LiveMatch) -> discord.File | None:
        """The public board of the match as it stands now. Its view and its name are taken
        together, before anything is awaited: a later entry may change the state meanwhile,
        and a board must never carry the step number of another position."""
        lang = _told_in(live)
        view, name = live.ruleset.view(live.state or {}, None, lang), texts.image_name(live, None)
        return await self.image(await self.named(live, view, lang), name)

    async def post(self, channel_id: int | None, **kwargs: Any) -> discord.Message | None:
        target = await self.channel(channel_id)
        if target is None:
            return None
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            return await self._send(target, kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s: %s %s", channel_id, exc.status, exc.code)
            return None
        except NETWORK_ERRORS as exc:
            log.warning("could not post in channel %s: %s", channel_id, type(exc).__name__)
            return None

    @staticmethod
    async def _send(target: Any, kwargs: dict[str, Any]) -> discord.Message:
        """``target.send`` with retries of transient failures (``bot.discord_send``); if only the image
        was refused (no *Attach Files*), the text alone. Gives up with ``PostFailed``."""
        return await discord_send.send(target, **kwargs)

    async def post_match(self, live: LiveMatch, **kwargs: Any) -> discord.Message | None:
        """Post in the match thread; if the thread was deleted, go on in a new one.

        Without a thread (none could be opened) the match plays in its channel.
        """
        self._newest.pop(live.id, None)  # another post follows it: it is not the newest any more
        thread_id = live.record.thread_id
        if thread_id is None:
            return await self.post(live.record.channel_id, **kwargs)
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        target = await self.channel(thread_id)
        if target is not None:
            try:
                message = await self._send(target, kwargs)
            except discord.NotFound:
                pass  # deleted (the cache had not heard yet)
            except discord.HTTPException as exc:
                log.warning("could not post in the thread of match %s: %s %s", live.id, exc.status, exc.code)
                return None
            else:
                return message
        log.warning("the thread of match %s is gone; opening a new one", live.id)
        await self.open_thread(live, from_lobby=False)
        if live.record.thread_id != thread_id:
            await self.refresh_lobby(live)  # its "started in #thread" link points to the new one
        for file in [kwargs.get("file"), *(kwargs.get("files") or ())]:
            if isinstance(file, discord.File):
                file.reset()
        where = live.record.thread_id if live.record.thread_id != thread_id else live.record.channel_id
        note = t(_told_in(live), "🧵 The previous thread of this match is gone; the match goes on here.")
        kwargs["content"] = texts.clip(f"{note}\n{kwargs.get('content') or ''}".strip())
        return await self.post(where, **kwargs)

    # -- lobby (the living status) and start -------------------------------------------
    async def refresh_lobby(self, live: LiveMatch) -> None:
        """Rewrite the lobby message: seats, then the match's living status (what it waits for,
        edited after every move, never re-posted) and the result. Join only while open."""
        record = live.record
        if record.lobby_message_id is None:
            return
        target = await self.channel(record.channel_id)
        if target is None or not hasattr(target, "get_partial_message"):
            return
        if record.status == LOBBY:
            view: Any = lobby_view(
                live.id,
                computer=supports(record.game),
                computers=[s.user_id for s in live.seats if is_computer(s.user_id)],
                locale=_told_in(live),
            )
        elif record.status == ACTIVE:
            view = hand_view(live.id, _told_in(live))
        else:
            view = None
        content = texts.lobby_text(live)
        shown = (record.status, content)
        if self._lobbies.get(live.id) == shown:
            return  # unchanged: an edit would only tell that something hidden happened
        try:
            await target.get_partial_message(record.lobby_message_id).edit(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
            self._lobbies[live.id] = shown
        except discord.HTTPException as exc:
            log.warning("could not edit the lobby of match %s: %s", live.id, exc.status)

    async def user(self, user_id: int) -> discord.User:
        """A user from the cache, else fetched once (``discord.HTTPException`` if unknown)."""
        found = self.client.get_user(user_id) or self._users.get(user_id)
        if found is None:
            found = self._users[user_id] = await self.client.fetch_user(user_id)
        return found

    async def display_name(self, user_id: int, fallback: str, locale: str = SOURCE) -> str:
        """A user's display name (``fallback`` when Discord does not know him); a computer's
        name in ``locale``."""
        if is_computer(user_id):
            return computer_name(user_id, locale)
        try:
            return (await self.user(user_id)).display_name
        except discord.HTTPException:
            return fallback

    async def display_names(self, live: LiveMatch) -> list[tuple[str | None, str]]:
        """``(role, display name)`` of every seat, in seat order (users fetched once)."""
        locale = _told_in(live)  # thread names, boards' legends: public
        return [
            (
                seat.role,
                await self.display_name(
                    seat.user_id, t(locale, "player {number}", number=seat.seat + 1), locale
                ),
            )
            for seat in live.seats
        ]

    async def named(self, live: LiveMatch, view: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
        """``view`` with the players' display names by role (public: who sits where), for the
        legend of a board that shows more than two players, and the language of the words the
        picture draws (``lang``: the reader's; by default the match's, for a public picture)."""
        names = {role: name for role, name in await self.display_names(live) if role}
        return {**view, "names": names, "lang": lang or match_locale(live.record.language)}

    async def thread_name(self, live: LiveMatch) -> str:
        """``'The Confrontation #12: alice vs bob'`` (Discord allows 100 characters), in the
        match's language (the game's title stays as published)."""
        names = [name for _, name in await self.display_names(live)]
        short = live.ruleset.title.removeprefix("The Lord of the Rings: ")
        locale = _told_in(live)
        players = texts.versus(names, locale)
        return texts.clip_line(
            t(locale, "{game} #{match}: {players}", game=short, match=live.id, players=players), 100
        )

    async def open_thread(self, live: LiveMatch, *, from_lobby: bool = True) -> None:
        """A public thread (from the lobby message, if ``from_lobby``) in the match's channel.

        If that fails, the match plays in the channel.
        """
        record = live.record
        target = await self.channel(record.channel_id)
        name = await self.thread_name(live)
        thread: Any = None
        try:
            if (
                from_lobby
                and target is not None
                and record.lobby_message_id is not None
                and hasattr(target, "get_partial_message")
            ):
                thread = await target.get_partial_message(record.lobby_message_id).create_thread(name=name)
            elif isinstance(target, discord.TextChannel):
                thread = await target.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException as exc:
            log.warning("could not open a thread for match %s: %s %s", live.id, exc.status, exc.code)
        if thread is not None:
            await self.service.attach_thread(live.id, thread.id)

    async def announce_start(self, live: LiveMatch) -> None:
        """Tell a match's start (its process does this after answering the player who started
        it). If another process's catch-up told it meanwhile, only what is behind is caught up:
        the start told again at a newer version would be a second post (its nonce is new)."""
        async with self._held(live.id):
            told = await self.service.store.get_message(live.id, "prompt")
            if post_plan.start_untold(None if told is None else told.version):
                await self._announce_start(live)
            else:
                live = await self.service.get(live.id)
                await self._catch_up(live)
        self.told(live)

    async def _announce_start(self, live: LiveMatch) -> None:
        if live.record.thread_id is None:  # (opened, and the process died before the post)
            await self.open_thread(live)
        await self.refresh_lobby(live)
        state = live.state or {}
        todo = post_plan.start(live.roles, live.active_roles())
        await self.service.store.owe_dms(live.id, todo.owed, live.record.version)
        # The start is told in the thread (every player who takes pings is mentioned), so the
        # first private prompts come silently: notified once.
        message = await self.post_match(
            live,
            content=texts.start_text(live),
            file=await self.public_board(live),
            view=prompt_view(live.id, texts.public_step(live), _told_in(live)) if todo.take_turn else None,
            allowed_mentions=await self.everyone(live),
            nonce=await self.entry_nonce(live, "post"),
        )
        await self._remember_prompt(live, message)
        self._newest.pop(live.id, None)  # its waiting line sits mid-text: never edited
        self._untold[live.id] = int(state.get("seq", 0))
        for role, place in todo.private:
            await self._carry_out(live, role, place)

    # -- after each accepted entry ----------------------------------------------------
    async def after_entry(self, result: ActResult) -> None:
        """One post for a step worth seeing (none for a hidden one), the living status edited,
        a mention only for a player the game starts waiting for, DMs for new private prompts.
        A post Discord keeps refusing leaves the entry "not announced": the announcer tells it
        later, exactly once.
        """
        if result.duplicate:
            return
        async with self._held(result.match.id):
            await self._after_entry(result)
        self.told(result.match)

    def told(self, live: LiveMatch) -> None:
        """The table knows ``live``'s newest entries: tell whoever waits for that."""
        for listener in self.on_told:
            listener(live)

    async def _after_entry(self, result: ActResult) -> None:
        live = result.match
        state = live.state or {}
        entry = self.entry_facts(result)
        # Each newly awaited player is told once: by his DM prompt where it reaches him, else
        # (or as he chose) by a mention in the thread (``/settings ping``).
        notices = await self.notices(live, post_plan.waits_for(entry))
        previous = await self.service.store.get_message(live.id, "prompt")
        if self.service.store.shared and not self._told_here_last(live.id, previous):
            # Another bot process posted in the thread since: this one's memory of the newest
            # post (and of what it told) is out of date, so this entry posts anew.
            self._newest.pop(live.id, None)
            self._untold.pop(live.id, None)
        untold = self._untold.get(live.id)
        newest = self._newest.get(live.id)
        todo = post_plan.plan(entry, newest, {r for r, notice in notices.items() if notice.mention})
        awaited, mentioned = list(todo.awaited), list(todo.mentioned)
        exchange = None if result.finished else live.ruleset.exchange(state)
        # The DMs this entry sends (or edits: the actor's prompt that follows him) are owed
        # before anything is posted: once the thread post is recorded, the catch-up no longer
        # looks at this entry, and owed DMs are what it sends.
        await self.service.store.owe_dms(live.id, todo.owed, live.record.version)
        message: discord.Message | None = None
        edited = False
        told: int | None = None  # the state's seq when the words posted (or edited) were taken
        if todo.thread == post_plan.Thread.FINAL:
            final = await self.image(
                await self.named(live, live.ruleset.final_reveal(state, _told_in(live))),
                texts.image_name(live, "final"),
            )
            message = await self.post_match(
                live,
                content=texts.public_update(result, (), untold),
                **attach(final, await self.shown_cards(live, untold, result.events)),
                view=rematch_view(live.id, _told_in(live)),
                allowed_mentions=await self.everyone(live),
                nonce=await self.entry_nonce(live, "post"),
            )
        elif todo.thread == post_plan.Thread.EDIT:
            assert newest is not None
            told = await self._edit_newest(live, newest, result.role, exchange)
            edited = told is not None
        if (
            todo.thread in (post_plan.Thread.EDIT, post_plan.Thread.POST, post_plan.Thread.BARE)
            and not edited
        ):
            drawn = False
            if entry.visible:  # a new post, or the edit Discord refused
                # (Words and seq read together: a later entry may move the state on meanwhile.)
                content, told = texts.public_update(result, awaited, untold), live_seq(live)
                news = result.events if untold is None else texts.told_events(live, untold)
                drawn = texts.shows_board(live.ruleset, news)
            else:  # a bare "waiting" line to mention a player no DM reaches, with the small steps
                quiet = texts.quiet_lines(live.ruleset, result.events, match_locale(live.record.language))
                content = texts.clip("\n".join([*quiet, texts.turn_text(live, awaited)]))
            board = await self.public_board(live) if drawn else None
            picture = digest(board)
            cards = self.shown_card_names(live, untold, result.events) if entry.visible else ()
            shown = await self.cards_image(live, cards)
            message = await self.post_match(
                live,
                content=content,
                **attach(board, shown),
                view=prompt_view(live.id, texts.public_step(live), _told_in(live)) if entry.active else None,
                allowed_mentions=self.mentioning(live, mentioned),
                nonce=await self.entry_nonce(live, "post"),
            )
            if message is not None and entry.visible:
                body = content.rpartition("\n\n")[0]
                since = result.seq_before if untold is None else untold
                self._newest[live.id] = NewestPost(
                    message, body, since, {result.role}, exchange, texts.turn_text(live, ()), drawn, picture
                )
                self._newest[live.id].remember_cards(message, cards)
        if message is not None:
            await self._remember_prompt(live, message)  # first: from here on it is never re-sent
            await self._retire_prompt(live, previous)
            await self._drop_bare_post(live, message, bare=post_plan.keeps_bare_line(todo))
        elif edited:
            await self._remember_prompt(live, newest.message if newest is not None else None)
        else:
            instead = post_plan.quiet_step(entry, newest)
            if instead == post_plan.Quiet.RETELL and newest is not None:
                await self._retell_taken_back(live, newest, result)
            elif instead == post_plan.Quiet.MARK_TAKEN_BACK:
                await self._mark_taken_back(live, result)
            elif instead == post_plan.Quiet.TAIL and newest is not None:
                if exchange != newest.exchange:
                    newest.exchange = None  # over (or another began): the next news posts anew
                await self._update_tail(live, newest)
            await self._mark_announced(live)
        if told is not None and (edited or (message is not None and entry.visible)):
            # Told now (a bare line tells nothing worth keeping: it is deleted when superseded).
            self._untold[live.id] = told
        await self.refresh_lobby(live)
        if result.finished:
            self._newest.pop(live.id, None)
            self._untold.pop(live.id, None)
            self._recorded.pop(live.id, None)
            for role in live.roles:
                self._hand_pngs.forget((live.id, role))
        for role, place in todo.private:
            await self._carry_out(live, role, place)
        if result.finished:
            for hook in self.on_finished:
                await hook(live)

    async def _carry_out(self, live: LiveMatch, role: str, place: post_plan.Private) -> None:
        """Do what the plan says ``role``'s private place (his DM prompt) gets."""
        if place == post_plan.Private.CLOSE:
            await self.retire_dm(live, role, msg("🏁 The match is over: see the thread for the result."))
        elif place == post_plan.Private.UPDATE_OR_SEND:
            if not await self.update_dm(live, role):
                await self.dm(live, role)
        elif place == post_plan.Private.SEND:
            await self.dm(live, role)
        elif place == post_plan.Private.SEND_QUIETLY:
            await self.dm(live, role, loud=False)
        elif place == post_plan.Private.UPDATE:
            await self.update_dm(live, role, settle=True)
        else:
            await self.retire_dm(live, role, moved_on(live.record.thread_id, newest_below=False))

    def _told_here_last(self, match_id: int, recorded: MessageRecord | None) -> bool:
        """Whether the thread post recorded for a match is the one this process recorded last
        (several bot processes post in one thread)."""
        return self._recorded.get(match_id) == (None if recorded is None else recorded.message_id)

    @staticmethod
    def entry_facts(result: ActResult) -> post_plan.Entry:
        """What ``result`` did, as :mod:`bot.post_plan` reads it."""
        live = result.match
        active = live.active_roles()
        notify = result.roles_to_notify()
        return post_plan.Entry(
            actor=result.role,
            finished=result.finished,
            roles=live.roles,
            active=active,
            notify=notify,
            stale=result.stale_roles,
            pinged=frozenset(r for r in notify if r in active and live.prompt(r).ping),
            visible=bool(texts.visible_events(live.ruleset, result.events)),
            took_back=bool(result.took_back),
        )

    async def _edit_newest(
        self, live: LiveMatch, newest: NewestPost, actor: str, exchange: str | None
    ) -> int | None:
        """The round or the exchange of the newest post goes on (:func:`continues`): that post
        is rewritten with everything since it began and the board now, instead of a new post.
        Returns the state's seq its words were taken at, ``None`` if it could not be edited (the
        caller posts anew)."""
        lines, seq = texts.told_lines(live, newest.since), live_seq(live)
        tail = texts.turn_text(live, ())
        drawn = newest.board or texts.shows_board(live.ruleset, texts.told_events(live, newest.since))
        cards = self.shown_card_names(live, newest.since)
        shown = await self.shown_in(newest, live, cards)
        changes: dict[str, Any] = {
            "content": texts.clip("\n".join([*lines, "", tail]).strip()),
            "view": prompt_view(live.id, texts.public_step(live), _told_in(live))
            if live.active_roles()
            else None,
            "allowed_mentions": NO_PINGS,
        }
        picture = newest.picture
        if drawn or shown:  # (a post of skipped dice alone stays without a board)
            board = await self.public_board(live) if drawn else None
            picture = digest(board)
            changes["attachments"] = files(board, shown) or []
        try:
            edited = await newest.message.edit(**changes)
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.info(
                "could not edit the exchange post of match %s (%s): posting anew", live.id, type(exc).__name__
            )
            self._newest.pop(live.id, None)
            return None
        if "attachments" in changes:
            newest.remember_cards(edited, cards)
        newest.body, newest.exchange, newest.tail = "\n".join(lines), exchange, tail
        newest.board, newest.picture = drawn, picture
        newest.actors.add(actor)
        return seq

    async def _retell_taken_back(self, live: LiveMatch, newest: NewestPost, result: ActResult) -> None:
        """An undo took back a step the newest post told: it is rewritten from the log, which
        no longer holds that step, with a note and the board as it stands again."""
        who = live.ruleset.role_title(result.role, _told_in(live))
        back = t(_told_in(live), "↩ *{side} took this step back.*", side=who)
        lines = [*texts.told_lines(live, newest.since), back]
        board = await self.public_board(live)
        picture = digest(board)
        cards = self.shown_card_names(live, newest.since)
        shown = await self.shown_in(newest, live, cards)
        tail = texts.turn_text(live, ())
        try:
            edited = await newest.message.edit(
                content=texts.clip("\n".join([*lines, "", tail]).strip()),
                attachments=files(board, shown) or [],
                allowed_mentions=NO_PINGS,
            )
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.debug("could not mark a taken-back post of match %s: %s", live.id, type(exc).__name__)
            self._newest.pop(live.id, None)
            return
        newest.remember_cards(edited, cards)
        newest.body, newest.tail, newest.picture = "\n".join(lines), tail, picture
        self._bare.pop(live.id, None)

    async def _update_tail(self, live: LiveMatch, newest: NewestPost) -> None:
        """A step that posts nothing may still change what the game waits for (a secret card
        chosen: now the other side must choose): the newest post says so, in its last line and
        in its board's heading, redrawn from the public view (no new post, no ping)."""
        tail = texts.turn_text(live, ())
        if tail == newest.tail:
            return
        board = await self.public_board(live) if newest.board else None
        picture = digest(board)
        changes: dict[str, Any] = {
            "content": texts.with_tail(newest.body, live),
            "allowed_mentions": NO_PINGS,
        }
        cards = self.shown_card_names(live, newest.since)
        if board is not None and (picture is None or picture != newest.picture):  # (else: as drawn)
            changes["attachments"] = files(board, await self.shown_in(newest, live, cards))
        try:
            edited = await newest.message.edit(**changes)
        except (discord.HTTPException, *NETWORK_ERRORS) as exc:
            log.debug("could not update the newest post of match %s: %s", live.id, type(exc).__name__)
            return
        if "attachments" in changes:
            newest.remember_cards(edited, cards)
            newest.picture = picture
        newest.tail = tail

    async def notices(self, live: LiveMatch, roles: Sequence[str]) -> dict[str, Notice]:
        """How each of ``roles`` (with a player) is told that the game now waits for him."""
        now = self.service.clock.now()
        found: dict[str, Notice] = {}
        for role in roles:
            user_id = live.user_of(role)
            if user_id is None or is_computer(user_id):
                found[role] = Notice(mention=False, dm_pings=False)
                continue
            chosen = await self.settings.get(user_id)
            found[role] = chosen.notice(now, dm_reaches=await self.dm_reaches(live, user_id))
        return found

    async def dm_reaches(self, live: LiveMatch, user_id: int) -> bool:
        """Whether DMs reach this player, as far as the bot knows (no failure on record)."""
        return not await self.service.store.dm_failed_since(live.id, user_id, EVER)

    def mentioning(self, live: LiveMatch, roles: Sequence[str]) -> discord.AllowedMentions:
        """Mentions that ping the players of ``roles`` only."""
        return self.mentioning_users([u for r in roles if (u := live.user_of(r)) is not None])

    @staticmethod
    def mentioning_users(user_ids: Sequence[int]) -> discord.AllowedMentions:
        users = [discord.Object(u) for u in user_ids if not is_computer(u)]
        return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)

    async def everyone(self, live: LiveMatch) -> discord.AllowedMentions:
        """The start and the end of a match mention every player who takes pings now."""
        now = self.service.clock.now()
        users = []
        for role in live.roles:
            user_id = live.user_of(role)
            if user_id is None or is_computer(user_id):
                continue
            chosen = await self.settings.get(user_id)
            if chosen.ping != "quiet" and not chosen.in_quiet_hours(now):
                users.append(discord.Object(user_id))
        return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)

    async def pings(self, live: LiveMatch, roles: Sequence[str]) -> discord.AllowedMentions:
        """Of the players the game has just started waiting for, only those a thread mention
        must tell (no DM reaches them, or they asked for mentions) are pinged."""
        return self.mentioning(live, [r for r, n in (await self.notices(live, roles)).items() if n.mention])

    async def seat_changed(self, live: LiveMatch, role: str, old_user: int, new_user: int) -> None:
        """A seat was handed over: the old player's DM prompt is closed, the thread told, the
        new player added to the thread and sent his private view at once (owed to him since the
        handover's commit: the announcer leaves the match to this delivery meanwhile)."""
        async with self._held(live.id):
            await self._seat_changed(live, role, old_user, new_user)

    async def _seat_changed(self, live: LiveMatch, role: str, old_user: int, new_user: int) -> None:
        title = live.ruleset.role_title(role)
        todo = post_plan.handover(role, new_user)
        note = msg("you handed {side} to someone else; this prompt is closed.", side=title)
        await self.retire_dm(live, role, note, reader=old_user)
        locale = _told_in(live)
        await self.post_match(
            live,
            content=t(
                locale,
                "♻️ {player} handed **{side}** to {other}.",
                player=texts.mention(old_user, locale),
                side=live.ruleset.role_title(role, locale),
                other=texts.mention(new_user, locale),
            ),
            allowed_mentions=self.mentioning_users(todo.mentioned),
        )
        await self.spectator_thread(live, new_user, joined=True)
        await self.rename_thread(live)
        await self.refresh_lobby(live)
        for seat, place in todo.private:
            await self._carry_out(live, seat, place)

    async def rename_thread(self, live: LiveMatch) -> None:
        """The match thread named anew after its seats (a seat handed to a person or a computer)."""
        thread = await self.channel(live.record.thread_id)
        if isinstance(thread, discord.Thread):
            try:
                await thread.edit(name=await self.thread_name(live))
            except discord.HTTPException as exc:
                log.info("could not rename the thread of match %s: %s", live.id, exc.status)

    async def spectator_thread(self, live: LiveMatch, user_id: int, *, joined: bool) -> None:
        """Add a spectator to the match thread (or take him off it)."""
        thread = await self.channel(live.record.thread_id)
        if thread is None or not isinstance(thread, discord.Thread):
            return
        try:
            if joined:
                await thread.add_user(discord.Object(user_id))
            else:
                await thread.remove_user(discord.Object(user_id))
        except discord.HTTPException as exc:
            log.info("could not change a spectator of match %s: %s", live.id, exc.status)

    async def catch_up(self, live: LiveMatch) -> None:
        """Announce what a crash or an outage left untold (at start-up and by the announcer)."""
        async with self._held(live.id):
            await self._catch_up(live)
        self.told(live)

    async def _catch_up(self, live: LiveMatch) -> None:
        record = live.record
        prompt = await self.service.store.get_message(live.id, "prompt")
        todo = post_plan.catch_up(
            active=record.status == ACTIVE,
            thread_opened=record.thread_id is not None,
            told=None if prompt is None else prompt.version,
            version=record.version,
        )
        if todo.thread == post_plan.Behind.START:
            await self._announce_start(live)
            return
        if todo.thread == post_plan.Behind.ENTRIES:
            await self._catch_up_thread(live, prompt)
        if todo.owed_dms and live.record.status == ACTIVE:  # (an entry meanwhile may end it)
            await self._send_owed_dms(live)

    async def _catch_up_thread(self, live: LiveMatch, prompt: MessageRecord | None) -> None:
        """Tell the thread the entries after the last one it was told (one post, or none if
        they were all hidden); the players whose prompts they changed are owed a DM."""
        record = live.record
        posted = prompt.version if prompt is not None else 0
        log.info("match %s: announcing entries %d..%d after a restart", live.id, posted + 1, record.version)
        state = live.state or {}
        since = await self.service.store.entry_seq(live.id, posted) or 0
        told = texts.told_events(live, since)
        finished = state.get("result") is not None
        lines = texts.public_lines(live.ruleset, told, match_locale(record.language))
        actors: set[str] = set()
        if not finished:
            entries = [await self.service.store.entry_at(live.id, i) for i in range(posted, record.version)]
            actors = {e.role for e in entries if e is not None}
        todo = post_plan.retell(
            post_plan.Untold(
                finished=finished,
                news=bool(lines),
                moved=texts.shows_board(live.ruleset, told),
                active=live.active_roles(),
                actors=frozenset(actors),
            )
        )
        if todo.owe_prompts:
            await self._owe_new_prompts(live)
            self._owed_quietly[live.id] = set(todo.quietly)
        if todo.thread == post_plan.Thread.NOTHING:
            await self._mark_announced(live)
            await self.refresh_lobby(live)
            return
        tail = texts.end_text(live) if finished else texts.turn_text(live)
        lang = _told_in(live)
        view = live.ruleset.final_reveal(state, lang) if finished else live.ruleset.view(state, None, lang)
        name = texts.image_name(live, "final" if finished else None)
        board = await self.image(await self.named(live, view), name) if todo.board else None
        message = await self.post_match(
            live,
            content=texts.clip("\n".join([*lines, "", tail]).strip()),
            **attach(board, await self.shown_cards(live, None, told)),
            view=rematch_view(live.id, _told_in(live))
            if finished
            else prompt_view(live.id, texts.public_step(live), _told_in(live)),
            allowed_mentions=(
                await self.everyone(live) if finished else await self.pings(live, todo.awaited)
            ),
            nonce=await self.entry_nonce(live, "post"),
        )
        if message is not None:
            await self._remember_prompt(live, message)
            await self._retire_prompt(live, prompt)
            self._untold[live.id] = int(state.get("seq", 0))
        await self.refresh_lobby(live)

    async def _owe_new_prompts(self, live: LiveMatch) -> None:
        """Owe a DM to every awaited player whose prompt is newer than his last DM (the entries
        the catch-up tells were never delivered: their DMs were never owed)."""
        delivered = await self.service.store.delivered_dms(live.id)
        roles = [r for r in sorted(live.active_roles()) if delivered.get(r, -1) < live.prompt_entry(r)]
        await self.service.store.owe_dms(live.id, roles, live.record.version)

    async def _send_owed_dms(self, live: LiveMatch) -> None:
        """Send the DM prompts still owed (a crash or an outage kept them from going out)."""
        quietly = self._owed_quietly.pop(live.id, set())
        owed = await self.service.store.owed_dms(live.id)
        going_on = [role for role in owed if await self._made_own_prompt(live, role)]
        for role, place in post_plan.owed_places(owed, quietly, going_on):
            log.info("match %s: sending a DM prompt owed to %s", live.id, role)
            await self._carry_out(live, role, place)  # (no player: settled)

    async def _made_own_prompt(self, live: LiveMatch, role: str) -> bool:
        """Whether ``role``'s current prompt was made by his own step (he acted and goes on)."""
        made_by = live.prompt_entry(role)  # (0: his first prompt, made by the start)
        entry = await self.service.store.entry_at(live.id, made_by - 1) if made_by else None
        return entry is not None and entry.role == role and entry.kind in ("act", "undo")

    async def _drop_bare_post(self, live: LiveMatch, message: discord.Message, *, bare: bool) -> None:
        """Keep one bare "waiting" line at the bottom of the thread: the previous one, which only
        said whose move it was (and the small steps before), is deleted when superseded. Posts
        with news or a board stay."""
        previous = self._bare.pop(live.id, None)
        if bare:
            self._bare[live.id] = message
        if previous is None:
            return
        try:
            await previous.delete()
        except discord.HTTPException as exc:
            log.debug("could not delete a waiting line of match %s: %s", live.id, exc.status)

    async def _mark_taken_back(self, live: LiveMatch, result: ActResult) -> None:
        """An undo took back a step the thread was told: its post (the newest) says so, and its
        board, which shows a position that no longer stands, is taken off."""
        old = await self.service.store.get_message(live.id, "prompt")
        target = None if old is None else await self.channel(old.channel_id)
        if old is None or target is None or not hasattr(target, "get_partial_message"):
            return
        who = live.ruleset.role_title(result.role, _told_in(live))
        text = t(
            _told_in(live),
            "↩ *{side} took this step back.* {waiting}",
            side=who,
            waiting=texts.turn_text(live),
        )
        try:
            await target.get_partial_message(old.message_id).edit(
                content=texts.clip(text), attachments=[], allowed_mentions=NO_PINGS
            )
        except discord.HTTPException as exc:
            log.debug("could not mark a taken-back post of match %s: %s", live.id, exc.status)
        self._bare.pop(live.id, None)

    async def _remember_prompt(self, live: LiveMatch, message: discord.Message | None) -> None:
        if message is not None:
            self._recorded[live.id] = message.id
            await self.service.store.set_message(
                live.id, "prompt", message.channel.id, message.id, live.record.version
            )

    async def _mark_announced(self, live: LiveMatch) -> None:
        """A hidden step posts nothing; it is still handled (the catch-up must not repeat it).

        Not when nothing was posted because Discord kept refusing the post: that entry stays
        "not announced", for the announcer.
        """
        if discord_send.gave_up():
            return
        old = await self.service.store.get_message(live.id, "prompt")
        if old is not None:
            await self.service.store.set_message(
                live.id, "prompt", old.channel_id, old.message_id, live.record.version
            )

    async def _retire_prompt(self, live: LiveMatch, old: MessageRecord | None) -> None:
        """Take "Take my turn" off the previous post ``old`` (it could only answer "out of date").

        "My hand" stays while the match goes on: it is never stale.
        """
        if old is None or old.version >= live.record.version:
            return
        target = await self.channel(old.channel_id)
        if target is None or not hasattr(target, "get_partial_message"):
            return
        try:
            view = None if live.record.status == FINISHED else hand_view(live.id, _told_in(live))
            await target.get_partial_message(old.message_id).edit(view=view)
        except discord.HTTPException as exc:
            log.debug("could not retire prompt of match %s: %s", live.id, exc.status)

    # -- private output -------------------------------------------------------------
    async def private_payload(
        self, live: LiveMatch, role: str, *, hand: bool = True, locale: str | None = None
    ) -> dict[str, Any]:
        """The role's private board, prompt and choices (for that player only); without the
        picture of his hand unless ``hand``. In ``locale``, by default his language as his
        settings know it (a DM comes without an interaction to tell it)."""
        state = live.state or {}
        view = None
        if locale is None:
            locale = await self.dm_locale(live.user_of(role))
        lang = locale
        choices = self.service.choices(live, role, lang)
        if state.get("result") is None:
            undo = live.game is not None and live.game.can_undo(role)

            def group_label(action: Any) -> str:
                return live.ruleset.describe_group(state, role, action.verb, action.args[0], lang)

            view = private_view(
                live.id,
                live.prompt_version(role),
                choices,
                group_label,
                undo=undo,
                shortcuts=count_shortcuts(
                    live.prompt(role),
                    [c.action for c in choices],
                    lambda action: live.ruleset.describe(state, role, action, lang),
                ),
                locale=locale,
            )
        board = await self.image(
            await self.named(live, live.ruleset.view(state, role, lang), lang), texts.image_name(live, role)
        )
        held = None
        if hand and state.get("result") is None:
            held = await self.hand_image(live, role, lang)
        payload: dict[str, Any] = {
            "content": texts.private_text(live, role, choices, locale),
            "view": view,
            **attach(board, held),
        }
        return {k: v for k, v in payload.items() if v is not None}

    async def dm(self, live: LiveMatch, role: str, *, loud: bool | None = None) -> bool:
        """DM a player's new private prompt; the previous one is retired (one private place).
        It notifies him only if ``loud`` (by default: if it is how this wait is told to him,
        see :meth:`UserSettings.notice`; never when a thread mention tells him).

        Delivered, it is recorded at once (what was owed to him is paid), before the old prompt
        is edited. Discord failing for now (after ``bot.discord_send``'s retries) leaves it owed: the
        announcer sends it later. A closed DM is reported once in the match thread, is no longer
        owed, and is not tried again for :data:`DM_RETRY_AFTER` (every later prompt would fail
        alike; ``/hand`` always works).
        """
        version = live.record.version
        user_id = live.user_of(role)
        if user_id is None or is_computer(user_id):  # a computer is never DMed
            await self.service.store.settle_dm(live.id, role, version)
            return False
        if await self.service.store.dm_failed_since(
            live.id, user_id, datetime.fromtimestamp(CLOCK.now(), UTC) - DM_RETRY_AFTER
        ):
            await self.service.store.settle_dm(live.id, role, version)
            return False
        if loud is None:
            loud = (await self.notices(live, [role]))[role].dm_pings
        previous = await self.service.store.get_message(live.id, f"dm:{role}")
        cards = tuple(live.ruleset.hand(live.state or {}, role))  # (as its picture is drawn)
        locale = await self.dm_locale(user_id)
        try:
            user = await self.user(user_id)
            payload = await self.private_payload(live, role, locale=locale)
            if not loud:
                payload["silent"] = True
            payload["nonce"] = await self.entry_nonce(live, f"dm:{role}:{user_id}")
            message = await discord_send.send(user, **payload)
        except discord.Forbidden as exc:
            await self._dm_failed(live, role, user_id, exc.code, pings=loud)
            return False
        except discord.HTTPException as exc:
            if exc.status == 403 or exc.code == DM_CLOSED:
                await self._dm_failed(live, role, user_id, exc.code, pings=loud)
            elif isinstance(exc, discord_send.PostFailed) or discord_send.transient(exc):
                log.warning(
                    "DM to a player of match %s failed for now: %s", live.id, discord_send.describe(exc)
                )
            else:  # refused for good: trying again would only fail again
                log.warning("DM to a player of match %s refused: %s %s", live.id, exc.status, exc.code)
                await self.service.store.settle_dm(live.id, role, version)
            return False
        except NETWORK_ERRORS as exc:
            # One player's DM must not cost the next player his (callers DM in a loop).
            log.warning("DM to a player of match %s failed: %s", live.id, type(exc).__name__)
            return False
        await self.service.store.record_dm(live.id, role, message.channel.id, message.id, version)
        self._remember_hand(live, role, message, cards, locale)
        if previous is not None and previous.version < version and previous.message_id != message.id:
            await self._retire_dm_message(live, previous)
        await self.service.store.clear_dm_failure(live.id, user_id)
        return True

    async def has_private_place(self, live: LiveMatch, role: str) -> bool:
        """Whether ``role``'s player has a DM prompt the bot keeps up to date."""
        return await self.service.store.get_message(live.id, f"dm:{role}") is not None

    async def update_dm(self, live: LiveMatch, role: str, *, settle: bool = False) -> bool:
        """Rewrite ``role``'s DM prompt in place with his prompt now (he acted and goes on: no
        new message, no notification). ``False`` when he has none (then, if ``settle``, nothing
        is owed to him: there is no prompt to follow, as for a computer) or it is gone."""
        old = await self.service.store.get_message(live.id, f"dm:{role}")
        if old is None:
            if settle:
                await self.service.store.settle_dm(live.id, role, live.record.version)
            return False
        kept = self._dm_hands.get((live.id, role))
        cards = tuple(live.ruleset.hand(live.state or {}, role))
        locale = await self.dm_locale(live.user_of(role))
        same_hand = (
            kept is not None
            and kept[:3] == (old.message_id, cards, locale)  # a new language draws it anew
            and (live.state or {}).get("result") is None
        )
        payload = await self.private_payload(live, role, hand=not same_hand, locale=locale)
        pictures: list[discord.File | discord.Attachment] = [*attached(payload)]
        if same_hand and kept is not None:
            pictures.append(kept[3])  # the hand did not change: its picture stays as it is
        try:
            channel = self.client.get_partial_messageable(old.channel_id)
            edited = await channel.get_partial_message(old.message_id).edit(
                content=payload.get("content"), view=payload.get("view"), attachments=pictures
            )
        except discord.HTTPException as exc:
            log.debug("could not update a DM prompt of match %s: %s", live.id, exc.status)
            self._dm_hands.pop((live.id, role), None)
            return await self.dm(live, role, loud=False)
        self._remember_hand(live, role, edited, cards, locale)
        await self.service.store.record_dm(live.id, role, old.channel_id, old.message_id, live.record.version)
        return True

    def _remember_hand(
        self, live: LiveMatch, role: str, message: discord.Message, cards: tuple[str, ...], locale: str
    ) -> None:
        """Keep the hand picture ``message`` (``role``'s DM prompt) carries, with the ``cards``
        it shows and the language of its words."""
        held = getattr(message, "attachments", None) or ()  # (the doubles of tests carry none)
        picture = next((a for a in held if "-hand-" in a.filename), None)
        if picture is None:
            self._dm_hands.pop((live.id, role), None)
            return
        self._dm_hands[(live.id, role)] = (message.id, cards, locale, picture)

    async def dm_locale(self, user_id: int | None) -> str:
        """The language of a DM to ``user_id``: his choice, else his client's as last seen
        (a DM comes without an interaction to tell it), else English."""
        if user_id is None or is_computer(user_id):
            return SOURCE
        return best((await self.settings.get(user_id)).reader_language)

    async def retire_dm(
        self, live: LiveMatch, role: str, note: Msg | None = None, *, reader: int | None = None
    ) -> None:
        """Edit the role's last DM prompt so that its old menus cannot be used any more; ``note``
        says why, in the language of its ``reader`` (by default the role's player)."""
        old = await self.service.store.get_message(live.id, f"dm:{role}")
        if old is None or (old.version >= live.record.version and note is None):
            return
        locale = await self.dm_locale(reader if reader is not None else live.user_of(role))
        await self._retire_dm_message(live, old, note, locale)
        await self.service.store.set_message(
            live.id, f"dm:{role}", old.channel_id, old.message_id, live.record.version + 1
        )

    async def _retire_dm_message(
        self, live: LiveMatch, old: MessageRecord, note: Msg | None = None, locale: str | None = None
    ) -> None:
        """Edit an old DM prompt: its menus are gone, ``note`` (or "your newest prompt is below")
        says why, in ``locale`` (by default the language of the role's player)."""
        if locale is None:
            locale = await self.dm_locale(live.user_of(old.kind.removeprefix("dm:")))
        said = (note or moved_on(live.record.thread_id, newest_below=True)).render(locale)
        text = t(locale, "**{game}** #{match} — {note}", game=live.ruleset.title, match=live.id, note=said)
        for key, (message_id, _, _, _) in list(self._dm_hands.items()):
            if message_id == old.message_id:  # its pictures go: none is kept for a later edit
                del self._dm_hands[key]
        try:
            channel = self.client.get_partial_messageable(old.channel_id)
            await channel.get_partial_message(old.message_id).edit(content=text, view=None, attachments=[])
        except discord.HTTPException as exc:
            log.debug("could not retire a DM prompt of match %s: %s", live.id, exc.status)

    async def _dm_failed(
        self, live: LiveMatch, role: str, user_id: int, code: int | None, *, pings: bool
    ) -> None:
        """His DMs are closed: nothing is owed to him by DM, and the thread tells him once where
        his prompts are. The mention pings him when that DM was to tell him of the wait
        (``pings``); from now on a thread mention does (:meth:`notices`)."""
        log.info("DMs closed for a player of match %s (code %s)", live.id, code)
        await self.service.store.settle_dm(live.id, role, live.record.version)
        first = await self.service.store.note_dm_failure(live.id, user_id, code)
        todo = post_plan.closed_dms(first=first, dm_was_loud=pings)
        if todo.post:
            await self.post_match(
                live,
                content=t(
                    _told_in(live),
                    "{player}, I can't DM you; use `/hand` or the **My hand** button to see your pieces "
                    "and choices.",
                    player=texts.mention(user_id, _told_in(live)),
                ),
                allowed_mentions=self.mentioning_users([user_id] if todo.ping else []),
            )
