"""The decisions players take during a battle, each a small :class:`Step`.

All of them live on the ``battle`` frame: ``frame["ask"]`` holds the asked side and its
legal actions (computed when the battle reached the decision), except for the combat
card choice, which is simultaneous and computed from the hands.
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier
from games.core.i18n import Listed, Msg, Sentences, Words, from_data

from . import battle, specials
from .abilities import FRODOS, fellowship_strength, sauron_strength
from .board import move_to, remove, reveal
from .data import FELLOWSHIP, SAURON
from .roles import only
from .words import card_msg, char_msg, msg, region_msg, side_msg


def fight_heading(frame: Frame) -> Msg:
    """``'Aragorn attacks Saruman in Rohan'``: both fighters are revealed once a fight began."""
    attacker, defender = battle.attacker_and_defender(frame["fight"])
    return battle.attack_words(attacker, defender, frame["region"])


#: ``{action text: Action}`` of the battle decisions seen so far (immutable values, shared; the
#: texts come from a small closed vocabulary of verbs, cards, regions and characters).
_PARSED: dict[str, Action] = {}


def _parse(text: str) -> Action:
    verb, *args = text.split(" ")
    action = _PARSED[text] = Action(verb, tuple(args))
    return action


class AskStep(Step):
    """A decision of one side among actions stored in ``frame["ask"]``."""

    name = "ask"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return only(frame["ask"]["side"])

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        parsed = _PARSED
        return tuple([parsed.get(text) or _parse(text) for text in frame["ask"]["actions"]])

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        return action.text in frame["ask"]["actions"]

    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        said = from_data(frame["ask"]["text"])  # (a state saved before languages holds the English)
        return said if isinstance(said, Words) else str(said)

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        if frame.get("fight"):
            return fight_heading(frame)
        return msg("Battle in {region}", region=region_msg(frame["region"]))

    def waiting(self, state: State, frame: Frame) -> str | Words:
        return msg("Waiting for {side} to decide in the battle.", side=side_msg(frame["ask"]["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        # Every battle decision is announced to the opponent at once (a retreat, a Magic
        # replacement, an ability): it can never be taken back.
        barrier(state)
        frame["phase"] = frame["ask"]["then"]
        self.handle(state, frame, role, action)
        frame["ask"] = None
        frame["step"] = "battle"
        battle.run(state)

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        """Change the battle according to ``action``; ``frame["phase"]`` is preset to resume."""


class ChooseTarget(AskStep):
    name = "choose_target"
    kind = "battle_target"

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return msg("Whom to attack in {region}", region=region_msg(frame["region"]))

    def waiting(self, state: State, frame: Frame) -> str | Words:
        return msg("Waiting for {side} to choose whom to attack.", side=side_msg(frame["ask"]["side"]))

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "special":
            specials.play_palantir(state, action.args[1])
            frame["phase"] = "choose_defender"
            return
        battle.choose_target(state, frame, action.args[0])


class FellowshipAbility(AskStep):
    """Fellowship abilities at the start of a fight (and the variant Gandalf's +1)."""

    name = "fellowship_ability"
    kind = "fellowship_ability"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fight = frame["fight"]
        region = frame["region"]
        if action.verb == "retreat":
            battle.retreat(state, frame, fight["fellowship"], action.args[0])
            frame["phase"] = "end_fight"
        elif action.verb == "special":
            specials.use(state, FELLOWSHIP, "gwaihir")
            emit(state, "gwaihir")
            battle.retreat(state, frame, fight["fellowship"], action.args[1])
            frame["phase"] = "end_fight"
        elif action.verb == "ability":
            self._ability(state, frame, fight, region, action)

    @staticmethod
    def _ability(state: State, frame: Frame, fight: battle.Fight, region: str, action: Action) -> None:
        what = action.args[0]
        if what == "sam" and fight["fellowship"] == "sam":
            for frodo in FRODOS:
                if state["pos"].get(frodo) == region:
                    reveal(state, frodo)
                    emit(state, "sam_with_frodo", {"char": frodo})
            fight["done"].append("sam_strength_5")
            frame["phase"] = "fellowship_strikes"
        elif what == "sam":
            reveal(state, "sam")
            emit(state, "sam_steps_in", {"char": fight["fellowship"]})
            fight["fellowship"] = "sam"
            fight["done"].append("sam_strength_5")  # Frodo, just drawn, stands revealed beside him
            frame["phase"] = "fellowship_strikes"
        elif what == "smeagol":
            partner = action.args[1]
            there = state["pos"][partner]
            move_to(state, "smeagol", there)
            move_to(state, partner, region)
            reveal(state, partner)
            emit(state, "smeagol_swaps", {"char": partner})
            fight["fellowship"] = partner
            frame["phase"] = "fellowship_abilities"
        elif what == "aragorn":
            fight["no_cards"] = True
            emit(state, "aragorn_no_cards")
            frame["phase"] = "fellowship_strikes"
        elif what == "gandalf":
            reveal(state, "gandalf_v")
            fight["gandalf_bonus"] = 1
            emit(state, "gandalf_helps")


class FellowshipOpening(AskStep):
    """The start of a fight for the Fellowship: its combat card, or first an ability."""

    name = "fellowship_opening"
    kind = "combat_card"

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return card_title(state, frame, role)

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "card":
            choose_card(state, frame, FELLOWSHIP, action.args[0])
            return
        FELLOWSHIP_ABILITY.handle(state, frame, role, action)


def card_title(state: State, frame: Frame, role: str) -> Msg:
    """``'Combat card for Aragorn (4) against Saruman (4)'``: the fighters' own strengths."""
    fight = frame["fight"]
    fellowship, sauron = fight["fellowship"], fight["sauron"]
    strength = {
        fellowship: fellowship_strength(state, fight, frame["region"]),
        sauron: sauron_strength(fight),
    }
    mine, theirs = (fellowship, sauron) if role == FELLOWSHIP else (sauron, fellowship)
    return msg(
        "Combat card for {mine} ({strength}) against {theirs} ({their_strength})",
        mine=char_msg(mine),
        strength=strength[mine],
        theirs=char_msg(theirs),
        their_strength=strength[theirs],
    )


def choose_card(state: State, frame: Frame, side: str, card: str) -> None:
    """``side`` commits ``card`` to the fight in secret (it leaves the hand)."""
    state["cards"][side]["hand"].remove(card)
    frame["fight"]["cards"][side] = card
    barrier(state)
    emit(state, "card_chosen", {"side": side}, {side: ("own_card_chosen", {"card": card})})


class SauronAbility(AskStep):
    """Sauron's optional abilities: Saruman, Gollum, the Mouth of Sauron."""

    name = "sauron_ability"
    kind = "sauron_ability"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fight = frame["fight"]
        if action.verb == "retreat":
            battle.retreat(state, frame, fight["sauron"], action.args[0])
            frame["phase"] = "end_fight"
            return
        if action.verb != "ability":
            return
        what = action.args[0]
        if what == "saruman" and fight["sauron"] == "saruman":
            fight["no_cards"] = True
            emit(state, "saruman_no_cards")
        elif what == "saruman":
            first = fight["cards"][FELLOWSHIP]
            hand = state["cards"][FELLOWSHIP]["hand"]
            hand.append(first)
            fight["forbidden"] = first
            fight["cards"][FELLOWSHIP] = None
            fight["effective"][FELLOWSHIP] = None
            fight["shown"][FELLOWSHIP] = False
            fight["magic_resolved"][FELLOWSHIP] = False
            emit(state, "saruman_forces", {"card": first})
            frame["phase"] = "combat_cards"
        elif what == "mouth":
            cards = state["cards"][SAURON]
            original = fight["cards"][SAURON]
            if "4" in cards["hand"]:
                cards["hand"].remove("4")
                cards["hand"].append(original)
                fight["cards"][SAURON] = "4"
            fight["effective"][SAURON] = "4"
            emit(state, "mouth_exchanges", {"card": original})


class ChooseMagicCard(AskStep):
    name = "choose_magic_card"
    kind = "magic_card"

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return msg("Magic: a card from your discards ({fight})", fight=fight_heading(frame))

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        side = frame["ask"]["magic_side"]
        card = action.args[0]
        frame["fight"]["effective"][side] = card
        emit(state, "magic_becomes", {"side": side, "card": card})


class ChooseRetreat(AskStep):
    """Where a Retreat card sends a fighter, or Wormtongue's escape."""

    name = "choose_retreat"
    kind = "retreat"

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return msg("Where {char} retreats", char=char_msg(frame["ask"]["char"]))

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        ask = frame["ask"]
        if ask.get("worm"):
            if action.verb == "retreat":
                move_to(state, "wormtongue", action.args[0])
                emit(state, "wormtongue_escapes", {"to": action.args[0]})
            else:
                remove(state, "wormtongue")
                emit(state, "defeated", {"char": "wormtongue"})
            return
        battle.retreat(state, frame, ask["char"], action.args[0])


class ChooseCombatCard(Step):
    """Both players secretly choose a combat card (with classic Gandalf, Sauron first)."""

    name = "choose_combat_card"
    kind = "combat_card"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return battle.card_choosers_set(frame["fight"])

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(battle.card_actions(state, frame["fight"], role))

    def title(self, state: State, frame: Frame, role: str) -> str | Words:
        return card_title(state, frame, role)

    def instruction(self, state: State, frame: Frame, role: str) -> str | Words:
        fight = frame["fight"]
        mine = fight["fellowship"] if role == FELLOWSHIP else fight["sauron"]
        text = msg(
            "Choose a combat card for {char}: it stays secret until both cards are shown.",
            char=char_msg(mine),
        )
        if fight["forbidden"] and role == FELLOWSHIP:
            forbidden = msg("Saruman forbids {card}.", card=card_msg(FELLOWSHIP, fight["forbidden"]))
            return Sentences((text, forbidden))
        return text

    def waiting(self, state: State, frame: Frame) -> str | Words:
        who = Listed(tuple(side_msg(s) for s in battle.card_choosers(frame["fight"])))
        return msg("Waiting for {sides} to choose a combat card.", sides=who)

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        choose_card(state, frame, role, action.args[0])
        frame["phase"] = "combat_cards"
        frame["step"] = "battle"
        battle.run(state)


FELLOWSHIP_ABILITY = FellowshipAbility()

BATTLE_STEPS: tuple[Step, ...] = (
    ChooseTarget(),
    FellowshipOpening(),
    FELLOWSHIP_ABILITY,
    SauronAbility(),
    ChooseMagicCard(),
    ChooseRetreat(),
    ChooseCombatCard(),
)

__all__ = ["BATTLE_STEPS", "fight_heading"]
