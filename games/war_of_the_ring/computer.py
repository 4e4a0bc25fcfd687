"""The rule-based computer players of War of the Ring: the obvious good moves, read from the
seat's view alone (its own hand, the board, the Fellowship's public track; never the other
hand, the decks, the Hunt pool's draws or the PRNG). ``RuleBasedPlayer(plan=False)`` is the
``rules`` level; :class:`PlanningPlayer` (the Shadow's plan, a hurried Fellowship) is ``strong``.

Each legal action gets a score from the view and a small random term from the seat's own
generator breaks ties. What it favours, for each question the game asks:

- **the die**: the Free Peoples hide a revealed Fellowship and move a hidden one when the Hunt
  is weak (:mod:`.computer_ring` weighs a move against the Hunt's expected harm), play an Event
  card when one can be played (the healing and guarding ones above all when Corrupted),
  muster and recruit where an army is threatened, attack with a superior army, bring Nations
  to war (the Ring hurried as the Shadow's victory points grow); the Shadow brings its Minions
  in, plays Events, and by its plan (:mod:`.computer_shadow`) marches on the Free Peoples'
  Settlements worth most for the fewest defenders, musters nearest them and attacks where it
  wins; both draw cards rather than skip, and pass only when nothing else is left;
- **battles**: the attack with the best odds, a Combat card rather than none, fight on while
  stronger, retreat or withdraw into a stronghold when weaker, lose regulars before elites and
  leaders;
- **the Hunt**: the Shadow puts one or two dice in the Hunt box (two once the Fellowship is on
  its way); the Free Peoples take Hunt damage where it costs least: Corruption (dearer near
  12), a table card, the Guide or a random Companion (worth his Level), a Guide's ability.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, View
from games.core.players import Seat

from .card_rules import BARRED
from .computer_ring import RingCare, to_mordor
from .computer_shadow import ShadowPlan
from .data import FREE, NATIONS, REGIONS, SHADOW, side_of_nation

#: How much stronger an army must be to attack.
SUPERIOR = 1.3

_DIE_VERBS: Mapping[str, Mapping[str, float]] = {
    FREE: {
        "play": 6.0,
        "diplomacy": 5.0,
        "recruit": 4.0,
        "attack": 3.0,
        "attack-leader": 3.0,
        "draw": 3.5,
        "move-companions": 1.0,
        "separate": -1.0,
        "move-army": 1.5,
        "move-armies": 1.5,
        "ring": -2.0,
        "skip": -6.0,
        "pass": -8.0,
    },
    SHADOW: {
        "bring-saruman": 7.0,
        "bring-witch-king": 7.0,
        "voice-of-saruman": 4.0,
        "play": 5.5,
        "diplomacy": 6.0,
        "recruit": 5.0,
        "attack": 4.0,
        "move-armies": 4.5,
        "move-army": 3.5,
        "move-minions": 2.0,
        "draw": 3.5,
        "dispel": 0.5,
        "ring": -2.0,
        "skip": -6.0,
        "pass": -8.0,
    },
}


class RuleBasedPlayer:
    """Scores each legal action from the view; a small random term breaks ties.

    ``plan``: the Shadow marches on Settlements and sizes its Hunt by :mod:`.computer_shadow`,
    the Free Peoples hurry the Ring as the Shadow's victory points grow (off: the first
    version, kept for the bench's comparison)."""

    def __init__(self, plan: bool = True) -> None:
        self.plan = plan

    def decide(self, seat: Seat) -> Action:
        rng = seat.rng()
        board = _Board(seat.view, seat.role, seat.actions, self.plan)
        scored = [(board.score(a) + rng.random() * 0.5, i) for i, a in enumerate(seat.actions)]
        return seat.actions[max(scored)[1]]


class PlanningPlayer(RuleBasedPlayer):
    """The ``strong`` level: the rule-based player with the Shadow's plan (:mod:`.computer_shadow`)
    and the Fellowship hurried as the Shadow's victory points grow (``RuleBasedPlayer(plan=False)``
    is the ``rules`` level: the obvious good moves alone)."""

    def __init__(self) -> None:
        super().__init__(plan=True)


