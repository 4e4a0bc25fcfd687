"""What the table does after one committed entry, decided without Discord or storage.

:func:`waits_for` names the players the game starts waiting for (each told once: his DM, or a
mention where DMs do not reach him); :func:`plan` then decides, from what the entry did and the
newest post of the thread, what the thread gets (a final post, an edit of the newest post, a new
post, a bare waiting line, or nothing) and what each player's private place gets.
:mod:`bot.match_posts` carries the plan out; if Discord refuses an edit it posts anew, and if
nothing reaches the thread it does what :func:`quiet_step` says.

A match's beginning (:func:`start`, :func:`start_untold`) and the catch-up of entries committed but never told
(:func:`catch_up`, :func:`retell`, :func:`owed_places`) are planned here as well.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence, Set
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Thread(StrEnum):
    """What the match thread gets for an entry."""

    #: The match is over: the result, the final board, the rematch button, everyone mentioned.
    FINAL = "final"
    #: News that continues the newest post's round or exchange: that post is rewritten.
    EDIT = "edit"
    #: News in a new post (with the board when the news changed it).
    POST = "post"
    #: No news, but a player no DM reaches is mentioned: a bare waiting line.
    BARE = "bare"
    #: Nothing is posted (see :func:`quiet_step`).
    NOTHING = "nothing"


class Quiet(StrEnum):
    """What is done when an entry posts nothing in the thread."""

    #: An undo took back a step the newest post tells: that post is told again without it.
    RETELL = "retell"
    #: An undo took back a step told in an earlier post: that post is marked.
    MARK_TAKEN_BACK = "mark_taken_back"
    #: The newest post's last line (what the game waits for) is brought up to date.
    TAIL = "tail"
    #: Nothing to change.
    NONE = "none"


class Private(StrEnum):
    """What a player's private place (his DM prompt) gets for an entry."""

    #: A new prompt (a DM that notifies, or a silent one), the old ones retired.
    SEND = "send"
    #: A new prompt that never notifies (a thread post mentions him, or he was told of this wait).
    SEND_QUIETLY = "send_quietly"
    #: Asked again within an exchange he is in: his prompt is rewritten, or sent if it cannot be.
    UPDATE_OR_SEND = "update_or_send"
    #: The actor goes on: his prompt follows, in place.
    UPDATE = "update"
    #: His old prompt is out of date and he is not asked anything: it is retired with a note.
    RETIRE = "retire"
    #: The match is over: his prompt is retired with the result's note.
    CLOSE = "close"


class NewestPost(Protocol):
    """What the plan reads of the thread's newest post."""

    @property
    def exchange(self) -> str | None: ...

    @property
    def actors(self) -> Set[str]: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """What one committed entry did, as the plan needs it (from its result and the views)."""

    actor: str
    finished: bool
    #: Every role of the match, in order.
    roles: tuple[str, ...]
    #: The roles the game waits for now.
    active: frozenset[str]
    #: Roles other than the actor facing a new decision or told something of their own.
    notify: tuple[str, ...]
    #: Roles whose old menus the entry made out of date.
    stale: tuple[str, ...]
    #: The roles whose prompt now asks to be pinged (:attr:`games.core.Prompt.ping`): a wait
    #: that continues an exchange the player is in does not.
    pinged: frozenset[str]
    #: Whether the entry has news worth seeing in the thread.
    visible: bool
    #: Whether an undo took back steps the thread was shown.
    took_back: bool


@dataclass(frozen=True, slots=True)
class Plan:
    thread: Thread
    #: The players mentioned in the thread (newly awaited, whom no DM reaches or who chose so).
    mentioned: tuple[str, ...]
    #: The newly awaited players, named in the post's waiting line.
    awaited: tuple[str, ...]
    #: What each player's private place gets, in the order of the match's roles.
    private: tuple[tuple[str, Private], ...]

    @property
    def owed(self) -> tuple[str, ...]:
        """The players owed a DM prompt, owed before anything is posted (once the thread is
        told, owed prompts are all the catch-up of a process that died meanwhile sends): each
        whose private place gets a prompt, a new one or his own followed in place."""
        return tuple(role for role, place in self.private if place in PROMPTS)


#: The private places that give a player his prompt as it stands.
PROMPTS = frozenset({Private.SEND, Private.SEND_QUIETLY, Private.UPDATE_OR_SEND, Private.UPDATE})


def asked_again(entry: Entry) -> frozenset[str]:
    """Players asked again within an exchange they are in: not mentioned nor told anew."""
    return frozenset(r for r in entry.notify if r in entry.active and r not in entry.pinged)


def waits_for(entry: Entry) -> tuple[str, ...]:
    """The players the game starts waiting for: each is told once (a DM or a mention)."""
    again = asked_again(entry)
    return tuple(r for r in entry.notify if r in entry.active and r not in again)


