"""Latency under load: many stored matches and many interactions in flight, through the real bot.

    .venv/bin/python bench/bench_load.py [--stored 200] [--inflight 64] [--moves 640]
                                         [--modes threads,processes] [--render-workers N]

The database is filled with ``--stored`` active Confrontation matches (created, joined and set
up through the bot's own ``MatchService``, recorded as announced, as a running bot leaves
them), then the real bot (``python -m bot``) is started against the loopback fake Discord.
``--inflight`` players then keep that many interactions in flight at all times, each making a
real move in a match of its own from the menus the bot sent (its DM or its last answer: a
button, a menu entry, or a group then an entry; "Confirm" when asked). Reported, per mode:

* ``first``: interaction -> the bot's first response (the "thinking" defer);
* ``full``:  interaction -> the bot's follow-up (after the public post and the DMs: the end of
  the move for the player);
* ``board``: interaction -> the public board of that move in the match's channel;
* the gateway: the fake announces a 1-second heartbeat interval and records every heartbeat
  the bot sends; discord.py's heartbeat thread needs the bot's event loop to send one, so the
  largest gap between two of them (minus the interval) is the worst stall of the bot's loop.
  Whether discord.py logged "websocket is ... behind" / "heartbeat blocked" is reported too.

Modes: ``threads`` draws the pictures in threads (``asyncio.to_thread``, as before);
``processes`` sets ``PALANTIR_RENDER_WORKERS`` (default: the CPU count) so that the bot draws
them in its pool of worker processes (``bot/rendering.py``).

Targets: first p99 <= 500 ms; full p50 <= 1.5 s and p99 <= 3 s; no heartbeat stall.
Numbers only; nothing is asserted.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import BOT_ARGV  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.interactions import MESSAGE_COMPONENT, Interaction  # noqa: E402
from tests.fakediscord.model import DM, Channel, Message, User  # noqa: E402

CHOICE = re.compile(r"^palantir:(?P<kind>do|pick|group|confirm):(?P<match>\d+):(?P<version>\d+):(?P<n>\d+)$")
HEARTBEAT_MS = 1000


@dataclass
class Stored:
    id: int
    users: tuple[User, User]


@dataclass
class Results:
    first: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    moves: int = 0
    stale: int = 0
    errors: int = 0


async def populate(db: Path, guild_id: int, channel_id: int, pairs: list[tuple[User, User]]) -> list[int]:
    """One active Confrontation match per pair, set up and recorded as announced."""
    from bot.service import MatchService
    from bot.storage import Store

    store = await Store.open(db)
    try:
        service = MatchService(store)
        try:
            from bot.settings import SettingsService  # one click per move: no "Confirm" step
        except ImportError:
            settings = None
        else:
            settings = SettingsService(store)
        ids = []
        for i, (a, b) in enumerate(pairs):
            live = await service.create(
                guild_id=guild_id, channel_id=channel_id, user_id=a.id, game="confrontation", seed=i
            )
            await service.join(live.id, b.id)
            for user in (a, b):
                await service.act(live.id, user.id, "autoplace")
                if settings is not None:
                    await settings.update(user.id, confirm="never")
            version = (await service.get(live.id)).record.version
            await store.set_message(live.id, "prompt", channel_id, 1_000_000 + i, version)
            ids.append(live.id)
        return ids
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


class Driver:
    """Sends component interactions straight through the gateway (no waiting for quiet: under
    load the bot is never quiet) and keeps track of the menus the bot sent to each player."""

    def __init__(self, fd: FakeDiscord, db: Path, games: Channel, rng: random.Random) -> None:
        self.fd = fd
        self.games = games
        self.rng = rng
        self.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30, check_same_thread=False)
        self.menus: dict[tuple[int, int], list[Message]] = {}  # (match, user) -> messages, newest last
        self.boards: dict[tuple[int, int], float] = {}  # (match, version) -> when its board was posted
        self.hands: dict[int, Message] = {}
        self._mark = 0
        self.results = Results()

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
            for attachment in msg.attachments:
                named = re.search(r"-(\d+)-board-v(\d+)\.png$", attachment.filename)
                if named and msg.channel.type != DM and not msg.ephemeral:
                    self.boards.setdefault((int(named[1]), int(named[2])), msg.received_at)
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

    async def answered(
        self, record: Interaction, *, measure: bool, move: tuple[int, int] | None
    ) -> Message | None:
        try:
            await asyncio.wait_for(record.answered.wait(), 120)
        except TimeoutError:
            self.results.errors += 1
            return None
        if measure:
            if record.callback_at is not None:
                self.results.first.append(record.callback_at - record.sent_at)
            if move is not None and record.answered_at is not None:
                self.results.full.append(record.answered_at - record.sent_at)
                self.scan()
                posted = self.boards.get(move)
                if posted is not None:
                    self.results.board.append(posted - record.sent_at)
        return record.response

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
            await self.answered(record, measure=False, move=None)

    async def move(self, match: Stored, *, measure: bool) -> bool:
        """One move in ``match`` (False if the match is over)."""
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
            kind = CHOICE.match(cid)["kind"]  # type: ignore[index]
            values = None
            if kind in ("pick", "group"):
                options = [o["value"] for o in (msg.component(cid) or {}).get("options", [])]
                values = [self.rng.choice(options)]
            for _step in range(3):  # a group, then its entry; "Confirm" if asked
                record = self.send(user, msg, cid, values)
                answer = await self.answered(record, measure=measure, move=(match.id, version + 1))
                if self.row(match.id)[1] > version:
                    self.results.moves += measure
                    return True
                nxt = [
                    c
                    for c in (answer.custom_ids() if answer else [])
                    if (f := CHOICE.match(c)) and int(f["match"]) == match.id
                ]
                if answer is None or not nxt:
                    self.results.stale += measure
                    break
                msg, cid = answer, next((c for c in nxt if ":confirm:" in c or ":pick:" in c), nxt[0])
                values = None
                if ":pick:" in cid or ":group:" in cid:
                    options = [o["value"] for o in (msg.component(cid) or {}).get("options", [])]
                    values = [self.rng.choice(options)]
        return True


async def run(mode: str, stored: int, inflight: int, moves: int, workers: int | None, seed: int) -> str:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        workdir = Path(tmp)
        async with FakeDiscord(workdir=workdir, settle=0.02, timeout=120) as fd:
            fd.gateway.heartbeat_interval_ms = HEARTBEAT_MS
            guild = fd.create_guild("Bench")
            games = guild.create_text_channel("games")
            pairs = []
            for i in range(stored):
                a, b = fd.create_user(f"p{2 * i}"), fd.create_user(f"p{2 * i + 1}")
                guild.add_member(a)
                guild.add_member(b)
                pairs.append((a, b))
            db = workdir / "palantir.db"
            fill = time.perf_counter()
            ids = await populate(db, guild.id, games.id, pairs)
            fill_s = time.perf_counter() - fill
            env = (
                {"PALANTIR_RENDER_WORKERS": str(workers or os.cpu_count() or 1)}
                if mode == "processes"
                else {}
            )
            await fd.start_bot(argv=BOT_ARGV, db_path=db, log_level="WARNING", env=env)
            await fd.wait_until_ready(timeout=120)
            await fd.wait_for_commands(["game"], timeout=120)
            driver = Driver(fd, db, games, rng)
            matches = [Stored(i, pair) for i, pair in zip(ids, pairs, strict=True)]

            # Warm-up (not measured): every player asks "My hand" once, then one move everywhere.
            warm = asyncio.Semaphore(inflight)

            async def prepare(match: Stored) -> None:
                async with warm:
                    await driver.ask_hands(match)

            await asyncio.gather(*(prepare(m) for m in matches))
            queue: asyncio.Queue[Stored] = asyncio.Queue()
            for match in matches:
                queue.put_nowait(match)
            beats = len(fd.gateway.heartbeats)
            pid = fd.bots[0].pid or 0
            cpu_before = cpu_seconds(pid)
            harness_before = resource.getrusage(resource.RUSAGE_SELF)
            images_before = len(fd.attachments)
            started = time.perf_counter()
            left = moves

            async def player() -> None:
                nonlocal left
                while left > 0:
                    match = await queue.get()
                    left -= 1
                    if await driver.move(match, measure=True):
                        queue.put_nowait(match)

            await asyncio.gather(*(player() for _ in range(inflight)))
            elapsed = time.perf_counter() - started
            cpu_after = cpu_seconds(pid)
            harness_after = resource.getrusage(resource.RUSAGE_SELF)
            harness = (harness_after.ru_utime + harness_after.ru_stime) - (
                harness_before.ru_utime + harness_before.ru_stime
            )
            images = len(fd.attachments) - images_before
            times = fd.gateway.heartbeats[max(0, beats - 1) :]
            gaps = [b - a for a, b in itertools.pairwise(times)]
            output = fd.bots[0].output
            behind = len(re.findall(r"websocket is [\d.]+s behind|heartbeat blocked", output))
            unhandled = fd.bots[0].unhandled_errors()
        r = driver.results
        loop_cpu, pool_cpu = (after - before for after, before in zip(cpu_after, cpu_before, strict=True))
        gap = max(gaps) if gaps else float("nan")
        return (
            f"{mode:>9}: stored={stored} inflight={inflight} moves={r.moves} ({r.moves / elapsed:4.1f}/s, "
            f"stale {r.stale}, timeouts {r.errors}, fill {fill_s:.0f}s)\n"
            f"           first p50={1000 * statistics.median(r.first):6.0f}ms "
            f"p99={1000 * pct(r.first, 0.99):6.0f}ms"
            f"  full p50={statistics.median(r.full):5.2f}s p99={pct(r.full, 0.99):5.2f}s"
            f"  board p50={statistics.median(r.board) if r.board else float('nan'):5.2f}s "
            f"p99={pct(r.board, 0.99):5.2f}s\n"
            f"           heartbeats={len(times)} max gap={gap:5.2f}s (interval {HEARTBEAT_MS / 1000:g}s)"
            f"  'behind' warnings={behind}"
            + (f"  UNHANDLED ERRORS: {len(unhandled)}" if unhandled else "")
            + "\n"
            f"           bot CPU over {elapsed:.1f}s: event-loop process {loop_cpu:.1f}s, "
            f"render workers {pool_cpu:.1f}s (fake Discord and players: {harness:.1f}s); "
            f"{images / max(1, r.moves):.2f} images per move"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--stored", type=int, default=200, help="active matches in the database")
    parser.add_argument("--inflight", type=int, default=64, help="interactions in flight at all times")
    parser.add_argument("--moves", type=int, default=640, help="measured moves")
    parser.add_argument("--modes", default="threads,processes", help="threads, processes or both")
    parser.add_argument("--render-workers", type=int, default=None, help="processes mode: pool size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for mode in args.modes.split(","):
        line = asyncio.run(
            run(mode.strip(), args.stored, args.inflight, args.moves, args.render_workers, args.seed)
        )
        print(line, flush=True)


if __name__ == "__main__":
    main()
