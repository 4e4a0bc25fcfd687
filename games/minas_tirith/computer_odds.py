"""The exact odds of one land attack in Minas Tirith, every throw of the dice counted: what
both sides' plans (:mod:`.computer_gondor`, :mod:`.computer_mordor`) weigh an attack by."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product


@dataclass(frozen=True, slots=True)
class Odds:
    """One land attack's expectation: each side's losses and sixes."""

    attacker_lost: float
    defender_lost: float
    attacker_sixes: float
    defender_sixes: float
    #: Chance the defender loses both his comparisons (two battalions or more at stake).
    defender_lost_two: float
    defender_lost_any: float
    #: Chance the attacker loses two comparisons, and at least one.
    attacker_lost_two: float
    attacker_lost_any: float
    #: Chance the defender rolls at least one six.
    defender_any_six: float


@cache
def odds(attack: int, defence: int, attack_bonus: int, defence_bonus: int) -> Odds:
    """Exact odds of ``attack`` dice against ``defence`` (bonuses on each side's highest die,
    the defender winning ties), by enumerating every roll."""
    totals = [0.0] * 9
    count = 0
    for roll in product(range(1, 7), repeat=attack + defence):
        att = sorted(roll[:attack], reverse=True)
        dfn = sorted(roll[attack:], reverse=True)
        six_a, six_d = att.count(6), dfn.count(6)
        att[0] += attack_bonus
        dfn[0] += defence_bonus
        lost_a = lost_d = 0
        for a, d in zip(att, dfn, strict=False):
            if a > d:
                lost_d += 1
            else:
                lost_a += 1
        for i, value in enumerate(
            (lost_a, lost_d, six_a, six_d, lost_d >= 2, lost_d >= 1, lost_a >= 2, lost_a >= 1, six_d > 0)
        ):
            totals[i] += value
        count += 1
    return Odds(*(t / count for t in totals))
