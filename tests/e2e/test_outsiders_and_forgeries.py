"""Clicks and options Discord would let through but the bot must refuse: a **Cancel** forged
onto a message that is not its own confirmation, and a seat handed to someone outside the server."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import is_error, requires_bot, running_world

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
