"""The LOTR Risk end-to-end driver and oracles (shared by the match and fault suites)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.core import Action, find, project
from tests.e2e.harness import Match, World, assert_png, typed
from tests.fakediscord import InteractionResult, Message
from tests.fakediscord.model import DM

GAME = "lotr-risk"
USERS = ("alice", "bob", "carol", "dave")
COMMANDS = ("game", "hand", "risk")


def ruleset() -> Any:
    return find(GAME)


# -- the driver: a short but complete game -------------------------------------------------
def choose(
    world: World, match: Match, role: str, legal: list[str], rng: random.Random, turn: Counter[str]
) -> str:
    """A legal action that keeps the game moving: most placements at once, one attack a turn of
    at most three rolls with the most dice, defend with the most, rarely a fortify."""
    state = world.row(match.id).state
    assert state is not None
    kind = ruleset().prompt(state, role).kind
    verbs = {a.split(" ")[0] for a in legal}

    def some(verb: str) -> list[str]:
        return [a for a in legal if a.split(" ")[0] == verb]

    if "ready" in legal:
        return "ready"
    if some("trade") and rng.random() < 0.6:
        return rng.choice(some("trade"))
    if some("power") and rng.random() < 0.5:
        return rng.choice(some("power"))
    if some("arm") and rng.random() < 0.3:
        return rng.choice(some("arm"))
    for verb in ("place", "advance", "to"):
        if some(verb):
            return with_count(world, match, role, rng.choice(some(verb)), rng)
    if some("attack"):
        if turn["attacks"] < 1 and rng.random() < 0.8:
            turn["attacks"], turn["rolls"] = turn["attacks"] + 1, 0
            return rng.choice(some("attack"))
        return "end" if "end" in legal else rng.choice(legal)
    if some("roll") and "stop" in legal and turn["rolls"] >= 3:
        return "stop"
    turn["rolls"] += bool(some("roll"))
    for verb in ("roll", "defend"):
        if some(verb):
            return max(some(verb), key=lambda a: int(a.split(" ")[1]))
    if kind == "fortify" or "from" in verbs:
        if "done" in legal and (turn["moves"] >= 1 or rng.random() < 0.7):
            return "done"
        turn["moves"] += 1
        return rng.choice(some("from") or legal)
    return rng.choice(legal)


def with_count(world: World, match: Match, role: str, listed: str, rng: random.Random) -> str:
    """``listed`` (the largest count), or now and then another count of its range."""
    state = world.row(match.id).state
    prompt = ruleset().prompt(state, role)
    amount = next((a for a in prompt.amounts if a.admits(Action.from_text(listed))), None)
    if amount is None or rng.random() < 0.6:
        return listed
    head = listed.rsplit(" ", 1)[0]
    return f"{head} {rng.randint(amount.low, amount.high)}"


# -- playing one action the four ways -------------------------------------------------------
async def play(
    world: World, match: Match, role: str, action: str, how: int, used: Counter[str]
) -> InteractionResult:
    user = match.players[role]
    legal = world.legal(match, role)
    verb, *args = action.split(" ")
    spec = next((c for c in ruleset().commands if c.verb == verb), None)
    if how == 2 and spec is not None and len(spec.params) >= len(args):
        used["typed"] += 1
        return await typed(world, match, user, spec.path, [p.name for p in spec.params], action, legal)
    if how == 3 and action in legal:
        choices = await user.autocomplete(match.thread, "game act", focused="action", action=verb)
        values = [c["value"] for c in choices if c["value"] != "…"]
        assert values, f"autocomplete offered nothing for {verb!r}"
        assert set(values) <= set(legal), "autocomplete offered an illegal action"
        used["act"] += 1
        return await user.slash(match.thread, "game act", action=action)
    if how == 1:
        listed = action if action in legal else world.listed_for_count(match, user, action)
        taken = None if listed is None else await world.take_my_turn(match, user, action, listed=listed)
        if taken is not None:
            used["my turn"] += 1
            return taken
    used["menu"] += 1
    return await world.pick(match, user, action)


# -- oracles --------------------------------------------------------------------------------
def hidden_card_names(state: dict[str, Any], audience: str | None) -> set[str]:
    """Names of adventure cards held or armed in secret by players other than ``audience``
    that nothing public to ``audience`` names (another copy played, the log)."""
    from games.lotr_risk.data import card_of

    names: set[str] = set()
    for role in state["roles"]:
        if role == audience:
            continue
        held = list(state["hands"][role].get("adventure", [])) + [
            a["card"] for a in state["armed"].get(role, [])
        ]
        names.update(card_of(card).name for card in held if card_of(card).kind != "mission")
    told = "\n".join(ruleset().log_lines(state, audience))
    view = ruleset().view(state, audience)
    played = " ".join(str(c.get("name", c)) for p in view["players"] for c in p["played"])
    return {n for n in names if n not in told and n not in played}


def public_board(world: World, match: Match, names: dict[str, str]) -> bytes:
    import renderers

    state = world.row(match.id).state
    assert state is not None
    r = ruleset()
    view = r.view(state, None) if state["result"] is None else r.final_reveal(state)
    return bytes(renderers.render_view({**view, "names": names}, layout="compact"))


def worth_a_post(world: World, match: Match, logged: int) -> bool:
    """Whether the events after the first ``logged`` showed the public something."""
    row = world.row(match.id)
    assert row.state is not None
    if row.state["result"] is not None:
        return True
    quiet = ruleset().quiet_events
    return any(project(e, None)[0] not in quiet for e in row.state["log"][logged:])


def board_post(match: Match, step: int) -> Message | None:
    """The newest thread post with the board of public ``step`` (or the final picture)."""
    for msg in reversed(match.thread.messages):
        names = [a.filename for a in msg.attachments]
        if any(("-board-" in n and n.endswith(f"-s{step}.png")) or "-final-" in n for n in names):
            return msg
    return None


def check_secrets(world: World, match: Match, since: int) -> None:
    """No public post, and no DM to another player, names a card held in secret."""
    state = world.row(match.id).state
    assert state is not None
    created, edited = world.fd.activity_since(since)
    for msg in [*created, *edited]:
        if msg.author is not world.fd.bot_user:
            continue
        if msg.channel.type == DM:
            reader = next((r for r, u in match.players.items() if u is msg.channel.recipient), None)
        elif msg.ephemeral:
            continue  # answers only the clicking player, about their own choices
        else:
            reader = None
        for name in hidden_card_names(state, reader):
            assert name not in msg.text, (
                f"{name!r} is held in secret but shown to {reader or 'everyone'}: {msg.text!r}"
            )
        for data in msg.files:
            assert_png(data)
