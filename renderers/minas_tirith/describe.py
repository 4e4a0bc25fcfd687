"""The picture's alt text: who acts, the dice, the gate, each side's points and where its
forces stand (at most 1,024 characters, Discord's limit), in the picture's language."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import view as v
from .layout import load_layout
from .theme import SIDES
from .words import current, english, ntr, sentences, series, speaking, tr, units_counted, view_lang

LIMIT = 1024
KINDS: dict[str, Callable[[], str]] = {
    "land": lambda: tr("attack"),
    "ranged": lambda: tr("ranged attack"),
    "advance": lambda: tr("advance"),
    "ride": lambda: tr("ride"),
    "leader": lambda: tr("leader's move"),
}
#: The dice of the last battle, by their key in the view.
DICE: dict[str, Callable[[], str]] = {"attack": lambda: tr("attack"), "defence": lambda: tr("defence")}
#: Where a sentence ends, in every language.
ENDS = (".", "!", "?", "。", "！", "？")


def _force(space: Mapping[str, Any]) -> str:
    parts = [
        units_counted(kind, n, f"{n} {v.unit_name(kind, n).lower()}")
        for kind, n in v.units_of(space.get("units"))
    ]
    parts += [v.leader_name(str(leader)) for leader in v.sequence(space.get("leaders"))]
    return series(parts)


#: Spaces named without "the" mid-sentence (as the rules' words name them).
PROPER_NAMES = frozenset({"minas_tirith", "osgiliath", "before_the_gate"})


def _mid_sentence(view: Mapping[str, Any], names: Mapping[str, str], space: Any) -> str:
    """A space's name inside a sentence: "the Harlond", "the Southern Rammas", "Osgiliath" (in
    another language, as its label names it)."""
    name = v.space_name(view, names, space)
    if not english():
        return name
    if name.startswith("The "):
        return "the" + name[3:]
    return name if str(space) in PROPER_NAMES else f"the {name}"


def _sentence(text: str) -> str:
    """``text`` ending as a sentence does ("." or "。")."""
    text = text.strip()
    if not text or text.endswith(ENDS):
        return text
    return text + ("。" if current() in ("ja", "zh-CN") else ".")


def describe(view: Mapping[str, Any]) -> str:
    """What the picture of ``view`` shows, in words, in its language."""
    with speaking(view_lang(view)):
        return _describe(view)


def _describe(view: Mapping[str, Any]) -> str:
    names = load_layout("compact").names
    round_no, turn = v.number(view.get("round"), 1), v.number(view.get("turn_in_round"), 1)
    lines = [
        tr("Minas Tirith, round {round}, turn {turn} of 3.", round=round_no, turn=turn),
        _sentence(v.headline(view)),
    ]
    prompt = v.prompt(view)
    if prompt:
        lines.append(_sentence(prompt.rstrip(".")))
    dice = v.mapping(view.get("dice"))
    left = [str(v.number(x)) for x in v.sequence(dice.get("left"))]
    if left:
        lines.append(tr("Action dice left: {dice}.", dice=series(left)))
    gate = v.mapping(view.get("gate"))
    blows = v.number(gate.get("blows"))
    lines.append(
        tr("The gate is broken.")
        if gate.get("broken")
        else ntr("The gate stands ({count} of 3 blow).", "The gate stands ({count} of 3 blows).", blows)
    )
    last = v.mapping(view.get("last"))
    if last.get("from") and last.get("to"):
        origin, target = _mid_sentence(view, names, last["from"]), _mid_sentence(view, names, last["to"])
        said = KINDS.get(str(last.get("kind")))
        kind = said() if said else tr("move")
        rolled = v.mapping(last.get("dice"))
        if rolled:
            dice_text = series(
                [
                    tr(
                        "{dice} {values}",
                        dice=DICE[str(k)]() if str(k) in DICE else str(k),
                        values=series([str(x) for x in v.sequence(vals)]),
                    )
                    for k, vals in rolled.items()
                ],
                "; ",
            )
            lines.append(
                tr(
                    "Last: {action} from {start} to {end} ({dice}).",
                    action=kind,
                    start=origin,
                    end=target,
                    dice=dice_text,
                )
            )
        else:
            lines.append(tr("Last: {action} from {start} to {end}.", action=kind, start=origin, end=target))
    head = sentences(*lines)
    for brief in (False, True):  # every force in words; when too long, battalions per space
        sides = [_side(view, role, names, brief=brief) for role in SIDES]
        text = sentences(head, *sides)
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
            held.append(tr("{space}: {forces}", space=v.space_name(view, names, slug), forces=_force(space)))
    points = v.number(v.player(view, role).get("points"))
    joined = series(held, "; " if not brief else ", ") or tr("no forces")
    if brief and held:
        return ntr(
            "{name} {count} point (battalions per space); {forces}.",
            "{name} {count} points (battalions per space); {forces}.",
            points,
            name=v.name(view, role),
            forces=joined,
        )
    return ntr(
        "{name} {count} point; {forces}.",
        "{name} {count} points; {forces}.",
        points,
        name=v.name(view, role),
        forces=joined,
    )
