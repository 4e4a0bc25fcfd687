"""The Confrontation in Danish, Japanese and Simplified Chinese: seeded random games of every
variant read in each language, with no English left where the catalog has a translation.

Japanese and Chinese must carry no Latin word outside backticks (commands and notation stay as
typed); a Danish text must differ from its English. Every placeholder of every translation is
kept (the catalog test checks each message; here the texts come out whole: no ``{`` left).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.confrontation.words import char_label, char_name, region_name, special_name
from games.core import Match, find
from games.core.i18n import TRANSLATED
from games.core.rng import randbelow

RULESET = find("confrontation")
VARIANTS = (
    {"variant": "classic"},
    {"variant": "variant-2002"},
    {"variant": "deluxe-variant", "specials": "deluxe-2"},
    {"variant": "draft", "specials": "deluxe-4"},
)
#: Latin words a Japanese or Chinese text may keep: none but the digits and "+1".
LATIN = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
CODE = re.compile(r"`[^`]*`")


def played(options: dict[str, str], seed: int) -> Match:
    match = Match.new(RULESET, seed, RULESET.resolve_options(options), 2)
    chooser = {"rng": seed * 31 + 7}
    while match.state["result"] is None:
        active = sorted(RULESET.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = RULESET.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])
    return match


def log_texts(match: Match, lang: str) -> Iterator[tuple[str, str]]:
    """``(english, translated)`` of every log line for every audience, and the result."""
    for audience in (None, "fellowship", "sauron"):
        english = RULESET.log_lines(match.state, audience)
        said = RULESET.log_lines(match.state, audience, lang=lang)
        assert len(english) == len(said)
        yield from zip(english, said, strict=True)
    result = match.state["result"]
    yield RULESET.result_text(result), RULESET.result_text(result, lang)


def assert_translated(english: str, said: str, lang: str) -> None:
    assert "{" not in said and "}" not in said, f"a placeholder left in {said!r}"
    if lang == "da":
        assert said != english, f"not translated: {english!r}"
        return
    latin = LATIN.findall(CODE.sub("", said))
    assert not latin, f"{lang}: English left in {said!r} ({english!r})"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("options", VARIANTS, ids=[o["variant"] for o in VARIANTS])
def test_a_whole_game_log_reads_in_every_language(options: dict[str, str], lang: str) -> None:
    for seed in range(3):
        for english, said in log_texts(played(options, seed), lang):
            assert_translated(english, said, lang)


@pytest.mark.parametrize("lang", ("ja", "zh-CN"))
def test_every_name_has_its_translation(lang: str) -> None:
    from games.confrontation.data import CHARS, REGIONS, SPECIALS

    names = [char_name(c, lang) for c in CHARS] + [char_label(c, lang) for c in CHARS]
    names += [region_name(r, lang) for r in REGIONS] + [special_name(s, lang) for s in SPECIALS]
    for name in names:
        assert not LATIN.search(name), name


def test_the_chinese_names_are_the_seeds() -> None:
    said = [char_name(c, "zh-CN") for c in ("frodo", "witch_king", "balrog", "merry")]
    assert said == ["佛罗多", "巫王", "炎魔", "梅林"]
    assert [region_name(r, "zh-CN") for r in ("shire", "fangorn", "gondor")] == ["霞尔", "胡子树林", "冈多"]
