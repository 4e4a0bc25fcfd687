"""Record every text a render draws, with its font size, to test what the picture says and how
large (the renderer's sprite caches are emptied first, so cached tokens are drawn again)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

from PIL import ImageDraw

from renderers.common import blocks
from renderers.confrontation import board, highlights, render_image, tokens


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    font: str


def clear_caches() -> None:
    for cached in (
        tokens.known_token,
        tokens.hidden_token,
        tokens.ghost_token,
        blocks.chip_sprite,
        board.static_board,
    ):
        cached.cache_clear()
    board._LABELS.clear()
    highlights._OUTLINES.clear()


@contextmanager
def drawn_texts() -> Iterator[list[Drawn]]:
    """Collect the texts drawn inside the ``with`` block."""
    found: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def record(
        self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None, *a: Any, **k: Any
    ) -> Any:
        size = int(getattr(font, "size", 0) or 0)
        found.append(Drawn(str(text), size, str(getattr(font, "path", ""))))
        return original(self, xy, text, fill, font, *a, **k)

    clear_caches()
    with mock.patch.object(ImageDraw.ImageDraw, "text", record):
        yield found
    clear_caches()


def texts_of(view: Mapping[str, Any], layout: str = "compact", *, highlight: bool = True) -> list[Drawn]:
    """Everything the picture of ``view`` writes, board layer included."""
    with drawn_texts() as found:
        render_image(view, layout=layout, highlight=highlight)  # type: ignore[arg-type]
    return found


def words(found: list[Drawn]) -> str:
    return "\n".join(d.text for d in found)
