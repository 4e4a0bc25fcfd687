"""Hand-made War of the Ring views in the renderer's contract (``docs/rendering-war-of-the-ring.md``),
for the tests and the benchmark: the starting position (rules §3), a mid-game siege with
captured settlements and the Fellowship revealed, the Mordor Track, a finished game, and
private views with a hand. They read the game's data files, not the engine."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from renderers.common.paths import DATA_DIR

GAME = DATA_DIR / "war_of_the_ring"
COMPANIONS = ["gandalf_grey", "strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin"]
FREE_FACES = ["character", "character", "muster", "army_muster", "event", "will"]
SHADOW_FACES = ["character", "army", "muster", "army_muster", "event", "eye"]


def _load(name: str) -> Any:
    return json.loads((GAME / name).read_text(encoding="utf-8"))


REGIONS = _load("regions.json")["regions"]
NATIONS = _load("nations.json")["nations"]
CARDS = _load("cards.json")["cards"]


def _cards(side: str, count: int, seed: int) -> list[str]:
    mine = [c["id"] for c in CARDS if c["side"] == side]
    return random.Random(seed).sample(mine, count)


def start(audience: str | None = None) -> dict[str, Any]:
    """Turn 1 after the action roll: the set-up of the rules (§3) on the map."""
    regions = [
        {
            "id": r["id"],
            "units": copy.deepcopy(r["start"]),
            "characters": [],
            "control": None,
            "besieged": False,
        }
        for r in REGIONS
        if r["start"]
    ]
    view: dict[str, Any] = {
        "game": "war-of-the-ring",
        "audience": audience,
        "turn": 1,
        "phase": "actions",
        "active": ["free"],
        "prompt": "Free Peoples: choose an action die to use, or pass.",
        "result": None,
        "regions": regions,
        "politics": {
            n["id"]: {"steps": n["politics"]["steps"], "active": n["politics"]["active"]} for n in NATIONS
        },
        "vp": {"free": 0, "shadow": 0},
        "fellowship": {
            "region": "rivendell",
            "progress": 0,
            "revealed": False,
            "corruption": 0,
            "mordor": None,
            "companions": list(COMPANIONS),
            "guide": "gandalf_grey",
        },
        "hunt": {"box": {"shadow": 1, "free": 0}, "pool": 16, "drawn": []},
        "dice": {
            "free": {"unused": ["character", "will", "muster", "event"], "used": []},
            "shadow": {
                "unused": ["army", "character", "muster", "army_muster", "event", "character"],
                "used": [],
            },
        },
        "rings": {"free": 3, "shadow": 0},
        "cards": {
            "free": {"hand": None, "hand_count": 2, "decks": {"character": 23, "strategy": 23}},
            "shadow": {"hand": None, "hand_count": 2, "decks": {"character": 23, "strategy": 23}},
        },
        "last": None,
        "battle": None,
        "names": {"free": "Frodo's friend", "shadow": "The Dark Lord"},
    }
    if audience in ("free", "shadow"):
        view["cards"][audience]["hand"] = _cards(audience, 2, 1)
    return view


def midgame(audience: str | None = None) -> dict[str, Any]:
    """Turn 6: Minas Tirith besieged (the battle on), Pelargir and Dale captured, Dol Guldur taken
    by the Free Peoples, the Fellowship revealed in the Dead Marshes, companions and minions out."""
    view = start(audience)
    view.update(turn=6, phase="actions", active=["shadow"], prompt="Shadow: choose a combat card, or none.")
    view["regions"] = [
        {
            "id": "minas_tirith",
            "units": {
                "sauron": {"regular": 6, "elite": 3, "leader": 2},
                "southrons": {"regular": 2, "elite": 0, "leader": 0},
            },
            "characters": ["witch_king"],
            "garrison": {"gondor": {"regular": 3, "elite": 2, "leader": 1}},
            "garrison_characters": ["boromir", "gandalf_white"],
            "control": None,
            "besieged": True,
        },
        {
            "id": "osgiliath",
            "units": {"sauron": {"regular": 2, "elite": 0, "leader": 1}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "pelargir",
            "units": {"southrons": {"regular": 3, "elite": 1, "leader": 0}},
            "characters": [],
            "control": "shadow",
            "besieged": False,
        },
        {
            "id": "dale",
            "units": {"sauron": {"regular": 2, "elite": 0, "leader": 0}},
            "characters": [],
            "control": "shadow",
            "besieged": False,
        },
        {
            "id": "erebor",
            "units": {
                "dwarves": {"regular": 2, "elite": 2, "leader": 1},
                "north": {"regular": 1, "elite": 0, "leader": 1},
            },
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "dol_guldur",
            "units": {"elves": {"regular": 1, "elite": 2, "leader": 1}},
            "characters": ["legolas"],
            "control": "free",
            "besieged": False,
        },
        {
            "id": "lorien",
            "units": {"elves": {"regular": 1, "elite": 1, "leader": 1}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "orthanc",
            "units": {"isengard": {"regular": 4, "elite": 3, "leader": 0}},
            "characters": ["saruman"],
            "control": None,
            "besieged": False,
        },
        {
            "id": "fords_of_isen",
            "units": {"isengard": {"regular": 3, "elite": 2, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "helms_deep",
            "units": {"rohan": {"regular": 3, "elite": 2, "leader": 2}},
            "characters": ["aragorn", "gimli"],
            "control": None,
            "besieged": False,
        },
        {"id": "edoras", "units": {}, "characters": [], "control": "shadow", "besieged": False},
        {
            "id": "barad_dur",
            "units": {"sauron": {"regular": 4, "elite": 1, "leader": 1}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "morannon",
            "units": {"sauron": {"regular": 5, "elite": 0, "leader": 2}},
            "characters": ["mouth_of_sauron"],
            "control": None,
            "besieged": False,
        },
        {
            "id": "umbar",
            "units": {"southrons": {"regular": 3, "elite": 0, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "far_harad",
            "units": {"southrons": {"regular": 1, "elite": 1, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "grey_havens",
            "units": {"elves": {"regular": 1, "elite": 1, "leader": 1}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "the_shire",
            "units": {"north": {"regular": 1, "elite": 0, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "rivendell",
            "units": {"elves": {"regular": 0, "elite": 2, "leader": 1}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "moria",
            "units": {"sauron": {"regular": 2, "elite": 0, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {
            "id": "mount_gundabad",
            "units": {"sauron": {"regular": 3, "elite": 0, "leader": 0}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
        {"id": "dead_marshes", "units": {}, "characters": [], "control": None, "besieged": False},
    ]
    view["regions"] = [
        r
        for r in view["regions"]
        if r["units"] or r["characters"] or r["control"] or r["id"] != "dead_marshes"
    ]
    view["politics"] = {
        "dwarves": {"steps": 0, "active": True},
        "elves": {"steps": 0, "active": True},
        "gondor": {"steps": 0, "active": True},
        "north": {"steps": 1, "active": True},
        "rohan": {"steps": 0, "active": True},
        "isengard": {"steps": 0, "active": True},
        "sauron": {"steps": 0, "active": True},
        "southrons": {"steps": 0, "active": True},
    }
    view["vp"] = {"free": 2, "shadow": 4}
    view["fellowship"] = {
        "region": "dead_marshes",
        "progress": 0,
        "revealed": True,
        "corruption": 5,
        "mordor": None,
        "companions": ["meriadoc", "peregrin"],
        "guide": "meriadoc",
    }
    view["hunt"] = {
        "box": {"shadow": 3, "free": 1},
        "allocated": 2,
        "eyes": 1,
        "pool": 9,
        "drawn": ["eye_1", "3_2", "1r_1", "2_1", "0r_1", "1_2", "eye_3"],
    }
    view["dice"] = {
        "free": {"unused": ["character", "army_muster"], "used": ["muster", "will", "event"]},
        "shadow": {
            "unused": ["army", "muster", "event"],
            "used": ["character", "army", "army_muster", "character", "muster"],
        },
    }
    view["rings"] = {"free": 1, "shadow": 1}
    view["cards"] = {
        "free": {"hand": None, "hand_count": 4, "decks": {"character": 14, "strategy": 12}},
        "shadow": {"hand": None, "hand_count": 5, "decks": {"character": 13, "strategy": 11}},
    }
    if audience in ("free", "shadow"):
        view["cards"][audience]["hand"] = _cards(audience, view["cards"][audience]["hand_count"], 6)
    view["last"] = {
        "side": "shadow",
        "from": None,
        "to": None,
        "regions": ["minas_tirith"],
        "text": "The Shadow presses the siege of Minas Tirith.",
    }
    view["battle"] = {
        "region": "minas_tirith",
        "attacker": "shadow",
        "defender": "free",
        "from": "minas_tirith",
        "round": 2,
        "siege": True,
        "sortie": False,
        "relief": False,
        "strength": {"shadow": 5, "free": 3},
        "leadership": {"shadow": 2, "free": 1},
        "rolls": {
            "shadow": {"dice": [6, 3, 5, 1, 6], "rerolls": [2, 6], "target": 6, "hits": 3},
            "free": {"dice": [5, 2, 4], "rerolls": [5], "target": 5, "hits": 2},
        },
    }
    return view


def mordor(audience: str | None = None) -> dict[str, Any]:
    """Turn 11: the Fellowship on the Mordor Track (step 3), Gollum guiding, special tiles drawn."""
    view = midgame(audience)
    view.update(
        turn=11, phase="actions", active=["free"], prompt="Free Peoples: move the Fellowship or hide it."
    )
    view["battle"] = None
    view["fellowship"] = {
        "region": None,
        "progress": 0,
        "revealed": False,
        "corruption": 8,
        "mordor": 3,
        "companions": [],
        "guide": "gollum",
    }
    view["hunt"] = {
        "box": {"shadow": 4, "free": 1},
        "pool": 6,
        "drawn": ["eye_2", "3_1", "elven_cloaks", "shelobs_lair", "2r_1"],
    }
    view["regions"] = [r for r in view["regions"] if r["id"] != "minas_tirith"] + [
        {
            "id": "minas_tirith",
            "units": {"sauron": {"regular": 5, "elite": 2, "leader": 1}},
            "characters": [],
            "control": "shadow",
            "besieged": False,
        },
        {
            "id": "gorgoroth",
            "units": {"sauron": {"regular": 3, "elite": 0, "leader": 3}},
            "characters": [],
            "control": None,
            "besieged": False,
        },
    ]
    view["vp"] = {"free": 2, "shadow": 8}
    view["last"] = {
        "regions": [],
        "text": "The Fellowship moved on the Mordor Track: Shelob's Lair, 4 Corruption.",
    }
    return view


def finished() -> dict[str, Any]:
    """The Shadow reached 10 victory points."""
    view = mordor(None)
    view.update(turn=12, phase="victory", active=[], prompt="")
    view["result"] = {
        "winners": ["shadow"],
        "text": "The Shadow controls enough Free Peoples settlements: 10 victory points.",
    }
    view["vp"] = {"free": 2, "shadow": 10}
    return view


def all_samples() -> dict[str, dict[str, Any]]:
    return {
        "start-public": start(None),
        "start-free": start("free"),
        "midgame-public": midgame(None),
        "midgame-shadow": midgame("shadow"),
        "mordor-free": mordor("free"),
        "mordor-public": mordor(None),
        "finished": finished(),
    }
