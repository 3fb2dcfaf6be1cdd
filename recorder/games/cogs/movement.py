"""Phase 2, movement (rules p.5): secret courses, revealed together, moved step by step.

Courses: ``ahead``/``port``/``starboard`` turn 0 or 1 point and go up to the
speed the wind allows (sail) or the rowers give (row); ``astern`` backs along
the heading by rowing; ``anchor`` drops (or keeps) the anchor; ``drift`` is
what a cog without two sailors and without rowers does: 6 inches downwind.
Every cog moves at once in as many steps as the fastest cog's speed in inches;
a new overlap of two footprints is a collision, which each controller in turn
may avoid by stopping short; otherwise both cogs take a d20 of hull damage.
"""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .crew import can_row, can_sail, cheapest, fresh
from .dice import d20
from .geometry import Point, displacement, distance, inside, overlapping, scaled
from .state import Cog, CogsState, Crew
from .tables import DRIFT, HEADINGS, TENTH, TURNS
from .wind import row_speed, row_step, sail_speed

def sailors(state: CogsState, cog: Cog) -> list[Crew]:
    return [c for c in state.aboard(cog.id, owner=cog.owner) if c.deck in ("stern", "main", "fore")
            and can_sail(c) and fresh(c)]


def rowers(state: CogsState, cog: Cog) -> list[Crew]:
    return [c for c in state.aboard(cog.id, deck="main", owner=cog.owner) if can_row(c) and fresh(c)]


def manned(state: CogsState, cog: Cog) -> bool:
    return bool(state.aboard(cog.id, owner=cog.owner))


def drive(state: CogsState, cog: Cog, move: str) -> tuple[str, int, int]:
    """(drive, top speed, speed step) for a move: sail when the wind allows and two can sail, else row."""
    heading = (cog.heading + TURNS[move]) % 8
    if move != "astern" and len(sailors(state, cog)) >= 2:
        top = sail_speed(cog, state.wind, heading)
        if top:
            return "sail", top, 1
    return "row", row_speed(cog, len(rowers(state, cog))), row_step(cog)


def travel(cog: Cog, move: str, speed: int) -> tuple[int, Point]:
    """(heading after, displacement in tenths) of a course."""
    heading = (cog.heading + TURNS.get(move, 0)) % 8
    direction = (heading + 4) % 8 if move == "astern" else heading
    return heading, displacement(direction, speed * TENTH)


def course_options(state: CogsState, cog: Cog) -> list[dict[str, Any]]:
    """Every legal course, whole inches; only courses that end on the play surface."""
    opts: list[dict[str, Any]] = [{"cog": cog.id, "move": "anchor", "speed": 0}]
    if len(sailors(state, cog)) >= 2:
        opts.append({"cog": cog.id, "move": "ahead", "speed": 0})
    else:
        # Without two sailors the cog drifts; an anchored one may cut its anchor to drift (p.10).
        opts.append({"cog": cog.id, "move": "drift", "speed": DRIFT})
    for move in ("ahead", "port", "starboard", "astern"):
        _, top, step = drive(state, cog, move)
        for speed in range(step, top + 1, step):
            _, (dx, dy) = travel(cog, move, speed)
            if inside((cog.x + dx, cog.y + dy), cog.kind.radius, state.width, state.height):
                opts.append({"cog": cog.id, "move": move, "speed": speed})
    return opts


