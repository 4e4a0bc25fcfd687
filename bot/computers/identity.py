"""Who a computer seat is: its user id, its level and its name (pure: no Discord, no storage).

A computer sits in a seat like a person, under a user id of its own that no Discord user can
have: a negative number, ``-(number * SLOTS + level + 1)``, where ``number`` tells the
computers of one match apart (1, 2, 3...) and ``level`` is the index of its level in
:data:`games.computer_players.LEVELS`. The id alone says that the seat is a computer's and how
it plays, so the seats table needs nothing new, and every place that would mention or DM a
player asks :func:`is_computer` first.

>>> seat = computer_user(1, "strong")
>>> is_computer(seat), level_of(seat), computer_name(seat)
(True, 'strong', '🤖 Computer (strong)')
>>> computer_name(computer_user(2, "rules")), is_computer(123456789012345678)
('🤖 Computer 2 (rules)', False)
>>> computer_name(seat, "ja"), computer_name(computer_user(2, "gentle"), "da")
('🤖 コンピューター（強い）', '🤖 Computer 2 (mild)')
"""

from __future__ import annotations

from collections.abc import Iterable

from games.computer_players import DEFAULT_LEVEL, LEVELS, levels, supports
from games.core.registry import all_rulesets

from ..i18n import SOURCE, Listed, Msg, msg

#: Level slots per computer number in a user id (room for levels to come).
SLOTS = 8
ROBOT = "🤖"
#: What each level is, for players (``/game new level:``, the lobby's level buttons).
LEVEL_HELP: dict[str, Msg] = {
    "random": msg("any legal move, at random (a first look at the game)"),
    "rules": msg("the obvious good moves (for newcomers)"),
    "gentle": msg("a short search with a few slips (a fair game for most players)"),
    "strong": msg("the strongest the bot plays (thinks up to 2 seconds a move)"),
}
#: Each level's name in words (what is typed at ``level:`` stays the English slug).
LEVEL_NAMES: dict[str, Msg] = {
    "random": msg("random"),
    "rules": msg("rules"),
    "gentle": msg("gentle"),
    "strong": msg("strong"),
}


def level_name(level: str, locale: str = SOURCE) -> str:
    """A level's name in ``locale`` (the slug itself for a level without one)."""
    named = LEVEL_NAMES.get(level)
    return named.render(locale) if named is not None else level


def level_help(level: str, locale: str = SOURCE) -> str:
    """What a level plays like, in ``locale`` (``""`` for an unknown level)."""
    said = LEVEL_HELP.get(level)
    return said.render(locale) if said is not None else ""


def is_computer(user_id: int | None) -> bool:
    return user_id is not None and user_id < 0


def computer_user(number: int, level: str) -> int:
    """The user id of the match's ``number``-th computer (from 1), playing at ``level``."""
    return -(number * SLOTS + LEVELS.index(level) + 1)


def is_computer_seat(user_id: int) -> bool:
    """Whether ``user_id`` is a computer's id as :func:`computer_user` makes them (a match
    file's seats are checked with it).

    >>> is_computer_seat(computer_user(3, "rules")), is_computer_seat(-3), is_computer_seat(7)
    (True, False, False)
    """
    return is_computer(user_id) and number_of(user_id) >= 1 and (-user_id - 1) % SLOTS < len(LEVELS)


def level_of(user_id: int) -> str:
    return LEVELS[(-user_id - 1) % SLOTS]


def number_of(user_id: int) -> int:
    return (-user_id - 1) // SLOTS


def computer_named(user_id: int) -> Msg:
    """A computer's name as a deferred message (said in the language of whoever reads it)."""
    number, level = number_of(user_id), LEVEL_NAMES.get(level_of(user_id), level_of(user_id))
    if number <= 1:
        return msg("🤖 Computer ({level})", level=level)
    return msg("🤖 Computer {number} ({level})", number=number, level=level)


def computer_name(user_id: int, locale: str = SOURCE) -> str:
    """``🤖 Computer (strong)``; the second computer of a match is ``🤖 Computer 2 (...)``."""
    return computer_named(user_id).render(locale)


def next_number(user_ids: Iterable[int]) -> int:
    """The number of the next computer seated among ``user_ids``."""
    return 1 + max((number_of(u) for u in user_ids if is_computer(u)), default=0)


def strongest(game: str) -> str:
    """The level a player gets who names none: the default, or the strongest the game has."""
    offered = levels(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[-1]


def pick_level(game: str, title: str, wanted: str | None) -> str:
    """The level ``wanted`` (``None``: the strongest) of ``game``, or a :class:`ValueError`
    written for the player (a deferred message, said in his language)."""
    if not supports(game):
        raise ValueError(no_computer(title))
    if wanted is None or not wanted.strip():
        return strongest(game)
    chosen = wanted.strip().lower()
    offered = levels(game)
    if chosen not in offered:
        raise ValueError(
            msg(
                "`{level}` is not a computer level of {game}: use one of {levels} (weakest first).",
                level=wanted,
                game=title,
                levels=Listed(tuple(f"`{level}`" for level in offered), "or"),
            )
        )
    return chosen


def no_computer(title: str) -> Msg:
    """The refusal of a computer for a game that has none, naming the games that have one."""
    playable = tuple(ruleset.title for ruleset in all_rulesets() if supports(ruleset.name))
    return msg(
        "{game} has no computer player yet: it is played by people only. Open a lobby without "
        "`opponent:computer` and invite someone, or play {games} against the computer.",
        game=title,
        games=Listed(playable, "or"),
    )
