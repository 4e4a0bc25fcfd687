"""The four characters of Twilight of the Third Age (§1.5, §2.5, R-1 to R-4): what the rules
of the base game ask about them, read from the ``tta`` key (:mod:`.tta.state`). This module holds
only questions and small marks, so that the base modules (the Hunt, the battle, the entry of a
character) may import it without a circle; the die actions and steps live in the procedure modules
of each character (:mod:`.witch_king_chief`).

The Witch-king, Chief of the Ringwraiths (R-3) is the same figure as the base Witch-king
(``witch_king`` in ``characters``); ``tta["witch_king_card"]`` says which of his two cards the
Shadow chose when he entered (``None`` before; a position that places him without a card plays
the Black Captain).

>>> chief({"tta": {"witch_king_card": "chief"}, "characters": {"witch_king": {"region": "moria"}}})
True
>>> nazgul_rerolls({"tta": {}, "characters": {}}, "moria")
1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import State, emit
from games.core.flow import call

from . import rings
from .board import besieged, controller
from .card_piles import on_table
from .data import FREE, MODULE_FIGURES, REGIONS, SHADOW, within
from .tta.state import part
from .tta.switches import switches

CHIEF, BLACK_CAPTAIN = "chief", "black_captain"
WITCH_KING = "witch_king"
#: The re-rolls the Nazgûl give in the Ring-bearers' region with the Chief there (R-3).
CHIEF_REROLLS = 2


def witch_king_card(state: State) -> str | None:
    """The Witch-king's card once chosen (``None`` before, or in a game without the choice)."""
    found: str | None = part(state).get("witch_king_card")
    return found


def choosing(state: State) -> bool:
    """A game with the Chief of the Ringwraiths whose Witch-king has not entered yet."""
    return "witch_king_card" in part(state) and witch_king_card(state) is None


def chief(state: State) -> bool:
    """The Witch-king is in play through the Chief of the Ringwraiths' card."""
    return witch_king_card(state) == CHIEF and WITCH_KING in state["characters"]


def nazgul_rerolls(state: State, region: str | None) -> int:
    """The Hunt re-rolls the "Nazgûl present" condition gives in ``region`` (§15.2): 1, or 2 with
    the Chief of the Ringwraiths there (*Lord of the Nazgûl*, R-3)."""
    if chief(state) and state["characters"][WITCH_KING]["region"] == region:
        return CHIEF_REROLLS
    return 1


def pursuit_target(state: State) -> str | None:
    """Where *Pursuit* (R-3) may take the Chief of the Ringwraiths now: the Fellowship's region,
    when he is in play in the open elsewhere and it is not a Free Peoples Stronghold that no Shadow
    Army besieges (``None`` otherwise)."""
    region = state["fellowship"]["region"]
    if not chief(state) or region is None:
        return None
    where = state["characters"][WITCH_KING]
    if where.get("inside") or where["region"] == region:
        return None
    info = REGIONS[region]
    if info.is_stronghold and controller(state, region) == FREE and not besieged(state, region):
        return None
    return str(region)


def offer_pursuit(state: State) -> bool:
    """Right after the Fellowship is declared: the Shadow is asked whether the Chief of the
    Ringwraiths flies to it (the step ``pursuit`` of :mod:`.witch_king_chief`, which returns to the
    caller). Whether he is asked."""
    if state["result"] is not None or pursuit_target(state) is None:
        return False
    call(state, "pursuit")
    return True


def sorcerer(state: State) -> bool:
    """Whether the Witch-king in play has the Black Captain's *Sorcerer* (the Chief has not)."""
    return not chief(state)


def witch_king_enters(state: State) -> None:
    """The Witch-king enters play (:func:`.characters.enter`): in a game with the choice, the
    card not chosen by ``bring-witch-king-chief`` is the Black Captain's; the table is told which."""
    tta = part(state)
    if "witch_king_card" not in tta:
        return
    if tta["witch_king_card"] is None:
        tta["witch_king_card"] = BLACK_CAPTAIN
    if "witch_king_chief" in tta.get("characters_aside", ()):
        tta["characters_aside"].remove("witch_king_chief")
    emit(state, "witch_king_card", {"card": tta["witch_king_card"]})


# -- the Balrog (R-2) ------------------------------------------------------------------------------
BALROG, MORIA = "balrog", "moria"
#: The replacement card that lets him move, and how far (A Balrog is Come!, official).
BALROG_IS_COME, BALROG_MOVES = "shc_17t", 2


def balrog_aside(state: State) -> bool:
    """The Balrog is in this game and has not entered yet."""
    return BALROG in part(state).get("characters_aside", ())


def balrog_may_enter(state: State) -> bool:
    """R-2: a Muster die brings him into Moria while the Shadow controls it and it is not besieged
    (no political condition)."""
    return balrog_aside(state) and controller(state, MORIA) == SHADOW and not besieged(state, MORIA)


