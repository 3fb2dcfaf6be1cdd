"""Rulebook rulings played on the board: the Preview and WoI FAQs, the ante order, clashes, statuses, the
time-out, stun guard per edition, Geomantic per edition, trigger ordering and the end-of-beat hook of unique
abilities. Each test names its source; docs/rulings.md records the rulings."""

from __future__ import annotations

import pytest

from recorder.games.battlecon.cards import SPECIAL_ACTION
from recorder.games.battlecon.fighters import RULES as HOOKS
from recorder.games.battlecon.kit import Trigger
from recorder.games.battlecon.state import Status
from tests.battlecon_scenarios import Scenario

SA = SPECIAL_ACTION
EDITIONS = ("woi", "preview")


# -- Hikaru's Geomantic + Wind: the editions differ ---------------------------------------------------------


def geomantic(edition: str, khadath_pair: tuple[str, str]) -> Scenario:
    return Scenario(("hikaru", "khadath"), edition=edition, positions=(3, 4),
                    keep=(("Geomantic", "Strike", "Drive"), (khadath_pair[0], khadath_pair[1])))


def test_preview_geomantic_wind_tie_keeps_the_originally_higher_player_active():
    # Preview FAQ: "create a priority tie during Reveal? ... the player who originally had the highest
    # priority continues to have priority." Geomantic Strike 3 + Wind 2 = 5 ties Hunter's Grasp 5.
    sc = geomantic("preview", ("Hunter's", "Grasp"))
    b = sc.beat((("Geomantic", "Strike"), ("Hunter's", "Grasp")), lenient=True,
                choices={0: [{"kind": "extra_ante", "ante": "Wind"}]})
    extra = b.one("AnteDeclared", player=0, ante="Wind")
    reveal = b.one("PairRevealed")
    pc = b.one("PriorityCompared")
    assert b.entries.index(next(e for e in b.entries if e.event is reveal)) < \
        b.entries.index(next(e for e in b.entries if e.event is extra)) < \
        b.entries.index(next(e for e in b.entries if e.event is pc))  # the extra ante is at Reveal
    assert b.one("TriggerResolved", card="Geomantic").timing == "reveal"
    assert pc.priorities == (5, 5) and pc.active == 1
    assert pc.why == ("tie at 5 made by an ante after the ante step (Wind token): Khadath had the higher priority "
                      "before it and keeps it (Preview FAQ, Hikaru's Geomantic)")
    assert b.none("ClashOccurred")
    assert [(a.player, a.role) for a in b.of("AttackStarted")][0] == (1, "active")


def test_preview_geomantic_wind_overtaking_makes_hikaru_active():
    # "If the priority boost causes priority to switch hands ... this changes ... the Active Player."
    sc = geomantic("preview", ("Hunter's", "Drive"))
    b = sc.beat((("Geomantic", "Strike"), ("Hunter's", "Drive")), lenient=True,
                choices={0: [{"kind": "extra_ante", "ante": "Wind"}]})
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, 4) and pc.active == 0
    assert pc.why == "Hikaru has the higher priority (5 > 4)"
    assert "Wind token 2" in pc.terms[0]


def test_preview_geomantic_tie_that_was_there_before_the_extra_ante_still_clashes():
    sc = geomantic("preview", ("Hunter's", "Drive"))
    b = sc.beat((("Geomantic", "Drive"), ("Hunter's", "Drive")), lenient=True,
                choices={0: [{"kind": "extra_ante", "ante": "Fire"}]})
    assert b.of("PriorityCompared")[0].priorities == (4, 4)
    assert b.one("ClashOccurred", round=1)


def test_woi_geomantic_antes_at_start_of_beat_and_never_changes_the_active_player():
    # WoI FAQ: "... priority tie or priority advantage during Start of Beat? Nothing happens."
    sc = geomantic("woi", ("Hunter's", "Grasp"))
    b = sc.beat((("Geomantic", "Strike"), ("Hunter's", "Grasp")), lenient=True,
                choices={0: [{"kind": "extra_ante", "ante": "Wind"}]})
    assert b.one("TriggerResolved", card="Geomantic").timing == "start"
    assert b.one("PriorityCompared").priorities == (3, 5)
    assert b.one("AnteDeclared", player=0, ante="Wind")
    assert [(a.player, a.role) for a in b.of("AttackStarted")][0] == (1, "active")


