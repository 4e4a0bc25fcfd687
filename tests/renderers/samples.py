"""Hand-made Confrontation views in the contract's schema (docs/dev/contracts.md), for tests.

They model what the engine produces without depending on it: the opening position, a battle
with cards on the table, the final reveal and a finished game, for each audience.
"""

from __future__ import annotations

import copy
from typing import Any

REGIONS: list[tuple[str, str, int, bool]] = [
    ("mordor", "Mordor", 4, False),
    ("dagorlad", "Dagorlad", 2, False),
    ("gondor", "Gondor", 2, False),
    ("mirkwood", "Mirkwood", 2, False),
    ("fangorn", "Fangorn", 2, False),
    ("rohan", "Rohan", 2, False),
    ("high_pass", "High Pass", 1, True),
    ("misty_mountains", "Misty Mountains", 1, True),
    ("caradhras", "Caradhras", 1, True),
    ("gap_of_rohan", "Gap of Rohan", 1, True),
    ("rhudaur", "Rhudaur", 2, False),
    ("eregion", "Eregion", 2, False),
    ("enedwaith", "Enedwaith", 2, False),
    ("arthedain", "Arthedain", 2, False),
    ("cardolan", "Cardolan", 2, False),
    ("shire", "The Shire", 4, False),
]

CHARACTERS: dict[str, tuple[str, int]] = {
    "frodo": ("Frodo", 1),
    "sam": ("Sam", 2),
    "pippin": ("Pippin", 1),
    "merry": ("Merry", 2),
    "gandalf": ("Gandalf", 5),
    "aragorn": ("Aragorn", 4),
    "legolas": ("Legolas", 3),
    "gimli": ("Gimli", 3),
    "boromir": ("Boromir", 0),
    "balrog": ("The Balrog", 5),
    "shelob": ("Shelob", 5),
    "witch_king": ("The Witch-king", 5),
    "saruman": ("Saruman", 4),
    "black_rider": ("The Black Rider", 3),
    "orcs": ("The Orcs", 2),
    "warg": ("The Warg", 2),
    "cave_troll": ("The Cave Troll", 9),
    "flying_nazgul": ("The Flying Nazgûl", 3),
    "wormtongue": ("Wormtongue", -1),
    "theoden": ("Théoden", 2),
    "smeagol": ("Sméagol", 0),
}

FELLOWSHIP_CARDS = ["1", "2", "3", "4", "5", "magic", "noble_sacrifice", "elven_cloak", "retreat_back"]
SAURON_CARDS = ["1", "2", "3", "4", "5", "6", "magic", "eye_of_sauron", "retreat_sideways"]
CARD_NAMES = {
    "magic": "Magic",
    "noble_sacrifice": "Noble Sacrifice",
    "elven_cloak": "Elven Cloak",
    "retreat_back": "Retreat (backwards)",
    "eye_of_sauron": "The Eye of Sauron",
    "retreat_sideways": "Retreat (sideways)",
    "shadowfax": "Shadowfax",
    "gandalf_the_white": "Gandalf the White",
    "palantir": "Palantír",
    "recall_to_mordor": "Recall to Mordor",
}

# Where each character stands: region -> side -> [(character, revealed to the enemy)]
OPENING: dict[str, dict[str, list[tuple[str, bool]]]] = {
    "shire": {"fellowship": [("frodo", False), ("sam", False), ("gandalf", False), ("merry", False)]},
    "arthedain": {"fellowship": [("aragorn", False)]},
    "cardolan": {"fellowship": [("pippin", False)]},
    "rhudaur": {"fellowship": [("legolas", False)]},
    "eregion": {"fellowship": [("gimli", False)]},
    "enedwaith": {"fellowship": [("boromir", False)]},
    "mordor": {"sauron": [("witch_king", False), ("saruman", False), ("cave_troll", False), ("orcs", False)]},
    "dagorlad": {"sauron": [("black_rider", False)]},
    "gondor": {"sauron": [("shelob", False)]},
    "mirkwood": {"sauron": [("flying_nazgul", False)]},
    "fangorn": {"sauron": [("warg", False)]},
    "rohan": {"sauron": [("balrog", False)]},
}


def card(card_id: str) -> dict[str, str]:
    return {"id": card_id, "name": CARD_NAMES.get(card_id, card_id)}


def piece(character: str, revealed: bool, *, known: bool) -> dict[str, Any]:
    """A piece as an audience sees it: known (own, or revealed) or hidden."""
    if not known:
        return {"character": None, "name": None, "strength": None, "revealed": False}
    name, strength = CHARACTERS[character]
    return {"character": character, "name": name, "strength": strength, "revealed": revealed}


