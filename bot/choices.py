"""Pure helpers that turn legal actions into Discord autocomplete choices.

Discord allows at most 25 choices, and names and values of at most 100 characters.

>>> truncate("x" * 120)[-1]
'…'
>>> len(truncate("x" * 120))
100
>>> action_choices([("take", "Take a pebble"), ("end", "End my turn")], "end")
[('End my turn — end', 'end')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.core import Action, normalize

MAX_CHOICES = 25
MAX_CHOICE_LEN = 100


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

    Names show the label (and the canonical text when it differs); values are the canonical text.
    A value longer than Discord's limit cannot be offered and is left out (it can still be typed).
    """
    out: list[tuple[str, str]] = []
    for text, label in labelled:
        if len(text) > MAX_CHOICE_LEN or not matches(typed, text, label):
            continue
        name = label if normalize(label) == normalize(text) else f"{label} — {text}"
        out.append((truncate(name), text))
        if len(out) == MAX_CHOICES:
            break
    return out


def arg_choices(
    actions: Sequence[Action],
    verb: str,
    index: int,
    filled: Sequence[str | None],
    typed: str,
    label: Callable[[str], str],
) -> list[tuple[str, str]]:
    """Choices for argument ``index`` of a typed command for ``verb``.

    Distinct ``args[index]`` of the legal actions with this verb whose earlier arguments agree
    with those already filled in (``None`` or empty: not filled yet, anything goes).

    >>> acts = [Action("move", ("frodo", "eregion")), Action("move", ("sam", "moria")),
    ...         Action("move", ("frodo", "moria")), Action("card", ("3",))]
    >>> arg_choices(acts, "move", 0, [], "", str.title)
    [('Frodo', 'frodo'), ('Sam', 'sam')]
    >>> arg_choices(acts, "move", 1, ["frodo"], "", str.title)
    [('Eregion', 'eregion'), ('Moria', 'moria')]
    """
    seen: list[str] = []
    for action in actions:
        if action.verb != verb or len(action.args) <= index:
            continue
        earlier = zip(filled[:index], action.args[:index], strict=False)
        if any(want and normalize(want) != arg for want, arg in earlier):
            continue
        value = action.args[index]
        if value not in seen:
            seen.append(value)
    out: list[tuple[str, str]] = []
    for value in seen:
        name = label(value)
        if len(value) <= MAX_CHOICE_LEN and matches(typed, value, name):
            out.append((truncate(name), value))
            if len(out) == MAX_CHOICES:
                break
    return out


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
