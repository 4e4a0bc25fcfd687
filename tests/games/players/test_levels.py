"""Every game's computer levels as the bot plays them: the time a request allows never exceeds
the level's own cap, and the levels the docs name are the ones offered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games.computer_players as computer_players
from games.computer_players import LEVELS, PLAYERS, TRIALS, Level, decide_request, levels
from games.confrontation.computer import RULESET, RuleBasedPlayer
from games.core import Action
from games.core.players import Budget, SearchPlayer, Seat, seat_of

DOCS = Path(__file__).resolve().parents[3] / "docs"


class _Recorder:
    """Remembers the seat it was given and plays its first action."""

    seats: list[Seat] = []

    def decide(self, seat: Seat) -> Action:
        _Recorder.seats.append(seat)
        return seat.actions[0]


@pytest.mark.parametrize(
    ("own", "asked", "given"), [(0.5, 1.5, 0.5), (None, 1.5, 1.5), (1.5, 0.2, 0.2), (0.5, None, 0.5)]
)
def test_a_request_never_gives_a_level_more_time_than_its_own_cap(
    monkeypatch: pytest.MonkeyPatch, own: float | None, asked: float | None, given: float
) -> None:
    monkeypatch.setitem(TRIALS["confrontation"], "recorder", Level(_Recorder, Budget(8, own)))
    _Recorder.seats.clear()
    request = {
        "game": "confrontation",
        "level": "recorder",
        "role": "sauron",
        "view": {},
        "actions": ["pass", "move a b"],
        "seed": 1,
        "seconds": asked,
    }
    assert decide_request(request) == "pass"
    assert _Recorder.seats[0].budget == Budget(8, given)


def test_lotr_risks_gentle_level_keeps_its_half_second_at_the_table() -> None:
    assert computer_players.policy("lotr-risk", "gentle")[1] == Budget(8, 0.5)


def test_every_level_the_docs_name_for_a_game_is_offered() -> None:
    """docs/commands.md and docs/computer-players.md: the four levels weakest first; Minas
    Tirith and War of the Ring without ``gentle``; the Confrontation and Risk all four."""
    assert LEVELS == ("random", "rules", "gentle", "strong")
    assert levels("confrontation") == levels("lotr-risk") == LEVELS
    assert levels("minas-tirith") == levels("war-of-the-ring") == ("random", "rules", "strong")
    assert set(PLAYERS) == {"confrontation", "lotr-risk", "minas-tirith", "war-of-the-ring"}
    commands = " ".join((DOCS / "commands.md").read_text().split())
    assert "weakest first `random`, `rules`, `gentle`, `strong`" in commands
    assert "Minas Tirith and War of the Ring have `random`, `rules` and `strong`" in commands
    players = " ".join((DOCS / "computer-players.md").read_text().split())
    assert "Minas Tirith and War of the Ring have `random`, `rules` and `strong`" in players
    assert re.search(r"the Confrontation and\s+LOTR Risk all four", players)


def test_the_docs_level_table_says_each_games_budget_and_slips() -> None:
    """The levels' table of docs/computer-players.md against the levels' settings."""
    text = " ".join((DOCS / "computer-players.md").read_text().split())
    conf, risk = PLAYERS["confrontation"], PLAYERS["lotr-risk"]
    assert conf["gentle"].budget == Budget(iterations=120) and conf["strong"].budget == Budget(600, 1.5)
    assert risk["gentle"].budget == Budget(8, 0.5) and risk["strong"].budget == Budget(120, 1.5)
    assert "`gentle` 120 iterations with one decision in ten at random" in text
    assert "`strong` 600 iterations or 1.5 s" in text
    assert "`gentle` 8 iterations or 0.5 s with one decision in five at random" in text
    assert "`strong` 120 iterations or 1.5 s" in text
    noise = {game: PLAYERS[game]["gentle"].make() for game in ("confrontation", "lotr-risk")}
    assert getattr(noise["confrontation"], "noise", None) == 0.1
    assert getattr(noise["lotr-risk"], "noise", None) == 0.2


def test_the_level_options_help_names_the_weakest_and_the_strongest_level() -> None:
    """``/game new level:`` and ``/game computer level:`` (their words as the catalog holds
    them, which the catalogs' test keeps equal to the commands')."""
    catalog = (DOCS.parent / "data" / "locale" / "commands.pot").read_text()
    described = re.findall(r"#\. /game (?:new|computer) level:\nmsgctxt [^\n]*\nmsgid \"([^\"]*)\"", catalog)
    assert len(described) == 2
    assert all(f"{LEVELS[0]} ... {LEVELS[-1]}" in text for text in described), described


def test_with_special_cards_or_a_draft_the_confrontations_search_levels_search() -> None:
    """(As docs/computer-players.md tells players: the search samples every option.) Every move
    decision of a game with special cards, and of a Draft, is searched, never left to `rules`."""
    text = " ".join((DOCS / "computer-players.md").read_text().split())
    assert "`gentle` and `strong` search with every option of the Confrontation" in text
    assert "do not search yet" not in text
    for options in ({"specials": "2002"}, {"variant": "draft"}):
        state = RULESET.setup(3, RULESET.resolve_options(options), 2)
        rules = RuleBasedPlayer()
        moves = 0
        for count in range(120):
            if state["result"] is not None:
                break
            role = min(RULESET.active(state))
            seat = seat_of(RULESET, state, role, count, Budget(iterations=4))
            if (
                state.get("setup") is None
                and RULESET.prompt(state, role).kind == "move"
                and len(seat.actions) > 1
            ):
                strong = computer_players.policy("confrontation", "strong")[0]
                assert isinstance(strong, SearchPlayer)
                strong.decide(seat)
                assert strong.fallbacks == 0
                moves += 1
            RULESET.apply(state, role, rules.decide(seat))
        assert moves >= 10
