"""The words the Confrontation's pictures draw, in the picture's language (``view["lang"]``,
set by the bot: the match's for a public board, the reader's for a private one; English when
absent): the regions' names on the board and the characters' names on the tokens, from the
game's catalog (``confrontation``) by the same contexts as the game's own texts; and the
panels' and the alt text's own words (headline, battle, chronicle, hands, legend), said with
``tr``/``ntr`` while :func:`speaking` the picture's language (the sentences the view carries,
its prompt, log and names, the engine already wrote in that language: ``view(…, lang)``).
Japanese and Chinese are drawn with the CJK faces (:func:`face_kind`).

>>> region_label("The Shire", "ja"), character_name("Treebeard", "zh-CN")
('ホビット庄', '树须')
>>> localized({"lang": "da", "regions": [{"character": "treebeard", "name": "Treebeard"}]})["regions"]
[{'character': 'treebeard', 'name': 'Træskæg'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PIL import ImageFont

from games.core.i18n import SOURCE, UNSPACED, Voice, best, pt
from renderers.common.fonts import FontKind, cjk_kind, font

from .layout import BoardLayout

DOMAIN = "confrontation"

_VOICE = Voice(DOMAIN)
#: The voice's words by their catalog names (``extract`` reads the calls of tr, ntr and ptr).
speaking = _VOICE.speaking
current = _VOICE.current
tr = _VOICE.tr
ntr = _VOICE.ntr
listed = _VOICE.listed


#: Punctuation between the items of a sentence, as Japanese and Chinese write it.
_CJK_PUNCTUATION = {", ": "、", "; ": "；", ". ": "。", ": ": "："}


def punctuation(between: str) -> str:
    """``between`` (", ", "; ", ". ", ": ") as the language being spoken writes it.

    >>> with speaking("ja"):
    ...     punctuation(", ") + punctuation("; ")
    '、；'
    """
    return _CJK_PUNCTUATION.get(between, between) if current() in UNSPACED else between


def series(items: list[str], between: str = ", ") -> str:
    """Items one after another with ``between`` (in the language's own punctuation), where a
    list with "and" would not do (the parts of an alt text)."""
    return punctuation(between).join(items)


def sentences(*said: str) -> str:
    """Sentences one after the other: a space between them, none in Japanese and Chinese."""
    return ("" if current() in UNSPACED else " ").join(s for s in said if s)


#: Marks inside a line of text, and their stand-ins in the CJK faces (which have no "✝", "↩").
_CJK_MARKS = {"✝": "†", "↩": "←"}


def inline_mark(mark: str) -> str:
    """``mark`` as a line of text in the language being spoken can draw it."""
    return _CJK_MARKS.get(mark, mark) if current() in UNSPACED else mark


def face_kind(wanted: FontKind) -> FontKind:
    """The font kind that draws the language being spoken in the style of ``wanted``."""
    lang = current()
    return cjk_kind(wanted, "", lang) if lang in UNSPACED else wanted


def face(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The font of ``kind`` and ``size`` for the language being spoken."""
    return font(face_kind(kind), size)


def view_lang(view: Mapping[str, Any]) -> str:
    """The language of the words of ``view``'s picture."""
    return best(view.get("lang"))


def region_label(name: str, lang: str) -> str:
    return pt(lang, DOMAIN, "region", name)


def character_name(name: str, lang: str) -> str:
    return pt(lang, DOMAIN, "character", name)


_LAYOUTS: dict[tuple[int, str], tuple[BoardLayout, BoardLayout]] = {}


def layout_in(layout: BoardLayout, lang: str) -> BoardLayout:
    """``layout`` with its regions named in ``lang`` (the same layout in English; cached)."""
    if lang == SOURCE:
        return layout
    found = _LAYOUTS.get((id(layout), lang))
    if found is None or found[0] is not layout:
        regions = {slug: replace(r, name=region_label(r.name, lang)) for slug, r in layout.regions.items()}
        found = _LAYOUTS[id(layout), lang] = (layout, replace(layout, regions=regions))
    return found[1]


#: The parts of a view drawn as tokens (whose names are in the picture's language); the panels'
#: sentences ("† Frodo fell", "Last seen: …") are English still, names included.
TOKEN_PARTS = ("regions", "battle", "setup")


def localized(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """``view`` with the names its tokens show in its picture's language (the view in English)."""
    lang = view_lang(view)
    if lang == SOURCE:
        return view

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            out = {k: walk(v) for k, v in value.items()}
            if out.get("character") and isinstance(out.get("name"), str):
                out["name"] = character_name(out["name"], lang)
            return out
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return {k: walk(v) if k in TOKEN_PARTS else v for k, v in view.items()}