def test_no_geomantic_ante_after_a_finisher_was_anted():
    # WoI p.32: "No further antes can be made by either player after a Finisher is anted."
    sc = Scenario(("hikaru", "cadenza"), positions=(3, 4), life=(20, 7), options={"ante_finishers": True},
                  finishers=("Wrath of Elements", "Rocket Press"),
                  keep=(("Geomantic", "Shot"), ("Clockwork", "Strike")))
    b = sc.beat((("Geomantic", "Shot"), ("Clockwork", "Strike")), antes={1: ["Rocket Press"]}, lenient=True)
    assert b.one("FinisherRevealed", player=1).how == "ante"
    ignored = b.one("EffectIgnored", card="Geomantic")
    assert ignored.reason == "no further antes: Cadenza anted a Finisher (WoI p.32)"
    assert not [r for r in sc.requests if r.kind == "extra_ante"]
    assert all(e.ante in ("pass", "Rocket Press") for e in b.of("AnteDeclared"))
    assert sc.state.fighters[0].token_discard == []


# -- the ante order ----------------------------------------------------------------------------------------------


def test_ante_turns_start_with_the_chance_draw_alternate_and_end_after_two_passes_in_a_row():
    # WoI p.24: "Starting with the player who was Active Player during the previous beat (or randomly, on the
    # first turn), players take turns anteing ... Once both players have consecutively elected to pass".
    sc = Scenario(("hikaru", "cadenza"), positions=(3, 4), keep=(("Focused", "Strike"), ("Clockwork", "Strike")))
    b = sc.beat((("Focused", "Strike"), ("Clockwork", "Strike")), lenient=True)
    chance = next(e.event for e in b.entries if e.type == "ChanceDrawn")
    assert chance.purpose == "first_ante" and chance.n == 2
    started = b.one("AnteStarted")
    assert started.first == chance.value and started.why == "drawn by chance (first beat of the duel)"
    # lenient answers "pass" everywhere: first passes, the other passes: done after two passes in a row.
    asked = [r.player for r in sc.requests if r.kind == "ante"]
    assert asked == [chance.value, 1 - chance.value]
    active = b.one("PriorityCompared").active
    b2 = sc.beat((("Geomantic", "Grasp"), ("Mechanical", "Grasp")), lenient=True)
    assert (b2.one("AnteStarted").first, b2.one("AnteStarted").why) == (active, "active player of the previous beat")
    assert b2.none("ChanceDrawn")


def test_an_ante_after_a_pass_gives_the_passer_another_turn():
    sc = Scenario(("hikaru", "cadenza"), positions=(3, 4), keep=(("Focused", "Strike"), ("Clockwork", "Strike")),
                  seed=1)
    b = sc.beat((("Focused", "Strike"), ("Clockwork", "Strike")), lenient=True)
    active = b.one("PriorityCompared").active
    # Beat 2: the active player passes, the other antes, the active player is asked again and passes, then the
    # other has nothing left to ante this beat (one per beat) and passes without being asked.
    token = {0: "Fire", 1: "Iron Body"}[1 - active]
    sc.requests = []
    b2 = sc.beat((("Geomantic", "Grasp"), ("Mechanical", "Grasp")), antes={1 - active: [token]}, lenient=True)
    asked = [r.player for r in sc.requests if r.kind == "ante"]
    assert asked == [active, 1 - active, active]
    ante_step = [(a.player, a.ante) for a in b2.of("AnteDeclared")][:3]  # (Geomantic may ante once more later)
    assert ante_step == [(active, "pass"), (1 - active, token), (active, "pass")]


def pulse_match() -> Scenario:
    return Scenario(("kallistar", "khadath"), options={"special_actions": True}, positions=(3, 5),
                    keep=(("Caustic", "Blazing", "Flare", "Shot", "Burst", "Strike", "Drive"),
                          ("Hunter's", "Lure", "Blight", "Shot", "Grasp", "Strike")))


