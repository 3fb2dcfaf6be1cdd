"""Cogs of Valor regroup and searches with fixed dice: treasure (crew, upgrades, heroes, timber,
paint), fire and sinking, the wind table, and cog-matching respawns."""

from __future__ import annotations

import pytest

from recorder.errors import InvalidDecision
from recorder.games.cogs import events as ev
from recorder.games.cogs.geometry import overlapping
from recorder.games.cogs.testing import cog, events_of, fleet, play_until, scenario

from .cogs_support import BASIC10, by_player, need, passive, turn_is, two

ISLAND = dict(islands=[[50, 36]], b_at=(500, 700, "S"))  # the island is 1.5" off Ark; Bark is far away
FIREPOT = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "hero": True, "hero_upgrade": "firepot"}]
NEST_ONLY = [{"deck": "nest", "count": 2, "upgrades": ["longbow"]}]


def found(m):
    return events_of(m, "TreasureFound")[0]


# -- treasure ------------------------------------------------------------------------------------
def test_treasure_shows_its_three_dice():
    m = two(BASIC10, BASIC10, dice=[3, 3, 3, 4], **ISLAND)
    play_until(m, passive(), turn_is(2))
    t = next(e for e in m.entries if e.type == "TreasureFound")
    assert (t.event.faces, t.event.roll, t.event.item) == ((3, 3, 4), 10, "2x basic crewmembers")
    assert t.event.dice == (t.seq - 3, t.seq - 2, t.seq - 1) and t.cause == t.seq - 1
    assert [m.entries[s - 1].type for s in t.event.dice] == ["ChanceDrawn"] * 3


def test_treasure_crew_come_aboard():
    m = two(BASIC10, BASIC10, dice=[3, 3, 3, 4], **ISLAND)
    play_until(m, passive(), turn_is(2))
    came = [e for e in events_of(m, "CrewEmbarked") if e.reason == "treasure"]
    assert [(e.cog, e.deck, len(e.crew), e.upgrades, e.player) for e in came] == [(0, "main", 2, (), 0)]


def test_treasure_upgrades_go_to_the_hold():
    m = two(BASIC10, BASIC10, dice=[3, 1, 2, 4], **ISLAND)
    play_until(m, passive(), turn_is(2))
    assert found(m).roll == 7
    assert [(e.cog, e.items) for e in events_of(m, "HoldStocked")] == [(0, {"longbow": 4})]
    assert m.state.cogs[0].hold == {"longbow": 4}


def test_treasure_heroes_with_the_hero_upgrade_of_the_players_choice():
    picks = iter(["crossbow", "quickshot", "carpenter", "firepot"])
    m = two(BASIC10, BASIC10, dice=[3, 6, 6, 6], **ISLAND)
    play_until(m, passive({"hero upgrade": lambda r, mm: need(hero_upgrade=next(picks))(r, mm)}), turn_is(2))
    assert found(m).roll == 18
    heroes = [e for e in events_of(m, "CrewEmbarked") if e.reason == "treasure"]
    assert [(len(e.crew), e.hero, e.upgrades, e.hero_upgrade) for e in heroes] == [(4, True, ("armor",), None)]
    chosen = [e for e in m.entries if e.type == "HeroUpgradeChosen"]
    upgraded = [e for e in m.entries if e.type == "CrewUpgraded"]
    assert [e.event.hero_upgrade for e in upgraded] == ["crossbow", "quickshot", "carpenter", "firepot"]
    assert [e.cause for e in upgraded] == [e.seq for e in chosen]
    assert sorted(m.state.crew[c].hero_upgrade for c in heroes[0].crew) == sorted(
        ["crossbow", "quickshot", "carpenter", "firepot"])


def test_gold_scores_and_an_island_is_searched_successfully_once():
    m = two(BASIC10, BASIC10, dice=[3, 1, 1, 1, 3], **ISLAND)
    play_until(m, passive(), turn_is(3))
    assert [(e.points, e.reason) for e in events_of(m, "ScoreAwarded")] == [
        (2, "first search of island 0"), (20, "Gold! (20 points)")]
    assert len(events_of(m, "IslandSearched")) == 1  # turn 2: already found, not searched again


