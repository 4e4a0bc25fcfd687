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

from .characters import COUNSEL, ENTERING
from .data import CARDS, CHARACTERS, DUNLENDINGS, NATIONS, REGIONS, TILES
from .dice import FACE_NAMES, face_name
from .events import tile_name
from .i18n import card_name, character_name, english, name_title, ntr, ptr, region_title, tr
from .procedures import DIE_ACTIONS, LABELLERS
from .roles import nation_name


def describe_value(value: str) -> str:
    """A slug in words: a region, character, nation, die face, card or tile."""
    if value in REGIONS:
        return region_title(value)
    if value in CHARACTERS:
        return character_name(value)
    if value in NATIONS or value == DUNLENDINGS:
        return nation_name(value)
    if value in FACE_NAMES:
        return face_name(value)
    if value in CARDS:
        return card_name(value)
    if value in TILES:
        return tile_name(value)
    return value.replace("-", " ").replace("_", " ")


def die_action_label(verb: str) -> str:
    """The button words of the die action ``verb`` ("Move the Fellowship"): a message its
    module marks, or for a character's entry or counsel one of their own."""
    label = DIE_ACTIONS[verb].label
    if english():
        return label
    if verb in ENTERING:
        return tr("Bring {character} into play", character=character_name(ENTERING[verb]))
    if verb in COUNSEL:
        return tr(
            "{companion}: {nation} one step toward war",
            companion=character_name(verb),
            nation=name_title("nation", NATIONS[COUNSEL[verb][0]].name),
        )
    return tr(label)


def die_action_text(verb: str) -> str:
    """What the die action ``verb`` does, in one sentence (a character's entry: his card's)."""
    text = DIE_ACTIONS[verb].text
    if english() or not text:
        return text
    if verb in ENTERING:
        return ptr("character text", text)
    if verb in COUNSEL:
        return tr(
            "{companion}: {nation} one step toward war.",
            companion=character_name(verb),
            nation=name_title("nation", NATIONS[COUNSEL[verb][0]].name),
        )
    return tr(text)


def _core_label(state: State, role: str, action: Action) -> str | None:
    verb, args = action.verb, action.args
    if verb in DIE_ACTIONS and len(args) == 1 and args[0] in FACE_NAMES:
        return tr("{action} ({face} die)", action=die_action_label(verb), face=face_name(args[0]))

    def a_die(face: str) -> str:
        return with_article(f"{face_name(face)} die")

    if verb == "play" and len(args) == 2 and args[1] in CARDS and args[0] in FACE_NAMES:
        return tr("Play {card} ({face} die)", card=card_name(args[1]), face=face_name(args[0]))
    words: dict[str, Callable[[], str]] = {
        "pass": lambda: tr("Pass (you have fewer dice left)"),
        "skip": lambda: (
            f"Skip {a_die(args[0])}" if english() else tr("Skip one {face} die", face=face_name(args[0]))
        ),
        "ring": lambda: (
            f"Elven Ring: turn {a_die(args[0])} into {face_name(args[1])}"
            if english()
            else tr(
                "Elven Ring: turn one {face} die into {new}",
                face=face_name(args[0]),
                new=face_name(args[1]),
            )
        ),
        "discard": lambda: tr("Discard {card}", card=describe_value(args[0])),
        "hunt": lambda: (
            f"Put {counted(int(args[0]), 'die')} in the Hunt Box"
            if english()
            else ntr("Put {count} die in the Hunt Box", "Put {count} dice in the Hunt Box", int(args[0]))
        ),
        "declare": lambda: tr("Declare the Fellowship in {region}", region=describe_value(args[0])),
        "mordor": lambda: tr("Enter Mordor"),
        "guide": lambda: tr("Make {companion} the Guide", companion=describe_value(args[0])),
        "done": lambda: tr("Done"),
        "deck": lambda: (
            tr("Draw from your Character deck")
            if args[0] == "character"
            else tr("Draw from your Strategy deck")
            if args[0] == "strategy"
            else f"Draw from your {args[0].title()} deck"
        ),
        "casualty": lambda: (
            tr("Lose the Guide, {companion}", companion=describe_value(state["fellowship"]["guide"]))
            if args[0] == "guide"
            else tr("Lose a Companion drawn at random")
        ),
        "ability": lambda: tr("{companion}'s Guide ability (−1 damage)", companion=describe_value(args[0])),
        "corruption": lambda: ntr("Take {count} Corruption", "Take {count} Corruption", int(args[0])),
        "reveal-to": lambda: tr("The Ring-bearers are in {region}", region=describe_value(args[0])),
        "hobbit-to": lambda: _hobbit_words(state, args[0]),
        "use": lambda: tr("Use {card}", card=describe_value(args[0])),
        "worn": lambda: (
            tr("A random Character card of their hand")
            if args[0] == "hand"
            else tr("Discard {card}", card=describe_value(args[0]))
        ),
    }
    if verb == "decline" and state["stack"] and state["stack"][-1]["step"] == "hunt_card":
        return tr("Do not use {card}", card=describe_value(state["stack"][-1]["card"]))
    make = words.get(verb)
    return make() if make is not None else None


