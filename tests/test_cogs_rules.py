"""Cogs of Valor rules, one scenario per rule, with forced dice (recorder.games.cogs.testing)."""

from recorder.citing import CiteContext
from recorder.games.cogs.combat_attacks import melee_number, ranged_number
from recorder.games.cogs import GAME
from recorder.games.cogs.events import HullDamaged
from recorder.games.cogs.geometry import displacement, distance, gap, side_of
from recorder.games.cogs.movement import course_options
from recorder.games.cogs.testing import cog, events_of, fleet, play_until, scenario

from .cogs_support import BASIC10, passive, pick, turn_is, two
from recorder.games.cogs.wind import point_of_sail, sail_speed
from recorder.match import sealed

# -- geometry and wind ----------------------------------------------------------------
def test_diagonal_moves_are_exact_integers():
    assert displacement(0, 240) == (0, 240)
    assert displacement(1, 240) == (170, 170)  # 240/sqrt(2) = 169.7
    assert displacement(5, 100) == (-71, -71)
    assert distance((0, 0), (3, 4)) == 5
    assert gap((0, 0), 15, (0, 50), 20) == 15
    assert side_of((0, 0), 0, (-10, 5)) == "port" and side_of((0, 0), 0, (10, 5)) == "starboard"
    assert side_of((0, 0), 0, (0, 10)) is None


def test_points_of_sail_and_speeds():
    m = two(BASIC10, BASIC10, b_type="hulk")
    m.advance()
    small, hulk = m.state.cogs[0], m.state.cogs[1]
    west = 6
    assert point_of_sail(west, 2) == "running" and sail_speed(small, west, 2) == 24
    assert sail_speed(hulk, west, 2) == 22  # hulk -2 with the wind dead astern
    assert point_of_sail(west, 1) == "broad" and sail_speed(hulk, west, 1) == 26
    assert point_of_sail(west, 0) == "beam" and sail_speed(small, west, 0) == 18
    assert sail_speed(hulk, west, 0) == 20
    assert point_of_sail(west, 7) == "into" and sail_speed(small, west, 7) == 0


def test_rowing_into_the_wind_by_rowers_on_the_main_deck():
    m = two(BASIC10, [{"deck": "main", "count": 10}], wind="N")
    m.advance()
    opts = course_options(m.state, m.state.cogs[0])
    ahead = [o["speed"] for o in opts if o["move"] == "ahead"]
    assert ahead == [0, 2, 4, 6, 8, 10]  # small cog: 2 speed per 2 rowers, 10 rowers
    large = [o["speed"] for o in course_options(m.state, m.state.cogs[1]) if o["move"] == "astern"]
    assert large == [1, 2, 3, 4, 5]  # large cog: 1 speed per 2 rowers


def test_without_two_sailors_a_cog_drifts_six_downwind():
    armored = [{"deck": "main", "count": 5, "upgrades": ["armor"]}]
    m = two(armored, BASIC10)
    m.advance()
    opts = course_options(m.state, m.state.cogs[0])
    assert opts == [{"cog": 0, "move": "anchor", "speed": 0}, {"cog": 0, "move": "drift", "speed": 6}]
    play_until(m, passive({"course": pick(move="drift")}), turn_is(2))
    moved = events_of(m, "CogMoved")[0]
    assert (moved.x, moved.y, moved.heading, moved.how) == (560, 300, "N", "drift")


def test_wind_shifts_every_other_turn_by_the_d6_table():
    m = two(BASIC10, BASIC10, dice=[6])
    play_until(m, passive(), turn_is(3))
    shifted = events_of(m, "WindShifted")
    assert len(shifted) == 1 and (shifted[0].roll, shifted[0].shift, shifted[0].direction) == (6, 2, "N")


# -- movement and collisions ----------------------------------------------------------------
def test_stopping_short_avoids_the_ram():
    m = two(BASIC10, BASIC10, b_at=(500, 500, "S"))
    play_until(m, passive({"course": lambda r, mm: {"cog": 0, "move": "ahead", "speed": 18}
                           if r.options[0]["cog"] == 0 else None}), turn_is(2))
    stopped = events_of(m, "CogStopped")
    assert stopped and not events_of(m, "CogsRammed")
    a, b = m.state.cogs[0], m.state.cogs[1]
    assert gap(a.pos, 15, b.pos, 20) >= 0 and distance(a.pos, b.pos) >= 35


