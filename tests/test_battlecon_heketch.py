"""Regicide Heketch (War of Indines): Dark Force (an ante that moves him during the ante step, the end-of-beat
regain), every card, both Finisher sides, the FAQ rulings that name him, and the rulings that decided his values
(docs/rulings.md, "Heketch")."""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.snapshot import redact, snapshot
from tests.battlecon_scenarios import (Scenario as _Scenario, bot_matches, assert_no_other_fingerprint_changed,
                                       assert_preview_refuses)
from tests.explain_support import told

DARK = "Dark Force"
H = KITS["heketch"]
OPP = ("Lure", "Evacuation", "Blight", "Drive", "Grasp", "Strike", "Shot", "Burst")


def Scenario(fighters=("heketch", "khadath"), keep=((), OPP), **kw):  # noqa: N802 - Khadath keeps OPP in hand
    return _Scenario(fighters, keep=keep, **kw)


def said(sc, type_):
    """The words and citations of every ``type_`` record of the match so far, as explain reads them."""
    return [(text, cite) for t, text, cite in told(GAME, GAME.new_state(sc.header), sc.match.entries) if t == type_]


def amount(n):
    """Spend Dark Force (1) or keep it (0): the spend_token answer."""
    return {"kind": "spend_token", "token": DARK if n else "none"}


def test_card_data_values_and_rulings():
    c = H.cards
    knives = c["Knives"]
    assert (knives.range, knives.power, knives.priority, knives.stun_guard) == ((1, 2), 4, 5, 0)
    assert [(c[s].range, c[s].power, c[s].priority) for s in H.styles] == [
        ((0, 1), -1, 0), ((0, 0), -1, 1), ((0, 1), -1, 1), ((0, 0), 0, 0), ((0, 0), 0, 1)]
    assert H.styles == ("Merciless", "Critical", "Rasping", "Assassin", "Psycho")
    mk, ln = c["Million Knives"], c["Living Nightmare"]
    assert (mk.range, mk.power, mk.priority) == ((1, 4), 3, 7)
    assert (ln.range, ln.power, ln.priority) == ((1, 1), 3, 2)
    assert "R (an older printing)" in ln.ruling  # the ⚠ row: G and Y's text
    assert H.tokens == (DARK,) and H.token_effects == {DARK: {"priority": 3}} and H.editions == ("woi",)
    assert H.suggested == (("Merciless", "Strike"), ("Rasping", "Burst"))  # the marked styles (G's colours)
    assert H.short_name == "Heketch" and H.name == "Regicide Heketch"


def test_preview_refuses_him_in_one_line():
    assert_preview_refuses("heketch")


# -- Dark Force ------------------------------------------------------------------------------------------


def test_dark_force_moves_him_next_to_the_opponent_during_the_ante_step_before_the_next_ante():
    sc = Scenario(("heketch", "hikaru"), keep=(("Critical", "Knives"), ("Focused", "Drive")), positions=(1, 5))
    b = sc.beat((("Critical", "Knives"), ("Focused", "Drive")), antes={0: [DARK]},
                choices={0: [{"kind": "move", "to": 4}]}, lenient=True)
    types = b.types()
    anted = next(i for i, e in enumerate(b.entries) if e.type == "AnteDeclared" and e.event.ante == DARK)
    assert types[anted + 1:anted + 3] == ["MoveChosen", "FighterMoved"]
    mv = b.entries[anted + 2].event
    assert (mv.player, mv.kind, mv.from_space, mv.to_space) == (0, "move_directly", 1, 4)
    # Hikaru answers after seeing it: an ante decision of his follows the move, all before the reveal.
    later = [e for e in b.entries[anted + 3:types.index("PairRevealed")] if e.type == "AnteDeclared"]
    assert later and later[0].event.player == 1
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert req.prompt == "Dark Force: move directly to a space adjacent to the opponent"
    assert list(req.labels) == ["Move directly to 4 (1 → 4)", "Move directly to 6 (1 → 6)"]
    pc = b.one("PriorityCompared")
    assert pc.terms[0] == "Critical 1 + Knives 5 + Dark Force token 3 = 9"
    ante_req = next(r for r in sc.requests if r.kind == "ante" and r.player == 0)
    assert "Ante Dark Force (+3 Priority; move directly next to the opponent now)" in ante_req.labels
    assert said(sc, "FighterMoved")[0] == ("Heketch moves directly (1 → 4) during the ante step, before the reveal",
                                          "WoI p.27-28, Movement")


