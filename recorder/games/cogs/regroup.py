"""Phase 4, regroup and searches (rules p.9-10): cleanup, capture, repair, treasure,
transfers, conversion, fire, grapple breaks and sinking, in the rules' order."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .combat_attacks import capture_hold
from .combat_grapple import within_reach
from .crew import can_row, crew_profile, deck_room, fresh, groups, loot, members, place_for
from .dice import d, d20
from .geometry import gap
from .scoring import award
from .setup import ISLAND_RADIUS
from .state import Cog, CogsState
from .tables import (CARPENTER_FIRE, CARPENTER_HULL, HERO_UPGRADES, ISLAND_REACH, SCORE_CAPTURE,
                     SCORE_CLEARED, SCORE_ELIMINATION, SCORE_ISLAND, SCORE_SINKING, SEARCH_TARGET, TENTH,
                     TIMBER_HULL, TREASURE, TREASURE_CREW, TREASURE_POINTS, TREASURE_UPGRADES)

_ = can_row


# -- A: cleanup and capture -------------------------------------------------------
def cleanup(ctx: Context) -> None:
    state: CogsState = ctx.state
    manned_before = {c.id: bool(state.aboard(c.id, owner=c.owner, living=False)) for c in state.afloat()}
    tally: dict[int, dict[int, int]] = {}  # cog -> eliminating player -> count
    for crew in sorted([c for c in state.crew.values() if c.fate], key=lambda c: c.id):
        where = crew.cog
        by = crew.fate_by
        if crew.fate == "captured" and crew.hold_cog is not None and not state.cogs[crew.hold_cog].sunk:
            seq = ctx.emit(ev.CrewCaptured(crew=crew.id, by=by, hold_cog=crew.hold_cog, reason="struck"),
                           actor=by)
        else:
            loot_cog = where if not state.cogs[where].sunk else None
            seq = ctx.emit(ev.CrewKilled(crew=crew.id, reason="struck", loot=loot(crew), loot_cog=loot_cog),
                           actor=by)
        if by is not None and by != crew.owner:
            award(ctx, by, SCORE_ELIMINATION, "opposing crewmember eliminated", seq)
            per = tally.setdefault(where, {})
            per[by] = per.get(by, 0) + 1
    captured = _captures(ctx)
    for cog in state.afloat():
        if not manned_before.get(cog.id) or state.aboard(cog.id, owner=cog.owner, living=False):
            continue
        per = tally.get(cog.id, {})
        if not per:
            continue
        best = max(per.values())
        player = min(p for p, n in per.items() if n == best)
        if captured.get(cog.id) != player:
            award(ctx, player, SCORE_CLEARED, f"eliminated all crew of {cog.name}")


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
        seq = ctx.emit(ev.CogCaptured(cog=cog.id, by=taker, previous=previous), actor=taker)
        award(ctx, taker, SCORE_CAPTURE, f"captured {cog.name}", seq)
        freed = tuple(c.id for c in state.crew.values() if c.cog == cog.id and c.captive_of is not None
                      and c.owner == taker)
        if freed:
            ctx.emit(ev.CrewLiberated(crew=freed, cog=cog.id, deck="hold"), cause=seq)
        done[cog.id] = taker
    return done


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
        ctx.emit(ev.CogRepaired(cog=cog.id, fire_fought=fought, hull_repaired=mended, fire=fire - fought,
                                hull=hull + mended, crew=workers, timber=timber), actor=cog.owner)


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
            if gap(cog.pos, cog.kind.radius, (island.x, island.y), ISLAND_RADIUS) > ISLAND_REACH * TENTH:
                continue
            first = island.id not in state.visited.get(player, [])
            roll, seq = d20(ctx, "search", cause=None)
            found = ctx.emit(ev.IslandSearched(cog=cog.id, island=island.id, roll=roll,
                                               success=roll <= SEARCH_TARGET), actor=player, cause=seq)
            if first:
                award(ctx, player, SCORE_ISLAND, f"first search of island {island.id}", found)
            if roll <= SEARCH_TARGET:
                yield from _find(ctx, cog, island.id, found)


def _find(ctx: Context, cog: Cog, island: int, cause: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    total = 0
    for _ in range(3):
        face, seq = d(ctx, 6, "treasure", cause=cause)
        total += face
    kind, text = TREASURE[total]
    found = ctx.emit(ev.TreasureFound(cog=cog.id, island=island, roll=total, item=text), actor=cog.owner, cause=seq)
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
                choice = yield from ctx.ask(Request(cog.owner, "hero upgrade", ev.HeroUpgradeChosen, options,
                                                    cause=found, prompt="Hero upgrade for the found hero?"))
                ctx.emit(ev.CrewUpgraded(crew=cid, hero_upgrade=choice.hero_upgrade), cause=found)


# -- D: transfers ----------------------------------------------------------------------
ADJACENT = {"stern": ("main",), "fore": ("main",), "nest": ("main",), "hold": ("main",),
            "main": ("stern", "fore", "nest", "hold")}
DONE = {"cog": None, "deck": "", "profile": "", "to_cog": None, "to_deck": None}


def transfer_options(state: CogsState, player: int) -> list[dict[str, Any]]:
    movable = [c for c in state.crew.values() if c.owner == player and c.captive_of is None and c.alive
               and not c.moved and state.cogs[c.cog].owner == player and not state.cogs[c.cog].sunk
               and c.deck in ADJACENT]
    out = [dict(DONE)]
    for key in groups(movable):
        cog_id, deck, profile = key
        cog = state.cogs[cog_id]
        places = [(cog_id, d) for d in ADJACENT[deck] if cog.kind.decks.get(d, 1)]
        if deck == "main":
            places += [(o.id, "main") for o in state.afloat() if o.id != cog_id and _reachable(state, cog, o)]
        for to_cog, to_deck in places:
            if to_deck == "hold" or deck_room(state, to_cog, to_deck) > 0:
                out.append({"cog": cog_id, "deck": deck, "profile": profile, "to_cog": to_cog, "to_deck": to_deck})
    return out


def _reachable(state: CogsState, cog: Cog, other: Cog) -> bool:
    """Main decks of adjacent cogs: friendly ones, or abandoned ones (no crew aboard at all)."""
    if not (other.id in cog.grappled or within_reach(cog, other)):
        return False
    return other.owner == cog.owner or not state.aboard(other.id, living=False)


def transfers(ctx: Context) -> Generator[Request, Any, None]:
    """Ruling: each crewmember moves one step per regroup (one deck, or to an adjacent cog)."""
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        while True:
            options = transfer_options(state, player)
            if len(options) == 1:
                break
            order = yield from ctx.ask(Request(player, "transfer", ev.TransferOrdered, tuple(options),
                                               prompt="Transfer crew (one at a time), or done?"))
            if order.cog is None:
                break
            mover = members([c for c in state.crew.values() if not c.moved and c.alive and c.captive_of is None],
                            (order.cog, order.deck, order.profile))[0]
            ctx.emit(ev.CrewMoved(crew=(mover.id,), cog=order.to_cog, deck=order.to_deck, reason="transfer"),
                     actor=player, cause=ctx.last_seq)


# -- E: conversion -----------------------------------------------------------------------
def conversion(ctx: Context) -> None:
    """Ruling: every captive gets its one attempt per turn (an attempt costs nothing)."""
    state: CogsState = ctx.state
    for c in sorted([c for c in state.crew.values() if c.captive_of is not None], key=lambda c: c.id):
        holder = state.cogs[c.cog]
        if holder.sunk or holder.owner == c.owner:
            continue
        roll, seq = d20(ctx, "conversion")
        converted = roll in (1, 20)
        deck = place_for(state, holder.id) if converted else "hold"
        ctx.emit(ev.ConversionRolled(crew=c.id, roll=roll, converted=converted, player=holder.owner, deck=deck),
                 actor=holder.owner, cause=seq)


# -- F, G, H: fire, grapples, sinking ------------------------------------------------------
def fire(ctx: Context) -> None:
    for cog in ctx.state.afloat():
        if cog.fire > 0:
            new = cog.fire * 2
            ctx.emit(ev.FireSpread(cog=cog.id, fire=new, damage=new, hull=cog.hull - new))


def break_grapples(ctx: Context) -> None:
    for cog in ctx.state.afloat():
        for other in list(cog.grappled):
            if other > cog.id:
                ctx.emit(ev.GrappleBroken(cog=cog.id, other=other))


def sinking(ctx: Context) -> None:
    """Armored crew drown, unarmored crew are captured by the last damager; the hold is lost (p.9 H)."""
    state: CogsState = ctx.state
    for cog in state.afloat():
        if cog.hull > 0:
            continue
        by = cog.last_damager
        controller = cog.owner
        aboard = sorted([c for c in state.crew.values() if c.cog == cog.id], key=lambda c: c.id)
        seq = ctx.emit(ev.CogSank(cog=cog.id, by=by))
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
    conversion(ctx)
    fire(ctx)
    break_grapples(ctx)
    sinking(ctx)


_unused = crew_profile