def test_after_a_beat_without_an_active_player_the_last_active_player_antes_first():
    sc = pulse_match()
    b1 = sc.beat((("Caustic", "Shot"), ("Hunter's", "Shot")), lenient=True)
    assert b1.one("PriorityCompared").active == 1  # Hunter's Shot 2 > Caustic Shot 1
    b2 = sc.beat(((SA, "Burst"), ("Lure", "Grasp")), lenient=True)  # a WoI Pulse: nobody is active
    assert b2.one("PulseResolved") and b2.none("PriorityCompared")
    b3 = sc.beat((("Blazing", "Strike"), ("Blight", "Strike")), lenient=True)
    started = b3.one("AnteStarted")
    assert started.first == 1
    assert started.why == "active player of beat 1, the last beat that had one (beat 2 had no active player)"
    assert b3.none("ChanceDrawn")


# -- the end-of-beat hook of unique abilities ----------------------------------------------------------------------


def test_unique_abilities_at_the_end_of_each_beat_act_after_recycling_but_not_in_a_pulse_beat(monkeypatch):
    # WoI p.25: "UA's that activate at the end of each beat happen after recycling"; p.33: they "stop working
    # during the beat a Pulse is revealed". None of the four fighters has one: a test-only hook stands in.
    from recorder.games.battlecon import events as E

    def hook(ctx, p):
        ctx.emit(E.EffectIgnored(player=p, card="test ability", reason="end of the beat"), actor=p)
        return
        yield

    for fid in ("kallistar", "khadath"):
        monkeypatch.setattr(HOOKS[fid], "end_of_beat", hook, raising=False)
    sc = pulse_match()
    b1 = sc.beat((("Caustic", "Shot"), ("Hunter's", "Shot")), lenient=True)
    types = b1.types()
    marks = [i for i, t in enumerate(types) if t == "EffectIgnored" and b1.entries[i].event.card == "test ability"]
    recycled = [i for i, t in enumerate(types) if t == "CardsRecycled"]
    assert len(marks) == 2 and max(recycled) < min(marks) and max(marks) < types.index("BeatEnded")
    assert [b1.entries[i].event.player for i in marks] == [1, 0]  # the active player (Khadath) first
    b2 = sc.beat(((SA, "Burst"), ("Lure", "Grasp")), lenient=True)
    assert b2.one("PulseResolved") and b2.none("EffectIgnored", card="test ability")


# -- range, power, priority floors (Preview FAQ) ------------------------------------------------------------------


def test_an_attack_with_a_minimum_range_of_2_misses_an_adjacent_opponent():
    # Preview FAQ: "Will an attack with a range of 2 or more hit an opponent closer than that range? No."
    sc = Scenario(("kallistar", "cadenza"), positions=(3, 4), tokens={1: []},
                  keep=(("Caustic", "Spellbolt"), ("Clockwork", "Strike")))
    b = sc.beat((("Caustic", "Spellbolt"), ("Clockwork", "Strike")), lenient=True)
    rc = b.one("RangeChecked", player=0)
    assert (rc.distance, rc.range_min, rc.range_max, rc.in_range) == (1, 2, 6, False)
    assert b.one("AttackMissed", player=0).reason == "out of range (distance 1)"


def test_range_and_power_stop_at_zero_priority_does_not_and_range_0_hits_nothing():
    # Preview FAQ: "Range and power cannot be reduced below zero, though Priority can. An attack with a range of
    # 0 cannot hit anything." Test-only statuses push Hikaru's range and power below zero.
    sc = Scenario(("hikaru", "cadenza"), positions=(3, 4), tokens={1: []},
                  keep=(("Focused", "Strike"), ("Clockwork", "Press")))
    f = sc.state.fighters[0]
    f.statuses += [Status("range", -3, 1, "test range"), Status("power", -9, 1, "test power")]
    b = sc.beat((("Focused", "Strike"), ("Clockwork", "Press")), lenient=True)
    pc = b.one("PriorityCompared")
    assert pc.priorities == (4, -3)  # Clockwork -3 + Press 0: priority below zero stands
    rc = b.one("RangeChecked", player=0)
    assert (rc.range_min, rc.range_max, rc.in_range) == (0, 0, False)  # 1 - 3 stops at 0, and 0 hits nothing
    assert b.one("AttackMissed", player=0).reason == "out of range (distance 1)"
    # Second beat: the power status alone (range restored): a hit for power 0 is still a hit.
    sc2 = Scenario(("hikaru", "cadenza"), positions=(3, 4), tokens={1: []},
                   keep=(("Focused", "Strike"), ("Clockwork", "Press")))
    sc2.state.fighters[0].statuses.append(Status("power", -9, 1, "test power"))
    b2 = sc2.beat((("Focused", "Strike"), ("Clockwork", "Press")), lenient=True)
    assert b2.one("HitScored", player=0)
    dmg = b2.one("DamageDealt", player=0)
    assert (dmg.power, dmg.amount) == (0, 0) and dmg.power_terms.endswith("= -5")


