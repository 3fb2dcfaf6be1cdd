"""Grid skirmish rules, one scenario each: the rulebook's worked attack example and every rule it states
(recorder/games/skirmish/, docs/rulings.md "Grid skirmish")."""

from __future__ import annotations

import pytest

from recorder.games.skirmish import board
from recorder.games.skirmish import events as ev
from recorder.games.skirmish.combat import attack, combat_options, combat_turn, cure, skill_usable, use
from recorder.games.skirmish.dice import count
from recorder.games.skirmish.effects import apply_status, knockback
from recorder.games.skirmish.testing import arena, drive, kit
from recorder.games.skirmish.turn import agi_order, combat_phase, movement_skills, planning_phase, status_phase


def events(ctx, type_name):
    return [e.event for e in ctx.entries if e.type == type_name]


def fight(ctx, attacker=0, target=1, dice=None, side=False, critical=(), on_hit=(), own_turn=False, choose=None):
    s = ctx.state
    a, t = s.characters[attacker], s.characters[target]
    n = dice if dice is not None else s.stat(a, "atk")
    drive(attack(ctx, a, t, by="weapon", name="Test blade", dice=n, side=side, critical=list(critical),
                 on_hit=list(on_hit), cause=None, own_turn=own_turn), choose or (lambda r: None))
    return ctx


DUEL_KIT = kit(hero={"atk": 4, "def": 3, "agi": 5}, dummy={"atk": 1, "def": 3, "agi": 1, "hp": 9})


def test_worked_example_4_atk_against_3_def():
    """Rulebook: Miss, Hit, Hit, Critical against Fail, Block, Fail: 2 HP lost and a critical effect."""
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=DUEL_KIT, dice=[3, 7, 8, 10, 2, 6, 4])
    fight(ctx, critical=[{"effect": "bleed", "value": 1}])
    rolled = events(ctx, "DiceRolled")
    assert [r.faces for r in rolled] == [(3, 7, 8, 10), (2, 6, 4)]
    assert (rolled[0].successes, rolled[0].criticals, rolled[1].successes) == (2, 1, 1)
    resolved = events(ctx, "AttackResolved")[0]
    assert (resolved.hits_through, resolved.criticals_through) == (1, 1)
    assert events(ctx, "HpLost")[0].amount == 2 and ctx.state.characters[1].hp == 7
    assert [e.status for e in events(ctx, "StatusApplied")] == ["bleed"]


def test_d10_mapping():
    assert count("attack", [1, 5, 6, 9, 10]) == (2, 1)
    assert count("defense", [1, 5, 6, 9, 10]) == (3, 0)


def test_blocks_remove_regular_hits_before_criticals():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=DUEL_KIT, dice=[7, 10, 10, 1, 6, 6, 6])
    fight(ctx)
    r = events(ctx, "AttackResolved")[0]
    assert (r.hits, r.criticals, r.blocks, r.hits_through, r.criticals_through) == (1, 2, 3, 0, 0)
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=DUEL_KIT, dice=[7, 10, 10, 1, 6, 6, 1])
    fight(ctx)
    r = events(ctx, "AttackResolved")[0]
    assert (r.hits_through, r.criticals_through) == (0, 1)


def test_side_attack_costs_one_atk_not_below_one():
    k = kit(hero={"atk": 4, "weapon": "longsword"}, weak={"atk": 1, "weapon": "mace"}, dummy={"def": 1})
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (5, 5, "S")], kit_=k)
    options = combat_options(ctx.state, ctx.state.characters[0])
    assert any(o["action"] == "attack" and o["target"] == 1 for o in options)
    drive(combat_turn(ctx, ctx.state.characters[0], None), lambda r: next((o for o in r.options if o["action"] == "attack"), None)
        if r.kind == "combat" and not ctx.state.characters[0].main_used else
        next((o for o in r.options if o.get("action") == "end"), None))
    declared = events(ctx, "AttackDeclared")[0]
    assert declared.side and declared.dice == 3
    ctx = arena(("weak", "dummy"), [(4, 5, "N"), (3, 5, "S")], kit_=k)
    assert any(o["action"] == "attack" for o in combat_options(ctx.state, ctx.state.characters[0]))


