"""Every text the games produce over seeded random games, read for the English defects new
players found: "Skip a Event die", "1 battalions", "1 The North Elite", "Elves moves toward
war", "Waiting for Free Peoples and Shadow".

Collected: each event as every audience reads it, every role's prompt text and title, the
acting role's action labels, effects and group labels, the standing lines, the result, and the
table's waiting line ("Waiting for A and B", as ``bot.texts.turn_text`` joins the roles).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.core import Match, Ruleset, all_rulesets
from games.core.rng import randbelow
from games.core.words import join_words

from .test_every_game import _options

#: Seeds per game (War of the Ring games are long, the Confrontation's short).
SEEDS = {"confrontation": 12, "lotr-risk": 6, "war-of-the-ring": 2}
MAX_ACTIONS = 6000

#: Words named in the plural ("the Elves move"): a verb in the singular after them is a defect.
PLURAL_SUBJECTS = r"(?:Elves|Dwarves|Orcs|Free Peoples|Southrons & Easterlings)"
SINGULAR_VERBS = r"(?:is|was|has|moves|attacks|loses|rolls|reduces|draws|wins|takes|flies|falls)"

DEFECTS: dict[str, re.Pattern[str]] = {
    # "1 battalions", "1 Elves Elite" (a count of one with a plural noun; "1 success" is fine)
    "one with a plural": re.compile(r"(?<![\d.,+\-])\b1 (?!of\b)[A-Za-z][\w-]*[^s\W]s\b"),
    # "a Event die", "a Army" (and "an die")
    "a before a vowel": re.compile(r"\b[Aa] (?!one\b|once\b|uni|use)[AEIOUaeiou]"),
    "an before a consonant": re.compile(r"\b[Aa]n (?!hour|honest|honou|heir)(?![AEIOUaeiou])[A-Za-z]"),
    # "a The ...", "1 The North Elite": a name that carries its own article
    "an article before The": re.compile(r"\b(?:a|an|the|A|An|The) The\b"),
    "a count before The": re.compile(r"\b\d+ The\b"),
    "a plural subject with a singular verb": re.compile(rf"\b{PLURAL_SUBJECTS} {SINGULAR_VERBS}\b"),
    # "Waiting for Free Peoples and Shadow": sides named without their article
    "a side without its article": re.compile(
        r"\b(?:for|and|of|to) (?:Free Peoples|Shadow|Fellowship)(?= (?:and|to|or|is|are|wins?)\b|[.,:;)]|$)"
    ),
    "a doubled space": re.compile(r"\S  +\S"),
    "a space before punctuation": re.compile(r"\w [.,;:](?!\w)"),
}


def texts(ruleset: Ruleset, seed: int) -> Iterator[tuple[str, str]]:
    """``(where, text)`` of one seeded random game, through the match runner."""
    match = Match.new(ruleset, seed, _options(ruleset, seed), ruleset.max_players)
    chooser = {"rng": seed * 7919 + 5}
    roles = list(match.state["roles"])
    for step in range(MAX_ACTIONS):
        state = match.state
        if state["result"] is not None:
            yield "result", ruleset.result_text(state["result"])
            return
        active = sorted(ruleset.active(state))
        if len(active) > 1:
            yield "waiting line", f"Waiting for {join_words(ruleset.role_name(r) for r in active)}."
        for role in roles:
            prompt = ruleset.prompt(state, role)
            yield "prompt", prompt.text
            yield "title", prompt.title
        role = active[randbelow(chooser, len(active))]
        actions = ruleset.prompt(state, role).actions
        groups = set()
        for action in actions:
            yield "label", ruleset.describe(state, role, action)
            yield "effect", ruleset.explain(state, role, action)
            if action.args and (action.verb, action.args[0]) not in groups:
                groups.add((action.verb, action.args[0]))
                yield "group", ruleset.describe_group(state, role, action.verb, action.args[0])
        before = len(state["log"])
        match.submit(role, actions[randbelow(chooser, len(actions))])
        for event in match.state["log"][before:]:
            for audience in (None, *roles):
                yield "event", ruleset.event_text(event, audience)
        if step % 40 == 0:
            for line in ruleset.standing(match.state):
                yield "standing", line


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_the_words_of_seeded_games_have_none_of_the_known_defects(ruleset: Ruleset) -> None:
    found: dict[str, set[str]] = {}
    for seed in range(SEEDS.get(ruleset.name, 4)):
        for where, text in texts(ruleset, seed):
            for defect, pattern in DEFECTS.items():
                if text and pattern.search(text):
                    found.setdefault(defect, set()).add(f"[{where}] {text[:160]}")
    report = {defect: sorted(lines)[:8] for defect, lines in found.items()}
    assert not report, f"{ruleset.name}: {report}"


@pytest.mark.parametrize(
    ("text", "defect"),
    [
        ("Skip a Event die", "a before a vowel"),
        ("Spend one card for 1 battalions", "one with a plural"),
        ("Move 1 The North Elite", "a count before The"),
        ("Elves moves toward war", "a plural subject with a singular verb"),
        ("Orcs attacks Pippin in Caradhras", "a plural subject with a singular verb"),
        ("Waiting for Free Peoples and Shadow.", "a side without its article"),
    ],
)
def test_each_reported_defect_is_caught(text: str, defect: str) -> None:
    assert DEFECTS[defect].search(text)


@pytest.mark.parametrize(
    "text",
    [
        "Skip an Event die",
        "The Hunt rolls 6 3: 1 success.",
        "1 Nazgûl flies from Morannon to Dale.",
        "The Free Peoples move 1 North Regular and 2 Elven Elites.",
        "Waiting for the Free Peoples and the Shadow.",
        "You draw a card from the Shadow deck.",
        "Move into a region free of Fellowship characters.",
    ],
)
def test_good_english_is_not_reported(text: str) -> None:
    assert not [name for name, pattern in DEFECTS.items() if pattern.search(text)]
