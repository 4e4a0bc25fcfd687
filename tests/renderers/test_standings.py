"""The league standings: the picture (size, long leagues, shared ranks, form pips, names), the
text version (Discord's 2,000 characters, every column) and the alt text (1,024 characters)."""

from __future__ import annotations

import dataclasses
import doctest
import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.leagues.standings import TIEBREAKS, Result, compute_standings
from renderers import standings
from renderers.common.fonts import FontKind, font
from renderers.standings import (
    DESCRIPTION_LIMIT,
    MEDALS,
    MESSAGE_LIMIT,
    PARCHMENT,
    PARCHMENT_DARK,
    PIP_COLOURS,
    Table,
    cell_width,
    describe_standings,
    drawable,
    layout,
    render_standings,
    render_standings_image,
    standings_text,
)

from .capture import drawn_texts

RGBTuple = tuple[int, int, int]
FONT_KINDS: dict[str, FontKind] = {
    "RobotoCondensed-Bold.ttf": "narrow",
    "DejaVuSansCondensed-Bold.ttf": "condensed",
    "DejaVuSerif-Bold.ttf": "serif",
    "DejaVuSerif-Italic.ttf": "italic",
    "NotoSansCJKsc-Bold.subset.otf": "cjk_sc_bold",
    "NotoSansCJKjp-Bold.subset.otf": "cjk_jp_bold",
    "DejaVuSans.ttf": "sans",
    "DejaVuSans-Bold.ttf": "bold",
}


def row(
    rank_text: str,
    name: str,
    *,
    won: int = 0,
    drawn: int = 0,
    lost: int = 0,
    points: float | None = None,
    tiebreak: float = 0,
    rating: float | None = 10.0,
    form: str | None = None,
    byes: int = 0,
) -> dict[str, Any]:
    return {
        "rank_text": rank_text,
        "name": name,
        "played": won + drawn + lost,
        "won": won,
        "drawn": drawn,
        "lost": lost,
        "points": 2 * won + drawn if points is None else points,
        "tiebreak": tiebreak,
        "rating": rating,
        "form": ("W" * won + "D" * drawn + "L" * lost)[-5:] if form is None else form,
        "byes": byes,
    }


def small_table() -> Table:
    return Table(
        "Fellowship League",
        "LOTR Risk",
        "Round 5 of 9",
        "Sonneborn–Berger",
        [
            row("1", "Aragorn", won=4, lost=1, tiebreak=21.5, form="WWLWW"),
            row("2", "Théoden", won=3, drawn=1, lost=1, tiebreak=18, form="WDWLW"),
            row("=3", "Sméagol", won=3, lost=2, tiebreak=12.5, form="LWLWW"),
            row("=3", "Nazgûl", won=3, lost=2, tiebreak=12.5, form="WWLLW"),
            row("5", "Frodo", won=1, drawn=1, lost=1, tiebreak=3, rating=None, form="WDL"),
            row("6", "Gimli", lost=3, tiebreak=0, rating=-2.4, form=""),
        ],
    )


def big_table(count: int = 200, *, fmt: str = "swiss") -> Table:
    rng = random.Random(7)
    names = [f"Player {index:03} of the Mark" for index in range(count)]
    rows = []
    for index, name in enumerate(names):
        won, drawn = rng.randint(0, 9), rng.randint(0, 2)
        rows.append(row(str(index + 1), name, won=won, drawn=drawn, lost=9, tiebreak=rng.randint(0, 120) / 2))
    return Table("The Very Long League of Middle-earth", "The Confrontation", "Round 9", TIEBREAKS[fmt], rows)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def close(actual: tuple[int, ...], expected: RGBTuple, tolerance: int = 30) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual[:3], expected, strict=True))


def test_doctests() -> None:
    result = doctest.testmod(standings)
    assert result.attempted > 0 and result.failed == 0


# -- the picture -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [800, 550, 400, 1200])
def test_png_is_valid_and_as_wide_as_asked(width: int) -> None:
    data = render_standings(small_table(), width=width)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = decode(data)
    assert image.format == "PNG" and image.width == width
    assert image.height == layout(small_table(), width=width).height
    assert width * 0.4 < image.height < width * 1.2  # six rows: a short picture


