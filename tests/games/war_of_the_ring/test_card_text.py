"""Cards in words: a hand for its holder (and only him), the cards public events put face up,
and ``/rules`` topics for every Event card and every Combat card, each pointing to its cards."""

from __future__ import annotations

from games.core import find, project
from games.war_of_the_ring.card_text import card_line, hand_lines
from games.war_of_the_ring.data import BASE_CARDS, CARDS, SET_ASIDE_CARDS, TWILIGHT_CARDS

from .helpers import position

WOTR = find("war-of-the-ring")
FREE_HAND = ["fps_14", "fpc_12", "fpc_01"]
SHADOW_HAND = ["shs_07", "shc_02"]


def test_a_hand_is_listed_for_its_holder_one_line_a_card() -> None:
    state = position(hands={"free": FREE_HAND, "shadow": SHADOW_HAND})
    assert WOTR.hand(state, "free") == ("fpc_01", "fpc_12", "fps_14"), "Character cards first, by number"
    lines = WOTR.hand_lines(state, "free")
    assert len(lines) == 3
    assert lines[1] == (
        "• **Bilbo's Song** — Character card, Character icon — Heal 1 Corruption (2 if Gollum is the Guide)."
    )
    assert lines[2].startswith("• **Guards of the Citadel** — Strategy card, Muster icon — Recruit")
    assert all(len(line) < 200 for line in hand_lines(state, "shadow"))


def test_the_opponent_and_the_public_see_only_how_many_cards() -> None:
    state = position(hands={"free": FREE_HAND, "shadow": SHADOW_HAND})
    for audience in (None, "shadow"):
        cards = WOTR.view(state, audience)["cards"]["free"]
        assert cards["hand"] is None and cards["hand_count"] == 3
        assert not any(card in repr(WOTR.view(state, audience)) for card in FREE_HAND)
    assert WOTR.view(state, "free")["cards"]["free"]["hand"] == sorted(FREE_HAND)


def test_every_card_line_has_its_name_deck_and_icon() -> None:
    for card in CARDS.values():
        line = card_line(card.id)
        kind = f"{card.deck.title()} card" if card.deck else "Card of no deck"  # We Shall Get It
        assert card.name in line and kind in line and "icon" in line
        assert len(line) <= 60 + len(card.name) + 85


def test_played_and_revealed_cards_are_shown_as_the_public_sees_them() -> None:
    played = {"seq": 4, "kind": "event_played", "args": {"side": "free", "card": "fps_14"}}
    revealed = {
        "seq": 5,
        "kind": "combat_cards_revealed",
        "args": {"attacker": "shadow", "defender": "free", "attacker_card": "shs_07", "defender_card": None},
    }
    drawn = {
        "seq": 6,
        "kind": "card_drawn",
        "args": {"side": "free", "deck": "character"},
        "for": {
            "free": {
                "kind": "own_card_drawn",
                "args": {"side": "free", "deck": "character", "card": "fpc_02"},
            }
        },
    }
    public = [project(e, None) for e in (played, revealed, drawn, played)]
    assert WOTR.shown_cards(public) == ("fps_14", "shs_07"), "each once, never a card drawn"
    assert WOTR.shown_cards([project(drawn, "free")]) == (), "a draw is no card put face up"
    assert WOTR.shown_cards([("event_played", {"side": "free", "card": "nonsense"})]) == ()
    assert find("confrontation").shown_cards(public) == (), "the default: no card pictures"


def test_rules_topics_point_to_the_cards() -> None:
    topics = WOTR.rules_topics()
    cards = [t for t in topics if t.cards == (t.slug,)]
    combats = [t for t in topics if t.kind.endswith("combat card")]
    assert len(cards) == 96 + len(TWILIGHT_CARDS) + len(SET_ASIDE_CARDS) and len(combats) == 38 + 4
    carried = {c for t in combats for c in t.cards}  # the replacements carry base Combat cards
    carriers = {c for c in CARDS if not c.endswith("t") and c not in SET_ASIDE_CARDS}
    assert carried == carriers, "every card but We Shall Get It carries a Combat card"
    assert {c for t in combats if "Twilight" not in t.kind for c in t.cards} == set(BASE_CARDS)
    assert all(not t.cards for t in topics if t not in cards and t not in combats), "rules show no card"
    gift = WOTR.rules_lookup("it is a gift")
    assert [t.title for t in gift] == ["It Is a Gift"] and gift[0].cards == (
        "fpc_01",
        "fpc_02",
        "fpc_03",
        "fpc_04",
    )
    assert "Elven Cloaks" in gift[0].text and "Initiative 3." in gift[0].text
    mumakil = WOTR.rules_lookup("Mumakil")[0]
    assert mumakil.cards == ("shs_07", "shs_08") and "Initiative 3/5." in mumakil.text


def test_a_rules_topic_is_found_once_whatever_its_names_share() -> None:
    for asked in ("gimli", "Gimli", "balrog", "Elven Cloaks"):
        found = [t.slug for t in WOTR.rules_lookup(asked)]
        assert found and len(found) == len(set(found)), (asked, found)
