"""Grid skirmish scenarios: Domination's towers, the Endless Battlefield's obelisks, recovery and souls
(recorder/games/skirmish/scenarios.py, docs/rulings.md "Grid skirmish")."""

from __future__ import annotations

import pytest

from recorder.errors import InvalidDecision
from recorder.games.skirmish import GAME, board
from recorder.games.skirmish import events as ev
from recorder.games.skirmish.combat import attack, combat_options, combat_turn
from recorder.games.skirmish.effects import lose_hp
from recorder.games.skirmish.scenarios import MIDDLE, end_of_turn, victory
from recorder.games.skirmish.setup import obstacle_options
from recorder.games.skirmish.testing import arena, drive, kit
from recorder.games.skirmish.turn import status_phase
from recorder.header import Player

K = kit(hero={"atk": 3, "def": 1, "agi": 5, "hp": 6}, brute={"atk": 3, "def": 1, "agi": 4, "hp": 4})


def events(ctx, type_name):
    return [e.event for e in ctx.entries if e.type == type_name]


def tower_at(x, y):
    """Place the chosen towers at (x, y), one tile apart for the second team."""
    def choose(r):
        if r.kind == "objective":
            want = (x, y) if r.player == 0 else (x + 4, y)
            return next(o for o in r.options if (o["x"], o["y"]) == want)
        return None
    return choose


def test_domination_places_three_towers_and_keeps_obstacles_away():
    ctx = arena(("hero", "brute"), [(4, 2, "N"), (4, 11, "S")], kit_=K, scenario="domination",
                choose=tower_at(2, 6))
    towers = events(ctx, "ObjectivePlaced")
    assert [(t.kind, t.x, t.y, t.team, t.how) for t in towers] == [
        ("tower", *MIDDLE, None, "scenario"), ("tower", 2, 6, None, "chosen"), ("tower", 6, 6, None, "chosen")]
    for o in obstacle_options(ctx.state, 0):
        assert all(board.distance((o["x"], o["y"]), t.tile) >= 2 for t in ctx.state.objectives.values())


def test_tower_choices_are_in_range_5_of_the_middle():
    seen = []
    arena(("hero", "brute"), [(4, 2, "N"), (4, 11, "S")], kit_=K, scenario="domination",
          choose=lambda r: seen.append(r) or None)
    objective = [r for r in seen if r.kind == "objective"]
    assert len(objective) == 2
    assert all(board.distance((o["x"], o["y"]), MIDDLE) <= 5 for o in objective[0].options)
    assert (MIDDLE[0], MIDDLE[1]) not in {(o["x"], o["y"]) for o in objective[0].options}


def test_capture_a_tower_full_turn_action_and_control_for_three_turns():
    ctx = arena(("hero", "brute"), [(MIDDLE[0], MIDDLE[1] - 1, "N"), (0, 13, "S")], kit_=K, scenario="domination",
                dice=[7, 1, 1, 1, 1, 1] * 3)
    s = ctx.state
    hero = s.characters[0]
    capture = [o for o in combat_options(s, hero) if o["action"] == "capture"]
    assert [o["target"] for o in capture] == [0]  # only the middle tower is in range 1
    drive(combat_turn(ctx, hero, None), lambda r: next((o for o in r.options if o["action"] == "capture"), None))
    attempt = events(ctx, "CaptureAttempted")[0]
    assert (attempt.successes, attempt.blocks, attempt.captured) == (1, 0, True)
    assert s.objectives[0].team == 0 and hero.main_used and hero.action_used
    for t in s.objectives.values():
        t.team = 0  # the other two towers held as well
    for turn in (1, 2):
        end_of_turn(ctx, 0)
        assert victory(s) is None
    end_of_turn(ctx, 0)
    assert [e.turns for e in events(ctx, "ControlCounted")] == [1, 2, 3]
    assert victory(s) == (0, "Ann controlled all towers for 3 turns")


def test_no_capture_while_the_controller_stands_in_range_1():
    ctx = arena(("hero", "brute"), [(MIDDLE[0], MIDDLE[1] - 1, "N"), (MIDDLE[0] + 1, MIDDLE[1] + 1, "S")], kit_=K,
                scenario="domination")
    s = ctx.state
    s.objectives[0].team = 1
    assert not [o for o in combat_options(s, s.characters[0]) if o["action"] == "capture"]


def test_knockback_near_a_tower_when_successfully_attacked():
    ctx = arena(("hero", "brute"), [(MIDDLE[0] + 1, MIDDLE[1] - 2, "N"), (MIDDLE[0] + 1, MIDDLE[1] - 1, "S")], kit_=K,
                scenario="domination", dice=[7, 1, 1, 1, 9])
    s = ctx.state
    drive(attack(ctx, s.characters[0], s.characters[1], by="weapon", name="Fist", dice=3, side=False, critical=[],
                 on_hit=[], cause=None, own_turn=False))
    kb = events(ctx, "KnockedBack")[0]
    assert (kb.x, kb.y, kb.moved) == (MIDDLE[0] + 1, MIDDLE[1], 1)


