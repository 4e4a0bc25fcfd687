"""The package is wired by static imports only: no import circle among its modules, no import
inside a function, nothing found by name at run time (``importlib``); its tables are explicit."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games.core import Match, dump, load
from games.core.rng import randbelow
from games.war_of_the_ring import events, procedures, ruleset
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

PACKAGE = Path(ruleset.__file__).parent
MODULES = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")


def _tree(module: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))


def _imported(module: str) -> set[str]:
    """The package's modules that ``module`` imports at its top level."""
    found: set[str] = set()
    for node in _tree(module).body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level == 0 and base.startswith("games.war_of_the_ring"):
                base = base.removeprefix("games.war_of_the_ring").lstrip(".")
            elif node.level != 1:
                continue
            if base:
                found.add(base.split(".")[0])
            else:  # from . import a, b
                found |= {alias.name for alias in node.names}
    return found & set(MODULES)


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (empty if none)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_every_module_of_the_package_imports() -> None:
    for module in MODULES:
        importlib.import_module(f"games.war_of_the_ring.{module}")


def test_the_package_has_no_import_circle() -> None:
    graph = {module: _imported(module) for module in MODULES}
    assert _cycle(graph) == []
    assert "procedures" in graph["ruleset"] and "actions" in graph["armies"]  # the parser sees imports


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_inside_a_function_and_no_importlib() -> None:
    offenders = []
    for module in MODULES:
        tree = _tree(module)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and node not in tree.body:
                offenders.append(f"{module}:{node.lineno}")
            if isinstance(node, ast.Import) and any(a.name.startswith("importlib") for a in node.names):
                offenders.append(f"{module}:{node.lineno} importlib")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("importlib"):
                offenders.append(f"{module}:{node.lineno} importlib")
    assert offenders == []


def test_every_words_module_is_merged_into_the_events_and_no_kind_twice() -> None:
    word_modules = [m for m in MODULES if m.endswith("_words")]
    assert {"movement_words", "battle_words", "characters_words"} <= set(word_modules)
    for module in word_modules:
        words = importlib.import_module(f"games.war_of_the_ring.{module}")
        assert words.KINDS.items() <= events.KINDS.items(), module
        assert words.EN.items() <= events.EN.items(), module
        assert words.DERIVED.items() <= events.EXTRA.items(), module
    with pytest.raises(ValueError, match="defined twice: passed"):
        events.merged(events.TURN_KINDS, {"passed": {}})


def test_the_tables_list_every_die_action_and_step_once() -> None:
    verbs = [verb for verb in procedures.DIE_ACTIONS]
    assert len(verbs) == len(set(verbs)) and {"draw", "move-fellowship", "recruit", "attack"} <= set(verbs)
    names = [step.name for step in procedures.STEPS]
    assert len(names) == len(set(names))
    assert set(R.steps) >= {"turn", "act", "discard", "allocate_hunt", "fellowship_phase", *names}
    assert set(procedures.DIE_ACTIONS) <= R.verbs()


def test_the_turn_frame_lies_under_every_phase() -> None:
    match = Match.new(R, 5, {}, 2)
    chooser = {"rng": 5}
    while match.state["result"] is None and match.state["turn"]["number"] < 4:
        assert match.state["stack"][0] == {"step": "turn"} and len(match.state["stack"]) > 1
        role = sorted(R.active(match.state))[0]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])


def test_a_game_saved_before_the_turn_frame_plays_on_the_same() -> None:
    """A state saved when the phases' steps lay at the bottom of the stack gets its turn frame
    back at the next action and goes on exactly as the live game."""
    live = Match.new(R, 9, {}, 2)
    chooser = {"rng": 9}
    while live.state["turn"]["number"] < 2 or live.state["stack"][-1]["step"] != "act":
        role = sorted(R.active(live.state))[0]
        actions = R.prompt(live.state, role).actions
        live.submit(role, actions[randbelow(chooser, len(actions))])
    old = load(dump(live.state))
    assert old["stack"][0] == {"step": "turn"}
    del old["stack"][0]
    saved = Match(R, old)
    other = dict(chooser)
    for _ in range(150):
        if live.state["result"] is not None:
            break
        role = sorted(R.active(live.state))[0]
        assert sorted(R.active(saved.state)) == sorted(R.active(live.state))
        actions = R.prompt(live.state, role).actions
        assert R.prompt(saved.state, role).actions == actions
        live.submit(role, actions[randbelow(chooser, len(actions))])
        saved.submit(role, actions[randbelow(other, len(actions))])
    assert dump(saved.state) == dump(live.state)
