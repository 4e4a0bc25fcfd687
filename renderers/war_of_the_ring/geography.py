"""Our hand-drawn geography of Middle-earth for War of the Ring, the input of
:mod:`.build_layout` (never read at render time).

Coordinates are *map units*: the map is :data:`WIDTH` x :data:`HEIGHT` (north up, the sea
Belegaer in the west and south-west). Each of the 105 regions is grown from a *skeleton* (a few
points or a polyline) by a geodesic nearest-seed fill of the land, so the shapes are ours, drawn
from the game's adjacency and the general lie of Middle-earth (the Misty Mountains north-south
down the middle of the west, Mirkwood east of the Anduin, Rhûn and its sea in the east, Mordor's
ring of mountains in the south-east, Harad in the south), not from a published map. Where two
cells touch without being neighbours in the game the build draws an impassable border on their
line: a river for the pairs in :data:`RIVER_PAIRS`, a mountain ridge otherwise.
"""

from __future__ import annotations

import itertools

Point = tuple[float, float]

WIDTH = 1000
HEIGHT = 700

#: The design coordinates below are warped before growing (piecewise linear in x and in y):
#: the middle of the map, where the regions are many and small (Gondor, Rohan, the Anduin), is
#: stretched and the edges (Lindon, Rhûn, Harad, the far north), where they are few and large,
#: are squeezed, so that the cells' sizes are less unequal than the real map's.
WARP_X: tuple[tuple[float, float], ...] = ((0, 0), (200, 178), (780, 825), (1000, 1000))
WARP_Y: tuple[tuple[float, float], ...] = ((0, 0), (80, 66), (620, 640), (700, 700))


def _piecewise(value: float, table: tuple[tuple[float, float], ...]) -> float:
    for (a, fa), (b, fb) in itertools.pairwise(table):
        if value <= b:
            return fa + (fb - fa) * (value - a) / (b - a)
    return value


def warp(point: Point) -> Point:
    """A design point in map units.

    >>> warp((0, 0)), warp((1000, 700))
    ((0.0, 0.0), (1000.0, 700.0))
    """
    return (_piecewise(point[0], WARP_X), _piecewise(point[1], WARP_Y))


