"""Pillow renderer for Minas Tirith: a view (MT_DESIGN §8) in, PNG bytes out.

The map is our own drawing of the Pelennor and the city (:mod:`.geography`, built into
``data/minas_tirith/layout.json`` by :mod:`.build_layout`); :mod:`.board` draws what no view
changes once per process, :mod:`.pieces` what a view puts on it, :mod:`.panels` the text around
it. The compact layout is 800 px wide, the map above the panels; the full one puts the panels
beside a larger map.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.common.blocks import Block
from renderers.common.png import encode_png

from . import panels, theme
from . import view as v
from .board import draw_map
from .describe import describe
from .layout import MapLayout, load_layout
from .pieces import (
    draw_arrow,
    draw_battle_dice,
    draw_dashed_arrow,
    draw_gate,
    draw_outline,
    draw_pieces,
    draw_range,
)
from .theme import LAYOUTS, STYLES, LayoutName
from .words import speaking, view_lang
from .zoom import render_zoom, zoom_box

__all__ = ["LAYOUTS", "describe", "draw_board", "ranges", "render", "render_image", "render_zoom", "zoom_box"]

FULL_PANEL = 470
MARGIN = 12


def _spaces(view: Mapping[str, Any], layout: MapLayout) -> dict[str, Mapping[str, Any]]:
    spaces = {str(k): s for k, s in v.spaces(view).items() if isinstance(s, Mapping)}
    unknown = sorted(slug for slug in spaces if slug not in layout.labels)
    if unknown:
        raise ValueError(f"spaces without a place on the Minas Tirith map: {', '.join(unknown)}")
    return spaces


#: How far a ranged attack reaches: archers and crossbows 2, a catapult 3 (MT_DESIGN §6).
SHOOTERS_REACH, CATAPULT_REACH = 2, 3


def ranges(view: Mapping[str, Any], layout: MapLayout) -> tuple[str | None, list[str]]:
    """The shooter's space and the spaces within its range: ``view["ranges"]`` (``{"from": id,
    "spaces": [ids]}``) when the view gives it, else those of the last action when it was a
    ranged attack (a catapult's reach when a wall's catapult shot or Mordor's shooters hold no
    crossbows, i.e. the Catapults of Mordor)."""
    found = v.mapping(view.get("ranges"))
    if found:
        origin = found.get("from")
        return (str(origin) if origin else None), [str(s) for s in v.sequence(found.get("spaces"))]
    last = v.mapping(view.get("last"))
    origin = str(last.get("from") or "")
    if last.get("kind") != "ranged" or origin not in layout.labels:
        return None, []
    catapults = {str(s) for s in v.sequence(view.get("catapults_used"))}
    shooters = v.mapping(v.mapping(v.spaces(view).get(origin)).get("units"))
    bombard = v.side(last.get("role")) == theme.EVIL and not v.number(shooters.get("crossbows"))
    reach = CATAPULT_REACH if origin in catapults or bombard else SHOOTERS_REACH
    return origin, layout.within(origin, reach)


def draw_board(view: Mapping[str, Any], layout: MapLayout, *, highlight: bool) -> Image.Image:
    """The map of ``view`` with its pieces and highlights (RGBA, the layout's size)."""
    spaces = _spaces(view, layout)
    fills = {
        slug: theme.space_fill(v.side(s.get("side")), layout.kinds.get(slug, "field"))
        for slug, s in spaces.items()
    }
    image = draw_map(layout, fills)
    style = STYLES[layout.name]
    origin, in_range = ranges(view, layout)
    if in_range:
        draw_range(image, layout, in_range)
        if origin:
            draw_outline(image, layout, origin, theme.RANGE_TINT, style.outline)
    draw_gate(image, layout, v.mapping(view.get("gate")))
    last = v.mapping(view.get("last"))
    if highlight and last:
        target = str(last.get("to") or "")
        colour = theme.BATTLE_RED if last.get("kind") in ("land", "ranged") else theme.GOLD_BRIGHT
        if target in layout.labels:
            draw_outline(image, layout, target, colour, style.outline)
    if highlight and last:  # under the pieces: an arrow never hides a count
        start, end = str(last.get("from") or ""), str(last.get("to") or "")
        colour = theme.BATTLE_RED if last.get("kind") in ("land", "ranged") else theme.GOLD_BRIGHT
        draw_arrow(image, layout, start, end, colour)
        for a, b in panels.retreat_path(last, layout):
            draw_dashed_arrow(image, layout, a, b, theme.RETREAT)
    for slug, space in spaces.items():
        draw_pieces(image, layout, slug, space)
    if highlight and last:
        draw_battle_dice(image, layout, view)
    return image


def _blocks(view: Mapping[str, Any], layout: MapLayout, width: float) -> list[Block]:
    parts = [panels.turn_block(view, width)]
    last = panels.last_block(view, layout, width)
    if last is not None:
        parts.append(last)
    return parts


def render_image(
    view: Mapping[str, Any], *, highlight: bool = True, layout: LayoutName = "compact"
) -> Image.Image:
    """The picture of ``view`` as a Pillow image (RGB), in ``layout`` "compact" or "full"."""
    if layout not in LAYOUTS:
        raise ValueError(f"no layout {layout!r} (known: {', '.join(LAYOUTS)})")
    with speaking(view_lang(view)):
        return _render_image(view, highlight=highlight, layout=layout)


def _render_image(view: Mapping[str, Any], *, highlight: bool, layout: LayoutName) -> Image.Image:
    board_layout = load_layout(layout)
    board = draw_board(view, board_layout, highlight=highlight)
    map_w, map_h = board.size
    pad = 2 * panels.PAD
    if layout == "compact":
        inner = map_w - 2 * MARGIN
        half = (inner - 10) / 2
        top_parts = _blocks(view, board_layout, inner - pad)
        sides = [panels.side_block(view, role, half - pad) for role in theme.SIDES]
        legend = panels.legend_block(inner - pad, columns=5)
        side_height = max(round(b.height + pad - 4) for b in sides)
        heights = [round(p.height + pad - 4) for p in top_parts] + [
            side_height,
            round(legend.height + pad - 4),
        ]
        total = panels.HEADER_HEIGHT + map_h + MARGIN + sum(h + 8 for h in heights) + 4
        image = Image.new("RGB", (map_w, total), theme.BACKGROUND)
        panels.draw_header(image, view, (MARGIN + 4, 10, map_w - MARGIN - 2, panels.HEADER_HEIGHT))
        image.paste(board.convert("RGB"), (0, panels.HEADER_HEIGHT))
        y = panels.HEADER_HEIGHT + map_h + MARGIN
        for part in top_parts:
            y += panels.card(image, part, MARGIN, y, inner) + 8
        for index, block in enumerate(sides):
            block.height = side_height - pad + 4
            panels.card(image, block, MARGIN + index * (half + 10), y, half)
        y += side_height + 8
        panels.card(image, legend, MARGIN, y, inner)
        return image
    panel_left = map_w + MARGIN
    inner = FULL_PANEL - 2 * MARGIN
    parts = [
        *_blocks(view, board_layout, inner - pad),
        *(panels.side_block(view, role, inner - pad) for role in theme.SIDES),
    ]
    parts.append(panels.legend_block(inner - pad, columns=2))
    heights = [round(p.height + pad - 4) for p in parts]
    total = max(map_h, panels.HEADER_HEIGHT + 16 + sum(h + 8 for h in heights))
    image = Image.new("RGB", (map_w + FULL_PANEL, total), theme.BACKGROUND)
    image.paste(board.convert("RGB"), (0, 0))
    panels.draw_header(image, view, (panel_left + 4, 10, map_w + FULL_PANEL - MARGIN, panels.HEADER_HEIGHT))
    y = panels.HEADER_HEIGHT + 16
    for part in parts:
        y += panels.card(image, part, panel_left, y, inner) + 8
    return image


def render(view: Mapping[str, Any], *, highlight: bool = True, layout: LayoutName = "compact") -> bytes:
    """The picture of ``view`` as PNG bytes."""
    return encode_png(render_image(view, highlight=highlight, layout=layout))
