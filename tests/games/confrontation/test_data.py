"""Data integrity: the board, characters and cards load and agree with each other."""

from __future__ import annotations

import json

from games.confrontation import data


def test_board_has_sixteen_regions_with_the_right_capacities() -> None:
    assert len(data.REGIONS) == 16
    assert data.CAPACITY["shire"] == data.CAPACITY["mordor"] == 4
    assert {r for r in data.REGIONS if data.CAPACITY[r] == 1} == set(data.MOUNTAIN_ROW) == set(data.MOUNTAINS)


def test_forward_links_of_the_two_sides_mirror_each_other() -> None:
    for region in data.REGION_ORDER:
        for nxt in data.FORWARD["fellowship"][region]:
            assert region in data.FORWARD["sauron"][nxt]
            assert data.REGIONS[nxt].row == data.REGIONS[region].row + 1


def test_sideways_links_are_symmetric_same_row_and_never_in_the_mountains() -> None:
    for region, near in data.SIDEWAYS.items():
        for other in near:
            assert region in data.SIDEWAYS[other]
            assert data.REGIONS[other].row == data.REGIONS[region].row
            assert other not in data.MOUNTAINS and region not in data.MOUNTAINS


def test_every_region_has_layout_coordinates() -> None:
    layout = json.loads((data.DATA_DIR / "layout.json").read_text(encoding="utf-8"))
    assert set(layout["regions"]) == set(data.REGIONS)


def test_characters_pair_up_on_eighteen_tiles() -> None:
    assert len(data.CHARS) == 36
    for side in data.SIDES:
        assert len(data.CLASSIC[side]) == len(data.VARIANT[side]) == 9
        assert all(data.CHARS[c].set == "classic" for c in data.CLASSIC[side])
        assert all(data.CHARS[c].side == side for c in (*data.CLASSIC[side], *data.VARIANT[side]))
    assert data.TILE_SIDES["f-hobbit"] == ("pippin", "smeagol")
    assert data.TILE_SIDES["s-troll"] == ("cave_troll", "watcher")
    # Within one set names are distinct; across sets the labels are (a Draft lists both sides).
    for chosen in ("classic", "variant"):
        names = [c.name for c in data.CHARS.values() if (c.set == "classic") == (chosen == "classic")]
        assert len(set(names)) == 18
    assert len({data.char_label(c) for c in data.CHARS}) == 36
    assert not any("(variant)" in c.name for c in data.CHARS.values())


def test_classic_strengths_match_the_rulebook() -> None:
    strengths = {c: data.CHARS[c].strength for c in (*data.CLASSIC["fellowship"], *data.CLASSIC["sauron"])}
    assert strengths == {
        "frodo": 1, "sam": 2, "pippin": 1, "merry": 2, "gandalf": 5, "aragorn": 4, "legolas": 3,
        "gimli": 3, "boromir": 0, "witch_king": 5, "flying_nazgul": 3, "black_rider": 3,
        "saruman": 4, "orcs": 2, "warg": 2, "balrog": 5, "shelob": 5, "cave_troll": 9,
    }  # fmt: skip


def test_nine_combat_cards_per_side_and_eight_specials() -> None:
    assert [len(data.CARD_ORDER[s]) for s in data.SIDES] == [9, 9]
    assert sum(1 for c in data.CARDS["sauron"].values() if c.value) == 6
    assert len(data.SPECIALS) == 8
    assert data.specials_of("fellowship", "2002") == ("shadowfax", "gandalf_the_white")
    assert data.specials_of("sauron", "2002") == ("palantir", "recall_to_mordor")
    assert len(data.specials_of("sauron", "deluxe")) == 4
