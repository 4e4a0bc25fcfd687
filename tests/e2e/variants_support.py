"""Helpers for ``test_variants.py``: open a match with options, choose and play moves, check prompts.

Everything is done as a user would: ``/game new`` or ``/confrontation new`` with options, the
Join button, private menus (DM, *Take my turn*, *My hand*), typed ``/confrontation <verb>``
commands filled from their autocomplete, and ``/game act``. After every move the committed
state, the public board, every public text, every private message and every prompt's Discord
limits are checked.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import find, project
from tests.e2e.harness import Match, World, assert_png, is_error, known_to, leaks, typed
from tests.fakediscord import InteractionResult
from tests.fakediscord.botproc import ROOT
from tests.fakediscord.model import DM, Message, User, walk_components

MOVE_LIMIT = 260
RING_BEARERS = ("move frodo ", "move frodo_v ", "move sam_v ")
#: Verbs worth playing with their typed command at least once (special cards, setup, abilities).
TYPED_FIRST = frozenset({"special", "pick-special", "draft", "decline", "ability", "place", "target"})
#: How moves are sent, in turn: menu, *Take my turn*, typed command, ``/game act`` (see ``play``).
WAYS = (0, 1, 0, 3, 0, 2)
#: Verbs after whose first use the board images are compared with the views (hidden choices).
DRAWN = frozenset({"draft", "pick-special", "place", "ready", "special", "ability"})
#: Set-up verbs that the rules let a player take back (ruling 16); each side undoes one.
UNDOABLE = frozenset({"draft", "place"})
KING = re.compile(r"special a_king_revealed (\w+)")
SPECIAL_CARDS: dict[str, tuple[str, ...]] = {
    side: tuple(
        c["name"]
        for c in json.loads((ROOT / "data" / "confrontation" / "cards.json").read_text(encoding="utf-8"))[
            "specials"
        ]
        if c["side"] == side and "deluxe" in c["sets"]
    )
    for side in ("fellowship", "sauron")
}
TILES: dict[str, str] = {
    c["id"]: c["tile"]
    for c in json.loads((ROOT / "data" / "confrontation" / "characters.json").read_text(encoding="utf-8"))[
        "characters"
    ]
}


@dataclass
class Played:
    """What a match exercised: verbs (``special palantir``...) and the ways actions were sent."""

    verbs: Counter[str] = field(default_factory=Counter)
    ways: Counter[str] = field(default_factory=Counter)
    typed: set[str] = field(default_factory=set)
    moves: int = 0
    max_legal: int = 0
    king: str | None = None  # the Sauron character named by A King Revealed, until his next turn


def kind(action: str) -> str:
    """``special palantir eregion`` -> ``special palantir``; ``move frodo rhudaur`` -> ``move``."""
    words = action.split(" ")
    if words[0] in ("special", "ability", "pick-special") and len(words) > 1:
        return " ".join(words[:2])
    return words[0]


def choose(legal: list[str], rng: random.Random, played: Played, role: str) -> str:
    """A legal action, preferring special cards, abilities and declines, and Frodo's walk.

    Setup: every draft pick and special-card pick is made one by one; one character is placed
    by hand (``place``), the rest with ``autoplace``, then ``ready``.
    """
    by_verb: dict[str, list[str]] = {}
    for action in legal:
        by_verb.setdefault(action.split(" ")[0], []).append(action)
    for verb in ("draft", "pick-special"):
        if verb in by_verb:
            # Prefer cards playable in the turn itself, so a special card is surely played.
            soon = [a for a in by_verb[verb] if a.split(" ")[-1] in ("shadowfax", "palantir", "crebain")]
            return rng.choice(soon if soon and rng.random() < 0.7 else by_verb[verb])
    if "place" in by_verb and played.verbs[f"place {role}"] == 0:
        played.verbs[f"place {role}"] += 1
        return rng.choice(by_verb["place"])
    for quick in ("autoplace", "ready"):
        if quick in by_verb:
            return quick
    specials = by_verb.get("special", [])
    if specials and (played.verbs[f"specials {role}"] == 0 or rng.random() < 0.5):
        played.verbs[f"specials {role}"] += 1
        return rng.choice(specials)
    abilities = by_verb.get("ability", [])
    if abilities and rng.random() < 0.6:
        return rng.choice(abilities)
    if "decline" in by_verb and rng.random() < 0.6:
        return "decline"
    walk = [a for a in legal if a.startswith(RING_BEARERS)]
    if walk and rng.random() < 0.5:
        return rng.choice(walk)
    return rng.choice(legal)


# -- opening a match with options ------------------------------------------------------------
async def open_match(
    world: World,
    creator: User,
    opponent: User,
    options: dict[str, str],
    *,
    side: str,
    command: str = "game new",
) -> Match:
    """Open a lobby with options (``/game new`` or ``/confrontation new``), join, wait for the thread."""
    extra = {"game": "confrontation"} if command == "game new" else {}
    if command == "game new":
        for name, value in options.items():
            choices = await creator.autocomplete(
                world.games, "game new", focused=name, game="confrontation", **{name: ""}
            )
            offered = [c["value"] for c in choices]
            assert value in offered, f"/game new {name}: {value!r} not offered in {offered}"
    opened = await creator.slash(world.games, command, side=side, **extra, **options)
    assert not opened.ephemeral and not is_error(opened), opened.text
    lobby = opened.response
    assert lobby is not None
    check_limits(lobby)
    join = next(c for c in lobby.custom_ids() if c.startswith("palantir:join:"))
    match_id = int(join.rsplit(":", 1)[1])
    joined = await opponent.click(lobby, join)
    assert not is_error(joined), joined.text
    thread = await world.wait_for_thread(lobby)
    await world.fd.wait_for_message(
        lambda m: m.channel is thread and f"palantir:hand:{match_id}" in m.custom_ids()
    )
    row = world.row(match_id)
    assert row.status == "active" and row.state is not None
    ruleset = find("confrontation")
    assert row.state["options"] == ruleset.resolve_options(options), "the match ignored the chosen options"
    seats = {role: world.fd.users[uid] for role, uid in _seats(world, match_id)}
    return Match(match_id, lobby, thread, seats)


def _seats(world: World, match_id: int) -> list[tuple[str, int]]:
    with world._db() as conn:
        rows = conn.execute("SELECT role, user_id FROM seats WHERE match_id = ?", (match_id,)).fetchall()
    return [(str(r[0]), int(r[1])) for r in rows]


# -- Discord limits ----------------------------------------------------------------------------
def check_limits(msg: Message) -> None:
    """A message's components stay within Discord's limits (checked here, not only by the fake)."""
    rows = msg.components
    assert len(rows) <= 5, f"{len(rows)} action rows"
    assert len(msg.content) <= 2000, "content over 2000 characters"
    for comp in walk_components(rows):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            assert 1 <= len(custom_id) <= 100, custom_id
        assert len(str(comp.get("label") or "")) <= 80, comp.get("label")
        assert len(str(comp.get("placeholder") or "")) <= 150, comp.get("placeholder")
        options = comp.get("options")
        if options is None:
            continue
        assert 1 <= len(options) <= 25, f"a select menu with {len(options)} options"
        values = [o["value"] for o in options]
        assert len(set(values)) == len(values), "duplicate option values"
        for option in options:
            assert 1 <= len(str(option.get("label") or "")) <= 100, option
            assert len(str(option.get("description") or "")) <= 100, option
            assert 1 <= len(str(option["value"])) <= 100, option


# -- playing ---------------------------------------------------------------------------------
async def play(
    world: World, match: Match, role: str, action: str, how: int, played: Played
) -> InteractionResult:
    """Send ``action``: menus (how 0), *Take my turn* (1), typed command (2) or ``/game act`` (3)."""
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    spec = next((c for c in find("confrontation").commands if c.verb == verb), None)
    if verb in TYPED_FIRST and verb not in played.typed:
        how = 2
    if how == 2 and spec is not None and len(args) <= len(spec.params):
        played.typed.add(verb)
        played.ways["typed"] += 1
        return await typed(world, match, user, spec.path, [p.name for p in spec.params], action, legal)
    if how >= 2:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]  # "…": an entry that only explains
        assert values, f"/game act offered nothing for {verb!r}"
        assert set(values) <= set(legal), "/game act offered an illegal action"
        played.ways["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    if how == 1 and (taken := await world.take_my_turn(match, user, action, check=check_limits)) is not None:
        played.ways["my turn"] += 1
        return taken
    played.ways["menu"] += 1
    return await world.pick(match, user, action)


def board_post(match: Match, step: int) -> Message | None:
    """The newest thread post with the board of public ``step`` (or the final picture)."""
    for msg in reversed(match.thread.messages):
        names = [a.filename for a in msg.attachments]
        if any(("-board-" in n and n.endswith(f"-s{step}.png")) or "-final-" in n for n in names):
            return msg
    return None


def image(state: dict[str, Any] | None, audience: str | None) -> bytes:
    """The board image ``audience`` may see: the renderer applied to its view."""
    import renderers

    assert state is not None
    return bytes(renderers.render_view(find("confrontation").view(state, audience), layout="compact"))


def worth_a_post(world: World, match: Match) -> bool:
    """Whether the newest entry showed the public something (a hidden step posts nothing)."""
    row = world.row(match.id)
    assert row.state is not None
    if row.state.get("result") is not None:
        return True
    seq = world.actions(match.id)[-1][1]
    quiet = find("confrontation").quiet_events
    return any(e["seq"] == seq and project(e, None)[0] not in quiet for e in row.state["log"])


def board_of(match: Match, step: int) -> Callable[[Message], bool]:
    """A predicate: the thread's board post of public ``step``."""

    def found(m: Message) -> bool:
        return m.channel is match.thread and board_post(match, step) is m

    return found


