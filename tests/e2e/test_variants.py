"""Complete Confrontation matches through Discord for every variant and every special-card option.

Each case opens a lobby with options (``/game new``, once ``/confrontation new``), plays to the
end as users do (DM menus, *Take my turn*, *My hand*, typed ``/confrontation`` commands with
autocomplete, ``/game act``), preferring draft picks, special-card picks, special cards,
abilities and ``decline``. After every move ``play_match`` checks that exactly one action was
committed, the public board is a PNG, no public text names a hidden character, no private
message tells its reader more than its view and log, and every prompt keeps Discord's limits
(at most 25 options per menu, labels of at most 100 characters). Besides: each side takes one
set-up action back with the Undo button; the first draft, pick, placement, special card and
ability redraw the public and private boards from the views and compare them byte for byte;
with "Deluxe, choose 2" no text names a card the other side kept; A King Revealed lists only
public names and forces Sauron's next move. A last test checks that forbidden option sets are
refused privately without writing anything.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.harness import is_error, requires_bot, running_world, seeded
from tests.e2e.variants_support import check_end, open_match, play_match

pytestmark = requires_bot
log_summary = logging.getLogger(__name__)


@dataclass(frozen=True)
class Case:
    options: dict[str, str]
    command: str  # "game new" or "confrontation new"
    side: str  # the creator's side
    seed: int  # the test's own choices (the bot seeds the match itself)
    specials: tuple[str, ...]  # sides that must have played a special card
    drafts: int = 0  # draft actions expected per side
    picks: int = 0  # pick-special actions expected in all


#: Longest first (the Drafts), so that two xdist workers finish together.
CASES = {
    "draft+deluxe-2": Case(
        {"variant": "draft", "specials": "deluxe-2"}, "game new", "fellowship", 13, (), drafts=9, picks=4
    ),
    "draft+2002+handicap-fellowship": Case(
        {"variant": "draft", "specials": "2002", "handicap": "fellowship"},
        "game new",
        "sauron",
        16,
        ("fellowship",),
        drafts=9,
    ),
    "deluxe-variant+deluxe-4 via /confrontation new": Case(
        {"variant": "deluxe-variant", "specials": "deluxe-4"}, "confrontation new", "sauron", 12, ("sauron",)
    ),
    "deluxe-variant+deluxe-2+handicap-fellowship": Case(
        {"variant": "deluxe-variant", "specials": "deluxe-2", "handicap": "fellowship"},
        "game new",
        "random",
        15,
        (),
        picks=2,
    ),
    "variant-2002": Case({"variant": "variant-2002"}, "game new", "fellowship", 11, ("sauron",)),
    "classic+2002+handicap-sauron": Case(
        {"variant": "classic", "specials": "2002", "handicap": "sauron"},
        "game new",
        "sauron",
        14,
        ("sauron",),
    ),
}


Entry = tuple[int, int, str, str, str, str | None]


def without_undone(log: list[Entry]) -> list[Entry]:
    """The committed log minus undo entries and the actions they took back."""
    kept: list[Entry] = []
    for entry in log:
        if entry[2] == "undo":
            index = max(i for i, e in enumerate(kept) if e[3] == entry[3])
            del kept[index]
        else:
            kept.append(entry)
    return kept


#: Cases whose options the others already cover between them (a Draft, a handicap, "Deluxe,
#: choose 2"): played with ``PALANTIR_E2E_ALL=1`` only, to keep the suite in its time budget.
ALSO = frozenset({"draft+2002+handicap-fellowship", "deluxe-variant+deluxe-2+handicap-fellowship"})
CHOSEN = [name for name in CASES if os.environ.get("PALANTIR_E2E_ALL") or name not in ALSO]


@pytest.mark.parametrize("name", CHOSEN)
async def test_a_complete_match_with_options(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    async with running_world(tmp_path, names=("alice", "bob"), settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await open_match(world, alice, bob, case.options, side=case.side, command=case.command)
        if case.side != "random":
            assert match.players[case.side] is alice
        played = await play_match(world, match, seeded(case.seed))
        state = await check_end(world, match)
        log = world.actions(match.id)
        undos = [entry for entry in log if entry[2] == "undo"]
        assert len(log) == played.moves + len(undos) and {e[3] for e in undos} == set(match.players)
        log = without_undone(log)
        by_role = {role: [a for *_, r, a, _i in log if r == role] for role in match.players}
        for role, actions in by_role.items():
            assert sum(a.startswith("draft ") for a in actions) == case.drafts, (role, actions[:20])
        assert sum(a.startswith("pick-special ") for _, _, _, _, a, _ in log) == case.picks
        for role in case.specials:
            assert any(a.startswith("special ") for a in by_role[role]), f"{role} played no special card"
        handicap = state["options"]["handicap"]
        if handicap != "none":
            other = "sauron" if handicap == "fellowship" else "fellowship"
            assert not any(a.startswith(("special ", "pick-special ")) for a in by_role[other])
        assert played.ways["typed"] and played.ways["act"] and played.ways["menu"], played.ways
        assert "special" in played.typed or not case.specials, played.typed
        assert alice.dms and bob.dms, "both players got their private prompts by DM"
        log_summary.info(
            "%s: %d moves, up to %d legal, %s, %s, typed %s",
            name,
            played.moves,
            played.max_legal,
            dict(played.verbs),
            dict(played.ways),
            sorted(played.typed),
        )


#: Option sets the rules forbid, and a word the refusal must contain.
REFUSED = (
    ("game new", {"variant": "variant-2002", "specials": "deluxe-4"}, "2002"),
    ("confrontation new", {"variant": "variant-2002", "specials": "deluxe-2"}, "2002"),
    ("confrontation new", {"handicap": "sauron"}, "special"),
    ("game new", {"variant": "draft", "handicap": "fellowship"}, "special"),
    ("game new", {"variant": "draft", "specials": "2002", "handicap": "nobody"}, "nobody"),
)


async def test_conflicting_options_are_refused_privately_and_change_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=("alice",), settle=0.05) as world:
        alice = world.users["alice"]
        before = world.fingerprint()
        for command, options, word in REFUSED:
            extra = {"game": "confrontation"} if command == "game new" else {}
            refused = await alice.slash(world.games, command, side="fellowship", **extra, **options)
            assert is_error(refused), f"/{command} {options} was accepted: {refused.text}"
            assert word in refused.text.lower(), refused.text
            assert all(m.ephemeral for m in refused.messages), "a refusal is private"
        assert world.fingerprint() == before, "a refused lobby left something in the database"
        assert not world.games.messages
