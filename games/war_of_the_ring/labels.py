"""Words for actions as the acting player sees them: button and menu labels and autocomplete
values (the one-line effect of each action is :mod:`games.war_of_the_ring.explain`).

A procedure module may add its own labels with a function ``label(state, role, action) ->
str | None`` (``None``: not one of its actions), listed in :data:`.procedures.LABELLERS`.

>>> describe_value("minas_tirith"), describe_value("army_muster"), describe_value("witch_king")
('Minas Tirith', 'Army/Muster', 'The Witch-king')
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, State
from games.core.words import counted, with_article

from .data import CARDS, CHARACTERS, DUNLENDINGS, NATIONS, REGIONS, TILES
from .dice import FACE_NAMES, face_name
from .events import tile_name
from .procedures import DIE_ACTIONS, LABELLERS
from .roles import nation_name


def describe_value(value: str) -> str:
    """A slug in words: a region, character, nation, die face, card or tile."""
    if value in REGIONS:
        return REGIONS[value].name
    if value in CHARACTERS:
        return CHARACTERS[value].name
    if value in NATIONS or value == DUNLENDINGS:
        return nation_name(value)
    if value in FACE_NAMES:
        return FACE_NAMES[value]
    if value in CARDS:
        return CARDS[value].name
    if value in TILES:
        return tile_name(value)
    return value.replace("-", " ").replace("_", " ")


def _core_label(state: State, role: str, action: Action) -> str | None:
    verb, args = action.verb, action.args
    if verb in DIE_ACTIONS and len(args) == 1 and args[0] in FACE_NAMES:
        return f"{DIE_ACTIONS[verb].label} ({face_name(args[0])} die)"

    def a_die(face: str) -> str:
        return with_article(f"{face_name(face)} die")

    if verb == "play" and len(args) == 2 and args[1] in CARDS and args[0] in FACE_NAMES:
        return f"Play {CARDS[args[1]].name} ({face_name(args[0])} die)"
    words: dict[str, Callable[[], str]] = {
        "pass": lambda: "Pass (you have fewer dice left)",
        "skip": lambda: f"Skip {a_die(args[0])}",
        "ring": lambda: f"Elven Ring: turn {a_die(args[0])} into {face_name(args[1])}",
        "discard": lambda: f"Discard {describe_value(args[0])}",
        "hunt": lambda: f"Put {counted(int(args[0]), 'die')} in the Hunt Box",
        "declare": lambda: f"Declare the Fellowship in {describe_value(args[0])}",
        "mordor": lambda: "Enter Mordor",
        "guide": lambda: f"Make {describe_value(args[0])} the Guide",
        "done": lambda: "Done",
        "deck": lambda: f"Draw from your {args[0].title()} deck",
        "casualty": lambda: (
            f"Lose the Guide, {describe_value(state['fellowship']['guide'])}"
            if args[0] == "guide"
            else "Lose a Companion drawn at random"
        ),
        "ability": lambda: f"{describe_value(args[0])}'s Guide ability (−1 damage)",
        "corruption": lambda: f"Take {args[0]} Corruption",
        "reveal-to": lambda: f"The Ring-bearers are in {describe_value(args[0])}",
        "hobbit-to": lambda: _hobbit_words(state, args[0]),
        "use": lambda: f"Use {describe_value(args[0])}",
        "worn": lambda: (
            "A random Character card of their hand"
            if args[0] == "hand"
            else f"Discard {describe_value(args[0])}"
        ),
    }
    if verb == "decline" and state["stack"] and state["stack"][-1]["step"] == "hunt_card":
        return f"Do not use {describe_value(state['stack'][-1]['card'])}"
    make = words.get(verb)
    return make() if make is not None else None


def _hobbit_words(state: State, region: str) -> str:
    frame = state["stack"][-1] if state["stack"] else {}
    hobbit = describe_value(str(frame.get("hobbit", "the Hobbit")))
    here = state["characters"].get(frame.get("hobbit"), {}).get("region")
    return (
        f"{hobbit} stays in {describe_value(region)}"
        if region == here
        else f"{hobbit} goes to {describe_value(region)}"
    )


def describe(state: State, role: str, action: Action) -> str:
    label = _core_label(state, role, action)
    if label is not None:
        return label
    for labeller in LABELLERS:
        if (found := labeller(state, role, action)) is not None:
            return found
    words = [action.verb.replace("-", " ").capitalize(), *(describe_value(a) for a in action.args)]
    return " ".join(words)