def test_timber_repairs_six_when_a_cog_is_still_six_down():
    crew = [{"deck": "main", "count": 2}]
    # Turn 1: search 3, 3d6 1+2+3 = 6: timber. Turn 2: wind 3 (no change).
    m = two(crew, BASIC10, a_upgrade="crossbow", dice=[3, 1, 2, 3, 3], **ISLAND)
    play_until(m, passive(), turn_is(2))
    assert m.state.cogs[0].hold == {"timber": 1}
    m.ctx.emit(ev.HullDamaged(cog=0, amount=8, hull=2, by=1, what="ram"))
    play_until(m, passive(), turn_is(3))
    rep = events_of(m, "CogRepaired")[-1]
    # Three free crew mend 1 (one pair); still 7 down, so the timber is cashed in for 6.
    assert (rep.hull_repaired, rep.hull, rep.timber, len(rep.crew)) == (7, 9, True, 2)
    assert m.state.cogs[0].hold == {}


def test_fire_resistant_paint_soaks_the_next_four_fire():
    pots = [{"deck": "main", "count": 8}, {"deck": "stern", "count": 2, "hero": True, "hero_upgrade": "firepot"}]
    # Turn 1: Ark searches (3) and finds paint (4+5+5 = 14); Bark's search fails (20).
    # Turn 2: wind 3; Bark's two firepots hit (5, 5); Bark searches again (20).
    m = two(BASIC10, pots, dice=[3, 4, 5, 5, 20, 3, 5, 5, 20], islands=[[50, 36]], b_at=(500, 400, "S"))
    throw = by_player(p1=lambda r, mm: need(target_cog=0, count=2)(r, mm) if mm.state.turn == 2 else r.options[0])
    play_until(m, passive({"firepot": throw}), turn_is(3))
    assert found(m).item == "fire resistant paint (ignore the next 4 fire)"
    fires = [(e.amount, e.ignored, e.fire) for e in events_of(m, "FireSet")]
    assert fires == [(2, 2, 0), (2, 2, 0)]
    assert m.state.cogs[0].paint == 0 and not events_of(m, "FireSpread")


def test_a_cog_burns_and_sinks_by_fire():
    # Turn 1: firepot 5 hits Bark (small, crew only in the crow's nest, who cannot fight fire).
    # Turn 2: wind 3; firepot 5 hits again.
    m = two(FIREPOT, NEST_ONLY, b_type="small", b_leader="nest", dice=[5, 3, 5])
    play_until(m, passive({"firepot": by_player(p0=need(target_cog=1, count=1))}), lambda mm: mm.finished
               or mm.state.turn >= 3)
    spread = [(e.fire, e.damage, e.hull, e.by) for e in events_of(m, "FireSpread")]
    assert spread == [(4, 4, 4, 0), (12, 12, -10, 0)]
    sank = next(e for e in m.entries if e.type == "CogSank")
    assert (sank.event.cog, sank.event.by) == (1, 0)
    assert m.entries[sank.cause - 1].type == "FireSpread"
    assert len(events_of(m, "CrewCaptured")) == 2 and len(events_of(m, "CrewKilled")) == 1
    assert (5, "sank Bark") in [(e.points, e.reason) for e in events_of(m, "ScoreAwarded")]


# -- the wind --------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,shift,direction", [(1, -2, "S"), (2, -1, "SW"), (3, 0, "W"), (4, 0, "W"),
                                                  (5, 1, "NW"), (6, 2, "N")])
def test_the_wind_table(roll, shift, direction):
    m = two(BASIC10, BASIC10, dice=[roll], b_at=(500, 600, "S"))
    play_until(m, passive(), turn_is(3))
    shifted = events_of(m, "WindShifted")
    assert [(e.roll, e.shift, e.direction) for e in shifted] == [(roll, shift, direction)]
    assert m.state.wind == ("N", "NE", "E", "SE", "S", "SW", "W", "NW").index(direction)


# -- cog-matching --------------------------------------------------------------------------------
def _cog_match(**kw):
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", BASIC10, leader="stern"))
    fb = fleet("Blues", cog("Heron", "small", 200, 360, "N", [{"deck": "main", "count": 1}], leader="stern"),
               cog("Egret", "small", 800, 360, "N", []))
    return scenario([fa, fb], cog_match=True, **kw)


def test_a_fleet_respawns_at_the_edge_farthest_from_where_it_was_eliminated():
    m = _cog_match(dice=[3])
    m.advance()
    ben = [c.id for c in m.state.crew.values() if c.owner == 1]
    for cid in ben:  # Ben's crew on Heron, at the west, fall this turn
        m.ctx.emit(ev.CrewStruck(crew=cid, fate="killed", by=0, hold_cog=None))
    play_until(m, passive(), lambda mm: bool(events_of(mm, "FleetRespawned")) and mm.pending is not None)
    respawn = next(e for e in m.entries if e.type == "FleetRespawned")
    last_loss = [e for e in m.entries if e.type == "CrewKilled"][-1]
    assert (respawn.event.player, respawn.event.turn, respawn.cause) == (1, 2, last_loss.seq)
    launched = [e for e in m.entries if e.type == "CogLaunched" and e.seq > respawn.seq]
    # Eliminated at (20", 36"): the east edge is farthest (76"), not the west one far from Egret,
    # the last cog launched; the fleet arrives 3" in from it, facing west.
    assert [(e.event.name, e.event.x, e.event.y, e.event.heading) for e in launched] == [
        ("Heron", 915, 310, "W"), ("Egret", 915, 410, "W")]
    assert all(e.cause == respawn.seq for e in launched)
    assert m.state.in_play(1)


