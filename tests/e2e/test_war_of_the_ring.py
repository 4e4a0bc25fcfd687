"""War of the Ring through the fake Discord: a few hundred actions of a real match, then a
``kill -9`` in the middle of a battle, then the end.

Every action is made as a player would: a button or menu of the private prompt, the typed
``/wotr …`` command with its autocomplete, ``/game act``, or **Take my turn** on the thread's
prompt. After each action the oracles check the table: the action counted once, a step worth
seeing is posted with the public board (the public view's image), a hidden step posts nothing,
and no public post or DM to the opponent names a card in a hand. Then the bot is killed while
a battle decision is in flight, comes back, and the battle goes on from the committed state;
``/wotr zoom``, ``/hand`` and a resignation end the match with its result told once. The thread
stays quiet: at most 0.3 posts per action (a die action with all its steps is one post).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from games.core import find, project
from tests.e2e.harness import Match, World, assert_png, is_error, requires_bot, running_world, seeded, typed
from tests.fakediscord import InteractionResult
from tests.fakediscord.model import DM

pytestmark = requires_bot

GAME = "war-of-the-ring"
USERS = ("alice", "bob", "carol")
COMMANDS = ("game", "hand", "wotr")
#: Actions before the driver looks for a battle to interrupt; and at most this many in all.
WARM_UP, LIMIT = 200, 700


def ruleset() -> Any:
    return find(GAME)


def choose(world: World, match: Match, role: str, legal: list[str], rng: random.Random) -> str:
    """A legal action that brings battles on: the Shadow attacks whenever it can, battles go on,
    the Free Peoples move the Fellowship often; otherwise any legal action."""

    def some(*verbs: str) -> list[str]:
        return [a for a in legal if a.split(" ")[0] in verbs]

    state = world.row(match.id).state
    assert state is not None
    if role == "shadow" and some("attack", "attack-leader") and rng.random() < 0.9:
        return rng.choice(some("attack", "attack-leader"))
    for verb in ("go", "continue", "fight", "advance-all"):
        if verb in legal and rng.random() < 0.8:
            return verb
    if role == "free" and some("move-fellowship") and rng.random() < 0.5:
        return rng.choice(some("move-fellowship"))
    if some("move-armies") and rng.random() < 0.5:
        return rng.choice(some("move-armies"))
    if "all" in legal and rng.random() < 0.7:
        return "all"
    return rng.choice(legal)


async def play(
    world: World, match: Match, role: str, action: str, how: int, used: Counter[str]
) -> InteractionResult:
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    specs = [c for c in ruleset().commands if c.verb == verb and len(c.params) >= len(args)]
    if how == 2 and specs:
        spec = specs[0]
        used["typed"] += 1
        name = f"{spec.group} {spec.name}".strip()
        return await typed(world, match, user, name, [p.name for p in spec.params], action, legal)
    if how == 3 and action in legal:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]
        assert values and set(values) <= set(legal), "autocomplete offers only legal actions"
        used["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    used["menu"] += 1
    return await world.pick(match, user, action)


def worth_a_post(world: World, match: Match, logged: int) -> bool:
    row = world.row(match.id)
    assert row.state is not None
    if row.state["result"] is not None:
        return True
    quiet = ruleset().quiet_events
    return any(project(e, None)[0] not in quiet for e in row.state["log"][logged:])


def hidden_cards(state: dict[str, Any], reader: str | None) -> set[str]:
    """Names (event and combat halves) of the cards the other side holds or discarded face down.
    A combat name is on several cards: once a card with it was played face up, it is public."""
    from games.war_of_the_ring.data import CARDS

    shown = {
        CARDS[c].combat.name
        for pile in ("played", "table")
        for cards in state.get(pile, {}).values()
        for c in cards
    }
    names: set[str] = set()
    for side in state["roles"]:
        if side == reader:
            continue
        for card in [*state["hands"][side], *state["discards"][side]]:
            names.add(CARDS[card].name)
            if CARDS[card].combat.name not in shown:
                names.add(CARDS[card].combat.name)
    return names


def check_secrets(world: World, match: Match, since: int) -> None:
    """No public post, and no DM to the other player, names a card held in secret."""
    state = world.row(match.id).state
    assert state is not None
    created, edited = world.fd.activity_since(since)
    for msg in [*created, *edited]:
        if msg.author is not world.fd.bot_user or (msg.ephemeral and msg.channel.type != DM):
            continue
        reader = None
        if msg.channel.type == DM:
            reader = next((r for r, u in match.players.items() if u is msg.channel.recipient), None)
        for name in hidden_cards(state, reader):
            assert name not in msg.text, (
                f"{name!r} is secret but shown to {reader or 'everyone'}: {msg.text!r}"
            )
        for data in msg.files:
            assert_png(data)


async def one_action(world: World, match: Match, rng: random.Random, moves: int, used: Counter[str]) -> None:
    fd = world.fd
    state = world.row(match.id).state
    assert state is not None
    active = world.active_roles(match)
    assert active, "a running match always has someone to act"
    role = rng.choice(active)
    legal = world.legal(match, role)
    action = choose(world, match, role, legal, rng)
    version, logged = world.row(match.id).version, len(state["log"])
    mark = fd.activity_mark()
    result = await play(world, match, role, action, moves % 4, used)
    assert not is_error(result), f"{action!r} by {role}: {result.text}"
    row = world.row(match.id)
    assert row.version == version + 1, f"{action!r} by {role} did not count: {result.text}"
    assert world.actions(match.id)[-1][3:5] == (role, action), f"way {moves % 4}: {legal}"
    await world.until_announced(match)  # (this step told; the one before too, in order)
    await fd.quiet(0.05)
    if worth_a_post(world, match, logged):
        used["posts"] += 1
    else:
        assert not world.boards_since(match, mark), f"a hidden step posted ({action!r})"
    check_secrets(world, match, mark)


async def whole_move_in_one_line(world: World, match: Match, rng: random.Random, used: Counter[str]) -> None:
    """An Army move typed whole with ``/wotr do``, each step picked from its autocomplete: every
    step is committed as its own entry; a line with a refused step changes nothing."""
    for moves in range(200):
        role = world.active_roles(match)[0]
        starts = [a for a in world.legal(match, role) if a.startswith("move-armies ")]
        if len(world.active_roles(match)) == 1 and starts:
            break
        await one_action(world, match, rng, moves, used)
    else:
        raise AssertionError("no Army move came")
    user = match.players[role]
    before = world.actions(match.id)
    refused = await user.slash(match.thread, "wotr do", steps=f"{starts[0]}; fly to the moon")
    assert is_error(refused) and refused.ephemeral and "Step 2" in refused.text, refused.text
    assert world.actions(match.id) == before, "a refused line changed nothing"
    line = starts[0]
    for _ in range(5):
        choices = await user.autocomplete(match.thread, "wotr do", focused="steps", steps=line + "; ")
        values = [c["value"] for c in choices if c["value"] != "…"]
        if not values:
            break
        assert all(v.startswith(line + "; ") for v in values), values
        line = values[0]
    steps = [piece.strip() for piece in line.split(";")]
    done = await user.slash(match.thread, "wotr do", steps=line)
    assert not is_error(done) and done.ephemeral and "→" in done.text, done.text
    made = world.actions(match.id)[len(before) :]
    assert [a[4] for a in made] == steps and {a[3] for a in made} == {role}
    used["line"] += 1


async def test_a_war_of_the_ring_match_survives_a_kill_in_mid_battle(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=USERS, commands=COMMANDS, settle=0.04) as world:
        alice, bob, carol = (world.users[n] for n in USERS)
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        assert match.players["free"] is alice and match.players["shadow"] is bob
        rng, used, moves = seeded(5), Counter[str](), 0
        while True:
            state = world.row(match.id).state
            assert state is not None and state["result"] is None, "the match ended before a battle"
            asked = world.active_roles(match)
            if moves >= WARM_UP and state.get("battle") and len(asked) == 1:
                break
            await one_action(world, match, rng, moves, used)
            moves += 1
            assert moves < LIMIT, "no battle came"
        assert used["menu"] and used["typed"] and used["act"] and used["posts"], used

        # Private views: the hand answers its owner only; a spectator has none.
        hand = await alice.slash(match.thread, "hand")
        assert hand.ephemeral and not is_error(hand), hand.text
        stranger = await carol.slash(match.thread, "hand")
        assert is_error(stranger) and stranger.ephemeral
        zoom = await bob.slash(match.thread, "wotr zoom", region="minas_tirith")
        assert zoom.ephemeral and not is_error(zoom) and zoom.files and assert_png(zoom.files[0])
        unknown = await bob.slash(match.thread, "wotr zoom", region="Minas Tirth")
        assert is_error(unknown) and "Minas Tirith" in unknown.text, unknown.text

        # A battle decision in flight when the bot dies.
        role = world.active_roles(match)[0]
        user = match.players[role]
        prompt = await world.fresh_prompt(match, user)
        assert prompt is not None
        offered = world.offered(prompt)
        legal = world.legal(match, role)
        action = next(a for a in legal if a in offered)
        cid, value = offered[action]
        before = world.actions(match.id)
        committed = await world.press_as_the_bot_dies(match, user, prompt, cid, value)
        if not committed:
            retry = await world.pick(match, user, action)
            assert not is_error(retry), retry.text
        log = world.actions(match.id)
        assert len(log) == len(before) + 1 and log[-1][3:5] == (role, action), "applied exactly once"

        # The battle goes on from the committed state.
        for _ in range(20):
            await one_action(world, match, rng, moves, used)
            moves += 1

        # A whole move in one line.
        await whole_move_in_one_line(world, match, rng, used)

        # The Shadow resigns: the result is told once, with the final picture.
        resigning = await bob.slash(match.thread, "game resign")
        assert resigning.main is not None and not is_error(resigning), resigning.text
        yes = next(c for c in resigning.main.custom_ids() if c.startswith("palantir:resign:"))
        gone = await bob.click(resigning.main, yes)
        assert not is_error(gone), gone.text
        end = await world.fd.wait_for_message(
            lambda m: m.channel is match.thread and "Game over" in m.content, timeout=20
        )
        assert end.files and assert_png(end.files[0])
        assert world.row(match.id).status == "finished"
        assert sum("Game over" in m.content for m in match.thread.messages) == 1, "the result is told once"

        # Told once: both players' DMs are open, so the thread mentions each only at the start
        # and at the end (a crash and its catch-up included); the waits went by DM.
        fd = world.fd
        for role, user in match.players.items():
            mentions = sum(user.id in m.pinged for m in fd.messages.values())
            pushed = [m for m in user.dms if m.interaction_metadata is None]
            loud = [m for m in pushed if not m.flags & (1 << 12)]
            assert mentions == 2, f"{role} was mentioned {mentions} times"
            print(f"{role}: {mentions} mentions, {len(loud)} notifying DMs of {len(pushed)} DM prompts")
        # A quiet table: a die action (its steps, battle rounds, the Hunt) is one post, a reply
        # edits it, a skip or a pass carries no board of its own.
        posts = [m for m in match.thread.messages if m.author is fd.bot_user]
        boards = [m for m in posts if m.files]
        actions = len(world.actions(match.id))
        print(f"{len(posts)} thread posts and {len(boards)} board images for {actions} actions")
        assert len(posts) <= 0.3 * actions, f"{len(posts)} thread posts for {actions} actions"
        assert len(boards) <= len(posts)
