"""What the Risk picture shows, in words (the attachment's alt text), from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import view as v
from .layout import load_layout
from .panels import SETUP, _lost, audience_text, last_text, prompt_text, revealed_hands, turn_text
from .words import mark, place_name, region_name, speaking, tr

LIMIT = 1024
BOARDS = {"middle-earth": mark("Middle-earth board"), "trilogy": mark("Trilogy board")}


def _player(view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    role = entry.get("role")
    bits = []
    head = v.label(view, role)
    if v.lotr(view) and entry.get("allegiance") == "good":
        head = tr("{name} (Good)", name=head)
    elif v.lotr(view) and entry.get("allegiance") == "evil":
        head = tr("{name} (Evil)", name=head)
    if entry.get("eliminated"):
        return tr("{name} is eliminated", name=head)
    bits.append(
        tr(
            "{territories} territories, {battalions} battalions",
            territories=entry.get("territories", 0),
            battalions=entry.get("battalions", 0),
        )
    )
    if entry.get("reinforcements") is not None:
        bits.append(tr("+{count} reinforcements", count=entry["reinforcements"]))
    bits.append(tr("{count} cards", count=entry.get("cards", 0)))
    if v.lotr(view):
        bits.append(tr("{count} adventure cards", count=entry.get("adventure_cards", 0)))
        if entry.get("score") is not None:
            bits.append(tr("score {score}", score=entry["score"]))
    return tr("{name}: {parts}", name=head, parts=tr(", ").join(bits))


def _regions(view: Mapping[str, Any], names: Mapping[str, str], order: list[str]) -> str:
    held: dict[str, dict[str, int]] = {}
    for territory in view.get("territories") or []:
        region = str(territory.get("region") or "")
        owner = territory.get("owner")
        who = tr("empty") if owner is None else v.name(view, owner)
        held.setdefault(region, {})
        held[region][who] = held[region].get(who, 0) + 1
    parts = []
    for region in order + [r for r in held if r not in order]:
        if region in held:
            counts = tr(", ").join(
                tr("{role} {number}", role=who, number=n)
                for who, n in sorted(held[region].items(), key=lambda kv: -kv[1])
            )
            parts.append(
                tr("{name}: {parts}", name=region_name(names.get(region, region.title())), parts=counts)
            )
    return tr("; ").join(parts)


def _ring(view: Mapping[str, Any], layout_places: Mapping[str, str | None], names: Mapping[str, str]) -> str:
    ring = view.get("ring")
    if not v.lotr(view) or not isinstance(ring, Mapping):
        return ""
    territory = ring.get("territory")
    where = v.territory_name(view, names, territory)
    place = layout_places.get(str(territory))
    place = place_name(place) if place else place
    at = tr("{territory} ({role})", territory=place, role=where) if place else where
    if ring.get("done"):
        return tr("The Ring's journey is over (last at {territory}).", territory=at)
    step, steps = ring.get("step"), ring.get("steps")
    die = bool(ring.get("die"))
    if isinstance(step, int) and steps:
        if die:
            return tr(
                "The Ring is at {territory}, space {step} of {steps}, a die space.",
                territory=at,
                step=int(step) + 1,
                steps=steps,
            )
        return tr(
            "The Ring is at {territory}, space {step} of {steps}.",
            territory=at,
            step=int(step) + 1,
            steps=steps,
        )
    if die:
        return tr("The Ring is at {territory}, a die space.", territory=at)
    return tr("The Ring is at {territory}.", territory=at)


def _battle(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    battle = view.get("battle")
    if not isinstance(battle, Mapping):
        return ""
    attacker, defender = battle.get("attacker"), battle.get("defender")
    text = tr(
        "Battle: {attacker} attacks {target} ({defender}) from {origin}.",
        attacker=v.name(view, attacker),
        target=v.territory_name(view, names, battle.get("to")),
        defender=tr("the neutral army") if defender == "neutral" else v.name(view, defender),
        origin=v.territory_name(view, names, battle.get("from")),
    )
    roll = battle.get("last_roll")
    if isinstance(roll, Mapping):
        attack = [int(x) for x in roll.get("attack") or []]
        defence = [int(x) for x in roll.get("defence") or []]
        lost_a, lost_d = _lost(roll, attack, defence)
        text = tr(
            "{before} Last roll: attack {attack} against defence {defence}; attacker loses {lost}, defender "
            "loses {defender_lost}.",
            before=text,
            attack=", ".join(map(str, attack)),
            defence=", ".join(map(str, defence)),
            lost=lost_a,
            defender_lost=lost_d,
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
            cards.append(tr("a wild card"))
        else:
            name = card.get("name") if isinstance(card, Mapping) else None
            cards.append(str(name or names.get(card_id, card_id)))
    adventure = [v.card_name(card) for card in hand.get("adventure") or []] if v.lotr(view) else []
    text = tr("Your territory cards: {cards}.", cards=tr(", ").join(cards) or tr("none"))
    if adventure:
        text = tr("{before} Your adventure cards: {cards}.", before=text, cards=tr(", ").join(adventure))
    return text


def describe(view: Mapping[str, Any], limit: int = LIMIT, lang: str | None = None) -> str:
    """One paragraph, built only from ``view``, at most ``limit`` characters, in ``lang`` (by
    default the view's ``lang``)."""
    with speaking(lang or str(view.get("lang") or "en")):
        return _describe(view, limit)


def _describe(view: Mapping[str, Any], limit: int) -> str:
    edition = v.edition(view)
    layout = load_layout(edition, "compact")
    names = layout.names
    number, phase = turn_text(view)
    who, warning = audience_text(view)
    board = tr(BOARDS[edition]) if edition in BOARDS else edition
    game = tr("Lord of the Rings game") if v.lotr(view) else tr("plain Risk")
    if number == SETUP:
        head = tr("{board}, {game}, set-up: {headline}.", board=board, game=game, headline=v.headline(view))
    elif phase:
        head = tr(
            "{board}, {game}, turn {number} ({phase}): {headline}.",
            board=board,
            game=game,
            number=number,
            phase=phase.lower(),
            headline=v.headline(view),
        )
    else:
        head = tr(
            "{board}, {game}, turn {number}: {headline}.",
            board=board,
            game=game,
            number=number,
            headline=v.headline(view),
        )
    if warning:
        parts = [tr("{who} ({warning}). {head}", who=who, warning=warning, head=head)]
    else:
        parts = [tr("{who}. {head}", who=who, head=head)]
    prompt = prompt_text(view)
    if prompt:
        parts.append(
            prompt
            if prompt.endswith((".", "!", "?", "。", "！", "？"))
            else tr("{sentence}.", sentence=prompt)
        )
    parts.append(_battle(view, names))
    last = last_text(view, layout)
    if last:
        parts.append(tr("{sentence}.", sentence=last))
    parts.append(tr("{sentence}.", sentence=tr("; ").join(_player(view, p) for p in v.players(view))))
    neutral = view.get("neutral")
    if isinstance(neutral, Mapping):
        parts.append(
            tr(
                "Neutral army: {territories} territories, {battalions} battalions.",
                territories=neutral.get("territories", 0),
                battalions=neutral.get("battalions", 0),
            )
        )
    places = {space.territory: space.place for space in layout.ring_path}
    parts.append(_ring(view, places, names))
    parts.append(_hand(view, names))
    parts.extend(tr("{sentence}.", sentence=line) for line in revealed_hands(view))
    effects = [
        str(e.get("text")) for e in view.get("effects") or [] if isinstance(e, Mapping) and e.get("text")
    ]
    if effects:
        parts.append(tr("In force: {effects}.", effects=tr("; ").join(effects)))
    parts.append(
        tr(
            "Held by region: {regions}.",
            regions=_regions(view, layout.region_names, list(layout.region_names)),
        )
    )
    text = ""
    for part in (p for p in parts if p):
        text = tr("{sentence} {next}", sentence=text, next=part) if text else part
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
