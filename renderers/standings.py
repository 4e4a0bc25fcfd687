"""A league's standings as a picture, as text and in words, for ``/league standings``.

* :func:`render_standings` draws the table as a PNG (800 px wide by default, made to be read at
  Discord's inline widths: 550 px on desktop, 400 px on a phone);
* :func:`standings_text` writes it as a monospaced code block for screen readers and
  copy-paste, within Discord's 2,000-character message limit;
* :func:`describe_standings` says what the picture shows (alt text, at most 1,024 characters).

Like every renderer this module knows nothing of the bot: its input is a :class:`Table`, or a
plain mapping with the same keys::

    {
        "league": "Fellowship League",      # the league's name (the headline)
        "game": "LOTR Risk",                # the game's title
        "round_line": "Round 5 of 9",       # season / round, as the caller words it ("" for none)
        "tiebreak": "Sonneborn–Berger",     # the tie-break's name (bot.leagues.standings.TIEBREAKS
                                            # values; "round-robin" / "swiss" are understood too)
        "lang": "ja",                       # the language of the words drawn (default "en"; the
                                            # ``bot`` catalog's, see docs/i18n.md)
        "rows": [                           # best first, one plain dict per player:
            {
                "rank_text": "=3",          # as Row.rank_text gives it ("3", or "=3" when shared)
                "name": "Théoden",          # display name, supplied by the caller
                "played": 8, "won": 5, "drawn": 1, "lost": 2,
                "points": 11,               # int or float
                "tiebreak": 40.5,           # the tie-break's value
                "rating": 23.4,             # or None (the column is left out when every one is None)
                "form": "WLWDW",            # oldest first, newest last (only the last five are shown)
                "byes": 1,                  # optional (a "Bye" column appears when one is not 0)
            },
        ],
    }

A row may give ``rank`` (and ``shared``) instead of ``rank_text``, and ``player`` instead of
``name``, so ``dataclasses.asdict(row) | {"rank_text": row.rank_text, "name": display_name}``
of a ``bot.leagues.standings.Row`` is a valid row. Missing numbers count as 0; text is read
with ``str``.

The picture: the league's name, the game and the round on the dark header of the game boards;
the table on a parchment card, zebra-striped, the top three ranks on gold, silver and bronze;
form as five coloured pips (win green, draw amber, loss red; newest on the right); a legend of
the abbreviations and of the tie-break. Past ``max_rows`` rows (40 by default) the picture
stops with "… and K more (see the text version)".

>>> table = Table("Shire Cup", "The Confrontation", "Round 2", "swiss", [
...     {"rank_text": "1", "name": "Frodo", "played": 2, "won": 2, "points": 4, "tiebreak": 2,
...      "form": "WW"},
...     {"rank_text": "2", "name": "Sam", "played": 2, "won": 1, "lost": 1, "points": 2,
...      "tiebreak": 4, "form": "LW"},
... ])
>>> render_standings(table)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> print(standings_text(table))
**Shire Cup** · The Confrontation · Round 2
```
# Player P W D L Pts Buch  Form
1 Frodo  2 2 0 0   4    2    WW
2 Sam    2 1 0 1   2    4    LW
```
Buch = Buchholz: the sum of the opponents' points. Form: last 5 games, newest last.
>>> print(describe_standings(table).replace(". ", ".\\n"))
Standings of Shire Cup (The Confrontation, Round 2): 2 players, ranked by points, then Buchholz (Buch).
1 Frodo: 4 points (2 won, 0 drawn, 0 lost), Buch 2, form W W.
2 Sam: 2 points (1 won, 0 drawn, 1 lost), Buch 4, form L W.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, NotRequired, TypedDict

from PIL import Image, ImageDraw, ImageFont

from games.core.i18n import best
from games.core.i18n import nt as catalog_nt
from games.core.i18n import t as catalog_t
from renderers.common.colours import RGB, mix, rgb
from renderers.common.fonts import FontKind, cjk_kind, font, has_glyph, is_cjk, text_kind
from renderers.common.png import encode_png
from renderers.common.shapes import paste_sprite, supersampled
from renderers.common.text import ELLIPSIS, ellipsize, fit_text, wrap_words

# -- words -------------------------------------------------------------------------------------


def t(lang: str, msgid: str, /, **params: object) -> str:
    """A word or sentence of the picture in ``lang`` (the ``bot`` catalog: the league's words)."""
    return catalog_t(lang, "bot", msgid, **params)


def nt(lang: str, singular: str, plural: str, count: int, /, **params: object) -> str:
    return catalog_nt(lang, "bot", singular, plural, count, **params)


def outcome_letter(lang: str, outcome: str) -> str:
    """A game's outcome (``W``, ``D``, ``L``) as one letter of ``lang`` (a form pip, a column head).

    >>> [outcome_letter("ja", o) for o in "WDL"], outcome_letter("en", "D")
    (['勝', '分', '負'], 'D')
    """
    if outcome == "W":
        # i18n: one letter (or character) for "won"/"a win": a column head and a form pip
        return t(lang, "W")
    if outcome == "D":
        # i18n: one letter (or character) for "drawn"/"a draw": a column head and a form pip
        return t(lang, "D")
    if outcome == "L":
        # i18n: one letter (or character) for "lost"/"a loss": a column head and a form pip
        return t(lang, "L")
    return outcome


def form_letters(lang: str, form: str) -> str:
    return "".join(outcome_letter(lang, outcome) for outcome in form)


# -- input -------------------------------------------------------------------------------------


class StandingRow(TypedDict):
    """One row as a plain dict (see the module docstring; every key is read leniently)."""

    rank_text: str
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    points: float
    tiebreak: float
    rating: float | None
    form: str
    byes: NotRequired[int]


@dataclass(frozen=True)
class Table:
    """What a standings picture shows: the league, its game and round, the tie-break's name and
    the rows, best first (plain mappings, see :class:`StandingRow`)."""

    league: str
    game: str = ""
    round_line: str = ""
    tiebreak: str = "Sonneborn–Berger"
    rows: Sequence[Mapping[str, Any]] = field(default_factory=tuple)
    #: The language of the words drawn and written (one of ``games.core.i18n.LOCALES``).
    lang: str = "en"


TableLike = Table | Mapping[str, Any]

#: The last games a row shows.
FORM_LENGTH = 5
#: Discord's limits: a message, and an attachment's description.
MESSAGE_LIMIT = 2000
DESCRIPTION_LIMIT = 1024


@dataclass(frozen=True)
class TieBreak:
    """A tie-break as a column head, its full name and what it counts (for the legend)."""

    short: str
    name: str
    meaning: str


_TIEBREAKS = {
    "sonnebornberger": TieBreak(
        "SB", "Sonneborn–Berger", "the points of the opponents beaten plus half those drawn with"
    ),
    "roundrobin": TieBreak(
        "SB", "Sonneborn–Berger", "the points of the opponents beaten plus half those drawn with"
    ),
    "buchholz": TieBreak("Buch", "Buchholz", "the sum of the opponents' points"),
    "swiss": TieBreak("Buch", "Buchholz", "the sum of the opponents' points"),
}


def meaning(lang: str, tiebreak: TieBreak) -> str:
    """What a known tie-break counts, in ``lang`` (another's meaning is said as given)."""
    if tiebreak.meaning == _TIEBREAKS["swiss"].meaning:
        return t(lang, "the sum of the opponents' points")
    if tiebreak.meaning == _TIEBREAKS["sonnebornberger"].meaning:
        return t(lang, "the points of the opponents beaten plus half those drawn with")
    return tiebreak.meaning


def tiebreak_of(name: str) -> TieBreak:
    """The column head and legend of the tie-break called ``name``.

    >>> tiebreak_of("Sonneborn–Berger").short, tiebreak_of("swiss").name
    ('SB', 'Buchholz')
    >>> tiebreak_of("Median Buchholz")
    TieBreak(short='MB', name='Median Buchholz', meaning='')
    >>> tiebreak_of("").short
    'TB'
    """
    key = re.sub(r"[^a-z]", "", name.lower())
    if key in _TIEBREAKS:
        return _TIEBREAKS[key]
    words = name.split()
    if not words:
        return TieBreak("TB", "tie-break", "")
    short = "".join(word[0] for word in words).upper() if len(words) > 1 else words[0][:4]
    return TieBreak(short[:4], name, "")


@dataclass(frozen=True)
class Line:
    """One row, read and checked from the caller's mapping."""

    rank_text: str
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    points: float
    tiebreak: float
    rating: float | None
    form: str

    @property
    def rank(self) -> int:
        digits = self.rank_text.lstrip("=")
        return int(digits) if digits.isdigit() else 0

    @property
    def shared(self) -> bool:
        return self.rank_text.startswith("=")


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _float(value: Any) -> float:
    try:
        return float(value or 0)
    except (TypeError, ValueError):
        return 0.0


def _line(row: Mapping[str, Any], index: int) -> Line:
    rank_text = row.get("rank_text")
    if rank_text is None:
        rank = _int(row.get("rank")) or index + 1
        rank_text = f"={rank}" if row.get("shared") else str(rank)
    name = row.get("name")
    if name is None:
        name = row.get("player", "")
    rating = row.get("rating")
    form = "".join(c for c in str(row.get("form") or "").upper() if c in "WDL")
    return Line(
        rank_text=" ".join(str(rank_text).split()),
        name=" ".join(str(name).split()) or "?",
        played=_int(row.get("played")),
        won=_int(row.get("won")),
        drawn=_int(row.get("drawn")),
        lost=_int(row.get("lost")),
        byes=_int(row.get("byes")),
        points=_float(row.get("points")),
        tiebreak=_float(row.get("tiebreak")),
        rating=None if rating is None else _float(rating),
        form=form[-FORM_LENGTH:],
    )


@dataclass(frozen=True)
class _Read:
    table: Table
    lines: tuple[Line, ...]
    tiebreak: TieBreak
    ratings: bool  # a rating column
    byes: bool  # a bye column


def as_table(table: TableLike) -> Table:
    """``table`` as a :class:`Table` (a mapping with the same keys is accepted; ``round`` for
    ``round_line``)."""
    if isinstance(table, Table):
        return table
    return Table(
        league=str(table.get("league") or ""),
        game=str(table.get("game") or ""),
        round_line=str(table.get("round_line") or table.get("round") or ""),
        tiebreak=str(table.get("tiebreak") or "Sonneborn–Berger"),
        rows=tuple(table.get("rows") or ()),
        lang=best(table.get("lang")),
    )


def _read(value: TableLike) -> _Read:
    table = as_table(value)
    lines = tuple(_line(row, index) for index, row in enumerate(table.rows))
    return _Read(
        table,
        lines,
        tiebreak_of(table.tiebreak),
        any(line.rating is not None for line in lines),
        any(line.byes for line in lines),
    )


def number(value: float | None, decimals: int = 2) -> str:
    """A number as a table shows it: whole numbers bare, others with at most ``decimals``.

    >>> number(4.0), number(2.5), number(13.333333), number(-0.04, 1), number(None)
    ('4', '2.5', '13.33', '0', '–')
    """
    if value is None:
        return "–"
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _rating(value: float | None) -> str:
    """A rating with one decimal (``"20.0"``, so that the column lines up)."""
    if value is None:
        return "–"
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


# -- the picture -------------------------------------------------------------------------------

# The boards' frame (renderers/*/theme.py) and the parchment of their territories.
BACKGROUND = rgb("#1d1a16")
INK_LIGHT = rgb("#ece4d2")
INK_MUTED = rgb("#a79e8c")
GOLD = rgb("#d9b35b")
PARCHMENT = rgb("#efe3c2")
PARCHMENT_DARK = rgb("#e2d2a8")  # every other row
CARD_EDGE = rgb("#6b5a38")
INK = rgb("#1d170f")  # names and points
INK_SOFT = rgb("#4a3d2a")  # the other numbers
INK_HEAD = rgb("#6b5a38")  # column heads, the "more" line
RULE = rgb("#b8a57a")

#: Form pips: a win, a draw, a loss (fill, letter).
PIP_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "W": (rgb("#2e8b3a"), rgb("#ffffff")),
    "D": (rgb("#d9a23a"), rgb("#2a2114")),
    "L": (rgb("#c0302a"), rgb("#ffffff")),
}
#: The top three ranks (gold, silver, bronze).
MEDALS: dict[int, RGB] = {1: rgb("#e2bd5c"), 2: rgb("#c9c9c4"), 3: rgb("#d49a68")}

