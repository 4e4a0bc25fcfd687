"""Every typed command a ruleset declares reaches Discord: one level of a slash command holds 25
entries, and the bot leaves out what does not fit, so a game must group its verbs to fit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cogs.per_game import PerGameCog
from games.core import all_rulesets

#: Known to overflow, for the game's owner to group (``/risk complete`` is left out).
OVERFLOWING = {"lotr-risk"}


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True)) if name in OVERFLOWING else name
        for name in sorted(r.name for r in all_rulesets())
    ],
)
def test_every_typed_command_of_a_game_is_built(game: str) -> None:
    ruleset = next(r for r in all_rulesets() if r.name == game)
    cog: Any = PerGameCog.__new__(PerGameCog)  # (building the groups needs no running bot)
    group = cog._group(ruleset)
    built = {c.qualified_name for c in group.walk_commands()}
    top = ruleset.command_group or ruleset.name
    for spec in ruleset.commands:
        name = " ".join(p for p in (top, spec.group, spec.name) if p)
        assert name in built, f"/{name} does not fit in /{top} ({len(group.commands)} entries)"