def project(
    side: str, entries: list[tuple[str, bool]], audience: str | None, reveal_all: bool
) -> list[dict[str, Any]]:
    """Pieces of ``side`` for ``audience``: known first, hidden after (in a fixed order)."""
    known = [piece(c, r, known=True) for c, r in entries if reveal_all or r or audience == side]
    hidden = [piece(c, r, known=False) for c, r in entries if not (reveal_all or r or audience == side)]
    return known + hidden


def build_view(
    placement: dict[str, dict[str, list[tuple[str, bool]]]],
    audience: str | None,
    *,
    reveal_all: bool = False,
    seq: int = 0,
    turn: tuple[int, str] = (1, "sauron"),
    active: list[str] | None = None,
    prompt: str = "",
    result: dict[str, Any] | None = None,
    battle: dict[str, Any] | None = None,
    last_move: dict[str, Any] | None = None,
    discard: dict[str, list[str]] | None = None,
    defeated: dict[str, list[str]] | None = None,
    specials: dict[str, list[str]] | None = None,
    specials_used: dict[str, list[str]] | None = None,
    log: list[str] | None = None,
) -> dict[str, Any]:
    """A Confrontation view in the contract's schema."""
    discard = discard or {"fellowship": [], "sauron": []}
    specials = specials or {"fellowship": [], "sauron": []}
    specials_used = specials_used or {"fellowship": [], "sauron": []}
    regions = []
    for slug, name, capacity, mountain in REGIONS:
        here = placement.get(slug, {})
        regions.append(
            {
                "id": slug,
                "name": name,
                "capacity": capacity,
                "mountain": mountain,
                "pieces": {
                    side: project(side, here.get(side, []), audience, reveal_all)
                    for side in ("fellowship", "sauron")
                },
            }
        )
    cards: dict[str, Any] = {}
    for side, deck in (("fellowship", FELLOWSHIP_CARDS), ("sauron", SAURON_CARDS)):
        hand = [c for c in deck if c not in discard.get(side, [])]
        if battle and battle["played"].get(side):
            hand = [c for c in hand if c != battle["played"][side]["id"]]
        mine = audience == side or reveal_all
        cards[side] = {
            "hand": [card(c) for c in hand] if mine else None,
            "hand_count": len(hand),
            "discard": [card(c) for c in discard.get(side, [])],
            "specials": [card(c) for c in specials.get(side, [])] if mine else None,
            "specials_count": len(specials.get(side, [])),
            "specials_used": [card(c) for c in specials_used.get(side, [])],
        }
    fallen = defeated or {"fellowship": [], "sauron": []}
    return {
        "game": "confrontation",
        "audience": audience,
        "seq": seq,
        "options": {"variant": "classic", "specials": "2002"},
        "active": active if active is not None else [turn[1]],
        "prompt": prompt,
        "result": result,
        "turn": {"number": turn[0], "side": turn[1]},
        "regions": regions,
        "defeated": {
            side: [{"character": c, "name": CHARACTERS[c][0]} for c in fallen.get(side, [])]
            for side in ("fellowship", "sauron")
        },
        "cards": cards,
        "battle": battle,
        "last_move": last_move,
        "log": list(log or []),
    }


def opening(audience: str | None) -> dict[str, Any]:
    """The position after setup, Sauron to move."""
    prompt = {
        None: "Waiting for Sauron to move a character.",
        "sauron": "Move one of your characters one region forward.",
        "fellowship": "Waiting for Sauron to move a character.",
    }[audience]
    return build_view(
        OPENING,
        audience,
        specials={
            "fellowship": ["shadowfax", "gandalf_the_white"],
            "sauron": ["palantir", "recall_to_mordor"],
        },
        prompt=prompt,
        log=["The Fellowship placed its characters.", "Sauron placed his characters."],
    )


MIDGAME: dict[str, dict[str, list[tuple[str, bool]]]] = {
    "shire": {"fellowship": [("sam", False), ("merry", True)]},
    "arthedain": {"fellowship": [("frodo", False)]},
    "cardolan": {"fellowship": [("pippin", False)], "sauron": []},
    "eregion": {"fellowship": [("gandalf", False), ("gimli", True)]},
    "caradhras": {"fellowship": [("aragorn", True)], "sauron": [("cave_troll", True)]},
    "misty_mountains": {"sauron": [("orcs", False)]},
    "mordor": {"sauron": [("witch_king", False), ("saruman", False)]},
    "dagorlad": {"sauron": [("black_rider", False)]},
    "gondor": {"sauron": [("shelob", True)]},
    "fangorn": {"sauron": [("warg", False), ("flying_nazgul", False)]},
    "enedwaith": {"fellowship": [("legolas", False)]},
}


