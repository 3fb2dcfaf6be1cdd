"""Vanaah Kalmor (War of Indines): every card, Divine Rush's trip through her discards, both Finisher sides,
and the rulings that decided her values (docs/rulings.md)."""

from __future__ import annotations

import pytest

from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from tests.battlecon_scenarios import (Scenario as _Scenario, bot_matches, assert_no_other_fingerprint_changed,
                                       assert_preview_refuses)

RUSH = "Divine Rush"
V = KITS["vanaah"]
OPP = ("Lure", "Blight", "Evacuation", "Drive", "Grasp", "Burst")


def Scenario(fighters, opp_keep=False, keep=((), ()), **kw):  # noqa: N802 - the opponent keeps OPP in hand
    return _Scenario(fighters, keep=(keep[0], OPP if opp_keep else keep[1]), **kw)


def test_card_data_values_and_rulings():
    c = V.cards
    assert (c["Scythe"].range, c["Scythe"].power, c["Scythe"].priority, c["Scythe"].stun_guard) == ((1, 2), 3, 3, 3)
    assert c["Judgment"].range == (1, 1)  # G, Gc, Y (R: +0~1): the ruling in the card data
    assert "+1~1" in c["Judgment"].ruling
    assert (c["Vengeance"].stun_guard, c["Paladin"].stun_guard, c["Paladin"].priority) == (4, 3, -2)
    hand = c["Hand of Divinity"]
    assert (hand.range, hand.power, hand.priority, hand.soak, hand.stun_immune) == ((5, 5), 7, 3, 3, True)
    assert V.tokens == (RUSH,) and V.editions == ("woi",)
    # The marked styles (G's colours); the bases are not sourced: beatlog's default (docs/rulings.md).
    assert V.suggested == (("Reaping", "Strike"), ("Judgment", "Burst"))


def test_preview_refuses_her_in_one_line():
    assert_preview_refuses("vanaah")


def test_divine_rush_ante_bonus_and_its_trip_through_the_discards():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 5), keep=(("Reaping", "Glorious", "Vengeance", "Scythe",
                                                                   "Strike", "Drive"), ()))
    b = sc.beat((("Vengeance", "Strike"), ("Lure", "Drive")), antes={0: [RUSH]}, lenient=True)
    f = sc.state.fighters[0]
    pc = b.one("PriorityCompared")
    assert any(label == f"{RUSH} token" or RUSH in label for label in pc.terms[0].split()) or RUSH in pc.terms[0]
    assert b.one("CardMoved", card=RUSH).to_zone == "in discard 1"
    assert f.zones["in discard 1"] == [RUSH] and RUSH not in f.tokens and RUSH not in f.token_discard
    b = sc.beat((("Glorious", "Drive"), ("Blight", "Grasp")), lenient=True)
    assert b.one("CardMoved", card=RUSH).to_zone == "in discard 2"
    assert not sc.state.fighters[0].rules.ante_options(sc.state, 0)  # not in her pool: nothing to ante
    b = sc.beat((("Reaping", "Scythe"), ("Evacuation", "Burst")), lenient=True)
    assert b.one("CardMoved", card=RUSH).to_zone == "tokens"
    assert sc.state.fighters[0].tokens == [RUSH]


def test_reaping_makes_the_opponent_discard_a_token_they_choose():
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4), keep=(("Reaping", "Strike"), ()))
    b = sc.beat((("Reaping", "Strike"), ("Sweeping", "Drive")), antes={0: [RUSH]},
                choices={1: [{"kind": "discard_token", "token": "Water"}]}, lenient=True)
    spent = b.one("TokensSpent", player=1)
    assert spent.tokens == ("Water",) and "Reaping" in spent.reason
    assert "Water" not in sc.state.fighters[1].tokens


def test_reaping_against_no_token_brings_divine_rush_back_early():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 4), keep=(("Reaping", "Vengeance", "Strike", "Drive"), ()))
    sc.beat((("Vengeance", "Drive"), ("Lure", "Drive")), antes={0: [RUSH]}, lenient=True)
    assert sc.state.fighters[0].zones["in discard 1"] == [RUSH]
    sc.state.fighters[1].life = 20
    b = sc.beat((("Reaping", "Strike"), ("Blight", "Grasp")), lenient=True)
    assert b.of("HitScored", player=0)
    moved = b.of("CardMoved", card=RUSH)
    assert moved and moved[0].from_zone == "in discard 1" and moved[0].to_zone == "tokens"


def _pair(sc, p, style, base):
    f = sc.state.fighters[p]
    f.style, f.base, f.revealed = style, base, True


