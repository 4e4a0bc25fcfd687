"""The full layout's top-right corner: turn number (or "Setup"), who acts, and whose eyes the
picture is for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.colours import mix
from renderers.common.fonts import font
from renderers.common.shapes import rounded_panel

from . import theme
from .layout import BoardLayout
from .status import audience_label, in_setup, turn_label
from .words import face, tr

__all__ = ["audience_label", "draw_corner"]


def draw_corner(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Turn (or "Setup"), side to play (or "Game over") and the audience pill, right-aligned."""
    draw = ImageDraw.Draw(image)
    _, top, right, _ = layout.areas["status"]
    turn = view.get("turn") or {}
    number = turn.get("number")
    if in_setup(view):  # before the first move: the secret set-up, both sides at once
        draw.text((right, top + 13), tr("Setup"), font=face("serif", 26), fill=theme.GOLD, anchor="ra")
    else:
        draw.text((right, top), tr("TURN"), font=face("bold", 11), fill=theme.INK_MUTED, anchor="ra")
        shown = str(number) if number is not None else "–"
        draw.text((right, top + 13), shown, font=font("serif", 30), fill=theme.GOLD, anchor="ra")
    side = turn.get("side")
    label = turn_label(view)
    if view.get("result"):
        colour = theme.GOLD_BRIGHT
    elif not in_setup(view) and len(view.get("active") or []) <= 1 and side in theme.STYLES:
        colour = theme.STYLES[side].accent
    else:
        colour = theme.GOLD
    draw.text((right, top + 52), label, font=face("bold", 14), fill=colour, anchor="ra")
    audience = view.get("audience")
    text = audience_label(view)
    pill_face = face("bold", 12)
    width = pill_face.getlength(text) + 24
    pill = (right - width, top + 74, right, top + 96)
    style = theme.STYLES.get(str(audience))
    fill = mix(style.badge, theme.PANEL_FILL, 0.35) if style else theme.PANEL_FILL
    rounded_panel(image, pill, fill, theme.PANEL_EDGE, radius=11)
    draw.text((right - width / 2, top + 85.5), text, font=pill_face, fill=theme.INK_LIGHT, anchor="mm")
    if audience is not None:
        draw.text(
            (right, top + 101), tr("do not share"), font=face("sans", 11), fill=theme.INK_FAINT, anchor="ra"
        )
