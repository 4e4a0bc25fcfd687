"""Message texts and images, derived only from the engine's projected views and texts.

Everything public here reads the public projection of the log's events, ``view(state, None)``,
waiting texts of the prompt and role titles: never a player's private view.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence

import renderers
from games.core import Event, Ruleset, RuleTopic, State, View, project
from games.core.ruleset import CORE_EVENTS, OPTION_CHOICE, OPTION_HEADING
from games.core.words import capitalized

from .choices import Choice, matches, said_first, said_once
from .computers.identity import computer_name, is_computer
from .i18n import NATIVE_NAMES, SOURCE, in_words, join, match_locale, msg, nt, t
from .i18n.translator import option_text
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


def mention(user_id: int | None, locale: str = SOURCE) -> str:
    """A player as the thread names him: a mention, or a computer's name (never pinged)."""
    if user_id is None:
        return t(locale, "nobody")
    return computer_name(user_id, locale) if is_computer(user_id) else f"<@{user_id}>"


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


def describe_cards(game: str, cards: Sequence[str], lang: str = SOURCE) -> str:
    """What the picture of ``cards`` shows, in words, for screen readers."""
    try:
        text = str(renderers.describe_cards(game, cards, lang))
    except Exception as exc:  # a description problem must never stop the game
        log.warning("no description for %s cards: %s", game, type(exc).__name__)
        return ""
    return clip_line(text, 1024)


def versus(names: Sequence[str], locale: str = SOURCE) -> str:
    """The players of a match against each other, in ``locale`` ("alice vs bob vs carol").

    >>> versus(["alice", "bob", "carol"]), versus(["alice"])
    ('alice vs bob vs carol', 'alice')
    """
    if not names:
        return ""
    said = names[0]
    for name in names[1:]:
        said = t(locale, "{first} vs {second}", first=said, second=name)
    return said


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


def seat_line(live: LiveMatch, locale: str = SOURCE) -> str:
    ruleset = live.ruleset
    parts = []
    for seat in live.seats:
        role = seat.role or seat.wanted_role
        title = ruleset.role_title(role, locale) if role else t(locale, "any side")
        parts.append(t(locale, "{player} ({side})", player=mention(seat.user_id, locale), side=title))
    return join(locale, parts)


def options_line(ruleset: Ruleset, options: dict[str, str], locale: str = SOURCE) -> str:
    """The options that matter in the game's own order (not alphabetical), by their labels, in
    ``locale`` (as the game's catalog words them)."""
    specs = {s.name: s for s in ruleset.options}
    ordered = [s.name for s in ruleset.options if s.name in options and s.applies(options)]
    ordered += [n for n in options if n not in specs]
    shown = []
    for name in ordered:
        spec = specs.get(name)
        value = options[name]
        if spec is None:
            shown.append(f"{name}: **{value}**")
            continue
        heading = option_text(locale, OPTION_HEADING, spec.title)
        shown.append(
            t(
                locale,
                "{option}: **{value}**",
                option=heading,
                value=option_text(locale, OPTION_CHOICE, spec.label(value)),
            )
        )
    return " · ".join(shown)


def lobby_text(live: LiveMatch, locale: str | None = None) -> str:
    """The lobby message, which stays the match's living status once it starts: who plays, what
    the game waits for (edited after every move), and the result at the end. It is public: in
    the match's language unless ``locale`` says otherwise."""
    ruleset, record = live.ruleset, live.record
    locale = locale or match_locale(record.language)
    head = t(locale, "**{game}** — match #{match}", game=ruleset.title, match=record.id)
    if locale != SOURCE:
        head += f" · {NATIVE_NAMES[locale]}"
    opts = options_line(ruleset, record.options, locale)
    lines = [head, opts] if opts else [head]
    notice = ruleset.notice(record.options, locale)
    if notice and record.status != FINISHED:
        lines.append(f"ℹ️ {notice}")
    if pace_line(live, locale):
        lines.append(pace_line(live, locale))
    if record.rematch_of is not None:
        lines.append(
            t(
                locale,
                "Rematch of match #{match}: its players only, each on the next side.",
                match=record.rematch_of,
            )
        )
    lines.append(t(locale, "Players: {players}", players=seat_line(live, locale)))
    if record.status == LOBBY:
        free = ruleset.seats(record.options)[1] - len(live.seats)
        lines.append(
            nt(
                locale,
                "Waiting for {count} more player: press **Join** or use `/game join`.",
                "Waiting for {count} more players: press **Join** or use `/game join`.",
                free,
            )
        )
    elif record.status == ABANDONED:
        lines.append(t(locale, "This lobby was cancelled."))
    elif record.status == FINISHED:
        lines.append(result_text(live, locale) if live.state is not None else result_summary(live, locale))
        if record.thread_id:
            lines.append(t(locale, "The whole match is in <#{thread}>.", thread=record.thread_id))
    else:
        if record.thread_id:
            lines.append(t(locale, "Playing in <#{thread}>.", thread=record.thread_id))
        if live.state is not None:
            turn = live.ruleset.turn_number(live.state)
            waits = turn_text(live, (), locale)
            lines.append(
                t(locale, "Turn {turn} · {waits}", turn=turn, waits=waits) if turn is not None else waits
            )
            if clock_line(live, locale):
                lines.append(clock_line(live, locale))
    return clip("\n".join(lines))


