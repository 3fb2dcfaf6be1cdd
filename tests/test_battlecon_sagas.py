"""Sagas Seities (War of Indines): Shadow Mirror (the Mirror token, Reflection, its regain), every card, both
Finisher sides, the FAQ rulings that name him, and the rulings that decided his values (docs/rulings.md,
"Sagas")."""

from __future__ import annotations

import pytest

from recorder.errors import InvalidDecision
from recorder.games.battlecon import GAME, movement, stats
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.snapshot import redact, snapshot
from recorder.games.battlecon.state import Status
from recorder.header import Player
from tests.battlecon_scenarios import Scenario
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
    with pytest.raises(InvalidDecision) as err:
        GAME.make_header(players=(Player("A", "sagas"), Player("B", "hikaru")), edition="preview", seed=1,
                         options={"duels": 1})
    assert "\n" not in str(err.value) and "sagas" in str(err.value).casefold()


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
    import json
    from pathlib import Path

    logs = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"
    name = "woi-hikaru-vs-khadath.jsonl"
    header = json.loads((logs / name).read_bytes().split(b"\n", 1)[0])
    now = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "khadath")), edition="woi", seed=1,
                           options={"duels": 3})
    assert now.rules_version == header["rules_version"]


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_his_whole_matches_and_ante_the_mirror_token(bots):
    from recorder.match import Match

    seen = []
    for seed in (3, 4, 5):
        header = GAME.make_header(players=(Player("A", "sagas"), Player("B", "cadenza")), edition="woi", seed=seed,
                                  options={"duels": 1, "special_actions": True})
        m = Match(GAME, header)
        srcs = {p: GAME.bot(bots[p], seed, p) for p in (0, 1)}
        m.advance()
        while not m.finished:
            req = m.pending
            m.advance(srcs[req.player].answer(req, m))
        seen += [e.event.ante for e in m.entries if e.type == "AnteDeclared" and e.event.player == 0]
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
