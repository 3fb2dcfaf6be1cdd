"""Legal destinations of movement effects on the 7-space board.

Rules (WoI p.27-28, Preview "Movement"): a fighter hops over the opponent
without counting its space; advance/pull only fix the starting direction;
"up to N" allows 0; move directly goes to any UNOCCUPIED other space. WoI: a
move blocked by a wall is not a legal option (a movement with no legal option
is ignored). Preview: a move blocked by a wall goes as far as possible. A kit's
``movement_stops`` hook names spaces where a movement stops (a marker that stops
the opponent's own movement); its ``movement_allowed`` hook removes destinations
a restriction forbids (all restrictions apply to direct movement too, WoI p.27-28); a fighter that "cannot
move" this beat (``MovementLocked``) has no destination but its own space. Every other figure on the board is
hopped over, except a figure that may share spaces (``Figure.shares``: a kit's extra figure, a second standup), which is
neither hopped over nor makes its space occupied.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from recorder.frozen import quick_init

from .state import BattleState

FIRST, LAST = 1, 7

SELF_KINDS = ("advance", "retreat", "move")
NO_STOPS: frozenset[int] = frozenset()
OTHER_KINDS = ("push", "pull", "move_opponent")


@quick_init  # built for every space a move directly may reach, every time one is asked
@dataclass(frozen=True, slots=True)
class Dest:
    to: int
    distance: int  # spaces counted (the hopped space is not counted)
    switched: bool
    direction: int  # +1 / -1, the direction of the first step (0 for no move)
    wrapped: bool = False  # it went over an edge of the board to the other edge (a kit's wraps_board)


def path(start: int, dest: Dest) -> list[int]:
    """The spaces a (non-direct) movement from ``start`` passes through to ``dest``, ``dest`` included (over the
    edge of the board to the other edge when the board wraps)."""
    out, pos = [], start
    while pos != dest.to and dest.direction:
        pos += dest.direction
        if dest.wrapped and not FIRST <= pos <= LAST:
            pos = FIRST if pos > LAST else LAST
        out.append(pos)
    return out


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _step(pos: int, d: int, wrap: bool) -> int:
    nxt = pos + d
    if wrap and not FIRST <= nxt <= LAST:
        return FIRST if nxt > LAST else LAST  # the edges are adjacent
    return nxt


def _walk(start: int, d: int, n: int, occupied: frozenset[int], stops: frozenset[int],
          preview: bool, wrap: bool = False) -> tuple[int, int] | None:
    """Walk ``n`` counted spaces in direction ``d``; return (end, counted) or None if illegal. ``wrap``: the two
    edges of the board are adjacent."""
    pos, count = start, 0
    while count < n:
        nxt = _step(pos, d, wrap)
        while nxt in occupied:
            nxt = _step(nxt, d, wrap)  # hop over another figure's space without counting it
        if nxt < FIRST or nxt > LAST:
            if preview and count > 0:
                return pos, count  # Preview: as far as possible
            return None
        pos, count = nxt, count + 1
        if pos in stops:
            return pos, count  # stopped by a kit's movement stop
    return pos, count


def destinations(s: BattleState, mover: int, kind: str, distances: tuple[int, ...] | list[int],
                 by: int) -> list[Dest]:
    """Every legal end space for a movement of ``mover`` made by player ``by``'s effect."""
    fighters = s.fighters
    fm = fighters[mover]
    me = fm.figure
    you = fighters[1 - mover].figure
    start, other = me.space, you.space
    if len(fighters) == 2 and not s.extra_figures:  # the opponent's figure alone (a shared frozenset, its hash kept)
        occupied = NO_STOPS if you.shares or not other else _ON.get(other) or frozenset((other,))
        if fighters[0].rules.plain_moves and fighters[1].rules.plain_moves and not fm.locks:
            # no kit's stop, wrapping edge or restriction, and the mover is free to move: the board alone decides
            return list(_ends(start, other, occupied, fighters[by].figure.space, kind, tuple(distances), NO_STOPS,
                              s.edition == "preview", False))
    else:
        occupied = frozenset([fig.space for fig in s.figures if fig is not me and fig.space and not fig.shares])
    stops = NO_STOPS
    for q, f in enumerate(fighters):
        if "movement_stops" in f.rules.hooks:
            stops = stops.union(f.rules.movement_stops(s, q, mover, by))
    rules = fighters[by].rules
    wrap = "wraps_board" in rules.hooks and rules.wraps_board(s, by, mover) is not None
    ends = _ends(start, other, occupied, fighters[by].figure.space, kind, tuple(distances), stops,
                 s.edition == "preview", wrap)
    return allowed(s, mover, by, kind, ends)


# The spaces of the board, each as the set of occupied spaces a movement meets when one other figure stands there.
_ON = {space: frozenset((space,)) for space in range(FIRST, LAST + 1)}


