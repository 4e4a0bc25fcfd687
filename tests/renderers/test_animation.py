"""The replay animation: real games' replay frames as one looping GIF."""

from __future__ import annotations

import doctest
import io
import itertools
import pickle
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from renderers import animation, render_view
from renderers.animation import MIN_WIDTH, animate, even_sample
from tests.games.core.test_replay_frames import CONFRONTATION, RISK, RISK_OPTIONS, played

Views = list[dict[str, Any]]


@pytest.fixture(scope="module")
def confrontation() -> Views:
    return played(CONFRONTATION, 3).replayed()


@pytest.fixture(scope="module")
def risk() -> Views:
    return played(RISK, 3, RISK_OPTIONS).replayed()


@pytest.fixture(scope="module")
def gif(confrontation: Views) -> bytes:
    return animate(confrontation, frame_ms=700, last_ms=3000)


def opened(data: bytes) -> tuple[Image.Image, int]:
    """The GIF and its number of frames."""
    image = Image.open(io.BytesIO(data))
    return image, int(getattr(image, "n_frames", 1))


def frames(data: bytes) -> Iterator[Image.Image]:
    for frame in ImageSequence.Iterator(Image.open(io.BytesIO(data))):
        yield frame.convert("RGB")


def drawn(view: dict[str, Any], width: int, height: int) -> Image.Image:
    """``view`` as a frame ``width`` by ``height`` should show it: padded, then scaled down."""
    picture = Image.open(io.BytesIO(render_view(view, highlight=True, layout="compact"))).convert("RGB")
    canvas = Image.new("RGB", (picture.width, round(height * picture.width / width)))
    canvas.paste(picture, (0, 0))
    return canvas.resize((width, height), Image.Resampling.LANCZOS)


def difference(first: Image.Image, second: Image.Image) -> float:
    """Mean difference per channel of the top parts both pictures certainly share (0-255)."""
    box = (0, 0, first.width, min(first.height, second.height) * 3 // 4)
    return sum(ImageStat.Stat(ImageChops.difference(first.crop(box), second.crop(box))).mean) / 3


def test_every_view_is_one_frame_of_a_looping_gif(gif: bytes, confrontation: Views) -> None:
    image, count = opened(gif)
    assert image.format == "GIF" and getattr(image, "is_animated", False)
    assert count == len(confrontation) > 2
    assert image.width == 480
    assert image.info["loop"] == 0
    durations = [frame.info["duration"] for frame in ImageSequence.Iterator(image)]
    assert durations == [700] * (len(confrontation) - 1) + [3000]


def closest(frame: Image.Image, views: Views, candidates: list[int]) -> int:
    """Which of ``candidates`` (indices of ``views``) ``frame`` shows (quantizing blurs a little)."""
    return min(candidates, key=lambda index: difference(frame, drawn(views[index], *frame.size)))


def test_frames_show_the_views_in_order_the_last_one_revealed(gif: bytes, confrontation: Views) -> None:
    shown = list(frames(gif))
    every = list(range(len(confrontation)))
    assert closest(shown[0], confrontation, every) == 0
    assert closest(shown[-1], confrontation, every) == len(confrontation) - 1
    assert closest(shown[5], confrontation, [4, 5, 6]) == 5
    assert confrontation[-1]["result"] is not None and confrontation[-2]["result"] is None


def test_shorter_frames_are_padded_at_the_bottom_in_one_colour(gif: bytes, confrontation: Views) -> None:
    heights = [Image.open(io.BytesIO(render_view(view))).height for view in confrontation]
    shown = list(frames(gif))
    tallest = max(heights)
    assert shown[0].height == round(tallest * 480 / 800)
    shortest = heights.index(min(heights))
    assert min(heights) < tallest, "this game's frames differ in height"
    band = shown[shortest].crop((0, round(min(heights) * 480 / 800) + 2, 480, shown[shortest].height))
    colours = band.getcolors(band.width * band.height) or []
    assert len(colours) == 1
    assert band.getpixel((0, 0)) != (0, 0, 0)


def test_width_is_as_asked(confrontation: Views) -> None:
    image, count = opened(animate(confrontation[:3], width=320))
    assert image.width == 320 and count == 3


def test_more_views_than_max_frames_keep_the_first_the_last_and_an_even_sample(risk: Views) -> None:
    assert len(risk) > 50
    shown = list(frames(animate(risk, max_frames=8)))
    assert len(shown) == 8
    kept = even_sample(len(risk), 8)
    assert kept[0] == 0 and kept[-1] == len(risk) - 1
    for frame, index in zip(shown, kept, strict=True):
        near = [n for n in (index - 1, index, index + 1) if 0 <= n < len(risk)]
        assert closest(frame, risk, near) == index


def test_even_sample_spreads_distinct_indices_from_first_to_last() -> None:
    assert doctest.testmod(animation).failed == 0
    for total in (1, 2, 7, 103, 500):
        for count in (1, 2, 3, 24, 120):
            kept = even_sample(total, count)
            assert len(kept) == min(total, count)
            assert kept == sorted(set(kept)) and kept[-1] == total - 1
            if count > 1:
                assert kept[0] == 0
                gaps = [b - a for a, b in itertools.pairwise(kept)]
                assert max(gaps, default=0) - min(gaps, default=0) <= 1


def test_a_gif_over_the_limit_keeps_its_width_and_loses_frames_first(
    risk: Views, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(animation, "MIN_FRAMES", 4)  # the same strategy, fewer frames to draw
    views = risk[:8]
    limit = len(animate([views[index] for index in even_sample(len(views), 6)]))
    capped = animate(views, max_bytes=limit)
    image, count = opened(capped)
    assert len(capped) <= limit
    assert image.width == 480 and 4 <= count < len(views)


def test_a_small_limit_makes_the_gif_narrower(gif: bytes, confrontation: Views) -> None:
    limit = len(gif) // 2
    capped = animate(confrontation, max_bytes=limit)
    image, count = opened(capped)
    assert len(capped) <= limit
    assert image.width < 480 and count == len(confrontation), "few frames: width goes first"


def test_an_impossible_limit_gives_the_smallest_gif_it_tried(confrontation: Views) -> None:
    image, count = opened(animate(confrontation, max_bytes=1))
    assert image.width == MIN_WIDTH and count == 2


def test_animate_runs_in_a_worker_process_and_refuses_nothing_to_show() -> None:
    assert pickle.loads(pickle.dumps(animate)) is animate
    with pytest.raises(ValueError):
        animate([])
