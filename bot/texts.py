"""Message texts and images, derived only from the engine's projected views and texts.

Everything public here reads the public projection of the log's events, ``view(state, None)``,
waiting texts of the prompt and role titles: never a player's private view.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence

import renderers
from games.core import Event, Ruleset, RuleTopic, State, View, project
from games.core.ruleset import CORE_EVENTS
from games.core.words import agree, capitalized, counted, join_words

from .choices import Choice, matches, said_first, said_once
from .computers.identity import computer_name, is_computer
from .pace import human_duration
from .service import ActResult, LiveMatch
from .service import public_step as service_public_step
from .settings import CONFIRM_MODES, PING_MODES, UserSettings, format_clock_time
from .storage import ABANDONED, ACTIVE, FINISHED, LOBBY

log = logging.getLogger(__name__)

MAX_MESSAGE = 2000
MAX_LOG_LINES = 15
#: Up to this many choices are listed with their effects in a private prompt.
SHOWN_CHOICES = 12


def mention(user_id: int | None) -> str:
    """A player as the thread names him: a mention, or a computer's name (never pinged)."""
    if user_id is None:
        return "nobody"
    return computer_name(user_id) if is_computer(user_id) else f"<@{user_id}>"


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


def render(view: View, layout: str = "compact") -> bytes | None:
    """PNG bytes for a view, or ``None`` if no renderer draws this game (text is sent alone).

    ``layout`` is ``compact`` (readable at Discord's inline size) or ``full`` (every detail).
    Synchronous and CPU-bound: call it off the event loop.
    """
    render_view = getattr(renderers, "render_view", None)
    if render_view is None:
        return None
    try:
        try:
            png = render_view(view, layout=layout)
        except TypeError:  # a renderer without layouts
            png = render_view(view)
    except Exception as exc:  # a drawing problem must never stop the game
        log.warning("no image for a %s view: %s", view.get("game"), type(exc).__name__)
        log.debug("renderer failure", exc_info=True)
        return None
    return bytes(png) if isinstance(png, bytes | bytearray) else None


def describe(view: View) -> str:
    """What the picture of ``view`` shows, in words, for screen readers (Discord's 1,024 limit)."""
    describe_view = getattr(renderers, "describe_view", None)
    if describe_view is None:
        return ""
    try:
        text = str(describe_view(view))
    except Exception as exc:  # a description problem must never stop the game
        log.warning("no description for a %s view: %s", view.get("game"), type(exc).__name__)
        return ""
    return clip_line(text, 1024)


def describe_cards(game: str, cards: Sequence[str]) -> str:
    """What the picture of ``cards`` shows, in words, for screen readers."""
    try:
        text = str(renderers.describe_cards(game, cards))
    except Exception as exc:  # a description problem must never stop the game
        log.warning("no description for %s cards: %s", game, type(exc).__name__)
        return ""
    return clip_line(text, 1024)


