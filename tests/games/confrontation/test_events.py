"""The event vocabulary: kinds, templates and what fuzzed games actually emit.

``games.confrontation.events.KINDS`` declares every event kind with its parameters and their
types; ``TEMPLATES`` puts each kind into words. These tests hold the two tables together, render
every kind for every audience, and check every event of fuzzed games against the declaration
(and against the secrets of the moment: the public projection never names a hidden character).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.confrontation import CONFRONTATION
from games.confrontation.data import CARDS, CHARS, REGIONS, SIDES, SPECIALS
from games.confrontation.events import KINDS, PRESENTER, REASONS, TEMPLATES
from games.confrontation.secrets import event_leaks
from games.core import Action, State

from .playout import playout

AUDIENCES = (None, "fellowship", "sauron")
#: The fuzz below: enough games to meet most kinds, still about two seconds.
FUZZ_SEEDS = range(50_000, 50_300)
#: How many of the declared kinds the fuzz must meet (it met 63 of 69 when this was written).
MIN_KINDS_SEEN = 58


def _all_cards() -> list[str]:
    return list(dict.fromkeys([*CARDS["fellowship"], *CARDS["sauron"]]))


def _reason(kind: str) -> dict[str, Any]:
    return {"kind": kind, "args": {name: SAMPLES[t][0] for name, t in KINDS[kind].items()}}


#: Sample values of every parameter type (the first is the default when varying another one).
SAMPLES: dict[str, list[Any]] = {
    "character": list(CHARS),
    "named": list(CHARS),
    "characters": [["frodo"], ["frodo_v", "sam_v", "smeagol"], ["gimli", "legolas"]],
    "region": list(REGIONS),
    "card": _all_cards(),
    "special": list(SPECIALS),
    "specials": [["gwaihir", "shadowfax"], ["palantir", "crebain"], ["dark_of_mordor"]],
    "side": list(SIDES),
    "hidden": list(SIDES),
    "route": ["step", "tunnel"],
    "strength": [[4, 1], [5, 0], [-1, 3, 1], [2, 2, 1], [9]],
    "bearer": ["frodo", "frodo_v", "sam", "sam_v"],
}
SAMPLES["event"] = [_reason(kind) for kind in sorted(REASONS)]


def _valid(kind: str, value: Any) -> bool:
    """Whether ``value`` is a value of parameter type ``kind``."""
    if kind in ("character", "named", "bearer"):
        return value in CHARS and (kind != "bearer" or str(value).startswith(("frodo", "sam")))
    if kind == "characters":
        return isinstance(value, list) and all(c in CHARS for c in value)
    if kind == "region":
        return value in REGIONS
    if kind == "card":
        return value in CARDS["fellowship"] or value in CARDS["sauron"]
    if kind == "special":
        return value in SPECIALS
    if kind == "specials":
        return isinstance(value, list) and all(c in SPECIALS for c in value)
    if kind in ("side", "hidden"):
        return value in SIDES
    if kind == "route":
        return value in ("step", "tunnel")
    if kind == "strength":
        return isinstance(value, list) and bool(value) and all(type(v) is int for v in value)
    if kind == "event":
        return isinstance(value, Mapping) and value.get("kind") in REASONS and not shape_problems(value, "")
    raise AssertionError(f"unknown parameter type {kind!r}")


def shape_problems(event: Mapping[str, Any], where: str) -> list[str]:
    """What is wrong with one ``{"kind", "args"}`` against ``KINDS`` (its kind, names and values)."""
    kind, args = event.get("kind"), event.get("args")
    if kind not in KINDS:
        return [f"{where}: undeclared kind {kind!r}"]
    if not isinstance(args, Mapping):
        return [f"{where}: {kind} has no argument mapping"]
    declared = KINDS[kind]
    if set(args) != set(declared):
        return [f"{where}: {kind} has arguments {sorted(args)}, declared {sorted(declared)}"]
    return [
        f"{where}: {kind}.{name} = {args[name]!r} is not a {t}"
        for name, t in declared.items()
        if not _valid(t, args[name])
    ]


def kinds_in(event: Mapping[str, Any]) -> Iterator[str]:
    """The kind of ``event`` and of the result reasons nested in it."""
    kind = event["kind"]
    yield kind
    for name, t in KINDS.get(kind, {}).items():
        if t == "event":
            yield from kinds_in(event["args"][name])


# -- the tables ----------------------------------------------------------------------------


def test_every_kind_has_an_english_template_and_no_template_is_undeclared() -> None:
    assert set(TEMPLATES["en"]) == set(KINDS)
    for lang, table in TEMPLATES.items():
        assert set(table) <= set(KINDS), f"{lang} templates for undeclared kinds"
    assert set(REASONS) <= set(KINDS)


@pytest.mark.parametrize("lang", sorted(TEMPLATES))
def test_every_template_uses_exactly_the_declared_parameters(lang: str) -> None:
    wrong = {
        kind: (sorted(PRESENTER.placeholders(kind, lang)), sorted(KINDS[kind]))
        for kind in TEMPLATES[lang]
        if PRESENTER.placeholders(kind, lang) != set(KINDS[kind])
    }
    assert not wrong, f"kind: (template uses, declared): {wrong}"


def test_every_parameter_type_has_a_formatter_and_samples() -> None:
    types = {t for params in KINDS.values() for t in params.values()}
    assert types <= set(PRESENTER.formats) | {"event"}
    assert types <= set(SAMPLES)
    for t, values in SAMPLES.items():
        assert values and all(_valid(t, v) for v in values), t


def _words(t: str, value: Any) -> str:
    """What a value of type ``t`` must read as in a sentence."""
    if t == "event":
        return CONFRONTATION.narrate(value["kind"], value["args"])
    return PRESENTER.formats[t](value, "en")


def _cases(kind: str) -> Iterator[dict[str, Any]]:
    """Arguments for ``kind``: the defaults, then every sample of each parameter in turn."""
    params = KINDS[kind]
    base = {name: SAMPLES[t][0] for name, t in params.items()}
    yield base
    for name, t in params.items():
        for value in SAMPLES[t][1:]:
            yield {**base, name: value}


@pytest.mark.parametrize("audience", AUDIENCES, ids=["public", "fellowship", "sauron"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_renders_for_every_audience(kind: str, audience: str | None) -> None:
    for args in _cases(kind):
        text = CONFRONTATION.narrate(kind, args, audience)
        assert text and text == text.strip(), (kind, args)
        assert not any(mark in text for mark in ("{", "}", "None", "[")), text
        assert text[0] == text[0].upper() or kind in REASONS, text  # a sentence, or a reason's clause
        for name, t in KINDS[kind].items():
            words = _words(t, args[name])
            if words:
                assert words.lower() in text.lower(), f"{kind}: {name}={args[name]!r} not in {text!r}"


# -- fuzzed games ----------------------------------------------------------------------------


@dataclass
class Fuzz:
    events: int = 0
    actions: int = 0
    games: int = 0
    shape: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)


def _new_events(state: State) -> list[Any]:
    """The events the action just applied logged (they carry its sequence number)."""
    seq = state["seq"] - 1
    found = []
    for event in reversed(state["log"]):
        if event["seq"] != seq:
            break
        found.append(event)
    return found[::-1]


@pytest.fixture(scope="module")
def fuzz() -> Fuzz:
    found = Fuzz()

    def check(state: State, role: str, action: Action) -> None:
        found.actions += 1
        at = f"seed {seed} seq {state['seq'] - 1} ({role} {action.text})"
        for event in _new_events(state):
            found.events += 1
            found.shape += shape_problems(event, at)
            found.seen.update(kinds_in(event))
            for who, own in event.get("for", {}).items():
                if who not in SIDES:
                    found.shape.append(f"{at}: {event['kind']} has an override for {who!r}")
                found.shape += shape_problems(own, f"{at} ({event['kind']} for {who})")
                found.seen.update(kinds_in(own))
            for audience in AUDIENCES:
                try:
                    CONFRONTATION.event_text(event, audience)
                except Exception as error:  # a template that cannot take these arguments
                    found.words.append(f"{at}: {event['kind']} for {audience}: {error!r}")
        found.leaks += [f"{at}: {p}" for p in event_leaks(state, None, since_seq=state["seq"] - 1)]

    for seed in FUZZ_SEEDS:
        state, _ = playout(seed, quick_setup=seed % 3 != 0, each=check)
        found.games += 1
        result = state["result"]
        won = [e for e in state["log"] if e["kind"] == "won"]
        if result["reason"] not in REASONS or len(won) != 1:
            found.results.append(f"seed {seed}: result {result} with {len(won)} `won` events")
        elif won[0]["args"]["reason"] != {"kind": result["reason"], "args": result["args"]}:
            found.results.append(f"seed {seed}: result {result} but the log says {won[0]['args']}")
    return found


def test_fuzzed_events_have_declared_kinds_and_exactly_the_declared_arguments(fuzz: Fuzz) -> None:
    assert fuzz.games == len(FUZZ_SEEDS) and fuzz.events > 20 * fuzz.games
    assert not fuzz.shape, f"{len(fuzz.shape)} problems, first: {fuzz.shape[:5]}"
    assert not fuzz.words, fuzz.words[:5]
    assert not fuzz.results, fuzz.results[:5]


def test_fuzzed_public_events_never_carry_the_slug_of_a_secret_character(fuzz: Fuzz) -> None:
    assert fuzz.actions > 50 * fuzz.games
    assert not fuzz.leaks, f"{len(fuzz.leaks)} leaks, first: {fuzz.leaks[:5]}"


def test_fuzzed_games_cover_most_event_kinds(fuzz: Fuzz) -> None:
    unseen = sorted(set(KINDS) - set(fuzz.seen))
    seen = len(KINDS) - len(unseen)
    assert not set(fuzz.seen) - set(KINDS)
    assert seen >= MIN_KINDS_SEEN, f"only {seen} of {len(KINDS)} kinds seen; never: {unseen}"
    reasons = set(REASONS) & set(fuzz.seen)
    assert len(reasons) >= 4, f"games ended only by {sorted(reasons)}"
