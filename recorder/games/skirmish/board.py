"""The 10×14 grid: tiles, facings, zones, ranges, attack shapes and movement paths.

x runs 0..9 across the short edge, y 0..13 along the long one; team 0's zone is the 3 rows at y = 0
(facing north, +y), team 1's the 3 rows at the far edge (facing south). "In range" counts all tiles
around (glossary: Chebyshev distance), "adjacent" only front, back, left and right.
"""

from __future__ import annotations

from typing import Callable, Iterator

WIDTH, HEIGHT = 10, 14
ZONE_DEPTH = 3
FACINGS = ("N", "E", "S", "W")
VECTORS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
Tile = tuple[int, int]


def on_board(t: Tile) -> bool:
    return 0 <= t[0] < WIDTH and 0 <= t[1] < HEIGHT


def turned(facing: str, side: str) -> str:
    """The facing after a 90° turn to the ``left`` or ``right`` (or ``back``)."""
    step = {"left": -1, "right": 1, "back": 2}[side]
    return FACINGS[(FACINGS.index(facing) + step) % 4]


def ahead(t: Tile, facing: str, n: int = 1) -> Tile:
    dx, dy = VECTORS[facing]
    return (t[0] + dx * n, t[1] + dy * n)


def distance(a: Tile, b: Tile) -> int:
    """Range between two tiles: every tile around counts (glossary, "In range")."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Tile, b: Tile) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def zone(team: int, teams: int) -> list[Tile]:
    """A team's deployment zone: the 3 rows at its short edge (teams 0 and 1); in a free-for-all of more
    teams, teams 2 and 3 take the 3 columns at a long edge between those rows (docs/rulings.md)."""
    if team == 0:
        return [(x, y) for y in range(ZONE_DEPTH) for x in range(WIDTH)]
    if team == 1:
        return [(x, y) for y in range(HEIGHT - 1, HEIGHT - 1 - ZONE_DEPTH, -1) for x in range(WIDTH)]
    xs = range(ZONE_DEPTH) if team == 2 else range(WIDTH - 1, WIDTH - 1 - ZONE_DEPTH, -1)
    return [(x, y) for y in range(ZONE_DEPTH, HEIGHT - ZONE_DEPTH) for x in xs]


def in_any_zone(t: Tile, teams: int) -> bool:
    return any(t in zone(team, teams) for team in range(min(teams, 4)))


START_FACING = {0: "N", 1: "S", 2: "E", 3: "W"}


def frame(origin: Tile, facing: str, target: Tile) -> tuple[int, int]:
    """``target`` as (forward, lateral) steps from ``origin`` facing ``facing`` (lateral: + to the right)."""
    fx, fy = VECTORS[facing]
    rx, ry = VECTORS[turned(facing, "right")]
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    return dx * fx + dy * fy, dx * rx + dy * ry


def in_front(origin: Tile, facing: str, target: Tile, reach: int) -> bool:
    """Whether an attack of range ``reach`` from ``origin`` reaches ``target``: straight ahead up to range 2,
    spreading one tile to each side per step beyond the second (the triangle of ranges over 2)."""
    f, lateral = frame(origin, facing, target)
    return 1 <= f <= reach and abs(lateral) <= max(0, f - 2)


def from_side(origin: Tile, facing: str, target: Tile) -> bool:
    """The tiles at the attacker's left and right: where a range-1 attack may also strike, at −1 ATK."""
    f, lateral = frame(origin, facing, target)
    return f == 0 and abs(lateral) == 1


def push_direction(origin: Tile, facing: str, target: Tile) -> str:
    """Where a knockback from ``origin`` sends ``target``: along the attacker's facing when the target is in
    front, else along the axis that separates them most (ties: the attacker's facing's axis)."""
    f, lateral = frame(origin, facing, target)
    if f > 0 and abs(lateral) <= f:
        return facing
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if abs(dx) > abs(dy) or (abs(dx) == abs(dy) and facing in ("E", "W")):
        return "E" if dx > 0 else "W"
    return "N" if dy > 0 else "S"


def tiles_within(t: Tile, reach: int) -> Iterator[Tile]:
    for y in range(t[1] - reach, t[1] + reach + 1):
        for x in range(t[0] - reach, t[0] + reach + 1):
            if on_board((x, y)):
                yield (x, y)


Path = dict  # {"path": [[x, y], ...], "turn": "left"|"right"|None, "turn_at": int|None, "facing": str}


def paths(start: Tile, facing: str, points: int, blocked: Callable[[Tile], bool]) -> list[Path]:
    """Every legal movement with a card of ``points`` (rules, Movement).

    Move forward one tile per point; one 90° turn to the left or right at any moment (before the first
    step, between steps, or after the last, which only sets the final facing). The mover must keep moving
    while it can; blocked ahead (an obstacle, a character, the edge) with points left and its turn unused, it
    must turn to a side where it can go on if there is one (docs/rulings.md, "Movement"); a voluntary turn
    made earlier may face it where it cannot go on, which ends its movement. ``turn_at`` counts the steps
    taken before the turn."""
    out: list[Path] = []

    def walk(pos: Tile, face: str, left: int, trail: list[Tile], turn: str | None, turn_at: int | None) -> None:
        if left == 0:
            out.append(_path(trail, turn, turn_at, face))
            if turn is None:
                for side in ("left", "right"):
                    out.append(_path(trail, side, len(trail), turned(face, side)))
            return
        nxt = ahead(pos, face)
        if not blocked(nxt):
            walk(nxt, face, left - 1, trail + [nxt], turn, turn_at)
            if turn is None:
                for side in ("left", "right"):
                    walk(pos, turned(face, side), left, trail, side, len(trail))
            return
        if turn is not None:
            out.append(_path(trail, turn, turn_at, face))
            return
        open_sides = [s for s in ("left", "right") if not blocked(ahead(pos, turned(face, s)))]
        for side in open_sides or ("left", "right"):
            walk(pos, turned(face, side), left, trail, side, len(trail))
        if not open_sides:
            out.append(_path(trail, None, None, face))

    walk(start, facing, points, [], None, None)
    seen, unique = set(), []
    for p in out:
        key = (tuple(map(tuple, p["path"])), p["turn"], p["turn_at"], p["facing"])
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def _path(trail: list[Tile], turn: str | None, turn_at: int | None, face: str) -> Path:
    return {"path": [list(t) for t in trail], "turn": turn, "turn_at": turn_at, "facing": face}
