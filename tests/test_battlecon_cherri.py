"""Cherri Seneca (War of Indines): Nightmarish Visions (the Insight token: a clash forced at the Reveal, life lost
on every clash, the regain on 3 or more damage), every card, both Finisher sides, the WoI FAQ ruling that names
her, and the rulings that decided her values (docs/rulings.md, "Cherri")."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.snapshot import redact, snapshot
from tests.battlecon_scenarios import (Scenario as _Scenario, bot_matches, assert_no_other_fingerprint_changed,
                                       assert_preview_refuses)
from tests.explain_support import told

INSIGHT = "Insight"
ABILITY = "Nightmarish Visions"
C = KITS["cherri"]
MINE = ("Catatonic", "Crimson", "Mirage", "Strike", "Grasp", "Drive", "Shot", "Stare")
HIKARU = ("Sweeping", "Focused", "Geomantic", "Strike", "Shot", "Drive", "Grasp", "Burst")


def Scenario(fighters=("cherri", "hikaru"), keep=(MINE, HIKARU), **kw):  # noqa: N802
    return _Scenario(fighters, keep=keep, **kw)


def said(sc, type_):
    """The words and citations of every ``type_`` record of the match so far, as explain reads them."""
    return [(text, cite) for t, text, cite in told(GAME, GAME.new_state(sc.header), sc.match.entries) if t == type_]


def clash(*bases):
    """The clash-base answers of one player, in order."""
    return [{"kind": "clash", "base": b} for b in bases]


def test_card_data_values_and_rulings():
    c = C.cards
    stare = c["Stare"]
    assert (stare.range, stare.power, stare.priority) == ((1, 3), 2, 0)
    assert stare.passives == ({"type": "priority_of_opponent_base"},) or list(stare.passives) == [
        {"type": "priority_of_opponent_base"}]
    assert C.styles == ("Dreamscape", "Crimson", "Catatonic", "Mirage", "Blind")
    assert [(c[s].range, c[s].power, c[s].priority) for s in C.styles] == [
        ((0, 0), -1, 1), ((0, 1), -1, 0), ((0, 0), 0, -2), ((0, 0), -1, 0), ((0, 1), 0, -1)]
    assert (c["Catatonic"].stun_guard, c["Catatonic"].soak) == (3, 1)
    sg, tw = c["Soul Gaze"], c["The Watchers"]
    assert (sg.range, sg.power, sg.priority) == ((3, 3), 6, 9)
    assert (tw.range, tw.power, tw.priority) == ((2, 4), 3, 5)
    assert C.finishers == ("Soul Gaze", "The Watchers")
    assert C.tokens == (INSIGHT,) and C.token_effects == {} and C.editions == ("woi",)
    assert C.suggested == (("Dreamscape", "Strike"), ("Catatonic", "Burst"))  # the marked styles (G's colours)
    assert C.short_name == "Cherri" and C.name == "Cherri Seneca" and C.initial == "Y"
    assert "X" in stare.ruling and "face down" in stare.ruling


def test_preview_refuses_her_in_one_line():
    assert_preview_refuses("cherri")


# -- Nightmarish Visions -------------------------------------------------------------------------------------


def test_anted_insight_forces_a_clash_whatever_the_priorities_and_the_opponent_loses_1_life():
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Catatonic", "Strike"), ("Sweeping", "Strike")), antes={0: [INSIGHT]},
                choices={0: clash("Grasp"), 1: clash("Drive")}, lenient=True)
    ante_req = next(r for r in sc.requests if r.kind == "ante" and r.player == 0)
    assert "Ante Insight (a clash at the Reveal, whatever the priorities)" in ante_req.labels
    trig = b.one("TriggerResolved", card=ABILITY)
    assert trig.timing == "reveal" and trig.text.startswith("Insight token anted: a clash occurs as a Reveal effect")
    first, second = b.of("PriorityCompared")
    assert first.priorities == (1, 6) and first.active is None
    assert first.why == "Cherri's Insight token (Nightmarish Visions): a clash whatever the priorities (1 and 6)"
    occurred = b.one("ClashOccurred")
    assert (occurred.round, occurred.priority) == (1, 1)
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.lost, lost.reason) == (1, 1, "Nightmarish Visions: Hikaru clashed with Cherri")
    assert second.priorities == (3, 7) and second.active == 1  # Catatonic Grasp against Sweeping Drive
    assert b.one("AnteDeclared", player=0).ante == INSIGHT
    assert said(sc, "LifeLost")[0][0].startswith("Hikaru loses 1 life (Nightmarish Visions: Hikaru clashed with")


def test_a_tie_after_the_forced_clash_extends_it():
    # Catatonic Grasp (-2 + 5 = 3) against Focused Shot (1 + 2 = 3): a tie, round 2, and 1 more life.
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Catatonic", "Strike"), ("Focused", "Strike")), antes={0: [INSIGHT]},
                choices={0: clash("Grasp", "Drive"), 1: clash("Shot", "Drive")}, lenient=True)
    assert [e.round for e in b.of("ClashOccurred")] == [1, 2]
    assert [e.why for e in b.of("PriorityCompared")][1] == "tie at 3: clash"
    assert [e.reason for e in b.of("LifeLost", player=1)] == [
        "Nightmarish Visions: Hikaru clashed with Cherri", "Nightmarish Visions: Hikaru extended the clash with Cherri"]
    assert sc.state.fighters[1].life <= 18


def test_every_plain_clash_costs_the_opponent_1_life_too():
    # Catatonic Grasp (3) against Sweeping Burst... no: Strike 4+3-2 -> use Stare? Catatonic Drive 2 vs Focused Burst 2.
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Catatonic", "Drive"), ("Focused", "Burst")), choices={0: clash("Grasp"), 1: clash("Drive")},
                lenient=True)
    first = b.of("PriorityCompared")[0]
    assert first.priorities == (2, 2) and first.why == "tie at 2: clash"
    assert b.one("LifeLost", player=1).reason == "Nightmarish Visions: Hikaru clashed with Cherri"
    assert b.none("TriggerResolved", card=ABILITY)


def test_faq_a_win_ties_rule_decides_the_tie_after_the_forced_clash(monkeypatch):
    # The 'win priority ties' effect is in force after the clash (a kit's tie rule stands in for it here: the
    # opponent's base is replaced by the clash, so a printed one would be covered).
    sc = Scenario(positions=(3, 4))
    hikaru = sc.state.fighters[1].rules
    monkeypatch.setattr(hikaru, "tie_winner", lambda state, priorities, terms: (1, "tie: Hikaru wins ties"),
                        raising=False)
    b = sc.beat((("Catatonic", "Strike"), ("Focused", "Strike")), antes={0: [INSIGHT]},
                choices={0: clash("Grasp"), 1: clash("Shot")}, lenient=True)
    compared = b.of("PriorityCompared")
    assert compared[0].active is None and compared[0].why.endswith("a clash whatever the priorities (1 and 4)")
    assert (compared[1].priorities, compared[1].active, compared[1].why) == ((3, 3), 1, "tie: Hikaru wins ties")
    assert [e.round for e in b.of("ClashOccurred")] == [1]
    assert len(b.of("LifeLost", player=1)) == 1


def test_insight_has_no_effect_when_a_special_action_is_revealed():
    sc = Scenario(positions=(3, 4), options={"special_actions": True})
    # Ben cancels (Special Action + Shot): both choose new pairs, and the Insight token does nothing this beat.
    b = sc.beat((("Catatonic", "Strike"), ("Special Action", "Shot")), antes={0: [INSIGHT]},
                choices={0: [{"kind": "new_pair", "style": "Crimson", "base": "Grasp"}],
                         1: [{"kind": "new_pair", "style": "Sweeping", "base": "Strike"}]}, lenient=True)
    ignored = b.one("EffectIgnored", card=ABILITY)
    assert ignored.reason == "Hikaru revealed a Special Action: the Insight token has no effect"
    assert b.none("ClashOccurred") and b.none("LifeLost")
    assert all("whatever" not in e.why for e in b.of("PriorityCompared"))


def test_a_special_action_finisher_voids_the_insight_token():
    sc = Scenario(positions=(3, 4), life=(20, 5), options={"special_actions": True},
                  finishers=("Soul Gaze", "Wrath of Elements"))
    b = sc.beat((("Catatonic", "Strike"), ("Special Action", "Strike")), antes={0: [INSIGHT]}, lenient=True)
    assert b.one("SpecialActionRevealed", player=1).action == "finisher"
    # A Finisher revealed by a Special Action: the Special Action is the reason given (it comes first).
    assert b.one("EffectIgnored", card=ABILITY).reason == (
        "Hikaru revealed a Special Action: the Insight token has no effect")
    assert b.none("ClashOccurred")


def test_a_finisher_anted_is_not_clashed(monkeypatch):
    sc = Scenario(positions=(3, 4), life=(20, 5), options={"ante_finishers": True},
                  finishers=("Soul Gaze", "Wrath of Elements"))
    b = sc.beat((("Catatonic", "Strike"), ("Sweeping", "Strike")), antes={0: [INSIGHT], 1: ["Wrath of Elements"]},
                lenient=True)
    assert b.one("EffectIgnored", card=ABILITY).reason == (
        "Hikaru's attack is a Finisher: a Finisher can't be clashed")
    assert b.none("ClashOccurred")


def test_she_regains_insight_when_she_takes_3_or_more_damage_at_once():
    sc = Scenario(positions=(3, 4), tokens={0: []})
    b = sc.beat((("Crimson", "Drive"), ("Sweeping", "Strike")), lenient=True)  # Strike 4 - 1 = 3 damage
    dealt = b.one("DamageDealt", target=0)
    assert dealt.amount >= 3
    gained = b.one("TokensGained", player=0)
    assert (gained.tokens, gained.from_discard) == ((INSIGHT,), True)
    assert gained.reason == f"Nightmarish Visions: took {dealt.amount} damage at once"
    assert sc.state.fighters[0].tokens == [INSIGHT]


def test_two_damage_at_once_gives_nothing_and_she_never_holds_two():
    sc = Scenario(positions=(3, 4), tokens={0: []})
    b = sc.beat((("Crimson", "Shot"), ("Focused", "Grasp")), lenient=True)  # Grasp: 2 damage
    assert b.one("DamageDealt", target=0).amount == 2
    assert b.none("TokensGained", player=0)
    sc2 = Scenario(positions=(3, 4))
    b2 = sc2.beat((("Crimson", "Drive"), ("Sweeping", "Strike")), lenient=True)
    assert b2.one("DamageDealt", target=0).amount >= 3 and b2.none("TokensGained")
    assert sc2.state.fighters[0].tokens == [INSIGHT]


# -- Stare ---------------------------------------------------------------------------------------------------


def test_stare_priority_is_the_printed_priority_of_the_opponents_base():
    sc = Scenario(positions=(2, 5))
    b = sc.beat((("Crimson", "Stare"), ("Focused", "Drive")), choices={0: []}, lenient=True)
    pc = b.of("PriorityCompared")[-1]
    assert pc.terms[0] == "Crimson 0 + Stare 0 + X = Hikaru's Drive 4 = 4"


def test_stare_on_hit_gains_insight_if_she_does_not_have_it():
    sc = Scenario(positions=(3, 5), tokens={0: []})
    b = sc.beat((("Catatonic", "Stare"), ("Focused", "Shot")), lenient=True)
    assert b.of("HitScored", player=0)
    assert b.of("TokensGained", player=0)[0].reason == "Stare"
    sc2 = Scenario(positions=(3, 5))
    b2 = sc2.beat((("Catatonic", "Stare"), ("Focused", "Shot")), lenient=True)
    assert b2.one("EffectIgnored", card="Stare").reason == "she already has her Insight token (never more than one)"


def test_stare_x_is_not_learnt_from_a_face_down_clash_base():
    from recorder.games.battlecon.fighters.cherri import stare_x
    sc = Scenario(positions=(3, 4))
    s = sc.state
    a, b = s.fighters
    a.style, a.base, a.revealed = "Catatonic", "Stare", True
    b.style, b.base, b.revealed = "Focused", "Drive", True
    assert stare_x(s, 0) == ("X = Hikaru's Drive", 4)
    b.covered, b.base, b.clash_hidden = ["Drive"], "Grasp", True  # a clash base played face down
    assert stare_x(s, 0) is None
    b.revealed = False
    assert stare_x(s, 0) is None


# -- Crimson -------------------------------------------------------------------------------------------------


def test_crimson_triggers_a_clash_when_the_opponents_printed_priority_is_lower():
    # Crimson Grasp (printed 5) against Geomantic Shot (printed 2): a clash, though Grasp is higher anyway.
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Crimson", "Grasp"), ("Geomantic", "Shot")), choices={0: clash("Drive"), 1: clash("Strike")},
                lenient=True)
    assert b.of("PriorityCompared")[0].why == "Cherri's Crimson: a clash whatever the priorities (5 and 2)"
    assert b.one("ClashOccurred").round == 1
    assert b.one("LifeLost", player=1).reason == "Nightmarish Visions: Hikaru clashed with Cherri"


def test_crimson_does_nothing_when_the_opponents_printed_priority_is_not_lower():
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Crimson", "Drive"), ("Sweeping", "Strike")), lenient=True)
    assert b.one("EffectIgnored", card="Crimson").reason == (
        "Hikaru's printed priority Sweeping 3 + Strike 3 = 6 is not lower than hers (Crimson 0 + Drive 4 = 4)")
    assert b.none("ClashOccurred")


# -- Catatonic -----------------------------------------------------------------------------------------------


def test_catatonic_regains_insight_at_end_of_beat_when_she_was_hit():
    sc = Scenario(positions=(3, 4), tokens={0: []})
    b = sc.beat((("Catatonic", "Drive"), ("Focused", "Grasp")), lenient=True)
    dealt = b.one("DamageDealt", target=0)
    assert dealt.soak == 1 and dealt.soak_terms == "Catatonic 1 = 1"
    assert b.none("StunApplied", player=0)
    assert b.one("TokensGained", player=0).reason == "Catatonic"
    assert sc.state.fighters[0].tokens == [INSIGHT]


def test_catatonic_without_a_hit_gives_nothing():
    sc = Scenario(positions=(1, 7), tokens={0: []})
    b = sc.beat((("Catatonic", "Drive"), ("Focused", "Grasp")), lenient=True)
    assert b.one("EffectIgnored", card="Catatonic").reason == "she was not hit this beat"
    assert sc.state.fighters[0].tokens == []


# -- Mirage --------------------------------------------------------------------------------------------------


def test_mirage_makes_the_opponents_style_count_plus_0_priority_and_moves_her_to_range_3():
    sc = Scenario(positions=(3, 4))
    b = sc.beat((("Mirage", "Shot"), ("Sweeping", "Grasp")), lenient=True)
    pc = b.one("PriorityCompared")
    assert pc.terms[1] == "Sweeping 3 + Grasp 5 - Mirage: Sweeping counts +0 3 = 5"
    assert pc.priorities == (2, 5) and pc.active == 1
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0 and r.prompt.startswith("Mirage"))
    assert req.prompt == "Mirage: move directly to a space at range 3 from the opponent"
    mv = b.of("FighterMoved", player=0)[-1]
    assert mv.kind == "move_directly"
    assert abs(sc.state.fighters[0].position - sc.state.fighters[1].position) == 3


# -- Blind ---------------------------------------------------------------------------------------------------


BLIND = ("Blind", "Crimson", "Catatonic", "Strike", "Grasp", "Drive", "Shot", "Stare")


def test_blind_opponents_with_priority_3_or_less_do_not_hit_her():
    sc = Scenario(keep=(BLIND, HIKARU), positions=(3, 4))
    # Blind Grasp 4 against Geomantic Strike 3: she is active; Grasp moves him past her (Strike's Stun Guard 5 keeps
    # him from being stunned), and his Strike, in range, does not hit her.
    b = sc.beat((("Blind", "Grasp"), ("Geomantic", "Strike")), choices={0: [{"kind": "move", "to": 2}]},
                lenient=True)
    assert b.one("PriorityCompared").active == 0
    assert b.one("TriggerResolved", card="Blind").timing == "after"
    assert b.one("RangeChecked", player=1).in_range
    missed = b.one("AttackMissed", player=1)
    assert missed.reason == "dodged: Blind: opponents with priority 3 or less do not hit her (priority 3)"


def test_blind_does_not_stop_a_priority_above_3():
    sc = Scenario(keep=(BLIND, HIKARU), positions=(3, 4))
    s = sc.state
    a, b = s.fighters
    a.style, a.base, a.revealed = "Blind", "Drive", True
    b.style, b.base, b.revealed = "Sweeping", "Shot", True  # priority 5
    a.own.blind = "Blind"
    assert a.rules.dodge(s, 0, 1) is None
    b.style = "Geomantic"  # priority 2
    assert a.rules.dodge(s, 0, 1) == "Blind: opponents with priority 3 or less do not hit her (priority 2)"
    a.own.blind = ""
    assert a.rules.dodge(s, 0, 1) is None  # before her After Activating


# -- Dreamscape ----------------------------------------------------------------------------------------------


def test_dreamscape_may_move_her_directly_behind_the_opponent():
    sc = Scenario(keep=(("Dreamscape", "Crimson", "Grasp", "Drive", "Stare"), HIKARU), positions=(2, 4))
    b = sc.beat((("Dreamscape", "Grasp"), ("Focused", "Shot")), choices={0: [{"kind": "move", "to": 6}]},
                lenient=True)
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert req.prompt == "Dreamscape: you may move directly to a space behind the opponent"
    assert list(req.labels) == ["Stay on 2 (0)", "Move directly to 5 (2 → 5)", "Move directly to 6 (2 → 6)",
                                "Move directly to 7 (2 → 7)"]
    mv = b.one("FighterMoved", player=0)
    assert (mv.kind, mv.from_space, mv.to_space, mv.switched_sides) == ("move_directly", 2, 6, True)


def test_dreamscape_she_may_stay():
    sc = Scenario(keep=(("Dreamscape", "Crimson", "Grasp", "Drive", "Stare"), HIKARU), positions=(2, 4))
    b = sc.beat((("Dreamscape", "Grasp"), ("Focused", "Shot")), choices={0: [{"kind": "move", "to": 2}]},
                lenient=True)
    assert b.none("FighterMoved", player=0, kind="move_directly")


# -- Finishers -----------------------------------------------------------------------------------------------


def test_soul_gaze_stuns_and_gains_insight():
    sc = Scenario(positions=(2, 5), life=(5, 20), tokens={0: []}, options={"special_actions": True},
                  finishers=("Soul Gaze", "Four Winds"))
    b = sc.beat((("Special Action", "Strike"), ("Focused", "Shot")), lenient=True)
    assert b.one("HitScored", player=0)
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.one("TokensGained", player=0).reason == "Soul Gaze"


def test_the_watchers_moves_both_and_regains_insight_after_every_beat_for_the_duel():
    sc = Scenario(positions=(2, 5), life=(5, 20), tokens={0: []}, options={"special_actions": True},
                  finishers=("The Watchers", "Four Winds"))
    b = sc.beat((("Special Action", "Strike"), ("Focused", "Shot")),
                choices={0: [{"kind": "move", "to": 1}, {"kind": "move", "to": 7}]}, lenient=True)
    assert b.one("HitScored", player=0)
    moves = [(e.player, e.kind, e.to_space) for e in b.of("FighterMoved") if e.kind == "move_directly"]
    assert moves[:2] == [(0, "move_directly", 1), (1, "move_directly", 7)]
    gained = b.one("TokensGained", player=0)
    assert gained.reason == "The Watchers: regains her Insight token after each beat for the rest of the duel"
    snap = snapshot(sc.state)["fighters"][0]
    assert snap["lasting"] == ["The Watchers: regains her Insight token after each beat"]
    # the next beat: anted again, and back after the beat
    b2 = sc.beat((("Catatonic", "Drive"), ("Sweeping", "Strike")), antes={0: [INSIGHT]},
                 choices={0: clash("Grasp"), 1: clash("Drive")}, lenient=True)
    assert any(e.reason.startswith("The Watchers") for e in b2.of("TokensGained", player=0))


# -- what the tools show -------------------------------------------------------------------------------------


def test_statistics_count_the_insight_clashes():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "cherri"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante=INSIGHT, source="t"),
        E.PairRevealed(styles=("Catatonic", "Sweeping"), bases=("Strike", "Strike")),
        E.TriggerResolved(player=0, card=ABILITY, timing="reveal", text="..."),
        E.ClashOccurred(priority=1, round=1),
        E.LifeLost(player=1, amount=1, lost=1, life_after=19, reason="Nightmarish Visions: Hikaru clashed with Cherri"),
        KE.TokensGained(player=0, tokens=(INSIGHT,), reason="Nightmarish Visions: took 4 damage at once",
                        from_discard=True),
        E.BeatEnded(beat=1, beats_left=14, life=(16, 19), positions=(3, 4)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {INSIGHT: 1}, "clash forced": {INSIGHT: 1}, "gained": {INSIGHT: 1}}
    assert ann["counts"]["clashes"] == 1 and ben["usage"]["tokens_used"] == {}


def test_the_viewer_draws_insight_as_a_token_and_the_watchers_as_a_lasting_effect():
    from recorder.games.battlecon.render import render_state
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("cherri")
    assert info["tokens"] == [INSIGHT] and info["zones"] == []
    sc = Scenario(positions=(3, 4))
    sc.state.fighters[0].own.watchers = "The Watchers"
    snap = snapshot(sc.state)
    assert snap["fighters"][0]["tokens"] == [INSIGHT]
    assert "The Watchers: regains her Insight token after each beat" in render_state(snap)


def test_a_players_view_never_shows_her_face_down_pair_or_the_opponents_clash_base():
    from recorder.decisions import Answer
    sc = Scenario(positions=(3, 4))
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Catatonic", "base": "Strike"}, "test"))
    m.advance(Answer({"player": 1, "style": "Sweeping", "base": "Strike"}, "test"))
    while m.pending.kind == "ante":
        p = m.pending.player
        m.advance(Answer({"player": p, "ante": INSIGHT if p == 0 else "pass"}, "test"))
        if p == 0:
            break
    ben = redact(snapshot(m.state), 1)["fighters"][0]
    assert ben["pair"] == {"style": "?", "base": "?", "covered": []} and ben["anted"] == [INSIGHT]
    while m.pending.kind == "ante":
        m.advance(Answer({"player": m.pending.player, "ante": "pass"}, "test"))
    assert m.pending.kind == "clash"
    first = m.pending.player
    m.advance(Answer({"player": first, "base": "Grasp" if first == 0 else "Drive"}, "test"))
    view = redact(snapshot(m.state), 1 - first)["fighters"][first]
    assert view["pair"]["base"] == "?"  # the clash base chosen face down stays hidden
    assert redact(snapshot(m.state), None)["fighters"][first]["pair"]["base"] == "?"


def test_adding_her_changes_no_fingerprint_of_a_match_without_her():
    assert_no_other_fingerprint_changed("cherri")


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_her_whole_matches_and_ante_insight(bots):
    seen = [e.ante for m in bot_matches(("cherri", "cadenza"), bots) for e in m.events("AnteDeclared", player=0)]
    assert INSIGHT in seen


def test_faq_knives_does_not_stop_the_insight_clash_but_wins_the_tie_after_it():
    # WoI FAQ (Cherri), with Heketch's Knives ("If the priorities are tied, Heketch becomes the Active Player without
    # a clash"): Crimson Strike 3 against Merciless Strike 3 -- the Insight token's clash happens all the same; the
    # clash bases tie (Crimson Grasp 5, Merciless Knives 5), and Knives makes him active instead of extending it.
    heketch = ("Merciless", "Critical", "Psycho", "Knives", "Grasp", "Drive", "Shot", "Strike")
    sc = _Scenario(("cherri", "heketch"), keep=(MINE, heketch), positions=(3, 4))
    b = sc.beat((("Crimson", "Strike"), ("Merciless", "Strike")), antes={0: [INSIGHT]},
                choices={0: [{"kind": "order", "first": "Crimson"}, *clash("Grasp")], 1: clash("Knives")},
                lenient=True)
    assert b.one("EffectIgnored", card="Crimson").reason.startswith("Heketch's printed priority Merciless 0 + Strike 3")
    first, second = b.of("PriorityCompared")
    assert first.priorities == (3, 3) and first.active is None
    assert first.why == "Cherri's Insight token (Nightmarish Visions): a clash whatever the priorities (3 and 3)"
    assert second.priorities == (5, 5) and second.active == 1
    assert second.why == "tie at 5: Heketch's Knives makes him the Active Player without a clash"
    assert [e.round for e in b.of("ClashOccurred")] == [1]
    assert [e.reason for e in b.of("LifeLost", player=1)][:1] == ["Nightmarish Visions: Heketch clashed with Cherri"]


def test_crimson_does_not_clash_a_finisher():
    sc = Scenario(positions=(3, 4), life=(20, 5), options={"ante_finishers": True},
                  finishers=("Soul Gaze", "Wrath of Elements"))
    b = sc.beat((("Crimson", "Grasp"), ("Sweeping", "Strike")), antes={1: ["Wrath of Elements"]}, lenient=True)
    assert b.one("EffectIgnored", card="Crimson").reason == "Hikaru's attack is a Finisher: a Finisher can't be clashed"
    assert b.none("ClashOccurred")


def test_explain_words_quote_her_ability_and_name_the_forced_clash():
    sc = Scenario(positions=(3, 4))
    sc.beat((("Catatonic", "Strike"), ("Sweeping", "Strike")), antes={0: [INSIGHT]},
            choices={0: clash("Grasp"), 1: clash("Drive")}, lenient=True)
    assert said(sc, "TriggerResolved")[0][0] == (
        "Cherri's Nightmarish Visions, Reveal: Insight token anted: a clash occurs as a Reveal effect, regardless of "
        "priority (a Finisher can't be clashed). If a player reveals a Special Action, the token has no effect.")
    assert said(sc, "PriorityCompared")[0][0] == (
        "Priority: Cherri Strike 3 - Catatonic 2 = 1; Hikaru Strike 3 + Sweeping 3 = 6. No active player: Cherri's "
        "Insight token (Nightmarish Visions): a clash whatever the priorities (1 and 6)")
    assert said(sc, "LifeLost") == [("Hikaru loses 1 life (Nightmarish Visions: Hikaru clashed with Cherri); life 20 → 19",
                                     "WoI p.29, Lose Life; FAQ 'Can I die from a Life Loss effect?'")]
    assert said(sc, "TokensGained") == [("Cherri gains an Insight token (Catatonic)", "WoI p.31, Tokens")]


def test_state_as_the_opponent_hides_her_face_down_pair_but_shows_the_anted_insight():
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from beatlog.cli import main

    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-cherri-vs-hikaru.jsonl"
    rows = [json.loads(line) for line in log.read_bytes().splitlines()[1:]]
    at = next(r for r in rows if r["type"] == "AnteDeclared" and r["data"]["ante"] == INSIGHT)
    n = sum(1 for r in rows[:rows.index(at) + 1] if r["duel"] == at["duel"] and r["beat"] == at["beat"])
    args = ["state", str(log), "--duel", str(at["duel"]), "--beat", str(at["beat"]), "--event", str(n)]
    seen = CliRunner().invoke(main, [*args, "--as", "2"])
    assert seen.exit_code == 0, seen.output
    line = next(t for t in seen.output.splitlines() if "Cherri Seneca" in t)
    assert "pair: face down (unknown to you)" in line
    assert "anted: Insight" in seen.output  # an ante is public
    own = CliRunner().invoke(main, [*args, "--as", "1"])
    pair = next(t for t in own.output.splitlines() if "Cherri Seneca" in t).split("pair: ")[1].split(" (face down")[0]
    assert pair and pair not in line


def test_naturalizing_keeps_stares_x_as_printed_and_cuts_only_the_bonuses():
    # Lixis's Naturalizing keeps the opponent's figures at their printed values: Stare prints its priority as X, so X
    # counts as printed (the printed_variable hook); a bonus above it is cut.
    from recorder.games.battlecon import stats
    from recorder.games.battlecon.state import Status
    sc = _Scenario(("cherri", "lixis"), positions=(3, 4), keep=(MINE, ("Naturalizing", "Lance")))
    s = sc.state
    a, b = s.fighters
    a.style, a.base, a.revealed = "Crimson", "Stare", True
    b.style, b.base, b.revealed = "Naturalizing", "Lance", True
    b.own.natural = "Naturalizing"
    total, terms = stats.priority(s, 0)
    assert (total, stats.format_terms(terms, total)) == (5, "Crimson 0 + Stare 0 + X = Lixis's Lance 5 = 5")
    a.statuses.append(Status(stat="priority", amount=2, beat=s.beat, label="a bonus"))
    total, terms = stats.priority(s, 0)
    assert total == 5 and terms[-1][1] == -2  # the bonus alone is cut