def mid_battle(audience: str | None, *, revealed: bool = True) -> dict[str, Any]:
    """Aragorn attacked the Cave Troll in Caradhras; cards are on the table (or being chosen)."""
    played = (
        {"fellowship": card("elven_cloak"), "sauron": card("6")}
        if revealed
        else {"fellowship": None, "sauron": None}
    )
    battle = {
        "region": "caradhras",
        "attacker": {"side": "fellowship", "piece": piece("aragorn", True, known=True)},
        "defender": {"side": "sauron", "piece": piece("cave_troll", True, known=True)},
        "played": played,
        "chosen": {"fellowship": True, "sauron": revealed},
    }
    return build_view(
        MIDGAME,
        audience,
        seq=23,
        turn=(9, "fellowship"),
        active=["sauron"] if not revealed else ["fellowship"],
        prompt="Aragorn fights The Cave Troll in Caradhras." if revealed else "Choose a combat card.",
        battle=battle,
        last_move={
            "side": "fellowship",
            "from": "eregion",
            "to": "caradhras",
            "text": "Aragorn attacks Caradhras",
        },
        discard={"fellowship": ["3", "magic", "2"], "sauron": ["1", "eye_of_sauron", "4"]},
        defeated={
            "fellowship": ["boromir"],
            "sauron": ["balrog"],
        },
        specials={"fellowship": ["gandalf_the_white"], "sauron": ["palantir", "recall_to_mordor"]},
        specials_used={"fellowship": ["shadowfax"], "sauron": []},
        log=[
            "Sauron moved a character from Mordor to Dagorlad.",
            "The Fellowship moved a character from the Shire to Arthedain.",
            "Boromir attacked in Rohan: Boromir and The Balrog are both defeated.",
            "Sauron moved a character to Misty Mountains.",
            "Aragorn attacks The Cave Troll in Caradhras.",
        ],
    )


def final_reveal() -> dict[str, Any]:
    """The end of a game with every piece shown: Frodo reached Mordor."""
    placement = copy.deepcopy(MIDGAME)
    placement["arthedain"] = {}
    placement["cardolan"] = {}  # Pippin has fallen
    placement["mordor"] = {
        "fellowship": [("frodo", True)],
        "sauron": [("witch_king", False), ("saruman", False)],
    }
    return build_view(
        placement,
        None,
        reveal_all=True,
        seq=61,
        turn=(22, "fellowship"),
        active=[],
        result={"winners": ["fellowship"], "reason": "Frodo reached Mordor."},
        last_move={"side": "fellowship", "from": "dagorlad", "to": "mordor", "text": "Frodo enters Mordor"},
        discard={
            "fellowship": ["1", "2", "3", "4", "5", "magic", "noble_sacrifice"],
            "sauron": ["1", "2", "6"],
        },
        defeated={"fellowship": ["boromir", "pippin"], "sauron": ["balrog"]},
        log=["Frodo moved from Dagorlad to Mordor.", "Fellowship wins: Frodo reached Mordor."],
    )


def game_over(audience: str | None) -> dict[str, Any]:
    """Sauron won: three of his characters stand in the Shire."""
    placement = {
        "shire": {"sauron": [("witch_king", True), ("orcs", True), ("cave_troll", False)]},
        "cardolan": {"fellowship": [("frodo", False)]},
        "gondor": {"fellowship": [("aragorn", True)]},
        "mordor": {"sauron": [("saruman", False)]},
    }
    return build_view(
        placement,
        audience,
        seq=80,
        turn=(30, "sauron"),
        active=[],
        result={"winners": ["sauron"], "reason": "Three Sauron characters stand in the Shire."},
        last_move={
            "side": "sauron",
            "from": "arthedain",
            "to": "shire",
            "text": "A character enters the Shire",
        },
        discard={"fellowship": ["1", "elven_cloak"], "sauron": ["3", "magic", "retreat_sideways", "5"]},
        defeated={
            "fellowship": ["sam", "pippin", "merry", "gandalf", "legolas", "gimli", "boromir"],
            "sauron": ["balrog", "shelob", "black_rider", "warg", "flying_nazgul"],
        },
        specials_used={"fellowship": ["shadowfax"], "sauron": ["palantir"]},
        log=["Sauron wins: three of his characters stand in the Shire."],
    )
