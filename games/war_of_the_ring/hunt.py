"""The Hunt for the Ring (§15, §16): the Hunt roll after each move of the Fellowship, the tiles,
the damage and how the Free Peoples take it, the reveal.

A procedure: :func:`start` (after the Fellowship moved) calls ``hunt_damage`` when a tile is
drawn, which returns to the caller when the tile is resolved (damage taken, Fellowship revealed
and moved). Frame ``hunt_damage``: ``damage`` left, ``tile``, ``reveal`` (the tile reveals),
``casualty`` (a Companion was lost to it already), ``ability`` (the Guide's ability was used),
``stronghold_tiles`` (tiles still to draw for Shadow Strongholds on the reveal path), ``gollum``
(the Free Peoples revealed by Gollum's ability), ``unreducible`` and ``random_first`` (a tile
drawn by Isildur's Bane or Foul Thing from the Deep).

Cards draw tiles too (:func:`draw_tile` with a card's id as ``why`` and its :data:`Rules`). The
table cards of :mod:`.hunt_cards` are asked of their owner at their moment by the procedure
``hunt_card`` (:class:`HuntCard`), which carries the Hunt on from there once answered; Axe and
Bow and the Horn of Gondor are ways of taking the damage (``use <card>``).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, State, emit
from games.core.chance import draw, roll
from games.core.flow import Frame, Step, barrier, call, ret
from games.core.i18n import Sentences

from . import fellowship as fs_rules
from . import hunt_cards
from .board import controller, leaders, units
from .card_piles import discard_from_table, on_table, seen
from .card_rules import fellowship_found
from .characters import separate_targets
from .data import CARDS, CHARACTERS, FREE, NEIGHBOURS, REGIONS, SHADOW, TILES, within
from .events import tile_name
from .grammar import plural
from .i18n import card_name, character_name, current, english, listed, mark, ntr, tr
from .options import revision
from .politics import companion_arrives
from .step_text import side_words
from .tta_card_rules import GATES_ARE_CLOSED
from .tta_characters import (
    may_sacrifice,
    nazgul_rerolls,
    offer_nenya,
    offer_sneak,
    offer_we_shall_get_it,
    sacrifice,
    smeagol_tile_drawn,
)
from .turn import HAND_LIMIT

MAX_HUNT_DICE = 5


def hunt_level(state: State) -> int:
    return int(state["hunt_box"]["shadow"])


def rerolls(state: State, region: str) -> int:
    """§15.2: one re-roll each for a Shadow-controlled Stronghold, a Shadow Army unit and a Nazgûl
    (the Witch-king is one, §9.3) in the Fellowship's region — inside its Stronghold too."""
    stronghold = REGIONS[region].is_stronghold and controller(state, region) == SHADOW
    unit = units(state, region, SHADOW) + units(state, region, SHADOW, inside=True) > 0
    witch_king = state["characters"].get("witch_king", {}).get("region") == region
    nazgul = leaders(state, region, SHADOW) + leaders(state, region, SHADOW, inside=True) > 0 or witch_king
    return int(stronghold) + int(unit) + (nazgul_rerolls(state, region) if nazgul else 0)


def hunt_roll(state: State, extra: int = 0) -> int:
    """Roll the Hunt (dice = Shadow dice in the Hunt Box, at most 5); the number of successes.
    Each die hits on 6, +1 per Free Peoples die already in the Hunt Box (and ``extra``, Flocks
    of Crebain); a 1 always fails."""
    level = min(MAX_HUNT_DICE, hunt_level(state))
    if level == 0:
        return 0
    bonus = int(state["hunt_box"]["free"]) + extra
    region = state["fellowship"]["region"]

    def hit(value: int) -> bool:
        return value == 6 or (value != 1 and value + bonus >= 6)

    first = [roll(state, "hunt_die") for _ in range(level)]
    misses = sum(1 for v in first if not hit(v))
    again = [roll(state, "hunt_reroll") for _ in range(min(misses, rerolls(state, region)))]
    successes = sum(1 for v in first if hit(v)) + sum(1 for v in again if hit(v))
    emit(state, "hunt_rolled", {"dice": first, "rerolls": again, "bonus": bonus, "successes": successes})
    return successes


