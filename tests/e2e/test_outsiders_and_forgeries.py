"""Clicks and options Discord would let through but the bot must refuse (a **Cancel** forged
onto a message that is not its own confirmation, a seat handed to someone outside the server),
and a match whose stored log no longer replays: neutral answers, one notice for the admins."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.harness import is_error, requires_bot, running_world, start_again

pytestmark = requires_bot


async def test_a_forged_cancel_and_a_seat_for_an_outsider_change_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        status = match.lobby  # the match's living status, public
        # Discord only sends ids that are on the message: forge the message's button itself.
        cancel = f"palantir:cancel:{match.id}"
        status.components = [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "Cancel", "custom_id": cancel}]}
        ]
        text, components = status.content, status.components
        forged = await bob.click(status, cancel)
        assert is_error(forged) and "nothing to cancel" in forged.text, forged.text
        assert status.content == text and status.components == components, "the status was edited"
        fingerprint = world.fingerprint()

        dave = world.fd.create_user("dave")  # a Discord user, not a member of this server
        refused = await alice.slash(match.thread, "game substitute", player=alice, to=dave)
        assert is_error(refused) and "not a member of this server" in refused.text, refused.text
        assert world.fingerprint() == fingerprint, "the seat changed hands"
        mine = await alice.slash(match.thread, "hand")
        assert not is_error(mine), mine.text


async def test_a_log_that_no_longer_replays_is_told_to_admins_and_leaks_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path, expected_errors=("cannot be rebuilt",)) as world:
        alice, bob, carol = world.users["alice"], world.users["bob"], world.users["carol"]
        match = await world.new_match(alice, bob)
        placed = await alice.slash(match.thread, "game act", action="autoplace")
        assert not is_error(placed), placed.text
        await world.fd.quiet(0.3)
        (first,) = [a for a in world.actions(match.id)]
        await world.bot.stop()
        # An upgrade (or a damaged row) makes the stored entry one the rules refuse: the
        # refusal would name what is still to place, the fellowship's secret.
        with sqlite3.connect(world.db_path) as conn:
            conn.execute("UPDATE actions SET action = 'place frodo mordor' WHERE id = ?", (first[0],))
            conn.execute("UPDATE matches SET state = NULL WHERE id = ?", (match.id,))
        await start_again(world.fd, world.bot)
        thread = match.thread
        before = len(thread.messages)
        for asker in (carol, bob, carol):  # a spectator, the opponent, the spectator again
            answer = await asker.slash(thread, "game status", match=str(match.id))
            assert is_error(answer) and "cannot go on" in answer.text, answer.text
            assert "place" not in answer.text.lower() and "frodo" not in answer.text.lower()
        notice = await world.fd.wait_for_message(
            lambda m: m.channel is thread and "For the server's admins" in m.content
        )
        await world.fd.quiet(0.3)
        assert [m for m in thread.messages[before:] if not m.ephemeral] == [notice], "told once, nothing else"
        assert "frodo" not in notice.content.lower()
        assert f"match {match.id} cannot be rebuilt" in world.bot.output
        assert "place frodo mordor" not in world.bot.output, "the refused move's words at INFO"
