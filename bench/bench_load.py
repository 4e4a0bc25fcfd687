"""Latency under load: many stored mid-game matches of every game, and many interactions in
flight, through the real bot.

    .venv/bin/python bench/bench_load.py [--stored 201] [--inflight 64] [--moves 640]
                                         [--games confrontation,lotr-risk,war-of-the-ring,minas-tirith]
                                         [--modes processes,threads] [--render-workers N]

The database is filled with ``--stored`` active matches, the games taken in turn (two players
each, default options), created, joined and then played through the bot's own ``MatchService``
(random legal moves, never an undo, an "unplace" or a resignation; Confrontation's secret
set-up hurried with "autoplace" and "ready") until each is past its set-up: 6 to 26 steps that
post a board (the set-up of every game posts only a few). They are recorded as announced, as
a running bot leaves them. Then the real bot (``python -m bot``) is started against the loopback
fake Discord, and ``--inflight`` players keep that many interactions in flight at all times, each
making a real move in a match of its own from the menus the bot sent (its DM or its last answer:
a button, a menu entry, or a group then an entry; the count of "How many?"; "Confirm" when
asked). A match that ends is left out. Reported per mode, for all games and then per game:

* ``first``: interaction -> the bot's first response (the "thinking" defer);
* ``full``:  interaction -> the bot's follow-up (after the public post and the DMs: the end of
  the move for the player), for every move and (``full*``) for the moves that posted a board;
* ``board``: interaction -> the public board of that move in the match's channel (an image
  named ``<game>-<match>-board-s<step>.png``); ``boards`` is the share of moves that posted one
  (a hidden or a small step posts none);
* ``images``: images the bot sent per move (public boards and private boards in DMs);
* the gateway: the fake announces a 1-second heartbeat interval and records every heartbeat
  the bot sends; discord.py's heartbeat thread needs the bot's event loop to send one, so the
  largest gap between two of them (minus the interval) is the worst stall of the bot's loop.
  Whether discord.py logged "websocket is ... behind" / "heartbeat blocked" is reported too.

Modes: ``processes`` sets ``PALANTIR_RENDER_WORKERS`` (default: the CPU count) so that the bot
draws the pictures in its pool of worker processes (``bot/rendering.py``: what the bot does);
``threads`` draws them in threads (``asyncio.to_thread``, ``PALANTIR_RENDER_WORKERS=0``).

The machine's other load changes the numbers a lot: compare two versions under the same load
(``uptime``), alternately, with the same ``--seed``; smaller runs (``--stored 60 --inflight 16
--moves 240``) are quicker to repeat. Targets: first p99 <= 500 ms; full p50 <= 1.5 s and p99 <=
3 s; no heartbeat stall. Numbers only; nothing is asserted. Measured numbers, before and after
the changes that moved them: ``docs/operations.md`` §10.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import re
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import BOT_ARGV  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import MESSAGE_COMPONENT, Interaction  # noqa: E402
from tests.fakediscord.model import DM, Channel, Message, User  # noqa: E402

GAMES = ("confrontation", "lotr-risk", "war-of-the-ring", "minas-tirith")
#: A player's choices (``bot/menus.py``): ``palantir:<kind>:<match>:<prompt>:<n>[:<count>]``.
CHOICE = re.compile(
    r"^palantir:(?P<kind>do|don|pick|group|count|confirm|confirmn):(?P<match>\d+):(?P<version>\d+)"
    r":(?P<n>\d+)(?::\d+)?$"
)
#: Menus whose entries are chosen (the others are buttons).
MENUS = ("pick", "group", "count")
#: The next click after an answer that asks more of the same move, most wanted first.
FOLLOW_UP = ("confirm", "confirmn", "count", "pick", "don", "do", "group")
#: A public board: ``<game>-<match>-board-s<public step>.png`` (``bot.texts.image_name``).
BOARD = re.compile(r"-(\d+)-board-s(\d+)\.png$")
#: Any image of a match: ``<game>-<match>-<board|role|final>-s<step>.png``.
IMAGE = re.compile(r"^(?P<game>[a-z-]+?)-\d+-")
HEARTBEAT_MS = 1000
#: Verbs the set-up of the stored matches never plays (they undo progress or end the match).
AVOID = frozenset({"unplace", "undo", "resign"})
#: Confrontation's secret set-up, hurried (as the renderer tests' playouts do).
SHORTCUTS = frozenset({"autoplace", "ready"})
#: Every stored match is played until this many steps posted a board, plus 0..EXTRA_BOARDS more.
SETUP_BOARDS = 6
EXTRA_BOARDS = 20


@dataclass
class Stored:
    id: int
    game: str
    users: tuple[User, User]


@dataclass
class Results:
    first: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    #: ``full`` of the moves that posted a public board.
    full_board: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    moves: int = 0
    images: int = 0
    stale: int = 0
    errors: int = 0


async def play_past_setup(service: Any, match_id: int, rng: random.Random, boards: int) -> bool:
    """Random legal moves in match ``match_id`` until ``boards`` of them posted a board (a step
    with public news, ``bot.texts.visible_events``); False if the match ended first."""
    from bot.texts import visible_events

    posted = 0
    for _ in range(5000):
        live = await service.get(match_id)
        if live.state is None or live.state.get("result") is not None:
            return False
        if posted >= boards:
            return True
        role = rng.choice(sorted(live.active_roles()))
        actions = list(live.prompt(role).actions)
        quick = [a for a in actions if a.verb in SHORTCUTS]
        useful = [a for a in actions if a.verb not in AVOID] or actions
        action = rng.choice(quick if quick and rng.random() < 0.8 else useful)
        user = live.user_of(role)
        assert user is not None
        result = await service.act(match_id, user, action)
        posted += bool(visible_events(live.ruleset, result.events))
    return False


async def populate(
    db: Path, guild_id: int, channel_id: int, pairs: list[tuple[User, User]], games: list[str], seed: int
) -> list[Stored]:
    """One active match per pair (the games in turn), played past its set-up through the bot's
    own service and recorded as announced, as a running bot leaves them."""
    from bot.service import MatchService
    from bot.settings import SettingsService
    from bot.storage import Store

    rng = random.Random(seed)
    store = await Store.open(db)
    try:
        service = MatchService(store)
        settings = SettingsService(store)  # one click per move: no "Confirm" step
        stored = []
        tries = itertools.count(seed * 100_000)
        for i, (a, b) in enumerate(pairs):
            game = games[i % len(games)]
            for user in (a, b):
                await settings.update(user.id, confirm="never")
            while True:  # a match that ends during its set-up is abandoned and made again
                live = await service.create(
                    guild_id=guild_id, channel_id=channel_id, user_id=a.id, game=game, seed=next(tries)
                )
                await service.join(live.id, b.id)
                if await play_past_setup(service, live.id, rng, SETUP_BOARDS + rng.randint(0, EXTRA_BOARDS)):
                    break
            live = await service.get(live.id)
            await store.set_message(live.id, "prompt", channel_id, 1_000_000 + i, live.record.version)
            stored.append(Stored(live.id, game, (a, b)))
        return stored
    finally:
        await store.close()


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU time (user + system) of process ``pid`` and of its live children (render workers)."""
    tick = os.sysconf("SC_CLK_TCK")

    def own(p: int) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / tick

    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children.update(int(c) for c in (task / "children").read_text().split())
        except OSError:
            continue
    return own(pid), sum(own(c) for c in children)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Driver:
    """Sends component interactions straight through the gateway (no waiting for quiet: under
    load the bot is never quiet) and keeps track of the menus the bot sent to each player and
    of the public boards posted in each match."""

    def __init__(self, fd: FakeDiscord, db: Path, games: Channel, rng: random.Random) -> None:
        self.fd = fd
        self.games = games
        self.rng = rng
        self.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30, check_same_thread=False)
        self.menus: dict[tuple[int, int], list[Message]] = {}  # (match, user) -> messages, newest last
        #: match -> public boards not yet matched to a move: (when posted, step)
        self.boards: dict[int, list[tuple[float, int]]] = defaultdict(list)
        self._seen_boards: set[tuple[int, int]] = set()
        self.hands: dict[int, Message] = {}
        self._mark = 0
        self.results: dict[str, Results] = defaultdict(Results)

    # -- what the bot sent ------------------------------------------------------------------
    def scan(self) -> None:
        activity = self.fd._activity
        for _, msg in activity[self._mark :]:
            owner = self._owner(msg)
            for cid in msg.custom_ids():
                found = CHOICE.match(cid)
                if found and owner is not None:
                    key = (int(found["match"]), owner)
                    listed = self.menus.setdefault(key, [])
                    if not listed or listed[-1] is not msg:
                        listed.append(msg)
                        del listed[:-4]
                    break
            if msg.channel.type == DM or msg.ephemeral:
                continue
            for attachment in msg.attachments:
                named = BOARD.search(attachment.filename)
                if named and (key := (int(named[1]), int(named[2]))) not in self._seen_boards:
                    self._seen_boards.add(key)
                    self.boards[key[0]].append((msg.received_at, key[1]))
        self._mark = len(activity)

    @staticmethod
    def _owner(msg: Message) -> int | None:
        if msg.channel.type == DM and msg.channel.recipient is not None:
            return msg.channel.recipient.id
        if msg.ephemeral:
            return int((msg.interaction_metadata or {}).get("user", {}).get("id", 0)) or None
        return None

    def row(self, match_id: int) -> tuple[str, int, dict[int, int]]:
        status, version = self.db.execute(
            "SELECT status, version FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        seats = self.db.execute("SELECT user_id, prompt_version FROM seats WHERE match_id = ?", (match_id,))
        return str(status), int(version), {int(u): int(p) for u, p in seats.fetchall()}

    def menu(self, match: Stored) -> tuple[User, Message, list[str]] | None:
        """A player of ``match`` with a menu at his current prompt version, and its choices."""
        self.scan()
        _, _, prompts = self.row(match.id)
        users = list(match.users)
        self.rng.shuffle(users)
        for user in users:
            for msg in reversed(self.menus.get((match.id, user.id), [])):
                ids = [
                    c
                    for c in msg.custom_ids()
                    if (f := CHOICE.match(c))
                    and int(f["match"]) == match.id
                    and int(f["version"]) == prompts[user.id]
                ]
                if ids and not msg.deleted:
                    return user, msg, ids
        return None

    # -- sending --------------------------------------------------------------------------------
    def send(self, user: User, msg: Message, cid: str, values: list[str] | None) -> Interaction:
        comp = msg.component(cid) or {}
        data: dict[str, Any] = {
            "custom_id": cid,
            "component_type": comp.get("type", 2 if values is None else 3),
        }
        if values is not None:
            data["values"] = values
        record = self.fd.interactions.build(user, msg.channel, MESSAGE_COMPONENT, data, msg)
        record.sent_at = time.monotonic()
        self.fd.gateway.dispatch("INTERACTION_CREATE", record.payload)
        return record

    def values(self, msg: Message, cid: str) -> list[str] | None:
        """A random entry of a menu (``None`` for a button)."""
        found = CHOICE.match(cid)
        if found is None or found["kind"] not in MENUS:
            return None
        options = [o["value"] for o in (msg.component(cid) or {}).get("options", [])]
        return [self.rng.choice(options)]

    async def answered(self, record: Interaction) -> Message | None:
        try:
            await asyncio.wait_for(record.answered.wait(), 120)
        except TimeoutError:
            return None
        return record.response

    def measure(self, match: Stored, record: Interaction) -> None:
        """The latencies of a committed move (its public board: the first posted since it was sent)."""
        results = self.results[match.game]
        results.moves += 1
        if record.callback_at is not None:
            results.first.append(record.callback_at - record.sent_at)
        if record.answered_at is None:
            return
        full = record.answered_at - record.sent_at
        results.full.append(full)
        self.scan()
        posted = [when for when, _ in self.boards.pop(match.id, []) if when >= record.sent_at]
        if posted:
            results.full_board.append(full)
            results.board.append(min(posted) - record.sent_at)

    def count_images(self, since: int) -> None:
        """Images sent since the ``since``-th, by game (read from their names)."""
        for attachment in list(self.fd.attachments.values())[since:]:
            named = IMAGE.match(attachment.filename)
            if named and named["game"] in self.results:
                self.results[named["game"]].images += 1

    def hand_message(self, match: Stored) -> Message:
        """A prompt with "My hand" for ``match`` (the populated matches were never posted)."""
        found = self.hands.get(match.id)
        if found is None:
            row = {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": "My hand", "custom_id": f"palantir:hand:{match.id}"}
                ],
            }
            found = Message(
                self.fd.snowflake(), self.games, self.fd.bot_user, content="(bench)", components=[row]
            )
            self.fd.messages[found.id] = found
            self.hands[match.id] = found
        return found

    async def ask_hands(self, match: Stored) -> None:
        msg = self.hand_message(match)
        records = [self.send(u, msg, f"palantir:hand:{match.id}", None) for u in match.users]
        for record in records:
            if await self.answered(record) is None:
                self.results[match.game].errors += 1

    async def move(self, match: Stored, *, measure: bool) -> bool:
        """One committed move in ``match`` (False if the match is over)."""
        for _ in range(3):
            status, version, _ = self.row(match.id)
            if status != "active":
                return False
            found = self.menu(match)
            if found is None:
                await self.ask_hands(match)
                continue
            user, msg, ids = found
            cid = self.rng.choice(ids)
            values = self.values(msg, cid)
            for _step in range(4):  # a group, then its entry; a count; "Confirm" if asked
                self.scan()
                self.boards.pop(match.id, None)  # boards of earlier moves
                record = self.send(user, msg, cid, values)
                answer = await self.answered(record)
                if answer is None:
                    self.results[match.game].errors += measure
                if self.row(match.id)[1] > version:
                    if measure:
                        self.measure(match, record)
                    return True
                nxt = [
                    c
                    for c in (answer.custom_ids() if answer else [])
                    if (f := CHOICE.match(c)) and int(f["match"]) == match.id
                ]
                if answer is None or not nxt:
                    self.results[match.game].stale += measure
                    break
                kinds = [CHOICE.match(c)["kind"] for c in nxt]  # type: ignore[index]
                wanted = min(range(len(nxt)), key=lambda i: FOLLOW_UP.index(kinds[i]))
                msg, cid = answer, nxt[wanted]
                values = self.values(msg, cid)
        return True


