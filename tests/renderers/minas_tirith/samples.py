"""Hand-made Minas Tirith views in the shape of MT_DESIGN §8 (the engine's view), for tests and
the benchmark: the set-up, a land attack with its dice and a retreat, a bombardment with the
ranges shown, the gate broken with Mordor in the city, a finished game. They read the game's
data files, not the engine."""

from __future__ import annotations

import copy
import json
from typing import Any

from renderers.common.paths import DATA_DIR

GAME = DATA_DIR / "minas_tirith"


def _load(name: str) -> Any:
    return json.loads((GAME / name).read_text(encoding="utf-8"))


SPACES = [s["id"] for s in _load("board.json")["spaces"]]
SETUP = _load("setup.json")
MT_CARDS = {c["id"]: c for c in _load("mt_cards.json")["cards"]}
REINFORCEMENTS = _load("reinforcements.json")["cards"]


def _mt(card: str, holds: dict[str, int] | None = None) -> dict[str, Any]:
    entry = MT_CARDS[card]
    return {
        "id": card,
        "name": entry["name"],
        "side": entry["side"],
        "kind": entry["kind"],
        "holds": dict(holds or {}),
    }


def _hand(ids: list[str]) -> list[dict[str, Any]]:
    by_id = {c["id"]: c for c in REINFORCEMENTS}
    return [{"id": i, "figure": by_id[i]["figure"], "sword": by_id[i]["sword"]} for i in ids]


def _placements() -> list[tuple[str, str, dict[str, int], list[str]]]:
    out = []
    for entry in SETUP["placements"]:
        out.append((entry["side"], entry["space"], dict(entry["units"]), list(entry.get("leaders") or [])))
    return out


def setup(audience: str | None = None) -> dict[str, Any]:
    """The set-up, Gondor choosing the first die of round 1."""
    spaces: dict[str, Any] = {s: {"side": None, "units": {}, "leaders": []} for s in SPACES}
    for side, space, units, leaders in _placements():
        spaces[space] = {"side": side, "units": units, "leaders": leaders}
    return {
        "game": "minas-tirith",
        "audience": audience,
        "round": 1,
        "turn_in_round": 1,
        "current": "good",
        "phase": "choose_die",
        "dice": {"rolled": [5, 3, 2], "taken": [], "left": [5, 3, 2]},
        "points_left": 0,
        "spaces": spaces,
        "gate": {"broken": False, "blows": 0},
        "players": {
            "good": {
                "hand": _hand([c["id"] for c in REINFORCEMENTS[:2]]),
                "mt_cards": [],
                "captured": {},
                "points": 0,
                "shot_from": [],
            },
            "evil": {
                "hand": _hand([c["id"] for c in REINFORCEMENTS[2:4]]),
                "mt_cards": [],
                "captured": {},
                "points": 0,
                "shot_from": [],
            },
        },
        "decks": {"reinforcements": 62, "mt": 16, "used_reinforcements": 0, "put_aside_mt": []},
        "last": None,
        "result": None,
    }


