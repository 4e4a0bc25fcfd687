"""Days-long play through the fake Discord with simulated time (the bot reads the clock file).

One match under the `fast` pace: a reminder to the awaited player only, quiet hours that hold
the next one back, a bot stopped past the deadline and restarted (the timeout is handled once,
at once), spectators who see no secret, the rematch with sides swapped, a substitute, and the
finished match exported and imported again to the identical state.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from tests.e2e.harness import Match, World, is_error, leaks, requires_bot, running_world, start_again
from tests.fakediscord import User
from tests.fakediscord.model import Message

pytestmark = requires_bot

START = datetime(2026, 12, 2, 0, 0, tzinfo=UTC).timestamp()
HOUR = 3600.0


class SimulatedTime:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = START
        self.set(START)

    def set(self, at: float) -> None:
        self.now = at
        self.path.write_text(f"{at}\n", encoding="utf-8")

    def advance(self, seconds: float) -> None:
        self.set(self.now + seconds)


def reminders(match: Match, user: User) -> list[Message]:
    """Clock reminders anywhere: the thread or ``user``'s DMs."""
    return [
        *[m for m in match.thread.messages if m.content.startswith("⏰")],
        *[m for m in user.dms if m.content.startswith("⏰")],
    ]


def reminder_times(db: Path, match_id: int, role: str) -> tuple[float, float, float]:
    """When the awaited player's next two reminders fall due, and his deadline (from the clocks)."""
    from bot.pace import Clock, parse_pace

    with sqlite3.connect(db) as conn:
        pace_text = conn.execute("SELECT pace FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        bank, since = conn.execute(
            "SELECT bank, running_since FROM clocks WHERE match_id = ? AND role = ?", (match_id, role)
        ).fetchone()
    pace = parse_pace(pace_text)
    assert pace is not None
    clock = Clock(float(bank), float(since))
    first = clock.reminder_at(pace)
    assert first is not None
    mark = round(clock.bank - (first - clock.running_since))  # type: ignore[operator]
    second = clock.reminded_of(mark, pace).reminder_at(pace)
    assert second is not None
    return first, second, clock.deadline() or 0.0


