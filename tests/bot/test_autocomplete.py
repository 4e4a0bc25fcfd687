"""Autocomplete callbacks (the Discord side) against a real service and The Confrontation."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from bot.cogs.common import action_autocomplete, my_matches_autocomplete
from bot.cogs.per_game import arg_autocomplete
from bot.service import LiveMatch, MatchService
from games.core import find

from .test_confrontation import FELLOWSHIP_USER, SAURON_USER, USERS, start

MOVE = next(spec for spec in find("confrontation").commands if spec.verb == "move")


def interaction(service: MatchService, user: int, channel: int | None = None, **options: Any) -> Any:
    """Just what the autocomplete callbacks read from a Discord interaction."""
    return SimpleNamespace(
        client=SimpleNamespace(service=service),
        user=SimpleNamespace(id=user),
        channel_id=channel,
        guild_id=1,
        namespace=SimpleNamespace(**options),
    )


async def to_first_move(service: MatchService, live: LiveMatch) -> str:
    """Finish the secret setup; returns the role to move."""
    rng = random.Random(5)
    while True:
        roles = sorted(live.active_roles())
        legal = {r: [a for a, _ in service.legal(live, r)] for r in roles}
        if any(a.verb == "move" for acts in legal.values() for a in acts):
            return next(r for r in roles if any(a.verb == "move" for a in legal[r]))
        role = roles[0]
        quick = [a for a in legal[role] if a.verb in ("autoplace", "ready")]
        await service.act(live.id, USERS[role], (quick or [rng.choice(legal[role])])[0].text)


async def test_typed_move_offers_own_characters_then_their_destinations(service: MatchService) -> None:
    live = await start(service, 21)
    mover = await to_first_move(service, live)
    other = "sauron" if mover == "fellowship" else "fellowship"
    moves = [a for a, _ in service.legal(live, mover) if a.verb == "move"]

    first = await arg_autocomplete(MOVE, 0)(interaction(service, USERS[mover], match=str(live.id)), "")
    assert [c.value for c in first] == list(dict.fromkeys(a.args[0] for a in moves))[:24]
    character = first[0].value
    second = await arg_autocomplete(MOVE, 1)(
        interaction(service, USERS[mover], match=str(live.id), character=character), ""
    )
    assert [c.value for c in second] == [a.args[1] for a in moves if a.args[0] == character]
    assert all(c.name and len(c.name) <= 100 for c in first + second)

    waiting = await arg_autocomplete(MOVE, 0)(interaction(service, USERS[other], match=str(live.id)), "")
    assert [c.name for c in waiting] == [f"Not your turn: {live.prompt(other).text}"]  # says why
    stranger = await arg_autocomplete(MOVE, 0)(interaction(service, 4242, match=str(live.id)), "")
    assert len(stranger) == 1 and "watching" in stranger[0].name


async def test_act_autocomplete_lists_only_the_users_legal_actions(service: MatchService) -> None:
    live = await start(service, 22)
    await service.attach_thread(live.id, 777)
    offered = await action_autocomplete(interaction(service, FELLOWSHIP_USER, channel=777), "")
    legal = [a.text for a, _ in service.legal(live, "fellowship")]
    assert offered and [c.value for c in offered[:24]] == legal[:24]
    assert all(not c.name.endswith(c.value) for c in offered)  # in words, not notation
    if len(legal) > 25:
        assert offered[24].name == f"…{len(legal) - 24} more: type a few letters to narrow the list"
    typed = await action_autocomplete(interaction(service, FELLOWSHIP_USER, channel=777), "frodo")
    assert typed and all("frodo" in c.value for c in typed)
    spectator = await action_autocomplete(interaction(service, 4242, channel=777), "")
    assert [c.name for c in spectator] == [f"You are watching match #{live.id}: only its players can act."]
    garbage = await action_autocomplete(interaction(service, FELLOWSHIP_USER, match="#nope"), "")
    assert len(garbage) == 1 and "not a match number" in garbage[0].name
    matches = await my_matches_autocomplete(interaction(service, SAURON_USER), "")
    assert [c.value for c in matches] == [str(live.id)] and "Sauron" in matches[0].name
    typed = await my_matches_autocomplete(interaction(service, SAURON_USER), "confront")
    assert [c.value for c in typed] == [str(live.id)]
    assert await my_matches_autocomplete(interaction(service, SAURON_USER), "pebbles") == []
