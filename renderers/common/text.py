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

from collections.abc import Sequence

from PIL import ImageFont

from .fonts import FontKind, font, is_cjk

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


#: Japanese and Chinese punctuation that never starts a line (it stays with what it follows).
NO_LINE_START = frozenset("、。，．・：；？！）」』】〉》〕”’ー…")

Unit = tuple[str, str]  # a piece of text no line breaks, and what joins it to the piece before


def units(text: str) -> list[Unit]:
    """The pieces a line may break between: words, and in Japanese and Chinese (written without
    spaces) each character, punctuation kept with what it follows.

    >>> units("one two")
    [('one', ' '), ('two', ' ')]
    >>> [u for u, _ in units("フロドは、3枚")]
    ['フ', 'ロ', 'ド', 'は、3', '枚']
    """
    found: list[Unit] = []
    for word in text.split():
        if not any(is_cjk(c) for c in word):
            found.append((word, " "))
            continue
        piece, joiner = "", " "
        for char in word:
            if piece and is_cjk(char) and char not in NO_LINE_START:
                found.append((piece, joiner))
                piece, joiner = "", ""
            piece += char
        found.append((piece, joiner))
    return found


def joined(line: list[Unit]) -> str:
    return "".join(unit if index == 0 else joiner + unit for index, (unit, joiner) in enumerate(line))