@pytest.mark.parametrize("reach,inside,outside", [
    (1, [(4, 6)], [(4, 7), (5, 6), (3, 6), (4, 4)]),
    (2, [(4, 6), (4, 7)], [(5, 7), (4, 8), (3, 6)]),
    (3, [(4, 6), (4, 7), (4, 8), (3, 8), (5, 8)], [(3, 7), (5, 7), (2, 8), (4, 9)]),
    (4, [(2, 9), (6, 9), (3, 8)], [(1, 9), (2, 8)]),
])
def test_attack_range_shapes(reach, inside, outside):
    for t in inside:
        assert board.in_front((4, 5), "N", t, reach), (reach, t)
    for t in outside:
        assert not board.in_front((4, 5), "N", t, reach), (reach, t)
    assert board.from_side((4, 5), "N", (3, 5)) and board.from_side((4, 5), "N", (5, 5))
    assert not board.from_side((4, 5), "N", (4, 4))


def test_range_two_weapon_cannot_strike_from_the_side():
    k = kit(hero={"weapon": "halberd"})
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (5, 5, "S")], kit_=k)
    assert not any(o["action"] == "attack" for o in combat_options(ctx.state, ctx.state.characters[0]))


def _free(t):
    return not board.on_board(t)


def test_movement_forward_with_one_turn_anywhere():
    paths = board.paths((4, 5), "N", 2, _free)
    ends = {(tuple(map(tuple, p["path"])), p["facing"]) for p in paths}
    assert (((4, 6), (4, 7)), "N") in ends
    assert (((4, 6), (5, 6)), "E") in ends  # turn after one step
    assert (((5, 5), (6, 5)), "E") in ends  # turn before the first step
    assert (((4, 6), (4, 7)), "W") in ends  # final rotation only
    assert all(len(p["path"]) == 2 for p in paths)  # all points spent when possible
    assert all(p["turn"] in (None, "left", "right") for p in paths)


def test_movement_must_turn_to_spend_points_and_stops_at_obstacles():
    blocked = {(4, 7)}
    paths = board.paths((4, 5), "N", 3, lambda t: _free(t) or t in blocked)
    for p in paths:
        assert (4, 7) not in map(tuple, p["path"])
    # straight on to (4, 6), blocked: the turn is forced to a free side and the last points spent
    forced = [p for p in paths if p["path"][:1] == [[4, 6]] and p["turn_at"] == 1]
    assert forced and all(len(p["path"]) == 3 for p in forced)
    assert not any(p["path"] == [[4, 6]] and p["turn"] is None for p in paths)


def test_movement_denial_by_turning_to_face_a_wall():
    paths = board.paths((0, 5), "N", 2, _free)
    assert {"path": [], "turn": "left", "turn_at": 0, "facing": "W"} in paths


def test_movement_blocked_on_every_side_loses_its_points():
    blocked = {(4, 6), (3, 5), (5, 5)}
    paths = board.paths((4, 5), "N", 3, lambda t: _free(t) or t in blocked)
    assert all(p["path"] == [] for p in paths)
    assert {"path": [], "turn": None, "turn_at": None, "facing": "N"} in paths


def test_cannot_pass_through_characters():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 7, "S")], kit_=DUEL_KIT)
    s = ctx.state
    for p in board.paths((4, 5), "N", 3, lambda t: not board.on_board(t) or s.occupied(t)):
        assert [4, 7] not in p["path"]


