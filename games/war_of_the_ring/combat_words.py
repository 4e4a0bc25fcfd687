"""The words of Combat cards: the questions of the round (titles, instructions, waiting texts,
button labels) and the events of the cards' effects (merged into :mod:`.battle_words`).

A chosen card is never named before the reveal except to its owner: the waiting text names only
who still chooses, the owner's buttons name his own cards.

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("combat_cards_revealed", {"attacker": "shadow", "defender": "free",
...     "attacker_card": "shs_22", "defender_card": None})
'Combat cards: the Shadow plays Monsters Roused (Desperate Battle); the Free Peoples play none.'
>>> PRESENTER.text("combat_extra_hits", {"side": "free", "combat": "No Quarter", "hits": 1})
'No Quarter: the Free Peoples score 1 extra hit.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Action, State
from games.core.words import agree, counted, in_sentence, join_words, with_article

from .battle_figures import current
from .card_piles import seen
from .data import CARDS, CHARACTERS, FREE, NATIONS, REGIONS
from .grammar import plural
from .roles import nation_adjective, side_title

# -- the questions ------------------------------------------------------------------------------
QUESTIONS = {
    "nazgul_points": "Dread and Despair: how many points of Nazgûl Leadership to forfeit (each "
    "takes one Combat die from the Free Peoples, who keep at least one)?",
    "self_hits": "{effect}: how many hits to inflict on your own Army (removed at once)?",
    "silence": "Words of Power: choose a Companion whose Leadership and abilities do not count this round.",
    "forfeit_companion": "Mighty Attack: which Companion forfeits his Leadership to turn a missed die "
    "into a hit?",
    "sacrifice": "Heroic Death: sacrifice a Leader (cancels 1 hit) or a Companion (cancels hits up to his "
    "Level) before taking the hits, or none.",
}
DECLINE = {
    "Heroic Death": "Sacrifice no one",
    "Blade of Westernesse": "Keep the hit",
    "Black Breath": "Slay no one",
}
SLAY = {
    "Blade of Westernesse": "Blade of Westernesse: spend one hit of your re-roll to slay a Minion, or "
    "keep the hit.",
    "Fateful Strike": "Fateful Strike: choose whom your re-roll slays (a Nazgûl, or with 2 hits a Minion).",
    "Black Breath": "Black Breath: slay a Free Peoples Leader or a Companion in the battle, or spare them.",
}


def _where(state: State) -> str:
    return REGIONS[current(state)["region"]].name


def title(state: State, role: str) -> str:
    b = current(state)
    where, stage = _where(state), b["stage"]
    if stage == "cards":
        return f"Battle of {where}, round {b['round']}: Combat card"
    if stage == "scouts":
        return f"Battle of {where}: Scouts"
    return f"Battle of {where}, round {b['round']}: {b['fx']['ask']['effect']}"


def instruction(state: State, role: str) -> str:
    b = current(state)
    if b["stage"] == "cards":
        return (
            "Choose a Combat card to play this round, or none: it stays secret until both sides have "
            "chosen. Only cards whose combat condition holds now are offered."
        )
    if b["stage"] == "scouts":
        return (
            "Scouts: your Army leaves before the Combat roll — retreat to a free neighbouring "
            "region, or withdraw into the Stronghold."
        )
    question = b["fx"]["ask"]
    if question["what"] == "slay":
        return SLAY[question["effect"]]
    return QUESTIONS[question["what"]].format(effect=question["effect"])


def waiting(state: State) -> str:
    b = current(state)
    if b["stage"] == "cards":
        fx = b["fx"]
        who = join_words(f"the {side_title(s)}" for s in sorted(fx["asked"]) if s not in fx["chosen"])
        return f"Waiting for {who} to choose a Combat card in the battle of {_where(state)}."
    question = b["fx"]["ask"]
    return f"Waiting for the {side_title(question['side'])} ({question['effect']})."


def _target(value: str) -> str:
    if value == "nazgul":
        return "a Nazgûl"
    if value in NATIONS:
        return with_article(f"{nation_adjective(value)} Leader") if value != "sauron" else "a Nazgûl"
    return CHARACTERS[value].name


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Combat-card questions (``None``: not one of them)."""
    verb, args = action.verb, action.args
    if verb == "combat":
        card = CARDS[args[0]]
        half = card.combat.name if card.combat else "a Combat card"
        if args[0] in seen(state, "table", role):  # Balrog of Moria
            return f"Use {card.name} from the table as {half}"
        return f"Play {card.name} as {half}"
    words: dict[str, Callable[[], str]] = {
        "no-combat": lambda: "Play no Combat card",
        "self-hits": lambda: f"Inflict {plural(int(args[0]), 'hit')} on your own Army",
        "silence": lambda: f"Silence {CHARACTERS[args[0]].name}",
        "sacrifice": lambda: f"Sacrifice {_target(args[0])}",
        "slay": lambda: f"Slay {_target(args[0])}",
        "decline": lambda: DECLINE.get(str((current(state)["fx"] or {}).get("ask", {})["effect"]), "Decline"),
    }
    if verb == "forfeit":
        arg = args[0]
        if arg.isdigit():
            return f"Forfeit {arg} Nazgûl Leadership: the Free Peoples roll {plural(int(arg), 'die')} fewer"
        return f"{CHARACTERS[arg].name} forfeits his Leadership"
    make = words.get(verb)
    return make() if make is not None else None


