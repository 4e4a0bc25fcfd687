"""The tests of the features that write their own SQL (leagues, settings, clocks, rematches,
substitutes, computer seats and zombie votes), of the ticker and of the match service, run
again with their store on PostgreSQL.

They run on SQLite in their own modules; here the ``store`` fixture of this folder gives them a
PostgreSQL store instead (tests that open a SQLite file by path are left out).
"""

from __future__ import annotations

import inspect
from types import ModuleType

from tests.bot import (
    test_computer_players,
    test_pace,
    test_rematch_and_substitute,
    test_service,
    test_settings_comfort,
    test_ticker,
    test_zombie_mode,
)
from tests.bot.leagues import test_league_outbox, test_league_service

#: Only PostgreSQL here (see ``conftest.pytest_generate_tests``).
BACKENDS = ["postgresql"]

MODULES: tuple[ModuleType, ...] = (
    test_league_service,
    test_league_outbox,
    test_settings_comfort,
    test_pace,
    test_rematch_and_substitute,
    test_service,
    test_ticker,
    test_computer_players,
    test_zombie_mode,
)

#: Tests that make a match a league's in memory only (``live.record = replace(...)``): on a
#: database several processes share, a match is read again before each operation, so that
#: copy does not hold (as it should not); they run on SQLite.
IN_MEMORY_ONLY = {
    "test_a_league_match_takes_no_computer",
    "test_never_in_a_league_match_nor_a_game_without_computers",
}


def _on_the_store(function: object) -> bool:
    """A test of ``module`` that gets its store from the fixtures (not from a file path)."""
    parameters = inspect.signature(function).parameters  # type: ignore[arg-type]
    return "db_path" not in parameters and ("store" in parameters or "service" in parameters)


for _module in MODULES:
    for _name, _test in vars(_module).items():
        if _name in IN_MEMORY_ONLY:
            continue
        if _name.startswith("test_") and inspect.isfunction(_test) and _on_the_store(_test):
            globals()[f"{_name}__{_module.__name__.rsplit('.', 1)[-1].removeprefix('test_')}"] = _test