def test_movement_order_lowest_agi_first_ties_in_agreed_order():
    k = kit(a={"agi": 3}, b={"agi": 3}, c={"agi": 1})
    ctx = arena(("a+c", "b"), [(1, 2, "N"), (2, 2, "N"), (3, 11, "S")], kit_=k)
    assert [c.key for c in agi_order(ctx.state, lowest_first=True)] == ["c", "a", "b"]
    assert [c.key for c in agi_order(ctx.state, lowest_first=False)] == ["a", "b", "c"]


def test_starting_hp_full_and_sp_half_rounded_down():
    k = kit(odd={"sp": 5, "hp": 7})
    ctx = arena(("odd", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=k)
    placed = events(ctx, "CharacterPlaced")[0]
    assert (placed.hp, placed.sp) == (7, 2)


def test_debuffs_never_lower_a_statistic_below_one():
    k = kit(frail={"atk": 1, "def": 1, "agi": 2})
    ctx = arena(("frail", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=k)
    c = ctx.state.characters[0]
    for status in ("daze", "hex", "corrosion", "chill", "pierced"):
        apply_status(ctx, c, status, 3, None, None)
    assert [ctx.state.stat(c, x) for x in ("atk", "def", "agi")] == [1, 1, 1]


def test_stacking_as_written():
    ctx = arena(("hero", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=DUEL_KIT, turn=4)
    c = ctx.state.characters[1]
    for status in ("bleed", "daze", "chill", "corrosion", "hex"):
        apply_status(ctx, c, status, 2, 0, None)
        apply_status(ctx, c, status, 1, 0, None)
        assert c.statuses[status] == 4 + 3, status  # durations add
    for status in ("root", "stun"):
        apply_status(ctx, c, status, 2, 0, None)
        apply_status(ctx, c, status, 1, 0, None)
        assert c.statuses[status] == 4 + 2, status  # no stacking: the longer stands
    apply_status(ctx, c, "burn", 3, 0, None)
    apply_status(ctx, c, "burn", 2, 0, None)
    assert c.statuses["burn"] == 3  # burn does not stack
    apply_status(ctx, c, "pierced", 1, 0, None)
    apply_status(ctx, c, "pierced", 2, 0, None)
    assert c.statuses["pierced"] == 3 and ctx.state.stat(c, "agi") == 1


def test_bleed_checks_each_status_phase_then_ends():
    ctx = arena(("hero", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=DUEL_KIT, dice=[3, 8])
    dummy = ctx.state.characters[1]
    apply_status(ctx, dummy, "bleed", 2, 0, None)
    hp = dummy.hp
    for turn in (2, 3, 4):
        ctx.set_clock(1, turn)
        begun = ctx.emit(ev.TurnBegan(turn=turn))
        drive(status_phase(ctx, begun))
    assert dummy.hp == hp - 1  # turn 2: a 3 fails (1 HP), turn 3: an 8 holds
    assert [e.why for e in events(ctx, "DiceRolled")] == ["bleed", "bleed"]
    assert [e.status for e in events(ctx, "StatusEnded")] == ["bleed"]
    assert events(ctx, "HpLost")[0].by == 0


def test_burn_rolls_x_dice_then_halves():
    ctx = arena(("hero", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=DUEL_KIT, dice=[1, 2, 9, 7, 1])
    dummy = ctx.state.characters[1]
    apply_status(ctx, dummy, "burn", 3, 0, None)
    for turn in (2, 3, 4):
        ctx.set_clock(1, turn)
        drive(status_phase(ctx, ctx.emit(ev.TurnBegan(turn=turn))))
    assert [len(e.faces) for e in events(ctx, "DiceRolled")] == [3, 1]
    assert [e.burn for e in events(ctx, "BurnHalved")] == [1, 0]
    assert dummy.hp == 9 - 2  # 1, 2 fail and 9 holds; then a 7 holds


def test_cure_burn_and_pierced_with_an_action():
    ctx = arena(("hero", "dummy"), [(1, 2, "N"), (3, 11, "S")], kit_=DUEL_KIT, dice=[7, 2, 9, 6])
    c = ctx.state.characters[0]
    apply_status(ctx, c, "burn", 2, None, None)
    cure(ctx, c, "burn", 0)
    assert events(ctx, "StatusCured")[-1].removed == 1 and c.statuses["burn"] == 1
    apply_status(ctx, c, "pierced", 2, None, None)
    cure(ctx, c, "pierced", 0)
    assert events(ctx, "StatusCured")[-1].removed == 1 and c.statuses["pierced"] == 1
    assert c.action_used


def test_knockback_stops_before_an_obstacle_with_a_defense_check():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=DUEL_KIT, obstacles=[[4, 8]], dice=[2])
    dummy = ctx.state.characters[1]
    knockback(ctx, dummy, 3, "N", 0, None)
    kb = events(ctx, "KnockedBack")[0]
    assert (kb.x, kb.y, kb.moved, kb.blocked) == (4, 7, 1, True)
    assert events(ctx, "HpLost")[0].reason == "knockback"


def test_knockback_free_run_and_the_edge():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 12, "S")], kit_=DUEL_KIT, dice=[9])
    dummy = ctx.state.characters[1]
    knockback(ctx, dummy, 2, "N", 0, None)
    kb = events(ctx, "KnockedBack")[0]
    assert (kb.y, kb.moved, kb.blocked) == (13, 1, True) and not events(ctx, "HpLost")


def test_stun_skips_combat_root_skips_movement():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 11, "S")], kit_=DUEL_KIT)
    s = ctx.state
    apply_status(ctx, s.characters[0], "stun", 1, 1, None)
    apply_status(ctx, s.characters[1], "root", 1, 0, None)
    drive(planning_phase(ctx, 0))
    drive(combat_phase(ctx, 0))
    skipped = [(e.character, e.phase, e.reason) for e in events(ctx, "PhaseSkipped")]
    assert (1, "planning", "rooted") in skipped and (0, "combat", "stunned") in skipped


