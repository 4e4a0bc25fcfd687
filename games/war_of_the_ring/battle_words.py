"""The words of battles and sieges in the log (merged into :data:`.events.PRESENTER`).

Every event of :mod:`.battle` and :mod:`.casualties` has its parameters (types of
:data:`.events.FORMATS`; ``text`` for the lists put into words here) and an English template. A
battle reads like a short narration:

>>> from games.war_of_the_ring.events import PRESENTER
>>> PRESENTER.text("battle_started", {"side": "shadow", "region": "osgiliath", "from": "north_ithilien",
...     "kind": "field", "regular": 5, "elite": 0, "leader": 1, "characters": [], "rearguard": 0})
'The Shadow attacks Osgiliath from North Ithilien with 5 Regulars and 1 Nazgûl.'
>>> PRESENTER.text("combat_round", {"round": 1, "attacker": "shadow", "attacker_nation": "sauron",
...     "attacker_dice": [6, 5, 2], "attacker_rerolls": [5], "attacker_target": 5, "attacker_hits": 3,
...     "defender": "free", "defender_nation": "gondor", "defender_dice": [4, 1], "defender_rerolls": [],
...     "defender_target": 5, "defender_hits": 0})
'Round 1: the Shadow rolls 6 5 2 (re-roll 5): 3 hits; Gondor rolls 4 1: none.'
>>> PRESENTER.text("units_lost", {"nation": "gondor", "region": "osgiliath", "regular": 2, "elite": 0,
...     "reduced": 1})
'Gondor loses 2 Regulars and reduces 1 Elite to a Regular in Osgiliath.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.words import agree, in_sentence, join_words, with_article
from games.core.words import plural as plural_form

from . import combat_words
from .data import CHARACTERS, FREE, REGIONS
from .grammar import figures, plural, region_words
from .i18n import english, listed, ntr, ptr, tr
from .roles import (
    PLURAL_NATIONS,
    nation_adjective,
    nation_in_sentence,
    nation_name,
    nation_subject,
    side_name,
    side_title,
)

KINDS: dict[str, dict[str, str]] = {
    "battle_started": {
        "side": "side",
        "region": "region",
        "from": "region",
        "kind": "text",
        "regular": "number",
        "elite": "number",
        "leader": "number",
        "characters": "text",
        "rearguard": "number",
    },
    "white_rider": {"region": "region"},
    "withdrew": {"side": "side", "region": "region"},
    "siege_laid": {"side": "side", "region": "region"},
    "siege_refused": {"side": "side", "region": "region"},
    "combat_round": {
        "round": "number",
        **{
            f"{role}{suffix}": kind
            for role in ("attacker", "defender")
            for suffix, kind in (
                ("", "side"),
                ("_nation", "text"),
                ("_dice", "dice"),
                ("_rerolls", "dice"),
                ("_target", "number"),
                ("_hits", "number"),
                ("_cards", "text"),
            )
        },
    },
    "units_lost": {
        "nation": "nation",
        "region": "region",
        "regular": "number",
        "elite": "number",
        "reduced": "number",
    },
    "leaders_fell": {"nation": "nation", "count": "number", "region": "region"},
    "character_slain": {"character": "character", "region": "region"},
    "army_destroyed": {"side": "side", "region": "region"},
    "attack_ceased": {"side": "side", "region": "region"},
    "retreated": {"side": "side", "from": "region", "to": "region"},
    "left_behind": {"character": "character", "region": "region"},
    "advanced": {
        "side": "side",
        "from": "region",
        "region": "region",
        "regular": "number",
        "elite": "number",
        "leader": "number",
        "characters": "text",
    },
    "no_advance": {"side": "side", "from": "region", "region": "region"},
    "siege_pressed": {"side": "side", "nation": "nation", "region": "region"},
    "siege_holds": {"region": "region"},
    "siege_lifted": {"region": "region", "side": "side"},
    **combat_words.KINDS,
}

EN: dict[str, str] = {
    "battle_started": "The {side} {attack_words} with {army_words}{rearguard_words}.",
    "white_rider": "The White Rider: Gandalf forfeits his Leadership; no Nazgûl leads at {region}.",
    "withdrew": "The {side} withdraw{s} into the Stronghold of {region}.",
    "siege_laid": "The {side} lay{s} siege to {region}.",
    "siege_refused": "The {side} do{es} not advance into {region}: its defenders come out again.",
    "combat_round": "Round {round}: {attacker_words}; {defender_words}.",
    "units_lost": "{nation:cap} {loss_words} in {region}.",
    "leaders_fell": "{leader_words} fall{s_count} with {their_words} Army in {region}.",
    "character_slain": "{character} falls in battle in {region}.",
    "army_destroyed": "The Army of the {side} in {region} is destroyed.",
    "attack_ceased": "The {side} cease{s} the attack on {region}.",
    "retreated": "The {side} retreat{s} from {from} to {to}.",
    "left_behind": "{character} cannot move and stays behind in {region}.",
    "advanced": "The {side} advance{s} into {region} with {army_words}.",
    "no_advance": "The {side} stay{s} in {from} and do{es} not advance into {region}.",
    "siege_pressed": "The {side} reduce{s} {elite_words} to a Regular to fight on at {region}.",
    "siege_holds": "The siege of {region} goes on.",
    "siege_lifted": "The siege of {region} is over: its garrison comes out.",
    **combat_words.EN,
}


def _name(character: str) -> str:
    """A character's name inside a sentence ("the Witch-king")."""
    name = CHARACTERS[character].name
    return in_sentence(name) if english() else ptr("character", name)


