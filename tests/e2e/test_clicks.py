"""Few clicks: a routine move is one click, only giving something up asks "Go ahead?", the
confirmation's buttons are disabled in its first answer, every count can be chosen (a menu
for each 25, a typed number beyond), claims say what they place, and the secret set-up of
Risk can place the rest at random. All through the real bot and the fake Discord, with the
default settings unless a test changes them."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import Match, World, is_error, requires_bot, running_world
from tests.fakediscord import InteractionResult, Message
from tests.fakediscord.interactions import UPDATE_MESSAGE
from tests.fakediscord.model import User, walk_components

pytestmark = requires_bot

RISK = ("game", "hand", "risk")
WOTR = ("game", "hand", "wotr")
ASKS = "cannot be taken back"


def controls(snapshot: list[dict[str, object]]) -> list[dict[str, object]]:
    return [c for c in walk_components(snapshot) if c.get("type") in (2, 3)]


def disabled_at_once(message: Message) -> bool:
    """Whether the edit right after the message's last live version disabled all its controls."""
    versions = [*message.history, message.snapshot()]
    live = [
        i for i, v in enumerate(versions) if any(not c.get("disabled") for c in controls(v["components"]))
    ]
    assert live and live[-1] + 1 < len(versions), "the message was never edited after its live version"
    after = controls(versions[live[-1] + 1]["components"])
    return bool(after) and all(c.get("disabled") for c in after)


def asked_to_confirm(result: InteractionResult) -> Message | None:
    """The message asking "Go ahead?" in answer to ``result``, if any."""
    answers = [m for m in (result.response, *result.followups) if m is not None]
    return next((m for m in answers if any(c.startswith("palantir:confirm") for c in m.custom_ids())), None)


async def choose(world: World, match: Match, user: User, action: str) -> InteractionResult:
    """The one click (button or menu entry) of ``action`` on the player's own prompt."""
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None
    cid, value = world.offered(prompt)[action]
    return await world.press(user, prompt, cid, value)


async def test_a_claim_is_one_click_and_says_what_it_places(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=("alice", "bob"), commands=RISK, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_table(alice, [bob], game="lotr-risk", players="2")
        role = world.active_roles(match)[0]
        user = match.players[role]
        prompt = await world.fresh_prompt(match, user)
        assert prompt is not None
        assert "(place 1 battalion)" in prompt.text, prompt.text
        claim = next(a for a in world.legal(match, role) if a.startswith("claim "))
        done = len(world.actions(match.id))
        result = await choose(world, match, user, claim)
        assert not is_error(result) and asked_to_confirm(result) is None, result.text
        assert len(world.actions(match.id)) == done + 1, "a claim is made by its one click"


async def test_every_count_can_be_chosen_and_the_rest_placed_at_random(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=("alice", "bob"), commands=RISK, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_table(alice, [bob], game="lotr-risk", players="2", edition="trilogy")
        role = next(r for r, u in match.players.items() if u is alice)
        state = world.row(match.id).state
        assert state is not None
        left = state["setup"]["left"][role]
        assert left > 25, "the secret placement offers more counts than one menu holds"
        first, second = [t for t, o in state["owner"].items() if o == role][:2]

        # 12 (a count the old spread-out menu skipped): chosen from the menus of the count step.
        opened = await choose(world, match, alice, f"place {first} {left}")
        counted = world.asking(opened, "palantir:count:")
        assert counted is not None
        menus = [c for c in counted.custom_ids() if c.startswith("palantir:count:")]
        offered = [int(o["value"]) for m in menus for o in counted.component(m)["options"]]  # type: ignore[index]
        assert offered == list(range(1, left + 1)), "every count is offered, in menus of 25"
        menu = next(m for m in menus if any(o["value"] == "12" for o in counted.component(m)["options"]))  # type: ignore[index]
        placed = await alice.select(counted, menu, ["12"])
        assert not is_error(placed) and asked_to_confirm(placed) is None, placed.text
        assert world.row(match.id).state["setup"]["pending"][role] == {first: 12}  # type: ignore[index]

        # 7, typed in the form of "Type a number"; the count step is disabled in the first answer.
        opened = await choose(world, match, alice, f"place {second} {left - 12}")
        counted = world.asking(opened, "palantir:count:")
        assert counted is not None
        form = next(c for c in counted.custom_ids() if c.startswith("palantir:typen:"))
        shown = await alice.click(counted, form)
        assert shown.modal is not None and f"from 1 to {left - 12}" in str(shown.modal)
        wrong = await alice.submit_modal(shown, {"count": "999"})
        assert is_error(wrong) and "nothing was done" in wrong.text
        typed = await alice.submit_modal(await alice.click(counted, form), {"count": "7"})
        assert not is_error(typed), typed.text
        assert typed.interaction.callback_type == UPDATE_MESSAGE
        assert disabled_at_once(counted)
        assert world.row(match.id).state["setup"]["pending"][role] == {first: 12, second: 7}  # type: ignore[index]

        # The rest at random (and the leader), then confirm: one click each, nothing asked.
        rest = await choose(world, match, alice, "autoplace")
        assert not is_error(rest) and asked_to_confirm(rest) is None, rest.text
        setup = world.row(match.id).state["setup"]  # type: ignore[index]
        assert sum(setup["pending"][role].values()) == left and setup["leader"][role] is not None
        ready = await choose(world, match, alice, "ready")
        assert not is_error(ready) and asked_to_confirm(ready) is None, ready.text
        assert world.row(match.id).state["setup"]["ready"][role]  # type: ignore[index]


async def test_skipping_a_die_asks_and_the_confirmation_is_disabled_at_once(tmp_path: Path) -> None:
    async with running_world(tmp_path, names=("alice", "bob"), commands=WOTR, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        match = await world.new_table(alice, [bob], game="war-of-the-ring", side="free")
        for _ in range(10):  # the Fellowship phase and the Hunt allocation, typed
            legal = world.legal(match, "free")
            if any(a.startswith("skip ") for a in legal):
                break
            role = world.active_roles(match)[0]
            step = "done" if "done" in world.legal(match, role) else world.legal(match, role)[0]
            done = await match.players[role].slash(match.thread, "game act", action=step)
            assert not is_error(done), done.text
        skip = next(a for a in world.legal(match, "free") if a.startswith("skip "))
        count = len(world.actions(match.id))

        chosen = await choose(world, match, alice, skip)
        asked = asked_to_confirm(chosen)
        assert asked is not None and ASKS in asked.text, "giving up a die asks first"
        assert len(world.actions(match.id)) == count
        yes = next(c for c in asked.custom_ids() if c.startswith("palantir:confirm:"))
        confirmed = await alice.click(asked, yes)
        assert not is_error(confirmed), confirmed.text
        assert confirmed.interaction.callback_type == UPDATE_MESSAGE, "the first answer updates the message"
        assert disabled_at_once(asked), "Confirm and Cancel are disabled in the first answer"
        await world.fd.quiet(0.3)
        assert len(world.actions(match.id)) == count + 1 and world.actions(match.id)[-1][4] == skip
        assert yes not in asked.custom_ids(), "the confirmation is closed once done"

        # A routine die action of the Shadow: one click, nothing asked.
        legal = world.legal(match, "shadow")
        routine = next(a for a in legal if not a.startswith(("skip ", "pass")))
        before = len(world.actions(match.id))
        made = await choose(world, match, bob, routine)
        assert not is_error(made) and asked_to_confirm(made) is None, made.text
        assert len(world.actions(match.id)) == before + 1