def continues(newest: NewestPost | None, actor: str, *, visible: bool, mentioned: bool) -> bool:
    """Whether a step's news goes into the newest post, edited, rather than a new one.

    Only news (a step worth seeing) that mentions nobody (an edit pings nobody), and only into
    a post the thread has not moved past: when that post's exchange is still under way (the
    battle its move began, which this step reveals), or when ``actor`` has not acted in it yet
    (the other side's reply completes the round). A round's second move by the same player, or
    a new attack of the same turn, posts anew.
    """
    if not visible or mentioned or newest is None:
        return False
    return newest.exchange is not None or actor not in newest.actors


def plan(entry: Entry, newest: NewestPost | None, mentioned: Collection[str]) -> Plan:
    """The thread's post and the private places after ``entry``; ``mentioned``: those of
    :func:`waits_for` whose notice is a mention in the thread (their settings, their DMs)."""
    awaited = waits_for(entry)
    mentions = tuple(r for r in awaited if r in mentioned)
    if entry.finished:
        thread = Thread.FINAL
    elif continues(newest, entry.actor, visible=entry.visible, mentioned=bool(mentions)):
        thread = Thread.EDIT
    elif entry.visible:
        thread = Thread.POST
    elif mentions:
        thread = Thread.BARE
    else:
        thread = Thread.NOTHING
    return Plan(thread, mentions, awaited, private_places(entry))


def private_places(entry: Entry) -> tuple[tuple[str, Private], ...]:
    """What each player's DM prompt gets after ``entry`` (players left out keep theirs)."""
    if entry.finished:
        return tuple((role, Private.CLOSE) for role in entry.roles)
    again = asked_again(entry)
    told = [(role, Private.UPDATE_OR_SEND if role in again else Private.SEND) for role in entry.notify]
    for role in entry.roles:
        if role in entry.notify:
            continue
        if role == entry.actor and role in entry.active:
            told.append((role, Private.UPDATE))
        elif role in entry.stale:
            told.append((role, Private.RETIRE))
    return tuple(told)


def quiet_step(entry: Entry, newest: NewestPost | None) -> Quiet:
    """What is done when nothing of ``entry`` reached the thread."""
    if entry.took_back:
        return Quiet.RETELL if newest is not None else Quiet.MARK_TAKEN_BACK
    return Quiet.TAIL if newest is not None else Quiet.NONE


@dataclass(frozen=True, slots=True)
class Start:
    """What the table gets when a match begins: one start post in its new thread (mentioning
    every player who takes pings), then each player's first DM prompt, silent."""

    #: Whether the start post carries "Take my turn" (the game waits for someone).
    take_turn: bool
    #: The players owed a DM prompt, owed before anything is posted.
    owed: tuple[str, ...]
    #: What each player's private place gets, in the order of the match's roles.
    private: tuple[tuple[str, Private], ...]


def start(roles: Sequence[str], active: Collection[str]) -> Start:
    """The beginning of a match with ``roles``, waiting for ``active``."""
    return Start(bool(active), tuple(roles), tuple((role, Private.SEND_QUIETLY) for role in roles))


def start_untold(told: int | None) -> bool:
    """Whether a just-started match's start is still to be told by the delivery of the start,
    ``told`` being the version its thread post is recorded at (``None``: none). Several
    processes: another's catch-up may have told it while this one answered the player who
    started it (then this one only catches up)."""
    return told is None


class Behind(StrEnum):
    """What a match's thread misses, found by the catch-up."""

    #: The match started but its thread was never opened: its start is told as if new.
    START = "start"
    #: Entries committed after the last one the thread was told.
    ENTRIES = "entries"
    #: Nothing: the thread is up to date.
    NOTHING = "nothing"


@dataclass(frozen=True, slots=True)
class CatchUp:
    thread: Behind
    #: Whether the DM prompts still owed are sent afterwards.
    owed_dms: bool


def catch_up(*, active: bool, thread_opened: bool, told: int | None, version: int) -> CatchUp:
    """What the catch-up of a match does: ``active``: it is being played; ``told``: the version
    of the last entry its thread post was recorded at (``None``: none recorded); ``version``:
    the match's version now. A start never told is told as if new: its thread was never
    opened, or it was and nothing was played since (the process died before the start post)."""
    if told is None and active and (not thread_opened or version == 0):
        return CatchUp(Behind.START, owed_dms=False)  # (the start sends every first DM)
    return CatchUp(Behind.ENTRIES if (told or 0) < version else Behind.NOTHING, owed_dms=active)


@dataclass(frozen=True, slots=True)
class Untold:
    """What the entries the thread was not told did, as the catch-up's plan needs it."""

    finished: bool
    #: Whether their steps have lines worth posting (else all were hidden or quiet).
    news: bool
    #: Whether their steps changed the board.
    moved: bool
    #: The roles the game waits for now, and the roles that acted in those entries.
    active: frozenset[str]
    actors: frozenset[str]


