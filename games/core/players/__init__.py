"""Computer players: a policy sees only its seat (view, legal actions, its own generator, a budget).

See ``docs/computer-players.md``. :mod:`.contract` is the seat and the policy;
:mod:`.random_player`, :mod:`.search` are policies any game can use; :mod:`.arena` plays whole
games. One decision from picklable inputs (what a worker process runs, off the event loop) is
``games.computer_players.decide_request``.
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