def summary(name: str, r: Results, elapsed: float) -> str:
    boards = len(r.board) / max(1, r.moves)
    return (
        f"  {name:>15}: moves={r.moves:4d} ({r.moves / elapsed:4.1f}/s) boards={boards:4.0%} "
        f"images/move={r.images / max(1, r.moves):4.2f} stale={r.stale} timeouts={r.errors}\n"
        f"  {'':>15}  first p50={1000 * median(r.first):5.0f}ms p99={1000 * pct(r.first, 0.99):5.0f}ms"
        f"  full p50={median(r.full):5.2f}s p99={pct(r.full, 0.99):5.2f}s"
        f"  full* p50={median(r.full_board):5.2f}s p99={pct(r.full_board, 0.99):5.2f}s"
        f"  board p50={median(r.board):5.2f}s p99={pct(r.board, 0.99):5.2f}s"
    )


async def warm_up(driver: Driver, matches: list[Stored], inflight: int) -> None:
    """Not measured: every player asks "My hand" once."""
    gate = asyncio.Semaphore(inflight)

    async def prepare(match: Stored) -> None:
        async with gate:
            await driver.ask_hands(match)

    await asyncio.gather(*(prepare(m) for m in matches))


async def play_moves(driver: Driver, matches: list[Stored], inflight: int, moves: int) -> float:
    """``inflight`` players take the matches in turn until ``moves`` moves are made (or every
    match is over); the seconds it took."""
    queue: asyncio.Queue[Stored] = asyncio.Queue()
    for match in matches:
        queue.put_nowait(match)
    started = time.perf_counter()
    left = moves

    async def player() -> None:
        nonlocal left
        while left > 0 and not queue.empty():
            match = await queue.get()
            left -= 1
            if await driver.move(match, measure=True):
                queue.put_nowait(match)

    await asyncio.gather(*(player() for _ in range(inflight)))
    return time.perf_counter() - started


