"""War of the Ring's secrets at the table, through the real service and delivery on a fake
channel: whether the first side to choose its Combat card picks a card or none, the other side
and the thread see exactly the same thing (no post, no ping, no DM, the same edits)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.match_posts import Delivery
from bot.service import MatchService
from bot.storage import Store
from games.war_of_the_ring.data import CARDS

from .conftest import NORTH_USER, SOUTH_USER
from .test_told_once import Client, Sent, pinged

GAME = "war-of-the-ring"
USERS = {"free": NORTH_USER, "shadow": SOUTH_USER}


def seen(place: Any) -> list[tuple[Any, ...]]:
    """What a channel shows: every message's first content, mentions and edits' contents."""
    found: list[tuple[Any, ...]] = []
    for message in place.sent:
        assert isinstance(message, Sent)
        found.append(
            (
                str(message.kwargs.get("content", "")),
                tuple(sorted(pinged(message))),
                bool(message.kwargs.get("silent")),
                tuple(str(e.get("content", "")) for e in message.edits),
            )
        )
    return found


async def table_at_a_combat_choice(
    tmp_path: Path, name: str, seed: int, first: str | None
) -> tuple[dict[str, Any], str, list[str]] | None:
    """A random match (``seed``) played to its first Combat-card choice where the side asked
    first may pick a card; that side then picks its first card (``first`` is ``"card"``) or none.
    Returns what the thread and the other side's DMs showed before and after the choice, the
    chooser and the names of his hand (Event and Combat halves)."""
    store = await Store.open(tmp_path / f"{name}.db")
    try:
        service = MatchService(store)
        client = Client()
        delivery = Delivery(client, service)  # type: ignore[arg-type]

        async def picture(*_args: Any, **_kwargs: Any) -> str:
            return "board"

        delivery.image = picture  # type: ignore[method-assign,assignment]
        live = await service.create(
            guild_id=1, channel_id=2, user_id=NORTH_USER, game=GAME, side="free", seed=seed
        )
        live = (await service.join(live.id, SOUTH_USER)).match
        await delivery.announce_start(live)
        rng = random.Random(seed)
        for _ in range(400):
            live = await service.get(live.id)
            state = live.state or {}
            if state.get("result") is not None:
                return None
            active = sorted(live.active_roles())
            asked = [r for r in active if live.prompt(r).kind == "combat_card"]
            if len(asked) == 2 and len(live.prompt(asked[0]).actions) > 1:
                chooser, other = asked[0], asked[1]
                choice = live.prompt(chooser).actions[0 if first == "card" else -1]
                marks = {
                    "thread": len(client.thread.sent),
                    "dm": len(client.dms[USERS[other]].sent),
                }
                before_thread = seen(client.thread)
                before_dm = seen(client.dms[USERS[other]])
                await delivery.after_entry(await service.act(live.id, USERS[chooser], choice))
                hand = sorted(
                    {n for c in state["hands"][chooser] for n in (CARDS[c].name, CARDS[c].combat.name)}
                )
                return (
                    {
                        "before": (before_thread, before_dm),
                        "thread": seen(client.thread),
                        "dm": seen(client.dms[USERS[other]]),
                        "marks": marks,
                    },
                    chooser,
                    hand,
                )
            role = rng.choice(active)
            action = rng.choice(live.prompt(role).actions)
            await delivery.after_entry(await service.act(live.id, USERS[role], action))
        return None
    finally:
        await store.close()


@pytest.mark.parametrize("seed", [4])
async def test_the_first_combat_card_choice_shows_the_opponent_nothing_that_tells_card_from_none(
    tmp_path: Path, seed: int
) -> None:
    card = await table_at_a_combat_choice(tmp_path, "card", seed, "card")
    none = await table_at_a_combat_choice(tmp_path, "none", seed, None)
    assert card is not None and none is not None, "no Combat-card choice in this game"
    shown_card, _chooser, hand = card
    shown_none, _, _ = none
    assert shown_card["before"] == shown_none["before"], "the same game up to the choice"
    assert shown_card["thread"] == shown_none["thread"]
    assert shown_card["dm"] == shown_none["dm"]
    assert len(shown_card["thread"]) == shown_card["marks"]["thread"], "a choice posts nothing"
    assert len(shown_card["dm"]) == shown_card["marks"]["dm"], "nor DMs the other side"
    assert not any(pings for _text, pings, _silent, _edits in shown_card["thread"][-2:]), "nor pings"
    everything = " ".join(str(m) for m in shown_card["thread"] + shown_card["dm"])
    assert not any(name in everything for name in hand), "no card of the chooser's hand"


async def test_a_defender_asked_for_a_combat_card_when_a_battle_starts_is_told_once(
    service: MatchService,
) -> None:
    """The attack starts the wait for the defender's Combat card: he is told (one DM that
    notifies him), as for any wait that begins; the attacker's action caused it, and whether the
    defender is asked at all depends only on his hand's size, which is public."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]

    async def picture(*_args: Any, **_kwargs: Any) -> str:
        return "board"

    delivery.image = picture  # type: ignore[method-assign,assignment]
    live = await service.create(guild_id=1, channel_id=2, user_id=NORTH_USER, game=GAME, side="free", seed=4)
    live = (await service.join(live.id, SOUTH_USER)).match
    await delivery.announce_start(live)
    rng = random.Random(4)
    for _ in range(400):
        live = await service.get(live.id)
        role = rng.choice(sorted(live.active_roles()))
        action = rng.choice(live.prompt(role).actions)
        before = {r: list(live.prompt(r).actions) for r in live.roles}
        sent = {user: len(place.sent) for user, place in client.dms.items()}
        await delivery.after_entry(await service.act(live.id, USERS[role], action))
        live = await service.get(live.id)
        battle = (live.state or {}).get("battle") or {}
        defender = battle.get("defender")
        if (
            battle.get("stage") == "cards"
            and battle.get("round") == 1
            and defender != role
            and defender in live.active_roles()
            and not before[defender]
        ):
            new = client.dms[USERS[defender]].sent[sent[USERS[defender]] :]
            assert [m.kwargs.get("silent") for m in new] == [None], "one DM that notifies him"
            assert "Combat card" in new[0].content
            return
    pytest.fail("no battle began with a defender asked for a Combat card")
