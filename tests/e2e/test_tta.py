"""Twilight of the Third Age through the fake Discord: ``/game new`` with the module's options
opens a lobby that lists them with the line on reconstructed parts, and a match with the whole
module — the siege engines, the three factions (the Dunlendings, the Corsairs and the Ents), the
Twilight cards and the four characters (Galadriel, the Balrog, the Chief of the Ringwraiths and
Sméagol/Gollum) — runs :data:`ACTIONS` actions (or to its end) under the same oracles as the base
game's (each action counted once, a die action one post at most, a hidden step silent, no secret
shown); the cards alone are refused for the parts they need (D3), and ``/rules card:`` finds a new
card by name with its picture."""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.harness import assert_png, is_error, requires_bot, running_world, seeded
from tests.e2e.test_war_of_the_ring import COMMANDS, GAME, USERS, Tally, one_action

pytestmark = requires_bot

#: Actions played in the match with the module (fewer if the game ends sooner): 150 in the suite
#: (its time budget), 300 with ``PALANTIR_E2E_ALL=1``.
ACTIONS = 300 if os.environ.get("PALANTIR_E2E_ALL") else 150


async def test_a_match_with_the_playable_parts_of_the_module_through_discord(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=USERS, commands=COMMANDS, settle=0.04) as world:
        alice, bob, _ = (world.users[n] for n in USERS)
        await world.no_confirm(alice, bob)
        refused = await alice.slash(world.games, "game new", game=GAME, tta="custom", tta_cards="on")
        assert refused.ephemeral and "need the siege engines" in refused.text, refused.text
        match = await world.new_table(
            alice,
            [bob],
            game=GAME,
            side="free",
            tta="whole",
        )
        lobby = match.lobby.content
        assert "Twilight of the Third Age: **The whole module**" in lobby, lobby
        assert "Sméagol's card and tiles" in lobby, lobby
        assert "reconstructed where no source gives it" in lobby, lobby
        assert "the Chief of the Ringwraiths' card" in lobby, lobby
        state = world.row(match.id).state
        assert state is not None and "tta" in state
        rng, tally = seeded(21), Tally()
        for moves in range(ACTIONS):
            if world.row(match.id).state["result"] is not None:  # type: ignore[index]
                break
            await one_action(world, match, rng, moves, tally)
        crowded = {k: n for k, n in tally.posts_in.items() if n > 1}
        assert not crowded, f"exchanges told in more than one post: {crowded}"
        rules = await alice.slash(match.thread, "rules", topic="trebuchet")
        assert not is_error(rules) and "Trebuchets" in rules.text, rules.text
        rules = await alice.slash(match.thread, "rules", topic="fleet")
        assert not is_error(rules) and "sail" in rules.text, rules.text
        rules = await alice.slash(match.thread, "rules", topic="pursuit")  # an ability finds its character
        assert not is_error(rules) and "Chief of the Ringwraiths" in rules.text, rules.text

        # The module's cards in /rules: found by name, with their picture (a base card's look).
        carol = world.users[USERS[2]]
        offered = await carol.autocomplete(match.thread, "rules", focused="card", card="wind from")
        assert "fpc_26" in [c["value"] for c in offered], offered
        answer = await carol.slash(match.thread, "rules", card="fpc_26")
        assert answer.ephemeral and not is_error(answer), answer.text
        assert "Wind from the West" in answer.text and "Shadow's hand" in answer.text, answer.text
        assert len(answer.files) == 1 and assert_png(answer.files[0])
        combat = await carol.slash(match.thread, "rules", card="combat_heads_of_the_fallen")
        assert "Heads of the Fallen" in combat.text and "Captain of Despair" in combat.text, combat.text
        assert len(combat.files) == 1 and assert_png(combat.files[0])
