"""The Event cards' faces and hands: one size for every face, text that stays inside the card,
each face drawn once per process, hands in rows that stay readable at Discord's sizes, and
the generic ``renderers.render_cards`` entry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderers
from renderers.common.fonts import FontKind, font
from renderers.war_of_the_ring import cards as c

DATA = Path(__file__).resolve().parents[3] / "data" / "war_of_the_ring" / "cards.json"
CARD_IDS = [card["id"] for card in json.loads(DATA.read_text(encoding="utf-8"))["cards"]]
SIX = ["fpc_19", "fps_17", "fpc_05", "fps_02", "fpc_11", "fps_13"]
EIGHT = ["shc_17", "shs_07", "shs_02", "shc_21", "shs_10", "shc_15", "shs_23", "shc_20"]


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_all_96_cards_have_a_face_of_one_size() -> None:
    assert len(CARD_IDS) == 96
    sizes = {c.card_face(card).size for card in CARD_IDS}
    assert sizes == {(c.CARD_WIDTH, c.face_height())}


@pytest.mark.parametrize("card", CARD_IDS)
def test_every_text_wraps_inside_the_card(card: str) -> None:
    data = c.entry(card)
    assert c.natural_height(data) <= c.face_height()
    name, combat = c.combat_part(data)
    paragraphs = [*c.event_part(data), *combat]
    for paragraph in paragraphs:
        assert paragraph.lines, "every text is drawn"
        for line in paragraph.lines:
            assert paragraph.style.face.getlength(line) <= c.TEXT_WIDTH, line
            assert not line.endswith("…"), "nothing is cut"
    said = " ".join(" ".join(p.lines) for p in paragraphs)
    assert str(data["event"]).split()[-1] in said and str(data["combat"]["effect"]).split()[-1] in said
    assert name and all(c.COMBAT_NAME.face.getlength(line) <= c.TEXT_WIDTH for line in name)
    face, title = c.name_layout(data)
    assert face.size >= c.NAME_MIN and 1 <= len(title) <= 2, "the name stays large"
    assert all(face.getlength(line) <= c.NAME_WIDTH for line in title) and " ".join(title) == data["name"]


def test_each_face_is_drawn_once_per_process() -> None:
    c.card_face.cache_clear()
    c._png.cache_clear()
    c.hand_image(SIX)
    c.hand_image([*SIX[:3], "shs_07"])
    c.render_cards(EIGHT)
    info = c.card_face.cache_info()
    assert info.misses == len({*SIX, "shs_07", *EIGHT}), "one face per card drawn"
    assert info.hits >= 3
    assert c.render_cards(EIGHT) is c.render_cards(EIGHT), "an unchanged hand is not encoded again"


LAYOUTS = [(1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 2, 2), (6, 3, 2), (7, 4, 2), (8, 4, 2)]


@pytest.mark.parametrize(("count", "columns", "rows"), LAYOUTS)
def test_up_to_eight_cards_take_at_most_two_rows(count: int, columns: int, rows: int) -> None:
    image = _png(c.render_cards(CARD_IDS[:count]))
    assert image.size == (
        c.GAP + columns * (c.CARD_WIDTH + c.GAP),
        c.GAP + rows * (c.face_height() + c.GAP),
    )


def test_readable_at_discord_sizes() -> None:
    """Shown 550 px wide (Discord's inline width), a hand of six keeps its body text at about
    9 px and its Combat names at about 10; a hand of eight (four columns) at 6.5 px (names of
    25 px at 9.6): a guard against a smaller font or a wider layout. Tapped open, full size."""
    six, eight = 550 / c.hand_image(SIX).width, 550 / c.hand_image(EIGHT).width
    assert c.BODY.size * six >= 8.5 and c.COMBAT_NAME.size * six >= 9.5
    assert c.BODY.size * eight >= 6.4 and c.NAME_SIZE * eight >= 9.5
    assert c.hand_image(SIX).width <= 1100 and c.hand_image(EIGHT).width <= 1450


def test_the_sides_and_decks_look_different() -> None:
    band = (c.CARD_WIDTH // 2, 8)
    free, shadow = c.card_face("fpc_12").getpixel(band), c.card_face("shc_12").getpixel(band)
    assert isinstance(free, tuple) and isinstance(shadow, tuple)
    assert free[2] > free[0] + 60, "Free Peoples: blue"
    assert max(shadow[:3]) < 60, "Shadow: black"
    frame = (1, c.face_height() // 2)
    shadow_frame = c.card_face("shc_12").getpixel(frame)
    assert isinstance(shadow_frame, tuple) and shadow_frame[0] > shadow_frame[2] + 60, "Shadow: red"
    stripe = (c.CARD_WIDTH // 2, c.BAND_HEIGHT - 2)
    character, strategy = c.card_face("fpc_12").getpixel(stripe), c.card_face("fps_14").getpixel(stripe)
    assert character != strategy, "Character and Strategy cards are marked apart"


def test_the_generic_entry_draws_the_games_that_have_cards() -> None:
    assert renderers.draws_cards("war-of-the-ring")
    assert not renderers.draws_cards("confrontation") and not renderers.draws_cards("no-such-game")
    png = renderers.render_cards("war-of-the-ring", ["fps_14"])
    assert _png(png).size == (c.CARD_WIDTH + 2 * c.GAP, c.face_height() + 2 * c.GAP)
    assert "Guards of the Citadel" in renderers.describe_cards("war-of-the-ring", ["fps_14"])
    with pytest.raises(ValueError):
        renderers.render_cards("confrontation", ["x"])
    with pytest.raises(ValueError):
        renderers.render_cards("war-of-the-ring", ["fpc_99"])
    with pytest.raises(ValueError):
        renderers.render_cards("war-of-the-ring", [])


def _drawn(kind: FontKind, text: str) -> Image.Image:
    image = Image.new("L", (48, 40), 0)
    ImageDraw.Draw(image).text((6, 6), text, font=font(kind, 24), fill=255)
    return image


@pytest.mark.parametrize("kind", sorted({c.BODY.kind, c.NOTE.kind, c.DECK.kind, c.COMBAT_NAME.kind, "serif"}))
def test_every_character_of_the_cards_has_a_glyph(kind: FontKind) -> None:
    texts = []
    for card in CARD_IDS:
        data = c.entry(card)
        combat = data["combat"]
        texts += [data["name"], data["event"], data.get("condition") or "", data.get("discard") or ""]
        texts += [combat["name"], combat["effect"], combat.get("condition") or ""]
    missing = _drawn(kind, "\ue000")  # a private-use code point: the "missing glyph" box
    for char in sorted(set("".join(texts)) - {" "}):
        assert ImageChops.difference(_drawn(kind, char), missing).getbbox() is not None, (kind, char)


def test_we_shall_get_it_has_a_face_with_no_combat_half() -> None:
    """Twilight of the Third Age: the card of no deck is drawn like the others (a Character card
    by its icon, no number, a note instead of the Combat half), the same size as every face."""
    assert c.card_face("we_shall_get_it").size == c.card_face("fpc_01").size
    name, paragraphs = c.combat_part(c.entry("we_shall_get_it"))
    assert name == [] and " ".join(paragraphs[0].lines) == c.NO_COMBAT
    assert c.describe_cards(["we_shall_get_it"]) == (
        "Event cards: We Shall Get It (Shadow Character, combat: none)."
    )