def test_a_ram_deals_a_d20_of_hull_damage_to_both():
    m = two(BASIC10, BASIC10, b_at=(500, 500, "S"), dice=[7, 12])
    play_until(m, passive({"course": lambda r, mm: {"cog": 0, "move": "ahead", "speed": 18}
                           if r.options[0]["cog"] == 0 else None, "ram": pick(stop=False)}), turn_is(2))
    assert len(events_of(m, "CogsRammed")) == 1
    dmg = [(e.cog, e.amount, e.hull, e.by) for e in events_of(m, "HullDamaged")]
    assert dmg == [(0, 7, 3, 1), (1, 12, 8, 0)]


# -- artillery -------------------------------------------------------------------------------
FIREPOT = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "hero": True, "hero_upgrade": "firepot"}]
NEST_ONLY = [{"deck": "nest", "count": 2, "upgrades": ["longbow"]}]


def test_firepot_hit_then_fire_doubles():
    m = two(FIREPOT, NEST_ONLY, b_leader="nest", dice=[5])
    play_until(m, passive({"firepot": pick(target_cog=1, count=1)}), turn_is(2))
    shot = events_of(m, "ArtilleryShot")[0]
    assert (shot.roll, shot.target_number, shot.modifiers, shot.outcome) == (5, 14, ("+2 large target",), "hit")
    assert [(e.cog, e.amount) for e in events_of(m, "HullDamaged")] == [(1, 2)]
    # explain cites the firepot's rule for its damage, not ramming's or the ballista's.
    hull = next(r for r in sealed(m) if r.type == "HullDamaged")
    assert GAME.cite(None, hull, CiteContext()) == "Cogs p.6, Phase 3 A: a firepot hit scores 2 hull damage and 2 fire (a 20: on the " \
                              "thrower's cog)"
    spread = events_of(m, "FireSpread")[0]
    assert (spread.fire, spread.damage, spread.hull) == (4, 4, 14)  # 2 fire doubles to 4, hull 20-2-4


def test_firepot_critical_miss_burns_own_cog():
    m = two(FIREPOT, NEST_ONLY, b_leader="nest", dice=[20])
    play_until(m, passive({"firepot": pick(target_cog=1, count=1)}), turn_is(2))
    assert events_of(m, "ArtilleryShot")[0].outcome == "critical"
    assert [(e.cog, e.by) for e in events_of(m, "HullDamaged")] == [(0, None)]


def test_hull_damage_cites_the_rule_of_what_did_it():
    m = two(BASIC10, BASIC10, dice=[7, 9], b_at=(500, 380, "S"))
    play_until(m, passive({"course": lambda r, mm: {"cog": 1, "move": "ahead", "speed": 6}
                           if r.options[0]["cog"] == 1 else None, "ram": pick(stop=False)}), turn_is(2))
    rams = [r for r in sealed(m) if r.type == "HullDamaged"]
    assert [(r.data["what"], r.data["amount"]) for r in rams] == [("ram", 7), ("ram", 9)]
    assert {GAME.cite(None, r, CiteContext()) for r in rams} == {"Cogs p.5, Collisions and ramming: both cogs take a D20 of hull damage"}


def test_ballista_fires_only_off_its_side():
    crew = [{"deck": "main", "count": 10}]
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", crew, leader="stern",
                           ballistae=[{"deck": "main", "side": "starboard"}]))
    fb = fleet("Blues", cog("Bark", "large", 700, 300, "S", crew, leader="stern"))
    m = scenario([fa, fb], dice=[3])
    play_until(m, passive({"ballista": pick(action="hull")}), turn_is(2))
    shot = events_of(m, "ArtilleryShot")[0]
    assert (shot.weapon, shot.target_cog, shot.outcome) == ("ballista", 1, "hit")
    assert [(e.cog, e.amount) for e in events_of(m, "HullDamaged")][0] == (1, 4)
    assert len(events_of(m, "CrewTasked")[0].crew) == 4


