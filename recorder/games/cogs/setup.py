"""Match options and the muster: fleets aboard their cogs, cogs on the table, the wind.

Options (header ``options``): ``fleets`` (one fleet per player, see
:mod:`.fleet`; filled in from the ready fleets by side name when absent),
``wind`` (starting wind by agreement, default "W"), ``turns`` (turn limit,
default 12), ``surface`` ([width, height] in inches, default [96, 72]),
``islands`` ([[x, y], ...] in inches), ``unequal_fleets`` (allow fleets that
are not equivalent) and ``cog_match`` (the every-player-for-themselves variant
with respawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from recorder.context import Context
from recorder.errors import InvalidDecision

from . import events as ev
from .fleet import check_equal, check_fleet, fleet_points, fleet_units, ready_fleet
from .geometry import Point, inside, overlapping
from .state import CogsState, Island
from .tables import COG_TYPES, HEADINGS, TENTH

OPTION_KEYS = ("fleets", "wind", "turns", "surface", "islands", "unequal_fleets", "cog_match")
ISLAND_RADIUS = 30  # ruling: an island's footprint, tenths of an inch
EDGE_GAP = 30  # cogs start 3 inches in from their edge
COG_SPACING = 100  # 10 inches between cogs of a fleet at the start
COG_MATCH_UNITS = 2  # small-cog units of 60 points of cog: a large cog (30 per small cog, p.3, p.11)


@dataclass(frozen=True)
class Options:
    fleets: list[dict[str, Any]]
    wind: int
    turns: int
    width: int
    height: int
    islands: list[tuple[int, int]]
    unequal_fleets: bool
    cog_match: bool


def complete_options(options: dict[str, Any], sides: list[str]) -> dict[str, Any]:
    """The options as recorded: ready fleets filled in by side name."""
    unknown = [k for k in options if k not in OPTION_KEYS]
    if unknown:
        raise InvalidDecision(f"unknown cogs option {unknown[0]!r}; known options: {', '.join(OPTION_KEYS)}")
    out = dict(options)
    if "fleets" not in out:
        out["fleets"] = [ready_fleet(side) for side in sides]
    return out


def parse_options(options: dict[str, Any], names: list[str]) -> Options:
    fleets = options.get("fleets")
    if not isinstance(fleets, list) or len(fleets) != len(names):
        raise InvalidDecision(f"option fleets must list one fleet per player ({len(names)}), got {fleets!r:.80}")
    checked = [check_fleet(f, f"player {i} ({names[i]})") for i, f in enumerate(fleets)]
    if not options.get("unequal_fleets", False):
        check_equal(checked, names)
    wind = options.get("wind", "W")
    if wind not in HEADINGS:
        raise InvalidDecision(f"option wind {wind!r} is not a heading; use one of {', '.join(HEADINGS)}")
    turns = options.get("turns", 12)
    if type(turns) is not int or not 1 <= turns <= 200:
        raise InvalidDecision(f"option turns {turns!r} must be an integer from 1 to 200")
    surface = options.get("surface", [96, 72])
    if (not isinstance(surface, list) or len(surface) != 2
            or any(type(v) is not int or not 24 <= v <= 400 for v in surface)):
        raise InvalidDecision(f"option surface {surface!r} must be [width, height] in inches, each 24..400")
    width, height = surface[0] * TENTH, surface[1] * TENTH
    raw_islands = options.get("islands", [[surface[0] // 4, surface[1] // 2], [3 * surface[0] // 4, surface[1] // 2]])
    islands = []
    for item in raw_islands if isinstance(raw_islands, list) else [None]:
        if (not isinstance(item, list) or len(item) != 2 or any(type(v) is not int for v in item)
                or not (0 <= item[0] <= surface[0] and 0 <= item[1] <= surface[1])):
            raise InvalidDecision(f"option islands: {item!r} is not an [x, y] position on the {surface[0]}x"
                                  f"{surface[1]} inch surface")
        islands.append((item[0] * TENTH, item[1] * TENTH))
    for i, fleet in enumerate(checked):
        for cog in fleet["cogs"]:
            at = cog.get("at")
            r = COG_TYPES[cog["type"]].radius
            if at and not (r <= at["x"] <= width - r and r <= at["y"] <= height - r):
                raise InvalidDecision(f"player {i} ({names[i]}): cog {cog['name']!r} placed at ({at['x']}, "
                                      f"{at['y']}) tenths is not wholly on the {surface[0]}x{surface[1]} inch surface")
    for key in ("unequal_fleets", "cog_match"):
        if type(options.get(key, False)) is not bool:
            raise InvalidDecision(f"option {key} must be true or false, got {options[key]!r}")
    if options.get("cog_match", False):
        for i, fleet in enumerate(checked):
            check_cog_match(fleet, f"player {i} ({names[i]})")
    check_places(checked, names)
    return Options(checked, HEADINGS.index(wind), turns, width, height, islands,
                   options.get("unequal_fleets", False), options.get("cog_match", False))


def check_cog_match(fleet: dict[str, Any], who: str) -> None:
    """Cog-matching: "each player starts with 60 points of cog (either 1 large or 2 small)" (p.11)."""
    if fleet_units(fleet) != COG_MATCH_UNITS:
        kinds = ", ".join(COG_TYPES[c["type"]].title for c in fleet["cogs"])
        raise InvalidDecision(f"{who}: fleet {fleet['name']!r} brings {kinds}; in cog-matching each player "
                              f"starts with 60 points of cog, either 1 large or 2 small (rules p.11, Cog Matching)")


def new_state(names: list[str], opts: Options) -> CogsState:
    return CogsState(
        players=list(names), width=opts.width, height=opts.height,
        islands=[Island(i, x, y) for i, (x, y) in enumerate(opts.islands)],
        wind=opts.wind, scores=[0] * len(names),
    )


def check_places(fleets: list[dict[str, Any]], names: list[str]) -> None:
    """Cogs given an agreed ``at`` place must not start inside each other: the movement step only
    sees overlaps as they begin, so cogs launched overlapping would sail through each other."""
    placed: list[tuple[str, str, int, int, int]] = []
    for i, fleet in enumerate(fleets):
        for cog in fleet["cogs"]:
            at = cog.get("at")
            if not at:
                continue
            r = COG_TYPES[cog["type"]].radius
            for who, name, x, y, other_r in placed:
                if overlapping((at["x"], at["y"]), r, (x, y), other_r):
                    raise InvalidDecision(
                        f"player {i} ({names[i]}): cog {cog['name']!r} placed at ({at['x']}, {at['y']}) tenths "
                        f"overlaps {who}'s cog {name!r} at ({x}, {y}); cogs must start clear of each other")
            placed.append((f"player {i} ({names[i]})", cog["name"], at["x"], at["y"], r))


# Seat -> (edge, heading the fleet faces): south, north, west, east, then the corners.
EDGES = (("S", 0), ("N", 4), ("W", 2), ("E", 6), ("SW", 1), ("NE", 5), ("NW", 3), ("SE", 7))


def edge_positions(edge: str, n: int, state: CogsState, radius: int) -> list[tuple[int, int]]:
    """Centres for ``n`` cogs spaced along an edge (or stacked diagonally at a corner)."""
    w, h, inset = state.width, state.height, radius + EDGE_GAP
    out = []
    for i in range(n):
        offset = (2 * i - (n - 1)) * COG_SPACING // 2
        if edge == "S":
            out.append((w // 2 + offset, inset))
        elif edge == "N":
            out.append((w // 2 - offset, h - inset))
        elif edge == "W":
            out.append((inset, h // 2 - offset))
        elif edge == "E":
            out.append((w - inset, h // 2 + offset))
        else:
            sx = inset + i * COG_SPACING if "W" in edge else w - inset - i * COG_SPACING
            sy = inset if "S" in edge else h - inset
            out.append((sx, sy))
    return out


SHIFT = 10  # a blocked starting spot moves along its edge in 1" steps
Disc = tuple[Point, int]  # a footprint: centre and radius, tenths


def clear_spot(spot: Point, radius: int, edge: str, state: CogsState, taken: list[Disc]) -> Point:
    """The place nearest ``spot`` for a cog of ``radius``: along its edge, 1" at a time alternately
    each way, then a row (10") further in, until it lies wholly on the table and overlaps neither a
    footprint in ``taken`` (cogs afloat, cogs placed) nor an island (ruling: a respawning fleet never
    arrives on top of a cog, p.11)."""
    along = (0, 1) if edge in ("W", "E") else (1, 0)
    inward = {"S": (0, 1), "N": (0, -1), "W": (1, 0), "E": (-1, 0)}.get(edge, (0, 1 if "S" in edge else -1))
    blocks = taken + [((i.x, i.y), ISLAND_RADIUS) for i in state.islands]
    span = max(state.width, state.height)
    for row in range(0, span, COG_SPACING):
        for step in range(span // SHIFT + 1):
            for sign in (1,) if step == 0 else (1, -1):
                shift = sign * step * SHIFT
                p = (spot[0] + along[0] * shift + inward[0] * row, spot[1] + along[1] * shift + inward[1] * row)
                if inside(p, radius, state.width, state.height) and \
                        not any(overlapping(p, radius, q, r) for q, r in blocks):
                    return p
    return spot  # a table with no room anywhere: keep the edge's spot


def muster(ctx: Context, opts: Options, player: int, edge: str | None = None,
           reason: str = "muster", cause: int | None = None) -> None:
    """Put ``player``'s fleet on the table: cogs launched, crew embarked, leader aboard.

    Each cog cites the FleetMustered (or, respawning, the FleetRespawned ``cause``); its crew cite it."""
    state: CogsState = ctx.state
    fleet = opts.fleets[player]
    seat_edge, heading = EDGES[player % len(EDGES)]
    edge = edge or seat_edge
    heading = dict(EDGES)[edge]
    first_cog = max(state.cogs, default=-1) + 1
    radius = max(COG_TYPES[c["type"]].radius for c in fleet["cogs"])
    spots = edge_positions(edge, len(fleet["cogs"]), state, radius)
    ids = tuple(range(first_cog, first_cog + len(fleet["cogs"])))
    # What a cog placed by the edge must keep clear of: the cogs afloat and, at the muster, the agreed
    # places of cogs not launched yet.
    taken: list[Disc] = [(c.pos, c.kind.radius) for c in state.afloat()]
    if reason == "muster":
        taken += [((c["at"]["x"], c["at"]["y"]), COG_TYPES[c["type"]].radius)
                  for f in opts.fleets[player:] for c in f["cogs"] if c.get("at")]
    if reason == "muster":
        cause = ctx.emit(ev.FleetMustered(player=player, fleet=fleet["name"], points=fleet_points(fleet), cogs=ids))
    next_crew = state.next_crew
    for cog_id, spec, (x, y) in zip(ids, fleet["cogs"], spots):
        kind = COG_TYPES[spec["type"]]
        at = spec.get("at") if reason == "muster" else None
        if at:
            x, y, facing = at["x"], at["y"], HEADINGS.index(at["heading"])
        else:
            (x, y), facing = clear_spot((x, y), kind.radius, edge, state, taken), heading
            taken.append(((x, y), kind.radius))
        launched = ctx.emit(ev.CogLaunched(
            cog=cog_id, player=player, name=spec["name"], type=spec["type"], x=x, y=y,
            heading=HEADINGS[facing], hull=kind.hull,
            ballistae=tuple(b["side"] for b in spec.get("ballistae", ())),
        ), cause=cause)
        lines = list(spec["crew"])
        for line in lines:
            crew = tuple(range(next_crew, next_crew + line["count"]))
            next_crew += line["count"]
            ctx.emit(ev.CrewEmbarked(
                cog=cog_id, deck=line["deck"], crew=crew, player=player,
                upgrades=tuple(line.get("upgrades", ())), hero=line.get("hero", False),
                hero_upgrade=line.get("hero_upgrade"), leader=False, reason=reason,
            ), cause=launched)
        if "leader" in spec:
            ctx.emit(ev.CrewEmbarked(
                cog=cog_id, deck=spec["leader"]["deck"], crew=(next_crew,), player=player,
                upgrades=("armor", "sword", "longbow", "mace"), hero=False,
                hero_upgrade=spec["leader"]["hero_upgrade"], leader=True, reason=reason,
            ), cause=launched)
            next_crew += 1
