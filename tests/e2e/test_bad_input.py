"""Bad input of every kind: each gets an ephemeral error saying what is wrong, and nothing changes.

More than 500 generated cases (wrong, missing, out-of-turn, not-your-game, stale and garbage
values) are sent in concurrent batches. After every batch the database must be exactly as
before, and at the end the bot must not have logged a single unhandled exception.
"""

from __future__ import annotations

import asyncio
import random
import re
import string
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from games.core import normalize
from tests.e2e.harness import Match, World, is_error, leaks, requires_bot, running_world, seeded
from tests.fakediscord import InteractionResult, Message, User
from tests.fakediscord.commands import USER

pytestmark = requires_bot

BATCH = 10


@dataclass
class Case:
    name: str
    send: Callable[[], Awaitable[InteractionResult | None]]
    says: str  # regex: what the error must talk about


def without_input(result: InteractionResult) -> str:
    """The answer's text minus what the user typed (echoing the user's own words is no leak)."""
    text = result.text
    typed: list[str] = []
    options = result.interaction.payload["data"].get("options", [])
    while options:
        typed += [str(o["value"]) for o in options if "value" in o]
        options = [inner for o in options for inner in o.get("options", [])]
    for value in sorted(typed, key=len, reverse=True):
        text = text.replace(value, " ").replace(normalize(value), " ")
    return text


def garbage(rng: random.Random) -> str:
    kinds = [
        lambda: "".join(rng.choice(string.printable.strip()) for _ in range(rng.randint(1, 40))),
        lambda: " ".join(
            rng.choice(["move", "frodo", "to", "card", "9", "mordor", "the", "retreat"]) for _ in range(3)
        ),
        lambda: rng.choice(
            ["💍" * 5, "Ωmega", "'; DROP TABLE matches; --", "\\x00", "<@123>", "@everyone", "**bold**"]
        ),
        lambda: "x" * rng.randint(100, 1500),
        lambda: rng.choice(["move", "card", "target", "retreat", "special", "ability"]) + " nowhere nobody",
    ]
    text = rng.choice(kinds)()
    return text if text.strip() else "?"


async def advance_past_setup(world: World, match: Match) -> None:
    """Both players place everything at once and declare ready (simultaneous setup)."""
    for _ in range(6):
        active = world.active_roles(match)
        legal = {r: world.legal(match, r) for r in active}
        if not any("autoplace" in ls or "ready" in ls for ls in legal.values()):
            return
        for role, actions in legal.items():
            action = "autoplace" if "autoplace" in actions else "ready" if "ready" in actions else None
            if action is not None:
                result = await world.pick(match, match.players[role], action)
                assert not is_error(result), result.text


async def stale_click(user: User, message: Message, cid: str, value: str) -> InteractionResult | None:
    """Choose an old menu's option; ``None`` if the bot has taken that menu off meanwhile (a
    retired or updated prompt offers nothing stale to click: better still)."""
    if cid not in message.custom_ids():
        return None
    return await user.select(message, cid, [value])


def stale_selects(world: World, match: Match) -> list[tuple[Message, str, str]]:
    """Menus of old prompts: (message, select custom_id, an option value)."""
    out = []
    for role, user in match.players.items():
        newest = world.prompt_number(match.id, role)  # what the player's current menus carry
        for msg in world.private_prompts(match, user):
            for cid in msg.custom_ids():
                parts = cid.split(":")
                if cid.startswith("palantir:pick:") and int(parts[3]) < newest:
                    comp = msg.component(cid) or {}
                    out.append((msg, cid, comp["options"][0]["value"]))
    return out


