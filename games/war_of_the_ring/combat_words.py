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
from .data import CARDS, CHARACTERS, FREE, NATIONS
from .grammar import plural
from .i18n import card_name, character_name, english, listed, mark, name_title, ntr, ptr, region_title, tr
from .roles import nation_adjective, side_title

# -- the questions ------------------------------------------------------------------------------
QUESTIONS = {
    "nazgul_points": mark(
        "Dread and Despair: how many points of Nazgûl Leadership to forfeit (each "
        "takes one Combat die from the Free Peoples, who keep at least one)?"
    ),
    "self_hits": mark("{effect}: how many hits to inflict on your own Army (removed at once)?"),
    "silence": mark(
        "Words of Power: choose a Companion whose Leadership and abilities do not count this round."
    ),
    "forfeit_companion": mark(
        "Mighty Attack: which Companion forfeits his Leadership to turn a missed die into a hit?"
    ),
    "sacrifice": mark(
        "Heroic Death: sacrifice a Leader (cancels 1 hit) or a Companion (cancels hits up to his "
        "Level) before taking the hits, or none."
    ),
}
DECLINE = {
    "Heroic Death": mark("Sacrifice no one"),
    "Blade of Westernesse": mark("Keep the hit"),
    "Black Breath": mark("Slay no one"),
}
DECLINE_ANY = mark("Decline")
SLAY = {
    "Blade of Westernesse": mark(
        "Blade of Westernesse: spend one hit of your re-roll to slay a Minion, or keep the hit."
    ),
    "Fateful Strike": mark(
        "Fateful Strike: choose whom your re-roll slays (a Nazgûl, or with 2 hits a Minion)."
    ),
    "Black Breath": mark(
        "Black Breath: slay a Free Peoples Leader or a Companion in the battle, or spare them."
    ),
}


#: What else changes a battle's dice or attacks, named where a Combat card's name would be.
EFFECTS = {
    "The Balrog (Durin's Bane)": mark("The Balrog (Durin's Bane)"),
    "Trebuchets": mark("Trebuchets"),
    "Siege Towers": mark("Siege Towers"),
}


def combat_name(name: str) -> str:
    """A Combat card's name (the combat half of an Event card, or a Twilight piece's effect)."""
    if name in EFFECTS and not english():
        return tr(EFFECTS[name])
    return name_title("combat card", name)


def _where(state: State) -> str:
    return region_title(current(state)["region"])


def title(state: State, role: str) -> str:
    b = current(state)
    where, stage = _where(state), b["stage"]
    if stage == "cards":
        return tr("Battle of {region}, round {round}: Combat card", region=where, round=b["round"])
    if stage == "scouts":
        return tr("Battle of {region}: Scouts", region=where)
    return tr(
        "Battle of {region}, round {round}: {effect}",
        region=where,
        round=b["round"],
        effect=combat_name(b["fx"]["ask"]["effect"]),
    )


def instruction(state: State, role: str) -> str:
    b = current(state)
    if b["stage"] == "cards":
        return tr(
            "Choose a Combat card to play this round, or none: it stays secret until both sides have "
            "chosen. Only cards whose combat condition holds now are offered."
        )
    if b["stage"] == "scouts":
        return tr(
            "Scouts: your Army leaves before the Combat roll — retreat to a free neighbouring "
            "region, or withdraw into the Stronghold."
        )
    question = b["fx"]["ask"]
    if question["what"] == "slay":
        return tr(SLAY[question["effect"]])
    return tr(QUESTIONS[question["what"]], effect=combat_name(question["effect"]))


def _the_side(side: str) -> str:
    """``the Shadow`` in English; the side's name in another language."""
    return f"the {side_title(side)}" if english() else side_title(side)


def waiting(state: State) -> str:
    b = current(state)
    if b["stage"] == "cards":
        fx = b["fx"]
        sides = [_the_side(s) for s in sorted(fx["asked"]) if s not in fx["chosen"]]
        who = join_words(sides) if english() else listed(sides)
        return tr(
            "Waiting for {sides} to choose a Combat card in the battle of {region}.",
            sides=who,
            region=_where(state),
        )
    question = b["fx"]["ask"]
    return tr(
        "Waiting for the {side} ({effect}).",
        side=side_title(question["side"]),
        effect=combat_name(question["effect"]),
    )


