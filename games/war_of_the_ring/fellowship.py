"""The Fellowship (§14, §16) outside the Hunt: the Fellowship phase (declare, enter Mordor,
change the Guide), corruption and the Ring victories, the Guide's succession.

State key ``fellowship``: ``region`` (the Ring-bearers figure: the last known position; ``None``
on the Mordor Track), ``progress`` (regions moved since), ``revealed``, ``corruption`` (0-12),
``mordor`` (``None``, or the step 0-5 on the Mordor Track), ``companions`` (in the Fellowship, in
data order), ``guide``, and this turn's ``moved`` / ``hid`` / ``declared``.

Frame ``fellowship_phase``: the Free Peoples' choices of phase 2, then ``done``.
"""

from __future__ import annotations

from games.core import Action, State, emit, finish
from games.core.flow import Frame, Step, call, ret
from games.core.words import join_words

from . import hunt_cards, politics, tta_characters
from .board import controller
from .card_rules import fellowship_found
from .data import CHARACTERS, FREE, MORDOR_ENTRIES, NATIONS, REGIONS, SHADOW, within
from .i18n import character_name, english, listed, tr
from .last_action import mark
from .options import revision

MAX_CORRUPTION = 12
CRACK_OF_DOOM = 5


def fellowship(state: State) -> dict[str, object]:
    found: dict[str, object] = state["fellowship"]
    return found


def on_mordor_track(state: State) -> bool:
    return state["fellowship"]["mordor"] is not None


# -- corruption and the Ring victories ---------------------------------------------------------
def corrupt(state: State, amount: int, why: str) -> None:
    """Add Corruption; 12 is the Shadow's Ring victory at once (§17)."""
    if amount <= 0 or state["result"] is not None:
        return
    fs = state["fellowship"]
    fs["corruption"] = min(MAX_CORRUPTION, fs["corruption"] + amount)
    emit(state, "corrupted", {"amount": amount, "why": why, "corruption": fs["corruption"]})
    if fs["corruption"] >= MAX_CORRUPTION:
        finish(state, [SHADOW], "ring_corrupted")


def heal(state: State, amount: int, why: str) -> None:
    fs = state["fellowship"]
    healed = min(amount, fs["corruption"])
    if healed:
        fs["corruption"] = fs["corruption"] - healed
        emit(state, "healed", {"amount": healed, "why": why, "corruption": fs["corruption"]})


def reach_crack_of_doom(state: State) -> None:
    """§16: after its fifth step the Ring is destroyed, if the Ring-bearers are not corrupted."""
    if state["result"] is None and state["fellowship"]["corruption"] < MAX_CORRUPTION:
        finish(state, [FREE], "ring_destroyed")


# -- the Guide --------------------------------------------------------------------------------
def guide_candidates(state: State) -> list[str]:
    """The Companions of the highest Level in the Fellowship (Gollum when none is left)."""
    companions = state["fellowship"]["companions"]
    if not companions:
        return ["gollum"]
    best = max(CHARACTERS[c].level or 0 for c in companions)
    return [c for c in companions if (CHARACTERS[c].level or 0) == best]


def settle_guide(state: State) -> None:
    """After the Fellowship changed: keep the Guide if he may still lead, else the first of the
    highest Level. With several of that Level the Free Peoples choose (§14.3) when the action
    that changed the Fellowship is over (:func:`ask_guide`)."""
    candidates = guide_candidates(state)
    fs = state["fellowship"]
    if fs["guide"] not in candidates:
        fs["guide"] = candidates[0]
        emit(state, "guide_changed", {"guide": fs["guide"]})
    if len(candidates) > 1 and revision(state) >= 2:
        fs["guide_open"] = True
    hunt_cards.check_companions(state)  # Axe and Bow, Horn of Gondor, Wizard's Staff


def ask_guide(state: State) -> bool:
    """At the end of an action that changed the Fellowship, with Companions tied for its highest
    Level: the Free Peoples name the Guide among them (the ``guide_choice`` step, called on the
    ``act`` frame, which hands the turn on when it returns). True if they are asked."""
    tied = state["fellowship"].pop("guide_open", False) and len(guide_candidates(state)) > 1
    if tied and state["result"] is None:
        call(state, "guide_choice")
        return True
    return False


# -- moving and hiding (a die action, or a card) ---------------------------------------------
def advance(state: State) -> None:
    """The Fellowship moves (Progress +1, or a step tried on the Mordor Track); the Hunt follows."""
    fs = state["fellowship"]
    fs["moved"] = True
    if on_mordor_track(state):
        emit(state, "fellowship_moved", {"mordor": True})
    else:
        fs["progress"] = fs["progress"] + 1
        emit(state, "fellowship_moved", {"mordor": False, "progress": fs["progress"]})


def hide(state: State) -> None:
    """A revealed Fellowship is hidden again."""
    fs = state["fellowship"]
    fs["revealed"] = False
    fs["hid"] = True
    emit(state, "fellowship_hidden", {})


# -- phase 2 ------------------------------------------------------------------------------------
def declare_regions(state: State) -> list[str]:
    fs = state["fellowship"]
    if fs["revealed"] or on_mordor_track(state) or fs["declared"]:
        return []
    if fs["progress"] == 0 and not refuge_helps(state, fs["region"]):
        return []  # nothing would change
    return sorted(within(fs["region"], fs["progress"]))


def refuge(state: State, region: str) -> bool:
    """A City or Stronghold of a Free Peoples Nation that the Free Peoples control (§14.5)."""
    info = REGIONS[region]
    nation = info.nation
    return bool(
        nation is not None
        and NATIONS[nation].side == FREE
        and (info.is_city or info.is_stronghold)
        and controller(state, region) == FREE
    )


