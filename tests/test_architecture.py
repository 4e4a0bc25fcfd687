"""The engine never knows Discord exists: games/ imports nothing from the I/O layers."""

from __future__ import annotations

import ast
from pathlib import Path

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
