"""The board's top-right corner: turn number, who plays, and whose eyes the picture is for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.colours import mix
from renderers.common.fonts import font
from renderers.common.shapes import rounded_panel

from . import theme
from .layout import BoardLayout
from .panels import side_title


def draw_corner(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Turn, side to play (or "Game over") and the audience pill, right-aligned in the corner."""
    draw = ImageDraw.Draw(image)
    _, top, right, _ = layout.areas["status"]
    turn = view.get("turn") or {}
    draw.text((right, top), "TURN", font=font("bold", 11), fill=theme.INK_MUTED, anchor="ra")
    draw.text(
        (right, top + 13), str(turn.get("number", "–")), font=font("serif", 30), fill=theme.GOLD, anchor="ra"
    )
    if view.get("result"):
        label, colour = "GAME OVER", theme.GOLD_BRIGHT
    else:
        side = turn.get("side")
        label = f"{side_title(side).upper()}'S TURN"
        colour = theme.STYLES[side].accent if side in theme.STYLES else theme.GOLD
    draw.text((right, top + 52), label, font=font("bold", 14), fill=colour, anchor="ra")
    audience = view.get("audience")
    text = "Public view" if audience is None else f"{side_title(audience)} only"
    face = font("bold", 12)
    width = face.getlength(text) + 24
    pill = (right - width, top + 74, right, top + 96)
    fill = theme.PANEL_FILL if audience is None else mix(theme.STYLES[audience].badge, theme.PANEL_FILL, 0.35)
    rounded_panel(image, pill, fill, theme.PANEL_EDGE, radius=11)
    draw.text((right - width / 2, top + 85.5), text, font=face, fill=theme.INK_LIGHT, anchor="mm")
    if audience is not None:
        draw.text(
            (right, top + 101), "do not share", font=font("sans", 11), fill=theme.INK_FAINT, anchor="ra"
        )
