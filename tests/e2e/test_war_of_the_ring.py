"""War of the Ring through the fake Discord: a few hundred actions of a real match in which
Event and Combat cards are played, a ``kill -9`` while a Combat card is chosen, then the end.

Every action is made as a player would: a button or menu of the private prompt, the typed
``/wotr …`` command with its autocomplete (``/wotr cards play die: card:``, ``/wotr combat card
card:``), ``/game act``, or **Take my turn** on the thread's prompt. The driver plays Event cards
often and a Combat card in most battle rounds. After each action the oracles check the table: the
action counted once, a step worth seeing is posted with the public board (the public view's
image), a hidden step posts nothing, a die action (all its steps, battle rounds included) makes
at most one post, a played Event card is shown as a card picture in the post telling it, a secret
Combat-card choice posts nothing and pings nobody, and no public post, picture description, DM to
the opponent or autocomplete names a card in a hand. Then the bot is killed when one side has
chosen its Combat card and the other has not: the choice survives the restart and stays secret
(thread, the opponent's DMs, alt texts, ``/game status``) until the other side chooses, and the
reveal is told exactly once. ``/wotr zoom``, ``/hand`` and a resignation end the match with its
result told once. The thread stays quiet: at most 0.3 posts per action.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core import find, project
from tests.e2e.harness import (
    Match,
    World,
    assert_png,
    is_error,
    requires_bot,
    running_world,
    seeded,
    start_again,
    typed,
)
from tests.fakediscord import InteractionResult
from tests.fakediscord.model import DM, Message

pytestmark = requires_bot

GAME = "war-of-the-ring"
USERS = ("alice", "bob", "carol")
COMMANDS = ("game", "hand", "wotr")
#: Discord's flag for a message that notifies nobody (``silent=True``).
SILENT = 1 << 12
#: Actions before the driver looks for a battle to interrupt (one comes by about action 110,
#: by action 410 in all of 3,000 deals played offline); at most ``LIMIT`` before it; then the
#: match goes on to ``ACTIONS`` in all.
WARM_UP, LIMIT, ACTIONS = 80, 600, 220


def ruleset() -> Any:
    return find(GAME)


#: The Ring-bearer's Corruption from which the driver's Free Peoples no longer move the
#: Fellowship (12 ends the match).
CAREFUL = 8


def choose(world: World, match: Match, role: str, legal: list[str], rng: random.Random) -> str:
    """A legal action that brings cards and battles on: an Event card whenever one may be played
    (most of the time), a Combat card in most battle rounds, the Shadow attacks whenever it can,
    battles go on, the Free Peoples move the Fellowship often, the Shadow urges its Nations to
    war with its Muster dice, the Guide is set once in a Fellowship phase; otherwise any legal
    action.

    The bot deals each match from a seed of its own, so the driver must reach what the tests
    await in any deal (measured offline on 3,000 deals with the engine, as the tests play them):
    without the Nations urged to war, some deals brought no battle in 600 actions; without the
    Fellowship kept out of corruption's reach (``CAREFUL``), some ended before their battle or
    before the last planned action; with the Guide changed again and again, a deal with many
    Companions to choose from posted more than 0.3 times per action (each change is a post)."""
    state = world.row(match.id).state
    assert state is not None
    if role == "free" and state["fellowship"]["corruption"] >= CAREFUL:
        legal = [a for a in legal if not a.startswith("move-fellowship ")] or legal

    def some(*verbs: str) -> list[str]:
        return [a for a in legal if a.split(" ")[0] in verbs]

    if some("play") and rng.random() < 0.7:
        return rng.choice(some("play"))
    if some("combat") and rng.random() < 0.8:
        return rng.choice(some("combat"))
    if role == "shadow" and some("attack", "attack-leader") and rng.random() < 0.9:
        return rng.choice(some("attack", "attack-leader"))
    for verb in ("go", "continue", "fight", "advance-all"):
        if verb in legal and rng.random() < 0.8:
            return verb
    if role == "free" and some("move-fellowship") and rng.random() < 0.5:
        return rng.choice(some("move-fellowship"))
    if some("move-armies") and rng.random() < 0.5:
        return rng.choice(some("move-armies"))
    if "all" in legal and rng.random() < 0.7:
        return "all"
    if role == "shadow" and some("diplomacy") and rng.random() < 0.7:
        return rng.choice(some("diplomacy"))
    if some("guide") and "done" in legal and rng.random() < 0.8:
        return "done"
    return rng.choice(legal)


#: The card verbs, played in turn from the private menu and with the typed command.
CARD_VERBS = ("play", "combat", "no-combat")


async def play(
    world: World, match: Match, role: str, action: str, how: int, used: Counter[str]
) -> InteractionResult:
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    if verb in CARD_VERBS:  # cards: the menu and the typed command in turn
        how = 2 if used[f"{verb} typed"] < used[f"{verb} menu"] else 0
        used[f"{verb} {'typed' if how == 2 else 'menu'}"] += 1
        if args:
            await offers_only_own_cards(world, match, role, action)
    specs = [c for c in ruleset().commands if c.verb == verb and len(c.params) >= len(args)]
    if how == 2 and specs:
        spec = specs[0]
        used["typed"] += 1
        name = f"{spec.group} {spec.name}".strip()
        return await typed(world, match, user, name, [p.name for p in spec.params], action, legal)
    if how == 3 and action in legal:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]
        assert values and set(values) <= set(legal), "autocomplete offers only legal actions"
        used["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    if how == 1 and action in legal and (taken := await world.take_my_turn(match, user, action)) is not None:
        used["my turn"] += 1
        return taken
    used["menu"] += 1
    return await world.pick(match, user, action)


async def offers_only_own_cards(world: World, match: Match, role: str, action: str) -> None:
    """The ``card:`` autocomplete of ``/wotr cards play`` or ``/wotr combat card`` offers exactly
    the cards ``role`` may play now (with that die), and never names a card of the other hand."""
    state = world.row(match.id).state
    assert state is not None
    verb, *args = action.split(" ")
    user, legal = match.players[role], world.legal(match, role)
    command, filled = ("wotr cards play", {"die": args[0]}) if verb == "play" else ("wotr combat card", {})
    choices = await user.autocomplete(match.thread, command, focused="card", **filled, card="")
    values = {c["value"] for c in choices if c["value"] != "…"}
    wanted = {a.split(" ")[-1] for a in legal if a.startswith(f"{verb} {' '.join(args[:-1])}".strip() + " ")}
    assert values == wanted or (len(choices) == 25 and values <= wanted), (command, values, wanted)
    theirs = secret_of(state, other_role(role))
    for choice in choices:
        named = {n for n in theirs if n in choice["name"]}
        assert not named and choice["value"] not in state["hands"][other_role(role)], (command, choice)


def other_role(role: str) -> str:
    return "shadow" if role == "free" else "free"


def secret_of(state: dict[str, Any], role: str) -> set[str]:
    """The Event names of ``role``'s cards in hand that no card of the other side shares."""
    from games.war_of_the_ring.data import CARDS

    mine = {CARDS[c].name for c in state["hands"][other_role(role)]}
    return {CARDS[c].name for c in state["hands"][role]} - mine


