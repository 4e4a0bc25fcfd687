"""The Confrontation's ``/rules``: an overview and every character, combat card and special card."""

from __future__ import annotations

from functools import cache

from games.core import RuleTopic

from .data import CARD_ORDER, CARDS, CHAR_ORDER, CHARS, SPECIAL_ORDER, SPECIALS, char_label

OVERVIEW = """\
**The Lord of the Rings: The Confrontation** — two players, the Fellowship against Sauron.
• **Set-up**: each side places its nine characters face down in its own half, in secret.
• **Turn**: move one character one region forward (toward the enemy's home), or as its ability \
allows; Sauron moves first. Instead, or besides, you may play a special card if you hold one.
• **Battle**: entering a region that holds enemies starts a battle. Both fighters are revealed, \
their abilities act, then each side secretly plays a combat card: the higher total strength \
wins and the lower is defeated (a tie defeats both). A played card is gone until all nine are.
• **Winning**: the Fellowship wins when Frodo (the Ring-bearer) reaches Mordor; Sauron wins when \
the Ring-bearer is defeated or three Sauron characters hold the Shire. A side that cannot move \
loses.
Look up any character or card with `/rules topic:`, e.g. `/rules topic:Balrog`."""


@cache
def topics() -> tuple[RuleTopic, ...]:
    found: list[RuleTopic] = []
    for slug in CHAR_ORDER:
        char = CHARS[slug]
        side = "Fellowship" if char.side == "fellowship" else "Sauron"
        edition = "classic" if char.set == "classic" else "Deluxe variant"
        found.append(
            RuleTopic(
                slug,
                char_label(slug),
                f"Strength {char.strength}. {char.ability}",
                f"{side} character ({edition})",
            )
        )
    for side in ("fellowship", "sauron"):
        owner = "Fellowship" if side == "fellowship" else "Sauron"
        for slug in CARD_ORDER[side]:
            card = CARDS[side][slug]
            text = card.text or f"Adds {card.value} to your fighter's strength."
            found.append(RuleTopic(f"{side}-card-{slug}", f"{owner} card: {card.name}", text, "combat card"))
    for slug in SPECIAL_ORDER:
        special = SPECIALS[slug]
        owner = "Fellowship" if special.side == "fellowship" else "Sauron"
        text = special.text
        if special.text_2002 and special.text_2002 != special.text:
            text = f"{special.text} (2002 set: {special.text_2002})"
        found.append(RuleTopic(slug, special.name, text, f"{owner} special card"))
    return tuple(found)