# -- ranged combat -----------------------------------------------------------------------------
def test_ranged_target_number_modifiers():
    bows = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "upgrades": ["longbow"]},
            {"deck": "nest", "count": 1, "upgrades": ["longbow"]}]
    m = two(bows, BASIC10, b_at=(500, 600, "S"))
    m.advance()
    s = m.state
    stern_bow = next(c for c in s.crew.values() if c.deck == "stern" and not c.leader and c.owner == 0)
    nest_bow = next(c for c in s.crew.values() if c.deck == "nest" and c.owner == 0)
    # 30 inches: 6 beyond the optimum 24 = -3; the stern castle is a defended location: -2.
    assert ranged_number(s, stern_bow, 1, "main") == (7, 0, ('-3 range (30" away, 6" beyond 24")',))
    assert ranged_number(s, stern_bow, 1, "stern")[0] == 5
    assert ranged_number(s, nest_bow, 1, "stern")[0] == 7  # no defended penalty from a crow's nest


def test_friendly_fire_near_miss_hits_the_firers_own_crew():
    bows = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "upgrades": ["longbow"]}]
    m = two(bows, BASIC10, b_at=(500, 400, "S"), dice=[9])
    m.advance()
    # Put one of Ann's crew on Bark's main deck (as after a boarding).
    from recorder.games.cogs import events as ev
    m.ctx.emit(ev.CrewMoved(crew=(0,), cog=1, deck="main", reason="transfer"))
    play_until(m, passive({"shoot": pick(target_cog=1, target_deck="main", target_profile="basic", count=1)}),
               lambda mm: (mm.pending is not None and mm.pending.kind == "deflect") or mm.state.turn >= 2)
    roll = events_of(m, "AttackRolled")[0]
    assert (roll.roll, roll.target_number, roll.hit, roll.deflected) == (9, 7, False, True)
    assert roll.modifiers == ("+1 optimum range", "-4 friendly fire")
    assert m.pending.kind == "deflect" and m.pending.player == 1


def test_crossbow_ignores_armor_and_hero_save_applies():
    xbow = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "hero": True, "hero_upgrade": "crossbow"}]
    target = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "hero": True, "upgrades": ["armor"]}]
    m = two(xbow, target, dice=[2, 15])
    play_until(m, passive({"shoot": pick(target_cog=1, target_profile="hero+armor", count=1)}), turn_is(2))
    saves = events_of(m, "SaveRolled")
    assert [(s.save, s.roll, s.saved) for s in saves] == [("hero", 15, False)]  # no armor save vs a crossbow
    assert events_of(m, "CrewStruck")[0].fate == "killed"
    assert events_of(m, "CrewKilled")[0].loot == ("armor",)
    assert m.state.cogs[1].hold == {"armor": 1}
    assert events_of(m, "ScoreAwarded")[0].total == 1


# -- grappling, close combat, boarding, capture ---------------------------------------------------
NEAR = dict(b_at=(500, 360, "S"))  # gap 60 - 15 - 20 = 25 tenths: within 3 inches


def test_grapple_is_repelled_by_a_higher_roll():
    m = two(BASIC10, BASIC10, dice=[8, 9], **NEAR)
    play_until(m, passive({"grapple": pick(grapple=True)}), lambda mm: bool(events_of(mm, "GrappleRolled")))
    g = events_of(m, "GrappleRolled")[0]
    assert (g.roll, g.repel_roll, g.held) == (8, 9, False)


def test_unarmed_hit_captures_and_captive_may_convert():
    m = two(BASIC10, BASIC10, dice=[15, 3, 2] + [19] * 9 + [1], **NEAR)
    choose = passive({"grapple": lambda r, mm: pick(grapple=True)(r, mm) if r.player == 0 else r.options[1],
                      "melee": lambda r, mm: pick(target_profile="basic", count=1)(r, mm) if r.player == 0 else
                      r.options[0]})
    play_until(m, choose, turn_is(2))
    struck = events_of(m, "CrewStruck")[0]
    assert (struck.fate, struck.by, struck.hold_cog) == ("captured", 0, 0)
    conv = events_of(m, "ConversionRolled")[0]
    assert (conv.roll, conv.converted, conv.player) == (1, True, 0)
    victim = m.state.crew[struck.crew]
    assert victim.owner == 0 and victim.captive_of is None