def test_already_adjacent_he_moves_to_the_opponents_other_side():
    sc = Scenario(keep=(("Critical", "Knives"), OPP), positions=(3, 4))
    b = sc.beat((("Critical", "Knives"), ("Lure", "Drive")), antes={0: [DARK]}, lenient=True)
    mv = b.of("FighterMoved", player=0)[0]
    assert (mv.kind, mv.from_space, mv.to_space, mv.switched_sides) == ("move_directly", 3, 5, True)


def test_no_free_adjacent_space_keeps_him_in_place_with_the_priority():
    sc = Scenario(keep=(("Critical", "Knives"), OPP), positions=(2, 1))
    b = sc.beat((("Critical", "Knives"), ("Lure", "Drive")), antes={0: [DARK]}, lenient=True)
    ignored = b.one("EffectIgnored", card=DARK)
    assert ignored.reason == "no free space adjacent to the opponent"
    assert b.one("PriorityCompared").terms[0].endswith("Dark Force token 3 = 9")


def test_regains_dark_force_at_the_end_of_the_beat_only_at_range_3_or_more():
    sc = Scenario(keep=(("Critical", "Psycho", "Shot", "Knives"), OPP), positions=(1, 7), tokens={0: []})
    b = sc.beat((("Critical", "Shot"), ("Lure", "Grasp")), lenient=True)
    gained = b.one("TokensGained", player=0)
    dist = abs(sc.state.fighters[0].position - sc.state.fighters[1].position)
    assert dist >= 3 and gained.from_discard and gained.tokens == (DARK,)
    assert gained.reason == f"Dark Force: {dist - 1} spaces between him and the opponent"
    assert sc.state.fighters[0].tokens == [DARK]
    sc2 = Scenario(keep=(("Critical", "Knives"), OPP), positions=(3, 4), tokens={0: []})
    b2 = sc2.beat((("Critical", "Knives"), ("Lure", "Grasp")), lenient=True)
    assert b2.none("TokensGained") and sc2.state.fighters[0].tokens == []


# -- Knives ----------------------------------------------------------------------------------------------


def test_knives_does_not_stun_at_range_1():
    sc = Scenario(keep=(("Critical", "Knives"), OPP), positions=(3, 4))
    b = sc.beat((("Critical", "Knives"), ("Lure", "Drive")), choices={0: [amount(0)]}, lenient=True)
    assert b.one("DamageDealt", player=0).amount == 3
    prevented = b.one("StunPrevented", player=1)
    assert prevented.by == "Knives: does not stun an opponent at range 1"
    assert b.none("StunApplied", player=1)


def test_knives_stuns_at_range_2():
    sc = Scenario(keep=(("Critical", "Knives"), OPP), positions=(3, 5))
    b = sc.beat((("Critical", "Knives"), ("Lure", "Drive")), lenient=True)
    assert b.one("EffectIgnored", card="Critical").reason == "the opponent is at range 2, not 1"
    assert b.one("StunApplied", player=1).reason == "damage"


def test_knives_wins_a_priority_tie_without_a_clash():
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 5))
    b = sc.beat((("Merciless", "Knives"), ("Evacuation", "Grasp")), lenient=True)
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, 5) and pc.active == 0
    assert pc.why == "tie at 5: Heketch's Knives makes him the Active Player without a clash"
    assert b.none("ClashOccurred")