# -- life loss, statuses, time-out ---------------------------------------------------------------------------------


def test_life_loss_bypasses_soak():
    # WoI FAQ: life loss "bypasses soak". Human Kallistar has Soak 1 and Flare's Reveal loses her 3 life: all 3.
    sc = Scenario(("kallistar", "khadath"), positions=(1, 7), keep=(("Flare", "Strike"), ("Hunter's", "Strike")))
    b = sc.beat((("Flare", "Strike"), ("Hunter's", "Strike")), lenient=True)
    assert b.one("FormEffectApplied", player=0).form == "human"  # Human form: Soak 1 this beat
    loss = b.one("LifeLost", player=0)
    assert (loss.reason, loss.amount, loss.lost, loss.life_after) == ("Flare", 3, 3, 17)
    assert sc.state.fighters[0].life == 17


def test_a_next_beat_status_applies_in_the_next_beat_only():
    # WoI FAQ: statuses last until the end of the beat unless they say "during the next beat".
    sc = Scenario(("cadenza", "khadath"), positions=(1, 7), tokens={0: []},
                  keep=(("Battery", "Strike", "Mechanical", "Shot", "Clockwork", "Grasp"),
                        ("Hunter's", "Strike", "Lure", "Shot", "Blight", "Grasp")))
    b1 = sc.beat((("Battery", "Strike"), ("Hunter's", "Strike")), lenient=True)
    gained = b1.one("StatusGained", player=0)
    assert (gained.stat, gained.amount, gained.when) == ("priority", 4, "next")
    assert b1.one("PriorityCompared").terms[0] == "Battery -1 + Strike 3 = 2"  # not in this beat
    b2 = sc.beat((("Mechanical", "Shot"), ("Lure", "Shot")), lenient=True)
    assert "+ Battery 4" in b2.one("PriorityCompared").terms[0]
    b3 = sc.beat((("Clockwork", "Grasp"), ("Blight", "Grasp")), lenient=True)
    assert "Battery 4" not in b3.one("PriorityCompared").terms[0]


def time_out(edition: str, life: tuple[int, int]) -> Scenario:
    sc = Scenario(("hikaru", "khadath"), edition=edition, positions=(1, 7), life=life,
                  keep=(("Focused", "Strike"), ("Hunter's", "Strike")))
    sc.state.beat = 15  # test-only: fourteen quiet beats were played; this is the 15th
    return sc


@pytest.mark.parametrize("life,winner", [((19, 20), 1), ((20, 12), 0), ((15, 15), None)])
def test_woi_time_out_after_15_beats_higher_life_wins_equal_life_draws(life, winner):
    # WoI p.23: at the end of the 15th beat the higher life wins; equal life is a draw.
    sc = time_out("woi", life)
    b = sc.beat((("Focused", "Strike"), ("Hunter's", "Strike")), lenient=True)
    assert b.one("BeatEnded").beats_left == 0
    end = b.one("DuelEnded")
    assert (end.winner, end.reason, end.life) == (winner, "time", life)
    assert sc.match.finished


def test_the_preview_has_no_beat_limit():
    sc = time_out("preview", (19, 20))
    b = sc.beat((("Focused", "Strike"), ("Hunter's", "Strike")), lenient=True)
    assert b.one("BeatEnded").beats_left is None and b.none("DuelEnded")
    assert not sc.match.finished


