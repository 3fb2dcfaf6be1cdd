"""Phase 4, regroup and searches (rules p.9-10), in the rules' order: cleanup and capture
(:mod:`.cleanup`), repair, treasure, transfers (:mod:`.transfers`), equipping and conversion
(:mod:`.equip`), fire, grapple breaks and sinking. Each outcome cites the event it follows from."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .cleanup import cleanup
from .combat_attacks import capture_hold
from .crew import fresh, place_for
from .dice import d, d20
from .equip import conversion, equipping
from .geometry import gap_within
from .scoring import award
from .setup import ISLAND_RADIUS
from .state import Cog, CogsState
from .tables import (CARPENTER_FIRE, CARPENTER_HULL, HERO_UPGRADES, ISLAND_REACH, SCORE_ELIMINATION,
                     SCORE_ISLAND, SCORE_SINKING, SEARCH_TARGET, TENTH, TIMBER_HULL, TREASURE, TREASURE_CREW,
                     TREASURE_POINTS, TREASURE_UPGRADES)
from .transfers import transfers


# -- B: repair ----------------------------------------------------------------------
def repair(ctx: Context) -> None:
    """Ruling: fire is fought before hull is repaired, carpenters first, then free crew;
    timber is used once a cog is down 6 hull or more after that."""
    state: CogsState = ctx.state
    for cog in state.afloat():
        crew = [c for c in state.aboard(cog.id, owner=cog.owner) if c.deck in ("stern", "main", "fore")]
        carpenters = [c for c in crew if c.hero_upgrade == "carpenter"]
        free = [c for c in crew if fresh(c) and c.hero_upgrade != "carpenter"]
        fire, hull = cog.fire, cog.hull
        fought = min(fire, CARPENTER_FIRE * len(carpenters))
        used = min(fire - fought, len(free))
        fought += used
        hull_cap = cog.max_hull - hull
        mended = min(hull_cap, CARPENTER_HULL * len(carpenters))
        pairs = min((hull_cap - mended), (len(free) - used) // 2)
        mended += pairs
        timber = cog.hold.get("timber", 0) > 0 and cog.max_hull - (hull + mended) >= TIMBER_HULL
        if timber:
            mended += TIMBER_HULL
        if fought == 0 and mended == 0:
            continue
        workers = tuple(c.id for c in free[:used + 2 * pairs])
        # The cause is the harm being mended: the fire set, or the last hull damage.
        harm = [s for s in ((cog.fire_seq if fought else None), (cog.damage_seq if mended else None)) if s]
        ctx.emit(ev.CogRepaired(cog=cog.id, fire_fought=fought, hull_repaired=mended, fire=fire - fought,
                                hull=hull + mended, crew=workers, timber=timber), actor=cog.owner,
                 cause=max(harm, default=state.turn_seq))


# -- C: treasure ----------------------------------------------------------------------
def treasure(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for cog in state.afloat():
        if not state.aboard(cog.id, owner=cog.owner):
            continue
        for island in state.islands:
            player = cog.owner
            if island.id in state.searched.get(player, []):
                continue
            if not gap_within(cog.pos, cog.kind.radius, (island.x, island.y), ISLAND_RADIUS, ISLAND_REACH * TENTH):
                continue
            first = island.id not in state.visited.get(player, [])
            roll, seq = d20(ctx, "search", cause=state.turn_seq)
            found = ctx.emit(ev.IslandSearched(cog=cog.id, island=island.id, roll=roll,
                                               success=roll <= SEARCH_TARGET), actor=player, cause=seq)
            if first:
                award(ctx, player, SCORE_ISLAND, f"first search of island {island.id}", found)
            if roll <= SEARCH_TARGET:
                yield from _find(ctx, cog, island.id, found)


def _find(ctx: Context, cog: Cog, island: int, cause: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    faces, seqs = [], []
    for _ in range(3):
        face, seq = d(ctx, 6, "treasure", cause=cause)
        faces.append(face)
        seqs.append(seq)
    total = sum(faces)
    kind, text = TREASURE[total]
    found = ctx.emit(ev.TreasureFound(cog=cog.id, island=island, faces=tuple(faces), dice=tuple(seqs), roll=total,
                                      item=text), actor=cog.owner, cause=seq)
    if total in TREASURE_POINTS:
        award(ctx, cog.owner, TREASURE_POINTS[total], text, found)
    elif total in TREASURE_UPGRADES:
        ctx.emit(ev.HoldStocked(cog=cog.id, items=TREASURE_UPGRADES[total], reason="treasure"), cause=found)
    elif kind in ("timber", "paint"):
        ctx.emit(ev.HoldStocked(cog=cog.id, items={kind: 1}, reason="treasure"), cause=found)
    else:
        count, upgrades, hero, hero_upgrade = TREASURE_CREW[total]
        deck = place_for(state, cog.id, count)
        ids = tuple(range(state.next_crew, state.next_crew + count))
        ctx.emit(ev.CrewEmbarked(cog=cog.id, deck=deck, crew=ids, player=cog.owner, upgrades=upgrades,
                                 hero=hero, hero_upgrade=hero_upgrade, leader=False, reason="treasure"),
                 cause=found)
        if kind == "heroes":
            for cid in ids:
                options = tuple({"crew": cid, "hero_upgrade": u} for u in HERO_UPGRADES)
                choice = yield from ctx.ask(labelled(state, Request(
                    cog.owner, "hero upgrade", ev.HeroUpgradeChosen, options, cause=found,
                    prompt="Hero upgrade for the found hero?")))
                ctx.emit(ev.CrewUpgraded(crew=cid, hero_upgrade=choice.hero_upgrade), cause=ctx.last_seq)


# -- F, G, H: fire, grapples, sinking ------------------------------------------------------
def fire(ctx: Context) -> None:
    """Unrepaired fire doubles and burns its new value of hull; the damage is the setter's (p.9 F)."""
    for cog in ctx.state.afloat():
        if cog.fire > 0:
            new = cog.fire * 2
            ctx.emit(ev.FireSpread(cog=cog.id, fire=new, damage=new, hull=cog.hull - new, by=cog.fire_by),
                     cause=cog.fire_seq)


