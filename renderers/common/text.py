"""Text measuring, fitting and wrapping with the shipped fonts.

>>> from renderers.common.fonts import font
>>> f = font("sans", 14)
>>> ellipsize("Misty Mountains", f, 10_000)
'Misty Mountains'
>>> ellipsize("Misty Mountains", f, 60).endswith("…")
True
>>> wrap_text("one two three four", f, 70)
['one two', 'three four']
"""

from __future__ import annotations

from PIL import ImageFont

from .fonts import FontKind, font

ELLIPSIS = "…"


def text_size(text: str, face: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """Advance width and line height (ascent + descent) of ``text``."""
    ascent, descent = face.getmetrics()
    return round(face.getlength(text)), ascent + descent


def ellipsize(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``max_width`` wide."""
    if face.getlength(text) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def fit_text(
    text: str,
    kind: FontKind,
    max_width: float,
    size: int,
    *,
    min_size: int = 9,
    alternatives: tuple[str, ...] = (),
    min_full_size: int | None = None,
) -> tuple[ImageFont.FreeTypeFont, str]:
    """The largest font at which ``text`` fits in ``max_width``.

    The full text is tried from ``size`` down to ``min_full_size`` (default ``min_size``);
    then ``alternatives``, shorter forms of the same text (e.g. "Flying Nazgûl" for "The
    Flying Nazgûl"), from ``size`` down to ``min_size``. Past that the shortest form is cut
    with an ellipsis.
    """
    full_floor = min_size if min_full_size is None else max(min_size, min_full_size)
    for current in range(size, full_floor - 1, -1):
        face = font(kind, current)
        if face.getlength(text) <= max_width:
            return face, text
    for current in range(size, min_size - 1, -1):
        face = font(kind, current)
        for form in alternatives:
            if face.getlength(form) <= max_width:
                return face, form
    for current in range(full_floor - 1, min_size - 1, -1):
        face = font(kind, current)
        if face.getlength(text) <= max_width:
            return face, text
    face = font(kind, min_size)
    return face, ellipsize((text, *alternatives)[-1], face, max_width)


def wrap_text(
    text: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int | None = None
) -> list[str]:
    """Greedy word wrap. Words longer than a line are cut; when ``max_lines`` truncates the
    text, the last kept line ends with an ellipsis."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word if face.getlength(word) <= max_width else ellipsize(word, face, max_width)
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        kept = lines[:max_lines]
        kept[-1] = ellipsize(kept[-1] + ELLIPSIS, face, max_width)
        return kept
    return lines
