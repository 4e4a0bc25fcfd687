"""The lasting effects of the Twilight of the Third Age table cards (§2.3, D34), checked where
the rule they change is applied, like :mod:`.card_rules` for the base cards.

- **Captain of Despair** (``shc_25``): while it is on the table, each Character die the Shadow
  uses goes into the Hunt Box as an Eye once its action is over (:func:`despair`, called by the
  action step when it hands the turn on). It lapses when the Witch-king is not in play or Gollum
  becomes the Guide (:data:`GONE_WHEN`, checked after every action), and when the Fellowship is
  declared in a Free Peoples Stronghold the Free Peoples control
  (:func:`games.war_of_the_ring.hunt_cards.declared_in_refuge`).
- **The Gates are Closed** (``shc_26``): an extra Hunt tile when the Fellowship is declared or
  revealed along a path into, out of or through a Stronghold the Shadow controls
  (:func:`through_shadow_stronghold`; offered by :func:`.hunt_cards.offer_balrog`).

>>> through_shadow_stronghold({"barad_dur"}, "gorgoroth", "gorgoroth", 0)
False
>>> through_shadow_stronghold({"barad_dur"}, "gorgoroth", "barad_dur", 1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from games.core import State, emit

from .board import controller
from .card_piles import on_table
from .data import NEIGHBOURS, SHADOW, STRONGHOLDS

#: The Twilight cards, by id (D33).
RANGERS_OF_THE_NORTH = "fps_25"
THREE_RINGS = "fpc_25"
WIND_FROM_THE_WEST = "fpc_26"
CAPTAIN_OF_DESPAIR = "shc_25"
GATES_ARE_CLOSED = "shc_26"
DEEP_TRENCHES = "shs_25"
SHADOW_OF_DOL_GULDUR = "shs_26"

#: Every Stronghold, of either side's Nations (a Free Peoples one the Shadow took counts: D34).
ALL_STRONGHOLDS: tuple[str, ...] = tuple(sorted({r for side in STRONGHOLDS.values() for r in side}))
#: The Guides that let a Character die discard The Gates are Closed (D34: either Gandalf;
#: Sméagol's piece as Guide counts as Gollum, R-4).
GATES_GUIDES = frozenset({"gandalf_grey", "gandalf_white", "gollum", "smeagol"})
#: "Gollum is the Guide" (D34): the base Gollum, or Sméagol's piece on either side.
GOLLUM_GUIDES = frozenset({"gollum", "smeagol"})


def gollum_guides(state: State) -> bool:
    return state["fellowship"]["guide"] in GOLLUM_GUIDES


def witch_king_in_play(state: State) -> bool:
    """Either Witch-king card (D34): the figure is on the map."""
    return "witch_king" in state["characters"]


def despair_possible(state: State) -> bool:
    """Captain of Despair's play condition (and its lapse test, seed rule 4)."""
    return witch_king_in_play(state) and not gollum_guides(state)


def despair(state: State, side: str, face: str | None) -> None:
    """An action of ``side`` with a die of ``face`` is over: with Captain of Despair on the
    table, a Shadow Character die goes into the Hunt Box as an Eye (D34: it stays there and is
    recovered in phase 1 like the other Shadow dice)."""
    if side != SHADOW or face != "character" or not on_table(state, CAPTAIN_OF_DESPAIR):
        return
    used = state["dice"][SHADOW]["used"]
    if "character" not in used:  # pragma: no cover - the die of the action is always there
        return
    used.remove("character")
    state["hunt_box"][SHADOW] += 1
    emit(state, "despair_eye", {})


def shadow_strongholds(state: State) -> set[str]:
    """The Strongholds the Shadow controls now (D34: "Shadow Stronghold")."""
    return {r for r in ALL_STRONGHOLDS if controller(state, r) == SHADOW}


def through_shadow_stronghold(strongholds: Collection[str], start: str, end: str, steps: int) -> bool:
    """Whether the Fellowship's path from ``start`` to ``end`` (at most ``steps`` regions) goes
    into, out of or through one of ``strongholds``: it starts or ends there, or no path that long
    avoids them (the Free Peoples would avoid them if they could), as for Balrog of Moria."""
    if start in strongholds or end in strongholds:
        return True
    reached, frontier = {start}, {start}
    for _ in range(steps):
        frontier = {n for r in frontier for n in NEIGHBOURS[r] if n not in strongholds and n not in reached}
        reached |= frontier
    return end not in reached


def gates_apply(state: State, start: str, end: str, steps: int) -> bool:
    """The Gates are Closed is on the table and the path meets a Shadow Stronghold."""
    return on_table(state, GATES_ARE_CLOSED) and through_shadow_stronghold(
        shadow_strongholds(state), start, end, steps
    )


#: ``{card: test}``: the Twilight table card is discarded at once when its test holds (merged
#: into :data:`.event_cards.table.GONE_WHEN`).
GONE_WHEN: dict[str, Callable[[State], bool]] = {
    CAPTAIN_OF_DESPAIR: lambda state: not despair_possible(state),
}