# -- clash ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_clash_new_base_decides_and_only_the_top_pair_recycles(edition):
    # WoI p.24 / Preview "Clash": a tie makes both play a new base on top; its numbers decide; only the top pair
    # recycles, the covered bases go back to hand.
    sc = Scenario(("hikaru", "khadath"), edition=edition, positions=(3, 4),
                  keep=(("Focused", "Strike", "Grasp"), ("Hunter's", "Drive", "Shot")))
    b = sc.beat((("Focused", "Strike"), ("Hunter's", "Drive")), lenient=True,
                choices={0: [{"kind": "clash", "base": "Grasp"}], 1: [{"kind": "clash", "base": "Shot"}]})
    first, second = b.of("PriorityCompared")
    assert first.priorities == (4, 4) and first.active is None
    assert b.one("ClashRevealed").bases == ("Grasp", "Shot")
    assert second.priorities == (6, 2) and second.active == 0  # Focused 1 + Grasp 5; Hunter's 0 + Shot 2
    assert b.one("AttackStarted", player=0).attack == "Focused Grasp"
    mine = b.one("CardsRecycled", player=0)
    assert mine.discard1 == ("Focused", "Grasp") and "Strike" in mine.to_hand
    theirs = b.one("CardsRecycled", player=1)
    assert theirs.discard1 == ("Hunter's", "Shot") and "Drive" in theirs.to_hand
    assert "Strike" in sc.state.fighters[0].hand and "Drive" in sc.state.fighters[1].hand


# -- damage and stun ---------------------------------------------------------------------------------------------------


def test_sweeping_adds_2_to_a_zero_power_hit():
    # Sweeping: "If you are hit this beat, you take 2 extra damage from that attack"; Preview FAQ: "A hit for
    # zero damage is still a hit". A test-only status takes Cadenza's power to 0.
    sc = Scenario(("hikaru", "cadenza"), positions=(3, 4), tokens={1: []},
                  keep=(("Sweeping", "Shot"), ("Battery", "Strike")))
    sc.state.fighters[1].statuses.append(Status("power", -5, 1, "test power"))
    b = sc.beat((("Sweeping", "Shot"), ("Battery", "Strike")), lenient=True)
    dmg = b.one("DamageDealt", target=0)
    assert (dmg.power, dmg.extra, dmg.soak, dmg.amount) == (0, 2, 0, 2)


def test_iron_body_is_not_offered_when_damage_does_not_exceed_stun_guard():
    # Kallistar's Blazing Strike (4) into Cadenza's Battery Strike (Stun Guard 5), Iron Body tokens held.
    sc = Scenario(("kallistar", "cadenza"), positions=(3, 4), tokens={1: ["Iron Body"] * 3},
                  keep=(("Blazing", "Strike"), ("Hydraulic", "Strike")))
    b = sc.beat((("Blazing", "Strike"), ("Hydraulic", "Strike")), lenient=True)
    dmg = b.one("DamageDealt", target=1)
    assert dmg.amount == 3  # 4 - Hydraulic's Soak 1
    prevented = b.one("StunPrevented", player=1)
    assert (prevented.by, prevented.damage, prevented.stun_guard) == ("stun guard", 3, 5)
    assert all(r.kind != "iron_body" for r in sc.requests)
    assert sc.state.fighters[1].tokens == ["Iron Body"] * 3


@pytest.mark.parametrize("edition,stunned_at", [("woi", None), ("preview", 3)])
def test_stun_guard_per_attack_in_woi_per_beat_in_the_preview(edition, stunned_at):
    # WoI p.30: "Stun Guard applies separately to each one"; Preview: "unless the total damage taken this turn is
    # greater than his stun guard". Four Winds hits for 2 and repeats on each regained token: Strike's Stun
    # Guard 5 holds against every single hit, not against the third one's total of 6.
    sc = Scenario(("hikaru", "khadath"), edition=edition, positions=(3, 4), life=(7, 20), tokens={0: []},
                  options={"special_actions": True}, finishers=("Four Winds", "Planar Crossing"),
                  keep=(("Strike",), ("Hunter's", "Strike")))
    b = sc.beat(((SA, "Strike"), ("Hunter's", "Strike")), lenient=True)
    hits = b.of("DamageDealt", player=0)
    assert [h.amount for h in hits][:3] == [2, 2, 2]
    if stunned_at is None:
        assert b.none("StunApplied", player=1)
        assert [p.damage for p in b.of("StunPrevented", player=1)] == [2] * len(hits)
    else:
        assert [p.damage for p in b.of("StunPrevented", player=1)] == [2, 4]
        stun = b.one("StunApplied", player=1)  # stunned once: the later hits log no second stun
        assert (stun.reason, stun.damage, stun.stun_guard) == ("damage", 6, 5)
        assert len(hits) > 3
        assert b.one("AttackSkipped", player=1)


