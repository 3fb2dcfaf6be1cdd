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
        parties, reveal = yield from boarding_orders(ctx)
        melees = board(ctx, parties, reveal)
        yield from melee_phase(ctx)
        settle_melees(ctx, melees)
        yield from regroup_phase(ctx)
        ended = end_reason(state, turn, opts.turns, opts.cog_match)
        if ended:
            finish(ctx, *ended)
            return


def respawn_edge(state: CogsState, player: int) -> tuple[str, int]:
    """The board edge farthest from where ``player`` was last eliminated -- the place of its latest
    loss (crew killed or taken, a cog sunk or captured) -- and that loss's seq (rules p.11)."""
    if player in state.losses:
        seq, x, y = state.losses[player]
    else:
        seq, (x, y) = state.turn_seq, (state.width // 2, state.height // 2)
    # Distance from the place to each edge; the farthest wins, ties in the order S, N, W, E.
    far = {"S": y, "N": state.height - y, "W": x, "E": state.width - x}
    return max(far, key=lambda e: (far[e], -"SNWE".index(e))), seq


def respawn(ctx: Context, opts: Options, turn: int) -> None:
    """Cog-matching: a fully eliminated player's fresh fleet arrives at the beginning of the next
    turn at the board edge farthest from where it was last eliminated (rules p.11, Cog Matching)."""
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        if state.in_play(player):
            continue
        edge, cause = respawn_edge(state, player)
        seq = ctx.emit(ev.FleetRespawned(player=player, turn=turn), cause=cause)
        muster(ctx, opts, player, edge=edge, reason="respawn", cause=seq)