def wraps(s: BattleState, by: int, mover: int) -> str | None:
    """Why the board's edges are adjacent for ``by``'s movement of ``mover`` now (a kit's ``wraps_board``)."""
    rules = s.fighters[by].rules
    return rules.wraps_board(s, by, mover) if "wraps_board" in rules.hooks else None


def allowed(s: BattleState, mover: int, by: int, kind: str, dests) -> list[Dest]:
    """The destinations no fighter's ability forbids (the kits' ``movement_allowed`` hook); none but staying
    put while the mover cannot move this beat (MovementLocked)."""
    here = s.fighters[mover].position
    if s.fighters[mover].locks and locked(s, mover):
        return [d for d in dests if d.to == here]
    judges = [(q, f.rules) for q, f in enumerate(s.fighters) if "movement_allowed" in f.rules.hooks]
    if not judges:
        return list(dests)
    out = []
    for d in dests:
        if d.to != here:
            for q, rules in judges:
                if not rules.movement_allowed(s, q, mover, by, kind, d):
                    break
            else:
                out.append(d)
        else:
            out.append(d)
    return out


def locked(s: BattleState, p: int) -> str | None:
    """Why player p cannot move this beat (a MovementLocked for this beat), or None."""
    return next((why for beat, why in s.fighters[p].locks if beat == s.beat), None)


@cache  # pure arithmetic on a few small numbers, asked for in most beats: worked out once per position
def _ends(start: int, other: int, occupied: frozenset[int], ref: int, kind: str, distances: tuple[int, ...],
          stops: frozenset[int], preview: bool, wrap: bool = False) -> tuple[Dest, ...]:
    """The end spaces of a movement from ``start`` (the opponent on ``other``, every other figure on
    ``occupied``; ``ref``: the position of the player whose effect it is, which a push or pull goes away from
    or toward; ``stops``: spaces where the movement stops)."""
    toward = _sign(other - start)
    if kind == "advance":
        dirs = (toward,)
    elif kind == "retreat":
        dirs = (-toward,)
    elif kind in ("move", "move_opponent"):
        dirs = (-1, 1)
    else:  # pull: toward the puller, push: away from it
        dirs = (_sign(ref - start),) if kind == "pull" else (-_sign(ref - start),)
    seen: dict[int, Dest] = {}
    for n in distances:
        if n == 0:
            seen.setdefault(start, Dest(start, 0, False, 0))
            continue
        for d in dirs:
            got = _walk(start, d, n, occupied, stops, preview, wrap)
            if got is None or got[0] == start:
                continue
            end, counted = got
            if end not in seen:
                seen[end] = Dest(end, counted, _sign(start - other) != _sign(end - other), d,
                                 wrap and _sign(end - start) != d)
    return tuple(sorted(seen.values(), key=lambda x: (x.distance, x.to)))


def direct_destinations(s: BattleState, mover: int, by: int | None = None) -> list[Dest]:
    """Move directly: any unoccupied space; staying put is not allowed (WoI FAQ). ``by``: the player whose
    effect moves ``mover`` (the mover itself unless an effect moves the opponent directly)."""
    me = s.fighters[mover].figure
    start, other = me.space, s.fighters[1 - mover].position
    occupied = occupied_spaces(s)
    return allowed(s, mover, mover if by is None else by, "move_directly",
                   [Dest(sp, abs(sp - start), _sign(start - other) != _sign(sp - other), _sign(sp - start))
                    for sp in range(FIRST, LAST + 1) if sp not in occupied])


def occupied_spaces(s: BattleState) -> set[int]:
    """The spaces a figure stands in the way on: every figure's on the board but those that may share spaces."""
    return {fig.space for fig in s.figures if fig.space and not fig.shares}


def distance(s: BattleState, a: int = 0, b: int = 1) -> int:
    """The range between the figures of players ``a`` and ``b`` (their own figures)."""
    return abs(s.fighters[a].position - s.fighters[b].position)


def until_adjacent(s: BattleState, mover: int) -> Dest | None:
    """Where "advance until you are adjacent to the opponent" takes ``mover`` (its own movement): the longest advance
    toward the opponent that the movement rules allow, never past them -- next to them, or where a movement stop or
    restriction ends it (docs/rulings.md bc-advance-until-adjacent); None: no legal space toward them (or already
    adjacent)."""
    for n in range(distance(s, mover, 1 - mover) - 1, 0, -1):
        dests = [d for d in destinations(s, mover, "advance", (n,), mover) if not d.switched]
        if dests:
            return dests[-1]
    return None


def figure_distance(a, b) -> int:
    """The range between two figures."""
    return abs(a.space - b.space)


def between(a: int, x: int, b: int) -> bool:
    """``x`` lies strictly between spaces ``a`` and ``b``."""
    return min(a, b) < x < max(a, b)
