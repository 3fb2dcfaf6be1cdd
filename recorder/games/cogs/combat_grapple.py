"""Phase 3 B: grappling (rules p.6)."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .dice import d20
from .geometry import gap_within
from .state import Cog, CogsState
from .tables import GRAPPLE_REACH, TENTH


def within_reach(a: Cog, b: Cog, reach: int = GRAPPLE_REACH) -> bool:
    """Ruling: "within 3" is measured edge to edge between the cogs' footprints (exactly: 3.01" is not)."""
    return gap_within(a.pos, a.kind.radius, b.pos, b.kind.radius, reach * TENTH)


def grapple_phase(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        for cog in state.afloat():
            if cog.owner != player or not state.aboard(cog.id, owner=player):
                continue
            for target in state.afloat():
                if (target.owner == player or target.id in cog.grappled or cog.sunk
                        or not within_reach(cog, target)):
                    continue
                base = {"cog": cog.id, "target_cog": target.id}
                order = yield from ctx.ask(labelled(state, Request(
                    player, "grapple", ev.GrappleOrdered,
                    ({**base, "grapple": True}, {**base, "grapple": False}),
                    prompt=f"Grapple {target.name} with {cog.name}?")))
                if order.grapple:
                    _attempt(ctx, cog, target, ctx.last_seq)


def _attempt(ctx: Context, cog: Cog, target: Cog, cause: int) -> None:
    state: CogsState = ctx.state
    if not state.aboard(target.id, living=False):
        # An undefended cog cannot repel the grapple.
        ctx.emit(ev.GrappleRolled(cog=cog.id, target_cog=target.id, roll=None, repel_roll=None, dice=(),
                                  held=True), actor=cog.owner, cause=cause)
        return
    roll, first = d20(ctx, "grapple", cause=cause)
    repel, seq = d20(ctx, "repel grapple", cause=cause)
    ctx.emit(ev.GrappleRolled(cog=cog.id, target_cog=target.id, roll=roll, repel_roll=repel, dice=(first, seq),
                              held=not repel > roll), actor=cog.owner, cause=seq)
