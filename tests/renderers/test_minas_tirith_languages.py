"""Minas Tirith's pictures in Danish, Japanese and Simplified Chinese: the board's names, the
header, the panels, the legend and the alt text say everything in the picture's language (the
view holds data, its card names in ``lang``; the renderer says the rest from the game's catalog),
and every character drawn has its glyph. English stays as it was (the renderer's own tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Match, find
from games.core.i18n import TRANSLATED
from games.core.rng import randbelow
from renderers.common.fonts import _FILES, FontKind, has_glyph
from renderers.minas_tirith import describe, render_image
from renderers.minas_tirith.view import INITIALS as INITIALS_BY_LEADER
from renderers.minas_tirith.zoom import render_zoom
from tests.support.languages import assert_translated

from .minas_tirith.test_render import drawn_texts

RULESET = find("minas_tirith")
#: English words no Danish picture says.
ENGLISH = re.compile(
    r"\b(?:the|and|of|is|round|turn|board|public|final|gate|broken|standing|decks|cards?|action|"
    r"dice|left|captured|none|nothing|yet|attack|defence|advance|ride|leader|moves|battle|last|"
    r"wins|your|move|pts|hits?|sixes|retreat|from|battalions?|forces)\b",
    re.IGNORECASE,
)
KINDS: dict[str, FontKind] = {path: kind for kind, path in _FILES.items()}  # type: ignore[misc]
#: A leader's token shows his initials, the same in every language (a mark, not a word).
INITIALS = set(INITIALS_BY_LEADER.values())


def _states(seed: int, every: int = 37) -> Iterator[Any]:
    """States of a seeded random game: one every ``every`` actions, and the end."""
    match = Match.new(RULESET, seed, RULESET.resolve_options({}), 2)
    chooser = {"rng": seed * 31 + 7}
    count = 0
    while match.state["result"] is None:
        active = sorted(RULESET.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = RULESET.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
        count += 1
        if count % every == 0 and match.state["last"]:
            yield match.state
    yield match.state


@pytest.fixture(scope="module")
def states() -> list[Any]:
    found = list(_states(1))
    return [*found[:5], found[-1]]


def _views(states: list[Any], lang: str) -> Iterator[dict[str, Any]]:
    for index, state in enumerate(states):
        audience = (None, "good", "evil")[index % 3]
        yield {**RULESET.view(state, audience, lang), "lang": lang}


def _check_drawn(texts: list[Any], lang: str) -> None:
    for item in texts:
        if item.text in INITIALS or not item.text.strip():
            continue
        assert_translated(item.text, item.text, lang, ENGLISH)
        kind = KINDS[item.font.rsplit("/", 1)[-1]]
        missing = [c for c in item.text if not has_glyph(kind, c)]
        assert not missing, f"{lang}: no glyph for {missing} in {item.text!r} ({kind})"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_pictures_speak_the_views_language(lang: str, states: list[Any]) -> None:
    views = list(_views(states, lang))
    with drawn_texts() as found:
        for view in views:
            render_image(view)
        render_image(views[-1], layout="full")
    _check_drawn(found, lang)
    assert not [d.text for d in found if d.text.startswith("-")], "a line never starts with a hyphen"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_alt_text_speaks_the_views_language(lang: str, states: list[Any]) -> None:
    for view in _views(states, lang):
        english = describe({**view, "lang": "en"})
        said = describe(view)
        assert said != english and len(said) <= 1024
        if lang != "da":  # Danish names Minas Tirith as English does
            assert_translated(english, said, lang, ENGLISH)
        else:
            assert_translated(english, said.replace("Minas Tirith", ""), lang, ENGLISH)


def test_a_zoom_speaks_the_views_language(states: list[Any]) -> None:
    view = {**RULESET.view(states[0], None, "ja"), "lang": "ja"}
    assert render_zoom(view, "causeway").startswith(b"\x89PNG")


def test_the_view_names_its_cards_in_its_language(states: list[Any]) -> None:
    state = states[0]
    english = RULESET.view(state, None)
    said = RULESET.view(state, None, "zh-CN")
    assert RULESET.view(state, None, "en") == english
    cards = [c["name"] for p in said["players"].values() for c in p["mt_cards"]]
    if cards:
        assert cards != [c["name"] for p in english["players"].values() for c in p["mt_cards"]]
    assert {k: v for k, v in said.items() if k != "players"} == {
        k: v for k, v in english.items() if k != "players"
    }