def test_knives_against_another_win_ties_effect_cancel_out_into_a_clash(monkeypatch):
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 5))
    other = sc.state.fighters[1].rules  # a fighter whose ability also wins ties (Haste, say)
    monkeypatch.setattr(other, "tie_winner", lambda s, pr, terms: (1, "the opponent's own rule"))
    b = sc.beat((("Merciless", "Knives"), ("Evacuation", "Grasp")), lenient=True)
    assert b.of("PriorityCompared")[0].why == "tie at 5: clash"
    assert b.of("ClashOccurred")


def test_knives_against_a_finisher_the_finisher_wins_the_tie():
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 5))
    s = sc.state
    s.fighters[0].style, s.fighters[0].base = "Merciless", "Knives"
    assert s.fighters[0].rules.tie_winner(s, (5, 5), ((), ()))[0] == 0
    s.fighters[1].finisher, s.fighters[1].finisher_active = "Dimensional Exile", True
    assert s.fighters[0].rules.tie_winner(s, (5, 5), ((), ())) is None  # the shared rule: the Finisher wins


# -- Merciless ---------------------------------------------------------------------------------------------


def test_merciless_punishes_an_opponent_moving_past_him_and_stops_their_movement():
    # Hikaru's Advancing (Start of Beat: advance 1) hops over him from the next space: he moved past.
    sc = _Scenario(("heketch", "hikaru"), keep=(("Merciless", "Strike"), ("Advancing", "Drive")), positions=(3, 4))
    b = sc.beat((("Merciless", "Strike"), ("Advancing", "Drive")), lenient=True)
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.reason) == (2, "Merciless: moved past Heketch")
    lock = b.one("MovementLocked", player=1)
    assert (lock.when, lock.reason) == ("this", "Merciless: moved past Heketch")
    # Drive's Before Activating advance is then refused, in words.
    drive = [e for e in b.of("EffectIgnored", player=1) if e.card == "Drive"]
    assert drive[0].reason == "Hikaru cannot move this beat (Merciless: moved past Heketch)"
    assert said(sc, "MovementLocked") == [("Hikaru cannot move for the rest of this beat (Merciless: moved past "
                                           "Heketch)", "Heketch: Merciless (this beat) / Assassin (On Damage: next beat)")]
    assert sc.state.fighters[1].locks == []  # gone at the end of the beat


def test_merciless_counts_nothing_before_it_is_revealed():
    from recorder.games.battlecon.effects import moved
    from recorder.games.battlecon import events as E
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 4))
    s = sc.state
    s.fighters[0].style, s.fighters[0].base, s.fighters[0].revealed = "Merciless", "Knives", False
    assert not s.fighters[0].rules.after_movement(sc.match.ctx, 0, E.FighterMoved(
        player=1, by=1, kind="advance", from_space=4, to_space=2, distance=1, switched_sides=True), None)
    assert moved is not None and s.fighters[1].life == 20 and s.fighters[1].locks == []


def test_merciless_life_loss_at_1_life_counts_in_full_faq():
    # WoI FAQ 'Can I die from a Life Loss effect?': Heketch's Merciless at 1 life -- stays at 1, lost 2 counts.
    sc = _Scenario(("heketch", "hikaru"), keep=(("Merciless", "Strike"), ("Advancing", "Drive")), positions=(3, 4),
                   life=(20, 1))
    b = sc.beat((("Merciless", "Strike"), ("Advancing", "Drive")), lenient=True)
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.lost, lost.life_after) == (2, 0, 1)
    assert said(sc, "LifeLost")[0][0].startswith("Hikaru loses 2 life (Merciless: moved past Heketch), only 0 "
                                                "(never below 1)")


def test_merciless_after_activating_with_dark_force_nothing_hits_him():
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 4))
    b = sc.beat((("Merciless", "Knives"), ("Lure", "Strike")), lenient=True)  # 5 against 2: he is active
    dodge = b.one("DodgeGained", player=0)
    assert dodge.reason == "Merciless: Dark Force, attacks do not hit him or deal him damage for the rest of the beat"
    missed = b.of("AttackMissed", player=1)
    assert b.none("HitScored", player=1) and (not b.of("RangeChecked", player=1) or missed)


