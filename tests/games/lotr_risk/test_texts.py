"""Player-facing texts: refusals that say why and what is allowed (never another player's
secrets), log lines that name the players concerned, and the ``/rules`` look-up."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.core import ActionError, InvalidAction, Match, clone, project
from games.core.chance import scripted
from games.core.i18n import LOCALES, TRANSLATED, in_words
from games.lotr_risk.board import geometry
from games.lotr_risk.events import KINDS, PRESENTER
from games.lotr_risk.roles import ALL_ROLES, role_title
from tests.support.languages import CODE, LATIN

from .helpers import R, act, asked, kind, legal, log_text, position, random_game
from .test_golden import GAMES

GREEN = {"old_forest": "green", "buckland": "green", "the_shire": "green"}


def refused(state: dict, role: str, text: str) -> str:
    """The words of the refusal of ``text`` typed by ``role`` (the runner's own check)."""
    with pytest.raises(ActionError) as error:
        Match(R, clone(state)).check(role, text)
    return str(error.value)


def dice(attack: list[int], defence: list[int]) -> AbstractContextManager[Any]:
    return scripted(*[("attack die", d) for d in attack], *[("defence die", d) for d in defence])


def conquered(troops: dict[str, int], attack: list[int], **more: Any) -> dict:
    """Green has conquered South Downs from Old Forest with ``attack`` against a lone 1."""
    state = position(GREEN, troops=troops, **more)
    state = act(state, "green", "attack old_forest south_downs")
    with dice(attack, [1]):
        state = act(state, "green", f"roll {len(attack)}")
    assert kind(state) == "advance"
    return state


def holding(role: str, *cards: str, territory: tuple[str, ...] = ()) -> dict[str, dict[str, list[str]]]:
    return {role: {"territory": list(territory), "adventure": list(cards)}}


# -- refusals: what was wrong and what is allowed -----------------------------------------------
def test_placing_too_many_says_how_many_are_left_to_place() -> None:
    state = position(GREEN, phase="reinforce")
    pool = R.prompt(state, "green").amounts[0].high
    text = refused(state, "green", f"place old_forest {pool + 5}")
    assert text == f"You have {pool} battalions left to place, so at most {pool} can go to Old Forest."
    assert refused(state, "green", "place old_forest 0") == "Place at least 1 battalion."
    assert (
        refused(state, "green", "done") == f"You still have {pool} battalions to place: place them all first."
    )


def test_placing_on_a_territory_of_another_player_names_who_holds_it() -> None:
    state = position(GREEN, phase="reinforce")
    assert refused(state, "green", "place moria 1") == (
        "Moria is not yours (Black holds it): place battalions on your own territories."
    )


def test_a_mistyped_territory_is_named_with_the_closest_territory() -> None:
    state = position(GREEN, phase="reinforce")
    text = refused(state, "green", "place old_forst 1")
    assert text.startswith("There is no territory `old_forst` on this board.")
    assert "`old_forest` (Old Forest)" in text
    assert refused(state, "green", "place minas_tirith 1") == "Minas Tirith is not on this edition's board."


def test_a_fortify_move_that_is_too_big_says_one_battalion_stays_behind() -> None:
    state = position(GREEN, phase="fortify", troops={"old_forest": 22})
    state = act(state, "green", "from old_forest")
    assert refused(state, "green", "to buckland 30") == (
        "Old Forest has 22 battalions and one must stay behind, so at most 21 can move."
    )
    assert refused(state, "green", "to moria 3") == (
        "Moria is not yours (Black holds it): move only between your own territories."
    )
    assert refused(state, "green", "from buckland") == (
        "You are moving from Old Forest: go `back` first to move from another territory."
    )


def test_a_plain_mode_move_counts_the_battalions_that_arrived_this_turn() -> None:
    state = position(GREEN, mode="plain", phase="fortify", troops={"old_forest": 5, "buckland": 3})
    state = act(state, "green", "from old_forest", "to buckland 4", "from buckland")
    assert refused(state, "green", "to old_forest 5") == (
        "Buckland has 7 battalions and one must stay behind; 4 arrived this turn and cannot move "
        "again, so at most 3 can move."
    )


def test_a_territory_with_nothing_to_move_says_so() -> None:
    state = position(GREEN, phase="fortify", troops={"old_forest": 5})
    assert refused(state, "green", "from buckland") == (
        "Buckland has only 1 battalion, which must stay there, and no leader free to move."
    )
    assert (
        refused(state, "green", "to buckland 1") == "Choose where the move starts first: `from <territory>`."
    )


def test_attacks_refused_say_why() -> None:
    state = position(GREEN, troops={"old_forest": 4})
    assert refused(state, "green", "attack buckland south_downs") == (
        "Buckland has only 1 battalion: an attack needs 2 or more there, as one always stays behind."
    )
    assert refused(state, "green", "attack old_forest buckland") == (
        "Buckland is yours: attack an enemy territory."
    )
    assert refused(state, "green", "attack old_forest moria") == (
        "Moria does not border Old Forest: attack across a land border, a bridge or a sea route."
    )


def test_rolling_too_many_dice_says_one_battalion_stays_behind() -> None:
    state = position(GREEN, troops={"old_forest": 3})
    state = act(state, "green", "attack old_forest south_downs")
    assert refused(state, "green", "roll 3") == (
        "Old Forest has 3 battalions and one must stay behind, so you can roll at most 2 dice."
    )
    assert refused(state, "green", "roll 4") == "Roll 1, 2 or 3 dice: `roll <dice>`."


def test_a_count_below_the_minimum_is_refused_not_completed_into_another_count() -> None:
    state = conquered({"old_forest": 16, "south_downs": 1}, [6, 6, 6])
    (amount,) = R.prompt(state, "green").amounts
    assert (amount.low, amount.high) == (3, 15)  # "advance 1" is the start of "advance 15"
    assert (
        refused(state, "green", "advance 1") == "At least 3: the 3 battalions that rolled last must move in."
    )
    assert refused(state, "green", "advance 40") == (
        "Old Forest has 13 battalions left and one must stay behind, so at most 15 can move in "
        "(3 from the last roll and 12 more)."
    )
    assert refused(state, "green", "advance-leader 3") == (
        "Your leader is not in Old Forest: move in with `advance`."
    )


def test_a_verb_of_another_moment_says_when_it_is_used() -> None:
    state = position(GREEN, phase="reinforce")
    text = refused(state, "green", "roll 2")
    assert text.startswith("You cannot `roll` now: dice are rolled in an attack you have declared. ")
    assert text.endswith(R.prompt(state, "green").text)


def test_a_mistyped_verb_is_named_with_the_closest_verb() -> None:
    state = position(GREEN, phase="reinforce")
    with pytest.raises(InvalidAction, match=r"Did you mean `place`\?"):
        Match(R, clone(state)).check("green", "plase old_forest 1")


def test_power_cards_refused_say_when_they_are_played() -> None:
    hands = holding("green", "ambush", "courage_alone_will_not_save_you", "mission_bree")
    state = position(GREEN, phase="reinforce", hands=hands)
    assert refused(state, "green", "power ambush") == (
        "Not now: Ambush is played when you declare an attack on a territory, before any dice are rolled."
    )
    assert refused(state, "green", "power courage_alone_will_not_save_you").startswith(
        "Courage Alone Will Not Save You is a reaction: `arm` it in your combat phase"
    )
    assert refused(state, "green", "power mission_bree").startswith("Missions are not played")
    assert refused(state, "green", "power gollum") == "You do not hold Gollum."


def test_trades_refused_say_what_a_trade_is() -> None:
    cards = ("card:the_shire", "card:moria", "card:fangorn")
    state = position(GREEN, phase="reinforce", hands=holding("green", territory=cards))
    assert (
        refused(state, "green", "trade card:the_shire card:moria")
        == "Trade one card, or a set of three cards."
    )
    assert refused(state, "green", "trade card:lorien").startswith("You do not hold the card of Lorien.")


def test_refusals_never_tell_what_another_player_holds() -> None:
    """The words Green reads are the same whatever Black holds."""
    texts = ("power ambush", "trade card:moria", "arm courage_alone_will_not_save_you", "disarm ambush")

    def seen(black: dict[str, list[str]]) -> list[str]:
        state = position(GREEN, hands={"black": black})
        return [refused(state, "green", text) for text in texts]

    empty = seen({"territory": [], "adventure": []})
    full = seen({"territory": ["card:moria"], "adventure": ["ambush", "courage_alone_will_not_save_you"]})
    assert empty == full


def test_refusals_in_the_secret_set_up_never_tell_another_players_placement() -> None:
    state = R.setup(3, {"setup": "quick"}, 2)
    while kind(state) != "place_start":
        who = asked(state)
        assert who is not None
        state = act(state, who, sorted(legal(state, who))[0])
    black_land = next(t for t, o in state["owner"].items() if o == "black")
    green_land = next(t for t, o in state["owner"].items() if o == "green")
    texts = (f"unplace {black_land}", f"unplace {green_land}", f"place {black_land} 1", "ready", "place x 1")
    before = [refused(state, "green", t) for t in texts]
    left = R.prompt(state, "black").amounts[0].high
    placed = act(clone(state), "black", f"place {black_land} {left}")
    assert [refused(placed, "green", t) for t in texts] == before
    assert before[3].startswith("You still have ") and before[1].startswith("You have placed nothing in")


# -- log lines name the players concerned -------------------------------------------------------
def test_a_roll_names_the_side_that_loses() -> None:
    state = position(GREEN, troops={"old_forest": 5, "south_downs": 3})
    state = act(state, "green", "attack old_forest south_downs")
    with dice([6, 6, 1], [5, 4]):
        state = act(state, "green", "roll 3")
        state = act(state, asked(state) or "", "defend 2")
    assert "from Old Forest into South Downs: Black loses 2." in log_text(state)
    with dice([1], [5]):
        state = act(state, "green", "roll 1")
    assert "Green rolls 1 against 5 from Old Forest into South Downs: Green loses 1." in log_text(state)


def test_the_fellowships_roll_names_the_player_who_rolled() -> None:
    moria = geometry("middle-earth").path.index("moria")
    state = position(GREEN, phase="fortify", ring=moria, leaders={"green": ["buckland"]})
    with scripted(("fellowship die", 2)):
        state = act(state, "green", "done")
    assert "The Ring stays in Moria (Green rolled 2, needs 3)." in log_text(state)


def test_raiders_and_mustering_name_who_holds_each_territory() -> None:
    deck = ["card:weather_hills", "card:old_forest", "card:fornost"]
    for event, words in (
        (
            "raiders",
            ("Fornost (Black) loses 2", "Old Forest (Green) loses nothing", "(the neutral army) loses 1"),
        ),
        (
            "mustering_of_middle_earth",
            ("Fornost (Black)", "Old Forest (Green)", "Weather Hills (the neutral army)"),
        ),
    ):
        state = position(
            {**GREEN, "weather_hills": "neutral"},
            phase="fortify",
            troops={"fornost": 5, "weather_hills": 3},
            turn={"sites": True},
            leaders={"green": ["buckland"]},
            decks={"adventure": ["ambush", event], "territory": list(deck)},
        )
        state = act(state, "green", "done")
        line = next(
            line for line in log_text(state).splitlines() if line.startswith(("Raiders:", "Mustering"))
        )
        assert all(word in line for word in words), line


def test_grima_and_the_stronghold_cards_name_both_sides() -> None:
    hands = holding("green", "grima_wormtongue-1", "siege_machines")
    state = position({**GREEN, "eregion": "green"}, troops={"eregion": 5, "moria": 4}, hands=hands)
    state = act(state, "green", "attack eregion moria", "power grima_wormtongue-1", "power siege_machines")
    text = log_text(state)
    assert "2 of Black's battalions desert Moria to join Green in Eregion." in text
    assert "The stronghold of Moria gives Black no +1 against Green in this attack." in text


def test_the_eliminating_player_reads_that_the_other_is_eliminated_and_what_he_takes() -> None:
    owners = {**GREEN, "south_downs": "black"}
    hands = {"black": {"territory": ["card:moria"], "adventure": []}}
    state = position(owners, default="red", players=3, troops={"old_forest": 5}, hands=hands)
    state = act(state, "green", "attack old_forest south_downs")
    with dice([6, 6, 6], [1]):
        state = act(state, "green", "roll 3")
    eliminated = next(e for e in state["log"] if e["kind"] == "eliminated")
    assert R.event_text(eliminated, "green") == (
        "Black is eliminated by you; you take Black's territory cards: the card of Moria."
    )
    assert R.event_text(eliminated, None) == "Black is eliminated by Green, who takes 1 territory card."


#: Parameter types whose values (or keys) are roles.
ROLE_VALUES = {"role", "roles"}
ROLE_KEYS = {"placements", "dealt", "role_counts", "hand_counts", "scores", "totals", "leaders"}


def _roles_in(kind_name: str, args: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for name, value in args.items():
        kind_of = KINDS.get(kind_name, {}).get(name)
        if kind_of in ROLE_VALUES and value:
            found.update([value] if isinstance(value, str) else value)
        elif kind_of in ROLE_KEYS and value:
            found.update(value)
        elif kind_of == "holders" and value:
            found.update(value.values())
        elif kind_of == "rolls_off":
            found.update(r for rolls in value for r in rolls)
    return {r for r in found if r in ALL_ROLES or r == "neutral"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_public_line_names_a_player_concerned(name: str) -> None:
    options, players, seed = GAMES[name]
    match, _ = random_game(seed, options, players, check=False)
    for event in match.state["log"]:
        kind_name, args = project(event, None)
        if kind_name.startswith("ring_") and args.get("roll") is None:
            continue  # the Fellowship moving on by itself concerns no player
        roles = _roles_in(kind_name, dict(args))
        if not roles or kind_name not in PRESENTER.kinds:
            continue
        text = R.narrate(kind_name, args)
        assert any(role_title(r).lower() in text.lower() for r in roles), (kind_name, text)


# -- /rules ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("asked_for", "slug"),
    [
        ("attack", "attack"),
        ("dice", "dice"),
        ("trade", "trade"),
        ("Sets", "trade"),
        ("defend", "dice"),
        ("the Ring", "fellowship"),
        ("win", "scoring"),
        ("grima_wormtongue-1", "grima_wormtongue"),
        ("you_shall_not_pass-2", "you_shall_not_pass"),
        ("card:moria", "moria"),
        ("Helm's Deep", "west_rohan"),
        ("balrog", "a_balrog_is_come"),
    ],
)
def test_rules_find_common_words_card_copies_and_territories(asked_for: str, slug: str) -> None:
    assert [t.slug for t in R.rules_lookup(asked_for)] == [slug]


def test_the_common_rule_words_are_topics_of_their_own() -> None:
    topics = {t.slug: t for t in R.rules_topics()}
    for slug in ("attack", "dice", "trade", "turn"):
        assert topics[slug].kind == "rule" and len(topics[slug].text) < 600
    assert topics["moria"].kind == "territory" and "Mines of Moria" in topics["moria"].text
    assert "trade" in topics["trade"].text and "wild card" in topics["trade"].text


def test_rules_not_found_speaks_of_cards_territories_and_rules_and_suggests_close_names() -> None:
    text = R.rules_not_found("Fangron")
    assert "character" not in text
    assert text == f"{R.title} has no card, territory or rule called “Fangron”. Did you mean Fangorn?"
    assert R.rules_lookup("Fangron") == ()
    assert "Pick a topic from the list" in R.rules_not_found("xyzzy")


def test_a_typed_placement_without_a_count_asks_how_many_instead_of_placing_them_all() -> None:
    state = position(GREEN, phase="reinforce", troops={"old_forest": 2})
    pool = R.prompt(state, "green").amounts[0].high
    assert pool > 1
    for typed in ("place old_forest", "place old_f"):
        words = refused(state, "green", typed)
        assert words == f"How many battalions? Add a number from 1 to {pool}, e.g. `place old_forest {pool}`."
    assert Match(R, clone(state)).check("green", "place old_forest 1").text == "place old_forest 1"


def _refused_in(state: dict[str, Any], role: str, text: str) -> dict[str, str]:
    """A typed action's refusal as each language's reader gets it (the reply picks his)."""
    with pytest.raises(ActionError) as caught:
        Match(R, clone(state)).check(role, text)
    said = caught.value.args[0]
    return {lang: in_words(lang, said) for lang in LOCALES}


@pytest.mark.parametrize(
    "typed", ("place old_forest", "plase old_forest 1", "place old_forest 999", "attack old_forest")
)
def test_a_refused_typed_action_is_said_in_every_language(typed: str) -> None:
    state = position(GREEN, phase="reinforce", troops={"old_forest": 2})
    said = _refused_in(state, "green", typed)
    assert said["en"] == refused(state, "green", typed)
    for lang in TRANSLATED:
        assert said[lang] != said["en"], f"{lang}: {said[lang]!r}"
    for lang in ("ja", "zh-CN"):  # (the game's title stays as published)
        assert not LATIN.findall(CODE.sub("", said[lang]).replace(R.title, "")), said[lang]
