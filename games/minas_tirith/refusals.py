"""Why an action is refused, in words for the player asking: what is wrong and what he may do."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, State

from . import advances, forces, ranged
from .facts import ADJACENT, EVIL, GOOD, LEADERS, MT_CARDS, SPACES, distance, other
from .words import card_label, leader_label, side_title, space_label, space_word, t

PHASE_VERBS = {
    "die": ("die",),
    "trade": ("trade", "load", "discard", "done"),
    "reward": ("reward",),
    "keep": ("keep",),
    "act": ("advance", "ride", "leader", "attack", "shoot", "enter", "exchange", "ram", "play", "end"),
    "advance": ("send", "lead", "go", "cancel"),
    "fight": ("lose", "react", "decline"),
}


def refusal(state: State, role: str, action: Action, lang: str = "en") -> str | None:
    step = state["stack"][-1]["step"] if state["stack"] else None
    verb, args = action.verb, action.args
    if step is None:
        return None
    if verb not in PHASE_VERBS.get(step, ()):
        allowed = ", ".join(f"`{v}`" for v in PHASE_VERBS.get(step, ()))
        return t(lang, "You cannot `{verb}` now: this step takes {allowed}.", verb=verb, allowed=allowed)
    if step == "act" and state["turn"]["points"] <= 0 and verb not in ("play", "end"):
        return t(lang, "Your action points are spent: you may only play an event card or end your turn.")
    if verb in ("attack", "shoot") and role in state["turn"]["no_fight"]:
        return t(
            lang,
            "{side} may not fight any more this turn: a retreat stopped the fighting.",
            side=side_title(role, lang),
        )
    for arg in args[:2]:
        if verb in ("advance", "ride", "attack", "shoot") and arg not in SPACES:
            return t(lang, "There is no space called `{name}` on this board.", name=arg)
    if verb in ("advance", "ride") and args and args[0] in SPACES and not forces.holds(state, role, args[0]):
        return t(lang, "You have no battalions in {space}.", space=space_label(args[0], lang))
    if (
        verb in ("advance", "ride")
        and len(args) > 1
        and args[1] in SPACES
        and forces.enemy_in(state, role, args[1])
    ):
        return t(
            lang,
            "You may not move into {space}: enemy battalions hold it. Attack it first.",
            space=space_label(args[1], lang),
        )
    if verb == "advance" and len(args) > 1 and args[1] in SPACES and SPACES[args[1]].kind == "wall":
        if role == EVIL:
            return t(
                lang,
                "Mordor climbs the walls only from the spaces below, with the Siege Tower or Storm Ladders.",
            )
        return t(lang, "Only Gondor's infantry and leaders go up the ladders from the city onto the walls.")
    if verb == "advance" and len(args) > 1 and args[1] == "minas_tirith" and role == EVIL:
        return t(
            lang,
            "The Great Gate is closed to Mordor until Grond breaks it; or come down the ladders from a wall.",
        )
    if verb == "attack" and role == GOOD and args and args[0] in SPACES and SPACES[args[0]].kind == "wall":
        return t(lang, "Gondor's battalions on the walls shoot; they never attack from them.")
    if verb == "shoot" and len(args) > 2 and args[2].isdigit() and int(args[2]) > 3:
        return t(lang, "A ranged attack rolls at most 3 dice.")
    if verb == "attack" and len(args) > 2 and args[2].isdigit() and int(args[2]) > 3:
        return t(lang, "At most 3 battalions attack at once.")
    if verb == "leader" and args and args[0] in LEADERS and LEADERS[args[0]].side != role:
        return t(lang, "{leader} is not your leader.", leader=leader_label(args[0], lang))
    if (
        verb in ("play", "enter")
        and args
        and args[0] in MT_CARDS
        and not forces.holds_card(state, role, args[0])
    ):
        return t(lang, "You do not hold {card}.", card=card_label(args[0], lang))
    if verb == "enter" and len(args) > 1 and args[1] in SPACES:
        return _entry_refusal(state, args[0], args[1], lang)
    if len(args) >= 2 and args[0] in SPACES and args[1] in SPACES:
        return _between(state, role, verb, args[0], args[1], lang)
    return None


#: A leader refused a space where a leader of his colour stands, by the colour.
SHARED_COLOUR: dict[str, Callable[[str, dict[str, str]], str]] = {
    "red": lambda lang, words: t(
        lang,
        "{leader} may not enter {space}: {other} stands there, and two red leaders never share a space.",
        **words,
    ),
    "black": lambda lang, words: t(
        lang,
        "{leader} may not enter {space}: {other} stands there, and two black leaders never share a space.",
        **words,
    ),
    "green": lambda lang, words: t(
        lang,
        "{leader} may not enter {space}: {other} stands there, and two green leaders never share a space.",
        **words,
    ),
    "yellow": lambda lang, words: t(
        lang,
        "{leader} may not enter {space}: {other} stands there, and two yellow leaders never share a space.",
        **words,
    ),
}


def _entry_refusal(state: State, card: str, space: str, lang: str) -> str | None:
    leader = MT_CARDS[card].leader if card in MT_CARDS else None
    if not leader or state["leaders"][leader] != "card":
        return None
    colour = LEADERS[leader].colour
    there = [x for x in forces.leaders_at(state, space) if LEADERS[x].colour == colour]
    if not there:
        return None
    words = {
        "leader": leader_label(leader, lang),
        "space": space_label(space, lang),
        "other": leader_label(there[0], lang),
    }
    return SHARED_COLOUR[colour](lang, words)


def _between(state: State, role: str, verb: str, start: str, target: str, lang: str) -> str | None:
    """Why an action from ``start`` to ``target`` is refused, when the spaces tell."""
    here, there = space_word(start, lang), space_word(target, lang)
    if verb == "attack" and not forces.holds(state, other(role), target):
        return t(lang, "There are no enemy battalions in {space} to attack.", space=there)
    if verb == "shoot" and not forces.holds(state, other(role), target):
        return t(lang, "There are no enemy battalions in {space} to shoot.", space=there)
    if verb == "attack" and target not in ADJACENT[start]:
        return t(
            lang,
            "A land attack goes into a neighbouring space: {there} does not border {here}.",
            there=there,
            here=here,
        )
    if verb == "shoot":
        reach = distance(start, target)
        catapult = ranged.catapult_ready(state, role, start)
        if reach > ranged.CATAPULT_RANGE or (reach > ranged.SHOOTER_RANGE and not catapult):
            return t(
                lang,
                "{there} is out of range of {here}: shooters reach 2 spaces, a catapult 3.",
                there=_cap(there),
                here=here,
            )
        if ranged.fresh_shooters(state, role, start) <= 0 and not catapult:
            return t(lang, "No shooter in {space} may shoot now: each shoots once a turn.", space=here)
    if verb == "ride" and target not in advances.ride_targets(state, role, start):
        return t(
            lang,
            "Cavalry rides two spaces, through a space free of the enemy (yours or empty), into one free of "
            "the enemy.",
        )
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