def refuge_helps(state: State, region: str) -> bool:
    nation = REGIONS[region].nation
    if not refuge(state, region) or nation is None:
        return False
    return bool(state["fellowship"]["corruption"] > 0 or not state["politics"][nation]["active"])


def phase_actions(state: State) -> list[Action]:
    fs = state["fellowship"]
    found = [Action("declare", (region,)) for region in declare_regions(state)]
    if not on_mordor_track(state) and fs["region"] in MORDOR_ENTRIES:
        found.append(Action("mordor"))
    found += [Action("guide", (c,)) for c in guide_candidates(state) if c != fs["guide"]]
    return found


def start_phase(state: State) -> bool:
    """Phase 2: wait for the Free Peoples only if they have a choice."""
    if not phase_actions(state):
        return False
    call(state, "fellowship_phase")
    return True


def declare(state: State, region: str) -> None:
    """§14.5: the figure moves up to Progress regions, Progress to 0, still Hidden; in a City or
    Stronghold of a Free Peoples Nation not under enemy control it heals 1 and activates it."""
    fs = state["fellowship"]
    fs["region"] = region
    fs["progress"] = 0
    fs["declared"] = True
    emit(state, "fellowship_declared", {"region": region})
    fellowship_found(state)
    nation = REGIONS[region].nation
    if refuge(state, region) and nation is not None:
        hunt_cards.declared_in_refuge(state)  # Worn with Sorrow and Toil, Flocks of Crebain
        heal(state, 1, "declared")
        politics.activate(state, nation, "fellowship_declared")


def enter_mordor(state: State) -> None:
    """§16: the figure goes onto step 0 of the Mordor Track; the Eye tiles drawn go back to the
    pool, and the special tiles put in play join it."""
    fs = state["fellowship"]
    emit(state, "entered_mordor", {"from": fs["region"]})
    fs["region"] = None
    fs["mordor"] = 0
    fs["progress"] = 0
    hunt = state["hunt"]
    eyes = [t for t in hunt["drawn"] if t.startswith("eye") and t not in hunt["removed"]]
    for tile in eyes:
        hunt["drawn"].remove(tile)
        hunt["pool"].append(tile)
    hunt["pool"] += hunt["waiting"]
    hunt["waiting"] = []
    hunt["pool"].sort()


def end_of_actions(state: State) -> None:
    """§16: on the Mordor Track, a turn without a move or a try to hide costs 1 Corruption."""
    fs = state["fellowship"]
    if on_mordor_track(state) and not fs["moved"] and not fs.get("hid"):
        corrupt(state, 1, "idle_in_mordor")
    fs["hid"] = False


class FellowshipPhase(Step):
    name = "fellowship_phase"
    kind = "fellowship_phase"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return (*phase_actions(state), Action("done"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("Turn {number}: the Fellowship phase", number=state["turn"]["number"])

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        parts = []
        if declare_regions(state):
            parts.append(tr("declare the Fellowship"))
        if Action("mordor") in phase_actions(state):
            parts.append(tr("enter Mordor"))
        if any(a.verb == "guide" for a in phase_actions(state)):
            parts.append(tr("change the Guide"))
        if not parts:
            return tr("You may go on; then `done`.")
        choices = join_words(parts, "or") if english() else listed(parts, "or")
        return tr("You may {choices}; then `done`.", choices=choices)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples' Fellowship phase.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        if action.verb != "done":
            mark(state, FREE)
        if action.verb == "declare":
            fs = state["fellowship"]
            start, steps = fs["region"], fs["progress"]
            declare(state, action.args[0])
            end = action.args[0]
            pursued = tta_characters.offer_pursuit(state)  # asked after Balrog of Moria's tile
            if hunt_cards.offer_balrog(state, start, end, steps, no_reveal=refuge(state, end)) or pursued:
                return  # the Shadow answers first; then on with the phase (resume)
        elif action.verb == "mordor":
            enter_mordor(state)
        elif action.verb == "guide":
            state["fellowship"]["guide"] = action.args[0]
            emit(state, "guide_changed", {"guide": action.args[0]})
        if action.verb == "done" or state["result"] is not None or not phase_actions(state):
            ret(state)

    def resume(self, state: State, frame: Frame, value: object) -> None:
        """Balrog of Moria's extra tile after a declaration is resolved: on with the phase."""
        if state["result"] is None and not phase_actions(state):
            ret(state)


class GuideChoice(Step):
    """§14.3: the Fellowship changed and several Companions share its highest Level: the Free
    Peoples name the Guide among them (the present one may stay)."""

    name = "guide_choice"
    kind = "guide_choice"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action("guide", (c,)) for c in guide_candidates(state))

    def title(self, state: State, frame: Frame, role: str) -> str:
        return tr("The Fellowship has changed: who guides it?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        candidates = guide_candidates(state)
        names = (
            " or ".join(CHARACTERS[c].name for c in candidates)
            if english()
            else listed((character_name(c) for c in candidates), "or")
        )
        guide = character_name(state["fellowship"]["guide"])
        return tr("Choose the Guide: {names} (now {guide}).", names=names, guide=guide)

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples to choose the Fellowship's Guide.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fs = state["fellowship"]
        if action.args[0] != fs["guide"]:
            fs["guide"] = action.args[0]
            emit(state, "guide_changed", {"guide": action.args[0]})
        ret(state)  # the action that changed the Fellowship is over: its caller hands the turn on


STEPS: tuple[Step, ...] = (FellowshipPhase(), GuideChoice())
