"""Time banks: reading paces, the bank arithmetic, reminders and which clocks run."""

from __future__ import annotations

import pytest

from bot.pace import (
    DAY,
    HOUR,
    MINUTE,
    Clock,
    Pace,
    PaceError,
    clocks_after,
    format_duration,
    parse_pace,
    stop_all,
)

NORMAL = Pace(2 * DAY, 12 * HOUR, 5 * DAY)


def test_presets_and_custom_paces_read_as_banks_bonuses_and_caps() -> None:
    assert parse_pace("normal") == NORMAL == parse_pace("2d+12h/5d") == parse_pace(" 2D+12H/5D ")
    assert parse_pace("none") is None and parse_pace("") is None and parse_pace(None) is None
    assert parse_pace("90m") == Pace(90 * MINUTE)
    assert parse_pace("1d12h+30m") == Pace(DAY + 12 * HOUR, 30 * MINUTE)
    assert parse_pace("fast").text == "12h+2h/1d" and parse_pace("slow").text == "5d+1d/10d"
    assert NORMAL.words() == "2 days each, +12 hours per move, at most 5 days"
    assert format_duration(NORMAL.bank) == "2d"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("soon", "not a duration"),
        ("2d+", "not a duration"),
        ("30s", "not a duration"),
        ("0m", "at least one minute"),
        ("90d", "at most"),
        ("3d/2d", "cap cannot be smaller"),
    ],
)
def test_a_pace_that_cannot_be_read_says_why(text: str, says: str) -> None:
    with pytest.raises(PaceError, match=says):
        parse_pace(text)


def test_a_bank_runs_only_while_the_game_waits_and_a_move_earns_the_bonus_up_to_the_cap() -> None:
    clock = Clock(bank=2 * DAY)
    assert clock.left(1_000.0) == 2 * DAY and clock.deadline() is None  # not waited on: never runs
    running = clock.started(0.0)
    assert running.deadline() == 2 * DAY and running.left(HOUR) == 2 * DAY - HOUR
    assert running.started(500.0) == running, "starting a running clock changes nothing"
    moved = running.stopped(10 * HOUR, NORMAL)
    assert moved.bank == 2 * DAY - 10 * HOUR + 12 * HOUR and not moved.running
    full = Clock(bank=4.9 * DAY).started(0.0).stopped(60.0, NORMAL)
    assert full.bank == 5 * DAY, "the bonus never lifts a bank above the cap"
    paused = running.stopped(HOUR, NORMAL, moved=False)
    assert paused.bank == 2 * DAY - HOUR, "a pause charges the time taken without a bonus"
    late = running.stopped(3 * DAY, NORMAL)
    assert late.bank == 0.0 and running.left(3 * DAY) < 0


def test_without_a_cap_the_bank_may_grow_to_the_longest_bank() -> None:
    pace = Pace(HOUR, HOUR)
    assert Clock(bank=HOUR).started(0.0).stopped(0.0, pace).bank == 2 * HOUR


def test_in_a_simultaneous_decision_each_waited_player_is_charged() -> None:
    clocks = {"north": Clock(DAY), "south": Clock(DAY)}
    both = clocks_after(clocks, NORMAL, waiting=frozenset({"north", "south"}), actor=None, now=0.0)
    assert both["north"].running and both["south"].running
    # North answers after 2 hours; South is still thinking: only North's wait ends.
    after_north = clocks_after(both, NORMAL, waiting=frozenset({"south"}), actor="north", now=2 * HOUR)
    assert after_north["north"].bank == DAY - 2 * HOUR + 12 * HOUR and not after_north["north"].running
    assert after_north["south"] == both["south"]
    # An entry inside South's wait (a step of his move, an undo) leaves his clock running on.
    again = clocks_after(after_north, NORMAL, waiting=frozenset({"south"}), actor="south", now=3 * HOUR)
    assert again["south"] == both["south"]
    done = stop_all(again, NORMAL, 5 * HOUR)
    assert done["south"].bank == DAY - 5 * HOUR and not any(c.running for c in done.values())


def test_reminders_come_at_half_the_bank_then_12_and_1_hour_left_once_each() -> None:
    pace = Pace(2 * DAY)
    clock = Clock(2 * DAY).started(0.0)
    assert clock.due_reminder(10 * HOUR, pace) is None
    assert clock.due_reminder(DAY, pace) == DAY  # half of the 2-day bank
    clock = clock.reminded_of(DAY, pace)
    assert clock.due_reminder(DAY + HOUR, pace) is None, "sent once"
    assert clock.due_reminder(36 * HOUR, pace) == 12 * HOUR
    # A bot down from then until 30 minutes before the deadline sends one reminder, the latest.
    assert clock.due_reminder(2 * DAY - 30 * MINUTE, pace) == HOUR
    clock = clock.reminded_of(HOUR, pace)
    assert clock.due_reminder(2 * DAY - MINUTE, pace) is None
    assert clock.due_reminder(3 * DAY, pace) is None, "run out: a timeout, not a reminder"
    assert clock.started(0.0) == clock and clock.stopped(HOUR, pace).started(HOUR).reminded == ()


def test_a_wait_that_starts_below_a_mark_is_not_reminded_of_it_at_once() -> None:
    pace = Pace(DAY)
    clock = Clock(10 * HOUR).started(0.0)  # a bank already below half and below 12 hours
    assert clock.due_reminder(MINUTE, pace) is None
    assert clock.due_reminder(9 * HOUR + MINUTE, pace) == HOUR
    assert clock.reminder_at(pace) == 9 * HOUR
