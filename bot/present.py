"""Message texts and images, derived only from the engine's projected views and texts.

Everything public here reads the public projection of the log's events, ``view(state, None)``,
waiting texts of the prompt and role titles: never a player's private view.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

import renderers
from games.core import Event, Ruleset, View

from .service import ActResult, LiveMatch
from .storage import ABANDONED, ACTIVE, FINISHED, LOBBY

log = logging.getLogger(__name__)

MAX_MESSAGE = 2000
MAX_LOG_LINES = 15


def mention(user_id: int | None) -> str:
    return "nobody" if user_id is None else f"<@{user_id}>"


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """Keep a message within Discord's limit, cutting whole lines from the top if needed.

    >>> clip("a\\nb\\nc", 3)
    '…\\nc'
    """
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    while lines and len("\n".join(["…", *lines])) > limit:
        lines.pop(0)
    return "\n".join(["…", *lines]) if lines else text[: limit - 1] + "…"


def render(view: View) -> bytes | None:
    """PNG bytes for a view, or ``None`` if no renderer draws this game (text is sent alone).

    Synchronous and CPU-bound: call it with ``asyncio.to_thread``.
    """
    render_view = getattr(renderers, "render_view", None)
    if render_view is None:
        return None
    try:
        png = render_view(view)
    except Exception as exc:  # a drawing problem must never stop the game
        log.warning("no image for a %s view: %s", view.get("game"), type(exc).__name__)
        log.debug("renderer failure", exc_info=True)
        return None
    return bytes(png) if isinstance(png, bytes | bytearray) else None


def image_name(live: LiveMatch, audience: str | None) -> str:
    who = audience or "board"
    return f"{live.record.game}-{live.id}-{who}-v{live.record.version}.png"


def seat_line(live: LiveMatch) -> str:
    ruleset = live.ruleset
    parts = []
    for seat in live.seats:
        role = seat.role or seat.wanted_role
        title = ruleset.role_title(role) if role else "any side"
        parts.append(f"{mention(seat.user_id)} ({title})")
    return ", ".join(parts)


def options_line(ruleset: Ruleset, options: dict[str, str]) -> str:
    specs = {s.name: s for s in ruleset.options}
    shown = [f"{name}: **{specs[name].label(v) if name in specs else v}**" for name, v in options.items()]
    return " · ".join(shown)


def lobby_text(live: LiveMatch) -> str:
    ruleset, record = live.ruleset, live.record
    head = f"**{ruleset.title}** — match #{record.id}"
    opts = options_line(ruleset, record.options)
    lines = [head, opts] if opts else [head]
    lines.append(f"Seated: {seat_line(live)}")
    if record.status == LOBBY:
        free = ruleset.max_players - len(live.seats)
        lines.append(
            f"Waiting for {free} more player{'s' if free != 1 else ''}: press **Join** or use `/game join`."
        )
    elif record.status == ABANDONED:
        lines.append("This lobby was cancelled.")
    else:
        where = f" in <#{record.thread_id}>" if record.thread_id else ""
        lines.append(f"The match has started{where}.")
    return clip("\n".join(lines))


def _role_tag(live: LiveMatch, role: str) -> str:
    return f"{mention(live.user_of(role))} ({live.ruleset.role_title(role)})"


def turn_text(live: LiveMatch) -> str:
    """Whose turn it is, for everyone (waiting texts carry no secrets by contract)."""
    state = live.state
    if state is None:
        return ""
    if state.get("result") is not None:
        return result_text(live)
    active = sorted(live.active_roles())
    idle = [r for r in state["roles"] if r not in active]
    if idle:
        # The waiting text names the side and what it must do ("Waiting for Sauron to move.").
        waiting = live.ruleset.prompt(state, idle[0]).text.strip().rstrip(".")
        who = " ".join(mention(live.user_of(r)) for r in active)
        return f"⏳ {waiting} — {who}." if who else f"⏳ {waiting}."
    tags = " and ".join(_role_tag(live, r) for r in active) or "nobody"
    return f"⏳ Both to play now: {tags}."


def result_text(live: LiveMatch) -> str:
    state = live.state or {}
    result = state.get("result") or {}
    winners = list(result.get("winners") or [])
    reason = live.ruleset.result_text(result) if result.get("reason") else ""
    if winners:
        who = " and ".join(_role_tag(live, r) for r in winners)
        head = f"🏆 **Game over: {who} win{'s' if len(winners) == 1 else ''}!**"
    else:
        head = "**Game over: a draw.**"
    return f"{head}\n{reason[0].upper() + reason[1:]}." if reason else head


def public_lines(ruleset: Ruleset, events: Iterable[Event]) -> list[str]:
    """What everyone may read of ``events``, in words (the last few if there are many)."""
    return [ruleset.event_text(e, None) for e in events][-MAX_LOG_LINES:]


def public_update(result: ActResult) -> str:
    """The thread post after an accepted entry: public log lines, then whose turn it is."""
    live = result.match
    if result.kind == "undo":
        lines = [f"↩️ {live.ruleset.role_title(result.role)} took back a move."]
    else:
        lines = public_lines(live.ruleset, result.events)
    return clip("\n".join([*lines, "", turn_text(live)]).strip())


def start_text(live: LiveMatch) -> str:
    record = live.record
    head = f"**{live.ruleset.title}** — match #{record.id} begins! {seat_line(live)}"
    opening = public_lines(live.ruleset, (live.state or {}).get("log", ()))
    body = "\n".join(opening)
    tips = "Use the buttons below, `/hand` or `/game act` to play; your private view comes by DM."
    return clip("\n".join(p for p in (head, body, turn_text(live), tips) if p))


def private_text(live: LiveMatch, role: str, labels: Sequence[str]) -> str:
    """A player's private prompt (only ever sent to that player)."""
    state = live.state or {}
    ruleset = live.ruleset
    head = f"**{ruleset.title}** #{live.id} — you play **{ruleset.role_title(role)}**."
    if state.get("result") is not None:
        return clip(f"{head}\n{result_text(live)}")
    prompt = ruleset.prompt(state, role).text
    if not labels:
        return clip(f"{head}\n{prompt}")
    listing = "\n".join(f"• {label}" for label in labels[:20])
    more = f"\n…and {len(labels) - 20} more (type them with `/game act`)." if len(labels) > 20 else ""
    return clip(f"{head}\n{prompt}\n{listing}{more}")


