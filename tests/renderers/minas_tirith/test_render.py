"""The Minas Tirith renderer on hand-made views (MT_DESIGN §8): PNGs of the right size, the same
bytes for the same view, pixels that depend only on the view, every piece and mark where the view
puts it (kinds told apart, counts beside them), the last action and the ranges drawn, readable
text at Discord's widths, alt text within Discord's limit, and errors for what it cannot draw."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image

from renderers.minas_tirith import board, describe, draw_board, panels, pieces, render, render_image
from renderers.minas_tirith import view as v
from renderers.minas_tirith.layout import load_layout

from .. import capture
from ..capture import Drawn
from . import samples

SAMPLES = samples.all_samples()
WIDTH, DESKTOP, PHONE = 800, 550, 400
LEGIBLE = 9  # pixels of font size once Discord scales the picture down
MAP_LEGIBLE = 8.9  # the names on the map (13 px; Risk's territory names go down to 8.3)


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= 1024 * 1024
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_compact_picture_is_800_wide_and_not_too_tall(name: str) -> None:
    image = _png(render(SAMPLES[name]))
    assert image.width == WIDTH
    assert 900 <= image.height <= 1300


@pytest.mark.parametrize("name", ["setup", "land_attack", "finished"])
def test_full_picture_puts_the_panels_beside_the_map(name: str) -> None:
    image = _png(render(SAMPLES[name], layout="full"))
    width, height = load_layout("full").size
    assert image.width > width + 400
    assert image.height >= height


def test_the_same_view_gives_the_same_bytes() -> None:
    view = SAMPLES["land_attack"]
    assert render(view) == render(copy.deepcopy(view))


def test_keys_outside_the_view_contract_change_nothing() -> None:
    view = copy.deepcopy(SAMPLES["land_attack"])
    before = render(view)
    view["secret_deck_order"] = ["wild_1", "the_shire"]
    view["rng"] = 12345
    assert render(view) == before


def test_every_audience_sees_the_same_board() -> None:
    public, good = render_image(samples.setup(None)), render_image(samples.setup("good"))
    board_height = panels.HEADER_HEIGHT + load_layout("compact").size[1]
    crop = (0, panels.HEADER_HEIGHT, WIDTH, board_height)
    assert public.crop(crop).tobytes() == good.crop(crop).tobytes()


def test_a_space_unknown_to_the_map_is_refused() -> None:
    view = copy.deepcopy(SAMPLES["setup"])
    view["spaces"]["mount_doom"] = {"side": "evil", "units": {"orcs": 1}, "leaders": []}
    with pytest.raises(ValueError, match="mount_doom"):
        render(view)


def test_an_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="huge"):
        render(SAMPLES["setup"], layout="huge")  # type: ignore[arg-type]


def test_a_bare_view_still_draws() -> None:
    assert _png(render({"game": "minas-tirith"})).width == WIDTH


def _board(view: dict[str, Any]) -> Image.Image:
    return draw_board(view, load_layout("compact"), highlight=True)


def _region(image: Image.Image, slug: str) -> bytes:
    return image.crop(load_layout("compact").labels[slug].box).tobytes()


def test_pieces_are_drawn_in_their_space_and_a_count_changes_the_picture() -> None:
    view = copy.deepcopy(SAMPLES["setup"])
    before = _board(view)
    view["spaces"]["pelennor"]["units"] = {"cavalry": 5}
    after = _board(view)
    assert _region(before, "pelennor") != _region(after, "pelennor")
    assert _region(before, "harlond") == _region(after, "harlond")


def test_every_unit_kind_has_its_own_sprite() -> None:
    sprites = {kind: pieces.unit_sprite(kind, 23).tobytes() for kind in v.UNITS}
    assert len(set(sprites.values())) == len(v.UNITS)
    leaders = {leader: pieces.leader_sprite(leader, 23).tobytes() for leader in v.LEADERS}
    assert len(set(leaders.values())) == len(v.LEADERS)


def test_kinds_differ_in_shape_not_only_in_colour() -> None:
    """Grey versions of the sprites still differ (a colour-blind player tells them apart)."""
    grey = {kind: pieces.unit_sprite(kind, 23).convert("LA").tobytes() for kind in v.UNITS}
    assert len(set(grey.values())) == len(v.UNITS)


def test_the_gate_is_drawn_standing_struck_or_broken() -> None:
    layout = load_layout("compact")
    x, y = layout.gate
    box = (round(x - 20), round(y - 20), round(x + 20), round(y + 20))
    looks = set()
    for gate in ({"broken": False, "blows": 0}, {"broken": False, "blows": 2}, {"broken": True, "blows": 3}):
        view = copy.deepcopy(SAMPLES["setup"])
        view["gate"] = gate
        looks.add(_board(view).crop(box).tobytes())
    assert len(looks) == 3


def test_the_last_action_and_its_retreat_are_drawn_only_when_highlighted() -> None:
    view = SAMPLES["land_attack"]
    layout = load_layout("compact")
    shown = draw_board(view, layout, highlight=True)
    plain = draw_board(view, layout, highlight=False)
    assert _region(shown, "causeway_forts") != _region(plain, "causeway_forts")
    no_retreat = copy.deepcopy(view)
    no_retreat["last"].pop("retreat")
    assert _region(_board(no_retreat), "road_fort") != _region(shown, "road_fort")


def test_ranges_are_tinted_when_the_view_gives_them() -> None:
    view = copy.deepcopy(SAMPLES["bombardment"])
    with_ranges = _board(view)
    view.pop("ranges")
    without = _board(view)
    assert _region(with_ranges, "townlands_north") != _region(without, "townlands_north")
    assert _region(with_ranges, "harad_road") == _region(without, "harad_road")


def test_the_battle_dice_mark_the_sixes() -> None:
    six, five = panels.battle_die(6, "evil"), panels.battle_die(5, "evil")
    corner = (1, 1, 4, 4)
    assert six.crop(corner).tobytes() != five.crop(corner).tobytes()  # the gold ring
    assert panels.action_die(4, None).tobytes() != panels.action_die(4, "good").tobytes()
    assert panels.action_die(4, "good").tobytes() != panels.action_die(4, "evil").tobytes()


def test_the_panels_say_what_the_view_holds() -> None:
    found = words(SAMPLES["land_attack"])
    for text in (
        "Mordor to act",
        "ROUND 3",
        "2/3",
        "3 action points left",
        "Gate: standing",
        "Aragorn",
        "Siege Tower",
        "Mordor Reinforcements",
        "2 sixes",
        "to The Fort of the Road",
    ):
        assert any(text in line for line in found), text
    broken = words(SAMPLES["gate_broken"])
    assert any("Gate: broken" in line for line in broken)
    captured = panels.captured_pieces(SAMPLES["gate_broken"]["players"]["good"])
    assert captured == [("orcs", 6), ("wargs", 1), ("gothmog", 1)]  # a leader once, not also as a unit
    assert any("Mordor wins!" in line for line in words(SAMPLES["finished"]))


# -- readable at Discord's widths -----------------------------------------------------------------


@contextmanager
def drawn_texts() -> Iterator[list[Drawn]]:
    """Every text drawn inside the ``with`` block, with its font size (the shared recorder of
    ``tests/renderers/capture.py``, this renderer's sprite caches emptied first)."""
    for cached in (board.static_overlay, pieces.leader_sprite, pieces.unit_sprite, panels.die_sprite):
        cached.cache_clear()
    with capture.drawn_texts() as found:
        yield found


def words(view: dict[str, Any]) -> list[str]:
    with drawn_texts() as found:
        render_image(view)
    return [d.text for d in found]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_text_is_legible_at_550_and_the_map_names_and_counts_at_400(name: str) -> None:
    with drawn_texts() as found:
        render_image(SAMPLES[name])
    drawn = [d for d in found if len(d.text.strip()) > 1 or d.text.isdigit()]
    assert drawn
    names = {label.lines for label in load_layout("compact").labels.values()}
    on_map = {line for lines in names for line in lines}
    small = [
        (d.text, d.size)
        for d in drawn
        if d.size * DESKTOP / WIDTH < (MAP_LEGIBLE if d.text in on_map else LEGIBLE)
    ]
    assert not small, small
    counts = [d for d in found if d.text.isdigit()]
    assert counts and all(d.size * PHONE / WIDTH >= 7.5 for d in counts)


# -- the description -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_description_fits_discord_and_says_who_acts(name: str) -> None:
    view = SAMPLES[name]
    text = describe(view)
    assert 0 < len(text) <= 1024
    assert v.headline(view) in text


def test_the_description_tells_the_gate_and_the_forces() -> None:
    text = describe(SAMPLES["gate_broken"])
    assert "The gate is broken." in text
    assert "Minas Tirith: 3 orcs, 1 troll, The Witch-king" in text


# -- the engine's views --------------------------------------------------------------------------


def engine_views() -> list[dict[str, Any]]:
    """The set-up and positions along a random game, public and each side's."""
    import random

    import games  # noqa: F401  (registers every game)
    from games.core import find, submit

    ruleset = find("minas-tirith")
    options = ruleset.resolve_options({})
    players = ruleset.seats(options)[0]
    state = ruleset.setup(11, options, players)
    chooser = random.Random(4)
    views = []
    for step in range(120):
        if step % 15 == 0:
            views += [ruleset.view(state, audience) for audience in (None, "good", "evil")]
        active = sorted(ruleset.active(state))
        if state.get("result") is not None or not active:
            break
        role = chooser.choice(active)
        state = submit(ruleset, state, role, chooser.choice(ruleset.prompt(state, role).actions)).state
    views.append(ruleset.view(state, None))
    return views


def test_registered() -> None:
    from renderers import RENDERERS, describe_view, render_view

    assert RENDERERS["minas-tirith"] == "renderers.minas_tirith"
    view = engine_views()[0]
    assert _png(render_view(view)).width == WIDTH
    assert describe_view(view) == describe(view)


def test_the_engines_views_draw_in_both_layouts_and_describe() -> None:
    kinds = set()
    for view in engine_views():
        for layout in ("compact", "full"):
            image = render_image(view, layout=layout)
            if layout == "compact":
                assert image.width == WIDTH and image.height <= 1300
        assert len(describe(view)) <= 1024
        kinds.add(str((view.get("last") or {}).get("kind")))
    assert len(kinds) >= 2  # the set-up and at least one action drawn


def random_view(seed: int) -> dict[str, Any]:
    """A view with random armies, dice, cards and a random last action (for the fuzz)."""
    import random

    rng = random.Random(seed)
    view = copy.deepcopy(SAMPLES["land_attack"])
    good, evil = v.UNITS[:4], v.UNITS[4:]
    leaders = {"good": list(v.LEADERS[:5]), "evil": list(v.LEADERS[5:])}
    for slug, space in view["spaces"].items():
        side = rng.choice(["good", "evil", None, None])
        kinds = rng.sample(good if side == "good" else evil, rng.randint(1, 4)) if side else []
        here = [leaders[side].pop() for _ in range(rng.randint(0, 2)) if side and leaders[side]]
        space.update(side=side, units={k: rng.randint(1, 12) for k in kinds}, leaders=here)
        del slug
    cards = list(samples.MT_CARDS)
    rng.shuffle(cards)
    for role, dealt in (("good", cards[:8]), ("evil", cards[8:])):
        view["players"][role]["mt_cards"] = [
            samples._mt(c, {"orcs": 2} if rng.random() < 0.3 else None) for c in dealt
        ]
        view["players"][role]["hand"] = samples._hand(
            [c["id"] for c in rng.sample(samples.REINFORCEMENTS, rng.randint(0, 9))]
        )
        view["players"][role]["captured"] = {k: rng.randint(1, 9) for k in rng.sample(v.UNITS, 4)}
    a, b = rng.sample(sorted(view["spaces"]), 2)
    view["last"] = rng.choice(
        [
            {
                "kind": "land",
                "role": "evil",
                "from": a,
                "to": b,
                "dice": {"attack": [6, 6, 6], "defence": [6, 6]},
                "retreat": [a],
            },
            {"kind": "ranged", "role": "good", "from": a, "to": b, "dice": {"attack": [6, 1, 2]}, "hits": 1},
            {"kind": "advance", "role": "good", "from": a, "to": b},
            None,
        ]
    )
    view["dice"] = {"rolled": [rng.randint(1, 6) for _ in range(3)], "taken": [], "left": []}
    view["gate"] = {"broken": rng.random() < 0.3, "blows": rng.randint(0, 2)}
    return view


@pytest.mark.parametrize("seed", range(12))
def test_fuzz_random_views_draw_within_the_height_and_describe(seed: int) -> None:
    view = random_view(seed)
    image = render_image(view)
    assert image.width == WIDTH and image.height <= 1300, image.height
    render_image(view, layout="full")
    assert len(describe(view)) <= 1024


def test_a_retreat_is_drawn_step_by_step_for_each_army() -> None:
    """The engine lists every space the retreating armies passed: here the defender fell back from
    the Causeway to Osgiliath, then the attacker from the Causeway Forts to the Fort of the Road."""
    layout = load_layout("compact")
    last = {"kind": "land", "from": "causeway_forts", "to": "causeway", "retreat": ["osgiliath", "road_fort"]}
    assert panels.retreat_path(last, layout) == [("causeway", "osgiliath"), ("causeway_forts", "road_fort")]
    two_steps = {
        "kind": "land",
        "from": "causeway",
        "to": "causeway_forts",
        "retreat": ["road_fort", "pelennor"],
    }
    assert panels.retreat_path(two_steps, layout) == [
        ("causeway_forts", "road_fort"),
        ("road_fort", "pelennor"),
    ]
    steps = {"retreat": [{"from": "causeway_forts", "to": "road_fort"}]}
    assert panels.retreat_path(steps, layout) == [("causeway_forts", "road_fort")]


def test_a_crowded_board_is_described_briefly_but_whole() -> None:
    """Too many forces to say in words: every held space is still named, with its battalions."""
    view = random_view(0)
    text = describe(view)
    assert len(text) <= 1024 and "(battalions per space)" in text
    names = load_layout("compact").names
    for slug, space in view["spaces"].items():
        if space["side"] and space["units"]:
            assert names[slug] in text, slug


def test_the_battle_dice_are_shown_on_the_map_where_no_space_is() -> None:
    """In the land beyond the board to the north: drawn for a battle, and nothing of the spaces
    changes with them."""
    view = copy.deepcopy(SAMPLES["land_attack"])
    layout = load_layout("compact")
    strip = (layout.labels["rammas_north"].box[0], 0, layout.size[0], layout.labels["anorien_road"].box[1])
    with_dice = _board(view)
    view["last"]["dice"] = {}
    without = _board(view)
    assert with_dice.crop(strip).tobytes() != without.crop(strip).tobytes()
    for slug in ("causeway_forts", "rammas_north", "cair_andros_road"):
        assert _region(with_dice, slug) == _region(without, slug)


def test_a_crowded_narrow_space_keeps_its_pieces_inside_it() -> None:
    from renderers.minas_tirith.pieces import arrange
    from renderers.minas_tirith.theme import STYLES

    labels = load_layout("compact").labels
    label, below = labels["rammas_north"], labels["north_farmsteads"]
    items = [("unit", "infantry", 1), ("unit", "archers", 1), ("unit", "cavalry", 1)]
    sizes, rows = arrange(items, label, STYLES["compact"])
    name_top = below.name[1] - len(below.lines) * below.size * 0.6
    assert label.badge[1] + len(rows) * (sizes.icon + 1) <= name_top  # the name below stays clear
    assert all(sum(sizes.width(i) for i in row) <= label.box[2] - label.box[0] for row in rows)