def start(state: State) -> bool:
    """After a move of the Fellowship: the Hunt (the roll, or on the Mordor Track a tile at
    once). Whether a procedure was called (it returns when the Hunt is over)."""
    barrier(state)  # dice and tiles follow: the move is never taken back
    if offer_sneak(state):  # Twilight of the Third Age: Sméagol declares it first
        return True
    return start_roll(state)


def start_roll(state: State) -> bool:
    """The Hunt after a move, from its roll on (:func:`start`)."""
    if fs_rules.on_mordor_track(state):
        return draw_tile(state, "mordor", eye=hunt_level(state) + int(state["hunt_box"]["free"]))
    if hunt_level(state) > 0 and on_table(state, hunt_cards.CREBAIN):
        call(state, "hunt_card", side=SHADOW, card=hunt_cards.CREBAIN, moment="roll")
        return True
    return _roll_and_draw(state, 0)


def _roll_and_draw(state: State, extra: int) -> bool:
    successes = hunt_roll(state, extra)
    if successes == 0:
        return False
    return draw_tile(state, "hunt", eye=successes)


#: How a tile drawn by a card is resolved (Orc Patrol and its kin, Balrog of Moria): ``patrol``
#: (an Eye or a Free Peoples special tile has no effect), ``unreducible`` (all the damage becomes
#: Corruption), ``random_first`` (a random Companion is lost first), ``no_reveal``.
Rules = dict[str, bool]


def refilled(state: State) -> bool:
    """The pool, refilled from the standard tiles drawn when it is empty; whether it has one."""
    hunt = state["hunt"]
    if not hunt["pool"]:
        hunt["pool"] = sorted(t for t in hunt["drawn"] if TILES[t].side is None and t not in hunt["removed"])
        hunt["drawn"] = [t for t in hunt["drawn"] if t not in hunt["pool"]]
        emit(state, "hunt_pool_refilled", {"tiles": len(hunt["pool"])})
    return bool(hunt["pool"])


def draw_tile(state: State, why: str, eye: int, rules: Rules | None = None) -> bool:
    """The Shadow draws a tile blind from the pool (refilled when empty) and it is resolved;
    ``why``: the Hunt of a move (``hunt``, ``mordor``), a Stronghold on the reveal path, or a
    card's id. Whether a procedure was called (it returns when the tile is resolved)."""
    if not refilled(state):
        return False
    if on_table(state, hunt_cards.STAFF) and not (rules or {}).get("unreducible"):
        call(
            state,
            "hunt_card",
            side=FREE,
            card=hunt_cards.STAFF,
            moment="draw",
            why=why,
            eye=eye,
            rules=rules or {},
        )
        return True
    return _draw(state, why, eye, rules or {})


def pick(state: State) -> str:
    barrier(state)
    hunt = state["hunt"]
    tile_id: str = draw(state, "hunt_tile", list(hunt["pool"]))
    hunt["pool"].remove(tile_id)
    hunt["drawn"].append(tile_id)
    return tile_id


def _draw(state: State, why: str, eye: int, rules: Rules) -> bool:
    tile = pick(state)
    if offer_nenya(state, tile, why, eye, rules):  # Twilight of the Third Age: Galadriel
        return True
    return kept_tile(state, tile, why, eye, rules)


def kept_tile(state: State, tile: str, why: str, eye: int, rules: Rules) -> bool:
    """The tile drawn was not cancelled: We Shall Get It may replace it (Twilight of the Third Age),
    else it goes on (:func:`after_pick`)."""
    if offer_we_shall_get_it(state, tile, why, eye, rules):
        return True
    return after_pick(state, tile, why, eye, rules)


def after_pick(state: State, tile: str, why: str, eye: int, rules: Rules) -> bool:
    """The tile drawn is kept: Mithril Coat may be asked, then it is resolved."""
    if on_table(state, hunt_cards.MITHRIL) and not rules.get("unreducible") and _second_tile(state, tile):
        call(
            state,
            "hunt_card",
            side=FREE,
            card=hunt_cards.MITHRIL,
            moment="tile",
            tile=tile,
            why=why,
            eye=eye,
            rules=rules,
        )
        return True
    return resolve_tile(state, tile, why, eye, rules)


