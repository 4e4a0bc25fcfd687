"""Every read and meta command, for players and a spectator: right answers, never a secret."""

from __future__ import annotations

from pathlib import Path

from games.core import find
from tests.e2e.harness import Match, World, assert_png, is_error, leaks, requires_bot, running_world
from tests.fakediscord import InteractionResult, User

pytestmark = requires_bot


def audience(match: Match, user: User) -> str | None:
    return next((role for role, u in match.players.items() if u is user), None)


def no_secrets(world: World, match: Match, user: User, result: InteractionResult) -> None:
    """Whatever ``user`` was shown names nothing that user's audience may not know."""
    state = world.row(match.id).state
    assert state is not None
    for message in [m for m in (result.response, *result.followups) if m is not None]:
        found = leaks(message.text, state, audience(match, user))
        assert not found, f"{user.name} was shown hidden {found}: {message.text!r}"
        for data in message.files:
            assert_png(data)


def render(view: dict[str, object]) -> bytes:
    import renderers

    return bytes(renderers.render_view(view))


async def test_read_commands_for_players_and_spectators_reveal_only_what_they_may_know(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob, carol = (world.users[n] for n in ("alice", "bob", "carol"))
        match = await world.new_match(alice, bob)
        ruleset = find("confrontation")
        for role, user in match.players.items():
            result = await world.pick(match, user, "autoplace")
            assert not is_error(result), result.text
            if "ready" in world.legal(match, role):
                assert not is_error(await world.pick(match, user, "ready"))
        thread = match.thread
        for user in (alice, bob, carol):
            status = await user.slash(thread, "game status")
            assert status.ephemeral and f"match #{match.id}" in status.text
            assert "The Fellowship: no character lost; 9 cards in hand" in status.text, status.text
            assert status.response is not None and not status.response.pinged, "a status answer pings nobody"
            no_secrets(world, match, user, status)
            log = await user.slash(thread, "game log")
            assert log.ephemeral and log.response is not None and not log.response.pinged
            no_secrets(world, match, user, log)
        # The public board, asked in the thread, is the public view's image for everyone to see.
        board = await carol.slash(thread, "game board")
        assert not board.ephemeral and board.files
        state = world.row(match.id).state
        assert state is not None
        assert board.files[0] == render(ruleset.view(state, None))
        no_secrets(world, match, carol, board)
        # A private board: only for a player, ephemeral, and exactly that player's view.
        for role, user in match.players.items():
            mine = await user.slash(thread, "game board", private=True)
            assert mine.ephemeral and mine.files
            assert mine.files[0] == render(ruleset.view(state, role))
            no_secrets(world, match, user, mine)
        refused = await carol.slash(thread, "game board", private=True)
        assert is_error(refused) and "not playing" in refused.text
        # A spectator's autocomplete offers no actions (it would tell him the players' options),
        # only a line saying why.
        offered = await carol.autocomplete(thread, "game act", focused="action", action="")
        assert [c["name"] for c in offered] == [
            f"You are watching match #{match.id}: only its players can act."
        ]
        listing = await alice.slash(world.games, "game list")
        assert listing.ephemeral and f"#{match.id}" in listing.text
        world.check_public()


async def test_undo_within_a_decision_and_resign_end_the_right_way(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.1) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        # Setup is one long private decision: a placement can be taken back.
        place = next(a for a in world.legal(match, "fellowship") if a.startswith("place "))
        placed = await world.pick(match, alice, place)
        assert not is_error(placed), placed.text
        before = world.row(match.id)
        undone = await alice.slash(match.thread, "game undo")
        assert not is_error(undone), undone.text
        after = world.row(match.id)
        assert after.version == before.version + 1, "an undo is a log entry: buttons see the change"
        assert after.state is not None and place in world.legal(match, "fellowship")
        assert [e[2] for e in world.actions(match.id)] == ["act", "undo"]
        world.check_public()  # the public note of the undo says nothing of what was placed
        nothing = await bob.slash(match.thread, "game undo")
        assert is_error(nothing)
        asked = await bob.slash(match.thread, "game resign")
        assert asked.ephemeral and "Resign match" in asked.text and world.row(match.id).status == "active"
        yes = next(c for c in asked.main.custom_ids() if c.startswith("palantir:resign:"))  # type: ignore[union-attr]
        gone = await bob.click(asked.main, yes)  # type: ignore[arg-type]
        assert not is_error(gone), gone.text
        final = world.row(match.id)
        assert final.status == "finished" and final.state is not None
        assert final.state["result"]["winners"] == ["fellowship"]
        end = await world.fd.wait_for_message(
            lambda m: m.channel is match.thread and "Every hidden piece is now shown" in m.content
        )
        assert end.files
        late = await alice.slash(match.thread, "game act", action="autoplace")
        assert is_error(late) and "over" in late.text
