"""The procedure ``event``: an Event card's questions, answered one at a time (see :mod:`.base`)."""

from __future__ import annotations

from typing import Any

from games.core import Action, State
from games.core.flow import Frame, Step, ret

from ..data import FREE
from ..i18n import card_name, tr
from . import after_play
from .base import FREE_CARD
from .play import play_next, then
from .registry import HANDLERS
from .words import reread

#: ``{action text: Action}`` of the questions asked so far (a small closed vocabulary).
_PARSED: dict[str, Action] = {}


def _action(text: str) -> Action:
    found = _PARSED.get(text)
    if found is None:
        verb, *args = text.split(" ")
        found = _PARSED[text] = Action(verb, tuple(args))
    return found


class EventStep(Step):
    name = "event"
    kind = "event_card"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        asked = frame.get("ask")
        return frozenset({asked["side"]}) if asked else frozenset()

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        asked = frame.get("ask")
        if not asked or asked["side"] != role:
            return ()
        return tuple(_action(text) for text in asked["actions"])

    def legal(self, state: State, frame: Frame, role: str, action: Action) -> bool:
        asked = frame.get("ask")
        return asked is not None and asked["side"] == role and action.text in asked["actions"]

    def question(self, state: State, frame: Frame, role: str) -> str:
        asked = frame.get("ask")
        return f"event:{asked['stage']}" if asked else self.kind

    def title(self, state: State, frame: Frame, role: str) -> str:
        asked = frame.get("ask")
        heading = card_name(frame["card"])
        if asked and asked["title"]:
            question = reread(asked["title"], asked.get("words", {}).get("title"))
            return tr("{card}: {question}", card=heading, question=question)
        return heading

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        asked = frame.get("ask")
        return reread(str(asked["text"]), asked.get("words", {}).get("text")) if asked else ""

    def waiting(self, state: State, frame: Frame) -> str:
        asked = frame.get("ask")
        who = asked["side"] if asked else frame["side"]
        if who == FREE:
            return tr("Waiting for the Free Peoples ({card}).", card=card_name(frame["card"]))
        return tr("Waiting for the Shadow ({card}).", card=card_name(frame["card"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if frame.get("phase") == "after":
            waits = after_play.chosen(state, frame, action)
        elif frame["ask"]["stage"] == FREE_CARD:  # another card at no die cost, or none
            frame["ask"] = None
            waits = action.verb == "play" and play_next(state, frame, action.args[1])
            waits = waits or then(state, frame)
        else:
            waits = HANDLERS[frame["card"]].choose(state, frame["side"], frame, action)
            waits = waits or then(state, frame)
        if not waits:
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        phase = frame.get("phase")
        if phase == "limit":
            ret(state)
            return
        if phase == "after":  # pragma: no cover - the rewards call no procedure but the last
            waits = after_play.give(state, frame)
        else:
            waits = HANDLERS[frame["card"]].resume(state, frame["side"], frame, value)
            waits = waits or then(state, frame)
        if not waits:
            ret(state)


def label(state: State, role: str, action: Action) -> str | None:
    """The words the card's handler gave for an answer of its current question."""
    frame = state["stack"][-1] if state["stack"] else None
    if not frame or frame["step"] != "event" or not frame.get("ask"):
        return None
    found = frame["ask"]["labels"].get(action.text)
    if not found:
        return None
    return reread(str(found), frame["ask"].get("words", {}).get("labels", {}).get(action.text))


STEPS: tuple[Step, ...] = (EventStep(),)
