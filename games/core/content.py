"""Finding and reading a game's content files (``data/<game>/``), for every game's ``data.py``.

Pure reads at import time: a game's rules never touch files after its data is loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def data_dir(game: str, marker: str, start: str) -> Path:
    """``data/<game>`` at the repository root (a source checkout or an editable install): the
    first folder above ``start`` (a module's ``__file__``) holding ``data/<game>/<marker>``."""
    here = Path(start).resolve()
    for parent in here.parents:
        candidate = parent / "data" / game
        if (candidate / marker).is_file():
            return candidate
    raise FileNotFoundError(f"data/{game}/{marker} not found above {here}")


def load_json(folder: Path, name: str) -> Any:
    with (folder / name).open(encoding="utf-8") as handle:
        return json.load(handle)
