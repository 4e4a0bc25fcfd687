"""Sméagol / Gollum (Twilight of the Third Age R-4), behind the switch ``smeagol``. The piece is
the base Gollum (``gollum``: set aside, never a Companion, the Guide with the base ability when no
Companion is left, on either side); ``tta["smeagol"]`` is the side it shows.

- **Sméagol tiles**: 2 tiles in the Hunt Pool from the start, each a "0" with no Reveal and no
  Stop; one drawn goes back into the pool while the piece shows Sméagol, and leaves the game once
  it shows Gollum (:func:`.tta_characters.smeagol_tile_drawn`, called as the tile is resolved).
- **Sneak** (Sméagol side, once a turn): after a move of the hidden Fellowship and before its Hunt
  roll, the Free Peoples may declare it (``sneak <region>``, up to Progress regions, Progress to
  0, still hidden, no healing, no Nation roused) or not (``no-sneak``); the re-rolls are then
  counted where it stands. The step ``sneak``, asked by :func:`.hunt.start`.
- **Sacrifice** (Sméagol side): when the Hunt deals damage, the Free Peoples may flip the piece to
  Gollum to cancel it (``sacrifice smeagol`` among the damage choices; a Reveal still happens); the
  Shadow then takes *We Shall Get It* into his hand (over the hand limit, he discards at once).
- **We Shall Get It**: an Event card of ``data.CARDS`` with no deck and no Combat half, played
  from the hand like any card (its handler: :mod:`.event_cards.smeagol_card`); on the table, with
  Gollum the Guide, the step ``we_shall_get_it`` asks the Shadow after each tile drawn.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, ret

from .card_piles import discard_from_table
from .data import FREE, SHADOW
from .grammar import region_words
from .hunt import after_pick, pick, refilled, start_roll
from .i18n import tr
from .tta_characters import WE_SHALL_GET_IT, sneak_regions


class Sneak(Step):
    """``sneak <region>`` declares the hidden Fellowship before its Hunt roll; ``no-sneak`` lets
    the Hunt roll where it is."""

    name = "sneak"
    kind = "sneak"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (*(Action("sneak", (r,)) for r in sneak_regions(state)), Action("no-sneak"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Sméagol: sneak before the Hunt?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "The Hunt is about to roll: Sméagol may lead the Fellowship on first — declare it up to "
            "its Progress away, still hidden (`sneak <region>`), once a turn — or not (`no-sneak`)."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples (Sméagol).")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb == "sneak":
            fs = state["fellowship"]
            fs["region"], fs["progress"] = action.args[0], 0
            state["turn"]["sneak"] = True
            emit(state, "smeagol_sneaks", {"region": action.args[0]})
        if not start_roll(state):
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


class WeShallGetIt(Step):
    """*We Shall Get It* on the table, Gollum the Guide, a tile just drawn: the Shadow discards the
    card to draw another instead (``we-shall-get-it``: the first tile goes back into the Hunt
    Pool, the second applies) or keeps it (``keep-card``)."""

    name = "we_shall_get_it"
    kind = "we_shall_get_it"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (Action("we-shall-get-it"), Action("keep-card"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("We Shall Get It")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "Gollum guides the Fellowship: discard We Shall Get It to put this tile back and draw "
            "another (`we-shall-get-it`), or keep the card (`keep-card`)?"
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow (We Shall Get It).")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        tile = frame["tile"]
        if action.verb == "we-shall-get-it":
            discard_from_table(state, SHADOW, WE_SHALL_GET_IT)  # face up, as a card used
            hunt = state["hunt"]
            hunt["drawn"].remove(tile)
            emit(state, "we_shall_get_it_used", {"tile": tile})
            if refilled(state):
                second = pick(state)
                hunt["pool"] = sorted([*hunt["pool"], tile])
                tile = second
            else:  # pragma: no cover - the first tile was the pool's last and no other can come
                hunt["drawn"].append(tile)
        if not after_pick(state, tile, frame["why"], frame["eye"], frame["rules"]):
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        ret(state)


STEPS: tuple[Step, ...] = (Sneak(), WeShallGetIt())
VERBS = frozenset({"sneak", "no-sneak", "sacrifice", "we-shall-get-it", "keep-card"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for Sméagol's choices (``None``: not his)."""
    if action.verb == "sneak" and action.args:
        return tr("Sméagol leads the Fellowship to {region}", region=region_words(action.args[0]))
    if action.verb == "no-sneak":
        return tr("No sneaking: the Hunt rolls here")
    if action.verb == "sacrifice":
        return tr("Sacrifice Sméagol: he becomes Gollum, no damage")
    if action.verb == "we-shall-get-it":
        return tr("We Shall Get It: put this tile back, draw another")
    if action.verb == "keep-card":
        return tr("Keep We Shall Get It")
    return None
