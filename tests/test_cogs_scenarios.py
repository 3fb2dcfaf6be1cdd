"""Cogs of Valor rules with fixed dice, part 2: anchoring, hulks, ballistae, quick shots, ranges,
leaders, boarding from both sides, clearing and capture, transfers, grapples, timber, paint,
fire, treasure, the wind table and cog-matching respawns."""

from __future__ import annotations

import pytest

from recorder.games.cogs import events as ev
from recorder.games.cogs.combat_artillery import _targets, ballista_options
from recorder.games.cogs.combat_attacks import ranged_number, ranged_targets, shooters
from recorder.games.cogs.combat_grapple import within_reach
from recorder.games.cogs.crew import deck_room
from recorder.games.cogs.testing import cog, events_of, fleet, play_until, scenario

from .cogs_support import BASIC10, by_player, need, passive, turn_is, two

NEAR = dict(b_at=(500, 360, "S"))  # gap 60 - 15 - 20 = 25 tenths: within 3 inches
ARMORED5 = [{"deck": "main", "count": 5, "upgrades": ["armor"]}]


def course_of(cog_id, **fields):
    """Course chooser for one cog (others take the first option: anchor)."""
    def choose(request, match):
        if request.options[0]["cog"] != cog_id:
            return None
        return need(cog=cog_id, **fields)(request, match)
    return choose


# -- anchoring -------------------------------------------------------------------------------
def test_an_anchored_cog_does_not_drift_until_it_cuts_the_anchor():
    m = two(ARMORED5, BASIC10, b_at=(500, 600, "S"), dice=[3])  # turn 2's wind roll: no change
    # No sailors and no rowers: anchor (turns 1-2), then cut the anchor and drift (turn 3).
    turn3 = course_of(0, move="drift")
    play_until(m, passive({"course": lambda r, mm: turn3(r, mm) if mm.state.turn == 3 else None}), turn_is(4))
    assert [e.cog for e in events_of(m, "AnchorDropped")] == [0, 1]
    assert [e.cog for e in events_of(m, "AnchorCut")] == [0]
    moved = events_of(m, "CogMoved")
    assert [(e.cog, e.how, e.x, e.y) for e in moved] == [(0, "drift", 560, 300)]  # 6" downwind (wind from W)
    cut = next(e for e in m.entries if e.type == "AnchorCut")
    assert m.entries[cut.cause - 1].type == "CoursesRevealed"


def test_an_unmanned_anchored_cog_stays_put():
    m = two(BASIC10, BASIC10, b_at=(500, 600, "S"))
    play_until(m, passive(), turn_is(2))  # both anchor in turn 1
    for c in [c for c in m.state.crew.values() if c.cog == 0]:
        m.ctx.emit(ev.CrewStruck(crew=c.id, fate="killed", by=1, hold_cog=None))
    play_until(m, passive(), turn_is(4))
    assert m.state.cogs[0].anchored and m.state.cogs[0].pos == (500, 300)
    assert not [e for e in events_of(m, "CogMoved") if e.cog == 0]


# -- hulks -----------------------------------------------------------------------------------
@pytest.mark.parametrize("heading,move,speed", [("E", "ahead", 22), ("E", "port", 26), ("N", "ahead", 20)])
def test_hulk_speeds_when_sailing(heading, move, speed):
    # Wind from W: E is dead astern (24 - 2), NE a broad reach (24 + 2), N abeam (18 + 2).
    m = two(BASIC10, BASIC10, a_type="hulk", a_at=(300, 360, heading), b_at=(900, 100, "S"))
    play_until(m, passive({"course": course_of(0, move=move, speed=speed)}), turn_is(2))
    moved = events_of(m, "CogMoved")[0]
    assert (moved.cog, moved.how, moved.distance) == (0, "sail", speed * 10)
    reveal = events_of(m, "CoursesRevealed")[0]
    assert reveal.drives[0] == "sail"


def test_a_rowed_hulk_gets_no_hulk_bonus():
    m = two(BASIC10, BASIC10, a_type="hulk", a_at=(500, 300, "W"), b_at=(900, 600, "S"))
    m.advance()
    opts = [o["speed"] for o in m.pending.options if o["move"] == "ahead" and o["speed"]]
    assert opts == [1, 2, 3, 4, 5]  # into the wind: 1 per two rowers, 10 rowers
    play_until(m, passive({"course": course_of(0, move="ahead", speed=5)}), turn_is(2))
    tasked = events_of(m, "CrewTasked")[0]
    assert (tasked.task, len(tasked.crew)) == ("row", 10)
    assert events_of(m, "CogMoved")[0].distance == 50