def _wrapped_units(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[list[Unit]]:
    lines: list[list[Unit]] = []
    current: list[Unit] = []
    for unit in units(text):
        if face.getlength(joined([*current, unit])) <= max_width:
            current.append(unit)
            continue
        if current:
            lines.append(current)
        current = (
            [unit]
            if face.getlength(unit[0]) <= max_width
            else [(ellipsize(unit[0], face, max_width), unit[1])]
        )
    if current:
        lines.append(current)
    return lines


def wrap_text(
    text: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int | None = None
) -> list[str]:
    """Greedy word wrap (Japanese and Chinese between characters). Words longer than a line are
    cut; when ``max_lines`` truncates the text, the last kept line ends with an ellipsis."""
    lines = [joined(line) for line in _wrapped_units(text, face, max_width)]
    if max_lines is not None and len(lines) > max_lines:
        kept = lines[:max_lines]
        kept[-1] = ellipsize(kept[-1] + ELLIPSIS, face, max_width)
        return kept
    return lines


#: The smallest size :func:`fit_lines` ever uses (past ``min_size``, so that a name is never cut).
FLOOR_SIZE = 6


def break_points(text: str) -> list[tuple[str, str]]:
    """Ways to split ``text`` over two lines without cutting a word: at a space, or after a
    hyphen (which stays on the first line).

    >>> break_points("Mouth of Sauron")
    [('Mouth', 'of Sauron'), ('Mouth of', 'Sauron')]
    >>> break_points("Witch-king")
    [('Witch-', 'king')]
    >>> break_points("Frodo")
    []
    """
    splits = [(text[:i], text[i + 1 :]) for i, c in enumerate(text) if c == " " and 0 < i < len(text) - 1]
    if not splits:
        splits = [
            (text[: i + 1], text[i + 1 :]) for i, c in enumerate(text) if c == "-" and 0 < i < len(text) - 1
        ]
    return [(a.strip(), b.strip()) for a, b in splits if a.strip() and b.strip()]


def two_lines(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[str] | None:
    """The most balanced split of ``text`` into two lines that fit ``max_width``, if any."""
    best: tuple[float, list[str]] | None = None
    for first, second in break_points(text):
        widest = max(face.getlength(first), face.getlength(second))
        if widest <= max_width and (best is None or widest < best[0]):
            best = (widest, [first, second])
    return best[1] if best else None


def fit_lines(
    text: str,
    kind: FontKind,
    max_width: float,
    size: int,
    *,
    min_size: int,
    two_line_size: int | None = None,
    max_lines: int = 2,
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest font at which ``text`` fits in ``max_width`` on one line, or on two lines,
    never cutting a word.

    One line is tried from ``size`` down to ``min_size``, two lines from ``two_line_size``
    (default ``size``) down to ``min_size``; two lines win when they allow a font at least two
    pixels larger. Past ``min_size`` the text shrinks (to :data:`FLOOR_SIZE` at worst) but
    stays whole.

    >>> face, lines = fit_lines("Watcher in the Water", "narrow", 80, 18, min_size=12)
    >>> lines, face.size
    (['Watcher in', 'the Water'], 18)
    >>> fit_lines("Frodo", "narrow", 80, 18, min_size=12)[1]
    ['Frodo']
    >>> fit_lines("Mouth of Sauron", "narrow", 80, 13, min_size=10)[1]
    ['Mouth of Sauron']
    >>> fit_lines("Mouth of Sauron", "narrow", 62, 13, min_size=9)[1]
    ['Mouth of', 'Sauron']
    """
    single = next(
        (s for s in range(size, min_size - 1, -1) if font(kind, s).getlength(text) <= max_width), None
    )
    double: tuple[int, list[str]] | None = None
    if max_lines >= 2:
        for current in range(two_line_size or size, min_size - 1, -1):
            lines = two_lines(text, font(kind, current), max_width)
            if lines:
                double = (current, lines)
                break
    if single is not None and (double is None or single + 2 > double[0]):
        return font(kind, single), [text]
    if double is not None:
        return font(kind, double[0]), double[1]
    for current in range(min_size - 1, FLOOR_SIZE - 1, -1):
        face = font(kind, current)
        if face.getlength(text) <= max_width:
            return face, [text]
        found = two_lines(text, face, max_width) if max_lines >= 2 else None
        if found:
            return face, found
    face = font(kind, FLOOR_SIZE)
    return face, (two_lines(text, face, 10**6) if max_lines >= 2 and " " in text else None) or [text]


def wrap_words(text: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int) -> list[str]:
    """Word wrap into at most ``max_lines`` lines; when the text is longer, the last line drops
    whole words and ends with an ellipsis, so no word (no name) is ever cut in the middle.

    >>> from renderers.common.fonts import font
    >>> wrap_words("Frodo moves from Dagorlad to Mordor", font("sans", 14), 130, 1)
    ['Frodo moves…']
    """
    wrapped = _wrapped_units(text, face, max_width)
    lines = [joined(line) for line in wrapped]
    if len(lines) <= max_lines and all(face.getlength(line) <= max_width for line in lines):
        return lines
    kept = lines[:max_lines]
    rest = [unit for line in wrapped[max_lines - 1 :] for unit in line]
    while rest and face.getlength(joined(rest) + ELLIPSIS) > max_width:
        rest.pop()
    kept[-1] = (joined(rest) + ELLIPSIS) if rest else ELLIPSIS
    return kept


def fit_in_room(
    name: str, english: Sequence[str], size: int, english_kind: FontKind, kind: FontKind
) -> tuple[tuple[str, ...], int]:
    """A map name in another language, in the room its English name takes (``english``: its
    lines at ``size`` in ``english_kind``): as many lines as the English (split at a space, or
    between any two characters in Japanese and Chinese), the English size or smaller, drawn in
    ``kind``. A name the English writes on one line takes two only rather than shrink by a
    fifth.

    >>> fit_in_room("Dæmningen", ["The Causeway"], 14, "serif", "serif")
    (('Dæmningen',), 14)
    >>> fit_in_room("ペレンノール野の北部", ["Northern", "Fields"], 14, "serif", "cjk_jp_bold")[0]
    ('ペレンノール', '野の北部')
    """
    room = max(font(english_kind, size).getlength(line) for line in english) * 1.15
    one: list[tuple[str, ...]] = [(name,)]
    options = one + list(_two_lines(name))
    smallest = max(8, round(size * 0.6))
    for current in range(size, smallest - 1, -1):
        face = font(kind, current)
        allowed = options if len(english) > 1 or current < size * 0.8 else one
        for lines in allowed:
            if all(face.getlength(line) <= room for line in lines):
                return lines, current
    return min(options, key=lambda lines: max(font(kind, smallest).getlength(x) for x in lines)), smallest


def _two_lines(name: str) -> list[tuple[str, str]]:
    """The ways to break ``name`` into two lines, the most even first."""
    words = name.split(" ")
    if len(words) > 1:
        cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    elif any(is_cjk(c) for c in name):  # Japanese and Chinese break between two characters,
        # best not inside a word written in katakana ("ペレンノール")
        cuts = [(name[:i], name[i:]) for i in range(1, len(name))]
        return sorted(cuts, key=lambda pair: (_in_katakana(pair), abs(len(pair[0]) - len(pair[1]))))[:3]
    elif "-" in name.strip("-"):  # a hyphenated word breaks after its hyphen ("Harad-", "vejen")
        cuts = [
            (name[: i + 1], name[i + 1 :]) for i, c in enumerate(name) if c == "-" and 0 < i < len(name) - 1
        ]
    else:  # one long word of a Latin script is hyphenated
        cuts = [(f"{name[:i]}-", name[i:]) for i in range(3, len(name) - 2)]
    return sorted(cuts, key=lambda pair: abs(len(pair[0]) - len(pair[1])))[:3]


def _katakana(char: str) -> bool:
    return "\u30a1" <= char <= "\u30ff"


def _in_katakana(pair: tuple[str, str]) -> bool:
    """Whether a break between these two lines cuts a katakana word, or starts a line with
    punctuation that never starts one."""
    before, after = pair[0][-1], pair[1][0]
    return (_katakana(before) and _katakana(after)) or after in NO_LINE_START