#: Sizes at 800 px wide (everything scales with the width). At 550 px the smallest text (the
#: legend) is 11 px and the column heads 11.7; at 400 px names and numbers are 10 px.
SIZES = {
    "headline": 30,
    "subtitle": 19,
    "corner_label": 14,
    "corner": 34,
    "heads": 17,
    "name": 21,
    "name_wide": 19,  # DejaVu Sans Condensed, for the scripts Roboto Condensed lacks
    "cell": 20,
    "more": 18,
    "legend": 16,
    "pip": 22,
    "pip_letter": 13,
}
WIDTH = 800
MARGIN = 12  # card to the picture's edge
HEADER = 100
PAD = 10  # inside the card, left and right
HEAD_ROW = 36
ROW = 36
MORE_ROW = 42
CARD_BOTTOM = 8
PIP_GAP = 3
LEGEND_LINE = 22

ColumnKey = Literal[
    "rank", "name", "played", "won", "drawn", "lost", "byes", "points", "tiebreak", "rating", "form"
]


@dataclass(frozen=True)
class Column:
    key: ColumnKey
    head: str
    left: float
    right: float

    @property
    def centre(self) -> float:
        return (self.left + self.right) / 2


#: Widths at 800 px; the player's name takes what is left.
_WIDTHS: dict[ColumnKey, float] = {
    "rank": 50,
    "played": 40,
    "won": 36,
    "drawn": 36,
    "lost": 36,
    "byes": 44,
    "points": 54,
    "tiebreak": 66,
    "rating": 68,
    "form": 5 * SIZES["pip"] + 4 * PIP_GAP + 10,
}


