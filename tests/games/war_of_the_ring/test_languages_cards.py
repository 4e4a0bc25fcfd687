"""War of the Ring's cards in Danish, Japanese and Chinese: every card's, character's and special
tile's name and text has its translation, a hand's lines and its picture speak their holder's
language and name exactly his own cards, and English stays as it was."""

from __future__ import annotations

import re

import pytest

import renderers
from bot.rendering import draw_cards
from games.core.i18n import pt
from games.war_of_the_ring import card_catalog, card_text
from games.war_of_the_ring.data import CARDS, CHARACTERS, SPECIAL_TILES
from games.war_of_the_ring.i18n import DOMAIN, speaking
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as WOTR
from renderers.common.fonts import cjk_kind, has_glyph
from renderers.war_of_the_ring import cards as faces
from renderers.war_of_the_ring.view import card_ids
from tests.support.languages import assert_translated

from .helpers import position

LANGUAGES = ("da", "ja", "zh-CN")
#: English words no Danish card text has (Danish shares the names: Gandalf, Orthanc, Mûmakil…).
ENGLISH = re.compile(
    r"\b(the|and|with|when|your|this|card|cards|tile|draw|roll|dice|die|Army|Armies|Hunt|Fellowship|"
    r"Companion|Corruption|Leader|Shadow|Peoples|Guide|Stronghold|battle|region|each|into|until)\b"
)
#: Names Danish writes as English does (a name of Tolkien's, a number).
SAME_IN_DANISH = {
    "Athelas", "Andúril", "Mûmakil", "Olog-hai", "Nenya", "Sméagol", "Sméagol / Gollum", "Boromir",
    "{side} · {number}/24", "• **{name}** — {kind}, {icon} — {effect}", "Elite",
}  # fmt: skip
#: Every hand of this test: all the Event cards, a few at a time.
ALL_CARDS = sorted(CARDS)
FREE_HAND = ["fpc_03", "fps_14", "fpc_12", "fps_01"]
SHADOW_HAND = ["shs_07", "shc_02", "shs_24"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_character_and_tile_text_is_translated(lang: str) -> None:
    messages = list(card_catalog.catalog_messages())
    assert len(messages) > 450
    for context, english, _ in messages:
        said = pt(lang, DOMAIN, context, english)
        if lang == "da" and english in SAME_IN_DANISH:
            continue
        assert said != english, f"{lang}: no translation of {context} {english!r}"
        assert_translated(english, said, lang, ENGLISH)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_text_helpers_say_each_card_in_the_language_spoken(lang: str) -> None:
    with speaking(lang):
        for card in CARDS.values():
            assert card_text.event_text(card.id) == pt(lang, DOMAIN, "card text", card.event)
            if card.combat:
                assert card_text.combat_name(card.id) == pt(lang, DOMAIN, "combat card", card.combat.name)
                assert card_text.combat_text(card.id) != card.combat.effect
            if card.condition:
                assert card_text.condition_text(card.id) != card.condition
        for character in CHARACTERS.values():
            assert character.title and card_text.character_title(character.id) != character.title
            for ability in character.abilities:
                assert card_text.ability_text(ability.text) != ability.text
        for tile in SPECIAL_TILES:
            assert card_text.tile_name(tile) != SPECIAL_TILES[tile].name
    # outside any language: English, as printed
    assert card_text.event_text("fpc_12") == "Heal 1 Corruption (2 if Gollum is the Guide)."
    assert card_text.tile_name("phial") == "Phial of Galadriel"


def _names(lines: tuple[str, ...]) -> list[str]:
    return [line.split("**")[1] for line in lines]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hand_speaks_its_holders_language_and_names_only_his_cards(lang: str) -> None:
    state = position(hands={"free": FREE_HAND, "shadow": SHADOW_HAND})
    for role, other in (("free", SHADOW_HAND), ("shadow", FREE_HAND)):
        english = WOTR.hand_lines(state, role)
        said = WOTR.hand_lines(state, role, lang)
        assert len(said) == len(english)
        held = WOTR.hand(state, role)
        assert _names(said) == [pt(lang, DOMAIN, "card", CARDS[card].name) for card in held]
        for line, english_line in zip(said, english, strict=True):
            assert_translated(english_line, line, lang, ENGLISH)
        for card in other:  # the opponent's hand is never named
            assert pt(lang, DOMAIN, "card", CARDS[card].name) not in "\n".join(said)
    assert WOTR.hand_lines(state, "free") == WOTR.hand_lines(state, "free", "en")
    assert WOTR.hand_lines(state, "free")[1] == (
        "• **Bilbo's Song** — Character card, Character icon — Heal 1 Corruption (2 if Gollum is the Guide)."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_hand_line_in_every_language(lang: str) -> None:
    dense = lang in ("ja", "zh-CN")
    for start in range(0, len(ALL_CARDS), 12):
        cards = ALL_CARDS[start : start + 12]
        state = {"hands": {"free": cards, "shadow": []}}  # Twilight cards too: no deck check
        with speaking(lang):
            lines = card_text.hand_lines(state, "free")
        assert len(lines) == len(cards)
        for line in lines:
            assert_translated("", line, lang, ENGLISH)
            effect = line.rsplit(" — ", 1)[1]
            assert len(effect) <= (41 if dense else 81), "the effect is cut short"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_face_fits_its_card_in_every_language(lang: str) -> None:
    height = faces.face_height(lang)
    with speaking(lang):
        for card in card_ids():
            data = faces.entry(card)
            assert faces.natural_height(data) <= height
            name, combat = faces.combat_part(data)
            assert all(faces.COMBAT_NAME.face.getlength(line) <= faces.TEXT_WIDTH for line in name)
            for paragraph in [*faces.event_part(data), *combat]:
                for line in paragraph.lines:
                    assert paragraph.style.face.getlength(line) <= faces.TEXT_WIDTH, line
                    assert not line.endswith("…"), "nothing is cut"
            face, title = faces.name_layout(data)
            assert face.size >= 14 and 1 <= len(title) <= 2, (card, face.size, title)
            if lang != "da" and len(title) == 2:  # the second line clears the deck's tag
                assert face.size <= faces.CJK_TWO_LINE_SIZE
            assert all(face.getlength(line) <= faces.NAME_WIDTH for line in title)
            assert "".join(title).replace(" ", "") == pt(lang, DOMAIN, "card", data["name"]).replace(" ", "")


@pytest.mark.parametrize("lang", ["ja", "zh-CN"])
def test_the_hand_picture_draws_every_character_of_its_language(lang: str) -> None:
    """Every character a face writes in Japanese or Chinese has a glyph in its CJK face (no
    "missing glyph" box): a new Han character needs ``scripts/subset_cjk_fonts.py``."""
    image = faces.hand_image([*FREE_HAND, *SHADOW_HAND], lang)
    assert image.width == faces.GAP + 4 * (faces.CARD_WIDTH + faces.GAP)
    written: set[str] = set()
    with speaking(lang):
        for card in card_ids():
            data = faces.entry(card)
            name, combat = faces.combat_part(data)
            texts = [*name, *faces.name_layout(data)[1]]
            texts += [line for p in [*faces.event_part(data), *combat] for line in p.lines]
            written |= {char for text in texts for char in text if not char.isspace()}
    for kind in ("serif", "sans", "condensed"):
        cjk = cjk_kind(kind, "", lang)
        missing = sorted(char for char in written if not has_glyph(cjk, char))
        assert missing == [], f"{cjk} lacks {''.join(missing)}: run scripts/subset_cjk_fonts.py"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_alt_text_speaks_the_language(lang: str) -> None:
    english = faces.describe_cards(FREE_HAND)
    said = faces.describe_cards(FREE_HAND, lang)
    assert_translated(english, said, lang, ENGLISH)
    for card in FREE_HAND:
        assert pt(lang, DOMAIN, "card", CARDS[card].name) in said
    assert english.startswith(
        "Event cards: Phial of Galadriel (Free Peoples Character, combat: It Is a Gift); "
    )


def test_the_bot_draws_a_hand_in_the_language_it_is_asked_for() -> None:
    """The generic entry (``renderers.render_cards``, the bot's render pool) carries the reader's
    language to the faces and to the alt text."""
    japanese = renderers.render_cards("war-of-the-ring", FREE_HAND, "ja")
    assert japanese != renderers.render_cards("war-of-the-ring", FREE_HAND)
    assert draw_cards("war-of-the-ring", FREE_HAND, "ja")[0] == japanese
    said = renderers.describe_cards("war-of-the-ring", FREE_HAND, "ja")
    assert said.startswith("イベントカード：") and "Galadriel" not in said
