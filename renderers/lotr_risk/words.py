"""The words Risk's pictures draw, in the picture's language, and the faces that draw them.

:func:`games.lotr_risk.i18n.speaking` sets the language for one picture (``render(view,
lang=…)``); the words come from the game's catalog (``lotr_risk``) through ``tr``/``ntr``, and
:func:`face_kind` gives the Japanese or Simplified Chinese face of a font kind while those languages
are spoken (the CJK faces draw Latin letters and digits too, so a whole panel uses one face).
"""

from __future__ import annotations

from games.lotr_risk.i18n import current, english, listed, mark, ntr, ptr, speaking, territory_title, tr
from renderers.common.fonts import FontKind, cjk_kind

__all__ = [
    "current",
    "english",
    "face_kind",
    "listed",
    "mark",
    "ntr",
    "place_name",
    "ptr",
    "region_name",
    "speaking",
    "territory_title",
    "tr",
]


def face_kind(wanted: FontKind) -> FontKind:
    """The font kind that draws the language being spoken in the style of ``wanted``."""
    lang = current()
    if lang in ("ja", "zh-CN"):
        return cjk_kind(wanted, "", lang)
    return wanted


def region_name(name: str) -> str:
    """A region's name as the layout gives it (English), in the language being spoken."""
    return name if english() else ptr("region", name)


def place_name(name: str) -> str:
    """A named place of the map (a site of power, a stronghold: "Bree", "Rivendell"), in the
    language being spoken."""
    if english():
        return name
    for context in ("site", "stronghold", "territory"):
        said = ptr(context, name)
        if said != name:
            return said
    return name