@dataclass(frozen=True)
class Layout:
    """Where everything goes in a picture (pixels; also used by the tests)."""

    width: int
    height: int
    scale: float
    columns: dict[ColumnKey, Column]
    card: tuple[float, float, float, float]
    rows_top: float  # the first row's top
    row_height: float
    shown: int  # rows drawn
    more: int  # rows left out
    legend_top: float
    legend: tuple[str, ...]  # the legend's text lines (after the line of pips)

    def row_top(self, index: int) -> float:
        return self.rows_top + index * self.row_height

    def pip_centres(self, index: int) -> list[tuple[float, float]]:
        """Centres of row ``index``'s five form slots, oldest first (the newest on the right)."""
        column = self.columns["form"]
        size, gap = SIZES["pip"] * self.scale, PIP_GAP * self.scale
        start = column.centre - (FORM_LENGTH * size + (FORM_LENGTH - 1) * gap) / 2 + size / 2
        middle = self.row_top(index) + self.row_height / 2
        return [(start + slot * (size + gap), middle) for slot in range(FORM_LENGTH)]


def _heads(read: _Read) -> dict[ColumnKey, str]:
    lang = read.table.lang
    heads: dict[ColumnKey, str] = {
        "rank": "#",
        "name": t(lang, "Player"),
        # i18n: the column head of the games played (one letter or character)
        "played": t(lang, "P"),
        "won": outcome_letter(lang, "W"),
        "drawn": outcome_letter(lang, "D"),
        "lost": outcome_letter(lang, "L"),
    }
    if read.byes:
        # i18n: the column head of the byes (a short word)
        heads["byes"] = t(lang, "Bye")
    # i18n: the column head of the points (at most 4 letters or 2 characters)
    heads |= {"points": t(lang, "Pts"), "tiebreak": read.tiebreak.short}
    if read.ratings:
        heads["rating"] = t(lang, "Rating")
    heads["form"] = t(lang, "Form")
    return heads


def _size(key: str, scale: float) -> int:
    return max(6, round(SIZES[key] * scale))


