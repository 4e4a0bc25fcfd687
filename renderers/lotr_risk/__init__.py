"""The renderer of Risk: The Lord of the Rings: a view in, a PNG (or its description) out.

The map is our own drawing of Middle-earth (see :mod:`.geography` and :mod:`.build_layout`):
a label raster coloured per view (a palette change), under a static overlay cached once per
(edition, layout, mode), then the badges, marks, Ring and highlights of the view, and the
panels. Layouts: ``"compact"`` (the default, 800 px wide, for Discord at 550 and 400 px; header
above the map, panel below) and ``"full"`` (the map at 1000 px wide, panel on the right).
Everything drawn comes from the view and the layout, so no secret can show that the view lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.common.blocks import Block
from renderers.common.png import encode_png

from . import panels, theme
from . import view as v
from .board import draw_map, territory_fill
from .describe import describe
from .layout import MapLayout, load_layout
from .pieces import draw_arrow, draw_badge, draw_outline, draw_ring, draw_static_marks
from .theme import LAYOUTS, STYLES, LayoutName
from .words import speaking

__all__ = ["LAYOUTS", "describe", "render", "render_image"]

FULL_PANEL = 460
MARGIN = 12


def _check(view: Mapping[str, Any], layout: MapLayout) -> list[Mapping[str, Any]]:
    territories = [t for t in view.get("territories") or [] if isinstance(t, Mapping)]
    unknown = [str(t.get("id")) for t in territories if t.get("id") not in layout.labels]
    if unknown:
        raise ValueError(f"territories without a layout on the {layout.edition} map: {', '.join(unknown)}")
    return territories


def draw_board(view: Mapping[str, Any], layout: MapLayout, *, highlight: bool) -> Image.Image:
    """The map of ``view`` with its pieces and highlights (RGBA, the layout's size)."""
    territories = _check(view, layout)
    lotr = v.lotr(view)
    colours = {str(t["id"]): v.owner_colour(view, t.get("owner")) for t in territories}
    fills = {slug: territory_fill(colour) for slug, colour in colours.items()}
    image = draw_map(layout, fills, "lotr" if lotr else "plain")
    style = STYLES[layout.name]
    if highlight:
        _highlights(image, view, layout)
    for territory in territories:
        colour = colours[str(territory["id"])]
        if colour is None:
            if lotr:
                draw_static_marks(image, layout, territory)
            continue
        draw_badge(image, layout, territory, colour, lotr=lotr)
    ring = view.get("ring")
    if lotr and isinstance(ring, Mapping) and not ring.get("done"):
        draw_ring(image, layout, ring)
    if highlight:
        _arrow(image, view, layout, style)
    return image


def _highlights(image: Image.Image, view: Mapping[str, Any], layout: MapLayout) -> None:
    width = max(3, round(4 * STYLES[layout.name].scale))
    last = view.get("last")
    if isinstance(last, Mapping):
        for slug in last.get("conquered") or []:
            if slug in layout.labels:
                draw_outline(image, layout, str(slug), theme.GOLD_BRIGHT, width)
    battle = view.get("battle")
    if isinstance(battle, Mapping):
        for key in ("from", "to"):
            if battle.get(key) in layout.labels:
                draw_outline(image, layout, str(battle[key]), theme.BATTLE_RED, width)


def _arrow(image: Image.Image, view: Mapping[str, Any], layout: MapLayout, style: theme.MapStyle) -> None:
    battle = view.get("battle")
    last = view.get("last")
    source = battle if isinstance(battle, Mapping) else last if isinstance(last, Mapping) else None
    if source is None:
        return
    start, end = source.get("from"), source.get("to")
    if start in layout.labels and end in layout.labels and start != end:
        colour = theme.BATTLE_RED if source is battle else theme.GOLD_BRIGHT
        draw_arrow(image, layout.labels[str(start)].badge, layout.labels[str(end)].badge, colour, style)


def _blocks(view: Mapping[str, Any], layout: MapLayout, width: float, *, narrow: bool) -> list[Block]:
    parts = [panels.players_block(view, width, narrow=narrow)]
    for part in (
        panels.battle_block(view, layout, width),
        panels.news_block(view, layout, width, lines=3 if not narrow else 8),
        panels.hand_block(view, layout, width),
    ):
        if part is not None:
            parts.append(part)
    parts.append(panels.legend_block(view, layout, width))
    return parts


def render_image(
    view: Mapping[str, Any],
    *,
    highlight: bool = True,
    layout: LayoutName = "compact",
    lang: str | None = None,
) -> Image.Image:
    """The picture of ``view`` as a Pillow image (RGB), in ``layout`` "compact" or "full", its
    panels' and map's words in ``lang`` (by default the view's ``lang``, which the bot sets; the
    view's own sentences are in the language it was built in: ``ruleset.view(state, role, lang)``)."""
    with speaking(lang or str(view.get("lang") or "en")):
        return _render_image(view, highlight=highlight, layout=layout)


def _render_image(view: Mapping[str, Any], *, highlight: bool, layout: LayoutName) -> Image.Image:
    if layout not in LAYOUTS:
        raise ValueError(f"no layout {layout!r} (known: {', '.join(LAYOUTS)})")
    board_layout = load_layout(v.edition(view), layout)
    board = draw_board(view, board_layout, highlight=highlight)
    map_w, map_h = board.size
    if layout == "compact":
        inner = map_w - 2 * MARGIN
        parts = _blocks(view, board_layout, inner - 2 * panels.PAD, narrow=False)
        heights = [round(p.height + 2 * panels.PAD - 4) for p in parts]
        top = panels.HEADER_HEIGHT
        total = top + map_h + MARGIN + sum(h + 8 for h in heights) + 4
        y = top + map_h + MARGIN
        image = Image.new("RGB", (map_w, total), theme.BACKGROUND)
        panels.draw_header(image, view, (MARGIN + 4, 10, map_w - MARGIN - 2, top))
        image.paste(board.convert("RGB"), (0, top))
        for part in parts:
            y += panels.card(image, part, MARGIN, y, inner) + 8
        return image
    panel_left = map_w + MARGIN
    inner = FULL_PANEL - 2 * MARGIN
    parts = _blocks(view, board_layout, inner - 2 * panels.PAD, narrow=True)
    heights = [round(p.height + 2 * panels.PAD - 4) for p in parts]
    total = max(map_h, panels.HEADER_HEIGHT + 30 + sum(h + 8 for h in heights))
    image = Image.new("RGB", (map_w + FULL_PANEL, total), theme.BACKGROUND)
    image.paste(board.convert("RGB"), (0, 0))
    panels.draw_header(image, view, (panel_left + 4, 10, map_w + FULL_PANEL - MARGIN, panels.HEADER_HEIGHT))
    y = panels.HEADER_HEIGHT + 16
    for part in parts:
        y += panels.card(image, part, panel_left, y, inner) + 8
    return image


def render(
    view: Mapping[str, Any],
    *,
    highlight: bool = True,
    layout: LayoutName = "compact",
    lang: str | None = None,
) -> bytes:
    """The picture of ``view`` as PNG bytes, its panels' words in ``lang``."""
    return encode_png(render_image(view, highlight=highlight, layout=layout, lang=lang))
