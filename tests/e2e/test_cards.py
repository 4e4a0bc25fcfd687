"""War of the Ring's cards through the fake Discord: each player's hand reaches him alone, as a
picture and a list (``/hand`` and his DM prompt), while the thread and the opponent learn only
how many cards he holds; ``/rules card:`` finds any Event or Combat card by name and answers
with its picture and text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from games.war_of_the_ring.data import CARDS
from tests.e2e.harness import assert_png, is_error, requires_bot, running_world
from tests.fakediscord import Message
from tests.fakediscord.model import DM, User

pytestmark = requires_bot

GAME = "war-of-the-ring"
COMMANDS = ("game", "hand", "rules", "wotr")


def names(cards: list[str]) -> set[str]:
    """Both halves' names: a card's Combat name gives it away as well as its Event name."""
    halves = (CARDS[c].combat for c in cards)
    return {CARDS[c].name for c in cards} | {half.name for half in halves if half is not None}


def hand_files(message: Message) -> list[str]:
    return [a.filename for a in message.attachments if "-hand-" in a.filename]


def hand_dm_to(user: User) -> Callable[[Message], bool]:
    def found(message: Message) -> bool:
        return message.channel.type == DM and message.channel.recipient is user and bool(hand_files(message))

    return found


async def test_a_hand_reaches_only_its_owner_and_rules_show_any_card(tmp_path: Path) -> None:
    async with running_world(tmp_path, commands=COMMANDS, settle=0.05) as world:
        alice, bob, carol = (world.users[n] for n in ("alice", "bob", "carol"))
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        state = world.row(match.id).state
        assert state is not None
        held = {side: list(state["hands"][side]) for side in ("free", "shadow")}
        assert held["free"] and held["shadow"], "each side starts with cards"
        user_of = {"free": alice, "shadow": bob}

        for side, other in (("free", "shadow"), ("shadow", "free")):
            user = user_of[side]
            # /hand: his cards, in words and as a picture beside his board; none of the other's
            hand = await user.slash(match.thread, "hand")
            assert hand.ephemeral and not is_error(hand), hand.text
            assert "Your hand" in hand.text
            assert {CARDS[c].name for c in held[side]} <= {n for n in names(held[side]) if n in hand.text}
            assert not any(n in hand.text for n in names(held[other]) - names(held[side]))
            assert hand.main is not None and len(hand_files(hand.main)) == 1
            assert hand_files(hand.main)[0].startswith(f"{GAME}-{match.id}-{side}-hand-s")
            assert len(hand.files) == 2 and all(assert_png(data) for data in hand.files)
            # his DM prompt carries the same, and only he gets it
            dm = await world.fd.wait_for_message(hand_dm_to(user))
            assert all(CARDS[c].name in dm.text for c in held[side])
            assert not any(n in dm.text for n in names(held[other]) - names(held[side]))

        # The thread (and a spectator) sees no card of either hand, and no hand's picture.
        created, edited = world.fd.activity_since(0)
        for message in [*created, *edited]:
            if message.channel.type == DM or message.ephemeral:
                continue
            assert not hand_files(message), message.attachments
            assert not any(n in message.text for n in names(held["free"]) | names(held["shadow"])), (
                message.text
            )
        spectator = await carol.slash(match.thread, "hand")
        assert is_error(spectator) and not spectator.files

        # /rules card: every Event card, and each Combat card pointing to its Event cards.
        offered = await carol.autocomplete(match.thread, "rules", focused="card", card="gift")
        assert [c["value"] for c in offered] == ["combat_it_is_a_gift"]
        assert "Elven Cloaks" in offered[0]["name"] and "combat card" in offered[0]["name"]
        cloaks = await carol.autocomplete(match.thread, "rules", focused="card", card="elven")
        assert {c["value"] for c in cloaks} >= {"fpc_01", "fpc_02"}
        rules = await carol.autocomplete(match.thread, "rules", focused="card", card="hunt")
        assert all(c["value"] in CARDS or c["value"].startswith("combat_") for c in rules), "only cards"
        answer = await carol.slash(match.thread, "rules", card="combat_it_is_a_gift")
        assert answer.ephemeral and not is_error(answer), answer.text
        assert "It Is a Gift" in answer.text and "Phial of Galadriel" in answer.text
        assert len(answer.files) == 1 and assert_png(answer.files[0])
        typed = await carol.slash(match.thread, "rules", card="guards of the citadel")
        assert "Recruit 1 Gondor unit" in typed.text and len(typed.files) == 1
        unknown = await carol.slash(match.thread, "rules", card="Gandalf's Pipe")
        assert unknown.ephemeral and "no card" in unknown.text and not unknown.files


async def test_a_dm_prompt_rewritten_with_the_same_hand_keeps_its_hand_picture(tmp_path: Path) -> None:
    """A player going on in his DM prompt (the Guide changed, the same cards in hand) gets his
    board redrawn, but his hand's picture stays the one Discord holds: no upload of an unchanged
    picture at every step."""
    async with running_world(tmp_path, commands=COMMANDS, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        prompt = await world.fd.wait_for_message(hand_dm_to(alice))
        before = {a.id: a.filename for a in prompt.attachments}
        guide = next(a for a in world.legal(match, "free") if a.startswith("guide "))
        done = await world.pick(match, alice, guide)
        assert not is_error(done), done.text
        await world.until_announced(match)
        await world.fd.quiet(0.05)
        assert prompt.edited_timestamp is not None and prompt.custom_ids(), "rewritten in place"
        hands = [a.id for a in prompt.attachments if "-hand-" in a.filename]
        boards = [a.id for a in prompt.attachments if "-hand-" not in a.filename]
        assert hands and hands == [i for i, name in before.items() if "-hand-" in name], prompt.attachments
        assert boards and not set(boards) & set(before), "the board is drawn anew"


async def test_a_dm_prompt_rewritten_after_a_change_of_language_draws_its_hand_anew(tmp_path: Path) -> None:
    """The same hand, but the player chose another language (``/settings language:``) since his
    prompt came: the rewritten prompt speaks it, and so does his hand's picture (its words and its
    description), drawn anew rather than kept."""
    from games.war_of_the_ring.i18n import card_name, speaking

    async with running_world(tmp_path, commands=COMMANDS, settle=0.05) as world:
        alice, bob = world.users["alice"], world.users["bob"]
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        prompt = await world.fd.wait_for_message(hand_dm_to(alice))
        before = {a.id for a in prompt.attachments if "-hand-" in a.filename}
        chosen = await alice.slash(world.games, "settings", language="ja")
        assert not is_error(chosen), chosen.text
        guide = next(a for a in world.legal(match, "free") if a.startswith("guide "))
        done = await world.pick(match, alice, guide)
        assert not is_error(done), done.text
        await world.until_announced(match)
        await world.fd.quiet(0.05)
        assert prompt.edited_timestamp is not None and "旅の仲間" in prompt.content, prompt.content
        hands = [a for a in prompt.attachments if "-hand-" in a.filename]
        assert len(hands) == 1 and hands[0].id not in before, "the hand's picture is drawn anew"
        state = world.row(match.id).state
        assert state is not None
        with speaking("ja"):
            first = card_name(state["hands"]["free"][0])
        assert first in (hands[0].description or ""), hands[0].description
