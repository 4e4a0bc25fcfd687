"""Event cards in words for their holder and for the table: a hand, one line a card, the cards
that public events put face up (which a post shows as pictures), and each card's, character's
and special tile's texts in the language being spoken (:func:`.i18n.speaking`; English as
printed), from the catalog messages :mod:`.card_catalog` lists.

>>> print(card_line("fpc_12"))
• **Bilbo's Song** — Character card, Character icon — Heal 1 Corruption (2 if Gollum is the Guide).
>>> shown_cards([("event_played", {"side": "free", "card": "fps_14"}), ("card_drawn", {"side": "free"})])
('fps_14',)
>>> event_text("fpc_12"), combat_name("fpc_01"), tile_name("phial")
('Heal 1 Corruption (2 if Gollum is the Guide).', 'It Is a Gift', 'Phial of Galadriel')
>>> shown_cards([("combat_cards_revealed", {"attacker_card": None, "defender_card": "shs_07"})])
('shs_07',)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core import State

from .data import CARDS, CHARACTERS, TILES
from .i18n import card_name, current, mark, ptr, tr

#: Event kinds that put a card face up, and the arguments naming it (``None``: no card).
SHOWN: dict[str, tuple[str, ...]] = {
    "event_played": ("card",),
    "combat_cards_revealed": ("attacker_card", "defender_card"),
}
#: The longest effect a hand's line gives (the card's picture and ``/rules card:`` say it all).
EFFECT_CHARS = 80
#: Japanese and Chinese say as much in about half as many characters.
DENSE_LANGUAGES = ("ja", "zh-CN")
ICON_WORDS = {"character": mark("Character icon"), "army": mark("Army icon"), "muster": mark("Muster icon")}
KIND_WORDS = {
    "character": mark("Character card"),
    "strategy": mark("Strategy card"),
    None: mark("Card of no deck"),
}


def event_text(card: str) -> str:
    """An Event card's Event text."""
    return ptr("card text", CARDS[card].event)


def condition_text(card: str) -> str:
    """What must be true to play the Event (``""``: nothing)."""
    condition = CARDS[card].condition
    return ptr("condition", condition) if condition else ""


def discard_text(card: str) -> str:
    """When a card on the table is discarded (``""``: not said)."""
    discard = CARDS[card].discard
    return ptr("discard", discard) if discard else ""


def combat_name(card: str) -> str:
    """The name of the card's Combat half (``""``: none)."""
    combat = CARDS[card].combat
    return ptr("combat card", combat.name) if combat else ""


def combat_condition(card: str) -> str:
    """What must be true to play the Combat half (``""``: nothing or no Combat half)."""
    combat = CARDS[card].combat
    return ptr("condition", combat.condition) if combat and combat.condition else ""


def combat_text(card: str) -> str:
    """The effect of the card's Combat half (``""``: none)."""
    combat = CARDS[card].combat
    return ptr("combat text", combat.effect) if combat else ""


def character_title(character: str) -> str:
    return ptr("character title", CHARACTERS[character].title)


def ability_name(name: str) -> str:
    """A character's ability by its English name."""
    return ptr("ability", name)


def ability_text(text: str) -> str:
    """A character's ability (or Guide ability) by its English text."""
    return ptr("ability text", text)


def guide_text(character: str) -> str:
    """His ability as the Guide (``""``: none)."""
    guide = CHARACTERS[character].guide
    return ability_text(guide) if guide else ""


def character_text(text: str) -> str:
    """How a character enters or leaves play, by its English text."""
    return ptr("character text", text)


def tile_name(tile: str) -> str:
    """A special Hunt tile's name (a Sméagol tile's: Sméagol)."""
    name = TILES[tile].name
    return ptr("tile", name) if name else tile


def short_effect(text: str, limit: int = EFFECT_CHARS) -> str:
    """The start of a card's text, cut at a word with an ellipsis past ``limit`` characters.

    >>> short_effect("Heal 1 Corruption (2 if Gollum is the Guide).")
    'Heal 1 Corruption (2 if Gollum is the Guide).'
    >>> short_effect("Move any or all Nazgûl. Then either move up to 2 Armies", 30)
    'Move any or all Nazgûl. Then…'
    >>> short_effect("ナズグルを好きなだけ移動させる。その後、軍勢を2つまで移動させる。", 20)
    'ナズグルを好きなだけ移動させる。その後…'

    A text with no space (Japanese, Chinese) is cut between two characters.
    """
    if len(text) <= limit:
        return text
    head = text[: limit + 1]
    cut = (head.rsplit(" ", 1)[0] if " " in head else head[:limit]).rstrip(" ,;:.、，。；：")
    return f"{cut}…"


def card_line(card: str) -> str:
    """One card of a hand: its name, deck, play icon and the start of its Event."""
    found = CARDS[card]
    icon = tr(ICON_WORDS[found.icon]) if found.icon in ICON_WORDS else found.icon
    limit = EFFECT_CHARS // 2 if current() in DENSE_LANGUAGES else EFFECT_CHARS
    return tr(
        "• **{name}** — {kind}, {icon} — {effect}",
        name=card_name(card),
        kind=tr(KIND_WORDS[found.deck]),
        icon=icon,
        effect=short_effect(event_text(card), limit),
    )


def hand(state: State, side: str) -> tuple[str, ...]:
    """The cards ``side`` holds, in their order in the decks (Character cards first; a card of
    no deck, We Shall Get It, first of its kind)."""
    return tuple(sorted(state["hands"][side], key=lambda card: (CARDS[card].kind, CARDS[card].number or 0)))


def hand_lines(state: State, side: str) -> tuple[str, ...]:
    return tuple(card_line(card) for card in hand(state, side))


def shown_cards(events: Iterable[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
    """The cards that ``events`` (public projections) put face up, in order, each once."""
    found: list[str] = []
    for kind, args in events:
        for key in SHOWN.get(kind, ()):
            card = args.get(key)
            if isinstance(card, str) and card in CARDS and card not in found:
                found.append(card)
    return tuple(found)