#: region -> skeleton points (a polyline when several), in map units.
SKELETONS: dict[str, list[Point]] = {
    # -- Lindon and the Blue Mountains ---------------------------------------------------------
    "forlindon": [(40, 105), (55, 172), (98, 198)],
    "north_ered_luin": [(85, 30), (125, 62)],
    "ered_luin": [(108, 108), (130, 172)],
    "grey_havens": [(142, 222)],
    "harlindon": [(50, 265), (62, 318)],
    "tower_hills": [(184, 210), (176, 242)],
    "south_ered_luin": [(112, 298), (185, 288)],
    # -- Eriador --------------------------------------------------------------------------------
    "evendim": [(182, 140), (198, 172)],
    "arnor": [(170, 30), (270, 75)],
    "the_shire": [(215, 228), (232, 248)],
    "buckland": [(273, 200), (280, 296)],
    "old_forest": [(239, 275)],
    "north_downs": [(270, 130), (292, 155)],
    "bree": [(308, 210)],
    "weather_hills": [(350, 165), (352, 215)],
    "south_downs": [(302, 282), (372, 258)],
    "cardolan": [(233, 330), (292, 332)],
    "minhiriath": [(140, 390), (187, 400)],
    "tharbad": [(258, 390)],
    "north_dunland": [(345, 342), (318, 365)],
    "south_dunland": [(322, 410)],
    "enedwaith": [(216, 455), (262, 450)],
    "ettenmoors": [(325, 100), (380, 140)],
    "angmar": [(315, 38)],
    "mount_gram": [(391, 70)],
    "trollshaws": [(388, 185), (380, 232)],
    "rivendell": [(420, 162)],
    "fords_of_bruinen": [(420, 214)],
    "hollin": [(400, 262), (392, 292)],
    # -- the Misty Mountains and the Vales of Anduin --------------------------------------------
    "mount_gundabad": [(457, 40)],
    "eagles_eyrie": [(490, 100), (505, 138)],
    "high_pass": [(455, 190)],
    "goblins_gate": [(486, 180)],
    "moria": [(441, 305), (432, 330)],
    "old_ford": [(515, 182)],
    "carrock": [(555, 135), (560, 170)],
    "rhosgobel": [(565, 225)],
    "gladden_fields": [(516, 245)],
    "dimrill_dale": [(480, 300), (522, 318)],
    "north_anduin_vale": [(553, 278)],
    "lorien": [(488, 352)],
    "south_anduin_vale": [(561, 335)],
    "parth_celebrant": [(500, 400), (535, 378)],
    # -- Rohan and Isengard ---------------------------------------------------------------------
    "gap_of_rohan": [(341, 458)],
    "orthanc": [(385, 415)],
    "fords_of_isen": [(410, 452)],
    "helms_deep": [(425, 500)],
    "fangorn": [(440, 398), (475, 412)],
    "westemnet": [(462, 455), (508, 465)],
    "edoras": [(478, 508)],
    "folde": [(542, 495)],
    "eastemnet": [(505, 425), (535, 432)],
    "druwaith_iaur": [(280, 510), (368, 500)],
    # -- Gondor ---------------------------------------------------------------------------------
    "andrast": [(278, 595)],
    "anfalas": [(350, 580)],
    "erech": [(410, 545), (450, 555)],
    "dol_amroth": [(450, 612)],
    "lamedon": [(515, 570)],
    "pelargir": [(568, 600), (612, 602)],
    "lossarnach": [(600, 555)],
    "minas_tirith": [(605, 512)],
    "druadan_forest": [(592, 468), (620, 478)],
    "osgiliath": [(642, 505), (660, 540)],
    "dead_marshes": [(668, 462)],
    "north_ithilien": [(705, 500), (735, 472)],
    "south_ithilien": [(715, 575)],
    # -- the Brown Lands and the Emyn Muil ------------------------------------------------------
    "western_brown_lands": [(590, 395)],
    "eastern_brown_lands": [(650, 385), (715, 372)],
    "western_emyn_muil": [(610, 436), (640, 440)],
    "eastern_emyn_muil": [(678, 432), (728, 412)],
    # -- Mirkwood -------------------------------------------------------------------------------
    "northern_mirkwood": [(606, 60)],
    "western_mirkwood": [(594, 148)],
    "woodland_realm": [(669, 120)],
    "old_forest_road": [(588, 200), (722, 198)],
    "narrows_of_the_forest": [(622, 250)],
    "eastern_mirkwood": [(712, 258)],
    "dol_guldur": [(628, 315)],
    "southern_mirkwood": [(700, 335)],
    # -- the North-east: Erebor, Dale, Rhovanion ------------------------------------------------
    "withered_heath": [(690, 35), (725, 50)],
    "erebor": [(770, 58)],
    "dale": [(745, 125), (800, 118)],
    "iron_hills": [(850, 58), (955, 45)],
    "vale_of_the_carnen": [(855, 150), (815, 172)],
    "northern_rhovanion": [(770, 200), (748, 272)],
    "vale_of_the_celduin": [(822, 208), (800, 250)],
    "southern_rhovanion": [(765, 322), (790, 292)],
    # -- Rhûn -----------------------------------------------------------------------------------
    "north_rhun": [(892, 195), (842, 240)],
    "east_rhun": [(962, 130), (962, 270)],
    "northern_dorwinion": [(832, 292)],
    "southern_dorwinion": [(832, 352)],
    "south_rhun": [(920, 360), (975, 385)],
    "ash_mountains": [(800, 412), (975, 440)],
    "noman_lands": [(755, 382), (805, 380)],
    "dagorlad": [(760, 428)],
    # -- Mordor ---------------------------------------------------------------------------------
    "morannon": [(780, 458)],
    "minas_morgul": [(768, 528)],
    "gorgoroth": [(835, 505)],
    "barad_dur": [(905, 478)],
    "nurn": [(865, 575)],
    # -- Harad ----------------------------------------------------------------------------------
    "west_harondor": [(640, 625), (680, 635)],
    "east_harondor": [(732, 628)],
    "umbar": [(605, 682)],
    "near_harad": [(680, 685), (770, 678)],
    "far_harad": [(875, 685), (968, 675)],
    "khand": [(820, 632), (975, 600)],
}

