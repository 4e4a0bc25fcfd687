"""Discarding an enemy's table card as a die action (issue 19): ``dispel`` — the Shadow, with
any die, one Strategy card and one Character card from his hand, discards A Power too Great or
The Power of Tom Bombadil; the Free Peoples, with any die while Gandalf or Aragorn is in Minas
Tirith, discard Denethor's Folly — and ``dispel-will``, their Will of the West die, the same at
any time. The Shadow's questions are asked in the table card's own ``event`` frame
(``data["dispel"]``, answered by its handler through :func:`dispel_next`).
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.flow import Frame, call

from .. import actions
from ..card_piles import on_table, seen
from ..card_rules import BARRED, DENETHORS_FOLLY, MINAS_TIRITH, discard
from ..data import CARDS as CARD_DATA
from ..data import FREE, SHADOW
from ..i18n import english, mark
from .base import ask
from .words import card as card_words
from .words import listed, tr


def barring_cards(state: State) -> list[str]:
    return [card for card in BARRED if card in seen(state, "table", FREE)]


def hand_of(state: State, deck: str) -> list[str]:
    return sorted(c for c in state["hands"][SHADOW] if CARD_DATA[c].deck == deck)


def dispel_next(state: State, frame: Frame) -> bool:
    """The Shadow's discard of a barring card: which card (asked when both are on the table),
    then a Strategy and a Character card from his hand — always asked, even with one card of a
    deck, so that the wait tells the Free Peoples nothing of his hand; whether it waits."""
    data = frame["data"]
    if "target" not in data:
        found = barring_cards(state)
        if len(found) > 1:
            options = [
                (Action("discard", (c,)), tr("Discard {card} from the table", card=card_words(c)))
                for c in found
            ]
            return ask(
                frame, SHADOW, "which", options, tr("which card"), tr("Which table card do you discard?")
            )
        data["target"] = found[0]
    for deck in ("strategy", "character"):
        if deck in data:
            continue
        options = [
            (Action("discard", (c,)), tr("Give up {card}", card=card_words(c))) for c in hand_of(state, deck)
        ]
        if deck == "strategy":
            return ask(
                frame, SHADOW, deck, options, tr("a Strategy card"), tr("Discard which Strategy card?")
            )
        return ask(frame, SHADOW, deck, options, tr("a Character card"), tr("Discard which Character card?"))
    given = [data["strategy"], data["character"]]
    for card in given:
        state["hands"][SHADOW].remove(card)
        state["discards"][SHADOW].append(card)
    emit(  # one line for both: the decks are known, the cards stay secret
        state,
        "cards_given_up",
        {"side": SHADOW},
        private={SHADOW: ("own_cards_given_up", {"side": SHADOW, "cards": given})},
    )
    discard(state, data["target"], "as_an_action")
    return False


def _shadow_may_dispel(state: State) -> bool:
    return (
        bool(barring_cards(state)) and bool(hand_of(state, "strategy")) and bool(hand_of(state, "character"))
    )


def _heroes_in_minas_tirith(state: State) -> bool:
    return any(
        state["characters"].get(c, {}).get("region") == MINAS_TIRITH
        for c in ("gandalf_grey", "gandalf_white", "aragorn")
    )


def dispel_text(state: State, side: str) -> str:
    """What ``dispel`` does for ``side`` now, naming only the table cards in play (a card merely
    named by the rules text might be in the enemy's hand: the words never bring it up)."""
    if side == FREE:
        return tr(
            "Any die, with Gandalf or Aragorn in Minas Tirith, discards {card} from the table.",
            card=card_words(DENETHORS_FOLLY),
        )
    found = barring_cards(state)
    if not found:
        return tr(
            "Any die, a Strategy card and a Character card from your hand discard a barring table card from "
            "the table."
        )
    named = [card_words(c) for c in found]
    names = " or ".join(named) if english() else listed(named, "or")
    return str(
        tr(
            "Any die, a Strategy card and a Character card from your hand discard {cards} from the table.",
            cards=names,
        )
    )


def _dispel_possible(state: State, side: str) -> bool:
    if side == SHADOW:
        return _shadow_may_dispel(state)
    return on_table(state, DENETHORS_FOLLY) and _heroes_in_minas_tirith(state)


def _dispel_will_possible(state: State, side: str) -> bool:
    return on_table(state, DENETHORS_FOLLY) and not _heroes_in_minas_tirith(state)


def _dispel(state: State, side: str, face: str) -> bool:
    if side == FREE:
        discard(state, DENETHORS_FOLLY, "will_of_the_west" if face == "will" else "as_an_action")
        return False
    found = barring_cards(state)
    frame = call(state, "event", side=SHADOW, card=found[0], data={"dispel": True}, ask=None)
    return dispel_next(state, frame)  # it always asks (the cards given up)


ANY_FACE = ("character", "army", "muster", "army_muster", "event", "will")

#: This module's die actions (listed in :mod:`..procedures`).
DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "dispel",
        mark("Discard a table card of the enemy"),
        mark(
            "Shadow: any die, a Strategy card and a Character card discard a Free Peoples table card that "
            "bars his Armies. Free Peoples: any die, with Gandalf or Aragorn in Minas Tirith, discards "
            "Denethor's Folly."
        ),
        ANY_FACE,
        None,
        _dispel_possible,
        _dispel,
    ),
    actions.DieAction(
        "dispel-will",
        mark("Discard Denethor's Folly with a Will of the West"),
        mark("Free Peoples: a Will of the West die discards Denethor's Folly from the table."),
        (),
        FREE,
        _dispel_will_possible,
        _dispel,
    ),
)
