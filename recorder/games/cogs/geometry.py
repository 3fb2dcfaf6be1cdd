"""Exact integer geometry on the play surface.

Positions are integer tenths of an inch with y pointing north. A move along a
diagonal heading of ``d`` tenths shifts each axis by ``d/sqrt(2)`` rounded to
the nearest tenth, computed with ``math.isqrt`` so no float ever decides a
position, a range or a collision.
"""

from __future__ import annotations

from math import isqrt

from .tables import VECTORS

Point = tuple[int, int]


def displacement(direction: int, distance: int) -> Point:
    """The (dx, dy) of moving ``distance`` tenths along heading ``direction`` (0..7)."""
    vx, vy = VECTORS[direction % 8]
    if vx and vy:
        # Nearest integer to distance/sqrt(2) = floor((sqrt(2 d^2) + 1) / 2).
        leg = (isqrt(2 * distance * distance) + 1) // 2
        return vx * leg, vy * leg
    return vx * distance, vy * distance


def scaled(value: int, k: int, n: int) -> int:
    """``value * k / n`` rounded half away from zero (symmetric for both signs)."""
    sign = -1 if value < 0 else 1
    return sign * ((2 * abs(value) * k + n) // (2 * n))


def distance2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def distance(a: Point, b: Point) -> int:
    """Centre-to-centre distance in whole tenths, rounded down: for reports and ordering only.

    Never compare it with ``<=``: 12.03" rounds down to 120 tenths and would pass
    ``distance <= 120``. Range tests use :func:`within` / :func:`gap_within`, which
    compare squared distances and so are exact.
    """
    return isqrt(distance2(a, b))


def within(a: Point, b: Point, reach: int) -> bool:
    """True when the centres are at most ``reach`` tenths apart (exact: squared distances)."""
    return distance2(a, b) <= reach * reach


def gap_within(a: Point, ra: int, b: Point, rb: int, reach: int) -> bool:
    """True when two round footprints are at most ``reach`` tenths apart edge to edge (exact)."""
    return distance2(a, b) <= (reach + ra + rb) ** 2


def gap(a: Point, ra: int, b: Point, rb: int) -> int:
    """Edge-to-edge distance of two round footprints, in whole tenths rounded down (0 if touching);
    for reports only (see :func:`gap_within`)."""
    return max(0, distance(a, b) - ra - rb)


def overlapping(a: Point, ra: int, b: Point, rb: int) -> bool:
    """True when two footprints overlap (touching is not overlapping)."""
    return distance2(a, b) < (ra + rb) ** 2


def side_of(origin: Point, heading: int, target: Point) -> str | None:
    """"port" (left), "starboard" (right) or None (dead ahead or astern)."""
    hx, hy = VECTORS[heading % 8]
    tx, ty = target[0] - origin[0], target[1] - origin[1]
    cross = hx * ty - hy * tx
    if cross > 0:
        return "port"
    if cross < 0:
        return "starboard"
    return None


def inside(p: Point, radius: int, width: int, height: int) -> bool:
    """True when a footprint lies wholly on the play surface."""
    return radius <= p[0] <= width - radius and radius <= p[1] <= height - radius


def clamp(p: Point, radius: int, width: int, height: int) -> Point:
    return (min(max(p[0], radius), width - radius), min(max(p[1], radius), height - radius))


def stop_at_edge(start: Point, vector: Point, radius: int, width: int, height: int) -> Point:
    """The end of a straight move of ``vector`` from ``start``: the whole way, or the first point of the line
    where the footprint of ``radius`` touches the table edge (a point rounded toward ``start``, so never
    past it). Exact: the fraction of the move is a ratio of integers."""
    num, den = 1, 1  # the fraction of the move made, num/den
    for p, v, size in ((start[0], vector[0], width), (start[1], vector[1], height)):
        room = size - radius - p if v > 0 else radius - p if v < 0 else None
        if room is None:
            continue
        if room * v < 0:  # already past the edge that way (cannot happen for a cog on the table)
            room = 0
        if room * den < num * v if v > 0 else room * den > num * v:  # room / v < num / den
            num, den = (room, v) if v > 0 else (-room, -v)
    return (start[0] + _toward_zero(vector[0] * num, den), start[1] + _toward_zero(vector[1] * num, den))


def _toward_zero(a: int, b: int) -> int:
    """``a / b`` rounded toward zero (b > 0)."""
    return a // b if a >= 0 else -((-a) // b)


def inches(tenths: int) -> str:
    """A distance for people: 125 -> "12.5"."""
    whole, frac = divmod(abs(tenths), 10)
    text = f"{whole}" if frac == 0 else f"{whole}.{frac}"
    return f"-{text}" if tenths < 0 else text


def edges_touched(p: Point, radius: int, width: int, height: int) -> list[str]:
    """The table edges a round footprint at ``p`` touches (or crosses), e.g. ``["west", "south"]``."""
    out = []
    if p[1] + radius >= height:
        out.append("north")
    if p[1] - radius <= 0:
        out.append("south")
    if p[0] + radius >= width:
        out.append("east")
    if p[0] - radius <= 0:
        out.append("west")
    return out


def position(p: Point, radius: int, width: int, height: int) -> str:
    """Where a cog is, for people: its centre, and the table edge its footprint is against
    ("centre (2, 30.1), against the west edge")."""
    text = f"centre ({inches(p[0])}, {inches(p[1])})"
    edges = edges_touched(p, radius, width, height)
    if edges:
        text += f", against the {' and '.join(edges)} edge{'s' if len(edges) > 1 else ''}"
    return text