def _face(kind: FontKind, key: str, scale: float, text: str = "", lang: str = "en") -> ImageFont.FreeTypeFont:
    """The font ``kind`` at the size ``key``; its Japanese or Chinese stand-in when ``text`` (in
    ``lang``) has Japanese or Chinese in it."""
    return font(text_kind(kind, text, lang), _size(key, scale))


def _first_shared(lines: Sequence[Line]) -> str:
    return next((line.rank_text for line in lines if line.shared), "=3")


def _legend_text(read: _Read) -> str:
    lang, heads = read.table.lang, _heads(read)
    parts = [
        t(lang, "{head} played", head=heads["played"]),
        t(lang, "{head} won", head=heads["won"]),
        t(lang, "{head} drawn", head=heads["drawn"]),
        t(lang, "{head} lost", head=heads["lost"]),
    ]
    if read.byes:
        parts.append(t(lang, "{head} byes (scored as wins)", head=heads["byes"]))
    parts.append(t(lang, "{head} points", head=heads["points"]))
    tiebreak = read.tiebreak
    said = meaning(lang, tiebreak)
    name = t(lang, "{name} ({meaning})", name=tiebreak.name, meaning=said) if said else tiebreak.name
    parts.append(f"{tiebreak.short} {name}" if tiebreak.short != tiebreak.name else name)
    if any(line.shared for line in read.lines):
        parts.append(t(lang, "{rank} shared rank", rank=_first_shared(read.lines)))
    return " · ".join(parts)


def layout(table: TableLike, *, width: int = WIDTH, max_rows: int = 40) -> Layout:
    """The geometry of the picture of ``table`` at ``width`` pixels."""
    if width < 200:
        raise ValueError(f"a standings picture needs at least 200 px, not {width}")
    if max_rows < 1:
        raise ValueError("max_rows must be at least 1")
    return _layout(_read(table), width, max_rows)


def _layout(read: _Read, width: int, max_rows: int) -> Layout:
    scale = width / WIDTH
    heads = _heads(read)
    card = (MARGIN * scale, HEADER * scale, width - MARGIN * scale, 0.0)
    inner_left, inner_right = card[0] + PAD * scale, card[2] - PAD * scale
    fixed = sum(_WIDTHS[key] * scale for key in heads if key != "name")
    name_width = inner_right - inner_left - fixed
    columns: dict[ColumnKey, Column] = {}
    x = inner_left
    for key, head in heads.items():
        step = name_width if key == "name" else _WIDTHS[key] * scale
        columns[key] = Column(key, head, x, x + step)
        x += step
    shown = min(len(read.lines), max_rows)
    more = len(read.lines) - shown
    rows_top = card[1] + HEAD_ROW * scale
    rows = max(shown, 1)  # an empty league says so on one row
    card_bottom = rows_top + rows * ROW * scale + (MORE_ROW * scale if more else 0) + CARD_BOTTOM * scale
    legend_text = _legend_text(read)
    legend_face = _face("sans", "legend", scale, legend_text, read.table.lang)
    room = width - 2 * MARGIN * scale
    legend = tuple(wrap_words(legend_text, legend_face, room, 3))
    legend_top = card_bottom + 12 * scale
    height = legend_top + (1 + len(legend)) * LEGEND_LINE * scale + 10 * scale
    return Layout(
        width=width,
        height=round(height),
        scale=scale,
        columns=columns,
        card=(card[0], card[1], card[2], card_bottom),
        rows_top=rows_top,
        row_height=ROW * scale,
        shown=shown,
        more=more,
        legend_top=legend_top,
        legend=legend,
    )


def drawable(text: str, kind: FontKind = "condensed") -> str:
    """``text`` without the characters font ``kind`` cannot draw (most emoji, Chinese), so that
    a name never shows boxes ("" when nothing is left).

    >>> drawable("Théoden 🐎 King"), drawable("Éowyn 🛡️ of Rohan"), drawable("Frodo ♥")
    ('Théoden King', 'Éowyn of Rohan', 'Frodo ♥')
    >>> drawable("🐎 山田")
    ''
    """
    if text.isascii():
        return text
    kept = []
    for cluster in _clusters(text):  # an emoji goes with its joiners and variation selectors
        if cluster[0].isspace() or has_glyph(kind, cluster[0]):
            kept.append("".join(c for c in cluster if c == cluster[0] or has_glyph(kind, c)))
    return " ".join("".join(kept).split())


#: A name no shipped font can draw at all (its text version and alt text still give it).
UNDRAWABLE = "?"


def name_font(name: str) -> tuple[FontKind, str]:
    """The font a player's name is drawn in and what of it is drawn: Roboto Condensed (the
    boards' piece names), DejaVu Sans Condensed when it draws more of the name (Hebrew,
    Arabic, Georgian...), Noto Sans CJK for Japanese and Chinese names.

    >>> name_font("Sméagol"), name_font("שלום"), name_font("🐎")
    (('narrow', 'Sméagol'), ('condensed', 'שלום'), ('narrow', '?'))
    >>> name_font("山田 🐎"), name_font("ふろど")
    (('cjk_sc_bold', '山田'), ('cjk_jp_bold', 'ふろど'))
    """
    narrow = drawable(name, "narrow")
    if narrow == name:
        return "narrow", narrow
    wide = drawable(name, "condensed")
    cjk = cjk_kind("narrow", name)
    drawn = drawable(name, cjk) if any(is_cjk(c) for c in name) else ""
    if len(drawn) > max(len(wide), len(narrow)):
        return cjk, drawn
    if len(wide) > len(narrow):
        return "condensed", wide
    return "narrow", narrow or UNDRAWABLE


