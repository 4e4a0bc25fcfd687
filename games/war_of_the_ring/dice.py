"""Action dice (§5): the faces of each side's die, the pool sizes, rolling and recovering.

State key ``dice``: ``{side: {"rolled": [face, ...], "used": [face, ...]}}`` — the dice of this
turn not used yet (rolled, in the order rolled) and those used; ``hunt_box``: ``{"shadow": n,
"free": n}`` — the Shadow's dice allocated or rolled as Eyes, and the Free Peoples' dice that
moved the Fellowship this turn.

>>> FACES["free"].count("character"), FACES["shadow"].count("eye"), face_name("army_muster")
(2, 1, 'Army/Muster')
"""

from __future__ import annotations

from games.core import State
from games.core.chance import draw

from .data import FREE, SHADOW
from .i18n import english, ptr

#: The six faces of each side's die (§5.2).
FACES: dict[str, tuple[str, ...]] = {
    FREE: ("character", "character", "muster", "army_muster", "event", "will"),
    SHADOW: ("character", "army", "muster", "army_muster", "event", "eye"),
}
FACE_NAMES = {
    "character": "Character",
    "army": "Army",
    "muster": "Muster",
    "army_muster": "Army/Muster",
    "event": "Event",
    "will": "Will of the West",
    "eye": "Eye",
}
#: Faces an Elven Ring may turn a die into (never a Will of the West; the Shadow may make an Eye).
RING_FACES: dict[str, tuple[str, ...]] = {
    FREE: ("character", "muster", "army_muster", "event"),
    SHADOW: ("character", "army", "muster", "army_muster", "event", "eye"),
}
BASE_DICE = {FREE: 4, SHADOW: 7}
MAX_DICE = {FREE: 6, SHADOW: 10}
#: Characters whose entry gives their side one more die (§5.1), while they live.
#: (Twilight of the Third Age: the Balrog, only ever in play with his switch.)
DIE_GIVERS = {
    FREE: ("aragorn", "gandalf_white", "galadriel"),
    SHADOW: ("saruman", "witch_king", "mouth_of_sauron", "balrog"),
}


def face_name(face: str) -> str:
    """A die face's name, in the language being spoken (:func:`.i18n.speaking`)."""
    name = FACE_NAMES.get(face, face)
    return name if english() or face not in FACE_NAMES else ptr("die face", name)


def pool_size(state: State, side: str) -> int:
    """Dice ``side`` rolls this turn: the base plus one per die-giving character in play."""
    extra = sum(1 for c in DIE_GIVERS[side] if c in state["characters"])
    most = MAX_DICE[side] + (1 if side == FREE and "galadriel" in state["characters"] else 0)
    return min(most, BASE_DICE[side] + extra)  # Twilight of the Third Age: Galadriel's die is a 7th


def roll_dice(state: State, side: str, count: int) -> list[str]:
    """Roll ``count`` action dice of ``side`` (chance: one face each)."""
    return [draw(state, f"{side}_action_die", FACES[side]) for _ in range(count)]


def unused(state: State, side: str) -> list[str]:
    rolled: list[str] = state["dice"][side]["rolled"]
    return rolled


def spend(state: State, side: str, face: str) -> None:
    """One die of ``face`` is used: it leaves the unused dice (it may go to the Hunt Box after)."""
    rolled = state["dice"][side]["rolled"]
    rolled.remove(face)
    state["dice"][side]["used"].append(face)


def fewer_dice(state: State, side: str, than: str) -> bool:
    return len(unused(state, side)) < len(unused(state, than))
