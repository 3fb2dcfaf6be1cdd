"""Sagas Seities (War of Indines): Shadow Mirror (the Mirror token, Reflection, its regain), every card, both
Finisher sides, the FAQ rulings that name him, and the rulings that decided his values (docs/rulings.md,
"Sagas")."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import GAME, movement, stats
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.snapshot import redact, snapshot
from recorder.games.battlecon.state import Status
from recorder.header import Player
from tests.battlecon_scenarios import Scenario, bot_matches, assert_no_other_fingerprint_changed, assert_preview_refuses
from tests.explain_support import told

MIRROR = "Mirror"
G = KITS["sagas"]


def said(sc, type_):
    return [(text, cite) for t, text, cite in told(GAME, GAME.new_state(sc.header), sc.match.entries) if t == type_]


def spend(yes):
    return {"kind": "spend_token", "token": MIRROR if yes else "none"}


def test_card_data_values_and_rulings():
    c = G.cards
    staff = c["Staff"]
    assert (staff.range, staff.power, staff.priority, staff.stun_guard) == ((1, 2), 3, 4, 4)
    assert G.styles == ("Negation", "Echo", "Repelling", "Shadow", "Shattering")
    assert [(c[s].range, c[s].power, c[s].priority) for s in G.styles] == [
        ((0, 0), 0, 0), ((0, 0), 0, 0), ((1, 2), -1, 1), ((0, 1), -1, 0), ((1, 2), 1, -1)]
    assert c["Shattering"].stun_guard == 2
    assert "Power -1 (G; Gc codes +1)" in c["Shadow"].ruling  # the ⚠ value
    sm = c["Soul Mirror"]
    assert (sm.range, sm.power, sm.priority) == ((1, 1), None, 7)
    assert G.tokens == (MIRROR,) and G.editions == ("woi",) and G.short_name == "Sagas"
    assert G.suggested == (("Negation", "Strike"), ("Repelling", "Burst"))  # the marked styles (G's colours)


def test_preview_refuses_him_in_one_line():
    assert_preview_refuses("sagas")


# -- Shadow Mirror ---------------------------------------------------------------------------------------


def test_reflection_copies_the_opponents_token_bonus_and_not_their_cards():
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Strike"), ("Focused", "Drive")), positions=(2, 5))
    b = sc.beat((("Echo", "Strike"), ("Focused", "Drive")), antes={0: [MIRROR], 1: ["Wind"]}, lenient=True)
    terms = b.one("PriorityCompared").terms
    assert terms[0] == "Echo 0 + Strike 3 + Trance 0 + Reflection: Hikaru's Wind token 2 = 5"  # Echo: Trance
    assert terms[1] == "Focused 1 + Drive 4 + Wind token 2 = 7"
    req = next(r for r in sc.requests if r.kind == "ante" and r.player == 0)
    assert ("Ante Mirror (Reflection: copy the opponent's bonuses from tokens, statuses and ability)"
            in req.labels)


def test_faq_reflection_is_passive_its_bonuses_follow_the_opponents_through_the_beat():
    # WoI FAQ (Sagas): "Your bonuses are always equal to the opponent's current bonuses."
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Strike"), ("Focused", "Drive")), positions=(2, 5))
    s = sc.state
    s.fighters[0].style, s.fighters[0].base, s.fighters[0].anted = "Echo", "Strike", [MIRROR]
    s.fighters[1].style, s.fighters[1].base = "Focused", "Drive"
    s.beat = 1
    assert stats.power(s, 0)[0] == 4
    s.fighters[1].statuses.append(Status("power", 2, 1, "a status"))
    assert stats.power(s, 0) == (6, [("Echo", 0), ("Strike", 4), ("Reflection: Hikaru's a status", 2)])
    s.fighters[1].statuses.clear()
    assert stats.power(s, 0)[0] == 4


def test_regains_the_mirror_token_when_his_base_is_in_the_opponents_discards():
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Shot", "Staff"), ("Focused", "Drive")), positions=(2, 5),
                  tokens={0: []})
    assert "Shot" in sc.state.fighters[1].discard1 + sc.state.fighters[1].discard2
    b = sc.beat((("Negation", "Shot"), ("Focused", "Drive")), lenient=True)
    assert b.of("TriggerResolved", player=0, timing="end")[0].card == "Shadow Mirror"
    gained = b.one("TokensGained", player=0)
    assert gained.from_discard and gained.tokens == (MIRROR,)
    assert gained.reason == "Shadow Mirror: Shot, as a base in Hikaru's discard piles"
    assert sc.state.fighters[0].tokens == [MIRROR]


def test_no_regain_with_another_base_or_with_shattering():
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ("Focused", "Drive")), positions=(2, 5),
                  tokens={0: []})
    b = sc.beat((("Echo", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.none("TokensGained")
    sc = Scenario(("sagas", "hikaru"), keep=(("Shattering", "Shot"), ("Focused", "Drive")), positions=(2, 5),
                  tokens={0: []})
    b = sc.beat((("Shattering", "Shot"), ("Focused", "Drive")), lenient=True)
    assert b.none("TokensGained") and sc.state.fighters[0].tokens == []


# -- Staff -----------------------------------------------------------------------------------------------


def test_staff_pushes_and_the_opponent_cannot_advance_for_the_rest_of_the_beat():
    sc = Scenario(("sagas", "luc"), keep=(("Shattering", "Staff"), ("Feinting", "Strike")), positions=(3, 5))
    b = sc.beat((("Shattering", "Staff"), ("Feinting", "Strike")), choices={0: [spend(False)]}, lenient=True)
    push = b.one("FighterMoved", player=1, kind="push")
    assert (push.from_space, push.to_space) == (6, 7)
    ignored = b.one("EffectIgnored", card="Feinting")
    assert ignored.reason == "advance 1 or 2: no legal destination"
    assert sc.state.fighters[1].position == 7


def test_staff_does_not_stun_at_range_1():
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Staff"), ("Focused", "Shot")), positions=(6, 7))
    b = sc.beat((("Negation", "Staff"), ("Focused", "Shot")), lenient=True)
    assert b.one("EffectIgnored", card="Staff", reason="push 1: no legal destination")
    assert b.one("DamageDealt", player=0).amount == 3
    assert b.one("StunPrevented", player=1).by == "Staff: does not stun an opponent at range 1"
    assert b.none("StunApplied", player=1)


def test_staff_with_a_mirror_token_copies_the_opponents_unique_base():
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Staff"), ("Focused", "Drive")), positions=(2, 5))
    b = sc.beat((("Negation", "Staff"), ("Focused", "Drive")), antes={0: [MIRROR]}, lenient=True)
    terms = b.one("PriorityCompared").terms
    assert terms == ("Negation 0 + Palm Strike 5 = 5", "Drive 4 = 4")  # Palm Strike's numbers, Staff's gone
    moved = b.of("FighterMoved", player=0, kind="advance")  # Palm Strike's Start of Beat: advance 1
    assert moved and moved[0].from_space == 2
    assert snapshot(sc.state)["fighters"][0].get("copied_base") is None  # only for the beat


def test_faq_a_copied_snare_has_range_na_its_special_range_names_khadath():
    # WoI FAQ (Sagas): "In the case of Snare, the range would revert to N/A."
    sc = Scenario(("sagas", "khadath"), keep=(("Negation", "Staff"), ("Lure", "Drive")), positions=(2, 5))
    b = sc.beat((("Negation", "Staff"), ("Lure", "Drive")), antes={0: [MIRROR]}, lenient=True)
    assert b.one("PriorityCompared").terms[0] == "Negation 0 + Snare 1 = 1"
    missed = [e for e in b.of("AttackMissed", player=0)]
    assert missed and "N/A" in missed[0].reason


def test_staff_without_a_mirror_token_says_so():
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ("Focused", "Drive")), positions=(2, 5))
    b = sc.beat((("Echo", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.one("EffectIgnored", card="Staff").reason == "no Mirror token anted"


# -- Negation --------------------------------------------------------------------------------------------


def test_negation_turns_off_the_opponents_style_except_its_end_of_beat_effects():
    sc = Scenario(("sagas", "luc"), keep=(("Negation", "Staff"), ("Feinting", "Strike")), positions=(3, 6))
    b = sc.beat((("Negation", "Staff"), ("Feinting", "Strike")), lenient=True)
    ignored = b.one("EffectIgnored", card="Feinting")
    assert ignored.reason == ("negated by Sagas's Negation: no style applies this beat, except its End of Beat "
                              "effects")
    assert b.one("PriorityCompared").terms[1] == "Strike 3 = 3"  # no Feinting -2
    assert b.none("FighterMoved", player=1, kind="retreat")  # Feinting's Start of Beat does not happen
    assert [e.card for e in b.of("TriggerResolved", player=1, timing="end")] == ["Feinting"]


def test_faq_negation_does_not_cancel_status_effects():
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Staff"), ("Focused", "Drive")), positions=(3, 6))
    sc.state.fighters[1].statuses.append(Status("priority", 2, 1, "an earlier effect"))
    b = sc.beat((("Negation", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.one("PriorityCompared").terms[1] == "Drive 4 + an earlier effect 2 = 6"


def test_negation_wins_ties_with_a_mirror_token_without_a_clash():
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Staff"), ("Focused", "Drive")), positions=(3, 6))
    b = sc.beat((("Negation", "Staff"), ("Focused", "Drive")), lenient=True)
    pc = b.one("PriorityCompared")
    assert pc.priorities == (4, 4) and pc.active == 0
    assert pc.why == "tie at 4: Sagas's Negation with a Mirror token makes him the Active Player without a clash"
    assert b.none("ClashOccurred")
    sc = Scenario(("sagas", "hikaru"), keep=(("Negation", "Staff"), ("Focused", "Drive")), positions=(3, 6),
                  tokens={0: []})
    b = sc.beat((("Negation", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.of("ClashOccurred")


# -- Echo ------------------------------------------------------------------------------------------------


def test_echo_applies_a_style_of_the_opponents_discard_1():
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ()), positions=(3, 5),
                  discards=((["Negation", "Strike"], ["Repelling", "Burst"]),
                            (["Advancing", "Grasp"], ["Trance", "Strike"])))
    b = sc.beat((("Echo", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.of("PriorityCompared")[0].terms[0] == "Echo 0 + Staff 4 + Advancing 1 = 5"
    adv = b.of("FighterMoved", player=0, kind="advance")  # Advancing's Start of Beat, as his own
    assert adv and adv[0].from_space == 3
    assert snapshot(sc.state)["fighters"][0].get("echo") is None  # for this beat only


def test_echo_ignores_the_effects_that_name_the_other_fighter():
    # WoI FAQ (Sagas, Fearless and Snare): effects that contain the fighters' names are ignored -- here Hunter's,
    # written in Khadath's own pieces (his Gate Trap).
    sc = Scenario(("sagas", "khadath"), keep=(("Echo", "Staff"), ()), positions=(3, 5),
                  discards=((["Negation", "Strike"], ["Repelling", "Burst"]),
                            (["Evacuation", "Grasp"], ["Lure", "Strike"])))
    b = sc.beat((("Echo", "Staff"), ("Teleport", "Drive")), lenient=True)
    ignored = b.one("EffectIgnored", player=0, card="Evacuation")
    assert ignored.reason == "an effect of Khadath's own (trap): it names that fighter"
    assert b.none("MarkerPlaced", player=0)


def test_echo_with_no_style_in_discard_1_does_nothing():
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ("Focused", "Drive")), positions=(3, 5))
    f = sc.state.fighters[1]  # a Cancel can leave discard 1 without a style: its style back in hand here
    f.hand += [c for c in f.discard1 if c in KITS["hikaru"].styles]
    f.discard1 = [c for c in f.discard1 if c not in KITS["hikaru"].styles]
    b = sc.beat((("Echo", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.one("EffectIgnored", card="Echo").reason == "no style in Hikaru's discard 1"


# -- Repelling, Shadow, Shattering -----------------------------------------------------------------------


def test_repelling_pushes_an_adjacent_opponent_and_keeps_them_out_of_the_adjacent_spaces():
    sc = Scenario(("sagas", "hikaru"), keep=(("Repelling", "Staff"), ("Advancing", "Burst")), positions=(3, 4))
    b = sc.beat((("Repelling", "Staff"), ("Advancing", "Burst")),
                choices={0: [spend(True)], 1: [{"kind": "order", "first": "Advancing"}]}, lenient=True)
    push = b.of("FighterMoved", player=1, kind="push")[0]
    assert (push.from_space, push.to_space) == (4, 5)
    assert b.one("TokensSpent", player=0).reason == "Repelling"
    # Hikaru's own advance (Advancing) may not take him into space 4 again, nor past Sagas to space 2.
    assert b.none("FighterMoved", player=1, kind="advance")
    assert b.one("EffectIgnored", card="Advancing").reason == "advance 1: no legal destination"


def test_shadow_moves_over_the_board_edge_and_executes_again_at_range_3():
    sc = Scenario(("sagas", "hikaru"), keep=(("Shadow", "Shot"), ("Focused", "Drive")), positions=(1, 4))
    b = sc.beat((("Shadow", "Shot"), ("Focused", "Drive")), choices={0: [{"kind": "move", "to": 7}]}, lenient=True)
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert "Move 1 (1 → 7)" in req.labels
    mv = b.of("FighterMoved", player=0, kind="move")[0]
    assert (mv.from_space, mv.to_space) == (1, 7)


def test_shadow_spends_the_mirror_token_to_execute_again_at_range_3():
    sc = Scenario(("sagas", "hikaru"), keep=(("Shadow", "Shot"), ("Sweeping", "Grasp")), positions=(3, 7))
    b = sc.beat((("Shadow", "Shot"), ("Sweeping", "Grasp")),
                choices={0: [{"kind": "move", "to": 4}, spend(True)]}, lenient=True)
    if movement.distance(sc.state, 0, 1) == 3 or b.of("ActivationEarned"):
        assert b.one("ActivationEarned", player=0).reason == "spent Mirror"
        assert b.of("ActivationRepeated", player=0)


def test_shattering_ignores_stun_guard_and_primes_a_stun_for_the_next_attack():
    sc = Scenario(("sagas", "hikaru"), keep=(("Shattering", "Shot", "Echo", "Strike"), ("Focused", "Drive",
                                                                                       "Sweeping", "Grasp")),
                  positions=(3, 5))
    b = sc.beat((("Shattering", "Shot"), ("Sweeping", "Grasp")), choices={0: [spend(True)]}, lenient=True)
    assert b.one("TokensSpent", player=0).reason == "Shattering"
    assert snapshot(sc.state)["fighters"][0]["lasting"] == ["Shattering: his attack of beat 2 stuns On Hit"]
    b2 = sc.beat((("Echo", "Strike"), ("Focused", "Drive")), lenient=True)
    if b2.of("HitScored", player=0):
        assert any(e.card == "Shattering" for e in b2.of("TriggerResolved", player=0, timing="hit"))


# -- Finishers -------------------------------------------------------------------------------------------


def _finisher(side, positions, life=(5, 20)):
    return Scenario(("sagas", "hikaru"), positions=positions, life=life, options={"special_actions": True},
                    finishers=(side, KITS["hikaru"].finishers[0]))


def test_soul_mirror_swaps_places_and_life_totals():
    sc = _finisher("Soul Mirror", (3, 4))
    b = sc.beat((("Special Action", "Staff"), ("Sweeping", "Drive")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Soul Mirror"
    swapped = b.one("LifeSwapped")
    assert (swapped.player, swapped.other, swapped.life, swapped.other_life) == (0, 1, 20, 5)
    assert [e.kind for e in b.of("FighterMoved")][:2] == ["swap", "swap"]
    assert b.none("DamageDealt", player=0)  # power N/A
    assert said(sc, "LifeSwapped")[0][0] == ("Sagas and Hikaru swap life totals (Soul Mirror): Sagas 5 → 20, "
                                             "Hikaru 20 → 5")


# -- secrets, statistics, bots -------------------------------------------------------------------------------


def test_the_opponent_never_sees_his_face_down_pair_nor_the_card_echo_will_take():
    from recorder.decisions import Answer
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ("Focused", "Drive")), positions=(2, 5))
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Echo", "base": "Staff"}, "test"))
    view = redact(snapshot(m.state), 1)
    me = view["fighters"][0]
    assert me["pair"] == {"style": "?", "base": "?", "covered": []}
    assert "echo" not in me and "copied_base" not in me
    assert redact(snapshot(m.state), None)["fighters"][0]["pair"]["style"] == "?"


def test_statistics_count_the_mirror_token_and_his_life_swap():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "sagas"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante=MIRROR, source="t"),
        KE.TokensGained(player=0, tokens=(MIRROR,), reason="Shadow Mirror", from_discard=True),
        KE.LifeSwapped(player=0, other=1, life=20, other_life=5, reason="Soul Mirror"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 5), positions=(4, 3)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {MIRROR: 1}, "gained": {MIRROR: 1}}
    assert ann["usage"]["cards_played"]["life swap"] == {"Soul Mirror": 1}


def test_adding_him_changes_no_fingerprint_of_a_match_without_him():
    assert_no_other_fingerprint_changed("sagas")


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_his_whole_matches_and_ante_the_mirror_token(bots):
    seen = [e.ante for m in bot_matches(("sagas", "cadenza"), bots, seeds=(3, 4, 5))
            for e in m.events("AnteDeclared", player=0)]
    if "random" in bots:
        assert MIRROR in seen


def test_faq_negation_also_switches_off_kehrolyns_current_form():
    # WoI FAQ (Sagas): "Does my Negation Style also disable Kehrolyn's current form and Overload Styles? Yes.
    # Negation cancels out all Styles."
    sc = Scenario(("sagas", "kehrolyn"), keep=(("Negation", "Staff"), ("Whip", "Drive")), positions=(3, 6),
                  discards=((["Echo", "Strike"], ["Repelling", "Burst"]), (["Quicksilver", "Grasp"],
                                                                           ["Bladed", "Shot"])))
    b = sc.beat((("Negation", "Staff"), ("Whip", "Drive")), lenient=True)
    assert b.one("PriorityCompared").terms[1] == "Drive 4 = 4"  # neither Whip nor Quicksilver (her Current Form)
    # Quicksilver's End of Beat effect (move up to 1) still happens: a negated style keeps its End of Beat effects.
    assert [e.card for e in b.of("TriggerResolved", player=1, timing="end")] == ["Quicksilver"]


def test_faq_an_echoed_fearless_counts_range_from_his_own_space():
    # WoI FAQ (Sagas): "In the case of Fearless, Sagas would calculate from his own range."
    sc = Scenario(("sagas", "tatsumi"), keep=(("Echo", "Staff"), ()), positions=(3, 5),
                  discards=((["Negation", "Strike"], ["Repelling", "Burst"]), (["Fearless", "Strike"],
                                                                               ["Empathic", "Drive"])))
    b = sc.beat((("Echo", "Staff"), ("Wave", "Shot")), lenient=True)
    checked = b.of("RangeChecked", player=0)[0]
    assert checked.terms == "Echo 0 + Staff +1~+2 + Fearless -1~+0 = 0~2"
    assert b.of("EffectIgnored", player=0, card="Fearless")  # its End of Beat (Juto's return) names Tatsumi's Juto


def test_the_viewer_draws_his_borrowed_cards_as_labelled_card_chips():
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("sagas")
    assert info["tokens"] == [MIRROR]
    assert info["drawing"]["card_fields"] == {"echo": "Echo (borrowed style)", "copied_base": "Staff (copied base)"}
    sc = Scenario(("sagas", "hikaru"), keep=(("Echo", "Staff"), ()), positions=(3, 5),
                  discards=((["Negation", "Strike"], ["Repelling", "Burst"]),
                            (["Advancing", "Grasp"], ["Trance", "Strike"])))
    m = sc.match
    from recorder.decisions import Answer
    m.advance(Answer({"player": 0, "style": "Echo", "base": "Staff"}, "test"))
    m.advance(Answer({"player": 1, "style": "Focused", "base": "Drive"}, "test"))
    while m.pending.kind == "ante":
        m.advance(Answer({"player": m.pending.player, "ante": "pass"}, "test"))
    assert m.pending.kind == "order"  # his Reveal effects: Echo first
    m.advance(Answer({"player": 0, "first": "Echo"}, "test"))
    # Revealed: Echo took Hikaru's Advancing; every view shows it, named as Hikaru's.
    for seat in (0, 1, None):
        assert redact(snapshot(m.state), seat)["fighters"][0]["echo"] == "Advancing (Hikaru's)"


# -- Assimilate (battlecon-engine-5) ---------------------------------------------------------------------------


def _assimilate(opp_pair=("Sweeping", "Shot"), positions=(2, 5), tokens=None, **kw):
    """Sagas (life 5) reveals Assimilate with his Special Action and Staff; Hikaru plays ``opp_pair``: Sagas is
    active at priority 6 and hits at range 3."""
    sc = Scenario(("sagas", "hikaru"), keep=((), opp_pair), positions=positions, life=(5, 20),
                  options={"special_actions": True}, finishers=("Assimilate", KITS["hikaru"].finishers[0]),
                  tokens=tokens, **kw)
    return sc


def test_assimilate_card_data():
    a = G.cards["Assimilate"]
    assert (a.kind, a.range, a.power, a.priority, a.since_engine) == ("finisher", (3, 4), 3, 6, 5)
    assert G.finishers == ("Soul Mirror", "Assimilate")  # G's order: Soul Mirror is side 'a'
    assert "Put the opponent's attack pair into your hand" in a.text


def test_assimilate_puts_the_opponents_attack_pair_into_his_hand():
    sc = _assimilate()
    b = sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    moved = b.of("CardMoved")
    assert [(m.player, m.card, m.from_zone, m.to_zone, m.owner) for m in moved] == [
        (0, "Sweeping", "play", "hand", 1), (0, "Shot", "play", "hand", 1)]
    assert moved[0].reason == "Assimilate: Hikaru's attack pair goes into Sagas's hand"
    # Its remaining effects do not happen: Sweeping's "you take 2 extra damage" is gone by the damage.
    dealt = b.one("DamageDealt", player=0)
    assert (dealt.power, dealt.extra, dealt.amount) == (3, 0, 3)
    # The opponent does not recycle it: discard 1 gets nothing, the rest cycles.
    rec = b.one("CardsRecycled", player=1)
    assert rec.discard1 == () and rec.to_hand == ("Focused", "Drive")
    me, him = snapshot(sc.state)["fighters"]
    assert me["hand"][-2:] == ["Sweeping (Hikaru's)", "Shot (Hikaru's)"]
    assert "Sweeping" not in him["hand"] and "Shot" not in him["hand"] and him["discard1"] == []
    texts = [t for t, _ in said(sc, "CardMoved")]
    assert texts[0] == ("Sagas takes Hikaru's Sweeping from the attack pair into his hand, to play as his own "
                        "(Assimilate: Hikaru's attack pair goes into Sagas's hand)")
    assert said(sc, "CardMoved")[0][1] == ("Sagas: Assimilate (On Hit: put the opponent's attack pair into your hand; "
                                            "you may use those cards as your own)")


def test_assimilate_an_opponent_who_has_not_attacked_yet_has_no_attack():
    # Hikaru's Earth token soaks the 3 damage: he is not stunned, and has no pair left to attack with.
    sc = _assimilate(tokens={1: ["Earth"]})
    b = sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), antes={1: ["Earth"]}, lenient=True)
    assert b.one("DamageDealt", player=0).amount == 0
    assert b.one("AttackSkipped", player=1).reason == "no attack pair: its cards left play this beat"
    assert b.none("AttackStarted", player=1)
    assert said(sc, "AttackSkipped") == [(
        "Hikaru does not activate (no attack pair: its cards left play this beat)",
        "WoI p.25, Play Sequence 4A-4B (each player activates their attack): the effect of the card that took this "
        "attack pair out of play before it activated (its cards left play, so there is nothing to activate and none "
        "of its effects happen); not a stun")]


def test_a_stunned_fighter_still_skips_citing_the_stun_rule():
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)  # 3 damage over Hikaru's guard
    skipped = said(sc, "AttackSkipped")
    assert skipped == [("Hikaru is stunned and does not activate",
                        "WoI p.25, 4B Reactive attack ('A stunned player skips activation entirely')")]


def test_borrowed_cards_pair_as_his_own_and_cycle_through_his_discards():
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    req = sc.match.pending
    assert req.kind == "pair" and req.player == 0
    assert "Sweeping (Hikaru's) Staff" in req.labels and "Shattering Shot (Hikaru's)" in req.labels
    assert "Sweeping (Hikaru's) Shot (Hikaru's)" in req.labels
    # His Special Action does what his own bases say: never with a borrowed base.
    assert not any(o["style"] == "Special Action" and o["base"] == "Shot (Hikaru's)" for o in req.options)
    # Hikaru's hand has no such card now.
    b = sc.beat((("Sweeping (Hikaru's)", "Staff"), ("Focused", "Drive")), lenient=True)
    assert b.one("AttackStarted", player=0).attack == "Sweeping (Hikaru's) Staff"
    assert b.one("PriorityCompared").terms[0].startswith("Sweeping 3 + Staff 4")
    assert b.one("CardsRecycled", player=0).discard1 == ("Sweeping (Hikaru's)", "Staff")
    sc.beat((("Shattering", "Dash"), ("Advancing", "Burst")), lenient=True)
    assert sc.state.fighters[0].discard2 == ["Sweeping (Hikaru's)", "Staff"]


def test_borrowed_cards_ignore_the_effects_that_name_their_fighter():
    # WoI FAQ (Sagas, Fearless and Snare): "effects that contain the fighters' names are ignored" -- a borrowed
    # Blight's trap effect is Khadath's own piece; a borrowed Snare's special range reverts to N/A.
    sc = Scenario(("sagas", "khadath"), keep=((), ("Blight", "Snare")), positions=(2, 5), life=(5, 20),
                  options={"special_actions": True}, finishers=("Assimilate", KITS["khadath"].finishers[0]))
    b = sc.beat((("Special Action", "Staff"), ("Blight", "Snare")), lenient=True)
    assert [m.card for m in b.of("CardMoved", owner=1)] == ["Blight", "Snare"]
    sc.state.fighters[0].position, sc.state.fighters[1].position = 3, 4
    b = sc.beat((("Blight (Khadath's)", "Staff"), ("Lure", "Grasp")), lenient=True)
    ignored = b.one("EffectIgnored", player=0, card="Blight")
    assert ignored.reason == "an effect of Khadath's own (trap): it names that fighter"
    b = sc.beat((("Shattering", "Snare (Khadath's)"), ("Teleport", "Dash")), lenient=True)
    checked = b.one("RangeChecked", player=0)
    assert not checked.in_range and checked.terms == "N/A"


def test_assimilate_against_a_finisher_takes_nothing():
    sc = Scenario(("sagas", "hikaru"), keep=((), ()), positions=(2, 5), life=(5, 5),
                  options={"special_actions": True}, finishers=("Assimilate", "Four Winds"))
    b = sc.beat((("Special Action", "Staff"), ("Special Action", "Drive")), lenient=True)
    assert b.one("FinisherRevealed", player=1).finisher == "Four Winds"
    assert b.of("HitScored", player=0)  # priority 6 against 5: Sagas is active and hits at range 3
    assert b.one("EffectIgnored", player=0, card="Assimilate").reason == (
        "Hikaru's attack is a Finisher, not an attack pair: there is no pair to take")
    assert b.none("CardMoved")


def test_the_borrowed_cards_are_known_to_both_but_his_face_down_pair_is_not():
    from recorder.decisions import Answer
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    assert "Sweeping (Hikaru's)" in redact(snapshot(sc.state), 1)["fighters"][0]["hand"]
    sc.match.advance(Answer({"player": 0, "style": "Sweeping (Hikaru's)", "base": "Staff"}, "test"))
    view = redact(snapshot(sc.state), 1)["fighters"][0]
    assert view["pair"] == {"style": "?", "base": "?", "covered": []}
    assert "Sweeping (Hikaru's)" in view["hand"] and view["hand_hidden_count"] == 2  # among his possible cards
    assert redact(snapshot(sc.state), 0)["fighters"][0]["pair"]["style"] == "Sweeping (Hikaru's)"


def test_borrowed_cards_go_back_to_their_owner_when_the_duel_ends():
    from recorder.games.battlecon import events as E
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    s = sc.state
    GAME.apply(s, E.DuelStarted(duel=2, fighters=("sagas", "hikaru"), positions=(3, 5), life=(20, 20),
                                beat_limit=15))
    assert not any("(" in c for c in s.fighters[0].hand)
    assert {"Sweeping", "Shot"} <= set(s.fighters[1].hand)


def test_statistics_count_the_cards_he_assimilated_and_the_finisher():
    from recorder.match import sealed
    from replay.stats import match_stats
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    sc.beat((("Sweeping (Hikaru's)", "Staff"), ("Focused", "Drive")), lenient=True)
    sagas, _ = match_stats(sc.header, sealed(sc.match))["seats"]
    played = sagas["usage"]["cards_played"]
    assert played["assimilated"] == {"Sweeping": 1, "Shot": 1}
    assert played["style"]["Sweeping (Hikaru's)"] == 1
    assert sagas["counts"]["finishers_used"] == 1


# -- engine 4 keeps Sagas as he was (no Assimilate) ------------------------------------------------------

# Computed on main before Assimilate came (engine 4, commit 0a70730): every Sagas pairing's rules fingerprint.
ENGINE4_SAGAS = {
    ('hikaru', 'sagas'): 'battlecon-afe00c964546',
    ('cadenza', 'sagas'): 'battlecon-9821093d6d65',
    ('kallistar', 'sagas'): 'battlecon-f92c647b3c0b',
    ('khadath', 'sagas'): 'battlecon-5874a102f4be',
    ('vanaah', 'sagas'): 'battlecon-eb4c6353a04e',
    ('luc', 'sagas'): 'battlecon-3638baacd633',
    ('rukyuk', 'sagas'): 'battlecon-ad4ee4c3d40b',
    ('magdalena', 'sagas'): 'battlecon-cdd0dda64687',
    ('zaamassal', 'sagas'): 'battlecon-18812a90a859',
    ('heketch', 'sagas'): 'battlecon-869400a6060c',
    ('demitras', 'sagas'): 'battlecon-22b1c2a15eb7',
    ('lixis', 'sagas'): 'battlecon-64e938a28e3f',
    ('hepzibah', 'sagas'): 'battlecon-05598f765abc',
    ('seth', 'sagas'): 'battlecon-dc0f520f32e9',
    ('kehrolyn', 'sagas'): 'battlecon-be9ccd9bf00f',
    ('cherri', 'sagas'): 'battlecon-b54ffa1ea716',
    ('tatsumi', 'sagas'): 'battlecon-616b9e6973ee',
}


def test_engine_4_keeps_every_sagas_fingerprint_and_engine_5_has_new_ones():
    from itertools import combinations

    from recorder.games.battlecon.cards import FIGHTERS
    from recorder.games.battlecon.rulesets.battlecon_engine_4 import Engine4
    from recorder.games.battlecon.rulesets.battlecon_engine_6 import Engine6

    # Engine 5 (whose final rules engine 6 runs under its own version string) is where Assimilate came: engine 7
    # changed every pairing's fingerprint again (its shared rules), so the comparison is with engine 6.
    engine4, engine6 = Engine4(), Engine6()
    assert len(ENGINE4_SAGAS) == len(FIGHTERS) - 1
    for pair, rules in ENGINE4_SAGAS.items():
        assert engine4.rules_version_for(pair) == rules, pair
        assert type(GAME.ruleset("battlecon-engine-4", rules)) is Engine4, pair
        assert engine6.rules_version_for(pair) != rules and not GAME.accepts(rules), pair  # his card data changed
    for pair in combinations(FIGHTERS, 2):
        if "sagas" not in pair:
            assert engine6.rules_version_for(pair) == engine4.rules_version_for(pair), pair


@pytest.mark.parametrize("engine,sides", [(4, ["Soul Mirror"]), (5, ["Soul Mirror", "Assimilate"])])
def test_engine_4_offers_sagas_no_assimilate(engine, sides):
    from recorder.games.battlecon.rulesets.battlecon_engine_4 import Engine4
    from recorder.match import Match

    game = Engine4() if engine == 4 else GAME
    header = game.make_header(players=(Player("Ann", "sagas"), Player("Ben", "hikaru")), edition="woi", seed=2,
                              options={"duels": 1, "special_actions": True})
    match = Match(game, header)
    match.advance()
    req = match.pending
    assert req.kind == "finisher" and req.player == 0
    assert [o["finisher"] for o in req.options] == sides


def test_every_frozen_engine_4_log_of_his_still_verifies():
    from pathlib import Path

    from replay.source import load_jsonl
    from replay.verify import verify_loaded

    frozen = Path(__file__).resolve().parent / "compat"
    logs = [p for p in sorted(frozen.glob("*/**/*.jsonl")) if "sagas" in p.name]
    assert logs
    for path in logs:
        loaded = load_jsonl(path)
        if loaded.header.engine_version != "battlecon-engine-4":
            continue
        report = verify_loaded(loaded)
        assert report.ok and report.complete, f"{path.name}: {report.summary()}"


def test_the_random_bot_reveals_and_hits_with_assimilate():
    (played,) = bot_matches(("sagas", "hikaru"), ("random", "greedy"), seeds=(20,),
                            options={"duels": 1, "special_actions": True, "ante_finishers": True,
                                     "finishers": ["b", "chosen"]})
    assert played.events("FinisherRevealed", player=0, finisher="Assimilate")
    assert [e.card for e in played.events("CardMoved", player=0, owner=1)]
    assert any("(Hikaru's)" in e.style or "(Hikaru's)" in e.base for e in played.events("PairSelected", player=0))
    # The property test's invariants hold through it: every card in one place, counted for its owner, and more.
    from recorder.match import sealed
    from tests.test_battlecon_properties import refold_with_checks
    refold_with_checks(played.match.header, sealed(played.match))


def test_the_greedy_bot_weighs_pairs_with_borrowed_cards():
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    req = sc.match.pending
    scores = GAME.bot("greedy", 3, 0).option_scores(req, sc.match)
    borrowed = [s for label, s in zip(req.labels, scores) if "(Hikaru's)" in label]
    assert len(borrowed) == 9 and None not in scores  # every pair played out, the borrowed ones too


def _lent(sc, card: str, borrowed: str) -> None:
    """Test set-up: seat 0's ``card`` in Sagas's hand (seat 1) as ``borrowed``, as an Assimilate leaves it."""
    owner, sagas = sc.state.fighters
    for pile in (owner.hand, owner.discard1, owner.discard2):
        if card in pile:
            pile.remove(card)
    sagas.hand.append(borrowed)


def test_a_borrowed_base_is_its_printed_base_for_seths_guess():
    # Seth names "Shot"; Sagas plays the Shot he took from Seth ("Shot (Seth's)"): the named base is the attack's.
    sc = Scenario(("seth", "sagas"), keep=(("Compelling", "Drive"), ("Repelling",)), positions=(3, 5))
    _lent(sc, "Shot", "Shot (Seth's)")
    b = sc.beat((("Compelling", "Drive"), ("Repelling", "Shot (Seth's)")),
                choices={0: [{"kind": "guess", "name": "Beyond Eyes", "choice": "Shot"}]}, lenient=True)
    assert b.one("PriorityCompared").terms[0] == "Compelling 0 + Drive 4 + Beyond Eyes (named Shot) 2 = 6"


def test_withering_touch_offers_his_borrowed_bases_too():
    sc = Scenario(("lixis", "sagas"), keep=(("Naturalizing", "Strike"), ("Repelling", "Shot")), positions=(3, 4))
    _lent(sc, "Dash", "Dash (Lixis's)")
    b = sc.beat((("Naturalizing", "Strike"), ("Repelling", "Shot")),
                choices={1: [{"kind": "card", "card": "Dash (Lixis's)"}]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "card")
    assert asked.labels[-1] == "Discard Dash (Lixis's)"
    assert b.one("CardsRecycled", player=1).discard1 == ("Repelling", "Shot", "Dash (Lixis's)")


def test_the_hot_seat_menu_lists_the_borrowed_cards_as_their_owner_prints_them():
    sc = _assimilate()
    sc.beat((("Special Action", "Staff"), ("Sweeping", "Shot")), lenient=True)
    notes = GAME.menu_notes(sc.match.pending, sc.header)
    line = next(n for n in notes if n.strip().startswith("Sweeping (Hikaru's)"))
    assert line.split("  ")[-1].startswith("style: ")
    assert any("If you are hit this beat, you take 2 extra damage" in n for n in notes)
