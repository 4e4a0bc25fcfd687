"""Reading a War of the Ring view safely: every key with ``.get``, so hand-made or partial views
still draw, and only the keys of the view contract are ever read (see
``docs/rendering-war-of-the-ring.md``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from renderers.common.paths import DATA_DIR
from renderers.common.view_reading import mapping as mapping
from renderers.common.view_reading import number as number
from renderers.common.view_reading import sequence as sequence

from . import words
from .theme import FREE, NATION_SIDES, NATIONS, SHADOW, SIDES
from .words import english, mark, tr

GAME_DIR = DATA_DIR / "war_of_the_ring"
KINDS = ("regular", "elite", "leader")
PHASES = {
    "recover": mark("Recover & draw"),
    "fellowship": mark("Fellowship phase"),
    "hunt": mark("Hunt allocation"),
    "roll": mark("Action roll"),
    "actions": mark("Action resolution"),
    "victory": mark("Victory check"),
}


def phase_title(phase: Any) -> str:
    """A phase's title in the picture's language ("" for none)."""
    found = PHASES.get(str(phase or ""))
    return tr(found) if found else ""


def side_title(side: Any) -> str:
    return words.side_title(side)


def name(view: Mapping[str, Any], role: Any) -> str:
    """The display name of a role (``names`` when given), else the side's title."""
    names = mapping(view.get("names"))
    shown = names.get(str(role)) if role is not None else None
    return str(shown) if shown else side_title(role)


def audience(view: Mapping[str, Any]) -> str | None:
    value = view.get("audience")
    return str(value) if value in SIDES else None


def units(raw: Any) -> list[tuple[str, int, int, int]]:
    """(nation, regular, elite, leader) rows of a units mapping, in the Nations' order, without
    empty rows; unknown Nations last."""
    table = mapping(raw)
    order = [n for n in NATIONS if n in table] + sorted(str(n) for n in table if n not in NATIONS)
    rows = []
    for nation in order:
        counts = mapping(table.get(nation))
        regular, elite, leader = (max(0, number(counts.get(kind))) for kind in KINDS)
        if regular or elite or leader:
            rows.append((nation, regular, elite, leader))
    return rows


def side_of(nation: str) -> str:
    return NATION_SIDES.get(nation, SHADOW if nation in ("isengard", "sauron", "southrons") else FREE)


