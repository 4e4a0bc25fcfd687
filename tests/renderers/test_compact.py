"""The compact layout at Discord's sizes: key texts legible at 550 px, the essentials at 400 px,
and no character's name ever cut, in either layout."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from renderers.common.paths import DATA_DIR
from renderers.confrontation import compact
from renderers.confrontation.layout import LAYOUTS, load_layout
from renderers.confrontation.pieces import row_widths
from renderers.confrontation.status import headline
from renderers.confrontation.theme import TOKEN_STYLES
from renderers.confrontation.tokens import fit_name, name_room

from . import samples, scenarios
from .capture import texts_of
from .playouts import confrontation_ruleset

WIDTH = 800  # the compact picture
DESKTOP, PHONE = 550, 400  # Discord's inline widths
LEGIBLE = 9  # pixels of font size once scaled down


def scaled(size: float, width: int) -> float:
    return size * width / WIDTH


def engine_views() -> list[dict[str, Any]]:
    ruleset = confrontation_ruleset()
    if ruleset is None:
        return []
    setup = scenarios.setup_started({"variant": "deluxe-variant", "specials": "deluxe-2"})
    return [
        ruleset.view(scenarios.long_charge(), None),
        ruleset.view(scenarios.charge_lost(), "fellowship"),
        ruleset.view(scenarios.target_not_chosen(), "sauron"),
        ruleset.view(scenarios.last_seen(), "sauron"),
        ruleset.view(setup, "fellowship"),
        ruleset.view(setup, None),
    ]


VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    "opening": lambda: samples.opening(None),
    "battle_private": lambda: samples.mid_battle("fellowship"),
    "battle_choosing": lambda: samples.mid_battle("sauron", revealed=False),
    "game_over": lambda: samples.game_over("sauron"),
    "final_reveal": samples.final_reveal,
}


def test_text_sizes_are_legible_at_discord_widths() -> None:
    """From the layout's font sizes: key texts >= 9 px at 550 px, essentials >= 9 px at 400."""
    for role in compact.KEY_TEXTS:
        assert scaled(compact.TEXT[role][1], DESKTOP) >= LEGIBLE, role
    for role in compact.ESSENTIAL_TEXTS:
        assert scaled(compact.TEXT[role][1], PHONE) >= LEGIBLE, role
    style = TOKEN_STYLES["compact"]
    assert scaled(style.name_size, PHONE) >= LEGIBLE  # a piece's name on one line
    assert scaled(style.name_min, DESKTOP) >= LEGIBLE  # even in the most crowded row
    from renderers.confrontation.board import LABEL_MIN

    assert scaled(LABEL_MIN, PHONE) >= LEGIBLE  # region names


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_text_drawn_is_legible_at_550(name: str) -> None:
    """Measured on the drawn picture: every word it writes stays >= 9 px once Discord shows it
    550 px wide (single glyphs such as a "?" or a capacity digit are icons)."""
    for view in [VIEWS[name](), *(engine_views() if name == "opening" else [])]:
        drawn = [d for d in texts_of(view) if len(d.text.strip()) > 1]
        assert drawn
        small = [(d.text, d.size) for d in drawn if scaled(d.size, DESKTOP) < LEGIBLE]
        assert not small, small


def test_essentials_are_legible_at_400() -> None:
    """On a phone: the headline, the region names, the pieces, the turn and the battle."""
    for view in [samples.mid_battle("fellowship"), samples.opening("sauron"), *engine_views()]:
        drawn = texts_of(view)
        sizes: dict[str, int] = {}
        for d in drawn:
            sizes[d.text] = max(sizes.get(d.text, 0), d.size)
        title = headline(view)[0]
        essentials = [title, *(r["name"] for r in view["regions"])]
        for region in view["regions"]:
            for pieces in region["pieces"].values():
                essentials += [p["name"] for p in pieces if p["name"] and p["name"] in sizes]
        battle = view.get("battle")
        if battle:
            essentials += [t for t in sizes if t.startswith("Battle in ")]
            essentials += [
                p["name"]
                for p in (battle["attacker"]["piece"], (battle["defender"] or {}).get("piece") or {})
                if p.get("name")
            ]
        for text in essentials:
            assert text in sizes, text
            assert scaled(sizes[text], PHONE) >= LEGIBLE, (text, sizes[text])


def character_names() -> list[str]:
    """Every character's name in the game data, as it is and without a " (variant)" suffix."""
    raw = json.loads((DATA_DIR / "confrontation" / "characters.json").read_text(encoding="utf-8"))
    names = {c["name"] for c in raw["characters"]}
    names |= {re.sub(r"\s*\(variant\)$", "", n) for n in names}
    names |= {n for n, _ in samples.CHARACTERS.values()}
    return sorted(names)


def _whole(lines: list[str], name: str) -> bool:
    """The lines give back the name, split only at a space or after a hyphen."""
    joined = lines[0]
    for line in lines[1:]:
        joined += line if joined.endswith("-") else " " + line
    return joined == name and not any(line.endswith("…") for line in lines)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_character_name_fits_whole_in_the_most_crowded_row(layout: str) -> None:
    style = TOKEN_STYLES[layout]
    board = load_layout(name=layout)  # type: ignore[arg-type]
    for name in character_names():
        for region in board.regions.values():
            left, right = region.pieces_span
            piece = {"character": "x", "name": name, "strength": 5, "revealed": True}
            for count in range(1, region.capacity + 1):  # this name, with rivals as long as it
                width = min(row_widths([piece] * count, right - left, style))
                face, lines = fit_name(name, width, style)
                assert _whole(lines, name), (layout, region.slug, count, name, lines)
                assert face.size >= style.name_min, (layout, region.slug, count, name, face.size)
                assert all(face.getlength(line) <= name_room(style, width) for line in lines)
        # ... and alone in a row, or in the panel, at its widest.
        face, lines = fit_name(name, style.max_width, style)
        assert _whole(lines, name) and face.size >= style.name_min


def test_names_drawn_on_a_crowded_board_are_never_cut() -> None:
    from renderers.common.text import break_points

    longest = ["Watcher in the Water", "Mouth of Sauron", "Flying Nazgûl", "Wormtongue", "Witch-king"]
    view = samples.build_view({}, "sauron")
    for index, region in enumerate(view["regions"]):
        region["pieces"]["sauron"] = [
            {
                "character": f"c{i}",
                "name": longest[(index + i) % len(longest)],
                "strength": 3,
                "revealed": i % 2 == 0,
            }
            for i in range(region["capacity"])
        ]
    for layout in LAYOUTS:
        drawn = {d.text for d in texts_of(view, layout)}
        for name in longest:
            assert name in drawn or any(a in drawn and b in drawn for a, b in break_points(name)), (
                layout,
                name,
            )
        assert not [t for t in drawn if t.endswith("…") and any(t[:-1].strip() in n for n in longest)]
