"""The names and texts of War of the Ring's Event cards, characters and special Hunt tiles as
catalog messages, each with its kind as the context.

The data files stay English (``data/war_of_the_ring/cards.json``, ``tta_cards.json``,
``characters.json``, ``tta_characters.json``, ``hunt_tiles.json``); :func:`catalog_messages` lists
every name and text they give for the ``war_of_the_ring`` catalog (:func:`.i18n.catalog_messages`
adds them to the template), and :mod:`.card_text` says each in the language being spoken.

Contexts: ``card`` (an Event card's name), ``card text`` (its Event), ``condition`` (what must
be true to play an Event or a Combat card), ``discard`` (when a card on the table goes),
``combat card`` and ``combat text`` (the Combat half's name and effect), ``character title``,
``ability`` and ``ability text`` (a character's abilities, his Guide ability among them),
``character text`` (how a character enters or leaves play) and ``tile`` (a special Hunt tile).

>>> next(m for m in catalog_messages() if m[0] == "combat card")
('combat card', 'It Is a Gift', 'Event card fpc_01: its Combat card')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.content import load_json

from .data import DATA_DIR


def _card_messages(card: Mapping[str, Any], where: str) -> Iterator[tuple[str, str, str]]:
    slug = card["id"]
    yield "card", card["name"], f"Event card {slug} ({where})"
    yield "card text", card["event"], f"Event card {slug}: its Event"
    if card.get("condition"):
        yield "condition", card["condition"], f"Event card {slug}: play it only if"
    if card.get("discard"):
        yield "discard", card["discard"], f"Event card {slug}: stays on the table, discarded"
    combat = card.get("combat")
    if combat:
        yield "combat card", combat["name"], f"Event card {slug}: its Combat card"
        if combat.get("condition"):
            yield "condition", combat["condition"], f"Event card {slug}: play the Combat card only if"
        yield "combat text", combat["effect"], f"Event card {slug}: the Combat card's effect"


def _character_messages(character: Mapping[str, Any], where: str) -> Iterator[tuple[str, str, str]]:
    slug = character["id"]
    if character.get("title"):
        yield "character title", character["title"], f"character {slug}: his title ({where})"
    if character.get("guide"):
        yield "ability text", character["guide"], f"character {slug}: his ability as the Guide"
    for ability in character.get("abilities", ()):
        yield "ability", ability["name"], f"character {slug}: an ability's name"
        yield "ability text", ability["text"], f"character {slug}: ability {ability['name']}"
    if character.get("entry"):
        yield "character text", character["entry"], f"character {slug}: how he enters play"
    if character.get("leaves"):
        yield "character text", character["leaves"], f"character {slug}: how he leaves play"


def catalog_messages() -> Iterator[tuple[str, str, str]]:
    """``(context, English, comment)`` of every card's, character's and special tile's name and
    text (a character's name is among the names: :func:`.i18n.catalog_messages`)."""
    tta_cards = load_json(DATA_DIR, "tta_cards.json")
    for card in load_json(DATA_DIR, "cards.json")["cards"]:
        yield from _card_messages(card, "base game")
    for group in ("new", "replacements", "extra"):
        for card in tta_cards[group]:
            yield from _card_messages(card, "Twilight of the Third Age")
    for character in load_json(DATA_DIR, "characters.json")["characters"]:
        yield from _character_messages(character, "base game")
    for character in load_json(DATA_DIR, "tta_characters.json")["characters"]:
        yield from _character_messages(character, "Twilight of the Third Age")
    for tile in load_json(DATA_DIR, "hunt_tiles.json")["special"]:
        yield "tile", tile["name"], f"special Hunt tile {tile['id']}"
    yield "tile", "Sméagol", "the Sméagol Hunt tiles (Twilight of the Third Age)"
