"""The catalogs' core: plurals, lists, fallbacks, and a presenter reading its game's catalog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from games.core import i18n
from games.core.events import Presenter
from games.core.i18n import CatalogTables, Msg, join, nt, t


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty ``data/locale`` of its own (and no compiled catalog remembered across tests)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    yield tmp_path
    i18n.translations.cache_clear()


def write(locale: str, domain: str, entries: list[tuple[str | None, object, object]]) -> None:
    catalog = Catalog(locale=i18n.gettext_name(locale), domain=domain)
    for context, msgid, text in entries:
        catalog.add(msgid, text, context=context)  # type: ignore[arg-type]
    path = i18n.catalog_path(locale, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_a_presenter_speaks_the_languages_its_catalog_has(catalogs: Path) -> None:
    english = {"took": "{who} took {n} {n:pebble|pebbles}.", "passed": "{who} passed."}
    write("da", "pebbles", [("took", english["took"], "{who} tog {n} {n:sten|sten}.")])
    write("ja", "pebbles", [("took", english["took"], "{who}は石を{n}個取った。")])
    presenter = Presenter(
        kinds={"took": {"who": "text", "n": "number"}, "passed": {"who": "text"}},
        templates=CatalogTables("pebbles", english),
        formats={},
    )
    assert presenter.text("took", {"who": "North", "n": 1}) == "North took 1 pebble."
    assert presenter.text("took", {"who": "North", "n": 3}, lang="da") == "North tog 3 sten."
    assert presenter.text("took", {"who": "北", "n": 3}, lang="ja") == "北は石を3個取った。"
    assert presenter.text("passed", {"who": "North"}, lang="ja") == "North passed."  # not translated yet
    assert presenter.text("passed", {"who": "North"}, lang="fr") == "North passed."  # not spoken


def test_plural_forms_follow_each_languages_rule(catalogs: Path) -> None:
    one, other = "{count} battalion", "{count} battalions"
    write("da", "bot", [(None, (one, other), ("{count} bataljon", "{count} bataljoner"))])
    write("ja", "bot", [(None, (one, other), ("{count}個の部隊",))])
    assert [nt("en", "bot", one, other, n) for n in (0, 1, 2)] == [
        "0 battalions",
        "1 battalion",
        "2 battalions",
    ]
    assert [nt("da", "bot", one, other, n) for n in (0, 1, 2)] == [
        "0 bataljoner",
        "1 bataljon",
        "2 bataljoner",
    ]
    assert [nt("ja", "bot", one, other, n) for n in (1, 5)] == ["1個の部隊", "5個の部隊"]


def test_a_translation_that_does_not_format_falls_back_to_english(catalogs: Path) -> None:
    write("da", "bot", [(None, "Match #{match} is full.", "Kamp #{kamp} er fuld.")])
    assert t("da", "bot", "Match #{match} is full.", match=2) == "Match #2 is full."


def test_a_deferred_message_is_put_into_words_in_its_readers_language(catalogs: Path) -> None:
    write("da", "bot", [(None, "{game} is full.", "{game} er fuld."), (None, "The lobby", "Lobbyen")])
    nested = Msg("bot", "{game} is full.", {"game": Msg("bot", "The lobby")})
    assert (str(nested), nested.render("da")) == ("The lobby is full.", "Lobbyen er fuld.")


def test_lists_are_joined_by_cldr_patterns() -> None:
    assert join("en", ["Frodo", "Sam", "Merry"]) == "Frodo, Sam and Merry"
    assert join("en", ["Frodo", "Sam"], "or") == "Frodo or Sam"
    assert join("da", ["Frodo", "Sam", "Merry"]) == "Frodo, Sam og Merry"
    assert join("ja", ["フロド", "サム", "メリー"]) == "フロド、サム、メリー"
    assert join("zh-CN", ["佛罗多", "山姆"], "or") == "佛罗多或山姆"
    assert join("en", []) == "" and join("ja", ["フロド"]) == "フロド"