def result_summary(live: LiveMatch, locale: str = SOURCE) -> str:
    """The result from the match row alone (listing finished matches without loading them)."""
    result = live.record.result or {}
    winners = [live.ruleset.role_name(r, locale) for r in result.get("winners") or []]
    if not result:
        return t(locale, "finished")
    reason = live.ruleset.result_text(result, locale) if result.get("reason") else ""
    head = (
        t(locale, "{winners} won", winners=capitalized(join(locale, winners)))
        if winners
        else t(locale, "a draw")
    )
    return t(locale, "{result}: {reason}", result=head, reason=reason) if reason else head


def _role_tag(live: LiveMatch, role: str, locale: str = SOURCE) -> str:
    player = mention(live.user_of(role), locale)
    return t(locale, "{player} ({side})", player=player, side=live.ruleset.role_title(role, locale))


def turn_text(live: LiveMatch, awaited: Iterable[str] | None = None, locale: str | None = None) -> str:
    """What the game waits for, for everyone (waiting texts carry no secrets by contract), in the
    match's language unless ``locale`` says otherwise.

    Players in ``awaited`` (the game has just started waiting for them) are addressed with a
    mention; ``None`` addresses every active player.
    """
    locale = locale or match_locale(live.record.language)
    state = live.state
    if state is None:
        return ""
    if state.get("result") is not None:
        return result_text(live, locale)
    active = sorted(live.active_roles())
    called = set(active if awaited is None else awaited) & set(active)
    idle = [r for r in state["roles"] if r not in active]
    if idle:
        # The waiting text names the side and what it must do ("Waiting for Sauron to move.").
        waiting = live.prompt(idle[0], locale).text.strip().rstrip(".").rstrip("。")
        who = " ".join(mention(live.user_of(r)) for r in active if r in called)
        if who:
            return t(locale, "⏳ {waiting} — {players}.", waiting=waiting, players=who)
        return t(locale, "⏳ {waiting}.", waiting=waiting)
    if called:
        tags = join(locale, (_role_tag(live, r, locale) for r in active))
        if len(active) == 2:
            return t(locale, "⏳ Both to play now: {players}.", players=tags)
        return t(locale, "⏳ All to play now: {players}.", players=tags)
    names = join(locale, (live.ruleset.role_name(r, locale) for r in active))
    return t(locale, "⏳ Waiting for {sides}.", sides=names)


def pace_line(live: LiveMatch, locale: str = SOURCE) -> str:
    """The match's time control in words ("" without one), and whether play is paused."""
    pace = live.pace
    if pace is None:
        return ""
    line = t(locale, "Pace: **{pace}** ({words})", pace=pace.text, words=pace.words(locale))
    return t(locale, "{pace} · ⏸️ paused", pace=line) if live.record.paused else line


def clock_line(live: LiveMatch, locale: str = SOURCE) -> str:
    """Each player's bank: a running one as its deadline (Discord shows it counting down)."""
    if live.pace is None or not live.clocks or live.state is None or live.state.get("result") is not None:
        return ""
    parts = []
    for role in live.state["roles"]:
        clock = live.clocks.get(role)
        if clock is None:
            continue
        title = live.ruleset.role_title(role, locale)
        deadline = clock.deadline()
        if deadline is not None and not live.record.paused:
            parts.append(t(locale, "{side} ⏳ runs out <t:{deadline}:R>", side=title, deadline=int(deadline)))
        else:
            parts.append(f"{title} {human_duration(clock.bank, locale)}")
    return t(locale, "Clocks: {clocks}", clocks=" · ".join(parts))


