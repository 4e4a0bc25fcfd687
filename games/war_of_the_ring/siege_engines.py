"""Siege Towers and Trebuchets (Twilight of the Third Age §1.3; decisions D7-D13), behind the
switch ``siege_engines``.

- **Placing** (D9): a Muster die (Army/Muster, or a Will of the West) places one engine, the
  whole action: the Shadow a Siege Tower in a region where his Army besieges a Stronghold the
  Free Peoples control, the Free Peoples a Trebuchet inside such a Stronghold; at most 2 of each
  in a region, from a pool of 6 (D7). Die action ``build-engine``, then ``engine <region>`` when
  several Strongholds qualify (step ``engine_site``).
- **Superiority** (D10), fixed at the start of each round of a siege battle at a Free Peoples
  Stronghold besieged by the Shadow (:func:`fix`, kept in ``battle["engines"]``): more Siege
  Towers — the Shadow's, -1 to every Free Peoples die of the Combat roll and Leader re-roll, and
  once in that siege battle one more round without reducing an Elite (``fight-on-free``); more
  Trebuchets — the Free Peoples', +1 to those dice, and the Shadow may not reduce an Elite to
  fight on. A natural 6 still hits, a natural 1 still misses.
- **Temporary superiority** (D11): with equal counts and a Trebuchet there, before the Combat
  cards of a round the Free Peoples may return one Trebuchet to their pool (battle stage
  ``engines``: ``sacrifice-trebuchet`` / ``keep-trebuchets``); they then have superiority at that
  Stronghold until the end of the turn (``tta["superiority"]``).
- **Removal** (D12, :func:`settle`, after every action): a side's engines return to its pool when
  its last Army unit is gone from the region; all of them when the Stronghold is captured.
"""

from __future__ import annotations

from games.core import Action, State, emit
from games.core.flow import Frame, Step, call, ret

from . import actions
from .battle_figures import current
from .board import besieger, controller, units
from .combat_effects import Mods
from .data import FREE, SHADOW, SIDES
from .grammar import region_words
from .i18n import mark, tr
from .roles import side_title
from .tta.content import ENGINES, ENGINES_PER_REGION
from .tta.state import engine_pool, engines_at, part

MUSTER = ("muster", "army_muster")


def in_game(state: State) -> bool:
    return "engines" in part(state)


def sites(state: State, side: str) -> list[str]:
    """Where ``side`` may place an engine now (D9)."""
    if not in_game(state) or engine_pool(state, side) <= 0:
        return []
    return sorted(
        region
        for region in state["garrisons"]
        if controller(state, region) == FREE
        and besieger(state, region) == SHADOW
        and engines_at(state, region, side) < ENGINES_PER_REGION
    )


def place(state: State, side: str, region: str) -> None:
    placed = part(state)["engines"][side]
    placed[region] = placed.get(region, 0) + 1
    emit(state, "engine_placed", {"side": side, "region": region})


def _possible(state: State, side: str) -> bool:
    return bool(sites(state, side))


def _run(state: State, side: str, face: str) -> bool:
    found = sites(state, side)
    if len(found) == 1:
        place(state, side, found[0])
        return False
    call(state, "engine_site", side=side)
    return True