#: region -> head start of its growth in map units (a larger cell; negative: smaller), by hand.
BIAS: dict[str, float] = {
    "minas_tirith": 10,
    "dead_marshes": 3,
    "lorien": 4,
    "helms_deep": 6,
    "edoras": 3,
    "lossarnach": 2,
    "osgiliath": 4,
    "iron_hills": -8,
    "east_rhun": -8,
    "khand": -8,
    "arnor": -5,
    "ash_mountains": -5,
}

#: The land, clockwise from the north-west (the rest is sea). The map's frame is land in the
#: north, the east and the south-east.
LAND: list[Point] = [
    (47, 0),
    (1000, 0),
    (1000, 700),
    (556, 700),
    (570, 684),
    (592, 668),
    (606, 648),
    (600, 630),
    (588, 622),
    (560, 620),
    (532, 614),
    (508, 620),
    (490, 638),
    (468, 645),
    (448, 626),
    (414, 616),
    (360, 620),
    (314, 626),
    (272, 632),
    (250, 612),
    (252, 572),
    (240, 532),
    (214, 494),
    (178, 458),
    (140, 428),
    (104, 390),
    (70, 352),
    (40, 318),
    (30, 270),
    (44, 250),
    (80, 242),
    (114, 234),
    (136, 222),
    (114, 205),
    (74, 193),
    (40, 185),
    (26, 150),
    (30, 100),
    (37, 50),
]

#: Lakes (water inside the land).
LAKES: list[list[Point]] = [
    [(850, 252), (884, 234), (926, 242), (944, 282), (930, 322), (886, 330), (856, 306)],  # Sea of Rhûn
    [(852, 588), (870, 582), (884, 594), (874, 606), (855, 604)],  # Sea of Nurnen
    [(172, 114), (190, 108), (198, 122), (184, 131)],  # Lake Evendim
]

#: Touching but not adjacent pairs whose impassable border is a river (all others get a
#: mountain ridge).
RIVER_PAIRS: set[frozenset[str]] = {
    frozenset(pair.split())
    for pair in (
        "fangorn lorien",  # the Limlight
        "pelargir umbar",  # the mouths of the Anduin
        "harlindon minhiriath",
        "northern_dorwinion south_rhun",
        "lorien south_anduin_vale",  # the Anduin
    )
}

#: Neighbours whose cells cannot touch: the map joins them with a drawn link instead (none).
LINKED: set[frozenset[str]] = set()

#: Rivers drawn for the look of the map only (they are not borders): polylines in map units.
RIVERS: list[list[Point]] = [
    # the Anduin, from the Grey Mountains to the Bay of Belfalas
    [
        (540, 8),
        (532, 70),
        (536, 128),
        (528, 182),
        (538, 232),
        (548, 275),
        (545, 318),
        (538, 352),
        (560, 392),
        (600, 418),
        (628, 452),
        (632, 492),
        (646, 525),
        (622, 562),
        (598, 600),
        (598, 632),
    ],
    # the Brandywine
    [(186, 126), (205, 168), (252, 198), (258, 258), (238, 302), (200, 360), (146, 426)],
    # the Hoarwell and the Greyflood
    [(362, 112), (368, 200), (372, 258), (334, 312), (284, 368), (250, 400), (212, 432), (176, 458)],
    # the Isen
    [(398, 404), (410, 452), (362, 482), (300, 506), (246, 548)],
    # the Entwash
    [(468, 412), (520, 450), (566, 470), (626, 470)],
    # the River Running
    [(792, 128), (812, 180), (836, 228), (856, 258)],
    # the Carnen
    [(880, 60), (862, 128), (842, 196), (836, 228)],
]

#: Names of the waters (italic, faint), in map units.
WATERS: list[tuple[str, Point]] = [
    ("Belegaer", (82, 560)),
    ("Bay of\nBelfalas", (385, 660)),
    ("Sea of\nRhûn", (902, 287)),
]
