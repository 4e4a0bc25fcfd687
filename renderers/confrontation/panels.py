"""The full layout's side panel: status or result, the secret set-up, the current battle, each
side's cards (with the enemy pieces last seen), the chronicle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.common.blocks import CHIP_FONT, Block, Chip
from renderers.common.colours import RGB, mix
from renderers.common.fonts import font, text_kind
from renderers.common.shapes import rounded_panel
from renderers.common.text import wrap_text

from . import theme
from .layout import BoardLayout
from .status import everything_shown, headline, in_setup, plain, setup_waiting, side_title, subline
from .theme import FULL_TOKENS
from .tokens import MARGIN, hidden_token, known_token, token_width
from .words import face, ntr, tr

__all__ = [
    "battle_block",
    "cards_block",
    "draw_panel",
    "everything_shown",
    "last_seen_notes",
    "log_block",
    "panel_height",
    "plain",
    "plan_panel",
    "side_title",
    "status_block",
]

PAD = 14
LABEL_WIDTH = 66
CARD_GAP = 10


def _accent(side: str | None) -> RGB:
    return theme.STYLES[side].accent if side in theme.STYLES else theme.GOLD


def card_chip(side: str, card: Mapping[str, Any], *, faded: bool = False, special: bool = False) -> Chip:
    """A combat or special card of ``side`` as a chip."""
    style = theme.STYLES[side]
    fill, ink = (
        (mix(style.fill, (255, 255, 255), 0.05), style.text)
        if side == "fellowship"
        else (
            mix(style.fill, (120, 30, 25), 0.35),
            style.text,
        )
    )
    if faded:
        fill, ink = mix(fill, theme.PANEL_FILL, 0.45), mix(ink, theme.PANEL_FILL, 0.3)
    edge = theme.GOLD if special else (style.edge if not faded else None)
    name = str(card.get("name") or card.get("id") or "?")
    return Chip(name, fill, ink, edge, kind=text_kind("bold", name))


def fallen_chip(entry: Mapping[str, Any]) -> Chip:
    name = str(entry.get("name") or entry.get("character") or "?")
    return Chip(name, (58, 53, 46), theme.INK_MUTED, kind=text_kind("sans", name))


def status_block(view: Mapping[str, Any], width: float) -> Block:
    """Whose turn it is and what they are asked, or the result of the game."""
    block = Block(width)
    audience = view.get("audience")
    if audience is None:
        badge = tr("FINAL REVEAL") if everything_shown(view) else tr("PUBLIC VIEW")
    else:
        badge = tr("{side} · PRIVATE VIEW", side=side_title(audience).upper())
    block.line(badge, face("bold", 11), _accent(audience) if audience else theme.INK_MUTED, leading=1.6)
    title, colour_side = headline(view)
    if view.get("result"):
        block.line(title, face("serif", 26), _accent(colour_side), leading=1.3)
        block.paragraph(subline(view), face("sans", 15), theme.INK_LIGHT, max_lines=3)
    else:
        block.line(title, face("serif", 19), _accent(colour_side), leading=1.35)
        if in_setup(view):
            block.paragraph(setup_waiting(view), face("sans", 14), theme.INK_MUTED, max_lines=2)
        block.paragraph(subline(view), face("sans", 14), theme.INK_LIGHT, max_lines=3)
    last = view.get("last_move")
    if last and last.get("text"):
        block.space(3)
        block.paragraph(
            tr("Last move: {move}", move=plain(last["text"])), face("sans", 13), theme.INK_MUTED, max_lines=2
        )
    return block


def setup_block(view: Mapping[str, Any], width: float) -> Block | None:
    """The private view's pieces still to place during the secret set-up, as tokens."""
    setup = view.get("setup") or {}
    pieces = setup.get("to_place")
    audience = view.get("audience")
    if not isinstance(pieces, list) or audience not in theme.STYLES:
        return None
    block = Block(width)
    count = len(pieces)
    title = tr("Still to place: {count}", count=count) if count else tr("Every piece is placed")
    block.line(title, face("serif", 17), _accent(audience), leading=1.45)
    if not pieces:
        block.paragraph(plain(view.get("prompt")), face("sans", 13), theme.INK_MUTED, max_lines=2)
        return block
    style = FULL_TOKENS
    sprites = []
    for piece in pieces:
        strength = piece.get("strength")
        name = str(piece.get("name") or piece.get("character") or "?")
        tile_width = token_width(name, strength, style)
        sprites.append(known_token(audience, name, strength, tile_width, style=style))
    x, y, row = 0.0, 0.0, style.height + 8
    placed: list[tuple[Image.Image, float, float]] = []
    for sprite in sprites:
        inner = sprite.width - 2 * style.margin
        if x and x + inner > width:
            x, y = 0.0, y + row
        placed.append((sprite, x, y))
        x += inner + style.gap

    def paint(image: Image.Image, _draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for sprite, dx, dy in placed:
            image.paste(sprite, (round(left + dx) - style.margin, round(top + dy) - style.margin + 2), sprite)

    block.custom(y + row, paint)
    return block


def _fighter_sprite(fighter: Mapping[str, Any] | None, width: int) -> Image.Image | None:
    if not fighter:
        return None
    side, piece = str(fighter["side"]), fighter.get("piece") or {}
    if piece.get("character") is None or piece.get("name") is None:
        return hidden_token(side, 36, 44)
    strength = piece.get("strength")
    return known_token(side, str(piece["name"]), int(strength) if strength is not None else None, width, 36)


def other_side(side: object) -> str:
    """The enemy of ``side``.

    >>> other_side("fellowship"), other_side("sauron")
    ('sauron', 'fellowship')
    """
    return "sauron" if side == "fellowship" else "fellowship"


def defenders_waiting(view: Mapping[str, Any]) -> tuple[str, int]:
    """Before the attacker has picked whom to fight: the defending side and how many of its
    pieces stand in the battle region."""
    battle = view.get("battle") or {}
    side = other_side((battle.get("attacker") or {}).get("side"))
    regions: list[Mapping[str, Any]] = list(view.get("regions") or [])
    region: Mapping[str, Any] = next((r for r in regions if r.get("id") == battle.get("region")), {})
    return side, len((region.get("pieces") or {}).get(side) or [])


def battle_block(view: Mapping[str, Any], width: float, region_names: Mapping[str, str]) -> Block | None:
    """The current battle: attacker against defender, and the state of their cards."""
    battle = view.get("battle")
    if not battle:
        return None
    block = Block(width)
    where = region_names.get(str(battle.get("region")), str(battle.get("region")))

    def heading(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.text((left, top + 1), "⚔", font=font("sans", 18), fill=theme.BATTLE_RED)
        draw.text(
            (left + 26, top),
            tr("Battle in {region}", region=where),
            font=face("serif", 17),
            fill=theme.BATTLE_RED,
        )

    block.custom(25, heading)
    column = (width - 34) / 2
    fighters = [battle.get("attacker"), battle.get("defender")]
    played = battle.get("played") or {}
    chosen = battle.get("chosen") or {}

    def draw_fighters(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for index, fighter in enumerate(fighters):
            x = left + index * (column + 34)
            role = "attacker" if index == 0 else "defender"
            if not fighter:  # the attacker has not picked its target yet
                side, count = defenders_waiting(view)
                draw.text(
                    (x, top),
                    tr("DEFENDER · {side}", side=side_title(side).upper()),
                    font=face("bold", 10),
                    fill=_accent(side),
                )
                token = hidden_token(side, 36, 44)
                image.paste(token, (round(x) - MARGIN, round(top + 16) - MARGIN), token)
                who = ntr("one piece", "1 of {count} pieces", count)
                draw.text(
                    (x + 52, top + 26), tr("not chosen yet"), font=face("sans", 12), fill=theme.INK_LIGHT
                )
                draw.text((x + 52, top + 42), who, font=face("sans", 12), fill=theme.INK_MUTED)
                continue
            side = str(fighter["side"])
            label = (
                tr("ATTACKER · {side}", side=side_title(side).upper())
                if role == "attacker"
                else tr("DEFENDER · {side}", side=side_title(side).upper())
            )
            draw.text((x, top), label, font=face("bold", 10), fill=_accent(side))
            sprite = _fighter_sprite(fighter, int(column))
            if sprite is not None:
                image.paste(sprite, (round(x) - MARGIN, round(top + 16) - MARGIN), sprite)
        draw.text(
            (left + column + 17, top + 34),
            tr("vs"),
            font=face("serif", 15),
            fill=theme.INK_MUTED,
            anchor="mm",
        )

    block.custom(60, draw_fighters)
    if not battle.get("defender"):
        attacker_side = str((battle.get("attacker") or {}).get("side"))
        block.paragraph(
            tr("{side} picks whom to attack; cards follow.", side=side_title(attacker_side)),
            face("sans", 12),
            theme.INK_MUTED,
            max_lines=2,
        )
        return block
    card_rows: list[tuple[str, Chip | None, str]] = []
    for fighter in fighters:
        if not fighter:
            continue
        side = str(fighter["side"])
        card = played.get(side)
        if card:
            card_rows.append((side, card_chip(side, card), ""))
        elif chosen.get(side):
            words = tr("✓ chosen · face down")
            face_down = Chip(
                words,
                mix(theme.PANEL_FILL, (0, 0, 0), 0.35),
                theme.INK_LIGHT,
                theme.GOLD,
                kind=text_kind("bold", words),
            )
            card_rows.append((side, face_down, ""))
        else:
            card_rows.append((side, None, tr("… choosing a card")))
    for side, chip, note in card_rows:
        block.chips(
            side_title(side),
            [chip] if chip else [],
            label_face=face("bold", 12),
            label_fill=_accent(side),
            label_width=LABEL_WIDTH + 16,
            empty=note,
            empty_fill=theme.INK_MUTED,
            empty_face=_empty_face(),
        )
    return block


def _empty_face() -> ImageFont.FreeTypeFont | None:
    """The face of a row's "empty" note: the blocks' default, or its CJK stand-in."""
    chosen = face("sans", CHIP_FONT)
    return None if chosen.path == font("sans", CHIP_FONT).path else chosen


def cards_block(view: Mapping[str, Any], side: str, width: float, *, compact: bool = False) -> Block:
    """One side's hand, played cards, special cards and fallen characters (``compact``: one
    line of chips per row, the rest counted as "+n")."""
    cards: Mapping[str, Any] = (view.get("cards") or {}).get(side) or {}
    block = Block(width)
    title_face = face("serif", 17)
    summary = tr("hand {count}", count=cards.get("hand_count", 0))
    if cards.get("specials_count") or cards.get("specials_used") or cards.get("specials"):
        summary = tr("{hand} · specials {count}", hand=summary, count=cards.get("specials_count", 0))
    accent = _accent(side)

    def header(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.text((left, top), side_title(side), font=title_face, fill=accent)
        draw.text((left + width, top + 4), summary, font=face("sans", 13), fill=theme.INK_MUTED, anchor="ra")

    block.custom(27, header)

    def row(title: str, chips: list[Chip], empty: str = "") -> None:
        block.chips(
            title,
            chips,
            label_face=face("bold", 12),
            label_fill=theme.INK_MUTED,
            label_width=LABEL_WIDTH,
            empty=empty,
            max_lines=1 if compact else 3,
            empty_face=_empty_face(),
        )

    hand = cards.get("hand")
    if hand is not None:
        row(tr("Hand"), [card_chip(side, c) for c in hand], tr("empty"))
    discard: Sequence[Mapping[str, Any]] = cards.get("discard") or []
    row(tr("Played"), [card_chip(side, c, faded=True) for c in discard], tr("none yet"))
    specials = cards.get("specials")
    used: Sequence[Mapping[str, Any]] = cards.get("specials_used") or []
    count = int(cards.get("specials_count") or 0)
    if specials:
        row(tr("Specials"), [card_chip(side, c, special=True) for c in specials])
    elif count:
        row(tr("Specials"), [], tr("{count} unused, face down", count=count))
    if used:
        row(tr("Used"), [card_chip(side, c, faded=True, special=True) for c in used])
    fallen: Sequence[Mapping[str, Any]] = (view.get("defeated") or {}).get(side) or []
    if fallen:
        row(tr("Fallen"), [fallen_chip(f) for f in fallen])
    seen = [n for n in last_seen_notes(view) if n.get("side") == side]
    if seen:
        names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions", [])}
        notes = [
            tr(
                "{name} · {region}, turn {turn}",
                name=n.get("name"),
                region=names.get(str(n.get("region")), n.get("region")),
                turn=n.get("turn"),
            )
            for n in seen
        ]
        chips = [Chip(note, (48, 44, 38), theme.INK_LIGHT, kind=text_kind("sans", note)) for note in notes]
        row(tr("Last seen"), chips)
    return block


def last_seen_notes(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The view's "last seen" notes: enemy pieces hidden now that were shown earlier (history,
    never tied to a face-down token), most recent first."""
    notes = view.get("last_seen") or []
    return [n for n in notes if isinstance(n, Mapping) and n.get("name")]


def log_block(lines: Sequence[str], width: float, height: float) -> Block:
    """The most recent log lines that fit in ``height`` (oldest first)."""
    line_face = face("sans", 12)
    block = Block(width)
    block.line(tr("Chronicle"), face("serif", 14), theme.GOLD, leading=1.5)
    budget = height - block.height
    line_height = line_face.size * 1.3
    chosen: list[list[str]] = []
    for text in reversed(lines):
        wrapped = wrap_text(f"• {text}", line_face, width, max_lines=2)
        if (sum(len(c) for c in chosen) + len(wrapped)) * line_height > budget:
            break
        chosen.append(wrapped)
    for wrapped in reversed(chosen):
        for index, text in enumerate(wrapped):
            block.line(text, line_face, theme.INK_MUTED, indent=0 if index == 0 else 10, leading=1.3)
    return block


def plan_panel(layout: BoardLayout, view: Mapping[str, Any]) -> list[tuple[Block, RGB]]:
    """The panel's cards (content and border colour), compacted when they would not all fit."""
    left, top, right, bottom = layout.areas["panel"]
    inner = right - left - 2 * PAD
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions", [])}
    blocks: list[tuple[Block, RGB]] = [(status_block(view, inner), theme.PANEL_EDGE)]
    setup = setup_block(view, inner)
    if setup is not None:
        blocks.append((setup, mix(_accent(view.get("audience")), theme.PANEL_FILL, 0.6)))
    battle = battle_block(view, inner, names)
    if battle is not None:
        blocks.append((battle, mix(theme.BATTLE_RED, theme.PANEL_FILL, 0.45)))
    edges = [mix(theme.STYLES[side].edge, theme.PANEL_FILL, 0.55) for side in theme.PANEL_ORDER]
    sides = [
        (cards_block(view, side, inner), edge) for side, edge in zip(theme.PANEL_ORDER, edges, strict=True)
    ]
    if panel_height([*blocks, *sides]) > bottom - top:
        sides = [
            (cards_block(view, side, inner, compact=True), edge)
            for side, edge in zip(theme.PANEL_ORDER, edges, strict=True)
        ]
    return [*blocks, *sides]


def panel_height(blocks: Sequence[tuple[Block, RGB]]) -> float:
    """The height these cards take, gaps included."""
    return sum(block.height + 2 * PAD - 4 + CARD_GAP for block, _ in blocks) - CARD_GAP


def draw_panel(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    """Draw the side panel's cards, top to bottom, into the layout's ``panel`` area."""
    left, top, right, bottom = layout.areas["panel"]
    inner = right - left - 2 * PAD
    y = top
    for block, edge in plan_panel(layout, view):
        height = block.height + 2 * PAD - 4
        if y + height > bottom:
            break
        rounded_panel(image, (left, y, right, y + height), theme.PANEL_FILL, edge)
        block.render(image, left + PAD, y + PAD)
        y += height + CARD_GAP
    room = bottom - y - 2 * PAD
    lines = [plain(line) for line in view.get("log") or []]
    if lines and room > 40:
        chronicle = log_block(lines, inner, room)
        rounded_panel(
            image, (left, y, right, y + chronicle.height + 2 * PAD - 4), theme.PANEL_FILL, theme.PANEL_EDGE
        )
        chronicle.render(image, left + PAD, y + PAD)
