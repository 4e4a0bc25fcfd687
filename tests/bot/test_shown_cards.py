"""Cards as pictures in the bot's posts, on the Pebbles toy game given cards by the ruleset
hooks: a hand goes to its holder's private place only, and a public post shows the cards its
events put face up as the public sees them (never a card only a private projection names)."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

import discord
import pytest

import renderers
from bot import rendering, texts
from bot.match_posts import Delivery
from bot.service import MatchService
from games.core import State
from games.war_of_the_ring.data import CARDS
from tests.support.toy_game import Pebbles

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles
from .test_told_once import Client, Sent


def _shown(self: Pebbles, events: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
    found = [f"first-{args['first']}" for kind, args in events if kind == "bids_shown"]
    # a card only a private projection names (a secret bid) must never be asked for
    found += [f"secret-{args['bid']}" for kind, args in events if kind == "own_bid"]
    return tuple(found)


def _hand(self: Pebbles, state: State, role: str) -> tuple[str, ...]:
    return ("north-ace", "north-king") if role == "north" else ()


def _hand_lines(self: Pebbles, state: State, role: str, lang: str = "en") -> tuple[str, ...]:
    return tuple(f"• **{card}**" for card in _hand(self, state, role))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str]]]:
    """Pebbles with cards; every card picture asked for is recorded (and drawn as fake bytes)."""
    asked: list[tuple[str, list[str]]] = []

    async def render_cards_png(game: str, cards: list[str], lang: str = "en") -> bytes:
        asked.append((game, list(cards)))
        return b"PNG " + ",".join(cards).encode()

    monkeypatch.setattr(Pebbles, "shown_cards", _shown)
    monkeypatch.setattr(Pebbles, "hand", _hand)
    monkeypatch.setattr(Pebbles, "hand_lines", _hand_lines)
    monkeypatch.setattr(rendering, "render_cards_png", render_cards_png)
    return asked


def files_of(sent: Sent) -> list[discord.File]:
    found = [f for f in (sent.kwargs.get("file"), *(sent.kwargs.get("files") or ())) if f is not None]
    for edit in sent.edits:
        if "attachments" in edit:
            found = list(edit["attachments"])
    return found


def names(files: list[discord.File]) -> list[str]:
    return [f.filename for f in files]


async def test_a_hand_goes_to_its_holder_and_a_reveal_shows_its_cards(
    service: MatchService, drawn: list[tuple[str, list[str]]]
) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)

    north_dm, south_dm = client.dms[NORTH_USER].sent[-1], client.dms[SOUTH_USER].sent[-1]
    assert names(files_of(north_dm)) == [f"pebbles-{live.id}-north-hand-s0.png"]
    assert "**Your hand** (2 cards):\n• **north-ace**\n• **north-king**" in north_dm.kwargs["content"]
    assert files_of(south_dm) == [] and "north-ace" not in south_dm.kwargs["content"]
    assert [m for m in client.thread.sent if "north-ace" in m.content or files_of(m)] == []

    await delivery.after_entry(await service.act(live.id, NORTH_USER, "bid 3"))
    secret_post = client.thread.sent[-1]
    assert files_of(secret_post) == [], "a secret bid shows no card"
    await delivery.after_entry(await service.act(live.id, SOUTH_USER, "bid 1"))
    assert client.thread.sent[-1] is secret_post, "the reveal edits the round's post"
    (shown,) = files_of(secret_post)
    assert shown.filename.startswith(f"pebbles-{live.id}-cards-s")
    assert shown.fp.read() == b"PNG first-north"
    asked = [cards for _, cards in drawn]
    assert ["first-north"] in asked and not any(c.startswith("secret-") for cards in asked for c in cards)
    assert not any(
        "north-ace" in m.content or "-hand-" in " ".join(names(files_of(m))) for m in client.thread.sent
    )


async def test_without_hooks_a_game_shows_no_cards(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[str]] = []

    async def render_cards_png(game: str, cards: list[str], lang: str = "en") -> bytes:
        asked.append(cards)
        return b"PNG"

    monkeypatch.setattr(rendering, "render_cards_png", render_cards_png)
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    for user, text in ((NORTH_USER, "bid 3"), (SOUTH_USER, "bid 1"), (NORTH_USER, "take")):
        await delivery.after_entry(await service.act(live.id, user, text))
    assert asked == [], "no card picture is drawn for a game without cards"
    assert all("Your hand" not in m.kwargs.get("content", "") for p in client.dms.values() for m in p.sent)


async def test_a_long_hand_never_cuts_the_prompt(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    def long_hand(self: Pebbles, state: State, role: str, lang: str = "en") -> tuple[str, ...]:
        return tuple(f"• **Card {n}** — " + "a long effect " * 10 for n in range(30))

    monkeypatch.setattr(Pebbles, "hand_lines", long_hand)
    live = await started_pebbles(service)
    text = texts.private_text(live, "north", service.choices(live, "north"))
    assert len(text) <= texts.MAX_MESSAGE
    assert text.startswith(f"**Pebbles** #{live.id} — you play **North**."), "the prompt comes whole"
    assert "**Your hand** (30 cards):\n• **Card 0**" in text
    shown = text.count("• **Card ")
    assert 5 < shown < 30 and text.endswith(f"…and {30 - shown} more in the picture.")


async def test_a_war_of_the_ring_event_card_played_is_shown_in_its_post(service: MatchService) -> None:
    """Through the engine: the cards stay hidden in their hands until one is played as an
    Event; the post that tells it carries that card's picture (and no other card's)."""
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="war-of-the-ring", side="free", seed=4
    )
    live = (await service.join(live.id, SOUTH_USER)).match
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    await delivery.announce_start(live)
    users = {"free": NORTH_USER, "shadow": SOUTH_USER}
    rng = random.Random(4)
    for _ in range(300):
        role = sorted(live.active_roles())[0]
        legal = [a for a, _ in service.legal(live, role)]
        plays = [a for a in legal if a.verb == "play"]
        if plays:
            break
        assert not any("-cards-" in n for m in client.thread.sent for n in names(files_of(m))), "none yet"
        await delivery.after_entry(await service.act(live.id, users[role], rng.choice(legal).text))
    else:
        raise AssertionError("no Event card became playable")
    card = plays[0].args[1]
    await delivery.after_entry(await service.act(live.id, users[role], plays[0].text))
    post = client.thread.sent[-1]
    shown = [f for f in files_of(post) if "-cards-" in f.filename]
    assert len(shown) == 1, names(files_of(post))
    assert shown[0].fp.read() == renderers.render_cards("war-of-the-ring", [card])
    assert CARDS[card].name in post.content and CARDS[card].name in (shown[0].description or "")


def uploaded(sent: Sent, kind: str) -> list[bytes]:
    """The pictures of ``kind`` (``hand``, ``cards``) uploaded with ``sent``, sent or edited."""
    found = [f for f in sent.uploads if f"-{kind}-" in f.filename]
    for f in found:
        f.reset()
    return [f.fp.read() for f in found]


async def test_a_new_dm_prompt_with_the_same_hand_does_not_draw_it_again(
    service: MatchService, drawn: list[tuple[str, list[str]]]
) -> None:
    """Each new DM prompt carries the hand's picture (a new message must upload it), but the
    picture is drawn once while the hand does not change."""
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    for user, text in (
        (NORTH_USER, "bid 3"),
        (SOUTH_USER, "bid 1"),
        (NORTH_USER, "take"),
        (NORTH_USER, "end"),
        (SOUTH_USER, "take"),
        (SOUTH_USER, "end"),
    ):
        await delivery.after_entry(await service.act(live.id, user, text))
    prompts = [m for m in client.dms[NORTH_USER].sent if uploaded(m, "hand")]
    assert len(prompts) >= 2 and all(uploaded(m, "hand") == [b"PNG north-ace,north-king"] for m in prompts)
    (newest,) = [f.filename for f in prompts[-1].uploads if "-hand-" in f.filename]
    assert newest == texts.cards_image_name(live, "north"), "named for its step"
    assert drawn.count(("pebbles", ["north-ace", "north-king"])) == 1, drawn


async def test_a_hand_that_changes_is_drawn_anew_and_never_shown_to_another_player(
    service: MatchService, drawn: list[tuple[str, list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = {"north": ["north-ace", "north-king"], "south": ["south-ace"]}

    def hand(self: Pebbles, state: State, role: str) -> tuple[str, ...]:
        return tuple(hands[role])

    monkeypatch.setattr(Pebbles, "hand", hand)
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    hands["north"] = ["north-ace"]
    await delivery.after_entry(await service.act(live.id, NORTH_USER, "bid 3"))
    await delivery.after_entry(await service.act(live.id, SOUTH_USER, "bid 1"))
    north = [uploaded(m, "hand") for m in client.dms[NORTH_USER].sent if uploaded(m, "hand")]
    south = [uploaded(m, "hand") for m in client.dms[SOUTH_USER].sent if uploaded(m, "hand")]
    assert north[0] == [b"PNG north-ace,north-king"] and north[-1] == [b"PNG north-ace"]
    assert south and all(h == [b"PNG south-ace"] for h in south)


async def test_an_edit_of_a_post_keeps_its_unchanged_cards_picture(
    service: MatchService, drawn: list[tuple[str, list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A post rewritten (a waiting line that follows the game, the other side's reply) keeps
    the picture of its cards as Discord holds it while they are the same: neither drawn nor
    uploaded again; new cards face up bring a new picture."""

    def shown(self: Pebbles, events: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
        return tuple(f"pebble-{args['role']}" for kind, args in events if kind == "took")

    monkeypatch.setattr(Pebbles, "shown_cards", shown)
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]

    async def board(live: Any) -> discord.File:  # (its heading changes with the waiting line)
        drawn_for = f"board {texts.turn_text(live, ())}".encode()
        return discord.File(io.BytesIO(drawn_for), filename=texts.image_name(live, None))

    monkeypatch.setattr(delivery, "public_board", board)
    live = await started_pebbles(service)
    await delivery.announce_start(live)
    for user, text in ((NORTH_USER, "bid 3"), (SOUTH_USER, "bid 1"), (NORTH_USER, "take")):
        await delivery.after_entry(await service.act(live.id, user, text))
    post = client.thread.sent[-1]
    assert uploaded(post, "cards") == [b"PNG pebble-north"]
    await delivery.after_entry(await service.act(live.id, NORTH_USER, "end"))  # the waiting line
    assert post.edits and "attachments" in post.edits[-1], "the board was redrawn in an edit"
    assert uploaded(post, "cards") == [b"PNG pebble-north"], "kept, not uploaded again"
    assert [a.filename for a in post.attachments if "-cards-" in a.filename], "still shown"
    await delivery.after_entry(await service.act(live.id, SOUTH_USER, "take"))  # the reply, edited in
    assert client.thread.sent[-1] is post
    assert uploaded(post, "cards") == [b"PNG pebble-north", b"PNG pebble-north,pebble-south"]
    assert drawn.count(("pebbles", ["pebble-north"])) == 1, drawn