def _hobbit_words(state: State, region: str) -> str:
    frame = state["stack"][-1] if state["stack"] else {}
    hobbit = describe_value(str(frame["hobbit"])) if "hobbit" in frame else tr("the Hobbit")
    here = state["characters"].get(frame.get("hobbit"), {}).get("region")
    return (
        tr("{hobbit} stays in {region}", hobbit=hobbit, region=describe_value(region))
        if region == here
        else tr("{hobbit} goes to {region}", hobbit=hobbit, region=describe_value(region))
    )


#: The steps where a verb's every action has one argument, by verb: a group of them is labelled
#: as its first action.
ONE_ARGUMENT = {
    "hunt": {"allocate_hunt"},
    "deck": {"draw_card"},
    "casualty": {"hunt_damage"},
    "corruption": {"hunt_damage"},
    "ability": {"hunt_damage"},
    "reveal-to": {"hunt_damage"},
    "hobbit-to": {"hunt_damage"},
    "use": {"hunt_damage", "hunt_card"},
    "worn": {"hunt_card"},
    "guide": {"hunt_damage", "guide_choice", "fellowship_phase"},
    "declare": {"fellowship_phase"},
    "skip": {"act"},
    "discard": {"discard", "discard_down"},
    "recruit": {"recruit"},
    "voice": {"voice"},
    "advance": {"diplomacy"},
    "companion": {"companions", "separate"},
    "minion": {"minions"},
    "nazgul": {"minions"},
}


def describe_group(state: State, role: str, verb: str, first: str) -> str | None:
    """The first step of a long list in another language than English (``None``: English, the
    core's "Verb value…"): a die action with its die, an action of one argument as itself, else
    the value the group shares."""
    if english():
        return None
    if verb in DIE_ACTIONS and first in FACE_NAMES:
        return tr("{action} ({face} die)", action=die_action_label(verb), face=face_name(first)) + "…"
    if verb == "play" and first in FACE_NAMES:
        return tr("Play a card ({face} die)…", face=face_name(first))
    top = state["stack"][-1]["step"] if state["stack"] else ""
    if top in ONE_ARGUMENT.get(verb, ()):
        return describe(state, role, Action(verb, (first,))) + "…"
    return describe_value(first) + "…"


def describe(state: State, role: str, action: Action) -> str:
    label = _core_label(state, role, action)
    if label is not None:
        return label
    for labeller in LABELLERS:
        if (found := labeller(state, role, action)) is not None:
            return found
    words = [action.verb.replace("-", " ").capitalize(), *(describe_value(a) for a in action.args)]
    return " ".join(words)
