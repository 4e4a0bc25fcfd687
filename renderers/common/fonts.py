"""Fonts shipped in ``data/fonts`` (DejaVu, Roboto Condensed and Noto Sans CJK, freely
redistributable), loaded once per size.

Names like "Nazgûl", "Théoden" and "Sméagol" need real Unicode coverage, so the renderers
never rely on the machine's fonts. Japanese and Chinese text is drawn with Noto Sans CJK, kept
in two subsets (``scripts/subset_cjk_fonts.py``): its Japanese face for Japanese, its Simplified
Chinese face for Chinese, whose Han characters are drawn differently. :func:`text_font` picks
the font a text needs.

Drawing text is most of what a board costs apart from its static layers (FreeType lays out and
rasterises every glyph of every string again each time), and boards repeat their texts: panel
titles, card and region names, numbers. :class:`CachedFont` keeps the bitmap and the width of
each text it drew, for the life of the process (a render worker draws thousands of boards),
within :data:`MASK_PIXELS`: the pixels drawn are the same, only computed once.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Literal

from PIL import ImageFont

from .paths import FONT_DIR

log = logging.getLogger(__name__)

FontKind = Literal[
    "sans",
    "bold",
    "condensed",
    "narrow",
    "serif",
    "serif_condensed",
    "italic",
    "cjk_jp",
    "cjk_jp_bold",
    "cjk_sc",
    "cjk_sc_bold",
]

_FILES: dict[str, str] = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "narrow": "RobotoCondensed-Bold.ttf",  # piece names: about 20% narrower than "condensed"
    "serif": "DejaVuSerif-Bold.ttf",
    "serif_condensed": "DejaVuSerifCondensed-Bold.ttf",  # region names in narrow tiles
    "italic": "DejaVuSerif-Italic.ttf",
    "cjk_jp": "NotoSansCJKjp-Regular.subset.otf",
    "cjk_jp_bold": "NotoSansCJKjp-Bold.subset.otf",
    "cjk_sc": "NotoSansCJKsc-Regular.subset.otf",
    "cjk_sc_bold": "NotoSansCJKsc-Bold.subset.otf",
}
#: The Latin kinds drawn in a heavy weight: their CJK stand-in is the bold face.
_BOLD = {"bold", "condensed", "narrow", "serif", "serif_condensed"}
#: Where Japanese and Chinese characters are (CJK punctuation, kana, ideographs, full width).
_CJK_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))

#: The text bitmaps kept, in pixels (one byte each), for all fonts together: a few megabytes.
MASK_PIXELS = 8_000_000
#: Text widths kept, for all fonts together.
LENGTHS = 50_000

_Mask = tuple[Any, tuple[int, int]]  # (Pillow's core image, offset), as ``getmask2`` returns
_masks: OrderedDict[tuple[Any, ...], _Mask] = OrderedDict()
_mask_pixels = 0
_lengths: dict[tuple[Any, ...], float] = {}
#: Pictures may be drawn in several threads at once (the bot's fallback without workers).
_lock = threading.Lock()


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that draws and measures each text once (see the module doc).

    Every bitmap Pillow asks for goes through :meth:`getmask2` (``ImageDraw.text``, ``getmask``)
    and every width through :meth:`getlength` (``ImageDraw.textlength``). Bitmaps in colour
    (``RGBA``, which Pillow then changes in place) and calls with rarely used arguments are
    not kept.
    """

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> _Mask:
        keep = mode != "RGBA" and not args and features is None and set(kwargs) <= {"stroke_filled"}
        key = (
            self.path,
            self.size,
            text,
            mode,
            direction,
            language,
            stroke_width,
            anchor,
            start or (0, 0),
            kwargs.get("stroke_filled", False),
        )
        if keep:
            with _lock:
                found = _masks.get(key)
                if found is not None:
                    _masks.move_to_end(key)
                    return found
        drawn = super().getmask2(
            text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
        )
        if keep:
            _remember(key, drawn)
        return drawn

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features is not None:
            return super().getlength(text, mode, direction, features, language)
        key = (self.path, self.size, text, mode, direction, language)
        found = _lengths.get(key)  # a plain dict: its reads and writes are atomic
        if found is None:
            if len(_lengths) >= LENGTHS:
                _lengths.clear()
            found = _lengths[key] = super().getlength(text, mode, direction, features, language)
        return found


def _remember(key: tuple[Any, ...], drawn: _Mask) -> None:
    global _mask_pixels
    width, height = drawn[0].size
    with _lock:
        previous = _masks.pop(key, None)  # drawn meanwhile in another thread
        if previous is not None:
            _mask_pixels -= previous[0].size[0] * previous[0].size[1]
        _masks[key] = drawn
        _mask_pixels += width * height
        while _mask_pixels > MASK_PIXELS and len(_masks) > 1:
            _, (old, _) = _masks.popitem(last=False)
            _mask_pixels -= old.size[0] * old.size[1]


@lru_cache(maxsize=256)
def font(kind: FontKind, size: int) -> ImageFont.FreeTypeFont:
    """The shipped font ``kind`` at ``size`` pixels (cached, and caching what it draws)."""
    path = FONT_DIR / _FILES[kind]
    log.debug("loading font %s at %d px", path.name, size)
    return CachedFont(str(path), size)


def is_cjk(char: str) -> bool:
    """Whether ``char`` is Japanese or Chinese (kana, ideographs, their punctuation).

    >>> is_cjk("指"), is_cjk("の"), is_cjk("、"), is_cjk("é")
    (True, True, True, False)
    """
    code = ord(char)
    return any(start <= code <= end for start, end in _CJK_RANGES)


def cjk_kind(kind: FontKind, text: str, language: str | None = None) -> FontKind:
    """The CJK face standing in for ``kind``: Japanese for Japanese (``language`` ``ja``, or
    kana in ``text``), else Simplified Chinese; bold for the heavy kinds.

    >>> cjk_kind("bold", "弗罗多"), cjk_kind("sans", "フロド"), cjk_kind("narrow", "中つ国", "ja")
    ('cjk_sc_bold', 'cjk_jp', 'cjk_jp_bold')
    """
    kana = any(0x3040 <= ord(c) <= 0x30FF for c in text)
    region = "jp" if language == "ja" or (language is None and kana) else "sc"
    return f"cjk_{region}_bold" if kind in _BOLD else f"cjk_{region}"  # type: ignore[return-value]


def text_kind(kind: FontKind, text: str, language: str | None = None) -> FontKind:
    """The font kind that draws ``text``: ``kind``, or its CJK stand-in when the text has
    Japanese or Chinese in it (the CJK faces draw Latin letters too)."""
    return cjk_kind(kind, text, language) if any(is_cjk(c) for c in text) else kind


def text_font(kind: FontKind, size: int, text: str, language: str | None = None) -> ImageFont.FreeTypeFont:
    """The shipped font that draws ``text`` in the style of ``kind`` (see :func:`text_kind`)."""
    return font(text_kind(kind, text, language), size)


@lru_cache(maxsize=16)
def _notdef(kind: FontKind) -> bytes:
    return bytes(font(kind, 24).getmask("\ue000"))  # a private-use code point no font here has


@lru_cache(maxsize=65536)
def has_glyph(kind: FontKind, char: str) -> bool:
    """Whether the shipped font ``kind`` draws ``char`` (not its "missing glyph" box)."""
    return char.isspace() or bytes(font(kind, 24).getmask(char)) != _notdef(kind)
