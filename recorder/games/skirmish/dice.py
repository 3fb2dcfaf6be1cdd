"""The D10 dice of the rulebook's alternative way to play, through the kernel's logged chance source.

Attack: 1-5 fail, 6-9 success, 10 critical success. Defense: 1-5 fail, 6-10 success.
"""

from __future__ import annotations

from recorder.context import Context

from . import events as ev

SIDES = 10


def attack_result(face: int) -> str:
    return "critical" if face == 10 else "hit" if face >= 6 else "miss"


def defense_result(face: int) -> str:
    return "block" if face >= 6 else "fail"


def count(roll: str, faces: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """(successes, criticals) of a roll: an attack's 10 is a critical, not a regular success."""
    if roll == "attack":
        return sum(1 for f in faces if 6 <= f <= 9), sum(1 for f in faces if f == 10)
    return sum(1 for f in faces if f >= 6), 0


def die(ctx: Context, roll: str, cause: int | None) -> int:
    return ctx.chance(f"{roll} die", SIDES, cause=cause) + 1


def roll(ctx: Context, character: int, roll_kind: str, n: int, why: str, cause: int | None) -> tuple[list[int], int]:
    """Roll ``n`` dice for ``character``; returns the faces and the DiceRolled seq."""
    faces = [die(ctx, roll_kind, cause) for _ in range(n)]
    hits, crits = count(roll_kind, faces)
    seq = ctx.emit(ev.DiceRolled(character=character, roll=roll_kind, why=why, faces=tuple(faces),
                                 successes=hits, criticals=crits), cause=cause)
    return faces, seq
