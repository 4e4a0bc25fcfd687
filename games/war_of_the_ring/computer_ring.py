"""The Free Peoples' care of the Ring-bearers for the rule-based player (:mod:`.computer`), read
from the seat's view alone: when to move the Fellowship (how likely the Hunt is to find it),
how to take Hunt damage (Corruption, a Companion or a Guide's ability, by what each costs), which
Event cards heal or shield it, where to declare it and which Guide leads it.

Corruption grows dearer as it nears 12 (the Ring's victory), and the Mordor Track still has to be
walked: :func:`corruption_cost` prices one point by the Corruption it would bring.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, View

from .data import CHARACTERS, FREE, MORDOR_ENTRIES, NATIONS, REGIONS, SHADOW, TILES, distance

#: The Ring-bearers are corrupted at this Corruption (the Shadow wins).
FALLEN = 12
#: Steps of the Mordor Track to the Crack of Doom.
MORDOR_STEPS = 5
#: A Companion's worth as the Ring-bearers' shield, beside his Level (what he absorbs): Gandalf
#: and Strider guide best, the Hobbits come back on the map when lost outside Mordor.
COMPANION_BONUS = {"gandalf_grey": 0.8, "strider": 0.8}
#: A Companion's worth per Level (the damage he can absorb later, in Mordor above all).
PER_LEVEL = 1.4
#: How much the expected harm of a move on the way weighs (the way is not hurried: a Shadow
#: Hunt Box full of dice now may be empty next turn).
PATIENCE = 16.0
#: The Shadow's lead in victory points that halves the patience (``RingCare(hurry=True)``).
HURRY = 1.0
#: The Shadow's lead in victory points (its points less the Free Peoples') from which the
#: Fellowship hurries: a Shadow whose conquests the Free Peoples match is no real threat.
HURRY_FROM = 1
#: Event cards that heal the Ring-bearers (Athelas, There is Another Way, I Will Go Alone,
#: Bilbo's Song) and the Mirror of Galadriel (heals in Lórien).
HEALING = {"fpc_09": 1.5, "fpc_10": 1.0, "fpc_11": 1.0, "fpc_12": 1.0, "fpc_13": 0.3}
#: Cards that put a harmless or healing tile in the Hunt pool, or guard the Ring-bearers from the
#: table (Elven Cloaks, Elven Rope, Phial, Sméagol; Mithril Coat, Axe and Bow, Horn, Staff).
SHIELDS = frozenset({f"fpc_0{n}" for n in range(1, 9)})
#: Cards whose Event separates Companions from the Fellowship (its shields), or moves them.
PARTING = frozenset({"fpc_11", "fpc_15", "fpc_16", "fpc_17"})


def to_mordor(region: str) -> int:
    return min(distance(region, entry) for entry in MORDOR_ENTRIES)


class RingCare:
    """The Free Peoples' view of the Ring-bearers and the score of the actions about them."""

    def __init__(self, view: View, hurry: bool = False) -> None:
        self.view = view
        #: The weight of a move's expected harm: less as the Shadow's lead grows toward a military
        #: victory (``hurry``), when waiting for a weak Hunt loses the war.
        points = view.get("vp", {})
        lead = int(points.get(SHADOW, 0)) - int(points.get(FREE, 0))
        self.patience = PATIENCE / (1.0 + max(0, lead - HURRY_FROM) / HURRY) if hurry else PATIENCE
        self.fellowship: Mapping[str, Any] = view["fellowship"]
        self.corruption = int(self.fellowship["corruption"])
        self.in_mordor = self.fellowship["mordor"] is not None
        self.regions: dict[str, Mapping[str, Any]] = {r["id"]: r for r in view["regions"]}

    # -- how dangerous a move is ----------------------------------------------------------------
    def hunt_chance(self) -> float:
        """The chance that a move now is found: each Shadow die in the Hunt Box hits on a 6, one
        less per Free Peoples die there already; on the Mordor Track a tile is always drawn."""
        if self.in_mordor:
            return 1.0
        box = self.view["hunt"]["box"]
        dice = int(box.get("shadow", 0))
        if dice <= 0:
            return 0.0
        hit = min(5, 1 + int(box.get("free", 0))) / 6
        return 1.0 - (1.0 - hit) ** min(dice, 5)

    def tile_damage(self, eye: float) -> float:
        """The mean damage of a tile drawn from the pool (the pool's tiles are public); an Eye
        is worth ``eye``, Shelob's die about 3.5."""
        tiles = list(self.view["hunt"]["tiles"])
        if not tiles:
            return 0.0
        total = 0.0
        for tile in tiles:
            value = TILES[tile].value if tile in TILES else 0
            if value == "eye":
                total += eye
            elif value == "die":
                total += 3.5
            elif isinstance(value, int):
                total += value
        return total / len(tiles)

    def expected_harm(self) -> float:
        """The Corruption a move now is expected to cost."""
        box = self.view["hunt"]["box"]
        shadow, free = int(box.get("shadow", 0)), int(box.get("free", 0))
        if self.in_mordor:
            return self.tile_damage(shadow + free)
        chance = self.hunt_chance()
        return chance * self.tile_damage(1.0 + 0.3 * max(0, shadow - 1))

    def corruption_cost(self, amount: int, start: int | None = None) -> float:
        """What ``amount`` more Corruption costs from ``start`` (the current by default)."""
        now = self.corruption if start is None else start
        if now + amount >= FALLEN:
            return 100.0
        cost = 0.0
        for point in range(now + 1, now + amount + 1):
            cost += 0.6 + point / 4 + (1.5 if point >= 9 else 0.0)
        return cost

    def move_score(self) -> float:
        """Moving the hidden Fellowship: the way is worth much, the Hunt's expected harm less.
        On the Mordor Track a turn without a move costs 1 Corruption, so the first move of a
        turn is worth that more; a move that could corrupt the Ring-bearers waits for a better
        moment (fewer Shadow dice in the Hunt Box next turn)."""
        harm = self.expected_harm()
        box = self.view["hunt"]["box"]
        if self.in_mordor:
            first = int(box.get("free", 0)) == 0
            left = FALLEN - 1 - self.corruption
            score = 9.0 - 2.2 * harm + (2.5 if first else 0.0)
            if harm >= left:
                score -= 6.0
            return score
        per_point = self.corruption_cost(1, self.corruption + 1)
        return 9.0 - harm * per_point * self.patience

    # -- the Hunt's damage --------------------------------------------------------------------------
    def worth(self, companion: str) -> float:
        level = CHARACTERS[companion].level or 0
        if companion in ("meriadoc", "peregrin") and not self.in_mordor:
            return 0.6  # Take Them Alive!: a Hobbit lost outside Mordor goes on the map
        return PER_LEVEL * level + COMPANION_BONUS.get(companion, 0.0)

    def damage_score(self, action: Action, damage: int) -> float:
        """Taking ``damage`` as Corruption, a casualty or a Guide's ability: the cheapest."""
        verb, args = action.verb, action.args
        companions = list(self.fellowship["companions"])
        if verb == "corruption":
            return -self.corruption_cost(int(args[0]))
        if verb == "use":
            return 5.0  # a table card that lessens it
        if verb == "casualty" and companions:
            chosen = [str(self.fellowship["guide"])] if args and args[0] == "guide" else companions
            total = 0.0
            for who in chosen:
                level = CHARACTERS[who].level or 0
                total += -self.worth(who) - self.corruption_cost(max(0, damage - level)) * 0.8
            return total / len(chosen) - (0.3 if len(chosen) > 1 else 0.0)
        if verb == "ability" and args and args[0] in ("meriadoc", "peregrin"):
            return -self.worth(args[0]) - self.corruption_cost(max(0, damage - 1)) * 0.8 + 0.2
        if verb == "ability":  # Gollum reveals the Fellowship instead of taking the damage
            return -1.0 - self.corruption_cost(max(0, damage - 1)) * 0.8
        return -50.0

    # -- cards, declarations, the Guide -----------------------------------------------------------
    def card_score(self, card: str) -> float:
        """An Event card's worth for the Ring-bearers (0: no bearing on them)."""
        if card in HEALING:
            if self.corruption == 0:
                return -1.0
            if card == "fpc_13":
                return 2.0 if self.fellowship["region"] == "lorien" else 0.0
            return 1.0 + HEALING[card] * (1.0 + self.corruption / 3)
        if card in SHIELDS:
            return 2.5
        if card in PARTING:
            return -2.0 if len(self.fellowship["companions"]) <= 3 else -0.5
        return 0.0

    def refuge(self, region: str) -> bool:
        """A Free Peoples City or Stronghold the Free Peoples hold: declaring there heals 1."""
        info = REGIONS[region]
        if info.nation is None or NATIONS[info.nation].side == SHADOW:
            return False
        if not (info.is_city or info.is_stronghold):
            return False
        entry = self.regions.get(region)
        return entry is None or entry.get("control") != SHADOW

    def declare_score(self, region: str) -> float:
        here = str(self.fellowship["region"])
        score = 2.0 * (to_mordor(here) - to_mordor(region)) - 0.5
        if self.corruption > 0 and self.refuge(region):
            score += 3.0
        return score

    def guide_score(self, companion: str | None) -> float:
        """Which Guide leads: Strider while revealed often (he hides with any die), else the
        Companion of highest Level (the Guide is the casualty of choice); ``None``: keep him."""
        guide = str(self.fellowship["guide"])
        if companion is None:
            return 0.0

        def rank(who: str) -> float:
            return (CHARACTERS[who].level or 0) + (0.5 if who == "strider" else 0.0)

        return rank(companion) - rank(guide) - 0.2
