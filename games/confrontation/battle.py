"""The battle procedure (rules §5 and §9) as a phase machine on one ``battle`` frame.

The turn calls the battle (:func:`games.core.flow.call`); the frame stays on the flow stack
for the whole battle and returns to the turn when the region is decided. ``phase`` says where
the procedure resumes; when a player must decide, the frame's ``step`` names the decision
(see :mod:`games.confrontation.battle_steps`) and ``ask`` holds its legal actions.

Each fight (one attacker against one defender) is recorded in ``frame["fight"]``:
``fellowship`` and ``sauron`` (the two fighters), ``fellowship_attacks``, ``against_warg``,
``no_cards``, ``orcs_strike``, the ``cards`` chosen and their ``effective`` value after Magic,
which are ``shown``, ``magic_resolved``, the card Saruman made the Fellowship take back
(``forbidden``), ``fellowship_card_cancelled`` (by the Eye), ``elven_cloak``, ``gandalf_bonus``,
who ``retreated`` or was ``defeated``, and the one-off steps already ``done``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from games.core import Action, State, emit
from games.core.chance import draw
from games.core.flow import Frame, barrier, call, ret
from games.core.i18n import Msg, Sentences, Words, to_data

from . import specials
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
from .data import (
    CARD_ORDER,
    CHARS,
    FELLOWSHIP,
    NEAR,
    REGION_ORDER,
    SAURON,
    SIDES,
    other,
)
from .options import special_set
from .victory import check_ring_bearer_fell
from .words import char_msg, msg, region_msg

log = logging.getLogger(__name__)

Fight = dict[str, Any]

#: Battle choices built once (immutable values, shared: every fight rebuilds its prompts).
_DECLINE = Action("decline")
_RETREAT = {r: Action("retreat", (r,)) for r in REGION_ORDER}
_ABILITY = {a: Action("ability", (a,)) for a in ("sam", "aragorn", "saruman", "mouth", "gandalf")}
_TARGET = {c: Action("target", (c,)) for c in (*CHARS, "hidden")}


def start(state: State, attacker: str, region: str) -> None:
    """``attacker`` has entered ``region``, which holds enemies: fight until it is decided."""
    barrier(state)  # the attack is announced to everyone: it can no longer be taken back
    attacking_side = FELLOWSHIP if attacker in state["chars"][FELLOWSHIP] else SAURON
    call(
        state,
        "battle",
        region=region,
        attacker=attacker,
        attacking_side=attacking_side,
        orcs_used=False,
        phase="choose_defender",
        fight=None,
        ask=None,
    )
    run(state)


def battle_frame(state: State) -> Frame | None:
    """The battle under way, if any."""
    return next((f for f in reversed(state["stack"]) if "phase" in f), None)


def run(state: State) -> None:
    """Advance the battle until a player must decide or it is over."""
    while state["result"] is None:
        frame = state["stack"][-1]
        phase = frame["phase"]
        if phase == "over":
            ret(state, {"procedure": "battle"})
            return
        if PHASES[phase](state, frame):
            return


def ask(
    frame: Frame, step: str, side: str, actions: list[Action], text: Words, then: str, **extra: Any
) -> bool:
    """Wait for ``side`` to pick one of ``actions`` in decision ``step``; resume at ``then``.

    ``text``, the question, is kept as data (:func:`games.core.i18n.to_data`): the prompt says
    it in its reader's language."""
    frame["step"] = step
    texts = [" ".join((a.verb, *a.args)) for a in actions]  # each Action.text, inlined
    frame["ask"] = {"side": side, "actions": texts, "text": to_data(text), "then": then, **extra}
    return True


def kill(state: State, frame: Frame, char: str) -> None:
    """Defeat a fighter (Wormtongue's escape is decided when the fight ends)."""
    fight = frame["fight"]
    if char in fight["defeated"]:
        return
    fight["defeated"].append(char)
    if char == "wormtongue":
        return
    remove(state, char)
    emit(state, "defeated", {"char": char})


def retreat(state: State, frame: Frame, char: str, region: str) -> None:
    move_to(state, char, region)
    frame["fight"]["retreated"].append(char)
    emit(state, "retreated", {"char": char, "to": region})


