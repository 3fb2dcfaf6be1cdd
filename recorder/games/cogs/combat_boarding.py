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


def boarding_orders(ctx: Context) -> Generator[Request, Any, dict[tuple[int, int], list[int]]]:
    state: CogsState = ctx.state
    pairs = grappled_pairs(state)
    taken: list[int] = []
    for player in range(len(state.players)):
        for cog, target in pairs:
            if state.cogs[cog].owner != player:
                continue
            free = [c for c in boarders(state, cog) if c.id not in taken]
            if not free:
                continue
            options = tuple({"cog": cog, "target_cog": target, "count": n} for n in range(len(free) + 1))
            order = yield from ctx.ask(Request(player, "board", ev.BoardingOrdered, options, secret=True,
                                               prompt=f"Board {state.cogs[target].name} from "
                                                      f"{state.cogs[cog].name} with how many?"))
            taken += [c.id for c in free[:order.count]]
    orders = {}
    for cog, target in pairs:
        if cog in state.boarding and state.boarding[cog][0] == target:
            orders[(cog, target)] = state.boarding[cog][1]
    revealed = {k: v for k, v in orders.items()}
    ctx.emit(ev.BoardingsRevealed(cogs=tuple(k[0] for k in revealed), targets=tuple(k[1] for k in revealed),
                                  counts=tuple(revealed.values())))
    parties: dict[tuple[int, int], list[int]] = {}
    used: list[int] = []
    for (cog, target), count in orders.items():
        party = [c.id for c in boarders(ctx.state, cog) if c.id not in used][:count]
        used += party
        if party:
            parties[(cog, target)] = party
    return parties


def board(ctx: Context, parties: dict[tuple[int, int], list[int]]) -> list[tuple[int, int]]:
    """Move the parties: onto the other main deck, or into the middle when both board."""
    state: CogsState = ctx.state
    melees = []
    for (cog, target), party in parties.items():
        if (target, cog) in parties:
            ctx.emit(ev.CrewMoved(crew=tuple(party), cog=target, deck="middle", reason="boarding melee"),
                     actor=state.cogs[cog].owner)
            if cog < target:
                melees.append((cog, target))
        else:
            _land(ctx, cog, target, party)
    return melees


def _land(ctx: Context, cog: int, target: int, party: list[int]) -> None:
    state: CogsState = ctx.state
    owner = state.cogs[cog].owner
    defended = bool(state.aboard(target, owner=state.cogs[target].owner, living=False))
    seq = ctx.emit(ev.CrewMoved(crew=tuple(party), cog=target, deck="main", reason="boarding"), actor=owner)
    if defended:
        award(ctx, owner, SCORE_BOARDING, f"boarded {state.cogs[target].name}", seq)


def settle_melees(ctx: Context, melees: list[tuple[int, int]]) -> None:
    """After close combat: a party that wiped out the other completes its boarding; else both retreat."""
    state: CogsState = ctx.state
    for a, b in melees:
        side_a = [c for c in state.crew.values() if c.deck == "middle" and c.cog == a and c.facing == b]
        side_b = [c for c in state.crew.values() if c.deck == "middle" and c.cog == b and c.facing == a]
        up_a = [c.id for c in side_a if c.alive]
        up_b = [c.id for c in side_b if c.alive]
        if up_a and not up_b:
            _land(ctx, a, b, up_a)
        elif up_b and not up_a:
            _land(ctx, b, a, up_b)
        for home, party in ((a, side_a), (b, side_b)):
            back = tuple(c.id for c in party if c.deck == "middle")
            if back:
                ctx.emit(ev.CrewMoved(crew=back, cog=home, deck="main", reason="retreat"))
