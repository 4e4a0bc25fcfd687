"""The words the Confrontation's pictures draw, in the picture's language (``view["lang"]``,
set by the bot: the match's for a public board, the reader's for a private one; English when
absent): the regions' names on the board and the characters' names on the tokens, from the
game's catalog (``confrontation``) by the same contexts as the game's own texts. The panels'
words (headline, battle, chronicle, hand) are English still.

>>> region_label("The Shire", "ja"), character_name("Treebeard", "zh-CN")
('ホビット庄', '树须')
>>> localized({"lang": "da", "regions": [{"character": "treebeard", "name": "Treebeard"}]})["regions"]
[{'character': 'treebeard', 'name': 'Træskæg'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core.i18n import SOURCE, best, pt

from .layout import BoardLayout

DOMAIN = "confrontation"


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
