"""Minas Tirith's ``/rules``: every card, space and rule area can be found by its name, the texts are
true to the data and say plainly what is ours, and the lobby notice is short."""

from __future__ import annotations

import re

import pytest

from games.core.rules_search import search_key
from games.minas_tirith import rules_help
from games.minas_tirith.data import MT_CARDS, SPACES, UNITS
from games.minas_tirith.rules_help import ALIASES, NOTICE, lookup, not_found, topics

MAX_LABEL = 100
#: Discord's embed description limit, which one /rules answer must fit.
MAX_TEXT = 4096


def _slugs(query: str) -> list[str]:
    return [t.slug for t in lookup(query)]


def test_topics_are_unique_and_cover_every_card_and_space() -> None:
    slugs = [t.slug for t in topics()]
    assert len(slugs) == len(set(slugs))
    assert set(MT_CARDS) <= set(slugs) and set(SPACES) <= set(slugs)
    assert {t.slug for t in topics() if t.kind == "rule"} == {slug for slug, _, _ in rules_help.RULES}
    for topic in topics():
        assert topic.title and topic.text and len(topic.slug) <= MAX_LABEL
        assert len(topic.text) < MAX_TEXT


@pytest.mark.parametrize("card", sorted(MT_CARDS))
def test_every_card_is_found_by_its_name_and_its_id(card: str) -> None:
    name = MT_CARDS[card].name
    assert _slugs(name) == [card]
    assert _slugs(name.upper()) == [card]
    assert _slugs(card) == [card]


@pytest.mark.parametrize("space", sorted(SPACES))
def test_every_space_is_found_by_its_name_and_its_id(space: str) -> None:
    assert _slugs(SPACES[space].name) == [space]
    assert _slugs(space) == [space]
    grid = SPACES[space].grid
    if grid:
        assert _slugs(grid.lower()) == [space]


def test_names_without_accents_and_the_start_of_a_name_find_them() -> None:
    assert _slugs("Theoden and the Riders of Rohan") == ["theoden"]
    assert _slugs("The Southrons and their Mumakil") == ["haradrim"]
    assert _slugs("Druadan Road") == ["druadan_road"]
    assert _slugs("grond") == ["grond"]
    assert set(_slugs("rammas")) == {s for s in SPACES if "Rammas" in SPACES[s].name}


def test_every_rule_area_and_alias_is_found() -> None:
    for slug, title, _ in rules_help.RULES:
        assert _slugs(slug) == [slug] and _slugs(title) == [slug]
    for word, slug in ALIASES.items():
        assert word == search_key(word), word
        assert _slugs(word) == [slug], word


def test_unknown_names_get_close_suggestions_or_the_list() -> None:
    assert not_found("Pelenor") == (
        "Minas Tirith has no card, space or rule called “Pelenor”. Did you mean Fields of the Pelennor?"
    )
    assert "Pick a topic from the list" in not_found("qqqq")
    assert lookup("") == () and lookup("   ") == ()


def test_card_topics_say_what_is_printed_and_what_is_ours() -> None:
    for card in MT_CARDS.values():
        text = next(t.text for t in topics() if t.slug == card.id)
        assert card.effect in text
        if card.name_printed:
            assert "Printed name; the effect is our reconstruction." in text
        else:
            assert "Our reconstruction: the name and the effect." in text


def test_the_reconstruction_topic_names_the_printed_cards_and_what_is_ours() -> None:
    (topic,) = lookup("reconstruction")
    for name in ("Théoden", "Aragorn", "Mordor Reinforcements", "Siege Tower", "Storm Ladders"):
        assert name in topic.text
    for ours in ("board", "set-up", "eleven cards", "catapults", "Grond", "tie"):
        assert ours in topic.text
    assert _slugs("what is printed and what is ours") == ["reconstruction"]


def test_space_texts_follow_the_data() -> None:
    gate = next(t.text for t in topics() if t.slug == "before_the_gate")
    assert "Grond's space" in gate and "The Great Gate leads to Minas Tirith" in gate
    city = next(t.text for t in topics() if t.slug == "minas_tirith")
    assert "No retreat arrow for Good here" in city
    camps = next(t.text for t in topics() if t.slug == "northern_camps")
    assert "Evil (area 1) starts here with 4 orcs, 3 warg riders and Gothmog." in camps


def test_rule_texts_name_only_real_unit_kinds_and_counts() -> None:
    figures = next(t.text for t in topics() if t.slug == "figures")
    for unit in UNITS.values():
        assert re.search(rf"\b{unit.count} {re.escape(unit.name)}", figures, re.IGNORECASE), unit.id


def test_the_lobby_notice_is_one_or_two_short_sentences() -> None:
    sentences = [s for s in re.split(r"(?<=[.!?])\s", NOTICE) if s]
    assert 1 <= len(sentences) <= 2 and len(NOTICE) <= 300
    assert "reconstruction" in NOTICE
    assert _slugs("reconstruction") == ["reconstruction"]
    assert rules_help.OVERVIEW.startswith("**Minas Tirith**")


def test_the_lobby_tells_players_the_board_and_cards_are_our_reconstruction() -> None:
    from games.core import find

    ruleset = find("minas-tirith")
    notice = ruleset.notice(ruleset.resolve_options({}))
    assert "reconstruction" in notice and "/rules topic:reconstruction" in notice