def _target(value: str) -> str:
    if value == "nazgul" or value == "sauron":
        return tr("a Nazgûl")
    if value in NATIONS:
        if english():
            return with_article(f"{nation_adjective(value)} Leader")
        return tr("a {nation} Leader", nation=nation_adjective(value))
    return character_name(value)


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Combat-card questions (``None``: not one of them)."""
    verb, args = action.verb, action.args
    if verb == "combat":
        card = CARDS[args[0]]
        name = card_name(args[0])
        if args[0] in seen(state, "table", role):  # Balrog of Moria
            if card.combat:
                return tr(
                    "Use {card} from the table as {combat}", card=name, combat=combat_name(card.combat.name)
                )
            return tr("Use {card} from the table as a Combat card", card=name)
        if card.combat:
            return tr("Play {card} as {combat}", card=name, combat=combat_name(card.combat.name))
        return tr("Play {card} as a Combat card", card=name)
    words: dict[str, Callable[[], str]] = {
        "no-combat": lambda: tr("Play no Combat card"),
        "self-hits": lambda: ntr(
            "Inflict {count} hit on your own Army", "Inflict {count} hits on your own Army", int(args[0])
        ),
        "silence": lambda: tr("Silence {character}", character=character_name(args[0])),
        "sacrifice": lambda: tr("Sacrifice {target}", target=_target(args[0])),
        "slay": lambda: tr("Slay {target}", target=_target(args[0])),
        "decline": lambda: _decline(state),
    }
    if verb == "forfeit":
        arg = args[0]
        if arg.isdigit():
            return ntr(
                "Forfeit {count} Nazgûl Leadership: the Free Peoples roll {count} die fewer",
                "Forfeit {count} Nazgûl Leadership: the Free Peoples roll {count} dice fewer",
                int(arg),
            )
        return tr("{character} forfeits his Leadership", character=character_name(arg))
    make = words.get(verb)
    return make() if make is not None else None


def _decline(state: State) -> str:
    effect = str((current(state)["fx"] or {}).get("ask", {})["effect"])
    return tr(DECLINE.get(effect, DECLINE_ANY))


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
    if not english():
        if not card:
            return tr("the {side} play none", side=side_title(side))
        info = CARDS[str(card)]
        if info.combat:
            return tr(
                "the {side} play {card} ({combat})",
                side=side_title(side),
                card=card_name(str(card)),
                combat=combat_name(info.combat.name),
            )
        return tr("the {side} play {card}", side=side_title(side), card=card_name(str(card)))
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


def _named(args: Mapping[str, Any]) -> dict[str, str]:
    """The Combat card's name (and the card that cancels it) in the language spoken."""
    found = {}
    for key in ("combat", "by"):
        if args.get(key):
            found[key] = combat_name(str(args[key]))
    return found


def _whose(args: Mapping[str, Any]) -> dict[str, str]:
    """``the Shadow's``, ``the Free Peoples'``."""
    side = str(args["side"])
    title = side_title(side)
    if not english():
        return {**_named(args), "whose_words": tr("the {side}'s", side=title)}
    return {"whose_words": f"the {title}'" if side == FREE else f"the {title}'s"}


def _hits(args: Mapping[str, Any]) -> dict[str, str]:
    hits = int(args.get("hits", 0))
    target = int(args.get("target", 5))
    dice = " ".join(str(d) for d in args.get("dice") or [])
    if not english():
        return {
            **_named(args),
            "hits_words": ntr("{count} hit", "{count} hits", hits) if hits else tr("none"),
            "extra_words": ntr("{count} extra hit", "{count} extra hits", hits),
            "dice_words": dice or tr("no dice"),
            "target_words": tr(" (hitting on {target})", target=target) if target != 5 else "",
            "own_words": ptr("whose army", "its"),
        }
    return {
        "hits_words": plural(hits, "hit") if hits else "none",
        "extra_words": plural(hits, "extra hit"),
        "dice_words": dice or "no dice",
        "target_words": f" (hitting on {target})" if target != 5 else "",
        "own_words": agree(args.get("side") == FREE, "its", "their"),
    }


def _forfeit(args: Mapping[str, Any]) -> dict[str, str]:
    if not english():
        found = [character_name(str(c)) for c in args.get("characters") or []]
        if found:
            words = tr("{characters} forfeit their Leadership", characters=listed(found))
        else:
            words = tr("the Nazgûl forfeit {points} Leadership", points=args["points"])
        return {**_named(args), "forfeit_words": words}
    names = [in_sentence(CHARACTERS[str(c)].name) for c in args.get("characters") or []]
    if names:
        many = len(names) > 1
        verb, their = agree(many, "forfeits", "forfeit"), agree(many, "his", "their")
        return {"forfeit_words": f"{join_words(names)} {verb} {their} Leadership"}
    return {"forfeit_words": f"the Nazgûl forfeit {args['points']} Leadership"}


def _turned(args: Mapping[str, Any]) -> dict[str, str]:
    n = int(args["count"])
    if not english():
        words = ntr("{count} missed die becomes a hit", "{count} missed dice become hits", n)
        return {**_named(args), "turned_words": words}
    dice = counted(n, "missed die", "missed dice")
    return {"turned_words": f"{dice} {agree(n, 'becomes a hit', 'become hits')}"}


