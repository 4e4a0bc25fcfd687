"""Palantír-specific helpers for the end-to-end suites: a world, matches, moves and oracles.

The bot is driven only as users would (slash commands, buttons, select menus). The match
database is read (read-only SQLite) as the oracle: what was committed, the state's ``seq``
and ``version``, and the true state, from which the public view says what may be shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.fakediscord import FakeDiscord, InteractionResult, InteractionTimeout
from tests.fakediscord.botproc import ROOT, BotProcess, logged_errors, python
from tests.fakediscord.model import DM, Channel, Guild, Message, User

BOT_MAIN = ROOT / "bot" / "__main__.py"
BOT_ARGV = [python(), "-m", "bot"]
requires_bot = pytest.mark.skipif(not BOT_MAIN.exists(), reason="bot/__main__.py does not exist yet")

#: A player's own choices: menus, group menus and action buttons (``bot/menus.py``).
PICK = re.compile(r"^palantir:(?:pick|group|do):(?P<match>\d+):(?P<version>\d+):(?P<chunk>\d+)$")
#: A common count in one click ("Move in all 7"): ``palantir:don:<match>:<version>:<index>:<count>``.
COUNT_BUTTON = re.compile(r"^palantir:don:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<count>\d+)$")
ERROR_MARK = "⚠️"


@dataclass(frozen=True)
class Row:
    """One ``matches`` row as committed."""

    id: int
    game: str
    status: str
    seq: int
    version: int
    state: dict[str, Any] | None
    thread_id: int | None


@dataclass
class Match:
    id: int
    lobby: Message
    thread: Channel
    players: dict[str, User]  # role -> user

    def role_of(self, user: User) -> str:
        return next(role for role, u in self.players.items() if u is user)


class PostgresOracle:
    """The committed rows of the bot's PostgreSQL database, read with the oracle's SQLite SQL
    (``?`` placeholders) as from the SQLite file."""

    def __init__(self, url: str) -> None:
        self._conn = psycopg.connect(url, autocommit=True)

    def __enter__(self) -> PostgresOracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self._conn.close()

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> psycopg.Cursor[Any]:
        return self._conn.execute(sql.replace("?", "%s"), params)


@dataclass
class World:
    """A fake Discord with one server, a #games channel, users and the real bot running."""

    fd: FakeDiscord
    guild: Guild
    games: Channel
    users: dict[str, User]
    db_path: Path
    checked: dict[int, int] = field(default_factory=dict)  # message id -> versions already checked
    _rows: dict[int, tuple[Any, Row]] = field(default_factory=dict)
    #: The bot's PostgreSQL database (``DATABASE_URL``), when it runs on one instead of the file.
    database_url: str | None = None

    @property
    def bot(self) -> Any:
        return self.fd.bots[0]

    # -- the database oracle --------------------------------------------------------
    def _db(self) -> Any:
        if self.database_url:
            return PostgresOracle(self.database_url)
        return sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=10)

    def prompt_number(self, match_id: int, role: str) -> int:
        """The number of ``role``'s current prompt, as his menus carry it (``seats.prompt_version``)."""
        with self._db() as conn:
            found = conn.execute(
                "SELECT prompt_version FROM seats WHERE match_id = ? AND role = ?", (match_id, role)
            ).fetchone()
        return int(found[0]) if found else 0

    def row(self, match_id: int) -> Row:
        """The committed row (read again only when its version, status or log changed)."""
        with self._db() as conn:
            key = conn.execute(
                "SELECT version, seq, status, log_length, length(state) FROM matches WHERE id = ?",
                (match_id,),
            ).fetchone()
        cached = self._rows.get(match_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        row = self._read_row(match_id)
        self._rows[match_id] = (key, row)
        return row

    def _read_row(self, match_id: int) -> Row:
        with self._db() as conn:
            found = conn.execute(
                "SELECT id, game, status, seq, version, state, thread_id, log_length FROM matches "
                "WHERE id = ?",
                (match_id,),
            ).fetchone()
            assert found is not None, f"match {match_id} is not in the database"
            events = conn.execute(
                "SELECT event FROM events WHERE match_id = ? AND idx < ? ORDER BY idx", (match_id, found[7])
            ).fetchall()
        state = json.loads(found[5]) if found[5] else None
        if state is not None:  # the log is stored apart from the cached state
            state["log"] = [json.loads(e[0]) for e in events]
        return Row(
            int(found[0]), str(found[1]), str(found[2]), int(found[3]), int(found[4]), state, _int(found[6])
        )

    def step(self, match: Match) -> int:
        """The public step of the match (its logged events), as its board images are named."""
        state = self.row(match.id).state
        return len(state["log"]) if state is not None else 0

    def boards_since(self, match: Match, mark: int) -> list[Message]:
        """Thread posts with a board image created after activity ``mark``."""
        created, _ = self.fd.activity_since(mark)
        return [
            m
            for m in created
            if m.channel is match.thread and any("-board-" in a.filename for a in m.attachments)
        ]

    async def until_announced(self, match: Match, timeout: float = 20.0) -> None:
        """Wait until the bot has handled the newest entry: posted or edited what it shows, or
        marked a hidden step told (a condition, not a quiet period: a board may take seconds
        to draw while no request is in flight)."""
        deadline = time.monotonic() + timeout
        while self.announced(match.id) < self.row(match.id).version:
            assert time.monotonic() < deadline, f"entry {self.row(match.id).version} was never handled"
            await asyncio.sleep(0.02)

    def boards_edited_since(self, match: Match, mark: int) -> list[Message]:
        """Older thread posts whose board was replaced by an edit after activity ``mark``."""
        _, edited = self.fd.activity_since(mark)
        return [
            m
            for m in edited
            if m.channel is match.thread and any("-board-" in a.filename for a in m.attachments)
        ]

    def announced(self, match_id: int) -> int:
        """The newest entry the bot has told the thread about (``messages`` kind ``prompt``)."""
        with self._db() as conn:
            row = conn.execute(
                "SELECT version FROM messages WHERE match_id = ? AND kind = 'prompt'", (match_id,)
            ).fetchone()
        return int(row[0]) if row else -1

    def actions(self, match_id: int) -> list[tuple[int, int, str, str, str, str | None]]:
        """The committed log: (id, seq, kind, role, action, interaction id), in order."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT id, seq, kind, role, action, interaction_id FROM actions "
                "WHERE match_id = ? ORDER BY id",
                (match_id,),
            ).fetchall()
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), r[5]) for r in rows]

    def fingerprint(self) -> list[tuple[Any, ...]]:
        """Everything committed about every match (to prove that nothing changed)."""
        with self._db() as conn:
            matches = conn.execute(
                "SELECT id, status, seq, version, state FROM matches ORDER BY id"
            ).fetchall()
            count = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
            seats = conn.execute("SELECT match_id, seat, user_id, role FROM seats ORDER BY 1, 2").fetchall()
        return [*map(tuple, matches), ("actions", count), *map(tuple, seats)]

    # -- lobby and start ------------------------------------------------------------
    async def new_match(
        self,
        creator: User,
        opponent: User,
        *,
        side: str = "fellowship",
        channel: Channel | None = None,
        game: str = "confrontation",
    ) -> Match:
        """Open a lobby with ``/game new``, join with the button, wait for the thread and its prompt."""
        return await self.new_table(creator, [opponent], side=side, channel=channel, game=game)

    async def new_table(
        self,
        creator: User,
        others: list[User],
        *,
        game: str,
        side: str | None = None,
        channel: Channel | None = None,
        **options: str,
    ) -> Match:
        """``/game new`` with ``options``; every one of ``others`` joins with the button; the match
        starts when the lobby is full. Waits for the thread and its first prompt."""
        where = channel or self.games
        chosen = {"side": side} if side else {}
        opened = await creator.slash(where, "game new", game=game, **chosen, **options)
        assert not opened.ephemeral, opened.text
        lobby = opened.response
        assert lobby is not None
        join = next(c for c in lobby.custom_ids() if c.startswith("palantir:join:"))
        match_id = int(join.rsplit(":", 1)[1])
        for other in others:
            joined = await other.click(lobby, join)
            assert not is_error(joined), joined.text
        thread = await self.wait_for_thread(lobby)
        await self.fd.wait_for_message(
            lambda m: m.channel is thread and f"palantir:hand:{match_id}" in m.custom_ids()
        )
        row = self.row(match_id)
        assert row.status == "active" and row.state is not None
        roles = {r: u for r, u in self._seats(match_id).items()}
        return Match(match_id, lobby, thread, roles)

    async def wait_for_thread(self, lobby: Message) -> Channel:
        await self.fd.wait_for_message(lambda m: m.channel.parent is lobby.channel)
        thread = self.fd.channels.get(lobby.id)
        assert thread is not None, "the match thread should be opened from the lobby message"
        return thread

    def _seats(self, match_id: int) -> dict[str, User]:
        with self._db() as conn:
            rows = conn.execute("SELECT role, user_id FROM seats WHERE match_id = ?", (match_id,)).fetchall()
        return {str(r[0]): self.fd.users[int(r[1])] for r in rows}

    # -- prompts and moves ----------------------------------------------------------
    def private_prompts(self, match: Match, user: User) -> list[Message]:
        """Messages only ``user`` sees (DMs, ephemeral replies) carrying action menus of ``match``."""
        out = []
        for msg in self.fd.messages.values():
            picks = [c for c in msg.custom_ids() if _pick_of(c, match.id)]
            if (
                msg.deleted
                or not picks
                or all(c.startswith("palantir:pick:") and _chunk(c) >= SECOND_STEP for c in picks)
            ):
                continue  # none, or only a long list's second step (menus 9-13): not a whole prompt
            mine = (msg.channel.type == DM and msg.channel.recipient is user) or (
                msg.ephemeral and (msg.interaction_metadata or {}).get("user", {}).get("id") == str(user.id)
            )
            if mine:
                out.append(msg)
        return sorted(out, key=lambda m: m.id)

    def latest_prompt(self, match: Match) -> Message:
        """The newest public prompt in the match thread (with the My hand button)."""
        hand = f"palantir:hand:{match.id}"
        return next(m for m in reversed(match.thread.messages) if hand in m.custom_ids())

    async def fresh_prompt(self, match: Match, user: User) -> Message | None:
        """``user``'s current prompt, asked for with My hand (an ephemeral answer).

        Always a new message, as a player who asks again sees it: the older prompts stay in the
        channel, and the bad-input suite clicks them as stale menus.
        """
        result = await user.click(self.latest_prompt(match), f"palantir:hand:{match.id}")
        assert result.ephemeral, result.text
        opened = result.main
        if opened is not None and any(_pick_of(c, match.id) for c in opened.custom_ids()):
            return opened
        return None

    def offered(self, message: Message) -> dict[str, tuple[str, str]]:
        """Action text -> (custom_id, option value or "" for a button): what a private prompt
        lets its player do in one press (menus and buttons; a group menu's entries need two).

        Menu values and button ids are indices into the player's legal actions, read here from
        the committed state, so the texts are the engine's own notation.
        """
        ids = [(c, p) for c in message.custom_ids() if (p := PICK.match(c))]
        if not ids:
            return {}
        match_id = int(ids[0][1]["match"])
        user = message.channel.recipient if message.channel.type == DM else None
        if user is None:
            user_id = int((message.interaction_metadata or {}).get("user", {}).get("id", 0))
            user = self.fd.users.get(user_id)
        seats = self._seats(match_id)
        role = next((r for r, u in seats.items() if u is user), None)
        legal = self.legal(Match(match_id, message, message.channel, seats), role) if role else []
        out: dict[str, tuple[str, str]] = {}
        for cid in message.custom_ids():
            count = COUNT_BUTTON.match(cid)
            if count is not None and int(count["index"]) < len(legal):
                head = legal[int(count["index"])].rsplit(" ", 1)[0]
                out[f"{head} {count['count']}"] = (cid, "")
        for cid, parsed in ids:
            if cid.startswith("palantir:do:"):
                index = int(parsed["chunk"])
                if index < len(legal):
                    out[legal[index]] = (cid, "")
            elif cid.startswith("palantir:pick:"):
                for option in (message.component(cid) or {}).get("options", []):
                    index = int(option["value"])
                    if index < len(legal):
                        out[legal[index]] = (cid, str(option["value"]))
        groups = list(dict.fromkeys(tuple(a.split(" ")[:2]) for a in legal if " " in a))
        for cid, _ in ids:
            if cid.startswith("palantir:group:"):
                for option in (message.component(cid) or {}).get("options", []):
                    assert int(option["value"]) < len(groups), (
                        f"group {option} of {message.text!r} is not among {groups} (legal: {legal})"
                    )
                    key = groups[int(option["value"])]
                    for index, action in enumerate(legal):
                        if tuple(action.split(" ")[:2]) == key:
                            out.setdefault(action, (cid, f"group:{option['value']}:{index}"))
        return out

    @staticmethod
    def asking(result: InteractionResult, custom_id: str) -> Message | None:
        """The message of ``result`` with a ``custom_id…`` component (a confirmation), else its main."""
        for message in [*result.followups, result.response]:
            if message is not None and any(c.startswith(custom_id) for c in message.custom_ids()):
                return message
        return result.main

    async def press(self, user: User, message: Message, cid: str, value: str) -> InteractionResult:
        """Click a button, choose a menu option, or a group then its option (``group:<n>:<i>``)."""
        if cid.startswith(("palantir:do:", "palantir:don:")) or not value:
            return await user.click(message, cid)
        if value.startswith("group:"):
            _, number, index = value.split(":")
            opened = await user.select(message, cid, [number])
            second = opened.main
            picks = [c for c in second.custom_ids() if c.startswith("palantir:pick:")] if second else []
            if second is None or not picks:
                return opened  # stale, or a group of one (already acted or asked to confirm)
            # A group of more than 25 actions comes as several menus: the one listing ``index``.
            listing = {c: (second.component(c) or {}).get("options", []) for c in picks}
            menu = next(c for c, options in listing.items() if any(o["value"] == index for o in options))
            return await user.select(second, menu, [index])
        return await user.select(message, cid, [value])

    async def press_as_the_bot_dies(
        self, match: Match, user: User, message: Message, cid: str, value: str
    ) -> bool:
        """Click, kill -9 the bot while the click is in flight, start it again; whether the click
        was committed (no committed action is ever lost, none applied twice)."""
        before = self.actions(match.id)
        click = asyncio.create_task(self.press(user, message, cid, value))
        await asyncio.sleep(0.01)
        await self.bot.kill9()
        click.cancel()
        with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
            await click
        after = self.actions(match.id)
        assert after[: len(before)] == before, "a committed action was lost"
        assert len(after) - len(before) in (0, 1), "one click applied more than once"
        await start_again(self.fd, self.bot)
        return len(after) == len(before) + 1

    async def no_confirm(self, *users: User) -> None:
        """``/settings confirm:never``: these players act with one click (they never confirm)."""
        await self.confirm_mode("never", *users)

    async def confirm_mode(self, mode: str, *users: User) -> None:
        """``/settings confirm:<mode>`` for these players."""
        for user in users:
            done = await user.slash(self.games, "settings", confirm=mode)
            assert done.ephemeral and f"**{mode}**" in done.content, done.text

    def role_of(self, match: Match, user: User) -> str:
        return match.role_of(user)

    async def pick(self, match: Match, user: User, action: str, *, confirm: bool = True) -> InteractionResult:
        """Play ``action`` as a player would: its button, its menu entry, or its group then the
        entry (a long list comes in two steps), then **Confirm** when the bot asks (``confirm``).
        An action not offered is typed with ``/game act``."""
        legal = self.legal(match, self.role_of(match, user))
        listed = action if action in legal else self.listed_for_count(match, user, action)
        prompt = await self.fresh_prompt(match, user) if listed is not None else None
        if prompt is None or listed is None:
            return await user.slash(match.thread, "game act", action=action)
        shortcut = self.offered(prompt).get(action)
        if shortcut is not None and shortcut[0].startswith("palantir:don:"):  # "Move in all 7"
            return await self.complete(
                match, user, await user.click(prompt, shortcut[0]), action, confirm=confirm
            )
        index = legal.index(listed)
        result = await self._choose(match, user, prompt, legal, index)
        return await self.complete(match, user, result, action, confirm=confirm)

    async def complete(
        self, match: Match, user: User, result: InteractionResult, action: str, *, confirm: bool = True
    ) -> InteractionResult:
        """After an action was chosen: its count in the count step (if asked), then **Confirm**
        (if asked and ``confirm``)."""
        counted = self.asking(result, "palantir:count:")
        menus = [c for c in counted.custom_ids() if c.startswith("palantir:count:")] if counted else []
        if counted is not None and menus:
            count = action.rsplit(" ", 1)[1]
            menu = next(
                (m for m in menus if any(o["value"] == count for o in counted.component(m)["options"])),  # type: ignore[index]
                None,
            )
            form = next((c for c in counted.custom_ids() if c.startswith("palantir:typen:")), None)
            if menu is not None:
                result = await user.select(counted, menu, [count])
            elif form is not None:  # a count no menu lists: typed in the form
                opened = await user.click(counted, form)
                result = await user.submit_modal(opened, {"count": count})
            else:
                return await user.slash(match.thread, "game act", action=action)
        asked = self.asking(result, "palantir:confirm")
        yes = (
            next((c for c in asked.custom_ids() if c.startswith("palantir:confirm")), None) if asked else None
        )
        if yes is not None and asked is not None:
            assert "cannot be taken back" in asked.text
            if not confirm:
                return result
            return await user.click(asked, yes)
        return result

    async def take_my_turn(
        self,
        match: Match,
        user: User,
        action: str,
        *,
        listed: str | None = None,
        check: Callable[[Message], None] | None = None,
    ) -> InteractionResult | None:
        """**Take my turn** on the thread's newest prompt, then ``action`` (as ``listed`` in the
        menus, for a count chosen in the count step) from the menus it opens privately, completed
        (count, **Confirm**). ``check`` reads the opened menus. None when the prompt has no such
        button or its menus do not list the action: the caller plays it another way."""
        latest = self.latest_prompt(match)
        turn = f"palantir:myturn:{match.id}:{self.step(match)}"
        if turn not in latest.custom_ids():
            return None
        opened = await user.click(latest, turn)
        assert opened.ephemeral and opened.main is not None, opened.text
        if check is not None:
            check(opened.main)
        menu = self.offered(opened.main)
        if (listed or action) not in menu:
            return None
        cid, value = menu[listed or action]
        chosen = await self.press(user, opened.main, cid, value)
        return await self.complete(match, user, chosen, action)

    async def _choose(
        self, match: Match, user: User, prompt: Message, legal: list[str], index: int
    ) -> InteractionResult:
        ids = prompt.custom_ids()
        button = next(
            (c for c in ids if c.startswith(f"palantir:do:{match.id}:") and c.endswith(f":{index}")), None
        )
        if button is not None:
            return await user.click(prompt, button)
        for cid in ids:
            if cid.startswith("palantir:pick:"):
                options = (prompt.component(cid) or {}).get("options", [])
                if any(o["value"] == str(index) for o in options):
                    return await user.select(prompt, cid, [str(index)])
        # A long list: first the group (verb and first argument), then the action in it.
        with_args = [a for a in legal if " " in a]
        keys = list(dict.fromkeys(tuple(a.split(" ")[:2]) for a in with_args))
        number = keys.index(tuple(legal[index].split(" ")[:2]))
        menu = next(
            (
                c
                for c in ids
                if c.startswith("palantir:group:")
                and any(o["value"] == str(number) for o in (prompt.component(c) or {}).get("options", []))
            ),
            None,
        )
        assert menu is not None, f"{legal[index]!r} is not offered by {ids} (legal: {legal})"
        opened = await user.select(prompt, menu, [str(number)])
        second = opened.main
        assert second is not None, opened.text
        if not any(c.startswith("palantir:pick:") for c in second.custom_ids()):
            return opened  # a group of one: the action was made (or is to be confirmed)
        cid = next(
            c
            for c in second.custom_ids()
            if c.startswith("palantir:pick:")
            and any(o["value"] == str(index) for o in (second.component(c) or {}).get("options", []))
        )
        return await user.select(second, cid, [str(index)])

    def listed_for_count(self, match: Match, user: User, action: str) -> str | None:
        """The listed action whose count range holds ``action`` ("place rohan 4" is chosen as
        "place rohan 9", then 4 in the count step), if any."""
        from games.core import Action, find

        row = self.row(match.id)
        assert row.state is not None
        prompt = find(row.game).prompt(row.state, self.role_of(match, user))
        wanted = Action.from_text(action)
        amount = next((a for a in prompt.amounts if a.admits(wanted)), None)
        if amount is None:
            return None
        return next((a.text for a in prompt.actions if amount.admits(a)), None)

    def legal(self, match: Match, role: str) -> list[str]:
        """The role's legal actions now, from the engine applied to the committed state."""
        from games.core import find

        row = self.row(match.id)
        assert row.state is not None
        ruleset = find(row.game)
        if role not in ruleset.active(row.state):
            return []
        return [a.text for a in ruleset.prompt(row.state, role).actions]

    def active_roles(self, match: Match) -> list[str]:
        from games.core import find

        row = self.row(match.id)
        if row.state is None or row.state.get("result") is not None:
            return []
        return sorted(find(row.game).active(row.state))

    # -- oracles --------------------------------------------------------------------
    def check_public(self) -> list[Message]:
        """Check every public message not checked yet against the committed state.

        Public texts must not name a character hidden from the public; public images must
        decode. Returns the messages checked.
        """
        checked = []
        for msg in list(self.fd.messages.values()):
            if msg.ephemeral or msg.channel.type == DM or msg.author is not self.fd.bot_user:
                continue
            if self.checked.get(msg.id) == len(msg.history):
                continue
            self.checked[msg.id] = len(msg.history)
            checked.append(msg)
            for match_id in self._matches_named(msg):
                row = self.row(match_id)
                if row.game != "confrontation" or row.state is None or row.state.get("result") is not None:
                    continue
                leaked = leaks(msg.text, row.state, None)
                assert not leaked, f"public message names hidden {leaked}: {msg.text!r}"
            for data in msg.files:
                assert_png(data)
        return checked

    def _matches_named(self, msg: Message) -> list[int]:
        with self._db() as conn:
            rows = conn.execute("SELECT id, channel_id, thread_id FROM matches").fetchall()
        channel = msg.channel.id
        return [int(r[0]) for r in rows if str(channel) in (r[1], r[2])]


class Table:
    """What the thread should show, step by step, restated from the table's rules (every
    player's DMs open, so nobody is mentioned between the start and the end): a step worth
    seeing posts anew, or rewrites the newest post when it continues that post's round (its
    actor has not acted in it) or its exchange (a battle waiting for its secret cards).

    A post carries the board once a step told in it changed the board (``drawn``: not only
    skipped dice or passes); ``boards`` counts the posts that came with one, ``redrawn`` the
    edits that drew it again."""

    def __init__(self) -> None:
        self.posts = 0
        self.boards = 0
        self.redrawn = 0
        self._actors: set[str] | None = None  # the newest post's, None before the first
        self._exchange: str | None = None
        self._board = False

    def step(self, role: str, *, visible: bool, over: bool, exchange: str | None, drawn: bool = True) -> str:
        """``"post"``, ``"edit"`` or ``"quiet"`` for one entry; ``exchange``: the one under way after it."""
        if over:
            self.posts += 1
            self.boards += 1
            self._actors = None
            return "post"
        if not visible:
            if self._exchange != exchange:
                self._exchange = None
            return "quiet"
        if self._actors is not None and (self._exchange is not None or role not in self._actors):
            self._actors.add(role)
            self._exchange = exchange
            self._board = self._board or drawn
            self.redrawn += self._board
            return "edit"
        self.posts += 1
        self.boards += drawn
        self._actors, self._exchange, self._board = {role}, exchange, drawn
        return "post"


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


SECOND_STEP = 9


def _chunk(custom_id: str) -> int:
    return int(custom_id.rsplit(":", 1)[1])


def _pick_of(custom_id: str, match_id: int) -> tuple[int, int] | None:
    found = PICK.match(custom_id)
    if found is None or int(found["match"]) != match_id:
        return None
    return int(found["version"]), int(found["chunk"])


# -- secrets -------------------------------------------------------------------------
def _characters() -> dict[str, str]:
    data = json.loads((ROOT / "data" / "confrontation" / "characters.json").read_text(encoding="utf-8"))
    return {c["id"]: c["name"] for c in data["characters"]}


CHARACTERS = _characters()


def known_to(view: dict[str, Any]) -> set[str]:
    """Character ids an audience's view shows (on the board, defeated, or in battle)."""
    seen: set[str] = set()
    for region in view.get("regions", []):
        for pieces in region["pieces"].values():
            seen.update(p["character"] for p in pieces if p.get("character"))
    for side in view.get("defeated", {}).values():
        seen.update(p["character"] for p in side)
    battle = view.get("battle") or {}
    for key in ("attacker", "defender"):
        piece = (battle.get(key) or {}).get("piece") or {}
        if piece.get("character"):
            seen.add(piece["character"])
    return seen


def secret_characters(state: dict[str, Any], audience: str | None) -> set[str]:
    """Characters in play that ``audience`` may not know about."""
    from games.core import find

    ruleset = find("confrontation")
    everyone = known_to(ruleset.final_reveal(state))
    return everyone - known_to(ruleset.view(state, audience))


def _rule_texts() -> list[str]:
    """Every ability and card text of the game, whole and cut as a menu cuts it (99 + "…"):
    rules everyone may read, which name characters without telling where any of them is."""
    import json as _json

    data = ROOT / "data" / "confrontation"
    texts = [c["ability"] for c in _json.loads((data / "characters.json").read_text("utf-8"))["characters"]]
    cards = _json.loads((data / "cards.json").read_text("utf-8"))
    texts += [c["text"] for side in cards["combat"].values() for c in side if c.get("text")]
    texts += [t for c in cards["specials"] for t in (c["text"], c.get("text_2002")) if t]
    return sorted(set(texts), key=len, reverse=True)


RULE_TEXTS = _rule_texts()


def without_rule_texts(text: str) -> str:
    """``text`` without the game's ability and card texts, whole or cut short by a menu (public
    rules, not facts of play)."""
    for rule in RULE_TEXTS:
        head = rule[:30]
        start = text.find(head)
        while start >= 0:
            length = len(head)
            while length < len(rule) and start + length < len(text) and text[start + length] == rule[length]:
                length += 1
            text = text[:start] + " " + text[start + length :]
            start = text.find(head)
    return text


def leaks(text: str, state: dict[str, Any], audience: str | None) -> list[str]:
    """Hidden characters named (by name or slug) in ``text``.

    A character is public knowledge if the audience's view shows it, or if the engine's log as
    projected for that audience names it (a battle reveals both fighters, even if the survivor
    is hidden again afterwards). Anything else named in ``text`` is a leak.
    """
    from games.core import find

    ruleset = find("confrontation")
    view = ruleset.view(state, audience)
    cards = " ".join(c["name"] for side in view.get("cards", {}).values() for c in side.get("discard", []))
    told = "\n".join(ruleset.log_lines(state, audience))
    found = []
    text = without_rule_texts(text)
    # A King Revealed offers every Sauron character that may still be in play, both sides of each
    # tile in a Draft, built not to tell which are (docs/rules/confrontation.md, ruling 10):
    # those names are the roster, never where a piece stands.
    text = "\n".join(line for line in text.splitlines() if "A King Revealed:" not in line)
    for slug in secret_characters(state, audience):
        name = CHARACTERS.get(slug, slug)
        if name in cards or _names(told, name, slug):
            continue  # public through a card of the same name, or through the public log
        if _names(text, name, slug):
            found.append(name)
    return found


def _names(text: str, name: str, slug: str) -> bool:
    pattern = rf"(?<![\w-])({re.escape(name)}|{re.escape(slug)})(?![\w-])"
    return re.search(pattern, text) is not None


def assert_png(data: bytes) -> tuple[int, int]:
    from PIL import Image

    assert data.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG"
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image.size


async def typed(
    world: World, match: Match, user: User, name: str, params: list[str], action: str, legal: list[str]
) -> InteractionResult:
    """``/<game> <name>`` with each argument taken from its autocomplete (a count may be typed)."""
    from games.core import find

    ruleset = find(world.row(match.id).game)
    group = ruleset.command_group or ruleset.name
    verb, *args = action.split(" ")
    for i, param in enumerate(params[: len(args)]):
        filled = dict(zip(params[:i], args[:i], strict=True))
        choices = await user.autocomplete(
            match.thread, f"{group} {name}", focused=param, **filled, **{param: ""}
        )
        values = [c["value"] for c in choices if c["value"] != "…"]  # "…": only explains
        possible = {
            a.split(" ")[1 + i]
            for a in legal
            if a.split(" ")[0] == verb and a.split(" ")[1 : 1 + i] == args[:i] and len(a.split(" ")) > 1 + i
        }
        if args[i].isdigit() and all(v.isdigit() for v in values):
            continue  # a count: the autocomplete suggests some, any in the range may be typed
        assert set(values) <= possible, f"/{group} {name} {param}: offered {values}, legal {possible}"
        assert args[i] in values or len(choices) == 25, f"/{group} {name} {param}: {args[i]} not offered"
    return await user.slash(match.thread, f"{group} {name}", **dict(zip(params, args, strict=False)))


def is_error(result: InteractionResult) -> bool:
    return result.ephemeral and ERROR_MARK in result.text


# -- the world fixture ---------------------------------------------------------------------
@asynccontextmanager
async def running_world(
    tmp_path: Path,
    *,
    names: Iterable[str] = ("alice", "bob", "carol"),
    commands: Iterable[str] = ("game", "hand", "confrontation"),
    closed: Iterable[str] = (),
    settle: float = 0.3,
    timeout: float = 20.0,
    env: dict[str, str] | None = None,
    expected_errors: Iterable[str] = (),
) -> AsyncIterator[World]:
    """Fake Discord + server + users + the real bot (with ``env`` added to its environment);
    checks the bot's health on the way out: nothing escaped its handlers, and nothing was
    logged at ERROR but lines holding one of ``expected_errors`` (a test's injected fault)."""
    closed = set(closed)
    async with FakeDiscord(workdir=tmp_path, settle=settle, timeout=timeout) as fd:
        guild = fd.create_guild("Middle-earth")
        games = guild.create_text_channel("games")
        users = {n: fd.create_user(n, dms_open=n not in closed) for n in names}
        for user in users.values():
            guild.add_member(user)
        db = tmp_path / "palantir.db"
        await fd.start_bot(argv=BOT_ARGV, db_path=db, env=env)
        await fd.wait_until_ready()
        await fd.wait_for_commands(list(commands))
        world = World(fd, guild, games, users, db, database_url=(env or {}).get("DATABASE_URL"))
        try:
            yield world
        except Exception as failed:  # a failed step shows what the bot logged up to it
            failed.add_note(f"The bot's last lines:\n{world.bot.tail(80)}")
            raise
        assert fd.unknown_routes == [], fd.unknown_routes
        assert fd.protocol_errors == [], fd.protocol_errors
        assert world.bot.unhandled_errors() == [], world.bot.tail(60)
        unexpected = [e for e in logged_errors(world.bot.output) if not any(x in e for x in expected_errors)]
        assert unexpected == [], world.bot.tail(60)
        assert fd.token not in world.bot.output, "the bot logged its token"


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


async def start_again(fd: FakeDiscord, bot: BotProcess, *, timeout: float = 20.0) -> None:
    """Start the killed ``bot`` again and wait until *it* is connected: a new gateway session.

    ``fd.wait_until_ready()`` alone may return at once on the dead bot's session: the fake
    forgets that session only once it has read the end of the killed connection, which can come
    after ``kill9()`` returned (e.g. a child the bot was forking, a render worker, holds the
    socket until it execs). A click sent then goes to the dead session and is never answered.
    """
    gateway = fd.gateway
    dead = gateway.current
    await bot.start()
    deadline = time.monotonic() + timeout
    while gateway.current is dead or not gateway.ready.is_set():
        if time.monotonic() > deadline:
            raise InteractionTimeout(f"the restarted bot did not connect within {timeout}s.{fd.bot_tail()}")
        await asyncio.sleep(0.01)