def _second_tile(state: State, first: str) -> bool:
    """Whether Mithril Coat could draw another tile than ``first``: one in the pool, or a standard
    tile drawn before that a refill would bring back."""
    hunt = state["hunt"]
    return bool(hunt["pool"]) or any(
        TILES[t].side is None and t != first and t not in hunt["removed"] for t in hunt["drawn"]
    )


def no_effect(tile_id: str) -> bool:
    """A tile a card's draw ignores: an Eye or a Free Peoples special tile."""
    tile = TILES[tile_id]
    return tile.value == "eye" or tile.side == FREE


def resolve_tile(state: State, tile_id: str, why: str, eye: int, rules: Rules) -> bool:
    """Apply the tile drawn; whether the procedure ``hunt_damage`` was called for it."""
    tile = TILES[tile_id]
    if rules.get("patrol") and no_effect(tile_id):
        emit(state, "hunt_tile_ignored", {"tile": tile_id, "why": why})
        return False
    if tile.value == "eye":
        damage = eye if why in ("hunt", "mordor") else 0
    elif tile.value == "die":
        damage = roll(state, "shelob_die")
    else:
        damage = int(tile.value)
    reveal = bool(tile.reveal) and not rules.get("no_reveal")
    if reveal and state["fellowship"]["guide"] == "gollum" and tile.side is None and tile.value != "eye":
        reveal = False  # Gollum as Guide: a numbered standard tile does not reveal
    emit(state, "hunt_tile", {"tile": tile_id, "damage": damage, "why": why})
    smeagol_tile_drawn(state, tile_id)  # Twilight of the Third Age: back to the pool, or out
    if why == "mordor" and not tile.stop:
        state["fellowship"]["mordor"] += 1
        emit(state, "mordor_step", {"step": state["fellowship"]["mordor"]})
    if damage < 0:
        fs_rules.heal(state, -damage, "tile")
        damage = 0
    call(
        state,
        "hunt_damage",
        damage=damage,
        tile=tile_id,
        reveal=reveal,
        casualty=False,
        ability=False,
        unreducible=bool(rules.get("unreducible")),
        random_first=bool(rules.get("random_first")),
    )
    frame = state["stack"][-1]
    settle(state, frame)
    return True


def reveal_by_card(state: State) -> bool:
    """An Event card reveals the Fellowship (Nazgûl Search): as a Hunt tile's reveal, with no
    damage — the Free Peoples place the figure up to Progress regions away. Whether the
    procedure ``hunt_damage`` was called (it returns to the caller, maybe at once)."""
    if state["fellowship"]["revealed"]:
        return False
    call(state, "hunt_damage", damage=0, tile=None, reveal=True, casualty=False, ability=False)
    settle(state, state["stack"][-1])
    return True


def settle(state: State, frame: Frame) -> None:
    """Carry on with the tile as far as possible without a decision of the Free Peoples."""
    if state["result"] is not None or frame.get("hobbit"):
        return  # a Hobbit who left is placed first
    if frame["damage"] > 0 and guide_open(state):
        return  # then the new Guide is named
    if frame["damage"] > 0 and frame.get("random_first") and not frame["casualty"]:
        frame["casualty"] = True  # Foul Thing from the Deep: a random Companion first
        if state["fellowship"]["companions"] and random_casualty(state, frame):
            return  # Worn with Sorrow and Toil is offered first
        if frame.get("hobbit") or (frame["damage"] > 0 and guide_open(state)):
            return
    if frame["damage"] > 0 and damage_choices(state, frame):
        return  # the Free Peoples decide how to take it
    if frame["damage"] > 0:
        fs_rules.corrupt(state, frame["damage"], "hunt")
        frame["damage"] = 0
    if state["result"] is not None:
        return
    if frame["reveal"] and not state["fellowship"]["revealed"]:
        reveal(state, frame)
        if reveal_choices(state):
            return
        fs = state["fellowship"]
        if fs["region"] is not None:  # nowhere else to go: the figure stays
            frame["stronghold_tiles"] = _path_tiles(state, frame, fs["region"], fs["region"], 0)
            if hunt_cards.offer_balrog(state, fs["region"], fs["region"], 0, no_reveal=False):
                fs["progress"] = 0
                return  # the Balrog's tile first; then the Strongholds' (resume)
        fs["progress"] = 0
    finish_tile(state, frame)


