"""Each player reads his own language in private; the match's posts speak the match's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.e2e.harness import is_error, requires_bot, running_world
from tests.fakediscord.model import labels

pytestmark = requires_bot


def _dm_saying(user: Any, words: str) -> Callable[[Any], bool]:
    """A message condition: a DM to ``user`` that says ``words``."""
    return lambda message: message in user.dms and words in message.content


async def test_a_japanese_a_danish_and_a_chinese_player_each_read_their_own_language(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob, carol = (world.users[n] for n in ("alice", "bob", "carol"))
        alice.locale, bob.locale, carol.locale = "ja", "da", "zh-CN"
        match = await world.new_table(alice, [bob, carol], game="lotr-risk", players="3", language="da")
        # The lobby, public, is in the match's language (Danish) for everyone.
        lobby = match.lobby.text
        assert f"kamp #{match.id}" in lobby and "Spillere:" in lobby and "Dansk" in lobby, lobby
        # So is the thread: its first post and its waiting line (the game's own words come next).
        first = match.thread.messages[0].text
        assert f"kamp #{match.id} begynder!" in first and "Brug knapperne nedenfor" in first, first
        # The buttons of the public posts speak it too.
        assert "Min hånd" in labels(match.lobby.components), labels(match.lobby.components)
        shown = labels(match.thread.messages[0].components)
        assert "Tag min tur" in shown and "Min hånd" in shown, shown
        # What each reads alone is in his client's language: his DM prompt (the bot's words in it;
        # the game's own come with the games' catalogs) ...
        # (each DM waited for: the first picture in a new language takes a moment to draw)
        for user, words in ((alice, "あなたの担当は"), (bob, "du spiller"), (carol, "你执")):
            await world.fd.wait_for_message(_dm_saying(user, words))
        said = {u: "\n".join(m.content for m in u.dms) for u in (alice, bob, carol)}
        assert "あなたの担当は" in said[alice], said[alice]
        assert "du spiller" in said[bob], said[bob]
        assert "你执" in said[carol], said[carol]
        # ... with its menus' own words (the game's choices come with its catalog): whoever has a
        # menu now reads its placeholder in his language.
        menus = {u: labels([c for m in u.dms for c in m.components]) for u in (alice, bob, carol)}
        placeholder = {alice: "選択…", bob: "Vælg…", carol: "选择…"}
        assert any(menus.values()) and all(placeholder[u] in m for u, m in menus.items() if m), menus
        assert not any("Choose…" in m for m in menus.values()), menus
        # ... and his answers.
        listing = {u: await u.slash(world.games, "game list") for u in (alice, bob, carol)}
        assert "ここでのあなたの対戦" in listing[alice].text, listing[alice].text
        assert "Dine kampe her" in listing[bob].text, listing[bob].text
        assert "你在这里的对局" in listing[carol].text, listing[carol].text
        assert all(r.ephemeral for r in listing.values())
        # So are refusals.
        again = {u: await u.slash(world.games, "game join", match=str(match.id)) for u in (alice, bob, carol)}
        assert all(is_error(r) for r in again.values())
        assert "もう参加を受け付けていません" in again[alice].text, again[alice].text
        assert "er ikke længere åben for spillere" in again[bob].text, again[bob].text
        assert "已不再接受玩家加入" in again[carol].text, again[carol].text
        # A language chosen with /settings wins over the client's, and is said in itself.
        chosen = await bob.slash(world.games, "settings", language="ja")
        assert chosen.ephemeral and "日本語" in chosen.text and "タイムゾーン" in chosen.text, chosen.text
        assert "ここでのあなたの対戦" in (await bob.slash(world.games, "game list")).text
        back = await bob.slash(world.games, "settings", language="auto")
        assert "Dine indstillinger" in back.text, back.text
        # Autocomplete labels too (Discord does not translate them).
        offered = await carol.autocomplete(match.thread, "game status", focused="match", match="")
        assert offered and all("对局" not in c["name"] or str(match.id) in c["name"] for c in offered)
        assert any("进行中" in c["name"] for c in offered), offered


async def test_a_match_speaks_its_servers_language_unless_told_otherwise(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        world.games.guild.locale = "zh-CN"
        opened = await alice.slash(world.games, "game new", game="confrontation", side="fellowship")
        assert not opened.ephemeral and "对局 #" in opened.text and "玩家：" in opened.text, opened.text
        english = await bob.slash(world.games, "game new", game="confrontation", language="en")
        assert "— match #" in english.text and "Players:" in english.text, english.text


async def test_a_confrontation_thread_speaks_the_match_language_each_dm_its_reader(tmp_path: Path) -> None:
    """The game's own words too: a Japanese match between a Chinese and a Danish player."""
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        alice.locale, bob.locale = "zh-CN", "da"
        match = await world.new_table(alice, [bob], game="confrontation", side="fellowship", language="ja")
        # Each sets up from his DM prompt, which speaks his language (the engine's words in it).
        chinese = await world.fd.wait_for_message(lambda m: m in alice.dms and "秘密布置" in m.content)
        assert "霞尔" in chinese.content, chinese.content
        danish = await world.fd.wait_for_message(
            lambda m: m in bob.dms and "Stil op i hemmelighed" in m.content
        )
        assert "Mordor" in danish.content and "Still to place" not in danish.content, danish.content
        for user in (alice, bob):
            for step in ("autoplace", "ready"):
                done = await world.pick(match, user, step)
                assert not is_error(done), done.text
        await world.until_announced(match)
        # The thread tells it in Japanese: the game's events and what it waits for.
        thread = "\n".join(m.text for m in match.thread.messages)
        assert "両陣営の配置が終わりました" in thread, thread
        assert "サウロンの移動を待っています" in thread or "旅の仲間の移動を待っています" in thread, thread
        assert "Both sides have set up" not in thread and "Waiting for" not in thread, thread
        # Sauron's next question reaches Bob in Danish.
        turn = await world.fd.wait_for_message(lambda m: m in bob.dms and "Din tur" in m.content)
        assert "Your turn" not in turn.content, turn.content
        # /rules answers each in his own language.
        rules = await alice.slash(world.games, "rules", game="confrontation", topic="balrog")
        assert rules.ephemeral and "炎魔" in rules.text, rules.text
