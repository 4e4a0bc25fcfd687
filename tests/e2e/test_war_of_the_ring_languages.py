"""War of the Ring through the fake Discord in three languages (issue 23's audit): a Japanese
match between a Danish and a Chinese player, thirty-five actions or more (until an Event card is played),
then each player's ``/game status`` and ``/hand``.

After each action the oracles of ``test_war_of_the_ring.py``, in the reader's language: no
thread post (text or picture description) names, in Japanese, a card of a hand or a Combat card
chosen face down, and no DM to a player names one of the other's in his own language; a
``card:`` autocomplete names none of the other hand; a played Event card is shown in the thread
by its Japanese name. The thread speaks Japanese, each player's DMs his own language.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from games.core import project
from games.war_of_the_ring.i18n import card_name, speaking
from tests.e2e.harness import Match, World, is_error, requires_bot, running_world, seeded
from tests.e2e.test_war_of_the_ring import choose, play, seen
from tests.fakediscord.model import DM
from tests.games.war_of_the_ring.secret_names import hidden, told

pytestmark = requires_bot

#: Actions played (Event cards come in the first turns; the Combat-card rounds are read by
#: ``tests/games/war_of_the_ring/test_languages_secrets.py``: a battle comes later than 40 s).
ACTIONS = 35
#: The bot deals each match from a seed of its own: where the dice gave no Event card to play in
#: the first actions, play goes on until one has been played (at most this many actions).
MOST_ACTIONS = 120
#: English a translated post never holds (the game's title, in the bot's heads, stays English:
#: docs/i18n.md).
TITLE = "War of the Ring"
ENGLISH = re.compile(r"\b(?:the|Waiting for|Your turn|plays|draws|rolls|attacks|moves)\b")
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def check_secrets(world: World, match: Match, mark: int, langs: dict[str | None, str]) -> None:
    """No public post, and no DM to a player, names in its reader's language a card he may not
    know of; each speaks its reader's language."""
    state = world.row(match.id).state
    assert state is not None
    created, edited = world.fd.activity_since(mark)
    secret = {reader: hidden(state, reader, lang) for reader, lang in langs.items()}
    for msg in [*created, *edited]:
        if msg.author is not world.fd.bot_user or (msg.ephemeral and msg.channel.type != DM):
            continue
        reader = None
        if msg.channel.type == DM:
            reader = next(r for r, u in match.players.items() if u is msg.channel.recipient)
        text, (names, known) = seen(msg), secret[reader]
        leaked = {what for name, what in names.items() if told(text, name, known)}
        assert not leaked, f"{langs[reader]}: {leaked} told to {reader or 'the table'}: {text!r}"
        assert not ENGLISH.search(msg.text.replace(TITLE, "")), (
            f"English to {reader or 'the table'}: {msg.text!r}"
        )
        if langs[reader] != "da":
            assert CJK.search(msg.text) or not msg.text, msg.text


async def autocomplete_hides_the_other_hand(
    world: World, match: Match, role: str, action: str, lang: str
) -> None:
    """The ``card:`` autocomplete of ``/wotr cards play`` or ``/wotr combat card`` (labels in the
    asker's language) names his cards, and none of the other hand."""
    state = world.row(match.id).state
    assert state is not None
    verb, *args = action.split(" ")
    command, filled = ("wotr cards play", {"die": args[0]}) if verb == "play" else ("wotr combat card", {})
    choices = await match.players[role].autocomplete(match.thread, command, focused="card", **filled, card="")
    assert choices, (command, action)
    names, known = hidden(state, role, lang)
    for choice in choices:
        assert not any(told(choice["name"], n, known) for n in names), (lang, choice)


def played_cards_shown(world: World, match: Match, logged: int, mark: int) -> int:
    """Every Event card played is shown in the thread by its Japanese name (a card picture's
    description)."""
    state = world.row(match.id).state
    assert state is not None
    played = [project(e, None)[1]["card"] for e in state["log"][logged:] if e["kind"] == "event_played"]
    created, edited = world.fd.activity_since(mark)
    pictures = [
        a.description or ""
        for m in [*created, *edited]
        if m.channel is match.thread
        for a in m.attachments
        if "-cards-" in a.filename
    ]
    for card in played:
        with speaking("ja"):
            name = card_name(card)
        assert any(name in d for d in pictures), f"{name} was played but the thread shows {pictures}"
    return len(played)


async def test_a_japanese_war_of_the_ring_match_between_a_danish_and_a_chinese_player_keeps_its_secrets(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path, commands=("game", "hand", "wotr"), settle=0.04) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        alice.locale, bob.locale = "da", "zh-CN"
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game="war-of-the-ring", side="free", language="ja")
        langs: dict[str | None, str] = {None: "ja", "free": "da", "shadow": "zh-CN"}
        rng, used, shown = seeded(23), Counter[str](), 0
        for moves in range(MOST_ACTIONS):
            state = world.row(match.id).state
            assert state is not None
            if state["result"] is not None or (moves >= ACTIONS and shown and used["card autocomplete"]):
                break
            role = rng.choice(world.active_roles(match))
            action = choose(world, match, role, world.legal(match, role), rng)
            if action.split(" ")[0] in ("play", "combat") and len(action.split(" ")) > 1:
                await autocomplete_hides_the_other_hand(world, match, role, action, langs[role])
                used["card autocomplete"] += 1
            logged, mark = len(state["log"]), world.fd.activity_mark()
            result = await play(world, match, role, action, moves % 4, used)
            assert not is_error(result), f"{action!r} by {role}: {result.text}"
            await world.until_announced(match)
            await world.fd.quiet(0.05)
            check_secrets(world, match, mark, langs)
            shown += played_cards_shown(world, match, logged, mark)
        thread = "\n".join(m.text for m in match.thread.messages[1:]).replace(TITLE, "")
        assert CJK.search(thread) and not ENGLISH.search(thread), thread
        print(f"{moves + 1} actions, {shown} Event cards shown, ways: {dict(used)}")
        assert shown and used["card autocomplete"], (shown, used)
        # /game status and /hand answer each in his language: his own cards, none of the other's.
        state = world.row(match.id).state
        assert state is not None
        for role, user in match.players.items():
            names, known = hidden(state, role, langs[role])
            with speaking(langs[role]):
                mine = [card_name(card) for card in state["hands"][role]]
            for command in ("game status", "hand"):
                said = await user.slash(match.thread, command)
                assert said.ephemeral and not is_error(said), said.text
                text = "\n".join([said.text, *(seen(m) for m in said.followups if m is not None)])
                if said.response is not None:
                    text += "\n" + seen(said.response)
                assert not {n for n in names if told(text, n, known)}, (role, command, text)
                assert not ENGLISH.search(text.replace(TITLE, "")), (role, command, text)
            assert all(name in said.text for name in mine), (role, mine, said.text)
