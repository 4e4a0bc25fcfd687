"""Make the CJK fonts in ``data/fonts`` from Noto Sans CJK (SIL Open Font License 1.1).

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    pip install fonttools   # a tool for this script only, not a dependency of the bot
    python scripts/subset_cjk_fonts.py /tmp/noto/usr/share/fonts/opentype/noto

Noto Sans CJK holds 65,000 glyphs (about 20 MB a weight); the bot needs a few thousand. Each
font keeps, for its language (Japanese from the JP face, Simplified Chinese from the SC face,
whose Han characters are drawn differently):

- Latin, punctuation, and the CJK punctuation, kana and full-width forms (both faces);
- the Han characters of everyday text: JIS X 0208 level 1 (2,965 kanji: every kanji of
  newspapers and the Jōyō list but a handful) for Japanese, GB 2312 level 1 (3,755 hanzi,
  over 99 % of modern text) for Chinese — so that player names and text to come draw too;
- every character of the catalogs and glossaries (``data/locale``, ``docs/i18n``), which
  ``tests/renderers/test_cjk_font.py`` checks are drawn.

Run it again after adding translations that use a rarer character (the test says which).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "data" / "fonts"
#: Face index in Debian's NotoSansCJK-*.ttc, by the language it is kept for.
FACES = {"jp": 0, "sc": 2}
WEIGHTS = ("Regular", "Bold")

SHARED_RANGES = [
    (0x0020, 0x024F),  # Latin, Latin-1, Latin Extended-A and -B
    (0x2000, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2460, 0x24FF),  # enclosed numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
]


def legacy_charset(codec: str, first: int, last: int) -> set[str]:
    """The characters of rows ``first``..``last`` (EUC bytes) of a national character set."""
    found = set()
    for row in range(first, last + 1):
        for cell in range(0xA1, 0xFF):
            try:
                found.add(bytes([row, cell]).decode(codec))
            except UnicodeDecodeError:
                continue
    return found


def translated_text() -> set[str]:
    texts = [*(ROOT / "data" / "locale").rglob("*.po"), *(ROOT / "docs" / "i18n").glob("*.md")]
    return {char for path in texts for char in path.read_text(encoding="utf-8")}


def characters(face: str) -> set[str]:
    chars = {chr(c) for start, end in SHARED_RANGES for c in range(start, end + 1)}
    if face == "jp":
        chars |= legacy_charset("euc_jp", 0xB0, 0xCF)  # JIS X 0208 level 1
    else:
        chars |= legacy_charset("gb2312", 0xB0, 0xD7)  # GB 2312 level 1
    return chars | {c for c in translated_text() if ord(c) >= 0x20}


def main(source: Path) -> None:
    for weight in WEIGHTS:
        collection = TTCollection(str(source / f"NotoSansCJK-{weight}.ttc"))
        for face, index in FACES.items():
            font = collection.fonts[index]
            options = subset.Options()
            # fontTools' default layout features (kerning, ligatures, punctuation widths):
            # the historical and vertical variants would bring thousands of glyphs along.
            options.notdef_outline = True
            options.desubroutinize = False
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=[ord(c) for c in characters(face)])
            subsetter.subset(font)
            out = FONTS / f"NotoSansCJK{face}-{weight}.subset.otf"
            font.save(str(out))
            print(f"{out.name}: {out.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
