"""Effect primitives and statuses: HP and SP, the keyword statuses with their stacking, knockback and
teleport (rules, Effects and Keywords). Every change is an event; decisions are asked through ``ctx``."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import board
from . import events as ev
from .dice import roll
from .scenarios import on_death
from .state import TIMED, Character, SkirmishState

# "can stack to increase duration": a new one adds its X to the turns left. Root and stun say nothing of
# stacking: a new one lasts at least its X turns but does not add (docs/rulings.md, "Stacking").
STACKING = ("bleed", "daze", "chill", "corrosion", "hex")


def lose_hp(ctx: Context, c: Character, amount: int, reason: str, by: int | None, cause: int | None) -> int | None:
    """``c`` loses ``amount`` HP (not below 0); at 0 it dies. Returns the HpLost seq (None for 0)."""
    if amount <= 0 or not c.on_grid:
        return None
    hp = max(0, c.hp - amount)
    seq = ctx.emit(ev.HpLost(character=c.id, amount=c.hp - hp, hp=hp, reason=reason, by=by), cause=cause)
    if hp == 0:
        died = ctx.emit(ev.CharacterDied(character=c.id, by=by), cause=seq)
        on_death(ctx, c, by, died)
    return seq


def heal(ctx: Context, c: Character, amount: int, reason: str, cause: int | None) -> None:
    hp = min(c.max_hp, c.hp + amount)
    ctx.emit(ev.HpRestored(character=c.id, amount=hp - c.hp, hp=hp, reason=reason), cause=cause)


def restore_sp(ctx: Context, c: Character, amount: int, reason: str, cause: int | None) -> None:
    sp = min(c.max_sp, c.sp + amount)
    ctx.emit(ev.SpRestored(character=c.id, amount=sp - c.sp, sp=sp, reason=reason), cause=cause)


def apply_status(ctx: Context, c: Character, status: str, value: int, by: int | None, cause: int | None) -> int:
    s: SkirmishState = ctx.state
    current = c.statuses.get(status)
    if status in STACKING:
        now = max(current if current is not None and current >= s.turn else s.turn, s.turn) + value
    elif status in TIMED:
        now = max(current or 0, s.turn + value)
    elif status == "burn":
        now = max(current or 0, value)
    else:  # pierced stacks, guard adds to this turn's bonus
        now = (current or 0) + value
    return ctx.emit(ev.StatusApplied(character=c.id, status=status, value=value, now=now, by=by), cause=cause)


def defense_check(ctx: Context, c: Character, n: int, why: str, cause: int | None) -> tuple[int, int, int]:
    """Roll ``n`` defense dice for ``c``: (successes, failures, DiceRolled seq)."""
    faces, seq = roll(ctx, c.id, "defense", n, why, cause)
    ok = sum(1 for f in faces if f >= 6)
    return ok, n - ok, seq


def knockback(ctx: Context, c: Character, distance: int, direction: str, by: int | None, cause: int | None) -> None:
    """Knockback X: pushed tile by tile; anything in the way (a character, an obstacle, the grid's edge) stops it
    on the tile before, and then a defense check with one die: a failure costs 1 HP."""
    s: SkirmishState = ctx.state
    pos, moved, blocked = c.tile, 0, False
    while moved < distance:
        nxt = board.ahead(pos, direction)
        if not board.on_board(nxt) or s.occupied(nxt):
            blocked = True
            break
        pos, moved = nxt, moved + 1
    seq = ctx.emit(ev.KnockedBack(character=c.id, x=pos[0], y=pos[1], moved=moved, blocked=blocked), cause=cause)
    if blocked:
        _, failed, rolled = defense_check(ctx, c, 1, "knockback", seq)
        if failed:
            lose_hp(ctx, c, 1, "knockback", by, rolled)


def teleport_options(s: SkirmishState, c: Character, reach: int) -> list[dict[str, Any]]:
    return [{"character": c.id, "x": t[0], "y": t[1], "facing": f}
            for t in board.tiles_within(c.tile, reach) if t != c.tile and not s.occupied(t)
            for f in board.FACINGS]


def teleport(ctx: Context, c: Character, reach: int, chooser: int, cause: int | None,
             why: str = "Teleport") -> Generator[Request, Any, None]:
    """Teleport X: to an unoccupied tile in range X, with the final facing of the chooser's choice."""
    s: SkirmishState = ctx.state
    options = teleport_options(s, c, reach)
    if not options:
        return
    pick = yield from ctx.ask(Request(
        player=s.characters[chooser].owner, kind="teleport", event=ev.TeleportChosen, options=tuple(options),
        prompt=f"{c.name}: {why} {reach}: where to, facing which way?", cause=cause,
        labels=tuple(f"({o['x']}, {o['y']}) facing {o['facing']}" for o in options)))
    ctx.emit(ev.Teleported(character=c.id, x=pick.x, y=pick.y, facing=pick.facing), cause=ctx.last_seq)


def apply_effect(ctx: Context, user: Character, target: Character, effect: str, value: int, cause: int | None,
                 push: str | None = None) -> Generator[Request, Any, None]:
    """One effect primitive of a kit (see kit.EFFECTS) on ``target``, used by ``user``."""
    if not target.on_grid:
        return
    if effect == "heal":
        heal(ctx, target, value, "heal", cause)
    elif effect == "restore_sp":
        restore_sp(ctx, target, value, "effect", cause)
    elif effect == "cleanse":
        present = tuple(k for k in target.statuses if k != "guard")
        if present:
            ctx.emit(ev.StatusesCleansed(character=target.id, statuses=present), cause=cause)
    elif effect == "knockback":
        direction = push or board.turned(target.facing, "back")
        knockback(ctx, target, value, direction, user.id, cause)
    elif effect == "teleport":
        s: SkirmishState = ctx.state
        if s.active(target, "root"):
            return  # rooted: no move type actions
        yield from teleport(ctx, target, value, user.id, cause)
    else:
        apply_status(ctx, target, effect, value, user.id if user.id != target.id else None, cause)