def worth_a_post(world: World, match: Match, logged: int) -> bool:
    row = world.row(match.id)
    assert row.state is not None
    if row.state["result"] is not None:
        return True
    quiet = ruleset().quiet_events
    return any(project(e, None)[0] not in quiet for e in row.state["log"][logged:])


def hidden_cards(state: dict[str, Any], reader: str | None) -> set[str]:
    """Names (event and combat halves) of the cards the other side holds or discarded face down,
    but those the reader was shown (Wind from the West shows the Free Peoples the Shadow's hand).
    A combat name is on several cards: once a card with it was played face up, it is public.
    We Shall Get It (Twilight of the Third Age) is no secret: the table saw the Shadow take it."""
    from games.war_of_the_ring.data import CARDS, SET_ASIDE_CARDS

    shown = public_combat_names(state)
    told = cards_shown_to(state, reader)
    names: set[str] = set()
    for side in state["roles"]:
        if side == reader:
            continue
        for card in [*state["hands"][side], *state["discards"][side]]:
            if card in told or card in SET_ASIDE_CARDS:
                continue
            names.add(CARDS[card].name)
            half = CARDS[card].combat
            if half is not None and half.name not in shown:
                names.add(half.name)
    return names


def cards_shown_to(state: dict[str, Any], reader: str | None) -> set[str]:
    """The other side's cards the reader's own events named (Wind from the West)."""
    if reader is None:
        return set()
    found: set[str] = set()
    for event in state["log"]:
        kind, args = project(event, reader)
        if kind == "hand_seen":
            found |= set(args["cards"])
        elif kind == "wind_discard_seen":
            found.add(args["card"])
    return found


