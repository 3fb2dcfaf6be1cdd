"""Caravan Escort: the caravans, their movement, the defenders' speed-up and the robbers' steal
(rules, Scenarios, Caravan Escort). Seat 0 defends, seat 1 robs (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import board
from . import events as ev
from .dice import count, roll
from .state import Caravan, Character, SkirmishState

DEFENDERS, ROBBERS = 0, 1
CARAVANS = 3
LOOT = 2
MAX_BOOST = 2
ROB_DICE = 3
TO_WIN = 2


def place(ctx: Context, cause: int) -> Generator[Request, Any, None]:
    """"Defenders place 3 caravan token (2x1 size) on their border": each with its tail on the border row and its
    head in front of it, facing the far edge."""
    s: SkirmishState = ctx.state
    for i in range(CARAVANS):
        options = [{"player": DEFENDERS, "kind": "caravan", "x": x, "y": 0} for x in range(board.WIDTH)
                   if not s.occupied((x, 0)) and not s.occupied((x, 1))]
        pick = yield from ctx.ask(Request(player=DEFENDERS, kind="objective", event=ev.ObjectiveChosen,
                                          options=tuple(options), cause=cause,
                                          prompt=f"{s.players[DEFENDERS]}: place caravan {i + 1} of {CARAVANS} on your border",
                                          labels=tuple(f"column {o['x']}" for o in options)))
        ctx.emit(ev.CaravanPlaced(caravan=i, x=pick.x, y=0, head_x=pick.x, head_y=1, loot=LOOT), cause=ctx.last_seq)


def tiles_reserved(s: SkirmishState) -> list[board.Tile]:
    return [t for cv in s.caravans.values() if cv.gone is None for t in cv.tiles]


def move_all(ctx: Context, cause: int) -> Generator[Request, Any, None]:
    """Caravans move before anyone else: each head forward (towards the far edge) one tile plus its speed-ups;
    what blocks it is gone around by a side step the defenders choose; the tail follows the head."""
    s: SkirmishState = ctx.state
    for cv in list(s.caravans.values()):
        if cv.gone is not None:
            continue
        head, tail, steps, blocked = cv.head, cv.tail, 0, False
        for _ in range(1 + cv.boost):
            ahead = board.ahead(head, "N")
            free = lambda t: board.on_board(t) and not s.occupied(t) and t != tail  # noqa: E731
            if free(ahead):
                nxt = ahead
            else:
                sides = [t for t in (board.ahead(head, "W"), board.ahead(head, "E")) if free(t)]
                if not sides:
                    blocked = True
                    break
                if len(sides) == 1:
                    nxt = sides[0]
                else:
                    options = [{"player": DEFENDERS, "caravan": cv.id, "x": t[0], "y": t[1]} for t in sides]
                    pick = yield from ctx.ask(Request(
                        player=DEFENDERS, kind="caravan route", event=ev.CaravanRouteChosen, options=tuple(options),
                        cause=cause, prompt=f"caravan {cv.id} is blocked at ({head[0]}, {head[1]}): go around which way?",
                        labels=tuple(f"to ({o['x']}, {o['y']})" for o in options)))
                    nxt = (pick.x, pick.y)
            head, tail, steps = nxt, head, steps + 1
            if head[1] == board.HEIGHT - 1:
                break
        if steps or cv.boost:
            moved = ctx.emit(ev.CaravanMoved(caravan=cv.id, head_x=head[0], head_y=head[1], tail_x=tail[0],
                                             tail_y=tail[1], steps=steps, blocked=blocked), cause=cause)
            if head[1] == board.HEIGHT - 1:
                ctx.emit(ev.CaravanRemoved(caravan=cv.id, reason="arrived", loot=cv.loot), cause=moved)


def near(cv: Caravan, c: Character) -> bool:
    return any(board.distance(c.tile, t) <= 1 for t in cv.tiles)


def options(s: SkirmishState, c: Character) -> list[dict[str, Any]]:
    """End-of-phase special actions (they take the action and end the character's combat phase): a defender in
    range 1 of a caravan speeds it up (at most twice before it moves); a robber in range 1 steals."""
    if s.scenario != "caravan" or c.action_used:
        return []
    base = {"character": c.id, "skill": None, "item": None, "x": None, "y": None}
    out = []
    for cv in s.caravans.values():
        if cv.gone is not None or not near(cv, c):
            continue
        if c.team == DEFENDERS and cv.boost < MAX_BOOST:
            out.append({**base, "action": "speed up", "target": cv.id})
        if c.team == ROBBERS:
            out.append({**base, "action": "rob", "target": cv.id})
    return out


def act(ctx: Context, c: Character, action: str, caravan: int, cause: int) -> None:
    s: SkirmishState = ctx.state
    cv = s.caravans[caravan]
    if action == "speed up":
        ctx.emit(ev.CaravanSpedUp(caravan=caravan, character=c.id, boost=cv.boost + 1), cause=cause)
        return
    faces, rolled = roll(ctx, c.id, "attack", ROB_DICE, f"steal loot from caravan {caravan}", cause)
    crits = count("attack", faces)[1]
    loot = max(0, cv.loot - crits)
    stolen = ctx.emit(ev.LootStolen(caravan=caravan, character=c.id, criticals=crits, loot=loot), cause=rolled)
    if loot == 0:
        ctx.emit(ev.CaravanRemoved(caravan=caravan, reason="robbed", loot=0), cause=stolen)


def victory(s: SkirmishState) -> tuple[int, str] | None:
    arrived = sum(1 for cv in s.caravans.values() if cv.gone == "arrived" and cv.loot > 0)
    robbed = sum(1 for cv in s.caravans.values() if cv.gone == "robbed")
    if arrived >= TO_WIN:
        return DEFENDERS, f"{s.players[DEFENDERS]} brought {arrived} caravans with loot to the far edge"
    if robbed >= TO_WIN:
        return ROBBERS, f"{s.players[ROBBERS]} robbed {robbed} caravans bare"
    return None
