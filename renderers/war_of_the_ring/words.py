"""The words War of the Ring's pictures draw, in the picture's language, and the faces that draw
them.

:func:`games.war_of_the_ring.i18n.speaking` sets the language for one picture (``render(view,
lang=…)``, by default the view's ``lang``); the words come from the game's catalog
(``war_of_the_ring``) through ``tr``/``ntr``/``ptr``, and :func:`face` gives the Japanese or
Simplified Chinese face of a font kind while those languages are spoken (the CJK faces draw Latin
letters and digits too, so a whole panel uses one face). The view's own sentences (its prompt,
the last action) come written in its language already.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageFont

from games.war_of_the_ring.data import REGIONS
from games.war_of_the_ring.i18n import current, english, listed, mark, ntr, ptr, region_title, speaking, tr
from renderers.common.fonts import FontKind, cjk_kind, font

from .theme import DUNLENDINGS, FREE, SHADOW

__all__ = [
    "current",
    "english",
    "face",
    "face_kind",
    "listed",
    "mark",
    "nation_short",
    "ntr",
    "picture_language",
    "ptr",
    "region_name",
    "side_short",
    "side_title",
    "speaking",
    "tr",
    "water_name",
]

#: The sides as the pictures title them.
SIDE_TITLES = {FREE: mark("Free Peoples"), SHADOW: mark("Shadow")}
#: The sides in a narrow column ("Free" for the Free Peoples).
SIDE_SHORT = {
    # i18n: the Free Peoples in a narrow column of the picture (beside "Shadow")
    FREE: mark("Free"),
    SHADOW: mark("Shadow"),
}
#: The Nations as the pictures' narrow columns name them.
NATION_SHORT = {
    "dwarves": mark("Dwarves"),
    "elves": mark("Elves"),
    "gondor": mark("Gondor"),
    # i18n: the Nation of the North, in a narrow column of the picture
    "north": mark("North"),
    "rohan": mark("Rohan"),
    "isengard": mark("Isengard"),
    "sauron": mark("Sauron"),
    # i18n: the Southrons & Easterlings, in a narrow column of the picture
    "southrons": mark("Southrons"),
    DUNLENDINGS: mark("Dunlendings"),
}
#: The seas' names the map writes (a line break where the English breaks).
WATERS = {
    "Belegaer": mark("Belegaer"),
    "Bay of\nBelfalas": mark("Bay of Belfalas"),
    "Sea of\nRhûn": mark("Sea of Rhûn"),
}


def picture_language(view: Mapping[str, Any], lang: str | None = None) -> str:
    """The language a picture of ``view`` speaks: ``lang``, else the view's own, else English."""
    return lang or str(view.get("lang") or "en")


def face_kind(wanted: FontKind) -> FontKind:
    """The font kind that draws the language being spoken in the style of ``wanted``."""
    lang = current()
    if lang in ("ja", "zh-CN"):
        return cjk_kind(wanted, "", lang)
    return wanted


def face(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The shipped font of ``kind`` at ``size`` for the language being spoken."""
    return font(face_kind(kind), size)


def side_title(side: Any) -> str:
    """ "Free Peoples" or "Shadow" (an unknown side as given, title-cased)."""
    if side is None:
        return ""
    found = SIDE_TITLES.get(str(side))
    return tr(found) if found else str(side).title()


def side_short(side: str) -> str:
    return tr(SIDE_SHORT[FREE if side == FREE else SHADOW])


def nation_short(nation: str) -> str:
    found = NATION_SHORT.get(nation)
    return tr(found) if found else nation


def region_name(slug: str, english_name: str) -> str:
    """A region's name (the layout's English ``english_name``) in the language being spoken."""
    if english() or slug not in REGIONS:
        return english_name
    return region_title(slug)


def water_name(name: str) -> str:
    """A sea's name as the map writes it (``Sea of\\nRhûn``), in the language being spoken."""
    if english() or name not in WATERS:
        return name
    said = tr(WATERS[name])
    return name if said == WATERS[name] else said


#: Characters a Japanese or Chinese line never begins with (kinsoku): closing punctuation.
_NO_LINE_START = set("、。，．・：；？！）」』】〉》ー…・,.)")


def _pieces(text: str) -> list[str]:
    """``text`` in the pieces a line may break between: each Japanese or Chinese character, each
    word of another script with the spaces after it.

    >>> _pieces("直前：Shelob's Lair, 4")
    ['直', '前', '：', "Shelob's ", 'Lair, ', '4']
    """
    from renderers.common.fonts import is_cjk

    pieces: list[str] = []
    for char in text:
        if (
            is_cjk(char)
            or not pieces
            or is_cjk(pieces[-1][-1])
            or (pieces[-1][-1].isspace() and not char.isspace())
        ):
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


def wrap(text: str, kind_face: ImageFont.FreeTypeFont, width: float, max_lines: int) -> list[str]:
    """``text`` in at most ``max_lines`` lines of ``width``: at spaces (``wrap_words``), or, in
    Japanese and Chinese, between any two characters but before closing punctuation; the last
    line kept ends with an ellipsis when the text is longer."""
    from renderers.common.fonts import is_cjk
    from renderers.common.text import ELLIPSIS, ellipsize, wrap_words

    if not any(is_cjk(c) for c in text):
        return wrap_words(text, kind_face, width, max_lines)
    lines: list[str] = []
    line = ""
    # a Japanese or Chinese character alone, or a word of another script whole (a name)
    for piece in _pieces(text):
        if line and kind_face.getlength(line + piece) > width and piece[0] not in _NO_LINE_START:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, kind_face, width)
    return lines


def layout_region(names: Mapping[str, str], slug: str) -> str:
    """A region of the map by its slug: the layout's English name (``names``), or its name in the
    language being spoken."""
    return region_name(slug, names.get(slug, slug))


def commas(items: list[str]) -> str:
    """Items one after the other, as a short list ("A, B, C"; 「A、B、C」)."""
    if english() or not items:
        return ", ".join(items)
    text = items[0]
    for item in items[1:]:
        text = tr("{first}, {next}", first=text, next=item)
    return text


def semicolons(items: list[str]) -> str:
    """Parts of a sentence one after the other ("A; B")."""
    if english() or not items:
        return "; ".join(items)
    text = items[0]
    for item in items[1:]:
        text = tr("{first}; {next}", first=text, next=item)
    return text


def sentences(items: list[str]) -> str:
    """Sentences one after the other (no space between them in Japanese and Chinese)."""
    if english() or not items:
        return " ".join(items)
    text = items[0]
    for item in items[1:]:
        text = tr("{sentence} {next}", sentence=text, next=item)
    return text


def full_stop(text: str) -> str:
    """``text`` ending as a sentence ends (a full stop added unless it has one)."""
    if text.endswith((".", "!", "?", "。", "！", "？")):
        return text
    return tr("{sentence}.", sentence=text)
