"""The tests of the features that write their own SQL (leagues, settings, clocks, rematches,
substitutes) and of the match service, run again with their store on PostgreSQL.

They run on SQLite in their own modules; here the ``store`` fixture of this folder gives them a
PostgreSQL store instead (tests that open a SQLite file by path are left out).
"""

from __future__ import annotations

import inspect
from types import ModuleType

from tests.bot import test_pace, test_rematch_and_substitute, test_service, test_settings_comfort
from tests.bot.leagues import test_league_service

#: Only PostgreSQL here (see ``conftest.pytest_generate_tests``).
BACKENDS = ["postgresql"]

MODULES: tuple[ModuleType, ...] = (
    test_league_service,
    test_settings_comfort,
    test_pace,
    test_rematch_and_substitute,
    test_service,
)


def _on_the_store(function: object) -> bool:
    """A test of ``module`` that gets its store from the fixtures (not from a file path)."""
    parameters = inspect.signature(function).parameters  # type: ignore[arg-type]
    return "db_path" not in parameters and ("store" in parameters or "service" in parameters)


for _module in MODULES:
    for _name, _test in vars(_module).items():
        if _name.startswith("test_") and inspect.isfunction(_test) and _on_the_store(_test):
            globals()[f"{_name}__{_module.__name__.rsplit('.', 1)[-1].removeprefix('test_')}"] = _test
