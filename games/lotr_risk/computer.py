"""Computer players of LOTR Risk: sampling what a seat cannot know, an evaluation for playouts
cut short, and the rule-based player (the obvious good moves, read from the seat's view alone).

:func:`determinize` reads only a seat's view: the other players' hands (their missions and
other adventure cards among them) are dealt at random from the cards the seat has not seen, the
decks are shuffled from the rest, and the PRNG is new; the state is built through
:func:`~.positions.from_position`. It describes the seat's own turn between two steps of its
reinforcement and between two attacks; other moments (its fortification, a battle under way,
the set-up, a turn with lasting effects or cards set aside) raise
:class:`~games.core.players.CannotSample`.

The rule-based player places reinforcements on its borders, attacks where it outnumbers the
defender, rolls and defends with every die it may, advances everything, and ends its
fortification at once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, InvalidPosition, State, View
from games.core.players import CannotSample, Generator, Seat

from .board import geometry
from .roles import in_game
from .ruleset import LotrRisk
from .victory import score

RULESET = LotrRisk()
#: Samples drawn before giving up on a view (a sample the position checks refuse is drawn again).
TRIES = 8
#: Actions a playout runs before :func:`evaluate` judges it.
PLAYOUT_LIMIT = 40
#: Actions the search leaves out: they change nothing on the board and can be taken back, so a
#: search weighs them as a pass and may go round in circles (arm, disarm, arm...).
UNDOABLE = frozenset({"arm", "disarm", "back", "from"})
_POOL = re.compile(r"(\d+) battalions? (?:to place|on your)")


def determinize(view: View, rng: Generator) -> State:
    """A full state the seat of ``view`` cannot tell from the real one (see the module's text)."""
    problem = ""
    for _ in range(TRIES):
        try:
            return RULESET.from_position(_position(view, rng))
        except InvalidPosition as exc:
            problem = str(exc)
    raise CannotSample(problem)


def _position(view: View, rng: Generator) -> dict[str, Any]:
    me = view["audience"]
    turn = view["turn"]
    if view["result"] is not None or view.get("setup") is not None or view["battle"] is not None:
        raise CannotSample("a battle under way, the set-up and a finished game are not sampled")
    if turn["role"] != me or turn["phase"] not in ("reinforce", "attack"):
        # the fortification is left to the rule-based player: a search there weighs a start
        # chosen and taken back as nothing changed, and may go round in circles
        raise CannotSample("only the seat's own reinforcement and attacks are sampled")
    if view["effects"]:
        raise CannotSample("lasting effects are not sampled yet")
    if view["hand"]["aside"]:
        raise CannotSample("cards set aside are not sampled yet")
    g = geometry(view["edition"])
    land = view["territories"]
    owners = {t["id"]: t["owner"] for t in land}
    leaders: dict[str, list[str]] = {}
    for t in land:
        leaders.setdefault(t["owner"], []).extend([t["id"]] * int(t["leaders"]))
    players = {p["role"]: p for p in view["players"]}
    played = {r: [c["id"] for c in p["played"]] for r, p in players.items()}
    mine = view["hand"]
    kinds = ("territory", "adventure")
    hands: dict[str, dict[str, list[str]]] = {me: {k: [c["id"] for c in mine[k]] for k in kinds}}
    seen = {c for cards in [*hands[me].values(), *played.values()] for c in cards}
    territory = [c for c in g.territory_cards if c not in seen]
    adventure = [c for c in g.adventure_deck if c not in seen] if view["mode"] == "lotr" else []
    rng.shuffle(territory)
    rng.shuffle(adventure)
    for role, p in players.items():
        if role == me:
            continue
        hands[role] = {
            "territory": [territory.pop() for _ in range(min(p["cards"], len(territory)))],
            "adventure": [adventure.pop() for _ in range(min(p["adventure_cards"], len(adventure)))],
        }
    decks = view["decks"]
    piles = {
        "territory": territory[: decks["territory"]],
        "territory_discard": territory[decks["territory"] :],
        "adventure": adventure[: decks.get("adventure", 0)],
        "adventure_discard": adventure[decks.get("adventure", 0) :],
    }
    last = view["last"]
    conquests = list(last["conquered"]) if last and last["kind"] == "attack" else []
    described: dict[str, Any] = {
        "role": me,
        "number": turn["number"],
        "phase": turn["phase"],
        "conquests": conquests,
        "sites": any(t in g.sites for t in conquests),
    }
    if turn["phase"] == "reinforce":
        found = _POOL.search(view["prompt"])
        described["pool"] = int(found.group(1)) if found else 0
        described["started"] = True
    position: dict[str, Any] = {
        "options": dict(view["options"]),
        "owners": owners,
        "troops": {t["id"]: int(t["troops"]) for t in land},
        "leaders": {r: at for r, at in leaders.items() if r in players},
        "hands": hands,
        "decks": piles,
        "played": played,
        "order": list(view["order"]),
        "eliminated": [r for r, p in players.items() if p["eliminated"] and not p["dropped"]],
        "turn": described,
        "armed": {me: [{"card": a["card"]["id"], "when": list(a["when"])} for a in view["armed"]]},
        "seed": rng.bits(62),
    }
    if any(p["dropped"] for p in players.values()):
        position["dropped"] = [r for r, p in players.items() if p["dropped"]]
        position["resigned"] = [r for r, p in players.items() if p["resigned"]]
    if view["ring"] is not None:
        position["ring"] = {"step": view["ring"]["step"], "done": view["ring"]["done"]}
    return position


def considered(action: Action) -> bool:
    """Whether the search weighs ``action`` (see :data:`UNDOABLE`)."""
    return action.verb not in UNDOABLE


def evaluate(state: State, role: str) -> float:
    """How well ``role`` stands in a playout cut short, in ``[0, 1]``: its share of the players'
    strength (score: territories, regions, strongholds, card points; plus battalions and cards
    in hand), so an even table gives each the fair share."""
    strength: dict[str, float] = {}
    for player in in_game(state):
        held = [t for t, o in state["owner"].items() if o == player]
        hand = state["hands"][player]
        strength[player] = (
            score(state, player)["total"]
            + 0.3 * sum(state["troops"][t] for t in held)
            + 0.5 * (len(hand["territory"]) + len(hand["adventure"]))
        ) ** 2
    total = sum(strength.values())
    return strength.get(role, 0.0) / total if total else 0.0


#: Battalions an attack must have beyond the defender's to be worth it.
MARGIN = 2


class RuleBasedPlayer:
    """Scores each legal action from the view; a small random term breaks ties."""

    def decide(self, seat: Seat) -> Action:
        land = seat.view["territories"]
        owner = {t["id"]: t["owner"] for t in land}
        troops = {t["id"]: int(t["troops"]) for t in land}
        return _best(seat.actions, owner, troops, seat.view["edition"], seat.role, seat.rng())


def playout_action(state: State, role: str, actions: Sequence[Action], rng: Generator) -> Action:
    """The rule-based choice read straight from a (sampled) state: the search's playouts."""
    return _best(actions, state["owner"], state["troops"], state["options"]["edition"], role, rng)


def _best(
    actions: Sequence[Action],
    owner: Mapping[str, str],
    troops: Mapping[str, int],
    edition: str,
    role: str,
    rng: Generator,
) -> Action:
    """The best scored action, a random term of up to 0.5 added to each score (drawn in the
    actions' order; the first of equal totals). The playouts' hot loop: a score more than 0.5
    below the best can never win, so only the draws of the others are computed
    (:meth:`Generator.randoms_at`: the same values, the generator left where drawing them all
    leaves it)."""
    neighbours = geometry(edition).neighbours
    scores = [_score(action, owner, troops, neighbours, role) for action in actions]
    floor = max(scores) - 0.5
    near = [i for i, score in enumerate(scores) if score >= floor]
    best, best_total = actions[0], -math.inf
    for i, draw in zip(near, rng.randoms_at(len(actions), near), strict=True):
        total = scores[i] + draw * 0.5
        if total > best_total:
            best, best_total = actions[i], total
    return best


def _score(
    action: Action,
    owner: Mapping[str, str],
    troops: Mapping[str, int],
    neighbours: Mapping[str, Sequence[str]],
    role: str,
) -> float:
    """The rule-based player's liking for ``action`` (see the module's text)."""
    verb, args = action.verb, action.args
    if verb == "attack" and len(args) == 2:
        return float(int(troops.get(args[0], 0)) - int(troops.get(args[1], 0)) - MARGIN)
    if verb in ("roll", "defend", "advance") and args and args[-1].isdigit():
        return float(args[-1])
    if verb == "until":
        return -5.0
    if verb == "place" and len(args) == 2 and args[1].isdigit():
        return float(args[1]) + 3.0 * min(_border(args[0], owner, neighbours, role), 3)
    if verb == "claim" and args:
        return float(_border(args[0], owner, neighbours, role))
    if verb == "done":
        return 5.0
    if verb in ("from", "to"):
        return -5.0
    return 0.0


def _border(
    territory: str, owner: Mapping[str, str], neighbours: Mapping[str, Sequence[str]], role: str
) -> int:
    """Enemy (or neutral) territories next to ``territory``."""
    return sum(1 for other in neighbours.get(territory, ()) if other in owner and owner[other] != role)
