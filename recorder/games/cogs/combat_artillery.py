"""Phase 3 A: artillery -- firepot specialists and ballistae fire before any other combat (p.6)."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .crew import cheapest, fresh, groups, members
from .dice import d20
from .geometry import side_of, within
from .state import Cog, CogsState, Crew
from .tables import (ARTILLERY_LARGE, ARTILLERY_TN, BALLISTA_CREW, BALLISTA_RANGE, BALLISTA_VS_BALLISTA,
                     FIREPOT_RANGE, TENTH)

FIREPOT_HULL = 2
FIREPOT_FIRE = 2
BALLISTA_HULL = 4


def artillery_phase(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        yield from _firepots(ctx, player)
        yield from _ballistae(ctx, player)


def _throwers(state: CogsState, player: int) -> list[Crew]:
    return [c for c in state.crew.values() if c.owner == player and c.hero_upgrade == "firepot"
            and fresh(c) and c.deck != "middle" and not state.cogs[c.cog].sunk]


def _targets(state: CogsState, player: int, cog: Cog, reach: int) -> list[Cog]:
    return [t for t in state.afloat() if t.owner != player and within(cog.pos, t.pos, reach * TENTH)]


def _firepots(ctx: Context, player: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for (cog_id, deck, profile) in list(groups(_throwers(state, player))):
        while True:
            crew = members(_throwers(state, player), (cog_id, deck, profile))
            cog = state.cogs[cog_id]
            targets = _targets(state, player, cog, FIREPOT_RANGE)
            if not crew or not targets:
                break
            base = {"cog": cog_id, "deck": deck, "profile": profile}
            options = [{**base, "target_cog": None, "count": 0}]
            options += [{**base, "target_cog": t.id, "count": n} for t in targets for n in range(1, len(crew) + 1)]
            order = yield from ctx.ask(labelled(state, Request(
                player, "firepot", ev.ArtilleryOrdered, tuple(options),
                prompt=f"Firepots of {cog.name} ({deck}, {profile}): throw at?")))
            if order.count == 0:
                break
            for thrower in crew[:order.count]:
                _throw(ctx, thrower, state.cogs[order.target_cog], ctx.last_seq)


def artillery_number(target: Cog, *, vs_ballista: bool = False) -> tuple[int, tuple[str, ...]]:
    tn, mods = ARTILLERY_TN, []
    if target.kind.large:
        tn += ARTILLERY_LARGE
        mods.append("+2 large target")
    if vs_ballista:
        tn += BALLISTA_VS_BALLISTA
        mods.append("-4 aimed at a ballista")
    return tn, tuple(mods)


def _throw(ctx: Context, thrower: Crew, target: Cog, cause: int) -> None:
    state: CogsState = ctx.state
    tn, mods = artillery_number(target)
    roll, seq = d20(ctx, "firepot", cause=cause)
    outcome = "critical" if roll == 20 else "hit" if roll < tn else "miss"
    shot = ctx.emit(ev.ArtilleryShot(weapon="firepot", cog=thrower.cog, crew=thrower.id, ballista=None,
                                     target_cog=target.id, roll=roll, target_number=tn, modifiers=mods,
                                     outcome=outcome), actor=thrower.owner, cause=seq)
    if outcome == "miss":
        return
    # A critical miss burns the thrower's own cog; nobody scores for that damage.
    victim = state.cogs[thrower.cog] if outcome == "critical" else target
    by = None if outcome == "critical" else thrower.owner
    damage(ctx, victim, FIREPOT_HULL, by, "firepot", shot)
    burn(ctx, victim, FIREPOT_FIRE, by, shot)


def damage(ctx: Context, cog: Cog, amount: int, by: int | None, what: str, cause: int) -> None:
    ctx.emit(ev.HullDamaged(cog=cog.id, amount=amount, hull=cog.hull - amount, by=by, what=what), cause=cause)


def burn(ctx: Context, cog: Cog, amount: int, by: int | None, cause: int) -> None:
    ignored = min(amount, cog.paint)
    ctx.emit(ev.FireSet(cog=cog.id, amount=amount, ignored=ignored, fire=cog.fire + amount - ignored, by=by),
             cause=cause)


def _crew_for(state: CogsState, cog: Cog) -> list[Crew]:
    return [c for c in state.aboard(cog.id, deck="main", owner=cog.owner) if fresh(c)]


def ballista_options(state: CogsState, cog: Cog, index: int) -> list[dict[str, Any]]:
    b = cog.ballistae[index]
    base = {"cog": cog.id, "ballista": index}
    options = [{**base, "action": "hold", "target_cog": None}, {**base, "action": "rotate", "target_cog": None}]
    for t in _targets(state, cog.owner, cog, BALLISTA_RANGE):
        if side_of(cog.pos, cog.heading, t.pos) == b.side:
            options.append({**base, "action": "hull", "target_cog": t.id})
            if any(not x.destroyed for x in t.ballistae):
                options.append({**base, "action": "ballista", "target_cog": t.id})
    return options


def _ballistae(ctx: Context, player: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for cog in state.afloat():
        for index, b in enumerate(cog.ballistae):
            if cog.owner != player or b.destroyed or b.rotated or len(_crew_for(state, cog)) < BALLISTA_CREW:
                continue
            order = yield from ctx.ask(labelled(state, Request(
                player, "ballista", ev.BallistaOrdered, tuple(ballista_options(state, cog, index)),
                prompt=f"Ballista {index + 1} of {cog.name} (pointed {b.side}): fire, rotate or hold?")))
            if order.action == "hold":
                continue
            cause = ctx.last_seq
            crew = cheapest(_crew_for(state, cog), BALLISTA_CREW)
            task = "rotate" if order.action == "rotate" else "ballista"
            ctx.emit(ev.CrewTasked(cog=cog.id, task=task, crew=tuple(c.id for c in crew)), cause=cause)
            if order.action == "rotate":
                other = "port" if b.side == "starboard" else "starboard"
                ctx.emit(ev.BallistaRotated(cog=cog.id, ballista=index, side=other), cause=cause)
                continue
            _loose(ctx, cog, index, state.cogs[order.target_cog], order.action == "ballista", cause)


def _loose(ctx: Context, cog: Cog, index: int, target: Cog, at_ballista: bool, cause: int) -> None:
    tn, mods = artillery_number(target, vs_ballista=at_ballista)
    roll, seq = d20(ctx, "ballista", cause=cause)
    outcome = "hit" if roll < tn else "miss"
    shot = ctx.emit(ev.ArtilleryShot(weapon="ballista", cog=cog.id, crew=None, ballista=index,
                                     target_cog=target.id, roll=roll, target_number=tn, modifiers=mods,
                                     outcome=outcome), actor=cog.owner, cause=seq)
    if outcome == "hit":
        damage(ctx, target, BALLISTA_HULL, cog.owner, "ballista", shot)
        if at_ballista:
            hit = next(i for i, x in enumerate(target.ballistae) if not x.destroyed)
            ctx.emit(ev.BallistaDestroyed(cog=target.id, ballista=hit), cause=shot)
