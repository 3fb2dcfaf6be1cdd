"""BattleCON rules on the board: the WoI comic walkthrough, Dash, the FAQ rulings, movement,
Khadath's trap, and each disputed (⚠) card value as recorded in cards.json and docs/rulings.md."""

import pytest

from recorder.games.battlecon import GAME, movement
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.fold import new_fighter
from recorder.games.battlecon.state import BattleState
from tests.battlecon_scenarios import Scenario


def comic():
    return Scenario(("hikaru", "khadath"),
                    keep=(("Advancing", "Drive", "Sweeping", "Shot"), ("Teleport", "Burst", "Lure", "Strike")))


def test_comic_walkthrough_beat_1_advancing_drive_vs_teleport_burst():
    sc = comic()
    assert sc.match.entries[0].event.positions == (3, 5)
    b = sc.beat((("Advancing", "Drive"), ("Teleport", "Burst")), antes={0: ["Fire"]},
                choices={1: [{"kind": "move", "to": 7}, {"kind": "move", "to": 2}, {"kind": "trap", "space": 4}],
                         0: [{"kind": "move", "to": 6}]})
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, -2) and pc.active == 0
    moves = [(m.player, m.kind, m.from_space, m.to_space) for m in b.of("FighterMoved")]
    assert moves == [(0, "advance", 3, 4), (1, "retreat", 5, 7), (0, "advance", 4, 6), (1, "move_directly", 7, 2)]
    rc = b.one("RangeChecked", player=0)
    assert rc.distance == 1 and rc.in_range
    dmg = b.one("DamageDealt", target=1)
    assert (dmg.power, dmg.amount) == (7, 7)  # Drive 3 + Advancing 1 + Fire 3: "My power is 7"
    assert b.one("StunApplied", player=1)
    assert b.one("AttackSkipped", player=1)
    assert b.one("TrapPlaced").space == 4  # Teleport's End of Beat still happens while stunned
    assert sc.state.fighters[0].token_discard == ["Fire"]


def test_comic_walkthrough_beat_2_sweeping_shot_wind_vs_lure_strike():
    sc = comic()
    sc.beat((("Advancing", "Drive"), ("Teleport", "Burst")), antes={0: ["Fire"]},
            choices={1: [{"kind": "move", "to": 7}, {"kind": "move", "to": 2}, {"kind": "trap", "space": 4}],
                     0: [{"kind": "move", "to": 6}]})
    b = sc.beat((("Sweeping", "Shot"), ("Lure", "Strike")), antes={0: ["Wind"]},
                choices={1: [{"kind": "move", "to": 3}]})
    pc = b.one("PriorityCompared")
    assert pc.priorities == (7, 2) and pc.active == 0
    first = b.one("DamageDealt", target=1)
    assert first.amount == 2
    assert b.one("StunPrevented", player=1).stun_guard == 5  # "See my Strike Base? It has Stun Guard 5"
    back = b.one("DamageDealt", target=0)
    # Ruling: the comic says 6; Lure Strike has power 3 (Preview: "3 power"), + 2 from Sweeping = 5.
    assert (back.power, back.extra, back.soak, back.amount) == (3, 2, 0, 5)
    pulled = b.one("FighterMoved", player=0)
    assert (pulled.kind, pulled.from_space, pulled.to_space) == ("pull", 6, 3)


def test_preview_clockwork_dash_hops_and_dodges():
    sc = Scenario(("cadenza", "kallistar"), edition="preview", keep=(("Clockwork", "Dash"), ("Caustic", "Shot")),
                  positions=(2, 4), tokens={0: []})
    assert sc.match.entries[0].event.positions == (2, 6)
    b = sc.beat((("Clockwork", "Dash"), ("Caustic", "Shot")), choices={0: [{"kind": "move", "to": 6}]})
    req = next(r for r in sc.requests if r.kind == "move")
    assert "Move 3 (2 → 6)" in req.labels
    mv = b.one("FighterMoved", player=0)
    assert (mv.from_space, mv.to_space, mv.distance, mv.switched_sides) == (2, 6, 3, True)
    assert b.one("DodgeGained", player=0)
    rc = b.one("RangeChecked", player=1)
    assert rc.in_range and rc.dodge == "Dash: switched sides"
    assert b.one("AttackMissed", player=1).reason.startswith("dodged")