def reader_role(match: Match, msg: Message) -> str | None:
    """The role of the only reader of a private message (DM or ephemeral reply), else None."""
    if msg.channel.type == DM:
        reader = msg.channel.recipient
    elif msg.ephemeral:
        uid = (msg.interaction_metadata or {}).get("user", {}).get("id")
        reader = next((u for u in match.players.values() if str(u.id) == uid), None)
    else:
        return None
    return next((role for role, u in match.players.items() if u is reader), None)


async def play_match(world: World, match: Match, rng: random.Random) -> Played:
    """Play ``match`` to its end, checking everything after every move."""
    fd = world.fd
    played = Played()
    start = board_post(match, world.step(match))
    assert start is not None and assert_png(start.files[0])
    world.check_public()
    for msg in list(fd.messages.values()):
        check_limits(msg)
    while world.row(match.id).state["result"] is None:  # type: ignore[index]
        active = world.active_roles(match)
        assert active, "a running match must always have someone to move"
        role = rng.choice(active)
        user = match.players[role]
        legal = world.legal(match, role)
        played.max_legal = max(played.max_legal, len(legal))
        if role == "sauron" and played.king is not None and any(a.startswith("move ") for a in legal):
            check_king(legal, played.king)
            played.king = None
        prompt = await world.fresh_prompt(match, user)
        assert prompt is not None, f"{role} is to move but got no action menu"
        check_limits(prompt)
        offered = world.offered(prompt)
        assert set(offered) <= set(legal), f"the menus offer illegal actions: {set(offered) - set(legal)}"
        if len(legal) <= 100:
            assert set(offered) == set(legal), f"the menus miss {set(legal) - set(offered)}"
        action = choose(legal, rng, played, role)
        before = world.row(match.id)
        count = len(world.actions(match.id))
        mark = fd.activity_mark()
        result = await play(world, match, role, action, WAYS[played.moves % len(WAYS)], played)
        assert not is_error(result), f"{action!r} by {role} was refused: {result.text}"
        assert result.ephemeral, "the acting player's confirmation is private"
        row = world.row(match.id)
        assert row.version == before.version + 1, "the move must be committed exactly once"
        assert row.seq == before.seq + 1
        log = world.actions(match.id)
        assert len(log) == count + 1 and log[-1][3:5] == (role, action)
        shown = worth_a_post(world, match)
        # Redrawing costs ~0.2 s: compare images the first time a secret-laden kind is played.
        first = (
            kind(action) not in played.verbs
            and kind(action).split(" ")[0] in DRAWN
            and row.state is not None
            and row.state["result"] is None
        )
        if shown:
            board = await fd.wait_for_message(board_of(match, world.step(match)), since=mark)
            assert_png(board.files[0])
            if first:
                assert board.files[0] == image(row.state, None), "the public board is not the public view"
        world.check_public()
        await fd.quiet(0.05)
        if not shown:
            assert not world.boards_since(match, mark), f"the hidden step {action!r} posted a board"
        assert fd.protocol_errors == [], fd.protocol_errors
        state = world.row(match.id).state
        assert state is not None
        created, edited = fd.activity_since(mark)
        for msg in {m.id: m for m in [*created, *edited]}.values():
            check_limits(msg)
            reader = reader_role(match, msg)
            if msg.author is fd.bot_user and (
                reader is not None or not (msg.ephemeral or msg.channel.type == DM)
            ):
                named = secret_specials(msg.text, state, reader)
                assert not named, f"a message for {reader or 'everyone'} names secret special cards {named}"
            if reader is None:
                continue
            for data in msg.files:
                assert_png(data)
            if first and msg.files and msg.interaction_metadata is None and msg in created:
                assert msg.files[0] == image(state, reader), f"the DM board of {reader} is not its view"
            hidden = leaks(without_king_list(msg, state, reader), state, reader)
            assert not hidden, f"a private message to {reader} names {hidden}: {msg.text!r}"
        played.verbs[kind(action)] += 1
        if kind(action) == "special a_king_revealed":
            played.king = action.split(" ")[-1]
        played.moves += 1
        if action.split(" ")[0] in UNDOABLE and not played.verbs[f"undo {role}"]:
            played.verbs[f"undo {role}"] += 1
            await undo_once(world, match, role, legal)
        assert played.moves < MOVE_LIMIT, "the match should have ended"
    return played


