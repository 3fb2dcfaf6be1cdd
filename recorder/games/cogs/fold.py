"""Folding events into the state: the only place a Cogs of Valor state changes."""

from __future__ import annotations

from typing import Any, Callable

from recorder.events import ChanceDrawn

from . import events as ev
from .state import Ballista, Cog, CogsState, Crew
from .tables import BASIC_UPGRADES, COG_TYPES, DECKS, HEADINGS, HERO_UPGRADES, PAINT_FIRE


def apply(state: CogsState, event: Any) -> None:
    # Every event is folded once, in log order (live and in replay), so the count is the seq of the
    # event being folded: handlers remember the seqs that later events cite as their cause.
    state.seq += 1
    handler = HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)


def _lost(s: CogsState, player: int, cog: Cog) -> None:
    """Note a loss of ``player``'s on ``cog``: cog-matching respawns far from the latest one."""
    s.losses[player] = (s.seq, cog.x, cog.y)


def _loses_crew(s: CogsState, c: Crew) -> None:
    if c.captive_of is None and c.deck != "hold":
        _lost(s, c.owner, s.cogs[c.cog])


def _mustered(s: CogsState, e: ev.FleetMustered) -> None:
    s.fleets[e.player] = e.fleet


def _launched(s: CogsState, e: ev.CogLaunched) -> None:
    s.cogs[e.cog] = Cog(
        id=e.cog, name=e.name, type=e.type, owner=e.player, x=e.x, y=e.y,
        heading=HEADINGS.index(e.heading), hull=e.hull, max_hull=COG_TYPES[e.type].hull,
        ballistae=[Ballista(side) for side in e.ballistae], origin=e.player,
    )


def _embarked(s: CogsState, e: ev.CrewEmbarked) -> None:
    s.next_crew = max(s.next_crew, max(e.crew) + 1)
    for cid in e.crew:
        s.crew[cid] = Crew(cid, e.player, e.cog, e.deck, tuple(e.upgrades), e.hero, e.hero_upgrade, e.leader,
                           own_hero_upgrade=e.hero_upgrade if e.leader else None)


def _wind(s: CogsState, e: ev.WindSet | ev.WindShifted) -> None:
    s.wind = HEADINGS.index(e.direction)


def _turn(s: CogsState, e: ev.TurnBegan) -> None:
    s.turn, s.turn_seq = e.turn, s.seq
    s.boarding.clear()
    for c in s.crew.values():
        c.spent, c.moved, c.tasked = 0, False, False
    for cog in s.cogs.values():
        for b in cog.ballistae:
            b.rotated = False


def _course(s: CogsState, e: ev.CourseSet) -> None:
    s.courses[e.cog] = (e.move, e.speed)


def _revealed(s: CogsState, e: ev.CoursesRevealed) -> None:
    s.courses.clear()


def _tasked(s: CogsState, e: ev.CrewTasked) -> None:
    for cid in e.crew:
        c = s.crew[cid]
        c.spent, c.tasked = c.spent + 1, True


def _anchor(s: CogsState, e: ev.AnchorDropped) -> None:
    s.cogs[e.cog].anchored = True


def _cut(s: CogsState, e: ev.AnchorCut) -> None:
    s.cogs[e.cog].anchored = False


def _moved(s: CogsState, e: ev.CogMoved) -> None:
    cog = s.cogs[e.cog]
    cog.x, cog.y, cog.heading = e.x, e.y, HEADINGS.index(e.heading)


def _damaged(s: CogsState, e: ev.HullDamaged) -> None:
    cog = s.cogs[e.cog]
    cog.hull, cog.damage_seq = e.hull, s.seq
    if e.by is not None:
        cog.last_damager = e.by


def _rotated(s: CogsState, e: ev.BallistaRotated) -> None:
    b = s.cogs[e.cog].ballistae[e.ballista]
    b.side, b.rotated = e.side, True


def _fire(s: CogsState, e: ev.FireSet) -> None:
    cog = s.cogs[e.cog]
    cog.fire = e.fire
    cog.paint -= e.ignored
    if e.amount > e.ignored:
        cog.fire_seq, cog.fire_by = s.seq, e.by