def movement_phase(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    moving = [c for c in state.afloat() if manned(state, c)]
    last_course = None
    for player in range(len(state.players)):
        for cog in moving:
            if cog.owner != player:
                continue
            req = labelled(state, Request(
                player, "course", ev.CourseSet, tuple(course_options(state, cog)),
                prompt=f"Course for {cog.name} (heading {HEADINGS[cog.heading]}, wind from "
                       f"{HEADINGS[state.wind]})", secret=True))
            yield from ctx.ask(req)
            last_course = ctx.last_seq
    courses = {cid: state.courses[cid] for cid in sorted(state.courses)}
    plans: dict[int, tuple[str, int, str]] = {}
    for cog in state.afloat():
        move, speed = courses.get(cog.id, ("anchor" if cog.anchored else "drift", 0 if cog.anchored else DRIFT))
        how = "anchor" if move == "anchor" else "drift" if move == "drift" else \
            "hold" if speed == 0 else drive(state, cog, move)[0]
        plans[cog.id] = (move, speed, how)
    seq = ctx.emit(ev.CoursesRevealed(
        cogs=tuple(plans), moves=tuple(p[0] for p in plans.values()),
        speeds=tuple(p[1] for p in plans.values()), drives=tuple(p[2] for p in plans.values()),
    ), cause=last_course or state.turn_seq)
    _task_crews(ctx, plans, seq)
    yield from _move_all(ctx, plans, seq)


def _task_crews(ctx: Context, plans: dict[int, tuple[str, int, str]], cause: int) -> None:
    state: CogsState = ctx.state
    for cid, (move, speed, how) in plans.items():
        cog = state.cogs[cid]
        if how == "anchor" and not cog.anchored:
            ctx.emit(ev.AnchorDropped(cog=cid), actor=cog.owner, cause=cause)
        elif how != "anchor" and cog.anchored:
            ctx.emit(ev.AnchorCut(cog=cid), actor=cog.owner, cause=cause)
        if how == "sail":
            crew = cheapest(sailors(state, cog), 2)
        elif how == "row":
            crew = cheapest(rowers(state, cog), 2 * speed // row_step(cog))
        else:
            continue
        ctx.emit(ev.CrewTasked(cog=cid, task=how, crew=tuple(c.id for c in crew)), cause=cause)


def _move_all(ctx: Context, plans: dict[int, tuple[str, int, str]], cause: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    start: dict[int, Point] = {}
    vector: dict[int, Point] = {}
    heading: dict[int, int] = {}
    for cid, (move, speed, how) in plans.items():
        cog = state.cogs[cid]
        start[cid] = cog.pos
        if how == "drift":
            end = ctx.game.drift_end(cog.pos, displacement((state.wind + 4) % 8, speed * TENTH), cog.kind.radius,
                                     state.width, state.height)
            heading[cid], vector[cid] = cog.heading, (end[0] - cog.x, end[1] - cog.y)
        elif how in ("anchor", "hold"):
            heading[cid], vector[cid] = cog.heading, (0, 0)
        else:
            heading[cid], vector[cid] = travel(cog, move, speed)
    steps = max([plans[c][1] for c in plans if vector[c] != (0, 0)], default=0)
    frozen: dict[int, Point] = {}

    def at(cid: int, k: int) -> Point:
        if cid in frozen:
            return frozen[cid]
        return (start[cid][0] + scaled(vector[cid][0], k, steps), start[cid][1] + scaled(vector[cid][1], k, steps))

    ids = list(plans)
    for k in range(1, steps + 1):
        while True:
            pair = _new_overlap(state, ids, lambda c: at(c, k), lambda c: at(c, k - 1))
            if pair is None:
                break
            a, b = pair
            for me, other in ((a, b), (b, a)):
                if _can_stop(plans, vector, frozen, me):
                    owner = state.cogs[me].owner
                    req = labelled(state, Request(owner, "ram", ev.RamChoiceMade, (
                        {"cog": me, "other": other, "stop": True}, {"cog": me, "other": other, "stop": False}),
                        prompt=f"{state.cogs[me].name} is about to hit {state.cogs[other].name}: stop short?",
                        cause=cause))
                    choice = yield from ctx.ask(req)
                    if choice.stop:
                        frozen[me] = at(me, k - 1)
                        ctx.emit(ev.CogStopped(cog=me, other=other, x=frozen[me][0], y=frozen[me][1]),
                                 actor=owner, cause=cause)
                        if not _overlap(state, a, at(a, k), b, at(b, k)):
                            break
            else:
                _ram(ctx, a, b, at(a, k - 1), at(b, k - 1), frozen, cause)
    for cid in ids:
        end = at(cid, steps) if steps else start[cid]
        if vector[cid] != (0, 0) or heading[cid] != state.cogs[cid].heading:
            ctx.emit(ev.CogMoved(cog=cid, x=end[0], y=end[1], heading=HEADINGS[heading[cid]],
                                 distance=distance(start[cid], end), how=plans[cid][2]), cause=cause)


def _can_stop(plans, vector, frozen, cid: int) -> bool:
    return cid not in frozen and vector[cid] != (0, 0) and plans[cid][2] in ("sail", "row")


def _overlap(state: CogsState, a: int, pa: Point, b: int, pb: Point) -> bool:
    return overlapping(pa, state.cogs[a].kind.radius, pb, state.cogs[b].kind.radius)


def _new_overlap(state, ids, now, before) -> tuple[int, int] | None:
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if _overlap(state, a, now(a), b, now(b)) and not _overlap(state, a, before(a), b, before(b)):
                return a, b
    return None


def _ram(ctx: Context, a: int, b: int, pa: Point, pb: Point, frozen: dict[int, Point], cause: int) -> None:
    state: CogsState = ctx.state
    seq = ctx.emit(ev.CogsRammed(cog=a, other=b), cause=cause)
    frozen[a], frozen[b] = pa, pb
    for me, other in ((a, b), (b, a)):
        roll, rseq = d20(ctx, "ram damage", cause=seq)
        cog, by = state.cogs[me], state.cogs[other].owner
        # Two cogs of one side: self-inflicted, like a firepot's critical -- nobody is credited and the
        # cog's last damager stays who it was (ruling, p.9 H).
        ctx.emit(ev.HullDamaged(cog=me, amount=roll, hull=cog.hull - roll, by=None if by == cog.owner else by,
                                what="ram"), cause=rseq)
