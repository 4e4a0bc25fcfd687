"""The secrets of War of the Ring in every language (issue 23's audit): a translation must not
tell what the English keeps hidden.

Seeded random games (the base game, and one with the whole Twilight of the Third Age module) are
read, step after step, by every audience in every language: the new log lines, the view (its
prompt and last action), the standing, every role's own prompt (its question or waiting text, and
its choices' labels) and the pictures' description (alt text). None names, in its language, a card
of the other hand (or discarded face down), nor the Combat half of such a card (a Combat card
chosen face down is one of them) while no card with that Combat name was played face up; and the
secrets named are the same in every language as in English (none).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from games.core import Match, project
from games.core.i18n import TRANSLATED
from games.core.rng import randbelow
from games.war_of_the_ring.combat_words import combat_name
from games.war_of_the_ring.data import CARDS, SET_ASIDE_CARDS
from games.war_of_the_ring.i18n import card_name, speaking
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE
from renderers.war_of_the_ring.describe import describe

from .tta_fuzz_driver import lobby_options

LANGS = ("en", *TRANSLATED)
READERS: tuple[str | None, ...] = (None, "free", "shadow")
#: Actions played per game, and how often the whole table is read between the moments that
#: matter (a card played, drawn or chosen): enough for a few turns with battles, under 15 s.
ACTIONS, EVERY = 320, 40


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def shown_to(state: dict[str, Any], reader: str | None) -> set[str]:
    """The other side's cards the reader's own events showed him (Wind from the West)."""
    found: set[str] = set()
    if reader is None:
        return found
    for event in state["log"]:
        kind, args = project(event, reader)
        if kind == "hand_seen":
            found |= set(args["cards"])
        elif kind == "wind_discard_seen":
            found.add(args["card"])
    return found


def public_combat_names(state: dict[str, Any]) -> set[str]:
    """The Combat names of the cards played face up (a Combat name is on several cards)."""
    halves = [
        CARDS[c].combat for pile in ("played", "table") for cards in state[pile].values() for c in cards
    ]
    return {half.name for half in halves if half is not None}


def hidden(state: dict[str, Any], reader: str | None, lang: str) -> tuple[dict[str, str], set[str]]:
    """``{name in lang: what it names}`` of the cards ``reader`` may not know of, and the names
    he may read for another reason (a card of his own hand, a card played face up, a Combat name
    seen on the table): a secret name is no secret when it is one of them."""
    told, public = shown_to(state, reader), public_combat_names(state)
    secret: dict[str, str] = {}
    known: set[str] = set()
    with speaking(lang):
        for side in state["roles"]:
            mine = side == reader
            for card in [*state["hands"][side], *state["discards"][side]]:
                half = CARDS[card].combat
                names = [card_name(card), *([combat_name(half.name)] if half else [])]
                if mine or card in told or card in SET_ASIDE_CARDS:
                    known.update(names)
                    continue
                secret[card_name(card)] = card
                if half is not None and half.name not in public:
                    secret[combat_name(half.name)] = f"combat:{half.name}"
        for pile in ("played", "table"):
            for cards in state[pile].values():
                known.update(card_name(c) for c in cards)
    return {name: what for name, what in secret.items() if name not in known}, known


def told(text: str, name: str, known: set[str]) -> bool:
    """Whether ``text`` names ``name`` other than inside a longer name the reader may read (a
    Chinese Combat name can be part of a card's name: 大军 in 东方来的大军)."""
    covered: set[int] = set()
    for other in known:
        if name in other and other != name:
            start = text.find(other)
            while start >= 0:
                covered.update(range(start, start + len(other)))
                start = text.find(other, start + 1)
    start = text.find(name)
    while start >= 0:
        if not set(range(start, start + len(name))) <= covered:
            return True
        start = text.find(name, start + 1)
    return False


def texts(state: dict[str, Any], reader: str | None, lang: str, since: int) -> Iterator[tuple[str, str]]:
    """``(where, text)`` of everything ``reader`` reads in ``lang`` that changed since the log
    entry ``since``."""
    for event in state["log"][since:]:
        kind, args = project(event, reader)
        yield f"log {kind}", R.narrate(kind, args, reader, lang)
    view = R.view(state, reader, lang)
    for text in _strings({k: v for k, v in view.items() if k != "log"}):
        yield "view", text
    yield "alt text", describe(view, lang=lang)
    if reader is None:
        yield from (("standing", line) for line in R.standing(state, lang))
        return
    prompt = R.prompt(state, reader, lang)
    yield f"prompt {prompt.kind}", f"{prompt.title}\n{prompt.text}"
    for action in prompt.actions:
        yield f"choice {action}", R.describe(state, reader, action, lang)


def check(state: dict[str, Any], since: int) -> None:
    for reader in READERS:
        named_in: dict[str, set[str]] = {}
        for lang in LANGS:
            secret, known = hidden(state, reader, lang)
            named: set[str] = set()
            for where, text in texts(state, reader, lang, since):
                leaked = {what for name, what in secret.items() if told(text, name, known)}
                assert not leaked, f"{lang}: {where} tells {reader or 'the table'} {leaked}: {text!r}"
                named |= leaked
            named_in[lang] = named
        assert all(n == named_in["en"] for n in named_in.values()), named_in


def chosen_face_down(state: dict[str, Any]) -> bool:
    return bool(((state.get("battle") or {}).get("fx") or {}).get("chosen"))


def worth_reading(state: dict[str, Any], since: int) -> bool:
    """A card played, drawn, discarded or shown, or a Combat card chosen face down."""
    return chosen_face_down(state) or any(
        word in e["kind"] for e in state["log"][since:] for word in ("card", "played", "seen")
    )


@cache
def played(twilight: bool, seed: int) -> tuple[int, int]:
    """Plays a game, reading the table as it goes; how many times it was read, and how many of
    them while a Combat card lay chosen face down."""
    options = lobby_options(frozenset(PLAYABLE)) if twilight else {}
    match = Match.new(R, seed, R.resolve_options(dict(options)), 2)
    chooser = {"rng": seed * 31 + 7}
    since, reads, face_down = 0, 0, 0
    for step in range(ACTIONS):
        if match.state["result"] is not None:
            break
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
        if worth_reading(match.state, since) or step % EVERY == 0:
            check(match.state, since)
            since, reads = len(match.state["log"]), reads + 1
            face_down += chosen_face_down(match.state)
    return reads, face_down


@pytest.mark.parametrize(("twilight", "seed"), [(False, 5), (True, 7)], ids=["base", "twilight"])
def test_no_language_tells_a_secret_the_english_keeps(twilight: bool, seed: int) -> None:
    reads, face_down = played(twilight, seed)
    assert reads > 30 and face_down > 2, (reads, face_down)
