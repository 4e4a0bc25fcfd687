"""Complete random Minas Tirith games per second on one core, through the runner, next to LOTR
Risk's; and the balance of random play.

Run: ``python bench/bench_minas_tirith.py [seconds] [games]``. It plays random games (every
action drawn uniformly from ``prompt(...).actions``) through ``Match.submit`` (``check=False``,
as the bot runs) for ``seconds`` of CPU time and prints complete games per second, actions per
second and the mean game length; then the same for LOTR Risk's 2002 board in lotr mode with two
players (``bench_lotr_risk.measure``); then ``games`` seeded random games (default 300) with the
win rate of each side and how the games ended, and a third as many with one side played by a
simple greedy script against a random one. If one side wins more than 65 % of random games, the
set-up counts of MT_DESIGN §3 are to be tuned. Never used as a test.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_lotr_risk import measure as measure_lotr_risk
from games.core import Action, Match
from games.core.rng import randbelow
from games.minas_tirith import MINAS_TIRITH as R

#: Random games in which one side winning more than this share calls for tuning the set-up.
BALANCE_LIMIT = 0.65


#: A greedy side's preferences, best first: fight with the most dice, trade, bring cards in.
GREEDY_ORDER = (
    "attack",
    "shoot",
    "ram",
    "trade",
    "load",
    "reward",
    "keep",
    "enter",
    "play",
    "go",
    "send",
    "lead",
)


def greedy(actions: tuple[Action, ...], chooser: dict[str, int]) -> Action:
    """A simple scripted side: the first preferred verb on offer (the most dice), else a random
    action other than ending the turn or cancelling an advance."""
    for verb in GREEDY_ORDER:
        offered = [a for a in actions if a.verb == verb]
        if offered:
            return max(offered, key=lambda a: a.args[-1] if a.args and a.args[-1].isdigit() else "")
    rest = [a for a in actions if a.verb not in ("end", "cancel", "decline")] or list(actions)
    return rest[randbelow(chooser, len(rest))]


def game(seed: int, greedy_side: str | None = None) -> tuple[int, str, str]:
    """One game through ``Match.submit`` (random, or one side greedy): ``(actions, winner, reason)``."""
    match = Match.new(R, seed, {}, 2)
    state, chooser, steps = match.state, {"rng": seed * 2654435761 + 1}, 0
    while state["result"] is None and steps < 20_000:
        roles = sorted(R.active(state))
        role = roles[0] if len(roles) == 1 else roles[randbelow(chooser, len(roles))]
        actions = R.prompt(state, role).actions
        if role == greedy_side:
            match.submit(role, greedy(actions, chooser))
        else:
            match.submit(role, actions[randbelow(chooser, len(actions))])
        steps += 1
    result = state["result"] or {"winners": ["none"], "reason": "cut"}
    return steps, result["winners"][0], result["reason"]


def measure(seconds: float) -> tuple[float, float, float]:
    start = time.process_time()
    games = actions = seed = 0
    while time.process_time() - start < seconds or games < 2:
        steps, _, _ = game(seed)
        games += 1
        actions += steps
        seed += 1
    spent = time.process_time() - start
    return games / spent, actions / spent, actions / games


def balance(games: int, greedy_side: str | None = None) -> None:
    winners: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths = 0
    for seed in range(games):
        steps, winner, reason = game(10_000 + seed, greedy_side)
        winners[winner] += 1
        reasons[reason] += 1
        lengths += steps
    shares = {side: winners[side] / games for side in ("good", "evil")}
    who = {None: "random vs random", "good": "greedy Gondor vs random", "evil": "random vs greedy Mordor"}
    print(
        f"{who[greedy_side]}, {games} games: Gondor {shares['good']:.1%}, Mordor {shares['evil']:.1%}; "
        f"ends {dict(reasons)}; mean length {lengths / games:.0f} actions"
    )
    if greedy_side is None and max(shares.values()) > BALANCE_LIMIT:
        print(f"  one side wins more than {BALANCE_LIMIT:.0%}: tune the set-up counts (MT_DESIGN §3)")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rate, per_action, length = measure(seconds)
    print(f"minas-tirith: {rate:.1f} games/s, {per_action:.0f} actions/s, {length:.0f} actions a game")
    rate, per_action, length, _ = measure_lotr_risk(seconds, "middle-earth", "lotr", 2)
    print(
        f"lotr-risk (middle-earth, lotr, 2 players): {rate:.1f} games/s, "
        f"{per_action:.0f} actions/s, {length:.0f} a game"
    )
    balance(games)
    balance(games // 3, "good")
    balance(games // 3, "evil")


if __name__ == "__main__":
    main()
