"""Shared checks of a game's translations: seeded random games, their log in a language, and
whether a translated text still holds English.

Japanese and Chinese carry no Latin word outside backticks (commands and notation stay as
typed); a Danish text holds none of the English words the caller lists (Danish shares the
names); no placeholder is left (``{``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from games.core import Match, Ruleset
from games.core.rng import randbelow

#: Latin words a Japanese or Chinese text may keep: none.
LATIN = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
CODE = re.compile(r"`[^`]*`")


def random_game(ruleset: Ruleset, options: Mapping[str, str], seed: int) -> Match:
    """A two-player game played to its end by seeded random choices."""
    match = Match.new(ruleset, seed, ruleset.resolve_options(dict(options)), 2)
    chooser = {"rng": seed * 31 + 7}
    while match.state["result"] is None:
        active = sorted(ruleset.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = ruleset.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
    return match


def log_texts(ruleset: Ruleset, match: Match, lang: str) -> Iterator[tuple[str, str]]:
    """``(english, translated)`` of every log line for every audience, and the result."""
    for audience in (None, *match.state["roles"]):
        english = ruleset.log_lines(match.state, audience)
        said = ruleset.log_lines(match.state, audience, lang=lang)
        assert len(english) == len(said)
        yield from zip(english, said, strict=True)
    result = match.state["result"]
    yield ruleset.result_text(result), ruleset.result_text(result, lang)


def assert_translated(
    english: str, said: str, lang: str, english_words: re.Pattern[str], kept: str = ""
) -> None:
    """``said`` (the translation of ``english`` into ``lang``) holds no English; ``kept``: a
    phrase the language keeps as published (a title)."""
    assert "{" not in said and "}" not in said, f"a placeholder left in {said!r}"
    unquoted = CODE.sub("", said)
    if kept:
        unquoted = unquoted.replace(kept, "")
    if lang == "da":
        left = english_words.findall(unquoted)
        assert not left, f"da: English left in {said!r} ({english!r})"
        return
    latin = LATIN.findall(unquoted)
    assert not latin, f"{lang}: English left in {said!r} ({english!r})"


def prompt_texts(
    ruleset: Ruleset, options: Mapping[str, str], seed: int, lang: str, every_arg: bool = True
) -> Iterator[tuple[str, str]]:
    """``(english, translated)`` of every prompt and title of a seeded random game, for both
    sides, and every label (action, group, argument: each, or the first only) and effect of the
    side that acts. The actions offered never depend on the language."""
    match = Match.new(ruleset, seed, ruleset.resolve_options(dict(options)), 2)
    chooser = {"rng": seed * 17 + 5}
    while match.state["result"] is None:
        state = match.state
        for role in state["roles"]:
            english, said = ruleset.prompt(state, role), ruleset.prompt(state, role, lang)
            assert english.actions == said.actions
            yield english.text, said.text
            if english.title:
                yield english.title, said.title
        active = sorted(ruleset.active(state))
        role = active[randbelow(chooser, len(active))]
        actions = ruleset.prompt(state, role).actions
        for action in actions:
            yield ruleset.describe(state, role, action), ruleset.describe(state, role, action, lang)
            effect = ruleset.explain(state, role, action)
            if effect:
                yield effect, ruleset.explain(state, role, action, lang)
            if action.args:
                verb, first = action.verb, action.args[0]
                yield (
                    ruleset.describe_group(state, role, verb, first),
                    ruleset.describe_group(state, role, verb, first, lang),
                )
                for index, value in enumerate(action.args if every_arg else action.args[:1]):
                    yield (
                        ruleset.describe_arg(state, role, verb, index, value),
                        ruleset.describe_arg(state, role, verb, index, value, lang),
                    )
        match.submit(role, actions[randbelow(chooser, len(actions))])