# -- ballistae -------------------------------------------------------------------------------
def _ballista_duel(side_a="starboard", **kw):
    crew = [{"deck": "main", "count": 10}]
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", crew, leader="stern",
                           ballistae=[{"deck": "main", "side": side_a}]))
    fb = fleet("Blues", cog("Bark", "large", 700, 300, "N", crew, leader="stern",
                            ballistae=[{"deck": "main", "side": "port"}]))
    return scenario([fa, fb], **kw)


def test_a_ballista_aimed_at_a_ballista_destroys_it_on_a_hit():
    m = _ballista_duel(dice=[9])
    play_until(m, passive({"ballista": by_player(p0=need(action="ballista", target_cog=1))}), turn_is(2))
    shot = events_of(m, "ArtilleryShot")[0]
    assert (shot.roll, shot.target_number, shot.modifiers, shot.outcome) == (
        9, 10, ("+2 large target", "-4 aimed at a ballista"), "hit")
    assert [(e.cog, e.amount) for e in events_of(m, "HullDamaged")] == [(1, 4)]
    gone = events_of(m, "BallistaDestroyed")
    assert [(e.cog, e.ballista) for e in gone] == [(1, 0)] and m.state.cogs[1].ballistae[0].destroyed
    # The destroyed ballista's 10 places of the main deck are free again.
    assert deck_room(m.state, 1, "main") == 40 - 10


def test_a_ballista_at_a_ballista_misses_on_ten():
    m = _ballista_duel(dice=[10])
    play_until(m, passive({"ballista": by_player(p0=need(action="ballista", target_cog=1))}), turn_is(2))
    assert events_of(m, "ArtilleryShot")[0].outcome == "miss"
    assert not events_of(m, "BallistaDestroyed") and not events_of(m, "HullDamaged")


def test_rotating_a_ballista_takes_four_crew_and_its_shot_this_turn():
    m = _ballista_duel(side_a="port", dice=[3])
    m.advance()
    ark = m.state.cogs[0]
    # Bark is off Ark's starboard side; pointed to port the ballista can only hold or rotate.
    assert [o["action"] for o in ballista_options(m.state, ark, 0)] == ["hold", "rotate"]
    play_until(m, passive({"ballista": by_player(p0=need(action="rotate"))}), turn_is(2))
    assert [(e.cog, e.side) for e in events_of(m, "BallistaRotated")] == [(0, "starboard")]
    assert [(e.task, len(e.crew)) for e in events_of(m, "CrewTasked")] == [("rotate", 4)]
    assert not events_of(m, "ArtilleryShot")  # a rotated ballista cannot fire until the next turn
    play_until(m, passive({"ballista": by_player(p0=need(action="hull", target_cog=1))}), turn_is(3))
    assert [(e.beat, e.event.outcome) for e in m.entries if e.type == "ArtilleryShot"] == [(2, "hit")]


# -- quick shots and tasks ---------------------------------------------------------------------
QUICK = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "hero": True, "hero_upgrade": "quickshot"}]


def test_a_quick_shot_fires_twice():
    m = two(QUICK, BASIC10, dice=[3, 4])  # two hits on basic crew (no saves)
    shoot = need(profile="hero(quickshot)", target_cog=1, target_profile="basic", count=2)
    play_until(m, passive({"shoot": by_player(p0=lambda r, mm: shoot(r, mm) if r.options[0]["profile"] ==
                                              "hero(quickshot)" else r.options[0])}), turn_is(2))
    rolls = [(e.attacker, e.weapon, e.roll, e.hit) for e in events_of(m, "AttackRolled")]
    hero = next(c.id for c in m.state.crew.values() if c.hero_upgrade == "quickshot")
    assert rolls == [(hero, "quickshot", 3, True), (hero, "quickshot", 4, True)]
    assert len(events_of(m, "CrewStruck")) == 2


