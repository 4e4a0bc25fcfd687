"""Every translated string can be drawn: no glyph of any language is a "missing glyph" box.

The pictures will draw words from the catalogs (``data/locale``) and the glossaries
(``docs/i18n``): every character of them must be in the font that draws its language.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageDraw

from renderers.common.fonts import FontKind, font, has_glyph, is_cjk, text_kind

ROOT = Path(__file__).resolve().parents[2]
#: The fonts each language's text is drawn with.
KINDS: dict[str, tuple[FontKind, ...]] = {
    "da": ("sans", "bold", "condensed", "narrow", "serif", "italic"),
    "ja": ("cjk_jp", "cjk_jp_bold"),
    "zh_CN": ("cjk_sc", "cjk_sc_bold"),
}
GLOSSARY = {"da": "da", "ja": "ja", "zh_CN": "zh-CN"}


def translated_strings(folder: str) -> list[str]:
    """Every translation (``msgstr``) of a language, and its glossary's lines."""
    found: list[str] = []
    for path in sorted((ROOT / "data" / "locale" / folder).rglob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    forms = message.string if isinstance(message.string, tuple) else (message.string,)
                    found += [f for f in forms if f]
    glossary = ROOT / "docs" / "i18n" / f"glossary.{GLOSSARY[folder]}.md"
    if glossary.exists():
        found += [line for line in glossary.read_text(encoding="utf-8").splitlines() if line.strip()]
    return found


@pytest.mark.parametrize("folder", sorted(KINDS))
def test_every_character_of_every_translation_has_a_glyph(folder: str) -> None:
    strings = translated_strings(folder)
    assert strings
    chars = {c for text in strings for c in text if not c.isspace()}
    if folder != "da":
        assert any(is_cjk(c) for c in chars)
        chars = {c for c in chars if is_cjk(c) or c.isalnum()}  # CJK text's own characters
    else:
        chars = {c for c in chars if c.isalpha()}  # æ, ø, å and the accents of names
    for kind in KINDS[folder]:
        missing = sorted(c for c in chars if not has_glyph(kind, c))
        assert missing == [], f"{kind} lacks {''.join(missing)}: run scripts/subset_cjk_fonts.py"


@pytest.mark.parametrize("folder", ["ja", "zh_CN"])
def test_translated_strings_render_in_their_languages_font(folder: str) -> None:
    """Each string is drawn with the font :func:`text_kind` picks for it: never a box."""
    language = "ja" if folder == "ja" else "zh-CN"
    canvas = Image.new("L", (2400, 40))
    draw = ImageDraw.Draw(canvas)
    for text in translated_strings(folder)[:400]:
        kind = text_kind("bold", text, language)
        assert kind == ("cjk_jp_bold" if folder == "ja" else "cjk_sc_bold") or not any(map(is_cjk, text))
        draw.text((0, 0), text, font=font(kind, 18), fill=255)
        drawn = [c for c in text if c.isprintable() and not c.isspace() and unicodedata.category(c) != "So"]
        assert all(has_glyph(kind, c) for c in drawn), text  # emoji ("So") are Discord's to draw
