"""Placing the pieces of a view in their regions: one row per side (Sauron above, toward Mordor;
the Fellowship below, toward the Shire), plus the faded "ghosts" of the pieces the last battle
took away (defeated, or retreated elsewhere) in the region where it was fought."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from . import theme
from .layout import BoardLayout, RegionLayout
from .theme import FULL_TOKENS, TokenStyle
from .tokens import ghost_token, hidden_token, known_token, token_width

Piece = Mapping[str, Any]


def is_known(piece: Piece) -> bool:
    """Whether this audience knows who the piece is."""
    return piece.get("character") is not None and piece.get("name") is not None


@dataclass(frozen=True, slots=True)
class Ghost:
    """Where a piece stood before the last battle took it away."""

    character: str
    name: str
    result: str  # "defeated" | "retreated"


Entry = Piece | Ghost


def _wanted(entry: Entry, style: TokenStyle) -> int:
    if isinstance(entry, Ghost):
        return token_width(entry.name, 0, style)
    if is_known(entry):
        return token_width(str(entry["name"]), entry.get("strength"), style)
    return style.hidden_width


def row_widths(pieces: Sequence[Entry], span: float, style: TokenStyle = FULL_TOKENS) -> list[int]:
    """Token widths for one row so that the row fits in ``span`` pixels: face-down pieces keep
    their width, named ones share the rest fairly.

    >>> row_widths([{"character": None}] * 2, 200)
    [34, 34]
    >>> row_widths([{"character": "a", "name": "Watcher in the Water", "strength": 6}] * 2, 182)
    [88, 89]
    """
    wanted = [_wanted(p, style) for p in pieces]
    room = span - style.gap * max(0, len(pieces) - 1)
    total = sum(wanted)
    if total <= room or not wanted:
        return wanted
    named = [i for i, p in enumerate(pieces) if isinstance(p, Ghost) or is_known(p)]
    fixed = sum(w for i, w in enumerate(wanted) if i not in named)
    if named and fixed < room:
        shares = fair_shares([wanted[i] for i in named], room - fixed)
        widths = list(wanted)
        for index, share in zip(named, shares, strict=True):
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
    piece: Entry,
    side: str,
    width: int,
    *,
    mark_revealed: bool,
    fighting: bool = False,
    style: TokenStyle = FULL_TOKENS,
) -> Image.Image:
    """The sprite for one piece (or ghost) as this audience sees it."""
    if isinstance(piece, Ghost):
        return ghost_token(side, piece.name, piece.result, width, style)
    if not is_known(piece):
        return hidden_token(side, style.height, width, style)
    strength = piece.get("strength")
    return known_token(
        side,
        str(piece["name"]),
        int(strength) if strength is not None else None,
        width,
        revealed=mark_revealed and bool(piece.get("revealed")),
        fighting=fighting,
        style=style,
    )


def draw_row(
    image: Image.Image,
    region: RegionLayout,
    side: str,
    pieces: Sequence[Entry],
    *,
    mark_revealed: bool,
    fighting: frozenset[str] = frozenset(),
    style: TokenStyle = FULL_TOKENS,
) -> None:
    """Draw one side's pieces in ``region``, centred on that side's row."""
    if not pieces:
        return
    left, right = region.pieces_span
    widths = row_widths(pieces, right - left, style)
    fits = sum(widths) + style.gap * (len(widths) - 1) <= right - left
    gap = style.gap if fits else 2
    total = sum(widths) + gap * (len(widths) - 1)
    x = (left + right) / 2 - total / 2
    top = region.rows[side] - style.height / 2
    for piece, width in zip(pieces, widths, strict=True):
        fight = not isinstance(piece, Ghost) and is_known(piece) and str(piece["character"]) in fighting
        sprite = token_sprite(piece, side, width, mark_revealed=mark_revealed, fighting=fight, style=style)
        image.paste(sprite, (round(x) - style.margin, round(top) - style.margin), sprite)
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


def battle_results(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The outcomes of the battle the last move started (``last_move.results``), if any."""
    last = view.get("last_move") or {}
    return [r for r in last.get("results") or [] if isinstance(r, Mapping)]


def ghosts(view: Mapping[str, Any]) -> dict[tuple[str, str], list[Ghost]]:
    """``{(region, side): [ghost, ...]}`` for the last battle's results."""
    found: dict[tuple[str, str], list[Ghost]] = {}
    for result in battle_results(view):
        region, side = result.get("region"), result.get("side")
        if region is None or side not in theme.SIDES or result.get("kind") not in ("defeated", "retreated"):
            continue
        name = str(result.get("name") or result.get("character") or "?")
        ghost = Ghost(str(result.get("character")), name, str(result["kind"]))
        found.setdefault((str(region), str(side)), []).append(ghost)
    return found


def marks_drawn(view: Mapping[str, Any]) -> set[str]:
    """Which marks the board of ``view`` shows, for a legend that lists only those:
    "seen" (own pieces the enemy has seen), "defeated" and "retreated" (the last battle)."""
    marks: set[str] = set()
    audience = view.get("audience")
    for region in view.get("regions") or []:
        for piece in (region.get("pieces") or {}).get(audience, []) if audience in theme.SIDES else []:
            if is_known(piece) and piece.get("revealed"):
                marks.add("seen")
    marks.update(ghost.result for found in ghosts(view).values() for ghost in found)
    return marks


def draw_pieces(
    image: Image.Image, layout: BoardLayout, view: Mapping[str, Any], style: TokenStyle = FULL_TOKENS
) -> None:
    """Every piece of the view in its region, and the last battle's ghosts."""
    audience = view.get("audience")
    battle = view.get("battle") or {}
    in_battle = fighters(view)
    left_behind = ghosts(view)
    for entry in view["regions"]:
        region = layout.regions[entry["id"]]
        for side in theme.SIDES:
            pieces: list[Entry] = [*entry["pieces"].get(side, []), *left_behind.get((entry["id"], side), [])]
            draw_row(
                image,
                region,
                side,
                pieces,
                mark_revealed=audience == side,
                fighting=in_battle[side] if battle.get("region") == entry["id"] else frozenset(),
                style=style,
            )
