"""Actions and their arguments in words, as the acting player sees them: button and menu
labels, autocomplete values, the first step of a long list ("Place Frodo…")."""

from __future__ import annotations

from games.core import Action, State

from .battle import battle_frame
from .board import who
from .data import CARDS, CHARS, FELLOWSHIP, REGIONS, SAURON, SPECIALS, char_label, char_name, region_name
from .moves import destinations
from .turn import is_tunnel

ABILITY_LABELS = {
    "balrog": "Reveal the Balrog: ambush in the Tunnel of Moria",
    "sam": "Sam fights in Frodo's place",
    "aragorn": "Aragorn: no cards in this battle",
    "saruman": "Use Saruman's ability",
    "mouth": "Mouth of Sauron: exchange your card for the 4",
    "gandalf": "Gandalf: +1 to this battle",
    "smeagol": "Sméagol swaps places",
}


SAM_STRENGTH_LABEL = "Sam: reveal Frodo beside him and fight at strength 5"


def describe(state: State, role: str, action: Action) -> str:
    verb, args = action.verb, action.args
    if verb == "move":
        char, dest = args
        origin = state["pos"].get(char)
        text = f"{char_name(char)}: {region_name(origin) if origin else '?'} → {region_name(dest)}"
        enemy = SAURON if role == FELLOWSHIP else FELLOWSHIP
        if any(r == dest and CHARS[c].side == enemy for c, r in state["pos"].items()):
            text += " (attack)"
        if is_tunnel(role, origin, dest, destinations(state, char).get(dest)):
            text += " through the Tunnel of Moria"
        return text
    if verb == "target":
        return "Attack a hidden character" if args[0] == "hidden" else f"Attack {char_name(args[0])}"
    if verb == "card":
        return f"Play {CARDS[role][args[0]].name}"
    if verb == "retreat":
        return f"Retreat to {region_name(args[0])}"
    if verb == "ability":
        if args[0] == "smeagol" and len(args) > 1:
            return f"Sméagol swaps places with {char_name(args[1])}"
        return _ability_label(state, args[0])
    if verb == "decline":
        return _decline_label(state)
    if verb == "special":
        return _describe_special(state, role, args)
    if verb == "place":
        return f"Place {char_name(args[0])} in {region_name(args[1])}"
    if verb == "unplace":
        return f"Take back {char_name(args[0])}"
    if verb == "autoplace":
        return "Place the rest at random"
    if verb == "ready":
        return "Confirm setup"
    if verb == "draft":
        drafted = CHARS[args[0]]
        side = "classic" if drafted.set == "classic" else "Deluxe"
        return f"Play {drafted.name} ({side} side, strength {drafted.strength})"
    if verb == "pick-special":
        return f"Keep {SPECIALS[args[0]].name}"
    return action.text


def describe_group(state: State, role: str, verb: str, first: str) -> str:
    name = describe_arg(state, role, verb, 0, first)
    return {"place": f"Place {name}…", "move": f"Move {name}…", "special": f"Play {name}…"}.get(
        verb, f"{verb.replace('-', ' ').capitalize()} {name}…"
    )


def _decline_label(state: State) -> str:
    step = state["stack"][-1]["step"] if state["stack"] else ""
    frame = state["stack"][-1] if state["stack"] else {}
    if step == "ambush":
        return "Let it pass"
    if step == "choose_retreat" and (frame.get("ask") or {}).get("worm"):
        return "Wormtongue stays and falls"
    if step == "fellowship_ability":
        return "Fight on"
    return "Do not use it"


def _ability_label(state: State, ability: str) -> str:
    if ability == "sam":
        frame = battle_frame(state)
        if frame is not None and frame.get("fight") and frame["fight"]["fellowship"] == "sam":
            return SAM_STRENGTH_LABEL
    return ABILITY_LABELS.get(ability, f"Use {ability}")


def _describe_special(state: State, role: str, args: tuple[str, ...]) -> str:
    card, *rest = args
    text = f"Play {SPECIALS[card].name}"
    if card in ("shadowfax", "dark_of_mordor") and len(rest) == 2:
        return f"{text}: {char_name(rest[0])} → {region_name(rest[1])}"
    if rest:
        target = rest[-1]
        if target in REGIONS:
            return f"{text} on {region_name(target)}"
        if target in CHARS:
            if CHARS[target].side == role:
                return f"{text}: {who(state, target, role)}"
            named = char_label(target) if state["options"].get("variant") == "draft" else char_name(target)
            return f"{text}: {named}"
    return text


def describe_arg(state: State, role: str, verb: str, index: int, value: str) -> str:
    if verb == "ability" and index == 0 and value in ABILITY_LABELS:
        return _ability_label(state, value)
    if value in REGIONS:
        return region_name(value)
    if value == "hidden":
        return "a hidden character"
    if verb in ("card",) and value in CARDS.get(role, {}):
        return CARDS[role][value].name
    if value in SPECIALS and verb in ("special", "pick-special"):
        return SPECIALS[value].name
    if value in CHARS:
        return char_name(value)
    return ABILITY_LABELS.get(value, value.replace("_", " ").replace("-", " ").title())
