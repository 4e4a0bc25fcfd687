"""The Confrontation's ``/rules``: an overview and every character, combat card and special
card, in the reader's language."""

from __future__ import annotations

from functools import cache

from games.core import RuleTopic
from games.core.i18n import SOURCE

from .data import CARD_ORDER, CARDS, CHAR_ORDER, CHARS, SPECIAL_ORDER, SPECIALS
from .words import ability_text, card_name, card_text, char_label, side_title, special_name, special_text, t


def overview(lang: str = SOURCE) -> str:
    return t(
        lang,
        "**The Lord of the Rings: The Confrontation** — two players, the Fellowship against Sauron.\n"
        "• **Set-up**: each side places its nine characters face down in its own half, in secret.\n"
        "• **Turn**: move one character one region forward (toward the enemy's home), or as its ability "
        "allows; Sauron moves first. Instead, or besides, you may play a special card if you hold one.\n"
        "• **Battle**: entering a region that holds enemies starts a battle. Both fighters are revealed, "
        "their abilities act, then each side secretly plays a combat card: the higher total strength "
        "wins and the lower is defeated (a tie defeats both). A played card is gone until all nine are.\n"
        "• **Winning**: the Fellowship wins when Frodo (the Ring-bearer) reaches Mordor; Sauron wins when "
        "the Ring-bearer is defeated or three Sauron characters hold the Shire. A side that cannot move "
        "loses.\n"
        "Look up any character or card with `/rules topic:`, e.g. `/rules topic:Balrog`.",
    )


#: The overview in English (what ``rules_overview()`` says by default).
OVERVIEW = overview()


def _character_kind(side: str, classic: bool, lang: str) -> str:
    if side == "fellowship":
        if classic:
            return t(lang, "Fellowship character (classic)")
        return t(lang, "Fellowship character (Deluxe variant)")
    if classic:
        return t(lang, "Sauron character (classic)")
    return t(lang, "Sauron character (Deluxe variant)")


@cache
def topics(lang: str = SOURCE) -> tuple[RuleTopic, ...]:
    found: list[RuleTopic] = []
    for slug in CHAR_ORDER:
        char = CHARS[slug]
        text = t(
            lang, "Strength {strength}. {ability}", strength=char.strength, ability=ability_text(slug, lang)
        )
        kind = _character_kind(char.side, char.set == "classic", lang)
        found.append(RuleTopic(slug, char_label(slug, lang), text, kind))
    for side in ("fellowship", "sauron"):
        for slug in CARD_ORDER[side]:
            card = CARDS[side][slug]
            if card.text:
                text = card_text(side, slug, lang)
            else:
                text = t(lang, "Adds {value} to your fighter's strength.", value=card.value)
            title = t(
                lang, "{side} card: {card}", side=side_title(side, lang), card=card_name(side, slug, lang)
            )
            found.append(RuleTopic(f"{side}-card-{slug}", title, text, t(lang, "combat card")))
    for slug in SPECIAL_ORDER:
        special = SPECIALS[slug]
        text = special_text(slug, "deluxe", lang)
        if special.text_2002 and special.text_2002 != special.text:
            text = t(
                lang, "{text} (2002 set: {text_2002})", text=text, text_2002=special_text(slug, "2002", lang)
            )
        if special.side == "fellowship":
            kind = t(lang, "Fellowship special card")
        else:
            kind = t(lang, "Sauron special card")
        found.append(RuleTopic(slug, special_name(slug, lang), text, kind))
    return tuple(found)