def seen(msg: Message) -> str:
    """What a reader finds in ``msg``: its text and its pictures' descriptions (alt text)."""
    return "\n".join([msg.text, *(a.description or "" for a in msg.attachments)])


#: Pictures the oracle decoded already (their digests).
DECODED: set[bytes] = set()


def check_secrets(world: World, match: Match, since: int) -> None:
    """No public post (text or picture description), and no DM to the other player, names a card
    held in secret."""
    state = world.row(match.id).state
    assert state is not None
    created, edited = world.fd.activity_since(since)
    hidden: dict[str | None, set[str]] = {}
    for msg in [*created, *edited]:
        if msg.author is not world.fd.bot_user or (msg.ephemeral and msg.channel.type != DM):
            continue
        reader = None
        if msg.channel.type == DM:
            reader = next((r for r, u in match.players.items() if u is msg.channel.recipient), None)
        text = seen(msg)
        if reader not in hidden:
            hidden[reader] = hidden_cards(state, reader)
        for name in hidden[reader]:
            assert name not in text, f"{name!r} is secret but shown to {reader or 'everyone'}: {text!r}"
        for data in msg.files:  # a picture seen again (its post edited) was decoded already
            digest = hashlib.blake2b(data, digest_size=16).digest()
            if digest not in DECODED:
                assert_png(data)
                DECODED.add(digest)


@dataclass
class Tally:
    """What the driver made and what the table showed: ways of acting (``used``), thread posts
    per exchange (a die action and all its steps: at most one), the Event cards played."""

    used: Counter[str] = field(default_factory=Counter)
    posts_in: Counter[str] = field(default_factory=Counter)
    told: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    events_shown: int = 0
    choices_in_secret: int = 0
    exchanges: int = 0
    under_way: str | None = None

    def exchange(self, before: str | None, after: str | None) -> str:
        """The die action (or the step outside any) an action belongs to, numbered: its name
        (:meth:`Ruleset.exchange`) may come again for a later one (a die moved into the Hunt Box
        leaves the dice used), never while one is under way."""
        if before is None or before != self.under_way:
            self.exchanges += 1
        self.under_way = after
        return f"{self.exchanges}:{after or before or 'step'}"


def thread_activity(world: World, match: Match, mark: int) -> tuple[list[Message], list[Message]]:
    created, edited = world.fd.activity_since(mark)
    mine = [m for m in created if m.channel is match.thread and m.author is world.fd.bot_user]
    changed = [m for m in edited if m.channel is match.thread and m.author is world.fd.bot_user]
    return [m for m in mine if not m.ephemeral], [m for m in changed if not m.ephemeral]


