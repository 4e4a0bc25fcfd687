"""Where the renderers find the project's data files (layouts and fonts)."""

from __future__ import annotations

from pathlib import Path

#: The project's ``data/`` folder (content, never code).
DATA_DIR = Path(__file__).resolve().parents[2] / "data"
#: Fonts shipped with the project, so rendering never depends on the machine's fonts.
FONT_DIR = DATA_DIR / "fonts"
