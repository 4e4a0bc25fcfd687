"""Time controls for days-long games: a bank per player, a bonus per move, a cap.

Pure arithmetic, no Discord and no database. A *pace* is written ``<bank>[+<bonus>][/<cap>]``
with durations such as ``2d``, ``12h``, ``30m`` or ``1d12h`` ("2d+12h/5d": a bank of two days,
twelve hours more after each move, never more than five days), or named by a preset.

A player's bank runs only while the game waits for him (in a simultaneous decision, for each
player waited on). When the game stops waiting for him (his move is made), the time he took
is deducted and the bonus added, up to the cap. The bank never runs while the match is paused.

>>> parse_pace("2d+12h/5d")
Pace(bank=172800, bonus=43200, cap=432000)
>>> parse_pace("fast").text
'12h+2h/1d'
>>> Clock(bank=3600.0).started(100.0).stopped(1900.0, Pace(3600, 600, 4000)).bank
2400.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .i18n import SOURCE, msg, nmsg, nt, t

MINUTE, HOUR, DAY = 60, 3600, 86400
_UNITS = {"d": DAY, "h": HOUR, "m": MINUTE}
_DURATION = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$")

#: Named paces (``none`` switches the clock off).
PRESETS: dict[str, str] = {"fast": "12h+2h/1d", "normal": "2d+12h/5d", "slow": "5d+1d/10d"}
NO_PACE = "none"
#: Longest bank or cap accepted (a season is rarely longer).
LONGEST = 60 * DAY
#: Reminders, in seconds left, sent once each per wait (the half-bank one is added per player).
REMINDERS = (12 * HOUR, HOUR)


class PaceError(ValueError):
    """A pace that cannot be read; the message says what is expected."""


def parse_duration(text: str) -> int:
    """``"1d12h"`` -> seconds.

    >>> parse_duration("1d12h"), parse_duration("90m")
    (129600, 5400)
    """
    match = _DURATION.match(text.strip().lower())
    if not text.strip() or match is None:
        raise PaceError(
            msg("`{text}` is not a duration: write it like `2d`, `12h`, `30m` or `1d12h`.", text=text)
        )
    days, hours, minutes = (int(g or 0) for g in match.groups())
    return days * DAY + hours * HOUR + minutes * MINUTE


def format_duration(seconds: float) -> str:
    """Seconds as the shortest duration text (rounded down to the minute).

    >>> format_duration(129600), format_duration(5400), format_duration(0)
    ('1d12h', '1h30m', '0m')
    """
    whole = max(0, int(seconds)) // MINUTE * MINUTE
    parts = []
    for unit, size in _UNITS.items():
        if whole >= size:
            parts.append(f"{whole // size}{unit}")
            whole %= size
    return "".join(parts) or "0m"


def _unit(locale: str, size: int, count: int) -> str:
    if size == DAY:
        return nt(locale, "{count} day", "{count} days", count)
    if size == HOUR:
        return nt(locale, "{count} hour", "{count} hours", count)
    return nt(locale, "{count} minute", "{count} minutes", count)


def human_duration(seconds: float, locale: str = SOURCE) -> str:
    """Seconds in words for players, the two largest units ("1 day 12 hours", "45 minutes"),
    in ``locale`` (each unit by the language's plural rules).

    >>> human_duration(129600), human_duration(2700), human_duration(30)
    ('1 day 12 hours', '45 minutes', 'less than a minute')
    >>> human_duration(129600, "da"), human_duration(129600, "ja"), human_duration(3660, "zh-CN")
    ('1 dag 12 timer', '1日12時間', '1小时1分钟')
    """
    whole = max(0, int(seconds))
    parts = []
    for size in (DAY, HOUR, MINUTE):
        count, whole = divmod(whole, size)
        if count:
            parts.append(_unit(locale, size, count))
    if not parts:
        return t(locale, "less than a minute")
    if len(parts) == 1:
        return parts[0]
    return t(locale, "{larger} {smaller}", larger=parts[0], smaller=parts[1])


@dataclass(frozen=True, slots=True)
class Pace:
    """A time control, in seconds: the starting bank, the bonus per move and the cap."""

    bank: int
    bonus: int = 0
    cap: int = 0

    @property
    def text(self) -> str:
        """The canonical form (``2d+12h/5d``), as stored in a match's options."""
        text = format_duration(self.bank)
        if self.bonus:
            text += f"+{format_duration(self.bonus)}"
        if self.cap:
            text += f"/{format_duration(self.cap)}"
        return text

    @property
    def limit(self) -> int:
        """The most a bank can hold (the cap, or the starting bank when there is no cap)."""
        return self.cap or max(self.bank, LONGEST)

    def words(self, locale: str = SOURCE) -> str:
        """For the lobby: "2 days each, +12 hours per move, at most 5 days" (in ``locale``)."""
        bank = human_duration(self.bank, locale)
        bonus, cap = human_duration(self.bonus, locale), human_duration(self.cap, locale)
        if self.bonus and self.cap:
            return t(locale, "{bank} each, +{bonus} per move, at most {cap}", bank=bank, bonus=bonus, cap=cap)
        if self.bonus:
            return t(locale, "{bank} each, +{bonus} per move", bank=bank, bonus=bonus)
        if self.cap:
            return t(locale, "{bank} each, at most {cap}", bank=bank, cap=cap)
        return t(locale, "{bank} each", bank=bank)


def parse_pace(text: str | None) -> Pace | None:
    """A preset name or ``<bank>[+<bonus>][/<cap>]``; ``None`` for no clock (``none`` or empty)."""
    raw = (text or "").strip().lower()
    if raw in ("", NO_PACE):
        return None
    raw = PRESETS.get(raw, raw)
    head, capped, cap_text = raw.partition("/")
    bank_text, plus, bonus_text = head.partition("+")
    try:
        pace = Pace(
            parse_duration(bank_text),
            parse_duration(bonus_text) if plus else 0,
            parse_duration(cap_text) if capped else 0,
        )
    except PaceError as exc:
        raise PaceError(
            msg(
                "{error} A pace is `none`, `fast`, `normal`, `slow` or a bank with an optional bonus "
                "per move and cap, e.g. `2d+12h/5d`.",
                error=exc.args[0],
            )
        ) from None
    if pace.bank < MINUTE:
        raise PaceError(msg("A time bank must be at least one minute."))
    if pace.bank > LONGEST or pace.cap > LONGEST:
        raise PaceError(
            nmsg(
                "A time bank can hold at most {count} day.",
                "A time bank can hold at most {count} days.",
                LONGEST // DAY,
            )
        )
    if pace.cap and pace.cap < pace.bank:
        raise PaceError(msg("The cap cannot be smaller than the starting bank."))
    return pace


@dataclass(frozen=True, slots=True)
class Clock:
    """One player's bank: seconds left, and since when it runs (epoch seconds; ``None``: stopped).

    ``reminded`` lists the reminders sent during the current wait (seconds-left marks).
    """

    bank: float
    running_since: float | None = None
    reminded: tuple[int, ...] = ()

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (negative once run out)."""
        if self.running_since is None:
            return self.bank
        return self.bank - max(0.0, now - self.running_since)

    def deadline(self) -> float | None:
        """When the bank runs out, if it is running."""
        return None if self.running_since is None else self.running_since + self.bank

    def started(self, now: float) -> Clock:
        """The game starts waiting for this player."""
        return self if self.running else replace(self, running_since=now, reminded=())

    def stopped(self, now: float, pace: Pace, *, moved: bool = True) -> Clock:
        """The game stops waiting for him: the time taken is deducted; ``moved`` adds the bonus
        (not when the wait ended for another reason, e.g. a pause)."""
        if self.running_since is None:
            return self
        left = self.left(now)
        if moved:
            left = min(left + pace.bonus, pace.limit)
        return Clock(bank=max(0.0, left))

    def due_reminder(self, now: float, pace: Pace) -> int | None:
        """The reminder mark (seconds left) reached and not yet sent this wait, if any: half
        the starting bank, then 12 hours, then 1 hour. Only the latest one reached is sent."""
        if self.running_since is None:
            return None
        left = self.left(now)
        if left <= 0:
            return None
        marks = sorted({pace.bank // 2, *REMINDERS}, reverse=True)
        # A mark at or above what the wait started with would fire at once: not a reminder.
        reached = [m for m in marks if left <= m < self.bank and m not in self.reminded]
        return reached[-1] if reached else None

    def reminder_at(self, pace: Pace) -> float | None:
        """When the next reminder falls due (for the ticker's schedule)."""
        if self.running_since is None:
            return None
        marks = [m for m in {pace.bank // 2, *REMINDERS} if m < self.bank and m not in self.reminded]
        return self.running_since + self.bank - max(marks) if marks else None

    def reminded_of(self, mark: int, pace: Pace) -> Clock:
        """Mark ``mark`` (and every larger one, passed already) as sent."""
        marks = {pace.bank // 2, *REMINDERS}
        return replace(self, reminded=tuple(sorted({*self.reminded, *(m for m in marks if m >= mark)})))


def clocks_after(
    clocks: dict[str, Clock], pace: Pace, *, waiting: frozenset[str], actor: str | None, now: float
) -> dict[str, Clock]:
    """Every player's clock once the game waits for ``waiting``: a wait that ended is charged
    (with the bonus for the player who made the move, ``actor``), a wait that began starts the
    clock, and a wait that goes on (a move of several steps, an undo) runs on unchanged."""
    changed = dict(clocks)
    for role, clock in clocks.items():
        if clock.running and role not in waiting:
            changed[role] = clock.stopped(now, pace, moved=role == actor)
        elif not clock.running and role in waiting:
            changed[role] = clock.started(now)
    return changed


def stop_all(clocks: dict[str, Clock], pace: Pace, now: float) -> dict[str, Clock]:
    """Every clock stopped without a bonus (the match ended or was paused)."""
    return {role: clock.stopped(now, pace, moved=False) for role, clock in clocks.items()}
