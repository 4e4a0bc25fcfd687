"""The Minas Tirith end-to-end driver and oracles (the match test and the play-test script).

The driver plays a short but complete match: the highest die mostly, every set traded, holder
cards loaded and brought in, land attacks and bombardments whenever they may be made, an
advance sends its largest group and goes, a turn ends once nothing useful is left. The oracles
say what the table may show: the decks' order is the only secret (every card in a hand or in
front of a player is face up), so no message, public or private, names a card still in a deck.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from typing import Any

from games.core import find, project
from tests.e2e.harness import Match, World, assert_png, typed
from tests.fakediscord import InteractionResult, Message
from tests.fakediscord.model import DM, Attachment

GAME = "minas-tirith"
USERS = ("alice", "bob", "carol")
COMMANDS = ("game", "hand", "minas")
#: Discord's flag for a message that notifies nobody (``silent=True``).
SILENT = 1 << 12
#: The steps of a land attack that wait for a player (the battle is being decided).
BATTLE_CHOICES = ("lose", "react", "decline")


def ruleset() -> Any:
    return find(GAME)


# -- the driver -------------------------------------------------------------------------------
def choose(legal: list[str], rng: random.Random) -> str:
    """A legal action that keeps the match short and brings battles on (never ``cancel``)."""

    def some(*verbs: str) -> list[str]:
        return [a for a in legal if a.split(" ")[0] in verbs]

    def most(actions: list[str]) -> str:
        return max(actions, key=lambda a: int(a.split(" ")[-1]))

    if some("die"):
        return most(some("die")) if rng.random() < 0.7 else rng.choice(some("die"))
    if some("trade") and rng.random() < 0.8:
        return rng.choice(some("trade"))
    if some("load") and rng.random() < 0.7:
        return rng.choice(some("load"))
    if some("reward", "keep", "discard"):
        return rng.choice(some("reward", "keep", "discard"))
    for first in ("done", "go", "ram"):
        if first in legal:
            return first
    if some("enter"):
        return rng.choice(some("enter"))
    if some("play") and rng.random() < 0.5:
        return rng.choice(some("play"))
    if some("attack") and rng.random() < 0.8:
        return most(some("attack"))
    if some("shoot") and rng.random() < 0.6:
        return most(some("shoot"))
    if some("send"):
        return most(some("send"))
    if some(*BATTLE_CHOICES):
        return rng.choice(some(*BATTLE_CHOICES))
    if some("advance", "ride") and rng.random() < 0.85:
        return rng.choice(some("advance", "ride"))
    if "end" in legal:
        return "end"
    return rng.choice([a for a in legal if a != "cancel"] or legal)


# -- playing one action the four ways ---------------------------------------------------------
async def play(
    world: World, match: Match, role: str, action: str, how: int, used: Counter[str]
) -> InteractionResult:
    """``action`` by ``role``: typed ``/minas …`` (2), ``/game act`` (3), **Take my turn** on the
    thread's prompt (1), else the private prompt's button or menu."""
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    spec = next((c for c in ruleset().commands if c.verb == verb), None)
    if how == 2 and spec is not None and len(spec.params) >= len(args):
        used["typed"] += 1
        name = f"{spec.group} {spec.name}".strip()
        return await typed(world, match, user, name, [p.name for p in spec.params], action, legal)
    if how == 3:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]
        assert values, f"autocomplete offered nothing for {verb!r}"
        assert set(values) <= set(legal), "autocomplete offered an illegal action"
        state = world.row(match.id).state
        assert state is not None
        named = {n for n in undrawn_names(state) for c in choices if n in without_places(c["name"])}
        assert not named, f"the autocomplete names {named}, still in a deck"
        used["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    if how == 1 and (taken := await world.take_my_turn(match, user, action)) is not None:
        used["my turn"] += 1
        return taken
    used["menu"] += 1
    return await world.pick(match, user, action)


# -- oracles ----------------------------------------------------------------------------------
def undrawn_names(state: dict[str, Any]) -> set[str]:
    """Names that would tell a card still in a deck: every Minas Tirith card of its deck, and the
    territory named on a reinforcement card of its deck unless that name is also a space or on a
    card out of the deck (the 16 cards and the 66 cards are each one of a kind)."""
    from games.minas_tirith.data import MT_CARDS, REINFORCEMENTS, SPACES

    out = {MT_CARDS[c].name for c in state["decks"]["mt"]}
    spaces = {s.name for s in SPACES.values()}
    drawn = {REINFORCEMENTS[c].name for c in REINFORCEMENTS if c not in state["decks"]["reinforcements"]}
    for card in state["decks"]["reinforcements"]:
        name = REINFORCEMENTS[card].name
        if name not in spaces and name not in drawn and not name.startswith("Wild"):
            out.add(name)
    return out


def without_places(text: str) -> str:
    """``text`` without the names of the board's spaces and leaders ("the Harad Road" is no card
    named "Harad")."""
    from games.minas_tirith.data import LEADERS, SPACES

    names = sorted([*(s.name for s in SPACES.values()), *(x.name for x in LEADERS.values())], key=len)
    for name in reversed(names):
        text = re.sub(re.escape(name.removeprefix("The ")), " ", text)
    return text


def seen(msg: Message) -> str:
    """What a reader finds in ``msg``: its text, its pictures' descriptions, its menus."""
    return "\n".join([msg.text, *(a.description or "" for a in msg.attachments)])


