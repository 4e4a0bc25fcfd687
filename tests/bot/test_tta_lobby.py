"""The lobby of War of the Ring with Twilight of the Third Age: the switches chosen are listed,
with a line naming the reconstructed parts; the whole module opens; a part not yet playable (none
today) would be refused with words."""

from __future__ import annotations

import pytest

from bot import texts
from bot.cogs.game import union_options
from bot.service import MatchService
from games.core import ActionError
from games.war_of_the_ring.tta import switches

from .conftest import NORTH_USER


async def test_the_lobby_lists_the_switches_and_what_is_reconstructed(service: MatchService) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="war-of-the-ring", options={"tta_engines": "on"}
    )
    lobby = texts.lobby_text(live)
    assert "Twilight of the Third Age: **Some parts**" in lobby and "Siege engines: **On**" in lobby
    assert "every part chosen is as published" in lobby
    base = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game="war-of-the-ring")
    assert "Twilight" not in texts.lobby_text(base)


async def test_the_whole_module_opens_with_every_part(service: MatchService) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="war-of-the-ring", options={"tta": "whole"}
    )
    lobby = texts.lobby_text(live)
    assert "Twilight of the Third Age: **The whole module**" in lobby and "Sméagol's card and tiles" in lobby


async def test_a_part_not_yet_playable_is_refused_with_words(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every part is playable now; the refusal stays for a part to come (Sméagol taken out here)."""
    monkeypatch.setattr(switches, "PLAYABLE", switches.PLAYABLE - {"smeagol"})
    with pytest.raises(ActionError, match="not yet available"):
        await service.create(
            guild_id=1, channel_id=2, user_id=NORTH_USER, game="war-of-the-ring", options={"tta": "whole"}
        )


def test_game_new_keeps_within_discords_25_parameters_with_the_module() -> None:
    assert {"tta", "tta_engines", "tta_factions", "tta_characters", "tta_cards"} <= set(union_options())
    assert len(union_options()) + 3 <= 25  # game, side and pace besides the options
