"""The 38 Combat card effects as data, keyed by combat name (the lower half of every Event card,
``CARDS[card].combat.name``).

Each :class:`Effect` has its side, its initiative, the condition checked when the card is
chosen, and what it does at the points of the round (:data:`.combat_tools.TIMINGS`):

- ``modify``: dice counts and modifiers, read when the dice are rolled (+1 cards, Brave Stand,
  Daylight, Huorn-dark, Advantageous Position, Confusion, Foul Stench...);
- ``hooks``: actions at a timing — ``cancel`` (Daring Defiance, Swarm of Bats), ``before`` the
  Combat roll (extra attacks, forfeits, self-hits, Scouts), ``between`` the roll and the re-roll
  (Mighty Attack, Andúril), ``after`` the re-roll (extra hits, figures slain), ``casualty`` (hits
  cancelled), ``after_casualties`` (Onslaught, Great Host, We Come to Kill). A hook returns True
  when the round waits (a question, or a procedure called);
- :func:`choices` / :func:`choose`: the question a hook asked (legal actions only) and its answer;
- ``then``: the rest of an effect once a procedure it called has returned (Onslaught rolls after
  its own losses).

Rulings (docs/rules/war_of_the_ring.md §6, Combat cards) are noted where they apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core import Action, State, emit

from . import dunlendings_combat
from .battle_figures import (
    MAX_DICE,
    can_withdraw,
    current,
    figures,
    leadership,
    nazgul_points,
    retreat_regions,
    to_hit,
)
from .combat_tools import (
    army_units,
    ask,
    companions,
    elites,
    extra_attack,
    fx_of,
    inflict,
    leaders,
    minions,
    no_effect,
    self_hit_limit,
    slay_character,
    slay_leader,
)
from .data import CHARACTERS, FREE, NATIONS, NEIGHBOURS, REGIONS, SHADOW
from .roles import other
from .tta_combat import (
    AMONG_THE_SIEGE_ENGINES,
    HEADS_OF_THE_FALLEN,
    LAST_DEFENCES,
    among_the_siege_engines,
    heads_of_the_fallen,
    last_defences,
    towers_there,
    trebuchets_there,
)

#: ``{side: {"roll": [[name, n]], "reroll": [[name, n]], "cap": [[name, n]], "fewer": [[name,
#: n]], "more": [[name, n]], "no_reroll": [name], "confusion": [name]}}``: what the cards in
#: effect do to the dice.
Mods = dict[str, dict[str, list[Any]]]
Condition = Callable[[State, str], bool]
Hook = Callable[[State, str], bool]


def new_mods() -> Mods:
    return {
        s: {k: [] for k in ("roll", "reroll", "cap", "fewer", "more", "no_reroll", "confusion")}
        for s in (FREE, SHADOW)
    }


def _always(state: State, side: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Effect:
    name: str
    side: str
    initiative: int
    condition: Condition = _always
    hooks: Mapping[str, Hook] = field(default_factory=dict)
    modify: Callable[[State, str, Mods], None] | None = None
    then: Callable[[State, str, int], bool] | None = None
    #: The initiative of the ``after`` effect when it differs (Mûmakil: 3 and 5).
    late: int | None = None

    def initiative_at(self, timing: str) -> int:
        return self.late if self.late is not None and timing == "after" else self.initiative


# -- conditions ---------------------------------------------------------------------------------
def _in_battle(*characters: str) -> Condition:
    def condition(state: State, side: str) -> bool:
        _, chars = figures(state, FREE)
        return any(c in chars for c in characters)

    return condition


def _companion(state: State, side: str) -> bool:
    return bool(companions(state))


def _leader_or_companion(state: State, side: str) -> bool:
    return bool(leaders(state, FREE)) or bool(companions(state))


def _ring_bearers_there(state: State, side: str) -> bool:
    return bool(state["fellowship"]["region"] == current(state)["region"])


ENTWOOD = frozenset({"fangorn", "orthanc"})


def _ents(state: State, side: str) -> bool:
    region = current(state)["region"]
    return region in ENTWOOD or REGIONS[region].nation == "rohan"


def _free_nation(state: State, side: str) -> bool:
    nation = REGIONS[current(state)["region"]].nation
    return nation is not None and NATIONS[nation].side == FREE


def _scouts(state: State, side: str) -> bool:
    """Our ruling: the Army must have somewhere to go (a free neighbour or its Stronghold)."""
    b = current(state)
    return side == b["defender"] and not b["siege"] and bool(retreat_regions(state) or can_withdraw(state))


def _free_elite(state: State, side: str) -> bool:
    return elites(state, FREE) > 0


def _nazgul_points(least: int) -> Condition:
    def condition(state: State, side: str) -> bool:
        return nazgul_points(state) >= least

    return condition


def _nazgul(state: State, side: str) -> bool:
    """A Nazgûl figure or the Witch-king (a Nazgûl too, §9.3) in the battle."""
    _, chars = figures(state, SHADOW)
    return "sauron" in leaders(state, SHADOW) or "witch_king" in chars


def within(start: str, goal: str, steps: int) -> bool:
    """Whether ``goal`` is at most ``steps`` regions from ``start``.

    >>> within("moria", "moria", 2), within("dimrill_dale", "moria", 2)
    (True, True)
    """
    frontier, seen = {start}, {start}
    for _ in range(steps):
        frontier = {n for r in frontier for n in NEIGHBOURS[r]} - seen
        seen |= frontier
    return goal in seen


def _near_moria(state: State, side: str) -> bool:
    return within(current(state)["region"], "moria", 2)


def _devilry(state: State, side: str) -> bool:
    """Our ruling: "the defending Army is in a Stronghold" = a region with a Stronghold."""
    counts, _ = figures(state, SHADOW)
    isengard = counts.get("isengard", {})
    return (
        bool(isengard.get("regular") or isengard.get("elite"))
        and REGIONS[current(state)["region"]].is_stronghold
    )


def _southron_elite(state: State, side: str) -> bool:
    counts, _ = figures(state, SHADOW)
    return counts.get("southrons", {}).get("elite", 0) > 0


def _shadow_elite(state: State, side: str) -> bool:
    return elites(state, SHADOW) > 0


# -- dice modifiers -----------------------------------------------------------------------------
def _plus(roll: int, reroll: int = 0, both: bool = False) -> Callable[[State, str, Mods], None]:
    def modify(state: State, owner: str, mods: Mods) -> None:
        name = fx_of(state)["combat"][owner]
        for side in (FREE, SHADOW) if both else (owner,):
            if roll:
                mods[side]["roll"].append([name, roll])
            if reroll:
                mods[side]["reroll"].append([name, reroll])

    return modify


def _foe(key: str, value: Callable[[State], int]) -> Callable[[State, str, Mods], None]:
    def modify(state: State, owner: str, mods: Mods) -> None:
        n = value(state)
        if n:
            mods[other(owner)][key].append([fx_of(state)["combat"][owner], n])

    return modify


def _paid(roll: int, reroll: int) -> Callable[[State, str, Mods], None]:
    """A bonus that needs its cost paid first (Cruel as Death, They Are Terrible)."""
    plus = _plus(roll, reroll)

    def modify(state: State, owner: str, mods: Mods) -> None:
        if owner in fx_of(state)["paid"]:
            plus(state, owner, mods)

    return modify


def _confusion(state: State, owner: str, mods: Mods) -> None:
    mods[other(owner)]["confusion"].append("Confusion")


def _foul_stench(state: State, owner: str, mods: Mods) -> None:
    """Our ruling: the Leaderships are compared when the dice are rolled (after the forfeits)."""
    if nazgul_points(state) >= leadership(state, FREE):
        mods[FREE]["no_reroll"].append("Foul Stench")


def _relentless(state: State, owner: str, mods: Mods) -> None:
    n = int(fx_of(state)["relentless"])
    if n:
        mods[owner]["roll"].append(["Relentless Assault", n])


def _bats(state: State, owner: str, mods: Mods) -> None:
    if fx_of(state)["bats"]:
        mods[owner]["reroll"].append(["Swarm of Bats", 1])


# -- cancels (initiative 0) ---------------------------------------------------------------------
def cancel(state: State, owner: str, effect: str) -> None:
    fx = fx_of(state)
    foe = other(owner)
    emit(state, "combat_card_cancelled", {"side": foe, "combat": fx["combat"][foe], "by": effect})
    fx["combat"][foe] = None


def _daring_defiance(state: State, owner: str) -> bool:
    fx = fx_of(state)
    if fx["combat"][other(owner)] is None:
        return no_effect(state, owner, "Daring Defiance")
    paying = [c for c in companions(state) if c not in fx["silenced"] and c not in fx["forfeited"]]
    fx["forfeited"] += paying
    emit(
        state,
        "combat_forfeit",
        {"side": owner, "combat": "Daring Defiance", "characters": paying, "points": 0},
    )
    cancel(state, owner, "Daring Defiance")
    return False


def _swarm_of_bats(state: State, owner: str) -> bool:
    fx = fx_of(state)
    if fx["cards"][other(owner)] is None:
        fx["bats"] = True  # no card played: +1 to the re-roll (in ``_bats``)
        return False
    if fx["combat"][other(owner)] is None:  # pragma: no cover - cancelled already (initiative 0 first)
        return no_effect(state, owner, "Swarm of Bats")
    cancel(state, owner, "Swarm of Bats")
    return False


# -- before the Combat roll ---------------------------------------------------------------------
def _sudden_strike(state: State, owner: str) -> bool:
    dice = min(MAX_DICE, leadership(state, owner))
    if not dice:
        return no_effect(state, owner, "Sudden Strike")
    return extra_attack(state, owner, "Sudden Strike", dice, to_hit(state, owner))


def _charge(state: State, owner: str) -> bool:
    return extra_attack(state, owner, "Charge", elites(state, FREE), to_hit(state, owner))


def _durins_bane(state: State, owner: str) -> bool:
    return extra_attack(state, owner, "Durin's Bane", 3, 4)


def _forfeit_nazgul(points: int, effect: str) -> Hook:
    def hook(state: State, owner: str) -> bool:
        fx = fx_of(state)
        if nazgul_points(state) < points:  # pragma: no cover - the condition was checked
            return no_effect(state, owner, effect)
        fx["nazgul_forfeit"] += points
        fx["paid"].append(owner)
        emit(state, "combat_forfeit", {"side": owner, "combat": effect, "characters": [], "points": points})
        return False

    return hook


def _dread(state: State, owner: str) -> bool:
    most = nazgul_points(state)
    if most <= 1:
        return _dread_pay(state, owner, most)
    return ask(state, owner, "Dread and Despair", "nazgul_points", most)


def _dread_pay(state: State, owner: str, n: int) -> bool:
    if n <= 0:  # pragma: no cover - the condition was checked
        return no_effect(state, owner, "Dread and Despair")
    fx = fx_of(state)
    fx["nazgul_forfeit"] += n
    fx["dread"] = n
    emit(
        state, "combat_forfeit", {"side": owner, "combat": "Dread and Despair", "characters": [], "points": n}
    )
    return False


def _self_hits(effect: str, most: int) -> Hook:
    def hook(state: State, owner: str) -> bool:
        limit = self_hit_limit(state, owner, most)
        if not limit:
            return no_effect(state, owner, effect)
        return ask(state, owner, effect, "self_hits", limit)

    return hook


def _words_of_power(state: State, owner: str) -> bool:
    targets = [c for c in companions(state) if c not in fx_of(state)["silenced"]]
    if not targets:  # pragma: no cover - a Companion defends or attacks whenever the FP fight
        return no_effect(state, owner, "Words of Power")
    if len(targets) == 1:
        return _silence(state, owner, targets[0])
    return ask(state, owner, "Words of Power", "silence")


def _silence(state: State, owner: str, companion: str) -> bool:
    fx_of(state)["silenced"].append(companion)
    emit(state, "combat_silenced", {"combat": "Words of Power", "character": companion})
    return False


def _scouts_leave(state: State, owner: str) -> bool:
    """The defending Army leaves: the battle step asks where (stage ``scouts``)."""
    emit(state, "combat_scouts", {"side": owner, "region": current(state)["region"]})
    current(state)["stage"] = "scouts"
    return True


# -- between the roll and the re-roll -----------------------------------------------------------
def misses(state: State, side: str) -> int:
    """Missed Combat-roll dice that may still be turned into hits or re-rolled."""
    r = fx_of(state)["rolls"][side]
    return max(0, len(r["dice"]) - int(r["roll_hits"]) - int(r["turned"]) - int(r["locked"]))


def _may_forfeit(state: State) -> list[str]:
    fx = fx_of(state)
    return [
        c
        for c in companions(state)
        if c not in fx["silenced"] and c not in fx["forfeited"] and CHARACTERS[c].leadership > 0
    ]


def _mighty_attack(state: State, owner: str) -> bool:
    able = _may_forfeit(state)
    if not misses(state, owner) or not able:
        return no_effect(state, owner, "Mighty Attack")
    if len(able) == 1:
        return _turn(state, owner, "Mighty Attack", able[0], 1)
    return ask(state, owner, "Mighty Attack", "forfeit_companion")


def _turn(state: State, owner: str, effect: str, character: str, most: int) -> bool:
    fx = fx_of(state)
    n = min(most, misses(state, owner))
    fx["forfeited"].append(character)
    fx["rolls"][owner]["turned"] += n
    emit(state, "combat_dice_turned", {"side": owner, "combat": effect, "character": character, "count": n})
    return False


def _anduril(state: State, owner: str) -> bool:
    able = _may_forfeit(state)
    who = next((c for c in ("aragorn", "strider") if c in able), None)
    if who is None or not misses(state, owner):
        return no_effect(state, owner, "Andúril")
    return _turn(state, owner, "Andúril", who, 2 if who == "aragorn" else 1)


# -- after the re-roll --------------------------------------------------------------------------
def _scored(state: State, side: str) -> int:
    r = fx_of(state)["rolls"][side]
    return int(r["roll_hits"]) + int(r["turned"]) + int(r["reroll_hits"])


def _extra_hits(effect: str, n: int) -> Hook:
    def hook(state: State, owner: str) -> bool:
        if not _scored(state, owner):
            return no_effect(state, owner, effect)
        fx_of(state)["hits"][owner] += n
        emit(state, "combat_extra_hits", {"side": owner, "combat": effect, "hits": n})
        return False

    return hook


def _mumakil(state: State, owner: str) -> bool:
    """Both totals count the hits of pre-combat attacks made with a Combat card."""
    fx = fx_of(state)
    mine = fx["hits"][owner] + fx["pre_hits"][owner]
    theirs = fx["hits"][other(owner)] + fx["pre_hits"][other(owner)]
    if mine <= theirs:
        return no_effect(state, owner, "Mûmakil")
    fx["hits"][owner] += 1
    emit(state, "combat_extra_hits", {"side": owner, "combat": "Mûmakil", "hits": 1})
    return False


def _reroll_hits(state: State, side: str) -> int:
    return int(fx_of(state)["rolls"][side]["reroll_hits"])


def _blade(state: State, owner: str) -> bool:
    if not _reroll_hits(state, owner) or not minions(state):
        return no_effect(state, owner, "Blade of Westernesse")
    return ask(state, owner, "Blade of Westernesse", "slay")


def _fateful_targets(state: State) -> list[str]:
    """A Nazgûl figure always; a Minion too with 2 re-roll hits (our ruling: the Witch-king is
    such a Minion, not one of "the Nazgûl" of this card)."""
    found = ["nazgul"] if "sauron" in leaders(state, SHADOW) else []
    if _reroll_hits(state, FREE) >= 2:
        found += minions(state)
    return found


def _fateful_strike(state: State, owner: str) -> bool:
    targets = _fateful_targets(state) if _reroll_hits(state, owner) else []
    if not targets:
        return no_effect(state, owner, "Fateful Strike")
    if len(targets) == 1:
        return _slay(state, owner, "Fateful Strike", targets[0])
    return ask(state, owner, "Fateful Strike", "slay")


def _black_breath_targets(state: State) -> list[str]:
    """Our ruling: a Companion whose Level is at most the re-roll's hits (the card acts on the
    re-roll; see docs)."""
    hits = _reroll_hits(state, SHADOW)
    found = list(leaders(state, FREE))
    found += [c for c in companions(state) if (CHARACTERS[c].level or 0) <= hits]
    return found


def _black_breath(state: State, owner: str) -> bool:
    if not _reroll_hits(state, owner) or not _black_breath_targets(state):
        return no_effect(state, owner, "Black Breath")
    return ask(state, owner, "Black Breath", "slay")


def _slay(state: State, owner: str, effect: str, target: str) -> bool:
    if target == "nazgul":
        slay_leader(state, effect, SHADOW, "sauron")
    elif target in NATIONS:
        slay_leader(state, effect, other(owner), target)
    else:
        slay_character(state, effect, target)
    return False


# -- at casualty time ---------------------------------------------------------------------------
def _shield_wall(state: State, owner: str) -> bool:
    fx = fx_of(state)
    foe = other(owner)
    if fx["hits"][foe] < 2:
        return no_effect(state, owner, "Shield-wall")
    fx["hits"][foe] -= 1
    emit(
        state,
        "combat_hits_cancelled",
        {"side": owner, "combat": "Shield-wall", "hits": 1, "character": "", "nation": ""},
    )
    return False


def _heroic_targets(state: State) -> list[str]:
    return [*leaders(state, FREE), *companions(state)]


def _heroic_death(state: State, owner: str) -> bool:
    if not fx_of(state)["hits"][other(owner)] or not _heroic_targets(state):
        return no_effect(state, owner, "Heroic Death")
    return ask(state, owner, "Heroic Death", "sacrifice")


def _sacrifice(state: State, owner: str, target: str) -> bool:
    fx = fx_of(state)
    foe = other(owner)
    worth = 1 if target in NATIONS else int(CHARACTERS[target].level or 0)
    cancelled = min(worth, fx["hits"][foe])
    fx["hits"][foe] -= cancelled
    character, nation = ("", target) if target in NATIONS else (target, "")
    emit(
        state,
        "combat_hits_cancelled",
        {
            "side": owner,
            "combat": "Heroic Death",
            "hits": cancelled,
            "character": character,
            "nation": nation,
        },
    )
    if nation:  # the sentence above told it: no second one
        slay_leader(state, "Heroic Death", owner, nation, tell=False)
    else:
        slay_character(state, "Heroic Death", character, tell=False)
    return False


# -- after the casualties -----------------------------------------------------------------------
def _onslaught_roll(state: State, owner: str, n: int) -> bool:
    return extra_attack(state, owner, "Onslaught", n, 4)


def _great_host(state: State, owner: str) -> bool:
    if army_units(state, owner) < 2 * army_units(state, other(owner)):
        return no_effect(state, owner, "Great Host")
    fx_of(state)["hits"][owner] += 1
    emit(state, "combat_extra_hits", {"side": owner, "combat": "Great Host", "hits": 1})
    return inflict(state, other(owner), 1)


def _we_come_to_kill(state: State, owner: str) -> bool:
    return extra_attack(state, owner, "We Come to Kill", elites(state, SHADOW), 5)


# -- the questions ------------------------------------------------------------------------------
def _ask_of(state: State) -> dict[str, Any]:
    found: dict[str, Any] = fx_of(state)["ask"]
    return found


def choices(state: State, owner: str) -> list[Action]:
    """The legal answers to the question asked now (see :func:`.combat_tools.ask`)."""
    question = _ask_of(state)
    what, effect = question["what"], question["effect"]
    if what == "nazgul_points":
        return [Action("forfeit", (str(n),)) for n in range(1, int(question["n"]) + 1)]
    if what == "self_hits":
        return [Action("self-hits", (str(n),)) for n in range(int(question["n"]) + 1)]
    if what == "silence":
        return [Action("silence", (c,)) for c in companions(state) if c not in fx_of(state)["silenced"]]
    if what == "forfeit_companion":
        return [Action("forfeit", (c,)) for c in _may_forfeit(state)]
    if what == "sacrifice":
        return [*(Action("sacrifice", (t,)) for t in _heroic_targets(state)), Action("decline")]
    if effect == "Blade of Westernesse":
        return [*(Action("slay", (m,)) for m in minions(state)), Action("decline")]
    if effect == "Fateful Strike":
        return [Action("slay", (t,)) for t in _fateful_targets(state)]
    return [*(Action("slay", (t,)) for t in _black_breath_targets(state)), Action("decline")]


def choose(state: State, owner: str, action: Action) -> bool:
    """Apply the answer; whether the round waits again (a procedure called)."""
    question = _ask_of(state)
    effect, verb = question["effect"], action.verb
    fx = fx_of(state)
    fx["ask"] = None
    arg = action.args[0] if action.args else ""
    if effect == "Dread and Despair":
        return _dread_pay(state, owner, int(arg))
    if verb == "self-hits":
        n = int(arg)
        if not n:
            return no_effect(state, owner, effect)
        emit(state, "combat_self_hits", {"side": owner, "combat": effect, "hits": n})
        if effect == "Relentless Assault":
            fx["relentless"] = n
        elif n:
            fx["then"].append([effect, owner, n])
        return inflict(state, owner, n)
    if verb == "silence":
        return _silence(state, owner, arg)
    if verb == "forfeit":
        return _turn(state, owner, "Mighty Attack", arg, 1)
    if verb == "sacrifice":
        return _sacrifice(state, owner, arg)
    if verb == "slay":
        if effect == "Blade of Westernesse":
            fx["hits"][owner] -= 1
        return _slay(state, owner, effect, arg)
    return no_effect(state, owner, effect)  # declined (no sacrifice, the hit kept, nobody slain)


# -- the registry -------------------------------------------------------------------------------
def _effects() -> dict[str, Effect]:
    found = [
        Effect("It Is a Gift", FREE, 3, _ring_bearers_there, modify=_plus(1, 1)),
        Effect("Blade of Westernesse", FREE, 6, _in_battle("meriadoc", "peregrin"), {"after": _blade}),
        Effect("Mighty Attack", FREE, 4, _companion, {"between": _mighty_attack}),
        Effect(
            "Servant of the Secret Fire",
            FREE,
            3,
            _in_battle("gandalf_grey", "gandalf_white"),
            modify=_plus(1),
        ),
        Effect("Andúril", FREE, 4, _in_battle("strider", "aragorn"), {"between": _anduril}),
        Effect("Heroic Death", FREE, 6, _leader_or_companion, {"casualty": _heroic_death}),
        Effect("Daring Defiance", FREE, 0, _companion, {"cancel": _daring_defiance}),
        Effect("Fateful Strike", FREE, 6, _leader_or_companion, {"after": _fateful_strike}),
        Effect("Sudden Strike", FREE, 2, _leader_or_companion, {"before": _sudden_strike}),
        Effect("Brave Stand", FREE, 3, _companion, modify=_foe("fewer", lambda s: len(companions(s)))),
        Effect("Ents' Rage", FREE, 3, _ents, modify=_plus(2)),
        Effect("Huorn-dark", FREE, 3, _ents, modify=_foe("cap", lambda s: 2)),
        Effect("Nameless Wood", FREE, 5, _ents, {"after": _extra_hits("Nameless Wood", 2)}),
        Effect("Daylight", FREE, 3, modify=_foe("cap", lambda s: 3)),
        Effect("No Quarter", FREE, 5, hooks={"after": _extra_hits("No Quarter", 1)}),
        Effect("Advantageous Position", FREE, 3, _free_nation, modify=_foe("roll", lambda s: -1)),
        Effect("Scouts", FREE, 1, _scouts, {"before": _scouts_leave}),
        Effect("Shield-wall", FREE, 6, hooks={"casualty": _shield_wall}),
        Effect("Confusion", FREE, 4, modify=_confusion),
        Effect("Charge", FREE, 2, _free_elite, {"before": _charge}),
        Effect("Valour", FREE, 3, _free_elite, modify=_plus(1)),
        Effect("One for the Dark Lord", SHADOW, 3, _ring_bearers_there, modify=_plus(1, 1)),
        Effect(
            "Cruel as Death",
            SHADOW,
            3,
            _nazgul_points(2),
            {"before": _forfeit_nazgul(2, "Cruel as Death")},
            _paid(1, 0),
        ),
        Effect(
            "They Are Terrible",
            SHADOW,
            4,
            _nazgul_points(1),
            {"before": _forfeit_nazgul(1, "They Are Terrible")},
            _paid(0, 1),
        ),
        Effect(
            "Dread and Despair",
            SHADOW,
            3,
            _nazgul_points(1),
            {"before": _dread},
            _foe("fewer", lambda s: int(fx_of(s)["dread"])),
        ),
        Effect("Black Breath", SHADOW, 6, _nazgul, {"after": _black_breath}),
        Effect("Foul Stench", SHADOW, 3, _nazgul_points(1), modify=_foul_stench),
        Effect("Words of Power", SHADOW, 1, _nazgul, {"before": _words_of_power}),
        Effect("Durin's Bane", SHADOW, 2, _near_moria, {"before": _durins_bane}),
        Effect("Devilry of Orthanc", SHADOW, 3, _devilry, modify=_plus(1)),
        Effect("Deadly Strife", SHADOW, 3, modify=_plus(2, 2, both=True)),
        Effect("Desperate Battle", SHADOW, 3, modify=_plus(1, 1, both=True)),
        Effect(
            "Relentless Assault",
            SHADOW,
            3,
            hooks={"before": _self_hits("Relentless Assault", 2)},
            modify=_relentless,
        ),
        Effect(
            "Onslaught",
            SHADOW,
            7,
            hooks={"after_casualties": _self_hits("Onslaught", 4)},
            then=_onslaught_roll,
        ),
        Effect("Great Host", SHADOW, 7, hooks={"after_casualties": _great_host}),
        Effect("Mûmakil", SHADOW, 3, _southron_elite, {"after": _mumakil}, _plus(1), late=5),
        Effect("Swarm of Bats", SHADOW, 0, hooks={"cancel": _swarm_of_bats}, modify=_bats),
        Effect("We Come to Kill", SHADOW, 7, _shadow_elite, {"after_casualties": _we_come_to_kill}),
        # Twilight of the Third Age (:mod:`.tta_combat`): on the module's cards only
        Effect(LAST_DEFENCES, FREE, 3, trebuchets_there, modify=last_defences),
        Effect(AMONG_THE_SIEGE_ENGINES, FREE, 6, hooks={"after": among_the_siege_engines}),
        Effect(HEADS_OF_THE_FALLEN, SHADOW, 3, towers_there, modify=heads_of_the_fallen),
        Effect(
            dunlendings_combat.NAME,
            SHADOW,
            dunlendings_combat.INITIATIVE,
            dunlendings_combat.condition,
            {"before": dunlendings_combat.before},
        ),
    ]
    return {e.name: e for e in found}


EFFECTS: dict[str, Effect] = _effects()
