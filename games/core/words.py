"""The one place English grammar lives: counts, articles, verb agreement and lists.

Every game builds its sentences with these few functions instead of ``"s" if n != 1`` or
``", ".join`` spread through its code. Each takes every form it chooses between from its caller
(``plural(count, "die", "dice")``) or derives the regular English one, so a later translation
layer (gettext's ``ngettext`` with CLDR plural rules, Babel's list patterns) replaces the
bodies here and nowhere else. Pure: no state, no I/O.

>>> counted(1, "battalion"), counted(3, "battalion"), counted(2, "die", "dice")
('1 battalion', '3 battalions', '2 dice')
>>> with_article("Event die"), with_article("Army die"), with_article("The One Ring")
('an Event die', 'an Army die', 'The One Ring')
>>> agree(2, "moves", "move"), agree(1, "moves", "move")
('move', 'moves')
>>> join_words(["Frodo", "Sam", "Pippin"])
'Frodo, Sam and Pippin'
"""

from __future__ import annotations

from collections.abc import Iterable

#: English nouns whose plural is not made by the regular rule.
_IRREGULAR = {
    "die": "dice",
    "Nazgûl": "Nazgûl",
    "man": "men",
    "Man": "Men",
    "Elf": "Elves",
    "Dwarf": "Dwarves",
}


def plural_of(word: str) -> str:
    """The regular English plural of ``word`` (its last word), for callers that give one form.

    >>> [plural_of(w) for w in ("battalion", "territory", "success", "day", "Leader", "die")]
    ['battalions', 'territories', 'successes', 'days', 'Leaders', 'dice']
    >>> plural_of("Gondor Elite"), plural_of("Army"), plural_of("box")
    ('Gondor Elites', 'Armies', 'boxes')
    """
    head, _, last = word.rpartition(" ")
    prefix = f"{head} " if head else ""
    if last in _IRREGULAR:
        return prefix + _IRREGULAR[last]
    if last[-1:] == "y" and last[-2:-1].lower() not in ("a", "e", "i", "o", "u", ""):
        return f"{prefix}{last[:-1]}ies"
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return f"{prefix}{last}es"
    return f"{prefix}{last}s"


def plural(count: int, one: str, other: str | None = None) -> str:
    """The form of a word for ``count`` things: ``one`` for exactly one, else ``other`` (by
    default the regular plural). In English zero takes the plural ("0 dice").

    >>> plural(1, "die", "dice"), plural(0, "die", "dice"), plural(2, "step")
    ('die', 'dice', 'steps')
    """
    if count == 1:
        return one
    return other if other is not None else plural_of(one)


def counted(count: int, one: str, other: str | None = None) -> str:
    """``count`` and the form of the noun for it: ``1 battalion``, ``3 battalions``.

    >>> counted(1, "Regular"), counted(0, "card"), counted(5, "Nazgûl")
    ('1 Regular', '0 cards', '5 Nazgûl')
    """
    return f"{count} {plural(count, one, other)}"


def agree(count: int | bool, one: str, other: str) -> str:
    """The verb form agreeing with its subject: ``one`` for a singular subject, ``other`` for a
    plural one. ``count`` is how many the subject names, or ``True`` for a plural subject (a
    collective "the Free Peoples", "the Elves").

    >>> agree(1, "is", "are"), agree(3, "is", "are"), agree(True, "moves", "move")
    ('is', 'are', 'move')
    """
    many = count if isinstance(count, bool) else count != 1
    return other if many else one


#: Words starting with a vowel letter but a consonant sound, and the reverse.
_A_BEFORE = ("one", "once", "uni", "use", "usu", "eu", "ewe")
_AN_BEFORE = ("hour", "honest", "honou", "heir")


def article(noun: str) -> str:
    """``a`` or ``an`` for ``noun``, by the sound of its first word.

    >>> [article(w) for w in ("Event", "Army", "die", "Elven Ring", "one-use card", "hour", "8")]
    ['an', 'an', 'a', 'an', 'a', 'an', 'an']
    """
    low = noun.lower()
    if low.startswith(_A_BEFORE):
        return "a"
    if low.startswith(_AN_BEFORE) or low[:1] in ("a", "e", "i", "o", "u"):
        return "an"
    if low[:1] == "8" or (low[:2] in ("11", "18") and not low[2:3].isdigit()):
        return "an"  # "an eight", "an eleven", "an eighteen"
    return "a"


def with_article(noun: str) -> str:
    """``noun`` with ``a``/``an`` before it, or as it is when it is a name carrying its own
    article ("The One Ring", "the Witch-king").

    >>> with_article("Army/Muster die"), with_article("die"), with_article("the Witch-king")
    ('an Army/Muster die', 'a die', 'the Witch-king')
    """
    if noun.startswith(("The ", "the ")):
        return noun
    return f"{article(noun)} {noun}"


def in_sentence(name: str) -> str:
    """A name inside a sentence: its own "The" in lower case ("the Witch-king", "the North"),
    anything else as it is. A sentence that starts with it capitalises it again
    (:func:`capitalized`).

    >>> in_sentence("The Witch-king"), in_sentence("Frodo"), in_sentence("Theoden")
    ('the Witch-king', 'Frodo', 'Theoden')
    """
    return "the " + name[4:] if name.startswith("The ") else name


def the(name: str) -> str:
    """``name`` after "the", unless it carries its own ("the Shadow", "the North").

    >>> the("Free Peoples"), the("The North"), the("the Shadow")
    ('the Free Peoples', 'the North', 'the Shadow')
    """
    if name.startswith(("The ", "the ")):
        return in_sentence(name)
    return f"the {name}"


def join_words(items: Iterable[str], conjunction: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C`` (``conjunction`` may be ``or``); empty for none.

    >>> join_words([]), join_words(["A"]), join_words(["A", "B"]), join_words("ABC", "or")
    ('', 'A', 'A and B', 'A, B or C')
    """
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {conjunction} {parts[-1]}"


def capitalized(text: str) -> str:
    """``text`` with its first letter in upper case (a sentence that starts with a name).

    >>> capitalized("the Shadow moves"), capitalized("")
    ('The Shadow moves', '')
    """
    return text[:1].upper() + text[1:]