@dataclass(frozen=True, slots=True)
class Retelling:
    """What the thread and the DMs get for the entries the thread was not told."""

    #: One post (:attr:`Thread.FINAL` or :attr:`Thread.POST`), or :attr:`Thread.NOTHING`: a post
    #: of hidden steps alone would tell that something secret happened.
    thread: Thread
    #: Whether the post carries the board (the final board always).
    board: bool
    #: The players the post may mention (a mention tells those whom no DM reaches or who chose
    #: so); the final post mentions everyone who takes pings instead.
    awaited: tuple[str, ...]
    #: Whether every awaited player whose prompt is newer than his last DM is owed one (the
    #: entries told were never delivered: their DMs were never owed).
    owe_prompts: bool
    #: The players whose owed DM comes silently: they acted in those entries and still act (the
    #: game was waiting for them already).
    quietly: frozenset[str]


def retell(untold: Untold) -> Retelling:
    """How the catch-up tells entries the thread missed (one post, or none)."""
    if untold.finished:
        return Retelling(Thread.FINAL, True, (), False, frozenset())
    thread = Thread.POST if untold.news else Thread.NOTHING
    quietly = untold.actors & untold.active
    return Retelling(thread, untold.moved, tuple(sorted(untold.active)), True, quietly)


def owed_places(
    owed: Iterable[str], quietly: Collection[str], going_on: Collection[str] = ()
) -> tuple[tuple[str, Private], ...]:
    """What the catch-up sends the players still owed a DM prompt: silently to those of
    :attr:`Retelling.quietly` and of ``going_on`` (whose current prompt their own step made:
    they were waited for already and just acted, so a new prompt follows them without a
    notification, as :attr:`Private.UPDATE` would have); the others are told as their settings
    say."""
    silent = {*quietly, *going_on}
    return tuple((role, Private.SEND_QUIETLY if role in silent else Private.SEND) for role in owed)


# -- beside the entries: a seat handed over, closed DMs, the actor's answer, a clock reminder --


@dataclass(frozen=True, slots=True)
class Handover:
    """What the table gets when a seat is handed over: the old player's DM prompt is closed, one
    thread post mentions the new player (it tells him he plays now), and his first DM prompt
    comes silently (notified once: by that mention)."""

    #: The users the post mentions.
    mentioned: tuple[int, ...]
    #: What the seat's private place gets (its old prompt is closed first).
    private: tuple[tuple[str, Private], ...]


def handover(role: str, new_user: int) -> Handover:
    """``role``'s seat went to ``new_user``."""
    return Handover((new_user,), ((role, Private.SEND_QUIETLY),))


@dataclass(frozen=True, slots=True)
class ClosedDms:
    """What the thread gets when a player's DMs turn out closed."""

    #: Whether the thread tells him where his prompts are (once per player and match).
    post: bool
    #: Whether that post pings him (only when the DM was to tell him of a wait; from then on
    #: a thread mention tells him, see :func:`waits_for`).
    ping: bool


def closed_dms(*, first: bool, dm_was_loud: bool) -> ClosedDms:
    """``first``: the first DM failure on record for him in this match; ``dm_was_loud``: the
    DM that failed was to notify him."""
    return ClosedDms(post=first, ping=first and dm_was_loud)


def keeps_bare_line(plan_: Plan) -> bool:
    """Whether the post an entry made is the thread's bare waiting line (kept at the bottom
    of the thread: it is deleted when the next post supersedes it)."""
    return plan_.thread == Thread.BARE


class Answer(StrEnum):
    """What a player's own click is answered with (ephemeral), after the table was told."""

    #: He goes on and has no DM prompt that follows him (closed DMs): his next choices.
    CHOICES = "choices"
    #: He goes on: what he did, and where his prompt is.
    ACTED = "acted"
    #: He is done for now (or the match is over): what he did.
    DONE = "done"


def answer(*, going_on: bool, private_place: bool) -> Answer:
    if going_on:
        return Answer.ACTED if private_place else Answer.CHOICES
    return Answer.DONE


class Reminder(StrEnum):
    """How a player is reminded that his clock runs low (told like the wait itself)."""

    #: In his quiet hours: not now (the ticker asks again; it goes when they end).
    LATER = "later"
    #: A mention in the match thread (no DM reaches him, or he chose so).
    MENTION = "mention"
    #: A DM that notifies him.
    DM = "dm"
    #: A silent DM (``/settings ping:quiet``).
    SILENT_DM = "silent_dm"


def reminder(*, quiet_hours: bool, mention: bool, dm_pings: bool) -> Reminder:
    """``mention``/``dm_pings``: how a wait is told to him now (:meth:`UserSettings.notice`)."""
    if quiet_hours:
        return Reminder.LATER
    if mention:
        return Reminder.MENTION
    return Reminder.DM if dm_pings else Reminder.SILENT_DM
