"""Playing an Event card (§7.2): with a die showing the card's icon, an Event die, or a Will of
the West taken as the needed face; the card's own condition checked by its handler.

The action step offers ``play <face> <card>`` for every card that may be played now with each
unused die; :func:`start` takes the card out of the hand (onto the table for a table card,
else face up onto the played pile), announces it and runs its handler as the procedure
``event``. A play cannot be undone: the card was shown.
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.flow import Frame, barrier, call, pop

from ..card_piles import play_from_hand, put_on_table
from ..data import CARDS
from ..options import DIE_AWARE, revision
from . import after_play, words
from .base import FREE_CARD, ask
from .registry import HANDLERS
from .words import tr

#: The dice faces that play a card of each icon besides the Event die and the Will of the West
#: (an Army/Muster die plays both kinds of Strategy card).
ICON_FACES = {
    "character": frozenset({"character"}),
    "army": frozenset({"army", "army_muster"}),
    "muster": frozenset({"muster", "army_muster"}),
}
ANY_CARD = frozenset({"event", "will"})


def face_plays(face: str, card: str) -> bool:
    return face in ANY_CARD or face in ICON_FACES[CARDS[card].icon]


def can_play(state: State, side: str, card: str) -> bool:
    """Whether ``side`` may play ``card`` from his hand now (any die aside)."""
    handler = HANDLERS.get(card)
    return handler is not None and card in state["hands"][side] and handler.can_play(state, side)


def die_allows(state: State, side: str, card: str, face: str | None) -> bool:
    """The card's own need of the die that plays it (``None``: no die), from rules revision 3
    on; a match begun before plays by ``can_play`` alone, as it did."""
    return revision(state) < DIE_AWARE or HANDLERS[card].die_allows(state, side, face)


def play_actions(state: State, side: str, faces: list[str]) -> list[Action]:
    """``play <face> <card>`` for each unused die face and each card it may play now."""
    hand = sorted(state["hands"][side])
    allowed = {card: can_play(state, side, card) for card in hand}
    return [
        Action("play", (face, card))
        for face in faces
        for card in hand
        if allowed[card] and face_plays(face, card) and die_allows(state, side, card, face)
    ]


def is_play(state: State, side: str, action: Action, faces: list[str]) -> bool:
    if action.verb != "play" or len(action.args) != 2:
        return False
    face, card = action.args
    return (
        face in faces
        and card in CARDS
        and face_plays(face, card)
        and can_play(state, side, card)
        and die_allows(state, side, card, face)
    )


def leave_hand(state: State, side: str, card: str) -> None:
    """The card leaves the hand (onto the table for a table card, else face up) and is announced.
    A card shown is never taken back into the hand (the opponent would know it is there): an
    undo barrier."""
    barrier(state)
    if CARDS[card].on_table:
        put_on_table(state, side, card)
    else:
        play_from_hand(state, side, card)
    emit(state, "event_played", {"side": side, "card": card})


def play_next(state: State, frame: Frame, card: str) -> bool:
    """An Event that lets its player play another card at no die cost (The Ents Awake): the
    same ``event`` frame goes on with ``card``; whether it waits."""
    side = frame["side"]
    leave_hand(state, side, card)
    frame.update({"card": card, "data": {}, "ask": None})
    return HANDLERS[card].start(state, side, frame)


def then(state: State, frame: Frame) -> bool:
    """The card's Event is over: another card at no die cost if it allows one, else the rewards
    of the die and the hand limit (:func:`.after_play.conclude`); whether it waits."""
    return offer_free_card(state, frame) or after_play.conclude(state, frame)


def offer_free_card(state: State, frame: Frame) -> bool:
    """The card just done let its player play another card at no die cost (:data:`.base.FREE_CARD`):
    ask him (``play free <card>`` for each he may play now, or ``decline``); whether asked. He is
    asked whenever his hand holds a card (its size is public), so that the wait tells his
    opponent nothing about what he holds."""
    icon = frame["data"].pop(FREE_CARD, None)
    side = frame["side"]
    if icon is None or not state["hands"][side]:
        return False
    free = [
        c
        for c in sorted(state["hands"][side])
        if CARDS[c].icon == icon and can_play(state, side, c) and die_allows(state, side, c, None)
    ]
    options = [
        (Action("play", ("free", c)), tr("Play {card} at no die cost", card=words.card(c))) for c in free
    ]
    options.append((Action("decline"), tr("Play no other card")))
    text = (
        tr("You may play another card at no die cost.")
        if free
        else tr("None of your cards may be played now.")
    )
    return ask(frame, side, FREE_CARD, options, tr("another card"), text)


def start(state: State, side: str, card: str, die: str) -> bool:
    """Play ``card``: True while its Event waits for decisions (the procedure ``event`` then
    returns to the caller), False when it is over already."""
    leave_hand(state, side, card)
    frame = call(state, "event", side=side, card=card, die=die, data={}, ask=None)
    if HANDLERS[card].start(state, side, frame) or then(state, frame):
        return True
    if state["result"] is None and state["stack"] and state["stack"][-1] is frame:
        pop(state)
    return False


def refusal(state: State, side: str, action: Action, faces: list[str]) -> str | None:
    """Why ``side`` may not play the card of a ``play <face> <card>`` now, in words for him
    (``None``: not a play of a card in his own hand — the generic answer, which tells nothing)."""
    said = _refusal(state, side, action, faces)
    return None if said is None else str(said)


def _refusal(state: State, side: str, action: Action, faces: list[str]) -> str | None:
    if action.verb != "play" or len(action.args) != 2:
        return None
    face, card = action.args
    if card not in CARDS or card not in state["hands"][side]:
        return None
    info, name = CARDS[card], words.card(card)
    if face not in faces:
        return tr("You have no unused {face} die to play {card} with.", face=words.face(face), card=name)
    if not face_plays(face, card):
        if info.icon in ("army", "muster"):
            return tr(
                "{card} is played with an Army/Muster die, an Event die or a Will of the West.", card=name
            )
        return tr("{card} is played with a Character die, an Event die or a Will of the West.", card=name)
    if not can_play(state, side, card):
        if info.condition:
            return tr(
                "{card} cannot be played now. Play it if: {condition}",
                card=name,
                condition=words.condition(info.condition),
            )
        return tr("{card} cannot be played now: its Event could do nothing.", card=name)
    if not die_allows(state, side, card, face):
        return tr(
            "{card} cannot be played with this {face} die: {need}.",
            card=name,
            face=words.face(face),
            need=tr(HANDLERS[card].die_need),  # i18n: marked where the card says it
        )
    return None
