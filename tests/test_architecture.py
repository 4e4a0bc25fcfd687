"""The engine never knows Discord exists: games/ imports nothing from the I/O layers."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from games.core import all_rulesets  # importing ``games`` registers every game

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("bot", "renderers", "discord", "PIL", "aiosqlite", "aiohttp", "asyncio", "random", "sqlite3")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_games_import_no_io_layers() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & set(FORBIDDEN))
        for path in (ROOT / "games").rglob("*.py")
        if imported_modules(path) & set(FORBIDDEN)
    }
    assert offenders == {}


def test_renderers_do_not_import_bot_or_discord() -> None:
    for path in (ROOT / "renderers").rglob("*.py"):
        assert not imported_modules(path) & {"bot", "discord", "aiosqlite"}, path


def test_project_never_reads_shared_folder() -> None:
    for folder in ("bot", "games", "renderers", "tests", "bench", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".sh", ""} and path.name != Path(__file__).name:
                text = path.read_text(encoding="utf-8", errors="ignore")
                assert "../shared" not in text and "shared/rules" not in text, path


def _full_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_games_draw_chance_only_through_the_named_chance_functions() -> None:
    """Every die, shuffle and blind draw goes through ``games.core.chance`` (scriptable, named)."""
    for path in (ROOT / "games").rglob("*.py"):
        if path.parent.name == "core":
            continue
        assert not {"games.core.rng", "games.core.rng.choice", "games.core.rng.shuffle"} & _full_imports(
            path
        ), path


def test_only_the_core_owns_the_undo_journal() -> None:
    """Games change their state with plain dict and list operations; the runner journals them."""
    for path in (ROOT / "games").rglob("*.py"):
        if path.parent.name == "core":
            continue
        assert not any(name.startswith("games.core.journal") for name in _full_imports(path)), path


#: The rooms every game package has, each named for what it holds (docs/architecture.md).
GAME_ROOMS = (
    "data",  # loads data/<game>/
    "board",  # geometry, adjacency, counts
    "roles",  # who plays: the roles and their titles
    "options",  # what a match is played with, read from its state
    "setup",
    "turn",
    "victory",  # how the game is won
    "view",  # what each audience may know
    "secrets",  # what each audience must never see
    "invariants",
    "positions",  # described positions in and out
    "events",  # event kinds and their templates
    "labels",  # actions and values in words (buttons, autocomplete)
    "explain",  # what an action does, in a sentence
    "standing",  # the public standing (/game status)
    "rules_help",  # /rules
    "ruleset",  # the Ruleset that ties them together
)
#: Names that say nothing of what a module holds.
GRAB_BAGS = ("common", "utils", "helpers", "misc")


def _game_packages() -> list[Path]:
    """The package of every registered game (tests may register toy games of their own)."""
    found = {Path(sys.modules[type(r).__module__].__file__ or "").parent for r in all_rulesets()}
    return sorted(p for p in found if p.parent == ROOT / "games")


def _room_problems(package: Path) -> dict[str, list[str]]:
    """The shared rooms ``package`` lacks and the grab bags it has (empty lists: none)."""
    modules = {p.stem for p in package.glob("*.py")}
    return {
        "missing": [room for room in GAME_ROOMS if room not in modules],
        "grab bags": [name for name in GRAB_BAGS if name in modules],
    }


def test_every_registered_game_package_has_the_shared_rooms_and_no_grab_bag() -> None:
    packages = _game_packages()
    on_disk = sorted(p.parent for p in (ROOT / "games").glob("*/ruleset.py") if p.parent.name != "core")
    assert packages == on_disk, "every game package with a ruleset is registered"
    problems = {p.name: _room_problems(p) for p in packages}
    assert {name: found for name, found in problems.items() if any(found.values())} == {}


def test_the_room_check_names_a_missing_room_and_a_grab_bag(tmp_path: Path) -> None:
    for room in GAME_ROOMS:
        if room != "standing":
            (tmp_path / f"{room}.py").touch()
    (tmp_path / "common.py").touch()
    assert _room_problems(tmp_path) == {"missing": ["standing"], "grab bags": ["common"]}
