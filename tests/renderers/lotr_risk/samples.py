"""Hand-made Risk views in the schema of ``docs/dev/lotr_risk.md`` ("The view"), for tests and the
benchmark: both editions, 2/3/4 players, lotr and plain, the claims, a battle with a roll, a
private view with a hand, a finished game. They read the game's data files, not the engine."""

from __future__ import annotations

import json
import random
from typing import Any

from renderers.common.paths import DATA_DIR

GAME = DATA_DIR / "lotr_risk"
COLOURS = {"green": "#2f8f3a", "black": "#2b2b2b", "yellow": "#e3b505", "red": "#b3261e"}
ROLES = {2: ["green", "black"], 3: ["black", "green", "red"], 4: ["green", "black", "yellow", "red"]}
SIDES = {"green": "good", "yellow": "good", "black": "evil", "red": "evil"}
EDITIONS = ("middle-earth", "trilogy")


def _load(name: str) -> Any:
    return json.loads((GAME / name).read_text(encoding="utf-8"))


TERRITORIES = _load("territories.json")["territories"]
PATHS = _load("path.json")
CARDS = [c for c in _load("adventure.json")["cards"] if c["kind"] != "event"]


def territories(edition: str) -> list[dict[str, Any]]:
    return [t for t in TERRITORIES if edition in t["editions"]]


def regions(edition: str, table: str | None = None) -> list[dict[str, Any]]:
    """The edition's regions as the view lists them, with their bonus in ``table`` (default:
    the edition's own)."""
    chosen = table or _load("setup.json")["editions"][edition]["bonus_table"]
    return [
        {"id": r["id"], "name": r["name"], "colour": r["colour"], "bonus": r["bonus"][chosen]}
        for r in _load("regions.json")["regions"]
        if edition in r["editions"]
    ]


