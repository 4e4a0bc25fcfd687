"""Data integrity of Minas Tirith: the board, supply, set-up and both decks agree with each other, with
the totals the rules print and with the lead's reconstruction (every reconstructed element flagged)."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from games.minas_tirith import board, data
from games.minas_tirith.data import EVIL, GOOD, SPACES

FILES = ("board", "supply", "setup", "reinforcements", "mt_cards")
NAMED_CARDS = ("theoden", "aragorn", "mordor_reinforcements", "siege_tower", "storm_ladders")


@pytest.mark.parametrize("name", FILES)
def test_every_file_has_a_source_note_and_confidence(name: str) -> None:
    raw = json.loads((data.DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(raw["note"], str) and len(raw["note"]) > 80
    assert raw["confidence"]


def test_36_spaces_of_the_printed_kinds() -> None:
    kinds = Counter(s.kind for s in SPACES.values())
    assert len(SPACES) == 36
    assert kinds == {"field": 25, "rammas_echor": 7, "wall": 3, "city": 1}
    assert len(data.TERRITORY_IDS) == data.PRINTED_COUNTS["territories"] == 32
    assert set(data.RAMMAS_ECHOR) == {
        "rammas_north_gate", "rammas_north", "rammas_northeast", "causeway_forts",
        "rammas_southeast", "rammas_south", "harlond",
    }  # fmt: skip
    assert data.CITY == "minas_tirith" and data.GROND_SPACE == "before_the_gate" == board.GROND_SPACE


def test_every_space_and_element_is_flagged_reconstructed() -> None:
    assert all(s.reconstructed for s in SPACES.values())
    assert all(c.reconstructed for c in data.MT_CARDS.values())
    raw_setup = json.loads((data.DATA_DIR / "setup.json").read_text(encoding="utf-8"))
    assert raw_setup["reconstructed"] is True
    # Leader names: only the three the rules print are not ours.
    printed = {leader.id for leader in data.LEADERS.values() if not leader.reconstructed}
    assert printed == {"gandalf", "aragorn", "witch_king"}
    assert all(leader.source == "S" for leader in data.LEADERS.values() if leader.id in printed)


def test_links_are_unique_of_known_kinds_and_read_the_same_both_ways() -> None:
    kinds = Counter(link.kind for link in data.LINKS)
    assert kinds == {"border": 53, "ladder": 3, "climb": 5, "gate": 1}
    for link in data.LINKS:
        assert board.link_kind(link.a, link.b) == board.link_kind(link.b, link.a) == link.kind
        assert link.b in board.neighbours(link.a, (link.kind,))
        assert link.a in board.neighbours(link.b, (link.kind,))
    for space in SPACES:
        for other in board.neighbours(space):
            assert space in board.neighbours(other)


def test_link_kinds_join_the_right_spaces() -> None:
    for link in data.LINKS:
        a, b = SPACES[link.a], SPACES[link.b]
        if link.kind == "border":
            assert a.is_territory and b.is_territory
        elif link.kind == "ladder":
            assert {a.kind, b.kind} == {"city", "wall"}
        elif link.kind == "climb":
            wall, below = (a, b) if a.kind == "wall" else (b, a)
            assert wall.kind == "wall" and below.id in wall.climb_from and wall.id in below.below_walls
        else:
            assert {link.a, link.b} == {data.CITY, data.GROND_SPACE}
    # Walls border nothing and do not touch each other; the city reaches only the walls and the gate.
    for wall_id in data.WALLS:
        assert board.neighbours(wall_id, ("border",)) == ()
        assert not set(board.neighbours(wall_id)) & set(data.WALLS)
        assert board.neighbours(wall_id, ("ladder",)) == (data.CITY,)
    assert set(board.neighbours(data.CITY)) == {*data.WALLS, data.GROND_SPACE}


def test_grid_neighbours_are_orthogonal_and_the_board_is_connected() -> None:
    on_grid = [s for s in SPACES.values() if s.grid is not None]
    assert len(on_grid) == 30
    for space in on_grid:
        expected = {
            other.id for other in on_grid if abs(other.col - space.col) + abs(other.row - space.row) == 1
        }
        roads = {s for s in board.neighbours(space.id, ("border",)) if SPACES[s].grid is None}
        assert set(board.neighbours(space.id, ("border",))) - roads == expected
    assert set(board.distances(data.CITY)) == set(SPACES)
    assert set(board.distances("osgiliath", ("border",))) == set(data.TERRITORY_IDS)


def test_walls_and_the_spaces_below_them() -> None:
    below = {wall: board.below_wall(wall) for wall in data.WALLS}
    assert below == {
        "wall_north": ("mindolluin_north", "townlands_north"),
        "wall_gate": ("before_the_gate",),
        "wall_south": ("townlands_south", "mindolluin_south"),
    }
    for wall, spaces in below.items():
        assert set(board.neighbours(wall, ("climb",))) == set(spaces)
        assert all(board.walls_above(s) == (wall,) for s in spaces)
    assert board.CATAPULTS == data.WALLS


def test_flags_banners_forts_road_and_edges() -> None:
    assert set(board.BANNERS) == {
        "minas_tirith", *data.WALLS, "road_fort", "causeway_forts",
        "townlands_north", "townlands_south", "rammas_north_gate",
    }  # fmt: skip
    assert board.FORTS == ("road_fort", "causeway_forts")
    assert board.ROAD == (
        "before_the_gate",
        "pelennor",
        "road_fort",
        "causeway_forts",
        "causeway",
        "osgiliath",
    )
    for a, b in zip(board.ROAD, board.ROAD[1:], strict=False):
        assert board.link_kind(a, b) == "border"
    assert all(f in board.ROAD for f in board.FORTS)
    assert "osgiliath" in board.BOARD_EDGE and not any(SPACES[w].board_edge for w in data.WALLS)


def _closer(space: str, destination: str, side: str) -> bool:
    here, there = board.toward_end(space, side), board.toward_end(destination, side)
    return here is not None and there is not None and there < here


@pytest.mark.parametrize("side", [GOOD, EVIL])
def test_every_retreat_arrow_leads_strictly_toward_its_end(side: str) -> None:
    for space in SPACES.values():
        for destination in space.retreat_to(side):
            assert board.link_kind(space.id, destination) is not None, (space.id, destination)
            assert _closer(space.id, destination, side), (side, space.id, destination)
            # Evil territories also get strictly closer over border links alone.
            if side == EVIL and space.is_territory:
                assert board.distance(destination, "osgiliath", ("border",)) < board.distance(  # type: ignore[operator]
                    space.id, "osgiliath", ("border",)
                )


def test_retreat_ends_and_arrows_match_the_design() -> None:
    no_evil_arrow = {s.id for s in SPACES.values() if not s.evil_retreat_to}
    assert no_evil_arrow == {s.id for s in SPACES.values() if s.grid is not None and s.grid[0] == "F"}
    assert all(SPACES[s].board_edge for s in no_evil_arrow)
    no_good_arrow = {s.id for s in SPACES.values() if not s.good_retreat_to}
    assert no_good_arrow == {data.CITY}
    assert board.retreat_to("before_the_gate", GOOD) == (data.CITY,)
    assert board.retreat_to(data.CITY, EVIL) == (data.GROND_SPACE,)
    assert board.retreat_to("harlond", GOOD) == ("mindolluin_south",)
    assert board.retreat_to("druadan_road", EVIL) == ("rammas_north_gate",)
    # Every space has exactly one arrow per side at most.
    assert all(len(s.evil_retreat_to) <= 1 and len(s.good_retreat_to) <= 1 for s in SPACES.values())


def test_ranges_count_every_link() -> None:
    assert board.distance("wall_north", "wall_south") == 2
    assert board.distance("wall_gate", "pelennor") == 2
    assert board.in_range("wall_gate", 3, 3) == (
        "mindolluin_north", "mindolluin_south", "north_fields", "south_fields", "road_fort",
    )  # fmt: skip
    assert board.within("pelennor", 0) == frozenset({"pelennor"})
    with pytest.raises(ValueError, match="unknown space"):
        board.distance("pelennor", "mordor")
    with pytest.raises(ValueError, match="unknown link kind"):
        board.neighbours("pelennor", ("bridge",))


def test_supply_is_the_printed_table() -> None:
    def total(side: str, unit_class: str) -> int:
        return sum(u.count for u in data.UNITS.values() if u.side == side and u.unit_class == unit_class)

    assert (total(GOOD, "infantry"), total(GOOD, "cavalry"), total(GOOD, "creature")) == (32, 21, 0)
    assert (total(EVIL, "infantry"), total(EVIL, "cavalry"), total(EVIL, "creature")) == (50, 10, 10)
    counts = {u.id: u.count for u in data.UNITS.values()}
    assert counts == {
        "infantry": 20, "archers": 12, "cavalry": 18, "cavalry_archers": 3,
        "orcs": 40, "crossbows": 10, "wargs": 5, "black_riders": 5, "trolls": 6, "oliphaunts": 4,
    }  # fmt: skip
    assert {u.id for u in data.UNITS.values() if u.shooter} == {"archers", "cavalry_archers", "crossbows"}
    colours = {side: Counter(data.LEADERS[x].colour for x in data.leaders_of(side)) for side in data.SIDES}
    assert colours == {GOOD: {"green": 3, "yellow": 2}, EVIL: {"black": 2, "red": 1}}
    assert data.LEADERS["witch_king"].colour == "red"
    assert {data.LEADERS[x].colour for x in ("gandalf", "aragorn")} == {"yellow"}


def test_points_follow_the_printed_table() -> None:
    points = {u.id: u.points for u in data.UNITS.values()}
    assert {points[k] for k in ("infantry", "archers", "orcs", "crossbows")} == {1}
    assert {points[k] for k in ("cavalry", "cavalry_archers", "wargs", "black_riders")} == {2}
    assert {points[k] for k in ("trolls", "oliphaunts")} == {3}
    assert data.Scoring(leader=5, wall_section=2, gate_broken=3, tie_winner=GOOD) == data.SCORING


def test_set_up_fits_the_supply_and_the_evil_multipliers() -> None:
    used: Counter[str] = Counter()
    leaders: list[str] = []
    for placement in data.SETUP:
        used.update(placement.units)
        leaders.extend(placement.leaders)
        # No space starts with two leaders of one colour.
        colours = [data.LEADERS[x].colour for x in placement.leaders]
        assert len(colours) == len(set(colours))
    assert all(used[k] <= data.UNITS[k].count for k in used)
    assert len(leaders) == len(set(leaders))
    assert set(leaders) == {"gandalf", "faramir", "witch_king", "gothmog", "black_serpent"}
    spaces = [p.space for p in data.SETUP]
    assert len(spaces) == len(set(spaces))
    evil = sorted((p for p in data.SETUP if p.side == EVIL), key=lambda p: p.area or 0)
    multipliers = [sorted([*p.units.values(), *(1 for _ in p.leaders)], reverse=True) for p in evil]
    assert [p.area for p in evil] == [1, 2, 3]
    assert multipliers == [[4, 3, 1], [4, 3, 1, 1], [4, 3, 2, 1, 1]]
    assert all(p.area is None for p in data.SETUP if p.side == GOOD)
    # The three arriving leaders start on their cards, not on the board.
    assert {"theoden", "aragorn", "imrahil"}.isdisjoint(leaders)


def test_reinforcement_deck_is_the_risk_territory_cards_and_two_wilds() -> None:
    cards = list(data.REINFORCEMENTS.values())
    assert len(cards) == data.PRINTED_COUNTS["reinforcements"] == 66
    assert Counter(c.figure for c in cards) == {"infantry": 22, "cavalry": 21, "creature": 21, "wild": 2}
    assert Counter(c.sword for c in cards) == {"good": 16, "evil": 16, "none": 34}
    assert Counter(c.sword for c in cards if c.figure != "wild") == {"good": 16, "evil": 16, "none": 32}
    assert [c.id for c in cards if data.is_wild(c.id)] == ["wild_1", "wild_2"]


def test_reinforcement_copy_agrees_with_the_risk_data() -> None:
    from games.lotr_risk import data as risk

    frames = {"good": "good", "evil": "evil", "neutral": "none"}
    for territory in risk.TERRITORIES.values():
        card = data.REINFORCEMENTS[territory.id]
        assert (card.name, card.figure, card.sword) == (
            territory.name,
            territory.symbol,
            frames[territory.frame],
        )


def test_sixteen_mt_cards_with_the_five_named_ones() -> None:
    cards = data.MT_CARDS
    assert len(cards) == data.PRINTED_COUNTS["mt_cards"] == 16
    assert {c.id for c in cards.values() if c.name_printed} == set(NAMED_CARDS)
    assert Counter(c.side for c in cards.values()) == {"good": 6, "evil": 7, "both": 3}
    assert all(c.effect and c.name for c in cards.values())
    for card in cards.values():
        assert card.usable_by(card.side if card.side != "both" else GOOD)
        if card.kind == "holder":
            assert card.cost == 1 and card.capacity > 0
            assert all(card.id in SPACES[s].entry_for for s in card.entry)
            assert board.entries(card.id) == card.entry
    holder_leaders = {c.id: c.leader for c in cards.values() if c.kind == "holder"}
    assert holder_leaders == {
        "theoden": "theoden", "aragorn": "aragorn", "imrahil": "imrahil",
        "mordor_reinforcements": None, "haradrim": None,
    }  # fmt: skip
    # Every space's entry list names holders that list that space back.
    for space in SPACES.values():
        for card_id in space.entry_for:
            assert space.id in cards[card_id].entry


def test_validation_names_the_broken_record() -> None:
    bad_space = dataclasses.replace(SPACES["pelennor"], below_walls=("wall_gate",))
    with pytest.raises(ValueError, match="space 'pelennor': below 'wall_gate'"):
        data.check_board({**SPACES, "pelennor": bad_space}, data.LINKS)
    with pytest.raises(ValueError, match="link pelennor-pelennor: joins a space to itself"):
        data.check_board(SPACES, (*data.LINKS, data.Link("pelennor", "pelennor", "border")))
    with pytest.raises(ValueError, match="listed twice"):
        data.check_board(SPACES, (*data.LINKS, data.Link("road_fort", "pelennor", "border")))
    bad_card = dataclasses.replace(data.MT_CARDS["haradrim"], holds={"creature": ("trolls", "cavalry")})
    with pytest.raises(ValueError, match="'haradrim': holds 'cavalry', not a unit kind of evil"):
        data.check_content(
            SPACES, data.UNITS, data.LEADERS, data.SETUP, data.REINFORCEMENTS, {"haradrim": bad_card}
        )
    odd_entry = dataclasses.replace(data.MT_CARDS["theoden"], entry=("pelennor",))
    with pytest.raises(ValueError, match="enters 'pelennor', but that space's entry_for does not list it"):
        data.check_content(
            SPACES, data.UNITS, data.LEADERS, data.SETUP, data.REINFORCEMENTS, {"theoden": odd_entry}
        )
