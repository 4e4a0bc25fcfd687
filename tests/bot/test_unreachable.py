"""``python -m bot`` with Discord unreachable: a clear line per retry, then a clear exit, no traceback."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.__main__ import UNREACHABLE_EXIT, pause, reason
from bot.config import VOICE_WARNINGS, quiet_voice_warnings, setup_logging

ROOT = Path(__file__).resolve().parents[2]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_unreachable_discord_gives_up_with_one_clear_line_and_no_traceback(tmp_path: Path) -> None:
    base = f"http://127.0.0.1:{closed_port()}/api/v10"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PALANTIR_"))}
    env.update(
        DISCORD_TOKEN="dummy.token.value",
        PALANTIR_API_BASE=base,
        PALANTIR_DB=str(tmp_path / "p.db"),
        PALANTIR_CONNECT_ATTEMPTS="2",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode == UNREACHABLE_EXIT, output
    assert "Traceback" not in output and "Unclosed" not in output, output
    assert f"cannot reach Discord at {base}: Connection refused; retrying in 1 s" in output
    last = done.stderr.strip().splitlines()[-1]
    assert last == f"palantir: cannot reach Discord at {base}: Connection refused; gave up after 2 attempts."
    assert "dummy.token.value" not in output
    assert "voice will NOT be supported" not in output


def test_reasons_and_pauses() -> None:
    assert reason(ConnectionRefusedError(111, "Connect call failed")) == "Connection refused"
    assert reason(TimeoutError()) == "timed out"
    assert [pause(n) for n in (1, 2, 3, 8)] == [1, 2, 4, 60]


def test_only_the_voice_library_warnings_are_silenced(caplog: pytest.LogCaptureFixture) -> None:
    setup_logging("INFO")
    quiet_voice_warnings()  # idempotent
    caplog.set_level(logging.INFO)
    discord.VoiceClient.warn_nacl = True
    discord.VoiceClient.warn_dave = True
    discord.Client(intents=discord.Intents.none())  # warns about voice libraries when constructed
    logging.getLogger("discord.client").warning("something else happened")
    messages = [r.getMessage() for r in caplog.records if r.name == "discord.client"]
    assert not set(messages) & set(VOICE_WARNINGS)
    assert "something else happened" in messages
    assert len(logging.getLogger("discord.client").filters) == 1
