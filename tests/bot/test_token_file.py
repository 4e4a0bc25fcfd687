"""The settings file holds the bot token: the bot warns at start-up when others can read it."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.__main__ as entry
from bot.config import Config, exposed_token_file


def _env_file(tmp_path: Path, mode: int) -> Path:
    path = tmp_path / ".env"
    path.write_text("DISCORD_TOKEN=not-a-real-token\n")
    path.chmod(mode)
    return path


def test_a_token_file_readable_by_others_is_reported_with_the_fix(tmp_path: Path) -> None:
    path = _env_file(tmp_path, 0o644)
    warning = exposed_token_file(path)
    assert warning is not None and "chmod 600" in warning and "0644" in warning
    assert "not-a-real-token" not in warning


@pytest.mark.parametrize("mode", [0o600, 0o400])
def test_a_private_token_file_is_not_reported(tmp_path: Path, mode: int) -> None:
    assert exposed_token_file(_env_file(tmp_path, mode)) is None
    assert exposed_token_file(None) is None
    assert exposed_token_file(tmp_path / "missing") is None


def test_the_bot_warns_at_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = _env_file(tmp_path, 0o640)
    config = Config(token="t", env_file=path)
    monkeypatch.setattr(entry, "load_config", lambda: config)
    monkeypatch.setattr(entry, "setup_logging", lambda level: None)

    class Refused:
        connected_once = False

        def __init__(self, config: Any) -> None:
            pass

        def run(self, token: str, **kwargs: Any) -> None:
            raise discord.LoginFailure("no")

    monkeypatch.setattr(entry, "make_bot", Refused)
    with caplog.at_level(logging.WARNING, logger="bot"):
        assert entry.main() == 1
    assert any("chmod 600" in r.getMessage() and str(path) in r.getMessage() for r in caplog.records)
