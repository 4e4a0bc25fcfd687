"""The Confrontation's pictures in Danish, Japanese and Simplified Chinese: every word the panels,
the header, the legend and the alt text say is in the picture's language (the view's names and
sentences from ``ruleset.view(…, lang)``, the renderer's own words from the game's catalog), and
every character drawn has its glyph. English stays as it was (the golden and layout tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Match, find
from games.core.i18n import TRANSLATED
from renderers.common.fonts import _FILES, FontKind, has_glyph
from renderers.confrontation import describe, render_image
from tests.support.languages import assert_translated, random_game

from . import scenarios
from .capture import Drawn, drawn_texts, texts_of

RULESET = find("confrontation")
#: English words no Danish picture says.
ENGLISH = re.compile(
    r"\b(?:the|and|of|is|hidden|turn|battle|cards?|played|last|seen|move|fell|withdrew|board|"
    r"pieces?|chosen|choosing|legend|public|view|only|revealed|none|empty|specials|used|"
    r"fallen|chronicle|attacks?|attacker|defender|hand|holds|place|ready|wins|your)\b",
    re.IGNORECASE,
)
#: The game's title on the full board stays as published (the glossaries).
TITLE = {"The Lord of the Rings", "The", "Confrontation"}
KINDS: dict[str, FontKind] = {path: kind for kind, path in _FILES.items()}  # type: ignore[misc]


def _states() -> Iterator[tuple[Any, tuple[str | None, ...]]]:
    """Positions that show every panel: a battle, one before its target is chosen, a battle
    lost, a piece last seen, the secret set-up, and a finished game (its final reveal)."""
    yield scenarios.long_charge(), (None, "fellowship")
    yield scenarios.target_not_chosen(), ("sauron",)
    yield scenarios.charge_lost(), (None,)
    yield scenarios.last_seen(), ("sauron",)
    yield scenarios.setup_started(), ("fellowship",)


@pytest.fixture(scope="module")
def finished() -> Match:
    return random_game(RULESET, {}, 2)


def _views(lang: str, finished: Match) -> Iterator[dict[str, Any]]:
    for state, audiences in _states():
        for audience in audiences:
            yield {**RULESET.view(state, audience, lang), "lang": lang}
    yield {**RULESET.final_reveal(finished.state, lang), "lang": lang}


def _check_drawn(drawn: list[Drawn], lang: str) -> None:
    for item in drawn:
        if item.text in TITLE:
            continue
        assert_translated(item.text, item.text, lang, ENGLISH)
        kind = KINDS[item.font.rsplit("/", 1)[-1]]
        missing = [c for c in item.text if not has_glyph(kind, c)]
        assert not missing, f"{lang}: no glyph for {missing} in {item.text!r} ({kind})"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_pictures_speak_the_views_language(lang: str, finished: Match) -> None:
    views = list(_views(lang, finished))
    with drawn_texts() as found:  # (the caches emptied once: every text is drawn anew)
        for view in views:
            render_image(view, layout="compact")
        for view in (views[0], views[2], views[-1]):  # a battle, its target unchosen, the reveal
            render_image(view, layout="full")
    _check_drawn(found, lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_alt_text_speaks_the_views_language(lang: str, finished: Match) -> None:
    for view in _views(lang, finished):
        english = describe({**view, "lang": "en"})
        said = describe(view)
        assert said != english
        assert_translated(english, said, lang, ENGLISH, kept="The Confrontation")


def test_an_english_view_draws_and_says_what_it_did() -> None:
    state = scenarios.long_charge()
    view = RULESET.view(state, None)
    assert RULESET.view(state, None, "en") == view
    assert describe({**view, "lang": "en"}) == describe(view)
    assert describe(view).startswith("The Confrontation, public board. Turn ")
    said = [d.text for d in texts_of(view, "compact")]
    assert "Battle in Arthedain" in said and "Public board" in said


def test_the_view_names_and_tells_in_its_language() -> None:
    state = scenarios.charge_lost()
    view = RULESET.view(state, None, "zh-CN")
    assert view["last_move"]["text"] != RULESET.view(state, None)["last_move"]["text"]
    assert {r["name"] for r in view["regions"]} >= {"霞尔", "魔多"}
    assert RULESET.standing(state, "ja")[0].startswith("旅の仲間")