def result_text(live: LiveMatch, locale: str | None = None) -> str:
    """The result, said in the match's thread: in the match's language unless ``locale`` says
    otherwise (the reason is the engine's words, not translated yet)."""
    locale = locale or match_locale(live.record.language)
    state = live.state or {}
    result = state.get("result") or {}
    winners = list(result.get("winners") or [])
    reason = live.ruleset.result_text(result, locale) if result.get("reason") else ""
    if winners:
        who = join(locale, (_role_tag(live, r, locale) for r in winners))
        head = nt(
            locale,
            "🏆 **Game over: {players} wins!**",
            "🏆 **Game over: {players} win!**",
            len(winners),
            players=who,
        )
    else:
        head = t(locale, "**Game over: a draw.**")
    return f"{head}\n{reason[0].upper() + reason[1:]}." if reason else head


def visible_events(ruleset: Ruleset, events: Iterable[Event]) -> list[Event]:
    """The events worth a public post: not the ones that only acknowledge a hidden step."""
    quiet = ruleset.quiet_events
    return [e for e in events if project(e, None)[0] not in quiet]


def public_lines(ruleset: Ruleset, events: Iterable[Event], locale: str = SOURCE) -> list[str]:
    """What everyone may read of ``events``, in words (the last few if there are many), in
    ``locale`` (the match's language)."""
    return [ruleset.event_text(e, None, locale) for e in visible_events(ruleset, events)][-MAX_LOG_LINES:]


def quiet_lines(ruleset: Ruleset, events: Iterable[Event], locale: str = SOURCE) -> list[str]:
    """The small public steps of ``events`` (a claim, a battalion placed, a roll): told on the
    bare "waiting" line, never worth a board of their own."""
    lines = []
    for event in events:
        kind, _ = project(event, None)
        if kind in ruleset.quiet_events:
            lines.append(ruleset.event_text(event, None, locale))
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
    locale = match_locale(live.record.language)
    if result.finished:
        # The result says it: not again the events that announce it, nor "X resigned." above it.
        said = {*ruleset.result_events, *CORE_EVENTS}
        told = [e for e in result.events if project(e, None)[0] not in said]
        lines = (
            public_lines(ruleset, told, locale) if since_seq is None else told_lines(live, since_seq, said)
        )
        return clip("\n".join([*lines, "", end_text(live)]).strip())
    lines = public_lines(ruleset, result.events, locale) if since_seq is None else told_lines(live, since_seq)
    return clip("\n".join([*lines, "", turn_text(live, awaited)]).strip())


def reveals_anything(ruleset: Ruleset, state: State) -> bool:
    """Whether the end shows what the public could not see (a game played face up does not)."""
    return bool(ruleset.final_reveal(state) != ruleset.view(state, None))


def end_text(live: LiveMatch) -> str:
    """The last lines of a finished match's post: the result, what the end reveals, and its
    players (each mentioned once more: the end, like the start, is told in the thread)."""
    locale = match_locale(live.record.language)
    lines = [result_text(live, locale)]
    if reveals_anything(live.ruleset, live.state or {}):
        lines.append(t(locale, "Every hidden piece is now shown."))
    lines.append(t(locale, "Played by {players}.", players=seat_line(live, locale)))
    return "\n".join(lines)


def told_lines(live: LiveMatch, since_seq: int, leave_out: Iterable[str] = ()) -> list[str]:
    """What everyone may read of the steps worth seeing from action ``since_seq`` on, in words
    (the last few if there are many), none of ``leave_out``. The small steps between them (a
    claim, a die roll, a secret card chosen) are left out: the step they lead to sums them up
    (an attack's post gives its rolls)."""
    skip = {*live.ruleset.quiet_events, *leave_out}
    told = [e for e in told_events(live, since_seq) if project(e, None)[0] not in skip]
    return public_lines(live.ruleset, told, match_locale(live.record.language))


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
    """The match thread's first post, in the match's language."""
    record = live.record
    locale = match_locale(record.language)
    head = t(
        locale,
        "**{game}** — match #{match} begins! {players}",
        game=live.ruleset.title,
        match=record.id,
        players=seat_line(live, locale),
    )
    opening = public_lines(live.ruleset, told_events(live, 0), locale)
    body = "\n".join(opening)
    tips = t(locale, "Use the buttons below, `/hand` or `/game act` to play; your private view comes by DM.")
    return clip("\n".join(p for p in (head, body, turn_text(live, None, locale), tips) if p))


