"""A sequence of views as one animated GIF (``/game replay``): Discord animates GIFs inline.

Each view is drawn by :func:`renderers.render_view` (compact, highlighted), scaled down to the
asked width and padded at the bottom, in its own edge colour, to the tallest frame. Every
frame shares one palette, built from a few frames spread over the match (the final reveal
included): unchanged pixels then keep their palette index, so the GIF stores each frame as
the box that changed since the previous one, with unchanged pixels inside it transparent.
No dithering: text keeps clean edges.

Frames: more than ``max_frames`` views keep the first, the last and an even sample between.
Size: a GIF over ``max_bytes`` is made again, first with fewer frames (down to
:data:`MIN_FRAMES`), then narrower (down to :data:`MIN_WIDTH`), then with fewer frames again
(down to two), each step scaled by how far over the limit the last try was. If even that is
too big, the smallest try is returned: the caller compares its size with its own limit.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renderers import render_view

LANCZOS = Image.Resampling.LANCZOS

#: Fewest frames kept before the width is reduced, and the narrowest width tried.
MIN_FRAMES = 24
MIN_WIDTH = 240
#: The padding's colour when a board's bottom edge has no dominant colour.
PARCHMENT = (230, 215, 176)
#: How many frames the shared palette is built from, and its colours (one index stays free
#: for the transparent pixels of the delta frames).
PALETTE_SAMPLES = 6
COLOURS = 255
#: Each retry aims this far under the limit, since sizes do not scale exactly.
MARGIN = 0.9


def animate(
    views: Sequence[Mapping[str, Any]],
    *,
    width: int = 480,
    frame_ms: int = 1200,
    last_ms: int = 5000,
    max_frames: int = 120,
    max_bytes: int = 8_000_000,
) -> bytes:
    """``views`` as a looping animated GIF, ``frame_ms`` per frame and ``last_ms`` on the last.

    Consecutive frames that draw the same picture are merged into one (their times add up).
    """
    if not views:
        raise ValueError("no views to animate")
    pictures: dict[int, bytes] = {}  # view index -> PNG, each view drawn at most once

    def drawn(indices: list[int]) -> list[bytes]:
        for index in indices:
            if index not in pictures:
                pictures[index] = render_view(views[index], highlight=True, layout="compact")
        return [pictures[index] for index in indices]

    count, size = min(len(views), max(1, max_frames)), max(1, width)
    smallest: bytes | None = None
    while True:
        gif = _gif(drawn(even_sample(len(views), count)), size, frame_ms, last_ms)
        if smallest is None or len(gif) < len(smallest):
            smallest = gif
        if len(gif) <= max_bytes:
            return gif
        ratio = MARGIN * max_bytes / len(gif)
        if count > MIN_FRAMES:
            count = max(MIN_FRAMES, min(count - 1, int(count * ratio)))
        elif size > MIN_WIDTH:
            size = max(MIN_WIDTH, min(size - 16, int(size * math.sqrt(ratio))))
        elif count > 2:
            count = max(2, min(count - 1, int(count * ratio)))
        else:
            return smallest


def even_sample(total: int, count: int) -> list[int]:
    """``count`` indices out of ``range(total)``: the first, the last and evenly between.

    >>> even_sample(10, 4)
    [0, 3, 6, 9]
    >>> even_sample(3, 5)
    [0, 1, 2]
    """
    if count >= total:
        return list(range(total))
    if count <= 1:
        return [total - 1]
    return [round(step * (total - 1) / (count - 1)) for step in range(count)]


def _gif(pngs: list[bytes], width: int, frame_ms: int, last_ms: int) -> bytes:
    """The pictures as one GIF; each is decoded only when its turn comes (memory stays low)."""
    fit = _Fit([_open(png).size for png in pngs], width)
    sampled = {index: fit(_open(pngs[index])) for index in even_sample(len(pngs), PALETTE_SAMPLES)}
    palette = _shared_palette(list(sampled.values()))
    frames = []
    for index, png in enumerate(pngs):
        frame = sampled.pop(index) if index in sampled else fit(_open(png))
        frames.append(frame.quantize(palette=palette, dither=Image.Dither.NONE))
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=[frame_ms] * (len(frames) - 1) + [last_ms],
        loop=0,
        disposal=1,
        optimize=True,
    )
    return out.getvalue()


def _open(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


class _Fit:
    """Makes every picture ``width`` wide (aspect kept), padded at the bottom to the tallest.

    Padding comes before scaling, so that pictures of one size are all scaled alike and the
    pixels they share stay equal (a delta frame stores only what changed).
    """

    def __init__(self, sizes: list[tuple[int, int]], width: int) -> None:
        #: source width -> the height its pictures are padded to
        self.padded: dict[int, int] = {}
        for wide, tall in sizes:
            self.padded[wide] = max(self.padded.get(wide, 0), tall)
        self.size = (width, max(round(tall * width / wide) for wide, tall in self.padded.items()))
        for wide, tall in self.padded.items():  # narrower sources: padded so as to keep their aspect
            self.padded[wide] = max(tall, round(self.size[1] * wide / width))

    def __call__(self, picture: Image.Image) -> Image.Image:
        source = picture.convert("RGB")
        tall = self.padded[source.width]
        if tall > source.height:
            canvas = Image.new("RGB", (source.width, tall), _edge_colour(source))
            canvas.paste(source, (0, 0))
            source = canvas
        return source if source.size == self.size else source.resize(self.size, LANCZOS)


def _edge_colour(frame: Image.Image) -> tuple[int, int, int]:
    """The dominant colour of the frame's bottom row (parchment if none is)."""
    row = frame.crop((0, frame.height - 1, frame.width, frame.height))
    count, colour = max(row.getcolors(frame.width) or [], key=lambda counted: counted[0], default=(0, 0))
    if count * 2 < frame.width or not isinstance(colour, tuple):
        return PARCHMENT
    red, green, blue = colour[:3]
    return red, green, blue


def _shared_palette(frames: list[Image.Image]) -> Image.Image:
    """One palette for all the frames, made from a sheet of ``frames`` (all of one size)."""
    width, height = frames[0].size
    sheet = Image.new("RGB", (width, height * len(frames)))
    for row, frame in enumerate(frames):
        sheet.paste(frame, (0, row * height))
    return sheet.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


__all__ = ["MIN_FRAMES", "MIN_WIDTH", "animate", "even_sample"]
