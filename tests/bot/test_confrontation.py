"""The bot layer with the real game: service, storage and presenter on The Confrontation."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import texts
from bot.choices import action_choices
from bot.service import ActResult, LiveMatch, MatchService
from bot.storage import Store
from games.confrontation.secrets import others_secrets, text_leaks
from games.core import Action, dump

FELLOWSHIP_USER = 1001
SAURON_USER = 2002
USERS = {"fellowship": FELLOWSHIP_USER, "sauron": SAURON_USER}


async def start(service: MatchService, seed: int, **options: str) -> LiveMatch:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=FELLOWSHIP_USER, game="confrontation", options=options,
        side="fellowship", seed=seed,
    )  # fmt: skip
    result = await service.join(live.id, SAURON_USER)
    assert result.started
    return result.match


def public_texts(live: LiveMatch, result: ActResult | None) -> list[str]:
    said = [texts.turn_text(live), texts.status_text(live, None), texts.lobby_text(live)]
    said.append(texts.log_text(live, None, 0))
    if result is not None:
        said.append(texts.public_update(result, result.roles_to_notify()))
    else:
        said.append(texts.start_text(live))
    return said


def assert_no_leaks(live: LiveMatch, result: ActResult | None) -> None:
    state = live.state
    assert state is not None
    hidden = others_secrets(state, None)
    for text in public_texts(live, result):
        assert text_leaks(text, hidden) == [], text
    for role in ("fellowship", "sauron"):
        theirs = others_secrets(state, role)
        # "A King Revealed" names a Sauron character: the engine offers the whole roster (every
        # tile side in a Draft), which reveals nothing, so those labels are left out here.
        legal = [(a, label) for a, label in MatchService.legal(live, role) if a.verb != "special"]
        choices = [c for c in MatchService.choices(live, role) if c.action.verb != "special"]
        private = texts.private_text(live, role, choices)
        assert text_leaks(private, theirs) == [], private
        offered = action_choices(((a.text, label) for a, label in legal), "")
        assert text_leaks("\n".join(n + " " + v for n, v in offered), theirs) == []
        assert text_leaks(texts.log_text(live, role, 0), theirs) == []


def choose(legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, but finishing the secret setup quickly (so battles happen)."""
    for quick in ("ready", "autoplace"):
        found = [a for a in legal if a.verb == quick]
        if found:
            return found[0]
    return rng.choice(legal)


async def play(service: MatchService, live: LiveMatch, rng: random.Random, steps: int) -> set[str]:
    """Random legal actions by whoever may act; checks every text for leaks. Returns the verbs."""
    done = 0
    verbs: set[str] = set()
    while done < steps and live.state is not None and live.state["result"] is None:
        role = rng.choice(sorted(live.active_roles()))
        action = choose([a for a, _ in service.legal(live, role)], rng)
        result = await service.act(live.id, USERS[role], action.text, expected_version=live.record.version)
        assert not result.duplicate
        assert_no_leaks(live, result)
        verbs.add(action.verb)
        done += 1
    return verbs


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"variant": "variant-2002", "specials": "2002"}),
        (3, {"variant": "deluxe-variant", "specials": "deluxe-4"}),
        (4, {"variant": "draft"}),
        (5, {"specials": "deluxe-2", "handicap": "sauron"}),
        (6, {"variant": "variant-2002", "specials": "2002"}),
    ],
)
async def test_random_play_never_leaks_and_survives_restart(
    db_path: Path, seed: int, options: dict[str, str]
) -> None:
    store = await Store.open(db_path)
    try:
        service = MatchService(store)
        live = await start(service, seed, **options)
        assert live.role_of(FELLOWSHIP_USER) == "fellowship" and live.role_of(SAURON_USER) == "sauron"
        assert_no_leaks(live, None)
        verbs = await play(service, live, random.Random(seed), 400)
        assert {"move", "card"} <= verbs  # the game went past the setup into battles
        expected = dump(live.state or {})
    finally:
        await store.close()

    store = await Store.open(db_path)
    try:
        again = await MatchService(store).get(live.id)
        assert dump(again.state or {}) == expected
    finally:
        await store.close()


async def test_options_and_sides_are_validated(service: MatchService) -> None:
    with pytest.raises(ValueError, match="not a choice for variant"):
        await service.create(
            guild_id=1, channel_id=2, user_id=1, game="confrontation", options={"variant": "x"}
        )
    with pytest.raises(ValueError, match="not a side"):
        await service.create(guild_id=1, channel_id=2, user_id=1, game="confrontation", side="gondor")
    live = await service.create(
        guild_id=1, channel_id=2, user_id=1, game="confrontation", side="Sauron", options={"specials": "2002"}
    )
    assert live.seats[0].wanted_role == "sauron"
    assert live.record.options["specials"] == "2002" and live.record.options["variant"] == "classic"


async def test_played_game_is_rebuilt_from_the_log(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        service = MatchService(store)
        live = await start(service, 11)
        await play(service, live, random.Random(11), 60)
        expected = dump(live.state or {})
        async with store.transaction() as conn:
            await conn.execute("UPDATE matches SET state = NULL WHERE id = ?", (live.id,))
            await conn.execute("DELETE FROM snapshots WHERE match_id = ?", (live.id,))
    finally:
        await store.close()
    store = await Store.open(db_path)
    try:
        assert dump((await MatchService(store).get(live.id)).state or {}) == expected
    finally:
        await store.close()