def test_life_loss_never_below_one_but_counts_in_full_ignition_at_3_life():
    sc = Scenario(("kallistar", "khadath"), keep=(("Ignition", "Strike"), ("Hunter's", "Dash")),
                  forms={0: "elemental"}, life=(3, 20), positions=(3, 5))
    b = sc.beat((("Ignition", "Strike"), ("Hunter's", "Dash")), choices={1: [{"kind": "move", "to": 7}]},
                lenient=True)
    form_loss, ignition = b.of("LifeLost", player=0)
    assert (form_loss.amount, form_loss.lost, form_loss.life_after) == (1, 1, 2)
    assert (ignition.amount, ignition.lost, ignition.life_after) == (3, 1, 1)
    assert b.none("StunApplied", player=0)


def test_elemental_kallistar_at_1_life_loses_nothing_keeps_bonuses():
    sc = Scenario(("kallistar", "khadath"), keep=(("Blazing", "Strike"), ("Hunter's", "Dash")),
                  forms={0: "elemental"}, life=(1, 20))
    b = sc.beat((("Blazing", "Strike"), ("Hunter's", "Dash")), lenient=True)
    loss = b.one("LifeLost", player=0)
    assert (loss.amount, loss.lost, loss.life_after) == (1, 0, 1)
    assert "Elemental form 2" in b.one("PriorityCompared").terms[0]


def test_move_directly_cannot_stay_or_land_on_the_opponent():
    sc = Scenario(("kallistar", "khadath"), keep=(("Volcanic", "Dash"), ("Hunter's", "Dash")), positions=(3, 5))
    sc.beat((("Volcanic", "Dash"), ("Hunter's", "Dash")), lenient=True)
    req = next(r for r in sc.requests if r.prompt.startswith("Volcanic"))
    f0, f1 = sc.state.fighters
    spaces = [o["to"] for o in req.options]
    assert len(spaces) == 5 and len(set(spaces)) == 5


def test_priority_change_after_reveal_does_not_change_active_player_geomantic_wind():
    sc = Scenario(("hikaru", "khadath"), keep=(("Geomantic", "Strike"), ("Hunter's", "Drive")), positions=(3, 5))
    b = sc.beat((("Geomantic", "Strike"), ("Hunter's", "Drive")),
                choices={0: [{"kind": "extra_ante", "ante": "Wind"}], 1: [{"kind": "move", "to": 4}]})
    assert b.one("PriorityCompared").active == 1  # 3 vs 4
    assert b.one("AnteDeclared", player=0, ante="Wind")  # now 5 > 4 ...
    roles = [(a.player, a.role) for a in b.of("AttackStarted")]
    assert roles[0] == (1, "active")  # ... but Khadath stays the active player


def test_trance_returns_only_hikarus_own_antes():
    sc = Scenario(("hikaru", "cadenza"), keep=(("Trance", "Strike"), ("Clockwork", "Strike")), positions=(3, 4),
                  tokens={1: ["Iron Body"]})
    b = sc.beat((("Trance", "Strike"), ("Clockwork", "Strike")), antes={0: ["Fire"], 1: ["Iron Body"]},
                lenient=True)
    assert b.one("TokensReturned").tokens == ("Fire",)
    assert b.one("EffectIgnored", card="Trance").reason == "no token to regain"
    dmg = b.one("DamageDealt", target=1)
    assert dmg.power == 4  # Fire gives no bonus
    assert b.none("TokensReturned", player=1)  # Cadenza's Iron Body ante stands


def test_regain_cannot_take_a_token_anted_this_beat():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Hunter's", "Strike")), positions=(3, 4),
                  tokens={0: ["Fire", "Wind"]})
    b = sc.beat((("Focused", "Strike"), ("Hunter's", "Strike")), antes={0: ["Fire"]}, lenient=True)
    # Earth and Water are in the token discard from before; Fire was anted this beat.
    req = next(r for r in sc.requests if r.kind == "regain")
    assert [o["token"] for o in req.options] == ["Earth", "Water"]
    assert b.one("TokenRegained").token == "Earth"


