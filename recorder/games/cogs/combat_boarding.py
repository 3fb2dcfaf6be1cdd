"""Phase 3 D: boarding (rules p.8).

Each side of a grappled pair secretly says how many fresh main-deck crew board
(strongest first). A one-sided boarding lands on the other cog's main deck; if
both sides board, the parties meet in the middle, and after the close combat
the side that wiped out the other completes its boarding while otherwise both
retreat to their own cogs.
"""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .crew import fighting_order, fresh
from .scoring import award
from .state import CogsState, Crew
from .tables import SCORE_BOARDING


def grappled_pairs(state: CogsState) -> list[tuple[int, int]]:
    """Ordered (cog, target) pairs of grappled cogs under different control."""
    out = []
    for cog in state.afloat():
        for other in cog.grappled:
            if state.cogs[other].owner != cog.owner:
                out.append((cog.id, other))
    return out


def boarders(state: CogsState, cog_id: int) -> list[Crew]:
    cog = state.cogs[cog_id]
    crew = [c for c in state.aboard(cog_id, deck="main", owner=cog.owner) if fresh(c)]
    return sorted(crew, key=fighting_order)


Parties = dict[tuple[int, int], list[int]]
Melees = dict[tuple[int, int], tuple[int, int]]  # (a, b) with a < b -> seqs of a's and b's moves to the middle


def boarding_orders(ctx: Context) -> Generator[Request, Any, tuple[Parties, int | None]]:
    """The secret boarding orders of every grappled pair, revealed together: the parties, and the
    seq of the reveal (None when no cogs are grappled: there is no boarding step)."""
    state: CogsState = ctx.state
    pairs = grappled_pairs(state)
    if not pairs:
        return {}, None
    taken: list[int] = []
    last_order = None
    for player in range(len(state.players)):
        for cog, target in pairs:
            if state.cogs[cog].owner != player:
                continue
            free = [c for c in boarders(state, cog) if c.id not in taken]
            if not free:
                continue
            options = tuple({"cog": cog, "target_cog": target, "count": n} for n in range(len(free) + 1))
            order = yield from ctx.ask(labelled(state, Request(
                player, "board", ev.BoardingOrdered, options, secret=True,
                prompt=f"Board {state.cogs[target].name} from {state.cogs[cog].name} with how many?")))
            taken += [c.id for c in free[:order.count]]
            last_order = ctx.last_seq
    orders = {}
    for cog, target in pairs:
        if cog in state.boarding and state.boarding[cog][0] == target:
            orders[(cog, target)] = state.boarding[cog][1]
    reveal = ctx.emit(ev.BoardingsRevealed(cogs=tuple(k[0] for k in orders), targets=tuple(k[1] for k in orders),
                                           counts=tuple(orders.values())), cause=last_order or state.turn_seq)
    parties: Parties = {}
    used: list[int] = []
    for (cog, target), count in orders.items():
        party = [c.id for c in boarders(ctx.state, cog) if c.id not in used][:count]
        used += party
        if party:
            parties[(cog, target)] = party
    return parties, reveal


def board(ctx: Context, parties: Parties, reveal: int | None) -> Melees:
    """Move the parties (as the reveal ordered): onto the other main deck, or into the middle when
    both board."""
    state: CogsState = ctx.state
    moved: dict[tuple[int, int], int] = {}
    for (cog, target), party in parties.items():
        if (target, cog) in parties:
            moved[(cog, target)] = ctx.emit(ev.CrewMoved(crew=tuple(party), cog=target, deck="middle",
                                                         reason="boarding melee"),
                                            actor=state.cogs[cog].owner, cause=reveal)
        else:
            _land(ctx, cog, target, party, reveal)
    return {(a, b): (seq, moved[(b, a)]) for (a, b), seq in moved.items() if a < b}


def _land(ctx: Context, cog: int, target: int, party: list[int], cause: int | None) -> None:
    state: CogsState = ctx.state
    owner = state.cogs[cog].owner
    defended = bool(state.aboard(target, owner=state.cogs[target].owner, living=False))
    seq = ctx.emit(ev.CrewMoved(crew=tuple(party), cog=target, deck="main", reason="boarding"), actor=owner,
                   cause=cause)
    if defended:
        award(ctx, owner, SCORE_BOARDING, f"boarded {state.cogs[target].name}", seq)


def settle_melees(ctx: Context, melees: Melees) -> None:
    """After close combat: a party that wiped out the other completes its boarding (citing the blow
    that finished the other party); otherwise both retreat (citing their move to the middle)."""
    state: CogsState = ctx.state
    for (a, b), went in melees.items():
        side_a = [c for c in state.crew.values() if c.deck == "middle" and c.cog == a and c.facing == b]
        side_b = [c for c in state.crew.values() if c.deck == "middle" and c.cog == b and c.facing == a]
        up_a = [c.id for c in side_a if c.alive]
        up_b = [c.id for c in side_b if c.alive]
        if up_a and not up_b:
            _land(ctx, a, b, up_a, max(c.struck_seq or 0 for c in side_b) or went[1])
        elif up_b and not up_a:
            _land(ctx, b, a, up_b, max(c.struck_seq or 0 for c in side_a) or went[0])
        for home, party, seq in ((a, side_a, went[0]), (b, side_b, went[1])):
            back = tuple(c.id for c in party if c.deck == "middle")
            if back:
                ctx.emit(ev.CrewMoved(crew=back, cog=home, deck="main", reason="retreat"),
                         actor=state.cogs[home].owner, cause=seq)
