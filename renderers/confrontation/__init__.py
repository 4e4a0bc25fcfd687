"""The Confrontation's renderer: a view in, a PNG out.

The board (cached once per process, see :mod:`.board`) is copied, then the highlights, the
pieces and the panels of this one view are drawn on it. Everything drawn comes from the view
and the layout: the renderer cannot show a secret the view does not contain.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.png import encode_png

from .board import draw_label, static_board
from .corner import draw_corner
from .highlights import draw_highlights, highlighted_regions
from .layout import load_layout
from .panels import draw_panel
from .pieces import draw_pieces

log = logging.getLogger(__name__)

__all__ = ["render", "render_image"]


def render_image(view: Mapping[str, Any], *, highlight: bool = True) -> Image.Image:
    """The picture of ``view`` as a Pillow image (RGB)."""
    layout = load_layout()
    unknown = [r["id"] for r in view["regions"] if r["id"] not in layout.regions]
    if unknown:
        raise ValueError(f"regions without a layout: {', '.join(map(str, unknown))}")
    image = static_board().copy()
    if highlight:
        draw_highlights(image, layout, view)
        draw = ImageDraw.Draw(image)
        for slug in highlighted_regions(view, layout):
            draw_label(draw, layout.regions[slug])
    draw_pieces(image, layout, view)
    draw_corner(image, layout, view)
    draw_panel(image, layout, view)
    return image


def render(view: Mapping[str, Any], *, highlight: bool = True) -> bytes:
    """The picture of ``view`` as PNG bytes."""
    return encode_png(render_image(view, highlight=highlight))