def test_spellbolt_elemental_pull_is_up_to_two():
    sc = Scenario(("kallistar", "khadath"), keep=(("Blazing", "Spellbolt"), ("Hunter's", "Shot")),
                  forms={0: "elemental"}, positions=(1, 5))
    sc.beat((("Blazing", "Spellbolt"), ("Hunter's", "Shot")), choices={0: [{"kind": "move", "to": 5}]},
            lenient=True)
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert [o["to"] for o in req.options] == [5, 4, 3]


def test_trap_stops_opponents_own_movement_and_penalises_priority():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Drive"), ("Hunter's", "Strike")), positions=(2, 6),
                  trap=3)
    b = sc.beat((("Focused", "Drive"), ("Hunter's", "Strike")), lenient=True)
    pen = b.one("StatusGained", player=0)
    assert (pen.stat, pen.amount, pen.label) == ("priority", -1, "next to Khadath's trap")
    assert [s.amount for s in b.of("StatusGained", player=1)] == [2, 2]  # Hunter's
    mv = b.one("FighterMoved", player=0)
    assert (mv.from_space, mv.to_space) == (2, 3)  # Drive "advance 1 or 2" stops on the trap


def test_trap_does_not_stop_khadaths_own_pull():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Dash"), ("Lure", "Shot")), positions=(7, 3), trap=5)
    b = sc.beat((("Focused", "Dash"), ("Lure", "Shot")),
                choices={0: [{"kind": "move", "to": 6}], 1: [{"kind": "move", "to": 4}]})
    pulled = b.one("FighterMoved", player=0, kind="pull")
    assert (pulled.from_space, pulled.to_space) == (6, 4)  # through the trap on 5


def test_teleport_moves_the_trap_to_another_space():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Dash"), ("Teleport", "Dash")), positions=(2, 6), trap=4)
    sc.beat((("Focused", "Dash"), ("Teleport", "Dash")), lenient=True)
    req = next(r for r in sc.requests if r.kind == "trap")
    assert 4 not in [o["space"] for o in req.options] and len(req.options) == 6


def test_snare_locks_the_trap_and_hits_around_it():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Evacuation", "Snare")), positions=(3, 6),
                  trap=4)
    b = sc.beat((("Focused", "Strike"), ("Evacuation", "Snare")), lenient=True)
    assert b.one("PriorityCompared").active == 0
    assert "cannot be placed or moved" in b.one("EffectIgnored", player=1).reason
    assert b.one("FighterMoved", player=1).to_space == 7  # the retreat still happens
    rc = b.one("RangeChecked", player=1)
    assert rc.in_range and "trap on 4" in rc.terms  # Hikaru on 3, next to the trap
    assert sc.state.markers[0].space == 4


@pytest.mark.parametrize("edition,expected", [("woi", []), ("preview", [1])])
def test_wall_blocked_movement_per_edition(edition, expected):
    s = BattleState(edition=edition, duels=1, discards="suggested", beat_limit=None, names=("A", "B"),
                    sides=("hikaru", "cadenza"), fighters=[new_fighter(0, "hikaru", 2), new_fighter(1, "cadenza", 4)])
    got = [d.to for d in movement.destinations(s, 0, "retreat", [2], by=0)]
    assert got == expected


def test_hop_does_not_count_the_opponents_space_and_advance_can_pass():
    s = BattleState(edition="woi", duels=1, discards="suggested", beat_limit=None, names=("A", "B"),
                    sides=("hikaru", "cadenza"), fighters=[new_fighter(0, "hikaru", 3), new_fighter(1, "cadenza", 4)])
    got = [(d.to, d.distance, d.switched) for d in movement.destinations(s, 0, "advance", [1, 2], by=0)]
    assert got == [(5, 1, True), (6, 2, True)]


def test_forced_legal_movement_is_taken_without_asking():
    # Grasp: "move the opponent 1 space"; the wall behind Hikaru leaves only the hop.
    sc = Scenario(("hikaru", "cadenza"), keep=(("Trance", "Strike"), ("Battery", "Grasp")), positions=(1, 2),
                  tokens={1: []})
    b = sc.beat((("Trance", "Strike"), ("Battery", "Grasp")), lenient=True)
    assert all(r.kind != "move" or r.player != 1 for r in sc.requests)
    mv = b.one("FighterMoved", player=0)
    assert (mv.from_space, mv.to_space, mv.switched_sides) == (1, 3, True)