def fewest_strongholds(state: State, start: str, end: str, steps: int) -> int:
    """The Shadow-controlled Strongholds on the path from ``start`` to ``end`` in at most
    ``steps`` regions that crosses the fewest of them (start and end included).

    §14.6 leaves the path to the Free Peoples, who always prefer the cheapest one (our ruling:
    the engine traces it for them)."""

    def cost(region: str) -> int:
        return int(REGIONS[region].is_stronghold and controller(state, region) == SHADOW)

    best = {start: cost(start)}
    frontier = dict(best)
    for _ in range(steps):
        following: dict[str, int] = {}
        for region, spent in frontier.items():
            for nxt in NEIGHBOURS[region]:
                total = spent + cost(nxt)
                if total < min(best.get(nxt, total + 1), following.get(nxt, total + 1)):
                    following[nxt] = total
        best.update(following)
        frontier = following
    return best.get(end, 0)


def _path_tiles(state: State, frame: Frame, start: str, end: str, steps: int) -> int:
    """Tiles to draw for Shadow Strongholds on the reveal path: only when the Shadow revealed
    the Fellowship (a Hunt tile), not when the Free Peoples chose it (Gollum's ability)."""
    if frame.get("gollum"):
        return 0
    return fewest_strongholds(state, start, end, steps)


def finish_tile(state: State, frame: Frame) -> None:
    """The tile is resolved: draw the tiles still owed for Strongholds on the reveal path (each
    resolved in full, an Eye worth 0), then end the procedure."""
    while frame.get("stronghold_tiles", 0) > 0 and state["result"] is None:
        frame["stronghold_tiles"] -= 1
        if draw_tile(state, "stronghold", eye=0):
            return  # the new tile's own procedure runs first; it resumes us
    fs = state["fellowship"]
    if fs["mordor"] is not None and fs["mordor"] >= fs_rules.CRACK_OF_DOOM:
        fs_rules.reach_crack_of_doom(state)
        if state["result"] is not None:
            return
    ret(state)


# -- taking the damage ----------------------------------------------------------------------------
def damage_choices(state: State, frame: Frame) -> list[Action]:
    if frame.get("unreducible"):
        return []  # Isildur's Bane: all of it becomes Corruption
    fs = state["fellowship"]
    found = [Action("use", (card,)) for card in hunt_cards.LESSEN if on_table(state, card)]
    if not frame["casualty"] and fs["companions"]:
        found.append(Action("casualty", ("guide",)))
        if len(fs["companions"]) > 1:
            found.append(Action("casualty", ("random",)))
    guide = fs["guide"]
    if not frame["ability"]:
        if guide in ("meriadoc", "peregrin") and guide in fs["companions"]:
            found.append(Action("ability", (guide,)))
        if guide == "gollum" and not frame["reveal"] and not fs["revealed"]:
            found.append(Action("ability", ("gollum",)))
    if may_sacrifice(state):  # Twilight of the Third Age: Sméagol cancels the damage
        found.append(Action("sacrifice", ("smeagol",)))
    if found:
        found.append(Action("corruption", (str(frame["damage"]),)))
    return found


def random_casualty(state: State, frame: Frame) -> bool:
    """A Companion drawn at random is the casualty; whether the Shadow is asked about Worn with
    Sorrow and Toil (the tile goes on when he answers)."""
    barrier(state)
    lost = draw(state, "random_hunt_casualty", list(state["fellowship"]["companions"]))
    frame["damage"] = max(0, frame["damage"] - lose_companion(state, frame, lost, "hunt"))
    return offer_worn(state)