def test_cog_matching_needs_sixty_points_of_cog():
    small = fleet("Reds", cog("Ark", "small", 500, 300, "N", BASIC10, leader="stern"))
    large = fleet("Blues", cog("Bark", "large", 500, 500, "S", BASIC10, leader="stern"))
    with pytest.raises(InvalidDecision) as err:
        scenario([small, large], cog_match=True)
    assert str(err.value) == (
        "player 0 (Ann): fleet 'Reds' brings small cog; in cog-matching each player starts with 60 points "
        "of cog, either 1 large or 2 small (rules p.11, Cog Matching)")
    hulk = fleet("Blues", cog("Bark", "hulk", 500, 500, "S", BASIC10, leader="stern"))
    with pytest.raises(InvalidDecision, match="player 1 \\(Ben\\): fleet 'Blues' brings hulk;"):
        scenario([large, hulk], cog_match=True)


def test_a_respawning_fleet_never_arrives_on_top_of_a_cog():
    """Ark lies at the east edge where Heron would respawn: Heron moves along the edge, 1" at a time,
    until it is clear of Ark (touching is not overlapping); Egret then keeps clear of both."""
    fa = fleet("Reds", cog("Ark", "large", 915, 310, "N", BASIC10, leader="stern"))
    fb = fleet("Blues", cog("Heron", "small", 200, 360, "N", [{"deck": "main", "count": 1}], leader="stern"),
               cog("Egret", "small", 800, 600, "N", []))
    m = scenario([fa, fb], cog_match=True, dice=[3])
    m.advance()
    for cid in [c.id for c in m.state.crew.values() if c.owner == 1]:
        m.ctx.emit(ev.CrewStruck(crew=cid, fate="killed", by=0, hold_cog=None))
    play_until(m, passive(), lambda mm: bool(events_of(mm, "FleetRespawned")) and mm.pending is not None)
    respawn = next(e for e in m.entries if e.type == "FleetRespawned")
    launched = [e.event for e in m.entries if e.type == "CogLaunched" and e.seq > respawn.seq]
    # Ark (r 2") at (91.5", 31"); Heron (r 1.5") would be on it: 35 tenths apart is the nearest clear place.
    assert [(e.name, e.x, e.y) for e in launched] == [("Heron", 915, 350), ("Egret", 915, 410)]
    ark = m.state.cogs[0]
    afloat = m.state.afloat()
    assert ark.pos == (915, 310) and not any(
        overlapping(a.pos, a.kind.radius, b.pos, b.kind.radius) for i, a in enumerate(afloat) for b in afloat[i + 1:])


def test_agreed_places_must_not_overlap():
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", BASIC10, leader="stern"))
    fb = fleet("Blues", cog("Bark", "small", 520, 320, "S", BASIC10, leader="stern"))
    with pytest.raises(InvalidDecision) as err:
        scenario([fa, fb])
    assert str(err.value) == ("player 1 (Ben): cog 'Bark' placed at (520, 320) tenths overlaps player 0 (Ann)'s "
                              "cog 'Ark' at (500, 300); cogs must start clear of each other")


@pytest.mark.parametrize("crew,leader", [([], "hold"), ([{"deck": "hold", "count": 10}], "hold")])
def test_a_fleet_with_nobody_on_deck_is_refused(crew, leader):
    """It would be fully eliminated before its first turn (and respawn every turn in cog-matching)."""
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", BASIC10, leader="stern"))
    fb = fleet("Blues", cog("Bark", "large", 500, 600, "S", crew, leader=leader))
    with pytest.raises(InvalidDecision) as err:
        scenario([fa, fb], cog_match=True)
    assert str(err.value) == (
        "player 1 (Ben): fleet 'Blues' puts no crew on a deck (the hold is not a deck); at least one crewmember or "
        "the leader must stand on the stern castle, main deck, forecastle or crow's nest to sail it "
        "(rules p.3 Crew placement, p.5 Movement)")
