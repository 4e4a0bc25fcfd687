"""The contract of an Event card's handler (§7, issue 19): one :class:`EventCard` per card.

Playing an Event (``play <face> <card>``, :mod:`.play`) takes the card from the hand — face up
onto the played pile, or onto the table for a table card — announces it, and calls the
procedure ``event`` (:class:`games.war_of_the_ring.event_cards.step.EventStep`) whose frame
holds the card's progress::

    {"step": "event", "side": who played it, "card": id, "data": {...the handler's own...},
     "ask": None | {"side": who answers, "stage": the handler's name for the question,
                    "actions": [action text, ...], "labels": {action text: words},
                    "title": heading, "text": instruction,
                    "words": {"title", "text", "labels": the same for other languages}}}

The handler applies the card's effect in :meth:`EventCard.start`; each question it needs is an
:func:`ask` (a legal-only list of actions with their words; the state keeps their English and,
under ``words``, their messages, which the step says in each reader's language), answered in
:meth:`EventCard.choose`; a procedure it calls (a battle, a recruitment's stacking…) comes back
in :meth:`EventCard.resume`. Each of these returns ``True`` while the card still waits (it
asked again or called a procedure) and ``False`` when the card is done.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core import Action, State
from games.core.flow import Frame
from games.core.i18n import Words

from ..data import CARDS
from .words import kept

#: A handler's note in ``frame["data"]``: when the card is done, its player may play another card
#: with this icon from his hand at no die cost (The Ents Awake); :mod:`.step` asks it.
FREE_CARD = "free_card"


class EventCard:
    """One card's Event. Subclass it (or use a builder of :mod:`.builders`) per card."""

    #: The card id (``"fpc_01"``).
    card: str = ""

    def __init__(self, card: str | None = None) -> None:
        if card is not None:
            self.card = card
        if self.card not in CARDS:
            raise ValueError(f"no Event card {self.card!r}")

    @property
    def name(self) -> str:
        return CARDS[self.card].name

    def can_play(self, state: State, side: str) -> bool:
        """The card's play condition (``condition`` in cards.json), besides the die; also
        whether its effect can do anything now, where the card says so."""
        return True

    #: Why :meth:`die_allows` refuses a die, in words for the player ("it needs ...").
    die_need = ""

    def die_allows(self, state: State, side: str, face: str | None) -> bool:
        """Whether the unused die ``face`` may play the card (``None``: played at no die cost),
        for a card whose Event needs a die left once one played it. Default: any die."""
        return True

    def start(self, state: State, side: str, frame: Frame) -> bool:
        """Apply the Event; ``True`` while it waits for an answer or a procedure."""
        raise NotImplementedError(f"{self.card} has no Event effect")

    def choose(self, state: State, side: str, frame: Frame, action: Action) -> bool:
        """The answer to the card's last :func:`ask`; ``True`` while it still waits."""
        raise NotImplementedError(f"{self.card} asked nothing")

    def resume(self, state: State, side: str, frame: Frame, value: Any) -> bool:
        """A procedure the card called has returned ``value``; ``True`` while it still waits."""
        return False


def ask(
    frame: Frame,
    side: str,
    stage: str,
    options: Iterable[Action | tuple[Action, str | Words]],
    title: str | Words,
    text: str | Words,
) -> bool:
    """Ask ``side`` to choose among ``options`` (actions, or pairs of an action and its words);
    returns ``True`` (the card waits) so that handlers can ``return ask(...)``. Words are
    :class:`.words.Said` (``event_cards.words.tr``…) or deferred :class:`games.core.i18n.Words`:
    the state keeps their English and their message; plain text is kept as it is (English)."""
    actions: list[str] = []
    labels: dict[str, str] = {}
    kept_labels: dict[str, object] = {}
    for option in options:
        action, words = option if isinstance(option, tuple) else (option, "")
        actions.append(action.text)
        if words:
            labels[action.text] = str(words)
            found = kept(words)
            if found is not None:
                kept_labels[action.text] = found
    if not actions:
        raise ValueError(f"{frame['card']}: asked {stage!r} with nothing to choose")
    frame["ask"] = {
        "side": side,
        "stage": stage,
        "actions": actions,
        "labels": labels,
        "title": str(title),
        "text": str(text),
    }
    other = {"title": kept(title), "text": kept(text), "labels": kept_labels}
    if kept_labels or other["title"] is not None or other["text"] is not None:
        frame["ask"]["words"] = other
    return True


def stage(frame: Frame) -> str:
    """The stage of the question just answered (``""`` before any)."""
    asked: Mapping[str, Any] | None = frame.get("ask")
    return str(asked["stage"]) if asked else ""
