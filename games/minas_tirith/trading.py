"""Phase 3, trading cards (§7.3): sets of three of a kind for Minas Tirith cards, the special
trade, battalions loaded onto holder cards, and the hand limit.

Reinforcement cards are named in actions by their *type*, the only thing about them that
matters here (the territory on a card means nothing in this game): the figure, with the sword
shown (``infantry``, ``infantry-silver`` for Gondor's silver sword, ``infantry-black`` for
Mordor's black one) or ``wild``. ``trade cavalry cavalry cavalry-silver wild`` trades a set of
cavalry; the engine gives up the first cards of those types in the hand.

A set draws the top Minas Tirith card (one of the other side is put aside at once). Once per
turn, a set holding a card with the trader's own sword may be traded specially instead
(default 3): draw two and keep one, take back a put-aside card of one's own, or place one
battalion of the set's kind (Gondor has no creatures: default 4). Holder cards take battalions
one at a time, one reinforcement card of a matching figure each. With seven cards or more the
player must trade; if he cannot, he discards down to six (default 10).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from games.core import Action, State, emit
from games.core.flow import Frame, Step, pop, push

from . import cards, forces
from .facts import FIGURES, GOOD, KINDS, MT_CARDS, REINFORCEMENTS, SPACES, UNITS, WILD, usable_by
from .roles import ONLY
from .words import Said, side_title, t

HAND_LIMIT = 6
SWORD_SUFFIX = {"good": "-silver", "evil": "-black", "none": ""}


def card_type(card: str) -> str:
    info = REINFORCEMENTS[card]
    return WILD if info.figure == WILD else info.figure + SWORD_SUFFIX[info.sword]


def figure_of(card_type_slug: str) -> str:
    return card_type_slug.split("-", 1)[0]


def own_sword(role: str) -> str:
    return SWORD_SUFFIX[role]


def hand_types(state: State, role: str) -> Counter[str]:
    return Counter(card_type(c) for c in state["hands"][role])


def set_actions(state: State, role: str) -> list[Action]:
    have = hand_types(state, role)
    found: list[Action] = []
    for figure in FIGURES:
        types = sorted(ct for ct in have if figure_of(ct) in (figure, WILD))
        for combo in combinations_with_replacement(types, 3):
            need = Counter(combo)
            if all(have[ct] >= n for ct, n in need.items()):
                found.append(Action("trade", (figure, *combo)))
    return found


def holder_room(entry: dict[str, object]) -> int:
    info = MT_CARDS[str(entry["id"])]
    held = entry["holds"]
    assert isinstance(held, dict)
    return info.capacity - sum(held.values())


def load_actions(state: State, role: str) -> list[Action]:
    have = hand_types(state, role)
    found: list[Action] = []
    for entry in state["mt"][role]:
        info = MT_CARDS[entry["id"]]
        if info.kind != "holder" or holder_room(entry) <= 0:
            continue
        for figure, kinds in info.holds.items():
            for kind in kinds:
                if forces.supply(state, kind) <= 0:
                    continue
                for ct in sorted(have):
                    if figure_of(ct) in (figure, WILD):
                        found.append(Action("load", (info.id, kind, ct)))
    return found


def trade_actions(state: State, role: str) -> tuple[Action, ...]:
    offered = set_actions(state, role) + load_actions(state, role)
    over = len(state["hands"][role]) > HAND_LIMIT
    if not over:
        offered.append(Action("done"))
    elif not offered:
        offered = [Action("discard", (ct,)) for ct in sorted(hand_types(state, role))]
    return tuple(offered)


def take_cards(state: State, role: str, types: tuple[str, ...]) -> list[str]:
    hand: list[str] = state["hands"][role]
    taken: list[str] = []
    for wanted in types:
        card = next(c for c in hand if card_type(c) == wanted)
        hand.remove(card)
        taken.append(card)
    state["decks"]["used"].extend(taken)
    return taken


def nothing_to_trade(state: State) -> bool:
    """Whether phase 3 asks nothing (only ``done`` is left): the engine goes on by itself."""
    return trade_actions(state, state["turn"]["role"]) == (Action("done"),)


def forced_trade(state: State) -> Action | None:
    """Over the hand limit with one thing to do (a single set to trade, nothing to load): that
    action, which the engine makes by itself rather than ask a question with one answer."""
    role = state["turn"]["role"]
    if len(state["hands"][role]) <= HAND_LIMIT:
        return None
    found = trade_actions(state, role)
    return found[0] if len(found) == 1 and found[0].verb == "trade" else None


def battalion_kinds(role: str, figure: str) -> tuple[str, ...]:
    """The battalions a special trade of a ``figure`` set may give (none: a creature set of
    Gondor's)."""
    return tuple(k for k in KINDS[role] if UNITS[k].cls == figure)


def reward_actions(state: State, role: str, figure: str) -> tuple[Action, ...]:
    offered = [Action("reward", ("draw",))]
    if state["decks"]["mt"]:
        offered.append(Action("reward", ("two",)))
    offered += [Action("reward", ("pick", c)) for c in state["decks"]["aside"] if usable_by(c, role)]
    spaces = forces.spaces_of(state, role)
    for kind in battalion_kinds(role, figure):
        if forces.supply(state, kind) > 0:
            offered += [
                Action("reward", ("battalion", kind, s))
                for s in spaces
                if UNITS[kind].cls == "infantry" or SPACES[s].kind != "wall"
            ]
    return tuple(offered)


class Trade(Step):
    name = "trade"
    kind = "trade"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return trade_actions(state, role)

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        count = len(state["hands"][role])
        if count > HAND_LIMIT:
            return Said(
                lambda lang: t(
                    lang,
                    "You hold {count} reinforcement cards, more than {limit}: trade a set of three of a "
                    "kind or load a battalion onto a card (or discard when you cannot).",
                    count=count,
                    limit=HAND_LIMIT,
                )
            )
        return Said(
            lambda lang: t(
                lang,
                "Trade a set of three of a kind for a Minas Tirith card, load battalions onto your "
                "holder cards, or go on to your actions.",
            )
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        count = len(state["hands"][role])
        return Said(lambda lang: t(lang, "Trade cards ({count} in hand)", count=count))

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(lambda lang: t(lang, "Waiting for {side} to trade cards.", side=side_title(side, lang)))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        verb = action.verb
        if verb == "done":
            state["stack"] = [{"step": "act"}]
        elif verb == "discard":
            (card,) = take_cards(state, role, action.args)
            emit(state, "discarded", {"role": role, "card": card})
        elif verb == "load":
            holder, kind, ct = action.args
            (card,) = take_cards(state, role, (ct,))
            entry = forces.mt_card(state, role, holder)
            assert entry is not None
            held = entry["holds"]
            assert isinstance(held, dict)
            held[kind] = held.get(kind, 0) + 1
            emit(state, "loaded", {"role": role, "holder": holder, "kind": kind, "card": card})
        elif verb == "trade":
            figure, *types = action.args
            used = take_cards(state, role, tuple(types))
            emit(state, "set_traded", {"role": role, "figure": figure, "cards": used})
            special = own_sword(role) in "".join(ct[len(figure_of(ct)) :] for ct in types)
            only_draw = reward_actions(state, role, figure) == (Action("reward", ("draw",)),)
            if special and not state["turn"]["special_used"] and not only_draw:
                push(state, "reward", figure=figure)
                return
            cards.draw_mt(state, role)


class Reward(Step):
    """What a set with one's own sword gives: the ordinary draw or one special trade."""

    name = "reward"
    kind = "special_trade"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return reward_actions(state, role, frame["figure"])

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        return Said(
            lambda lang: t(
                lang,
                "Your set shows your own sword: draw the top Minas Tirith card as usual, or make your "
                "special trade of this turn (draw two and keep one, take back a put-aside card of "
                "yours, or place one battalion of the set's kind).",
            )
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        return Said(lambda lang: t(lang, "Special trade"))

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(
            lambda lang: t(
                lang, "Waiting for {side} to choose what the set gives.", side=side_title(side, lang)
            )
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        how = action.args[0]
        pop(state)
        if how == "draw":
            cards.draw_mt(state, role)
            return
        state["turn"]["special_used"] = True
        if how == "two":
            drawn = cards.draw_two(state, role)
            keepable = [c for c in drawn if usable_by(c, role)]
            if len(keepable) > 1:
                push(state, "keep", cards=drawn)
                return
            cards.keep_of_two(state, role, drawn, keepable[0] if keepable else None)
        elif how == "pick":
            cards.take_back(state, role, action.args[1])
        else:
            kind, space = action.args[1], action.args[2]
            forces.add_units(state, space, kind, 1)
            emit(state, "special_battalion", {"role": role, "kind": kind, "space": space})


class KeepOne(Step):
    name = "keep"
    kind = "keep_card"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return ONLY[state["turn"]["role"]]

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("keep", (c,)) for c in frame["cards"] if usable_by(c, role))

    def instruction(self, state: State, frame: Frame, role: str) -> Said:
        return Said(
            lambda lang: t(lang, "Keep one of the two Minas Tirith cards you drew; the other is put aside.")
        )

    def title(self, state: State, frame: Frame, role: str) -> Said:
        return Said(lambda lang: t(lang, "Keep one card"))

    def waiting(self, state: State, frame: Frame) -> Said:
        side = state["turn"]["role"]
        return Said(
            lambda lang: t(lang, "Waiting for {side} to keep one of two cards.", side=side_title(side, lang))
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        drawn = list(frame["cards"])
        pop(state)
        cards.keep_of_two(state, role, drawn, action.args[0])


__all__ = ["GOOD", "HAND_LIMIT", "KeepOne", "Reward", "Trade", "card_type"]