def land_attack(audience: str | None = None) -> dict[str, Any]:
    """Round 3: Mordor attacked the Causeway Forts from the Causeway, rolled two sixes; Gondor
    retreated to the Fort of the Road. Mordor has points left."""
    view = setup(audience)
    spaces = view["spaces"]
    spaces["causeway_forts"] = {
        "side": "evil",
        "units": {"orcs": 3, "crossbows": 2, "trolls": 1},
        "leaders": ["witch_king"],
    }
    spaces["causeway"] = {"side": "evil", "units": {"orcs": 2}, "leaders": []}
    spaces["road_fort"] = {"side": "good", "units": {"infantry": 3, "archers": 2}, "leaders": ["faramir"]}
    spaces["rammas_northeast"] = {"side": "evil", "units": {"wargs": 2}, "leaders": ["gothmog"]}
    spaces["northern_camps"] = {"side": "evil", "units": {"orcs": 3, "wargs": 1}, "leaders": []}
    spaces["pelennor"] = {
        "side": "good",
        "units": {"cavalry": 3, "cavalry_archers": 1},
        "leaders": ["theoden"],
    }
    spaces["before_the_gate"] = {
        "side": "good",
        "units": {"infantry": 2, "cavalry": 1},
        "leaders": ["gandalf"],
    }
    spaces["rammas_southeast"] = {"side": None, "units": {}, "leaders": []}
    spaces["south_farmsteads"] = {
        "side": "evil",
        "units": {"black_riders": 2, "oliphaunts": 1},
        "leaders": ["black_serpent"],
    }
    view.update(
        round=3,
        turn_in_round=2,
        current="evil",
        phase="actions",
        dice={
            "rolled": [6, 4, 1],
            "taken": [{"role": "good", "pips": 4}, {"role": "evil", "pips": 6}],
            "left": [1],
        },
        points_left=3,
        last={
            "kind": "land",
            "role": "evil",
            "from": "causeway",
            "to": "causeway_forts",
            "dice": {"attack": [6, 6, 2], "defence": [5, 3]},
            "sixes": {"good": 0, "evil": 2},
            "losses": {"evil": 1, "good": 2},
            "retreat": [{"from": "causeway_forts", "to": "road_fort"}],
        },
    )
    view["players"]["good"].update(
        captured={"orcs": 4, "wargs": 1},
        points=6,
        hand=_hand([c["id"] for c in REINFORCEMENTS[5:9]]),
        mt_cards=[
            _mt("aragorn", {"infantry": 2, "archers": 1}),
            _mt("courage_of_gondor"),
            _mt("forced_march"),
        ],
    )
    view["players"]["evil"].update(
        captured={"infantry": 3, "cavalry": 1},
        points=5,
        hand=_hand([c["id"] for c in REINFORCEMENTS[10:13]]),
        mt_cards=[_mt("siege_tower"), _mt("grond"), _mt("mordor_reinforcements", {"orcs": 3, "trolls": 1})],
    )
    view["decks"] = {
        "reinforcements": 41,
        "mt": 9,
        "used_reinforcements": 14,
        "put_aside_mt": ["hidden_reserves"],
    }
    return view


def bombardment(audience: str | None = None) -> dict[str, Any]:
    """Gondor's archers on the Gate Wall shot at Before the Great Gate; the ranges are shown."""
    view = land_attack(audience)
    view["spaces"]["before_the_gate"] = {
        "side": "evil",
        "units": {"orcs": 4, "trolls": 2},
        "leaders": ["witch_king"],
    }
    view["spaces"]["causeway_forts"] = {"side": "evil", "units": {"orcs": 2}, "leaders": []}
    view["spaces"]["wall_gate"] = {"side": "good", "units": {"archers": 3}, "leaders": ["aragorn"]}
    view.update(
        current="good",
        turn_in_round=3,
        last={
            "kind": "ranged",
            "role": "good",
            "from": "wall_gate",
            "to": "before_the_gate",
            "dice": {"attack": [6, 3, 5]},
            "hits": 2,
        },
        ranges={
            "from": "wall_gate",
            "spaces": ["before_the_gate", "townlands_north", "townlands_south", "pelennor", "minas_tirith"],
        },
    )
    view["players"]["good"]["shot_from"] = ["wall_gate"]
    return view


def gate_broken(audience: str | None = None) -> dict[str, Any]:
    """Grond broke the gate; Mordor stands in the city and on a wall."""
    view = bombardment(audience)
    view.pop("ranges")
    view["gate"] = {"broken": True, "blows": 3}
    view["spaces"]["minas_tirith"] = {
        "side": "evil",
        "units": {"orcs": 3, "trolls": 1},
        "leaders": ["witch_king"],
    }
    view["spaces"]["wall_north"] = {"side": "evil", "units": {"orcs": 2, "crossbows": 1}, "leaders": []}
    view["spaces"]["before_the_gate"] = {"side": "evil", "units": {"orcs": 5, "trolls": 1}, "leaders": []}
    view.update(current="evil", last={"kind": "advance", "from": "before_the_gate", "to": "minas_tirith"})
    view["spaces"]["rammas_northeast"]["leaders"] = []  # Gothmog fell
    view["players"]["good"]["captured"] = {"orcs": 6, "wargs": 1, "gothmog": 1}
    view["players"]["good"]["points"] = 13
    return view


def finished(audience: str | None = None) -> dict[str, Any]:
    view = copy.deepcopy(gate_broken(audience))
    view.update(
        current=None,
        phase="over",
        result={
            "winner": "evil",
            "reason": "The last reinforcement card is drawn: Mordor 19 points, Gondor 12.",
        },
    )
    return view


def all_samples() -> dict[str, dict[str, Any]]:
    return {
        "setup": setup(),
        "setup_good": setup("good"),
        "land_attack": land_attack(),
        "bombardment": bombardment("good"),
        "gate_broken": gate_broken(),
        "finished": finished(),
    }
