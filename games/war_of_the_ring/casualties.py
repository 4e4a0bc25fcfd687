"""Casualties (§11.3 step 4, §11.6): how an Army takes the hits it received.

Per hit the owner removes one Regular or reduces one Elite to a Regular of the same Nation; for
two hits he may remove an Elite outright. The Regular that replaces a reduced Elite comes from
that Nation's casualties first (Free Peoples), else from its reinforcements; without one anywhere
the Elite is simply removed. The reduced Elite goes where a killed one goes (Free Peoples:
casualties, out of the game; Shadow: reinforcements).

The choice is made in small steps with counts (``remove <nation> regular <n>``, ``reduce <nation>
<n>``, ``remove <nation> elite <n>``), never as a list of combinations; a choice with only one
possible outcome (the hits reach the Army's whole strength, or only one kind of unit is there) is
made at once without a question. Both sides choose, the attacker first, and only then are the
losses of both applied together (§11.3: simultaneous, so two Armies may destroy each other).

A *group* is one side's Army in the battle: ``{"side", "region", "inside", "units": {nation:
{"regular": n, "elite": n}}, "hits", "chosen": {nation: {"regular", "elite", "reduce"}}}``
(``chosen``: Regulars removed, Elites removed, Elites reduced). :func:`take` settles what needs no
decision and calls the ``casualties`` procedure for the rest; it returns to the caller once every
group's losses are applied.

Frame ``casualties``: ``groups`` (in the order they choose).

Twilight of the Third Age (D17): each hit on the Dunlendings removes **two** of them, and a
single Dunlending takes a hit only as the last unit of its Army; for them the count of
``remove dunlendings regular <n>`` is a number of hits.

>>> strength({"gondor": {"regular": 2, "elite": 1}, "rohan": {"regular": 1}})
5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, Amount, State, emit
from games.core.flow import Frame, Step, call, ret
from games.core.words import join_words
from games.core.words import plural as plural_form

from .board import UNIT_KINDS, add, eliminated, remove, take_reinforcement
from .data import ARMY_NATIONS, DUNLENDINGS, FREE, NATIONS
from .grammar import plural, region_words
from .i18n import english, listed, ntr, tr
from .roles import nation_adjective, nation_name, side_title

Group = dict[str, Any]
Counts = Mapping[str, Mapping[str, int]]


def strength(units: Counts) -> int:
    """Hits that destroy these units: one per Regular, two per Elite (one per two Dunlendings)."""
    return sum(regular_hits(n, c.get("regular", 0)) + 2 * c.get("elite", 0) for n, c in units.items())


def regular_hits(nation: str, regulars: int) -> int:
    """Hits that take ``regulars`` of ``nation`` away: one each; Dunlendings two per hit (D17)."""
    return (regulars + 1) // 2 if nation == DUNLENDINGS else regulars


def dunlending_hits(g: Group) -> int:
    """Hits the Dunlendings left may take now (D17): one per two, and one more for a single one
    left over when it is the last unit of its Army."""
    rest = left(g)
    here = rest.get(DUNLENDINGS, {}).get("regular", 0)
    others = strength({n: c for n, c in rest.items() if n != DUNLENDINGS})
    return here // 2 + (here % 2 if not others else 0)


def group(side: str, region: str, inside: bool, units: Counts, hits: int) -> Group:
    """One side's Army units in a battle (only those that may be chosen) and the hits it takes."""
    kept = {
        n: {k: int(units[n].get(k, 0)) for k in UNIT_KINDS}
        for n in ARMY_NATIONS  # in data order: never the order of a dict in the state
        if n in units and (units[n].get("regular", 0) or units[n].get("elite", 0))
    }
    return {"side": side, "region": region, "inside": inside, "units": kept, "hits": hits, "chosen": {}}


def _chosen(g: Group, nation: str) -> dict[str, int]:
    found: dict[str, int] = g["chosen"].get(nation, {"regular": 0, "elite": 0, "reduce": 0})
    return found


