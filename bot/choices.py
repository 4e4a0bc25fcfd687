"""Pure helpers that turn legal actions into Discord autocomplete choices.

Discord allows at most 25 choices, and names and values of at most 100 characters.

>>> truncate("x" * 120)[-1]
'…'
>>> len(truncate("x" * 120))
100
>>> action_choices([("take", "Take a pebble"), ("end", "End my turn")], "end")
[('End my turn', 'end')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from games.core import Action, Amount, Prompt, normalize

from .i18n import SOURCE, t

MAX_CHOICES = 25
MAX_CHOICE_LEN = 100
#: The value of an autocomplete entry that only explains (more choices, not your turn...).
HINT = "…"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as its player sees it: its index among his legal actions, its label
    and what it does."""

    index: int
    action: Action
    label: str
    effect: str


def amount_of(prompt: Prompt, action: Action) -> Amount | None:
    """The count range ``action`` is the listed representative of, if it has a real choice."""
    for amount in prompt.amounts:
        if amount.high > amount.low and amount.admits(action):
            return amount
    return None


#: Prompts with at most this many counted choices get buttons for their common counts.
SHORTCUT_CHOICES = 2


@dataclass(frozen=True)
class Shortcut:
    """A button for a common count of one choice: all of it, or the fewest."""

    index: int
    count: int
    label: str
    everything: bool


def count_shortcuts(
    prompt: Prompt, actions: Sequence[Action], describe: Callable[[Action], str]
) -> list[Shortcut]:
    """Buttons for the extremes of a count ("Move in all 7", "Move in
    the fewest 3"), when the prompt has few counted choices (a move in after a conquest); other
    counts stay in the **How many?** step."""
    counted = [(i, a, amount) for i, a in enumerate(actions) if (amount := amount_of(prompt, a)) is not None]
    if not counted or len(counted) > SHORTCUT_CHOICES:
        return []
    out = []
    for index, action, amount in counted:
        most, fewest = ("all", "fewest") if amount.extremes_named else ("", "")
        out.append(Shortcut(index, amount.high, noted(describe(with_count(action, amount.high)), most), True))
        out.append(
            Shortcut(index, amount.low, noted(describe(with_count(action, amount.low)), fewest), False)
        )
    return out


def noted(label: str, note: str) -> str:
    """``label`` with ``note`` in brackets, inside its own closing ones if it has them.

    >>> noted("Move in 7", "all"), noted("Remove 2 Regulars (2 hits)", "all"), noted("Stop at 5", "")
    ('Move in 7 (all)', 'Remove 2 Regulars (2 hits, all)', 'Stop at 5')
    """
    if not note:
        return label
    return f"{label[:-1]}, {note})" if label.endswith(")") else f"{label} ({note})"


def with_count(action: Action, count: int) -> Action:
    """``action`` with its last argument (the count) replaced.

    >>> with_count(Action("place", ("rohan", "9")), 4).text
    'place rohan 4'
    """
    return Action(action.verb, (*action.args[:-1], str(count)))


#: Counts the **How many?** step lists (four menus of 25); beyond, a number is typed.
MAX_LISTED_COUNTS = 4 * MAX_CHOICES