def minion_steps(state: State, minion: str) -> int:
    """How far a module Minion moves with a Character die: the Balrog 2 regions while A Balrog is
    Come! is on the table, else not at all (Level 0)."""
    if minion == BALROG and on_table(state, BALROG_IS_COME):
        return BALROG_MOVES
    return 0


def shadow_of_moria(state: State) -> bool:
    """*Shadow of Moria* (R-2): the Balrog stands in Moria (a path of the Fellowship through it
    draws one more tile)."""
    where = state["characters"].get(BALROG)
    return bool(where and where["region"] == MORIA)


def offer_shadow_of_moria(state: State, no_reveal: bool, more: list[str]) -> bool:
    """A declaration or a reveal traced the Fellowship's path through Moria with the Balrog there:
    the step ``shadow_of_moria`` draws the tile (its one answer is taken by the engine), then the
    Hunt cards of the same path (``more``: The Gates are Closed) are asked. Whether it was called."""
    if not shadow_of_moria(state):
        return False
    call(state, "shadow_of_moria", no_reveal=no_reveal, more=list(more))
    return True


# -- Galadriel (R-1) ----------------------------------------------------------------------------
GALADRIEL, LORIEN = "galadriel", "lorien"


def golden_wood(state: State, region: str, side: str) -> bool:
    """*Lady of the Golden Wood* (R-1): with Galadriel in play, the Free Peoples recruit with a
    Muster die in Lórien while it is theirs and besieged (inside it, 5 units at most)."""
    return (
        side == FREE
        and region == LORIEN
        and GALADRIEL in state["characters"]
        and controller(state, LORIEN) == FREE
        and besieged(state, LORIEN)
    )


def offer_nenya(state: State, tile: str, why: str, eye: int, rules: Mapping[str, Any]) -> bool:
    """*Nenya* (R-1): a Hunt tile was just drawn; with Galadriel in play, an Elven Ring to use and
    Nenya not used this turn, the Free Peoples are asked whether they cancel it (the step
    ``nenya``, which goes on with the tile otherwise and returns when it is resolved). Whether
    they are asked."""
    if GALADRIEL not in state["characters"] or state["turn"].get("nenya") or not rings.can_use(state, FREE):
        return False
    call(state, "nenya", tile=tile, why=why, eye=eye, rules=dict(rules))
    return True


# -- Sméagol / Gollum (R-4) ------------------------------------------------------------------------
#: The piece is the base Gollum (``gollum``: the Guide when no Companion is left, with the base
#: Guide ability, on either side); ``tta["smeagol"]`` is the side it shows.
SMEAGOL_TILES = frozenset({"smeagol_1", "smeagol_2"})
WE_SHALL_GET_IT = "we_shall_get_it"


def smeagol_side(state: State) -> bool:
    """The game has Sméagol and the piece still shows Sméagol (Sneak, Sacrifice)."""
    return part(state).get("smeagol") == "smeagol"


def smeagol_tile_drawn(state: State, tile: str) -> None:
    """A Sméagol tile has been resolved (0 damage, no Reveal): back into the Hunt Pool while the
    piece shows Sméagol, out of the game once it shows Gollum (R-4)."""
    if tile not in SMEAGOL_TILES:
        return
    hunt = state["hunt"]
    if smeagol_side(state):
        hunt["drawn"].remove(tile)
        hunt["pool"] = sorted([*hunt["pool"], tile])
        emit(state, "smeagol_tile_returns", {"tile": tile})
    elif tile not in hunt["removed"]:
        hunt["removed"].append(tile)


def sneak_regions(state: State) -> list[str]:
    """Where *Sneak* may declare the Fellowship now (none when it may not be used)."""
    fs = state["fellowship"]
    if not smeagol_side(state) or state["turn"].get("sneak") or fs["revealed"] or fs["region"] is None:
        return []
    if fs["progress"] <= 0 or int(state["hunt_box"]["shadow"]) <= 0:
        return []  # nothing to gain: no roll follows, or the figure cannot move
    return sorted(within(fs["region"], fs["progress"]))


def offer_sneak(state: State) -> bool:
    """*Sneak* (R-4): the Fellowship moved and its Hunt roll follows; while the piece shows
    Sméagol, once a turn, the Free Peoples may first declare it (the step ``sneak``, which goes on
    with the Hunt and returns when it is over). Whether they are asked."""
    if not sneak_regions(state):
        return False
    call(state, "sneak")
    return True


#: Where a card may be (:func:`we_shall_get_it`): the piles of the state, by key.
_PLACES = ("hands", "table", "played", "discards")


