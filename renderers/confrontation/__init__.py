"""The Confrontation's renderer: a view in, a PNG (or its text description) out.

Two layouts: ``"compact"`` (the default, 800 px wide, made to be read in Discord at 550 and
400 px; see :mod:`.compact`) and ``"full"`` (1200 x 900 with everything: hands, played cards,
specials and the chronicle). The board of each (cached once per process, see :mod:`.board`) is
copied, then the highlights, the pieces and the panels of this one view are drawn on it.
Everything drawn comes from the view and the layout: the renderer cannot show a secret the
view does not contain. :func:`describe` says in words what the picture shows (alt text).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.common.png import encode_png

from .board import draw_mark_legend, redraw_label, static_board
from .compact import render_compact
from .corner import draw_corner
from .describe import describe
from .highlights import draw_highlights, highlighted_regions
from .layout import LAYOUT_PATH, LAYOUTS, LayoutName, load_layout
from .panels import draw_panel
from .pieces import draw_pieces, marks_drawn
from .theme import FULL_TOKENS
from .words import layout_in, localized, speaking, view_lang

log = logging.getLogger(__name__)

__all__ = ["LAYOUTS", "describe", "render", "render_image"]


def render_image(
    view: Mapping[str, Any], *, highlight: bool = True, layout: LayoutName = "compact"
) -> Image.Image:
    """The picture of ``view`` as a Pillow image (RGB), in ``layout`` "compact" or "full"."""
    lang = view_lang(view)
    with speaking(lang):
        return _render_image(view, lang, highlight=highlight, layout=layout)


def _render_image(view: Mapping[str, Any], lang: str, *, highlight: bool, layout: LayoutName) -> Image.Image:
    board = layout_in(load_layout(LAYOUT_PATH, layout), lang)
    unknown = [r["id"] for r in view["regions"] if r["id"] not in board.regions]
    if unknown:
        raise ValueError(f"regions without a layout: {', '.join(map(str, unknown))}")
    view = localized(view)  # the names it draws, in its language
    if layout == "compact":
        return render_compact(view, board, highlight=highlight)
    image = static_board(LAYOUT_PATH, "full", lang).copy()
    if highlight:
        draw_highlights(image, board, view)
        for slug in highlighted_regions(view, board):
            redraw_label(image, board.regions[slug])
    draw_pieces(image, board, view, FULL_TOKENS)
    draw_mark_legend(image, board, marks_drawn(view))
    draw_corner(image, board, view)
    draw_panel(image, board, view)
    return image


def render(view: Mapping[str, Any], *, highlight: bool = True, layout: LayoutName = "compact") -> bytes:
    """The picture of ``view`` as PNG bytes."""
    return encode_png(render_image(view, highlight=highlight, layout=layout))