def offer_worn(state: State) -> bool:
    """A Companion of the Fellowship became a casualty: with Worn with Sorrow and Toil on the
    table and a Free Peoples Character card to lose, the Shadow is asked (``hunt_card``)."""
    if state["result"] is None and worn_options(state):
        call(state, "hunt_card", side=SHADOW, card=hunt_cards.WORN, moment="worn")
        return True
    return False


def worn_options(state: State) -> list[Action]:
    """``worn hand`` (a random Character card of the hand: offered while the hand holds any
    card, the opponent seeing only its size) or ``worn <card>`` for a Character card on the table."""
    if not on_table(state, hunt_cards.WORN):
        return []
    found = [Action("worn", ("hand",))] if state["hands"][FREE] else []
    found += [Action("worn", (c,)) for c in seen(state, "table", FREE) if CARDS[c].deck == "character"]
    return found


def lose_companion(state: State, frame: Frame, companion: str, why: str) -> int:
    """A Companion leaves the Fellowship as a Hunt casualty; his Level."""
    fs = state["fellowship"]
    fs["companions"].remove(companion)
    level = CHARACTERS[companion].level or 0
    if companion in ("meriadoc", "peregrin") and not fs_rules.on_mordor_track(state):
        # Take Them Alive!: placed as if just separated.
        emit(state, "companion_spared", {"companion": companion, "region": fs["region"]})
        place_hobbit(state, frame, companion)
    else:
        state["eliminated"].append(companion)
        emit(state, "companion_lost", {"companion": companion, "why": why})
    fs_rules.settle_guide(state)
    return level


def place_hobbit(state: State, frame: Frame, companion: str) -> None:
    """A Hobbit leaving the Fellowship in the Hunt is placed as if just separated (§9.2, §14.8):
    in the Ring-bearers' region, then up to Progress + 1 regions on, where the Free Peoples
    choose (``hobbit-to``, before the rest of the damage); inside a besieged Free Peoples
    Stronghold when they are in one. Arriving, he rouses a Nation as a Companion would (§8.2)."""
    region = state["fellowship"]["region"]
    targets = separate_targets(state, [companion])
    state["characters"][companion] = {"region": region, "inside": targets[0][1]}
    if len(targets) > 1 and revision(state) >= 2:
        frame["hobbit"] = companion
    else:
        rouse(state, companion, region)


def guide_open(state: State) -> bool:
    """The Fellowship changed and several Companions may guide it now (§14.3)."""
    return bool(state["fellowship"].get("guide_open")) and len(fs_rules.guide_candidates(state)) > 1


def hobbit_choices(state: State, frame: Frame) -> list[Action]:
    return [Action("hobbit-to", (r,)) for r, _ in separate_targets(state, [frame["hobbit"]])]


def move_hobbit(state: State, frame: Frame, dest: str) -> None:
    hobbit = frame.pop("hobbit")
    start = state["characters"][hobbit]["region"]
    state["characters"][hobbit] = {"region": dest, "inside": dict(separate_targets(state, [hobbit]))[dest]}
    if dest != start:
        emit(state, "companions_moved", {"companions": [hobbit], "from": start, "to": dest})
    rouse(state, hobbit, dest)


def rouse(state: State, companion: str, region: str) -> None:
    companion_arrives(state, companion, region)


def reveal(state: State, frame: Frame) -> None:
    fs = state["fellowship"]
    fs["revealed"] = True
    emit(state, "fellowship_revealed", {"region": fs["region"], "progress": fs["progress"]})
    fellowship_found(state)


def reveal_regions(state: State) -> list[str]:
    """§14.6: where a revealed Fellowship may end: up to Progress regions away, never in a Free
    Peoples City or Stronghold that the Free Peoples control."""
    fs = state["fellowship"]
    if fs["region"] is None or fs["progress"] == 0:
        return []
    allowed = []
    for region in sorted(within(fs["region"], fs["progress"])):
        info = REGIONS[region]
        if (info.is_city or info.is_stronghold) and controller(state, region) == FREE:
            continue
        allowed.append(region)
    return allowed