def acted_text(done: str, *, pressed_in_dm: bool, locale: str = SOURCE) -> str:
    """The answer to a player who acted and has his next choice in his DM prompt: where to find
    it, unless he pressed it there (that prompt is updated in place, under his eyes).

    >>> acted_text("✅ Roll 3 dice", pressed_in_dm=True)
    '✅ Roll 3 dice'
    >>> acted_text("✅ Roll 3 dice", pressed_in_dm=False)
    '✅ Roll 3 dice\\nYour next choice is in your DMs (or `/hand`).'
    """
    return done if pressed_in_dm else f"{done}\n" + t(locale, "Your next choice is in your DMs (or `/hand`).")


def private_text(live: LiveMatch, role: str, choices: Sequence[Choice], locale: str = SOURCE) -> str:
    """A player's private prompt (only ever sent to that player): the question with its
    context, what to do, and, when the list is short, the choices with what they do. The
    bot's words in ``locale``, his language (the game's own words are not translated yet)."""
    state = live.state or {}
    ruleset = live.ruleset
    head = t(
        locale,
        "**{game}** #{match} — you play **{side}**.",
        game=ruleset.title,
        match=live.id,
        side=ruleset.role_title(role, locale),
    )
    if state.get("result") is not None:
        return clip(f"{head}\n{result_text(live, locale)}")
    prompt = live.prompt(role, locale)
    title = f"\n**{prompt.title}**" if prompt.title else ""
    # His cards come last, as many as the message holds (the picture shows them all).
    if not choices:
        return with_hand(f"{head}{title}\n{prompt.text}", live, role, locale)
    # An effect shared by several choices is said once, not on each of their lines: in a long
    # list, only one that every choice shares (the menus show the others where they differ);
    # in a short one, any other on the first of its choices.
    if len(choices) > SHOWN_CHOICES:
        shared = said_once(choices, every=True)[0]
        question = "\n".join([prompt.text, *shared])
        below = nt(locale, "Choose below ({count} choice).", "Choose below ({count} choices).", len(choices))
        return with_hand(f"{head}{title}\n{question}\n{below}", live, role, locale)
    shared, own = said_first(choices)
    question = "\n".join([prompt.text, *shared])
    listing = "\n".join(f"• **{c.label}**" + (f" — {c.effect}" if c.effect else "") for c in own)
    return with_hand(f"{head}{title}\n{question}\n{listing}", live, role, locale)


def with_hand(text: str, live: LiveMatch, role: str, locale: str = SOURCE) -> str:
    """A private prompt with the cards ``role`` holds under it, one line each (none for a game
    without such a hand, or an empty one): as many lines as Discord's limit leaves room for,
    then how many more the picture shows. The prompt itself is never cut for them."""
    lines = live.ruleset.hand_lines(live.state or {}, role, locale)
    if not lines:
        return clip(text)
    kept = [nt(locale, "**Your hand** ({count} card):", "**Your hand** ({count} cards):", len(lines))]

    def more_in_picture(count: int) -> str:
        return nt(locale, "…and {count} more in the picture.", "…and {count} more in the picture.", count)

    for index, line in enumerate(lines):
        more = len(lines) - index - 1
        rest = f"\n{more_in_picture(more)}" if more else ""
        if len("\n".join([text, "", *kept, line])) + len(rest) > MAX_MESSAGE:
            kept.append(more_in_picture(len(lines) - index))
            break
        kept.append(line)
    whole = "\n".join([text, "", *kept])
    return whole if len(whole) <= MAX_MESSAGE else clip(text)


def status_text(live: LiveMatch, viewer_role: str | None, locale: str = SOURCE) -> str:
    """``/game status``: for the asker alone, in his language (``locale``)."""
    record = live.record
    ruleset = live.ruleset
    head = t(locale, "**{game}** — match #{match}", game=ruleset.title, match=record.id)
    lines = [f"{head} ({status_word(record.status, locale)})"]
    opts = options_line(ruleset, record.options, locale)
    if opts:
        lines.append(opts)
    if pace_line(live, locale):
        lines.append(pace_line(live, locale))
    lines.append(t(locale, "Players: {players}", players=seat_line(live, locale)))
    if record.thread_id:
        lines.append(t(locale, "Thread: <#{thread}>", thread=record.thread_id))
    if record.status == ACTIVE and live.state is not None:
        lines.append(turn_text(live, None, locale))
        if clock_line(live, locale):
            lines.append(clock_line(live, locale))
        lines.extend(f"· {line}" for line in ruleset.standing(live.state, locale))
        if viewer_role is not None:
            lines.append(
                t(locale, "You: {asked}", asked=live.ruleset.prompt(live.state, viewer_role, locale).text)
            )
    elif record.status == FINISHED:
        lines.append(result_text(live, locale))
    return clip("\n".join(lines))