def _ballista_gone(s: CogsState, e: ev.BallistaDestroyed) -> None:
    s.cogs[e.cog].ballistae[e.ballista].destroyed = True


def _grappled(s: CogsState, e: ev.GrappleRolled) -> None:
    if e.held:
        a, b = s.cogs[e.cog], s.cogs[e.target_cog]
        a.grappled = sorted(set(a.grappled) | {b.id})
        b.grappled = sorted(set(b.grappled) | {a.id})
        a.grapple_seq[b.id] = b.grapple_seq[a.id] = s.seq


def _attack(s: CogsState, e: ev.AttackRolled) -> None:
    s.crew[e.attacker].spent += 1


def _artillery(s: CogsState, e: ev.ArtilleryShot) -> None:
    if e.crew is not None:
        s.crew[e.crew].spent += 1


def _struck(s: CogsState, e: ev.CrewStruck) -> None:
    c = s.crew[e.crew]
    c.fate, c.fate_by, c.hold_cog, c.struck_seq = e.fate, e.by, e.hold_cog, s.seq


def _boarding(s: CogsState, e: ev.BoardingOrdered) -> None:
    s.boarding[e.cog] = (e.target_cog, e.count)


def _boardings_revealed(s: CogsState, e: ev.BoardingsRevealed) -> None:
    s.boarding.clear()


def _crew_moved(s: CogsState, e: ev.CrewMoved) -> None:
    for cid in e.crew:
        c = s.crew[cid]
        if e.deck == "middle":
            c.facing = e.cog
        else:
            c.cog, c.facing = e.cog, None
        c.deck = e.deck
        if e.reason == "transfer":
            c.moved = True
        if e.deck in DECKS:
            s.cogs[e.cog].arrived[c.owner] = s.seq


def _score(s: CogsState, e: ev.ScoreAwarded) -> None:
    s.scores[e.player] = e.total


def _killed(s: CogsState, e: ev.CrewKilled) -> None:
    _loses_crew(s, s.crew[e.crew])
    del s.crew[e.crew]
    if e.loot_cog is not None:
        hold = s.cogs[e.loot_cog].hold
        for item in e.loot:
            hold[item] = hold.get(item, 0) + 1


def _captured(s: CogsState, e: ev.CrewCaptured) -> None:
    c = s.crew[e.crew]
    _loses_crew(s, c)
    c.cog, c.deck, c.captive_of = e.hold_cog, "hold", e.by
    c.fate = c.fate_by = c.hold_cog = c.facing = c.struck_seq = None


def _cog_captured(s: CogsState, e: ev.CogCaptured) -> None:
    _lost(s, e.previous, s.cogs[e.cog])
    s.cogs[e.cog].owner = e.by


def _liberated(s: CogsState, e: ev.CrewLiberated) -> None:
    for cid in e.crew:
        c = s.crew[cid]
        c.captive_of, c.cog, c.deck = None, e.cog, e.deck


def _repaired(s: CogsState, e: ev.CogRepaired) -> None:
    cog = s.cogs[e.cog]
    cog.fire, cog.hull = e.fire, e.hull
    if e.timber:
        _take(cog.hold, "timber")
    for cid in e.crew:
        s.crew[cid].spent += 1


def _searched(s: CogsState, e: ev.IslandSearched) -> None:
    player = s.cogs[e.cog].owner
    visited = s.visited.setdefault(player, [])
    if e.island not in visited:
        visited.append(e.island)
    if e.success:
        s.searched.setdefault(player, []).append(e.island)


def _stocked(s: CogsState, e: ev.HoldStocked) -> None:
    cog = s.cogs[e.cog]
    for item, n in sorted(e.items.items()):
        if item == "paint":
            cog.paint += n * PAINT_FIRE
        else:
            cog.hold[item] = cog.hold.get(item, 0) + n


def _upgraded(s: CogsState, e: ev.CrewUpgraded) -> None:
    s.crew[e.crew].hero_upgrade = e.hero_upgrade


