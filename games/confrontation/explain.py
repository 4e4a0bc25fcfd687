"""What each action does, in one short sentence (menus, autocomplete, ``/rules``).

Only what the acting player may know: his own characters' abilities, the cards' texts.
"""

from __future__ import annotations

from games.core import Action, State
from games.core.i18n import SOURCE, Sentences

from .data import CARDS, CHARS, other
from .moves import destinations
from .options import special_set
from .words import ability_text, card_text, char_name, msg, region_name, special_text, t

_ABILITY_OWNER = {
    "balrog": "balrog",
    "sam": "sam",
    "aragorn": "aragorn_v",
    "saruman": "saruman",
    "mouth": "mouth_of_sauron",
    "gandalf": "gandalf_v",
    "smeagol": "smeagol",
}


def explain(state: State, role: str, action: Action, lang: str = SOURCE) -> str:
    verb, args = action.verb, action.args
    if verb == "autoplace":
        return t(lang, "Your remaining characters go at random into the free starting regions.")
    if verb == "ready":
        return t(lang, "Your set-up is final; play begins when both sides are ready.")
    if verb == "decline":
        return t(lang, "Let the moment pass.")
    if verb == "move":
        return _move(state, role, *args, lang=lang)
    if verb == "target":
        if args[0] == "hidden":
            return t(lang, "One of the hidden defenders is drawn at random.")
        char = CHARS[args[0]]
        return t(
            lang, "Fight {char} (strength {strength}).", char=char_name(char.id, lang), strength=char.strength
        )
    if verb == "card":
        card = CARDS[role][args[0]]
        if card.text:
            return card_text(role, card.id, lang)
        return t(lang, "Adds {value} to your strength.", value=card.value)
    if verb == "retreat":
        return t(lang, "Leave the fight for {region}.", region=region_name(args[0], lang))
    if verb == "ability":
        owner = _ABILITY_OWNER.get(args[0])
        return ability_text(owner, lang) if owner else ""
    if verb in ("special", "pick-special"):
        return special_text(args[0], special_set(state) or "deluxe", lang)
    if verb in ("draft", "place"):
        char = CHARS[args[0]]
        return t(
            lang,
            "Strength {strength}. {ability}",
            strength=char.strength,
            ability=ability_text(char.id, lang),
        )
    if verb == "unplace":
        return t(lang, "Take this character back to place it elsewhere.")
    return ""


def _move(state: State, role: str, char: str, dest: str, *, lang: str) -> str:
    enemy = other(role)
    attack = any(r == dest and CHARS[c].side == enemy for c, r in state["pos"].items())
    kind = destinations(state, char).get(dest, "step")
    how = {
        "tunnel": t(lang, "Through the Tunnel of Moria."),
        "aragorn": t(lang, "Aragorn's ability: attack in any direction."),
        "witch": t(lang, "The Witch-king's ability: attack sideways."),
        "rider": t(lang, "The Black Rider's charge."),
        "flyer": t(lang, "The Flying Nazgûl's flight to a lone Fellowship character."),
        "treebeard": t(lang, "Treebeard goes to Fangorn."),
        "uruk": t(lang, "The Uruk-hai march: they are revealed."),
        "leap": t(lang, "The Flying Nazgûl leaps two regions."),
    }.get(kind)
    then = msg("Attack: a battle follows.") if attack else msg("Move there.")
    return Sentences((how, then) if how else (then,)).render(lang)
