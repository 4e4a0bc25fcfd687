"""The words Minas Tirith's pictures draw, in the picture's language (``view["lang"]``, set by the
bot: the match's for a public board, the reader's for a private one; English when absent).

The view holds data (slugs and numbers), so the picture says everything itself: its own words
with ``tr``/``ntr`` while :func:`speaking` the picture's language, and the names of spaces,
leaders, battalions and sides from the game's catalog (``minas_tirith``) by the contexts the
game's own texts use (the renderer reads the catalog, never the engine). Japanese and Chinese are
drawn with the CJK faces (:func:`face_kind`).

>>> with speaking("da"):
...     space_label("The Causeway"), side_title("evil")
('Dæmningen', 'Mordor')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageFont

from games.core.i18n import UNSPACED, Voice, best, nt, pt
from renderers.common.fonts import FontKind, cjk_kind, font

DOMAIN = "minas_tirith"

_VOICE = Voice(DOMAIN)
#: The voice's words by their catalog names (``extract`` reads the calls of tr, ntr and ptr).
speaking = _VOICE.speaking
current = _VOICE.current
english = _VOICE.english
tr = _VOICE.tr
ntr = _VOICE.ntr
listed = _VOICE.listed


def view_lang(view: Mapping[str, Any]) -> str:
    """The language of the words of ``view``'s picture."""
    return best(view.get("lang"))


#: Punctuation between the items of a sentence, as Japanese and Chinese write it.
_CJK_PUNCTUATION = {", ": "、", "; ": "；"}


def series(items: list[str], between: str = ", ") -> str:
    """Items one after another with ``between`` (", ", "; ") in the language's punctuation."""
    mark = _CJK_PUNCTUATION.get(between, between) if current() in UNSPACED else between
    return mark.join(items)


def sentences(*said: str) -> str:
    """Sentences one after the other: a space between them, none in Japanese and Chinese."""
    return ("" if current() in UNSPACED else " ").join(s for s in said if s)


def face_kind(wanted: FontKind) -> FontKind:
    """The font kind that draws the language being spoken in the style of ``wanted``."""
    lang = current()
    return cjk_kind(wanted, "", lang) if lang in UNSPACED else wanted


def face(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The font of ``kind`` and ``size`` for the language being spoken."""
    return font(face_kind(kind), size)


def side_title(role: str) -> str:
    """A side as a heading names it ("Gondor", "Mordor")."""
    return {"good": tr("Gondor"), "evil": tr("Mordor")}.get(role, role.title())


def space_label(english_name: str) -> str:
    """A space's name (the English as the layout and the data give it) in the language spoken."""
    return english_name if english() else pt(current(), DOMAIN, "space", english_name)


def leader_label(english_name: str) -> str:
    return english_name if english() else pt(current(), DOMAIN, "leader", english_name)


def card_label(english_name: str) -> str:
    return english_name if english() else pt(current(), DOMAIN, "Minas Tirith card", english_name)


#: A kind of battalion named alone, as the game's menus name it (its message context).
BATTALION_KIND = "battalion kind"
#: Those names, by kind (the game's ``labels.BATTALIONS``: the same English, the same context).
BATTALION_NAMES = {
    "infantry": "Infantry battalion",
    "archers": "Battalion of archers",
    "cavalry": "Cavalry battalion",
    "cavalry_archers": "Battalion of mounted archers",
    "orcs": "Orc",
    "crossbows": "Crossbowman",
    "wargs": "Warg rider",
    "black_riders": "Black Rider",
    "trolls": "Troll",
    "oliphaunts": "Oliphaunt",
}


def battalion_kind(kind: str, english_name: str) -> str:
    """A kind of battalion for a legend: the English as the data names it, else the game's word."""
    if english() or kind not in BATTALION_NAMES:
        return english_name
    return pt(current(), DOMAIN, BATTALION_KIND, BATTALION_NAMES[kind])


def units_counted(kind: str, count: int, english_words: str) -> str:
    """``count`` battalions of ``kind`` ("3 orcs"), as the game counts them."""
    if english():
        return english_words
    said = _UNIT_COUNTS.get(kind)
    return nt(current(), DOMAIN, said[0], said[1], count) if said else english_words


#: The game's counted battalions (``games.minas_tirith.words.UNIT_COUNTS``: the same messages).
_UNIT_COUNTS = {
    "infantry": ("{count} infantry battalion", "{count} infantry battalions"),
    "archers": ("{count} battalion of archers", "{count} battalions of archers"),
    "cavalry": ("{count} cavalry battalion", "{count} cavalry battalions"),
    "cavalry_archers": ("{count} battalion of mounted archers", "{count} battalions of mounted archers"),
    "orcs": ("{count} orc", "{count} orcs"),
    "crossbows": ("{count} crossbowman", "{count} crossbowmen"),
    "wargs": ("{count} warg rider", "{count} warg riders"),
    "black_riders": ("{count} Black Rider", "{count} Black Riders"),
    "trolls": ("{count} troll", "{count} trolls"),
    "oliphaunts": ("{count} oliphaunt", "{count} oliphaunts"),
}