def we_shall_get_it(state: State) -> str | None:
    """Where the card We Shall Get It is: ``aside`` (set aside, before Sméagol's sacrifice),
    ``hands``, ``table``, ``played`` (used) or ``discards`` (the hand limit); ``None`` in a game
    without Sméagol. It is a card of ``data.CARDS`` (no deck, no Combat half): once taken it
    moves through the Shadow's hand and piles like any other."""
    if WE_SHALL_GET_IT in part(state).get("cards_aside", ()):
        return "aside"
    for place in _PLACES:
        if WE_SHALL_GET_IT in (state.get(place) or {}).get(SHADOW, ()):
            return place
    return None


def offer_we_shall_get_it(state: State, tile: str, why: str, eye: int, rules: Mapping[str, Any]) -> bool:
    """*We Shall Get It* (official card): on the table, with Gollum the Guide, after a Hunt tile
    is drawn the Shadow may discard it to draw another (the step ``we_shall_get_it``). Whether he
    is asked."""
    if not on_table(state, WE_SHALL_GET_IT) or state["fellowship"]["guide"] != "gollum":
        return False
    call(state, "we_shall_get_it", tile=tile, why=why, eye=eye, rules=dict(rules))
    return True


def may_sacrifice(state: State) -> bool:
    """*Sacrifice* (R-4): while the piece shows Sméagol it may be flipped to cancel Hunt damage."""
    return smeagol_side(state)


def sacrifice(state: State) -> None:
    """Flip the piece to Gollum; the Shadow takes We Shall Get It into his hand, where it counts
    toward his hand limit (R-4; the caller has him discard down when he holds too many)."""
    tta = part(state)
    tta["smeagol"] = "gollum"
    emit(state, "smeagol_sacrificed", {})
    if WE_SHALL_GET_IT in tta.get("cards_aside", ()):
        tta["cards_aside"].remove(WE_SHALL_GET_IT)
        state["hands"][SHADOW].append(WE_SHALL_GET_IT)
        emit(state, "we_shall_get_it_taken", {})


def piece(state: State, character: str) -> str:
    """The character as the public view names him: the Witch-king in play through the Chief of the
    Ringwraiths' card is ``witch_king_chief`` (his card is public), so the map draws him apart."""
    return "witch_king_chief" if character == WITCH_KING and chief(state) else character


def view(state: State) -> dict[str, object] | None:
    """The module characters' public part of the view (``None`` in a game without them)."""
    tta = part(state)
    if "characters_aside" not in tta:
        return None
    found: dict[str, object] = {"aside": list(tta["characters_aside"])}
    if "witch_king_card" in tta:
        found["witch_king_card"] = tta["witch_king_card"]
    if "smeagol" in tta:  # the side the piece shows, and whether We Shall Get It is still aside
        found["smeagol"] = tta["smeagol"]  # (once taken, the hand and the table tell the rest)
        found["we_shall_get_it_aside"] = WE_SHALL_GET_IT in tta.get("cards_aside", ())
    return found


def check(state: State) -> list[str]:
    """Invariants of the four characters (the fuzzer checks them after every action)."""
    problems: list[str] = []
    card = witch_king_card(state)
    if card not in (None, CHIEF, BLACK_CAPTAIN):
        problems.append(f"the Witch-king's card is {card!r}")
    if card == CHIEF and WITCH_KING not in state["characters"] and WITCH_KING not in state["eliminated"]:
        problems.append("the Chief of the Ringwraiths was chosen but the Witch-king never entered")
    if card is not None and "witch_king_chief" in part(state).get("characters_aside", ()):
        problems.append("the Witch-king's card is chosen but the Chief is still set aside")
    aside = part(state).get("characters_aside", ())
    chosen = switches(state.get("options") or {})
    for figure in MODULE_FIGURES:
        placed = figure in state["characters"] or figure in state["eliminated"]
        if placed and figure not in chosen:
            problems.append(f"{figure} is in a game without his switch")
        if placed and figure in aside:
            problems.append(f"{figure} is both set aside and in play")
    where = we_shall_get_it(state)
    if "smeagol" in part(state) and where is None:
        problems.append("We Shall Get It is nowhere")
    if where not in (None, "aside") and smeagol_side(state):
        problems.append("We Shall Get It left the set-aside cards while Sméagol still shows")
    if "smeagol" not in part(state) and any(
        WE_SHALL_GET_IT in pile for place in (*_PLACES, "decks") for pile in (state.get(place) or {}).values()
    ):
        problems.append("We Shall Get It in a game without Sméagol")
    if smeagol_side(state) and SMEAGOL_TILES & set(state["hunt"]["removed"]):
        problems.append("a Sméagol tile left the game while the piece shows Sméagol")
    lady = state["characters"].get(GALADRIEL)
    if lady and lady["region"] != LORIEN:
        problems.append("Galadriel left Lórien")
    balrog = state["characters"].get(BALROG)
    if balrog and balrog["region"] != MORIA and not on_table(state, BALROG_IS_COME):
        problems.append("the Balrog left Moria without A Balrog is Come!")
    return problems