def test_team_scenarios_refuse_a_free_for_all():
    with pytest.raises(InvalidDecision, match="team based"):
        GAME.make_header(players=(Player("A", "knight"), Player("B", "rogue"), Player("C", "cleric")),
                         edition="standard", seed=1, options={"scenario": "domination"})
    with pytest.raises(InvalidDecision, match="did you mean 'domination'"):
        GAME.make_header(players=(Player("A", "knight"), Player("B", "rogue")), edition="standard", seed=1,
                         options={"scenario": "dominaton"})


def test_endless_death_recovery_and_souls():
    ctx = arena(("hero", "brute"), [(4, 5, "N"), (4, 6, "S")], kit_=K, scenario="eb_deathmatch")
    s = ctx.state
    brute = s.characters[1]
    lose_hp(ctx, brute, 9, "hit", 0, None)
    died, downed, soul = events(ctx, "CharacterDied")[0], events(ctx, "CharacterDowned")[0], events(ctx, "SoulScored")[0]
    assert died.by == 0 and (soul.team, soul.souls) == (0, 1)
    obelisk = next(o for o in s.objectives.values() if o.kind == "obelisk" and o.team == 1)
    assert board.distance((downed.x, downed.y), obelisk.tile) == 1
    assert brute.recovering and brute.hp == 0 and brute not in s.enemies(s.characters[0])
    for turn in (2, 3):
        ctx.set_clock(1, turn)
        drive(status_phase(ctx, ctx.emit(ev.TurnBegan(turn=turn))))
    assert brute.hp == 4 and not brute.recovering
    assert events(ctx, "CharacterRevived") and events(ctx, "Teleported")  # stay is the first option


def test_deathmatch_souls_target_teams_and_free_for_all():
    two = arena(("hero", "brute"), [(4, 5, "N"), (4, 6, "S")], kit_=K, scenario="eb_deathmatch")
    two.state.souls[0] = 14
    assert victory(two.state) is None
    two.state.souls[0] = 15
    assert victory(two.state)[0] == 0
    three = arena(("hero", "brute", "dummy"), [(4, 5, "N"), (4, 6, "S"), (1, 6, "E")], kit_=K,
                  scenario="eb_deathmatch")
    assert [o.tile for o in three.state.objectives.values()] == [MIDDLE]  # one central obelisk
    three.state.souls[2] = 7
    assert victory(three.state)[0] == 2


def test_obelisk_heals_in_range_2_in_endless_domination():
    def place(r):
        if r.kind == "objective" and r.options[0]["kind"] == "obelisk":
            return next(o for o in r.options if (o["x"], o["y"]) in ((4, 1), (4, 12)))
        return None
    ctx = arena(("hero", "brute"), [(4, 2, "N"), (4, 11, "S")], kit_=K, scenario="eb_domination", choose=place)
    s = ctx.state
    hero = s.characters[0]
    hero.hp = 3
    ctx.set_clock(1, 2)
    drive(status_phase(ctx, ctx.emit(ev.TurnBegan(turn=2))))
    healed = [e for e in events(ctx, "HpRestored") if e.reason == "obelisk"]
    assert healed and healed[0].character == 0 and hero.hp == 5


def _obelisks_at(r):
    if r.kind == "objective":
        return next(o for o in r.options if (o["x"], o["y"]) in ((4, 1), (4, 12)))
    return None


def test_capture_steal_carry_deposit_and_win():
    ctx = arena(("hero", "brute"), [(4, 11, "N"), (8, 8, "S")], kit_=K, scenario="eb_capture", choose=_obelisks_at)
    s = ctx.state
    hero = s.characters[0]
    steal = [o for o in combat_options(s, hero) if o["action"] == "steal"]
    assert [o["target"] for o in steal] == [1] and not hero.main_used
    drive(combat_turn(ctx, hero, None), lambda r: next((o for o in r.options if o["action"] == "steal"),
                                                       next(o for o in r.options if o["action"] == "end")))
    assert hero.crystal == 1 and not hero.action_used  # a special action "any time": no attack or action spent
    assert not [o for o in combat_options(s, hero) if o["action"] == "steal"]  # one crystal at most
    ctx.emit(ev.CharacterMoved(character=0, path=(), x=4, y=2, facing="S", spent=0, lost=0))
    from recorder.games.skirmish.scenarios import crystal_action
    deposit = [o for o in combat_options(s, hero) if o["action"] == "deposit"]
    assert deposit
    crystal_action(ctx, hero, "deposit", deposit[0]["target"], None, None, 0)
    assert s.crystals == [1, 0] and hero.crystal is None
    s.crystals[0] = 3
    assert victory(s) == (0, "Ann delivered 3 crystals")


def test_no_crystal_without_a_free_slot_and_never_ones_own():
    ctx = arena(("hero", "brute"), [(4, 2, "N"), (4, 11, "S")], kit_=K, scenario="eb_capture", choose=_obelisks_at)
    s = ctx.state
    hero = s.characters[0]
    assert not [o for o in combat_options(s, hero) if o["action"] == "steal"]  # next to its own obelisk
    ctx.emit(ev.CharacterMoved(character=0, path=(), x=3, y=12, facing="E", spent=0, lost=0))
    for item in ("ether", "ether", "ether"):
        ctx.emit(ev.ItemBought(character=0, item=item, price=1, coins=0, uses=1))
    assert not [o for o in combat_options(s, hero) if o["action"] == "steal"]


