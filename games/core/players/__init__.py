"""Computer players: a policy sees only its seat (view, legal actions, its own generator, a budget).

See ``docs/computer-players.md``. :mod:`.contract` is the seat and the policy;
:mod:`.random_player`, :mod:`.search` are policies any game can use; :mod:`.worker` runs one
decision from picklable inputs (a worker process, off the event loop).
"""

from .arena import Played, play
from .contract import Budget, CannotSample, Determinizer, Policy, Seat, seat_of
from .generator import Generator
from .random_player import RandomPlayer
from .search import SearchPlayer

__all__ = [
    "Budget",
    "CannotSample",
    "Determinizer",
    "Generator",
    "Played",
    "Policy",
    "RandomPlayer",
    "SearchPlayer",
    "Seat",
    "play",
    "seat_of",
]