def test_focus_rerolls_one_die_in_own_turn():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=DUEL_KIT, dice=[1, 1, 1, 1, 10, 1, 1, 1])
    fight(ctx, own_turn=True, choose=lambda r: {"character": 0, "die": 0} if r.kind == "focus" else None)
    rerolled = events(ctx, "DieRerolled")[0]
    assert (rerolled.old, rerolled.face) == (1, 10)
    assert events(ctx, "AttackResolved")[0].criticals == 1 and ctx.state.characters[0].action_used


def test_instant_skill_interrupts_an_attack():
    k = kit(hero={"atk": 2}, rogue={"skills": ["evade"], "def": 1, "sp": 4})
    ctx = arena(("hero", "rogue"), [(4, 5, "N"), (4, 6, "S")], kit_=k, dice=[7, 7, 6, 6, 6])
    fight(ctx, choose=lambda r: next((o for o in r.options if o["action"] == "skill"), None)
          if r.kind == "reaction" else None)
    seen = [e.type for e in ctx.entries]
    assert seen.index("SkillUsed") < seen.index("DiceRolled")
    assert events(ctx, "DiceRolled")[1].faces == (6, 6, 6)  # DEF 1 + guard 2
    assert events(ctx, "AttackResolved")[0].hits_through == 0


def test_rooted_character_cannot_teleport_itself():
    k = kit(mage={"skills": ["blink"], "sp": 6})
    ctx = arena(("mage", "dummy"), [(4, 5, "N"), (4, 11, "S")], kit_=k)
    mage = ctx.state.characters[0]
    assert skill_usable(ctx.state, mage, "blink", "movement")
    apply_status(ctx, mage, "root", 1, 1, None)
    assert not skill_usable(ctx.state, mage, "blink", "movement")


