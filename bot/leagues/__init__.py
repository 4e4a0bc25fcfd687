"""Server-run leagues, the pure part: pairings, standings and ratings (no Discord, no database).

* :mod:`.pairing`: round-robin by the circle method, Swiss rounds, multiplayer tables;
* :mod:`.standings`: raw :class:`Result` records and the table computed from them;
* :mod:`.ratings`: OpenSkill (Plackett-Luce) ratings replayed from the same results.
"""

from .pairing import Pairing, PairingImpossible, Round, round_robin, swiss_round, tables
from .ratings import Rating, rate
from .standings import TIEBREAKS, Result, Row, Scoring, compute_standings

__all__ = [
    "TIEBREAKS",
    "Pairing",
    "PairingImpossible",
    "Rating",
    "Result",
    "Round",
    "Row",
    "Scoring",
    "compute_standings",
    "rate",
    "round_robin",
    "swiss_round",
    "tables",
]
