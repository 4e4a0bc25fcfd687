"""Placing the pieces of a view in their regions: one row per side (Sauron above, toward Mordor;
the Fellowship below, toward the Shire)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from . import theme
from .layout import BoardLayout, RegionLayout
from .tokens import MARGIN, hidden_token, known_token, token_width

Piece = Mapping[str, Any]


def is_known(piece: Piece) -> bool:
    """Whether this audience knows who the piece is."""
    return piece.get("character") is not None and piece.get("name") is not None


def row_widths(pieces: Sequence[Piece], span: float, *, mark_revealed: bool) -> list[int]:
    """Token widths for one row so that the row fits in ``span`` pixels.

    >>> row_widths([{"character": None}] * 2, 200, mark_revealed=False)
    [34, 34]
    """
    wanted = [
        token_width(str(p["name"]), p.get("strength"), marked=mark_revealed and bool(p.get("revealed")))
        if is_known(p)
        else theme.HIDDEN_TOKEN_WIDTH
        for p in pieces
    ]
    room = span - theme.TOKEN_GAP * max(0, len(pieces) - 1)
    total = sum(wanted)
    if total <= room or not wanted:
        return wanted
    hidden_total = sum(w for w, p in zip(wanted, pieces, strict=True) if not is_known(p))
    known = [i for i, p in enumerate(pieces) if is_known(p)]
    if known and hidden_total < room:
        shares = fair_shares([wanted[i] for i in known], room - hidden_total)
        widths = list(wanted)
        for index, share in zip(known, shares, strict=True):
            widths[index] = max(24, share)
        return widths
    factor = room / total
    return [max(16, int(w * factor)) for w in wanted]


def fair_shares(wanted: Sequence[int], room: float) -> list[int]:
    """Split ``room`` so that small requests are met in full and the big ones share the rest
    equally (water filling).

    >>> fair_shares([50, 100, 120], 240)
    [50, 95, 95]
    """
    shares = [0] * len(wanted)
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    left = room
    for position, index in enumerate(order):
        fair = left / (len(order) - position)
        shares[index] = int(min(wanted[index], fair))
        left -= shares[index]
    return shares


def token_sprite(
    piece: Piece, side: str, width: int, *, mark_revealed: bool, fighting: bool = False
) -> Image.Image:
    """The sprite for one piece as this audience sees it."""
    if not is_known(piece):
        return hidden_token(side, theme.TOKEN_HEIGHT, width)
    strength = piece.get("strength")
    return known_token(
        side,
        str(piece["name"]),
        int(strength) if strength is not None else None,
        width,
        revealed=mark_revealed and bool(piece.get("revealed")),
        fighting=fighting,
    )


def draw_row(
    image: Image.Image,
    region: RegionLayout,
    side: str,
    pieces: Sequence[Piece],
    *,
    mark_revealed: bool,
    fighting: frozenset[str] = frozenset(),
) -> None:
    """Draw one side's pieces in ``region``, centred on that side's row."""
    if not pieces:
        return
    left, right = region.pieces_span
    widths = row_widths(pieces, right - left, mark_revealed=mark_revealed)
    gap = theme.TOKEN_GAP if sum(widths) + theme.TOKEN_GAP * (len(widths) - 1) <= right - left else 2
    total = sum(widths) + gap * (len(widths) - 1)
    x = (left + right) / 2 - total / 2
    top = region.rows[side] - theme.TOKEN_HEIGHT / 2
    for piece, width in zip(pieces, widths, strict=True):
        fight = is_known(piece) and str(piece["character"]) in fighting
        sprite = token_sprite(piece, side, width, mark_revealed=mark_revealed, fighting=fight)
        image.paste(sprite, (round(x) - MARGIN, round(top) - MARGIN), sprite)
        x += width + gap


def fighters(view: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """The characters in the current battle, per side (to ring them in red)."""
    battle = view.get("battle")
    found: dict[str, frozenset[str]] = {side: frozenset() for side in theme.SIDES}
    if not battle:
        return found
    for key in ("attacker", "defender"):
        fighter = battle.get(key)
        if fighter and fighter.get("piece") and fighter["piece"].get("character"):
            found[fighter["side"]] = found[fighter["side"]] | {str(fighter["piece"]["character"])}
    return found


def draw_pieces(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Every piece of the view, in its region."""
    audience = view.get("audience")
    battle = view.get("battle") or {}
    in_battle = fighters(view)
    for entry in view["regions"]:
        region = layout.regions[entry["id"]]
        for side in theme.SIDES:
            draw_row(
                image,
                region,
                side,
                entry["pieces"].get(side, []),
                mark_revealed=audience == side,
                fighting=in_battle[side] if battle.get("region") == entry["id"] else frozenset(),
            )