def only_who_waits(msg: Message) -> bool:
    """Whether the last edit of a thread post changed only what the game waits for: its last
    line and its board's heading, redrawn ("who still chooses" is public, as a card laid face
    down on the table); no new picture."""
    if not msg.history:
        return True
    last = msg.history[-1]
    same_body = str(last["content"]).rpartition("\n\n")[0] == msg.content.rpartition("\n\n")[0]
    return same_body and len(last["attachments"]) == len(msg.attachments)


def loud_since(world: World, match: Match, mark: int) -> list[Message]:
    """Messages created after ``mark`` that notified a player: a mention, or a DM not silent."""
    created, _ = world.fd.activity_since(mark)
    users = set(match.players.values())
    return [
        m
        for m in created
        if any(u.id in m.pinged for u in users)
        or (m.channel.type == DM and m.interaction_metadata is None and not m.flags & SILENT)
    ]


def check_played_cards_shown(world: World, match: Match, logged: int, mark: int) -> int:
    """Every Event card played in the new entries is shown in the thread post that tells it: a
    card picture whose description names it. Returns how many were played."""
    from games.war_of_the_ring.data import CARDS

    state = world.row(match.id).state
    assert state is not None
    played = [
        project(e, None)[1]["card"] for e in state["log"][logged:] if project(e, None)[0] == "event_played"
    ]
    if not played:
        return 0
    created, edited = thread_activity(world, match, mark)
    pictures = [
        a.description or "" for m in [*created, *edited] for a in m.attachments if "-cards-" in a.filename
    ]
    for card in played:
        name = CARDS[card].name
        assert any(name in d for d in pictures), f"{name} was played but its post shows {pictures}"
    return len(played)


async def one_action(world: World, match: Match, rng: random.Random, moves: int, tally: Tally) -> None:
    fd = world.fd
    state = world.row(match.id).state
    assert state is not None
    active = world.active_roles(match)
    assert active, "a running match always has someone to act"
    role = rng.choice(active)
    legal = world.legal(match, role)
    action = choose(world, match, role, legal, rng)
    version, logged = world.row(match.id).version, len(state["log"])
    before = ruleset().exchange(state)
    secret_choice = action.split(" ")[0] in ("combat", "no-combat") and len(active) == 2
    mark = fd.activity_mark()
    result = await play(world, match, role, action, moves % 4, tally.used)
    assert not is_error(result), f"{action!r} by {role}: {result.text}"
    row = world.row(match.id)
    assert row.version == version + 1, f"{action!r} by {role} did not count: {result.text}"
    assert world.actions(match.id)[-1][3:5] == (role, action), f"way {moves % 4}: {legal}"
    await world.until_announced(match)  # (this step told; the one before too, in order)
    await fd.quiet(0.05)
    created, edited = thread_activity(world, match, mark)
    players = {u.id for u in match.players.values()}
    mentions = [m.content for m in world.fd.activity_since(mark)[0] if players & m.pinged]
    assert not mentions, f"{action!r} by {role} mentioned a player whose DMs are open: {mentions}"
    assert row.state is not None
    key = tally.exchange(before, ruleset().exchange(row.state))
    tally.posts_in[key] += len(created)
    tally.told[key].append(f"{role} {action}: " + " | ".join(m.content[:200] for m in created))
    assert tally.posts_in[key] <= 1, f"a die action told in {tally.posts_in[key]} posts: {tally.told[key]}"
    if secret_choice:  # one side chose its Combat card, the other still chooses
        assert not created, f"a secret Combat-card choice ({action!r}) posted"
        assert all(map(only_who_waits, edited)), f"a secret Combat-card choice ({action!r}) told: " + str(
            [(m.history[-1], m.content, [a.id for a in m.attachments]) for m in edited if m.history]
        )
        assert not loud_since(world, match, mark), f"a secret Combat-card choice ({action!r}) notified"
        tally.choices_in_secret += 1
    if worth_a_post(world, match, logged):
        tally.used["posts"] += 1
    else:
        assert not world.boards_since(match, mark), f"a hidden step posted ({action!r})"
    tally.events_shown += check_played_cards_shown(world, match, logged, mark)
    check_secrets(world, match, mark)


