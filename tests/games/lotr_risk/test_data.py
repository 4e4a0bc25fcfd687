"""Data integrity: the territories, regions, edges, path, cards and set-up tables agree with each other
and with the totals printed in the rulebooks."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from games.lotr_risk import data

ME, TRI = data.EDITIONS
NORTH = data.board(ME).territories


def _connected(territories: Sequence[str], neighbours: Mapping[str, Sequence[str]]) -> bool:
    seen = {territories[0]}
    todo = [territories[0]]
    while todo:
        for nxt in neighbours[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == set(territories)


@pytest.mark.parametrize(
    "name", ["territories", "regions", "adjacency", "mountains", "path", "adventure", "setup"]
)
def test_every_file_loads_as_a_json_object(name: str) -> None:
    raw = json.loads((data.DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(raw, dict) and raw


def test_editions_and_ids_are_well_formed() -> None:
    assert data.EDITIONS == ("middle-earth", "trilogy")
    assert tuple(data.TERRITORIES) == data.TERRITORY_ORDER
    editions = [
        *(t.editions for t in data.TERRITORIES.values()),
        *(r.editions for r in data.REGIONS.values()),
        *(r.editions for r in data.RANGES.values()),
    ]
    assert all(e in ((ME, TRI), (TRI,)) for e in editions)
    for territory in data.TERRITORIES.values():
        assert territory.region in data.REGIONS
        assert set(territory.editions) <= set(data.REGIONS[territory.region].editions)
        assert territory.frame in data.FRAMES and territory.symbol in data.SYMBOLS
    # Territory cards, wild cards and adventure cards never share an id.
    physical = [p for c in data.CARDS for p in data.physical_ids(c)]
    assert len(set(physical)) == len(physical) == 60
    assert not set(physical) & {*data.TERRITORIES, *data.WILD_CARDS}
    assert data.WILD_CARDS == data.SETUP.wild_cards == ("wild-1", "wild-2")


def test_territory_and_region_counts() -> None:
    assert len(data.TERRITORIES) == 64 and len(NORTH) == 42
    assert data.board(TRI).territories == data.TERRITORY_ORDER
    assert data.TERRITORY_ORDER[:42] == NORTH
    assert len(data.REGIONS) == 9 and len(data.board(ME).regions) == 6
    counts = {
        "arnor": 11,
        "rhovanion": 8,
        "rohan": 7,
        "eriador": 7,
        "mirkwood": 5,
        "rhun": 4,
        "gondor": 10,
        "mordor": 6,
        "haradwaith": 6,
    }
    assert {r: len(ts) for r, ts in data.board(TRI).regions.items()} == counts
    assert {r: len(ts) for r, ts in data.board(ME).regions.items()} == {
        r: counts[r] for r in ("arnor", "rhovanion", "rohan", "eriador", "mirkwood", "rhun")
    }
    assert {r.id for r in data.REGIONS.values() if r.editions == (TRI,)} == {"gondor", "mordor", "haradwaith"}
    assert data.REGIONS["rhun"].name == "Rhûn"
    for region in data.REGIONS.values():
        assert len(region.colour) == 7 and region.colour.startswith("#")
        int(region.colour[1:], 16)
    assert len({r.colour for r in data.REGIONS.values()}) == 9


def test_region_bonuses_per_table() -> None:
    seed = {r: data.region_bonus(r, "seed") for r in data.REGIONS}
    public = {r: data.region_bonus(r, "public") for r in data.REGIONS}
    assert seed == {
        "arnor": 7,
        "rhovanion": 5,
        "rohan": 4,
        "eriador": 4,
        "mirkwood": 3,
        "rhun": 2,
        "gondor": 7,
        "mordor": 2,
        "haradwaith": 2,
    }
    assert public == {**seed, "eriador": 3, "mirkwood": 4}
    assert data.board(ME).bonus_table == "seed" and data.board(TRI).bonus_table == "public"
    assert data.board(ME).region_bonus("eriador") == 4 and data.board(TRI).region_bonus("eriador") == 3
    with pytest.raises(ValueError):
        data.region_bonus("arnor", "classic")


def test_adjacency_edges_are_known_unique_and_edition_consistent() -> None:
    assert len(data.EDGES) == 101
    assert len(data.board(ME).edges) == 71 and len(data.board(TRI).edges) == 101
    pairs = [frozenset((e.a, e.b)) for e in data.EDGES]
    assert len(set(pairs)) == 101 and all(len(p) == 2 for p in pairs)
    for edge in data.EDGES:
        assert edge.a in data.TERRITORIES and edge.b in data.TERRITORIES
        on_me = ME in data.TERRITORIES[edge.a].editions and ME in data.TERRITORIES[edge.b].editions
        assert edge.editions == ((ME, TRI) if on_me else (TRI,))
        assert not (edge.sea and edge.bridge)
        assert edge.sources in (4, 5)
    assert sum(e.sources == 4 for e in data.EDGES) == 7
    assert sum(e.sea for e in data.EDGES) == 5
    assert sum(e.bridge for e in data.EDGES) == 18


@pytest.mark.parametrize("edition", data.EDITIONS)
def test_neighbour_tables_are_symmetric_and_stay_on_their_board(edition: str) -> None:
    board = data.board(edition)
    assert set(board.neighbours) == set(board.land_neighbours) == set(board.territories)
    for territory, near in board.neighbours.items():
        assert territory not in near
        assert set(near) <= set(board.territories)
        for other in near:
            assert territory in board.neighbours[other]
        assert set(board.land_neighbours[territory]) <= set(near)
        sea = {t for t in near if frozenset((territory, t)) in board.sea_routes}
        assert set(near) - set(board.land_neighbours[territory]) == sea
    assert all(route <= set(board.ports) for route in board.sea_routes)
    assert {t for route in board.sea_routes for t in route} == set(board.ports)
    assert all(b <= set(board.territories) for b in board.bridges)


def test_middle_earth_neighbours_exclude_trilogy_only_territories() -> None:
    trilogy_only = set(data.TERRITORIES) - set(NORTH)
    assert len(trilogy_only) == 22
    for near in data.board(ME).neighbours.values():
        assert not set(near) & trilogy_only
    assert data.board(ME).neighbours["minhiriath"] == ("mithlond", "south_downs", "dunland", "enedwaith")
    assert data.board(TRI).neighbours["minhiriath"] == (
        "mithlond",
        "south_downs",
        "dunland",
        "enedwaith",
        "belfalas",
        "umbar",
    )
    assert data.board(ME).neighbours["gap_of_rohan"] == ("the_wold", "enedwaith", "fangorn", "west_rohan")


@pytest.mark.parametrize("edition", data.EDITIONS)
def test_boards_are_connected_with_and_without_sea_routes(edition: str) -> None:
    board = data.board(edition)
    assert _connected(board.territories, board.neighbours)
    # Every sea route doubles a land connection: the land graph alone is connected too.
    assert _connected(board.territories, board.land_neighbours)


def test_card_frames_and_symbols_match_the_rulebook_totals() -> None:
    north = [data.TERRITORIES[t] for t in NORTH]
    every = list(data.TERRITORIES.values())
    assert Counter(t.frame for t in north) == {"good": 9, "evil": 9, "neutral": 24}
    assert Counter(t.symbol for t in north) == {"infantry": 14, "cavalry": 14, "creature": 14}
    assert Counter(t.frame for t in every) == {"good": 16, "evil": 16, "neutral": 32}
    assert Counter(t.symbol for t in every) == {"infantry": 22, "cavalry": 21, "creature": 21}
    for edition in data.EDITIONS:
        cards = data.board(edition).territory_cards
        assert cards == (*data.board(edition).territories, "wild-1", "wild-2")
        assert [data.card_symbol(c) for c in cards[-2:]] == [None, None]
        assert all(data.card_symbol(c) in data.SYMBOLS for c in cards[:-2])


def test_strongholds_sites_and_ports() -> None:
    me, tri = data.board(ME), data.board(TRI)
    assert set(me.strongholds) == {
        "evendim_hills",
        "rhudaur",
        "moria",
        "south_mirkwood",
        "fangorn",
        "west_rohan",
    }
    assert set(tri.strongholds) == {
        *me.strongholds,
        "minas_tirith",
        "udun_vale",
        "barad_dur",
        "minas_morgul",
        "umbar",
    }
    assert data.TERRITORIES["evendim_hills"].stronghold == "Annúminas"
    assert len(me.sites) == 16 and len(tri.sites) == 22
    assert set(tri.sites) - set(me.sites) == {
        "ithilien",
        "vale_of_erech",
        "lebennin",
        "belfalas",
        "khand",
        "mount_doom",
    }
    assert len({data.TERRITORIES[t].site for t in tri.sites}) == 22
    assert me.ports == ("mithlond", "forodwaith", "minhiriath")
    assert tri.ports == ("mithlond", "forodwaith", "minhiriath", "belfalas", "umbar")


def test_mountain_ranges_name_territories_of_their_editions() -> None:
    assert len(data.RANGES) == 13
    assert len(data.board(ME).ranges) == 8 and len(data.board(TRI).ranges) == 13
    for rng in data.RANGES.values():
        assert rng.confidence == "G"
        assert len(rng.territories) == len(set(rng.territories)) >= 2
        for territory in rng.territories:
            assert set(rng.editions) <= set(data.TERRITORIES[territory].editions)


def test_missions_match_the_sites_of_power() -> None:
    missions = [c for c in data.CARDS.values() if c.kind == "mission"]
    assert len(missions) == 22
    for card in missions:
        assert card.site is not None and data.TERRITORIES[card.site].site == card.name
        assert card.copies == 1 and card.reward is not None
        assert set(card.decks) == set(data.TERRITORIES[card.site].editions)
        assert card.timing is None
    for edition in data.EDITIONS:
        deck = data.board(edition).adventure_deck
        missions_in_deck = [data.card_of(p) for p in deck if data.card_of(p).kind == "mission"]
        sites = sorted(c.site or "" for c in missions_in_deck)
        assert sites == sorted(data.board(edition).sites)
    extra = {c.id for c in missions if c.reward and c.reward.extra_territory_cards}
    assert extra == {"mission_harlond", "mission_lothlorien", "mission_edoras"}
    doom = data.CARDS["mission_mount_doom"].reward
    assert doom is not None and (doom.good, doom.evil) == (2, 5)
    assert {c.id for c in missions if c.confidence == "?"} == {*extra, "mission_mount_doom"}
    assert all(c.note for c in missions if c.confidence == "?")


def test_adventure_deck_totals() -> None:
    def totals(edition: str) -> Counter[str]:
        return Counter(data.card_of(p).kind for p in data.board(edition).adventure_deck)

    assert totals(TRI) == {"mission": 22, "event": 13, "power": 25}
    assert totals(ME) == {"mission": 16, "event": 10, "power": 22}  # no Move by Night
    assert len(data.board(TRI).adventure_deck) == 60 and len(data.board(ME).adventure_deck) == 48
    assert Counter(c.kind for c in data.CARDS.values()) == {"mission": 22, "event": 10, "power": 22}
    assert {c: data.CARDS[c].copies for c in data.CARDS if data.CARDS[c].copies > 1} == {
        "appoint_a_second_leader": 4,
        "grima_wormtongue": 2,
        "you_shall_not_pass": 2,
        "the_way_is_under_the_mountains": 2,
    }
    assert {c for c in data.CARDS if data.CARDS[c].decks == (TRI,)} == {
        "mission_osgiliath",
        "mission_erech",
        "mission_pelargir",
        "mission_dol_amroth",
        "mission_haradrim_encampment",
        "mission_mount_doom",
        "corsairs_of_umbar",
        "the_black_gates_open",
        "move_by_night",
        "aragorn_arrives",
        "captured_by_orcs",
        "shelobs_lair",
    }


def test_adventure_card_fields() -> None:
    for card in data.CARDS.values():
        assert "-" not in card.id
        assert card.kind in data.KINDS
        assert card.decks in ((ME, TRI), (TRI,))
        assert 0 < len(card.effect) <= 200
        assert card.points == 1 and card.points_verified is False
        assert card.confidence in ("C", "L", "G", "?")
        assert (card.timing is not None) == (card.kind == "power")
        assert card.timing is None or card.timing in data.TIMINGS
        if card.kind == "event" and card.territory is not None:
            assert card.territory in data.TERRITORIES
            assert card.needs in data.SIDES and card.gain and card.loss
            assert set(card.decks) <= set(data.TERRITORIES[card.territory].editions)
        else:
            assert card.territory is card.needs is None
    used = {c.timing for c in data.CARDS.values() if c.timing}
    assert used == set(data.TIMINGS)


def test_physical_card_ids_round_trip() -> None:
    assert data.physical_ids("appoint_a_second_leader") == tuple(
        f"appoint_a_second_leader-{n}" for n in range(1, 5)
    )
    for edition in data.EDITIONS:
        deck = data.board(edition).adventure_deck
        assert len(set(deck)) == len(deck)
        for physical in deck:
            assert physical in data.physical_ids(data.card_of(physical).id)
    for bad in ("ambush-1", "appoint_a_second_leader", "appoint_a_second_leader-5", "grima_wormtongue-0"):
        with pytest.raises(KeyError):
            data.card_of(bad)


@pytest.mark.parametrize("edition", data.EDITIONS)
def test_fellowship_path(edition: str) -> None:
    path = data.board(edition).path
    on_board = set(data.board(edition).territories)
    steps = [s.territory for s in path]
    assert all(s in on_board for s in steps)
    assert len(set(steps)) == len(steps)
    assert all(a != b for a, b in itertools.pairwise(steps))
    assert steps[0] == "the_shire" and path[0].place == "Hobbiton"
    assert "south_downs" in steps
    assert [s.final for s in path] == [False] * (len(path) - 1) + [True]
    north = [
        "the_shire",
        "buckland",
        "old_forest",
        "fornost",
        "weather_hills",
        "south_downs",
        "rhudaur",
        "eregion",
        "moria",
        "gladden_fields",
        "lorien",
        "the_wold",
        "emyn_muil",
        "dead_marshes",
    ]
    dice = {"moria", "lorien", "dead_marshes"}
    if edition == TRI:
        north += ["ithilien", "minas_morgul", "gorgoroth", "mount_doom"]
        dice |= {"minas_morgul", "gorgoroth", "mount_doom"}
    assert steps == north
    assert {s.territory for s in path if s.die} == dice
    # Every named place on the path is the territory's site of power or stronghold.
    for space in path:
        if space.place is not None:
            territory = data.TERRITORIES[space.territory]
            assert space.place in (territory.site, territory.stronghold)


@pytest.mark.parametrize("edition", data.EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deals_fit_the_board(edition: str, players: int) -> None:
    board = data.board(edition)
    deal = data.SETUP.deal(edition, players)
    frames = Counter(data.TERRITORIES[t].frame for t in board.territories)
    assert len(deal.seats) == players
    assert all(n <= frames[f] for f, n in deal.by_frame().items())
    assert Counter(s.side for s in deal.seats) == (
        {"good": 1, "evil": 2} if players == 3 else dict.fromkeys(data.SIDES, players // 2)
    )
    for seat in deal.seats:
        # A player draws only his own side's frame or neutral cards.
        assert {d.frame for d in seat.draws} <= {seat.side, "neutral"}
    assert (deal.neutral_cards > 0) == (players == 2)
    unclaimed = len(board.territories) - deal.dealt
    expected = {(ME, 2): 10, (ME, 3): 15, (ME, 4): 24, (TRI, 2): 0, (TRI, 3): 16, (TRI, 4): 32}
    assert unclaimed == expected[edition, players]


def test_setup_numbers() -> None:
    setup = data.SETUP
    assert {
        (e, m, p): setup.battalions(e, m, p) for e in data.EDITIONS for m in data.MODES for p in (2, 3, 4)
    } == {
        **{(ME, m, p): n for m in data.MODES for p, n in ((2, 40), (3, 35), (4, 30))},
        **{(TRI, m, p): n for m in data.MODES for p, n in ((2, 60), (3, 52), (4, 45))},
    }
    assert [setup.opening_territory_cards(ME, p) for p in (2, 3, 4)] == [0, 1, 2]
    assert [setup.opening_territory_cards(TRI, p) for p in (2, 3, 4)] == [1, 1, 1]
    me, tri = setup.editions[ME], setup.editions[TRI]
    assert (me.adventure_hand, me.adventure_hand_limit, tri.adventure_hand, tri.adventure_hand_limit) == (
        3,
        3,
        4,
        4,
    )
    assert (me.die_threshold, tri.die_threshold) == (3, 4)
    assert (me.forced_trade_at, tri.forced_trade_at) == (None, 5)
    assert (me.stronghold_reinforcement, tri.stronghold_reinforcement) == (0, 1)
    assert (me.fortify, tri.fortify) == ("free", "one_move")
    assert setup.single_values == {"infantry": 1, "cavalry": 3, "creature": 5}
    assert setup.set_values == {
        ("infantry", "infantry", "infantry"): 4,
        ("cavalry", "cavalry", "cavalry"): 6,
        ("creature", "creature", "creature"): 8,
        ("infantry", "cavalry", "creature"): 10,
    }
    assert (setup.max_cards_per_phase, setup.territory_bonus, setup.stronghold_points) == (3, 2, 2)
    assert setup.neutral_battalions_per_territory == 2
    assert (setup.attack_dice, setup.defence_dice) == (3, 2)
    assert [setup.reinforcements(n) for n in (1, 9, 11, 12, 42)] == [3, 3, 3, 4, 14]


@pytest.mark.parametrize("edition", data.EDITIONS)
@pytest.mark.parametrize("players", [3, 4])
def test_plain_deal_hands_out_every_territory(edition: str, players: int) -> None:
    sizes = data.SETUP.plain_deal(edition, players)
    assert len(sizes) == players
    assert sum(sizes) == len(data.board(edition).territories)
    assert max(sizes) - min(sizes) <= 1 and list(sizes) == sorted(sizes, reverse=True)


def test_plain_deal_for_two_uses_the_neutral_army() -> None:
    with pytest.raises(ValueError):
        data.SETUP.plain_deal(ME, 2)


def test_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError):
        data.board("classic")
