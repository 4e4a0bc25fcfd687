"""The renderer of War of the Ring (2nd edition): a view in, a PNG (or its description) out.

The map is our own drawing of Middle-earth (see :mod:`.geography` and :mod:`.build_layout`):
the 105 regions grown as cells over the land, tinted by Nation, impassable borders drawn as
mountain ridges or rivers, settlement icons and names — all static, drawn once per layout and
cached (:func:`.board.static_map`). Per view only the badges, markers, highlights and panels are
drawn. Layouts: ``"compact"`` (the default, 1,080 px wide, made to be read at Discord's 550 px:
header and glance card above the map, tracks below; the header and the glance card — phase and
who acts, the battle, the last action, VP, the Fellowship, Corruption, the Hunt, politics — are
read on a phone at 400 px, :mod:`.glance`) and ``"full"`` (the map at 1,500 px, the tracks on the
right); :func:`render_zoom` crops the area around one region from the large ``zoom`` drawing.
Everything drawn comes from the view and the layout, so no secret can show that the view lacks.
The words drawn (names, panels, the glance card) are in the picture's language: ``lang=``, else
the view's ``lang`` (:mod:`.words`); the view's own sentences come in it already.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.common.blocks import Block
from renderers.common.png import encode_png
from renderers.common.shapes import curved_arrow

from . import panels, pieces, ships, theme
from . import view as v
from .board import static_map
from .cards import describe_cards, render_cards
from .describe import describe
from .glance import glance_block
from .layout import MapLayout, load_layout
from .theme import PICTURES, STYLES, LayoutName
from .words import current, picture_language, speaking

__all__ = [
    "PICTURES",
    "describe",
    "describe_cards",
    "draw_board",
    "render",
    "render_cards",
    "render_image",
    "render_zoom",
    "render_zoom_image",
    "zoom_box",
]

MARGIN = 12
FULL_PANEL = 540


def draw_board(view: Mapping[str, Any], layout: MapLayout, *, highlight: bool) -> Image.Image:
    """The map of ``view`` with its pieces and highlights (RGB, the layout's size)."""
    stacks = pieces.stacks(view, layout)
    image = static_map(layout, current()).copy()
    battle = v.mapping(view.get("battle"))
    battle_region = str(battle.get("region")) if battle.get("region") in layout.spots else None
    if highlight:
        last = v.mapping(view.get("last"))
        for region in pieces.region_list(last.get("regions")):
            if region in layout.spots and region != battle_region:
                pieces.draw_outline(image, layout, region, theme.GOLD_BRIGHT)
        if battle_region:
            pieces.draw_outline(image, layout, battle_region, theme.BATTLE_RED)
    revealed = bool(v.fellowship(view).get("revealed"))
    for slug in layout.regions:
        if slug in stacks:
            pieces.draw_marks(image, layout, stacks[slug])
    ships.draw_ships(image, layout, {slug: s.ships for slug, s in stacks.items() if s.ships}, list(stacks))
    planned = [
        p
        for p in (
            pieces.plan_stack(
                layout, stacks[slug], revealed=revealed, battle=highlight and slug == battle_region
            )
            for slug in layout.regions
            if slug in stacks
        )
        if p
    ]
    pieces.spread(layout, planned)
    for item in planned:
        pieces.draw_planned(image, layout, item)
    if highlight and battle_region and battle_region not in stacks:
        pieces.draw_battle(image, layout, battle_region)
    if highlight:
        _arrow(image, view, layout)
    return image


def _arrow(image: Image.Image, view: Mapping[str, Any], layout: MapLayout) -> None:
    """The last move's arrow (gold), or the attack's in a battle going on (red)."""
    battle = v.mapping(view.get("battle"))
    last = v.mapping(view.get("last"))
    start, end, colour = last.get("from"), last.get("to"), theme.GOLD_BRIGHT
    if battle:
        start, end, colour = battle.get("from"), battle.get("region"), theme.BATTLE_RED
    if start in layout.spots and end in layout.spots and start != end:
        chip = STYLES[layout.name].chip
        curved_arrow(image, layout.spots[str(start)].badge, layout.spots[str(end)].badge, colour, chip)


def _compact_panel(
    view: Mapping[str, Any], layout: MapLayout, width: int
) -> tuple[list[tuple[Block, int, int]], int]:
    """The compact panel's cards: (block, x, column width) in reading order, and its height."""
    sizes = panels.TEXT["compact"]
    gap = sizes.gap
    column = (width - 2 * MARGIN - gap) // 2
    inner = column - 2 * sizes.pad
    # (the Political Track is the glance card's row of Nations, above the map)
    left = [panels.fellowship_block(view, layout, inner, sizes), panels.hunt_block(view, inner, sizes)]
    right = [panels.dice_block(view, inner, sizes), panels.score_block(view, inner, sizes)]
    # (the battle and the last action are in the glance card, above the map)
    wide = [panels.legend_block(view, layout, width - 2 * MARGIN - 2 * sizes.pad, sizes)]
    placed: list[tuple[Block, int, int]] = []
    heights = [0, 0]
    for index, blocks in enumerate((left, right)):
        for block in blocks:
            placed.append((block, index, column))
            heights[index] += round(block.height + 2 * sizes.pad - 4) + gap
    total = max(heights)
    for block in wide:
        placed.append((block, 2, width - 2 * MARGIN))
        total += round(block.height + 2 * sizes.pad - 4) + gap
    return placed, total


def render_image(
    view: Mapping[str, Any],
    *,
    highlight: bool = True,
    layout: LayoutName = "compact",
    lang: str | None = None,
) -> Image.Image:
    """The picture of ``view`` as a Pillow image (RGB), in ``layout`` "compact" or "full", its
    words in ``lang`` (by default the view's ``lang``)."""
    if layout not in PICTURES:
        raise ValueError(f"no layout {layout!r} (known: {', '.join(PICTURES)})")
    with speaking(picture_language(view, lang)):
        return _render_image(view, highlight=highlight, layout=layout)


def _render_image(view: Mapping[str, Any], *, highlight: bool, layout: LayoutName) -> Image.Image:
    map_layout = load_layout(layout)
    board = draw_board(view, map_layout, highlight=highlight)
    map_w, map_h = board.size
    sizes = panels.TEXT[layout]
    header = panels.HEADER_HEIGHT[layout]
    if layout == "compact":
        placed, panel_h = _compact_panel(view, map_layout, map_w)
        glance = glance_block(view, map_layout, map_w - 2 * MARGIN - 2 * sizes.pad, sizes)
        glance_h = round(glance.height + 2 * sizes.pad - 4) + MARGIN
        total = header + glance_h + map_h + MARGIN + panel_h + 4
        image = Image.new("RGB", (map_w, total), theme.BACKGROUND)
        panels.draw_header(image, view, (MARGIN + 4, 12, map_w - MARGIN - 2, header), sizes)
        panels.card(image, glance, MARGIN, header, map_w - 2 * MARGIN, sizes)
        header += glance_h
        image.paste(board, (0, header))
        top = header + map_h + MARGIN
        tops = [top, top]
        wide_top = None
        for block, column, width in placed:
            if column < 2:
                x = MARGIN + column * (width + sizes.gap)
                tops[column] += panels.card(image, block, x, tops[column], width, sizes) + sizes.gap
            else:
                wide_top = max(tops) if wide_top is None else wide_top
                wide_top += panels.card(image, block, MARGIN, wide_top, width, sizes) + sizes.gap
        return image
    inner = FULL_PANEL - 2 * MARGIN
    content = inner - 2 * sizes.pad
    blocks = [
        panels.fellowship_block(view, map_layout, content, sizes),
        panels.hunt_block(view, content, sizes),
        panels.politics_block(view, content, sizes),
        panels.dice_block(view, content, sizes),
        panels.score_block(view, content, sizes),
    ]
    # under the map: the news and the legend, as wide as the map
    below_w = map_w - 2 * MARGIN
    below = [
        b for b in (panels.news_block(view, map_layout, below_w - 2 * sizes.pad, sizes),) if b is not None
    ]
    below.append(panels.legend_block(view, map_layout, below_w - 2 * sizes.pad, sizes))
    needed = header + 8 + sum(round(b.height + 2 * sizes.pad - 4) + sizes.gap for b in blocks)
    under = map_h + MARGIN + sum(round(b.height + 2 * sizes.pad - 4) + sizes.gap for b in below)
    image = Image.new("RGB", (map_w + FULL_PANEL, max(under, needed)), theme.BACKGROUND)
    image.paste(board, (0, 0))
    left = map_w + MARGIN
    panels.draw_header(image, view, (left + 4, 12, map_w + FULL_PANEL - MARGIN, header), sizes)
    top = header + 8
    for block in blocks:
        top += panels.card(image, block, left, top, inner, sizes) + sizes.gap
    top = map_h + MARGIN
    for block in below:
        top += panels.card(image, block, MARGIN, top, below_w, sizes) + sizes.gap
    return image


def render(
    view: Mapping[str, Any],
    *,
    highlight: bool = True,
    layout: LayoutName = "compact",
    lang: str | None = None,
) -> bytes:
    """The picture of ``view`` as PNG bytes, its words in ``lang`` (by default the view's)."""
    return encode_png(render_image(view, highlight=highlight, layout=layout, lang=lang))


# -- zoom ------------------------------------------------------------------------------------------

ZOOM_MAX = (1400, 1050)  # the largest crop of the zoom drawing (pixels)
ZOOM_MIN = (640, 420)


def zoom_regions(layout: MapLayout, region: str) -> list[str]:
    """``region``, its neighbours and their neighbours."""
    near = {region, *layout.neighbours.get(region, ())}
    for other in list(near):
        near.update(layout.neighbours.get(other, ()))
    return [slug for slug in layout.regions if slug in near]


def zoom_box(region: str) -> tuple[int, int, int, int]:
    """The crop of the zoom drawing shown for ``region`` (pixels of the ``zoom`` layout)."""
    layout = load_layout("zoom")
    if region not in layout.spots:
        raise ValueError(f"no region {region!r} on the War of the Ring map")
    boxes = [layout.spots[slug].box for slug in zoom_regions(layout, region)]
    pad = 24
    left, top = min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad
    right, bottom = max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad
    cx, cy = layout.spots[region].badge
    width, height = layout.size
    w = max(ZOOM_MIN[0], min(ZOOM_MAX[0], right - left))
    h = max(ZOOM_MIN[1], min(ZOOM_MAX[1], bottom - top))
    # centre on the union, but keep the region itself well inside
    x0 = (left + right) / 2 - w / 2
    y0 = (top + bottom) / 2 - h / 2
    x0 = min(max(x0, cx - w + 120), cx - 120)
    y0 = min(max(y0, cy - h + 120), cy - 120)
    x0 = max(0, min(width - w, x0))
    y0 = max(0, min(height - h, y0))
    return round(x0), round(y0), round(x0 + w), round(y0 + h)


def render_zoom_image(
    view: Mapping[str, Any],
    region: str,
    *,
    layout: LayoutName = "compact",
    highlight: bool = True,
    lang: str | None = None,
) -> Image.Image:
    """The area around ``region`` (it, its neighbours and theirs) at the zoom drawing's scale,
    under the view's header and over a legend, its words in ``lang`` (by default the view's)."""
    if layout not in PICTURES:
        raise ValueError(f"no layout {layout!r} (known: {', '.join(PICTURES)})")
    box = zoom_box(region)
    with speaking(picture_language(view, lang)):
        return _render_zoom_image(view, region, box, layout=layout, highlight=highlight)


def _render_zoom_image(
    view: Mapping[str, Any],
    region: str,
    box: tuple[int, int, int, int],
    *,
    layout: LayoutName,
    highlight: bool,
) -> Image.Image:
    zoom = load_layout("zoom")
    full = draw_board(view, zoom, highlight=highlight)
    pieces.draw_outline(full, zoom, region, (255, 255, 255))
    board = full.crop(box)
    sizes = panels.TEXT[layout]
    header = panels.HEADER_HEIGHT[layout]
    width = board.width
    legend = panels.legend_block(view, zoom, width - 2 * MARGIN - 2 * sizes.pad, sizes)
    legend_h = round(legend.height + 2 * sizes.pad - 4)
    image = Image.new("RGB", (width, header + board.height + legend_h + 2 * MARGIN), theme.BACKGROUND)
    panels.draw_header(image, view, (MARGIN + 4, 12, width - MARGIN - 2, header), sizes)
    image.paste(board, (0, header))
    panels.card(image, legend, MARGIN, header + board.height + MARGIN, width - 2 * MARGIN, sizes)
    return image


def render_zoom(
    view: Mapping[str, Any], region: str, *, layout: LayoutName = "compact", lang: str | None = None
) -> bytes:
    """PNG bytes of :func:`render_zoom_image` (for ``/wotr zoom``)."""
    return encode_png(render_zoom_image(view, region, layout=layout, lang=lang))
