"""Khadath Ahemusei: the Gate Trap penalises the opponent's priority at Reveal (-3 on it, -1 next to it).
Movement stopping is in movement.py; trap placement and Snare's lock are effect primitives."""

from .. import events as E


def on_reveal(ctx, p: int) -> None:
    s = ctx.state
    if s.trap is None:
        return
    opp = 1 - p
    d = abs(s.fighters[opp].position - s.trap)
    if d <= 1:
        ctx.emit(E.StatusGained(player=opp, stat="priority", amount=-3 if d == 0 else -1, when="this",
                                label="on Khadath's trap" if d == 0 else "next to Khadath's trap"), actor=p)
