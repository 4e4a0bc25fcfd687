"""The Twilight of the Third Age cards through the fake Discord: ``/rules card:`` finds a new card
by name and answers with its picture (the same look as a base card) and its text, tagged with
the module; the lobby still refuses the cards while the Shadow factions they need are not ready."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import assert_png, is_error, requires_bot, running_world

pytestmark = requires_bot

GAME = "war-of-the-ring"
COMMANDS = ("game", "hand", "rules", "wotr")


async def test_rules_show_the_twilight_cards_and_the_lobby_waits_for_their_factions(tmp_path: Path) -> None:
    async with running_world(tmp_path, commands=COMMANDS, settle=0.05) as world:
        alice, bob, carol = (world.users[n] for n in ("alice", "bob", "carol"))
        refused = await alice.slash(world.games, "game new", game=GAME, tta="custom", tta_cards="on")
        assert refused.ephemeral and "need the siege engines" in refused.text, refused.text
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        offered = await carol.autocomplete(match.thread, "rules", focused="card", card="wind from")
        assert "fpc_26" in [c["value"] for c in offered], offered
        answer = await carol.slash(match.thread, "rules", card="fpc_26")
        assert answer.ephemeral and not is_error(answer), answer.text
        assert "Wind from the West" in answer.text and "Shadow's hand" in answer.text, answer.text
        assert len(answer.files) == 1 and assert_png(answer.files[0])
        combat = await carol.slash(match.thread, "rules", card="combat_heads_of_the_fallen")
        assert "Heads of the Fallen" in combat.text and "Captain of Despair" in combat.text, combat.text
        assert len(combat.files) == 1 and assert_png(combat.files[0])