def merged(results: dict[str, Results]) -> Results:
    total = Results()
    for r in results.values():
        for name in ("first", "full", "full_board", "board"):
            getattr(total, name).extend(getattr(r, name))
        for name in ("moves", "images", "stale", "errors"):
            setattr(total, name, getattr(total, name) + getattr(r, name))
    return total


async def run(
    mode: str, stored: int, inflight: int, moves: int, workers: int | None, seed: int, games_played: list[str]
) -> str:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        workdir = Path(tmp)
        async with FakeDiscord(workdir=workdir, settle=0.02, timeout=120) as fd:
            fd.gateway.heartbeat_interval_ms = HEARTBEAT_MS
            guild = fd.create_guild("Bench")
            channel = guild.create_text_channel("games")
            pairs = []
            for i in range(stored):
                a, b = fd.create_user(f"p{2 * i}"), fd.create_user(f"p{2 * i + 1}")
                guild.add_member(a)
                guild.add_member(b)
                pairs.append((a, b))
            db = workdir / "palantir.db"
            fill = time.perf_counter()
            matches = await populate(db, guild.id, channel.id, pairs, games_played, seed)
            fill_s = time.perf_counter() - fill
            env = {
                "PALANTIR_RENDER_WORKERS": str(workers or os.cpu_count() or 1) if mode == "processes" else "0"
            }
            await fd.start_bot(argv=BOT_ARGV, db_path=db, log_level="WARNING", env=env)
            await fd.wait_until_ready(timeout=120)
            await fd.wait_for_commands(["game"], timeout=120)
            driver = Driver(fd, db, channel, rng)

            await warm_up(driver, matches, inflight)
            beats = len(fd.gateway.heartbeats)
            pid = fd.bots[0].pid or 0
            cpu_before = cpu_seconds(pid)
            harness_before = resource.getrusage(resource.RUSAGE_SELF)
            images_before = len(fd.attachments)
            elapsed = await play_moves(driver, matches, inflight, moves)
            driver.count_images(images_before)
            cpu_after = cpu_seconds(pid)
            harness_after = resource.getrusage(resource.RUSAGE_SELF)
            harness = (harness_after.ru_utime + harness_after.ru_stime) - (
                harness_before.ru_utime + harness_before.ru_stime
            )
            times = fd.gateway.heartbeats[max(0, beats - 1) :]
            gaps = [b - a for a, b in itertools.pairwise(times)]
            output = fd.bots[0].output
            behind = len(re.findall(r"websocket is [\d.]+s behind|heartbeat blocked", output))
            unhandled = fd.bots[0].unhandled_errors()
        total = merged(driver.results)
        loop_cpu, pool_cpu = (after - before for after, before in zip(cpu_after, cpu_before, strict=True))
        gap = max(gaps) if gaps else float("nan")
        lines = [
            f"{mode}: stored={stored} ({', '.join(games_played)} in turn, past set-up; fill {fill_s:.0f}s) "
            f"inflight={inflight} over {elapsed:.1f}s",
            summary("all games", total, elapsed),
            *(summary(game, driver.results[game], elapsed) for game in games_played),
            f"  heartbeats={len(times)} max gap={gap:5.2f}s (interval {HEARTBEAT_MS / 1000:g}s)"
            f"  'behind' warnings={behind}" + (f"  UNHANDLED ERRORS: {len(unhandled)}" if unhandled else ""),
            f"  bot CPU: event-loop process {loop_cpu:.1f}s, render workers {pool_cpu:.1f}s "
            f"(fake Discord and players: {harness:.1f}s); load average {os.getloadavg()[0]:.1f}",
        ]
        return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stored", type=int, default=201, help="active matches in the database")
    parser.add_argument("--inflight", type=int, default=64, help="interactions in flight at all times")
    parser.add_argument("--moves", type=int, default=640, help="measured moves")
    parser.add_argument("--games", default=",".join(GAMES), help="the games of the stored matches, in turn")
    parser.add_argument("--modes", default="processes", help="processes, threads or both")
    parser.add_argument("--render-workers", type=int, default=None, help="processes mode: pool size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games_played = [g.strip() for g in args.games.split(",") if g.strip()]
    for mode in args.modes.split(","):
        line = asyncio.run(
            run(
                mode.strip(),
                args.stored,
                args.inflight,
                args.moves,
                args.render_workers,
                args.seed,
                games_played,
            )
        )
        print(line, flush=True)


if __name__ == "__main__":
    main()
