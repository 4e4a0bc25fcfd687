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
from .grammar import figures, plural, region_words
from .i18n import english, listed, mark, ntr, ptr, tr
from .roles import ROLES, nation_in_sentence, side_name, side_title
from .victory import FREE_VP, SHADOW_VP

#: The phases of the turn (§4), as the status names them.
PHASE_NAMES = {
    "recover": mark("Recover & draw"),
    "fellowship": mark("Fellowship phase"),
    "hunt": mark("Hunt allocation"),
    "roll": mark("Action roll"),
    "actions": mark("Action resolution"),
    "victory": mark("Victory check"),
}
#: The victory points each side needs for a military victory (§17).
NEEDED = {FREE: FREE_VP, SHADOW: SHADOW_VP}


def standing_lines(view: View) -> tuple[str, ...]:
    """The lines of ``/game status`` (see the module)."""
    lines = [_turn(view)] if "turn" in view and view.get("result") is None else []
    for side in ROLES:
        held = int(view["cards"][side]["hand_count"])
        lines.append(
            ntr(
                "{side}: {vp} of {needed} victory points; {count} card in hand",
                "{side}: {vp} of {needed} victory points; {count} cards in hand",
                held,
                side=side_title(side),
                vp=view["vp"][side],
                needed=NEEDED[side],
            )
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
        lines.append(tr("Last action: {text}", text=last))
    return lines


def _turn(view: View) -> str:
    """``Turn 3, Action resolution; dice left: Free Peoples 2 (Character, Muster), Shadow 0``."""
    phase_slug = str(view.get("phase"))
    phase = tr(PHASE_NAMES[phase_slug]) if phase_slug in PHASE_NAMES else phase_slug
    dice = view.get("dice")
    if view.get("phase") == "actions" and dice:
        left = []
        for side in ROLES:
            faces = list(dice[side]["unused"])
            if faces:
                named = tr(", ").join(face_name(f) for f in faces)
                left.append(
                    tr("{side} {count} ({faces})", side=side_title(side), count=len(faces), faces=named)
                )
            else:
                left.append(tr("{side} {count}", side=side_title(side), count=0))
        return tr(
            "Turn {turn}, {phase}; action dice left: {dice}",
            turn=view["turn"],
            phase=phase,
            dice=tr("; ").join(left),
        )
    return tr("Turn {turn}, {phase}", turn=view["turn"], phase=phase)


def _hunt(hunt: dict[str, Any]) -> str:
    """``The Hunt: 3 Shadow dice in the Hunt Box; 15 tiles in the Hunt Pool, 2 drawn``."""
    box = hunt["box"]
    dice = ntr(
        "{count} Shadow die in the Hunt Box", "{count} Shadow dice in the Hunt Box", int(box["shadow"])
    )
    if box.get("free"):
        more = ntr("{count} Free Peoples die", "{count} Free Peoples dice", int(box["free"]))
        dice = tr("{dice} (and {more})", dice=dice, more=more)
    drawn = len(hunt.get("drawn", ()))
    tiles = ntr("{count} tile in the Hunt Pool", "{count} tiles in the Hunt Pool", int(hunt["pool"]))
    return tr("The Hunt: {dice}; {tiles}, {drawn} drawn", dice=dice, tiles=tiles, drawn=drawn)


def _politics(politics: dict[str, Any]) -> str:
    """``Politics: At War: Rohan; 1 step: Sauron; 2 steps: the Elves, Gondor (passive)``."""
    rows: dict[int, list[str]] = {}
    for nation in NATIONS:
        entry = politics.get(nation)
        if entry is None:
            continue
        name = nation_in_sentence(nation)
        rows.setdefault(int(entry["steps"]), []).append(
            name if entry.get("active") else tr("{nation} (passive)", nation=name)
        )
    parts = [
        tr(
            "{where}: {nations}",
            where=tr("At War") if steps == 0 else ntr("{count} step", "{count} steps", steps),
            nations=tr(", ").join(names),
        )
        for steps, names in sorted(rows.items())
    ]
    return tr("Politics: {rows}", rows=tr("; ").join(parts))


def _battle(view: View, battle: dict[str, Any]) -> str:
    """``Battle at Osgiliath, round 2: the Shadow (5 Regulars, 1 Nazgûl in North Ithilien)
    against the Free Peoples (2 Regulars in Osgiliath)``."""
    region = battle["region"]
    origin = region if battle.get("siege") or battle.get("sortie") else battle.get("from") or region
    sides = []
    for side, where in ((battle["attacker"], origin), (battle["defender"], region)):
        if english():
            sides.append(f"the {side_title(side)} ({_army(view, where, side)} in {region_words(where)})")
        else:
            army, place = _army(view, where, side), region_words(where)
            sides.append(tr("{side} ({army} in {region})", side=side_name(side), army=army, region=place))
    said = {
        "attacker": sides[0],
        "defender": sides[1],
        "region": region_words(region),
        "round": battle["round"],
    }
    if battle.get("siege"):
        return tr("Siege at {region}, round {round}: {attacker} against {defender}", **said)
    return tr("Battle at {region}, round {round}: {attacker} against {defender}", **said)


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
    if not english():
        leader_kind = "nazgul" if side == SHADOW else "leader"
        found = [
            figures("", kind if kind != "leader" else leader_kind, counts[kind])
            for kind in counts
            if counts[kind]
        ]
        return listed(found) or tr("no units")
    leader = "Nazgûl" if side == SHADOW else "Leader"  # the Shadow's only Leaders
    words = [
        plural(counts[kind], word)
        for kind, word in (("regular", "Regular"), ("elite", "Elite"), ("leader", leader))
        if counts[kind]
    ]
    return join_words(words) or "no units"


def _fellowship(fs: dict[str, Any]) -> str:
    corruption = tr("Corruption {corruption} of {most}", corruption=fs["corruption"], most=MAX_CORRUPTION)
    if fs["mordor"] is not None:
        return tr(
            "The Fellowship: on the Mordor Track, step {step} of {last}; {corruption}",
            step=fs["mordor"],
            last=CRACK_OF_DOOM,
            corruption=corruption,
        )
    shown = tr("revealed") if fs["revealed"] else tr("hidden")
    name = REGIONS[fs["region"]].name
    where = name if english() else ptr("region", name)
    steps = int(fs["progress"])
    away = (
        ntr("{count} step from {region}", "{count} steps from {region}", steps, region=where)
        if steps
        else tr("in {region}", region=where)
    )
    return tr("The Fellowship: {shown}, {away}; {corruption}", shown=shown, away=away, corruption=corruption)