@lru_cache(maxsize=32)
def _pip(outcome: str, size: int, letter_size: int, lang: str = "en") -> Image.Image:
    """A form pip: a coloured disc with its letter in ``lang``, or a faint empty ring (no game)."""
    fill, ink = PIP_COLOURS.get(outcome, (PARCHMENT, INK_HEAD))
    edge = mix(fill, INK, 0.35) if outcome in PIP_COLOURS else mix(PARCHMENT, INK_HEAD, 0.45)

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse(
            (s * 0.5, s * 0.5, (size - 0.5) * s, (size - 0.5) * s),
            fill=(*fill, 255) if outcome in PIP_COLOURS else None,
            outline=(*edge, 255),
            width=max(1, round(1.2 * s)),
        )

    sprite = supersampled((size, size), paint)
    if outcome in PIP_COLOURS:
        letter = outcome_letter(lang, outcome)
        face = font(text_kind("bold", letter, lang), letter_size)
        ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), letter, font=face, fill=ink, anchor="mm")
    return sprite


@lru_cache(maxsize=32)
def _medal(colour: RGB, size: tuple[int, int]) -> Image.Image:
    width, height = size

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (s * 0.5, s * 0.5, (width - 0.5) * s, (height - 0.5) * s),
            radius=height / 2 * s,
            fill=(*colour, 255),
            outline=(*mix(colour, INK, 0.4), 255),
            width=max(1, round(1.2 * s)),
        )

    return supersampled(size, paint)