def left(g: Group) -> dict[str, dict[str, int]]:
    """The units not chosen yet: Regulars not removed (a reduced Elite is a Regular now, and may
    take a later hit), Elites neither removed nor reduced."""
    found: dict[str, dict[str, int]] = {}
    for nation, counts in g["units"].items():
        chosen = _chosen(g, nation)
        regular = counts["regular"] + chosen["reduce"] - chosen["regular"]
        elite = counts["elite"] - chosen["elite"] - chosen["reduce"]
        if regular or elite:
            found[nation] = {"regular": regular, "elite": elite}
    return found


def hits_left(g: Group) -> int:
    """Hits still to place: never more than the units left can take (the rest are lost)."""
    used = sum(
        regular_hits(n, int(c["regular"])) + int(c["reduce"]) + 2 * int(c["elite"])
        for n, c in g["chosen"].items()
    )
    return max(0, min(int(g["hits"]) - used, strength(left(g))))


def choose(g: Group, nation: str, what: str, n: int) -> None:
    """Note ``n`` losses of one kind (``regular``, ``elite`` removed, or ``reduce``) for ``nation``."""
    chosen = dict(_chosen(g, nation))
    chosen[what] += n
    g["chosen"][nation] = chosen


def options(g: Group) -> list[Amount]:
    """The choices open to the owner now, as count ranges (``remove``/``reduce``)."""
    hits = hits_left(g)
    found: list[Amount] = []
    if hits == 0:
        return found
    for nation, counts in left(g).items():
        if nation == DUNLENDINGS:
            most = min(hits, dunlending_hits(g))
            if most:
                found.append(Amount("remove", (nation, "regular"), 1, most))
        elif counts["regular"]:
            found.append(Amount("remove", (nation, "regular"), 1, min(hits, counts["regular"])))
        if counts["elite"]:
            found.append(Amount("reduce", (nation,), 1, min(hits, counts["elite"])))
            if hits >= 2:
                found.append(Amount("remove", (nation, "elite"), 1, min(hits // 2, counts["elite"])))
    return found


def settle(g: Group) -> bool:
    """Make every choice that has only one outcome; whether the group has no hit left to place."""
    while hits_left(g):
        remaining = left(g)
        hits = hits_left(g)
        if hits >= strength(remaining):
            for nation, counts in remaining.items():
                choose(g, nation, "regular", counts["regular"])
                choose(g, nation, "elite", counts["elite"])
            break
        lone = DUNLENDINGS in remaining and not dunlending_hits(g)  # a lone one with others (D17)
        kinds = [
            (n, k)
            for n, c in remaining.items()
            for k in UNIT_KINDS
            if c[k] and not (lone and n == DUNLENDINGS)
        ]
        if len(kinds) != 1:
            return False
        nation, kind = kinds[0]
        if kind == "regular":
            choose(
                g,
                nation,
                "regular",
                min(remaining[nation]["regular"], hits * (2 if nation == DUNLENDINGS else 1)),
            )
            break
        elites = remaining[nation]["elite"]
        removed = hits // 2
        if max(0, hits - elites) != removed:
            return False  # several ways to split the hits between removed and reduced Elites
        choose(g, nation, "elite", removed)
        choose(g, nation, "reduce", hits - 2 * removed)
        break
    return True


def take(state: State, groups: Sequence[Group]) -> bool:
    """Place every group's hits, then apply all the losses at once. Whether the ``casualties``
    procedure was called (it returns to the caller when done); if not, it is all over already."""
    settled = [settle(g) for g in groups]
    if all(settled):
        apply_losses(state, groups)
        return False
    call(state, "casualties", groups=list(groups))
    return True


def reduce_elite(state: State, region: str, nation: str, inside: bool = False) -> bool:
    """Replace one Elite of ``nation`` there by a Regular (§11.3): from the Free Peoples'
    casualties first, else from reinforcements. Whether a Regular was found (without one the
    Elite is simply removed)."""
    remove(state, region, nation, "elite", 1, inside)
    eliminated(state, nation, "elite")
    found = False
    if NATIONS[nation].side == FREE and state["casualties"][nation].get("regular", 0) > 0:
        state["casualties"][nation]["regular"] -= 1
        found = True
    elif take_reinforcement(state, nation, "regular"):
        found = True
    if found:
        add(state, region, nation, "regular", 1, inside)
    return found


def apply_losses(state: State, groups: Sequence[Group]) -> None:
    """Take the chosen losses off the map, Nation by Nation: reductions first (so they draw on the
    casualties of earlier rounds, not on this round's), then the removals."""
    for g in groups:
        region, inside = g["region"], bool(g["inside"])
        for nation in g["units"]:
            chosen = _chosen(g, nation)
            if not any(chosen.values()):
                continue
            unreplaced = 0
            for _ in range(chosen["reduce"]):
                if not reduce_elite(state, region, nation, inside):
                    unreplaced += 1
            table = state["garrisons"] if inside else state["armies"]
            for kind in UNIT_KINDS:
                # A Regular chosen from a reduced Elite that found no Regular to replace it is
                # gone already (the Elite was removed): that hit has nothing left to take.
                present = table.get(region, {}).get(nation, {}).get(kind, 0)
                n = min(chosen[kind], present)
                if n:
                    remove(state, region, nation, kind, n, inside)
                    eliminated(state, nation, kind, n)
            emit(
                state,
                "units_lost",
                {
                    "nation": nation,
                    "region": region,
                    "regular": chosen["regular"],
                    "elite": chosen["elite"] + unreplaced,
                    "reduced": chosen["reduce"] - unreplaced,
                },
            )


def fall_with_army(
    state: State, region: str, side: str, inside: bool, leaders: Counts, characters: Sequence[str]
) -> None:
    """§11.6: every Army unit of ``side`` in the battle died, so do its Leaders and Characters
    (Free Peoples Leaders out of the game, Nazgûl back to reinforcements, Characters eliminated)."""
    for nation in NATIONS:
        n = int(leaders.get(nation, {}).get("leader", 0))
        if n:
            remove(state, region, nation, "leader", n, inside)
            eliminated(state, nation, "leader", n)
            emit(state, "leaders_fell", {"nation": nation, "count": n, "region": region})
    for character in characters:
        del state["characters"][character]
        state["eliminated"].append(character)
        emit(state, "character_slain", {"character": character, "region": region})
    emit(state, "army_destroyed", {"side": side, "region": region})


def _dunlendings_words(n: int, alone: bool) -> str:
    """How the Dunlendings left take hits (D17): two a hit; a single one only as the last unit."""
    if n == 1 and not alone:
        return tr("1 (takes a hit only as the last unit of its Army, D17)")
    if n > 1:
        return tr("{count} (a hit takes two, D17)", count=n)
    return tr("1 (the last unit: a hit takes it)")


#: A count of units of a kind (the prompts' list of units).
UNIT_COUNTS = {
    "regular": lambda n: ntr("{count} Regular", "{count} Regulars", n),
    "elite": lambda n: ntr("{count} Elite", "{count} Elites", n),
    "leader": lambda n: ntr("{count} Leader", "{count} Leaders", n),
}


def describe_units(units: Counts) -> str:
    """``Gondor: 2 Regulars and 1 Elite; Rohan: 1 Regular`` (for prompts)."""
    parts = []
    for nation, counts in units.items():
        if english():
            words = [plural(counts[k], k.title()) for k in UNIT_KINDS if counts.get(k)]
        else:
            words = [UNIT_COUNTS[k](int(counts[k])) for k in UNIT_KINDS if counts.get(k)]
        if nation == DUNLENDINGS:
            words = [_dunlendings_words(int(counts.get("regular", 0)), alone=len(units) == 1)]
        if words:
            said = join_words(words) if english() else listed(words)
            parts.append(tr("{nation}: {units}", nation=nation_name(nation), units=said))
    return tr("; ").join(parts) or tr("nothing")


def label(state: State, role: str, action: Action) -> str | None:
    """Button words for the casualties prompt (``None``: not one of its actions)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["step"] != "casualties" or action.verb not in ("remove", "reduce"):
        return None
    nation, count = action.args[0], int(action.args[-1])
    kind = action.args[1] if action.verb == "remove" else "elite"
    if action.verb == "reduce":
        if english():
            into = plural_form(count, "a Regular", "Regulars")
            return f"Reduce {plural(count, nation_adjective(nation) + ' Elite')} to {into}"
        return ntr(
            "Reduce {count} {nation} Elite to a Regular",
            "Reduce {count} {nation} Elites to Regulars",
            count,
            nation=nation_adjective(nation),
        )
    if nation == DUNLENDINGS:
        return ntr(
            "The Dunlendings take {count} hit (two Dunlendings a hit)",
            "The Dunlendings take {count} hits (two Dunlendings a hit)",
            count,
        )
    hits = count * (2 if kind == "elite" else 1)
    adjective = nation_adjective(nation)
    if english():
        return f"Remove {plural(count, adjective + ' ' + kind.title())} ({plural(hits, 'hit')})"
    if kind == "elite":
        units = ntr(
            "Remove {count} {nation} Elite", "Remove {count} {nation} Elites", count, nation=adjective
        )
    elif kind == "leader":
        units = ntr(
            "Remove {count} {nation} Leader", "Remove {count} {nation} Leaders", count, nation=adjective
        )
    else:
        units = ntr(
            "Remove {count} {nation} Regular", "Remove {count} {nation} Regulars", count, nation=adjective
        )
    return ntr("{units} ({count} hit)", "{units} ({count} hits)", hits, units=units)


class Casualties(Step):
    """The owner of the first group with hits still to place chooses them, a count at a time."""

    name = "casualties"
    kind = "casualties"

    def _current(self, frame: Frame) -> Group | None:
        for g in frame["groups"]:
            if hits_left(g):
                found: Group = g
                return found
        return None

    def active(self, state: State, frame: Frame) -> frozenset[str]:
        current = self._current(frame)
        return frozenset({current["side"]}) if current is not None else frozenset()

    def amounts(self, state: State, frame: Frame, role: str) -> tuple[Amount, ...]:
        current = self._current(frame)
        if current is None or current["side"] != role:
            return ()
        return tuple(options(current))

    def actions(self, state: State, frame: Frame, role: str) -> tuple[Action, ...]:
        return tuple(Action(a.verb, (*a.args, str(a.high))) for a in self.amounts(state, frame, role))

    def title(self, state: State, frame: Frame, role: str) -> str:
        current = self._current(frame)
        assert current is not None
        return ntr(
            "Casualties in {region}: {count} hit to take",
            "Casualties in {region}: {count} hits to take",
            hits_left(current),
            region=region_words(current["region"]),
        )

    def instruction(self, state: State, frame: Frame, role: str) -> str:
        current = self._current(frame)
        assert current is not None
        return ntr(
            "Take {count} hit: per hit remove a Regular or reduce an Elite to a Regular; two hits remove "
            "an Elite. Your units: {units}.",
            "Take {count} hits: per hit remove a Regular or reduce an Elite to a Regular; two hits remove "
            "an Elite. Your units: {units}.",
            hits_left(current),
            units=describe_units(left(current)),
        )

    def waiting(self, state: State, frame: Frame) -> str:
        current = self._current(frame)
        if current is None:  # pragma: no cover
            return tr("Waiting for the a player to choose casualties.")
        return tr("Waiting for the {side} to choose casualties.", side=side_title(current["side"]))

    def apply(self, state: State, frame: Frame, role: str, action: Action) -> None:
        current = self._current(frame)
        assert current is not None
        count = int(action.args[-1])
        nation = action.args[0]
        what = "reduce" if action.verb == "reduce" else action.args[1]
        if nation == DUNLENDINGS:  # a count of hits, each taking two (the last one alone: D17)
            count = min(2 * count, left(current)[nation]["regular"])
        choose(current, nation, what, count)
        for g in frame["groups"]:
            if not settle(g):
                return  # this owner (or the next) still has a choice to make
        apply_losses(state, frame["groups"])
        ret(state)


STEPS: tuple[Step, ...] = (Casualties(),)
