"""Dice through the kernel's logged chance source."""

from __future__ import annotations

from recorder.context import Context


def d(ctx: Context, sides: int, purpose: str, cause: int | None = None) -> tuple[int, int]:
    """Roll one die: (face 1..sides, seq of its ChanceDrawn event)."""
    face = ctx.chance(purpose, sides, cause=cause) + 1
    return face, ctx.last_seq


def d20(ctx: Context, purpose: str, cause: int | None = None) -> tuple[int, int]:
    return d(ctx, 20, purpose, cause)


def d6(ctx: Context, purpose: str, cause: int | None = None) -> tuple[int, int]:
    return d(ctx, 6, purpose, cause)