def status_text(live: LiveMatch, viewer_role: str | None) -> str:
    record = live.record
    ruleset = live.ruleset
    lines = [f"**{ruleset.title}** — match #{record.id} ({record.status})"]
    opts = options_line(ruleset, record.options)
    if opts:
        lines.append(opts)
    lines.append(f"Players: {seat_line(live)}")
    if record.thread_id:
        lines.append(f"Thread: <#{record.thread_id}>")
    if record.status == ACTIVE and live.state is not None:
        lines.append(f"Moves made: {live.state['seq']}")
        lines.append(turn_text(live))
        if viewer_role is not None:
            lines.append(f"You: {live.ruleset.prompt(live.state, viewer_role).text}")
    elif record.status == FINISHED:
        lines.append(result_text(live))
    return clip("\n".join(lines))


def log_text(live: LiveMatch, role: str | None, since_seq: int) -> str:
    lines = live.ruleset.log_lines(live.state, role, since_seq) if live.state else []
    if not lines:
        return "Nothing has happened since your last move."
    head = "Since your last move:" if role is not None else "Recent events:"
    return clip("\n".join([head, *lines[-40:]]))


def list_text(matches: Iterable[LiveMatch], user_id: int) -> str:
    rows = []
    for live in matches:
        role = live.role_of(user_id)
        side = f" as {live.ruleset.role_title(role)}" if role else ""
        turn = ""
        if live.record.status == ACTIVE and role in live.active_roles():
            turn = " — **your move**"
        where = f" <#{live.record.thread_id}>" if live.record.thread_id else ""
        rows.append(f"#{live.id} {live.ruleset.title}{side} ({live.record.status}){turn}{where}")
    return clip("\n".join(["Your matches here:", *rows])) if rows else "You have no matches in this server."