def test_accepts_a_plain_mapping_like_the_table() -> None:
    table = small_table()
    mapping = {
        "league": table.league,
        "game": table.game,
        "round": table.round_line,
        "tiebreak": "round-robin",
        "rows": list(table.rows),
    }
    assert render_standings(mapping) == render_standings(table)
    assert standings_text(mapping) == standings_text(table)


def test_rows_straight_from_compute_standings() -> None:
    results = [Result.win("m1", 1, "a", "b"), Result.draw("m2", 1, "c", "d"), Result.win("m3", 2, "a", "c")]
    rows = compute_standings(["a", "b", "c", "d"], results, ratings={"a": 12.5, "b": 3.0})
    names = {"a": "Éomer", "b": "Beregond", "c": "Celeborn", "d": "Déagol"}
    table = Table(
        "Riddermark Cup",
        "The Confrontation",
        "Round 2",
        TIEBREAKS["round-robin"],
        [dataclasses.asdict(r) | {"rank_text": r.rank_text, "name": names[r.player]} for r in rows],
    )
    text = standings_text(table)
    assert "Éomer" in text and "SB = Sonneborn–Berger" in text
    assert decode(render_standings(table)).width == 800
    # ``rank`` and ``shared`` without ``rank_text`` work too
    bare = Table("x", rows=[{"rank": 3, "shared": True, "player": "p"}])
    assert "=3 p" in standings_text(bare)


def test_a_long_league_draws_max_rows_and_says_how_many_more() -> None:
    table = big_table(200)
    geometry = layout(table)
    assert (geometry.shown, geometry.more) == (40, 160)
    with drawn_texts() as found:
        image = render_standings_image(table)
    texts = [d.text for d in found]
    assert "… and 160 more (see the text version)" in texts
    assert sum(text.startswith("Player ") for text in texts) == 40
    assert image.height == geometry.height <= 1800  # a sensible height
    assert layout(table, max_rows=10).more == 190
    short = decode(render_standings(table, max_rows=10))
    assert short.height < image.height
    with pytest.raises(ValueError):
        render_standings(table, max_rows=0)
    with pytest.raises(ValueError):
        render_standings(table, width=100)


def test_no_more_line_when_every_row_fits() -> None:
    with drawn_texts() as found:
        render_standings_image(big_table(40))
    assert not any("more" in d.text for d in found)
    assert layout(big_table(40)).more == 0


def test_every_column_is_headed_and_filled() -> None:
    with drawn_texts() as found:
        render_standings_image(small_table())
    texts = [d.text for d in found]
    for head in ("#", "Player", "P", "W", "D", "L", "Pts", "SB", "Rating", "Form"):
        assert head in texts
    for value in ("21.5", "12.5", "10.0", "-2.4", "–"):  # tie-breaks, ratings, a missing rating
        assert value in texts
    assert "Bye" not in texts  # no byes: no column
    heads = layout(small_table()).columns
    assert list(heads) == [
        "rank", "name", "played", "won", "drawn", "lost", "points", "tiebreak", "rating", "form"
    ]  # fmt: skip


def test_byes_and_ratings_columns_follow_the_data() -> None:
    with_byes = Table("L", rows=[row("1", "A", won=2, byes=1, points=6), row("2", "B", lost=2)])
    assert "byes" in layout(with_byes).columns
    unrated = Table("L", rows=[row("1", "A", won=2, rating=None), row("2", "B", lost=2, rating=None)])
    assert "rating" not in layout(unrated).columns
    assert "Rtg" not in standings_text(unrated) and "Bye" in standings_text(with_byes)


def test_shared_ranks_are_shown_with_an_equals_sign() -> None:
    with drawn_texts() as found:
        render_standings_image(small_table())
    texts = [d.text for d in found]
    assert texts.count("=3") == 2 and "1" in texts and "5" in texts
    assert any("=3 shared rank" in text for text in texts)  # in the legend
    text = standings_text(small_table())
    assert text.count("=3 ") == 2 and "=3: shared rank." in text


def test_the_top_three_ranks_are_marked() -> None:
    image = render_standings_image(small_table()).convert("RGB")
    geometry = layout(small_table())
    rank = geometry.columns["rank"]
    for index, medal in [(0, MEDALS[1]), (1, MEDALS[2]), (2, MEDALS[3]), (3, MEDALS[3])]:
        middle = geometry.row_top(index) + geometry.row_height / 2
        pixel = image.getpixel((round(rank.centre), round(middle - 10)))  # above the number
        assert isinstance(pixel, tuple) and close(pixel, medal, 20), (index, pixel)
    middle = geometry.row_top(4) + geometry.row_height / 2  # the fifth: plain
    pixel = image.getpixel((round(rank.centre), round(middle - 10)))
    assert isinstance(pixel, tuple) and close(pixel, PARCHMENT, 6)


