"""``/rules`` with cards: the words and the cards to draw for a topic, ``card:`` finding only
cards (an Event card by name or id, a Combat card pointing to the Event cards that carry it),
and its autocomplete offering only cards, in words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot import texts
from bot.cogs.game import card_autocomplete
from games.core import find

WOTR = find("war-of-the-ring")


def asking(**options: Any) -> Any:
    return SimpleNamespace(channel_id=None, guild_id=1, namespace=SimpleNamespace(**options))


def test_a_card_is_answered_with_its_picture_and_a_rule_without() -> None:
    text, cards = texts.rules_answer(WOTR, "Guards of the Citadel", cards_only=True)
    assert cards == ("fps_14",) and "**Guards of the Citadel** (Free Peoples strategy card)" in text
    assert "Recruit 1 Gondor unit" in text and "Combat card **Charge**" in text
    text, cards = texts.rules_answer(WOTR, "combat_it_is_a_gift", cards_only=True)
    assert cards == ("fpc_01", "fpc_02", "fpc_03", "fpc_04") and "Phial of Galadriel" in text
    assert texts.rules_answer(WOTR, "fpc_12", cards_only=True)[1] == ("fpc_12",)
    assert texts.rules_answer(WOTR, "ents awake", cards_only=True)[1] == ("fpc_19", "fpc_20", "fpc_21")
    assert texts.rules_answer(WOTR, "hunt")[1] == (), "a rule shows no card"
    assert texts.rules_answer(WOTR, "Elven Cloaks")[1] == ("fpc_01",), "topic: shows a card too"
    text, cards = texts.rules_answer(WOTR, "Gandalf's Pipe", cards_only=True)
    assert cards == () and "no card" in text
    text, cards = texts.rules_answer(find("confrontation"), "balrog", cards_only=True)
    assert cards == () and "no cards to show" in text and "/rules topic:" in text


async def test_the_card_list_offers_only_cards_in_words() -> None:
    offered = await card_autocomplete(asking(game="war-of-the-ring"), "gift")
    assert [c.value for c in offered] == ["combat_it_is_a_gift"]
    assert offered[0].name.startswith("It Is a Gift — Free Peoples combat card, on Elven Cloaks, Elven Rope")
    assert all(len(c.name) <= 100 for c in offered)
    everything = await card_autocomplete(asking(game="war-of-the-ring"), "")
    assert len(everything) == 25 and "more" in everything[-1].name, "capped, saying there are more"
    topics = {t.slug for t in WOTR.rules_topics() if t.cards}
    assert all(c.value in topics for c in everything[:-1])
    fellowship = await card_autocomplete(asking(game="war-of-the-ring"), "fellowship")
    assert [c.value for c in fellowship] == ["shc_14"], "only cards, never the rule of the same name"
    assert await card_autocomplete(asking(game="confrontation"), "") == []
