"""Actions and their arguments in words, as the acting player sees them (in his language):
button and menu labels, autocomplete values, the first step of a long list ("Place Frodo…")."""

from __future__ import annotations

from games.core import Action, State
from games.core.i18n import SOURCE

from .battle import battle_frame
from .board import who
from .data import CARDS, CHARS, FELLOWSHIP, REGIONS, SAURON, SPECIALS
from .moves import destinations
from .turn import is_tunnel
from .words import card_name, char_label, char_name, region_name, special_name, t


def _ability_labels(lang: str) -> dict[str, str]:
    return {
        "balrog": t(lang, "Reveal the Balrog: ambush in the Tunnel of Moria"),
        "sam": t(lang, "Sam fights in Frodo's place"),
        "aragorn": t(lang, "Aragorn: no cards in this battle"),
        "saruman": t(lang, "Use Saruman's ability"),
        "mouth": t(lang, "Mouth of Sauron: exchange your card for the 4"),
        "gandalf": t(lang, "Gandalf: +1 to this battle"),
        "smeagol": t(lang, "Sméagol swaps places"),
    }


#: The English labels of the abilities (their slugs never change).
ABILITY_LABELS = _ability_labels(SOURCE)


def describe(state: State, role: str, action: Action, lang: str = SOURCE) -> str:
    verb, args = action.verb, action.args
    if verb == "move":
        return _describe_move(state, role, args[0], args[1], lang)
    if verb == "target":
        if args[0] == "hidden":
            return t(lang, "Attack a hidden character")
        return t(lang, "Attack {char}", char=char_name(args[0], lang))
    if verb == "card":
        return t(lang, "Play {card}", card=card_name(role, args[0], lang))
    if verb == "retreat":
        return t(lang, "Retreat to {region}", region=region_name(args[0], lang))
    if verb == "ability":
        if args[0] == "smeagol" and len(args) > 1:
            return t(lang, "Sméagol swaps places with {char}", char=char_name(args[1], lang))
        return _ability_label(state, args[0], lang)
    if verb == "decline":
        return _decline_label(state, lang)
    if verb == "special":
        return _describe_special(state, role, args, lang)
    if verb == "place":
        return t(
            lang, "Place {char} in {region}", char=char_name(args[0], lang), region=region_name(args[1], lang)
        )
    if verb == "unplace":
        return t(lang, "Take back {char}", char=char_name(args[0], lang))
    if verb == "autoplace":
        return t(lang, "Place the rest at random")
    if verb == "ready":
        return t(lang, "Confirm setup")
    if verb == "draft":
        drafted = CHARS[args[0]]
        where = {"char": char_name(args[0], lang), "strength": drafted.strength}
        if drafted.set == "classic":
            return t(lang, "Play {char} (classic side, strength {strength})", **where)
        return t(lang, "Play {char} (Deluxe side, strength {strength})", **where)
    if verb == "pick-special":
        return t(lang, "Keep {card}", card=special_name(args[0], lang))
    return action.text


def _describe_move(state: State, role: str, char: str, dest: str, lang: str) -> str:
    origin = state["pos"].get(char)
    where = {
        "char": char_name(char, lang),
        "origin": region_name(origin, lang) if origin else "?",
        "to": region_name(dest, lang),
    }
    enemy = SAURON if role == FELLOWSHIP else FELLOWSHIP
    attack = any(r == dest and CHARS[c].side == enemy for c, r in state["pos"].items())
    tunnel = is_tunnel(role, origin, dest, destinations(state, char).get(dest))
    if attack and tunnel:
        return t(lang, "{char}: {origin} → {to} (attack) through the Tunnel of Moria", **where)
    if attack:
        return t(lang, "{char}: {origin} → {to} (attack)", **where)
    if tunnel:
        return t(lang, "{char}: {origin} → {to} through the Tunnel of Moria", **where)
    return t(lang, "{char}: {origin} → {to}", **where)


def describe_group(state: State, role: str, verb: str, first: str, lang: str = SOURCE) -> str:
    name = describe_arg(state, role, verb, 0, first, lang)
    if verb == "place":
        return t(lang, "Place {name}…", name=name)
    if verb == "move":
        return t(lang, "Move {name}…", name=name)
    if verb in ("special", "card"):
        return t(lang, "Play {name}…", name=name)
    if verb == "target":
        return t(lang, "Attack {name}…", name=name)
    if verb == "retreat":
        return t(lang, "Retreat to {name}…", name=name)
    if verb == "draft":
        return t(lang, "Draft {name}…", name=name)
    if verb == "pick-special":
        return t(lang, "Keep {name}…", name=name)
    if verb == "unplace":
        return t(lang, "Take back {name}…", name=name)
    return t(lang, "{name}…", name=name)


def _decline_label(state: State, lang: str) -> str:
    step = state["stack"][-1]["step"] if state["stack"] else ""
    frame = state["stack"][-1] if state["stack"] else {}
    if step == "ambush":
        return t(lang, "Let it pass")
    if step == "choose_retreat" and (frame.get("ask") or {}).get("worm"):
        return t(lang, "Wormtongue stays and falls")
    if step == "fellowship_ability":
        return t(lang, "Fight on")
    return t(lang, "Do not use it")


def _ability_label(state: State, ability: str, lang: str) -> str:
    if ability == "sam":
        frame = battle_frame(state)
        if frame is not None and frame.get("fight") and frame["fight"]["fellowship"] == "sam":
            return t(lang, "Sam: reveal Frodo beside him and fight at strength 5")
    labels = _ability_labels(lang)
    return labels.get(ability) or t(lang, "Use {ability}", ability=ability)


def _describe_special(state: State, role: str, args: tuple[str, ...], lang: str) -> str:
    card, *rest = args
    name = special_name(card, lang)
    if card in ("shadowfax", "dark_of_mordor") and len(rest) == 2:
        return t(
            lang,
            "Play {card}: {char} → {region}",
            card=name,
            char=char_name(rest[0], lang),
            region=region_name(rest[1], lang),
        )
    if rest:
        target = rest[-1]
        if target in REGIONS:
            return t(lang, "Play {card} on {region}", card=name, region=region_name(target, lang))
        if target in CHARS:
            if CHARS[target].side == role:
                named = who(state, target, role, lang)
            elif state["options"].get("variant") == "draft":
                named = char_label(target, lang)
            else:
                named = char_name(target, lang)
            return t(lang, "Play {card}: {char}", card=name, char=named)
    return t(lang, "Play {card}", card=name)


def describe_arg(state: State, role: str, verb: str, index: int, value: str, lang: str = SOURCE) -> str:
    if verb == "ability" and index == 0 and value in ABILITY_LABELS:
        return _ability_label(state, value, lang)
    if value in REGIONS:
        return region_name(value, lang)
    if value == "hidden":
        return t(lang, "a hidden character")
    if verb in ("card",) and value in CARDS.get(role, {}):
        return card_name(role, value, lang)
    if value in SPECIALS and verb in ("special", "pick-special"):
        return special_name(value, lang)
    if value in CHARS:
        return char_name(value, lang)
    return value.replace("_", " ").replace("-", " ").title()