@pytest.mark.parametrize("width", [800, 550])
def test_form_pips_are_coloured_newest_last(width: int) -> None:
    table = small_table()
    image = render_standings_image(table, width=width).convert("RGB")
    geometry = layout(table, width=width)
    radius = standings.SIZES["pip"] * geometry.scale / 2
    for index, line in enumerate(table.rows):
        form = str(line["form"])
        slots = ["-"] * (5 - len(form)) + list(form)  # oldest first, the newest on the right
        background = PARCHMENT_DARK if index % 2 else PARCHMENT
        for outcome, (x, y) in zip(slots, geometry.pip_centres(index), strict=True):
            # above the letter, inside the disc
            pixel = image.getpixel((round(x), round(y - radius * 0.62)))
            assert isinstance(pixel, tuple)
            expected = PIP_COLOURS[outcome][0] if outcome != "-" else background
            assert close(pixel, expected), (index, outcome, pixel)
    # the three colours differ plainly
    fills = [PIP_COLOURS[o][0] for o in "WDL"]
    assert len({tuple(c // 40 for c in fill) for fill in fills}) == 3


NAMES = [
    "Éowyn 🛡️ Shieldmaiden",
    "👨‍👩‍👧 The Gamgees",
    "🐉",
    "Nazgûl",
    "Gríma Wormtongue",
    "山田太郎",
    "שלום עולם",
    "Z̵̡̛a̷l̸g̶o̴",
    "Meriadoc Brandybuck of Buckland, Master of the Hall, Esquire of Rohan",
    "",
    "new\nline\ttab",
    "`code` **bold** @everyone",
]


def test_names_with_emoji_accents_and_odd_characters_do_not_crash() -> None:
    rows = [row(str(i + 1), name, won=5 - i % 5, lost=i % 5) for i, name in enumerate(NAMES)]
    table = Table("Ünïcödé League ✨", "LOTR Risk", "Round 1", "Buchholz", rows)
    with drawn_texts() as found:
        data = render_standings(table, width=550)
    assert decode(data).width == 550
    texts = [d.text for d in found]
    assert "Nazgûl" in texts and "Gríma Wormtongue" in texts  # accents drawn as they are
    assert "Éowyn Shieldmaiden" in texts and "The Gamgees" in texts  # the emoji left out
    assert all("\n" not in text and "\t" not in text for text in texts)
    assert texts.count("?") == 2  # "🐉" (no shipped font draws it) and ""
    japanese = next(d for d in found if d.text == "山田太郎")
    assert japanese.font.endswith("NotoSansCJKsc-Bold.subset.otf")  # the CJK font draws it
    hebrew = next(d for d in found if d.text == "שלום עולם")
    assert hebrew.font.endswith("DejaVuSansCondensed-Bold.ttf")  # Roboto Condensed has no Hebrew
    assert "Ünïcödé League" in texts  # the headline without its "✨"
    for drawn in found:  # nothing drawn as a "missing glyph" box
        kind = FONT_KINDS[Path(drawn.font).name]
        assert drawable(drawn.text, kind) == " ".join(drawn.text.split()), drawn
    text = standings_text(table)
    assert "🛡️" in text and "Nazgûl" in text  # Discord draws emoji: the text keeps them
    assert len(describe_standings(table)) <= DESCRIPTION_LIMIT


def test_long_names_are_cut_with_an_ellipsis_to_fit_their_column() -> None:
    table = small_table()
    long = "Meriadoc Brandybuck of Buckland, Master of the Hall"
    table = dataclasses.replace(table, rows=[*table.rows, row("7", long, lost=1)])
    for width in (800, 550):
        geometry = layout(table, width=width)
        column = geometry.columns["name"]
        with drawn_texts() as found:
            render_standings_image(table, width=width)
        cut = [d for d in found if d.text.startswith("Meriadoc")]
        assert len(cut) == 1 and cut[0].text.endswith("…") and len(cut[0].text) < len(long)
        face = font("narrow", cut[0].size)
        assert face.getlength(cut[0].text) <= column.right - column.left - 6 * geometry.scale


def test_sizes_are_readable_at_discord_widths() -> None:
    """Every text at least 9 px at 550 (desktop); names, ranks and numbers at least 9 px at 400."""
    with drawn_texts() as found:
        render_standings_image(big_table(60))
    assert found
    assert min(d.size for d in found if d.text not in "WDL") * 550 / 800 >= 9  # letters in pips aside
    names_and_numbers = [
        d for d in found if d.text.startswith("Player ") or d.text.replace(".", "").isdigit()
    ]
    assert names_and_numbers and min(d.size for d in names_and_numbers) * 400 / 800 >= 9


def test_an_empty_league_still_draws() -> None:
    table = Table("New League", "LOTR Risk", "", "swiss", [])
    assert decode(render_standings(table)).width == 800
    assert "No players yet" in standings_text(table)
    assert "0 players" in describe_standings(table)


# -- the text version --------------------------------------------------------------------------


def code_block(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("```")
    end = lines.index("```", start + 1)
    return lines[start + 1 : end]


def test_text_version_lists_every_column_and_row() -> None:
    text = standings_text(small_table())
    block = code_block(text)
    assert block[0].split() == ["#", "Player", "P", "W", "D", "L", "Pts", "SB", "Rtg", "Form"]
    assert len(block) == 1 + 6
    assert block[1].split() == ["1", "Aragorn", "5", "4", "0", "1", "8", "21.5", "10.0", "WWLWW"]
    assert block[5].split()[-2:] == ["–", "WDL"]  # no rating; a short form
    assert block[6].split()[-1] == "-"  # no game yet
    assert text.startswith("**Fellowship League** · LOTR Risk · Round 5 of 9\n```")
    legend = text.splitlines()[-1]
    assert legend.startswith("SB = Sonneborn–Berger:") and "Form" in legend
    widths = {cell_width(line) for line in block}
    assert len(widths) == 1  # the columns line up (the form is right-aligned)


def test_text_version_fits_discords_limit_and_counts_the_rest() -> None:
    for fmt in ("swiss", "round-robin"):
        table = big_table(200, fmt=fmt)
        text = standings_text(table)
        assert len(text) <= MESSAGE_LIMIT and standings.discord_length(text) <= MESSAGE_LIMIT
        block = code_block(text)
        listed = len(block) - 2  # the heads and the "more" line
        assert block[-1] == f"… {200 - listed} more"
        assert listed >= 25
        assert block[0].split()[7] == ("Buch" if fmt == "swiss" else "SB")
        assert text.splitlines()[-1].startswith("Buch = Buchholz" if fmt == "swiss" else "SB = ")


def test_text_version_of_emoji_names_fits_and_lines_up() -> None:
    rows = [row(str(i + 1), f"🧙‍♂️ Wizard {i} 🔥🔥🔥", won=i % 7, lost=2) for i in range(300)]
    text = standings_text(Table("✨" * 50, "LOTR Risk", "Round 3", "Buchholz", rows))
    assert standings.discord_length(text) <= MESSAGE_LIMIT
    assert code_block(text)[-1].startswith("… ")


def test_text_version_neutralises_markdown() -> None:
    table = Table("*Bold* _League_ `x`", rows=[row("1", "`tick` ```", won=1)])
    text = standings_text(table)
    assert text.startswith(r"**\*Bold\* \_League\_ \`x\`**")
    assert text.count("```") == 2  # a name cannot close the code block


# -- the description ---------------------------------------------------------------------------


def test_alt_text_summarises_the_top_within_the_limit() -> None:
    text = describe_standings(small_table())
    assert text.startswith("Standings of Fellowship League (LOTR Risk, Round 5 of 9): 6 players")
    assert "then Sonneborn–Berger (SB)" in text
    assert "1 Aragorn: 8 points (4 won, 0 drawn, 1 lost), SB 21.5, rating 10.0, form W W L W W." in text
    assert "=3 Sméagol" in text and "=3 Nazgûl" in text and "more" not in text
    long = describe_standings(big_table(200))
    assert len(long) <= DESCRIPTION_LIMIT and "1 Player 000" in long
    assert "The picture shows the top 40" in long
    listed = long.count(" points (")
    assert long.endswith(f"… and {200 - listed} more.")
    huge = Table("L" * 2000, rows=[row("1", "N" * 2000)])
    assert len(describe_standings(huge)) <= DESCRIPTION_LIMIT