def break_grapples(ctx: Context) -> None:
    for cog in ctx.state.afloat():
        for other in list(cog.grappled):
            if other > cog.id:
                ctx.emit(ev.GrappleBroken(cog=cog.id, other=other), cause=cog.grapple_seq.get(other))


def sinking(ctx: Context) -> None:
    """Armored crew drown, unarmored crew are captured by the last damager; the hold is lost (p.9 H)."""
    state: CogsState = ctx.state
    for cog in state.afloat():
        if cog.hull > 0:
            continue
        by = cog.last_damager
        controller = cog.owner
        aboard = sorted([c for c in state.crew.values() if c.cog == cog.id], key=lambda c: c.id)
        seq = ctx.emit(ev.CogSank(cog=cog.id, by=by), cause=cog.damage_seq)
        for c in aboard:
            captive = c.captive_of is not None
            hold = capture_hold(state, by, cog.id) if by is not None and not c.armored and not captive \
                and c.deck != "hold" else None
            if hold is not None and c.owner != by:
                ctx.emit(ev.CrewCaptured(crew=c.id, by=by, hold_cog=hold, reason="sinking"), cause=seq)
            elif hold is not None:
                ctx.emit(ev.CrewMoved(crew=(c.id,), cog=hold, deck="hold", reason="rescued"), cause=seq)
                continue
            else:
                ctx.emit(ev.CrewKilled(crew=c.id, reason="hold lost" if captive or c.deck == "hold" else "sinking",
                                       loot=(), loot_cog=None), cause=seq)
            if by is not None and c.owner != by and not captive:
                award(ctx, by, SCORE_ELIMINATION, "opposing crewmember eliminated", seq)
        if by is not None and by != controller:
            award(ctx, by, SCORE_SINKING, f"sank {cog.name}", seq)


def regroup_phase(ctx: Context) -> Generator[Request, Any, None]:
    cleanup(ctx)
    repair(ctx)
    yield from treasure(ctx)
    yield from transfers(ctx)
    yield from equipping(ctx)
    conversion(ctx)
    fire(ctx)
    break_grapples(ctx)
    sinking(ctx)