def reveal_choices(state: State) -> list[Action]:
    fs = state["fellowship"]
    if not fs["revealed"] or fs["progress"] == 0 or fs["region"] is None:
        return []
    return [Action("reveal-to", (r,)) for r in reveal_regions(state)]


class HuntDamage(Step):
    name = "hunt_damage"
    kind = "hunt_damage"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({FREE})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        if frame.get("hobbit"):
            return tuple(hobbit_choices(state, frame))
        if frame["damage"] > 0 and guide_open(state):
            return tuple(Action("guide", (c,)) for c in fs_rules.guide_candidates(state))
        if frame["damage"] > 0:
            return tuple(damage_choices(state, frame))
        return tuple(reveal_choices(state))

    def title(self, state: State, frame: Frame, role: str) -> str:
        if frame.get("hobbit"):
            return tr("The Hunt: where does {character} go?", character=character_name(frame["hobbit"]))
        if frame["damage"] > 0 and guide_open(state):
            return tr("The Hunt: the Fellowship has changed, who guides it?")
        if frame["damage"] > 0:
            return ntr(
                "The Hunt: {count} point of damage", "The Hunt: {count} points of damage", frame["damage"]
            )
        return tr("The Fellowship is revealed: where is it?")

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["damage"] > 0 and guide_open(state) and not frame.get("hobbit"):
            names = _either([character_name(c) for c in fs_rules.guide_candidates(state)])
            return tr(
                "Name the Guide ({names}): his ability may serve for the rest of the damage.", names=names
            )
        if frame.get("hobbit"):
            steps = state["fellowship"]["progress"] + 1
            name = character_name(frame["hobbit"])
            if english():
                return (
                    f"{name} has left the Fellowship: he stays or moves up to {plural(steps, 'region')} "
                    "(`hobbit-to <region>`)."
                )
            return ntr(
                "{character} has left the Fellowship: he stays or moves up to {count} region "
                "(`hobbit-to <region>`).",
                "{character} has left the Fellowship: he stays or moves up to {count} regions "
                "(`hobbit-to <region>`).",
                steps,
                character=name,
            )
        if frame["damage"] > 0:
            return _damage_words(state, frame)
        progress = state["fellowship"]["progress"]
        if english():
            regions = plural(progress, "region")
            return f"Move the Ring-bearers up to {regions} (not into a City or Stronghold you hold)."
        return ntr(
            "Move the Ring-bearers up to {count} region (not into a City or Stronghold you hold).",
            "Move the Ring-bearers up to {count} regions (not into a City or Stronghold you hold).",
            progress,
        )

    def waiting(self, state: State, frame: Frame) -> str:
        return tr("Waiting for the Free Peoples to resolve the Hunt.")

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        fs = state["fellowship"]
        if action.verb == "corruption":
            fs_rules.corrupt(state, frame["damage"], "hunt")
            frame["damage"] = 0
        elif action.verb == "casualty":
            frame["casualty"] = True
            if action.args[0] == "random":
                if random_casualty(state, frame):
                    return  # settled when the Shadow has answered
            else:
                lost = fs["guide"]
                frame["damage"] = max(0, frame["damage"] - lose_companion(state, frame, lost, "hunt"))
                if offer_worn(state):
                    return
        elif action.verb == "sacrifice":  # Sméagol becomes Gollum: no damage
            sacrifice(state)
            frame["damage"] = 0
            if len(state["hands"][SHADOW]) > HAND_LIMIT:  # We Shall Get It counts toward the limit
                frame["hand_limit"] = True
                call(state, "discard_down", side=SHADOW)
                return  # the Shadow discards down first; then on with the tile (resume)
        elif action.verb == "use":  # Axe and Bow, Horn of Gondor: one damage less
            hunt_cards.use(state, action.args[0])
            frame["damage"] -= 1
        elif action.verb == "ability":
            frame["ability"] = True
            frame["damage"] -= 1
            who = action.args[0]
            if who == "gollum":
                frame["reveal"] = True
                frame["gollum"] = True  # the Free Peoples' own reveal: no Stronghold tiles
                emit(state, "gollum_reveals", {})
            else:
                fs["companions"].remove(who)
                if fs_rules.on_mordor_track(state):
                    state["eliminated"].append(who)
                    emit(state, "companion_lost", {"companion": who, "why": "guide_ability"})
                else:
                    emit(state, "companion_separated", {"companion": who, "region": fs["region"]})
                    place_hobbit(state, frame, who)
                fs_rules.settle_guide(state)
        elif action.verb == "hobbit-to":
            move_hobbit(state, frame, action.args[0])
        elif action.verb == "guide":  # named at once: his ability may serve for the rest (§14.3)
            fs.pop("guide_open", None)
            if action.args[0] != fs["guide"]:
                fs["guide"] = action.args[0]
                emit(state, "guide_changed", {"guide": action.args[0]})
        elif action.verb == "reveal-to":
            old, steps = fs["region"], fs["progress"]
            fs["region"] = action.args[0]
            fs["progress"] = 0
            emit(state, "fellowship_placed", {"from": old, "region": action.args[0]})
            frame["stronghold_tiles"] = _path_tiles(state, frame, old, action.args[0], steps)
            if hunt_cards.offer_balrog(state, old, action.args[0], steps, no_reveal=False):
                return  # the Balrog's tile first; then the Strongholds' (resume)
            finish_tile(state, frame)
            return
        settle(state, frame)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        """Worn with Sorrow and Toil answered: on with the damage; or a tile drawn for a
        Stronghold on the reveal path is resolved: on to the next one. The Shadow discarded down
        to his hand limit after Sméagol's sacrifice: on with the tile."""
        if frame.pop("hand_limit", False) or value == "worn":
            settle(state, frame)
        else:
            finish_tile(state, frame)


