"""Helpers every game's renderer shares: fonts, colours, text fitting, sprites, PNG encoding."""

from .colours import RGB, RGBA, mix, rgb, rgba
from .fonts import font
from .paths import DATA_DIR, FONT_DIR
from .png import encode_png
from .text import ellipsize, fit_text, text_size, wrap_text

__all__ = [
    "DATA_DIR",
    "FONT_DIR",
    "RGB",
    "RGBA",
    "ellipsize",
    "encode_png",
    "fit_text",
    "font",
    "mix",
    "rgb",
    "rgba",
    "text_size",
    "wrap_text",
]