def test_a_dropped_crystal_returns_or_is_carried_on():
    ctx = arena(("hero", "brute"), [(4, 11, "N"), (4, 10, "S")], kit_=K, scenario="eb_capture", choose=_obelisks_at)
    s = ctx.state
    hero, brute = s.characters[0], s.characters[1]
    ctx.emit(ev.CrystalTaken(character=0, team=1, how="obelisk"))
    lose_hp(ctx, hero, 9, "hit", 1, None)
    dropped = events(ctx, "CrystalDropped")[0]
    assert (dropped.team, dropped.x, dropped.y) == (1, 4, 11) and s.dropped == [[4, 11, 1]]
    assert hero.recovering and hero.crystal is None
    pick = [o for o in combat_options(s, brute) if o["action"] == "pick up"]
    assert pick
    drive(combat_turn(ctx, brute, None), lambda r: next((o for o in r.options if o["action"] == "pick up"),
                                                        next(o for o in r.options if o["action"] == "end")))
    assert events(ctx, "CrystalReturned") and s.dropped == [] and brute.crystal is None


def _caravans_at(r):
    """Caravans on columns 1, 4 and 7 (each request offers only the columns still free)."""
    if r.kind == "objective" and r.options[0]["kind"] == "caravan":
        return next(o for o in r.options if o["x"] in (1, 4, 7))
    return None


def test_caravans_placed_on_the_defenders_border_and_move_first():
    from recorder.games.skirmish.caravan import move_all
    ctx = arena(("hero", "brute"), [(8, 2, "N"), (8, 11, "S")], kit_=K, scenario="caravan", choose=_caravans_at)
    s = ctx.state
    assert [(cv.tail, cv.head, cv.loot) for cv in s.caravans.values()] == [((1, 0), (1, 1), 2), ((4, 0), (4, 1), 2),
                                                                          ((7, 0), (7, 1), 2)]
    assert s.occupied((4, 1)) and s.occupied((4, 0))
    ctx.emit(ev.CaravanSpedUp(caravan=1, character=0, boost=1))
    drive(move_all(ctx, 0))
    moved = {e.caravan: e for e in events(ctx, "CaravanMoved")}
    assert (moved[0].head_y, moved[0].tail_y, moved[0].steps) == (2, 1, 1)
    assert (moved[1].head_y, moved[1].tail_y, moved[1].steps) == (3, 2, 2) and s.caravans[1].boost == 0


def test_a_blocked_caravan_goes_around_the_way_the_defenders_choose():
    from recorder.games.skirmish.caravan import move_all
    ctx = arena(("hero", "brute"), [(8, 2, "N"), (8, 11, "S")], kit_=K, scenario="caravan", choose=_caravans_at,
                obstacles=[[4, 4]])
    s = ctx.state
    ctx.emit(ev.CaravanMoved(caravan=1, head_x=4, head_y=3, tail_x=4, tail_y=2, steps=2, blocked=False))
    log = []
    drive(move_all(ctx, 0), lambda r: next(o for o in r.options if o["x"] == 5) if r.kind == "caravan route" else None,
          log)
    assert [r.kind for r in log] == ["caravan route"]
    cv = s.caravans[1]
    assert cv.head == (5, 3) and cv.tail == (4, 3)  # the tail follows the head like a snake


def test_robbers_steal_loot_on_criticals_and_two_bare_caravans_win():
    ctx = arena(("hero", "brute"), [(8, 2, "N"), (2, 1, "E")], kit_=K, scenario="caravan", choose=_caravans_at,
                dice=[10, 10, 3])
    s = ctx.state
    brute = s.characters[1]
    rob = [o for o in combat_options(s, brute) if o["action"] == "rob"]
    assert [o["target"] for o in rob] == [0]
    drive(combat_turn(ctx, brute, None), lambda r: next((o for o in r.options if o["action"] == "rob"), None))
    stolen = events(ctx, "LootStolen")[0]
    assert (stolen.criticals, stolen.loot) == (2, 0) and brute.done
    assert s.caravans[0].gone == "robbed" and not s.occupied((1, 0))
    assert victory(s) is None
    ctx.emit(ev.CaravanRemoved(caravan=2, reason="robbed", loot=0))
    assert victory(s) == (1, "Ben robbed 2 caravans bare")


def test_defenders_win_with_two_caravans_arriving_with_loot_even_if_all_dead():
    ctx = arena(("hero", "brute"), [(8, 2, "N"), (8, 11, "S")], kit_=K, scenario="caravan", choose=_caravans_at)
    s = ctx.state
    lose_hp(ctx, s.characters[0], 99, "hit", 1, None)
    assert victory(s) is None
    for i in (0, 1):
        ctx.emit(ev.CaravanRemoved(caravan=i, reason="arrived", loot=2))
    assert victory(s) == (0, "Ann brought 2 caravans with loot to the far edge")
