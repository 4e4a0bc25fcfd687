"""The Ents of Fangorn (Twilight of the Third Age §1.4; decisions D26-D32), behind the switch
``ents``. The Ents are not Army units: they never stack, are never attacked, never block the
Shadow and never hold a region (D31); they live in ``tta["factions"]["ents"]`` (:mod:`.tta.state`).

- **Entry** (D26): a Muster die, with Saruman in play and a Companion in Fangorn, puts 1 Ent in
  Fangorn (die action ``bring-ents``); once, and never after the third Ents Awake.
- **Activation** (D27): while the Ents are in play, each Ents Awake card played as an Event may
  rouse them instead of its printed effect (:mod:`.event_cards.army_cards_free` asks): up to 2
  Ents wake in Fangorn, then Ents move (``ent-move <region>``), then Ents attack
  (``ent-attack <region>``), each phase ended with ``ents-done``.
- **Movement** (D28): one Ent at a time out of Fangorn, while Fangorn holds 2 or more, into a
  region next to a region holding an Ent, with no Shadow Army unit there.
- **Attack** (D29): while Fangorn holds 2 or more, an Ent leaves Fangorn for good and 5 dice
  fall on a Shadow Army in or next to a region holding an Ent, one hit per 5 or 6; no Combat card,
  no counter-attack, no modifier; an Army destroyed loses its Nazgûl and Minions.
- **Saruman** (D30) is eliminated when an Ent attack empties Orthanc or an Ent enters an Orthanc
  empty of Shadow units.
- **The end** (D32): when the third Ents Awake has been played as an Event (either branch, before
  or after the Ents entered), every Ent leaves the game for good.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.flow import Frame

from . import actions
from .data import CHARACTERS, FREE, REGIONS, SHADOW
from .event_cards import words
from .event_cards.base import ask
from .event_cards.marching import after_strike, region_choices, strike, wait, where_army
from .i18n import mark, region_title, tr
from .tta.content import FACTIONS
from .tta.state import part

FANGORN = "fangorn"
ORTHANC = "orthanc"
MUSTER = ("muster", "army_muster")
#: Ents an Ents Awake card wakes (D27, reconstructed) and the dice of an Ent attack (D29).
ROUSED, ATTACK_DICE, ATTACK_HIT = 2, 5, 5
#: How many Ents Awake cards there are (D32).
ENTS_AWAKE_CARDS = 3


def faction(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = part(state).get("factions", {}).get("ents")
    return found


def _ents(state: State) -> dict[str, Any]:
    """The Ents' part of the state, in a game with them."""
    found = faction(state)
    assert found is not None, "the Ents are not in this game"
    return found


def in_game(state: State) -> bool:
    return faction(state) is not None


def in_play(state: State) -> bool:
    ents = faction(state)
    return bool(ents and ents["in_play"])


def at(state: State, region: str) -> int:
    ents = faction(state)
    return int(ents["map"].get(region, 0)) if ents else 0


def unused(state: State) -> int:
    """Ents neither on the map nor gone for good."""
    ents = faction(state)
    if not ents or ents["gone"]:
        return 0
    return FACTIONS["ents"].count - int(sum(ents["map"].values())) - int(ents["removed"])


def _put(state: State, region: str, n: int) -> None:
    placed = _ents(state)["map"]
    placed[region] = placed.get(region, 0) + n
    if not placed[region]:
        del placed[region]


# -- entry (D26) --------------------------------------------------------------------------------


def _entry_possible(state: State, side: str) -> bool:
    ents = faction(state)
    if not ents or ents["in_play"] or ents["gone"] or not unused(state):
        return False
    if part(state)["ents_awake_events"] >= ENTS_AWAKE_CARDS or "saruman" not in state["characters"]:
        return False
    return any(
        CHARACTERS[c].kind == "companion" and where["region"] == FANGORN
        for c, where in state["characters"].items()
    )


def _enter(state: State, side: str, face: str) -> bool:
    _ents(state)["in_play"] = True
    _put(state, FANGORN, 1)
    emit(state, "ents_entered", {"region": FANGORN})
    return False


# -- the Ents Awake cards (D27, D32) ------------------------------------------------------------


def count_event(state: State) -> None:
    """An Ents Awake card is played as an Event (either branch)."""
    part(state)["ents_awake_events"] += 1


def may_rouse(state: State) -> bool:
    return in_play(state)


def after_event(state: State) -> None:
    """D32: after the third Ents Awake, every Ent leaves the game for good."""
    ents = faction(state)
    if ents and not ents["gone"] and part(state)["ents_awake_events"] >= ENTS_AWAKE_CARDS:
        ents.update({"gone": True, "in_play": False, "map": {}})
        emit(state, "ents_left", {})


