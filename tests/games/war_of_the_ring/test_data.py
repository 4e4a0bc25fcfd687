"""Data integrity: the War of the Ring map, Nations, characters, Hunt tiles and Event cards agree with each
other and with the figures of the rules reference (§1 pools, §2.2 board, §3 setup, §9.2 characters, §15.1
Hunt tiles). Expected numbers are written out here from the rules, never computed from the data."""

from __future__ import annotations

import json
import re
from collections import Counter, deque
from dataclasses import replace

import pytest

from games.war_of_the_ring import data
from games.war_of_the_ring.data import (
    BASE_CARDS,
    CARDS,
    CHARACTERS,
    COMPANIONS,
    DECKS,
    FREE,
    MINIONS,
    NATIONS,
    NATIONS_OF,
    NEIGHBOURS,
    REGIONS,
    SET_ASIDE_CARDS,
    SHADOW,
    SPECIAL_TILES,
    STANDARD_TILES,
    STRONGHOLDS,
    TILES,
    TWILIGHT_CARDS,
    Card,
    Units,
    distance,
    owner_of,
    side_of_nation,
    within,
)

SLUG = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

#: Rules §1, figure pools: (Regular, Elite, Leader or Nazgûl).
POOLS = {
    "dwarves": (5, 5, 4),
    "elves": (5, 10, 4),
    "gondor": (15, 5, 4),
    "north": (10, 5, 4),
    "rohan": (10, 5, 4),
    "isengard": (12, 6, 0),
    "sauron": (36, 6, 8),
    "southrons": (24, 6, 0),
}
#: Rules §3 step 11, "Reinforcements" column.
REINFORCEMENTS = {
    "dwarves": (2, 3, 3),
    "elves": (2, 4, 0),
    "gondor": (6, 4, 3),
    "north": (6, 4, 3),
    "rohan": (6, 4, 3),
    "isengard": (6, 5, 0),
    "sauron": (8, 4, 4),
    "southrons": (10, 3, 0),
}
#: Rules §3 step 11, "On the map" column, region by region.
PLACEMENTS = {
    "dwarves": {"erebor": (1, 2, 1), "ered_luin": (1, 0, 0), "iron_hills": (1, 0, 0)},
    "elves": {
        "grey_havens": (1, 1, 1),
        "rivendell": (0, 2, 1),
        "woodland_realm": (1, 1, 1),
        "lorien": (1, 2, 1),
    },
    "gondor": {
        "minas_tirith": (3, 1, 1),
        "dol_amroth": (3, 0, 0),
        "osgiliath": (2, 0, 0),
        "pelargir": (1, 0, 0),
    },
    "north": {
        "bree": (1, 0, 0),
        "carrock": (1, 0, 0),
        "dale": (1, 0, 1),
        "north_downs": (0, 1, 0),
        "the_shire": (1, 0, 0),
    },
    "rohan": {"edoras": (1, 1, 0), "fords_of_isen": (2, 0, 1), "helms_deep": (1, 0, 0)},
    "isengard": {"orthanc": (4, 1, 0), "north_dunland": (1, 0, 0), "south_dunland": (1, 0, 0)},
    "sauron": {
        "barad_dur": (4, 1, 1),
        "dol_guldur": (5, 1, 1),
        "gorgoroth": (3, 0, 0),
        "minas_morgul": (5, 0, 1),
        "moria": (2, 0, 0),
        "mount_gundabad": (2, 0, 0),
        "nurn": (2, 0, 0),
        "morannon": (5, 0, 1),
    },
    "southrons": {
        "far_harad": (3, 1, 0),
        "near_harad": (3, 1, 0),
        "north_rhun": (2, 0, 0),
        "south_rhun": (3, 1, 0),
        "umbar": (3, 0, 0),
    },
}
#: The same column added up by hand.
ON_MAP = {
    "dwarves": (3, 2, 1),
    "elves": (3, 6, 4),
    "gondor": (9, 1, 1),
    "north": (4, 1, 1),
    "rohan": (4, 1, 1),
    "isengard": (6, 1, 0),
    "sauron": (28, 2, 4),
    "southrons": (14, 3, 0),
}
#: Rules §2.2.
FP_STRONGHOLDS = {
    "erebor",
    "grey_havens",
    "rivendell",
    "woodland_realm",
    "lorien",
    "helms_deep",
    "minas_tirith",
    "dol_amroth",
}
SH_STRONGHOLDS = {
    "barad_dur",
    "dol_guldur",
    "minas_morgul",
    "morannon",
    "moria",
    "mount_gundabad",
    "orthanc",
    "umbar",
}
FP_CITIES = {"dale", "edoras", "pelargir", "the_shire"}
SH_CITIES = {"angmar", "far_harad"}
#: Rules §3 step 10: (steps from At War, Active).
POLITICS = {
    "dwarves": (3, False),
    "north": (3, False),
    "rohan": (3, False),
    "elves": (3, True),
    "gondor": (2, False),
    "southrons": (2, True),
    "sauron": (1, True),
    "isengard": (1, True),
}
#: Rules §9.2: (level, leadership, activates, die bonus, nation).
CHARACTER_TABLE: dict[str, tuple[int | None, int, tuple[str, ...], int, str | None]] = {
    "gandalf_grey": (3, 1, ("any",), 0, None),
    "strider": (3, 1, ("north",), 0, None),
    "boromir": (2, 1, ("gondor",), 0, None),
    "legolas": (2, 1, ("elves",), 0, None),
    "gimli": (2, 1, ("dwarves",), 0, None),
    "meriadoc": (1, 1, ("any",), 0, None),
    "peregrin": (1, 1, ("any",), 0, None),
    "aragorn": (3, 2, ("any",), 1, None),
    "gandalf_white": (3, 1, ("any",), 1, None),
    "gollum": (0, 0, (), 0, None),
    "witch_king": (None, 2, (), 1, "sauron"),
    "saruman": (0, 1, (), 1, "isengard"),
    "mouth_of_sauron": (3, 2, (), 1, "sauron"),
}