def test_merciless_without_the_token_does_nothing_after_activating():
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 4), tokens={0: []})
    b = sc.beat((("Merciless", "Knives"), ("Lure", "Strike")), lenient=True)
    assert b.one("EffectIgnored", card="Merciless").reason == "no Dark Force token"
    assert b.none("DodgeGained")


# -- Critical, Rasping ---------------------------------------------------------------------------------------


def test_critical_spends_dark_force_for_3_power_and_ignores_stun_guard():
    sc = Scenario(keep=(("Critical", "Strike"), OPP), positions=(3, 4))
    b = sc.beat((("Critical", "Strike"), ("Lure", "Strike")), choices={0: [amount(1)]}, lenient=True)
    spent = b.one("TokensSpent", player=0)
    assert spent.tokens == (DARK,) and spent.reason == "Critical"
    status = b.one("StatusGained", player=0)
    assert (status.stat, status.amount, status.label) == ("power", 3, "Critical (Dark Force)")
    dealt = b.one("DamageDealt", player=0)
    assert dealt.amount == 6 and dealt.power_terms == "Critical -1 + Strike 4 + Critical (Dark Force) 3 = 6"
    assert b.one("StunApplied", player=1).stun_guard == 0  # Strike's Stun Guard 5 is ignored
    req = next(r for r in sc.requests if r.kind == "spend_token")
    assert req.prompt == "Critical: spend Dark Force for +3 Power?"
    assert list(req.labels) == ["Keep Dark Force", "Spend Dark Force for +3 Power"]