# -- the events ---------------------------------------------------------------------------------
KINDS: dict[str, dict[str, str]] = {
    "combat_cards_revealed": {
        "attacker": "side",
        "defender": "side",
        "attacker_card": "text",
        "defender_card": "text",
    },
    "combat_card_cancelled": {"side": "side", "combat": "text", "by": "text"},
    "combat_no_effect": {"side": "side", "combat": "text"},
    "combat_extra_attack": {
        "side": "side",
        "combat": "text",
        "dice": "dice",
        "target": "number",
        "hits": "number",
    },
    "combat_self_hits": {"side": "side", "combat": "text", "hits": "number"},
    "combat_forfeit": {"side": "side", "combat": "text", "characters": "text", "points": "number"},
    "combat_dice_turned": {"side": "side", "combat": "text", "character": "character", "count": "number"},
    "combat_extra_hits": {"side": "side", "combat": "text", "hits": "number"},
    "combat_hits_cancelled": {
        "side": "side",
        "combat": "text",
        "hits": "number",
        "character": "text",
        "nation": "text",
    },
    "combat_slain": {"combat": "text", "character": "text", "nation": "text", "region": "region"},
    "combat_silenced": {"combat": "text", "character": "character"},
    "combat_scouts": {"side": "side", "region": "region"},
    "combat_sorcerer": {"deck": "deck"},
}

EN: dict[str, str] = {
    "combat_cards_revealed": "Combat cards: {attacker_words}; {defender_words}.",
    "combat_card_cancelled": "{by}: {whose_words} {combat} is cancelled.",
    "combat_no_effect": "{combat} has no effect.",
    "combat_extra_attack": "{combat}: the {side} {side:rolls|roll} {dice_words}{target_words}: {hits_words}.",
    "combat_self_hits": "{combat}: the {side} {side:inflicts|inflict} {hits_words} on {own_words} own Army.",
    "combat_forfeit": "{combat}: {forfeit_words}.",
    "combat_dice_turned": "{combat}: {character} forfeits his Leadership; {turned_words}.",
    "combat_extra_hits": "{combat}: the {side} {side:scores|score} {extra_words}.",
    "combat_hits_cancelled": "{combat}: {cancel_words}.",
    "combat_slain": "{combat}: {slain_words} in {region}.",
    "combat_silenced": "{combat}: {character}'s Leadership and abilities do not count this round.",
    "combat_scouts": "Scouts: the Army of the {side} leaves {region} before the Combat roll.",
    "combat_sorcerer": "Sorcerer: the Witch-king lets the Shadow draw a card from the {deck}.",
}


def _played(side: str, card: Any) -> str:
    plays = agree(side == FREE, "plays", "play")
    if not card:
        return f"the {side_title(side)} {plays} none"
    info = CARDS[str(card)]
    half = f" ({info.combat.name})" if info.combat else ""
    return f"the {side_title(side)} {plays} {info.name}{half}"


def _revealed(args: Mapping[str, Any]) -> dict[str, str]:
    return {
        "attacker_words": _played(str(args["attacker"]), args.get("attacker_card")),
        "defender_words": _played(str(args["defender"]), args.get("defender_card")),
    }


def _whose(args: Mapping[str, Any]) -> dict[str, str]:
    """``the Shadow's``, ``the Free Peoples'``."""
    side = str(args["side"])
    title = side_title(side)
    return {"whose_words": f"the {title}'" if side == FREE else f"the {title}'s"}


