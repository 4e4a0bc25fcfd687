"""What the end-to-end matches await, over many deals: the bot deals every match from a seed of
its own (``secrets.randbits``), so a test's driver must reach what the test waits for (a
battle, a card, a land attack, the match's end) in *any* deal, not only in the deals of the runs
that passed. This plays the e2e drivers offline with the engine alone, on deals ``0..N-1``, with
the tests' own choices (their ``choose`` and their fixed random seeds) as they play through the
bot, and counts the deals in which a test would fail, and why.

Run: ``python bench/bench_e2e_deals.py [deals] [--only NAME]`` (NAME: ``wotr``,
``wotr-languages``, ``minas-tirith``, ``risk-attacks``, ``risk-defence``). Prints numbers,
asserts nothing. The thread's posts are counted by the table's rules (``tests.e2e.harness.Table``,
as ``bench_table_war_of_the_ring.py`` does), which the e2e matches measured alike (War of the
Ring: 0.20-0.22 posts per action through the fake Discord, 0.21 here; Minas Tirith: 0.41-0.49,
0.46 here).
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Match, find, project
from tests.e2e.harness import Table, seeded


class Deal:
    """A match dealt from ``seed`` as the bot deals it, and what an e2e driver reads of it."""

    def __init__(self, game: str, seed: int, options: dict[str, str] | None = None, players: int = 2) -> None:
        self.ruleset = find(game)
        self.game = Match.new(self.ruleset, seed, options or {}, players)
        self.table = Table()
        self.actions = 0
        self.world = SimpleNamespace(row=lambda _id: SimpleNamespace(state=self.state))
        self.match = SimpleNamespace(id=0)

    @property
    def state(self) -> dict[str, Any]:
        return self.game.state

    def active(self) -> list[str]:
        return [] if self.state["result"] is not None else sorted(self.ruleset.active(self.state))

    def legal(self, role: str) -> list[str]:
        return (
            [a.text for a in self.ruleset.prompt(self.state, role).actions] if role in self.active() else []
        )

    def act(self, role: str, action: str) -> list[str]:
        """Play ``action``; the public kinds of the events it logged (the table told of it)."""
        logged = len(self.state["log"])
        self.game.submit(role, action)
        self.actions += 1
        kinds = [project(e, None)[0] for e in self.state["log"][logged:]]
        over = self.state["result"] is not None
        self.table.step(
            role,
            visible=any(k not in self.ruleset.quiet_events for k in kinds),
            over=over,
            exchange=None if over else self.ruleset.exchange(self.state),
        )
        return kinds


class Fails(Exception):
    """The test would fail in this deal (the message says where)."""


def war_of_the_ring(seed: int) -> str:
    """``test_war_of_the_ring.py``: a battle with Combat cards after the warm-up, the kill there,
    on to ``ACTIONS``, a whole Army move in one line, at most 0.3 posts per action."""
    from tests.e2e import test_war_of_the_ring as t

    deal, rng, played = Deal(t.GAME, seed), seeded(5), Counter[str]()

    def one() -> None:
        if not deal.active():
            raise Fails("the match ended")
        role = rng.choice(deal.active())
        action = t.choose(deal.world, deal.match, role, deal.legal(role), rng)  # type: ignore[arg-type]
        played[action.split(" ")[0]] += 1
        played["event cards"] += deal.act(role, action).count("event_played")

    def battle() -> tuple[str, str] | None:
        fight = deal.state.get("battle")
        if not fight or fight["stage"] != "cards" or len(deal.active()) != 2:
            return None
        return next(
            (
                (r, c[0])
                for r in deal.active()
                if (c := [a for a in deal.legal(r) if a.startswith("combat ")])
            ),
            None,
        )

    moves = 0
    while moves < t.WARM_UP or battle() is None:
        if deal.state["result"] is not None:
            raise Fails("the match ended before a battle")
        one()
        moves += 1
        if moves >= t.LIMIT:
            raise Fails("no battle with Combat cards came")
    role, card = battle()  # type: ignore[misc]
    deal.act(role, card)
    rival = t.other_role(role)
    deal.act(rival, next((a for a in deal.legal(rival) if a.startswith("combat ")), "no-combat"))
    while deal.actions < t.ACTIONS:
        one()
    if played["play"] < 2 or not played["event cards"]:
        raise Fails(f"cards: {played['play']} played, {played['event cards']} Event cards")
    for _ in range(200):
        if not deal.active():
            raise Fails("the match ended before an Army move")
        if len(deal.active()) == 1 and any(
            a.startswith("move-armies ") for a in deal.legal(deal.active()[0])
        ):
            break
        one()
    else:
        raise Fails("no Army move came")
    posts = (deal.table.posts + 2) / (deal.actions + 3)  # the start and the resignation
    if posts > 0.3:
        raise Fails(f"{posts:.3f} posts per action")
    return f"battle at {moves}, {posts:.2f} posts/action"


def war_of_the_ring_languages(seed: int) -> str:
    """``test_war_of_the_ring_languages.py``: an Event card played and a card's autocomplete
    asked within ``MOST_ACTIONS``."""
    from tests.e2e import test_war_of_the_ring as t
    from tests.e2e import test_war_of_the_ring_languages as lang

    deal, rng = Deal(t.GAME, seed), seeded(23)
    shown = asked = 0
    for moves in range(lang.MOST_ACTIONS):
        if deal.state["result"] is not None or (moves >= lang.ACTIONS and shown and asked):
            break
        role = rng.choice(deal.active())
        action = t.choose(deal.world, deal.match, role, deal.legal(role), rng)  # type: ignore[arg-type]
        asked += action.split(" ")[0] in ("play", "combat") and len(action.split(" ")) > 1
        shown += deal.act(role, action).count("event_played")
    if not (shown and asked):
        raise Fails(f"{shown} Event cards shown, {asked} card autocompletes")
    return f"{moves} actions"


def minas_tirith(seed: int) -> str:
    """``test_minas_tirith.py``: a land attack interrupted, the match to its end, at most 0.6
    posts per action."""
    from tests.e2e import test_minas_tirith as t
    from tests.e2e.minas_tirith_support import GAME, choose

    deal, rng, killed = Deal(GAME, seed), seeded(20), None
    while deal.state["result"] is None:
        if killed is None and (found := t.time_to_kill(deal.state, rng, deal.actions)):
            killed = deal.actions
            deal.act(*found)
            continue
        active = deal.active()
        role = active[deal.actions % len(active)]
        deal.act(role, choose(deal.legal(role), rng))
        if deal.actions >= t.MOVE_LIMIT:
            raise Fails("the match did not end")
    if killed is None:
        raise Fails("no land attack came")
    posts = (deal.table.posts + 1) / deal.actions
    if posts > 0.6:
        raise Fails(f"{posts:.3f} posts per action")
    return f"killed at {killed}, {posts:.2f} posts/action"


def risk_attacks(seed: int) -> str:
    """``test_told_once.py``: two attacks of two rolls or more in a 2-player Middle-earth match."""
    from tests.e2e.risk_support import GAME, choose

    deal, rng = Deal(GAME, seed, {"players": "2", "edition": "middle-earth"}), random.Random(21)
    turn, number, rolls, under_way, long = Counter[str](), 0, 0, False, 0
    while long < 2:
        if deal.state["result"] is not None:
            raise Fails("the match ended before two long attacks")
        if deal.state["turn"]["number"] != number:
            number, turn = deal.state["turn"]["number"], Counter()
        role = rng.choice(deal.active())
        action = choose(deal.world, deal.match, role, deal.legal(role), rng, turn)  # type: ignore[arg-type]
        if action.startswith("attack "):
            under_way, rolls = True, 0
        elif under_way and action.split(" ")[0] in ("roll", "defend"):
            rolls += 1
        if "attack" in deal.act(role, action) and under_way:
            long, under_way = long + (rolls >= 2), False
        if deal.actions >= 600:
            raise Fails("no two long attacks in 600 actions")
    return f"{deal.actions} actions"


def risk_defence(seed: int) -> str:
    """``test_lotr_risk_faults.py``: a defender asked for his dice within ``LIMIT`` actions."""
    from tests.e2e.risk_support import GAME, choose
    from tests.e2e.test_lotr_risk_faults import LIMIT

    deal, rng, turn, number = Deal(GAME, seed, {"players": "2"}), random.Random(3), Counter[str](), 0
    for _ in range(LIMIT):
        active = deal.active()
        if len(active) == 1 and deal.ruleset.prompt(deal.state, active[0]).kind == "defend":
            return f"{deal.actions} actions"
        if deal.state["turn"]["number"] != number:
            number, turn = deal.state["turn"]["number"], Counter()
        role = rng.choice(active)
        legal = deal.legal(role)
        strong = [a for a in legal if a.startswith("attack ") and deal.state["troops"][a.split(" ")[2]] >= 2]
        if strong and not turn["attacks"]:
            turn["attacks"], turn["rolls"] = 1, 0
            action = rng.choice(strong)
        else:
            action = choose(deal.world, deal.match, role, legal, rng, turn)  # type: ignore[arg-type]
        deal.act(role, action)
    raise Fails("no defender was asked")


TESTS: dict[str, Callable[[int], str]] = {
    "wotr": war_of_the_ring,
    "wotr-languages": war_of_the_ring_languages,
    "minas-tirith": minas_tirith,
    "risk-attacks": risk_attacks,
    "risk-defence": risk_defence,
}


def main() -> None:
    deals = int(next((a for a in sys.argv[1:] if a.isdigit()), "200"))
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    for name, test in TESTS.items():
        if only is not None and name != only:
            continue
        began, failed = time.monotonic(), Counter[str]()
        for seed in range(deals):
            try:
                test(seed)
            except Fails as fail:
                failed[re.sub(r"\d+(\.\d+)?", "N", str(fail))] += 1  # why, without its numbers
                print(f"  {name}, deal {seed}: {fail}", flush=True)
        print(
            f"{name:>15}: {deals - sum(failed.values())} of {deals} deals pass {dict(failed) or ''} "
            f"({time.monotonic() - began:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
