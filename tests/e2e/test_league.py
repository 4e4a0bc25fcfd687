"""A league season through the fake Discord: a 4-player round-robin of the Confrontation from
`/league create` to the final standings, with resignations and one timeout (simulated time),
and the refusals a plain member gets."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from tests.e2e.harness import World, is_error, requires_bot, running_world, start_again
from tests.fakediscord import User

pytestmark = requires_bot

START = datetime(2026, 12, 2, 12, 0, tzinfo=UTC).timestamp()


def league_matches(world: World, league_id: int) -> list[tuple[int, str, int | None]]:
    with sqlite3.connect(world.db_path) as conn:
        rows = conn.execute(
            "SELECT id, status, thread_id FROM matches WHERE league_id = ? ORDER BY id", (league_id,)
        ).fetchall()
    return [(int(r[0]), str(r[1]), None if r[2] is None else int(r[2])) for r in rows]


async def resign(world: World, user: User, thread_id: int) -> None:
    thread = world.fd.channels[thread_id]
    asked = await user.slash(thread, "game resign")
    assert asked.main is not None and not is_error(asked), asked.text
    yes = next(c for c in asked.main.custom_ids() if c.startswith("palantir:resign:"))
    gone = await user.click(asked.main, yes)
    assert not is_error(gone), gone.text


async def test_a_round_robin_season_from_creation_to_the_final_table(tmp_path: Path) -> None:
    clock = tmp_path / "clock.txt"
    clock.write_text(f"{START}\n")
    env = {"PALANTIR_CLOCK_FILE": str(clock), "PALANTIR_TICK_EVERY": "0.2"}
    names = ("alice", "bob", "carol", "dave", "erin")
    async with running_world(
        tmp_path, names=names, commands=("game", "hand", "league"), settle=0.1, env=env
    ) as world:
        fd, users = world.fd, world.users
        alice, erin = users["alice"], users["erin"]
        world.guild.limit_permissions(erin)
        refused = await erin.slash(world.games, "league create", game="confrontation", name="Autumn Cup")
        assert is_error(refused) and "league admin" in refused.text

        made = await alice.slash(
            world.games, "league create", game="confrontation", name="Autumn Cup", pace="fast"
        )
        assert not is_error(made) and not made.ephemeral and "Autumn Cup" in made.text, made.text
        players = [users[n] for n in ("alice", "bob", "carol", "dave")]
        for user in players:
            joined = await user.slash(world.games, "league join", league="Autumn Cup")
            assert not is_error(joined) and "signed up" in joined.text, joined.text
        early = await erin.slash(world.games, "league start", league="Autumn Cup")
        assert is_error(early) and "league admin" in early.text
        started = await alice.slash(world.games, "league start", league="Autumn Cup")
        assert not is_error(started) and "6 matches" in started.text, started.text
        await fd.wait_for_message(lambda m: m.channel is world.games and "paired" in m.content)

        matches = league_matches(world, 1)
        assert len(matches) == 6 and all(status == "active" for _, status, _ in matches)
        for match_id, _, _ in matches:  # each thread opened, its two players mentioned once
            await fd.wait_for_message(lambda m, i=match_id: f"palantir:hand:{i}" in m.custom_ids())
        matches = league_matches(world, 1)
        pairs = {frozenset(world._seats(m).values()) for m, _, _ in matches}
        assert len(pairs) == 6, "every pair meets once"

        paused = await alice.slash(fd.channels[matches[0][2] or 0], "game pause")
        assert is_error(paused) and "League matches cannot be paused" in paused.text

        # Five matches end by resignation (the second-seated player gives up) ...
        for match_id, _, thread_id in matches[:5]:
            seats = world._seats(match_id)
            loser = seats["sauron"]
            assert thread_id is not None
            await resign(world, loser, thread_id)
        # ... and the last by a timeout: both banks run out in the secret set-up; one falls first.
        clock.write_text(f"{START + 13 * 3600}\n")
        final = await fd.wait_for_message(
            lambda m: m.channel is world.games and "Autumn Cup is over" in m.content
        )
        assert all(status == "finished" for _, status, _ in league_matches(world, 1))
        last = world.row(matches[5][0])
        assert last.state is not None and last.state["result"]["reason"] == "timeout"

        table = await erin.slash(world.games, "league standings", league="Autumn Cup")
        assert not is_error(table) and not table.ephemeral, table.text
        message = table.main
        assert message is not None and message.files and message.files[0].startswith(b"\x89PNG")
        assert message.attachments[0].description and "Autumn Cup" in message.attachments[0].description
        block = table.text.split("```")[1].strip().splitlines()
        head, body = block[0].split(), [line.split() for line in block[1:]]
        assert {row[1].lower() for row in body} == {u.name for u in players}, block
        assert sum(float(row[head.index("Pts")]) for row in body) == 6 * 2, (
            "every match gave out a win's points"
        )
        assert "Sonneborn" in table.text and "Ratings by side: " in table.text and "Fellowship " in table.text
        assert "Autumn Cup" in final.content
        picture = await fd.wait_for_message(
            lambda m: (
                m.channel is world.games and any(a.filename.endswith("standings.png") for a in m.attachments)
            ),
        )
        assert picture.files[0].startswith(b"\x89PNG"), "the final table is posted as a picture"
        schedule = await alice.slash(world.games, "league schedule", league="Autumn Cup")
        assert schedule.text.count("won by") == 6 and "on time" in schedule.text, schedule.text
        mine = await users["bob"].slash(world.games, "league my-matches", league="Autumn Cup")
        assert mine.ephemeral and "Autumn Cup, round" in mine.text and "(Fellowship)" in mine.text, mine.text


async def test_a_swiss_season_pairs_its_rounds_across_a_bot_restart(tmp_path: Path) -> None:
    names = ("alice", "bob", "carol", "dave", "erin")
    async with running_world(tmp_path, names=names, commands=("game", "hand", "league"), settle=0.1) as world:
        fd, users = world.fd, world.users
        alice = users["alice"]
        made = await alice.slash(
            world.games, "league create", game="confrontation", name="Swiss Open", format="swiss", rounds=3
        )
        assert not is_error(made), made.text
        for user in users.values():
            assert not is_error(await user.slash(world.games, "league join", league="Swiss Open"))
        await alice.slash(world.games, "league start", league="Swiss Open")
        played: set[frozenset[int]] = set()
        byes: list[str] = []
        for number in (1, 2, 3):
            await fd.wait_for_message(
                lambda m, n=number: m.channel is world.games and f"round {n} paired" in m.content
            )
            notice = next(m for m in reversed(world.games.messages) if f"round {number} paired" in m.content)
            byes += [line for line in notice.content.splitlines() if line.startswith("Bye")]
            current = [m for m in league_matches(world, 1) if m[1] == "active"]
            assert len(current) == 2, current  # five players: two matches and a bye
            for match_id, _, _ in current:
                await fd.wait_for_message(lambda m, i=match_id: f"palantir:hand:{i}" in m.custom_ids())
                seats = world._seats(match_id)
                pair = frozenset(u.id for u in seats.values())
                assert pair not in played, "no pairing is repeated"
                played.add(pair)
            (first, _, first_thread), (second, _, second_thread) = current
            await resign(world, world._seats(first)["sauron"], first_thread or 0)
            if number == 2:  # the bot dies between two results of a round, and comes back
                await world.bot.kill9()
                await start_again(fd, world.bot)
            await resign(world, world._seats(second)["fellowship"], second_thread or 0)
        await fd.wait_for_message(lambda m: m.channel is world.games and "Swiss Open is over" in m.content)
        assert len(set(byes)) == 3, f"a different bye each round: {byes}"
        assert len(league_matches(world, 1)) == 6