def _equipped(s: CogsState, e: ev.UpgradeEquipped) -> None:
    _take(s.cogs[e.cog].hold, e.item)
    c = s.crew[e.crew]
    if e.upgrade in HERO_UPGRADES:
        c.hero_upgrade = e.upgrade
    else:
        c.upgrades = tuple(u for u in BASIC_UPGRADES if u in c.upgrades or u == e.upgrade)


def _stored(s: CogsState, e: ev.UpgradeStored) -> None:
    c = s.crew[e.crew]
    if e.upgrade in HERO_UPGRADES:
        c.hero_upgrade = None
    else:
        c.upgrades = tuple(u for u in c.upgrades if u != e.upgrade)
    hold = s.cogs[e.cog].hold
    hold[e.item] = hold.get(e.item, 0) + 1


def _take(hold: dict[str, int], item: str) -> None:
    hold[item] -= 1
    if not hold[item]:
        del hold[item]


def _converted(s: CogsState, e: ev.ConversionRolled) -> None:
    if e.converted:
        c = s.crew[e.crew]
        c.owner, c.captive_of, c.deck = e.player, None, e.deck


def _spread(s: CogsState, e: ev.FireSpread) -> None:
    cog = s.cogs[e.cog]
    cog.fire, cog.hull, cog.damage_seq = e.fire, e.hull, s.seq
    if e.by is not None:
        cog.last_damager = e.by  # the damage of a fire is its setter's


def _broken(s: CogsState, e: ev.GrappleBroken) -> None:
    a, b = s.cogs[e.cog], s.cogs[e.other]
    a.grappled = [x for x in a.grappled if x != b.id]
    b.grappled = [x for x in b.grappled if x != a.id]
    a.grapple_seq.pop(b.id, None)
    b.grapple_seq.pop(a.id, None)


def _sank(s: CogsState, e: ev.CogSank) -> None:
    cog = s.cogs[e.cog]
    _lost(s, cog.owner, cog)
    cog.sunk, cog.fire, cog.hold, cog.anchored = True, 0, {}, False
    for other in cog.grappled:
        s.cogs[other].grappled = [x for x in s.cogs[other].grappled if x != cog.id]
        s.cogs[other].grapple_seq.pop(cog.id, None)
    cog.grappled, cog.grapple_seq = [], {}


def _ended(s: CogsState, e: ev.MatchEnded) -> None:
    s.over, s.winner, s.reason = True, e.winner, e.reason


HANDLERS: dict[type, Callable[[CogsState, Any], None]] = {
    ev.FleetMustered: _mustered,
    ev.CogLaunched: _launched,
    ev.CrewEmbarked: _embarked,
    ev.WindSet: _wind,
    ev.WindShifted: _wind,
    ev.TurnBegan: _turn,
    ev.CourseSet: _course,
    ev.CoursesRevealed: _revealed,
    ev.CrewTasked: _tasked,
    ev.AnchorDropped: _anchor,
    ev.AnchorCut: _cut,
    ev.CogMoved: _moved,
    ev.HullDamaged: _damaged,
    ev.BallistaRotated: _rotated,
    ev.FireSet: _fire,
    ev.BallistaDestroyed: _ballista_gone,
    ev.GrappleRolled: _grappled,
    ev.AttackRolled: _attack,
    ev.ArtilleryShot: _artillery,
    ev.CrewStruck: _struck,
    ev.BoardingOrdered: _boarding,
    ev.BoardingsRevealed: _boardings_revealed,
    ev.CrewMoved: _crew_moved,
    ev.ScoreAwarded: _score,
    ev.CrewKilled: _killed,
    ev.CrewCaptured: _captured,
    ev.CogCaptured: _cog_captured,
    ev.CrewLiberated: _liberated,
    ev.CogRepaired: _repaired,
    ev.IslandSearched: _searched,
    ev.HoldStocked: _stocked,
    ev.CrewUpgraded: _upgraded,
    ev.UpgradeEquipped: _equipped,
    ev.UpgradeStored: _stored,
    ev.ConversionRolled: _converted,
    ev.FireSpread: _spread,
    ev.GrappleBroken: _broken,
    ev.CogSank: _sank,
    ev.MatchEnded: _ended,
}

# ChanceDrawn and the remaining inputs/outcomes carry no state of their own.
_ = ChanceDrawn
