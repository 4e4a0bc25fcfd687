"""Our hand-drawn geography of Middle-earth, the input of :mod:`.build_layout` (never read at
render time).

Coordinates are *map units*: the Trilogy board is 1000 x 1000 (north up, the sea Belegaer in
the west), the middle-earth board its northern part, 1000 x :data:`MIDDLE_EARTH_HEIGHT`. Each
territory is grown from a *skeleton* (a few points or a polyline) by a geodesic nearest-seed
fill of the land, so the shapes are ours, drawn from the game's adjacency and real Middle-earth
geography, not the printed board's outlines. Where two cells touch without being adjacent in
the game the build draws a barrier on their border: a river for the pairs in
:data:`RIVER_PAIRS`, a mountain ridge otherwise.
"""

from __future__ import annotations

Point = tuple[float, float]

WIDTH = 1000
TRILOGY_HEIGHT = 1000
MIDDLE_EARTH_HEIGHT = 720

#: territory -> skeleton points (a polyline when several), in map units.
SKELETONS: dict[str, list[Point]] = {
    # Eriador (west, by the sea)
    "forlindon": [(70, 185), (75, 240)],
    "lune_valley": [(160, 180), (160, 280)],
    "mithlond": [(105, 320)],
    "harlindon": [(75, 420), (95, 470)],
    "tower_hills": [(175, 375)],
    "evendim_hills": [(245, 265)],
    "the_shire": [(262, 375), (262, 405)],
    # Arnor
    "borderlands": [(265, 160), (360, 160), (470, 222)],
    "north_downs": [(330, 255)],
    "fornost": [(410, 280)],
    "buckland": [(345, 365)],
    "old_forest": [(425, 368)],
    "weather_hills": [(495, 250), (505, 330), (515, 402)],
    "south_downs": [(370, 470), (480, 450), (528, 428)],
    "rhudaur": [(595, 275), (580, 350), (560, 410)],
    "angmar": [(480, 150)],
    "eastern_angmar": [(610, 140)],
    "forodwaith": [(90, 58), (300, 60), (500, 58), (680, 55), (800, 45)],
    # Rhûn
    "withered_heath": [(780, 130)],
    "esgaroth": [(865, 220)],
    "north_rhun": [(900, 80), (960, 140), (965, 240)],
    "south_rhun": [(935, 305)],
    # Mirkwood
    "north_mirkwood": [(775, 240)],
    "carrock": [(675, 215)],
    "anduin_valley": [(705, 300), (712, 380), (725, 445)],
    "eastern_mirkwood": [(830, 340)],
    "south_mirkwood": [(800, 435)],
    # Rhovanion
    "gladden_fields": [(645, 375)],
    "moria": [(578, 450)],
    "lorien": [(650, 475)],
    "the_wold": [(695, 545)],
    "emyn_muil": [(770, 525)],
    "brown_lands": [(900, 445), (845, 492)],
    "dead_marshes": [(870, 560), (785, 625)],
    "rhun_hills": [(955, 530)],
    # Rohan
    "eregion": [(505, 498), (548, 462)],
    "minhiriath": [(190, 565), (330, 535)],
    "dunland": [(430, 560)],
    "enedwaith": [(295, 635)],
    "fangorn": [(585, 560)],
    "gap_of_rohan": [(400, 632), (560, 650), (690, 665)],
    "west_rohan": [(430, 700)],
    # Gondor
    "druwaith_iaur": [(300, 748)],
    "andrast": [(215, 820)],
    "anfalas": [(320, 808)],
    "vale_of_erech": [(420, 775)],
    "lamedon": [(505, 805)],
    "belfalas": [(440, 860)],
    "lebennin": [(600, 830), (540, 860)],
    "minas_tirith": [(650, 735)],
    "ithilien": [(735, 708)],
    "south_ithilien": [(715, 808)],
    # Mordor
    "udun_vale": [(830, 662)],
    "minas_morgul": [(795, 758)],
    "mount_doom": [(875, 728)],
    "barad_dur": [(950, 685)],
    "gorgoroth": [(885, 805)],
    "nurn": [(935, 875)],
    # Haradwaith
    "harondor": [(685, 890)],
    "harad": [(745, 955)],
    "deep_harad": [(625, 962)],
    "umbar": [(505, 968)],
    "near_harad": [(855, 948)],
    "khand": [(962, 925)],
}