def test_a_quick_shot_who_rowed_may_not_shoot():
    # Into the wind: the only two rowers on the main deck are a basic crewmember and the quick shot hero.
    crew = [{"deck": "main", "count": 1}, {"deck": "main", "count": 1, "hero": True, "hero_upgrade": "quickshot"},
            {"deck": "stern", "count": 3}]
    m = two(crew, BASIC10, a_at=(500, 300, "W"), b_at=(500, 500, "S"))
    play_until(m, passive({"course": course_of(0, move="ahead", speed=2)}),
               lambda mm: mm.pending is not None and mm.pending.kind == "shoot" or mm.state.turn >= 2)
    tasked = events_of(m, "CrewTasked")[0]
    hero = next(c for c in m.state.crew.values() if c.hero_upgrade == "quickshot")
    assert tasked.task == "row" and hero.id in tasked.crew
    assert hero.spent == 1 and hero.tasked  # one of two shots unspent, but it has acted (p.5)
    assert hero not in shooters(m.state, 0)
    play_until(m, passive(), turn_is(2))
    assert not [e for e in events_of(m, "AttackRolled") if e.attacker == hero.id]


def test_a_quick_shot_on_the_ballista_crew_may_not_shoot():
    crew = [{"deck": "main", "count": 3}, {"deck": "main", "count": 1, "hero": True, "hero_upgrade": "quickshot"},
            {"deck": "stern", "count": 2}]
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", crew, leader="stern",
                           ballistae=[{"deck": "main", "side": "starboard"}]))
    fb = fleet("Blues", cog("Bark", "large", 700, 300, "N", BASIC10, leader="stern"))
    m = scenario([fa, fb], dice=[15])
    play_until(m, passive({"ballista": by_player(p0=need(action="hull", target_cog=1))}),
               lambda mm: bool(events_of(mm, "ArtilleryShot")))
    hero = next(c for c in m.state.crew.values() if c.hero_upgrade == "quickshot")
    assert hero.id in events_of(m, "CrewTasked")[0].crew and hero not in shooters(m.state, 0)


# -- ranges and targets ----------------------------------------------------------------------
def test_crossbow_loses_one_per_full_inch_beyond_18():
    xbow = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "hero": True, "hero_upgrade": "crossbow"}]
    m = two(xbow, BASIC10, b_at=(500, 515, "S"))  # 21.5" apart
    m.advance()
    hero = next(c for c in m.state.crew.values() if c.hero_upgrade == "crossbow")
    assert ranged_number(m.state, hero, 1, "main") == (7, 0, ('-3 range (21.5" away, 3.5" beyond 18")',))
    m2 = two(xbow, BASIC10, b_at=(500, 480, "S"))  # exactly 18": optimum
    m2.advance()
    hero2 = next(c for c in m2.state.crew.values() if c.hero_upgrade == "crossbow")
    assert ranged_number(m2.state, hero2, 1, "main") == (11, 0, ("+1 optimum range",))


def test_just_beyond_the_optimum_is_no_longer_optimum():
    bows = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["longbow"]}]
    # (240, 1) apart: 24.002" -- isqrt rounds it to 240 tenths, but it is beyond 24.
    m = two(bows, BASIC10, a_at=(300, 300, "N"), b_at=(540, 301, "S"))
    m.advance()
    bow = next(c for c in m.state.crew.values() if c.upgrades == ("longbow",))
    assert ranged_number(m.state, bow, 1, "main") == (10, 0, ())


def test_the_leader_is_a_target_only_when_no_other_crew_stands_on_its_deck():
    bows = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["longbow"]}]
    target = [{"deck": "stern", "count": 1}, {"deck": "main", "count": 4}]
    m = two(bows, target, b_leader="stern")
    m.advance()
    stern = {d: [c.id for c in foes] for t, d, foes in ranged_targets(m.state, 0) if t == 1}
    leader = next(c for c in m.state.crew.values() if c.leader and c.owner == 1)
    guard = next(c for c in m.state.crew.values() if c.owner == 1 and c.deck == "stern" and not c.leader)
    assert stern["stern"] == [guard.id]
    m.ctx.emit(ev.CrewStruck(crew=guard.id, fate="killed", by=0, hold_cog=None))
    stern = {d: [c.id for c in foes] for t, d, foes in ranged_targets(m.state, 0) if t == 1}
    assert stern["stern"] == [leader.id]


# -- boarding from both sides ------------------------------------------------------------------
SWORDS3 = [{"deck": "main", "count": 3, "upgrades": ["sword"]}]
ONE = [{"deck": "main", "count": 1}]