def move_targets(state: State) -> list[str]:
    """D28: where an Ent out of Fangorn may go now."""
    ents = faction(state)
    if not ents or at(state, FANGORN) < 2:
        return []
    near = {n for region in ents["map"] for n in REGIONS[region].neighbours}
    return sorted(r for r in near - {FANGORN} if where_army(state, r, SHADOW) is None)


def attack_targets(state: State) -> list[str]:
    """D29: Shadow Armies the Ents may fall upon now."""
    ents = faction(state)
    if not ents or at(state, FANGORN) < 2:
        return []
    reach = set(ents["map"]) | {n for region in ents["map"] for n in REGIONS[region].neighbours}
    return sorted(r for r in reach if where_army(state, r, SHADOW) is not None)


def _overthrow_saruman(state: State) -> None:
    if "saruman" in state["characters"] and where_army(state, ORTHANC, SHADOW) is None:
        del state["characters"]["saruman"]
        state["eliminated"].append("saruman")
        emit(state, "saruman_overthrown", {"region": ORTHANC})


def rouse(state: State, frame: Frame, stage: str, value: Action | None) -> bool:
    """The Ent activation of an Ents Awake card, stage by stage (``True`` while it waits)."""
    data = frame["data"]
    if stage == "ents":
        woken = min(ROUSED, unused(state))
        if woken:
            _put(state, FANGORN, woken)
        emit(state, "ents_roused", {"count": woken})
        data["ents"] = "move"
    elif stage == "ent_move" and value is not None:
        if value.verb == "ent-move":
            _put(state, FANGORN, -1)
            _put(state, value.args[0], 1)
            emit(state, "ent_moved", {"region": value.args[0]})
            if value.args[0] == ORTHANC:
                _overthrow_saruman(state)
        else:
            data["ents"] = "attack"
    elif stage == "ent_attack" and value is not None:
        if value.verb != "ent-attack":
            data["ents"] = "done"
        else:
            region = data["ent_target"] = value.args[0]
            _put(state, FANGORN, -1)
            _ents(state)["removed"] += 1
            emit(state, "ent_attack", {"region": region})
            if strike(state, frame["card"], region, SHADOW, ATTACK_DICE, ATTACK_HIT):
                return wait(frame, "ent_struck")
            stage = "ent_struck"
    if stage == "ent_struck":
        after_strike(state, data["ent_target"], SHADOW, lethal=True)
        if data["ent_target"] == ORTHANC:
            _overthrow_saruman(state)
    if data.get("ents") == "move":
        targets = move_targets(state)
        if targets:
            options = [
                *region_choices("ent-move", targets, "An Ent strides to {region}"),
                (Action("ents-done"), words.tr("No more moves: on to the attacks")),
            ]
            return ask(
                frame,
                FREE,
                "ent_move",
                options,
                words.tr("The Ents march"),
                words.tr("Move an Ent out of Fangorn, or go on."),
            )
        data["ents"] = "attack"
    if data.get("ents") == "attack":
        targets = attack_targets(state)
        if targets:
            options = [
                *region_choices(
                    "ent-attack", targets, "Ents fall upon {region} (an Ent from Fangorn is spent)"
                ),
                (Action("ents-done"), words.tr("No more attacks")),
            ]
            return ask(
                frame,
                FREE,
                "ent_attack",
                options,
                words.tr("The Ents attack"),
                words.tr("Spend an Ent of Fangorn to roll 5 dice (5+) on a Shadow Army, or stop."),
            )
        data["ents"] = "done"
    return False


def view(state: State) -> dict[str, int]:
    ents = faction(state)
    return dict(ents["map"]) if ents else {}


DIE_ACTIONS: tuple[actions.DieAction, ...] = (
    actions.DieAction(
        "bring-ents",
        mark("The Ents of Fangorn"),
        mark("With Saruman in play and a Companion in Fangorn: the Ents enter the war (1 Ent in Fangorn)."),
        MUSTER,
        FREE,
        _entry_possible,
        _enter,
    ),
)
VERBS = frozenset({"ent-move", "ent-attack", "ents-done"})


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the Ents' march and attacks of an Ents Awake card (``None``: not theirs);
    the same words the card's question keeps, in the reader's language."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "event" or action.verb not in VERBS:
        return None
    if action.verb == "ent-move" and action.args:
        return tr("An Ent strides to {region}", region=region_title(action.args[0]))
    if action.verb == "ent-attack" and action.args:
        return tr(
            "Ents fall upon {region} (an Ent from Fangorn is spent)", region=region_title(action.args[0])
        )
    if action.verb == "ents-done":
        stage = (top.get("ask") or {}).get("stage")
        return tr("No more moves: on to the attacks") if stage == "ent_move" else tr("No more attacks")
    return None