async def whole_move_in_one_line(world: World, match: Match, rng: random.Random, tally: Tally) -> None:
    """An Army move typed whole with ``/wotr do``, each step picked from its autocomplete: every
    step is committed as its own entry; a line with a refused step changes nothing."""
    for moves in range(200):
        role = world.active_roles(match)[0]
        starts = [a for a in world.legal(match, role) if a.startswith("move-armies ")]
        if len(world.active_roles(match)) == 1 and starts:
            break
        await one_action(world, match, rng, moves, tally)
    else:
        raise AssertionError("no Army move came")
    user = match.players[role]
    before = world.actions(match.id)
    refused = await user.slash(match.thread, "wotr do", steps=f"{starts[0]}; fly to the moon")
    assert is_error(refused) and refused.ephemeral and "Step 2" in refused.text, refused.text
    assert world.actions(match.id) == before, "a refused line changed nothing"
    line = starts[0]
    for _ in range(5):
        choices = await user.autocomplete(match.thread, "wotr do", focused="steps", steps=line + "; ")
        values = [c["value"] for c in choices if c["value"] != "…"]
        if not values:
            break
        assert all(v.startswith(line + "; ") for v in values), values
        line = values[0]
    steps = [piece.strip() for piece in line.split(";")]
    done = await user.slash(match.thread, "wotr do", steps=line)
    assert not is_error(done) and done.ephemeral and "→" in done.text, done.text
    made = world.actions(match.id)[len(before) :]
    assert [a[4] for a in made] == steps and {a[3] for a in made} == {role}
    tally.used["line"] += 1


def combat_card_battle(world: World, match: Match) -> tuple[str, str] | None:
    """In a battle's secret card stage that asks both sides: the side that may choose a Combat
    card, and the card (the first offered); else ``None``."""
    state = world.row(match.id).state
    assert state is not None
    battle = state.get("battle")
    if not battle or battle["stage"] != "cards" or len(world.active_roles(match)) != 2:
        return None
    for role in world.active_roles(match):
        cards = [a for a in world.legal(match, role) if a.startswith("combat ")]
        if cards:
            return role, cards[0]
    return None