def board_scores(seat: Seat) -> list[float]:
    """The rule-based score of each of the seat's actions (no random term)."""
    board = _Board(seat.view, seat.role, seat.actions)
    return [board.score(a) for a in seat.actions]


class _Board:
    """What the view says of the board, and the score of one action."""

    def __init__(self, view: View, role: str, actions: Sequence[Action] = (), plan: bool = True) -> None:
        self.view = view
        self.role = role
        self.foe = SHADOW if role == FREE else FREE
        self.regions: dict[str, Mapping[str, Any]] = {r["id"]: r for r in view["regions"]}
        self.fellowship: Mapping[str, Any] = view["fellowship"]
        self.ring = RingCare(view, hurry=plan)
        #: The Hunt's damage to take now, if that is the question (``corruption <damage>``).
        self.damage = next((int(a.args[0]) for a in actions if a.verb == "corruption" and a.args), 0)
        #: The Shadow's plan (None: the Free Peoples, or the first version's Shadow).
        self.plan = ShadowPlan(view, self.strength) if plan and role == SHADOW else None

    def strength(self, region: str, side: str) -> float:
        """Hit points of ``side``'s army in ``region`` (an elite counts twice, a leader half)."""
        entry = self.regions.get(region)
        if entry is None:
            return 0.0
        total = 0.0
        for nation, units in entry["units"].items():
            if nation in NATIONS and side_of_nation(nation) == side:
                total += units.get("regular", 0) + 2 * units.get("elite", 0) + 0.5 * units.get("leader", 0)
        return total

    def threatened(self, region: str) -> float:
        """How far the enemies next to ``region`` outnumber the seat's army there."""
        enemies = max((self.strength(n, self.foe) for n in REGIONS[region].neighbours), default=0.0)
        return enemies - self.strength(region, self.role)

    def best_attack(self) -> float:
        """The best ratio of the seat's army to an adjacent enemy army."""
        best = 0.0
        for region in self.regions:
            own = self.strength(region, self.role)
            if own < 2:
                continue
            for other in REGIONS[region].neighbours:
                theirs = self.strength(other, self.foe)
                if theirs > 0:
                    best = max(best, own / theirs)
        return best

    def score(self, action: Action) -> float:
        verb, args = action.verb, action.args
        if self.plan is not None:
            planned = self._planned(self.plan, verb, args)
            if planned is not None:
                return planned
        if verb == "hunt" and args:
            wanted = 2 if self.fellowship["progress"] >= 3 or self.fellowship["mordor"] is not None else 1
            return -abs(int(args[0]) - wanted)
        if verb == "move-fellowship":
            if self.fellowship["revealed"]:
                return -1.0
            return self.ring.move_score()
        if verb in ("hide", "hide-strider"):
            return 9.5 if self.fellowship["revealed"] else -5.0
        if verb in _DIE_VERBS[self.role] and args and args[0] in _DIE_FACES:
            return self._die(verb, args[0], args[1] if len(args) > 1 else None)
        if verb == "mordor":
            return 10.0
        if verb == "declare" and args and args[0] in REGIONS:
            return self.ring.declare_score(args[0])
        if verb in ("reveal-to", "hobbit-to") and args and args[0] in REGIONS:
            return -float(to_mordor(args[0]))
        if self.role == FREE and self.damage and verb in ("use", "casualty", "ability", "corruption"):
            return self.ring.damage_score(action, self.damage)
        if verb == "use":
            return 2.0
        if verb == "guide" and args and self.role == FREE:
            return self.ring.guide_score(args[0])
        if verb in ("place", "to") and args and args[0] in self.regions:
            return self._where(args[0])
        if verb == "attack" and len(args) == 2:
            theirs = max(self.strength(args[1], self.foe), 0.5)
            return 2.0 * self.strength(args[0], self.role) / theirs
        if verb == "combat":
            return 2.0
        if verb == "no-combat":
            return 0.0
        if verb == "continue":
            return 2.0 if self._battle_odds() >= 1.0 else -2.0
        if verb in ("fight", "cease", "withdraw"):
            odds = self._battle_odds()
            stronger = odds >= 1.0
            if verb == "fight":
                return 1.0 if stronger else -1.0
            return 0.0 if verb == "cease" or stronger else 1.5
        if verb == "retreat":
            return 1.5 if self._battle_odds() < 0.8 else -1.5
        if verb == "reduce":
            return 3.0
        if verb == "remove" and len(args) >= 2:
            return {"regular": 2.0, "elite": -1.0, "leader": -2.0}.get(args[1], 0.0)
        if verb == "casualty":
            return 0.5 if args and args[0] == "random" else 0.0
        if verb == "recruit" and args:
            return {"elite": 2.0, "regulars": 1.0}.get(args[0], 0.0)
        if verb in ("advance-all", "go", "done", "nazgul", "minion"):
            return 1.0 if verb != "done" else 0.2
        if verb == "advance" and args and args[0] in NATIONS:
            return 2.0 - float(self.view["politics"][args[0]]["steps"]) / 3
        if verb == "army" and args and args[0] in self.regions:
            return self._where(args[0])
        if verb == "decline":
            return -0.5
        return 0.0

    def _planned(self, plan: ShadowPlan, verb: str, args: Sequence[str]) -> float | None:
        """The Shadow's plan's score of an action, or None where the plan has no say."""
        if verb == "hunt" and args:
            return -abs(int(args[0]) - plan.hunt_dice(self.fellowship))
        if verb == "to" and args and args[0] in REGIONS:
            return plan.to(args[0])
        if verb == "place" and args and args[0] in REGIONS:
            return plan.place(args[0])
        if verb == "army" and args and args[0] in REGIONS:
            return plan.army(args[0])
        if verb == "attack" and len(args) == 2 and args[0] in REGIONS and args[1] in REGIONS:
            return plan.attack(args[0], args[1])
        if verb == "dispel" and args and args[0] in _DIE_FACES:
            return plan.dispel()
        if verb == "discard" and args and args[0] in BARRED:
            return plan.discard(args[0])
        if verb in ("attack", "move-armies", "move-army") and args and args[0] in _DIE_FACES:
            score = _DIE_VERBS[SHADOW][verb]
            if verb == "attack":
                return score + (3.0 if plan.best_attack() >= plan.odds else -6.0)
            marching = plan.marching()
            return score + (min(2.0, marching) if marching > 0 else -3.0)
        return None

    def _die(self, verb: str, face: str, card: str | None = None) -> float:
        score = _DIE_VERBS[self.role][verb]
        if verb in ("attack", "attack-leader"):
            odds = self.best_attack()
            score += 3.0 if odds >= SUPERIOR else -6.0
        if verb in ("recruit",) and self.role == FREE:
            held = [r for r in self.regions if self.strength(r, FREE) > 0]
            danger = max((self.threatened(r) for r in held), default=0.0)
            score += 2.0 if danger > 0 else -1.0
        if verb == "play":
            score += 0.2 * len(self.view["cards"][self.role]["hand"] or ())
            if self.role == FREE and card is not None:
                score += self.ring.card_score(card)
        if face == "will":
            score -= 1.0  # a Will of the West is worth keeping for the Fellowship
        return score

    def _where(self, region: str) -> float:
        """Where to put or send an army: the Free Peoples where threatened, the Shadow near
        the Free Peoples' armies."""
        return 0.5 * self.threatened(region) if self.role == FREE else self._toward_enemy(region)

    def _toward_enemy(self, region: str) -> float:
        """How near ``region`` lies to a Free Peoples' army (the Shadow's marches)."""
        return max((self.strength(n, FREE) for n in REGIONS[region].neighbours), default=0.0) * 0.3

    def _battle_odds(self) -> float:
        """The seat's combat strength against the enemy's in the battle under way (1: none)."""
        battle = self.view.get("battle") or {}
        strength = battle.get("strength") or {}
        own, theirs = strength.get(self.role), strength.get(self.foe)
        if not isinstance(own, int | float) or not isinstance(theirs, int | float):
            return 1.0
        return float(own) / max(float(theirs), 0.5)


_DIE_FACES = frozenset({"character", "army", "muster", "army_muster", "event", "will", "eye"})
