"""Measured layout of panel content: text lines and wrapped rows of chips.

A :class:`Block` collects drawing operations while measuring their height, so a panel can
draw its card background at the right size first and its content on top afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .colours import RGB
from .fonts import FontKind, font
from .shapes import supersampled
from .text import ellipsize, wrap_text

Op = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]  # (image, draw, left, top)

CHIP_HEIGHT = 21
CHIP_GAP = 5
CHIP_FONT = 12


def chip_height(size: int) -> int:
    """The height of a chip whose text is ``size`` pixels (21 for the default 12).

    >>> chip_height(12), chip_height(18)
    (21, 31)
    """
    return CHIP_HEIGHT if size == CHIP_FONT else round(size * 1.72)


@dataclass(frozen=True, slots=True)
class Chip:
    """A small rounded label (a card, a fallen character)."""

    text: str
    fill: RGB
    ink: RGB
    edge: RGB | None = None
    kind: FontKind = "bold"
    size: int = CHIP_FONT


@lru_cache(maxsize=1024)
def chip_sprite(chip: Chip, max_width: int) -> Image.Image:
    """``chip`` as an anti-aliased RGBA sprite, at most ``max_width`` wide."""
    face = font(chip.kind, chip.size)
    pad = 14 if chip.size == CHIP_FONT else round(chip.size * 1.1)
    height = chip_height(chip.size)
    label = ellipsize(chip.text, face, max_width - pad)
    width = min(max_width, round(face.getlength(label)) + pad)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, width * s - 1, height * s - 1),
            radius=height * 0.3 * s,
            fill=chip.fill,
            outline=chip.edge,
            width=round(1.5 * s) if chip.edge else 0,
        )

    sprite = supersampled((width, height), paint)
    ImageDraw.Draw(sprite).text((width / 2, height / 2 + 0.5), label, font=face, fill=chip.ink, anchor="mm")
    return sprite


@dataclass
class Block:
    """Content of ``width`` pixels, laid out top-down; ``height`` grows as items are added."""

    width: float
    height: float = 0
    ops: list[Op] = field(default_factory=list)

    def space(self, pixels: float) -> None:
        self.height += pixels

    def line(
        self,
        text: str,
        face: ImageFont.FreeTypeFont,
        fill: RGB,
        *,
        indent: float = 0,
        align: str = "left",
        leading: float = 1.25,
    ) -> None:
        """One line of text, cut with an ellipsis if too long."""
        shown = ellipsize(text, face, self.width - indent)
        y = self.height
        anchor = {"left": "la", "right": "ra", "centre": "ma"}[align]
        x = {"left": indent, "right": self.width, "centre": self.width / 2}[align]
        self.ops.append(
            lambda _img, draw, left, top: draw.text(
                (left + x, top + y), shown, font=face, fill=fill, anchor=anchor
            )
        )
        self.height += face.size * leading

    def paragraph(
        self,
        text: str,
        face: ImageFont.FreeTypeFont,
        fill: RGB,
        *,
        indent: float = 0,
        max_lines: int | None = None,
        leading: float = 1.3,
    ) -> None:
        """Wrapped text."""
        for text_line in wrap_text(text, face, self.width - indent, max_lines):
            self.line(text_line, face, fill, indent=indent, leading=leading)

    def chips(
        self,
        label: str,
        chips: Sequence[Chip],
        *,
        label_face: ImageFont.FreeTypeFont,
        label_fill: RGB,
        label_width: float,
        empty: str = "",
        empty_fill: RGB = (150, 150, 150),
        max_lines: int = 4,
        empty_face: ImageFont.FreeTypeFont | None = None,
    ) -> None:
        """A labelled row of chips, wrapped onto more lines when needed (all chips of one row
        share the size of the first)."""
        y0 = self.height
        size = int(chips[0].size if chips else (empty_face.size if empty_face else CHIP_FONT))
        height = chip_height(size) if chips or empty_face is None else round(size * 1.5)
        gap = CHIP_GAP if size == CHIP_FONT else round(size * 0.4)
        self.ops.append(
            lambda _img, draw, left, top: draw.text(
                (left, top + y0 + height / 2 + 0.5), label, font=label_face, fill=label_fill, anchor="lm"
            )
        )
        room = self.width - label_width
        if not chips:
            face = empty_face or font("sans", CHIP_FONT)
            shown = ellipsize(empty, face, room)
            self.ops.append(
                lambda _img, draw, left, top: draw.text(
                    (left + label_width, top + y0 + height / 2 + 0.5),
                    shown,
                    font=face,
                    fill=empty_fill,
                    anchor="lm",
                )
            )
            self.height += height + gap
            return
        x, y, line = 0.0, y0, 1
        for index, chip in enumerate(chips):
            sprite = chip_sprite(chip, int(room))
            if x > 0 and x + sprite.width > room:
                x, y, line = 0.0, y + height + gap, line + 1
            if line == max_lines and index < len(chips) - 1:
                more = chip_sprite(
                    Chip(f"+{len(chips) - index - 1}", chip.fill, chip.ink, chip.edge, size=chip.size),
                    int(room),
                )
                if x + sprite.width + gap + more.width > room:
                    rest = chip_sprite(
                        Chip(f"+{len(chips) - index}", chip.fill, chip.ink, chip.edge, size=chip.size),
                        int(room),
                    )
                    self._place(rest, label_width + x, y)
                    break
            self._place(sprite, label_width + x, y)
            x += sprite.width + gap
        self.height = y + height + gap

    def _place(self, sprite: Image.Image, x: float, y: float) -> None:
        self.ops.append(
            lambda img, _draw, left, top: img.paste(sprite, (round(left + x), round(top + y)), sprite)
        )

    def custom(self, height: float, op: Op) -> None:
        """An arbitrary drawing ``op`` (called with the origin of this item) taking ``height``."""
        y = self.height
        self.ops.append(lambda img, draw, left, top: op(img, draw, left, top + y))
        self.height += height

    def render(self, image: Image.Image, left: float, top: float) -> None:
        """Run the collected operations with the block's top-left corner at (left, top)."""
        draw = ImageDraw.Draw(image)
        for op in self.ops:
            op(image, draw, left, top)
