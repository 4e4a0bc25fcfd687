"""``/minas zoom``: one space and its neighbours up close, drawn at the full layout's scale.

The compact picture fits the whole Pelennor in Discord's inline width, where a phone shows the
space names at about 7 px; the zoom crops the full layout (names 15-18 px) around one space, at
most :data:`ZOOM_MAX` pixels so that Discord shows it at its own size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.common.png import encode_png

from . import panels, theme
from .layout import load_layout
from .pieces import draw_outline
from .words import speaking, view_lang

#: The crop's smallest and largest size (pixels of the full layout).
ZOOM_MIN, ZOOM_MAX = (420, 320), (560, 440)
MARGIN = 12


def zoom_box(space: str) -> tuple[int, int, int, int]:
    """The crop of the full layout shown for ``space``: it and its neighbours, within
    :data:`ZOOM_MIN`..:data:`ZOOM_MAX`, the space itself well inside and the crop on the map."""
    layout = load_layout("full")
    if space not in layout.labels:
        raise ValueError(f"no space {space!r} on the Minas Tirith map")
    boxes = [layout.labels[s].box for s in (space, *layout.neighbours.get(space, ()))]
    pad = 20
    left, top = min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad
    right, bottom = max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad
    own = layout.labels[space].box
    cx, cy = (own[0] + own[2]) / 2, (own[1] + own[3]) / 2
    w = max(ZOOM_MIN[0], min(ZOOM_MAX[0], right - left))
    h = max(ZOOM_MIN[1], min(ZOOM_MAX[1], bottom - top))
    x0 = min(max((left + right) / 2 - w / 2, cx - w + 100), cx - 100)
    y0 = min(max((top + bottom) / 2 - h / 2, cy - h + 100), cy - 100)
    width, height = layout.size
    x0, y0 = max(0, min(width - w, x0)), max(0, min(height - h, y0))
    return round(x0), round(y0), round(x0 + w), round(y0 + h)


def render_zoom_image(view: Mapping[str, Any], space: str, *, highlight: bool = True) -> Image.Image:
    """The area around ``space`` under the view's header, the space outlined in white."""
    from . import draw_board  # the package draws the board; this module only crops it

    box = zoom_box(space)
    layout = load_layout("full")
    board = draw_board(view, layout, highlight=highlight)
    draw_outline(board, layout, space, (255, 255, 255), theme.STYLES["full"].outline)
    crop = board.crop(box).convert("RGB")
    image = Image.new("RGB", (crop.width, panels.HEADER_HEIGHT + crop.height + MARGIN), theme.BACKGROUND)
    panels.draw_header(image, view, (MARGIN + 4, 10, crop.width - MARGIN - 2, panels.HEADER_HEIGHT))
    image.paste(crop, (0, panels.HEADER_HEIGHT))
    return image


def render_zoom(view: Mapping[str, Any], space: str, *, layout: str = "compact") -> bytes:
    """PNG bytes of :func:`render_zoom_image` (``layout`` is accepted for the renderers' common
    call and changes nothing: a zoom is always drawn at the full scale)."""
    with speaking(view_lang(view)):
        return encode_png(render_zoom_image(view, space))