# -- Khadath's styles, Hikaru's Advancing ------------------------------------------------------------------------------


def test_teleport_has_range_plus_0():
    sc = Scenario(("hikaru", "khadath"), positions=(3, 5), keep=(("Focused", "Dash"), ("Teleport", "Strike")))
    b = sc.beat((("Focused", "Dash"), ("Teleport", "Strike")), lenient=True,
                choices={0: [{"kind": "move", "to": 4}]})
    rc = b.one("RangeChecked", player=1)
    assert (rc.range_min, rc.range_max) == (1, 1) and rc.terms == "Teleport 0 + Strike +1 = 1"


def test_teleport_dodges_when_the_trap_is_strictly_between():
    sc = Scenario(("hikaru", "khadath"), positions=(3, 5), trap=4, keep=(("Focused", "Shot"), ("Teleport", "Strike")))
    b = sc.beat((("Focused", "Shot"), ("Teleport", "Strike")), lenient=True)
    assert b.one("PriorityCompared").active == 0  # Focused Shot 3 - 1 (next to the trap) > Teleport Strike 0
    rc = b.one("RangeChecked", player=0)
    assert rc.in_range and rc.dodge == "Teleport: the trap is between the fighters"
    assert b.one("AttackMissed", player=0).reason == "dodged: Teleport: the trap is between the fighters"


def test_teleport_does_not_dodge_when_khadath_stands_on_the_trap():
    sc = Scenario(("hikaru", "khadath"), positions=(2, 4), trap=4, keep=(("Focused", "Shot"), ("Teleport", "Strike")))
    b = sc.beat((("Focused", "Shot"), ("Teleport", "Strike")), lenient=True)
    rc = b.one("RangeChecked", player=0)
    assert rc.in_range and rc.dodge is None and b.one("HitScored", player=0)


def test_evacuation_dodges_an_attacker_standing_on_the_trap():
    # Evacuation: trap on Khadath's space (5), retreat to 6; Hikaru's Drive advance stops on the trap (5).
    sc = Scenario(("hikaru", "khadath"), positions=(3, 5), keep=(("Focused", "Drive"), ("Evacuation", "Strike")))
    b = sc.beat((("Focused", "Drive"), ("Evacuation", "Strike")),
                choices={0: [{"kind": "move", "to": 5}]})
    assert b.one("TrapPlaced").space == 5 and b.one("FighterMoved", player=1).to_space == 6
    assert b.one("FighterMoved", player=0).to_space == 5
    rc = b.one("RangeChecked", player=0)
    assert rc.in_range and rc.dodge == "Evacuation: the attacker stands on the trap"
    assert b.one("HitScored", player=1)  # Khadath's Strike still reaches Hikaru


def test_lure_pulls_but_never_past_khadath():
    sc = Scenario(("hikaru", "khadath"), positions=(5, 1), keep=(("Trance", "Strike"), ("Lure", "Shot")))
    b = sc.beat((("Trance", "Strike"), ("Lure", "Shot")), choices={1: [{"kind": "move", "to": 2}]}, lenient=True)
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 1)
    assert [o["to"] for o in req.options] == [5, 4, 3, 2]  # stay, 1, 2 or 3 spaces; never the hop to the far side
    pulled = b.one("FighterMoved", player=0)
    assert (pulled.kind, pulled.to_space, pulled.switched_sides) == ("pull", 2, False)


