"""Rules revision 3: a question about the board with one answer is not asked; the engine takes
the answer (:mod:`games.war_of_the_ring.one_answer`), and a match begun before goes on asking."""

from __future__ import annotations

from games.core import Match
from games.core.rng import randbelow
from games.war_of_the_ring.one_answer import ASKED_ANYWAY
from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R

from .helpers import act, position


def play(seed: int, rules: int | None = None) -> tuple[Match, list[tuple[str, str, int]]]:
    """A random game (``rules``: played by an older revision); each action with the number of
    actions its question offered."""
    match = Match.new(R, 3000 + seed, {}, 2)
    if rules is not None:
        match.state["rules"] = rules
    chooser = {"rng": seed * 31 + 3}
    history = []
    while match.state["result"] is None:
        active = sorted(R.active(match.state))
        role = active[randbelow(chooser, len(active))]
        prompt = R.prompt(match.state, role)
        action = prompt.actions[randbelow(chooser, len(prompt.actions))]
        one = len(prompt.actions) == 1 and not any(a.high > a.low for a in prompt.amounts)
        history.append((role, action.text, prompt.kind if one else ""))
        match.submit(role, action)
    return match, history


def test_no_question_about_the_board_has_one_answer_in_fuzzed_games() -> None:
    """Over whole random games, a question with a single answer (no count to choose) is only
    one whose answer hangs on a hand (asked so that the timing tells nothing)."""
    for seed in range(4):
        _, history = play(seed)
        single = {kind for _, _, kind in history if kind}
        assert single <= ASKED_ANYWAY, (seed, single - ASKED_ANYWAY)


def test_revision_3_only_drops_the_one_answer_questions_of_revision_2() -> None:
    """A game played by revision 2 replays under revision 3 to the same log once the questions
    of one answer it asked about the board are left out: nothing else changed."""
    old, history = play(1, rules=2)
    dropped = [(role, text, kind) for role, text, kind in history if kind and kind not in ASKED_ANYWAY]
    assert len(dropped) >= 3, dropped  # the game did ask some
    new = Match.new(R, 3001, {}, 2)
    for role, text, kind in history:
        if kind and kind not in ASKED_ANYWAY:
            continue
        new.submit(role, text)
    assert new.state["rules"] == 3
    assert R.log_lines(new.state, None) == R.log_lines(old.state, None)
    assert new.state["result"] == old.state["result"]


def nurn_and_gorgoroth(rules: int | None = None) -> Match:
    """A Shadow Army in Nurn (one neighbour: Gorgoroth) and one in Gorgoroth beside a Free
    Peoples Army in Minas Morgul; the Shadow to act with an Army die."""
    state = position(
        acting="shadow",
        dice={"shadow": ["army"], "free": ["event"]},
        armies={"nurn": {"sauron": "2R"}, "gorgoroth": {"sauron": "1R"}, "minas_morgul": {"gondor": "1R"}},
        politics={"sauron": {"steps": 0, "active": True}},
    )
    if rules is not None:
        state["rules"] = rules
    return Match(R, state)


def test_a_move_with_one_possible_destination_is_not_asked_where_it_goes() -> None:
    m = nurn_and_gorgoroth()
    act(m, "shadow", "move-armies army", "army nurn")
    frame = m.state["stack"][-1]
    assert (frame["step"], frame["to"]) == ("army_units", "gorgoroth")  # its figures, at once
    act(m, "shadow", "go")
    assert m.state["armies"]["gorgoroth"] == {"sauron": {"regular": 3}}


def test_an_attack_with_one_possible_target_is_not_asked_its_target() -> None:
    m = nurn_and_gorgoroth()
    act(m, "shadow", "attack army")
    battle = m.state["battle"]
    assert (battle["from"], battle["region"]) == ("gorgoroth", "minas_morgul")


def test_a_match_begun_by_revision_2_still_asks_the_one_answer_questions() -> None:
    m = nurn_and_gorgoroth(rules=2)
    act(m, "shadow", "move-armies army", "army nurn")
    assert [a.text for a in R.prompt(m.state, "shadow").actions] == ["to gorgoroth"]
    m = nurn_and_gorgoroth(rules=2)
    act(m, "shadow", "attack army")
    assert [a.text for a in R.prompt(m.state, "shadow").actions] == ["attack gorgoroth minas_morgul"]
    assert "battle" not in m.state or not m.state["battle"]
