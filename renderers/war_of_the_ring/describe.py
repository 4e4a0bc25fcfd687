"""What the War of the Ring picture shows, in words (the attachment's alt text), from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import theme
from . import view as v
from .icons import FACE_NAMES
from .layout import load_layout
from .panels import audience_text, prompt_text, turn_text
from .theme import FREE, NATIONS, SHADOW, SIDES

LIMIT = 1024


def _units(rows: list[tuple[str, int, int, int]]) -> str:
    parts = []
    for nation, regular, elite, leader in rows:
        bits = [f"{regular} regular" if regular else "", f"{elite} elite" if elite else ""]
        if leader:
            bits.append(
                f"{leader} Nazgûl" if nation == "sauron" else f"{leader} leader{'s' if leader > 1 else ''}"
            )
        parts.append(f"{theme.NATION_SHORT.get(nation, nation)} " + " ".join(b for b in bits if b))
    return ", ".join(parts)


def _engines(side: str, n: int) -> str:
    name = "Trebuchet" if side == FREE else "Siege Tower"
    return f"{n} {name}{'s' if n > 1 else ''}"


def _region(entry: Mapping[str, Any], names: Mapping[str, str]) -> str:
    slug = str(entry.get("id"))
    head = names.get(slug, slug)
    tags = []
    if entry.get("besieged"):
        tags.append("besieged")
    if entry.get("control") in SIDES:
        tags.append(f"held by the {v.side_title(entry['control'])}")
    text = head + (f" ({', '.join(tags)})" if tags else "")
    bits = []
    outside = v.units(entry.get("units"))
    if outside:
        bits.append(_units(outside))
    characters = [v.character_name(c, short=True) for c in v.sequence(entry.get("characters"))]
    if characters:
        bits.append(", ".join(characters))
    garrison = v.units(entry.get("garrison"))
    inside = [v.character_name(c, short=True) for c in v.sequence(entry.get("garrison_characters"))]
    if garrison or inside:
        bits.append("garrison " + ", ".join(p for p in (_units(garrison), ", ".join(inside)) if p))
    engines = v.mapping(entry.get("engines"))
    if engines:  # Twilight of the Third Age
        bits.append(
            ", ".join(_engines(side, v.number(engines.get(side))) for side in SIDES if engines.get(side))
        )
    ents = v.number(entry.get("ents"))
    if ents:
        bits.append(f"{ents} Ent{'s' if ents > 1 else ''}")
    ships = v.number(entry.get("ships"))
    if ships:
        bits.append(f"{ships} Corsair Ship{'s' if ships > 1 else ''}")
    return text + (": " + "; ".join(bits) if bits else "")


def _fellowship(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    fs = v.fellowship(view)
    if not fs:
        return ""
    state = "revealed" if fs.get("revealed") else "hidden"
    where = fs.get("region")
    mordor = fs.get("mordor")
    if where is None and isinstance(mordor, int):
        place = f"on the Mordor Track, step {mordor} of 5"
    else:
        place = f"last seen at {names.get(str(where), str(where))}, progress {v.number(fs.get('progress'))}"
    text = f"The Fellowship is {state}, {place}; corruption {v.number(fs.get('corruption'))} of 12."
    guide = fs.get("guide")
    companions = [v.character_name(c, short=True) for c in v.sequence(fs.get("companions")) if c != guide]
    piece = v.smeagol_piece(view)  # Twilight of the Third Age: the Gollum piece's side
    if guide:
        shown = "smeagol" if guide == "gollum" and piece == "smeagol" else guide
        text += f" Guide: {v.character_name(shown, short=True)}"
        text += f"; with {', '.join(companions)}." if companions else "."
    if piece is not None:
        text += (
            f" {'Sméagol' if piece == 'smeagol' else 'Gollum'} shows on his piece;"
            f" We Shall Get It: {v.we_shall_get_it_words(view)}."
        )
    return text


def _politics(view: Mapping[str, Any]) -> str:
    politics = v.mapping(view.get("politics"))
    at_war = [
        theme.NATION_SHORT[n]
        for n in NATIONS
        if v.mapping(politics.get(n)) and v.number(v.mapping(politics.get(n)).get("steps"), 3) == 0
    ]
    others = []
    for nation in NATIONS:
        entry = v.mapping(politics.get(nation))
        steps = v.number(entry.get("steps"), 3)
        if entry and steps:
            others.append(f"{theme.NATION_SHORT[nation]} {steps}{'' if entry.get('active') else ' passive'}")
    parts = []
    if at_war:
        parts.append("at war: " + ", ".join(at_war))
    if others:
        parts.append("steps from war: " + ", ".join(others))
    return ("Politics: " + "; ".join(parts) + ".") if parts else ""


def _dice(view: Mapping[str, Any]) -> str:
    dice = v.mapping(view.get("dice"))
    parts = []
    for side in SIDES:
        pool = v.mapping(dice.get(side))
        unused = [FACE_NAMES.get(str(f), str(f)) for f in v.sequence(pool.get("unused"))]
        used = v.sequence(pool.get("used"))
        if unused or used:
            parts.append(f"{v.side_title(side)} dice {', '.join(unused) or 'none'} unused, {len(used)} used")
    hunt = v.mapping(view.get("hunt"))
    box = v.mapping(hunt.get("box"))
    if hunt:
        parts.append(
            f"Hunt Box {v.number(box.get('shadow'))} Shadow and {v.number(box.get('free'))} Free dice, "
            f"{v.number(hunt.get('pool'))} tiles in the pool, {len(v.sequence(hunt.get('drawn')))} drawn"
        )
    rings = v.mapping(view.get("rings"))
    if rings:
        parts.append(f"Elven Rings: Free {v.number(rings.get(FREE))}, Shadow {v.number(rings.get(SHADOW))}")
    return ("; ".join(parts) + ".") if parts else ""


def _cards(view: Mapping[str, Any]) -> str:
    cards = v.mapping(view.get("cards"))
    you = v.audience(view)
    parts = []
    for side in SIDES:
        entry = v.mapping(cards.get(side))
        if not entry:
            continue
        text = f"{v.side_title(side)} {v.number(entry.get('hand_count'))} cards in hand"
        hand = entry.get("hand")
        if side == you and isinstance(hand, list) and hand:
            text += " (" + ", ".join(v.card_name(c) for c in hand) + ")"
        parts.append(text)
    return ("Cards: " + "; ".join(parts) + ".") if parts else ""


def describe(view: Mapping[str, Any], limit: int = LIMIT) -> str:
    """One paragraph, built only from ``view``, at most ``limit`` characters."""
    names = load_layout("compact").names
    who, warning = audience_text(view)
    number, phase = turn_text(view)
    audience = f"{who} ({warning})" if warning else who
    when = f"Turn {number}, {phase.lower()}" if phase else f"Turn {number}"
    parts = [f"War of the Ring, {audience}. {when}: {v.headline(view)}."]
    prompt = prompt_text(view)
    if prompt:
        parts.append(prompt if prompt.endswith((".", "!", "?")) else prompt + ".")
    battle = v.mapping(view.get("battle"))
    if battle:
        where = names.get(str(battle.get("region")), str(battle.get("region")))
        parts.append(
            f"Battle at {where}: the {v.side_title(battle.get('attacker'))} attacks"
            f"{' in a siege' if battle.get('siege') else ''}, round {v.number(battle.get('round'), 1)}."
        )
    last = v.mapping(view.get("last"))
    if last.get("text"):
        text = str(last["text"])
        parts.append("Last: " + (text if text.endswith((".", "!", "?")) else text + "."))
    vp = v.mapping(view.get("vp"))
    if vp:
        parts.append(
            f"Victory points: Free Peoples {v.number(vp.get(FREE))}, Shadow {v.number(vp.get(SHADOW))}."
        )
    parts.append(_fellowship(view, names))
    parts.append(_politics(view))
    parts.append(_cards(view))
    parts.append(_dice(view))
    regions = [_region(entry, names) for entry in v.regions(view)]
    if regions:
        parts.append("Map: " + "; ".join(regions) + ".")
    text = " ".join(part for part in parts if part)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
