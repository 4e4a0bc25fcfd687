"""The compact picture (the default): 800 px wide, designed to be read in Discord at 550 px
(desktop) and 400 px (phone).

Top to bottom: a header with the headline (whose turn, what is awaited, or the result), the
turn number and who the picture is for; the board as rows of tiles with large tokens; then a
panel that grows with what there is to say: the battle (both fighters, their strengths and
cards once shown), the last move and what the battle did, the last few events, the hands, the
pieces still to place in the secret set-up, the enemy pieces last seen, and a legend of the
marks this picture shows. Every text size is in :data:`TEXT` so the tests can check how large
it stays once Discord scales the picture down.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.blocks import Block, Chip
from renderers.common.colours import RGB, mix, rgb
from renderers.common.fonts import FontKind, font, text_kind
from renderers.common.shapes import rounded_panel
from renderers.common.text import wrap_words

from . import theme
from .board import redraw_label, static_board
from .highlights import draw_highlights, draw_top_highlights, highlighted_regions
from .layout import LAYOUT_PATH, BoardLayout
from .panels import card_chip, defenders_waiting, last_seen_notes, other_side
from .pieces import battle_results, draw_pieces, marks_drawn
from .status import (
    audience_label,
    headline,
    in_setup,
    plain,
    setup_waiting,
    side_title,
    since_last_move,
    subline,
)
from .theme import COMPACT_TOKENS, TokenStyle
from .tokens import RESULT_MARKS, hidden_token, known_token, revealed_eye, token_width
from .words import face_kind, inline_mark, ntr, series, tr, view_lang

#: Every text of the compact picture: ``role -> (font kind, size in pixels at 800 wide)``.
TEXT: dict[str, tuple[FontKind, int]] = {
    "headline": ("serif", 30),
    "subline": ("sans", 20),
    "turn_label": ("bold", 15),
    "turn_number": ("serif", 38),
    "setup_mark": ("serif", 26),
    "audience": ("bold", 17),
    "do_not_share": ("sans", 14),
    "battle_title": ("serif", 25),
    "fighter_label": ("bold", 15),
    "fighter_name": ("narrow", 24),
    "vs": ("serif", 22),
    "battle_card": ("bold", 19),
    "battle_note": ("sans", 18),
    "section": ("bold", 15),
    "last_move": ("sans", 20),
    "result_line": ("bold", 19),
    "chronicle": ("sans", 18),
    "hand_chip": ("bold", 18),
    "side_summary": ("sans", 18),
    "last_seen": ("sans", 18),
    "setup_title": ("serif", 22),
    "legend": ("sans", 15),
}
#: The texts that carry the key facts (legible at 550 px: at least ~9 px tall there).
KEY_TEXTS = (
    "headline",
    "subline",
    "battle_title",
    "fighter_name",
    "battle_card",
    "battle_note",
    "last_move",
    "result_line",
    "chronicle",
    "hand_chip",
    "side_summary",
    "last_seen",
    "setup_title",
    "audience",
)
#: The essentials, legible even on a phone (400 px): whose turn, the battle (the board's own
#: names and pieces are checked through :data:`BOARD_TEXT`).
ESSENTIAL_TEXTS = ("headline", "battle_title", "fighter_name", "turn_number")
#: How many log lines the compact chronicle shows (the newest; more are in the full layout).
CHRONICLE_LINES = 3

PAD = 12
CARD_GAP = 8
BOTTOM = 10
#: The battle's fighters: bigger tokens than on the board.
FIGHTER_TOKENS: TokenStyle = replace(
    COMPACT_TOKENS,
    height=46,
    max_width=340,
    name_size=24,
    two_line_size=20,
    name_min=17,
    disc_radius=17,
    strength_size=22,
)


def face(role: str) -> Any:
    """The font of a text ``role``, for the language being spoken (the CJK faces for Japanese
    and Chinese, at the same size)."""
    kind, size = TEXT[role]
    return font(face_kind(kind), size)


def _accent(side: object) -> RGB:
    return theme.STYLES[str(side)].accent if side in theme.STYLES else theme.GOLD


# -- header -------------------------------------------------------------------------------


def setup_hint(view: Mapping[str, Any]) -> str:
    """The audience's own step in the secret set-up ("Place 5 more pieces, then confirm.")."""
    setup = view.get("setup") or {}
    stage, pieces = setup.get("stage"), setup.get("to_place")
    left = len(pieces) if isinstance(pieces, list) else 0
    audience = view.get("audience")
    hints = {
        "draft": lambda: tr("Draft: choose the side of each of your tiles."),
        "specials": lambda: tr("Keep two of your special cards."),
        "place": lambda: ntr(
            "Place {count} more piece, then confirm.", "Place {count} more pieces, then confirm.", left
        ),
        "confirm": lambda: tr("Every piece is placed: confirm your set-up."),
        "ready": lambda: tr("You are ready; waiting for {side}.", side=side_title(other_side(audience))),
    }
    hint = hints.get(str(stage))
    return hint() if hint else ""


