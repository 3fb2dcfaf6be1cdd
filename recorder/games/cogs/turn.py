"""The match loop: muster, then turns of wind, movement, combat and regroup until the end."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .combat_artillery import artillery_phase
from .combat_attacks import melee_phase, ranged_phase
from .combat_boarding import board, boarding_orders, settle_melees
from .combat_grapple import grapple_phase
from .movement import movement_phase
from .regroup import regroup_phase
from .scoring import end_reason, finish
from .setup import Options, muster
from .state import CogsState
from .tables import HEADINGS
from .wind import wind_phase


def play(ctx: Context, opts: Options) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    ctx.set_clock(1, 0)
    for player in range(len(state.players)):
        muster(ctx, opts, player)
    ctx.emit(ev.WindSet(direction=HEADINGS[opts.wind], reason="agreed"))
    turn = 0
    while True:
        turn += 1
        ctx.set_clock(1, turn)
        ctx.emit(ev.TurnBegan(turn=turn))
        if opts.cog_match:
            respawn(ctx, opts, turn)
        wind_phase(ctx, turn)
        yield from movement_phase(ctx)
        yield from artillery_phase(ctx)
        yield from grapple_phase(ctx)
        yield from ranged_phase(ctx)
        parties = yield from boarding_orders(ctx)
        melees = board(ctx, parties)
        yield from melee_phase(ctx)
        settle_melees(ctx, melees)
        yield from regroup_phase(ctx)
        reason = end_reason(state, turn, opts.turns, opts.cog_match)
        if reason:
            finish(ctx, reason)
            return


def respawn(ctx: Context, opts: Options, turn: int) -> None:
    """Cog-matching: a fully eliminated player's fresh fleet arrives at the board edge
    farthest from where its last cog was (rules p.11, Cog Matching)."""
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        if state.in_play(player):
            continue
        last = [c for c in state.cogs.values() if c.origin == player]
        x, y = (last[-1].x, last[-1].y) if last else (state.width // 2, state.height // 2)
        far = {"S": y, "N": state.height - y, "W": x, "E": state.width - x}
        edge = max(far, key=lambda e: (far[e], -"SNWE".index(e)))
        ctx.emit(ev.FleetRespawned(player=player, turn=turn))
        muster(ctx, opts, player, edge=edge, reason="respawn")
