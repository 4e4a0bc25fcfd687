"""War of the Ring's ``/rules`` and typed commands in Danish, Japanese and Chinese: the overview,
every topic of the base game and of Twilight of the Third Age, the lookup by a title in the
reader's language or in English, the not-found answer, and the commands' descriptions.

The names and data texts inside the topics (characters, cards, tiles, regions, card and ability
texts) are the catalog's names and texts, translated with the cards and the log; here they are
replaced by a marker, so that what is checked is this area's own sentences."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.i18n.translator import command_text
from games.war_of_the_ring import rules_help
from games.war_of_the_ring.commands import COMMANDS
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta import rules_topics as tta_topics
from tests.support.languages import assert_translated

LANGUAGES = ("da", "ja", "zh-CN")
#: English words a Danish text must not keep (Danish shares the names, and "Mordor", "Nazgûl").
ENGLISH = re.compile(
    r"\b(the|and|with|of|card|cards|Fellowship|Shadow|Free Peoples|Level|Leadership|Event|Combat|"
    r"If|Only if|Damage|Hunt|tile|rule|Sources|Moves|Enters|Replaces|Stays|discarded|Set aside|"
    r"Playable|none yet|Initiative|Twilight|Look up|has no)\b"
)
MARK = "«»"
#: A published title Danish keeps (the module's book has no Danish edition).
BOOK = "Battles of the Third Age"


@pytest.fixture
def own_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The names and data texts as a marker: only this area's sentences are left to check."""
    marker = lambda *_args, **_kwargs: MARK  # noqa: E731
    for name in ("card_name", "character_name", "tile_name", "data_text"):
        monkeypatch.setattr(rules_help, name, marker)
    for name in ("card_name", "character_name", "name_title", "region_title"):
        monkeypatch.setattr(tta_topics, name, marker)
    rules_help._topics.cache_clear()
    rules_help._index.cache_clear()
    yield
    rules_help._topics.cache_clear()
    rules_help._index.cache_clear()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_topic_and_the_overview_are_in_the_readers_language(lang: str, own_words: None) -> None:
    english = R.rules_topics()
    said = R.rules_topics(lang)
    assert [t.slug for t in said] == [t.slug for t in english]
    for before, after in zip(english, said, strict=True):
        for text_en, text in (
            (before.title, after.title),
            (before.text, after.text),
            (before.kind, after.kind),
        ):
            assert_translated(text_en, text, lang, ENGLISH, kept=BOOK)
        if after.slug in {slug for slug, *_ in (*rules_help.RULES, *tta_topics.RULES)}:
            assert after.text != before.text and after.title != before.title
    overview = R.rules_overview(lang)
    assert_translated(R.rules_overview(), overview, lang, ENGLISH)
    assert "`/rules topic:hunt`" in overview  # the examples stay as typed


def test_english_is_unchanged() -> None:
    assert R.rules_overview().startswith("**War of the Ring** (2nd edition) — the Free Peoples against")
    assert R.rules_topics("en") == R.rules_topics()
    hunt = R.rules_lookup("hunt")[0]
    assert (hunt.title, hunt.kind) == ("The Hunt for the Ring", "rule")
    gandalf = R.rules_lookup("gandalf_grey")[0]
    assert gandalf.text.startswith("Level 3, Leadership 1. As Guide: After using an Event die")
    combat = R.rules_lookup("It Is a Gift")[0]
    assert combat.text.startswith("Initiative ") and ". On the Event cards " in combat.text
    corsairs = R.rules_lookup("corsairs")[0]
    assert "they stand only on the coast (Umbar, " in corsairs.text
    assert R.rules_not_found("Gandolf") == (
        "War of the Ring has no card, character, tile or rule called “Gandolf”. "
        "Did you mean Gandalf the Grey?"
    )


@pytest.mark.parametrize(
    ("lang", "title"),
    [("ja", "指輪の追跡"), ("zh-CN", "追猎魔戒"), ("da", "Jagten på Ringen"), ("ja", "政治トラック")],
)
def test_a_topic_is_found_by_its_title_in_the_readers_language(lang: str, title: str) -> None:
    found = R.rules_lookup(title, lang)
    assert found and found[0].title == title
    assert found[0].slug in ("hunt", "politics")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_topic_is_found_by_its_english_name_or_slug_and_told_in_the_readers_language(lang: str) -> None:
    for query, slug in (("hunt", "hunt"), ("The Mordor Track", "mordor"), ("Siege engines", "siege-engines")):
        found = R.rules_lookup(query, lang)
        assert found and found[0].slug == slug
        assert found[0].title != R.rules_lookup(query)[0].title  # told in the reader's language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_not_found_answer_is_in_the_readers_language(lang: str, own_words: None) -> None:
    for query in ("Gandolf", "qqqq"):
        said = R.rules_not_found(query, lang)
        assert f"“{query}”" in said or f"「{query}」" in said
        assert_translated(R.rules_not_found(query), said.replace(query, ""), lang, ENGLISH)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_typed_command_and_option_is_described_in_every_language_within_discords_limit(
    lang: str,
) -> None:
    for spec in COMMANDS:
        described = command_text(lang, "command description", spec.description)
        assert described is not None, (lang, spec.name, spec.description)
        assert 1 <= len(described) <= 100, (lang, described)
        assert_translated(spec.description, described, lang, ENGLISH)
        for param in spec.params:
            option = command_text(lang, "option description", param.description)
            assert option is not None, (lang, spec.name, param.name)
            assert 1 <= len(option) <= 100, (lang, option)
