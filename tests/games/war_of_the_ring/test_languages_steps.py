"""War of the Ring's steps in Danish, Japanese and Chinese: the turn, the die-action menu, the
Fellowship, the Hunt, politics, characters, recruiting, hand limits and stacking.

Seeded random games (the base game and the whole Twilight module): at every decision, for each
language, the question, its title and every action's label (and the effect of each die action)
of these steps hold no English and no placeholder; the actions offered are the same in every
language; a waiting text names no card of a hand. The names other parts of the game give (regions,
characters, cards, dice faces, figures, sides, tiles) are left out of the check while their own
catalog leaves them English: their tests check them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from games.core import Match
from games.core.i18n import TRANSLATED, pt, t
from games.core.rng import randbelow
from games.war_of_the_ring import cards, characters, fellowship_actions, recruit
from games.war_of_the_ring.characters import ENTERING
from games.war_of_the_ring.data import ARMY_SIDES, CARDS, DUNLENDINGS, NATIONS, TILES
from games.war_of_the_ring.dice import FACE_NAMES, face_name
from games.war_of_the_ring.events import tile_name
from games.war_of_the_ring.i18n import DOMAIN, catalog_messages, speaking
from games.war_of_the_ring.movement_words import figure_words
from games.war_of_the_ring.procedures import DIE_ACTIONS
from games.war_of_the_ring.roles import TITLES, nation_name, side_title
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from tests.support.languages import assert_translated

#: The steps whose words are this area's (the turn, actions, Fellowship, Hunt, characters,
#: recruiting, politics, hand limits, stacking).
STEPS = frozenset(
    {
        "discard",
        "allocate_hunt",
        "act",
        "fellowship_phase",
        "guide_choice",
        "hunt_damage",
        "hunt_card",
        "draw_card",
        "discard_down",
        "recruit",
        "diplomacy",
        "voice",
        "stacking",
        "companions",
        "separate",
        "minions",
        "bring",
    }
)
#: Actions whose effect is a card's text (the cards' own catalog) or an Event card's step.
OTHERS_EFFECTS = frozenset({"play", "dispel", "dispel-will", "combat"})
#: Actions of these steps labelled by another part of the game (Sméagol's sacrifice, Twilight).
OTHERS_LABELS = frozenset({"sacrifice"})
#: English words of these steps that Danish never writes.
ENGLISH = re.compile(
    r"\b(the|The|Waiting|Choose|your|Your|Move|with|Turn|dice|Hunt|Fellowship|Guide|Draw|Discard|Pass|"
    r"Skip|Take|Put|Enter|Declare|Make|back|Done|Lose|point|damage|where|Where|who|may|goes|leaves|"
    r"into|play|Recruit|Stacking|limit|toward|war|step|Companions?|Minions?|Fly|Go|card|cards)\b"
)
#: Seeded games (options, seed, decisions checked) that together reach every step of :data:`STEPS`.
GAMES: tuple[tuple[dict[str, str], int, int], ...] = (
    ({}, 1, 900),
    ({}, 6, 500),
    ({"tta": "whole"}, 6, 1200),
    ({"tta": "whole"}, 4, 1200),
)


#: The die actions of this area (the others' labels and effects are their modules' messages).
OWN_DIE_ACTIONS = frozenset(
    a.verb for module in (cards, characters, fellowship_actions, recruit) for a in module.DIE_ACTIONS
)


def _english_names(lang: str) -> list[str]:
    """The names given by other parts of the game that are still English in ``lang`` (longest
    first, to be taken out of a text before it is checked)."""
    found: set[str] = set()
    for context, name, _ in catalog_messages():
        if context in ("region", "nation", "character", "card") and pt(lang, DOMAIN, context, name) == name:
            found.add(name)
    for verb, action in DIE_ACTIONS.items():  # the die actions of the other parts, their entries
        if verb not in OWN_DIE_ACTIONS and t(lang, DOMAIN, action.label) == action.label:
            found.add(action.label)
        others = verb not in OWN_DIE_ACTIONS or verb in ENTERING
        text = action.text
        if others and text and t(lang, DOMAIN, text) == text == pt(lang, DOMAIN, "character text", text):
            found.add(text)
    figures = [(n, k, c) for n in ARMY_SIDES for k in ("regular", "elite", "leader") for c in range(1, 11)]
    nations = (*NATIONS, DUNLENDINGS)
    english = (
        [face_name(f) for f in FACE_NAMES],
        [side_title(s) for s in TITLES],
        [tile_name(tile) for tile in TILES],
        [nation_name(n) for n in nations],
        [figure_words(*f) for f in figures],
    )
    with speaking(lang):
        said = (
            [face_name(f) for f in FACE_NAMES],
            [side_title(s) for s in TITLES],
            [tile_name(tile) for tile in TILES],
            [nation_name(n) for n in nations],
            [figure_words(*f) for f in figures],
        )
    for words, translated in zip(english, said, strict=True):
        kept = {w for w, x in zip(words, translated, strict=True) if w == x}
        found |= {w for w in kept if re.search(r"[A-Za-z]{3,}", w)}
    return sorted(found, key=len, reverse=True)


NAMES = {lang: _english_names(lang) for lang in TRANSLATED}


def _check(english: str, said: str, lang: str) -> None:
    assert said, (english, lang)
    text = said
    for name in NAMES[lang]:
        text = text.replace(name, "")
    assert_translated(english, text, lang, ENGLISH)
    assert "{" not in said and "}" not in said, said


def _decisions(options: dict[str, str], seed: int, limit: int) -> Iterator[Match]:
    """A seeded random game, at each of its first ``limit`` decisions."""
    match = Match.new(R, seed, R.resolve_options(options), 2)
    chooser = {"rng": seed * 31 + 7}
    for _ in range(limit):
        if match.state["result"] is not None:
            return
        yield match
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        actions = R.prompt(match.state, role).actions
        match.submit(role, actions[randbelow(chooser, len(actions))])


def _top(match: Match) -> str:
    stack = match.state["stack"]
    return str(stack[-1]["step"]) if stack else ""


@pytest.mark.parametrize(("options", "seed", "limit"), GAMES)
def test_every_question_label_and_effect_of_the_steps_is_in_each_language(
    options: dict[str, str], seed: int, limit: int
) -> None:
    seen: set[str] = set()
    labelled: set[tuple[str, str]] = set()  # each label is checked once (the same words repeat)
    for match in _decisions(options, seed, limit):
        state, step = match.state, _top(match)
        if step not in STEPS:
            continue
        seen.add(step)
        for role in sorted(R.active(state)):
            english = R.prompt(state, role)
            fresh = [
                a for a in english.actions if a.verb not in OTHERS_LABELS and (step, a.text) not in labelled
            ]
            labelled |= {(step, a.text) for a in fresh}
            for lang in TRANSLATED:
                said = R.prompt(state, role, lang)
                assert said.actions == english.actions  # the same choices in every language
                _check(english.text, said.text, lang)
                if english.title:
                    _check(str(english.title), str(said.title), lang)
                for action in fresh:
                    _check(R.describe(state, role, action), R.describe(state, role, action, lang), lang)
                    if action.verb not in OTHERS_EFFECTS and (effect := R.explain(state, role, action)):
                        _check(effect, R.explain(state, role, action, lang), lang)
                    if action.args:  # the first step of a long list
                        group = R.describe_group(state, role, action.verb, action.args[0], lang)
                        _check(R.describe_group(state, role, action.verb, action.args[0]), group, lang)
    assert {"act", "fellowship_phase", "allocate_hunt", "discard"} <= seen


def test_the_seeded_games_reach_every_step() -> None:
    seen = {_top(match) for options, seed, limit in GAMES for match in _decisions(options, seed, limit)}
    assert seen >= STEPS, sorted(STEPS - seen)


@pytest.mark.parametrize(("options", "seed", "limit"), GAMES[:2])
def test_a_waiting_text_is_in_each_language_and_names_no_card_of_a_hand(
    options: dict[str, str], seed: int, limit: int
) -> None:
    for match in _decisions(options, seed, limit):
        state = match.state
        if _top(match) not in STEPS:
            continue
        waiting = [role for role in state["roles"] if role not in R.active(state)]
        held = {card for hand in state["hands"].values() for card in hand}
        for role in waiting:
            english = R.prompt(state, role)
            assert english.kind == "waiting"
            for lang in ("en", *TRANSLATED):
                text = R.prompt(state, role, lang).text
                if lang != "en":
                    _check(english.text, text, lang)
                for card in held:
                    name = CARDS[card].name
                    assert name not in text and pt(lang, DOMAIN, "card", name) not in text, (text, card)


def test_the_english_words_are_unchanged() -> None:
    """English keeps its own grammar ("a"/"an", "1 die"/"2 dice", "the Free Peoples"): the words
    of the first decisions of a seeded game, as they were before the catalog."""
    said: dict[str, list[str]] = {}
    for match in _decisions({}, 1, 12):
        state, step = match.state, _top(match)
        for role in sorted(R.active(state)):
            prompt = R.prompt(state, role)
            words = [str(prompt.title), prompt.text, *(R.describe(state, role, a) for a in prompt.actions)]
            waiting = [R.prompt(state, r).text for r in state["roles"] if r not in R.active(state)]
            said.setdefault(f"{step}:{role}", words + waiting)
    assert said["fellowship_phase:free"] == [
        "Turn 1: the Fellowship phase",
        "You may change the Guide; then `done`.",
        "Make Strider the Guide",
        "Done",
        "Waiting for the Free Peoples' Fellowship phase.",
    ]
    assert said["allocate_hunt:shadow"][:4] == [
        "Turn 1: dice to the Hunt Box",
        "Put 0 to 7 of your dice in the Hunt Box before rolling.",
        "Put 0 dice in the Hunt Box",
        "Put 1 die in the Hunt Box",
    ]
    assert said["act:free"][:3] == [
        "Turn 1: your action (4 dice left)",
        "Choose a die and an action. Your dice: Army/Muster, Muster, Army/Muster, Army/Muster.",
        "Diplomacy (Muster die)",
    ]
    assert said["act:free"][-9:] == [
        "Skip a Muster die",
        "Skip an Army/Muster die",
        "Elven Ring: turn a Muster die into Character",
        "Elven Ring: turn a Muster die into Army/Muster",
        "Elven Ring: turn a Muster die into Event",
        "Elven Ring: turn an Army/Muster die into Character",
        "Elven Ring: turn an Army/Muster die into Muster",
        "Elven Ring: turn an Army/Muster die into Event",
        "Waiting for the Free Peoples to act.",
    ]
    assert said["act:shadow"][-1] == "Waiting for the Shadow to act."
