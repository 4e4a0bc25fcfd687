"""Colour helpers: parse ``#rrggbb`` strings and blend colours.

>>> rgb("#ff8000")
(255, 128, 0)
>>> rgba("#ff8000", 128)
(255, 128, 0, 128)
>>> mix((0, 0, 0), (255, 255, 255), 0.5)
(128, 128, 128)
"""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def rgb(value: str) -> RGB:
    """``#rrggbb`` (or ``rrggbb``) as an RGB tuple."""
    text = value.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {value!r}")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def rgba(value: str | RGB, alpha: int = 255) -> RGBA:
    """A colour with an alpha channel."""
    red, green, blue = rgb(value) if isinstance(value, str) else value
    return (red, green, blue, alpha)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend ``a`` toward ``b`` by ``t`` (0 gives ``a``, 1 gives ``b``)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def ink_on(fill: RGB) -> RGB:
    """Dark or light text, whichever reads on ``fill``."""
    red, green, blue = fill
    return (20, 18, 14) if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else (250, 247, 240)
