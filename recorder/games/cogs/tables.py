"""The rules' numbers: cog types, crew costs, headings, the wind and treasure tables.

Everything here is quoted from the Cogs of Valor rules text (page numbers are
the transcription's page markers, "p.3" = the block that starts with "3 The
Leader!"). Distances are in tenths of an inch so that every position, range and
speed in the log is an integer.
"""

from __future__ import annotations

from dataclasses import dataclass

TENTH = 10  # tenths of an inch per inch: the unit of every position in the log

DECKS = ("stern", "main", "fore", "nest")  # where crew may stand ("nest" = crow's nest)
PLACES = DECKS + ("hold",)  # plus the hold of holdings (reserves, captives)
BASIC_UPGRADES = ("armor", "sword", "longbow", "mace")  # p.1, 1 point each
HERO_UPGRADES = ("crossbow", "quickshot", "carpenter", "firepot")  # p.2, 2 points each
HEADINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # index = eighths of a turn clockwise
SAVE_TARGET = 12  # "a save roll of 12 or less" (armor p.1, hero p.2)

# Unit vectors of the headings, y pointing north.
VECTORS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


@dataclass(frozen=True, slots=True)
class CogType:
    key: str
    title: str
    hull: int
    budget: int  # crew points the cog may be manned with (p.1)
    decks: dict[str, int]  # deck -> crew capacity (p.3); 0 = the deck does not exist
    large: bool  # large for hull, rowing and artillery purposes (p.3: hulks are large)
    hulk: bool
    max_ballistae: int  # p.2: small cogs one, large cogs and hulks two
    units: int  # fleet equivalence (p.3): two small = one large, a hulk = three small
    radius: int  # ruling: the cog's footprint on the table, tenths of an inch


COG_TYPES: dict[str, CogType] = {
    t.key: t
    for t in (
        CogType("small_merchant", "small merchant cog", 10, 30,
                {"stern": 20, "main": 30, "fore": 0, "nest": 4}, False, False, 1, 1, 15),
        CogType("small", "small cog", 10, 30,
                {"stern": 20, "main": 20, "fore": 10, "nest": 4}, False, False, 1, 1, 15),
        CogType("large", "large cog", 20, 60,
                {"stern": 20, "main": 40, "fore": 10, "nest": 4}, True, False, 2, 2, 20),
        CogType("hulk", "hulk", 30, 90,
                {"stern": 20, "main": 60, "fore": 20, "nest": 4}, True, True, 2, 3, 25),
    )
}

BALLISTA_SPACE = 10  # p.2: a ballista takes 10 crew spots and 10 of the main deck's capacity
BALLISTA_CREW = 4  # p.2: four free crewmember actions to fire or rotate

# Speeds, in inches (p.5).
BROAD_REACH = 24
BEAM_REACH = 18
ROWING_MAX = 12
DRIFT = 6
TURNS = {"ahead": 0, "port": -1, "starboard": 1, "astern": 0}  # heading points a course turns (p.5)
HULK_RUNNING = -2  # wind directly behind
HULK_OTHER = 2  # every other heading that is not into the wind

# Ranges and target numbers (p.6, p.7, p.8).
GRAPPLE_REACH = 3
ISLAND_REACH = 3
FIREPOT_RANGE = 12
BALLISTA_RANGE = 24
ARTILLERY_TN = 12
ARTILLERY_LARGE = 2
BALLISTA_VS_BALLISTA = -4
RANGED_TN = 10
MELEE_TN = 14

# Wind shift d6 table (p.4): roll -> eighths clockwise.
WIND_SHIFT = {1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}

# Treasure 3d6 table (p.10). Each item: (what, detail).
TREASURE: dict[int, tuple[str, str]] = {
    3: ("points", "Gold! (20 points)"),
    4: ("crew", "two hero firepot specialist crewmembers with armor upgrade"),
    5: ("crew", "two hero crossbow crewmembers with armor"),
    6: ("timber", "Timber! (repair up to 6 hull)"),
    7: ("upgrades", "4x longbow upgrades"),
    8: ("upgrades", "4x sword upgrades"),
    9: ("crew", "3x crewmembers with armor upgrade"),
    10: ("crew", "2x basic crewmembers"),
    11: ("crew", "3x basic crewmembers"),
    12: ("upgrades", "2x mace upgrades"),
    13: ("crew", "4x crewmembers with armor and longbow upgrades"),
    14: ("paint", "fire resistant paint (ignore the next 4 fire)"),
    15: ("crew", "6x crewmembers with armor upgrade"),
    16: ("upgrades", "6x armor upgrades"),
    17: ("points", "exquisite statues (10 points)"),
    18: ("heroes", "4x hero crewmembers with armor and a hero upgrade of the player's choice"),
}
# What the crew and upgrade results bring: (count, upgrades, hero, hero upgrade).
TREASURE_CREW: dict[int, tuple[int, tuple[str, ...], bool, str | None]] = {
    4: (2, ("armor",), True, "firepot"),
    5: (2, ("armor",), True, "crossbow"),
    9: (3, ("armor",), False, None),
    10: (2, (), False, None),
    11: (3, (), False, None),
    13: (4, ("armor", "longbow"), False, None),
    15: (6, ("armor",), False, None),
    18: (4, ("armor",), True, None),
}
TREASURE_UPGRADES: dict[int, dict[str, int]] = {
    7: {"longbow": 4}, 8: {"sword": 4}, 12: {"mace": 2}, 16: {"armor": 6},
}
TREASURE_POINTS = {3: 20, 17: 10}
TIMBER_HULL = 6
PAINT_FIRE = 4
SEARCH_TARGET = 12

# Scoring table (p.9).
SCORE_ELIMINATION = 1
SCORE_BOARDING = 2
SCORE_ISLAND = 2
SCORE_SINKING = 5
SCORE_CLEARED = 8
SCORE_CAPTURE = 10

# Fire fighting and repair (p.9 step B, p.2 carpenter's mate).
CARPENTER_HULL = 2
CARPENTER_FIRE = 4