async def undo_once(world: World, match: Match, role: str, legal_before: list[str]) -> None:
    """Take back a set-up action with the Undo button: one log entry, and the choice is open again."""
    user = match.players[role]
    row = world.row(match.id)
    wanted = f"palantir:undo:{match.id}:{world.prompt_number(match.id, role)}"
    prompts = [m for m in world.private_prompts(match, user) if wanted in m.custom_ids()]
    if not prompts:
        opened = await world.fresh_prompt(match, user)
        prompts = [opened] if opened is not None and wanted in opened.custom_ids() else []
    assert prompts, f"no Undo button for {role} after {world.actions(match.id)[-1][4]!r}"
    mark = world.fd.activity_mark()
    result = await user.click(prompts[-1], wanted)
    assert not is_error(result), result.text
    after = world.row(match.id)
    assert after.version == row.version + 1, "an undo is one log entry"
    assert world.actions(match.id)[-1][2:4] == ("undo", role)
    assert sorted(world.legal(match, role)) == sorted(legal_before), "the undo did not reopen the choice"
    await world.fd.quiet(0.05)
    world.check_public()
    assert after.state is not None
    created, edited = world.fd.activity_since(mark)
    for msg in [*created, *edited]:
        check_limits(msg)
        reader = reader_role(match, msg)
        if reader is not None:
            assert not leaks(msg.text, after.state, reader), msg.text