def attacker_and_defender(fight: Fight) -> tuple[str, str]:
    if fight["fellowship_attacks"]:
        return fight["fellowship"], fight["sauron"]
    return fight["sauron"], fight["fellowship"]


# -- phases -------------------------------------------------------------------


def _choose_defender(state: State, frame: Frame) -> bool:
    region, attacker = frame["region"], frame["attacker"]
    defending_side = other(frame["attacking_side"])
    defenders = occupants(state, region, defending_side)
    if state["pos"].get(attacker) != region or not defenders:
        frame["phase"] = "over"
        return False
    if len(defenders) == 1:
        _begin(state, frame, defenders[0])
        return False
    named = [d for d in defenders if d in state["revealed"]]
    hidden = [d for d in defenders if d not in state["revealed"]]
    # The Deluxe Palantír may be played before a blind draw too; the question is asked whenever
    # Sauron may hold it, so it does not show the card in "Deluxe, choose 2".
    palantir = frame["attacking_side"] == SAURON and special_set(state) == "deluxe"
    if not named and not (palantir and specials.may_hold(state, SAURON, "palantir")):
        _begin(state, frame, draw(state, "blind target", hidden))
        return False
    actions = [_TARGET[d] for d in named]
    if hidden:
        actions.append(_TARGET["hidden"])
    if frame["attacking_side"] == SAURON:
        actions += specials.battle_palantir(state)
    where = region_msg(region)
    parts: list[Words] = [
        msg(
            "Choose whom to attack in {region}: a revealed character, or a hidden one at random.",
            region=where,
        )
        if named
        else msg("Attack a hidden character in {region}: one is drawn at random.", region=where)
    ]
    if len(actions) > len(named) + 1:
        parts.append(msg("You may first play the Palantír on a region to see who stands there."))
    return ask(frame, "choose_target", frame["attacking_side"], actions, Sentences(tuple(parts)), "reveal")


def choose_target(state: State, frame: Frame, target: str) -> None:
    defenders = occupants(state, frame["region"], other(frame["attacking_side"]))
    if target == "hidden":
        target = draw(state, "blind target", [d for d in defenders if d not in state["revealed"]])
    _begin(state, frame, target)


def _begin(state: State, frame: Frame, defender: str) -> None:
    attacker = frame["attacker"]
    fellowship_attacks = frame["attacking_side"] == FELLOWSHIP
    fellowship, sauron = (attacker, defender) if fellowship_attacks else (defender, attacker)
    frame["fight"] = {
        "fellowship": fellowship,
        "sauron": sauron,
        "fellowship_attacks": fellowship_attacks,
        "against_warg": sauron == "warg",
        "no_cards": False,
        "orcs_strike": False,
        "cards": {FELLOWSHIP: None, SAURON: None},
        "effective": {FELLOWSHIP: None, SAURON: None},
        "shown": {FELLOWSHIP: False, SAURON: False},
        "magic_resolved": {FELLOWSHIP: False, SAURON: False},
        "forbidden": None,
        "done": [],
        "fellowship_card_cancelled": False,
        "elven_cloak": False,
        "gandalf_bonus": 0,
        "retreated": [],
        "defeated": [],
    }
    frame["phase"] = "reveal"