def army_words(args: Mapping[str, Any], side: str) -> str:
    """``5 Regulars, 1 Elite, 1 Nazgûl and the Witch-king``."""
    if not english():
        found = [figures("", k, int(args[k])) for k in ("regular", "elite") if args.get(k)]
        if args.get("leader"):
            found.append(figures("", "leader" if side == FREE else "nazgul", int(args["leader"])))
        found += [_name(str(c)) for c in args.get("characters") or []]
        return listed(found) or tr("no one")
    parts = [plural(int(args.get(k, 0)), k.title()) for k in ("regular", "elite") if args.get(k)]
    if args.get("leader"):
        parts.append(plural(int(args["leader"]), "Leader" if side == FREE else "Nazgûl"))
    parts += [_name(str(c)) for c in args.get("characters") or []]
    return join_words(parts) or "no one"


def _side_words(args: Mapping[str, Any]) -> dict[str, str]:
    """Verb endings agreeing with the side: "the Free Peoples attack", "the Shadow attacks"."""
    side = args.get("side")
    many = side == FREE
    return {"s": agree(many, "s", ""), "es": agree(many, "es", "")}


def _started(args: Mapping[str, Any]) -> dict[str, str]:
    side = str(args["side"])
    where = REGIONS[str(args["region"])].name
    origin = REGIONS[str(args["from"])].name
    verb = "attack" if side == FREE else "attacks"
    attack = {
        "field": f"{verb} {where} from {origin}",
        "siege": f"{'assault' if side == FREE else 'assaults'} the Stronghold of {where}",
        "sortie": f"{'sally' if side == FREE else 'sallies'} out of {where} against the besiegers",
        "relief": f"{verb} the besiegers of {where} from {origin}",
    }[str(args["kind"])]
    rearguard = int(args.get("rearguard", 0))
    behind = f" ({plural(rearguard, 'unit')} in the rearguard)" if rearguard else ""
    return {"attack_words": attack, "army_words": army_words(args, side), "rearguard_words": behind}


def started_sentence(args: Mapping[str, Any]) -> str:
    """``battle_started`` in another language: one whole message per kind of attack, with or
    without a rearguard (no phrase filled into a template)."""
    side = side_name(str(args["side"]))
    words = {
        "side": side,
        "region": region_words(str(args["region"])),
        "origin": region_words(str(args["from"])),
        "army": army_words(args, str(args["side"])),
    }
    kind, rearguard = str(args["kind"]), int(args.get("rearguard", 0))
    if rearguard:
        said = {
            "field": lambda: ntr(
                "The {side} attacks {region} from {origin} with {army} ({count} unit in the rearguard).",
                "The {side} attacks {region} from {origin} with {army} ({count} units in the rearguard).",
                rearguard,
                **words,
            ),
            "siege": lambda: ntr(
                "The {side} assaults the Stronghold of {region} with {army} ({count} unit in the rearguard).",
                "The {side} assaults the Stronghold of {region} with {army} "
                "({count} units in the rearguard).",
                rearguard,
                **words,
            ),
            "sortie": lambda: ntr(
                "The {side} sallies out of {region} against the besiegers with {army} "
                "({count} unit in the rearguard).",
                "The {side} sallies out of {region} against the besiegers with {army} "
                "({count} units in the rearguard).",
                rearguard,
                **words,
            ),
            "relief": lambda: ntr(
                "The {side} attacks the besiegers of {region} from {origin} with {army} "
                "({count} unit in the rearguard).",
                "The {side} attacks the besiegers of {region} from {origin} with {army} "
                "({count} units in the rearguard).",
                rearguard,
                **words,
            ),
        }
        return said[kind]()
    plain = {
        "field": lambda: tr("The {side} attacks {region} from {origin} with {army}.", **words),
        "siege": lambda: tr("The {side} assaults the Stronghold of {region} with {army}.", **words),
        "sortie": lambda: tr(
            "The {side} sallies out of {region} against the besiegers with {army}.", **words
        ),
        "relief": lambda: tr(
            "The {side} attacks the besiegers of {region} from {origin} with {army}.", **words
        ),
    }
    return plain[kind]()


def _who(side: str, nation: str) -> tuple[str, bool]:
    """How a side's Army is named in a round: a lone Free Peoples Nation by its name."""
    if side == FREE and nation:
        return nation_subject(nation)
    return f"the {side_title(side)}", side == FREE


