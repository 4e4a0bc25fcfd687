"""What each action does, in one short sentence (menus, autocomplete, ``/rules``).

Only what the acting player may know: his own characters' abilities, the cards' texts.
"""

from __future__ import annotations

from games.core import Action, State

from .data import CARDS, CHARS, SPECIALS, other, region_name
from .moves import destinations
from .options import special_set

_ABILITY_OWNER = {
    "balrog": "balrog",
    "sam": "sam",
    "aragorn": "aragorn_v",
    "saruman": "saruman",
    "mouth": "mouth_of_sauron",
    "gandalf": "gandalf_v",
    "smeagol": "smeagol",
}

_SETUP = {
    "autoplace": "Your remaining characters go at random into the free starting regions.",
    "ready": "Your set-up is final; play begins when both sides are ready.",
    "decline": "Let the moment pass.",
}


def explain(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    if verb in _SETUP:
        return _SETUP[verb]
    if verb == "move":
        return _move(state, role, *args)
    if verb == "target":
        if args[0] == "hidden":
            return "One of the hidden defenders is drawn at random."
        return f"Fight {CHARS[args[0]].name} (strength {CHARS[args[0]].strength})."
    if verb == "card":
        card = CARDS[role][args[0]]
        return card.text or f"Adds {card.value} to your strength."
    if verb == "retreat":
        return f"Leave the fight for {region_name(args[0])}."
    if verb == "ability":
        owner = _ABILITY_OWNER.get(args[0])
        return CHARS[owner].ability if owner else ""
    if verb in ("special", "pick-special"):
        return SPECIALS[args[0]].text_for(special_set(state) or "deluxe")
    if verb == "draft":
        char = CHARS[args[0]]
        return f"Strength {char.strength}. {char.ability}"
    if verb == "place":
        char = CHARS[args[0]]
        return f"Strength {char.strength}. {char.ability}"
    if verb == "unplace":
        return "Take this character back to place it elsewhere."
    return ""


def _move(state: State, role: str, char: str, dest: str) -> str:
    enemy = other(role)
    attack = any(r == dest and CHARS[c].side == enemy for c, r in state["pos"].items())
    kind = destinations(state, char).get(dest, "step")
    how = {
        "step": "",
        "tunnel": "Through the Tunnel of Moria. ",
        "aragorn": "Aragorn's ability: attack in any direction. ",
        "witch": "The Witch-king's ability: attack sideways. ",
        "rider": "The Black Rider's charge. ",
        "flyer": "The Flying Nazgûl's flight to a lone Fellowship character. ",
        "treebeard": "Treebeard goes to Fangorn. ",
        "uruk": "The Uruk-hai march: they are revealed. ",
        "leap": "The Flying Nazgûl leaps two regions. ",
    }.get(kind, "")
    return f"{how}{'Attack: a battle follows.' if attack else 'Move there.'}".strip()
