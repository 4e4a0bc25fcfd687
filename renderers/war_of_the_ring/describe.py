"""What the War of the Ring picture shows, in words (the attachment's alt text), from the view only,
in the picture's language (``describe(view, lang=…)``, by default the view's ``lang``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import view as v
from .icons import FACE_NAMES
from .layout import load_layout
from .panels import audience_text, prompt_text, turn_text
from .theme import FREE, NATIONS, SHADOW, SIDES
from .words import (
    commas,
    english,
    full_stop,
    layout_region,
    nation_short,
    ntr,
    picture_language,
    ptr,
    semicolons,
    sentences,
    speaking,
    tr,
)

LIMIT = 1024


def _units(rows: list[tuple[str, int, int, int]]) -> str:
    parts = []
    for nation, regular, elite, leader in rows:
        # (English keeps "3 regular": the counts read as a table's columns)
        bits = [
            ntr("{count} regular", "{count} regular", regular) if regular else "",
            ntr("{count} elite", "{count} elite", elite) if elite else "",
        ]
        if leader:
            bits.append(
                ntr("{count} Nazgûl", "{count} Nazgûl", leader)
                if nation == "sauron"
                else ntr("{count} leader", "{count} leaders", leader)
            )
        counted = [b for b in bits if b]
        parts.append(
            tr(
                "{nation} {units}",
                nation=nation_short(nation),
                units=" ".join(counted) if english() else commas(counted),
            )
        )
    return commas(parts)


def _engines(side: str, n: int) -> str:
    if side == FREE:
        return ntr("{count} Trebuchet", "{count} Trebuchets", n)
    return ntr("{count} Siege Tower", "{count} Siege Towers", n)


def _region(entry: Mapping[str, Any], names: Mapping[str, str]) -> str:
    slug = str(entry.get("id"))
    head = layout_region(names, slug)
    tags = []
    if entry.get("besieged"):
        tags.append(tr("besieged"))
    if entry.get("control") in SIDES:
        tags.append(tr("held by the {side}", side=v.side_title(entry["control"])))
    text = tr("{region} ({tags})", region=head, tags=commas(tags)) if tags else head
    bits = []
    outside = v.units(entry.get("units"))
    if outside:
        bits.append(_units(outside))
    characters = [v.character_name(c, short=True) for c in v.sequence(entry.get("characters"))]
    if characters:
        bits.append(commas(characters))
    garrison = v.units(entry.get("garrison"))
    inside = [v.character_name(c, short=True) for c in v.sequence(entry.get("garrison_characters"))]
    if garrison or inside:
        within = commas([p for p in (_units(garrison), commas(inside)) if p])
        bits.append(tr("garrison {units}", units=within))
    engines = v.mapping(entry.get("engines"))
    if engines:  # Twilight of the Third Age
        bits.append(
            commas([_engines(side, v.number(engines.get(side))) for side in SIDES if engines.get(side)])
        )
    ents = v.number(entry.get("ents"))
    if ents:
        bits.append(ntr("{count} Ent", "{count} Ents", ents))
    ships = v.number(entry.get("ships"))
    if ships:
        bits.append(ntr("{count} Corsair Ship", "{count} Corsair Ships", ships))
    return tr("{region}: {things}", region=text, things=semicolons(bits)) if bits else text


def _fellowship(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    fs = v.fellowship(view)
    if not fs:
        return ""
    revealed = bool(fs.get("revealed"))
    where = fs.get("region")
    mordor = fs.get("mordor")
    corruption = v.number(fs.get("corruption"))
    if where is None and isinstance(mordor, int):
        if revealed:
            text = tr(
                "The Fellowship is revealed, on the Mordor Track, step {step} of 5; "
                "corruption {corruption} of 12.",
                step=mordor,
                corruption=corruption,
            )
        else:
            text = tr(
                "The Fellowship is hidden, on the Mordor Track, step {step} of 5; "
                "corruption {corruption} of 12.",
                step=mordor,
                corruption=corruption,
            )
    else:
        place = layout_region(names, str(where))
        progress = v.number(fs.get("progress"))
        if revealed:
            text = tr(
                "The Fellowship is revealed, last seen at {region}, progress {progress}; "
                "corruption {corruption} of 12.",
                region=place,
                progress=progress,
                corruption=corruption,
            )
        else:
            text = tr(
                "The Fellowship is hidden, last seen at {region}, progress {progress}; "
                "corruption {corruption} of 12.",
                region=place,
                progress=progress,
                corruption=corruption,
            )
    said = [text]
    guide = fs.get("guide")
    companions = [v.character_name(c, short=True) for c in v.sequence(fs.get("companions")) if c != guide]
    piece = v.smeagol_piece(view)  # Twilight of the Third Age: the Gollum piece's side
    if guide:
        shown = "smeagol" if guide == "gollum" and piece == "smeagol" else guide
        name = v.character_name(shown, short=True)
        if companions:
            said.append(tr("Guide: {guide}; with {companions}.", guide=name, companions=commas(companions)))
        else:
            said.append(tr("Guide: {guide}.", guide=name))
    if piece is not None:
        said.append(
            tr(
                "{name} shows on his piece; {card}: {state}.",
                name=v.character_name(piece),
                card=v.card_name("we_shall_get_it"),
                state=v.we_shall_get_it_words(view),
            )
        )
    return sentences(said)


def _politics(view: Mapping[str, Any]) -> str:
    politics = v.mapping(view.get("politics"))
    at_war = [
        nation_short(n)
        for n in NATIONS
        if v.mapping(politics.get(n)) and v.number(v.mapping(politics.get(n)).get("steps"), 3) == 0
    ]
    others = []
    for nation in NATIONS:
        entry = v.mapping(politics.get(nation))
        steps = v.number(entry.get("steps"), 3)
        if entry and steps:
            if entry.get("active"):
                others.append(tr("{nation} {steps}", nation=nation_short(nation), steps=steps))
            else:
                others.append(tr("{nation} {steps} passive", nation=nation_short(nation), steps=steps))
    parts = []
    if at_war:
        parts.append(tr("at war: {nations}", nations=commas(at_war)))
    if others:
        parts.append(tr("steps from war: {nations}", nations=commas(others)))
    return tr("Politics: {parts}.", parts=semicolons(parts)) if parts else ""


def _dice(view: Mapping[str, Any]) -> str:
    dice = v.mapping(view.get("dice"))
    parts = []
    for side in SIDES:
        pool = v.mapping(dice.get(side))
        unused = [
            tr(FACE_NAMES[str(f)]) if str(f) in FACE_NAMES else str(f) for f in v.sequence(pool.get("unused"))
        ]
        used = v.sequence(pool.get("used"))
        if unused or used:
            parts.append(
                tr(
                    "{side} dice {faces} unused, {used} used",
                    side=v.side_title(side),
                    faces=commas(unused) or tr("none"),
                    used=len(used),
                )
            )
    hunt = v.mapping(view.get("hunt"))
    box = v.mapping(hunt.get("box"))
    if hunt:
        parts.append(
            tr(
                "Hunt Box dice: Shadow {shadow}, Free Peoples {free}; "
                "Hunt tiles: {pool} in the pool, {drawn} drawn",
                shadow=v.number(box.get("shadow")),
                free=v.number(box.get("free")),
                pool=v.number(hunt.get("pool")),
                drawn=len(v.sequence(hunt.get("drawn"))),
            )
        )
    rings = v.mapping(view.get("rings"))
    if rings:
        parts.append(
            tr(
                "Elven Rings: Free {free}, Shadow {shadow}",
                free=v.number(rings.get(FREE)),
                shadow=v.number(rings.get(SHADOW)),
            )
        )
    return tr("{parts}.", parts=semicolons(parts)) if parts else ""


def _cards(view: Mapping[str, Any]) -> str:
    cards = v.mapping(view.get("cards"))
    you = v.audience(view)
    parts = []
    for side in SIDES:
        entry = v.mapping(cards.get(side))
        if not entry:
            continue
        count = v.number(entry.get("hand_count"))
        hand = entry.get("hand")
        if side == you and isinstance(hand, list) and hand:
            parts.append(
                ntr(
                    "{side} {count} card in hand ({cards})",
                    "{side} {count} cards in hand ({cards})",
                    count,
                    side=v.side_title(side),
                    cards=commas([v.card_name(c) for c in hand]),
                )
            )
        else:
            parts.append(
                ntr(
                    "{side} {count} card in hand",
                    "{side} {count} cards in hand",
                    count,
                    side=v.side_title(side),
                )
            )
    return tr("Cards: {parts}.", parts=semicolons(parts)) if parts else ""


def describe(view: Mapping[str, Any], limit: int = LIMIT, lang: str | None = None) -> str:
    """One paragraph, built only from ``view``, at most ``limit`` characters, in ``lang`` (by
    default the view's ``lang``)."""
    with speaking(picture_language(view, lang)):
        return _describe(view, limit)


def _describe(view: Mapping[str, Any], limit: int) -> str:
    names = load_layout("compact").names
    who, warning = audience_text(view)
    number, phase = turn_text(view)
    audience = tr("{audience} ({warning})", audience=who, warning=warning) if warning else who
    if phase:
        when = tr("Turn {number}, {phase}", number=number, phase=phase.lower())
    else:
        when = tr("Turn {number}", number=number)
    game = "War of the Ring" if english() else ptr("game", "War of the Ring")
    parts = [
        tr(
            "{game}, {audience}. {when}: {headline}.",
            game=game,
            audience=audience,
            when=when,
            headline=v.headline(view),
        )
    ]
    prompt = prompt_text(view)
    if prompt:
        parts.append(prompt if english() and prompt.endswith((".", "!", "?")) else full_stop(prompt))
    battle = v.mapping(view.get("battle"))
    if battle:
        where = layout_region(names, str(battle.get("region")))
        side = v.side_title(battle.get("attacker"))
        rounds = v.number(battle.get("round"), 1)
        if battle.get("siege"):
            parts.append(
                tr(
                    "Battle at {region}: the {side} attacks in a siege, round {round}.",
                    region=where,
                    side=side,
                    round=rounds,
                )
            )
        else:
            parts.append(
                tr(
                    "Battle at {region}: the {side} attacks, round {round}.",
                    region=where,
                    side=side,
                    round=rounds,
                )
            )
    last = v.mapping(view.get("last"))
    if last.get("text"):
        text = str(last["text"])
        parts.append(tr("Last: {action}", action=full_stop(text)))
    vp = v.mapping(view.get("vp"))
    if vp:
        parts.append(
            tr(
                "Victory points: Free Peoples {free}, Shadow {shadow}.",
                free=v.number(vp.get(FREE)),
                shadow=v.number(vp.get(SHADOW)),
            )
        )
    parts.append(_fellowship(view, names))
    parts.append(_politics(view))
    parts.append(_cards(view))
    parts.append(_dice(view))
    regions = [_region(entry, names) for entry in v.regions(view)]
    if regions:
        parts.append(tr("Map: {regions}.", regions=semicolons(regions)))
    text = sentences([part for part in parts if part])
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