def _worn(state: State, target: str) -> None:
    """Worn with Sorrow and Toil: the Free Peoples lose a Character card, a random one of the
    hand (face down: the Shadow learns only that one was lost) or the one named on the table."""
    if target != "hand":
        discard_from_table(state, FREE, target)
        emit(state, "table_card_discarded", {"side": FREE, "card": target, "why": hunt_cards.WORN})
        return
    barrier(state)
    hand = sorted(c for c in state["hands"][FREE] if CARDS[c].deck == "character")
    if not hand:
        emit(state, "no_character_card", {"side": FREE})
        return
    card = draw(state, "worn_discard", hand)
    state["hands"][FREE].remove(card)
    state["discards"][FREE].append(card)
    emit(
        state,
        "card_discarded",
        {"side": FREE},
        private={FREE: ("own_card_discarded", {"side": FREE, "card": card})},
    )


#: What the owner of each table card is asked at its moment (Mithril's names the tile drawn).
_CARD_QUESTIONS = {
    hunt_cards.CREBAIN: mark("Use Flocks of Crebain now: +1 to every Hunt die of this roll?"),
    hunt_cards.STAFF: mark("The Shadow is about to draw a Hunt tile: use the Staff so that none is drawn?"),
    hunt_cards.BALROG: mark("The path went through Moria: use Balrog of Moria to draw an extra Hunt tile?"),
    GATES_ARE_CLOSED: mark(
        "The path met a Shadow Stronghold: discard The Gates are Closed to draw an extra Hunt tile "
        "(an Eye does nothing; its Reveal is ignored)?"
    ),
    hunt_cards.WORN: mark(
        "A Companion fell: the Free Peoples may lose a Character card, one drawn at random from "
        "their hand or one of theirs on the table."
    ),
}


def _either(names: list[str]) -> str:
    """Names joined by "or" (English as it always was, another language by its list pattern)."""
    return " or ".join(names) if english() else listed(names, "or")


def _damage_words(state: State, frame: Frame) -> str:
    """The Free Peoples' choices against the Hunt's damage, in sentences."""
    damage = frame["damage"]
    cards = [card_name(c) for c in hunt_cards.LESSEN if on_table(state, c)]
    first = (
        tr("The Hunt deals {damage} damage ({cards}: 1 less).", damage=damage, cards=_either(cards))
        if cards and not frame.get("unreducible")
        else tr("The Hunt deals {damage} damage.", damage=damage)
    )
    choices = tr(
        "Take a Companion as a casualty (the Guide or one at random), use the Guide's ability, or take "
        "the rest as Corruption."
    )
    smeagol = tr("Or sacrifice Sméagol (`sacrifice smeagol`).") if may_sacrifice(state) else ""
    return Sentences((first, choices, smeagol)).render(current())


