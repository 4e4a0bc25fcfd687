"""The language contract every game keeps (``docs/dev/contracts.md``, ``docs/i18n.md``): each
method that returns words a player reads takes ``lang`` as its last parameter and answers in
every language the bot speaks without raising; what a player may do never depends on it.

Over a seeded random game of each ruleset: every role's prompt (its actions the same in every
language), the acting role's labels, groups, argument labels and effects, each event as every
audience reads it, the result, the roles' names, each role's hand in words, the notice,
``/rules`` and the places.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from games.core import Match, Ruleset
from games.core.i18n import LOCALES
from games.core.rng import randbelow

from .test_every_game import IDS, RULESETS, _options

#: The methods of the contract, each with ``lang`` as its last parameter.
SPEAKING = (
    "prompt",
    "describe",
    "describe_group",
    "explain",
    "describe_arg",
    "refusal",
    "role_title",
    "role_name",
    "notice",
    "rules_overview",
    "rules_topics",
    "rules_lookup",
    "rules_not_found",
    "places",
    "log_lines",
    "narrate",
    "event_text",
    "result_text",
    "view",
    "final_reveal",
    "standing",
    "hand_lines",
)
MAX_ACTIONS = 400


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_every_speaking_method_takes_lang_last_with_english_by_default(ruleset: Ruleset) -> None:
    for name in SPEAKING:
        parameters = list(inspect.signature(getattr(ruleset, name)).parameters.values())
        assert parameters[-1].name == "lang", f"{ruleset.name}.{name} has no lang last"
        assert parameters[-1].default == "en", f"{ruleset.name}.{name}: lang defaults to English"


def _words(ruleset: Ruleset, seed: int, lang: str) -> Iterator[str]:
    """What a seeded random game says in ``lang`` (the actions chosen are the same in every
    language: they come from the English prompt)."""
    match = Match.new(ruleset, seed, _options(ruleset, seed), ruleset.max_players)
    chooser = {"rng": seed * 7919 + 11}
    roles = list(match.state["roles"])
    yield ruleset.notice(match.state["options"], lang)
    for role in roles:
        yield ruleset.role_title(role, lang)
        yield ruleset.role_name(role, lang)
    for _ in range(MAX_ACTIONS):
        state = match.state
        if state["result"] is not None:
            yield ruleset.result_text(state["result"], lang)
            break
        for role in roles:
            said, english = ruleset.prompt(state, role, lang), ruleset.prompt(state, role)
            assert (said.actions, said.amounts, said.kind) == (english.actions, english.amounts, english.kind)
            yield said.text
            yield said.title
        active = sorted(ruleset.active(state))
        role = active[randbelow(chooser, len(active))]
        actions = ruleset.prompt(state, role).actions
        for action in actions[:30]:
            yield ruleset.describe(state, role, action, lang)
            yield ruleset.explain(state, role, action, lang)
            if action.args:
                yield ruleset.describe_group(state, role, action.verb, action.args[0], lang)
                yield ruleset.describe_arg(state, role, action.verb, 0, action.args[0], lang)
        match.submit(role, actions[randbelow(chooser, len(actions))])
    for audience in (None, *roles):
        yield from ruleset.log_lines(match.state, audience, lang=lang)
    yield from ruleset.standing(match.state, lang)
    for role in roles:
        yield from ruleset.hand_lines(match.state, role, lang)
    for audience in (None, *roles):
        assert isinstance(ruleset.view(match.state, audience, lang), dict)
    assert isinstance(ruleset.final_reveal(match.state, lang), dict)


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_every_game_speaks_every_language_without_raising(ruleset: Ruleset, lang: str) -> None:
    for text in _words(ruleset, 3, lang):
        assert isinstance(text, str)
    assert ruleset.rules_overview(lang)
    topics = ruleset.rules_topics(lang)
    assert [t.slug for t in topics] == [t.slug for t in ruleset.rules_topics()], "slugs never change"
    for topic in topics[:5]:
        assert ruleset.rules_lookup(topic.slug, lang)
    assert ruleset.rules_not_found("no such thing at all", lang)
    assert [slug for slug, _ in ruleset.places(lang)] == [slug for slug, _ in ruleset.places()]