def _raw(name: str) -> dict[str, object]:
    raw = json.loads((data.DATA_DIR / name).read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    return raw


def _units(triple: tuple[int, int, int]) -> Units:
    return Units(*triple)


def _start_total(nation: str) -> Units:
    total = Units()
    for region in REGIONS.values():
        total = total + region.start.get(nation, Units())
    return total


@pytest.mark.parametrize("name", ["regions", "nations", "characters", "hunt_tiles", "cards"])
def test_every_file_is_an_object_with_a_note(name: str) -> None:
    raw = _raw(f"{name}.json")
    assert isinstance(raw["note"], str) and len(raw["note"]) > 40


# --- the map ---------------------------------------------------------------------------------------------


def test_105_regions_with_unique_slug_ids() -> None:
    raw = _raw("regions.json")["regions"]
    assert isinstance(raw, list)
    ids = [r["id"] for r in raw]
    assert len(ids) == len(set(ids)) == len(REGIONS) == 105
    assert list(REGIONS) == ids
    assert all(SLUG.match(i) for i in ids), [i for i in ids if not SLUG.match(i)]
    names = [r.name for r in REGIONS.values()]
    assert len(set(names)) == 105
    assert REGIONS["barad_dur"].name == "Barad-dûr" and "Barad Dur" in REGIONS["barad_dur"].aliases


def test_adjacency_is_symmetric_sorted_and_loop_free() -> None:
    for region in REGIONS.values():
        assert region.neighbours == tuple(sorted(set(region.neighbours)))
        assert region.id not in region.neighbours
        assert NEIGHBOURS[region.id] == frozenset(region.neighbours)
        for other in region.neighbours:
            assert region.id in NEIGHBOURS[other], (region.id, other)
    # 232 passable borders in both map sources.
    assert sum(len(n) for n in NEIGHBOURS.values()) == 2 * 232


def test_the_map_is_connected() -> None:
    seen = {"rivendell"}
    todo = ["rivendell"]
    while todo:
        for nxt in REGIONS[todo.pop()].neighbours:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(REGIONS)


def test_mordor_interior_is_reached_only_through_gorgoroth() -> None:
    assert NEIGHBOURS["barad_dur"] == NEIGHBOURS["nurn"] == {"gorgoroth"}
    assert NEIGHBOURS["gorgoroth"] == {"barad_dur", "nurn", "minas_morgul", "morannon"}
    assert data.MORDOR_ENTRIES == ("minas_morgul", "morannon")
    assert all(REGIONS[r].is_stronghold and owner_of(r) == SHADOW for r in data.MORDOR_ENTRIES)
    assert NEIGHBOURS["fangorn"] == {"eastemnet", "fords_of_isen", "parth_celebrant", "westemnet"}


def test_strongholds_eight_per_side() -> None:
    assert set(STRONGHOLDS[FREE]) == FP_STRONGHOLDS and len(STRONGHOLDS[FREE]) == 8
    assert set(STRONGHOLDS[SHADOW]) == SH_STRONGHOLDS and len(STRONGHOLDS[SHADOW]) == 8
    assert {r.id for r in REGIONS.values() if r.is_stronghold} == FP_STRONGHOLDS | SH_STRONGHOLDS
    assert data.FELLOWSHIP_START == "rivendell" and "rivendell" in STRONGHOLDS[FREE]


def test_settlement_counts() -> None:
    kinds = Counter(r.settlement for r in REGIONS.values())
    assert kinds == {"stronghold": 16, "city": 6, "town": 14, "fortification": 2, None: 67}
    cities = {r.id for r in REGIONS.values() if r.is_city}
    assert {c for c in cities if owner_of(c) == FREE} == FP_CITIES
    assert {c for c in cities if owner_of(c) == SHADOW} == SH_CITIES
    assert {r.id for r in REGIONS.values() if r.is_fortification} == {"osgiliath", "fords_of_isen"}
    assert sum(r.is_settlement for r in REGIONS.values()) == 36
    assert not REGIONS["osgiliath"].is_settlement and not REGIONS["fords_of_isen"].is_settlement
    assert all(r.is_settlement == (r.is_town or r.is_city or r.is_stronghold) for r in REGIONS.values())


def test_victory_points() -> None:
    for region in REGIONS.values():
        assert region.vp == {"city": 1, "stronghold": 2}.get(region.settlement or "", 0), region.id
    # Free Peoples Settlements are worth 20 VP (4 Cities, 8 Strongholds), Shadow ones 18 (2 Cities, 8).
    assert sum(r.vp for r in REGIONS.values() if owner_of(r.id) == FREE) == 20
    assert sum(r.vp for r in REGIONS.values() if owner_of(r.id) == SHADOW) == 18


def test_settlements_belong_to_nations() -> None:
    for region in REGIONS.values():
        if region.is_settlement:
            assert region.nation is not None, region.id
        assert region.nation is None or region.nation in NATIONS
    assert REGIONS["fords_of_isen"].nation == "rohan" and owner_of("fords_of_isen") == FREE


def test_disputed_facts_use_our_rulings() -> None:
    assert REGIONS["osgiliath"].nation is None and owner_of("osgiliath") is None
    assert REGIONS["druadan_forest"].nation == "gondor"
    assert "osgiliath" in NEIGHBOURS["lossarnach"] and "lossarnach" in NEIGHBOURS["osgiliath"]


# --- Nations and set-up ----------------------------------------------------------------------------------


def test_nations_in_order_with_names_and_sides() -> None:
    assert list(NATIONS) == [
        "dwarves",
        "elves",
        "gondor",
        "north",
        "rohan",
        "isengard",
        "sauron",
        "southrons",
    ]
    assert NATIONS["north"].name == "The North" and NATIONS["southrons"].name == "Southrons & Easterlings"
    assert NATIONS_OF == {
        FREE: ("dwarves", "elves", "gondor", "north", "rohan"),
        SHADOW: ("isengard", "sauron", "southrons"),
    }
    assert all(side_of_nation(n) == side for side, ids in NATIONS_OF.items() for n in ids)
    with pytest.raises(ValueError):
        side_of_nation("southrons_easterlings")


@pytest.mark.parametrize("nation", list(POOLS))
def test_pool_reinforcements_and_start(nation: str) -> None:
    info = NATIONS[nation]
    assert info.pool == _units(POOLS[nation])
    assert info.reinforcements == _units(REINFORCEMENTS[nation])
    assert _start_total(nation) == _units(ON_MAP[nation])
    assert _start_total(nation) + info.reinforcements == info.pool


@pytest.mark.parametrize("nation", list(PLACEMENTS))
def test_start_placements(nation: str) -> None:
    placed = {r.id: r.start[nation] for r in REGIONS.values() if nation in r.start}
    assert placed == {region: _units(u) for region, u in PLACEMENTS[nation].items()}


def test_start_units_stand_on_their_own_nation_except_osgiliath() -> None:
    for region in REGIONS.values():
        for nation, units in region.start.items():
            assert units != Units(), region.id
            assert region.nation == nation or (region.id, nation) == ("osgiliath", "gondor")


def test_nazgul_start_four_on_the_map_four_in_reinforcements() -> None:
    assert _start_total("sauron").leader == 4 and NATIONS["sauron"].reinforcements.leader == 4
    nazgul = {r.id for r in REGIONS.values() if r.start.get("sauron", Units()).leader}
    assert nazgul == {"barad_dur", "dol_guldur", "minas_morgul", "morannon"}


def test_figure_totals_match_the_component_list() -> None:
    free = [NATIONS[n].pool for n in NATIONS_OF[FREE]]
    shadow = [NATIONS[n].pool for n in NATIONS_OF[SHADOW]]
    assert sum(u.army for u in free) == 75 and sum(u.leader for u in free) == 20
    assert sum(u.army for u in shadow) == 90 and sum(u.leader for u in shadow) == 8


def test_political_start() -> None:
    assert {n.id: (n.steps, n.active) for n in NATIONS.values()} == POLITICS


def test_stacking_limits() -> None:
    assert (data.MAX_STACK, data.MAX_GARRISON) == (10, 5)
    assert max(r.start[n].army for r in REGIONS.values() for n in r.start) <= data.MAX_STACK


# --- characters ------------------------------------------------------------------------------------------


def test_character_table() -> None:
    assert set(CHARACTERS) == {*CHARACTER_TABLE, "ring_bearers", *data.MODULE_FIGURES}  # + Twilight figures
    for cid, (level, leadership, activates, bonus, nation) in CHARACTER_TABLE.items():
        c = CHARACTERS[cid]
        assert (c.level, c.leadership, c.activates, c.die_bonus, c.nation) == (
            level,
            leadership,
            activates,
            bonus,
            nation,
        ), cid
        assert c.side == (SHADOW if nation else FREE)


def test_fellowship_companions_and_minions() -> None:
    assert COMPANIONS == ("gandalf_grey", "strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin")
    assert MINIONS == ("witch_king", "saruman", "mouth_of_sauron")
    fellowship = {c.id for c in CHARACTERS.values() if c.starts_in_fellowship}
    assert fellowship == {*COMPANIONS, "ring_bearers"}
    kinds = Counter(c.kind for c in CHARACTERS.values() if c.id not in data.MODULE_FIGURES)
    assert kinds == {"companion": 9, "minion": 3, "gollum": 1, "ring-bearers": 1}
    guides = {c.id for c in CHARACTERS.values() if c.guide}
    assert guides == {"gandalf_grey", "strider", "meriadoc", "peregrin", "gollum"}
    set_aside = {c.id for c in CHARACTERS.values() if c.entry and c.id not in data.MODULE_FIGURES}
    assert set_aside == {"aragorn", "gandalf_white", "gollum", *MINIONS}
    # Free Peoples dice: 4 + Aragorn + Gandalf the White = 6; Shadow: 7 + 3 Minions = 10 (rules §1).
    base = [c for c in CHARACTERS if c not in data.MODULE_FIGURES]
    assert 4 + sum(CHARACTERS[c].die_bonus for c in base if CHARACTERS[c].side == FREE) == 6
    assert 7 + sum(CHARACTERS[c].die_bonus for c in MINIONS) == 10


def test_abilities_have_slug_ids() -> None:
    for c in CHARACTERS.values():
        ids = [a.id for a in c.abilities]
        assert len(ids) == len(set(ids)) and all(SLUG.match(i) for i in ids), c.id
    captains = {c.id for c in CHARACTERS.values() if "captain_of_the_west" in {a.id for a in c.abilities}}
    assert captains == {"gandalf_grey", "strider", "boromir", "legolas", "gimli", "aragorn"}


def test_activation_icons() -> None:
    assert CHARACTERS["strider"].can_activate("north") and not CHARACTERS["strider"].can_activate("gondor")
    assert all(CHARACTERS["gandalf_white"].can_activate(n) for n in NATIONS_OF[FREE])
    assert not any(CHARACTERS[m].can_activate(n) for m in MINIONS for n in NATIONS)


# --- Hunt tiles ------------------------------------------------------------------------------------------


def test_standard_hunt_tiles() -> None:
    assert len(STANDARD_TILES) == 16
    faces = Counter((t.value, t.reveal) for t in STANDARD_TILES)
    assert faces == {
        ("eye", True): 4,
        (3, False): 3,
        (2, False): 2,
        (2, True): 1,
        (1, False): 2,
        (1, True): 2,
        (0, True): 2,
    }
    assert all(not t.stop and t.side is None and t.card is None for t in STANDARD_TILES)
    assert [t.id for t in STANDARD_TILES][:5] == ["eye_1", "eye_2", "eye_3", "eye_4", "3_1"]
    assert sum(t.value for t in STANDARD_TILES if isinstance(t.value, int)) == 19


def test_special_hunt_tiles() -> None:
    assert list(SPECIAL_TILES) == [
        "elven_cloaks",
        "elven_rope",
        "phial",
        "smeagol_helps",
        "shelobs_lair",
        "ring_is_mine",
        "on_on_they_went",
        "give_it_to_uss",
    ]
    sides = Counter(t.side for t in SPECIAL_TILES.values())
    assert sides == {FREE: 4, SHADOW: 4}
    for tile in SPECIAL_TILES.values():
        assert tile.card in CARDS
        card = CARDS[tile.card]
        assert card.side == tile.side and card.deck == "character" and card.number <= 4
        assert card.name == tile.name
        if tile.side == SHADOW:
            assert tile.stop
        else:
            assert isinstance(tile.value, int) and tile.value <= 0 and not tile.reveal and not tile.stop
    assert SPECIAL_TILES["shelobs_lair"].value == "die" and SPECIAL_TILES["ring_is_mine"].is_eye
    assert len({t.card for t in SPECIAL_TILES.values()}) == 8


def test_tile_ids_are_unique() -> None:
    base = set(TILES) - set(data.MODULE_TILES)  # the Twilight Sméagol tiles besides
    assert len(base) == 24 and base == {t.id for t in STANDARD_TILES} | set(SPECIAL_TILES)


# --- Event cards -----------------------------------------------------------------------------------------


def _base_cards() -> list[Card]:
    """The base game's 96 Event cards (``CARDS`` also holds Twilight of the Third Age's)."""
    return [CARDS[c] for c in sorted(BASE_CARDS)]


def test_96_cards_in_four_decks_of_24() -> None:
    assert len(BASE_CARDS) == 96 and not BASE_CARDS & TWILIGHT_CARDS  # the module's apart
    assert list(DECKS) == ["free_character", "free_strategy", "shadow_character", "shadow_strategy"]
    prefix = {
        "free_character": "fpc",
        "free_strategy": "fps",
        "shadow_character": "shc",
        "shadow_strategy": "shs",
    }
    for deck, ids in DECKS.items():
        assert len(ids) == 24
        assert [CARDS[i].number for i in ids] == list(range(1, 25))
        assert list(ids) == [f"{prefix[deck]}_{n:02d}" for n in range(1, 25)]
        assert all(CARDS[i].deck_id == deck for i in ids)


def test_card_icons() -> None:
    assert {c.icon for c in _base_cards()} == set(data.ICONS) == {"character", "army", "muster"}
    for card in _base_cards():
        assert (card.icon == "character") == (card.deck == "character"), card.id
    strategy = Counter((c.side, c.icon) for c in _base_cards() if c.deck == "strategy")
    assert strategy == {(FREE, "army"): 8, (FREE, "muster"): 16, (SHADOW, "army"): 11, (SHADOW, "muster"): 13}


def test_card_texts_and_table_cards() -> None:
    for card in _base_cards():
        assert card.name and card.event and card.combat.name and card.combat.effect, card.id
        if card.discard is not None:
            assert card.on_table, card.id
    table = {c.id for c in _base_cards() if c.on_table}
    assert len(table) == 14 and {"fpc_05", "fps_01", "shc_17", "shs_03"} <= table
    assert all(c.discard for c in _base_cards() if c.on_table)
    assert len({c.combat.name for c in _base_cards()}) == 38
    for card in (CARDS[c] for c in TWILIGHT_CARDS):  # the module's cards hold together the same way
        assert card.name and card.event and card.combat.name and (card.discard is None or card.on_table)
        assert (card.icon == "character") == (card.deck == "character"), card.id


def test_initiatives() -> None:
    double = {c.id for c in CARDS.values() if c.combat and len(c.initiative) != 1}
    assert double == {"shs_07", "shs_08"}
    # Twilight of the Third Age: We Shall Get It has no Combat half, so no initiative (D35)
    assert {c.id for c in CARDS.values() if c.combat is None} == {"we_shall_get_it"} == SET_ASIDE_CARDS
    assert CARDS["we_shall_get_it"].initiative == () and "we_shall_get_it" not in BASE_CARDS
    assert CARDS["shs_07"].initiative == (3, 5) and CARDS["shs_07"].combat.name == "Mûmakil"
    assert all(0 <= i <= 7 for c in CARDS.values() for i in c.initiative)
    assert CARDS["fpc_08"].initiative == (3,) and CARDS["fpc_08"].number == 8


def test_known_cards() -> None:
    assert CARDS["shc_11"].name == "The Nazgûl Strike!"
    assert CARDS["shs_21"].name == "Horde from the East"
    assert CARDS["fps_07"].name == "Fear! Fire! Foes!"


# --- distances -------------------------------------------------------------------------------------------


def _bfs(start: str) -> dict[str, int]:
    found = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in REGIONS[here].neighbours:
            if there not in found:
                found[there] = found[here] + 1
                todo.append(there)
    return found


def test_distance() -> None:
    assert distance("rivendell", "minas_tirith") == _bfs("rivendell")["minas_tirith"] == 8
    assert distance("rivendell", "rivendell") == 0
    assert distance("minas_morgul", "barad_dur") == 2
    for a in ("rivendell", "osgiliath", "barad_dur"):
        expected = _bfs(a)
        assert {b: distance(a, b) for b in REGIONS} == expected
        assert all(distance(b, a) == d for b, d in expected.items())
    with pytest.raises(ValueError):
        distance("rivendell", "mordor")


def test_within() -> None:
    assert within("rivendell", 0) == {"rivendell"}
    assert within("rivendell", 1) == {"rivendell"} | NEIGHBOURS["rivendell"]
    ring = {n for r in NEIGHBOURS["rivendell"] for n in NEIGHBOURS[r]}
    assert within("rivendell", 2) == {"rivendell"} | NEIGHBOURS["rivendell"] | ring
    assert within("rivendell", 12) == set(REGIONS)
    assert within("rivendell", 11) != set(REGIONS)
    assert within("rivendell", 3) is within("rivendell", 3)
    with pytest.raises(ValueError):
        within("rivendell", -1)


# --- validation ------------------------------------------------------------------------------------------


def test_check_regions_rejects_bad_maps() -> None:
    a, b = REGIONS["barad_dur"], REGIONS["gorgoroth"]
    good = {"barad_dur": a, "gorgoroth": replace(b, neighbours=("barad_dur",))}
    data.check_regions(good, NATIONS)
    with pytest.raises(ValueError, match="unknown neighbour 'mordor'"):
        data.check_regions({**good, "barad_dur": replace(a, neighbours=("gorgoroth", "mordor"))}, NATIONS)
    with pytest.raises(ValueError, match="not symmetric"):
        data.check_regions({**good, "gorgoroth": replace(b, neighbours=())}, NATIONS)
    with pytest.raises(ValueError, match="own neighbour"):
        data.check_regions({**good, "barad_dur": replace(a, neighbours=("barad_dur", "gorgoroth"))}, NATIONS)
    with pytest.raises(ValueError, match="unknown nation 'mordor'"):
        data.check_regions({**good, "barad_dur": replace(a, nation="mordor")}, NATIONS)
    with pytest.raises(ValueError, match="unknown nation 'southrons_easterlings'"):
        data.check_regions(
            {**good, "barad_dur": replace(a, start={"southrons_easterlings": Units(1)})}, NATIONS
        )
