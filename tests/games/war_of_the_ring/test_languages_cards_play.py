"""War of the Ring's Event cards in Danish, Japanese and Simplified Chinese: playing a card, its
own questions (titles, instructions, the words of each answer), the refusal of a card that cannot
be played now, and the Twilight module's lobby notice and refusals.

A card's question is asked while the engine applies a move and kept in the state; each reader
gets it in his language. The English stays as it was. The names inside the sentences (cards,
regions, characters, Nations, a card's condition) are translated with the names and card texts:
where the catalog has none yet they are English, so the checks strip them first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from games.core import Action, Match, State, dump, load
from games.core.i18n import TRANSLATED, Msg, Words
from games.core.rng import randbelow
from games.core.words import in_sentence
from games.war_of_the_ring.data import CARDS, CHARACTERS, NATIONS, REGIONS
from games.war_of_the_ring.event_cards.army_cards_free import WOSES_TITLE
from games.war_of_the_ring.event_cards.army_cards_shadow import ShadowMarch
from games.war_of_the_ring.event_cards.base import ask
from games.war_of_the_ring.event_cards.step import label as event_label
from games.war_of_the_ring.event_cards.words import move_title, reread
from games.war_of_the_ring.i18n import DOMAIN, card_name, speaking
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from games.war_of_the_ring.tta.switches import options_for
from tests.support.languages import assert_translated as shared_assert_translated

from .helpers import act, match, step

#: English words no Danish text of these steps holds.
ENGLISH = re.compile(
    r"\b(?:the|and|from|with|which|into|move|army|armies|discard|play|played|cannot|choose|"
    r"waiting|strike|attack|recruit|card|die|dice|leader|table|hand|or|of|to|in)\b",
    re.IGNORECASE,
)
#: The English names the sentences may hold until the names are translated, longest first.
NAMES = sorted(
    {
        *(r.name for r in REGIONS.values()),
        *(in_sentence(r.name) for r in REGIONS.values()),
        *(c.name for c in CARDS.values()),
        *(c.condition for c in CARDS.values() if c.condition),
        *(c.name for c in CHARACTERS.values()),
        *(n.name for n in NATIONS.values()),
    },
    key=len,
    reverse=True,
)
NAMED = re.compile("|".join(re.escape(n) for n in NAMES))


def assert_translated(english: str, said: str, lang: str) -> None:
    shared_assert_translated(english, NAMED.sub("", said), lang, ENGLISH)
    assert said != english or not NAMED.sub("", english).strip(" :.,()"), f"{lang}: {said!r} is English"


def answer(state: State, role: str, action: Action, lang: str) -> str:
    """The words the card's question gives an answer (``""``: none, the generic label's)."""
    with speaking(lang):
        return event_label(state, role, action) or ""


def question(state: State, role: str, lang: str) -> list[str]:
    """The card's question for ``role`` in ``lang``: its title, instruction and every answer's
    words."""
    prompt = R.prompt(state, role, lang)
    return [prompt.title, prompt.text, *(answer(state, role, a, lang) for a in prompt.actions)]


@cache
def card_questions(seed: int) -> tuple[tuple[State, str], ...]:
    """Every card question of a seeded random game with the whole Twilight module (``(state,
    role)`` as it waits for the answer), the questions of the pieces a card runs in its frame
    (Rage of the Dunlendings, the Ents) among them."""
    m = Match.new(R, seed, R.resolve_options({"tta": "whole"}), 2)
    chooser = {"rng": seed * 31 + 7}
    found = []
    while m.state["result"] is None:
        role = sorted(R.active(m.state))[0]
        top = m.state["stack"][-1]
        if top["step"] == "event" and top.get("ask"):
            found.append((load(dump(m.state)), role))
        actions = R.prompt(m.state, role).actions
        m.submit(role, actions[randbelow(chooser, len(actions))])
    return tuple(found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_card_question_of_a_game_reads_in_every_language(lang: str) -> None:
    cards: set[str] = set()
    for seed in (3, 8):
        for state, role in card_questions(seed):
            cards.add(state["stack"][-1]["card"])
            for english, said in zip(question(state, role, "en"), question(state, role, lang), strict=True):
                if english:
                    assert_translated(english, said, lang)
            waiting = next(r for r in state["roles"] if r != role)
            assert_translated(R.prompt(state, waiting).text, R.prompt(state, waiting, lang).text, lang)
    assert len(cards) >= 10  # (real games, many cards)


def cruel_weather() -> Match:
    m = match(
        dice={"shadow": ["character", "event"], "free": ["event"]},
        acting="shadow",
        hands={"shadow": ["shc_10"]},
        fellowship={"region": "bree", "progress": 1},
    )
    act(m, "shadow", "play character shc_10")
    return m


def test_a_cards_question_in_english_is_as_it_was() -> None:
    m = cruel_weather()
    prompt = R.prompt(m.state, "shadow")
    assert prompt.title == "Cruel Weather: where the weather drives the Fellowship"
    assert prompt.text == "Move the Fellowship from Bree to an adjacent region."
    assert [R.describe(m.state, "shadow", a) for a in prompt.actions] == [
        f"Into {in_sentence(REGIONS[r].name)}" for r in REGIONS["bree"].neighbours
    ]
    assert R.prompt(m.state, "free").text == "Waiting for the Shadow (Cruel Weather)."
    asked = m.state["stack"][-1]["ask"]
    assert asked["text"] == prompt.text and type(asked["text"]) is str  # the state keeps plain text
    assert asked["words"]["text"]["msg"] == "Move the Fellowship from {region} to an adjacent region."
    dump(m.state)  # and stays JSON


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_cards_question_in_every_language(lang: str) -> None:
    m = cruel_weather()
    for english, said in zip(
        question(m.state, "shadow", "en"), question(m.state, "shadow", lang), strict=True
    ):
        assert_translated(english, said, lang)
    assert_translated(R.prompt(m.state, "free").text, R.prompt(m.state, "free", lang).text, lang)


def refusal(m: Match, role: str, text: str, lang: str) -> str:
    said = R.refusal(m.state, role, Action.from_text(text), lang)
    assert said is not None
    return said


def refused_plays() -> Iterator[tuple[Match, str, str]]:
    """``(match, play, its English refusal)``: no such die, the wrong die, the card's condition,
    and the die the card itself needs."""
    m = match(dice={"free": ["muster"], "shadow": ["event"]}, acting="free", hands={"free": ["fpc_12"]})
    yield m, "play character fpc_12", "You have no unused Character die to play Bilbo's Song with."
    yield (
        m,
        "play muster fpc_12",
        "Bilbo's Song is played with a Character die, an Event die or a Will of the West.",
    )
    shadow = match(
        dice={"shadow": ["event"], "free": ["event"]}, acting="shadow", hands={"shadow": ["shc_13"]}
    )
    lure = CARDS["shc_13"]
    yield shadow, "play event shc_13", f"{lure.name} cannot be played now. Play it if: {lure.condition}"
    mirror = match(
        dice={"free": ["character", "muster"], "shadow": ["event"]},
        acting="free",
        hands={"free": ["fpc_13"]},
    )
    yield (
        mirror,
        "play character fpc_13",
        "Mirror of Galadriel cannot be played with this Character die: it turns another unused Character "
        "die into a Will of the West.",
    )


def test_a_refusal_in_english_is_as_it_was() -> None:
    for m, play, english in refused_plays():
        assert refusal(m, str(m.state["stack"][-1]["side"]), play, "en") == english


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_refusal_in_every_language(lang: str) -> None:
    for m, play, english in refused_plays():
        role = str(m.state["stack"][-1]["side"])
        said = refusal(m, role, play, lang)
        assert_translated(english, said, lang)
        card = play.split()[-1]
        with speaking(lang):
            assert card_name(card) in said  # the holder's own card, named in his language


def given_up() -> Match:
    """The Shadow discards A Power too Great: he gives up a Strategy and a Character card."""
    m = match(
        dice={"shadow": ["character"], "free": ["muster"]},
        acting="shadow",
        hands={"shadow": ["shs_04", "shs_05", "shc_01"]},
        table={"free": ["fps_02"]},
        armies={"trollshaws": {"sauron": "3R"}, "rivendell": {"elves": "1R"}},
    )
    act(m, "shadow", "dispel character")
    assert step(m.state) == "event"
    return m


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_card_in_hand_is_named_only_to_its_holder(lang: str) -> None:
    m = given_up()
    asked = R.prompt(m.state, "shadow").actions
    hand = [a.args[0] for a in asked]
    assert sorted(hand) == ["shs_04", "shs_05"]  # the Strategy cards first
    said = [answer(m.state, "shadow", a, lang) for a in asked]
    with speaking(lang):
        names = {c: card_name(c) for c in ("shs_04", "shs_05", "shc_01")}
    for card, words in zip(hand, said, strict=True):
        assert names[card] in words and not any(names[o] in words for o in names if o != card)
    waiting = " ".join(question(m.state, "free", lang))
    for card in ("shs_04", "shs_05", "shc_01"):
        assert names[card] not in waiting and CARDS[card].name not in waiting


LOBBY = [
    (
        {"galadriel", "siege_engines"},
        "Twilight of the Third Age, reconstructed where no source gives it: "
        "Galadriel's card (see /rules topic:twilight).",
    ),
    (
        {"siege_engines", "dunlendings", "corsairs", "ents", "cards"},
        "Twilight of the Third Age, "
        "reconstructed where no source gives it: how many Ents each Ents Awake brings (D27) and the numbers "
        "of the new cards (see /rules topic:twilight).",
    ),
    (
        {"siege_engines"},
        "Twilight of the Third Age: every part chosen is as published (see /rules topic:twilight).",
    ),
]


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_lobby_notice_in_every_language(lang: str) -> None:
    for on, english in LOBBY:
        assert R.notice(options_for(on)) == english
        if lang != "en":
            assert_translated(english, R.notice(options_for(on), lang), lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_lobby_refusal_is_said_in_its_readers_language(lang: str) -> None:
    for chosen in ({"tta_factions": "orcs"}, {"tta_cards": "on"}):
        with pytest.raises(ValueError) as refused:
            R.resolve_options(chosen)
        words: Any = refused.value.args[0]
        assert isinstance(words, Words)
        assert_translated(str(refused.value), words.render(lang), lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_deferred_words_asked_by_a_piece_read_in_every_language(lang: str) -> None:
    """A procedure run in a card's frame may ask with deferred words (a ``Msg``): the state keeps
    their English and their message, as for the cards' own words."""
    frame: dict[str, Any] = {"card": "fpc_19"}
    title = Msg(DOMAIN, "the Army")
    ask(frame, "free", "test", [(Action("done"), Msg(DOMAIN, "Neither move nor attack"))], title, "plain")
    assert frame["ask"]["title"] == "the Army" and frame["ask"]["text"] == "plain"
    with speaking(lang):
        said = reread(frame["ask"]["title"], frame["ask"]["words"]["title"])
    assert_translated("the Army", said, lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_title_of_an_army_move_by_card_reads_in_every_language(lang: str) -> None:
    kept = [WOSES_TITLE, ShadowMarch("shs_07", 2, 1, False, False).title]
    assert kept[1] == "Shadows Gather: move Shadow Armies"
    for title in kept:
        assert move_title(title) == title
        with speaking(lang):
            assert_translated(title, move_title(title), lang)