def count_choices(low: int, high: int, limit: int = MAX_LISTED_COUNTS) -> list[int]:
    """The counts the **How many?** menus offer for ``low..high``: every one when they fit
    (``limit``), else the small ones, then evenly spaced steps up to ``high`` (any count can
    still be typed).

    >>> count_choices(1, 5)
    [1, 2, 3, 4, 5]
    >>> count_choices(1, 30) == list(range(1, 31))
    True
    >>> picks = count_choices(1, 200, limit=25)
    >>> len(picks) <= 25 and picks[:10] == list(range(1, 11)) and picks[-1] == 200
    True
    """
    if high - low + 1 <= limit:
        return list(range(low, high + 1))
    small = list(range(low, low + limit // 2))
    rest = limit - len(small)
    step = (high - small[-1]) / rest
    spaced = sorted({round(small[-1] + step * (i + 1)) for i in range(rest)} | {high})
    picks = [*small, *(n for n in spaced if small[-1] < n < high)][: limit - 1]
    return [*picks, high]


def truncate(text: str, limit: int = MAX_CHOICE_LEN) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def matches(typed: str, *candidates: str) -> bool:
    """Whether every word typed occurs in one of the candidate texts (forgiving of case/accents).

    >>> matches("mov frod", "move frodo eregion", "Frodo to Eregion")
    True
    >>> matches("sam", "move frodo eregion")
    False
    """
    words = normalize(typed).split()
    haystack = " ".join(normalize(c) for c in candidates)
    return all(word in haystack for word in words)


def action_choices(labelled: Iterable[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """``(name, value)`` choices from ``(canonical text, label)`` pairs, filtered by ``typed``.

    Names are the labels, in words; values are the canonical text (what the engine reads). A
    value longer than Discord's limit cannot be offered and is left out (it can still be typed).
    When more match than Discord shows, the last entry says how many more there are. Actions
    whose text starts with what was typed come first, then those whose label does (``pla``:
    placements before "Play a power card"), each in the prompt's order.

    >>> [v for _, v in action_choices([("power x", "Play x"), ("place a 1", "Place 1 in A")], "pla")]
    ['place a 1', 'power x']
    """
    wanted = normalize(typed)
    found = [
        (truncate(label), text)
        for text, label in labelled
        if len(text) <= MAX_CHOICE_LEN and matches(typed, text, label)
    ]

    def rank(pair: tuple[str, str]) -> int:
        if normalize(pair[1]).startswith(wanted):
            return 0
        return 1 if normalize(pair[0]).startswith(wanted) else 2

    found.sort(key=rank)
    return capped(found, len(found), typed)


def line_choices(
    done: Sequence[str], labelled: Iterable[tuple[str, str]], typed: str
) -> list[tuple[str, str]]:
    """Choices for the next step of a line of steps (``/<game> do``): ``done`` are the steps
    typed already, ``labelled`` the ``(text, label)`` of the actions legal after them, ``typed``
    the start of the next one. Each value is the whole line with that step added; its name says
    which step it is.

    >>> line_choices(["army gorgoroth"], [("to nurn", "To Nurn"), ("to morannon", "To Morannon")], "nu")
    [('step 2: To Nurn', 'army gorgoroth; to nurn')]
    """
    head = "".join(f"{step}; " for step in done)
    number = len(done) + 1
    found = [
        (truncate(f"step {number}: {label}"), head + text)
        for text, label in labelled
        if len(head + text) <= MAX_CHOICE_LEN and matches(typed, text, label)
    ]
    return capped(found, len(found), typed)


def capped(
    pairs: Sequence[tuple[str, str]], total: int, typed: str = "", locale: str = SOURCE
) -> list[tuple[str, str]]:
    """At most 25 choices; when there are more, the 25th tells how many, and to type more (in
    ``locale``, the reader's: Discord does not translate autocomplete).

    >>> capped([(str(i), str(i)) for i in range(30)], 30)[-1]
    ('…6 more: type a few letters to narrow the list', '…')
    >>> capped([(str(i), str(i)) for i in range(30)], 30, locale="ja")[-1][0]
    '…ほか 6 件：数文字入力して絞り込んでください'
    """
    if total <= MAX_CHOICES:
        return list(pairs[:MAX_CHOICES])
    hint = t(locale, "…{count} more: type a few letters to narrow the list", count=total - MAX_CHOICES + 1)
    return [*pairs[: MAX_CHOICES - 1], (hint, HINT)]


def hint_choice(text: str) -> list[tuple[str, str]]:
    """A single entry that only explains why there is nothing to choose (out of turn...)."""
    return [(truncate(text), HINT)]


def arg_choices(
    prompt: Prompt,
    verb: str,
    index: int,
    filled: Sequence[str | None],
    typed: str,
    label: Callable[[str], str],
) -> list[tuple[str, str]]:
    """Choices for argument ``index`` of a typed command for ``verb``.

    Distinct ``args[index]`` of the legal actions with this verb whose earlier arguments agree
    with those already filled in (``None`` or empty: not filled yet, anything goes), then the
    counts of the prompt's ranges (:meth:`games.core.Prompt.values`).

    >>> acts = (Action("move", ("frodo", "eregion")), Action("move", ("sam", "moria")),
    ...         Action("move", ("frodo", "moria")), Action("card", ("3",)))
    >>> arg_choices(Prompt("", acts), "move", 0, [], "", str.title)
    [('Frodo', 'frodo'), ('Sam', 'sam')]
    >>> arg_choices(Prompt("", acts), "move", 1, ["frodo"], "", str.title)
    [('Eregion', 'eregion'), ('Moria', 'moria')]
    """
    out: list[tuple[str, str]] = []
    for value in prompt.values(verb, index, filled):
        name = label(value)
        if len(value) <= MAX_CHOICE_LEN and matches(typed, value, name):
            out.append((truncate(name), value))
    return capped(out, len(out), typed)


def option_choices(choices: Sequence[str], label: Callable[[str], str], typed: str) -> list[tuple[str, str]]:
    """Choices for a setup option (or side), filtered by ``typed``."""
    found = [(truncate(label(c)), c) for c in choices if matches(typed, c, label(c))]
    return found[:MAX_CHOICES]


def chunks(items: Sequence[int], size: int = MAX_CHOICES) -> list[Sequence[int]]:
    """Split indices into groups of at most ``size`` (one select menu each).

    >>> [len(c) for c in chunks(list(range(60)))]
    [25, 25, 10]
    """
    return [items[i : i + size] for i in range(0, len(items), size)]


def resolve_arg(typed: str, candidates: Sequence[tuple[str, str]]) -> str:
    """The argument slug meant by ``typed``: a candidate's value or label, else a slug of it.

    ``candidates`` are ``(value, label)`` pairs (legal values first); the engine validates the
    result, so an unknown text is passed on as a best-effort slug.

    >>> resolve_arg("Mount Doom", [("mount-doom", "Mount Doom")])
    'mount-doom'
    >>> resolve_arg("Frodo", [])
    'frodo'
    """
    wanted = normalize(typed)
    for value, label in candidates:
        if wanted in (normalize(value), normalize(label)):
            return value
    return wanted.replace(" ", "-")


def said_once(choices: Sequence[Choice], *, every: bool = False) -> tuple[list[str], list[Choice]]:
    """The effects several choices share, to be said once above them, and the choices with
    only an effect of their own (a list never repeats one description on every line). With
    ``every``, only an effect that every choice shares (a long list keeps the others on its
    options, where they tell the choices apart: each character's ability in a set-up).

    >>> a, b, c = (Action(v) for v in ("roll3", "roll2", "stop"))
    >>> listed = [Choice(0, a, "Roll 3", "Each die is a battalion."),
    ...     Choice(1, b, "Roll 2", "Each die is a battalion."), Choice(2, c, "Stop", "End the attack.")]
    >>> shared, own = said_once(listed)
    >>> shared, [ch.effect for ch in own]
    (['Each die is a battalion.'], ['', '', 'End the attack.'])
    >>> said_once(listed, every=True)[0], said_once(listed[:2], every=True)[0]
    ([], ['Each die is a battalion.'])
    """
    seen = Counter(choice.effect for choice in choices if choice.effect)
    least = len(choices) if every else 2
    shared = [effect for effect, times in seen.items() if times > 1 and times >= least]
    own = [replace(choice, effect="") if choice.effect in shared else choice for choice in choices]
    return shared, own


def said_first(choices: Sequence[Choice]) -> tuple[list[str], list[Choice]]:
    """A short list's effects, each said once: one every choice shares above the list (it tells
    about the question), any other on the first choice that has it (a line apart from its
    choices would not say which of them it describes).

    >>> a, b, c = (Action(v) for v in ("move", "skip", "again"))
    >>> listed = [Choice(0, a, "Move (Army die)", "Move two Armies."),
    ...     Choice(1, b, "Skip", "Use the die for nothing."),
    ...     Choice(2, c, "Move (Muster die)", "Move two Armies.")]
    >>> common, own = said_first(listed)
    >>> common, [ch.effect for ch in own]
    ([], ['Move two Armies.', 'Use the die for nothing.', ''])
    >>> said_first(listed[::2])[0]
    ['Move two Armies.']
    """
    common, rest = said_once(choices, every=True)
    if common:
        return common, rest
    seen: set[str] = set()
    own = []
    for choice in choices:
        own.append(replace(choice, effect="") if choice.effect in seen else choice)
        seen.add(choice.effect)
    return [], own
