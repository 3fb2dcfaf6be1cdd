"""Khadath Ahemusei: the Gate Trap penalises the opponent's priority at Reveal (-3 on it, -1 next to it).
Movement stopping is in movement.py; trap placement and Snare's lock are effect primitives."""

from __future__ import annotations

from .. import events as E
from . import Trigger

GATE_TRAP = "Gate Trap"
TEXT = "At Reveal an opponent on the trap has -3 Priority, adjacent to it -1 Priority."  # the ability's words
ON, NEXT_TO = "on Khadath's trap", "next to Khadath's trap"


def triggers(state, p: int, timing: str) -> list[Trigger]:
    """At Reveal, when the opponent is on or next to the trap: one trigger of Khadath's, ordered with his
    pair's Reveal effects. Once per beat (a Cancel's new pairs are revealed again, the ability is not)."""
    if timing != "reveal" or state.trap is None:
        return []
    opp = state.fighters[1 - p]
    d = abs(opp.position - state.trap)
    if d > 1 or any(st.label in (ON, NEXT_TO) and st.beat == state.beat for st in opp.statuses):
        return []
    return [GATE_TRAP_TRIGGER]


def _penalty(ctx, p: int, cause: int):
    s = ctx.state
    opp = 1 - p
    d = abs(s.fighters[opp].position - s.trap)
    ctx.emit(E.StatusGained(player=opp, stat="priority", amount=-3 if d == 0 else -1, when="this",
                            label=ON if d == 0 else NEXT_TO), actor=p, cause=cause)
    return
    yield


GATE_TRAP_TRIGGER = Trigger(GATE_TRAP, TEXT, _penalty)  # immutable, so one serves every beat
