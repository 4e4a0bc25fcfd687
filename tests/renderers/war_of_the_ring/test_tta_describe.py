"""Twilight of the Third Age on the picture: the siege engines are in the public view of their
region and in the picture's words."""

from __future__ import annotations

from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from renderers.war_of_the_ring.describe import describe


def test_the_engines_of_a_besieged_stronghold_are_in_the_view_and_the_words() -> None:
    state = R.from_position(
        {
            "switches": ["siege_engines"],
            "armies": {"minas_tirith": {"sauron": "4R"}},
            "garrisons": {"minas_tirith": {"gondor": "3R"}},
            "tta": {"engines": {"minas_tirith": {"shadow": 2, "free": 1}}},
            "dice": {"free": ["will"], "shadow": ["army"]},
        }
    )
    view = R.view(state, None)
    entry = next(e for e in view["regions"] if e["id"] == "minas_tirith")
    assert entry["engines"] == {"free": 1, "shadow": 2}
    assert view["siege_engines"]["pools"] == {"free": 5, "shadow": 4}
    assert "1 Trebuchet, 2 Siege Towers" in describe(view, limit=100_000)
    base = R.view(R.from_position({"dice": {"free": ["will"], "shadow": ["army"]}}), None)
    assert "siege_engines" not in base and not any("engines" in e for e in base["regions"])
