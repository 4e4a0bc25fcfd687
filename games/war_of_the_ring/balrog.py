"""The Balrog (Twilight of the Third Age R-2), behind the switch ``balrog``: a Shadow Minion with
a figure of his own (``balrog`` in ``characters``; his stats in ``tta_characters.json``).

- **Entry** (reconstructed): a Muster die (``bring-balrog``) while the Shadow controls Moria and
  it is not besieged: he enters in Moria; no political condition. He does not count as a Minion
  for Gandalf the White's entry (the base ``minion_entered`` mark is left alone).
- **Figure**: Level 0, Leadership 3 (official), +1 Action die (official; :data:`.dice.DIE_GIVERS`).
  He moves only while *A Balrog is Come!* is on the table: 2 regions with a Character die, like
  the Mouth of Sauron (:func:`.tta_characters.minion_steps`, read by :mod:`.characters`).
- **Durin's Bane**: before the first Combat roll of a battle he is in, the Shadow attacks with 3
  dice hitting on 4+ (:mod:`.balrog_battle`, called by the Combat round).
- **Shadow of Moria**: while he stands in Moria, a declaration or a reveal that traces the
  Fellowship's path into, out of or through Moria draws one extra Hunt tile, as Balrog of Moria
  would (an Eye does nothing; the card itself is then not asked): the step ``shadow_of_moria``,
  whose one answer the engine takes.
- **Leaving play**: eliminated with his Army (as any Minion), or when A Balrog is Come! is
  discarded while he is outside Moria.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions
from .card_piles import discard_from_table, on_table
from .data import FREE, SHADOW
from .hunt import draw_tile
from .i18n import mark, tr
from .tta.state import part
from .tta_characters import BALROG, BALROG_IS_COME, MORIA, balrog_may_enter

#: Gandalf, either form, lets a Character die discard A Balrog is Come! (D34).
GANDALFS = ("gandalf_grey", "gandalf_white")

MUSTER = ("muster", "army_muster")
WHY = "shadow_of_moria"


def enter(state: State) -> None:
    """The Balrog enters play in Moria."""
    part(state)["characters_aside"].remove(BALROG)
    state["characters"][BALROG] = {"region": MORIA, "inside": False}
    emit(state, "character_entered", {"character": BALROG, "region": MORIA, "replaces": None})


def _possible(state: State, side: str) -> bool:
    return balrog_may_enter(state)


def _run(state: State, side: str, face: str) -> bool:
    enter(state)
    return False


# -- A Balrog is Come! (official card) ------------------------------------------------------------
def card_playable(state: State) -> bool:
    """The card's play condition: the Balrog is in play."""
    return BALROG in state["characters"]


def _card_up(state: State, side: str) -> bool:
    return on_table(state, BALROG_IS_COME)


def _gandalf_there(state: State, side: str) -> bool:
    """The card is up and Gandalf (Grey or White) stands on the map in the Balrog's region."""
    balrog = state["characters"].get(BALROG)
    if not on_table(state, BALROG_IS_COME) or balrog is None:
        return False
    return any(state["characters"].get(g, {}).get("region") == balrog["region"] for g in GANDALFS)


def _dismiss(why: str) -> actions.Run:
    def run(state: State, side: str, face: str) -> bool:
        discard_from_table(state, SHADOW, BALROG_IS_COME)
        emit(state, "balrog_card_discarded", {"why": why})
        settle(state)
        return False

    return run


def settle(state: State) -> None:
    """After every action: the card lapses once the Balrog is out of play (seed rule 4), and a
    Balrog outside Moria without the card on the table is eliminated (the card's text)."""
    if on_table(state, BALROG_IS_COME) and not card_playable(state):
        discard_from_table(state, SHADOW, BALROG_IS_COME)
        emit(state, "balrog_card_discarded", {"why": "no_longer_in_force"})
    balrog = state["characters"].get(BALROG)
    if balrog is not None and balrog["region"] != MORIA and not on_table(state, BALROG_IS_COME):
        del state["characters"][BALROG]
        state["eliminated"].append(BALROG)
        emit(state, "balrog_banished", {"region": balrog["region"]})


class ShadowOfMoria(Step):
    """The Balrog's extra Hunt tile (``moria-tile``, the one answer, taken by the engine)."""

    name = "shadow_of_moria"
    kind = "shadow_of_moria"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({SHADOW})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (Action("moria-tile"),)

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Shadow of Moria")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        return tr(
            "The Fellowship's path went through Moria, where the Balrog waits: draw a tile (`moria-tile`)."
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Shadow (the Balrog's Hunt tile).")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        emit(state, "shadow_of_moria", {})
        rules = {"patrol": True, "no_reveal": bool(frame["no_reveal"])}
        if not draw_tile(state, WHY, eye=0, rules=rules) and not _then(state, frame):
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if not _then(state, frame):
            ret(state)


def _then(state: State, frame: Frame) -> bool:
    """The Hunt cards of the same path (The Gates are Closed), asked once the tile is resolved;
    whether one is asked."""
    more = [card for card in frame.get("more") or [] if on_table(state, card)]
    frame["more"] = []
    if state["result"] is not None or not more:
        return False
    no_reveal = frame["no_reveal"]
    call(state, "hunt_card", side=SHADOW, card=more[0], moment="balrog", no_reveal=no_reveal, more=more[1:])
    return True


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-balrog",
        mark("Bring the Balrog into play"),
        mark("Muster die, while the Shadow holds Moria and it is not besieged: the Balrog enters in Moria."),
        MUSTER,
        SHADOW,
        _possible,
        _run,
    ),
    actions.DieAction(
        "dismiss-balrog",
        mark("Discard A Balrog is Come!"),
        mark("Will of the West: discard the Shadow's A Balrog is Come! (the Balrog, outside Moria, dies)."),
        (),
        FREE,
        _card_up,
        _dismiss("will_of_the_west"),
    ),
    actions.DieAction(
        "gandalf-dismisses-balrog",
        mark("Gandalf discards A Balrog is Come!"),
        mark(
            "Character die, Gandalf in the Balrog's region: discard A Balrog is Come! (the Balrog, outside "
            "Moria, is eliminated)."
        ),
        ("character",),
        FREE,
        _gandalf_there,
        _dismiss("gandalf"),
    ),
)
STEPS: tuple[Step, ...] = (ShadowOfMoria(),)
VERBS = frozenset({"moria-tile"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Balrog's tile (``None``: not his)."""
    return tr("Draw the Balrog's Hunt tile") if action.verb == "moria-tile" else None