def header_lines(view: Mapping[str, Any]) -> list[str]:
    """The one or two lines under the headline."""
    width = 596
    sub = face("subline")
    if in_setup(view):
        lines = [setup_waiting(view)]
        hint = setup_hint(view)
        if hint:
            lines.append(hint)
        return [wrap_words(line, sub, width, 1)[0] for line in lines if line][:2]
    return wrap_words(subline(view), sub, width, 2)


def draw_header(image: Image.Image, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, _ = layout.areas["status"]
    title, side = headline(view)
    title_face = face("headline")
    shown = wrap_words(title, title_face, right - left, 1)[0]
    draw.text((left, top + 2), shown, font=title_face, fill=_accent(side) if side else theme.GOLD)
    y = top + 46
    for line in header_lines(view):
        draw.text((left, y), line, font=face("subline"), fill=theme.INK_LIGHT)
        y += 26
    _, _, corner_right, _ = layout.areas["corner"]
    if in_setup(view):
        draw.text(
            (corner_right, top + 10), tr("SET-UP"), font=face("setup_mark"), fill=theme.GOLD, anchor="ra"
        )
    else:
        number = (view.get("turn") or {}).get("number")
        draw.text(
            (corner_right, top + 2), tr("TURN"), font=face("turn_label"), fill=theme.INK_MUTED, anchor="ra"
        )
        draw.text(
            (corner_right, top + 18),
            str(number) if number is not None else "–",
            font=face("turn_number"),
            fill=theme.GOLD,
            anchor="ra",
        )
    audience = view.get("audience")
    text = audience_label(view)
    pill_face = face("audience")
    width = pill_face.getlength(text) + 24
    pill = (corner_right - width, top + 64, corner_right, top + 92)
    style = theme.STYLES.get(str(audience))
    fill = mix(style.badge, theme.PANEL_FILL, 0.35) if style else theme.PANEL_FILL
    rounded_panel(image, pill, fill, theme.PANEL_EDGE, radius=13)
    draw.text((corner_right - width / 2, top + 78.5), text, font=pill_face, fill=theme.INK_LIGHT, anchor="mm")
    if audience is not None:
        draw.text(
            (corner_right, top + 96),
            tr("do not share"),
            font=face("do_not_share"),
            fill=theme.INK_MUTED,
            anchor="ra",
        )


# -- panel blocks -------------------------------------------------------------------------


def _fighter_sprite(fighter: Mapping[str, Any], width: int) -> Image.Image:
    side, piece = str(fighter["side"]), fighter.get("piece") or {}
    style = FIGHTER_TOKENS
    if piece.get("character") is None or piece.get("name") is None:
        return hidden_token(side, style.height, 56, style)
    strength = piece.get("strength")
    name = str(piece["name"])
    wanted = min(width, token_width(name, strength, style))
    return known_token(side, name, int(strength) if strength is not None else None, wanted, style=style)


def _card_state(battle: Mapping[str, Any], side: str) -> tuple[Chip | None, str]:
    """Either the chip of the card ``side`` played, or a note on its choice."""
    card = (battle.get("played") or {}).get(side)
    if card:
        kind, size = TEXT["battle_card"]
        chip = card_chip(side, card)
        return replace(chip, size=size, kind=text_kind(kind, chip.text)), ""
    if (battle.get("chosen") or {}).get(side):
        return None, tr("✓ chosen")
    return None, tr("choosing…")


def battle_block(view: Mapping[str, Any], width: float) -> Block | None:
    """Attacker against defender, large, each with its card (or the state of its choice)."""
    from renderers.common.blocks import chip_sprite

    battle = view.get("battle")
    if not battle:
        return None
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions", [])}
    where = names.get(str(battle.get("region")), str(battle.get("region")))
    block = Block(width)

    def title(_image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        draw.text((left, top + 2), "⚔", font=font("sans", 24), fill=theme.BATTLE_RED)
        draw.text(
            (left + 32, top),
            tr("Battle in {region}", region=where),
            font=face("battle_title"),
            fill=theme.BATTLE_RED,
        )

    block.custom(36, title)
    column = (width - 48) / 2
    attacker, defender = battle.get("attacker"), battle.get("defender")
    style = FIGHTER_TOKENS
    note_face = face("battle_note")

    def fighters(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        middle = top + 22 + style.height / 2
        for index, fighter in enumerate((attacker, defender)):
            x = left + index * (column + 48)
            if not fighter:  # the attacker has not picked its target yet
                side, count = defenders_waiting(view)
                draw.text(
                    (x, top),
                    _fighter_label(index, side),
                    font=face("fighter_label"),
                    fill=_accent(side),
                )
                sprite = hidden_token(side, style.height, 56, style)
                image.paste(sprite, (round(x) - style.margin, round(top + 22) - style.margin), sprite)
                many = ntr("the one here,", "one of {count} here,", count)
                draw.text((x + 68, middle - 12), many, font=note_face, fill=theme.INK_LIGHT, anchor="lm")
                draw.text(
                    (x + 68, middle + 12),
                    tr("not chosen yet"),
                    font=note_face,
                    fill=theme.INK_LIGHT,
                    anchor="lm",
                )
                continue
            side = str(fighter["side"])
            draw.text(
                (x, top),
                _fighter_label(index, side),
                font=face("fighter_label"),
                fill=_accent(side),
            )
            chip, note = _card_state(battle, side) if defender else (None, "")
            card = chip_sprite(chip, int(column * 0.45)) if chip is not None else None
            room = int(column - (card.width + 10 if card else note_face.getlength(note) + 12 if note else 0))
            sprite = _fighter_sprite(fighter, room)
            image.paste(sprite, (round(x) - style.margin, round(top + 22) - style.margin), sprite)
            after = x + sprite.width - 2 * style.margin + 10
            if card is not None:
                image.paste(card, (round(after), round(middle - card.height / 2)), card)
            elif note:
                colour = theme.GOLD if note == tr("✓ chosen") else theme.INK_MUTED
                draw.text((after, middle), note, font=note_face, fill=colour, anchor="lm")
        draw.text((left + column + 24, middle), tr("vs"), font=face("vs"), fill=theme.INK_MUTED, anchor="mm")

    block.custom(22 + style.height + 4, fighters)
    if not defender:
        who = side_title((attacker or {}).get("side"))
        block.paragraph(
            tr("{side} picks whom to attack; then both play a card.", side=who), note_face, theme.INK_MUTED
        )
    return block


def _fighter_label(index: int, side: str) -> str:
    """ "ATTACKER · SAURON" over the first fighter, "DEFENDER · …" over the second."""
    if index == 0:
        return tr("ATTACKER · {side}", side=side_title(side).upper())
    return tr("DEFENDER · {side}", side=side_title(side).upper())


def results_text(view: Mapping[str, Any]) -> str:
    """What the last battle did, in words ("✝ Gimli fell · ↩ Aragorn retreated to Eregion")."""
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions", [])}
    parts = []
    for result in battle_results(view):
        name = str(result.get("name") or result.get("character"))
        if result.get("kind") == "defeated":
            parts.append(f"{inline_mark(RESULT_MARKS['defeated'])} " + tr("{name} fell", name=name))
        elif result.get("kind") == "retreated":
            to = result.get("to")
            if to:
                said = tr("{name} withdrew to {region}", name=name, region=names.get(str(to), to))
            else:
                said = tr("{name} withdrew", name=name)
            parts.append(f"{inline_mark(RESULT_MARKS['retreated'])} {said}")
    return " · ".join(parts)


def news_block(view: Mapping[str, Any], width: float) -> Block | None:
    """The last move (and what its battle did), then the chronicle lines that followed it."""
    block = Block(width)
    last = view.get("last_move") or {}
    text = plain(last.get("text"))
    if text:
        for line in wrap_words(tr("Last move: {move}", move=text), face("last_move"), width, 2):
            block.line(line, face("last_move"), theme.INK_LIGHT, leading=1.3)
    results = results_text(view)
    if results:
        for line in wrap_words(results, face("result_line"), width, 2):
            block.line(line, face("result_line"), mix(theme.BATTLE_RED, theme.INK_LIGHT, 0.35), leading=1.3)
    lines = [plain(line) for line in view.get("log") or []]
    recent = [line for line in since_last_move(lines, text) if line and line != text][-CHRONICLE_LINES:]
    if recent:
        if block.height:
            block.space(4)
        for line in recent:
            shown = wrap_words(f"• {line}", face("chronicle"), width, 1)[0]
            block.line(shown, face("chronicle"), theme.INK_MUTED, leading=1.32)
    return block if block.height else None


def _piece_row(
    pieces: Sequence[Mapping[str, Any]], side: str, width: float, style: TokenStyle
) -> tuple[float, list[tuple[Image.Image, float, float]]]:
    """Tokens for ``pieces``, wrapped in rows of ``width``: (height, [(sprite, x, y)])."""
    placed: list[tuple[Image.Image, float, float]] = []
    x = y = 0.0
    row = style.height + 8
    for piece in pieces:
        name = str(piece.get("name") or piece.get("character") or "?")
        strength = piece.get("strength")
        token = token_width(name, strength, style)
        if x and x + token > width:
            x, y = 0.0, y + row
        sprite = known_token(side, name, strength, token, style=style)
        placed.append((sprite, x, y))
        x += token + style.gap
    return (y + row if placed else 0.0), placed


def setup_block(view: Mapping[str, Any], width: float) -> Block | None:
    """The private view during the secret set-up: the pieces still to place, as tokens."""
    setup = view.get("setup") or {}
    pieces = setup.get("to_place")
    audience = view.get("audience")
    if not isinstance(pieces, list) or audience not in theme.STYLES:
        return None
    block = Block(width)
    title = tr("Still to place: {count}", count=len(pieces)) if pieces else tr("Every piece is placed")
    block.line(title, face("setup_title"), _accent(audience), leading=1.4)
    if not pieces:
        return block
    style = COMPACT_TOKENS
    height, placed = _piece_row(pieces, str(audience), width, style)

    def paint(image: Image.Image, _draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        for sprite, dx, dy in placed:
            image.paste(sprite, (round(left + dx) - style.margin, round(top + dy) - style.margin + 2), sprite)

    block.custom(height, paint)
    return block


def _summary(view: Mapping[str, Any], side: str) -> str:
    cards: Mapping[str, Any] = (view.get("cards") or {}).get(side) or {}
    own = cards.get("hand") is not None
    held = int(cards.get("hand_count", 0))
    parts = [] if own else [ntr("{count} card in hand", "{count} cards in hand", held)]
    count = int(cards.get("specials_count") or 0)
    if not own and (count or cards.get("specials_used")):
        parts.append(ntr("{count} special card", "{count} special cards", count))
    played = [str(c.get("name") or c.get("id")) for c in cards.get("discard") or []]
    parts.append(tr("played {cards}", cards=series(played)) if played else tr("no card played"))
    fallen = [str(f.get("name") or f.get("character")) for f in (view.get("defeated") or {}).get(side) or []]
    if fallen:
        parts.append(tr("fallen: {names}", names=series(fallen)))
    return tr("{side}: {summary}", side=side_title(side), summary=" · ".join(parts))


def cards_block(view: Mapping[str, Any], width: float) -> Block:
    """Each side in one or two lines; the audience's own hand and special cards as chips."""
    block = Block(width)
    audience = view.get("audience")
    kind, size = TEXT["hand_chip"]
    label_face = face("section")
    for side in theme.PANEL_ORDER:
        cards: Mapping[str, Any] = (view.get("cards") or {}).get(side) or {}
        hand = cards.get("hand")
        colour = _accent(side) if side == audience else theme.INK_LIGHT
        for line in wrap_words(_summary(view, side), face("side_summary"), width, 2):
            block.line(line, face("side_summary"), colour, leading=1.3)
        if hand is not None:
            chips = [card_chip(side, c) for c in hand]
            chips += [card_chip(side, c, special=True) for c in cards.get("specials") or []]
            chips = [replace(chip, size=size, kind=text_kind(kind, chip.text)) for chip in chips]
            block.space(2)
            block.chips(
                tr("HAND"),
                chips,
                label_face=label_face,
                label_fill=theme.INK_MUTED,
                label_width=64,
                empty=tr("empty"),
                max_lines=2,
                empty_face=face("side_summary"),
            )
    return block


def last_seen_block(view: Mapping[str, Any], width: float) -> Block | None:
    """Enemy pieces hidden now that were shown before: where and when (history only)."""
    notes = last_seen_notes(view)
    if not notes:
        return None
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions", [])}
    parts = [
        tr(
            "{name} in {region} (turn {turn})",
            name=n["name"],
            region=names.get(str(n.get("region")), n.get("region")),
            turn=n.get("turn"),
        )
        for n in notes
    ]
    block = Block(width)
    for line in wrap_words(tr("Last seen: {pieces}", pieces=" · ".join(parts)), face("last_seen"), width, 2):
        block.line(line, face("last_seen"), theme.INK_LIGHT, leading=1.3)
    return block


LEGEND_TEXT: dict[str, Callable[[], str]] = {
    "seen": lambda: tr("seen by the enemy"),
    "defeated": lambda: tr("fell in the last battle"),
    "retreated": lambda: tr("withdrew from it"),
}


def legend_block(view: Mapping[str, Any], width: float) -> Block:
    """The marks this picture shows (and only those), then the board's routes."""
    marks = marks_drawn(view)
    entries: list[tuple[str | None, str]] = []
    if any(
        not p.get("character")
        for r in view.get("regions") or []
        for s in (r.get("pieces") or {}).values()
        for p in s
    ):
        entries.append(("?", tr("hidden piece")))
    for mark in ("seen", "defeated", "retreated"):
        if mark in marks:
            entries.append((mark, LEGEND_TEXT[mark]()))
    entries.append(("1", tr("most pieces a side")))
    anduin, tunnel = tr("Anduin"), tr("Tunnel of Moria")
    block = Block(width)
    legend = face("legend")

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        x, y = left, top + 10
        for icon, text in entries:
            if icon == "seen":
                eye = revealed_eye(18)
                image.paste(eye, (round(x), round(y - 9)), eye)
            elif icon in RESULT_MARKS:
                colour = theme.BATTLE_RED if icon == "defeated" else theme.INK_MUTED
                draw.ellipse((x, y - 9, x + 18, y + 9), fill=colour)
                draw.text(
                    (x + 9, y + 0.5),
                    RESULT_MARKS[icon],
                    font=font("bold", 12),
                    fill=(255, 255, 255),
                    anchor="mm",
                )
            elif icon == "?":
                draw.rounded_rectangle(
                    (x, y - 10, x + 18, y + 10),
                    radius=4,
                    fill=theme.FELLOWSHIP.fill,
                    outline=theme.FELLOWSHIP.edge,
                )
                draw.text(
                    (x + 9, y + 1), "?", font=font("serif", 14), fill=theme.FELLOWSHIP.edge, anchor="mm"
                )
            else:
                draw.ellipse((x, y - 9, x + 18, y + 9), fill=(30, 26, 21), outline=(150, 135, 100))
                draw.text(
                    (x + 9, y + 0.5), str(icon), font=font("bold", 12), fill=(240, 228, 200), anchor="mm"
                )
            draw.text((x + 24, y), text, font=legend, fill=theme.INK_MUTED, anchor="lm")
            x += 24 + legend.getlength(text) + 22
        river = (90, 160, 220)
        draw.line([(x, y), (x + 26, y)], fill=river, width=4)
        draw.text((x + 32, y), anduin, font=legend, fill=theme.INK_MUTED, anchor="lm")
        x += 32 + legend.getlength(anduin) + 22
        for i in range(0, 26, 9):
            draw.line([(x + i, y), (x + i + 5, y)], fill=(150, 120, 80), width=4)
        draw.text((x + 32, y), tunnel, font=legend, fill=theme.INK_MUTED, anchor="lm")

    block.custom(20, paint)
    return block


def plan_panel(view: Mapping[str, Any], width: float) -> list[tuple[Block, RGB]]:
    """The panel's cards, top to bottom, with their border colours."""
    inner = width - 2 * PAD
    blocks: list[tuple[Block, RGB]] = []
    setup = setup_block(view, inner)
    if setup is not None:
        blocks.append((setup, mix(_accent(view.get("audience")), theme.PANEL_FILL, 0.6)))
    battle = battle_block(view, inner)
    if battle is not None:
        blocks.append((battle, mix(theme.BATTLE_RED, theme.PANEL_FILL, 0.45)))
    info = Block(inner)
    for part in (news_block(view, inner), cards_block(view, inner), last_seen_block(view, inner)):
        if part is None or not part.height:
            continue
        if info.height:
            info.space(8)
        info.custom(part.height, _render_into(part))
    blocks.append((info, theme.PANEL_EDGE))
    return blocks


def _render_into(part: Block) -> Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]:
    """A :meth:`Block.custom` operation that draws a whole block there."""

    def op(image: Image.Image, _draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        part.render(image, left, top)

    return op


def card_height(block: Block) -> int:
    return round(block.height + 2 * PAD - 4)


def render_compact(view: Mapping[str, Any], layout: BoardLayout, *, highlight: bool = True) -> Image.Image:
    """The compact picture of ``view`` (its height depends on what the panel holds)."""
    left, top, right, _ = layout.areas["panel"]
    width = right - left
    blocks = plan_panel(view, width)
    legend = legend_block(view, width - 2 * PAD)
    height = round(top + sum(card_height(b) + CARD_GAP for b, _ in blocks) + legend.height + BOTTOM + 6)
    image = Image.new("RGB", (layout.size[0], height), rgb(layout.background))
    image.paste(static_board(LAYOUT_PATH, "compact", view_lang(view)), (0, 0))
    if highlight:
        draw_highlights(image, layout, view)
        for slug in highlighted_regions(view, layout):
            redraw_label(image, layout.regions[slug])
    draw_pieces(image, layout, view, COMPACT_TOKENS)
    if highlight:
        draw_top_highlights(image, layout, view)
    draw_header(image, layout, view)
    y = top
    for block, edge in blocks:
        card = card_height(block)
        rounded_panel(image, (left, y, right, y + card), theme.PANEL_FILL, edge)
        block.render(image, left + PAD, y + PAD)
        y += card + CARD_GAP
    legend.render(image, left + PAD, y + 2)
    return image


__all__ = ["ESSENTIAL_TEXTS", "KEY_TEXTS", "TEXT", "render_compact"]