def clip_line(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word, with an ellipsis when cut.

    >>> clip_line("Frodo and Sam", 9)
    'Frodo an…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def public_step(live: LiveMatch) -> int:
    """The match's public step (:func:`bot.service.public_step`)."""
    return service_public_step(live.state)


def image_name(live: LiveMatch, audience: str | None) -> str:
    """``<game>-<match>-<board|role|final>-s<step>.png`` (see :func:`public_step`)."""
    return f"{live.record.game}-{live.id}-{audience or 'board'}-s{public_step(live)}.png"


def cards_image_name(live: LiveMatch, audience: str | None) -> str:
    """``<game>-<match>-<cards|role-hand>-s<step>.png``: the cards a post shows, or a hand."""
    what = f"{audience}-hand" if audience else "cards"
    return f"{live.record.game}-{live.id}-{what}-s{public_step(live)}.png"


def seat_line(live: LiveMatch) -> str:
    ruleset = live.ruleset
    parts = []
    for seat in live.seats:
        role = seat.role or seat.wanted_role
        title = ruleset.role_title(role) if role else "any side"
        parts.append(f"{mention(seat.user_id)} ({title})")
    return ", ".join(parts)


def options_line(ruleset: Ruleset, options: dict[str, str]) -> str:
    """The options that matter in the game's own order (not alphabetical), by their labels."""
    specs = {s.name: s for s in ruleset.options}
    ordered = [s.name for s in ruleset.options if s.name in options and s.applies(options)]
    ordered += [n for n in options if n not in specs]
    shown = []
    for name in ordered:
        spec = specs.get(name)
        value = options[name]
        shown.append(f"{spec.title}: **{spec.label(value)}**" if spec else f"{name}: **{value}**")
    return " · ".join(shown)


def lobby_text(live: LiveMatch) -> str:
    """The lobby message, which stays the match's living status once it starts: who plays, what
    the game waits for (edited after every move), and the result at the end."""
    ruleset, record = live.ruleset, live.record
    head = f"**{ruleset.title}** — match #{record.id}"
    opts = options_line(ruleset, record.options)
    lines = [head, opts] if opts else [head]
    notice = ruleset.notice(record.options)
    if notice and record.status != FINISHED:
        lines.append(f"ℹ️ {notice}")
    if pace_line(live):
        lines.append(pace_line(live))
    if record.rematch_of is not None:
        lines.append(f"Rematch of match #{record.rematch_of}: its players only, each on the next side.")
    lines.append(f"Players: {seat_line(live)}")
    if record.status == LOBBY:
        free = ruleset.seats(record.options)[1] - len(live.seats)
        lines.append(f"Waiting for {counted(free, 'more player')}: press **Join** or use `/game join`.")
    elif record.status == ABANDONED:
        lines.append("This lobby was cancelled.")
    elif record.status == FINISHED:
        lines.append(result_text(live) if live.state is not None else result_summary(live))
        if record.thread_id:
            lines.append(f"The whole match is in <#{record.thread_id}>.")
    else:
        if record.thread_id:
            lines.append(f"Playing in <#{record.thread_id}>.")
        if live.state is not None:
            turn = live.ruleset.turn_number(live.state)
            number = f"Turn {turn} · " if turn is not None else ""
            lines.append(f"{number}{turn_text(live, ())}")
            if clock_line(live):
                lines.append(clock_line(live))
    return clip("\n".join(lines))


def result_summary(live: LiveMatch) -> str:
    """The result from the match row alone (listing finished matches without loading them)."""
    result = live.record.result or {}
    winners = [live.ruleset.role_name(r) for r in result.get("winners") or []]
    if not result:
        return "finished"
    reason = live.ruleset.result_text(result) if result.get("reason") else ""
    head = f"{capitalized(join_words(winners))} won" if winners else "a draw"
    return f"{head}: {reason}" if reason else head


def _role_tag(live: LiveMatch, role: str) -> str:
    return f"{mention(live.user_of(role))} ({live.ruleset.role_title(role)})"


def turn_text(live: LiveMatch, awaited: Iterable[str] | None = None) -> str:
    """What the game waits for, for everyone (waiting texts carry no secrets by contract).

    Players in ``awaited`` (the game has just started waiting for them) are addressed with a
    mention; ``None`` addresses every active player.
    """
    state = live.state
    if state is None:
        return ""
    if state.get("result") is not None:
        return result_text(live)
    active = sorted(live.active_roles())
    called = set(active if awaited is None else awaited) & set(active)
    idle = [r for r in state["roles"] if r not in active]
    if idle:
        # The waiting text names the side and what it must do ("Waiting for Sauron to move.").
        waiting = live.prompt(idle[0]).text.strip().rstrip(".")
        who = " ".join(mention(live.user_of(r)) for r in active if r in called)
        return f"⏳ {waiting} — {who}." if who else f"⏳ {waiting}."
    if called:
        tags = join_words(_role_tag(live, r) for r in active)
        return f"⏳ {'Both' if len(active) == 2 else 'All'} to play now: {tags}."
    names = join_words(live.ruleset.role_name(r) for r in active)
    return f"⏳ Waiting for {names}."


def pace_line(live: LiveMatch) -> str:
    """The match's time control in words ("" without one), and whether play is paused."""
    pace = live.pace
    if pace is None:
        return ""
    line = f"Pace: **{pace.text}** ({pace.words()})"
    return f"{line} · ⏸️ paused" if live.record.paused else line


def clock_line(live: LiveMatch) -> str:
    """Each player's bank: a running one as its deadline (Discord shows it counting down)."""
    if live.pace is None or not live.clocks or live.state is None or live.state.get("result") is not None:
        return ""
    parts = []
    for role in live.state["roles"]:
        clock = live.clocks.get(role)
        if clock is None:
            continue
        title = live.ruleset.role_title(role)
        deadline = clock.deadline()
        if deadline is not None and not live.record.paused:
            parts.append(f"{title} ⏳ runs out <t:{int(deadline)}:R>")
        else:
            parts.append(f"{title} {human_duration(clock.bank)}")
    return "Clocks: " + " · ".join(parts)


def result_text(live: LiveMatch) -> str:
    state = live.state or {}
    result = state.get("result") or {}
    winners = list(result.get("winners") or [])
    reason = live.ruleset.result_text(result) if result.get("reason") else ""
    if winners:
        who = join_words(_role_tag(live, r) for r in winners)
        head = f"🏆 **Game over: {who} {agree(len(winners), 'wins', 'win')}!**"
    else:
        head = "**Game over: a draw.**"
    return f"{head}\n{reason[0].upper() + reason[1:]}." if reason else head


def visible_events(ruleset: Ruleset, events: Iterable[Event]) -> list[Event]:
    """The events worth a public post: not the ones that only acknowledge a hidden step."""
    quiet = ruleset.quiet_events
    return [e for e in events if project(e, None)[0] not in quiet]


def public_lines(ruleset: Ruleset, events: Iterable[Event]) -> list[str]:
    """What everyone may read of ``events``, in words (the last few if there are many)."""
    return [ruleset.event_text(e, None) for e in visible_events(ruleset, events)][-MAX_LOG_LINES:]


def quiet_lines(ruleset: Ruleset, events: Iterable[Event]) -> list[str]:
    """The small public steps of ``events`` (a claim, a battalion placed, a roll): told on the
    bare "waiting" line, never worth a board of their own."""
    lines = []
    for event in events:
        kind, _ = project(event, None)
        if kind in ruleset.quiet_events:
            lines.append(ruleset.event_text(event, None))
    return lines[-MAX_LOG_LINES:]


def public_update(result: ActResult, awaited: Iterable[str], since_seq: int | None = None) -> str:
    """The thread post after an entry worth seeing: what happened, then what the game awaits;
    at the end, what happened and the result, once.

    ``since_seq``: the first action the thread has not been told of; the post then tells every
    step worth seeing since (those that went into no post of their own, for lack of a thread
    or a round that could hold them, included). ``None``: this entry's events only.
    """
    live = result.match
    ruleset = live.ruleset
    if result.finished:
        # The result says it: not again the events that announce it, nor "X resigned." above it.
        said = {*ruleset.result_events, *CORE_EVENTS}
        told = [e for e in result.events if project(e, None)[0] not in said]
        lines = public_lines(ruleset, told) if since_seq is None else told_lines(live, since_seq, said)
        return clip("\n".join([*lines, "", end_text(live)]).strip())
    lines = public_lines(ruleset, result.events) if since_seq is None else told_lines(live, since_seq)
    return clip("\n".join([*lines, "", turn_text(live, awaited)]).strip())


def reveals_anything(ruleset: Ruleset, state: State) -> bool:
    """Whether the end shows what the public could not see (a game played face up does not)."""
    return bool(ruleset.final_reveal(state) != ruleset.view(state, None))


def end_text(live: LiveMatch) -> str:
    """The last lines of a finished match's post: the result, what the end reveals, and its
    players (each mentioned once more: the end, like the start, is told in the thread)."""
    shown = "\nEvery hidden piece is now shown." if reveals_anything(live.ruleset, live.state or {}) else ""
    return f"{result_text(live)}{shown}\nPlayed by {seat_line(live)}."


def told_lines(live: LiveMatch, since_seq: int, leave_out: Iterable[str] = ()) -> list[str]:
    """What everyone may read of the steps worth seeing from action ``since_seq`` on, in words
    (the last few if there are many), none of ``leave_out``. The small steps between them (a
    claim, a die roll, a secret card chosen) are left out: the step they lead to sums them up
    (an attack's post gives its rolls)."""
    skip = {*live.ruleset.quiet_events, *leave_out}
    told = [e for e in told_events(live, since_seq) if project(e, None)[0] not in skip]
    return public_lines(live.ruleset, told)


def shows_board(ruleset: Ruleset, events: Iterable[Event]) -> bool:
    """Whether a post telling ``events`` carries the board: some step worth seeing in them
    changed what the board shows (a skipped die or a pass alone does not)."""
    still = {*ruleset.quiet_events, *ruleset.boardless_events}
    return any(project(e, None)[0] not in still for e in events)


def told_events(live: LiveMatch, since_seq: int) -> list[Event]:
    """The logged events from action ``since_seq`` on (what a post from there tells)."""
    return live.ruleset.events_since(live.state or {}, since_seq)


def with_tail(body: str, live: LiveMatch) -> str:
    """A thread post's text with its last line, what the game waits for, brought up to date
    (no new mention: an edit pings nobody)."""
    return clip("\n".join([body, "", turn_text(live, ())]).strip())


def start_text(live: LiveMatch) -> str:
    record = live.record
    head = f"**{live.ruleset.title}** — match #{record.id} begins! {seat_line(live)}"
    opening = public_lines(live.ruleset, told_events(live, 0))
    body = "\n".join(opening)
    tips = "Use the buttons below, `/hand` or `/game act` to play; your private view comes by DM."
    return clip("\n".join(p for p in (head, body, turn_text(live), tips) if p))


def acted_text(done: str, *, pressed_in_dm: bool) -> str:
    """The answer to a player who acted and has his next choice in his DM prompt: where to find
    it, unless he pressed it there (that prompt is updated in place, under his eyes).

    >>> acted_text("✅ Roll 3 dice", pressed_in_dm=True)
    '✅ Roll 3 dice'
    >>> acted_text("✅ Roll 3 dice", pressed_in_dm=False)
    '✅ Roll 3 dice\\nYour next choice is in your DMs (or `/hand`).'
    """
    return done if pressed_in_dm else f"{done}\nYour next choice is in your DMs (or `/hand`)."


def private_text(live: LiveMatch, role: str, choices: Sequence[Choice]) -> str:
    """A player's private prompt (only ever sent to that player): the question with its
    context, what to do, and, when the list is short, the choices with what they do."""
    state = live.state or {}
    ruleset = live.ruleset
    head = f"**{ruleset.title}** #{live.id} — you play **{ruleset.role_title(role)}**."
    if state.get("result") is not None:
        return clip(f"{head}\n{result_text(live)}")
    prompt = live.prompt(role)
    title = f"\n**{prompt.title}**" if prompt.title else ""
    # His cards come last, as many as the message holds (the picture shows them all).
    if not choices:
        return with_hand(f"{head}{title}\n{prompt.text}", live, role)
    # An effect shared by several choices is said once, not on each of their lines: in a long
    # list, only one that every choice shares (the menus show the others where they differ);
    # in a short one, any other on the first of its choices.
    if len(choices) > SHOWN_CHOICES:
        shared = said_once(choices, every=True)[0]
        question = "\n".join([prompt.text, *shared])
        return with_hand(
            f"{head}{title}\n{question}\nChoose below ({counted(len(choices), 'choice')}).", live, role
        )
    shared, own = said_first(choices)
    question = "\n".join([prompt.text, *shared])
    listing = "\n".join(f"• **{c.label}**" + (f" — {c.effect}" if c.effect else "") for c in own)
    return with_hand(f"{head}{title}\n{question}\n{listing}", live, role)


def with_hand(text: str, live: LiveMatch, role: str) -> str:
    """A private prompt with the cards ``role`` holds under it, one line each (none for a game
    without such a hand, or an empty one): as many lines as Discord's limit leaves room for,
    then how many more the picture shows. The prompt itself is never cut for them."""
    lines = live.ruleset.hand_lines(live.state or {}, role)
    if not lines:
        return clip(text)
    kept = [f"**Your hand** ({counted(len(lines), 'card')}):"]
    for index, line in enumerate(lines):
        more = len(lines) - index - 1
        rest = f"\n…and {more} more in the picture." if more else ""
        if len("\n".join([text, "", *kept, line])) + len(rest) > MAX_MESSAGE:
            kept.append(f"…and {len(lines) - index} more in the picture.")
            break
        kept.append(line)
    whole = "\n".join([text, "", *kept])
    return whole if len(whole) <= MAX_MESSAGE else clip(text)


def status_text(live: LiveMatch, viewer_role: str | None) -> str:
    record = live.record
    ruleset = live.ruleset
    lines = [f"**{ruleset.title}** — match #{record.id} ({record.status})"]
    opts = options_line(ruleset, record.options)
    if opts:
        lines.append(opts)
    if pace_line(live):
        lines.append(pace_line(live))
    lines.append(f"Players: {seat_line(live)}")
    if record.thread_id:
        lines.append(f"Thread: <#{record.thread_id}>")
    if record.status == ACTIVE and live.state is not None:
        lines.append(turn_text(live))
        if clock_line(live):
            lines.append(clock_line(live))
        lines.extend(f"· {line}" for line in ruleset.standing(live.state))
        if viewer_role is not None:
            lines.append(f"You: {live.ruleset.prompt(live.state, viewer_role).text}")
    elif record.status == FINISHED:
        lines.append(result_text(live))
    return clip("\n".join(lines))


def full_log(live: LiveMatch, names: Mapping[str, str]) -> str:
    """A finished match's whole log as the public saw it, with its players and result (the
    text file of ``/game replay``)."""
    record, state = live.record, live.state or {}
    head = [f"{live.ruleset.title} — match #{record.id}"]
    opts = options_line(live.ruleset, record.options).replace("**", "")
    if opts:
        head.append(opts)
    seats = ", ".join(
        f"{names.get(s.role, 'a player')} ({live.ruleset.role_title(s.role)})" for s in live.seats if s.role
    )
    head.append(f"Players: {seats}")
    lines = live.ruleset.log_lines(state, None) if state else []
    result = state.get("result")
    tail = [f"Result: {live.ruleset.result_text(result)}"] if result else []
    return "\n".join([*head, "", *lines, "", *tail]).strip() + "\n"


#: How many of the latest events ``/game log`` shows someone without a seat.
RECENT_EVENTS = 10


def recent_seq(live: LiveMatch) -> int:
    """Where someone without a seat starts reading the log: at the last
    :data:`RECENT_EVENTS` events. Counted in events, never in actions: hidden actions log
    nothing, so a window of actions would shrink with each one and show that they happened."""
    log = told_events(live, 0)
    return int(log[-RECENT_EVENTS]["seq"]) if len(log) >= RECENT_EVENTS else 0


def log_text(live: LiveMatch, role: str | None, since_seq: int) -> str:
    lines = live.ruleset.log_lines(live.state, role, since_seq) if live.state else []
    if not lines:
        return (
            "Nothing has happened since your last move." if role is not None else "Nothing has happened yet."
        )
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
        status = live.record.status
        if status == FINISHED:
            status = result_summary(live)
        where = f" <#{live.record.thread_id}>" if live.record.thread_id else ""
        rows.append(f"#{live.id} {live.ruleset.title}{side} ({status}){turn}{where}")
    return clip("\n".join(["Your matches here:", *rows])) if rows else "You have no matches in this server."


#: The most cards one ``/rules`` answer draws.
RULES_CARDS = 8


def rules_text(ruleset: Ruleset, topic: str | None) -> str:
    """``/rules``: the game's overview, or one character, card or rule with what it does."""
    return rules_answer(ruleset, topic)[0]


def rules_answer(
    ruleset: Ruleset, topic: str | None, *, cards_only: bool = False
) -> tuple[str, tuple[str, ...]]:
    """``/rules``: the words (as :func:`rules_text`) and the cards to draw beside them: those of
    the topics found (``cards_only``: ``/rules card:``, only topics that are cards)."""
    if not topic or not topic.strip() or topic.strip() == "…":
        return clip(ruleset.rules_overview()), ()
    found = ruleset.rules_lookup(topic)
    if cards_only:
        if not any(t.cards for t in ruleset.rules_topics()):
            return f"{ruleset.title} has no cards to show as pictures: use `/rules topic:`.", ()
        found = tuple(t for t in found if t.cards) or card_topics_named(ruleset, topic)
    if not found:
        return clip(ruleset.rules_not_found(topic)), ()
    cards: list[str] = []
    for entry in found[:5]:
        cards += [c for c in entry.cards if c not in cards]
    return rules_lines(found), tuple(cards[:RULES_CARDS])


def card_choice(ruleset: Ruleset, topic: RuleTopic) -> str:
    """A card's entry in ``/rules card:``'s list: its name and kind, and for a card carried by
    others (a Combat card) the cards that carry it.

    >>> from games.core import find
    >>> wotr = find("war-of-the-ring")
    >>> [card_choice(wotr, t) for t in wotr.rules_lookup("Mûmakil")]
    ['Mûmakil — Shadow combat card, on Shadows Gather, The Shadow Lengthens']
    """
    kind = f" — {topic.kind}" if topic.kind else ""
    if topic.cards == (topic.slug,):
        return f"{topic.title}{kind}"
    names = []
    for card in topic.cards:
        named = ruleset.rules_lookup(card)
        names.append(named[0].title if named else card)
    return f"{topic.title}{kind}, on {', '.join(names)}"


def card_topics_named(ruleset: Ruleset, typed: str) -> tuple[RuleTopic, ...]:
    """The card topics whose title or slug holds what was typed (``/rules card:``)."""
    return tuple(t for t in ruleset.rules_topics() if t.cards and matches(typed, t.title, t.slug))


def rules_lines(found: Sequence[RuleTopic]) -> str:
    lines = []
    for entry in found[:5]:
        kind = f" ({entry.kind})" if entry.kind else ""
        lines.append(f"**{entry.title}**{kind}\n{entry.text}")
    more = f"\n…and {len(found) - 5} more: type more of the name." if len(found) > 5 else ""
    return clip("\n\n".join(lines) + more)


def settings_text(settings: UserSettings) -> str:
    zone = settings.time_zone or "UTC (not set)"
    if settings.has_quiet_hours:
        assert settings.quiet_from is not None and settings.quiet_to is not None
        quiet = f"{format_clock_time(settings.quiet_from)}–{format_clock_time(settings.quiet_to)}"
    else:
        quiet = "off"
    return "\n".join(
        [
            "Your settings (every match, every server):",
            f"• Ask “Go ahead?” before: **{settings.confirm}**, {CONFIRM_MODES[settings.confirm]} "
            "(`/settings confirm:`)",
            f"• When it is your move: **{settings.ping}**, {PING_MODES[settings.ping]} (`/settings ping:`)",
            f"• Time zone: **{zone}** (`/settings time_zone:`)",
            f"• Quiet hours: **{quiet}**: no pings then; clock reminders wait until they end "
            "(`/settings quiet:23:00-07:00`, or `off`)",
        ]
    )
