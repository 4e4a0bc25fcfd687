"""Event cards of our own design: one face per card, and a hand of them in one picture.

A face shows, top to bottom: the card's name and play icon (the die face that plays it) on a
band in its side's colours (Free Peoples blue and white, Shadow black and red), its deck
(Character or Strategy, with a mark of its own) and number; the precondition, the Event text
and, for a card that stays on the table, when it is discarded; then, under a divider, the
Combat half: its initiative, name, condition and effect. Every face has the same size (that of
the fullest card), so the Combat halves of a hand line up as on the table.

The faces are static: each is drawn once per process (:func:`card_face`) and a hand is only
pasted together (:func:`hand_image`). Everything comes from ``data/war_of_the_ring/cards.json``
by card id, so a picture shows only the cards it is asked for.

A face is drawn in a language (``card_face(card, lang)``): its texts are the ``war_of_the_ring``
catalog's (:mod:`games.war_of_the_ring.card_catalog`), Japanese and Chinese in the CJK faces,
wrapped between any two characters; every face of a language has that language's height.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.war_of_the_ring.i18n import current, english, listed, mark, ptr, speaking, tr
from renderers.common.colours import RGB, rgb
from renderers.common.fonts import FontKind, cjk_kind, font, is_cjk
from renderers.common.png import encode_png
from renderers.common.shapes import supersampled
from renderers.common.text import fit_lines, wrap_text

from . import icons
from .theme import FREE, SHADOW, SIDE_TITLES
from .view import card_entry, card_ids

#: A face's width; its height is that of the fullest card (:func:`face_height`).
CARD_WIDTH = 340
PAD = 14
#: Space around and between the faces of a hand.
GAP = 14
#: A hand of more cards than this is laid out on two rows (or more, past 8).
ONE_ROW = 3
MAX_COLUMNS = 4
ICON = 40
BADGE = 30
CORNER = 14
BACKGROUND = rgb("#1b1915")


@dataclass(frozen=True, slots=True)
class Palette:
    band: RGB  # the name band
    band_ink: RGB
    band_muted: RGB
    frame: RGB
    paper: RGB
    ink: RGB
    muted: RGB
    accent: RGB  # table note, divider, initiative badge


PALETTES: dict[str, Palette] = {
    "free": Palette(
        band=rgb("#2a56a6"),
        band_ink=rgb("#ffffff"),
        band_muted=rgb("#d6e3fa"),
        frame=rgb("#1b3a75"),
        paper=rgb("#f7f9fd"),
        ink=rgb("#14213a"),
        muted=rgb("#4a5874"),
        accent=rgb("#2a56a6"),
    ),
    "shadow": Palette(
        band=rgb("#171010"),
        band_ink=rgb("#ffffff"),
        band_muted=rgb("#ff9a8c"),
        frame=rgb("#9c1f17"),
        paper=rgb("#fbf3f0"),
        ink=rgb("#2a1210"),
        muted=rgb("#6e4a45"),
        accent=rgb("#a8231a"),
    ),
}
#: The deck's mark on the band: Character cards carry a gold tag, Strategy cards a silver one.
DECK_TAGS: dict[str, tuple[str, RGB, RGB]] = {
    "character": (mark("CHARACTER"), rgb("#e6c15a"), rgb("#2b2108")),
    "strategy": (mark("STRATEGY"), rgb("#c9d0da"), rgb("#1d232c")),
}
#: The sides' names on a face and in its description.
SIDE_WORDS = {FREE: mark("Free Peoples"), SHADOW: mark("Shadow")}
#: The decks' names in a description ("Free Peoples Character").
DECK_WORDS = {"character": mark("Character"), "strategy": mark("Strategy")}


def face_kind(wanted: FontKind) -> FontKind:
    """The font kind that draws the language being spoken in the style of ``wanted``."""
    lang = current()
    return cjk_kind(wanted, "", lang) if lang in ("ja", "zh-CN") else wanted


def side_title(side: str) -> str:
    return SIDE_TITLES.get(side, side) if english() else tr(SIDE_WORDS[side]) if side in SIDE_WORDS else side


@dataclass(frozen=True, slots=True)
class Style:
    kind: FontKind
    size: int
    leading: int  # line height

    @property
    def face(self) -> ImageFont.FreeTypeFont:
        """Its font in the language being spoken."""
        return font(face_kind(self.kind), self.size)


BODY = Style("sans", 17, 21)
NOTE = Style("italic", 15, 19)
DECK = Style("condensed", 13, 16)
COMBAT_NAME = Style("serif", 19, 23)
NAME_SIZE, NAME_MIN = 25, 16
#: The band: up to two lines of name, then the deck line.
BAND_HEIGHT = 86
TEXT_WIDTH = CARD_WIDTH - 2 * PAD
#: The divider above the Combat half (its line and the word "Combat").
DIVIDER = 26
PARAGRAPH = 7


def entry(card: str) -> Mapping[str, Any]:
    """The card's data; ``ValueError`` for an unknown id."""
    found = card_entry(card)
    if not found:
        raise ValueError(f"no War of the Ring card {card!r}")
    return found


