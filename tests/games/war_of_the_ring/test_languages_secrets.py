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

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from games.core import Action, Match, project
from games.core.i18n import TRANSLATED
from games.core.rng import randbelow
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import PLAYABLE
from renderers.war_of_the_ring.describe import describe

from .secret_names import hidden, told
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
    """A card played, drawn, discarded or shown, an Event card's question, or a Combat card
    chosen face down."""
    in_event = any(frame["step"] == "event" for frame in state["stack"])
    return (
        chosen_face_down(state)
        or in_event
        or any(word in e["kind"] for e in state["log"][since:] for word in ("card", "played", "seen"))
    )


def choose(actions: tuple[Action, ...], chooser: dict[str, int]) -> Action:
    """A random action, an Event or Combat card most of the time one may be played (a random
    game plays few otherwise)."""
    cards = [a for a in actions if a.verb in ("play", "combat")]
    if cards and randbelow(chooser, 4):
        return cards[randbelow(chooser, len(cards))]
    return actions[randbelow(chooser, len(actions))]


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
        match.submit(role, choose(R.prompt(match.state, role).actions, chooser))
        if worth_reading(match.state, since) or step % EVERY == 0:
            check(match.state, since)
            since, reads = len(match.state["log"]), reads + 1
            face_down += chosen_face_down(match.state)
    return reads, face_down


@pytest.mark.parametrize(("twilight", "seed"), [(False, 5), (True, 7)], ids=["base", "twilight"])
def test_no_language_tells_a_secret_the_english_keeps(twilight: bool, seed: int) -> None:
    reads, face_down = played(twilight, seed)
    assert reads > 30 and face_down > 2, (reads, face_down)


def other_side_reads(state: dict[str, Any], side: str) -> list[Any]:
    """Everything the other side and the table read, in every language, while ``side`` has
    chosen: the other's prompt (its text, title, choices' labels), his view, the public view."""
    other = next(r for r in state["roles"] if r != side)
    said: list[Any] = []
    for lang in LANGS:
        prompt = R.prompt(state, other, lang)
        said += [prompt.text, prompt.title, [R.describe(state, other, a, lang) for a in prompt.actions]]
        said += [R.view(state, other, lang), R.view(state, None, lang), R.standing(state, lang)]
    return said


def test_a_combat_card_chosen_reads_as_no_card_chosen_in_every_language() -> None:
    """Whether a side chose a Combat card or none, the other side and the table read the same,
    in every language, until the reveal."""
    match = Match.new(R, 41, R.resolve_options({}), 2)
    chooser, compared = {"rng": 41}, 0
    for _ in range(ACTIONS * 2):
        state = match.state
        active = sorted(R.active(state))
        for side in active if len(active) == 2 else ():
            offered = R.prompt(state, side).actions
            cards = [a for a in offered if a.verb == "combat"]
            if not cards or Action("no-combat") not in offered:
                continue
            reads = []
            for choice in (cards[0], Action("no-combat")):
                chosen = copy.deepcopy(state)
                R.apply(chosen, side, choice)
                reads.append(other_side_reads(chosen, side))
            assert reads[0] == reads[1], (side, cards[0])
            compared += 1
        if compared >= 6 or state["result"] is not None:
            break
        role = active[randbelow(chooser, len(active))]
        match.submit(role, choose(R.prompt(state, role).actions, chooser))
    assert compared >= 6, compared
