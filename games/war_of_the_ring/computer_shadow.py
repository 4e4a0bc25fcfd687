"""The Shadow's plan for the rule-based player (:mod:`.computer`), read from the seat's view
alone: which Free Peoples Settlements to march on, where to muster, which army to move and
where, which battle to give, and how many dice to put in the Hunt Box.

The Shadow wins by 10 victory points (a City 1, a Stronghold 2) or by the Ring. Its armies
march on the Settlements worth most for the fewest defenders, nearest first: every region gets
a *pull*, the best of ``worth / (1 + distance)`` over the targets, and an army goes where the
pull is strongest, joining the armies already there (a concentrated army wins its sieges).
A Settlement a Free Peoples table card closes (A Power too Great, The Power of Tom Bombadil) is
no target while the card lies there; discarding the card is worth what it closes. In a long war
the plan attacks at lower odds (``PRESS_FROM``): no game is left without end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from games.core import View

from .card_rules import BARRED
from .data import NATIONS, REGIONS, SHADOW, distance

#: Hunt dice by the Fellowship's way: at the start, once it is on its way (progress 2 or a
#: region nearer Mordor), and on the Mordor Track.
HUNT_DICE = {"start": 2, "on_way": 2, "mordor": 2}
#: A Stronghold's defenders count this much more (the attacker hits on a 6 in a siege).
SIEGE = 1.6
#: How much stronger than the defenders an attack must be.
ODDS = 1.2
#: From this turn a long war presses on: the odds wanted fall by ``PRESS_STEP`` a turn down to
#: ``PRESS_ODDS`` (a Fellowship that never leaves and Strongholds too strong for the odds would
#: otherwise leave the game without end; the Shadow reinforces, the Free Peoples seldom can).
PRESS_FROM = 30
PRESS_STEP = 0.05
PRESS_ODDS = 0.6


class ShadowPlan:
    """Targets, pull and scores of the Shadow's army decisions."""

    def __init__(self, view: View, strength: Callable[[str, str], float]) -> None:
        self.view = view
        self.strength = strength
        self.regions: dict[str, Mapping[str, Any]] = {r["id"]: r for r in view["regions"]}
        #: Regions no Shadow Army may enter or attack while a Free Peoples table card bars them.
        #: The odds an attack needs (lower as a long war drags on).
        turn = int(view.get("turn") or 0)
        self.odds = max(PRESS_ODDS, ODDS - PRESS_STEP * max(0, turn - PRESS_FROM))
        self.barred = frozenset(
            region for card in view["cards"]["free"]["table"] for region in BARRED.get(card, ())
        )

    def _held_by_free(self, region: str) -> bool:
        entry = self.regions.get(region)
        return entry is None or entry.get("control") != SHADOW

    def defence(self, region: str) -> float:
        """The Free Peoples' strength in ``region``, a Stronghold's counted more."""
        theirs = self.strength(region, "free")
        return theirs * SIEGE if REGIONS[region].is_stronghold else theirs

    @cached_property
    def targets(self) -> dict[str, float]:
        """Each Free Peoples Settlement with victory points the Shadow does not hold and may
        enter: its worth (points, more when its Nation is at war, less when defended)."""
        return {r: w for r, w in self._settlements.items() if r not in self.barred}

    @cached_property
    def _settlements(self) -> dict[str, float]:
        """Every Free Peoples Settlement worth points the Shadow does not hold, barred or not."""
        found: dict[str, float] = {}
        politics = self.view["politics"]
        for region, info in REGIONS.items():
            if not info.vp or info.nation is None or NATIONS[info.nation].side == SHADOW:
                continue
            if not self._held_by_free(region):
                continue
            at_war = int(politics[info.nation]["steps"]) == 0
            worth = info.vp * (1.0 if at_war else 0.6)
            found[region] = worth / (1.0 + 0.25 * self.defence(region))
        return found

    def dispel(self) -> float:
        """Discarding the Free Peoples' barring cards: worth the Settlements they close."""
        closed = sum(w for r, w in self._settlements.items() if r in self.barred)
        return 3.0 + 3.0 * closed if closed > 0 else -1.0

    def discard(self, card: str) -> float:
        """Which barring card to discard: the one closing the Settlements worth most."""
        return sum(w for r, w in self._settlements.items() if r in BARRED.get(card, ()))

    def pull(self, region: str) -> float:
        """How strongly ``region`` draws the Shadow's armies (the best target's worth over its
        distance)."""
        return max((w / (1.0 + distance(region, t)) for t, w in self.targets.items()), default=0.0)

    def to(self, region: str) -> float:
        """An army's move into ``region``: toward the targets, joining the Shadow's armies."""
        return 6.0 * self.pull(region) + 0.15 * self.strength(region, SHADOW)

    def place(self, region: str) -> float:
        """Mustering in ``region`` (a Shadow Settlement): nearest the targets."""
        return 4.0 * self.pull(region)

    def army(self, region: str) -> float:
        """Moving the army in ``region``: a strong army that gets nearer a target by moving."""
        own = self.strength(region, SHADOW)
        if own <= 0:
            return -1.0
        here = self.pull(region)
        best = max((self.pull(n) for n in REGIONS[region].neighbours), default=0.0)
        gain = best - here
        if gain <= 0:
            return -0.5
        guard = self._guard(region)
        return min(own, 12.0) * gain * 1.5 - guard

    def _guard(self, region: str) -> float:
        """What leaving ``region`` risks: a Shadow Stronghold next to a Free Peoples army."""
        info = REGIONS[region]
        if not info.is_stronghold:
            return 0.0
        enemies = max((self.strength(n, "free") for n in info.neighbours), default=0.0)
        return 3.0 if enemies >= 2 else 0.0

    def attack_odds(self, source: str, target: str) -> float:
        return self.strength(source, SHADOW) / max(self.defence(target), 0.5)

    def attack(self, source: str, target: str) -> float:
        """An attack from ``source`` on ``target``: its odds, and what taking it is worth."""
        odds = self.attack_odds(source, target)
        worth = REGIONS[target].vp if self._held_by_free(target) else 0
        return 2.0 * odds + (1.5 * worth if odds >= self.odds else -2.0)

    def best_attack(self) -> float:
        """The best odds of an attack the Shadow's armies can give now."""
        best = 0.0
        for region in self.regions:
            own = self.strength(region, SHADOW)
            if own < 2:
                continue
            for other in REGIONS[region].neighbours:
                if self.strength(other, "free") > 0:
                    best = max(best, own / max(self.defence(other), 0.5))
        return best

    def marching(self) -> float:
        """The best move of an army the Shadow has (0: none worth making)."""
        return max((self.army(r) for r in self.regions), default=0.0)

    def hunt_dice(self, fellowship: Mapping[str, Any]) -> int:
        if fellowship["mordor"] is not None:
            return HUNT_DICE["mordor"]
        if int(fellowship["progress"]) >= 2:
            return HUNT_DICE["on_way"]
        return HUNT_DICE["start"]