def test_rasping_regains_half_the_damage_dealt_rounded_up():
    sc = Scenario(keep=(("Rasping", "Strike"), OPP), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Rasping", "Strike"), ("Lure", "Drive")), choices={0: [amount(1)]}, lenient=True)
    dealt = b.one("DamageDealt", player=0)
    assert dealt.amount == 6  # Strike 4 - 1 + 3
    gained = b.one("LifeGained", player=0)
    assert (gained.amount, gained.reason) == (3, "Rasping: half of 6 damage, rounded up")
    sc = Scenario(keep=(("Rasping", "Strike"), OPP), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Rasping", "Strike"), ("Lure", "Drive")), choices={0: [amount(0)]}, lenient=True)
    assert b.one("DamageDealt", player=0).amount == 3 and b.one("LifeGained", player=0).amount == 2


# -- Assassin ----------------------------------------------------------------------------------------------


def test_assassin_retreats_any_number_and_locks_the_opponent_next_beat():
    sc = Scenario(keep=(("Assassin", "Strike", "Critical", "Knives"), OPP), positions=(3, 4))
    b = sc.beat((("Assassin", "Strike"), ("Lure", "Strike")),
                choices={0: [{"kind": "move", "to": 3}, amount(1)]}, lenient=True)  # 3 against 2: he is active
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert "Stay on 3 (0)" in req.labels and "Retreat 2 (3 → 1)" in req.labels
    lock = b.one("MovementLocked", player=1)
    assert (lock.when, lock.reason) == ("next", "Assassin")
    assert sc.state.fighters[1].locks == [(2, "Assassin")]
    b2 = sc.beat((("Critical", "Knives"), ("Blight", "Drive")), lenient=True)
    ignored = [e for e in b2.of("EffectIgnored", player=1) if e.card == "Drive"]
    assert ignored and ignored[0].reason == "Khadath cannot move this beat (Assassin)"
    assert sc.state.fighters[1].locks == []


def test_assassin_at_range_2_asks_nothing():
    sc = Scenario(keep=(("Assassin", "Knives"), OPP), positions=(3, 5))
    b = sc.beat((("Assassin", "Knives"), ("Lure", "Drive")), choices={0: [{"kind": "move", "to": 3}]}, lenient=True)
    assert b.one("EffectIgnored", card="Assassin").reason == "the opponent is at range 2, not 1"
    assert b.none("MovementLocked")


# -- Psycho ------------------------------------------------------------------------------------------------


def test_psycho_advances_until_adjacent_and_executes_the_attack_again_at_end_of_beat():
    sc = Scenario(keep=(("Psycho", "Strike"), OPP), positions=(1, 5))
    b = sc.beat((("Psycho", "Strike"), ("Lure", "Drive")), choices={0: [amount(1)]}, lenient=True)
    start = [m for m in b.of("FighterMoved", player=0) if m.kind == "advance"][0]
    assert (start.from_space, start.to_space) == (1, 4)
    earned = b.one("ActivationEarned", player=0)
    assert (earned.card, earned.reason) == ("Psycho", "spent Dark Force")
    again = b.one("ActivationRepeated", player=0)
    assert (again.card, again.activation) == ("Psycho Strike", 2)
    i = b.types().index("ActivationRepeated")
    assert b.types().index("TriggerResolved") < i < b.types().index("CardsRecycled")
    assert len(b.of("HitScored", player=0)) == 2


def test_psycho_already_adjacent_does_not_move():
    sc = Scenario(keep=(("Psycho", "Strike"), OPP), positions=(3, 4))
    b = sc.beat((("Psycho", "Strike"), ("Lure", "Drive")), choices={0: [amount(0)]}, lenient=True)
    assert b.one("EffectIgnored", card="Psycho").reason == "already adjacent to the opponent"
    assert b.none("ActivationRepeated")


# -- Finishers ---------------------------------------------------------------------------------------------


def _finisher(side, positions, life=(5, 20)):
    return Scenario(positions=positions, life=life, options={"special_actions": True},
                    finishers=(side, KITS["khadath"].finishers[0]))


def test_million_knives_advances_and_executes_again_while_not_adjacent():
    sc = _finisher("Million Knives", (1, 5))
    assert sc.state.fighters[0].finisher == "Million Knives"
    b = sc.beat((("Special Action", "Knives"), ("Lure", "Drive")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Million Knives"
    hits = b.of("HitScored", player=0)
    again = b.of("ActivationRepeated", player=0)
    assert len(hits) == 3 and [a.activation for a in again] == [2, 3]  # range 4, 3, 2: then adjacent
    reasons = [e.reason for e in b.of("ActivationEarned", player=0)]
    assert reasons == ["moved and still at range 3", "moved and still at range 2"]
    assert abs(sc.state.fighters[0].position - sc.state.fighters[1].position) == 1


def test_living_nightmare_stuns_and_regains_dark_force_every_beat_for_the_rest_of_the_duel():
    sc = _finisher("Living Nightmare", (3, 4))
    sc.state.fighters[0].token_discard, sc.state.fighters[0].tokens = [DARK], []
    b = sc.beat((("Special Action", "Knives"), ("Lure", "Strike")), lenient=True)
    assert b.one("PriorityCompared").why == "tie at 2: Heketch's Finisher wins the tie without a clash"
    assert b.one("StunApplied", player=1).reason == "effect"
    gained = b.one("TokensGained", player=0)
    assert gained.reason == "Living Nightmare: every end of beat for the rest of the duel"
    assert sc.state.fighters[0].own.nightmare
    assert snapshot(sc.state)["fighters"][0]["nightmare"] is True


# -- secrets, statistics -------------------------------------------------------------------------------------


def test_the_opponent_never_sees_his_face_down_pair_though_the_move_is_public():
    from recorder.decisions import Answer
    sc = _Scenario(("heketch", "hikaru"), keep=(("Critical", "Knives"), ("Focused", "Drive")), positions=(1, 5))
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Critical", "base": "Knives"}, "test"))
    m.advance(Answer({"player": 1, "style": "Focused", "base": "Drive"}, "test"))
    if m.pending.player == 1:
        m.advance(Answer({"player": 1, "ante": "pass"}, "test"))
    m.advance(Answer({"player": 0, "ante": DARK}, "test"))
    m.advance(Answer({"player": 0, "to": 4}, "test"))
    assert (m.pending.kind, m.pending.player) == ("ante", 1)  # Hikaru decides, seeing the move
    view = redact(snapshot(m.state), 1)
    me = view["fighters"][0]
    assert me["pair"] == {"style": "?", "base": "?", "covered": []} and me["position"] == 4
    assert "Critical" in me["hand"] and me["anted"] == [DARK]
    assert redact(snapshot(m.state), None)["fighters"][0]["pair"]["style"] == "?"  # a spectator neither
    assert redact(snapshot(m.state), 0)["fighters"][0]["pair"]["style"] == "Critical"
    assert redact(snapshot(m.state), 0)["fighters"][1]["pair"]["style"] == "?"


def test_statistics_count_dark_force_anted_spent_and_regained_and_his_finisher():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from recorder.games.battlecon import special_events as SE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "heketch"), b=("Ben", "khadath"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante=DARK, source="t"),
        E.FighterMoved(player=0, by=0, kind="move_directly", from_space=1, to_space=4, distance=3,
                       switched_sides=False),
        E.PairRevealed(styles=("Special Action", "Lure"), bases=("Knives", "Drive")),
        SE.SpecialActionRevealed(player=0, base="Knives", action="finisher"),
        SE.FinisherRevealed(player=0, finisher="Million Knives", how="special"),
        KE.MovementLocked(player=1, when="this", reason="Merciless: moved past Heketch"),
        KE.TokensGained(player=0, tokens=(DARK,), reason="Dark Force: 2 spaces between him and the opponent",
                        from_discard=True),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(4, 7)),
        E.BeatStarted(beat=2), KE.TokensSpent(player=0, tokens=(DARK,), reason="Critical"),
        E.BeatEnded(beat=2, beats_left=13, life=(20, 20), positions=(4, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events[:9]] + [(2, e) for e in events[9:]]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {DARK: 1}, "gained": {DARK: 1}, "spent": {DARK: 1}}
    assert ann["usage"]["cards_played"]["finisher"] == {"Million Knives": 1}
    assert ann["counts"]["finishers_used"] == 1
    assert ben["usage"]["tokens_used"] == {}


def test_the_viewer_draws_dark_force_as_a_token_and_a_lock_as_a_status():
    from recorder.games.battlecon.render import render_state
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("heketch")
    assert info["tokens"] == [DARK] and info["zones"] == []
    sc = Scenario(keep=(("Assassin", "Strike"), OPP), positions=(3, 4))
    sc.beat((("Assassin", "Strike"), ("Lure", "Strike")), choices={0: [{"kind": "move", "to": 3}, amount(1)]},
            lenient=True)
    snap = snapshot(sc.state)
    assert snap["fighters"][1]["cannot_move"] == [{"beat": 2, "label": "Assassin"}]
    assert "cannot_move" not in snap["fighters"][0]  # only while there is one: other snapshots are unchanged
    assert "cannot move in beat 2 (Assassin)" in render_state(snap)
    board = (Path(__file__).resolve().parent.parent / "recorder" / "games" / "battlecon" / "view" / "board.js")
    assert "concat(f.cannot_move || [])" in board.read_text(encoding="utf-8")  # drawn in Chromium: test_viewer_heketch_browser


def test_explain_words_quote_the_cards():
    sc = Scenario(keep=(("Psycho", "Strike"), OPP), positions=(1, 5))
    sc.beat((("Psycho", "Strike"), ("Lure", "Drive")), choices={0: [amount(1)]}, lenient=True)
    lines = [text for text, _ in said(sc, "TriggerResolved") if text.startswith("Heketch's Psycho")]
    assert lines == ["Heketch's Psycho, Start of Beat: Advance until you are adjacent to the opponent.",
                     "Heketch's Psycho, End of Beat: If the opponent is at range 1, you may spend the Dark Force "
                     "token to execute this attack again."]
    assert said(sc, "ActivationEarned") == [("Heketch's Psycho: the attack will activate again (spent Dark Force)",
                                             "Heketch: Psycho (End of Beat) / Million Knives (On Hit): execute the "
                                             "attack again")]
    assert said(sc, "ActivationRepeated")[0][0] == "Heketch activates Psycho Strike again (activation 2)"


def test_adding_him_changes_no_fingerprint_of_a_match_without_him():
    assert_no_other_fingerprint_changed("heketch", samples=(("woi-hikaru-vs-khadath.jsonl", ("hikaru", "khadath")),
                                                            ("woi-luc-vs-hikaru.jsonl", ("luc", "hikaru"))))


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_his_whole_matches_and_ante_dark_force(bots):
    seen = [e.ante for m in bot_matches(("heketch", "cadenza"), bots) for e in m.events("AnteDeclared", player=0)]
    assert DARK in seen


def test_merciless_sees_a_direct_move_past_him_by_another_kit_paladin():
    # Vanaah's Paladin (End of Beat: move directly next to the opponent) from his left to his right moves past him.
    sc = _Scenario(("heketch", "vanaah"), keep=(("Merciless", "Dash"), ("Paladin", "Shot")), positions=(4, 3))
    b = sc.beat((("Merciless", "Dash"), ("Paladin", "Shot")),
                choices={0: [{"kind": "move", "to": 5}], 1: [{"kind": "move", "to": 6}]}, lenient=True)
    passed = b.one("FighterMoved", player=1, kind="move_directly")
    assert (passed.from_space, passed.to_space, passed.switched_sides) == (3, 6, True)
    assert b.one("LifeLost", player=1).reason == "Merciless: moved past Heketch"
    assert b.one("MovementLocked", player=1).when == "this"


def test_merciless_sees_a_finishers_rearrangement_past_him():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon.effects import moved
    sc = Scenario(keep=(("Merciless", "Knives"), OPP), positions=(3, 4))
    s = sc.state
    s.fighters[0].style, s.fighters[0].base, s.fighters[0].revealed = "Merciless", "Knives", True
    ctx = sc.match.ctx
    moved(ctx, E.FighterMoved(player=1, by=1, kind="rearrange", from_space=4, to_space=2, distance=2,
                              switched_sides=True), 1, None)
    lost = [e.event for e in ctx.entries if e.type == "LifeLost"]
    assert lost and lost[-1].reason == "Merciless: moved past Heketch" and s.fighters[1].locks


def test_psycho_does_not_execute_again_while_he_is_stunned():
    from recorder.games.battlecon.fighters.heketch import spend_to_execute_again
    sc = Scenario(keep=(("Psycho", "Strike"), OPP), positions=(3, 4))
    sc.state.fighters[0].stunned = True
    ctx = sc.match.ctx
    assert list(spend_to_execute_again(ctx, 0, "Psycho", None)) == []  # nothing asked
    assert ctx.entries[-1].event.reason == "stunned: no attack this beat"


def test_knives_against_zaamassals_haste_both_win_ties_so_they_clash():
    # Two "win priority ties" effects for different fighters cancel out (docs/rulings.md#bc-knives).
    sc = _Scenario(("heketch", "zaamassal"), keep=(("Merciless", "Knives"), ("Sinuous", "Drive")), positions=(5, 2))
    f = sc.state.fighters[1]
    f.zones["paradigms"] = [c for c in f.zones.get("paradigms", []) if c != "Haste"]
    f.zones["active paradigms"] = ["Haste"]
    b = sc.beat((("Merciless", "Knives"), ("Sinuous", "Drive")), lenient=True)
    first = b.of("PriorityCompared")[0]
    assert first.priorities == (5, 5) and first.why == "tie at 5: clash"
    assert b.of("ClashOccurred")