def secret_specials(text: str, state: dict[str, Any], reader: str | None) -> list[str]:
    """With "Deluxe, choose 2", the special cards a side kept (or threw away) are its secret.

    A text for anyone but that side may name one of its cards only once the card was played
    (the reader's projected log names it). The Palantír is not checked: it is also the bot's name.
    """
    if state["options"]["specials"] != "deluxe-2" or state.get("result") is not None:
        return []
    told = "\n".join(find("confrontation").log_lines(state, reader))
    found = []
    for side, names in SPECIAL_CARDS.items():
        if side == reader:
            continue
        for name in names:
            if name != "Palantír" and name not in told and name in text:
                found.append(name)
    return found


def check_king(legal: list[str], named: str) -> None:
    """Sauron's turn after A King Revealed: the named character must move if he can, and no
    special card may replace that move (also when a Draft's named side is not in play)."""
    movers = {a.split(" ")[1] for a in legal if a.startswith("move ")}
    if named in movers:
        assert movers == {named}, f"A King Revealed named {named}, but Sauron may also move {movers}"
    instead = [a for a in legal if a.startswith(("special recall_to_mordor", "special crebain"))]
    assert not instead, f"after A King Revealed Sauron may replace his move with {instead}"


def without_king_list(msg: Message, state: dict[str, Any], reader: str) -> str:
    """``text`` without the A King Revealed choices, once they are shown to be public knowledge.

    The card may name any Sauron character still in the game (in a Draft, either side of every
    tile not defeated): the Fellowship knows that list from the public record, so naming it tells
    nothing. Any other name offered would be a leak.
    """
    text = msg.text
    named = set(KING.findall(text))
    if not named:
        return text
    assert reader == "fellowship", "only the Fellowship plays A King Revealed"
    enemy = "sauron"
    if state["options"]["variant"] == "draft":
        fallen = {TILES[c] for c in state["defeated"][enemy]}
        public = {c for c, tile in TILES.items() if tile.startswith("s-") and tile not in fallen}
    else:
        public = set(state["chars"][enemy]) - set(state["defeated"][enemy])
    assert named <= public, f"A King Revealed offers {named - public}, which the Fellowship cannot know of"
    seen = known_to(find("confrontation").view(state, reader))
    menus = [c for c in walk_components(msg.components) if c.get("options") is not None]
    full = len(menus) >= 4 and all(len(c["options"]) == 25 for c in menus[:-1])
    missing = {c for c in public - named if c not in seen}
    assert full or not missing, f"A King Revealed leaves out {missing}: the list depends on hidden facts"
    return "\n".join(line for line in text.splitlines() if "A King Revealed" not in line)


async def check_end(world: World, match: Match) -> dict[str, Any]:
    """The match is finished, and the thread shows the full reveal as a valid PNG."""
    final = world.row(match.id)
    assert final.status == "finished" and final.state is not None
    end = await world.fd.wait_for_message(
        lambda m: m.channel is match.thread and "Every hidden piece is now shown" in m.content
    )
    assert "Game over" in end.content and end.files
    assert_png(end.files[0])
    return final.state
