"""The PNG band cache (``renderers.common.png``): a band is reused only for its own pixels.

Each picture must decode to exactly its own pixels whatever was encoded before it in the same
process: a band seen in another picture (another match, another player's private board) is
reused only when its pixels are the same, so nothing one player sees reaches another.
"""

from __future__ import annotations

import io
import random
import zlib
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

import renderers
from renderers.common import font, png
from renderers.common.png import BAND_ROWS, BandCache, adler32_combine, encode_png


def decoded(data: bytes) -> Image.Image:
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs and the zlib stream's Adler-32
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def board(secret: str, *, width: int = 240, height: int = 10 * BAND_ROWS + 3) -> Image.Image:
    """A busy picture (lines, text) whose only difference from one secret to another is a
    text in one band in the middle."""
    image = Image.new("RGB", (width, height), (40, 70, 90))
    draw = ImageDraw.Draw(image)
    for x in range(0, width, 7):
        draw.line((x, 0, width - x, height), fill=(x % 256, 200 - x % 150, 90))
    draw.rectangle((10, 4 * BAND_ROWS, width - 10, 5 * BAND_ROWS - 1), fill=(20, 20, 20))
    draw.text((12, 4 * BAND_ROWS - 3), secret, font=font("sans", 11), fill=(250, 240, 200))
    return image


def test_a_picture_decodes_to_its_own_pixels_after_a_picture_that_shares_most_bands() -> None:
    cache = BandCache()
    first, second = board("Hand: Gandalf, Frodo"), board("Hand: Witch-king")
    encode_png(first, cache=cache)
    misses = cache.misses
    data = encode_png(second, cache=cache)
    assert cache.hits >= 8  # every band but the one with the text came from the cache
    assert cache.misses - misses <= 2
    assert decoded(data).tobytes() == second.tobytes() != first.tobytes()


def test_a_change_of_one_pixel_changes_the_picture() -> None:
    cache = BandCache()
    image = board("Sauron")
    before = encode_png(image, cache=cache)
    for x, y in [(0, 0), (239, 5 * BAND_ROWS + 1), (120, 10 * BAND_ROWS + 2)]:  # first, middle, last band
        changed = image.copy()
        changed.putpixel((x, y), (1, 2, 3))
        after = encode_png(changed, cache=cache)
        assert after != before
        assert decoded(after).getpixel((x, y)) == (1, 2, 3)
        assert decoded(after).tobytes() == changed.tobytes()


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "LA"])
def test_the_same_bytes_in_rows_of_another_length_are_another_band(mode: str) -> None:
    # A band of BAND_ROWS rows of w pixels and the last band of a picture, BAND_ROWS / 2 rows of
    # 2w pixels, hold the same bytes, but their scanlines differ (a filter byte starts every
    # row): neither may take the other's band.
    rng = random.Random(7)
    narrow = Image.new(mode, (16, BAND_ROWS))
    narrow.frombytes(bytes(rng.randrange(256) for _ in range(len(narrow.tobytes()))))
    wide = Image.frombytes(mode, (32, BAND_ROWS // 2), narrow.tobytes())
    cache = BandCache()
    for image in (narrow, wide, narrow, wide):
        assert decoded(encode_png(image, cache=cache)).tobytes() == image.tobytes()


def test_with_or_without_the_cache_the_pixels_are_the_same() -> None:
    image = board("Minas Tirith", height=3 * BAND_ROWS)
    cold = encode_png(image, cache=None)
    cache = BandCache()
    warm = [encode_png(image, cache=cache) for _ in range(2)]
    assert warm[0] == warm[1]  # the second from the cache alone
    assert cache.hits == 3
    assert decoded(cold).tobytes() == decoded(warm[1]).tobytes() == image.tobytes()


def test_the_cache_keeps_at_most_its_size_and_drops_the_oldest_first() -> None:
    cache = BandCache(max_bytes=3_000)
    for number in range(40):
        encode_png(board(f"Battalion {number}"), cache=cache)
        assert cache.size <= 3_000
    assert cache.size == sum(len(deflated) for deflated, _ in cache._bands.values())
    cache.clear()
    assert len(cache) == 0 and cache.size == 0


def test_adler32_of_two_parts_is_that_of_the_whole() -> None:
    rng = random.Random(3)
    for _ in range(50):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 400_000, 997)))
        cut = rng.randrange(len(data) + 1)
        first, second = data[:cut], data[cut:]
        assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(data)


def engine_views(game: str) -> Iterator[dict[str, object]]:
    """The public and every seat's view of a few positions along a random game."""
    import games  # noqa: F401  (registers every game)
    from games.core import find, submit

    ruleset = find(game)
    options = ruleset.resolve_options({})
    players = ruleset.seats(options)[0]
    state = ruleset.setup(5, options, players)
    audiences = (None, *ruleset.roles(options, players))
    chooser = random.Random(5)
    for step in range(40):
        if step % 10 == 0:
            for audience in audiences:
                yield ruleset.view(state, audience)
        active = sorted(ruleset.active(state))
        if state.get("result") is not None or not active:
            return
        role = chooser.choice(active)
        actions = [a for a in ruleset.prompt(state, role).actions if a.verb != "unplace"]
        state = submit(ruleset, state, role, chooser.choice(actions)).state


@pytest.mark.parametrize("game", sorted(renderers.RENDERERS))
def test_every_board_of_a_game_is_its_own_view_whatever_was_drawn_before(game: str) -> None:
    # The public board and each player's private board, one after the other with the process's
    # cache (as a render worker draws them): each decodes to exactly the picture of its own view.
    cache = png.BANDS
    cache.clear()
    module = renderers._module(game)
    for view in engine_views(game):
        expected = module.render_image(view).tobytes()
        assert decoded(renderers.render_view(view)).tobytes() == expected
    assert cache.hits > cache.misses  # the boards share most of their bands
