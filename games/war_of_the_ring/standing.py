"""How a War of the Ring match stands, in public words (``/game status``): the numbers of the
compact picture's glance card — the turn and phase, each side's victory points, cards in hand and
action dice left, the Fellowship's Progress and Corruption, the Hunt, the Political Track, the
battle with each side's Army in the regions fought over, and the last action — read from the
public view only.

>>> view = {"vp": {"free": 0, "shadow": 2}, "cards": {"free": {"hand_count": 1},
...     "shadow": {"hand_count": 3}}, "fellowship": {"region": "rivendell", "progress": 2,
...     "revealed": False, "corruption": 1, "mordor": None}}
>>> for line in standing_lines(view): print(line)
Free Peoples: 0 of 4 victory points; 1 card in hand
Shadow: 2 of 10 victory points; 3 cards in hand
The Fellowship: hidden, 2 steps from Rivendell; Corruption 1 of 12
"""

from __future__ import annotations

from typing import Any

from games.core import View
from games.core.words import join_words

from .data import ARMY_SIDES, FREE, NATIONS, REGIONS, SHADOW
from .dice import face_name
from .fellowship import CRACK_OF_DOOM, MAX_CORRUPTION
from .grammar import plural, region_words
from .roles import ROLES, nation_in_sentence, side_title
from .victory import FREE_VP, SHADOW_VP

#: The phases of the turn (§4), as the status names them.
PHASE_NAMES = {
    "recover": "Recover & draw",
    "fellowship": "Fellowship phase",
    "hunt": "Hunt allocation",
    "roll": "Action roll",
    "actions": "Action resolution",
    "victory": "Victory check",
}
#: The victory points each side needs for a military victory (§17).
NEEDED = {FREE: FREE_VP, SHADOW: SHADOW_VP}


def standing_lines(view: View) -> tuple[str, ...]:
    """The lines of ``/game status`` (see the module)."""
    lines = [_turn(view)] if "turn" in view and view.get("result") is None else []
    for side in ROLES:
        held = view["cards"][side]["hand_count"]
        lines.append(
            f"{side_title(side)}: {view['vp'][side]} of {NEEDED[side]} victory points; "
            f"{held} card{'' if held == 1 else 's'} in hand"
        )
    lines.append(_fellowship(view["fellowship"]))
    return (*lines, *_more_lines(view))


def _more_lines(view: View) -> list[str]:
    """The rest of the picture's numbers (a view without them, as made by hand, gives none)."""
    lines: list[str] = []
    if "hunt" in view:
        lines.append(_hunt(view["hunt"]))
    if "politics" in view:
        lines.append(_politics(view["politics"]))
    battle = view.get("battle")
    if battle:
        lines.append(_battle(view, battle))
    last = (view.get("last") or {}).get("text")
    if last and not battle:
        lines.append(f"Last action: {last}")
    return lines


def _turn(view: View) -> str:
    """``Turn 3, Action resolution; dice left: Free Peoples 2 (Character, Muster), Shadow 0``."""
    phase = PHASE_NAMES.get(str(view.get("phase")), str(view.get("phase")))
    text = f"Turn {view['turn']}, {phase}"
    dice = view.get("dice")
    if view.get("phase") == "actions" and dice:
        left = []
        for side in ROLES:
            faces = list(dice[side]["unused"])
            named = f" ({', '.join(face_name(f) for f in faces)})" if faces else ""
            left.append(f"{side_title(side)} {len(faces)}{named}")
        text += f"; action dice left: {'; '.join(left)}"
    return text


def _hunt(hunt: dict[str, Any]) -> str:
    """``The Hunt: 3 Shadow dice in the Hunt Box; 15 tiles in the Hunt Pool, 2 drawn``."""
    box = hunt["box"]
    dice = f"{plural(int(box['shadow']), 'Shadow die')} in the Hunt Box"
    if box.get("free"):
        dice += f" (and {plural(int(box['free']), 'Free Peoples die')})"
    drawn = len(hunt.get("drawn", ()))
    return f"The Hunt: {dice}; {plural(int(hunt['pool']), 'tile')} in the Hunt Pool, {drawn} drawn"


def _politics(politics: dict[str, Any]) -> str:
    """``Politics: At War: Rohan; 1 step: Sauron; 2 steps: the Elves, Gondor (passive)``."""
    rows: dict[int, list[str]] = {}
    for nation in NATIONS:
        entry = politics.get(nation)
        if entry is None:
            continue
        name = nation_in_sentence(nation) + ("" if entry.get("active") else " (passive)")
        rows.setdefault(int(entry["steps"]), []).append(name)
    parts = [
        f"{'At War' if steps == 0 else plural(steps, 'step')}: {', '.join(names)}"
        for steps, names in sorted(rows.items())
    ]
    return f"Politics: {'; '.join(parts)}"


def _battle(view: View, battle: dict[str, Any]) -> str:
    """``Battle at Osgiliath, round 2: the Shadow (5 Regulars, 1 Nazgûl in North Ithilien)
    against the Free Peoples (2 Regulars in Osgiliath)``."""
    region = battle["region"]
    origin = region if battle.get("siege") or battle.get("sortie") else battle.get("from") or region
    kind = "Siege" if battle.get("siege") else "Battle"
    sides = []
    for side, where in ((battle["attacker"], origin), (battle["defender"], region)):
        sides.append(f"the {side_title(side)} ({_army(view, where, side)} in {region_words(where)})")
    return f"{kind} at {region_words(region)}, round {battle['round']}: {sides[0]} against {sides[1]}"


def _army(view: View, region: str, side: str) -> str:
    """``side``'s figures in ``region`` (outside and inside its Stronghold), in words."""
    counts = {"regular": 0, "elite": 0, "leader": 0}
    for entry in view["regions"]:
        if entry["id"] != region:
            continue
        for key in ("units", "garrison"):
            for nation, kinds in (entry.get(key) or {}).items():
                if ARMY_SIDES[nation] == side:
                    for kind in counts:
                        counts[kind] += int(kinds.get(kind, 0))
    leader = "Nazgûl" if side == SHADOW else "Leader"  # the Shadow's only Leaders
    words = [
        plural(counts[kind], word)
        for kind, word in (("regular", "Regular"), ("elite", "Elite"), ("leader", leader))
        if counts[kind]
    ]
    return join_words(words) or "no units"


def _fellowship(fs: dict[str, Any]) -> str:
    corruption = f"Corruption {fs['corruption']} of {MAX_CORRUPTION}"
    if fs["mordor"] is not None:
        return f"The Fellowship: on the Mordor Track, step {fs['mordor']} of {CRACK_OF_DOOM}; {corruption}"
    shown = "revealed" if fs["revealed"] else "hidden"
    where = REGIONS[fs["region"]].name
    steps = int(fs["progress"])
    away = f"{steps} step{'' if steps == 1 else 's'} from {where}" if steps else f"in {where}"
    return f"The Fellowship: {shown}, {away}; {corruption}"