def hhmm(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%H:%M")


async def settle_setup(world: World, match: Match) -> None:
    for role, user in match.players.items():
        assert not is_error(await world.pick(match, user, "autoplace"))
        if "ready" in world.legal(match, role):
            assert not is_error(await world.pick(match, user, "ready"))


def raw_state(db: Path, match_id: int) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT state FROM matches WHERE id = ?", (match_id,)).fetchone()[0])


async def test_a_fast_match_reminds_times_out_across_a_restart_and_plays_again(tmp_path: Path) -> None:
    clock = SimulatedTime(tmp_path / "clock.txt")
    env = {"PALANTIR_CLOCK_FILE": str(clock.path), "PALANTIR_TICK_EVERY": "0.2"}
    async with running_world(tmp_path, settle=0.1, env=env) as world:
        await world.no_confirm(*world.users.values())
        fd, alice, bob, carol = world.fd, world.users["alice"], world.users["bob"], world.users["carol"]
        match = await world.new_table(alice, [bob], game="confrontation", side="fellowship", pace="fast")
        assert "Pace: **12h+2h/1d**" in match.lobby.content, match.lobby.content
        await settle_setup(world, match)
        (waited_role,) = world.active_roles(match)
        waited = match.players[waited_role]
        other = next(u for u in match.players.values() if u is not waited)

        # A spectator follows: the public view only.
        followed = await carol.slash(match.thread, "game follow")
        assert followed.ephemeral and "You follow match" in followed.text
        hand = await carol.slash(match.thread, "hand")
        assert hand.ephemeral and "spectators have no hand" in hand.text
        status = await carol.slash(match.thread, "game status")
        state = world.row(match.id).state
        assert state is not None and not leaks(status.text, state, None)
        assert "runs out <t:" in status.text, status.text

        # The first reminder mark (half the bank, or 12 h left if the set-up's bonus lifted the
        # bank above that): to the awaited player only, told once: by a DM that notifies him
        # (his DMs are open), nothing in the thread.
        first_at, second_at, deadline = reminder_times(world.db_path, match.id, waited_role)
        clock.set(first_at + 60)
        first = await fd.wait_for_message(
            lambda m: m.channel.recipient is waited and m.content.startswith("⏰")
        )
        assert waited.mention in first.content and other.mention not in first.content
        assert not first.flags & (1 << 12), "the reminder notifies him"
        assert reminders(match, other) == [], "nothing in the thread, nothing to the other player"
        assert reminders(match, waited) == [first]

        # Quiet hours around the next mark hold that reminder back until they end.
        begin, end = second_at - HOUR / 2, second_at + HOUR / 4
        quiet = await waited.slash(
            match.thread, "settings", time_zone="UTC", quiet=f"{hhmm(begin)}-{hhmm(end)}"
        )
        assert f"{hhmm(begin)}–{hhmm(end)}" in quiet.text, quiet.text
        clock.set(second_at + 60)
        await asyncio.sleep(1.0)
        assert len(reminders(match, waited)) == 1, "no reminder during quiet hours"
        clock.set(end + 60)
        await fd.wait_for_message(
            lambda m: m.channel.recipient is waited and m.content.startswith("⏰") and m is not first,
        )
        assert len(reminders(match, waited)) == 2 and end + 60 < deadline

        # The bot is down when the bank runs out; back hours later, it ends the match at once, once.
        await world.bot.kill9()
        clock.set(deadline + 6 * HOUR)
        await start_again(fd, world.bot)
        await fd.wait_for_message(lambda m: m.channel is match.thread and "ran out of time" in m.content)
        await fd.quiet(0.8)
        told = [m for m in match.thread.messages if "ran out of time" in m.content]
        assert len(told) == 1, [m.content for m in told]
        row = world.row(match.id)
        assert row.status == "finished" and row.state is not None
        assert row.state["result"]["reason"] == "timeout"
        assert row.state["result"]["winners"] == [match.role_of(other)]
        timeouts = [a for a in world.actions(match.id) if a[4] == "timeout"]
        assert len(timeouts) == 1

        await replay(world, match, carol)
        await rematch_substitute_and_spectate(world, match, waited, other, carol)
        await export_and_import(world, match, other, carol, alice)


async def replay(world: World, match: Match, spectator: User) -> None:
    """Anyone may replay a finished match: an animated picture and the whole public log."""
    import io

    from PIL import Image

    shown = await spectator.slash(match.thread, "game replay")
    assert not is_error(shown) and not shown.ephemeral, shown.text
    message = shown.main
    assert message is not None
    names = [a.filename for a in message.attachments]
    assert names == [f"confrontation-{match.id}-replay.gif", f"confrontation-{match.id}-log.txt"], names
    with Image.open(io.BytesIO(message.files[0])) as gif:
        assert gif.format == "GIF" and getattr(gif, "n_frames", 1) >= 2
    log = message.files[1].decode("utf-8")
    assert "ran out of time" in log and "Both sides have set up" in log, log


async def rematch_substitute_and_spectate(
    world: World, match: Match, waited: User, other: User, carol: User
) -> None:
    fd = world.fd
    final = next(
        m for m in reversed(match.thread.messages) if "palantir:rematch:" in " ".join(m.custom_ids())
    )
    rematch_id = next(c for c in final.custom_ids() if c.startswith("palantir:rematch:"))
    asked = await other.click(final, rematch_id)
    assert not is_error(asked) and "Rematch lobby opened" in asked.text, asked.text
    lobby = await fd.wait_for_message(lambda m: m.channel is world.games and "Rematch of match" in m.content)
    assert waited.id in lobby.pinged, "the other player is invited once"
    stranger = await carol.click(lobby, next(c for c in lobby.custom_ids() if c.startswith("palantir:join:")))
    assert is_error(stranger) and "only its players" in stranger.text
    joined = await waited.click(lobby, next(c for c in lobby.custom_ids() if c.startswith("palantir:join:")))
    assert not is_error(joined), joined.text
    new_id = int(lobby.custom_ids()[0].rsplit(":", 1)[1])
    await fd.wait_for_message(lambda m: f"palantir:hand:{new_id}" in m.custom_ids())
    seats = world._seats(new_id)
    assert {r: u.id for r, u in seats.items()} == {
        match.role_of(waited): other.id,
        match.role_of(other): waited.id,
    }, "the sides are swapped"

    # A substitute: the waited player hands his seat to Carol, who gets it (and he loses it).
    thread = world.fd.channels[lobby.id]
    world.guild.limit_permissions(carol)
    refused = await carol.slash(thread, "game substitute", player=other, to=carol)
    assert is_error(refused) and "server admin" in refused.text
    handed = await waited.slash(thread, "game substitute", player=waited, to=carol)
    assert not is_error(handed) and "now plays" in handed.text, handed.text
    mine = await carol.slash(thread, "hand")
    assert mine.ephemeral and not is_error(mine), mine.text
    gone = await waited.slash(thread, "hand")
    assert is_error(gone) and "no hand" in gone.text
    assert carol.name.title() in thread.name and waited.name.title() not in thread.name, thread.name
    assert carol.dms and "you play" in carol.dms[-1].content, "the new player has his private view at once"


async def export_and_import(world: World, match: Match, player: User, carol: User, admin: User) -> None:
    exported = await player.slash(match.thread, "game export")
    assert exported.ephemeral and exported.files, exported.text
    document = json.loads(exported.files[0])
    assert document["format"] == "palantir-match" and document["entries"][-1]["action"] == "timeout"
    upload = world.fd.store_attachment(world.games, "match.json", exported.files[0], "application/json", None)
    refused = await carol.slash(world.games, "game import", file=upload)
    assert is_error(refused) and "server admin" in refused.text
    imported = await admin.slash(world.games, "game import", file=upload)
    assert not is_error(imported) and "Imported as match #" in imported.text, imported.text
    new_id = int(imported.text.split("Imported as match #", 1)[1].split(" ", 1)[0])
    assert raw_state(world.db_path, new_id) == raw_state(world.db_path, match.id), "byte-identical states"
