"""What the UX audit asked of the Risk picture at Discord's sizes: a lost die keeps its pips
readable and is marked in red; the legend gives each region's bonus; battalion counts are large
and outlined; no name runs into a badge."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from PIL import Image, ImageDraw

from renderers.common.colours import RGB
from renderers.lotr_risk import board, panels, pieces, theme
from renderers.lotr_risk.layout import EDITIONS, load_layout
from renderers.lotr_risk.theme import LAYOUTS, STYLES, LayoutName

from . import samples

PHONE_SCALE = 400 / 800  # the compact picture on a phone


@dataclass(frozen=True)
class Written:
    text: str
    box: tuple[float, float, float, float]  # halo included


@contextmanager
def written() -> Iterator[list[Written]]:
    """Every text drawn inside the ``with`` block, with the box it covers."""
    found: list[Written] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        keys = ("font", "anchor", "stroke_width")
        box = self.textbbox(xy, str(text), **{k: kwargs[k] for k in keys if k in kwargs})
        found.append(Written(str(text), box))
        return original(self, xy, text, *args, **kwargs)

    with mock.patch.object(ImageDraw.ImageDraw, "text", record):
        yield found


def luminance(colour: tuple[int, ...]) -> float:
    red, green, blue = colour[:3]
    return 0.299 * red + 0.587 * green + 0.114 * blue


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def pixel(image: Image.Image, at: tuple[int, int]) -> tuple[int, int, int]:
    return pixels(image.crop((at[0], at[1], at[0] + 1, at[1] + 1)))[0]


# -- dice ----------------------------------------------------------------------------------------

ROOM = 12  # around a drawn die, for its lost mark
FACE_SPOT = (ROOM + panels.DIE // 2, ROOM + round(panels.DIE * 0.15))  # on the face, clear of every pip


def _die(value: int, white: bool, lost: bool) -> Image.Image:
    """A die drawn on the panel as the battle draws it."""
    image = Image.new("RGB", (panels.DIE + 2 * ROOM,) * 2, theme.PANEL_FILL)
    panels.draw_die(image, value, white, lost, (ROOM, ROOM))
    return image


def _pip_centres(value: int) -> list[tuple[int, int]]:
    span = panels.DIE - 2
    return [(ROOM + round(1 + x * span), ROOM + round(1 + y * span)) for x, y in panels.PIPS[value]]


def _is_red(colour: tuple[int, int, int]) -> bool:
    red, green, blue = colour
    return red > 170 and green < 100 and blue < 100


@pytest.mark.parametrize("white", [True, False])
@pytest.mark.parametrize("value", range(1, 7))
def test_a_lost_die_keeps_clear_pips(value: int, white: bool) -> None:
    """Nothing is drawn over a lost die's pips: they keep their grey, far from the face's."""
    image = _die(value, white, lost=True)
    face = luminance(pixel(image, FACE_SPOT))
    for centre in _pip_centres(value):
        pip = pixel(image, centre)
        assert max(pip) - min(pip) < 30, f"pip at {centre} is tinted {pip}"
        assert abs(luminance(pip) - face) > 110


@pytest.mark.parametrize("white", [True, False])
def test_a_lost_die_is_marked_in_red_and_dimmed(white: bool) -> None:
    won, lost = _die(5, white, lost=False), _die(5, white, lost=True)
    assert not any(_is_red(p) for p in pixels(won))
    assert sum(_is_red(p) for p in pixels(lost)) >= 120  # its edge and corner mark
    on_a_phone = lost.resize((round(lost.width * PHONE_SCALE),) * 2, Image.Resampling.LANCZOS)
    assert sum(_is_red(p) for p in pixels(on_a_phone)) >= 10
    if white:  # a white die fades to grey
        assert luminance(pixel(lost, FACE_SPOT)) < luminance(pixel(won, FACE_SPOT)) - 40


def test_dice_marks_count_the_bonuses() -> None:
    """A leader's +1 on the highest attack die wins a 5 against a 5; the defence's +1 wins it back."""
    assert panels.roll_marks({"attack_bonus": 1}, [5, 2], [5, 4]) == ([False, True], [True, False])
    assert panels.roll_marks({"defence_bonus": 1}, [6, 4], [5, 4]) == ([True, True], [False, False])
    assert panels.roll_marks({}, [6, 4, 2], [5, 4]) == ([False, True, False], [True, False])


# -- legend --------------------------------------------------------------------------------------


def _legend_words(view: dict[str, Any]) -> list[str]:
    layout = load_layout(view["edition"], "compact")
    block = panels.legend_block(view, layout, 752)
    with written() as found:
        block.render(Image.new("RGB", (800, round(block.height) + 10)), 0, 0)
    return [w.text.strip() for w in found]


def _bonus_after(words: list[str], region: str) -> str:
    return words[words.index(region) + 1]


def test_the_legend_gives_each_region_its_bonus() -> None:
    middle_earth = _legend_words(samples.base("middle-earth", 3))
    assert [_bonus_after(middle_earth, r) for r in ("Arnor", "Eriador", "Mirkwood", "Rhûn")] == [
        "+7",
        "+4",
        "+3",
        "+2",
    ]
    trilogy = _legend_words(samples.base("trilogy", 4))
    assert [_bonus_after(trilogy, r) for r in ("Eriador", "Mirkwood", "Gondor", "Mordor")] == [
        "+3",
        "+4",
        "+7",
        "+2",
    ]


def test_the_legend_gives_the_bonuses_the_view_gives() -> None:
    view = samples.base("middle-earth", 3)
    view["regions"] = samples.regions("middle-earth", "public")
    assert _bonus_after(_legend_words(view), "Eriador") == "+3"
    view = copy.deepcopy(view)
    view["regions"] = [{"id": "arnor", "name": "Arnor", "colour": "#b5473a", "bonus": 9}]
    assert _bonus_after(_legend_words(view), "Arnor") == "+9"


def test_the_legend_stays_compact() -> None:
    """Middle-earth's six regions and their bonuses take one row, the marks a second."""
    view = samples.base("middle-earth", 3)
    block = panels.legend_block(view, load_layout("middle-earth", "compact"), 752)
    assert block.height == 2 * panels.LEGEND_ROW