class HuntCard(Step):
    """A table card of the Hunt offered to its owner at its moment: ``use <card>`` or
    ``decline`` (Worn with Sorrow and Toil: ``worn hand`` / ``worn <card>``). The Hunt goes on
    from here when answered and this procedure returns when it is over.

    Frame ``hunt_card``: ``side``, ``card``, ``moment`` — ``roll`` (Flocks of Crebain, before the
    Hunt roll), ``draw`` (Wizard's Staff, before a tile is drawn), ``tile`` (Mithril Coat and
    Sting, the tile drawn), ``worn`` (a Companion fell) — and the draw's ``why``, ``eye``,
    ``rules`` and ``tile``."""

    name = "hunt_card"
    kind = "hunt_card"

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        if frame["moment"] == "worn":
            return (*worn_options(state), Action("decline"))
        return (Action("use", (frame["card"],)), Action("decline"))

    def title(self, state: State, frame: Frame, role: str) -> str:
        if frame["moment"] == "tile":
            return tr("The Hunt draws the tile “{tile}”", tile=tile_name(frame["tile"]))
        return tr("The Hunt: {card}", card=card_name(frame["card"]))

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        if frame["moment"] == "tile":
            return tr(
                "The tile drawn is “{tile}”: use Mithril Coat and Sting to put it back and apply a second "
                "tile instead?",
                tile=tile_name(frame["tile"]),
            )
        return tr(_CARD_QUESTIONS[frame["card"]])

    def waiting(self, state: State, frame: Frame) -> str:
        return tr(
            "Waiting for {side} ({card}).", side=side_words(frame["side"]), card=card_name(frame["card"])
        )

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        moment, used = frame["moment"], action.verb != "decline"
        if moment == "worn":
            if used:
                _worn(state, action.args[0])
            ret(state, "worn")
            return
        if used:
            hunt_cards.use(state, frame["card"])
        if moment == "balrog":  # an Eye does nothing; any other tile is a successful Hunt
            card = frame["card"]  # Balrog of Moria, or The Gates are Closed (its Reveal ignored)
            rules = {"patrol": True, "no_reveal": frame["no_reveal"] or card == GATES_ARE_CLOSED}
            waits = used and draw_tile(state, card, eye=0, rules=rules)
            if not waits and _next_path_card(state, frame):
                return
        elif moment == "roll":
            waits = _roll_and_draw(state, 1 if used else 0)
        elif moment == "draw":
            waits = False if used else _draw(state, frame["why"], frame["eye"], frame["rules"])
        else:
            tile, hunt = frame["tile"], state["hunt"]
            if used:  # the first tile is set aside (a refill does not take it back) ...
                hunt["drawn"].remove(tile)
                if refilled(state):
                    first, tile = tile, pick(state)  # ... the second drawn, the first goes back
                    hunt["pool"] = sorted([*hunt["pool"], first])
                    emit(state, "hunt_tile_returned", {"tile": first})
                else:  # pragma: no cover - offered only when a second tile can be drawn
                    hunt["drawn"].append(tile)
            waits = resolve_tile(state, tile, frame["why"], frame["eye"], frame["rules"])
        if not waits:
            ret(state)

    def resume(self, state: State, frame: Frame, value: Any) -> None:
        if frame["moment"] == "balrog" and _next_path_card(state, frame):
            return
        ret(state)


def _next_path_card(state: State, frame: Frame) -> bool:
    """Another card for the same path (The Gates are Closed after Balrog of Moria): asked now."""
    more = frame.get("more") or []
    if state["result"] is not None or not more or not on_table(state, more[0]):
        return False
    frame["card"] = more.pop(0)
    return True


STEPS: tuple[Step, ...] = (HuntDamage(), HuntCard())
