"""Golden files: a whole game's public story, compared with the text stored beside its test.

Regenerate after a deliberate change of a game or its words with ``UPDATE_GOLDEN=1`` (and say
why in the commit); the diff of the golden file is then the review of that change.
"""

from __future__ import annotations

import os
from pathlib import Path

from games.core import Ruleset, State


def stored_golden(path: Path, text: str) -> str:
    """The text ``path`` stores, to compare with ``text`` in the test (so pytest shows the diff);
    with ``UPDATE_GOLDEN`` set, ``path`` is written with ``text`` first."""
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path.read_text(encoding="utf-8")


def public_story(ruleset: Ruleset, state: State, header: str) -> str:
    """A finished game as the public reads it: ``header``, every public log line, the result."""
    result = state["result"]
    told = f"result: {result['winners']} ({ruleset.result_text(result)})"
    return "\n".join([header, *ruleset.log_lines(state, None), told]) + "\n"