def test_no_legal_movement_is_ignored():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Evacuation", "Strike")), positions=(6, 7))
    b = sc.beat((("Focused", "Strike"), ("Evacuation", "Strike")), lenient=True)
    assert "no legal destination" in b.one("EffectIgnored", card="Evacuation").reason


def test_card_data_records_rulings_for_disputed_values():
    cards = {**KITS["hikaru"].cards, **KITS["kallistar"].cards, **KITS["khadath"].cards, **KITS["cadenza"].cards}
    for name in ("Trance", "Sweeping", "Spellbolt", "Teleport", "Hunter's", "Feedback Field"):
        assert cards[name].ruling, name
    assert cards["Hunter's"].text.count("+2 Power") == 1
    assert KITS["khadath"].cards["Teleport"].priority == -3


def test_best_of_three_and_time_limit():
    from recorder.header import Player
    from recorder.match import Match, run

    h = GAME.make_header(players=(Player("A", "cadenza"), Player("B", "khadath")), edition="woi", seed=5,
                         options={"duels": 3})
    m = Match(GAME, h)
    run(m, {0: GAME.bot("random", 5, 0), 1: GAME.bot("random", 5, 1)})
    res = GAME.result(m.state)
    assert res["winner"] in (0, 1, None) and 1 <= len(res["duels"]) <= 3
    assert max(m.state.beat for _ in [0]) <= 15
    ends = [e.event for e in m.entries if e.type == "DuelEnded"]
    assert len(ends) == len(res["duels"])
    for e in m.entries:
        if e.type == "BeatEnded":
            assert e.event.beat <= 15


def test_zero_power_hit_is_a_hit_without_damage_or_stun():
    # Spellbolt (Human) gives Khadath -2 Power: Lure Snare drops from 2 to 0, and still hits.
    sc = Scenario(("kallistar", "khadath"), keep=(("Blazing", "Spellbolt"), ("Lure", "Snare")), positions=(3, 5),
                  trap=4)
    b = sc.beat((("Blazing", "Spellbolt"), ("Lure", "Snare")), choices={0: [{"kind": "move", "to": 4}]})
    assert b.one("PriorityCompared").active == 0
    assert b.one("StunPrevented", player=1).by == "stun immunity (Snare)"
    assert b.one("HitScored", player=1)
    dmg = b.one("DamageDealt", target=0)
    assert (dmg.power, dmg.amount) == (0, 0)
    assert dmg.power_terms == "Lure -1 + Snare 3 - Spellbolt 2 = 0"
    assert b.none("StunApplied", player=0)


def test_khadath_is_never_affected_by_his_own_trap():
    sc = Scenario(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Hunter's", "Strike")), positions=(2, 5),
                  trap=5)
    b = sc.beat((("Focused", "Strike"), ("Hunter's", "Strike")), lenient=True)
    assert b.none("StatusGained", player=1, stat="priority", amount=-3)
    assert b.one("PriorityCompared").priorities == (4, 3)


def test_preview_example_4_flare_strike_human():
    # Preview's example 4: Flare Strike deals 7 to Mechanical Shot (stun guard 2): stunned.
    sc = Scenario(("kallistar", "cadenza"), edition="preview", keep=(("Flare", "Strike"), ("Mechanical", "Shot")),
                  positions=(3, 4), tokens={1: []})
    b = sc.beat((("Flare", "Strike"), ("Mechanical", "Shot")), choices={1: [{"kind": "move", "to": 4}]})
    assert b.one("DamageDealt", target=1).amount == 7
    assert b.one("StunApplied", player=1).stun_guard == 2
    assert b.one("LifeLost", player=0).reason == "Flare"  # Reveal, Human: lose 3 life


def test_protocol_doc_has_a_section_per_event_type():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "protocol-battlecon.md").read_text(encoding="utf-8")
    for cls in GAME.events.own():
        assert f"### {cls.TYPE}\n" in text, cls.TYPE


def test_greedy_beats_random_more_often_than_not():
    from recorder.header import Player
    from recorder.match import Match, run

    wins = 0
    for seed in range(4):
        h = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "kallistar")), edition="woi", seed=seed,
                             options={"duels": 1})
        m = Match(GAME, h)
        run(m, {0: GAME.bot("greedy", seed, 0), 1: GAME.bot("random", seed, 1)})
        wins += GAME.result(m.state)["winner"] == 0
    assert wins >= 3
