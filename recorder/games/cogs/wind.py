"""Phase 1, the wind (rules p.4), and what the wind allows a cog (p.5)."""

from __future__ import annotations

from recorder.context import Context

from . import events as ev
from .dice import d6
from .state import Cog
from .tables import (BEAM_REACH, BROAD_REACH, HEADINGS, HULK_OTHER, HULK_RUNNING, ROWING_MAX,
                     WIND_SHIFT)


def wind_phase(ctx: Context, turn: int) -> None:
    """On every other turn (2, 4, ...) a d6 shifts the wind by the table."""
    if turn % 2:
        return
    roll, seq = d6(ctx, "wind", cause=ctx.state.turn_seq)
    shift = WIND_SHIFT[roll]
    new = (ctx.state.wind + shift) % 8
    ctx.emit(ev.WindShifted(roll=roll, shift=shift, direction=HEADINGS[new]), cause=seq)


def point_of_sail(wind: int, heading: int) -> str:
    """"broad" (wind from behind or a point off it), "beam" (abeam), "running" or "into"."""
    rel = (wind - heading) % 8  # where the wind comes from, relative to the bow
    if rel == 4:
        return "running"
    if rel in (3, 5):
        return "broad"
    if rel in (2, 6):
        return "beam"
    return "into"


def sail_speed(cog: Cog, wind: int, heading: int) -> int:
    """Top sailing speed in inches, 0 when the heading is into the wind (must row)."""
    point = point_of_sail(wind, heading)
    if point == "into":
        return 0
    speed = BEAM_REACH if point == "beam" else BROAD_REACH
    if cog.kind.hulk:
        speed += HULK_RUNNING if point == "running" else HULK_OTHER
    return speed


def row_step(cog: Cog) -> int:
    """Speed per two rowers: one for large cogs (and hulks), two for small ones."""
    return 1 if cog.kind.large else 2


def row_speed(cog: Cog, rowers: int) -> int:
    return min(ROWING_MAX, (rowers // 2) * row_step(cog))
