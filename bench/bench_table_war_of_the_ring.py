"""How quiet the War of the Ring table is: thread posts and board images per action over whole
random games, told by the table's rules (``tests.e2e.harness.Table``: a step worth seeing posts
anew or edits the newest post of its round or exchange; a post of skipped dice, passes or
face-down discards carries no board).

Run: ``python bench/bench_table_war_of_the_ring.py [games]``. Two players: one uniformly random
over the menus, one like the end-to-end match's (it attacks, fights on, moves the Fellowship and
Armies often). Goal (issue 19): at most 0.3 posts per action. Prints numbers, asserts nothing;
``--before`` measures without the exchange and the boardless events (the table of main before
issue 19), for comparison.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Action, Match, project
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.ruleset import WarOfTheRing
from tests.e2e.harness import Table

#: A game still going after this many actions is cut.
LIMIT = 20_000


def like_the_e2e(role: str, legal: list[Action], rng: random.Random) -> Action:
    """The end-to-end match's player: battles whenever it can, the Fellowship and Armies often."""

    def some(*verbs: str) -> list[Action]:
        return [a for a in legal if a.verb in verbs]

    if role == "shadow" and some("attack", "attack-leader") and rng.random() < 0.9:
        return rng.choice(some("attack", "attack-leader"))
    for verb in ("go", "continue", "fight", "advance-all"):
        if some(verb) and rng.random() < 0.8:
            return some(verb)[0]
    if role == "free" and some("move-fellowship") and rng.random() < 0.5:
        return rng.choice(some("move-fellowship"))
    if some("move-armies") and rng.random() < 0.5:
        return rng.choice(some("move-armies"))
    if some("all") and rng.random() < 0.7:
        return some("all")[0]
    return rng.choice(legal)


def uniform(role: str, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


Player = Callable[[str, list[Action], random.Random], Action]


def told(seed: int, player: Player) -> tuple[int, Table]:
    """One game told by the table: its actions and the table's counts."""
    match = Match.new(R, seed, {}, 2)
    rng, table = random.Random(seed), Table()
    still = R.quiet_events | R.boardless_events
    done = 0
    while match.state["result"] is None and done < LIMIT:
        role = rng.choice(sorted(R.active(match.state)))
        action = player(role, list(R.prompt(match.state, role).actions), rng)
        outcome = match.submit(role, action)
        over = match.state["result"] is not None
        public = [project(e, None)[0] for e in outcome.events]
        table.step(
            role,
            visible=any(k not in R.quiet_events for k in public),
            over=over,
            exchange=None if over else R.exchange(match.state),
            drawn=any(k not in still for k in public),
        )
        done += 1
    return done, table


def main() -> None:
    games = int(next((a for a in sys.argv[1:] if a.isdigit()), "10"))
    if "--before" in sys.argv:
        WarOfTheRing.exchange = lambda self, state: None  # type: ignore[method-assign]
        WarOfTheRing.boardless_events = frozenset()
    players: tuple[tuple[str, Player], ...] = (
        ("like the e2e match", like_the_e2e),
        ("uniformly random", uniform),
    )
    for name, player in players:
        actions = posts = boards = redrawn = 0
        for seed in range(games):
            done, table = told(seed, player)
            actions, posts = actions + done, posts + table.posts
            boards, redrawn = boards + table.boards, redrawn + table.redrawn
        print(
            f"{name:>18}: {games} games, {actions} actions: {posts / actions:.3f} posts/action, "
            f"{boards / actions:.3f} board images/action (posted), {redrawn / actions:.3f} boards "
            f"redrawn in edits/action"
        )


if __name__ == "__main__":
    main()