def regions(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [r for r in sequence(view.get("regions")) if isinstance(r, Mapping) and r.get("id")]


def fellowship(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return mapping(view.get("fellowship"))


def result(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    value = view.get("result")
    return value if isinstance(value, Mapping) else None


def active(view: Mapping[str, Any]) -> list[str]:
    return [str(role) for role in sequence(view.get("active"))]


def headline(view: Mapping[str, Any]) -> str:
    """What the picture is about, in a few words."""
    done = result(view)
    if done is not None:
        winners = [str(w) for w in sequence(done.get("winners"))]
        if winners == [FREE]:
            return tr("The Free Peoples win!")
        if winners == [SHADOW]:
            return tr("The Shadow wins!")
        return tr("Game over")
    roles = active(view)
    you = audience(view)
    if len(roles) > 1:
        return tr("Both sides act")
    if len(roles) == 1:
        role = roles[0]
        if you is not None and role == you:
            return tr("Your move, {name}", name=name(view, role))
        return tr("{name} to act", name=name(view, role))
    return words.ptr("game", "War of the Ring") if not english() else "War of the Ring"


def _data(file: str, key: str) -> dict[str, dict[str, Any]]:
    path = GAME_DIR / file
    if not path.exists():
        return {}
    entries = json.loads(path.read_text(encoding="utf-8")).get(key) or []
    return {
        str(entry["id"]): dict(entry) for entry in entries if isinstance(entry, Mapping) and "id" in entry
    }


@lru_cache(maxsize=1)
def _characters() -> dict[str, dict[str, Any]]:
    return _data("characters.json", "characters")


@lru_cache(maxsize=1)
def _cards() -> dict[str, dict[str, Any]]:
    """The base cards, then Twilight of the Third Age's new, replacement and set-aside cards."""
    twilight = {
        **_data("tta_cards.json", "new"),
        **_data("tta_cards.json", "replacements"),
        **_data("tta_cards.json", "extra"),
    }
    return {**_data("cards.json", "cards"), **twilight}


FALLBACK_CHARACTERS = {
    "ring_bearers": "The Ring-bearers",
    "gandalf_grey": "Gandalf the Grey",
    "gandalf_white": "Gandalf the White",
    "strider": "Strider",
    "aragorn": "Aragorn",
    "boromir": "Boromir",
    "legolas": "Legolas",
    "gimli": "Gimli",
    "meriadoc": "Meriadoc",
    "peregrin": "Peregrin",
    "gollum": "Gollum",
    "witch_king": "The Witch-king",
    "saruman": "Saruman",
    "mouth_of_sauron": "The Mouth of Sauron",
    "witch_king_chief": "The Witch-king, Chief of the Ringwraiths",  # Twilight of the Third Age
    "balrog": "The Balrog",
    "galadriel": "Galadriel",
    "smeagol": "Sméagol",
}
#: Twilight of the Third Age's figures that are no character of the game's data, in other languages.
FIGURE_NAMES = {
    "witch_king_chief": mark("The Witch-king, Chief of the Ringwraiths"),
    "smeagol": mark("Sméagol"),
}
SHORT_CHARACTERS = {
    "meriadoc": mark("Merry"),
    "peregrin": mark("Pippin"),
    "mouth_of_sauron": mark("Mouth of Sauron"),
    "witch_king": mark("Witch-king"),
    # i18n: the Witch-king, Chief of the Ringwraiths (Twilight of the Third Age), in a few letters
    "witch_king_chief": mark("Witch-king (Chief)"),
}


def character_name(character: Any, *, short: bool = False) -> str:
    slug = str(character)
    if short and slug in SHORT_CHARACTERS:
        return tr(SHORT_CHARACTERS[slug])
    if not english():
        return _said_character(slug)
    entry = _characters().get(slug)
    if entry and entry.get("name"):
        return str(entry["name"])
    return FALLBACK_CHARACTERS.get(slug, slug.replace("_", " ").title())


def _said_character(slug: str) -> str:
    """A character's name in another language (the game's catalog names them)."""
    from games.war_of_the_ring.data import CHARACTERS
    from games.war_of_the_ring.i18n import character_name as said

    if slug in CHARACTERS:
        return said(slug)
    if slug in FIGURE_NAMES:
        return tr(FIGURE_NAMES[slug])
    entry = _characters().get(slug)
    english_name = str(entry["name"]) if entry and entry.get("name") else FALLBACK_CHARACTERS.get(slug)
    return words.ptr("character", english_name) if english_name else slug.replace("_", " ").title()


def smeagol_piece(view: Mapping[str, Any]) -> str | None:
    """Twilight of the Third Age: the side the Sméagol/Gollum piece shows (``smeagol`` or
    ``gollum``), ``None`` in a game without it."""
    found = mapping(view.get("tta_characters")).get("smeagol")
    return str(found) if found in ("smeagol", "gollum") else None


def we_shall_get_it_words(view: Mapping[str, Any]) -> str:
    """Where the card We Shall Get It is, as the table knows it: set aside, taken (in the
    Shadow's hand, or discarded face down: the table cannot tell), on the table or used."""
    shadow = mapping(mapping(view.get("cards")).get(SHADOW))
    if "we_shall_get_it" in sequence(shadow.get("table")):
        return tr("on the table")
    if "we_shall_get_it" in sequence(shadow.get("played")):
        return tr("used")
    # i18n: where the card We Shall Get It is: set aside (not yet in play) or taken (into a hand)
    if mapping(view.get("tta_characters")).get("we_shall_get_it_aside"):
        return tr("set aside")
    return tr("taken")


def card_name(card: Any) -> str:
    """A card id's name from ``data/war_of_the_ring/cards.json`` (the id when unknown)."""
    slug = str(card)
    entry = _cards().get(slug)
    if not english():
        from games.war_of_the_ring.data import CARDS
        from games.war_of_the_ring.i18n import card_name as said

        if slug in CARDS:
            return said(slug)
    return str(entry["name"]) if entry and entry.get("name") else slug


def card_entry(card: Any) -> Mapping[str, Any]:
    """A card's data from ``data/war_of_the_ring/cards.json`` (empty when unknown)."""
    return _cards().get(str(card)) or {}


def card_ids() -> tuple[str, ...]:
    """Every Event card's id, in the order of the data file."""
    return tuple(_cards())


def card_deck(card: Any) -> str | None:
    entry = _cards().get(str(card))
    if entry and not entry.get("deck") and entry.get("icon"):  # a card of no deck: its icon's kind
        return "character" if entry["icon"] == "character" else "strategy"
    return str(entry["deck"]) if entry and entry.get("deck") else None