def check_secrets(world: World, match: Match, since: int) -> None:
    """No message the bot wrote since ``since`` (thread, DMs, ephemeral answers) names a card
    still in a deck; every picture decodes."""
    state = world.row(match.id).state
    assert state is not None
    hidden = undrawn_names(state)
    created, edited = world.fd.activity_since(since)
    for msg in [*created, *edited]:
        if msg.author is not world.fd.bot_user:
            continue
        text = without_places(seen(msg))
        named = {n for n in hidden if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}
        assert not named, f"{named} still in a deck but named to {msg.channel.name}: {text!r}"
        for data in msg.files:
            assert_png(data)


def worth_a_post(world: World, match: Match, logged: int) -> bool:
    """Whether the events after the first ``logged`` showed the public something."""
    row = world.row(match.id)
    assert row.state is not None
    if row.state["result"] is not None:
        return True
    quiet = ruleset().quiet_events
    return any(project(e, None)[0] not in quiet for e in row.state["log"][logged:])


def board_of(msg: Message) -> Attachment | None:
    """The board picture ``msg`` carries, if any (an edit that keeps it keeps its id)."""
    for attachment in msg.attachments:
        if "-board-" in attachment.filename or "-final-" in attachment.filename:
            return attachment
    return None


def public_board(world: World, match: Match, names: dict[str, str]) -> bytes:
    """The public view's picture as the thread shows it."""
    import renderers

    state = world.row(match.id).state
    assert state is not None
    r = ruleset()
    view = r.view(state, None) if state["result"] is None else r.final_reveal(state)
    return bytes(renderers.render_view({**view, "names": names}, layout="compact"))


def thread_activity(world: World, match: Match, mark: int) -> tuple[list[Message], list[Message]]:
    """The bot's public thread posts created and edited since ``mark``."""
    created, edited = world.fd.activity_since(mark)
    mine = [m for m in created if m.channel is match.thread and m.author is world.fd.bot_user]
    changed = [m for m in edited if m.channel is match.thread and m.author is world.fd.bot_user]
    return [m for m in mine if not m.ephemeral], [m for m in changed if not m.ephemeral]


def notified(world: World, match: Match, mark: int) -> Counter[str]:
    """Per role: the messages since ``mark`` that notified its player (a mention, or a pushed DM
    that is not silent)."""
    created, _ = world.fd.activity_since(mark)
    out: Counter[str] = Counter()
    for role, user in match.players.items():
        for m in created:
            pushed_dm = (
                m.channel.type == DM and m.channel.recipient is user and m.interaction_metadata is None
            )
            if user.id in m.pinged or (pushed_dm and not m.flags & SILENT):
                out[role] += 1
    return out


async def until_dms_delivered(world: World, match: Match, timeout: float = 20.0) -> None:
    """Wait until every DM prompt the bot owes for ``match`` is delivered (a notifying DM is
    sent after the thread's post: it belongs to the action that made it owed)."""
    deadline = time.monotonic() + timeout
    query = (
        "SELECT COUNT(*) FROM dm_prompts d JOIN seats s ON s.match_id = d.match_id AND s.role = d.role "
        "WHERE d.match_id = ? AND d.owed > d.delivered AND d.owed >= s.prompt_entry"
    )
    while True:
        with world._db() as conn:
            owed = int(conn.execute(query, (match.id,)).fetchone()[0])
        if not owed:
            return
        assert time.monotonic() < deadline, f"{owed} DM prompts of match {match.id} never delivered"
        await asyncio.sleep(0.02)