def _clause_words(args: Mapping[str, Any], role: str) -> str:
    """A side's roll in a combat round, in another language."""
    side, nation = str(args[role]), str(args.get(f"{role}_nation") or "")
    who = nation_name(nation) if side == FREE and nation else side_name(side)
    notes = []
    if int(args[f"{role}_target"]) != 5:
        notes.append(tr("hitting on {target}", target=args[f"{role}_target"]))
    notes += combat_words.round_notes(args.get(f"{role}_cards") or {})
    again = args.get(f"{role}_rerolls") or []
    if again:
        notes.append(tr("re-roll {dice}", dice=" ".join(str(d) for d in again)))
    hits = int(args[f"{role}_hits"])
    outcome = ntr("{count} hit", "{count} hits", hits) if hits else ptr("combat round", "none")
    dice = " ".join(str(d) for d in args[f"{role}_dice"])
    if notes:
        return tr(
            "{who} rolls {dice} ({notes}): {hits}",
            who=who,
            dice=dice,
            notes=tr("; ").join(notes),
            hits=outcome,
        )
    return tr("{who} rolls {dice}: {hits}", who=who, dice=dice, hits=outcome)


def _clause(args: Mapping[str, Any], role: str) -> str:
    if not english():
        return _clause_words(args, role)
    who, many = _who(str(args[role]), str(args.get(f"{role}_nation") or ""))
    dice = " ".join(str(d) for d in args[f"{role}_dice"])
    notes = []
    if int(args[f"{role}_target"]) != 5:
        notes.append(f"hitting on {args[f'{role}_target']}")
    notes += combat_words.round_notes(args.get(f"{role}_cards") or {})
    again = args.get(f"{role}_rerolls") or []
    if again:
        notes.append("re-roll " + " ".join(str(d) for d in again))
    extra = f" ({'; '.join(notes)})" if notes else ""
    hits = int(args[f"{role}_hits"])
    return f"{who} {agree(many, 'rolls', 'roll')} {dice}{extra}: {plural(hits, 'hit') if hits else 'none'}"


def _round(args: Mapping[str, Any]) -> dict[str, str]:
    return {"attacker_words": _clause(args, "attacker"), "defender_words": _clause(args, "defender")}


def lost_sentence(args: Mapping[str, Any]) -> str:
    """``units_lost`` in another language: one whole message for a loss, a reduction, both, or
    neither."""
    nation, region = nation_in_sentence(str(args["nation"])), region_words(str(args["region"]))
    removed = [figures("", k, int(args[k])) for k in ("regular", "elite") if args.get(k)]
    reduced = int(args.get("reduced", 0))
    if removed and reduced:
        return ntr(
            "{nation} loses {figures} and reduces {count} Elite to a Regular in {region}.",
            "{nation} loses {figures} and reduces {count} Elites to Regulars in {region}.",
            reduced,
            nation=nation,
            figures=listed(removed),
            region=region,
        )
    if removed:
        return tr(
            "{nation} loses {figures} in {region}.", nation=nation, figures=listed(removed), region=region
        )
    if reduced:
        return ntr(
            "{nation} reduces {count} Elite to a Regular in {region}.",
            "{nation} reduces {count} Elites to Regulars in {region}.",
            reduced,
            nation=nation,
            region=region,
        )
    return tr("{nation} loses nothing in {region}.", nation=nation, region=region)


def _lost(args: Mapping[str, Any]) -> dict[str, str]:
    many = str(args["nation"]) in PLURAL_NATIONS
    loses, reduces = agree(many, "loses", "lose"), agree(many, "reduces", "reduce")
    parts = []
    removed = [plural(int(args[k]), k.title()) for k in ("regular", "elite") if args.get(k)]
    if removed:
        parts.append(f"{loses} {join_words(removed)}")
    reduced = int(args.get("reduced", 0))
    if reduced:
        into = plural_form(reduced, "a Regular", "Regulars")
        parts.append(f"{reduces} {plural(reduced, 'Elite')} to {into}")
    return {"loss_words": join_words(parts) or f"{loses} nothing"}


def _fell(args: Mapping[str, Any]) -> dict[str, str]:
    count, nation = int(args["count"]), str(args["nation"])
    if not english():
        return {"leader_words": figures(nation, "leader", count)}
    if nation == "sauron":
        who = plural(count, "Nazgûl")
    else:
        who = plural(count, f"{nation_adjective(nation)} Leader")
    return {
        "leader_words": who,
        "s_count": agree(count, "s", ""),
        "their_words": agree(count, "his", "their"),
    }


def _pressed(args: Mapping[str, Any]) -> dict[str, str]:
    if not english():
        return {"elite_words": figures(str(args["nation"]), "elite", 1)}
    elite = with_article(f"{nation_adjective(str(args['nation']))} Elite")
    return {**_side_words(args), "elite_words": elite}


def _advanced(args: Mapping[str, Any]) -> dict[str, str]:
    return {**_side_words(args), "army_words": army_words(args, str(args["side"]))}


#: The kinds another language says as one whole message per case (English fills its template).
SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "battle_started": started_sentence,
    "units_lost": lost_sentence,
}

DERIVED: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {
    **{kind: _side_words for kind in KINDS},
    "battle_started": _started,
    "combat_round": _round,
    "units_lost": _lost,
    "leaders_fell": _fell,
    "advanced": _advanced,
    "siege_pressed": _pressed,
    **combat_words.DERIVED,
}