def _text(value: Any) -> str:
    return str(value) if value else ""


def _said(context: str, value: Any) -> str:
    """A text of the data file in the language being spoken (its catalog context given)."""
    text = _text(value)
    return ptr(context, text) if text and not english() else text


#: Japanese and Chinese marks that never begin a line, and those that never end one.
NO_START = frozenset("、。，．・：；？！）」』】〉》”’ー…ぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NO_END = frozenset("（「『【〈《“‘")


def wrap_cjk(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """Wrap Japanese or Chinese between any two characters, keeping closing marks off a line's
    start and opening marks off its end.

    >>> wrap_cjk("指輪は、滅びの山で。", font("cjk_jp", 20), 100)
    ['指輪は、滅', 'びの山で。']
    >>> wrap_cjk("タイル（0）を出す", font("cjk_jp", 20), 80)
    ['タイル', '（0）を', '出す']
    """
    lines: list[str] = []
    current = ""
    for char in text:
        if not current or face.getlength(current + char) <= max_width:
            current += char
            continue
        text_so_far = current + char
        cut = len(current)  # the next line starts at text_so_far[cut]
        while cut > max(1, len(current) - 3) and (
            text_so_far[cut] in NO_START or text_so_far[cut - 1] in NO_END
        ):
            cut -= 1
        lines.append(text_so_far[:cut])
        current = text_so_far[cut:]
    if current:
        lines.append(current)
    return lines


def _lines(text: str, style: Style, width: int = TEXT_WIDTH) -> list[str]:
    if not text:
        return []
    if any(is_cjk(char) for char in text):
        return wrap_cjk(text, style.face, width)
    return wrap_text(text, style.face, width)


@dataclass(frozen=True, slots=True)
class Paragraph:
    lines: tuple[str, ...]
    style: Style
    colour: str  # a Palette field

    @property
    def height(self) -> int:
        return len(self.lines) * self.style.leading


def event_part(card: Mapping[str, Any]) -> list[Paragraph]:
    """The Event half's paragraphs: precondition, text, table note."""
    found = []
    condition = _said("condition", card.get("condition"))
    if condition:
        found.append(
            Paragraph(tuple(_lines(tr("Play if: {condition}", condition=condition), NOTE)), NOTE, "muted")
        )
    found.append(Paragraph(tuple(_lines(_said("card text", card.get("event")), BODY)), BODY, "ink"))
    if card.get("on_table"):
        discard = _said("discard", card.get("discard"))
        note = (
            tr("Stays on the table. Discard: {discard}", discard=discard)
            if discard
            else tr("Stays on the table.")
        )
        found.append(Paragraph(tuple(_lines(note, NOTE)), NOTE, "accent"))
    return found


def _combat(card: Mapping[str, Any]) -> Mapping[str, Any]:
    combat = card.get("combat")
    return combat if isinstance(combat, Mapping) else {}


def _initiative(card: Mapping[str, Any]) -> list[int]:
    raw = card.get("initiative") or []
    return [int(n) for n in raw] if isinstance(raw, list | tuple) else [int(raw)]


#: The foot of a card with no Combat half.
NO_COMBAT = mark("No Combat half: this card is never played as a Combat card.")


def kind_of(card: Mapping[str, Any]) -> str:
    """The kind the face shows: its deck's, or for a card of no deck its play icon's."""
    deck = card.get("deck")
    if deck:
        return str(deck)
    return "character" if card.get("icon") == "character" else "strategy"


def combat_part(card: Mapping[str, Any]) -> tuple[list[str], list[Paragraph]]:
    """The Combat half: its name's lines (beside the initiative) and its paragraphs."""
    combat = _combat(card)
    if not combat:  # We Shall Get It (Twilight of the Third Age): its lower half is a picture
        return [], [Paragraph(tuple(_lines(tr(NO_COMBAT), NOTE)), NOTE, "muted")]
    badges = len(_initiative(card))
    name_width = TEXT_WIDTH - badges * (BADGE + 4) - 6
    name = _lines(_said("combat card", combat.get("name")), COMBAT_NAME, name_width)
    found = []
    condition = _said("condition", combat.get("condition"))
    if condition:
        found.append(
            Paragraph(tuple(_lines(tr("If: {condition}", condition=condition), NOTE)), NOTE, "muted")
        )
    found.append(Paragraph(tuple(_lines(_said("combat text", combat.get("effect")), BODY)), BODY, "ink"))
    return name, found


def _stack_height(paragraphs: Iterable[Paragraph]) -> int:
    heights = [p.height for p in paragraphs if p.lines]
    return sum(heights) + PARAGRAPH * max(0, len(heights) - 1)


def combat_height(card: Mapping[str, Any]) -> int:
    name, paragraphs = combat_part(card)
    if not name:
        return _stack_height(paragraphs)
    return max(BADGE, len(name) * COMBAT_NAME.leading) + PARAGRAPH + _stack_height(paragraphs)


def natural_height(card: Mapping[str, Any]) -> int:
    """The height the card's content needs."""
    event = _stack_height(event_part(card))
    return BAND_HEIGHT + PAD + event + PAD + DIVIDER + combat_height(card) + PAD + 4


@cache
def face_height(lang: str = "en") -> int:
    """The height of every face in ``lang``: that of its fullest card."""
    with speaking(lang):
        return max(natural_height(entry(card)) for card in card_ids())


def _draw_paragraphs(
    draw: ImageDraw.ImageDraw, paragraphs: Sequence[Paragraph], palette: Palette, x: int, top: int
) -> int:
    for paragraph in paragraphs:
        if not paragraph.lines:
            continue
        colour: RGB = getattr(palette, paragraph.colour)
        for line in paragraph.lines:
            draw.text((x, top), line, font=paragraph.style.face, fill=colour)
            top += paragraph.style.leading
        top += PARAGRAPH
    return top - PARAGRAPH


def _frame(size: tuple[int, int], palette: Palette, deck: str) -> Image.Image:
    """The card's body: a rounded frame in its side's colour, the paper, the name band."""
    width, height = size
    tag_fill = DECK_TAGS.get(deck, DECK_TAGS["strategy"])[1]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=CORNER * s, fill=palette.frame)
        inset = 4 * s
        draw.rounded_rectangle(
            (inset, inset, width * s - 1 - inset, height * s - 1 - inset),
            radius=(CORNER - 3) * s,
            fill=palette.paper,
        )
        draw.rounded_rectangle(
            (inset, inset, width * s - 1 - inset, BAND_HEIGHT * s),
            radius=(CORNER - 3) * s,
            fill=palette.band,
            corners=(True, True, False, False),
        )
        # the deck's mark: a stripe along the band's foot
        draw.rectangle((inset, (BAND_HEIGHT - 5) * s, width * s - 1 - inset, BAND_HEIGHT * s), fill=tag_fill)

    return supersampled(size, paint)


def _badge(number: int, palette: Palette) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse((0, 0, BADGE * s - 1, BADGE * s - 1), fill=palette.accent)
        draw.ellipse(
            (2 * s, 2 * s, (BADGE - 2) * s - 1, (BADGE - 2) * s - 1), outline=palette.paper, width=round(s)
        )

    sprite = supersampled((BADGE, BADGE), paint)
    ImageDraw.Draw(sprite).text(
        (BADGE / 2, BADGE / 2 + 1), str(number), font=font("bold", 17), fill=palette.paper, anchor="mm"
    )
    return sprite


#: The room for the name on the band, beside the play icon.
NAME_WIDTH = CARD_WIDTH - 2 * PAD - ICON - 4


def name_layout(card: Mapping[str, Any]) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The card's name: its font (the largest that fits, down to :data:`NAME_MIN`) and its one
    or two lines (Japanese and Chinese split between two characters)."""
    name = _said("card", card.get("name"))
    kind = face_kind("serif")
    if not any(is_cjk(char) for char in name):
        return fit_lines(name, kind, NAME_WIDTH, NAME_SIZE, min_size=NAME_MIN, two_line_size=21)
    single = next((s for s in range(NAME_SIZE, 8, -1) if font(kind, s).getlength(name) <= NAME_WIDTH), 8)
    for size in range(CJK_TWO_LINE_SIZE, 8, -1):
        lines = balanced_cjk(name, font(kind, size), NAME_WIDTH)
        if lines and (single < NAME_MIN or size >= single + 2):  # two lines only for a larger font
            return font(kind, size), lines
        if lines:
            break
    return font(kind, single), [name]


#: The largest size of a Japanese or Chinese name on two lines: its glyphs sit lower than the
#: Latin ones, and the second line must clear the deck's tag.
CJK_TWO_LINE_SIZE = 19


def balanced_cjk(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[str] | None:
    """The most even split of a Japanese or Chinese ``text`` into two lines that fit, never
    starting a line with a closing mark nor ending one with an opening mark (None: none fits).

    >>> balanced_cjk("三つの指輪は空の下なるエルフの王に", font("cjk_jp", 19), 268)
    ['三つの指輪は空の', '下なるエルフの王に']
    """
    best: tuple[float, list[str]] | None = None
    for cut in range(1, len(text)):
        first, second = text[:cut], text[cut:]
        if second[0] in NO_START or first[-1] in NO_END:
            continue
        widest = max(face.getlength(first), face.getlength(second))
        if widest <= max_width and (best is None or widest < best[0]):
            best = (widest, [first, second])
    return best[1] if best else None


@lru_cache(maxsize=128)
def card_face(card: str, lang: str = "en") -> Image.Image:
    """The face of ``card`` in ``lang`` (an RGBA image, :data:`CARD_WIDTH` by
    :func:`face_height`), drawn once per process; callers paste it and never change it."""
    with speaking(lang):
        return _draw_face(card, current())


def _draw_face(card: str, lang: str) -> Image.Image:
    data = entry(card)
    side = str(data.get("side") or FREE)
    deck = kind_of(data)
    palette = PALETTES.get(side, PALETTES[FREE])
    height = face_height(lang)
    image = _frame((CARD_WIDTH, height), palette, deck)
    draw = ImageDraw.Draw(image)

    # the band: name, play icon, deck line
    icon = icons.die_sprite(side, str(data.get("icon") or "event"), ICON)
    image.alpha_composite(icon, (CARD_WIDTH - PAD - ICON + 2, 12))
    face, lines = name_layout(data)
    leading = round(face.size * 1.18)
    name_top = 12 + (2 * 25 - len(lines) * leading) // 2 if len(lines) == 1 else 9
    for index, line in enumerate(lines):
        draw.text((PAD, name_top + index * leading), line, font=face, fill=palette.band_ink)
    tag, tag_fill, tag_ink = DECK_TAGS.get(deck, DECK_TAGS["strategy"])
    tag = tr(tag)
    deck_top = BAND_HEIGHT - 5 - DECK.leading - 6
    tag_width = round(DECK.face.getlength(tag)) + 12
    draw.rounded_rectangle(
        (PAD, deck_top - 1, PAD + tag_width, deck_top + DECK.leading + 1), radius=4, fill=tag_fill
    )
    # a CJK face's glyphs sit lower: its words are centred on the tag's middle instead
    deck_words: dict[str, Any] = {} if english() else {"anchor": "lm"}
    deck_y = deck_top + 1 if english() else deck_top + DECK.leading / 2
    draw.text((PAD + 6, deck_y), tag, font=DECK.face, fill=tag_ink, **deck_words)
    side_words = tr("{side} · {number}/24", side=side_title(side), number=data.get("number", ""))
    if "source" in data:  # Twilight of the Third Age: its own numbers (decks of 26, D33)
        side_words = tr("{side} · Twilight {number}/26", side=side_title(side), number=data.get("number", ""))
        if not data.get("deck"):  # We Shall Get It: set aside, in no deck
            side_words = tr("{side} · Twilight · no deck", side=side_title(side))
    draw.text(
        (PAD + tag_width + 8, deck_y), side_words, font=DECK.face, fill=palette.band_muted, **deck_words
    )

    # the Event half
    _draw_paragraphs(draw, event_part(data), palette, PAD, BAND_HEIGHT + PAD)

    # the Combat half, at the foot
    name, paragraphs = combat_part(data)
    top = height - PAD - 4 - combat_height(data)
    divider = top - DIVIDER // 2 - 2
    label = tr("COMBAT")
    label_width = DECK.face.getlength(label)
    middle = CARD_WIDTH / 2
    draw.line((PAD, divider, middle - label_width / 2 - 8, divider), fill=palette.accent, width=2)
    draw.line(
        (middle + label_width / 2 + 8, divider, CARD_WIDTH - PAD, divider), fill=palette.accent, width=2
    )
    draw.text((middle, divider), label, font=DECK.face, fill=palette.accent, anchor="mm")
    x = PAD
    for number in _initiative(data):
        image.alpha_composite(_badge(number, palette), (x, top))
        x += BADGE + 4
    name_top = top + max(0, (BADGE - len(name) * COMBAT_NAME.leading) // 2)
    for index, line in enumerate(name):
        draw.text(
            (x + 6, name_top + index * COMBAT_NAME.leading), line, font=COMBAT_NAME.face, fill=palette.ink
        )
    body_top = top + max(BADGE, len(name) * COMBAT_NAME.leading) + PARAGRAPH if name else top
    _draw_paragraphs(draw, paragraphs, palette, PAD, body_top)
    image.info["card"] = card  # which card a cached face is (tests)
    return image


def columns_for(count: int) -> int:
    """How many faces a row of a hand holds: up to 3 in one row, then two rows (four columns
    at most, more rows past eight cards).

    >>> [columns_for(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    [1, 2, 3, 2, 3, 3, 4, 4, 4, 4]
    """
    if count <= ONE_ROW:
        return max(1, count)
    return min(MAX_COLUMNS, math.ceil(count / 2))


def hand_image(cards: Sequence[str], lang: str = "en") -> Image.Image:
    """The faces of ``cards`` in ``lang``, in order, in rows (RGB)."""
    if not cards:
        raise ValueError("no cards to draw")
    columns = columns_for(len(cards))
    rows = math.ceil(len(cards) / columns)
    height = face_height(lang)
    size = (GAP + columns * (CARD_WIDTH + GAP), GAP + rows * (height + GAP))
    image = Image.new("RGBA", size, (*BACKGROUND, 255))
    for index, card in enumerate(cards):
        row, column = divmod(index, columns)
        image.alpha_composite(
            card_face(card, lang), (GAP + column * (CARD_WIDTH + GAP), GAP + row * (height + GAP))
        )
    return image.convert("RGB")


def render_cards(cards: Sequence[str], lang: str = "en") -> bytes:
    """PNG bytes of :func:`hand_image` in ``lang`` (the last few kept: a hand is drawn again
    with every update of its holder's private place, mostly unchanged)."""
    return _png(tuple(cards), lang)


@lru_cache(maxsize=32)
def _png(cards: tuple[str, ...], lang: str = "en") -> bytes:
    return encode_png(hand_image(cards, lang))


def describe_cards(cards: Sequence[str], lang: str = "en") -> str:
    """What the picture of ``cards`` shows, for screen readers, in ``lang``.

    >>> print(describe_cards(["fpc_01"]))
    Event cards: Elven Cloaks (Free Peoples Character, combat: It Is a Gift).
    """
    with speaking(lang):
        parts = []
        for card in cards:
            data = entry(card)
            side = side_title(str(data.get("side")))
            deck = tr(DECK_WORDS[kind_of(data)])
            combat = _said("combat card", _combat(data).get("name")) or ptr("no combat card", "none")
            name = _said("card", data.get("name"))
            parts.append(
                tr("{name} ({side} {deck}, combat: {combat})", name=name, side=side, deck=deck, combat=combat)
            )
        said = "; ".join(parts) if english() else listed(parts)
        return tr("Event cards: {cards}.", cards=said)
