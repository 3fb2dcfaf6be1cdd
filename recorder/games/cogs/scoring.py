"""The scoring table (rules p.9) and the end of the match."""

from __future__ import annotations

from recorder.context import Context

from . import events as ev
from .state import CogsState


def award(ctx: Context, player: int | None, points: int, reason: str, cause: int | None) -> None:
    """Give ``player`` points (nothing for None or 0 points); ``cause`` is the event that earned them."""
    if player is None or points == 0:
        return
    total = ctx.state.scores[player] + points
    ctx.emit(ev.ScoreAwarded(player=player, points=points, reason=reason, total=total), cause=cause)


def leader_of(scores: list[int]) -> int | None:
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def end_reason(state: CogsState, turn: int, turns: int, cog_match: bool) -> tuple[str, int] | None:
    """Why the match ends after ``turn`` and the event that ended it, or None while it goes on:
    the last elimination of a fleet, or the TurnBegan of the last turn."""
    if not cog_match:
        alive = [p for p in range(len(state.players)) if state.in_play(p)]
        out = [state.losses[p][0] for p in range(len(state.players)) if p not in alive and p in state.losses]
        if len(alive) == 1:
            return f"only {state.players[alive[0]]}'s fleet still sails", max(out, default=state.turn_seq)
        if not alive:
            return "no fleet still sails", max(out, default=state.turn_seq)
    if turn >= turns:
        return f"turn limit ({turns})", state.turn_seq
    return None


def finish(ctx: Context, reason: str, cause: int) -> None:
    scores = list(ctx.state.scores)
    ctx.emit(ev.MatchEnded(scores=tuple(scores), winner=leader_of(scores), reason=reason), cause=cause)