def test_mace_second_save_captures():
    maces = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["mace"]}]
    armored = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["armor"]}]
    m = two(maces, armored, dice=[15, 3, 5, 4, 16], **NEAR)
    choose = passive({"grapple": lambda r, mm: pick(grapple=True)(r, mm) if r.player == 0 else r.options[1],
                      "melee": lambda r, mm: pick(profile="mace", target_profile="armor", count=1)(r, mm)
                      if r.player == 0 and r.options[0]["profile"] == "mace" else r.options[0]})
    play_until(m, choose, turn_is(2))
    roll = events_of(m, "AttackRolled")[0]
    assert (roll.weapon, roll.roll, roll.target_number, roll.modifiers) == ("mace", 5, 12, ("-2 mace",))
    assert [(s.save, s.saved) for s in events_of(m, "SaveRolled")] == [("armor", True), ("mace", False)]
    assert events_of(m, "CrewStruck")[0].fate == "captured"


def test_unarmed_modifiers_take_the_largest():
    m = two(BASIC10, [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "upgrades": ["armor", "sword"]}])
    m.advance()
    s = m.state
    basic = s.crew[0]
    knight = next(c for c in s.crew.values() if c.upgrades == ("armor", "sword"))
    assert melee_number(basic, knight) == (10, ("-4 unarmed vs armed",))


def test_boarding_clearing_and_capturing_a_cog():
    swords = [{"deck": "main", "count": 10, "upgrades": ["sword"]}]
    lone = [{"deck": "main", "count": 1}]
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", swords, leader="stern"))
    fb = fleet("Blues", cog("Bark", "small", 500, 360, "S", lone, leader="nest"))
    m = scenario([fa, fb], dice=[15, 3, 2])
    choose = passive({
        "grapple": lambda r, mm: pick(grapple=True)(r, mm) if r.player == 0 else r.options[1],
        "board": lambda r, mm: r.options[-1] if r.player == 0 else r.options[0],
        "melee": lambda r, mm: pick(target_cog=1, target_profile="basic", count=1)(r, mm) if r.player == 0
        else r.options[0],
    })
    play_until(m, choose, turn_is(2))
    moved = events_of(m, "CrewMoved")[0]
    assert (moved.cog, moved.deck, moved.reason, len(moved.crew)) == (1, "main", "boarding", 10)
    assert [(e.points, e.reason) for e in events_of(m, "ScoreAwarded")] == [
        (2, "boarded Bark"), (1, "opposing crewmember eliminated"), (10, "captured Bark")]
    assert m.state.cogs[1].owner == 0
    assert m.state.scores == [13, 0]


def test_sinking_drowns_armor_and_captures_the_rest():
    crew = [{"deck": "main", "count": 8}, {"deck": "main", "count": 2, "upgrades": ["armor"]}]
    fa = fleet("Reds", cog("Ark", "large", 500, 300, "N", BASIC10, leader="stern"))
    fb = fleet("Blues", cog("Bark", "small", 500, 500, "S", crew, leader="nest"))
    m = scenario([fa, fb], dice=[5, 15])
    play_until(m, passive({"course": lambda r, mm: {"cog": 0, "move": "ahead", "speed": 18}
                           if r.options[0]["cog"] == 0 else None, "ram": pick(stop=False)}), turn_is(2))
    assert events_of(m, "CogSank")[0].cog == 1 and events_of(m, "CogSank")[0].by == 0
    captured = events_of(m, "CrewCaptured")
    killed = events_of(m, "CrewKilled")
    assert len(captured) == 8 and all(c.hold_cog == 0 for c in captured)
    assert len(killed) == 3  # two armored crew and the armored leader
    assert m.state.scores[0] == 11 + 5


def test_repair_by_free_crew():
    m = two(FIREPOT, BASIC10, dice=[5])
    play_until(m, passive({"firepot": pick(target_cog=1, count=1)}), turn_is(2))
    rep = events_of(m, "CogRepaired")[0]
    # Bark's leader is no carpenter: two free crew fight the 2 fire, then four mend the 2 lost hull.
    assert (rep.fire_fought, rep.hull_repaired, rep.fire, rep.hull, len(rep.crew)) == (2, 2, 0, 20, 6)