def _hits(args: Mapping[str, Any]) -> dict[str, str]:
    hits = int(args.get("hits", 0))
    target = int(args.get("target", 5))
    return {
        "hits_words": plural(hits, "hit") if hits else "none",
        "extra_words": plural(hits, "extra hit"),
        "dice_words": " ".join(str(d) for d in args.get("dice") or []) or "no dice",
        "target_words": f" (hitting on {target})" if target != 5 else "",
        "own_words": agree(args.get("side") == FREE, "its", "their"),
    }


def _forfeit(args: Mapping[str, Any]) -> dict[str, str]:
    names = [in_sentence(CHARACTERS[str(c)].name) for c in args.get("characters") or []]
    if names:
        many = len(names) > 1
        verb, their = agree(many, "forfeits", "forfeit"), agree(many, "his", "their")
        return {"forfeit_words": f"{join_words(names)} {verb} {their} Leadership"}
    return {"forfeit_words": f"the Nazgûl forfeit {args['points']} Leadership"}


def _turned(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    dice = counted(n, "missed die", "missed dice")
    return {"turned_words": f"{dice} {agree(n, 'becomes a hit', 'become hits')}"}


def _figure(args: Mapping[str, Any]) -> str:
    if args.get("character"):
        return CHARACTERS[str(args["character"])].name
    return _target(str(args["nation"])) if args.get("nation") else ""


def _cancelled(args: Mapping[str, Any]) -> dict[str, str]:
    side = str(args["side"])
    cancel = agree(side == FREE, "cancels", "cancel")
    what = f"the {side_title(side)} {cancel} {plural(int(args['hits']), 'hit')}"
    who = _figure(args)
    hits = plural(int(args["hits"]), "hit")
    return {"cancel_words": f"{who} gives his life and cancels {hits}" if who else what}


def _slain(args: Mapping[str, Any]) -> dict[str, str]:
    return {"slain_words": f"{_figure(args)} is slain"}


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "combat_cards_revealed": _revealed,
    "combat_card_cancelled": _whose,
    "combat_extra_attack": _hits,
    "combat_self_hits": _hits,
    "combat_extra_hits": _hits,
    "combat_forfeit": _forfeit,
    "combat_dice_turned": _turned,
    "combat_hits_cancelled": _cancelled,
    "combat_slain": _slain,
}


def _plus(mods: list[Any], what: str) -> list[str]:
    """One note for the modifiers of a roll.

    >>> _plus([["Deadly Strife", 2], ["Valour", 1]], "each die")
    ['+3 to each die (Deadly Strife and Valour)']
    """
    if not mods:
        return []
    names = join_words(dict.fromkeys(str(name) for name, _ in mods))
    return [f"{sum(int(n) for _, n in mods):+d} to {what} ({names})"]


def round_notes(notes: Mapping[str, Any]) -> list[str]:
    """What the cards did to one side's dice in a round, for the ``combat_round`` sentence:
    ``["+1 to each die (Valour)", "at most 3 dice (Daylight)"]``.

    >>> round_notes({"mods": [["Valour", 1]], "limits": [["Daylight", 3]], "turned": 1, "own": 0,
    ...     "reroll_mods": [], "no_reroll": "Foul Stench"})  # doctest: +NORMALIZE_WHITESPACE
    ['+1 to each die (Valour)', 'at most 3 dice (Daylight)', '1 miss turned into a hit',
     'no re-roll (Foul Stench)']
    """
    found = _plus(notes.get("mods") or [], "each die")
    for name, n in notes.get("limits") or []:
        if name in ("Daylight", "Huorn-dark"):
            found.append(f"at most {plural(int(n), 'die')} ({name})")
        elif name == "Last Defences":  # Twilight of the Third Age: more dice
            found.append(f"{plural(int(n), 'die')} more ({name})")
        else:
            found.append(f"{plural(int(n), 'die')} fewer ({name})")
    turned = int(notes.get("turned") or 0)
    if turned:
        found.append(f"{counted(turned, 'miss', 'misses')} turned into {agree(turned, 'a hit', 'hits')}")
    own = int(notes.get("own") or 0)
    if own:
        found.append(f"{plural(own, 'natural 1')} {agree(own, 'hits', 'hit')} its own Army (Confusion)")
    found += _plus(notes.get("reroll_mods") or [], "each re-rolled die")
    if notes.get("no_reroll"):
        found.append(f"no re-roll ({notes['no_reroll']})")
    return found