#: territory -> its share of the land (1 by default): the build balances the cells' areas to it.
WEIGHT: dict[str, float] = {
    "forodwaith": 2.5,
    "gap_of_rohan": 1.3,
    "anduin_valley": 1.2,
    "borderlands": 1.2,
    "rhudaur": 1.1,
    "harlindon": 0.85,
    "forlindon": 0.85,
    "andrast": 0.8,
    "khand": 0.9,
}

#: The land of the Trilogy board, clockwise from the north-west (the rest is sea).
LAND: list[Point] = [
    (40, 30),
    (200, 22),
    (420, 28),
    (620, 20),
    (760, 26),
    (860, 0),
    (1000, 0),
    (1000, 1000),
    (400, 1000),
    (410, 970),
    (450, 948),
    (510, 932),
    (565, 918),
    (610, 902),
    (640, 890),
    (615, 878),
    (585, 885),
    (545, 880),
    (512, 888),
    (478, 902),
    (455, 896),
    (440, 876),
    (410, 872),
    (370, 876),
    (330, 872),
    (290, 864),
    (250, 858),
    (205, 850),
    (172, 832),
    (180, 808),
    (205, 790),
    (228, 765),
    (232, 735),
    (215, 705),
    (195, 672),
    (175, 640),
    (150, 610),
    (128, 580),
    (108, 548),
    (72, 515),
    (48, 480),
    (38, 430),
    (34, 370),
    (38, 342),
    (66, 336),
    (86, 322),
    (66, 312),
    (36, 306),
    (30, 265),
    (32, 215),
    (38, 165),
    (90, 150),
    (150, 148),
    (200, 138),
    (228, 118),
    (200, 100),
    (150, 98),
    (95, 100),
    (45, 95),
]

#: Lakes (water inside the land).
LAKES: list[list[Point]] = [
    [(935, 395), (970, 382), (1000, 390), (1000, 440), (960, 452), (930, 438)],  # Sea of Rhûn
    [(905, 895), (935, 886), (960, 900), (945, 920), (915, 920)],  # Sea of Nurnen
]

#: Touching but not adjacent pairs whose barrier is a river (all others get a mountain ridge);
#: bridged pairs always face each other across a river.
RIVER_PAIRS: set[frozenset[str]] = {
    frozenset(pair.split())
    for pair in (
        # the Anduin
        "anduin_valley lorien",
        "emyn_muil lorien",
        "dead_marshes the_wold",
        "dead_marshes gap_of_rohan",
        "ithilien the_wold",
        "gap_of_rohan ithilien",
        "minas_tirith south_ithilien",
        "lebennin south_ithilien",
        "harondor lebennin",
        "dead_marshes minas_tirith",
        # the Brandywine, the Greyflood and the Hoarwell
        "south_downs the_shire",
        "minhiriath the_shire",
        "harlindon minhiriath",
        "minhiriath tower_hills",
        "old_forest the_shire",
        "dunland south_downs",
        "eregion south_downs",
        "eregion weather_hills",
        # the River Running and the Forest River
        "eastern_mirkwood south_rhun",
        "esgaroth south_rhun",
        "eastern_mirkwood esgaroth",
        # the Isen, the Morthond, the Harnen
        "enedwaith west_rohan",
        "druwaith_iaur enedwaith",
        "anfalas belfalas",
        "belfalas vale_of_erech",
        "deep_harad harondor",
        "harad south_ithilien",
    )
}

#: Sea routes: waypoints over the sea from one port's shore to the other's, in map units.
SEA_ROUTES: dict[frozenset[str], list[Point]] = {
    frozenset(("mithlond", "forodwaith")): [(58, 318), (20, 295), (14, 220), (18, 150), (70, 118), (130, 96)],
    frozenset(("mithlond", "minhiriath")): [(58, 326), (16, 365), (14, 450), (40, 525), (112, 580)],
    frozenset(("minhiriath", "belfalas")): [
        (118, 590),
        (150, 680),
        (150, 790),
        (165, 868),
        (300, 892),
        (430, 882),
    ],
    frozenset(("minhiriath", "umbar")): [
        (114, 594),
        (130, 700),
        (125, 800),
        (140, 890),
        (280, 945),
        (410, 975),
    ],
    frozenset(("belfalas", "umbar")): [(450, 898), (438, 930), (425, 962)],
}

#: Names of the waters (italic, faint), in map units.
WATERS: list[tuple[str, Point, str]] = [
    ("Belegaer", (60, 700), "trilogy"),
    ("Belegaer", (75, 690), "middle-earth"),
    ("Ice Bay of Forochel", (130, 122), "both"),
    ("Bay of Belfalas", (300, 925), "trilogy"),
    ("Sea of\nRhûn", (966, 416), "both"),
]
