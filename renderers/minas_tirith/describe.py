"""The picture's alt text: who acts, the dice, the gate, each side's points and where its
forces stand (at most 1,024 characters, Discord's limit)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import view as v
from .layout import load_layout
from .theme import SIDES

LIMIT = 1024
KINDS = {
    "land": "attack",
    "ranged": "ranged attack",
    "advance": "advance",
    "ride": "ride",
    "leader": "leader's move",
}


def _force(space: Mapping[str, Any]) -> str:
    parts = [f"{n} {v.unit_name(kind, n).lower()}" for kind, n in v.units_of(space.get("units"))]
    parts += [v.leader_name(str(leader)) for leader in v.sequence(space.get("leaders"))]
    return ", ".join(parts)


#: Spaces named without "the" mid-sentence (as the rules' words name them).
PROPER_NAMES = frozenset({"minas_tirith", "osgiliath", "before_the_gate"})


def _mid_sentence(view: Mapping[str, Any], names: Mapping[str, str], space: Any) -> str:
    """A space's name inside a sentence: "the Harlond", "the Southern Rammas", "Osgiliath"."""
    name = v.space_name(view, names, space)
    if name.startswith("The "):
        return "the" + name[3:]
    return name if str(space) in PROPER_NAMES else f"the {name}"


def describe(view: Mapping[str, Any]) -> str:
    """What the picture of ``view`` shows, in words."""
    names = load_layout("compact").names
    round_no, turn = v.number(view.get("round"), 1), v.number(view.get("turn_in_round"), 1)
    headline = v.headline(view)
    lines = [
        f"Minas Tirith, round {round_no}, turn {turn} of 3. {headline}{'' if headline.endswith('!') else '.'}"
    ]
    prompt = v.prompt(view)
    if prompt:
        lines.append(prompt.rstrip(".") + ".")
    dice = v.mapping(view.get("dice"))
    left = [str(v.number(x)) for x in v.sequence(dice.get("left"))]
    if left:
        lines.append(f"Action dice left: {', '.join(left)}.")
    gate = v.mapping(view.get("gate"))
    lines.append(
        "The gate is broken."
        if gate.get("broken")
        else f"The gate stands ({v.number(gate.get('blows'))} of 3 blows)."
    )
    last = v.mapping(view.get("last"))
    if last.get("from") and last.get("to"):
        dice_text = ""
        rolled = v.mapping(last.get("dice"))
        if rolled:
            dice_text = (
                " ("
                + "; ".join(
                    f"{k} {', '.join(str(x) for x in v.sequence(vals))}" for k, vals in rolled.items()
                )
                + ")"
            )
        origin, target = _mid_sentence(view, names, last["from"]), _mid_sentence(view, names, last["to"])
        kind = KINDS.get(str(last.get("kind")), "move")
        lines.append(f"Last: {kind} from {origin} to {target}{dice_text}.")
    head = " ".join(lines)
    for brief in (False, True):  # every force in words; when too long, battalions per space
        sides = [_side(view, role, names, brief=brief) for role in SIDES]
        text = " ".join([head, *sides])
        if len(text) <= LIMIT:
            return text
    return text[: LIMIT - 1].rstrip() + "…"


def _side(view: Mapping[str, Any], role: str, names: Mapping[str, str], *, brief: bool) -> str:
    """A side's points and where its forces stand (``brief``: the number of battalions and the
    leaders' initials per space)."""
    held = []
    for slug, space in v.spaces(view).items():
        if not isinstance(space, Mapping) or v.side(space.get("side")) != role or not _force(space):
            continue
        if brief:
            count = sum(n for _, n in v.units_of(space.get("units")))
            leaders = "".join(f" +{v.initials(str(x))}" for x in v.sequence(space.get("leaders")))
            held.append(f"{v.space_name(view, names, slug)} {count}{leaders}")
        else:
            held.append(f"{v.space_name(view, names, slug)}: {_force(space)}")
    points = v.number(v.player(view, role).get("points"))
    score = f"{points} point{'' if points == 1 else 's'}"
    joined = ("; " if not brief else ", ").join(held) or "no forces"
    unit = " (battalions per space)" if brief and held else ""
    return f"{v.name(view, role)} {score}{unit}; {joined}."