def test_repair_by_a_carpenters_mate_then_free_crew():
    # Two firepot hits: 4 hull and 4 fire on Bark, whose leader is a carpenter's mate (p.2: 2 hull and
    # 4 fire a turn, no action needed): it fights all 4 fire and mends 2 hull; two pairs of free crew
    # mend the other 2.
    pots = [{"deck": "main", "count": 8}, {"deck": "stern", "count": 2, "hero": True, "hero_upgrade": "firepot"}]
    m = two(pots, BASIC10, b_upgrade="carpenter", dice=[5, 6])
    play_until(m, passive({"firepot": pick(target_cog=1, count=2)}), turn_is(2))
    assert [e.amount for e in events_of(m, "HullDamaged")] == [2, 2]
    rep = events_of(m, "CogRepaired")[0]
    assert (rep.fire_fought, rep.hull_repaired, rep.fire, rep.hull, len(rep.crew)) == (4, 4, 0, 20, 4)
    carpenter = next(c for c in m.state.crew.values() if c.owner == 1 and c.hero_upgrade == "carpenter")
    assert carpenter.id not in rep.crew and carpenter.spent == 0  # the mate's repair is no action
    assert not events_of(m, "FireSpread")


def test_a_carpenter_alone_needs_no_free_crew():
    m = two(FIREPOT, [{"deck": "nest", "count": 2}], b_leader="stern", b_upgrade="carpenter", dice=[5])
    play_until(m, passive({"firepot": pick(target_cog=1, count=1)}), turn_is(2))
    rep = events_of(m, "CogRepaired")[0]
    # The carpenter (on the stern castle) fights the 2 fire and mends the 2 hull; the crow's nest crew
    # do not repair.
    assert (rep.fire_fought, rep.hull_repaired, rep.fire, rep.hull, rep.crew) == (2, 2, 0, 20, ())


def test_treasure_search_and_the_3d6_table():
    m = two(BASIC10, NEST_ONLY, b_leader="nest", islands=[[50, 36]], dice=[3, 1, 1, 1])
    play_until(m, passive(), turn_is(2))
    found = events_of(m, "TreasureFound")[0]
    assert (found.roll, found.item) == (3, "Gold! (20 points)")
    assert [(e.points, e.reason) for e in events_of(m, "ScoreAwarded") if e.player == 0] == [
        (2, "first search of island 0"), (20, "Gold! (20 points)")]


def test_match_ends_at_the_turn_limit_with_scores():
    m = two(BASIC10, BASIC10, turns=2)
    play_until(m, passive())
    end = events_of(m, "MatchEnded")[0]
    assert (end.scores, end.winner, end.reason) == ((0, 0), None, "turn limit (2)")


def test_a_friendly_ram_does_not_change_the_last_damager():
    """Ark, last damaged by Ben, is rammed by Ann's own Arc: the ram is self-inflicted (by nobody), so
    when Ark sinks it is Ben's sinking -- 5 points and the drowned leader -- not nobody's."""
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", [], leader="stern", leader_upgrade="crossbow"),
               cog("Arc", "small", 500, 380, "S", BASIC10))
    fb = fleet("Blues", cog("Bark", "large", 500, 700, "S", BASIC10, leader="stern"))
    m = scenario([fa, fb], dice=[12, 1])
    m.advance()
    m.ctx.emit(HullDamaged(cog=0, amount=1, hull=9, by=1, what="ballista"))
    arc = lambda r, mm: {"cog": 1, "move": "ahead", "speed": 6} if r.options[0]["cog"] == 1 else None
    play_until(m, passive({"course": arc, "ram": pick(stop=False)}), turn_is(2))
    assert [(e.cog, e.amount, e.by) for e in events_of(m, "HullDamaged")][1:] == [(0, 12, None), (1, 1, None)]
    assert [(e.cog, e.by) for e in events_of(m, "CogSank")] == [(0, 1)]
    assert m.state.scores == [0, 1 + 5]