def test_quick_skill_keeps_the_attack_and_cooldown_counts_turns():
    k = kit(scout={"skills": ["hamstring"], "sp": 4, "weapon": "twin_daggers", "atk": 2})
    ctx = arena(("scout", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=k, dice=[1] * 20)
    scout = ctx.state.characters[0]
    scout.sp = 4
    picks = iter(["skill", "attack", "end"])

    def choose(r):
        if r.kind != "combat":
            return None
        want = next(picks)
        return next(o for o in r.options if o["action"] == want)
    drive(combat_turn(ctx, scout, None), choose)
    assert [e.by for e in events(ctx, "AttackDeclared")] == ["skill", "weapon"]
    used = events(ctx, "SkillUsed")[0]
    assert used.quick and used.ready == 1 + 2 + 1
    assert not skill_usable(ctx.state, scout, "hamstring", "combat")


def test_rest_and_pass_item_end_the_phase():
    k = kit(a={"agi": 3}, b={"agi": 3})
    ctx = arena(("a+b", "dummy"), [(4, 5, "N"), (5, 5, "N"), (4, 11, "S")], kit_=k)
    s = ctx.state
    a = s.characters[0]
    ctx.emit(ev.ItemBought(character=0, item="ether", price=1, coins=2, uses=1))
    options = combat_options(s, a)
    assert {"character": 0, "action": "pass", "skill": None, "item": "ether", "target": 1, "x": None,
            "y": None} in options
    drive(combat_turn(ctx, a, None), lambda r: next(o for o in r.options if o["action"] == "pass"))
    assert a.done and not a.inventory and s.characters[1].inventory == [["ether", 1]]


def test_use_x_items_lose_a_charge_each_use_then_leave():
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 11, "S")], kit_=DUEL_KIT)
    hero = ctx.state.characters[0]
    ctx.emit(ev.ItemBought(character=0, item="bandages", price=1, coins=2, uses=2))
    hero.hp = 3
    for left in (1, 0):
        hero.action_used = False
        drive(use(ctx, hero, "item", "bandages", 0, None, None, None, own_turn=True))
        assert events(ctx, "ItemUsed")[-1].uses_left == left
    assert hero.inventory == [] and hero.hp == 5


def test_movement_skill_in_the_movement_phase_after_every_card_move():
    k = kit(mage={"skills": ["blink"], "sp": 6})
    ctx = arena(("mage", "dummy"), [(4, 5, "N"), (4, 11, "S")], kit_=k)
    mage = ctx.state.characters[0]
    mage.sp = 4
    log = []
    drive(movement_skills(ctx, mage, 0),
          lambda r: (next(o for o in r.options if o["action"] == "skill") if r.kind == "movement skill" else
                     next(o for o in r.options if (o["x"], o["y"], o["facing"]) == (6, 7, "E"))), log)
    assert [r.kind for r in log] == ["movement skill", "teleport", "movement skill"][:len(log)]
    assert (mage.x, mage.y, mage.facing) == (6, 7, "E") and mage.sp == 2
    assert not skill_usable(ctx.state, mage, "blink", "combat")  # a Movement skill is not a Combat one


def test_daze_and_hex_cost_attack_dice():
    k = kit(hero={"atk": 4, "weapon": "longsword"})
    ctx = arena(("hero", "dummy"), [(4, 5, "N"), (4, 6, "S")], kit_=k)
    hero = ctx.state.characters[0]
    apply_status(ctx, hero, "daze", 1, 1, None)
    assert ctx.state.stat(hero, "atk") == 3
    apply_status(ctx, hero, "hex", 1, 1, None)
    assert ctx.state.stat(hero, "atk") == 2 and ctx.state.stat(hero, "def") == 2
    drive(combat_turn(ctx, hero, None), lambda r: None if r.kind != "combat" else (
        next((o for o in r.options if o["action"] == "attack"), None) if not hero.main_used
        else next(o for o in r.options if o["action"] == "end")))
    assert events(ctx, "AttackDeclared")[0].dice == 2