def _both_board(dice):
    m = two(SWORDS3, ONE, b_type="small", dice=dice, **NEAR)
    choose = passive({
        "grapple": by_player(p0=need(grapple=True)),
        "board": lambda r, mm: r.options[-1],  # everyone boards
        "melee": lambda r, mm: r.options[-1] if r.options[-1]["target_deck"] == "middle" else r.options[0],
    })
    play_until(m, choose, turn_is(2))
    return m


def test_both_sides_board_the_winner_completes_the_boarding():
    # Grapple 15 vs repel 3: held. Ann's first sword rolls 1 (hit, no save): Ben's party is wiped out;
    # Ben's struck boarder still strikes back (rolls 15 against 10: a miss).
    m = _both_board([15, 3, 1, 15])
    moves = [(e.reason, e.cog, e.deck, len(e.crew)) for e in events_of(m, "CrewMoved")]
    assert moves == [("boarding melee", 1, "middle", 3), ("boarding melee", 0, "middle", 1),
                     ("boarding", 1, "main", 3), ("retreat", 1, "main", 1)]
    rolls = [(e.mode, e.roll, e.target_number, e.hit) for e in events_of(m, "AttackRolled")]
    assert rolls == [("melee", 1, 14, True), ("melee", 15, 10, False)]
    assert [(e.player, e.points, e.reason) for e in events_of(m, "ScoreAwarded")] == [
        (0, 2, "boarded Bark"), (0, 1, "opposing crewmember eliminated")]
    landing = next(e for e in m.entries if e.type == "CrewMoved" and e.event.reason == "boarding")
    assert m.entries[landing.cause - 1].type == "CrewStruck"  # the blow that finished Ben's party


def test_both_sides_board_and_both_retreat_when_neither_is_wiped_out():
    m = _both_board([15, 3, 18, 18, 18, 15])
    moves = [(e.reason, e.cog, len(e.crew)) for e in events_of(m, "CrewMoved")]
    assert moves == [("boarding melee", 1, 3), ("boarding melee", 0, 1), ("retreat", 0, 3), ("retreat", 1, 1)]
    assert all(c.deck != "middle" for c in m.state.crew.values())
    assert not events_of(m, "ScoreAwarded")


# -- clearing a cog, capturing it, freeing its captives ------------------------------------------
def test_eight_points_for_clearing_a_cog_not_captured():
    bows = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["longbow"]}]
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", bows, leader="stern"))
    fb = fleet("Blues", cog("Bark", "small", 500, 500, "S", ONE),
               cog("Cark", "small", 900, 600, "S", BASIC10, leader="stern"))
    m = scenario([fa, fb], dice=[2])
    play_until(m, passive({"shoot": by_player(p0=need(profile="longbow", target_cog=1, count=1))}), turn_is(2))
    scores = [(e.points, e.reason) for e in events_of(m, "ScoreAwarded")]
    assert scores == [(1, "opposing crewmember eliminated"), (8, "eliminated all crew of Bark")]
    killed = next(e for e in m.entries if e.type == "CrewKilled")
    eight = [e for e in m.entries if e.type == "ScoreAwarded"][1]
    assert eight.cause == killed.seq
    assert m.state.cogs[1].owner == 1  # not captured: nobody of Ann's is aboard


def test_captives_are_freed_when_their_holding_cog_is_captured():
    m = two(BASIC10, ONE, b_type="small", b_leader="nest", **NEAR)
    m.advance()
    s = m.state
    ann = [c.id for c in s.crew.values() if c.owner == 0 and not c.leader]
    ben = next(c.id for c in s.crew.values() if c.owner == 1 and not c.leader)
    # Earlier, Ben took one of Ann's crew into Bark's hold; now five of Ann's stand on Bark's main deck
    # and Ben's last deck crewmember is struck down (the leader in the crow's nest does not hold a cog).
    m.ctx.emit(ev.CrewCaptured(crew=ann[0], by=1, hold_cog=1, reason="struck"))
    boarded = m.ctx.emit(ev.CrewMoved(crew=tuple(ann[1:6]), cog=1, deck="main", reason="boarding"))
    m.ctx.emit(ev.CrewStruck(crew=ben, fate="killed", by=0, hold_cog=None))
    play_until(m, passive(), turn_is(2))
    taken = next(e for e in m.entries if e.type == "CogCaptured")
    assert (taken.event.cog, taken.event.by, taken.event.previous, taken.cause) == (1, 0, 1, boarded)
    freed = events_of(m, "CrewLiberated")
    assert [(e.crew, e.cog, e.deck) for e in freed] == [((ann[0],), 1, "hold")]
    assert s.crew[ann[0]].captive_of is None and s.crew[ann[0]].owner == 0
    assert [(e.points, e.reason) for e in events_of(m, "ScoreAwarded")] == [
        (1, "opposing crewmember eliminated"), (10, "captured Bark")]


