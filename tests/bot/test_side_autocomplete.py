"""``/game new side:`` offers the sides of the table the options describe."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import games  # noqa: F401  (registers the games)
from bot.cogs.game import side_autocomplete


def interaction(**typed: str) -> Any:
    return SimpleNamespace(namespace=SimpleNamespace(**typed))


async def offered(**typed: str) -> list[str]:
    return [c.value for c in await side_autocomplete(interaction(**typed), "")]


async def test_two_players_offer_two_colours_and_four_players_four() -> None:
    assert await offered(game="lotr-risk", players="2") == ["green", "black", "random"]
    assert set(await offered(game="lotr-risk", players="4")) == {"green", "black", "yellow", "red", "random"}


async def test_without_a_player_count_the_default_table_is_offered() -> None:
    assert await offered(game="lotr-risk") == ["green", "black", "random"]


async def test_a_bad_option_falls_back_to_every_side() -> None:
    assert len(await offered(game="lotr-risk", players="9")) == 5