# -- the map -------------------------------------------------------------------------------------


def test_battalion_counts_read_on_a_phone() -> None:
    assert STYLES["compact"].count_size * PHONE_SCALE >= 10
    assert STYLES["compact"].badge * PHONE_SCALE >= 15


def _inside(sprite: Image.Image, radius: float) -> list[tuple[int, tuple[int, int, int]]]:
    """(row, colour) of the sprite's pixels within ``radius`` of its centre."""
    centre = sprite.width / 2
    return [
        (index // sprite.width, colour)
        for index, colour in enumerate(pixels(sprite))
        if (index % sprite.width + 0.5 - centre) ** 2 + (index // sprite.width + 0.5 - centre) ** 2
        < radius**2
    ]


@pytest.mark.parametrize("fill", [(192, 48, 42), (46, 139, 58), (224, 184, 32), (154, 154, 150)])
def test_battalion_counts_are_tall_and_outlined(fill: RGB) -> None:
    style = STYLES["compact"]
    sprite = pieces.badge_sprite(fill, "8", style.badge, style.count_size)
    inside = _inside(sprite, style.badge / 2 - 4)
    ink = luminance(theme.ink_on(fill))
    # the halo: pixels further from the digits' ink than the fill is
    halo = [c for _row, c in inside if abs(luminance(c) - ink) > abs(luminance(fill) - ink) + 25]
    assert len(halo) >= 15
    inked = [row for row, c in inside if abs(luminance(c) - ink) < 40]
    assert (max(inked) - min(inked) + 1) * PHONE_SCALE >= 7  # the digit, on a phone


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", LAYOUTS)
def test_no_name_runs_into_a_badge(edition: str, name: LayoutName) -> None:
    """The names of the map (territories and waters, halos included) clear every badge."""
    layout = load_layout(edition, name)
    half = STYLES[name].badge / 2
    badges = {
        slug: (label.badge[0] - half, label.badge[1] - half, label.badge[0] + half, label.badge[1] + half)
        for slug, label in layout.labels.items()
    }
    board.static_overlay.cache_clear()
    try:
        with written() as found:
            board.static_overlay(layout, "lotr")
    finally:
        board.static_overlay.cache_clear()
    assert len(found) >= len(layout.labels)
    clashes = [(w.text, slug) for w in found for slug, box in badges.items() if _overlaps(w.box, box)]
    assert not clashes