async def kill_while_a_combat_card_is_chosen(world: World, match: Match, tally: Tally) -> None:
    """One side chooses its Combat card from its menu and the bot is killed (the click in
    flight); the choice survives the restart unseen; the other side chooses with the typed
    command; the cards are revealed once."""
    from games.war_of_the_ring.data import CARDS

    found = combat_card_battle(world, match)
    assert found is not None
    role, action = found
    card, rival = action.split(" ")[1], other_role(role)
    user, opponent, carol = match.players[role], match.players[rival], world.users["carol"]
    fd, mark = world.fd, world.fd.activity_mark()
    await offers_only_own_cards(world, match, role, action)
    await offers_only_own_cards(world, match, rival, "combat -")
    prompt = await world.fresh_prompt(match, user)
    assert prompt is not None
    offered = world.offered(prompt)
    assert action in offered, f"{action!r} is not in the menu ({sorted(offered)})"
    before = world.actions(match.id)
    if not await world.press_as_the_bot_dies(match, user, prompt, *offered[action]):
        retry = await world.pick(match, user, action)
        assert not is_error(retry), retry.text
        await world.until_announced(match)
        await world.bot.kill9()  # the choice is committed when the bot dies
        await start_again(fd, world.bot)
    log = world.actions(match.id)
    assert len(log) == len(before) + 1 and log[-1][3:5] == (role, action), "chosen exactly once"
    tally.used["combat menu"] += 1
    tally.choices_in_secret += 1
    await world.until_announced(match)
    await fd.quiet(0.05)

    # After the restart: chosen, still secret, and nobody was told or pinged.
    state = world.row(match.id).state
    assert state is not None
    assert state["battle"]["fx"]["chosen"] == {role: card}, state["battle"]["fx"]
    assert world.active_roles(match) == [rival], "the other side still chooses"
    half = CARDS[card].combat
    assert half is not None, f"{card} was chosen as a Combat card"
    names = {CARDS[card].name} | ({half.name} - public_combat_names(state))
    created, edited = thread_activity(world, match, mark)
    assert not created, "a secret Combat-card choice (and the restart) posted"
    assert all(map(only_who_waits, edited)), "a secret Combat-card choice (and the restart) told"
    assert not loud_since(world, match, mark), "a secret Combat-card choice (and the restart) notified"
    theirs = [m for m in fd.messages.values() if m.channel.type == DM and m.channel.recipient is opponent]
    for msg in [*match.thread.messages, *theirs]:
        shown = "\n".join([seen(msg), *map(str, msg.history)])
        assert not any(n in shown for n in names), f"the chosen {names} shown: {shown!r}"
    for asker in (opponent, carol):
        status = await asker.slash(match.thread, "game status")
        assert not is_error(status) and not any(n in seen_all(status) for n in names), status.text

    # The other side chooses with the typed command; both cards are revealed, once.
    mark = fd.activity_mark()
    logged = len(state["log"])
    legal = world.legal(match, rival)
    answer = next((a for a in legal if a.startswith("combat ")), "no-combat")
    spec, params = ("combat card", ["card"]) if answer != "no-combat" else ("combat none", [])
    done = await typed(world, match, opponent, spec, params, answer, legal)
    assert not is_error(done), done.text
    tally.used[f"{answer.split(' ')[0]} typed"] += 1
    await world.until_announced(match)
    await fd.quiet(0.05)
    state = world.row(match.id).state
    assert state is not None
    revealed = [e for e in state["log"][logged:] if project(e, None)[0] == "combat_cards_revealed"]
    assert len(revealed) == 1 and card in project(revealed[0], None)[1].values(), revealed
    created, edited = thread_activity(world, match, mark)
    telling = [m for m in [*created, *edited] if CARDS[card].name in seen(m)]
    assert len(telling) == 1, f"the reveal of {CARDS[card].name} told {len(telling)} times"
    assert telling[0].content.count(CARDS[card].name) == 1, telling[0].content  # the reveal's line
    assert any(CARDS[card].name in (a.description or "") for a in telling[0].attachments), "no card picture"
    check_secrets(world, match, mark)


def public_combat_names(state: dict[str, Any]) -> set[str]:
    """The combat names of the cards played face up (a combat name is on several cards; We Shall
    Get It has none)."""
    from games.war_of_the_ring.data import CARDS

    halves = [
        CARDS[c].combat for pile in ("played", "table") for cards in state[pile].values() for c in cards
    ]
    return {half.name for half in halves if half is not None}


