"""The battle procedure (rules §5 and §9) as a phase machine on one ``battle`` frame.

The frame stays on the flow stack for the whole battle. ``phase`` says where the
procedure resumes; when a player must decide, the frame's ``step`` names the decision
(see :mod:`games.confrontation.battle_steps`) and ``ask`` holds its legal actions.
Each fight (one attacker against one defender) is recorded in ``frame["fight"]``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, barrier, pop, push
from games.core.rng import choice

from . import specials, turn
from .abilities import (
    FRODOS,
    GANDALFS,
    SLAYERS,
    fellowship_strength,
    is_text,
    retreat_options,
    sauron_strength,
    sauron_text_ignored,
    smeagol_partners,
    value,
    wormtongue_escapes,
)
from .board import count, move_to, occupants, remove, reveal
from .common import cap_title, check_ring_bearer_fell, special_set
from .data import (
    CARD_ORDER,
    FELLOWSHIP,
    NEAR,
    SAURON,
    SIDES,
    card_name,
    char_name,
    other,
    region_name,
)

log = logging.getLogger(__name__)

Fight = dict[str, Any]


def start(state: State, attacker: str, region: str, *, then: str) -> None:
    """``attacker`` has entered ``region``, which holds enemies: fight until it is decided."""
    barrier(state)  # the attack is announced to everyone: it can no longer be taken back
    aside = FELLOWSHIP if attacker in state["chars"][FELLOWSHIP] else SAURON
    push(
        state,
        "battle",
        region=region,
        attacker=attacker,
        aside=aside,
        then=then,
        orcs_used=False,
        phase="pick",
        fight=None,
        ask=None,
    )
    run(state)


def run(state: State) -> None:
    """Advance the battle until a player must decide or it is over."""
    while state["result"] is None:
        frame = state["stack"][-1]
        phase = frame["phase"]
        if phase == "over":
            pop(state)
            turn.after_move(state, frame["then"])
            return
        if PHASES[phase](state, frame):
            return


def ask(
    frame: Frame, step: str, side: str, actions: list[Action], text: str, then: str, **extra: Any
) -> bool:
    """Wait for ``side`` to pick one of ``actions`` in decision ``step``; resume at ``then``."""
    frame["step"] = step
    frame["ask"] = {"side": side, "actions": [a.text for a in actions], "text": text, "then": then, **extra}
    return True


def kill(state: State, frame: Frame, char: str) -> None:
    """Defeat a fighter (Wormtongue's escape is decided when the fight ends)."""
    fight = frame["fight"]
    if char in fight["dead"]:
        return
    fight["dead"].append(char)
    if char == "wormtongue":
        return
    remove(state, char)
    emit(state, f"{char_name(char)} is defeated.")


def retreat(state: State, frame: Frame, char: str, region: str) -> None:
    move_to(state, char, region)
    frame["fight"]["retreated"].append(char)
    emit(state, f"{char_name(char)} retreats to {region_name(region)}.")


# -- phases -------------------------------------------------------------------


def _pick(state: State, frame: Frame) -> bool:
    region, attacker = frame["region"], frame["attacker"]
    dside = other(frame["aside"])
    defenders = occupants(state, region, dside)
    if state["pos"].get(attacker) != region or not defenders:
        frame["phase"] = "over"
        return False
    named = [d for d in defenders if d in state["revealed"]]
    hidden = [d for d in defenders if d not in state["revealed"]]
    if len(defenders) == 1:
        _begin(state, frame, defenders[0])
        return False
    # The Deluxe Palantír may be played before a blind draw too; the question is asked whenever
    # Sauron may hold it, so it does not show the card in "Deluxe, choose 2".
    palantir = frame["aside"] == SAURON and special_set(state) == "deluxe"
    if not named and not (palantir and specials.may_hold(state, SAURON, "palantir")):
        _begin(state, frame, choice(state, hidden))
        return False
    actions = [Action("target", (d,)) for d in named]
    if hidden:
        actions.append(Action("target", ("hidden",)))
    if frame["aside"] == SAURON:
        actions += specials.battle_palantir(state)
    text = (
        f"Choose whom to attack in {region_name(region)}: a revealed character by name, or `target hidden`."
        if named
        else f"Attack a hidden character in {region_name(region)} (`target hidden`)."
    )
    if len(actions) > len(named) + 1:
        text += " You may first play the Palantír (`special palantir <region>`)."
    return ask(frame, "b_target", frame["aside"], actions, text, "reveal")


def choose_target(state: State, frame: Frame, target: str) -> None:
    defenders = occupants(state, frame["region"], other(frame["aside"]))
    if target == "hidden":
        target = choice(state, [d for d in defenders if d not in state["revealed"]])
    _begin(state, frame, target)


def _begin(state: State, frame: Frame, defender: str) -> None:
    attacker = frame["attacker"]
    fa = frame["aside"] == FELLOWSHIP
    f, s = (attacker, defender) if fa else (defender, attacker)
    frame["fight"] = {
        "f": f,
        "s": s,
        "fa": fa,
        "warg": s == "warg",
        "nocards": False,
        "orcs_kill": False,
        "cards": {FELLOWSHIP: None, SAURON: None},
        "eff": {FELLOWSHIP: None, SAURON: None},
        "shown": {FELLOWSHIP: False, SAURON: False},
        "magic": {FELLOWSHIP: False, SAURON: False},
        "forced": None,
        "flags": [],
        "cancel_f": False,
        "cloak": False,
        "plus": 0,
        "retreated": [],
        "dead": [],
    }
    frame["phase"] = "reveal"


def _reveal(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    f, s = fight["f"], fight["s"]
    reveal(state, f)
    reveal(state, s)
    a, d = (f, s) if fight["fa"] else (s, f)
    emit(state, f"Battle in {region_name(frame['region'])}: {char_name(a)} attacks {char_name(d)}.")
    if s == "orcs" and not fight["fa"]:
        fight["orcs_kill"] = not frame["orcs_used"]
        frame["orcs_used"] = True
    frame["phase"] = "ftexts"
    return False


def _ftexts(state: State, frame: Frame) -> bool:
    """Optional Fellowship texts (retreats, Sam, Sméagol, variant Aragorn) and Gwaihir.

    Some questions are asked even when the answer can only be `decline`, so that asking tells
    Sauron nothing: Sam's strength 5 whenever Sam is not alone (is Frodo beside him?), Sam's
    substitution whenever an attacked Frodo is not alone (is Sam beside him?), and Gwaihir
    while the Fellowship may secretly hold it (Deluxe, choose 2).
    """
    fight = frame["fight"]
    f, region, fa = fight["f"], frame["region"], fight["fa"]
    acts: list[Action] = []
    window = False
    if not fight["warg"]:
        company = count(state, region, FELLOWSHIP) > 1
        if f == "sam" and "sam5" not in fight["flags"] and company:
            window = True
            if any(state["pos"].get(fr) == region for fr in FRODOS):
                acts.append(Action("ability", ("sam",)))
        if f in FRODOS and not fa and company:
            window = True  # is Sam beside him? (his substitution below)
        window = window or specials.may_hold(state, FELLOWSHIP, "gwaihir")
        if f == "frodo" and not fa:
            acts += [Action("retreat", (r,)) for r in retreat_options(state, FELLOWSHIP, region, "s")]
        if f == "pippin" and fa:
            acts += [Action("retreat", (r,)) for r in retreat_options(state, FELLOWSHIP, region, "b")]
        if f == "faramir" and fa:
            acts += [Action("retreat", (r,)) for r in retreat_options(state, FELLOWSHIP, region, "s")]
        if f in ("frodo", "frodo_v") and not fa and state["pos"].get("sam") == region:
            acts.append(Action("ability", ("sam",)))
        if f == "smeagol" and not fa and count(state, region, FELLOWSHIP) == 1:
            acts += [Action("ability", ("smeagol", c)) for c in smeagol_partners(state, region)]
        if f == "aragorn_v" and not fa:
            acts.append(Action("ability", ("aragorn",)))
        acts += specials.gwaihir_actions(state, region)
    if not acts and not window:
        frame["phase"] = "fauto"
        return False
    acts.append(Action("decline"))
    return ask(frame, "b_ftexts", FELLOWSHIP, acts, _options_text(frame, f, acts), "fauto")


def _fauto(state: State, frame: Frame) -> bool:
    """Fellowship texts that act by themselves: Boromir, Merry, Legolas, Gimli."""
    fight = frame["fight"]
    f, s = fight["f"], fight["s"]
    frame["phase"] = "stexts"
    if fight["warg"]:
        if f in ("boromir", *SLAYERS):
            emit(state, f"The Warg strips {char_name(f)} of his ability.")
        return False
    if f == "boromir":
        emit(state, "Boromir sells his life dearly: both fighters fall.")
        kill(state, frame, f)
        kill(state, frame, s)
        frame["phase"] = "end_fight"
    elif s in SLAYERS.get(f, ()):
        emit(state, f"{char_name(f)} slays {char_name(s)} at once.")
        kill(state, frame, s)
        frame["phase"] = "end_fight"
    return False


def _stexts(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    f, s, region = fight["f"], fight["s"], frame["region"]
    if fight["orcs_kill"]:
        emit(state, f"The Orcs overwhelm {char_name(f)}.")
        kill(state, frame, f)
        frame["phase"] = "end_fight"
        return False
    if s == "saruman_v" and f in GANDALFS:
        emit(state, f"Saruman overcomes {char_name(f)} at once.")
        kill(state, frame, f)
        frame["phase"] = "end_fight"
        return False
    acts: list[Action] = []
    if s == "saruman" and not fight["nocards"]:
        acts.append(Action("ability", ("saruman",)))
    if s == "gollum" and not fight["retreated"]:
        acts += [Action("retreat", (r,)) for r in retreat_options(state, SAURON, region, "f")]
    if not acts:
        frame["phase"] = "cards"
        return False
    acts.append(Action("decline"))
    return ask(frame, "b_stexts", SAURON, acts, _options_text(frame, s, acts), "cards")


_OPTION_TEXTS = {
    "retreat": "{me} may retreat (`retreat <region>`)",
    "sam": "Sam may fight in Frodo's place (`ability sam`)",
    "sam5": "Sam may reveal Frodo beside him to fight at strength 5 (`ability sam`)",
    "smeagol": "Sméagol may swap places with a neighbour (`ability smeagol <character>`)",
    "aragorn": "Aragorn may declare that no cards are played (`ability aragorn`)",
    "saruman": "Saruman may declare that no cards are played (`ability saruman`)",
    "gwaihir": "you may play Gwaihir to fly {me} away (`special gwaihir <region>`)",
}


def _options_text(frame: Frame, mine: str, acts: list[Action]) -> str:
    """The instruction for optional texts: the fight, then each option offered to ``mine``'s side."""
    fight = frame["fight"]
    attacker, defender = (fight["f"], fight["s"]) if fight["fa"] else (fight["s"], fight["f"])
    keys: list[str] = []
    for a in acts:
        key = a.args[0] if a.verb in ("ability", "special") else a.verb
        if key == "sam" and mine == "sam":
            key = "sam5"
        if key in _OPTION_TEXTS and key not in keys:
            keys.append(key)
    options = "; ".join(_OPTION_TEXTS[k].format(me=char_name(mine)) for k in keys)
    head = f"{char_name(attacker)} attacks {char_name(defender)} in {region_name(frame['region'])}."
    if not options:
        return f"{head} No ability can help here: `decline`."
    return f"{head} {options[0].upper()}{options[1:]}; or `decline`."


def gandalf_first(fight: Fight) -> bool:
    return fight["f"] == "gandalf" and not fight["warg"]


def card_actions(state: State, fight: Fight, side: str) -> list[Action]:
    hand = state["cards"][side]["hand"]
    return [Action("card", (c,)) for c in hand if not (side == FELLOWSHIP and c == fight["forced"])]


def card_choosers(fight: Fight) -> list[str]:
    need = [s for s in SIDES if fight["cards"][s] is None]
    if gandalf_first(fight) and SAURON in need:
        return [SAURON]
    return need


def _cards(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    if fight["nocards"]:
        frame["phase"] = "gandalf"
        return False
    if gandalf_first(fight) and fight["cards"][SAURON] is not None:
        if not fight["shown"][SAURON]:
            _show(state, fight, [SAURON])
        if _magic(state, frame, SAURON):
            return True
    if card_choosers(fight):
        frame["step"] = "b_cards"
        frame["ask"] = None
        return True
    _show(state, fight, [s for s in SIDES if not fight["shown"][s]])
    frame["phase"] = "force"
    return False


def _show(state: State, fight: Fight, sides: list[str]) -> None:
    if not sides:
        return
    parts = [f"{cap_title(s)} plays {card_name(s, fight['cards'][s])}" for s in sides]
    for s in sides:
        fight["shown"][s] = True
    emit(state, "; ".join(parts) + ".")


def _force(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    frame["phase"] = "magic"
    if fight["s"] == "saruman_v" and "forced" not in fight["flags"] and state["cards"][FELLOWSHIP]["hand"]:
        fight["flags"].append("forced")
        acts = [Action("ability", ("saruman",)), Action("decline")]
        text = "Saruman may force the Fellowship to play a different card (`ability saruman`) or `decline`."
        return ask(frame, "b_stexts", SAURON, acts, text, "magic")
    return False


def _magic(state: State, frame: Frame, side: str) -> bool:
    """Resolve a played Magic card: pick a card from the discards to use instead."""
    fight = frame["fight"]
    if fight["magic"][side]:
        return False
    fight["magic"][side] = True
    card = fight["cards"][side]
    fight["eff"][side] = card
    if card != "magic":
        return False
    if side == SAURON and (fight["s"] == "cave_troll" or sauron_text_ignored(fight, "magic")):
        emit(state, "Sauron's Magic has no effect in this battle.")
        return False
    options = [c for c in state["cards"][side]["discard"] if c != "magic"]
    if not options:
        emit(state, f"{cap_title(side)}'s Magic finds no discarded card and counts 0.")
        fight["eff"][side] = None
        return False
    acts = [Action("card", (c,)) for c in options]
    text = "Magic: choose a card from your discards to use instead (`card <card>`)."
    return ask(frame, "b_magic", side, acts, text, frame["phase"], magic_side=side)


def _magic_phase(state: State, frame: Frame) -> bool:
    if _magic(state, frame, SAURON) or _magic(state, frame, FELLOWSHIP):
        return True
    frame["phase"] = "mouth"
    return False


def _mouth(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    frame["phase"] = "resolve_s"
    if fight["s"] == "mouth_of_sauron" and fight["eff"][SAURON] != "4" and "mouth" not in fight["flags"]:
        fight["flags"].append("mouth")
        acts = [Action("ability", ("mouth",)), Action("decline")]
        text = "The Mouth of Sauron may exchange your card for your 4 (`ability mouth`) or `decline`."
        return ask(frame, "b_stexts", SAURON, acts, text, "resolve_s")
    return False


def _resolve_s(state: State, frame: Frame) -> bool:
    """Sauron's text card resolves first: Eye of Sauron or Retreat."""
    fight = frame["fight"]
    frame["phase"] = "resolve_f"
    card = fight["eff"][SAURON]
    if card is None or not is_text(SAURON, card):
        if fight["s"] == "cave_troll" and card is not None:
            emit(state, "The Cave Troll's card has no effect.")
        return False
    if fight["s"] == "cave_troll":
        emit(state, "The Cave Troll's card has no effect.")
        return False
    if sauron_text_ignored(fight, card):
        emit(state, f"{card_name(SAURON, card)} has no effect against {char_name(fight['f'])}.")
        return False
    if card == "eye":
        fcard = fight["eff"][FELLOWSHIP]
        if is_text(FELLOWSHIP, fcard):
            fight["cancel_f"] = True
            emit(state, f"The Eye of Sauron cancels {card_name(FELLOWSHIP, fcard)}.")
        return False
    if card == "retreat":
        return _card_retreat(state, frame, SAURON, fight["s"], "s", "resolve_f")
    return False


def _card_retreat(state: State, frame: Frame, side: str, char: str, routes: str, then: str) -> bool:
    options = retreat_options(state, side, frame["region"], routes)
    if not options:
        emit(state, f"{char_name(char)} finds no way to retreat and fights on.")
        return False
    if len(options) == 1:
        retreat(state, frame, char, options[0])
        return False
    acts = [Action("retreat", (r,)) for r in options]
    return ask(frame, "b_retreat", side, acts, f"Choose where {char_name(char)} retreats.", then, char=char)


def _resolve_f(state: State, frame: Frame) -> bool:
    """The Fellowship's text card: Noble Sacrifice, Elven Cloak or Retreat."""
    fight = frame["fight"]
    if "f_text" not in fight["flags"]:
        fight["flags"].append("f_text")
        card = fight["eff"][FELLOWSHIP]
        if is_text(FELLOWSHIP, card) and not fight["cancel_f"]:
            if card == "noble_sacrifice":
                if fight["s"] in fight["retreated"]:
                    emit(state, "Noble Sacrifice has no effect: Sauron's character has retreated.")
                else:
                    emit(state, "Noble Sacrifice: both fighters fall.")
                    kill(state, frame, fight["f"])
                    kill(state, frame, fight["s"])
                    frame["phase"] = "end_fight"
                    return False
            elif card == "elven_cloak":
                fight["cloak"] = True
            elif card == "retreat" and _card_retreat(state, frame, FELLOWSHIP, fight["f"], "b", "resolve_f"):
                return True
    frame["phase"] = "end_fight" if fight["retreated"] else "gandalf"
    return False


def _gandalf(state: State, frame: Frame) -> bool:
    """The variant Gandalf may lend +1 to a nearby battle (asked whenever he could be near)."""
    fight = frame["fight"]
    frame["phase"] = "compare"
    wizard = "gandalf_v"
    if wizard not in state["chars"][FELLOWSHIP] and state["options"].get("variant") != "draft":
        return False
    if fight["warg"] or fight["f"] in GANDALFS:
        return False
    here = state["pos"].get(wizard)
    in_range = here is not None and (here == frame["region"] or here in NEAR[frame["region"]])
    tile_alive = any(g in state["pos"] for g in GANDALFS)
    if not tile_alive:
        return False
    acts = [Action("ability", ("gandalf",))] if in_range else []
    acts.append(Action("decline"))
    text = "Gandalf may lend +1 to this battle (`ability gandalf`) or `decline`."
    if not in_range:
        text = "No Gandalf can help in this battle: `decline`."
    return ask(frame, "b_ftexts", FELLOWSHIP, acts, text, "compare")


def _compare(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    f, s = fight["f"], fight["s"]
    fcard = None if fight["cancel_f"] else fight["eff"][FELLOWSHIP]
    scard = None if (fight["cloak"] or fight["s"] == "cave_troll") else fight["eff"][SAURON]
    fparts = [fellowship_strength(state, fight, frame["region"]), value(FELLOWSHIP, fcard)]
    if fight["plus"]:
        fparts.append(fight["plus"])
    sparts = [sauron_strength(fight), value(SAURON, scard)]
    fs, ss = sum(fparts), sum(sparts)
    emit(state, f"Strength: {char_name(f)} {_sum(fparts)} against {char_name(s)} {_sum(sparts)}.")
    if fs <= ss:
        kill(state, frame, f)
    if ss <= fs:
        kill(state, frame, s)
    frame["phase"] = "end_fight"
    return False


def _sum(parts: list[int]) -> str:
    """``'5+2 = 7'`` (or just ``'5'`` when nothing is added).

    >>> _sum([5, 2]), _sum([4, 0]), _sum([-1, 3, 1])
    ('5+2 = 7', '4', '-1+3+1 = 3')
    """
    shown = [parts[0], *[p for p in parts[1:] if p]]
    if len(shown) == 1:
        return str(shown[0])
    return "+".join(str(p) for p in shown) + f" = {sum(shown)}"


def _end_fight(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    region = frame["region"]
    if "closed" not in fight["flags"]:
        fight["flags"].append("closed")
        for side in SIDES:
            card = fight["cards"][side]
            if card is not None:
                state["cards"][side]["discard"].append(card)
            hand = state["cards"][side]
            if not hand["hand"]:
                hand["hand"] = list(CARD_ORDER[side])
                hand["discard"] = []
                emit(state, f"{cap_title(side)} takes all nine combat cards back into hand.")
    check_ring_bearer_fell(state, fight["s"])
    if state["result"] is not None:
        return True
    if "wormtongue" in fight["dead"] and "worm" not in fight["flags"]:
        fight["flags"].append("worm")
        escapes = wormtongue_escapes(state, region)
        if escapes:
            acts = [Action("retreat", (r,)) for r in escapes] + [Action("decline")]
            text = "Wormtongue is defeated but may flee toward Mordor into an empty region, or `decline`."
            return ask(frame, "b_retreat", SAURON, acts, text, "end_fight", char="wormtongue", worm=True)
        remove(state, "wormtongue")
        emit(state, "Wormtongue is defeated.")
    s = fight["s"]
    if s == "shelob" and s not in fight["dead"] and fight["f"] in fight["dead"] and region != "gondor":
        if count(state, "gondor", SAURON) < 2 and count(state, "gondor", FELLOWSHIP) == 0:
            move_to(state, "shelob", "gondor")
            emit(state, "Shelob returns to Gondor.")
        else:
            emit(state, "Shelob cannot return to Gondor and is defeated.")
            remove(state, "shelob")
    frame["fight"] = None
    frame["phase"] = "pick"
    return False


PHASES: dict[str, Callable[[State, Frame], bool]] = {
    "pick": _pick,
    "reveal": _reveal,
    "ftexts": _ftexts,
    "fauto": _fauto,
    "stexts": _stexts,
    "cards": _cards,
    "force": _force,
    "magic": _magic_phase,
    "mouth": _mouth,
    "resolve_s": _resolve_s,
    "resolve_f": _resolve_f,
    "gandalf": _gandalf,
    "compare": _compare,
    "end_fight": _end_fight,
}

__all__ = [
    "PHASES",
    "card_actions",
    "card_choosers",
    "choose_target",
    "kill",
    "retreat",
    "run",
    "start",
]