def full_log(live: LiveMatch, names: Mapping[str, str]) -> str:
    """A finished match's whole log as the public saw it, with its players and result (the
    text file of ``/game replay``)."""
    record, state = live.record, live.state or {}
    locale = match_locale(record.language)
    head = [
        t(locale, "**{game}** — match #{match}", game=live.ruleset.title, match=record.id).replace("**", "")
    ]
    opts = options_line(live.ruleset, record.options, locale).replace("**", "")
    if opts:
        head.append(opts)
    seats = join(
        locale,
        (
            t(
                locale,
                "{player} ({side})",
                player=names.get(s.role) or t(locale, "a player"),
                side=live.ruleset.role_title(s.role, locale),
            )
            for s in live.seats
            if s.role
        ),
    )
    head.append(t(locale, "Players: {players}", players=seats))
    lines = live.ruleset.log_lines(state, None, lang=locale) if state else []
    result = state.get("result")
    tail = [t(locale, "Result: {result}", result=live.ruleset.result_text(result, locale))] if result else []
    return "\n".join([*head, "", *lines, "", *tail]).strip() + "\n"


#: How many of the latest events ``/game log`` shows someone without a seat.
RECENT_EVENTS = 10


def recent_seq(live: LiveMatch) -> int:
    """Where someone without a seat starts reading the log: at the last
    :data:`RECENT_EVENTS` events. Counted in events, never in actions: hidden actions log
    nothing, so a window of actions would shrink with each one and show that they happened."""
    log = told_events(live, 0)
    return int(log[-RECENT_EVENTS]["seq"]) if len(log) >= RECENT_EVENTS else 0


def log_text(live: LiveMatch, role: str | None, since_seq: int, locale: str = SOURCE) -> str:
    lines = live.ruleset.log_lines(live.state, role, since_seq, locale) if live.state else []
    if not lines:
        return (
            t(locale, "Nothing has happened since your last move.")
            if role is not None
            else t(locale, "Nothing has happened yet.")
        )
    head = t(locale, "Since your last move:") if role is not None else t(locale, "Recent events:")
    return clip("\n".join([head, *lines[-40:]]))


#: A match's status in words (``/game list``, autocomplete).
STATUS_WORDS = {
    LOBBY: msg("lobby"),
    ACTIVE: msg("active"),
    FINISHED: msg("finished"),
    ABANDONED: msg("cancelled"),
}


def status_word(status: str, locale: str) -> str:
    return in_words(locale, STATUS_WORDS.get(status, status))


def list_text(matches: Iterable[LiveMatch], user_id: int, locale: str = SOURCE) -> str:
    rows = []
    for live in matches:
        role = live.role_of(user_id)
        status = status_word(live.record.status, locale)
        if live.record.status == FINISHED:
            status = result_summary(live, locale)
        if role:
            row = t(
                locale,
                "#{match} {game} as {side} ({status})",
                match=live.id,
                game=live.ruleset.title,
                side=live.ruleset.role_title(role, locale),
                status=status,
            )
        else:
            row = t(
                locale, "#{match} {game} ({status})", match=live.id, game=live.ruleset.title, status=status
            )
        if live.record.status == ACTIVE and role in live.active_roles():
            row = t(locale, "{match} — **your move**", match=row)
        if live.record.thread_id:
            row += f" <#{live.record.thread_id}>"
        rows.append(row)
    if not rows:
        return t(locale, "You have no matches in this server.")
    return clip("\n".join([t(locale, "Your matches here:"), *rows]))


#: The most cards one ``/rules`` answer draws.
RULES_CARDS = 8


def rules_text(ruleset: Ruleset, topic: str | None, locale: str = SOURCE) -> str:
    """``/rules``: the game's overview, or one character, card or rule with what it does."""
    return rules_answer(ruleset, topic, locale=locale)[0]