def seen_all(result: InteractionResult) -> str:
    """Every text and picture description of an interaction's answer."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    return "\n".join(seen(m) for m in messages) + result.text


async def test_a_war_of_the_ring_match_with_cards_survives_a_kill_while_a_combat_card_is_chosen(
    tmp_path: Path,
) -> None:
    async with running_world(tmp_path, names=USERS, commands=COMMANDS, settle=0.04) as world:
        alice, bob, carol = (world.users[n] for n in USERS)
        await world.no_confirm(alice, bob)
        match = await world.new_table(alice, [bob], game=GAME, side="free")
        assert match.players["free"] is alice and match.players["shadow"] is bob
        rng, tally, moves = seeded(5), Tally(), 0
        while True:
            state = world.row(match.id).state
            assert state is not None and state["result"] is None, "the match ended before a battle"
            if moves >= WARM_UP and combat_card_battle(world, match) is not None:
                break
            await one_action(world, match, rng, moves, tally)
            moves += 1
            assert moves < LIMIT, "no battle with Combat cards came"

        # Private views: the hand answers its owner only; a spectator has none.
        hand = await alice.slash(match.thread, "hand")
        assert hand.ephemeral and not is_error(hand), hand.text
        stranger = await carol.slash(match.thread, "hand")
        assert is_error(stranger) and stranger.ephemeral
        zoom = await bob.slash(match.thread, "wotr zoom", region="minas_tirith")
        assert zoom.ephemeral and not is_error(zoom) and zoom.files and assert_png(zoom.files[0])
        unknown = await bob.slash(match.thread, "wotr zoom", region="Minas Tirth")
        assert is_error(unknown) and "Minas Tirith" in unknown.text, unknown.text

        # The bot dies when one side has chosen its Combat card and the other has not.
        await kill_while_a_combat_card_is_chosen(world, match, tally)

        # The battle goes on from the committed state, and the match after it.
        while len(world.actions(match.id)) < ACTIONS:
            await one_action(world, match, rng, moves, tally)
            moves += 1
        used = tally.used
        assert used["menu"] and used["typed"] and used["act"] and used["my turn"] and used["posts"], used
        assert used["play menu"] and used["play typed"] and used["combat menu"], used
        assert used["combat typed"] or used["no-combat typed"], used
        assert tally.events_shown and tally.choices_in_secret, tally

        # A whole move in one line.
        await whole_move_in_one_line(world, match, rng, tally)

        # A die action (its steps, battle rounds, the Hunt) is one post at most.
        crowded = {k: n for k, n in tally.posts_in.items() if n > 1}
        assert not crowded, f"exchanges told in more than one post: {crowded}"

        # The Shadow resigns: the result is told once, with the final picture.
        resigning = await bob.slash(match.thread, "game resign")
        assert resigning.main is not None and not is_error(resigning), resigning.text
        yes = next(c for c in resigning.main.custom_ids() if c.startswith("palantir:resign:"))
        gone = await bob.click(resigning.main, yes)
        assert not is_error(gone), gone.text
        end = await world.fd.wait_for_message(
            lambda m: m.channel is match.thread and "Game over" in m.content
        )
        assert end.files and assert_png(end.files[0])
        assert world.row(match.id).status == "finished"
        assert sum("Game over" in m.content for m in match.thread.messages) == 1, "the result is told once"

        # Told once: both players' DMs are open, so the thread mentions each only at the start
        # and at the end (a crash and its catch-up included); the waits went by DM.
        fd = world.fd
        for role, user in match.players.items():
            mentions = sum(user.id in m.pinged for m in fd.messages.values())
            pushed = [m for m in user.dms if m.interaction_metadata is None]
            loud = [m for m in pushed if not m.flags & SILENT]
            pings = [m.content[:300] for m in fd.messages.values() if user.id in m.pinged]
            assert mentions == 2, f"{role} was mentioned {mentions} times: {pings}"
            print(f"{role}: {mentions} mentions, {len(loud)} notifying DMs of {len(pushed)} DM prompts")
        # A quiet table: a die action is one post, a reply edits it, a skip or a pass carries no
        # board of its own; a played card is a picture in its post.
        posts = [m for m in match.thread.messages if m.author is fd.bot_user]
        boards = [m for m in posts if any("-board-" in a.filename for a in m.attachments)]
        images = sum(len(m.attachments) for m in posts)
        actions = len(world.actions(match.id))
        print(
            f"{actions} actions: {len(posts)} thread posts ({len(posts) / actions:.2f} per action), "
            f"{len(boards)} with a board, {images} images ({images / actions:.2f} per action); "
            f"{tally.events_shown} Event cards shown, {tally.choices_in_secret} secret Combat-card "
            f"choices; ways: {dict(sorted(used.items()))}"
        )
        assert len(posts) <= 0.3 * actions, f"{len(posts)} thread posts for {actions} actions"
        assert len(boards) <= len(posts)