@lru_cache(maxsize=8)
def _card(size: tuple[int, int], radius: int) -> Image.Image:
    """The parchment card: a plain fill with anti-aliased rounded corners (only the corners are
    supersampled, so that a tall card stays cheap)."""
    width, height = size
    edge_width = 2
    card = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rectangle((radius, 0, width - radius - 1, height - 1), fill=CARD_EDGE)
    draw.rectangle((0, radius, width - 1, height - radius - 1), fill=CARD_EDGE)
    draw.rectangle((radius, edge_width, width - radius - 1, height - edge_width - 1), fill=PARCHMENT)
    draw.rectangle((edge_width, radius, width - edge_width - 1, height - radius - 1), fill=PARCHMENT)
    box = 2 * radius

    def corner(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.ellipse((0, 0, box * s - 1, box * s - 1), fill=(*CARD_EDGE, 255))
        draw.ellipse(
            (edge_width * s, edge_width * s, (box - edge_width) * s - 1, (box - edge_width) * s - 1),
            fill=(*PARCHMENT, 255),
        )

    disc = supersampled((box, box), corner)
    for x, y in ((0, 0), (width - box, 0), (0, height - box), (width - box, height - box)):
        quarter = (
            0 if x == 0 else radius,
            0 if y == 0 else radius,
            radius if x == 0 else box,
            radius if y == 0 else box,
        )
        card.paste(disc.crop(quarter), (x + quarter[0], y + quarter[1]))
    return card


def _draw_header(image: Image.Image, read: _Read, geometry: Layout) -> None:
    scale, width = geometry.scale, geometry.width
    draw = ImageDraw.Draw(image)
    left, right, top = MARGIN * scale, width - MARGIN * scale, 14 * scale
    lang = read.table.lang
    count = str(len(read.lines))
    # i18n: the header's corner, above the number of players (capitals where the language has them)
    label = nt(lang, "PLAYER", "PLAYERS", len(read.lines))
    label_face = _face("bold", "corner_label", scale, label, lang)
    number_face = _face("serif", "corner", scale)
    draw.text((right, top + 2 * scale), label, font=label_face, fill=INK_MUTED, anchor="ra")
    draw.text((right, top + 20 * scale), count, font=number_face, fill=GOLD, anchor="ra")
    corner = max(label_face.getlength(label), number_face.getlength(count)) + 18 * scale
    room = right - left - corner
    head_kind = text_kind("serif", read.table.league, lang)
    headline = drawable(read.table.league, head_kind) or t(lang, "League standings")
    head_kind = text_kind("serif", headline, lang)
    head_face, shown = fit_text(
        headline, head_kind, room, _size("headline", scale), min_size=_size("corner", scale * 0.65)
    )
    draw.text((left, top + 2 * scale), shown, font=head_face, fill=INK_LIGHT, anchor="la")
    parts = (read.table.game, read.table.round_line, t(lang, "standings"))
    kinds = [text_kind("sans", part, lang) for part in parts]
    subtitle = " · ".join(
        drawable(part, kind) for part, kind in zip(parts, kinds, strict=True) if drawable(part, kind)
    )
    sub_face = _face("sans", "subtitle", scale, subtitle, lang)
    draw.text(
        (left, top + 46 * scale),
        ellipsize(subtitle, sub_face, room),
        font=sub_face,
        fill=INK_MUTED,
        anchor="la",
    )


def _cells(line: Line, read: _Read) -> dict[ColumnKey, str]:
    cells: dict[ColumnKey, str] = {
        "played": str(line.played),
        "won": str(line.won),
        "drawn": str(line.drawn),
        "lost": str(line.lost),
        "points": number(line.points),
        "tiebreak": number(line.tiebreak),
    }
    if read.byes:
        cells["byes"] = str(line.byes)
    if read.ratings:
        cells["rating"] = _rating(line.rating)
    return cells


def _draw_table(image: Image.Image, read: _Read, geometry: Layout) -> None:
    scale = geometry.scale
    left, top, right, bottom = geometry.card
    card = _card((round(right - left), round(bottom - top)), max(4, round(10 * scale)))
    paste_sprite(image, card, (left, top))
    draw = ImageDraw.Draw(image)
    columns = geometry.columns
    inset = 2 * scale + 1
    lang = read.table.lang
    head_middle = top + HEAD_ROW * scale / 2 + scale
    for column in columns.values():
        if column.key == "name":
            xy, anchor = (column.left + 6 * scale, head_middle), "lm"
        else:
            xy, anchor = (column.centre, head_middle), "mm"
        head_face = _face("bold", "heads", scale, column.head, lang)
        draw.text(xy, column.head, font=head_face, fill=INK_HEAD, anchor=anchor)
    rule_y = geometry.rows_top - 1
    draw.line((left + inset, rule_y, right - inset, rule_y), fill=RULE, width=max(1, round(1.5 * scale)))

    name_face = _face("narrow", "name", scale)
    cell_face = _face("sans", "cell", scale)
    bold_face = _face("bold", "cell", scale)
    height = geometry.row_height
    pip_size, letter = _size("pip", scale), _size("pip_letter", scale)
    name_column = columns["name"]
    name_room = name_column.right - name_column.left - 12 * scale
    if not read.lines:
        middle = geometry.row_top(0) + height / 2
        nobody = t(lang, "No players yet")
        draw.text(
            (name_column.left + 6 * scale, middle),
            nobody,
            font=_face("narrow", "name", scale, nobody, lang),
            fill=INK_HEAD,
            anchor="lm",
        )
    for index, line in enumerate(read.lines[: geometry.shown]):
        row_top = geometry.row_top(index)
        middle = row_top + height / 2 + scale
        if index % 2:
            draw.rectangle((left + inset, row_top, right - inset, row_top + height - 1), fill=PARCHMENT_DARK)
        rank = columns["rank"]
        medal = MEDALS.get(line.rank)
        if medal is not None:
            pill_width = max(round(34 * scale), round(bold_face.getlength(line.rank_text) + 16 * scale))
            pill_height = round(26 * scale)
            pill = _medal(medal, (pill_width, pill_height))
            paste_sprite(image, pill, (rank.centre - pill_width / 2, middle - scale - pill_height / 2))
            draw.text((rank.centre, middle), line.rank_text, font=bold_face, fill=INK, anchor="mm")
        else:
            draw.text((rank.centre, middle), line.rank_text, font=cell_face, fill=INK_SOFT, anchor="mm")
        kind, name = name_font(line.name)
        face = name_face if kind == "narrow" else _face(kind, "name_wide", scale)
        name = ellipsize(name, face, name_room)
        draw.text((name_column.left + 6 * scale, middle), name, font=face, fill=INK, anchor="lm")
        for key, text in _cells(line, read).items():
            face, ink = (bold_face, INK) if key == "points" else (cell_face, INK_SOFT)
            draw.text((columns[key].centre, middle), text, font=face, fill=ink, anchor="mm")
        slots = ["-"] * (FORM_LENGTH - len(line.form)) + list(line.form)
        for outcome, (x, y) in zip(slots, geometry.pip_centres(index), strict=True):
            sprite = _pip(outcome, pip_size, letter, lang)
            paste_sprite(image, sprite, (x - pip_size / 2, y - pip_size / 2))
    if geometry.more:
        more_top = geometry.row_top(geometry.shown)
        text = t(
            lang, "{ellipsis} and {count} more (see the text version)", ellipsis=ELLIPSIS, count=geometry.more
        )
        face = _face("italic", "more", scale, text, lang)
        draw.text(
            ((left + right) / 2, more_top + MORE_ROW * scale / 2), text, font=face, fill=INK_HEAD, anchor="mm"
        )


def _draw_legend(image: Image.Image, geometry: Layout, lang: str = "en") -> None:
    scale = geometry.scale
    draw = ImageDraw.Draw(image)
    said = t(lang, "Form, newest on the right:")
    words = (("W", t(lang, "win")), ("D", t(lang, "draw")), ("L", t(lang, "loss")))
    face = _face("sans", "legend", scale, " ".join([said, *(w for _, w in words), *geometry.legend]), lang)
    x, middle = MARGIN * scale, geometry.legend_top + LEGEND_LINE * scale / 2
    size, letter = round(16 * scale), max(6, round(10 * scale))
    draw.text((x, middle), said, font=face, fill=INK_MUTED, anchor="lm")
    x += face.getlength(said) + 10 * scale
    for outcome, word in words:
        paste_sprite(image, _pip(outcome, size, letter, lang), (x, middle - size / 2))
        x += size + 5 * scale
        draw.text((x, middle), word, font=face, fill=INK_MUTED, anchor="lm")
        x += face.getlength(word) + 14 * scale
    for index, text in enumerate(geometry.legend, 1):
        y = geometry.legend_top + (index + 0.5) * LEGEND_LINE * scale
        draw.text((MARGIN * scale, y), text, font=face, fill=INK_MUTED, anchor="lm")


def render_standings_image(table: TableLike, *, width: int = WIDTH, max_rows: int = 40) -> Image.Image:
    """The standings picture as a Pillow image (see :func:`render_standings`)."""
    if width < 200:
        raise ValueError(f"a standings picture needs at least 200 px, not {width}")
    if max_rows < 1:
        raise ValueError("max_rows must be at least 1")
    read = _read(table)
    geometry = _layout(read, width, max_rows)
    image = Image.new("RGB", (geometry.width, geometry.height), BACKGROUND)
    _draw_header(image, read, geometry)
    _draw_table(image, read, geometry)
    _draw_legend(image, geometry, read.table.lang)
    return image


def render_standings(table: TableLike, *, width: int = WIDTH, max_rows: int = 40) -> bytes:
    """The standings of ``table`` as a PNG ``width`` pixels wide (800 by default: readable at
    Discord's 550 and 400). At most ``max_rows`` rows are drawn, then "… and K more"."""
    return encode_png(render_standings_image(table, width=width, max_rows=max_rows))


# -- the text version --------------------------------------------------------------------------


def _char_width(char: str) -> int:
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or 0x1F3FB <= ord(char) <= 0x1F3FF:
        return 0  # combining marks, joiners, variation selectors, skin tones
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _clusters(text: str) -> list[str]:
    """``text`` in user-perceived characters (near enough: a character with the marks and
    joined characters that follow it), so a cut never splits an accent or an emoji."""
    clusters: list[str] = []
    joined = False
    for char in text:
        if clusters and (joined or _char_width(char) == 0):
            clusters[-1] += char
        else:
            clusters.append(char)
        joined = char == "\u200d"
    return clusters


def _cluster_width(cluster: str) -> int:
    if "\ufe0f" in cluster or "\u200d" in cluster:
        return 2  # shown as an emoji
    return max((_char_width(c) for c in cluster), default=0)


def cell_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font (wide East Asian characters and emoji 2).

    >>> cell_width("Théoden"), cell_width("The\\u0301oden"), cell_width("🐎 Rohan"), cell_width("🛡️")
    (7, 7, 8, 2)
    """
    if text.isascii():
        return len(text)
    return sum(_cluster_width(cluster) for cluster in _clusters(text))


def fit_cells(text: str, width: int) -> str:
    """``text`` cut with "…" to at most ``width`` columns.

    >>> fit_cells("Meriadoc Brandybuck", 10), fit_cells("Sam", 10)
    ('Meriadoc…', 'Sam')
    """
    if cell_width(text) <= width:
        return text
    if text.isascii():
        return text[: width - 1].rstrip() + ELLIPSIS
    kept, used = "", 0
    for cluster in _clusters(text):
        size = _cluster_width(cluster)
        if used + size > width - 1:
            break
        kept, used = kept + cluster, used + size
    return kept.rstrip() + ELLIPSIS


def _pad(text: str, width: int, align: str) -> str:
    room = " " * max(0, width - cell_width(text))
    return text + room if align == "left" else room + text


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending with "…" when cut.

    >>> clip("Sonneborn", 6), clip("SB", 6)
    ('Sonne…', 'SB')
    """
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


def discord_length(text: str) -> int:
    """The length Discord counts (UTF-16 code units; never less than the characters)."""
    return len(text.encode("utf-16-le")) // 2


_MARKDOWN = re.compile(r"([\\*_~|`\[\]])")


def _escape(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text)


#: The player's column in the text version, at most (in monospaced columns).
TEXT_NAME_WIDTH = 16


def standings_text(table: TableLike, *, limit: int = MESSAGE_LIMIT) -> str:
    """The table as a Discord message: a bold title, a monospaced code block with every column
    (rank, player, P, W, D, L, [Bye], Pts, tie-break, [Rating], Form), then a one-line legend
    of the tie-break. At most ``limit`` characters: rows that do not fit are counted in a
    "… K more" line."""
    read = _read(table)
    info, lang = read.tiebreak, read.table.lang
    league = clip(read.table.league, 100) or t(lang, "League standings")
    title_parts = [f"**{_escape(league)}**"]
    title_parts += [_escape(clip(part, 60)) for part in (read.table.game, read.table.round_line) if part]
    title = " · ".join(title_parts)
    said = meaning(lang, info)
    if said:
        legend = t(lang, "{short} = {name}: {meaning}.", short=info.short, name=info.name, meaning=said)
    else:
        legend = t(lang, "{short} = {name}.", short=info.short, name=info.name)
    legend += " " + nt(
        lang, "Form: last {count} game, newest last.", "Form: last {count} games, newest last.", FORM_LENGTH
    )
    if any(line.shared for line in read.lines):
        legend += " " + t(lang, "{rank}: shared rank.", rank=_first_shared(read.lines))

    shown = _heads(read)
    heads: list[tuple[str, str]] = [
        (key, shown[key]) for key in ("rank", "name", "played", "won", "drawn", "lost")
    ]
    if read.byes:
        heads.append(("byes", shown["byes"]))
    heads += [("points", shown["points"]), ("tiebreak", info.short)]
    if read.ratings:
        # i18n: the rating's column head in the text version (short: at most 4 letters or 2 characters)
        heads.append(("rating", t(lang, "Rtg")))
    heads.append(("form", shown["form"]))

    def values(line: Line) -> dict[str, str]:
        return {
            "rank": line.rank_text,
            "name": fit_cells(line.name.replace("`", "ˋ"), TEXT_NAME_WIDTH),
            "played": str(line.played),
            "won": str(line.won),
            "drawn": str(line.drawn),
            "lost": str(line.lost),
            "byes": str(line.byes),
            "points": number(line.points),
            "tiebreak": number(line.tiebreak),
            "rating": _rating(line.rating),
            "form": form_letters(lang, line.form) or "-",
        }

    cells = [values(line) for line in read.lines]
    sizes = [{key: cell_width(texts[key]) for key, _ in heads} for texts in cells]
    extras = [  # what Discord counts beyond the columns a cell takes (emoji, accents)
        sum(discord_length(texts[key]) - size[key] for key, _ in heads)
        for texts, size in zip(cells, sizes, strict=True)
    ]

    def render(count: int) -> str:
        kept = cells[:count]
        widths = {key: max([cell_width(head)] + [size[key] for size in sizes[:count]]) for key, head in heads}
        widths["form"] = max(widths["form"], FORM_LENGTH)

        def row(texts: Mapping[str, str]) -> str:
            parts = [_pad(texts[key], widths[key], "left" if key == "name" else "right") for key, _ in heads]
            return " ".join(parts).rstrip()

        body = [row(dict(heads)), *(row(texts) for texts in kept)]
        if count < len(cells):
            body.append(more_line(len(cells) - count))
        if not read.lines:
            body.append(t(lang, "No players yet"))
        return "\n".join([title, "```", *body, "```", legend])

    # Rows are added while they fit (the column widths follow the rows kept), counted without
    # writing the message out each time; the message is then written once and checked.
    def more_line(left: int) -> str:
        return t(lang, "{ellipsis} {count} more", ellipsis=ELLIPSIS, count=left)

    widths = {key: cell_width(head) for key, head in heads}
    widths["form"] = max(widths["form"], FORM_LENGTH)
    frame = discord_length(title) + discord_length(legend) + len("```") * 2 + 4  # and their newlines
    columns, extra, count = len(heads) - 1, 0, 0
    for index, size in enumerate(sizes):
        grown = {key: max(widths[key], size[key]) for key in widths}
        extra += extras[index]
        line = sum(grown.values()) + columns
        left = len(cells) - index - 1
        more = discord_length(more_line(left)) + 1 if left else 0
        if frame + line * (index + 2) + index + 1 + extra + more > limit:
            break
        widths, count = grown, index + 1
    text = render(count)
    while discord_length(text) > limit and count:
        count -= 1
        text = render(count)
    if discord_length(text) > limit:  # only a tiny ``limit`` gets here
        text = clip(text, limit)
    return text


# -- the description ---------------------------------------------------------------------------


def describe_standings(table: TableLike, *, max_rows: int = 40, limit: int = DESCRIPTION_LIMIT) -> str:
    """What the picture shows in words (alt text, at most ``limit`` characters): the league,
    how it is ranked, then the players from the top, as many as fit."""
    read = _read(table)
    info, lang = read.tiebreak, read.table.lang
    where = ", ".join(part for part in (read.table.game, read.table.round_line) if part)
    league = clip(read.table.league, 120) or t(lang, "the league")
    count = len(read.lines)
    players = nt(lang, "{count} player", "{count} players", count)
    said = {"league": league, "where": where, "players": players, "name": info.name, "short": info.short}
    if where and info.short != info.name:
        head = t(
            lang,
            "Standings of {league} ({where}): {players}, ranked by points, then {name} ({short}).",
            **said,
        )
    elif where:
        head = t(lang, "Standings of {league} ({where}): {players}, ranked by points, then {name}.", **said)
    elif info.short != info.name:
        head = t(lang, "Standings of {league}: {players}, ranked by points, then {name} ({short}).", **said)
    else:
        head = t(lang, "Standings of {league}: {players}, ranked by points, then {name}.", **said)

    def then(text: str, sentence: str) -> str:
        # i18n: two sentences one after the other (a space between them, or none)
        return t(lang, "{sentence} {next}", sentence=text, next=sentence)

    if not read.lines:
        return clip(then(head, t(lang, "No players yet.")), limit)
    shown = min(count, max_rows)
    if shown < count:
        head = then(
            head, t(lang, "The picture shows the top {count}; the text version lists more.", count=shown)
        )
    entries = []
    for line in read.lines[:shown]:
        facts: dict[str, object] = {
            "rank": line.rank_text,
            "name": clip(line.name, 48),
            "won": line.won,
            "drawn": line.drawn,
            "lost": line.lost,
            "short": info.short,
            "tiebreak": number(line.tiebreak),
        }
        if line.points == int(line.points):
            points = nt(
                lang, "{points} point", "{points} points", int(line.points), points=number(line.points)
            )
        else:
            points = t(lang, "{points} points", points=number(line.points))
        entry = t(
            lang,
            "{rank} {name}: {points} ({won} won, {drawn} drawn, {lost} lost), {short} {tiebreak}",
            points=points,
            **facts,
        )
        if line.rating is not None:
            entry = t(lang, "{entry}, rating {rating}", entry=entry, rating=_rating(line.rating))
        if line.form:
            entry = t(lang, "{entry}, form {form}", entry=entry, form=" ".join(form_letters(lang, line.form)))
        entries.append(t(lang, "{entry}.", entry=entry))

    def more(rest: int) -> str:
        return t(lang, "… and {count} more.", count=rest)

    text, done = head, 0
    for entry in entries:
        rest = count - done - 1
        longer = then(text, entry)
        if len(then(longer, more(rest)) if rest else longer) > limit:
            break
        text, done = longer, done + 1
    if done < count:
        text = then(text, more(count - done))
    return clip(text, limit)


__all__ = [
    "Layout",
    "StandingRow",
    "Table",
    "TieBreak",
    "as_table",
    "describe_standings",
    "layout",
    "render_standings",
    "render_standings_image",
    "standings_text",
    "tiebreak_of",
]
