"""Running a bot (the real ``python -m bot`` or the self-test client) as a subprocess.

The process talks to the fake through ``PALANTIR_API_BASE``; its stdout and stderr go to one
log file that tests scan for unhandled exceptions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
from pathlib import Path

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
#: Lines that mean an exception escaped the bot's handlers.
UNHANDLED = re.compile(
    r"Traceback \(most recent call last\)|Ignoring exception|Task exception was never retrieved"
)

#: A log line at ERROR, as ``python -m bot`` formats it ("<date> <time> ERROR   <logger>: ...").
LOGGED_ERROR = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) ")


class BotProcess:
    """A bot subprocess that can be killed (``kill9``) and restarted with the same environment."""

    def __init__(self, argv: list[str], env: dict[str, str], log_path: Path) -> None:
        self.argv = argv
        self.env = env
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0

    async def start(self) -> None:
        if self.running:
            raise RuntimeError("the bot is already running")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as out:
            out.write(f"\n=== start #{self.starts + 1}: {' '.join(self.argv)}\n".encode())
            out.flush()
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                cwd=str(self.log_path.parent),  # never picks up a developer's .env
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.starts += 1
        log.info("bot started: pid %s", self.proc.pid)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    async def kill9(self) -> None:
        """SIGKILL: no cleanup, no goodbye, exactly like a crash or an OOM kill."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.kills += 1

    async def stop(self, timeout: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout``; returns the exit code."""
        if self.proc is None:
            return None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.send_signal(signal.SIGKILL)
                await self.proc.wait()
        return self.proc.returncode

    async def restart(self) -> None:
        """Kill -9 if still running, then start again with the same command and environment."""
        await self.kill9()
        await self.start()

    @property
    def output(self) -> str:
        """Everything the bot printed so far (all runs)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.output.splitlines()[-lines:])

    def unhandled_errors(self) -> list[str]:
        """Lines reporting an exception that escaped the bot's handlers.

        Left out: a render worker that was being started when its bot was killed with SIGKILL
        reports, on its way out, that its parent's pipe closed (``EOFError`` in
        ``multiprocessing/spawn.py``): that is the kill, not the bot.
        """
        lines = self.output.splitlines()
        found = []
        for number, line in enumerate(lines):
            if not UNHANDLED.search(line):
                continue
            block = lines[number + 1 : number + 12]
            orphan = any("multiprocessing/spawn.py" in b for b in block) and any(
                b.startswith("EOFError") for b in block
            )
            if not orphan:
                found.append(line)
        return found


def logged_errors(output: str) -> list[str]:
    """The bot's lines logged at ERROR (``bot.failures.log_failure`` and the like: something
    failed that no handler expected)."""
    return [line for line in output.splitlines() if LOGGED_ERROR.search(line)]


def bot_env(
    *,
    api_base: str,
    token: str,
    db_path: Path | None,
    dev_guild: int | None,
    log_level: str = "INFO",
    extra: dict[str, str] | None = None,
) -> dict[str, str]:
    """The environment for a bot subprocess pointed at the fake."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "PALANTIR_", "DATABASE_", "SHARD_"))
    }
    env.update(
        DISCORD_TOKEN=token,
        PALANTIR_API_BASE=api_base,
        PALANTIR_LOG_LEVEL=log_level,
        PYTHONUNBUFFERED="1",
        PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep),
    )
    # Never a database of the developer's (his shell's or his .env's DATABASE_URL): the test's
    # own file, or the PostgreSQL database a test passes in ``extra``.
    env["DATABASE_URL"] = ""
    if db_path is not None:
        env["PALANTIR_DB"] = str(db_path)
    if dev_guild is not None:
        env["PALANTIR_DEV_GUILD"] = str(dev_guild)
    env.update(extra or {})
    return env


def python() -> str:
    """The interpreter running the tests (the project's virtualenv)."""
    return sys.executable
