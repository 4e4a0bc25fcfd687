"""A computer player whose policy fails (a bug: an exception, an illegal choice) never freezes
its match: the seat's move comes from the rule-based player of the same view instead."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest

from bot.computers.driver import ComputerDriver
from bot.computers.thinking import ThinkingPool, request_for
from bot.match_posts import Delivery
from bot.service import MatchService
from games.computer_players import decide_request
from tests.support.slow_thinking import think_then_pass

from .test_computer_players import HUMAN, Client, against_computer


def fail_when_strong(request: Mapping[str, Any]) -> str:
    """A policy with a bug at the ``strong`` level: it raises (its message names a hidden
    piece, as an engine's KeyError would); other levels decide as usual."""
    if request["level"] == "strong":
        raise KeyError("fro" + "do")  # (split: the stack logged quotes this line)
    return decide_request(request)


async def test_a_failing_decision_falls_back_to_the_rule_based_player(
    service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    live = await against_computer(service, level="strong")
    request = request_for(live, "sauron", live.user_of("sauron") or 0)
    pool = ThinkingPool(0, decide=fail_when_strong)
    text = await pool.decide(request)
    assert text == decide_request({**request, "level": "rules"}), "the rule-based player's move"
    assert "KeyError" in caplog.text, "the failure is logged"
    assert "frodo" not in caplog.text, "without its message (it may quote a secret)"


def illegal_when_strong(request: Mapping[str, Any]) -> str:
    """A policy with a bug at the ``strong`` level: it answers no legal action."""
    return "fly to the moon" if request["level"] == "strong" else decide_request(request)


async def test_a_computer_that_chooses_no_legal_action_still_moves(service: MatchService) -> None:
    client = Client()
    delivery = Delivery(client, service)  # type: ignore[arg-type]
    pool = ThinkingPool(0, decide=illegal_when_strong)
    driver = ComputerDriver(service, delivery, pool, pace=0.0)
    delivery.on_told.append(driver.poke)
    live = await service.create(guild_id=1, channel_id=2, user_id=HUMAN, game="confrontation", side="sauron")
    live = (await service.computers.add(live.id, HUMAN, "strong")).match
    await delivery.announce_start(live)
    await driver.idle()
    assert pool.failed >= 1 and driver.moves >= 1, "the match did not freeze"
    entries = await service.store.actions(live.id)
    assert entries and all(e.action != "fly to the moon" for e in entries)


async def test_decisions_waiting_for_a_busy_worker_are_not_taken_for_stuck() -> None:
    """Several matches' computers think at once with one worker: a decision's time cap counts
    from when a worker takes it, not while it waits in line (else the pool is killed, every
    decision under way lost, and the strong levels play as the rule-based player)."""
    pool = ThinkingPool(1, decide=think_then_pass, margin=2.0)
    try:
        await pool.warm_up()  # (its start-up is not thinking time)
        request = {"game": "confrontation", "level": "strong", "role": "sauron", "seconds": 0.1}
        requests = [{**request, "actions": [f"pass {n}"], "thinking": 0.4} for n in range(12)]
        chosen = await asyncio.gather(*(pool.decide(r) for r in requests))
        assert chosen == [f"pass {n}" for n in range(12)]
        assert pool.stuck == 0 and pool.failed == 0
    finally:
        pool.shutdown()