class EngineSite(Step):
    name = "engine_site"
    kind = "engine_site"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("engine", (r,)) for r in sites(state, frame["side"]))

    def title(self, state: State, frame: Frame, role: str) -> str:
        if frame["side"] == FREE:
            return tr("Trebuchet: where?")
        return tr("Siege Tower: where?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["side"] == FREE:
            return tr("Place a Trebuchet at a besieged Stronghold (`engine <region>`).")
        return tr("Place a Siege Tower at a besieged Stronghold (`engine <region>`).")

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the {side} to place a siege engine.", side=side_title(frame["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        place(state, frame["side"], action.args[0])
        ret(state)


# -- in a siege battle --------------------------------------------------------------------------


def counts(state: State) -> bool:
    """Whether engines count in the battle in progress: a siege battle at a Free Peoples
    Stronghold besieged by the Shadow (D10)."""
    b = state.get("battle")
    return bool(
        b
        and in_game(state)
        and b["siege"]
        and b["attacker"] == SHADOW
        and controller(state, b["region"]) == FREE
    )


def superior(state: State, region: str) -> str | None:
    """The side with siege-engine superiority at ``region`` now, if any."""
    temporary = part(state)["superiority"]
    if temporary and temporary["region"] == region and temporary["turn"] == state["turn"]["number"]:
        return FREE
    towers, trebuchets = engines_at(state, region, SHADOW), engines_at(state, region, FREE)
    return SHADOW if towers > trebuchets else FREE if trebuchets > towers else None


def asks_sacrifice(state: State) -> bool:
    """Whether the Free Peoples may sacrifice a Trebuchet before this round's Combat cards (D11)."""
    if not counts(state):
        return False
    b = current(state)
    region = b["region"]
    trebuchets = engines_at(state, region, FREE)
    return (
        b.get("engines_asked") != b["round"]
        and trebuchets > 0
        and trebuchets == engines_at(state, region, SHADOW)
        and superior(state, region) is None
    )


def sacrifice(state: State) -> None:
    region = current(state)["region"]
    placed = part(state)["engines"][FREE]
    placed[region] -= 1
    if not placed[region]:
        del placed[region]
    part(state)["superiority"] = {"region": region, "turn": state["turn"]["number"]}
    emit(state, "trebuchet_sacrificed", {"region": region})


def fix(state: State) -> None:
    """The round's superiority, fixed at its start (the battle keeps it as ``engines``)."""
    if counts(state):
        b = current(state)
        b["engines"] = superior(state, b["region"])


def modify(state: State, mods: Mods) -> None:
    """The round's superiority on the Free Peoples' Combat roll and Leader re-roll."""
    b = state.get("battle")
    side = b.get("engines") if b else None
    if side is None or not counts(state):
        return
    shift = 1 if side == FREE else -1
    mods[FREE]["roll"].append((ENGINES[side].plural, shift))
    mods[FREE]["reroll"].append((ENGINES[side].plural, shift))


def bars_reduction(state: State) -> bool:
    """Free Peoples superiority: the Shadow may not reduce an Elite to fight on (D10)."""
    return counts(state) and current(state).get("engines") == FREE


def free_round(state: State) -> bool:
    """Shadow superiority: one more round without reducing an Elite, once per siege battle."""
    b = current(state)
    return counts(state) and b.get("engines") == SHADOW and not b.get("engines_pressed")


def press_free(state: State) -> None:
    b = current(state)
    b["engines_pressed"] = True
    emit(state, "siege_towers_press", {"region": b["region"]})


# -- removal ------------------------------------------------------------------------------------


def settle(state: State) -> None:
    """Engines whose side has no Army unit left in the region, or at a captured Stronghold, go
    back to their pools (D12); a temporary superiority ends with its turn (D11)."""
    tta = part(state)
    if "engines" not in tta:
        return
    temporary = tta["superiority"]
    if temporary and temporary["turn"] != state["turn"]["number"]:
        tta["superiority"] = None
    for side in SIDES:
        placed = tta["engines"][side]
        for region in [r for r in placed if not _stays(state, side, r)]:
            n = placed.pop(region)
            emit(state, "engines_removed", {"side": side, "region": region, "count": n})


def _stays(state: State, side: str, region: str) -> bool:
    if controller(state, region) != FREE:
        return False
    if side == FREE:
        return bool(units(state, region, FREE, inside=True) or units(state, region, FREE))
    return bool(units(state, region, SHADOW))


def at(state: State, region: str) -> dict[str, int]:
    """The engines of each side in ``region`` (empty without any)."""
    if not in_game(state):
        return {}
    return {side: n for side in SIDES if (n := engines_at(state, region, side))}


def view(state: State) -> dict[str, dict[str, int]]:
    """Engines on the map per region (public), and in each pool."""
    if not in_game(state):
        return {}
    found: dict[str, dict[str, int]] = {}
    for side in SIDES:
        for region, n in part(state)["engines"][side].items():
            found.setdefault(region, {})[side] = n
    return found


def label(state: State, role: str, action: Action) -> str | None:
    if action.verb == "engine" and action.args:
        if role == FREE:
            return tr("Trebuchet at {region}", region=region_words(action.args[0]))
        return tr("Siege Tower at {region}", region=region_words(action.args[0]))
    words = {
        "sacrifice-trebuchet": mark("Sacrifice a Trebuchet: siege superiority for the rest of the turn"),
        "keep-trebuchets": mark("Keep your Trebuchets"),
        "fight-on-free": mark("Fight one more round with your Siege Towers (no Elite reduced)"),
    }
    said = words.get(action.verb)
    return tr(said) if said is not None else None


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "build-engine",
        mark("Siege engine"),
        mark("Place a Siege Tower (Shadow) or a Trebuchet (Free Peoples) at a Stronghold under siege."),
        MUSTER,
        None,
        _possible,
        _run,
    ),
)
STEPS: tuple[Step, ...] = (EngineSite(),)
VERBS = frozenset({"engine", "sacrifice-trebuchet", "keep-trebuchets", "fight-on-free"})