def cases(world: World, match: Match, rng: random.Random) -> list[Case]:
    alice, carol = world.users["alice"], world.users["carol"]
    thread, games = match.thread, world.games
    active = world.active_roles(match)
    assert len(active) == 1, "after setup exactly one side moves"
    mover = match.players[active[0]]
    waiter = next(u for u in match.players.values() if u is not mover)
    legal = world.legal(match, active[0])
    prompt = world.latest_prompt(match)
    out: list[Case] = []

    def add(name: str, send: Callable[[], Awaitable[InteractionResult]], says: str) -> None:
        out.append(Case(name, send, says))

    for _ in range(200):
        text = garbage(rng)
        add(
            f"garbage act {text[:30]!r}",
            lambda t=text: mover.slash(thread, "game act", action=t),
            r"`|not|action",
        )
    for _ in range(60):
        action = rng.choice(legal)
        add(
            f"out of turn {action}",
            lambda a=action: waiter.slash(thread, "game act", action=a),
            r"not your turn",
        )
    for _ in range(40):
        action = rng.choice(legal)
        add("stranger acts", lambda a=action: carol.slash(thread, "game act", action=a), r"not playing")
    for _ in range(20):
        add("stranger's hand", lambda: carol.click(prompt, f"palantir:hand:{match.id}"), r"not playing")
        add("stranger /hand", lambda: carol.slash(thread, "hand"), r"not playing|no hand")
    for _ in range(40):
        bogus = rng.choice([str(rng.randint(1000, 10**9)), "abc", "#", "-5", "💍", "12abc"])
        expect = r"no match|not a match number|match"
        add(
            f"bad match {bogus!r}",
            lambda b=bogus: alice.slash(games, "game act", action=legal[0], match=b),
            expect,
        )
        add(f"bad join {bogus!r}", lambda b=bogus: carol.slash(games, "game join", match=b), expect)
    for _ in range(20):
        add("join a started match", lambda: carol.slash(games, "game join", match=str(match.id)), r"not open")
        add(
            "start a started match", lambda: alice.slash(games, "game start", match=str(match.id)), r"started"
        )
        add(
            "cancel a started match",
            lambda: alice.slash(games, "game cancel", match=str(match.id)),
            r"started",
        )
        add("undo nothing", lambda: waiter.slash(thread, "game undo"), r"nothing you can undo|undo")
    for _ in range(40):
        text = garbage(rng)[:60]
        add("bad game", lambda t=text: alice.slash(games, "game new", game=t), r"no game|game")
        add(
            "typed move garbage",
            lambda t=text: mover.slash(thread, "confrontation move", character=t, to="mordor"),
            r"`|not|move",
        )
    for _ in range(20):
        add(
            "place after setup",
            lambda: mover.slash(thread, "confrontation autoplace"),
            r"cannot|not allowed|now",
        )
        add(
            "bad option",
            lambda: alice.slash(games, "game new", game="confrontation", variant="bogus"),
            r"bogus|variant",
        )
    for msg, cid, value in stale_selects(world, match)[:40]:
        owner = next(u for u in match.players.values() if msg in world.private_prompts(match, u))
        add("stale select", lambda m=msg, c=cid, v=value, o=owner: stale_click(o, m, c, v), r"out of date")
    # Every command of the synced tree, by a stranger, by the waiting player and with bogus matches.
    tree = world.fd.commands
    for path in tree.names(world.guild):
        _, _, leaf = tree.find(world.guild, path)
        params = {o["name"]: o for o in leaf.get("options", [])}
        if path.startswith("confrontation ") and path != "confrontation new":
            args = {n: garbage(rng)[:50] for n, o in params.items() if o.get("required")}
            add(
                f"typed by stranger /{path}",
                lambda p=path, a=args: carol.slash(thread, p, **a),
                r"not playing",
            )
            add(
                f"typed out of turn /{path}",
                lambda p=path, a=args: waiter.slash(thread, p, **a),
                r"not your turn",
            )
            add(f"typed garbage /{path}", lambda p=path, a=args: mover.slash(thread, p, **a), r"\w")
        if (
            "match" in params
            and path.startswith("game ")
            and path not in ("game join", "game start", "game cancel")
        ):
            required: dict[str, object] = {
                n: carol if o["type"] == USER else "autoplace"
                for n, o in params.items()
                if o.get("required") and n != "match"
            }
            for bogus in ("999999", "nope"):
                add(
                    f"bogus match /{path} {bogus}",
                    lambda p=path, r=required, b=bogus: alice.slash(games, p, match=b, **r),
                    r"no match|not a match number",
                )
        if path in ("game new", "game join"):
            extra = {"game": "confrontation"} if path == "game new" else {"match": str(match.id)}
            add(
                f"bad side /{path}",
                lambda p=path, e=extra: carol.slash(games, p, side="purple", **e),
                r"purple|side|not open",
            )
    return out


async def test_five_hundred_bad_inputs_get_clear_private_errors_and_change_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_match(alice, bob)
        await advance_past_setup(world, match)
        rng = seeded(11)
        todo = cases(world, match, rng)
        assert len(todo) >= 500, len(todo)
        kinds = {case.name.split(" ")[0] + " " + case.name.split(" ")[1] for case in todo}
        assert {"stale select", "out of", "stranger acts", "bad match"} <= kinds, kinds
        before = world.fingerprint()
        state = world.row(match.id).state
        assert state is not None
        failures: list[str] = []
        for start in range(0, len(todo), BATCH):
            batch = todo[start : start + BATCH]
            results = await asyncio.gather(*(case.send() for case in batch))
            for case, result in zip(batch, results, strict=True):
                if result is None:
                    continue  # nothing left to click (see stale_click)
                if not is_error(result):
                    failures.append(f"{case.name}: not an ephemeral error: {result.text[:200]!r}")
                elif not re.search(case.says, result.text, re.IGNORECASE):
                    failures.append(f"{case.name}: error does not say /{case.says}/: {result.text[:200]!r}")
                public = [m for m in result.messages if not m.ephemeral and m.channel.type != 1]
                if public:
                    failures.append(f"{case.name}: posted publicly: {public[0].text[:120]!r}")
                sender = result.interaction.user
                role = next((r for r, u in match.players.items() if u is sender), None)
                shown = leaks(without_input(result), state, role)
                if shown:
                    failures.append(f"{case.name}: told {sender.name} about hidden {shown}")
            assert world.fingerprint() == before, f"the database changed during batch {start // BATCH}"
        assert not failures, f"{len(failures)} bad answers, e.g.:\n" + "\n".join(failures[:15])
        choices = await asyncio.gather(
            *(
                alice.autocomplete(match.thread, "game act", focused="action", action=garbage(rng)[:90])
                for _ in range(20)
            )
        )
        assert all(isinstance(c, list) and len(c) <= 25 for c in choices)
        assert world.fingerprint() == before