def test_glorious_does_not_hit_a_higher_priority_opponent():
    from recorder.games.battlecon.attack import cannot_hit_reason
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4))
    _pair(sc, 0, "Glorious", "Strike")  # priority 3
    _pair(sc, 1, "Advancing", "Dash")  # priority 9
    assert cannot_hit_reason(sc.state, 0).startswith("Glorious: does not hit an opponent with a higher priority")
    _pair(sc, 1, "Advancing", "Grasp")  # priority 6
    _pair(sc, 0, "Glorious", "Dash")  # priority 9, above the opponent's: it hits
    assert cannot_hit_reason(sc.state, 0) is None


def test_vengeance_does_not_hit_a_lower_priority_opponent():
    from recorder.games.battlecon.attack import cannot_hit_reason
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4))
    _pair(sc, 0, "Vengeance", "Dash")  # priority 9
    _pair(sc, 1, "Advancing", "Grasp")  # priority 6
    assert cannot_hit_reason(sc.state, 0).startswith("Vengeance: does not hit an opponent with a lower priority")
    _pair(sc, 0, "Vengeance", "Strike")  # priority 3, below the opponent's: it hits
    assert cannot_hit_reason(sc.state, 0) is None


def test_judgment_forbids_the_opponent_to_retreat_or_pass_her():
    from recorder.games.battlecon.movement import destinations, direct_destinations
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 5), keep=(("Judgment", "Strike"), ()))
    s = sc.state
    s.fighters[0].own.bound = True
    assert destinations(s, 1, "retreat", (1, 2), 1) == []
    assert [d.to for d in destinations(s, 1, "advance", (1, 2), 1)] == [4]  # 2 would pass her
    assert all(d.to == 4 or d.to == 5 for d in direct_destinations(s, 1))  # direct movement too
    assert [d.to for d in destinations(s, 1, "push", (1,), 0)] == [6]  # her push is not the opponent moving


def test_paladin_moves_directly_next_to_the_opponent_at_end_of_beat():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(1, 5), keep=(("Paladin", "Strike"), ()))
    b = sc.beat((("Paladin", "Strike"), ("Lure", "Drive")), lenient=True)
    moved = [m for m in b.of("FighterMoved", player=0) if m.kind == "move_directly"]
    s = sc.state
    assert moved and abs(s.fighters[0].position - s.fighters[1].position) == 1


def test_scythe_advances_before_activating():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(2, 5), keep=(("Glorious", "Scythe"), ()))
    b = sc.beat((("Glorious", "Scythe"), ("Lure", "Drive")), lenient=True)
    assert any(m.kind == "advance" for m in b.of("FighterMoved", player=0))


@pytest.mark.parametrize("side", ["Hand of Divinity", "Death Walks"])
def test_both_finisher_sides_are_chosen_and_played(side):
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 4), life=(5, 20), options={"special_actions": True},
                  finishers=(side, "Dark Gates" if "Dark Gates" in KITS["khadath"].finishers else
                             KITS["khadath"].finishers[0]))
    assert sc.state.fighters[0].finisher == side


def test_judgment_in_play_stops_the_opponent_passing_her():
    # Hikaru's Advancing (Start of Beat: advance 1) would hop over her from the next space: it has no legal end.
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4), keep=(("Judgment", "Drive"), ("Advancing", "Strike")))
    b = sc.beat((("Judgment", "Drive"), ("Advancing", "Strike")), lenient=True)
    assert b.one("TriggerResolved", player=0, card="Judgment").timing == "reveal"
    ignored = b.one("EffectIgnored", player=1, card="Advancing")
    assert "no legal destination" in ignored.reason
    assert sc.state.fighters[1].position == 4
    assert sc.state.fighters[0].own.bound is False  # the restriction lasts this beat only


def test_without_judgment_the_same_advance_passes_her():
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4), keep=(("Glorious", "Drive"), ("Advancing", "Strike")))
    b = sc.beat((("Glorious", "Drive"), ("Advancing", "Strike")), lenient=True)
    assert [m.to_space for m in b.of("FighterMoved", player=1, by=1)][:1] == [2]


def test_reaping_with_divine_rush_anted_this_beat_keeps_its_bonus_and_returns_it_to_the_pool():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 4), keep=(("Reaping", "Strike"), ()))
    b = sc.beat((("Reaping", "Strike"), ("Lure", "Drive")), antes={0: [RUSH]}, lenient=True)
    assert b.of("HitScored", player=0)
    back = b.one("CardMoved", card=RUSH)
    assert (back.from_zone, back.to_zone) == ("token_discard", "tokens")
    dealt = b.one("DamageDealt", player=0)
    assert "Divine Rush" in dealt.power_terms  # its +2 Power still counts this beat
    assert sc.state.fighters[0].tokens == [RUSH]


def test_scythe_pulls_up_to_one_on_hit():
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(2, 5), keep=(("Reaping", "Scythe"), ()))
    b = sc.beat((("Reaping", "Scythe"), ("Lure", "Drive")), lenient=True)
    assert b.of("HitScored", player=0)
    pulls = [r for r in sc.requests if r.kind == "move" and r.prompt.startswith("Scythe: pull")]
    assert pulls and {o["to"] for o in pulls[0].options} >= {sc.state.fighters[1].position}