def _figure(args: Mapping[str, Any]) -> str:
    if args.get("character"):
        return character_name(str(args["character"]))
    return _target(str(args["nation"])) if args.get("nation") else ""


def _cancelled(args: Mapping[str, Any]) -> dict[str, str]:
    side = str(args["side"])
    hits = int(args["hits"])
    who = _figure(args)
    if not english():
        if who:
            words = ntr(
                "{figure} gives his life and cancels {count} hit",
                "{figure} gives his life and cancels {count} hits",
                hits,
                figure=who,
            )
        else:
            words = ntr(
                "the {side} cancel {count} hit", "the {side} cancel {count} hits", hits, side=side_title(side)
            )
        return {**_named(args), "cancel_words": words}
    cancel = agree(side == FREE, "cancels", "cancel")
    what = f"the {side_title(side)} {cancel} {plural(hits, 'hit')}"
    return {"cancel_words": f"{who} gives his life and cancels {plural(hits, 'hit')}" if who else what}


def _slain(args: Mapping[str, Any]) -> dict[str, str]:
    if not english():
        return {**_named(args), "slain_words": tr("{figure} is slain", figure=_figure(args))}
    return {"slain_words": f"{_figure(args)} is slain"}


def _combat_only(args: Mapping[str, Any]) -> dict[str, str]:
    return {} if english() else _named(args)


DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    "combat_cards_revealed": _revealed,
    "combat_card_cancelled": _whose,
    "combat_no_effect": _combat_only,
    "combat_extra_attack": _hits,
    "combat_self_hits": _hits,
    "combat_extra_hits": _hits,
    "combat_forfeit": _forfeit,
    "combat_dice_turned": _turned,
    "combat_hits_cancelled": _cancelled,
    "combat_slain": _slain,
    "combat_silenced": _combat_only,
}


def _plus(mods: list[Any], what: str) -> list[str]:
    """One note for the modifiers of a roll (``what``: ``each die`` or ``each re-rolled die``).

    >>> _plus([["Deadly Strife", 2], ["Valour", 1]], "each die")
    ['+3 to each die (Deadly Strife and Valour)']
    """
    if not mods:
        return []
    total = sum(int(n) for _, n in mods)
    found = list(dict.fromkeys(str(name) for name, _ in mods))
    if english():
        return [f"{total:+d} to {what} ({join_words(found)})"]
    names, bonus = listed(combat_name(name) for name in found), format(total, "+d")
    if what == "each die":
        return [tr("{bonus} to each die ({names})", bonus=bonus, names=names)]
    return [tr("{bonus} to each re-rolled die ({names})", bonus=bonus, names=names)]


def round_notes(notes: Mapping[str, Any]) -> list[str]:
    """What the cards did to one side's dice in a round, for the ``combat_round`` sentence:
    ``["+1 to each die (Valour)", "at most 3 dice (Daylight)"]``.

    >>> round_notes({"mods": [["Valour", 1]], "limits": [["Daylight", 3]], "turned": 1, "own": 0,
    ...     "reroll_mods": [], "no_reroll": "Foul Stench"})  # doctest: +NORMALIZE_WHITESPACE
    ['+1 to each die (Valour)', 'at most 3 dice (Daylight)', '1 miss turned into a hit',
     'no re-roll (Foul Stench)']
    """
    if not english():
        return _round_notes_said(notes)
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


def _round_notes_said(notes: Mapping[str, Any]) -> list[str]:
    """:func:`round_notes` in another language than English: one message a note."""
    found = _plus(notes.get("mods") or [], "each die")
    for name, n in notes.get("limits") or []:
        said = combat_name(str(name))
        if name in ("Daylight", "Huorn-dark"):
            found.append(
                ntr("at most {count} die ({name})", "at most {count} dice ({name})", int(n), name=said)
            )
        elif name == "Last Defences":
            found.append(ntr("{count} die more ({name})", "{count} dice more ({name})", int(n), name=said))
        else:
            found.append(ntr("{count} die fewer ({name})", "{count} dice fewer ({name})", int(n), name=said))
    turned = int(notes.get("turned") or 0)
    if turned:
        found.append(ntr("{count} miss turned into a hit", "{count} misses turned into hits", turned))
    own = int(notes.get("own") or 0)
    if own:
        found.append(
            ntr(
                "{count} natural 1 hits its own Army (Confusion)",
                "{count} natural 1s hit its own Army (Confusion)",
                own,
            )
        )
    found += _plus(notes.get("reroll_mods") or [], "each re-rolled die")
    if notes.get("no_reroll"):
        found.append(tr("no re-roll ({name})", name=combat_name(str(notes["no_reroll"]))))
    return found
