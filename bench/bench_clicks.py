"""Clicks per menu decision in a Risk match, through the real bot and the fake Discord.

    .venv/bin/python bench/bench_clicks.py [--decisions 300] [--seed 13] [--confirm important,never]

Two players play a 2-player Middle-earth match from their private menus only (a button, a menu
entry, or a group then its entry; the count step when asked; **Confirm** when asked), choosing
as the Risk end-to-end driver does. Every click, menu choice and form sent for a decision is
counted (opening the prompt with **My hand** is not: the prompt waits in the player's DMs). A
decision the menus cannot make (a count no menu lists, without a form) is typed and left out.
One run per ``/settings confirm:`` mode; ``on``/``off`` work for the bot before the modes.
Numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import running_world, seeded  # noqa: E402
from tests.e2e.risk_support import GAME, choose  # noqa: E402
from tests.fakediscord.model import User  # noqa: E402

#: Clicks, menu choices and forms sent by every user (``hand``: My hand, apart).
CLICKS: Counter[str] = Counter()


def counting(clicks: Counter[str] = CLICKS) -> None:
    """Count every click, menu choice and form of every user into ``clicks`` (once per run)."""
    click, select, submit = User.click, User.select, User.submit_modal

    async def counted_click(self: User, message: Any, custom_id: str, **kw: Any) -> Any:
        clicks["hand" if custom_id.startswith("palantir:hand:") else "clicks"] += 1
        return await click(self, message, custom_id, **kw)

    async def counted_select(self: User, *args: Any, **kw: Any) -> Any:
        clicks["clicks"] += 1
        return await select(self, *args, **kw)

    async def counted_submit(self: User, *args: Any, **kw: Any) -> Any:
        clicks["clicks"] += 1
        return await submit(self, *args, **kw)

    User.click, User.select, User.submit_modal = counted_click, counted_select, counted_submit  # type: ignore[method-assign]


async def run(mode: str, decisions: int, seed: int) -> dict[str, float]:
    clicks = CLICKS
    clicks.clear()
    with tempfile.TemporaryDirectory() as tmp:
        async with running_world(
            Path(tmp), names=("alice", "bob"), commands=("game", "hand", "risk"), settle=0.02
        ) as world:
            users = list(world.users.values())
            for user in users:
                await user.slash(
                    world.games, "settings", confirm=mode if mode not in ("on", "off") else mode == "on"
                )
            match = await world.new_table(users[0], users[1:], game=GAME, players="2", edition="middle-earth")
            rng, turn, number = seeded(seed), Counter[str](), 0
            made = typed = 0
            clicks.clear()
            while made + typed < decisions and world.row(match.id).state["result"] is None:  # type: ignore[index]
                state = world.row(match.id).state
                assert state is not None
                if state["turn"]["number"] != number:
                    number, turn = state["turn"]["number"], Counter()
                role = rng.choice(world.active_roles(match))
                action = choose(world, match, role, world.legal(match, role), rng, turn)
                before = clicks["clicks"]
                version = world.row(match.id).version
                result = await world.pick(match, match.players[role], action)
                assert world.row(match.id).version == version + 1, (action, result.text)
                if clicks["clicks"] == before:  # not offered by the menus: typed
                    typed += 1
                else:
                    made += 1
    return {
        "decisions": made,
        "typed": typed,
        "clicks": clicks["clicks"],
        "per decision": clicks["clicks"] / made,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--confirm", default="important,never")
    args = parser.parse_args()
    counting()
    for mode in args.confirm.split(","):
        found = asyncio.run(run(mode, args.decisions, args.seed))
        print(
            f"confirm {mode}: "
            + ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in found.items())
        )


if __name__ == "__main__":
    main()