def test_death_walks_stuns_and_takes_4_priority_next_beat():
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4), life=(5, 20), options={"special_actions": True},
                  finishers=("Death Walks", "Four Winds"), keep=(("Strike",), ("Advancing", "Drive")))
    b = sc.beat(((SA, "Strike"), ("Advancing", "Drive")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Death Walks"
    assert b.of("StunApplied", player=1)
    st = b.one("StatusGained", player=1, stat="priority")
    assert (st.amount, st.when) == (-4, "next")


def test_hand_of_divinity_hits_at_range_5_is_stun_immune_and_advances_after():
    from recorder.games.battlecon import stats
    sc = Scenario(("vanaah", "hikaru"), positions=(1, 6), life=(5, 20), options={"special_actions": True},
                  finishers=("Hand of Divinity", "Four Winds"), keep=(("Strike",), ("Sweeping", "Grasp")))
    b = sc.beat(((SA, "Strike"), ("Sweeping", "Grasp")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Hand of Divinity"
    rc = b.one("RangeChecked", player=0)
    assert rc.in_range and rc.distance == 5
    assert b.one("DamageDealt", player=0).power == 7
    after = [r for r in sc.requests if r.kind == "move" and r.player == 0 and "Hand of Divinity" in r.prompt]
    assert after and any(o["to"] == 1 for o in after[0].options)  # 'any number' includes 0


def test_hand_of_divinity_gives_stun_immunity_and_soak_3():
    from recorder.games.battlecon import stats
    sc = Scenario(("vanaah", "hikaru"), positions=(1, 6), life=(5, 20), options={"special_actions": True},
                  finishers=("Hand of Divinity", "Four Winds"))
    f = sc.state.fighters[0]
    f.finisher_active, f.revealed = True, True
    assert stats.stun_immunity(sc.state, 0)
    assert stats.soak(sc.state, 0)[0] == 3


def test_divine_rush_anted_with_a_finisher_still_goes_into_discard_1():
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4), life=(5, 20), options={"special_actions": True},
                  finishers=("Death Walks", "Four Winds"), keep=(("Strike",), ("Advancing", "Drive")))
    b = sc.beat(((SA, "Strike"), ("Advancing", "Drive")), antes={0: [RUSH]}, lenient=True)
    assert b.of("RecycleSkipped", player=0)
    moved = b.one("CardMoved", card=RUSH)
    assert (moved.from_zone, moved.to_zone) == ("token_discard", "in discard 1")


def test_statistics_count_divine_rush_anted_and_returned_and_her_finisher():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from recorder.games.battlecon import special_events as SE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "vanaah"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante=RUSH, source="t"),
        E.AnteDeclared(player=1, ante="pass", source="t"),
        E.PairRevealed(styles=("Special Action", "Advancing"), bases=("Strike", "Drive")),
        SE.SpecialActionRevealed(player=0, base="Strike", action="finisher"),
        SE.FinisherRevealed(player=0, finisher="Death Walks", how="special"),
        KE.TokensSpent(player=1, tokens=("Fire",), reason="Reaping (discarded)"),
        KE.CardMoved(player=0, card=RUSH, from_zone="token_discard", to_zone="tokens", reason="Reaping"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {RUSH: 1}, "returned": {RUSH: 1}}
    assert ann["usage"]["cards_played"]["finisher"] == {"Death Walks": 1}
    assert ann["counts"]["finishers_used"] == 1
    assert ben["usage"]["tokens_used"] == {"spent": {"Fire": 1}}


def test_the_viewer_draws_divine_rush_in_her_discard_zones_as_a_token():
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("vanaah")
    assert info["zones"] == ["in discard 1", "in discard 2"] and info["tokens"] == [RUSH]
    assert info["drawing"] == {"token_zones": ["in discard 1", "in discard 2"]}


def test_explain_words_quote_the_cards():
    from recorder.games.battlecon.cards import KITS as K
    assert "does not hit opponents with a higher priority" in K["vanaah"].cards["Glorious"].text
    sc = Scenario(("vanaah", "khadath"), opp_keep=True, positions=(3, 4), keep=(("Reaping", "Strike"), ()))
    b = sc.beat((("Reaping", "Strike"), ("Lure", "Drive")), lenient=True)
    text = b.one("TriggerResolved", player=0, card="Reaping").text
    assert text.startswith("On Hit: The opponent must choose and discard one of their tokens")


def test_adding_her_changes_no_fingerprint_of_a_match_without_her():
    assert_no_other_fingerprint_changed("vanaah")


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_her_whole_matches_and_take_divine_rush(bots):
    seen = [e.ante for m in bot_matches(("vanaah", "hikaru"), bots) for e in m.events("AnteDeclared", player=0)]
    assert RUSH in seen