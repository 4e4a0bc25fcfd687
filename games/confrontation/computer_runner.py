"""The runner: the cheap, careful Fellowship that plays the ``strong`` level's playouts (session 36).

Random playouts walk the Ring-bearer into danger and throw the other pieces at stronger enemies,
so a playout's outcome says little about the move tried before it. The runner plays as a careful
Fellowship would, at a few tens of microseconds a move. Whenever it has another choice, the
Ring-bearer steps forward only into a region no Sauron move can reach on Sauron's next turn (at
once when he stands where one can, or into a free Mordor), and the others attack only an enemy
they beat: a weaker one, or one their text defeats outright (Merry the Witch-king, Legolas the
Flying Nazgûl, Gimli the Orcs; Boromir takes any enemy of strength 4 or more down with him; never
Gandalf into the variant Saruman). A piece standing with the Ring-bearer never steps away if that
leaves him more exposed; the others step forward quietly. Not weighed (yet): what an attack or a
move elsewhere opens onto him (a Black Rider's charge), and the Balrog's ambush of the Tunnel.
Alone, against random play, it wins about 86 % of games (1,000 games, seeds 800000-800999; the
sensible playouts of ``strong-sensible`` 65 %). It reads the sample, a full state, as every
playout does.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Action, State
from games.core.players import Generator

from .abilities import GANDALFS, SLAYERS
from .computer_safety import not_a_fellowship_move
from .data import CHARS, HOME, SAURON
from .moves import all_moves

#: The chance that the runner steps the Ring-bearer forward on a safe road when he is not in
#: danger where he stands (measured alone against random: 0.2 won 75 %, 0.5 86 %, 0.8 84 %).
STEP = 0.5
#: Boromir takes any enemy at least this strong down with him: a trade worth making.
_BOROMIR_TRADE = 4


def playout_runner(state: State, role: str, legal: Sequence[Action], rng: Generator) -> Action:
    """A playout move: the runner's for the Fellowship (above), random for Sauron."""
    other = not_a_fellowship_move(state, role, legal, rng)
    if other is not None:
        return other
    pos = state["pos"]
    bearer = state["ring_bearer"]
    moves = [action for action in legal if action.verb == "move"]
    held: dict[str, list[str]] = {}
    for char in state["chars"][SAURON]:
        region = pos.get(char)
        if region is not None:
            held.setdefault(region, []).append(char)
    here = pos[bearer]
    steps: list[Action] = []
    quiet: list[Action] = []
    wins: list[Action] = []
    exposed: int | None = None  # Sauron's moves reaching the Ring-bearer where he stands
    for action in moves:
        char, region = action.args
        if char == bearer:
            if region in held:
                continue
            if region == HOME[SAURON]:
                return action
            if _attacks(state, {**pos, bearer: region}, region) == 0:
                steps.append(action)
            continue
        foes = held.get(region)
        if foes:
            if all(_beats(char, foe) for foe in foes):
                wins.append(action)
            continue
        if pos[char] == here:
            if exposed is None:
                exposed = _attacks(state, pos, here)
            if _attacks(state, {**pos, char: region}, here) > exposed:
                continue
        quiet.append(action)
    if steps:
        if exposed is None:
            exposed = _attacks(state, pos, here)
        if exposed or not (quiet or wins) or rng.random() < STEP:
            return rng.choice(steps)
    return rng.choice(wins or quiet or moves)


def _attacks(state: State, pos: dict[str, str], region: str) -> int:
    """Sauron's legal moves into ``region`` were the pieces standing at ``pos``."""
    return sum(1 for move in all_moves({**state, "pos": pos}, SAURON) if move.args[1] == region)


def _beats(char: str, foe: str) -> bool:
    """Whether the Fellowship's ``char`` attacking ``foe`` is a fight it should win (or trade)."""
    strength = CHARS[foe].strength
    if foe in SLAYERS.get(char, ()):
        return True  # Merry the Witch-king, Legolas the Flying Nazgûl, Gimli the Orcs (either set)
    if foe == "saruman_v" and char in GANDALFS:
        return False  # the variant Saruman defeats Gandalf outright
    return CHARS[char].strength > strength or (char == "boromir" and strength >= _BOROMIR_TRADE)
