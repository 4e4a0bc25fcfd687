"""The decisions players take during a battle, each a small :class:`Step`.

All of them live on the ``battle`` frame: ``frame["ask"]`` holds the asked side and its
legal actions (computed when the battle reached the decision), except for the combat
card choice, which is simultaneous and computed from the hands.
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.flow import Frame, Step, barrier

from . import battle, specials
from .abilities import FRODOS
from .board import move_to, remove, reveal
from .common import cap_title, title
from .data import FELLOWSHIP, SAURON, card_name, char_name, region_name


class AskStep(Step):
    """A decision of one side among actions stored in ``frame["ask"]``."""

    name = "ask"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["ask"]["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        result = []
        for text in frame["ask"]["actions"]:
            verb, *args = text.split(" ")
            result.append(Action(verb, tuple(args)))
        return tuple(result)

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return str(frame["ask"]["text"])

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for {title(frame['ask']['side'])} to decide in the battle."

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
    name = "b_target"

    def waiting(self, state: State, frame: Frame) -> str:
        return f"Waiting for {title(frame['ask']['side'])} to choose whom to attack."

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "special":
            specials.play_palantir(state, action.args[1])
            frame["phase"] = "pick"
            return
        battle.choose_target(state, frame, action.args[0])


class FellowshipTexts(AskStep):
    """Fellowship abilities at the start of a fight (and the variant Gandalf's +1)."""

    name = "b_ftexts"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fight = frame["fight"]
        region = frame["region"]
        if action.verb == "retreat":
            battle.retreat(state, frame, fight["f"], action.args[0])
            frame["phase"] = "end_fight"
        elif action.verb == "special":
            specials.use(state, FELLOWSHIP, "gwaihir")
            emit(state, "The Fellowship plays Gwaihir the Windlord.")
            battle.retreat(state, frame, fight["f"], action.args[1])
            frame["phase"] = "end_fight"
        elif action.verb == "ability":
            what = action.args[0]
            if what == "sam" and fight["f"] == "sam":
                for frodo in FRODOS:
                    if state["pos"].get(frodo) == region:
                        reveal(state, frodo)
                        emit(state, f"Sam stands with {char_name(frodo)}: his strength is 5.")
                fight["flags"].append("sam5")
                frame["phase"] = "fauto"
            elif what == "sam":
                reveal(state, "sam")
                emit(state, f"Sam steps in to fight in {char_name(fight['f'])}'s place: his strength is 5.")
                fight["f"] = "sam"
                fight["flags"].append("sam5")  # Frodo, just drawn, stands revealed beside him
                frame["phase"] = "fauto"
            elif what == "smeagol":
                partner = action.args[1]
                there = state["pos"][partner]
                move_to(state, "smeagol", there)
                move_to(state, partner, region)
                reveal(state, partner)
                emit(state, f"Sméagol slips away; {char_name(partner)} fights in his place.")
                fight["f"] = partner
                frame["phase"] = "ftexts"
            elif what == "aragorn":
                fight["nocards"] = True
                emit(state, "Aragorn declares that no cards will be played.")
                frame["phase"] = "fauto"
            elif what == "gandalf":
                reveal(state, "gandalf_v")
                fight["plus"] = 1
                emit(state, "Gandalf lends his strength: +1 to the Fellowship.")


class SauronTexts(AskStep):
    """Sauron's optional abilities: Saruman, Gollum, the Mouth of Sauron."""

    name = "b_stexts"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fight = frame["fight"]
        if action.verb == "retreat":
            battle.retreat(state, frame, fight["s"], action.args[0])
            frame["phase"] = "end_fight"
            return
        if action.verb != "ability":
            return
        what = action.args[0]
        if what == "saruman" and fight["s"] == "saruman":
            fight["nocards"] = True
            emit(state, "Saruman declares that no cards will be played.")
        elif what == "saruman":
            first = fight["cards"][FELLOWSHIP]
            hand = state["cards"][FELLOWSHIP]["hand"]
            hand.append(first)
            fight["forced"] = first
            fight["cards"][FELLOWSHIP] = None
            fight["eff"][FELLOWSHIP] = None
            fight["shown"][FELLOWSHIP] = False
            fight["magic"][FELLOWSHIP] = False
            emit(
                state,
                f"Saruman forces the Fellowship to take back {card_name(FELLOWSHIP, first)} "
                "and play another card.",
            )
            frame["phase"] = "cards"
        elif what == "mouth":
            cards = state["cards"][SAURON]
            original = fight["cards"][SAURON]
            if "4" in cards["hand"]:
                cards["hand"].remove("4")
                cards["hand"].append(original)
                fight["cards"][SAURON] = "4"
            fight["eff"][SAURON] = "4"
            emit(state, f"The Mouth of Sauron exchanges {card_name(SAURON, original)} for the 4.")


class ChooseMagic(AskStep):
    name = "b_magic"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        side = frame["ask"]["magic_side"]
        card = action.args[0]
        frame["fight"]["eff"][side] = card
        emit(state, f"{cap_title(side)}'s Magic becomes {card_name(side, card)}.")


class ChooseRetreat(AskStep):
    """Where a Retreat card sends a fighter, or Wormtongue's escape."""

    name = "b_retreat"

    def handle(self, state: State, frame: Frame, role: str, action: Action) -> None:
        ask = frame["ask"]
        if ask.get("worm"):
            if action.verb == "retreat":
                move_to(state, "wormtongue", action.args[0])
                emit(state, f"Wormtongue escapes to {region_name(action.args[0])}.")
            else:
                remove(state, "wormtongue")
                emit(state, "Wormtongue is defeated.")
            return
        battle.retreat(state, frame, ask["char"], action.args[0])


class ChooseCard(Step):
    """Both players secretly choose a combat card (with classic Gandalf, Sauron first)."""

    name = "b_cards"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset(battle.card_choosers(frame["fight"]))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(battle.card_actions(state, frame["fight"], role))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        fight = frame["fight"]
        mine = fight["f"] if role == FELLOWSHIP else fight["s"]
        text = f"Choose a combat card for {char_name(mine)} (`card <card>`)."
        if fight["forced"] and role == FELLOWSHIP:
            text += f" Saruman forbids {card_name(FELLOWSHIP, fight['forced'])}."
        return text

    def waiting(self, state: State, frame: Frame) -> str:
        who = " and ".join(title(s) for s in battle.card_choosers(frame["fight"]))
        return f"Waiting for {who} to choose a combat card."

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        card = action.args[0]
        state["cards"][role]["hand"].remove(card)
        frame["fight"]["cards"][role] = card
        barrier(state)
        emit(state, f"{cap_title(role)} has chosen a card.", {role: f"You chose {card_name(role, card)}."})
        frame["phase"] = "cards"
        frame["step"] = "battle"
        battle.run(state)


BATTLE_STEPS: tuple[Step, ...] = (
    ChooseTarget(),
    FellowshipTexts(),
    SauronTexts(),
    ChooseMagic(),
    ChooseRetreat(),
    ChooseCard(),
)