@pytest.mark.parametrize("start,switched,power", [((3, 4), True, 6), ((3, 5), False, 5)])
def test_advancing_gains_1_power_only_when_it_switches_sides(start, switched, power):
    sc = Scenario(("hikaru", "cadenza"), positions=start, tokens={1: []},
                  keep=(("Advancing", "Strike"), ("Battery", "Shot")))
    b = sc.beat((("Advancing", "Strike"), ("Battery", "Shot")), lenient=True)
    mv = b.one("FighterMoved", player=0)
    assert (mv.kind, mv.switched_sides) == ("advance", switched)
    assert b.one("DamageDealt", player=0).power == power  # Strike 4 + Advancing 1 (+ 1 when switched)


# -- ordering simultaneous triggers --------------------------------------------------------------------------------


def test_khadaths_gate_trap_is_ordered_with_his_pairs_reveal_triggers():
    sc = Scenario(("hikaru", "khadath"), positions=(3, 6), trap=4, keep=(("Focused", "Shot"), ("Hunter's", "Shot")))
    b = sc.beat((("Focused", "Shot"), ("Hunter's", "Shot")), lenient=True,
                choices={1: [{"kind": "order", "first": "Gate Trap"}]})
    req = next(r for r in sc.requests if r.kind == "order")
    assert [o["first"] for o in req.options] == ["Hunter's", "Gate Trap"]
    resolved = [(t.card, t.timing) for t in b.of("TriggerResolved", player=1)][:2]
    assert resolved == [("Gate Trap", "reveal"), ("Hunter's", "reveal")]
    trap = b.one("TriggerResolved", card="Gate Trap")
    assert trap.text == "At Reveal an opponent on the trap has -3 Priority, adjacent to it -1 Priority."
    penalty = b.one("StatusGained", player=0)
    assert (penalty.amount, penalty.label) == (-1, "next to Khadath's trap")


def test_three_simultaneous_triggers_are_ordered_one_place_at_a_time(monkeypatch):
    # Preview: "If a player has multiple effects to resolve with a single trigger ... he chooses which order he
    # activates them." A test-only second ability trigger makes three in Khadath's Reveal window.
    khadath = HOOKS["khadath"]
    real = khadath.triggers

    def noop(ctx, p, cause):
        return
        yield

    monkeypatch.setattr(khadath, "triggers",
                        lambda s, p, t: real(s, p, t) + ([Trigger("Test Ability", "Reveal: nothing.", noop)]
                                                         if t == "reveal" else []))
    sc = Scenario(("hikaru", "khadath"), positions=(3, 6), trap=4, keep=(("Focused", "Shot"), ("Hunter's", "Shot")))
    b = sc.beat((("Focused", "Shot"), ("Hunter's", "Shot")), lenient=True,
                choices={1: [{"kind": "order", "first": "Test Ability"}, {"kind": "order", "first": "Hunter's"}]})
    asks = [r for r in sc.requests if r.kind == "order"]
    assert [[o["first"] for o in r.options] for r in asks] == [["Hunter's", "Gate Trap", "Test Ability"],
                                                                ["Hunter's", "Gate Trap"]]
    assert asks[1].prompt == "Order your reveal effects: which resolves next (after Test Ability)?"
    assert [t.card for t in b.of("TriggerResolved", player=1, timing="reveal")] == [
        "Test Ability", "Hunter's", "Gate Trap"]
    assert [e.first for e in b.of("TriggerOrderChosen")] == ["Test Ability", "Hunter's"]


def test_the_gate_trap_penalty_applies_once_per_beat():
    # A Cancel's new pairs are revealed again: the Reveal ability does not trigger a second time.
    sc = Scenario(("hikaru", "khadath"), positions=(3, 6), trap=3, options={"special_actions": True},
                  keep=(("Focused", "Shot", "Geomantic", "Drive"), ("Hunter's", "Lure", "Shot", "Strike")))
    b = sc.beat((("Focused", "Shot"), (SA, "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Geomantic", "base": "Drive"}],
                         1: [{"kind": "new_pair", "style": "Lure", "base": "Strike"}]})
    assert len(b.of("PairRevealed")) == 2
    assert len(b.of("StatusGained", player=0, label="on Khadath's trap")) == 1