def _reveal(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    reveal(state, fight["fellowship"])
    reveal(state, fight["sauron"])
    attacker, defender = attacker_and_defender(fight)
    emit(state, "battle", {"region": frame["region"], "attacker": attacker, "defender": defender})
    if fight["sauron"] == "orcs" and not fight["fellowship_attacks"]:
        fight["orcs_strike"] = not frame["orcs_used"]
        frame["orcs_used"] = True
    frame["phase"] = "fellowship_abilities"
    return False


def _fellowship_abilities(state: State, frame: Frame) -> bool:
    """Optional Fellowship texts (retreats, Sam, Sméagol, variant Aragorn) and Gwaihir.

    Some questions must be asked even when the Fellowship has nothing to choose, or asking
    would tell Sauron something: Sam's strength 5 whenever Sam is not alone (is Frodo beside
    him?), Sam's substitution whenever an attacked Frodo is not alone (is Sam beside him?), and
    Gwaihir while the Fellowship may secretly hold it (Deluxe, choose 2). So that this is never
    a dummy question, the Fellowship chooses its combat card in the same prompt (it stays
    secret, and it goes back to the hand if the fight ends before the cards are shown).
    """
    fight = frame["fight"]
    mine, region, attacks = fight["fellowship"], frame["region"], fight["fellowship_attacks"]
    acts: list[Action] = []
    window = False
    if not fight["against_warg"]:
        # (Sam's and Frodo's questions need to know whether another Fellowship character is here.)
        company = (mine == "sam" or mine in FRODOS) and count(state, region, FELLOWSHIP) > 1
        if mine == "sam" and "sam_strength_5" not in fight["done"] and company:
            window = True
            if any(state["pos"].get(fr) == region for fr in FRODOS):
                acts.append(_ABILITY["sam"])
        if mine in FRODOS and not attacks and company:
            window = True  # is Sam beside him? (his substitution below)
        window = window or specials.may_hold(state, FELLOWSHIP, "gwaihir")
        if mine == "frodo" and not attacks:
            acts += [_RETREAT[r] for r in retreat_options(state, FELLOWSHIP, region, "s")]
        if mine == "pippin" and attacks:
            acts += [_RETREAT[r] for r in retreat_options(state, FELLOWSHIP, region, "b")]
        if mine == "faramir" and attacks:
            acts += [_RETREAT[r] for r in retreat_options(state, FELLOWSHIP, region, "s")]
        if mine in FRODOS and not attacks and state["pos"].get("sam") == region:
            acts.append(_ABILITY["sam"])
        if mine == "smeagol" and not attacks and count(state, region, FELLOWSHIP) == 1:
            acts += [Action("ability", ("smeagol", c)) for c in smeagol_partners(state, region)]
        if mine == "aragorn_v" and not attacks:
            acts.append(_ABILITY["aragorn"])
        acts += specials.gwaihir_actions(state, region)
    if not acts and not window:
        frame["phase"] = "fellowship_strikes"
        return False
    said = _options_text(frame, mine, acts)
    if _cards_follow(state, fight):
        cards = card_actions(state, fight, FELLOWSHIP)
        now = msg("Choose your combat card now: it stays secret until both cards are shown.")
        text = Sentences((*said, now))
        return ask(frame, "fellowship_opening", FELLOWSHIP, [*acts, *cards], text, "fellowship_strikes")
    acts.append(_DECLINE)
    text = Sentences((*said, msg("Or fight on.")))
    return ask(frame, "fellowship_ability", FELLOWSHIP, acts, text, "fellowship_strikes")


def _cards_follow(state: State, fight: Fight) -> bool:
    """Whether, as everyone can see, the Fellowship's next own choice is its combat card.

    Not when the classic Gandalf fights (Sauron shows his card first) nor when a text decides
    the fight before cards: Boromir, a slayer, the Orcs' first strike, Saruman against Gandalf.
    """
    mine, foe = fight["fellowship"], fight["sauron"]
    if (
        fight["no_cards"]
        or gandalf_first(fight)
        or fight["orcs_strike"]
        or not state["cards"][FELLOWSHIP]["hand"]
    ):
        return False
    if mine == "boromir" or foe in SLAYERS.get(mine, ()):
        return False
    return not (foe == "saruman_v" and mine in GANDALFS)


def _fellowship_strikes(state: State, frame: Frame) -> bool:
    """Fellowship texts that act by themselves: Boromir, Merry, Legolas, Gimli."""
    fight = frame["fight"]
    mine, foe = fight["fellowship"], fight["sauron"]
    frame["phase"] = "sauron_abilities"
    if fight["against_warg"]:
        if mine in ("boromir", *SLAYERS):
            emit(state, "warg_strips", {"char": mine})
        return False
    if mine == "boromir":
        emit(state, "boromir_sacrifice")
        kill(state, frame, mine)
        kill(state, frame, foe)
        frame["phase"] = "end_fight"
    elif foe in SLAYERS.get(mine, ()):
        emit(state, "slays", {"char": mine, "foe": foe})
        kill(state, frame, foe)
        frame["phase"] = "end_fight"
    return False


def _sauron_abilities(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    foe, mine, region = fight["fellowship"], fight["sauron"], frame["region"]
    if fight["orcs_strike"]:
        emit(state, "orcs_overwhelm", {"char": foe})
        kill(state, frame, foe)
        frame["phase"] = "end_fight"
        return False
    if mine == "saruman_v" and foe in GANDALFS:
        emit(state, "saruman_overcomes", {"char": foe})
        kill(state, frame, foe)
        frame["phase"] = "end_fight"
        return False
    acts: list[Action] = []
    if mine == "saruman" and not fight["no_cards"]:
        acts.append(_ABILITY["saruman"])
    if mine == "gollum" and not fight["retreated"]:
        acts += [_RETREAT[r] for r in retreat_options(state, SAURON, region, "f")]
    if not acts:
        frame["phase"] = "combat_cards"
        return False
    acts.append(_DECLINE)
    text = Sentences(_options_text(frame, mine, acts))
    return ask(frame, "sauron_ability", SAURON, acts, text, "combat_cards")


_OPTION_TEXTS: dict[str, Callable[[Msg], Msg]] = {
    "retreat": lambda me: msg("{me} may retreat.", me=me),
    "sam": lambda me: msg("Sam may fight in Frodo's place."),
    "sam5": lambda me: msg("Sam may reveal Frodo beside him to fight at strength 5."),
    "smeagol": lambda me: msg("Sméagol may swap places with a neighbour."),
    "aragorn": lambda me: msg("Aragorn may declare that no cards are played."),
    "saruman": lambda me: msg("Saruman may declare that no cards are played."),
    "gwaihir": lambda me: msg("You may play Gwaihir to fly {me} away.", me=me),
}


def _options_text(frame: Frame, mine: str, acts: list[Action]) -> tuple[Msg, ...]:
    """The instruction for optional texts: the fight, then each option offered to ``mine``'s
    side, a sentence each."""
    attacker, defender = attacker_and_defender(frame["fight"])
    keys: list[str] = []
    for a in acts:
        key = a.args[0] if a.verb in ("ability", "special") else a.verb
        if key == "sam" and mine == "sam":
            key = "sam5"
        if key in _OPTION_TEXTS and key not in keys:
            keys.append(key)
    head = attack_sentence(attacker, defender, frame["region"])
    return (head, *(_OPTION_TEXTS[k](char_msg(mine)) for k in keys))


def attack_words(attacker: str, defender: str, region: str) -> Msg:
    """``Aragorn attacks Saruman in Rohan``, ``Orcs attack Frodo in Moria`` (the verb agrees;
    a heading, without a full stop)."""
    where = {"attacker": char_msg(attacker), "defender": char_msg(defender), "region": region_msg(region)}
    if CHARS[attacker].plural:
        return msg("{attacker} attack {defender} in {region}", **where)
    return msg("{attacker} attacks {defender} in {region}", **where)


def attack_sentence(attacker: str, defender: str, region: str) -> Msg:
    """:func:`attack_words` as a sentence."""
    where = {"attacker": char_msg(attacker), "defender": char_msg(defender), "region": region_msg(region)}
    if CHARS[attacker].plural:
        return msg("{attacker} attack {defender} in {region}.", **where)
    return msg("{attacker} attacks {defender} in {region}.", **where)


def gandalf_first(fight: Fight) -> bool:
    return fight["fellowship"] == "gandalf" and not fight["against_warg"]


#: ``card <card>`` for every combat card, built once (cards are chosen in every fight).
_CARD = {c: Action("card", (c,)) for s in SIDES for c in CARD_ORDER[s]}


def card_actions(state: State, fight: Fight, side: str) -> list[Action]:
    hand = state["cards"][side]["hand"]
    if side != FELLOWSHIP or fight["forbidden"] is None:
        return [_CARD[c] for c in hand]
    forbidden = fight["forbidden"]
    return [_CARD[c] for c in hand if c != forbidden]


def card_choosers(fight: Fight) -> list[str]:
    cards = fight["cards"]
    need = [s for s in SIDES if cards[s] is None]
    if cards[SAURON] is None and fight["fellowship"] == "gandalf" and not fight["against_warg"]:
        return [SAURON]  # gandalf_first(fight): Sauron shows his card first
    return need


#: :func:`card_choosers` as a set, by ``(Fellowship still to choose, Sauron still to choose)``.
_CHOOSERS = {
    (True, True): frozenset(SIDES),
    (True, False): frozenset({FELLOWSHIP}),
    (False, True): frozenset({SAURON}),
    (False, False): frozenset(),
}


def card_choosers_set(fight: Fight) -> frozenset[str]:
    """``frozenset(card_choosers(fight))``, shared (asked before every action of the choice)."""
    cards = fight["cards"]
    sauron = cards[SAURON] is None
    if sauron and fight["fellowship"] == "gandalf" and not fight["against_warg"]:
        return _CHOOSERS[(False, True)]
    return _CHOOSERS[(cards[FELLOWSHIP] is None, sauron)]


def _combat_cards(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    if fight["no_cards"]:
        frame["phase"] = "gandalf_bonus"
        return False
    if gandalf_first(fight) and fight["cards"][SAURON] is not None:
        if not fight["shown"][SAURON]:
            _show(state, fight, [SAURON])
        if _magic(state, frame, SAURON):
            return True
    if card_choosers_set(fight):  # (as true as card_choosers(), without a list)
        frame["step"] = "choose_combat_card"
        frame["ask"] = None
        return True
    _show(state, fight, [s for s in SIDES if not fight["shown"][s]])
    frame["phase"] = "saruman_forces"
    return False


def _show(state: State, fight: Fight, sides: list[str]) -> None:
    if not sides:
        return
    for s in sides:
        fight["shown"][s] = True
    if len(sides) == 2:
        emit(state, "cards_shown", {s: fight["cards"][s] for s in SIDES})
    else:
        emit(state, "card_shown", {"side": sides[0], "card": fight["cards"][sides[0]]})


def _saruman_forces(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    frame["phase"] = "magic"
    if (
        fight["sauron"] == "saruman_v"
        and "saruman_forced" not in fight["done"]
        and state["cards"][FELLOWSHIP]["hand"]
    ):
        fight["done"].append("saruman_forced")
        acts = [_ABILITY["saruman"], _DECLINE]
        text = msg("Saruman may force the Fellowship to take its card back and play another one.")
        return ask(frame, "sauron_ability", SAURON, acts, text, "magic")
    return False


def _magic(state: State, frame: Frame, side: str) -> bool:
    """Resolve a played Magic card: pick a card from the discards to use instead."""
    fight = frame["fight"]
    if fight["magic_resolved"][side]:
        return False
    fight["magic_resolved"][side] = True
    card = fight["cards"][side]
    fight["effective"][side] = card
    if card != "magic":
        return False
    if side == SAURON and (fight["sauron"] == "cave_troll" or sauron_text_ignored(fight, "magic")):
        emit(state, "magic_void")
        return False
    options = [c for c in state["cards"][side]["discard"] if c != "magic"]
    if not options:
        emit(state, "magic_empty", {"side": side})
        fight["effective"][side] = None
        return False
    acts = [_CARD[c] for c in options]
    text = msg("Magic: choose a card from your discards to use instead.")
    return ask(frame, "choose_magic_card", side, acts, text, frame["phase"], magic_side=side)


def _magic_phase(state: State, frame: Frame) -> bool:
    if _magic(state, frame, SAURON) or _magic(state, frame, FELLOWSHIP):
        return True
    frame["phase"] = "mouth_of_sauron"
    return False


def _mouth_of_sauron(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    frame["phase"] = "sauron_card"
    if (
        fight["sauron"] == "mouth_of_sauron"
        and fight["effective"][SAURON] != "4"
        and "mouth_exchanged" not in fight["done"]
    ):
        fight["done"].append("mouth_exchanged")
        acts = [_ABILITY["mouth"], _DECLINE]
        text = msg("The Mouth of Sauron may exchange your card for your 4.")
        return ask(frame, "sauron_ability", SAURON, acts, text, "sauron_card")
    return False


def _sauron_card(state: State, frame: Frame) -> bool:
    """Sauron's text card resolves first: Eye of Sauron or Retreat."""
    fight = frame["fight"]
    frame["phase"] = "fellowship_card"
    card = fight["effective"][SAURON]
    if card is None or not is_text(SAURON, card):
        if fight["sauron"] == "cave_troll" and card is not None:
            emit(state, "troll_card_void")
        return False
    if fight["sauron"] == "cave_troll":
        emit(state, "troll_card_void")
        return False
    if sauron_text_ignored(fight, card):
        emit(state, "card_void_against", {"card": card, "char": fight["fellowship"]})
        return False
    if card == "eye":
        fcard = fight["effective"][FELLOWSHIP]
        if is_text(FELLOWSHIP, fcard):
            fight["fellowship_card_cancelled"] = True
            emit(state, "eye_cancels", {"card": fcard})
        return False
    if card == "retreat":
        return _card_retreat(state, frame, SAURON, fight["sauron"], "s", "fellowship_card")
    return False


def _card_retreat(state: State, frame: Frame, side: str, char: str, routes: str, then: str) -> bool:
    options = retreat_options(state, side, frame["region"], routes)
    if not options:
        emit(state, "cannot_retreat", {"char": char})
        return False
    if len(options) == 1:
        retreat(state, frame, char, options[0])
        return False
    acts = [_RETREAT[r] for r in options]
    text = msg("Choose where {char} retreats.", char=char_msg(char))
    return ask(frame, "choose_retreat", side, acts, text, then, char=char)


def _fellowship_card(state: State, frame: Frame) -> bool:
    """The Fellowship's text card: Noble Sacrifice, Elven Cloak or Retreat."""
    fight = frame["fight"]
    if "fellowship_card_resolved" not in fight["done"]:
        fight["done"].append("fellowship_card_resolved")
        card = fight["effective"][FELLOWSHIP]
        if is_text(FELLOWSHIP, card) and not fight["fellowship_card_cancelled"]:
            if card == "noble_sacrifice":
                if fight["sauron"] in fight["retreated"]:
                    emit(state, "sacrifice_void")
                else:
                    emit(state, "sacrifice")
                    kill(state, frame, fight["fellowship"])
                    kill(state, frame, fight["sauron"])
                    frame["phase"] = "end_fight"
                    return False
            elif card == "elven_cloak":
                fight["elven_cloak"] = True
            elif card == "retreat" and _card_retreat(
                state, frame, FELLOWSHIP, fight["fellowship"], "b", "fellowship_card"
            ):
                return True
    frame["phase"] = "end_fight" if fight["retreated"] else "gandalf_bonus"
    return False


def _gandalf_bonus(state: State, frame: Frame) -> bool:
    """The variant Gandalf may lend +1 to a nearby battle.

    The question comes only when +1 would change the outcome (a loss into a tie, a tie into a
    win): everyone sees the strengths, so its coming tells nothing. Then it is asked whenever
    Gandalf could be near (his tile alive, never in his own fight nor against the Warg), so that
    it does not show where he stands.
    """
    fight = frame["fight"]
    frame["phase"] = "compare"
    wizard = "gandalf_v"
    if wizard not in state["chars"][FELLOWSHIP] and state["options"].get("variant") != "draft":
        return False
    if fight["against_warg"] or fight["fellowship"] in GANDALFS:
        return False
    pos = state["pos"]
    if "gandalf" not in pos and "gandalf_v" not in pos:  # (no generator: GANDALFS, asked every fight)
        return False
    fparts, sparts = strengths(state, frame)
    if sum(sparts) - sum(fparts) not in (0, 1):
        return False
    here = pos.get(wizard)
    in_range = here is not None and (here == frame["region"] or here in NEAR[frame["region"]])
    acts = [_ABILITY["gandalf"]] if in_range else []
    acts.append(_DECLINE)
    text = Sentences(
        (
            _totals(fparts, sparts),
            msg("Gandalf may lend +1 to this fight.")
            if in_range
            else msg("No Gandalf is near enough to help."),
        )
    )
    return ask(frame, "fellowship_ability", FELLOWSHIP, acts, text, "compare")


def _totals(fparts: list[int], sparts: list[int]) -> Msg:
    return msg("Strength {fellowship} against {sauron}.", fellowship=sum(fparts), sauron=sum(sparts))


def strengths(state: State, frame: Frame) -> tuple[list[int], list[int]]:
    """The parts of each side's strength now: the fighter's own, its card, any bonus."""
    fight = frame["fight"]
    fcard = None if fight["fellowship_card_cancelled"] else fight["effective"][FELLOWSHIP]
    scard = None if (fight["elven_cloak"] or fight["sauron"] == "cave_troll") else fight["effective"][SAURON]
    fparts = [fellowship_strength(state, fight, frame["region"]), value(FELLOWSHIP, fcard)]
    if fight["gandalf_bonus"]:
        fparts.append(fight["gandalf_bonus"])
    return fparts, [sauron_strength(fight), value(SAURON, scard)]


def _compare(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    mine, foe = fight["fellowship"], fight["sauron"]
    fparts, sparts = strengths(state, frame)
    fs, ss = sum(fparts), sum(sparts)
    emit(
        state,
        "strength",
        {"fellowship": mine, "fellowship_strength": fparts, "sauron": foe, "sauron_strength": sparts},
    )
    if fs <= ss:
        kill(state, frame, mine)
    if ss <= fs:
        kill(state, frame, foe)
    frame["phase"] = "end_fight"
    return False


def _end_fight(state: State, frame: Frame) -> bool:
    fight = frame["fight"]
    region = frame["region"]
    if "cards_discarded" not in fight["done"]:
        fight["done"].append("cards_discarded")
        for side in SIDES:
            card = fight["cards"][side]
            if card is not None and fight["shown"][side]:
                state["cards"][side]["discard"].append(card)
            elif card is not None:  # chosen, but the fight ended before cards were shown
                state["cards"][side]["hand"].append(card)
            hand = state["cards"][side]
            if not hand["hand"]:
                hand["hand"] = list(CARD_ORDER[side])
                hand["discard"] = []
                emit(state, "cards_back", {"side": side})
    check_ring_bearer_fell(state, fight["sauron"])
    if state["result"] is not None:
        return True
    if "wormtongue" in fight["defeated"] and "wormtongue_asked" not in fight["done"]:
        fight["done"].append("wormtongue_asked")
        escapes = wormtongue_escapes(state, region)
        if escapes:
            acts = [_RETREAT[r] for r in escapes] + [_DECLINE]
            text = msg("Wormtongue is defeated but may flee toward Mordor into an empty region.")
            return ask(frame, "choose_retreat", SAURON, acts, text, "end_fight", char="wormtongue", worm=True)
        remove(state, "wormtongue")
        emit(state, "defeated", {"char": "wormtongue"})
    foe = fight["sauron"]
    survived = foe not in fight["defeated"] and fight["fellowship"] in fight["defeated"]
    if foe == "shelob" and survived and region != "gondor":
        if count(state, "gondor", SAURON) < 2 and count(state, "gondor", FELLOWSHIP) == 0:
            move_to(state, "shelob", "gondor")
            emit(state, "shelob_returns")
        else:
            emit(state, "shelob_lost")
            remove(state, "shelob")
    frame["fight"] = None
    frame["phase"] = "choose_defender"
    return False


PHASES: dict[str, Callable[[State, Frame], bool]] = {
    "choose_defender": _choose_defender,
    "reveal": _reveal,
    "fellowship_abilities": _fellowship_abilities,
    "fellowship_strikes": _fellowship_strikes,
    "sauron_abilities": _sauron_abilities,
    "combat_cards": _combat_cards,
    "saruman_forces": _saruman_forces,
    "magic": _magic_phase,
    "mouth_of_sauron": _mouth_of_sauron,
    "sauron_card": _sauron_card,
    "fellowship_card": _fellowship_card,
    "gandalf_bonus": _gandalf_bonus,
    "compare": _compare,
    "end_fight": _end_fight,
}

__all__ = [
    "PHASES",
    "attacker_and_defender",
    "battle_frame",
    "card_actions",
    "card_choosers",
    "choose_target",
    "kill",
    "retreat",
    "run",
    "start",
    "strengths",
]
