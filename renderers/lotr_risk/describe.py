"""What the Risk picture shows, in words (the attachment's alt text), from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import view as v
from .layout import load_layout
from .panels import _lost, audience_text, last_text, prompt_text, revealed_hands, turn_text

LIMIT = 1024
BOARDS = {"middle-earth": "Middle-earth board", "trilogy": "Trilogy board"}


def _player(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    role = entry.get("role")
    bits = []
    allegiance = {"good": "Good", "evil": "Evil"}.get(str(entry.get("allegiance")))
    head = v.label(view, role) + (f" ({allegiance})" if allegiance and v.lotr(view) else "")
    if entry.get("eliminated"):
        return f"{head} is eliminated"
    bits.append(f"{entry.get('territories', 0)} territories, {entry.get('battalions', 0)} battalions")
    if entry.get("reinforcements") is not None:
        bits.append(f"+{entry['reinforcements']} reinforcements")
    bits.append(f"{entry.get('cards', 0)} cards")
    if v.lotr(view):
        bits.append(f"{entry.get('adventure_cards', 0)} adventure cards")
        if entry.get("score") is not None:
            bits.append(f"score {entry['score']}")
    return f"{head}: " + ", ".join(bits)


def _regions(view: Mapping[str, Any], names: Mapping[str, str], order: list[str]) -> str:
    held: dict[str, dict[str, int]] = {}
    for territory in view.get("territories") or []:
        region = str(territory.get("region") or "")
        owner = territory.get("owner")
        who = "empty" if owner is None else v.name(view, owner)
        held.setdefault(region, {})
        held[region][who] = held[region].get(who, 0) + 1
    parts = []
    for region in order + [r for r in held if r not in order]:
        if region in held:
            counts = ", ".join(f"{who} {n}" for who, n in sorted(held[region].items(), key=lambda kv: -kv[1]))
            parts.append(f"{names.get(region, region.title())}: {counts}")
    return "; ".join(parts)


def _ring(view: Mapping[str, Any], layout_places: Mapping[str, str | None], names: Mapping[str, str]) -> str:
    ring = view.get("ring")
    if not v.lotr(view) or not isinstance(ring, Mapping):
        return ""
    territory = ring.get("territory")
    where = v.territory_name(view, names, territory)
    place = layout_places.get(str(territory))
    at = f"{place} ({where})" if place else where
    if ring.get("done"):
        return f"The Ring's journey is over (last at {at})."
    step, steps = ring.get("step"), ring.get("steps")
    count = f", space {int(step) + 1} of {steps}" if isinstance(step, int) and steps else ""
    return f"The Ring is at {at}{count}{', a die space' if ring.get('die') else ''}."


def _battle(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    battle = view.get("battle")
    if not isinstance(battle, Mapping):
        return ""
    attacker, defender = battle.get("attacker"), battle.get("defender")
    text = (
        f"Battle: {v.name(view, attacker)} attacks {v.territory_name(view, names, battle.get('to'))} "
        f"({'the neutral army' if defender == 'neutral' else v.name(view, defender)}) "
        f"from {v.territory_name(view, names, battle.get('from'))}."
    )
    roll = battle.get("last_roll")
    if isinstance(roll, Mapping):
        attack = [int(x) for x in roll.get("attack") or []]
        defence = [int(x) for x in roll.get("defence") or []]
        lost_a, lost_d = _lost(roll, attack, defence)
        text += (
            f" Last roll: attack {', '.join(map(str, attack))}"
            f" against defence {', '.join(map(str, defence))};"
            f" attacker loses {lost_a}, defender loses {lost_d}."
        )
    return text


def _hand(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    hand = view.get("hand")
    if view.get("audience") is None or not isinstance(hand, Mapping):
        return ""
    cards = []
    for card in hand.get("territory") or []:
        card_id = str(card.get("id") if isinstance(card, Mapping) else card)
        if card_id.startswith("wild"):
            cards.append("a wild card")
        else:
            name = card.get("name") if isinstance(card, Mapping) else None
            cards.append(str(name or names.get(card_id, card_id)))
    adventure = [v.card_name(card) for card in hand.get("adventure") or []] if v.lotr(view) else []
    text = f"Your territory cards: {', '.join(cards) or 'none'}."
    if adventure:
        text += f" Your adventure cards: {', '.join(adventure)}."
    return text


def describe(view: Mapping[str, Any], limit: int = LIMIT) -> str:
    """One paragraph, built only from ``view``, at most ``limit`` characters."""
    edition = v.edition(view)
    layout = load_layout(edition, "compact")
    names = layout.names
    number, phase = turn_text(view)
    who, warning = audience_text(view)
    turn = "set-up" if number == "SET-UP" else f"turn {number}"
    game = "Lord of the Rings game" if v.lotr(view) else "plain Risk"
    head = f"{BOARDS.get(edition, edition)}, {game}, {turn}"
    head += f"{' (' + phase.lower() + ')' if phase and number != 'SET-UP' else ''}: {v.headline(view)}."
    parts = [f"{who}{' (' + warning + ')' if warning else ''}. {head}"]
    prompt = prompt_text(view)
    if prompt:
        parts.append(prompt if prompt.endswith((".", "!", "?")) else prompt + ".")
    parts.append(_battle(view, names))
    last = last_text(view, layout)
    if last:
        parts.append(last + ".")
    parts.append("; ".join(_player(view, p) for p in v.players(view)) + ".")
    neutral = view.get("neutral")
    if isinstance(neutral, Mapping):
        parts.append(
            f"Neutral army: {neutral.get('territories', 0)} territories,"
            f" {neutral.get('battalions', 0)} battalions."
        )
    places = {space.territory: space.place for space in layout.ring_path}
    parts.append(_ring(view, places, names))
    parts.append(_hand(view, names))
    parts.extend(f"{line}." for line in revealed_hands(view))
    effects = [
        str(e.get("text")) for e in view.get("effects") or [] if isinstance(e, Mapping) and e.get("text")
    ]
    if effects:
        parts.append("In force: " + "; ".join(effects) + ".")
    parts.append("Held by region: " + _regions(view, layout.region_names, list(layout.region_names)) + ".")
    text = " ".join(part for part in parts if part)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
