"""Fonts shipped in ``data/fonts`` (DejaVu and Roboto Condensed, freely redistributable), loaded
once per size.

Names like "Nazgûl", "Théoden" and "Sméagol" need real Unicode coverage, so the renderers
never rely on the machine's fonts.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Literal

from PIL import ImageFont

from .paths import FONT_DIR

log = logging.getLogger(__name__)

FontKind = Literal["sans", "bold", "condensed", "narrow", "serif", "serif_condensed", "italic"]

_FILES: dict[str, str] = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "narrow": "RobotoCondensed-Bold.ttf",  # piece names: about 20% narrower than "condensed"
    "serif": "DejaVuSerif-Bold.ttf",
    "serif_condensed": "DejaVuSerifCondensed-Bold.ttf",  # region names in narrow tiles
    "italic": "DejaVuSerif-Italic.ttf",
}


@lru_cache(maxsize=256)
def font(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The shipped font ``kind`` at ``size`` pixels (cached)."""
    path = FONT_DIR / _FILES[kind]
    log.debug("loading font %s at %d px", path.name, size)
    return ImageFont.truetype(str(path), size)
