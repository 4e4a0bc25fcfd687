"""Fuzz, replay determinism, dump/load, the no-leak property and a golden playthrough."""

from __future__ import annotations

import copy
import os
from collections import Counter
from pathlib import Path

import pytest

from games.confrontation.battle import battle_frame
from games.confrontation.data import CHARS, char_label
from games.confrontation.events import KINDS, REASONS
from games.confrontation.secrets import log_leaks, secrets_of, view_leaks
from games.core import Action, State, dump, load, submit
from tests.support.golden import stored_golden

from .helpers import R, position
from .playout import VARIANTS, options_for, playout

GOLDEN = Path(__file__).parent / "golden"
DIRECT_GAMES = 1800
CHECKED_GAMES = 200
CHUNKS = 8
#: Fuzzed games whose every position is checked for leaks, in four chunks (``CONFRONTATION_LEAK_GAMES``
#: for the full check: 400).
LEAK_GAMES = int(os.environ.get("CONFRONTATION_LEAK_GAMES", "60"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_random_games_keep_invariants_and_terminate(chunk: int) -> None:
    # Who wins by each result reason (None: the side other than ``args["side"]``).
    winner_by_reason = {
        "ring_in_mordor": "fellowship",
        "bearer_carried_ring": "fellowship",
        "bearer_defeated": "sauron",
        "witch_king_in_shire": "sauron",
        "shire_held": "sauron",
        "had_no_legal_move": None,
    }
    assert set(winner_by_reason) == REASONS
    reasons: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    for seed in range(chunk, DIRECT_GAMES, CHUNKS):
        state, _ = playout(seed, quick_setup=seed % 5 != 0)  # raises if the game never ends
        result = state["result"]
        assert result is not None
        reason, args = result["reason"], result["args"]
        assert reason in REASONS, f"seed {seed}: unknown result reason {reason!r}"
        assert set(args) == set(KINDS[reason]), f"seed {seed}: {result}"
        expected = winner_by_reason[reason] or ("sauron" if args["side"] == "fellowship" else "fellowship")
        assert result["winners"] == [expected], f"seed {seed}: {result}"
        reasons[reason] += 1
        winners[expected] += 1
    # Games end in several ways, and both sides win some of them.
    assert len(reasons) >= 3, reasons
    assert set(winners) == {"fellowship", "sauron"}, reasons


def test_fuzz_through_the_match_runner() -> None:
    winners: Counter[str] = Counter()
    for seed in range(10_000, 10_000 + CHECKED_GAMES):
        state, _ = playout(seed, checked=True)
        winners[state["result"]["winners"][0]] += 1
    assert set(winners) == {"fellowship", "sauron"}  # both sides can win


def test_fuzz_covers_every_variant_and_special_option() -> None:
    seen = {(o["variant"], o["specials"], o["handicap"]) for o in map(options_for, range(DIRECT_GAMES))}
    assert {v for v, _, _ in seen} == set(VARIANTS)
    assert {s for _, s, _ in seen} == {"none", "2002", "deluxe-2", "deluxe-4"}
    assert {h for _, _, h in seen} == {"none", "fellowship", "sauron"}


def replay(seed: int, history: list[tuple[str, str]]) -> State:
    state = R.setup(seed, options_for(seed), 2)
    for role, text in history:
        state = submit(R, state, role, text).state
    return state


@pytest.mark.parametrize("seed", [3, 14, 27, 42])
def test_replay_from_seed_and_action_log_is_identical(seed: int) -> None:
    state, history = playout(seed, checked=True, quick_setup=False)
    again = replay(seed, history)
    assert dump(again) == dump(state)


def test_dump_load_round_trip_mid_battle_resumes_exactly() -> None:
    """A state read back from its dump plays on exactly as the live one (whose dicts keep their
    insertion order, where a loaded one has sorted keys)."""
    snapshots: list[tuple[str, State]] = []

    def keep(state: State, role: str, action: Action) -> None:
        if len(snapshots) < 40 and battle_frame(state) is not None:
            snapshots.append((dump(state), copy.deepcopy(state)))

    playout(5, each=keep)
    playout(6, each=keep)
    assert snapshots
    for text, live in snapshots:
        assert dump(load(text)) == text
        for role in sorted(R.active(live)):
            action = R.prompt(live, role).actions[0]
            a = submit(R, load(text), role, action).state
            b = submit(R, copy.deepcopy(live), role, action).state
            assert dump(a) == dump(b)


def _leaks(state: State) -> list[str]:
    """Leaks in every audience's view and in the log lines of the last action."""
    problems: list[str] = []
    for viewer in (None, "fellowship", "sauron"):
        problems += view_leaks(state, R.view(state, viewer), viewer)
        problems += log_leaks(state, viewer, since_seq=state["seq"] - 1)
    return problems


@pytest.mark.parametrize("chunk", range(4))
def test_no_leaks_in_views_or_logs_across_fuzzed_games(chunk: int) -> None:
    checked = 0

    def check(state: State, role: str, action: Action) -> None:
        nonlocal checked
        problems = _leaks(state)
        assert not problems, f"after {role} {action.text}: {problems[:3]}"
        checked += 1
        for who in R.active(state):
            for legal_action in R.prompt(state, who).actions:
                assert R.describe(state, who, legal_action)
                for i, arg in enumerate(legal_action.args):
                    assert R.describe_arg(state, who, legal_action.verb, i, arg)
        if state["result"] is not None:
            final = R.final_reveal(state)
            shown = [p for r in final["regions"] for ps in r["pieces"].values() for p in ps]
            assert all(p["character"] for p in shown)

    games = range(20_000 + chunk, 20_000 + LEAK_GAMES, 4)
    for seed in games:
        playout(seed, each=check, quick_setup=seed % 3 != 0)
    assert checked > 25 * len(games)


def test_whole_logs_of_finished_games_never_name_a_secret() -> None:
    for seed in range(30_000, 30_040):
        state, _ = playout(seed)
        for viewer in (None, "fellowship", "sauron"):
            assert not log_leaks(state, viewer)


def test_secrets_of_names_hidden_characters_only() -> None:
    """Through the draft, the placement and the game, for every variant: each side's characters
    that were never shown are its secrets, those shown to everyone are not."""

    def secrets_match_the_board(state: State) -> tuple[int, int]:
        """Check :func:`secrets_of` for both sides against who is in play and who has been shown;
        return how many characters were checked as hidden and as public."""
        hidden = public = 0
        setup = state.get("setup")
        for side in ("fellowship", "sauron"):
            found = secrets_of(state, side)
            drafted = list(setup[side]["draft"].values()) if setup is not None else []
            in_play = list(dict.fromkeys([*state["chars"][side], *drafted]))
            if setup is None:
                assert len(in_play) == 9, f"{side} plays {in_play}"
            for char in in_play:
                # In a Draft both sides of a tile may be named, so texts use the labels.
                name = char_label(char) if state["options"]["variant"] == "draft" else CHARS[char].name
                if char in state["public"]:
                    public += 1
                    assert name not in found and char not in found, f"{char} is public but secret"
                else:
                    hidden += 1
                    assert name in found and char in found, f"hidden {char} is not among {side}'s secrets"
            other_side = [c for c in CHARS if CHARS[c].side != side]
            assert not found & {*other_side, *(CHARS[c].name for c in other_side)}
            # Special cards are secret exactly when they were kept secretly (Deluxe, choose 2).
            held = state["specials"][side]["held"]
            secret_cards = state["options"]["specials"] == "deluxe-2"
            assert all((card in found) == secret_cards for card in held), (side, held)
        return hidden, public

    checked: Counter[str] = Counter()
    for seed in range(16):  # every variant with every special-card option
        variant = options_for(seed)["variant"]

        def check(state: State, role: str, action: Action, variant: str = variant) -> None:
            hidden, public = secrets_match_the_board(state)
            checked[f"{variant} hidden"] += hidden
            checked[f"{variant} public"] += public
            if state.get("setup") is not None and state["setup"][role]["draft"]:
                checked["drafting"] += 1

        playout(seed, quick_setup=seed % 2 == 0, each=check)
    for variant in VARIANTS:
        assert checked[f"{variant} hidden"] and checked[f"{variant} public"], checked
    assert checked["drafting"], checked
    state = position({"frodo": "shire", "sam": "shire"}, {"balrog": "mordor"}, shown=["frodo"])
    found = secrets_of(state, "fellowship")
    assert "Frodo" not in found and "frodo" not in found and {"Sam", "sam"} <= found
    assert "Balrog" not in found and "Balrog" in secrets_of(state, "sauron")


def golden_text(seed: int) -> str:
    state, _ = playout(seed, quick_setup=True)
    result = {"winners": state["result"]["winners"], "reason": R.result_text(state["result"])}
    lines = [f"options: {options_for(seed)}", *R.log_lines(state, None), f"result: {result}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", [0, 7, 30])
def test_golden_playthrough_public_log(seed: int) -> None:
    path = GOLDEN / f"seed_{seed}.txt"
    text = golden_text(seed)
    assert text == stored_golden(path, text)


def _swapped_views_match(state: State, owner: str) -> list[str]:
    """Swap two hidden pieces of ``owner`` in different regions: nobody else may notice."""
    frame = battle_frame(state)
    busy = set()
    if frame is not None and frame.get("fight"):
        busy = {frame["fight"]["fellowship"], frame["fight"]["sauron"]}
    hidden = [
        c
        for c in state["chars"][owner]
        if c in state["pos"]
        and c not in state["revealed"]
        and c not in busy
        and c != (frame or {}).get("attacker")
    ]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and state["pos"][a] != state["pos"][b]]
    if not pairs or state.get("setup") is not None:
        return []
    a, b = pairs[state["seq"] % len(pairs)]
    twin = load(dump(state))
    twin["pos"][a], twin["pos"][b] = twin["pos"][b], twin["pos"][a]
    problems = []
    for viewer in (None, "sauron" if owner == "fellowship" else "fellowship"):
        if dump(R.view(state, viewer)) != dump(R.view(twin, viewer)):
            problems.append(f"{viewer} can tell {a} from {b}")
        if viewer and R.prompt(state, viewer).actions != R.prompt(twin, viewer).actions:
            problems.append(f"{viewer}'s legal actions depend on where {a} and {b} stand")
    return problems


def test_opponent_cannot_tell_hidden_pieces_apart() -> None:
    """Non-interference: swapping two hidden pieces changes nothing the opponent or public sees."""
    compared = 0

    def check(state: State, role: str, action: Action) -> None:
        nonlocal compared
        if state["result"] is None and state["seq"] % 3 == 0:
            for owner in ("fellowship", "sauron"):
                problems = _swapped_views_match(state, owner)
                assert not problems, f"after {role} {action.text}: {problems}"
                compared += 1

    for seed in range(40_000, 40_060):
        playout(seed, each=check)
    assert compared > 300