def rules_answer(
    ruleset: Ruleset, topic: str | None, *, cards_only: bool = False, locale: str = SOURCE
) -> tuple[str, tuple[str, ...]]:
    """``/rules``: the words (as :func:`rules_text`) and the cards to draw beside them: those of
    the topics found (``cards_only``: ``/rules card:``, only topics that are cards), in the
    reader's language ``locale``."""
    if not topic or not topic.strip() or topic.strip() == "…":
        return clip(ruleset.rules_overview(locale)), ()
    found = ruleset.rules_lookup(topic, locale)
    if cards_only:
        if not any(t.cards for t in ruleset.rules_topics(locale)):
            return t(
                locale, "{game} has no cards to show as pictures: use `/rules topic:`.", game=ruleset.title
            ), ()
        found = tuple(t for t in found if t.cards) or card_topics_named(ruleset, topic, locale)
    if not found:
        return clip(ruleset.rules_not_found(topic, locale)), ()
    cards: list[str] = []
    for entry in found[:5]:
        cards += [c for c in entry.cards if c not in cards]
    return rules_lines(found, locale), tuple(cards[:RULES_CARDS])


def card_choice(ruleset: Ruleset, topic: RuleTopic, locale: str = SOURCE) -> str:
    """A card's entry in ``/rules card:``'s list: its name and kind, and for a card carried by
    others (a Combat card) the cards that carry it.

    >>> from games.core import find
    >>> wotr = find("war-of-the-ring")
    >>> [card_choice(wotr, t) for t in wotr.rules_lookup("Mûmakil")]
    ['Mûmakil — Shadow combat card, on Shadows Gather and The Shadow Lengthens']
    """
    kind = f" — {topic.kind}" if topic.kind else ""
    if topic.cards == (topic.slug,):
        return f"{topic.title}{kind}"
    names = []
    for card in topic.cards:
        named = ruleset.rules_lookup(card, locale)
        names.append(named[0].title if named else card)
    card = topic.title + kind
    return t(locale, "{card}, on {cards}", card=card, cards=join(locale, names))


def card_topics_named(ruleset: Ruleset, typed: str, locale: str = SOURCE) -> tuple[RuleTopic, ...]:
    """The card topics whose title or slug holds what was typed (``/rules card:``)."""
    return tuple(t for t in ruleset.rules_topics(locale) if t.cards and matches(typed, t.title, t.slug))


def rules_lines(found: Sequence[RuleTopic], locale: str = SOURCE) -> str:
    """The first topics found, each with its text, and how many more there are, in ``locale``."""
    lines = []
    for entry in found[:5]:
        kind = f" ({entry.kind})" if entry.kind else ""
        lines.append(f"**{entry.title}**{kind}\n{entry.text}")
    left = len(found) - 5
    more = (
        "\n"
        + nt(
            locale,
            "…and {count} more: type more of the name.",
            "…and {count} more: type more of the name.",
            left,
        )
        if left > 0
        else ""
    )
    return clip("\n\n".join(lines) + more)


def settings_text(settings: UserSettings, locale: str = SOURCE) -> str:
    """``/settings``: what the player chose, in his language (``locale``)."""
    zone = settings.time_zone or t(locale, "UTC (not set)")
    if settings.has_quiet_hours:
        assert settings.quiet_from is not None and settings.quiet_to is not None
        quiet = f"{format_clock_time(settings.quiet_from)}–{format_clock_time(settings.quiet_to)}"
    else:
        quiet = t(locale, "off")
    language = (
        NATIVE_NAMES[settings.language]
        if settings.language
        else t(locale, "your Discord's ({language})", language=NATIVE_NAMES[locale])
    )
    return "\n".join(
        [
            t(locale, "Your settings (every match, every server):"),
            t(
                locale,
                "• Ask “Go ahead?” before: **{mode}**, {words} (`/settings confirm:`)",
                mode=settings.confirm,
                words=CONFIRM_MODES[settings.confirm],
            ),
            t(
                locale,
                "• When it is your move: **{mode}**, {words} (`/settings ping:`)",
                mode=settings.ping,
                words=PING_MODES[settings.ping],
            ),
            t(locale, "• Time zone: **{zone}** (`/settings time_zone:`)", zone=zone),
            t(
                locale,
                "• Quiet hours: **{quiet}**: no pings then; clock reminders wait until they end "
                "(`/settings quiet:23:00-07:00`, or `off`)",
                quiet=quiet,
            ),
            t(
                locale,
                "• Language of what I tell you alone: **{language}** (`/settings language:`)",
                language=language,
            ),
        ]
    )
