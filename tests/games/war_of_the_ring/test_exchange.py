"""The exchange (``Ruleset.exchange``): a die action is one public exchange from the die used
until the action step is back to the opponent — its armies, a battle and all its rounds, the
Hunt and its casualties — and the hand-limit discards are one; over whole random games the
table's posting policy then posts at most 0.3 times per action, and the names say nothing
secret."""

from __future__ import annotations

import random
import re
from typing import Any

from games.core import Match, project
from games.core.chance import scripted
from games.war_of_the_ring.data import NATIONS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from tests.e2e.harness import Table

from .helpers import act, offered, step

AT_WAR = {n: {"steps": 0, "active": True} for n in NATIONS}
#: What an exchange may say: a turn number, a side and its count of dice used, nothing else.
PUBLIC_NAME = re.compile(r"^(action:\d+:(free|shadow):\d+|hand-limit:\d+)$")


def at(**position: Any) -> Match:
    return Match(R, R.from_position({"politics": AT_WAR, **position}))


def test_a_die_action_is_one_exchange_until_the_opponent_acts() -> None:
    m = at(
        acting="shadow",
        dice={"shadow": ["army"], "free": ["muster"]},
        armies={"gorgoroth": {"sauron": "3R"}, "morannon": {"sauron": "5R 1L"}},
    )
    assert R.exchange(m.state) is None  # choosing a die: nothing under way yet
    names = set()
    for action in ("move-armies army", "army gorgoroth", "to morannon", "go", "army morannon", "to dagorlad"):
        act(m, "shadow", action)
        names.add(R.exchange(m.state))
    (name,) = names
    assert name is not None and PUBLIC_NAME.match(name)
    act(m, "shadow", "units sauron regular 5", "go")  # the second Army: the action is over
    assert m.state["stack"][-1] == {"step": "act", "side": "free"}
    assert R.exchange(m.state) is None


def test_a_battle_and_all_its_rounds_are_the_attacks_exchange() -> None:
    m = at(
        acting="shadow",
        dice={"shadow": ["army"], "free": ["muster"]},
        armies={"north_ithilien": {"sauron": "3R"}, "osgiliath": {"gondor": "3R"}},
    )
    act(m, "shadow", "attack army")  # its one target, Osgiliath, is taken: the rearguard is asked
    name = R.exchange(m.state)
    assert name is not None
    misses = [("shadow_combat_die", 1)] * 3 + [("free_combat_die", 1)] * 3
    with scripted(*misses):
        act(m, "shadow", "go")
    assert "continue" in offered(m.state, "shadow") and R.exchange(m.state) == name
    for round_ in (2, 3):  # the defender's answer and every round more stay in it
        act(m, "shadow", "continue")
        assert R.active(m.state) == {"free"} and R.exchange(m.state) == name
        with scripted(*misses):
            act(m, "free", "fight")
        assert "continue" in offered(m.state, "shadow"), round_
        assert R.exchange(m.state) == name, f"round {round_} left the exchange"
    act(m, "shadow", "cease")
    assert step(m.state) == "act" and m.state["stack"][-1]["side"] == "free"
    assert R.exchange(m.state) is None


def test_two_actions_in_a_row_of_one_side_are_two_exchanges() -> None:
    m = at(acting="shadow", dice={"shadow": ["army", "army"], "free": []})
    act(m, "shadow", "move-armies army", "army gorgoroth")
    first = R.exchange(m.state)
    act(m, "shadow", "to nurn", "go", "done")
    assert m.state["stack"][-1] == {"step": "act", "side": "shadow"} and R.exchange(m.state) is None
    act(m, "shadow", "move-armies army", "army morannon")
    second = R.exchange(m.state)
    assert first is not None and second is not None and first != second


def test_the_hand_limit_discards_are_one_exchange() -> None:
    six = ["fpc_01", "fpc_02", "fpc_03", "fps_01", "fps_02", "fps_03"]
    m = at(dice={"free": ["muster"], "shadow": []}, hands={"free": six})
    act(m, "free", "skip muster")  # the turn ends: phase 1 draws the Free Peoples to 8
    assert step(m.state) == "discard" and R.exchange(m.state) == "hand-limit:2"
    act(m, "free", "discard fpc_01")
    assert R.exchange(m.state) == "hand-limit:2"
    act(m, "free", "discard fps_01")
    assert step(m.state) != "discard" and R.exchange(m.state) is None


def play_told(seed: int, limit: int = 1500) -> tuple[int, Table, list[list[str]]]:
    """A random game (at most ``limit`` actions) told by the table's rules: the actions, the
    table, and for each die action of several entries the table's answer to each of them."""
    m = Match.new(R, seed, {}, 2)
    rng, table = random.Random(seed), Table()
    still = R.quiet_events | R.boardless_events
    per_die: list[list[str]] = []
    group: list[str] | None = None
    done = 0
    while m.state["result"] is None and done < limit:
        role = rng.choice(sorted(R.active(m.state)))
        action = rng.choice(R.prompt(m.state, role).actions)
        die_before = m.state["turn"].get("die")
        outcome = m.submit(role, action)
        over = m.state["result"] is not None
        public = [project(e, None)[0] for e in outcome.events]
        exchange = None if over else R.exchange(m.state)
        assert exchange is None or PUBLIC_NAME.match(exchange), exchange
        told = table.step(
            role,
            visible=any(k not in R.quiet_events for k in public),
            over=over,
            exchange=exchange,
            drawn=any(k not in still for k in public),
        )
        die_after = m.state["turn"].get("die")
        if die_before is None and die_after is not None:
            group = []
            per_die.append(group)
        if group is not None:
            group.append(told)
        if die_after is None:
            group = None
        done += 1
    return done, table, per_die


def test_over_random_games_each_die_action_posts_once_at_most_and_the_table_stays_quiet() -> None:
    actions = posts = boards = 0
    for seed in range(3):
        done, table, per_die = play_told(seed)
        actions, posts, boards = actions + done, posts + table.posts, boards + table.boards
        for told in per_die:
            assert told.count("post") <= 1, told  # its later steps edit the post its first one made
    assert posts / actions <= 0.3, f"{posts} posts for {actions} actions"
    assert boards <= posts