def base(
    edition: str = "middle-earth",
    players: int = 3,
    mode: str = "lotr",
    *,
    seed: int = 1,
    empty: float = 0.0,
    audience: str | None = None,
    names: bool = True,
) -> dict[str, Any]:
    """A mid-game view: every territory owned (``empty`` of them still empty: the claims)."""
    rng = random.Random(seed)
    roles = ROLES[players]
    owners = [*roles, "neutral"] if players == 2 else list(roles)
    lotr = mode == "lotr"
    board = territories(edition)
    entries = []
    for territory in board:
        claimed = rng.random() >= empty
        owner = rng.choice(owners) if claimed else None
        entries.append(
            {
                "id": territory["id"],
                "name": territory["name"],
                "region": territory["region"],
                "owner": owner,
                "troops": (rng.choice([1, 1, 2, 3, 4, 5, 7, 9, 12]) if claimed else 0),
                "leaders": 0,
                "stronghold": bool(territory.get("stronghold")) and lotr,
                "site": bool(territory.get("site")) and lotr,
            }
        )
    if lotr:
        for role in roles:
            mine = [e for e in entries if e["owner"] == role]
            for entry in mine[:2] if role in ("green", "black") else mine[:1]:
                entry["leaders"] += 1
    path = PATHS[edition]
    step = rng.randrange(len(path) - 1) if lotr else 0
    player_entries = []
    for role in roles:
        mine = [e for e in entries if e["owner"] == role]
        player_entries.append(
            {
                "role": role,
                "name": role.title(),
                "allegiance": SIDES[role] if lotr else None,
                "colour": COLOURS[role],
                "territories": len(mine),
                "battalions": sum(e["troops"] for e in mine),
                "reinforcements": max(3, len(mine) // 3) + rng.choice([0, 0, 2, 5]),
                "cards": rng.randrange(0, 5),
                "adventure_cards": rng.randrange(0, 4) if lotr else 0,
                "score": (len(mine) + rng.randrange(0, 10)) if lotr else None,
                "eliminated": False,
                "played": [rng.choice(CARDS)["id"]] if lotr and rng.random() < 0.5 else [],
            }
        )
    neutral_entries = [e for e in entries if e["owner"] == "neutral"]
    view: dict[str, Any] = {
        "game": "lotr-risk",
        "audience": audience,
        "seq": 40 + seed,
        "options": {"edition": edition, "mode": mode, "players": str(players)},
        "edition": edition,
        "mode": mode,
        "active": [roles[0]],
        "prompt": f"{roles[0].title()}: attack <from> <to>, or end to fortify.",
        "result": None,
        "players": player_entries,
        "neutral": (
            {"territories": len(neutral_entries), "battalions": sum(e["troops"] for e in neutral_entries)}
            if players == 2
            else None
        ),
        "turn": {"number": 5, "role": roles[0], "phase": "attack"},
        "territories": entries,
        "regions": regions(edition),
        "ring": (
            {
                "territory": path[step]["territory"],
                "step": step,
                "steps": len(path),
                "die": path[step]["die"],
                "done": False,
            }
            if lotr
            else None
        ),
        "battle": None,
        "last": None,
        "hand": None,
        "effects": [],
        "log": [
            f"{roles[-1].title()} fortified 3 battalions.",
            f"{roles[0].title()} received 7 battalions.",
            f"{roles[0].title()} placed 7 battalions.",
        ],
    }
    if names:
        view["names"] = {
            role: name for role, name in zip(roles, ["Aragorn", "Éowyn", "Gimli", "Faramir"], strict=False)
        }
    return view


def _pair(view: dict[str, Any], attacker: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A territory of ``attacker`` and an enemy one, adjacent in the game."""
    edges = _load("adjacency.json")["edges"]
    by_id = {t["id"]: t for t in view["territories"]}
    for edge in edges:
        if view["edition"] not in edge["editions"]:
            continue
        for a, b in ((edge["a"], edge["b"]), (edge["b"], edge["a"])):
            if by_id[a]["owner"] == attacker and by_id[b]["owner"] not in (attacker, None):
                return by_id[a], by_id[b]
    raise AssertionError("no attack possible")


def claims(edition: str = "middle-earth", players: int = 3) -> dict[str, Any]:
    """The claims: many territories still empty, one battalion each on the others."""
    view = base(edition, players, seed=3, empty=0.55)
    for territory in view["territories"]:
        if territory["owner"] is not None:
            territory["troops"] = 1
        territory["leaders"] = 0
    roles = ROLES[players]
    for player in view["players"]:
        mine = [t for t in view["territories"] if t["owner"] == player["role"]]
        player.update(
            territories=len(mine), battalions=len(mine), score=None, played=[], cards=9, adventure_cards=0
        )
    view.update(
        turn={"number": 0, "role": roles[1], "phase": "claim"},
        active=[roles[1]],
        prompt=f"{roles[1].title()}: claim an empty territory (claim <territory>).",
        log=["Green claimed Rohan.", "Black claimed Moria."],
    )
    return view


def battle(edition: str = "middle-earth", players: int = 3, mode: str = "lotr") -> dict[str, Any]:
    """An attack under way, with the last roll on the table."""
    view = base(edition, players, mode, seed=5)
    attacker = ROLES[players][0]
    origin, target = _pair(view, attacker)
    origin["troops"] = 9
    view["battle"] = {
        "from": origin["id"],
        "to": target["id"],
        "attacker": attacker,
        "defender": target["owner"],
        "last_roll": {"attack": [6, 4, 2], "defence": [5, 4], "lost": {"attack": 1, "defence": 1}},
    }
    view["last"] = {"kind": "rolled", "from": origin["id"], "to": target["id"], "conquered": []}
    view["turn"]["phase"] = "battle"
    view["prompt"] = f"{attacker.title()}: roll 1-3 dice again, or stop."
    return view


def conquest(edition: str = "trilogy", players: int = 4) -> dict[str, Any]:
    """Just after a conquest (the conquered territory highlighted), with an effect in force."""
    view = base(edition, players, seed=7)
    attacker = ROLES[players][0]
    origin, target = _pair(view, attacker)
    target["owner"] = attacker
    target["troops"] = 3
    view["last"] = {
        "kind": "conquered",
        "from": origin["id"],
        "to": target["id"],
        "conquered": [target["id"]],
    }
    view["effects"] = [
        {
            "kind": "winter_storms",
            "text": "Winter Storms: no attacks into or out of Rohan, Moria, Lorien until turn 6.",
            "territories": [],
        }
    ]
    return view


def private(edition: str = "middle-earth", players: int = 3, role: str | None = None) -> dict[str, Any]:
    """A player's own view: his hand of territory and adventure cards."""
    audience = role or ROLES[players][0]
    view = base(edition, players, seed=9, audience=audience)
    board = territories(edition)
    view["hand"] = {
        "territory": [
            {"id": board[3]["id"], "name": board[3]["name"], "symbol": board[3]["card"]["symbol"]},
            {"id": board[20]["id"], "name": board[20]["name"], "symbol": board[20]["card"]["symbol"]},
            {"id": "wild-1", "name": "Wild", "symbol": None},
        ],
        "adventure": [{"id": "ambush", "name": "Ambush"}, {"id": "gollum", "name": "Gollum"}],
    }
    view["active"] = [audience]
    view["turn"] = {"number": 6, "role": audience, "phase": "reinforce"}
    view["prompt"] = "Place 7 battalions (place <territory> <count>), trade cards, or done."
    return view


def finished(edition: str = "trilogy", players: int = 4) -> dict[str, Any]:
    """A finished game: the Ring's journey is over and the winner is named."""
    view = base(edition, players, seed=11)
    winner = ROLES[players][0]
    view["result"] = {
        "winners": [winner],
        "reason": "ring_destroyed",
        "args": {},
        "text": "The Ring was destroyed; Green has the most points (34).",
    }
    view["active"] = []
    path = PATHS[edition]
    view["ring"] = {
        "territory": path[-1]["territory"],
        "step": len(path) - 1,
        "steps": len(path),
        "die": True,
        "done": True,
    }
    view["players"][-1]["eliminated"] = True
    return view


def plain(edition: str = "middle-earth", players: int = 2) -> dict[str, Any]:
    """Plain Risk (world conquest): no leaders, strongholds, sites, Ring or scores."""
    return battle(edition, players, mode="plain")


def all_samples() -> dict[str, dict[str, Any]]:
    """Every sample, by a readable name."""
    samples: dict[str, dict[str, Any]] = {}
    for edition in EDITIONS:
        for players in (2, 3, 4):
            samples[f"{edition}-{players}p"] = base(edition, players, seed=players)
            samples[f"{edition}-{players}p-battle"] = battle(edition, players)
        samples[f"{edition}-claims"] = claims(edition, 3)
        samples[f"{edition}-private"] = private(edition, 3)
        samples[f"{edition}-finished"] = finished(edition, 4)
        samples[f"{edition}-conquest"] = conquest(edition, 4)
        samples[f"{edition}-plain-2p"] = plain(edition, 2)
        samples[f"{edition}-plain-4p"] = base(edition, 4, "plain", seed=13)
    return samples
