"""A complete Confrontation match between two users, through slash commands and components only.

The table is quiet: a step worth seeing gets one post with the public board, a hidden step
(a secret set-up placement, a card chosen in secret, an undo) posts nothing, a battle's result
is told in the post of the move that started it, a round's reply in the post of its first move
(edited, with the new board: see ``Table``), and the lobby
message is the one living status, edited after every move.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from games.core import find, project
from tests.e2e.harness import (
    Match,
    Table,
    World,
    assert_png,
    is_error,
    leaks,
    requires_bot,
    running_world,
    seeded,
    typed,
)
from tests.fakediscord import InteractionResult, Message, User

pytestmark = requires_bot

MOVE_LIMIT = 400
RULESET = find("confrontation")


def row_state(world: World, match: Match) -> dict[str, Any]:
    state = world.row(match.id).state
    assert state is not None
    return state


def choose(legal: list[str], rng: random.Random) -> str:
    """A random legal action; during setup place everything at once to keep the match short."""
    for quick in ("autoplace", "ready"):
        if quick in legal:
            return quick
    return rng.choice(legal)


def public_render(world: World, match: Match) -> bytes | None:
    """What the public board image must be: the renderer applied to the public view."""
    import renderers

    render = getattr(renderers, "render_view", None)
    state = world.row(match.id).state
    if render is None or state is None:
        return None
    ruleset = find("confrontation")
    view = ruleset.view(state, None) if state.get("result") is None else ruleset.final_reveal(state)
    return bytes(render(view, layout="compact"))


def worth_a_post(world: World, match: Match) -> bool:
    """Whether the newest entry showed the public something (else the table stays quiet)."""
    row = world.row(match.id)
    assert row.state is not None
    if row.state.get("result") is not None:
        return True
    seq = world.actions(match.id)[-1][1]
    quiet = find("confrontation").quiet_events
    return any(e["seq"] == seq and project(e, None)[0] not in quiet for e in row.state["log"])


async def play(
    world: World, match: Match, role: str, action: str, how: int, used: Counter[str]
) -> InteractionResult:
    """Play ``action``: from the menus (how 0-1), the typed per-game command (2) or ``/game act`` (3)."""
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    spec = next((c for c in find("confrontation").commands if c.verb == verb), None)
    if how == 2 and spec is not None and len(spec.params) == len(args):
        used["typed"] += 1
        return await typed(world, match, user, spec.path, [p.name for p in spec.params], action, legal)
    if how >= 2:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]  # "…": an entry that only explains
        assert values, f"autocomplete offered nothing for {verb!r}"
        assert set(values) <= set(legal), "autocomplete offered an illegal action"
        used["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    # "Take my turn" on the newest thread prompt opens the player's menus privately.
    if how == 1 and (taken := await world.take_my_turn(match, user, action)) is not None:
        used["my turn"] += 1
        return taken
    used["menu"] += 1
    return await world.pick(match, user, action)


def pushed_dms(world: World, user: User, since: int) -> list[Message]:
    """Private prompts the bot pushed to ``user`` by DM (not replies to the user's clicks)."""
    created, _ = world.fd.activity_since(since)
    return [m for m in created if m.channel.recipient is user and m.interaction_metadata is None]


def board_post(match: Match, step: int) -> Message | None:
    """The newest thread post with the board of public ``step`` (or the final picture)."""
    for msg in reversed(match.thread.messages):
        names = [a.filename for a in msg.attachments]
        if any(("-board-" in n and n.endswith(f"-s{step}.png")) or "-final-" in n for n in names):
            return msg
    return None


async def test_a_complete_confrontation_match_with_buttons_and_slash_commands(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.15) as world:
        fd = world.fd
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob, side="fellowship")
        assert match.players == {"fellowship": alice, "sauron": bob}
        rng = seeded(7)
        start = board_post(match, world.step(match))
        assert start is not None and assert_png(start.files[0])
        world.check_public()
        moves = shown = 0
        table = Table()
        used: Counter[str] = Counter()
        while world.row(match.id).state["result"] is None:  # type: ignore[index]
            active = world.active_roles(match)
            assert active, "a running match must always have someone to move"
            role = rng.choice(active)
            user = match.players[role]
            legal = world.legal(match, role)
            prompt = await world.fresh_prompt(match, user)
            assert prompt is not None, f"{role} is to move but got no action menu"
            offered = world.offered(prompt)
            assert set(offered) <= set(legal), "the menus offer an illegal action"
            if len(legal) <= 100:
                assert set(offered) == set(legal), "the menus miss legal actions"
            action = choose(legal, rng)
            version = world.row(match.id).version
            mark = fd.activity_mark()
            result = await play(world, match, role, action, moves % 4, used)
            assert not is_error(result), result.text
            assert result.ephemeral, "the acting player's confirmation is private"
            row = world.row(match.id)
            assert row.version == version + 1
            assert world.actions(match.id)[-1][3:5] == (role, action)
            state = row_state(world, match)
            told = table.step(
                role,
                visible=worth_a_post(world, match),
                over=state.get("result") is not None,
                exchange=RULESET.exchange(state),
            )
            if worth_a_post(world, match):
                shown += 1
                step = world.step(match)
                board = await fd.wait_for_message(
                    lambda m, v=step: m.channel is match.thread and board_post(match, v) is m,
                    since=mark,
                )
                assert_png(board.files[0])
                assert board.attachments[0].description, "the board has a description for screen readers"
                expected = public_render(world, match)
                if expected is not None:
                    assert board.files[0] == expected, "the public board is not the public view's image"
            await fd.quiet(0.1)
            assert not world.boards_since(match, mark) or worth_a_post(world, match), "a hidden step posted"
            if state.get("result") is None:  # (the end's picture is the full reveal, checked below)
                assert bool(world.boards_since(match, mark)) == (told == "post"), f"expected: {told}"
            boards = sum(1 for m in match.thread.messages if m.files)
            assert boards == table.posts + 1, f"{boards} boards for {table.posts} new posts (+ the start)"
            world.check_public()
            for other_role, other in match.players.items():
                for dm in pushed_dms(world, other, mark):
                    assert dm.files, "a private prompt carries the private board"
                    assert_png(dm.files[0])
                    assert not leaks(dm.text, row.state, other_role), "a DM shows the opponent's secrets"  # type: ignore[arg-type]
            moves += 1
            assert moves < MOVE_LIMIT, "the match should have ended"
        final = world.row(match.id)
        assert final.status == "finished"
        end = await fd.wait_for_message(
            lambda m: m.channel is match.thread and "Every hidden piece is now shown" in m.content
        )
        assert "Game over" in end.content and end.files
        assert_png(end.files[0])
        assert end.files[0] == public_render(world, match), "the final image is the full reveal"
        assert len(world.actions(match.id)) == moves
        assert used["menu"] and used["act"] and used["my turn"] and (used["typed"] or moves < 12), used
        assert alice.dms and bob.dms, "both players got their private prompts by DM"
        assert sum("Game over" in m.content for m in match.thread.messages) == 1, "the result is told once"
        assert 0 < shown < moves, "some steps were hidden and posted nothing"
        # Half a post per action at most, besides the start and the end (the match's seed is
        # random, and a short match is mostly its start and end).
        assert table.posts - 1 <= moves / 2, f"{table.posts + 1} thread posts for {moves} actions"
        await fd.wait_for_message(lambda m: m is match.lobby and "Game over" in m.text)
        status = match.lobby.text
        assert "Game over" in status and "palantir:myturn" not in " ".join(match.lobby.custom_ids()), status
        assert len(match.lobby.history) > moves // 2, "the living status is edited, not re-posted"
