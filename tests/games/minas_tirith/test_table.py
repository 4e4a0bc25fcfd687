"""Minas Tirith at the table: what the lobby and the living status show before anyone sits down."""

from __future__ import annotations

from games.core import find
from games.minas_tirith.rules_help import NOTICE


def test_the_lobby_notice_is_the_reconstruction_notice_for_every_option() -> None:
    ruleset = find("minas-tirith")
    for options in ({}, {"deckout": "at-once"}, {"city_entry": "gate-only"}):
        assert ruleset.notice(options) == NOTICE