# -- transfers -----------------------------------------------------------------------------------
def test_transfers_between_decks_and_to_an_adjacent_friendly_cog():
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", [{"deck": "main", "count": 5}], leader="stern"),
               cog("Arc", "small", 500, 350, "N", [{"deck": "main", "count": 5}]))
    fb = fleet("Blues", cog("Bark", "large", 900, 600, "S", BASIC10, leader="stern"))
    m = scenario([fa, fb])
    orders = iter([need(cog=0, deck="main", profile="basic", to_cog=0, to_deck="nest"),
                   need(cog=0, deck="main", profile="basic", to_cog=1, to_deck="main"),
                   need(cog=None)])
    play_until(m, passive({"transfer": lambda r, mm: next(orders)(r, mm) if r.player == 0 else None}),
               lambda mm: mm.pending is not None and mm.pending.kind == "equip")
    moves = [(e.cog, e.deck, e.reason) for e in events_of(m, "CrewMoved")]
    assert moves == [(0, "nest", "transfer"), (1, "main", "transfer")]
    assert sum(1 for c in m.state.crew.values() if c.cog == 1 and c.owner == 0) == 6
    # Each crewmember moves one step a regroup: the one in the crow's nest cannot go on this turn.
    nest = next(c for c in m.state.crew.values() if c.deck == "nest")
    assert nest.moved


def test_no_transfer_onto_a_full_deck():
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", [{"deck": "main", "count": 5},
                                                           {"deck": "nest", "count": 4}], leader="stern"))
    fb = fleet("Blues", cog("Bark", "large", 900, 600, "S", BASIC10, leader="stern"))
    m = scenario([fa, fb])
    seen = []
    play_until(m, passive({"transfer": lambda r, mm: seen.append(r.options) or r.options[0]}), turn_is(2))
    assert not [o for o in seen[0] if o["to_deck"] == "nest"]  # the crow's nest holds 4


# -- grapples ------------------------------------------------------------------------------------
def test_grapples_break_at_the_end_of_the_turn():
    m = two(BASIC10, BASIC10, dice=[15, 3], **NEAR)
    play_until(m, passive({"grapple": by_player(p0=need(grapple=True))}), turn_is(2))
    held = next(e for e in m.entries if e.type == "GrappleRolled")
    broken = next(e for e in m.entries if e.type == "GrappleBroken")
    assert held.event.held and (broken.event.cog, broken.event.other, broken.cause) == (0, 1, held.seq)
    assert held.event.dice == (held.seq - 2, held.seq - 1)  # both dice, grappler's first
    assert m.state.cogs[0].grappled == [] and m.state.cogs[1].grappled == []


def test_grappling_reach_is_exact():
    # Centres 65.6 tenths apart: a gap of 30.6 tenths = 3.06", not within 3.
    m = two(BASIC10, BASIC10, b_at=(500, 366, "S"))
    m.advance()
    assert not within_reach(m.state.cogs[0], m.state.cogs[1])
    m2 = two(BASIC10, BASIC10, b_at=(500, 365, "S"))
    m2.advance()
    assert within_reach(m2.state.cogs[0], m2.state.cogs[1])


def test_firepot_range_is_exact():
    m = two(BASIC10, BASIC10, a_at=(500, 300, "N"), b_at=(620, 304, "S"))  # 12.007" apart
    m.advance()
    assert _targets(m.state, 0, m.state.cogs[0], 12) == []
    m2 = two(BASIC10, BASIC10, a_at=(500, 300, "N"), b_at=(620, 300, "S"))  # exactly 12"
    m2.advance()
    assert [t.id for t in _targets(m2.state, 0, m2.state.cogs[0], 12)] == [1]
