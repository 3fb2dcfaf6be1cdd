"""Phase 4 A, cleanup (rules p.9): the struck are removed, cogs change hands, cleared cogs score.

Every removal cites the ``CrewStruck`` that decided it; a capture cites the move that brought the
taker's crew aboard; the 8 points for clearing a cog cite the elimination that finished the job.
"""

from __future__ import annotations

from recorder.context import Context

from . import events as ev
from .crew import loot
from .scoring import award
from .state import CogsState
from .tables import SCORE_CAPTURE, SCORE_CLEARED, SCORE_ELIMINATION

# cog -> eliminating player -> (crew of the cog's side it eliminated this cleanup, seq of the last one)
Tally = dict[int, dict[int, tuple[int, int]]]


def cleanup(ctx: Context) -> None:
    state: CogsState = ctx.state
    owners = {c.id: c.owner for c in state.afloat()}
    manned_before = {c.id: bool(state.aboard(c.id, owner=c.owner, living=False)) for c in state.afloat()}
    tally = _remove_struck(ctx)
    captured = _captures(ctx)
    for cog in state.afloat():
        if not manned_before.get(cog.id) or state.aboard(cog.id, owner=owners[cog.id], living=False):
            continue
        per = tally.get(cog.id, {})
        if not per:
            continue
        best = max(n for n, _ in per.values())
        player = min(p for p, (n, _) in per.items() if n == best)
        if captured.get(cog.id) != player:
            award(ctx, player, SCORE_CLEARED, f"eliminated all crew of {cog.name}", per[player][1])


def _remove_struck(ctx: Context) -> Tally:
    """Struck crew become captives (in the hold named when struck, if still afloat) or are killed,
    their upgrades looted into the hold of the cog they fell on; 1 point per opposing crewmember."""
    state: CogsState = ctx.state
    tally: Tally = {}
    for crew in sorted([c for c in state.crew.values() if c.fate], key=lambda c: c.id):
        where, by, cause = crew.cog, crew.fate_by, crew.struck_seq
        side = state.cogs[where].owner
        if crew.fate == "captured" and crew.hold_cog is not None and not state.cogs[crew.hold_cog].sunk:
            seq = ctx.emit(ev.CrewCaptured(crew=crew.id, by=by, hold_cog=crew.hold_cog, reason="struck"),
                           actor=by, cause=cause)
        else:
            loot_cog = where if not state.cogs[where].sunk else None
            seq = ctx.emit(ev.CrewKilled(crew=crew.id, reason="struck", loot=loot(crew), loot_cog=loot_cog),
                           actor=by, cause=cause)
        if by is not None and by != crew.owner:
            award(ctx, by, SCORE_ELIMINATION, "opposing crewmember eliminated", seq)
            if crew.owner == side:
                per = tally.setdefault(where, {})
                per[by] = (per.get(by, (0, 0))[0] + 1, seq)
    return tally


def _captures(ctx: Context) -> dict[int, int]:
    """Cogs with opposing crew on a deck and none of their controller's are captured (p.9 A)."""
    state: CogsState = ctx.state
    done = {}
    for cog in state.afloat():
        standing = [c for c in state.aboard(cog.id, living=False) if c.deck != "nest"]
        if any(c.owner == cog.owner for c in standing):
            continue
        counts: dict[int, int] = {}
        for c in standing:
            counts[c.owner] = counts.get(c.owner, 0) + 1
        if not counts:
            continue
        best = max(counts.values())
        taker = min(p for p, n in counts.items() if n == best)
        previous = cog.owner
        seq = ctx.emit(ev.CogCaptured(cog=cog.id, by=taker, previous=previous), actor=taker,
                       cause=cog.arrived.get(taker, state.turn_seq))
        award(ctx, taker, SCORE_CAPTURE, f"captured {cog.name}", seq)
        freed = tuple(c.id for c in state.crew.values() if c.cog == cog.id and c.captive_of is not None
                      and c.owner == taker)
        if freed:
            ctx.emit(ev.CrewLiberated(crew=freed, cog=cog.id, deck="hold"), cause=seq)
        done[cog.id] = taker
    return done
