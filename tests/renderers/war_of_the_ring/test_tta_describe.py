"""Twilight of the Third Age on the picture: the siege engines, Ents and Corsair Ships are in the
public view of their region, in the picture's words and on the map (the Ships at sea)."""

from __future__ import annotations

from games.war_of_the_ring.ruleset import WAR_OF_THE_RING as R
from renderers import render_view
from renderers.common.cells import SEA
from renderers.war_of_the_ring import pieces, ships
from renderers.war_of_the_ring.describe import describe
from renderers.war_of_the_ring.layout import load_layout, raster
from renderers.war_of_the_ring.theme import STYLES


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


def test_the_map_draws_the_engines_and_the_ents() -> None:
    described = {
        "switches": ["siege_engines", "ents"],
        "armies": {"minas_tirith": {"sauron": "4R"}},
        "garrisons": {"minas_tirith": {"gondor": "3R"}},
        "tta": {
            "engines": {"minas_tirith": {"shadow": 2, "free": 1}},
            "ents": {"fangorn": 3, "eastemnet": 1},
        },
        "dice": {"free": ["will"], "shadow": ["army"]},
    }
    view = R.view(R.from_position(described), None)
    stacks = pieces.stacks(view, load_layout("compact"))
    assert stacks["minas_tirith"].engines == {"free": 1, "shadow": 2}
    assert (stacks["fangorn"].ents, stacks["eastemnet"].ents) == (3, 1)
    assert "Fangorn: 3 Ents" in describe(view, limit=100_000)
    bare = R.view(R.from_position({**described, "tta": {}}), None)
    assert render_view(view, zoom="fangorn") != render_view(bare, zoom="fangorn")


def test_the_map_draws_the_corsair_ships_at_sea_apart_and_clear_of_the_badges() -> None:
    described = {
        "switches": ["corsairs"],
        "armies": {
            "umbar": {"southrons": "3R"},
            "pelargir": {"southrons": "2R"},
            "dol_amroth": {"gondor": "2R"},
        },
        "tta": {"corsairs": {"umbar": 1, "west_harondor": 1, "pelargir": 1, "dol_amroth": 2, "enedwaith": 1}},
        "dice": {"free": ["will"], "shadow": ["army"]},
    }
    view = R.view(R.from_position(described), None)
    assert view["corsairs"] == {
        "ships": {"umbar": 1, "west_harondor": 1, "pelargir": 1, "dol_amroth": 2, "enedwaith": 1},
        "pool": 0,
        "in_play": True,
    }
    assert "Dol Amroth: Gondor 2 regular; 2 Corsair Ships" in describe(view, limit=100_000)
    for name in ("compact", "full", "zoom"):
        layout = load_layout(name)
        stacks = pieces.stacks(view, layout)
        assert stacks["dol_amroth"].ships == 2 and stacks["west_harondor"].ships == 1
        placed = ships.place(
            layout, [r for r in layout.regions if r in stacks and stacks[r].ships], list(stacks)
        )
        labels = raster(layout)
        for (x, y), _ in placed.values():
            assert labels.getpixel((round(x), round(y))) == SEA  # at sea
        spots = [p for p, _ in placed.values()]
        for i, (x, y) in enumerate(spots):  # apart: the sprites (about 3 rows by 1.4) never overlap
            for ox, oy in spots[i + 1 :]:
                chip = STYLES[name].chip
                assert abs(x - ox) >= chip * 2.9 or abs(y - oy) >= chip * 1.4, (name, spots)
    bare = R.view(R.from_position({**described, "tta": {}}), None)
    assert render_view(view) != render_view(bare)


def test_the_map_draws_the_chief_of_the_ringwraiths_apart_from_the_black_captain() -> None:
    def view_of(card: str) -> dict[str, object]:
        described = {
            "switches": ["witch_king_chief"],
            "characters": {"witch_king": "dagorlad"},
            "tta": {"witch_king_card": card},
            "dice": {"free": ["will"], "shadow": ["army"]},
        }
        return dict(R.view(R.from_position(described), None))

    chief, captain = view_of("chief"), view_of("black_captain")
    entry = next(e for e in chief["regions"] if e["id"] == "dagorlad")  # type: ignore[attr-defined]
    assert entry["characters"] == ["witch_king_chief"]
    assert chief["tta_characters"] == {"aside": [], "witch_king_card": "chief"}
    assert "Witch-king (Chief)" in describe(chief, limit=100_000)
    assert render_view(chief, zoom="dagorlad") != render_view(captain, zoom="dagorlad")


def test_the_map_draws_the_balrog_in_moria() -> None:
    described = {
        "switches": ["balrog"],
        "characters": {"balrog": "moria"},
        "dice": {"free": ["will"], "shadow": ["army"]},
    }
    view = R.view(R.from_position(described), None)
    assert next(e for e in view["regions"] if e["id"] == "moria")["characters"] == ["balrog"]
    assert view["tta_characters"] == {"aside": []}
    assert "The Balrog" in describe(view, limit=100_000)
    bare = R.view(R.from_position({**described, "characters": {}}), None)
    assert render_view(view, zoom="moria") != render_view(bare, zoom="moria")


def test_the_map_draws_galadriel_in_lorien() -> None:
    described = {
        "switches": ["galadriel"],
        "characters": {"galadriel": "lorien"},
        "dice": {"free": ["will"], "shadow": ["army"]},
    }
    view = R.view(R.from_position(described), None)
    assert next(e for e in view["regions"] if e["id"] == "lorien")["characters"] == ["galadriel"]
    assert "Galadriel" in describe(view, limit=100_000)
    bare = R.view(R.from_position({**described, "characters": {}}), None)
    assert render_view(view, zoom="lorien") != render_view(bare, zoom="lorien")


def test_the_map_draws_smeagol_or_gollum_and_where_we_shall_get_it_is() -> None:
    """The piece's side (guiding, or set aside) and the card as the table knows it: set aside,
    taken (hand or face-down discard: the table cannot tell), on the table, used."""
    alone = {"region": "hollin", "progress": 0, "companions": [], "guide": "gollum"}
    dice = {"free": ["will"], "shadow": ["army"]}

    def view_of(tta: dict[str, object], **more: object) -> dict[str, object]:
        described = {"switches": ["smeagol"], "fellowship": alone, "tta": tta, "dice": dice, **more}
        return dict(R.view(R.from_position(described), None))

    smeagol = view_of({"smeagol": "smeagol"})
    said = describe(smeagol, limit=100_000)
    assert "Guide: Sméagol" in said and "We Shall Get It: set aside" in said
    flipped = {"smeagol": "gollum", "cards_aside": []}
    held = describe(view_of(flipped, hands={"shadow": ["we_shall_get_it"]}), limit=100_000)
    assert "Guide: Gollum" in held and "We Shall Get It: taken" in held
    dropped = describe(view_of(flipped, discards={"shadow": ["we_shall_get_it"]}), limit=100_000)
    assert "We Shall Get It: taken" in dropped  # a face-down discard looks like a card held
    on_table = view_of(flipped, table={"shadow": ["we_shall_get_it"]})
    assert "We Shall Get It: on the table" in describe(on_table, limit=100_000)
    used = describe(view_of(flipped, played={"shadow": ["we_shall_get_it"]}), limit=100_000)
    assert "We Shall Get It: used" in used
    assert render_view(smeagol) != render_view(on_table)
