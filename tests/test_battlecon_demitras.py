"""Demitras Denigrande (War of Indines): Crescendo tokens (+1 Priority each in his pool, any number anted for +2
Power each, one gained on a hit and one lost when hit), every card and both Finisher sides.

Card data: fighters/demitras.json (battlecon-cards-woi.md, source G; docs/rulings.md "Demitras").
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.battlecon import GAME
from recorder.games.battlecon import stats
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.cards import SPECIAL_ACTION as SA
from recorder.header import Player
from recorder.match import Match, run, sealed
from tests.battlecon_scenarios import Scenario, bot_matches, assert_no_other_fingerprint_changed, assert_preview_refuses
from tests.replay_support import write_log

C = "Crescendo"
D = KITS["demitras"]


def demitras(*, opponent: str = "hikaru", keep=((), ()), **kw) -> Scenario:
    return Scenario(("demitras", opponent), keep=keep, **kw)


def held(sc, p: int = 0) -> int:
    return sc.state.fighters[p].tokens.count(C)


# -- card data ------------------------------------------------------------------------------------------------


def test_card_data_values_and_the_marked_discards():
    c = D.cards
    assert (D.name, D.initial, D.tokens, D.editions) == ("Demitras Denigrande", "D", (C, C), ("woi",))
    assert (c["Deathblow"].range, c["Deathblow"].power, c["Deathblow"].priority) == ((1, 1), 0, 8)
    assert [(c[s].range, c[s].power, c[s].priority) for s in D.styles] == [
        ((0, 0), -2, 1), ((0, 0), -2, 1), ((0, 0), -2, 3), ((0, 0), -1, 1), ((0, 1), -1, 0)]
    assert D.styles == ("Darkside", "Jousting", "Bloodletting", "Illusory", "Vapid")
    assert D.finishers == ("Symphony of Demise", "Accelerando")
    sym, acc = c["Symphony of Demise"], c["Accelerando"]
    assert (sym.range, sym.power, sym.priority, acc.range, acc.power, acc.priority) == ((1, 1), 0, 9, (1, 2), 2, 4)
    # The marked styles (G's colours); the bases are not sourced: the ones Y's AI discards with him.
    assert D.suggested == (("Darkside", "Strike"), ("Bloodletting", "Grasp"))


def test_the_preview_refuses_him_in_one_line():
    assert_preview_refuses("demitras")


# -- the Unique Ability ---------------------------------------------------------------------------------------


def test_one_priority_per_token_in_his_pool_and_two_power_per_token_anted():
    sc = demitras(keep=(("Illusory", "Vapid", "Drive", "Shot"), ("Focused", "Strike")), positions=(2, 6),
                  tokens={0: [C] * 3})
    b = sc.beat((("Vapid", "Shot"), ("Focused", "Strike")), antes={0: ["Crescendo x2"]},
                choices={0: [{"kind": "order", "first": C}]})
    asked = next(r for r in sc.requests if r.kind == "ante" and r.player == 0)
    assert [o["ante"] for o in asked.options] == ["pass", "Crescendo x1", "Crescendo x2", "Crescendo x3"]
    assert asked.labels[1:3] == ("Ante 1 Crescendo token (+2 Power; -1 Priority while out of your pool)",
                                 "Ante 2 Crescendo tokens (+4 Power; -2 Priority while out of your pool)")
    pc = b.one("PriorityCompared")
    assert pc.terms[0] == "Vapid 0 + Shot 2 + Crescendo tokens in pool (1) 1 = 3"  # 3 held, 2 anted
    hit = b.one("DamageDealt", player=0)
    assert hit.power_terms == "Vapid -1 + Shot 3 + Crescendo tokens anted (2) 4 = 6"


def test_any_number_in_a_beat_a_stack_at_each_ante_turn():
    sc = demitras(keep=(("Vapid", "Shot"), ("Focused", "Strike")), positions=(2, 6), tokens={0: [C] * 3})
    b = sc.beat((("Vapid", "Shot"), ("Focused", "Strike")), antes={0: ["Crescendo x1", "Crescendo x2"]},
                choices={0: [{"kind": "order", "first": C}]})
    assert [a.ante for a in b.of("AnteDeclared", player=0)] == ["Crescendo x1", "Crescendo x2"]  # then nothing left: no question
    assert "Crescendo tokens anted (3) 6" in b.one("DamageDealt", player=0).power_terms
    assert held(sc) == 1  # 3 anted, 1 gained by the hit


def test_a_hit_gains_a_token_and_being_hit_loses_one():
    # Illusory Drive: the ability's On Hit gain is his only On Hit effect (no order to choose).
    sc = demitras(keep=(("Illusory", "Drive"), ("Focused", "Strike")), positions=(3, 4), tokens={0: [C] * 3})
    b = sc.beat((("Illusory", "Drive"), ("Focused", "Strike")), choices={0: [{"kind": "move", "to": 5}]})
    # Demitras 1 + 4 + 3 = 8 beats Focused Strike 4; his Drive advances past Hikaru (3 -> 5) and hits at range 1.
    trig = b.one("TriggerResolved", player=0, card=C)
    assert (trig.timing, trig.text) == ("hit", "Whenever he hits an opponent, he gains 1 Crescendo token (never "
                                                "more than 5).")
    assert b.one("TokensGained", player=0).reason == C
    lost = b.one("TokensSpent", player=0)
    assert (lost.tokens, lost.reason) == ((C,), "Crescendo: lost when hit by an attack")
    types = b.types()
    assert types.index("HitScored", types.index("TokensGained")) < types.index("TokensSpent")
    assert held(sc) == 3


def test_the_pool_never_holds_more_than_five():
    sc = demitras(keep=(("Illusory", "Drive"), ("Focused", "Burst")), positions=(3, 4), tokens={0: [C] * 5})
    b = sc.beat((("Illusory", "Drive"), ("Focused", "Burst")), choices={0: [{"kind": "move", "to": 4}],
                                                                      1: [{"kind": "move", "to": 5}]})
    assert b.none("TokensGained")
    assert b.one("EffectIgnored", player=0, card=C).reason == "already 5 Crescendo tokens"
    assert held(sc) == 5


# -- cards ----------------------------------------------------------------------------------------------------


def test_deathblow_spends_tokens_for_power_and_gains_one_more_after_a_hit():
    sc = demitras(keep=(("Vapid", "Deathblow"), ("Sweeping", "Strike")), positions=(3, 4), tokens={0: [C] * 2})
    b = sc.beat((("Vapid", "Deathblow"), ("Sweeping", "Strike")),
                choices={0: [{"kind": "order", "first": C}, {"kind": "order", "first": "Deathblow"},
                             {"kind": "amount", "amount": 3}]})
    order = next(r for r in sc.requests if r.kind == "order")
    assert order.labels == ("Vapid first", "Deathblow first", "Crescendo first")
    amount = next(r for r in sc.requests if r.kind == "amount")
    assert amount.prompt == "Deathblow: spend how many Crescendo tokens (+2 Power each)?"
    assert amount.labels == ("Spend none", "Spend 1 Crescendo token for +2 Power",
                             "Spend 2 Crescendo tokens for +4 Power", "Spend 3 Crescendo tokens for +6 Power")
    assert b.one("TokensSpent", player=0, reason="Deathblow").tokens == (C, C, C)  # the one just gained too
    assert b.one("StatusGained", player=0).label == "Deathblow (3 Crescendo tokens)"
    hit = b.one("DamageDealt", player=0)
    assert (hit.power_terms, hit.extra, hit.amount) == ("Vapid -1 + Deathblow 0 + Deathblow (3 Crescendo tokens) "
                                                        "6 = 5", 2, 7)
    after = b.one("TokensGained", player=0, reason="Deathblow")
    assert after.tokens == (C,) and held(sc) == 1


def test_deathblow_after_a_miss_gains_nothing():
    sc = demitras(keep=(("Vapid", "Deathblow"), ("Focused", "Shot")), positions=(2, 5))
    b = sc.beat((("Vapid", "Deathblow"), ("Focused", "Shot")))
    assert b.one("AttackMissed", player=0).reason == "out of range (distance 3)"
    assert b.one("EffectIgnored", player=0, card="Deathblow").reason == "the attack did not hit"


def test_darkside_dodges_at_range_four_or_more_and_retreats_any_number_on_hit():
    # No token: Darkside Shot 3 against Sweeping Shot 5, so Hikaru attacks first.
    sc = demitras(keep=(("Darkside", "Shot"), ("Sweeping", "Shot")), positions=(2, 6), tokens={0: []})
    b = sc.beat((("Darkside", "Shot"), ("Sweeping", "Shot")),
                choices={0: [{"kind": "order", "first": C}, {"kind": "move", "to": 1}]})
    assert b.one("AttackMissed", player=1).reason == ("dodged: Darkside: opponents at range 4 or more do not hit "
                                                      "him (range 4)")
    assert b.one("FighterMoved", player=0, kind="retreat").to_space == 1
    sc = demitras(keep=(("Darkside", "Shot"), ("Sweeping", "Shot")), positions=(3, 6), tokens={0: []})
    b = sc.beat((("Darkside", "Shot"), ("Sweeping", "Shot")),
                choices={0: [{"kind": "order", "first": "Darkside"}, {"kind": "move", "to": 3}]})
    assert b.one("HitScored", player=1)  # range 3: no dodge
    assert b.none("FighterMoved")  # "any number" includes 0


def test_jousting_advances_until_adjacent_then_as_far_as_possible_on_hit():
    sc = demitras(keep=(("Jousting", "Strike"), ("Focused", "Shot")), positions=(1, 5))
    b = sc.beat((("Jousting", "Strike"), ("Focused", "Shot")), choices={0: [{"kind": "order", "first": C}]})
    start, hit = b.of("FighterMoved", player=0)
    assert (start.kind, start.from_space, start.to_space, start.distance) == ("advance", 1, 4, 3)
    assert (hit.from_space, hit.to_space, hit.switched_sides) == (4, 7, True)  # past Hikaru to the edge
    assert b.one("TriggerResolved", player=0, card="Jousting", timing="start").text == (
        "Start of Beat: Advance until you are adjacent to the nearest opponent.")


def test_jousting_already_adjacent_stays():
    sc = demitras(keep=(("Jousting", "Strike"), ("Focused", "Shot")), positions=(6, 7))
    b = sc.beat((("Jousting", "Strike"), ("Focused", "Shot")), choices={0: [{"kind": "order", "first": C}]})
    # Start: already adjacent; On Hit, from 6 with Hikaru on 7: no space to advance to.
    assert [e.reason for e in b.of("EffectIgnored", player=0, card="Jousting")] == [
        "already adjacent to the opponent", "no space to advance to"]
    assert b.none("FighterMoved", player=0)


def test_bloodletting_ignores_soak_and_gains_life_per_token_anted():
    sc = demitras(opponent="cadenza", keep=(("Bloodletting", "Strike"), ("Clockwork", "Strike")), positions=(3, 4),
                  life=(10, 20), tokens={0: [C] * 3})
    b = sc.beat((("Bloodletting", "Strike"), ("Clockwork", "Strike")), antes={0: ["Crescendo x2"]},
                choices={0: [{"kind": "order", "first": "Bloodletting"}]}, lenient=True)
    hit = b.one("DamageDealt", player=0)
    assert (hit.soak, hit.amount, hit.soak_terms) == (0, 6, "Clockwork 3 - ignored (Bloodletting) 3 = 0")
    life = b.one("LifeGained", player=0)
    assert (life.amount, life.reason) == (2, "Bloodletting (2 Crescendo tokens anted)")
    assert life.life_after == 12  # 10 + 2, before Cadenza strikes back


def test_bloodletting_takes_him_above_twenty_life():
    sc = demitras(opponent="cadenza", keep=(("Bloodletting", "Strike"), ("Clockwork", "Strike")), positions=(3, 4),
                  life=(19, 20), tokens={0: [C] * 3})
    b = sc.beat((("Bloodletting", "Strike"), ("Clockwork", "Strike")), antes={0: ["Crescendo x3"]},
                choices={0: [{"kind": "order", "first": "Bloodletting"}]}, lenient=True)
    life = b.one("LifeGained", player=0)
    assert (life.amount, life.life_after) == (3, 22)  # no cap (docs/rulings.md, "Life gain")


def test_bloodletting_without_an_ante_gains_nothing():
    sc = demitras(opponent="cadenza", keep=(("Bloodletting", "Strike"), ("Battery", "Strike")), positions=(3, 4))
    b = sc.beat((("Bloodletting", "Strike"), ("Battery", "Strike")),
                choices={0: [{"kind": "order", "first": "Bloodletting"}]}, lenient=True)
    assert b.one("EffectIgnored", player=0, card="Bloodletting").reason == "no Crescendo token anted this beat"
    assert b.none("LifeGained")


def test_illusory_refunds_the_antes_and_dodges_a_faster_opponent_with_two_tokens_or_fewer():
    sc = demitras(keep=(("Illusory", "Shot"), ("Focused", "Grasp")), positions=(3, 4))
    b = sc.beat((("Illusory", "Shot"), ("Focused", "Grasp")), antes={0: ["Crescendo x2"]})
    returned = b.one("TokensReturned", player=0)
    assert returned.tokens == (C, C)
    pc = b.one("PriorityCompared")  # the returned tokens are in his pool again: +2 Priority, no Power
    assert pc.terms[0] == "Illusory 1 + Shot 2 + Crescendo tokens in pool (2) 2 = 5"
    assert pc.active == 1  # Focused Grasp 1 + 5 = 6
    assert b.one("AttackMissed", player=1).reason == (
        "dodged: Illusory: with 2 Crescendo tokens he is not hit by an opponent with a higher priority (6 against 5)")
    assert b.one("DamageDealt", player=0).power_terms == "Illusory -1 + Shot 3 = 2"


def test_illusory_with_three_tokens_is_hit():
    sc = demitras(keep=(("Illusory", "Shot"), ("Sweeping", "Grasp")), positions=(3, 4), tokens={0: [C] * 3})
    b = sc.beat((("Illusory", "Shot"), ("Sweeping", "Grasp")), choices={1: [{"kind": "move", "to": 2}]})
    assert b.one("PriorityCompared").priorities == (6, 8)
    assert b.one("HitScored", player=1) and b.none("AttackMissed", player=1)
    assert b.one("TokensSpent", player=0).reason == "Crescendo: lost when hit by an attack"


def test_vapid_stuns_an_opponent_with_priority_three_or_less():
    sc = demitras(keep=(("Vapid", "Deathblow"), ("Trance", "Strike")), positions=(3, 4))
    b = sc.beat((("Vapid", "Deathblow"), ("Trance", "Strike")),
                choices={0: [{"kind": "order", "first": "Vapid"}, {"kind": "order", "first": C},
                             {"kind": "amount", "amount": 0}]}, lenient=True)
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.one("AttackSkipped", player=1).reason == "stunned"


def test_vapid_does_not_stun_an_opponent_with_priority_four():
    sc = demitras(keep=(("Vapid", "Deathblow"), ("Advancing", "Grasp")), positions=(3, 4))
    b = sc.beat((("Vapid", "Deathblow"), ("Advancing", "Grasp")),
                choices={0: [{"kind": "order", "first": "Vapid"}, {"kind": "order", "first": C},
                             {"kind": "amount", "amount": 0}]}, lenient=True)
    assert b.one("EffectIgnored", player=0, card="Vapid").reason == "the opponent's priority is 6 (more than 3)"


@pytest.mark.parametrize("side", ["Symphony of Demise", "Accelerando"])
def test_both_finisher_sides_are_chosen_and_played(side):
    sc = demitras(keep=(("Strike",), ("Focused", "Strike")), positions=(1, 5), life=(5, 20),
                  options={"special_actions": True}, finishers=(side, "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == side


def test_symphony_of_demise_advances_up_to_four_and_fills_the_pool_to_five():
    sc = demitras(keep=(("Strike",), ("Focused", "Strike")), positions=(1, 5), life=(5, 20),
                  options={"special_actions": True}, finishers=("Symphony of Demise", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")),
                choices={0: [{"kind": "move", "to": 4}, {"kind": "order", "first": C}]})
    assert b.one("FighterMoved", player=0).to_space == 4
    gained = b.of("TokensGained", player=0)
    assert [(g.reason, len(g.tokens)) for g in gained] == [(C, 1), ("Symphony of Demise", 2)]
    assert held(sc) == 5 - 1  # then Hikaru's Focused Strike hits him: one lost


def test_accelerando_advances_as_far_as_possible_ignores_stun_guard_and_discards_for_power():
    sc = demitras(keep=(("Strike",), ("Focused", "Strike")), positions=(1, 6), life=(5, 20), tokens={0: [C] * 3},
                  options={"special_actions": True}, finishers=("Accelerando", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")),
                choices={0: [{"kind": "order", "first": C}, {"kind": "amount", "amount": 4}]})
    move = b.one("FighterMoved", player=0)
    assert (move.from_space, move.to_space, move.switched_sides) == (1, 7, True)  # hops Hikaru to the far edge
    assert b.one("TokensSpent", player=0, reason="Accelerando").tokens == (C,) * 4
    hit = b.one("DamageDealt", player=0)
    assert hit.power_terms == "Accelerando 2 + Accelerando (4 Crescendo tokens) 8 = 10"
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (10, 0)  # Focused Strike's stun guard 7 is ignored


# -- what the kit shows: statistics, words, secrets, bots -------------------------------------------------------


def test_statistics_count_crescendo_tokens_anted_spent_gained_and_returned():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "demitras"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante="Crescendo x2", source="t"),
        E.AnteDeclared(player=1, ante="pass", source="t"), E.AnteDeclared(player=0, ante="pass", source="t"),
        E.TokensReturned(player=0, tokens=(C, C)),
        KE.TokensGained(player=0, tokens=(C,), reason=C),
        KE.TokensSpent(player=0, tokens=(C, C, C), reason="Deathblow"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {C: 2}, "returned": {C: 2}, "gained": {C: 1}, "spent": {C: 3}}
    assert "tokens_used" not in ben["usage"] or not ben["usage"]["tokens_used"]


def test_explain_words_quote_the_cards_and_count_the_stack():
    from recorder.games.battlecon.describe import describe
    from recorder.games.battlecon.state import BattleState

    sc = demitras(keep=(("Vapid", "Shot"), ("Focused", "Strike")), positions=(2, 6), tokens={0: [C] * 3})
    b = sc.beat((("Vapid", "Shot"), ("Focused", "Strike")), antes={0: ["Crescendo x2"]},
                choices={0: [{"kind": "order", "first": C}]})
    assert isinstance(sc.state, BattleState)
    antes = [SimpleNamespace(type=e.type, data=e.event.to_data()) for e in b.entries
             if e.type == "AnteDeclared" and e.event.player == 0]
    assert [describe(sc.state, r) for r in antes] == ["Demitras antes 2 Crescendo tokens (+4 Power this beat)",
                                                      "Demitras passes"]
    trig = b.one("TriggerResolved", player=0, card="Vapid")
    assert trig.text == "On Hit: If the opponent has a priority of 3 or less, he is stunned."


def test_a_players_view_never_shows_his_face_down_pair(tmp_path):
    header = GAME.make_header(players=(Player("Ann", "demitras"), Player("Ben", "hikaru")), edition="woi", seed=5,
                              options={"duels": 1, "special_actions": True})
    match = Match(GAME, header)
    run(match, {p: GAME.bot("random", 5, p) for p in (0, 1)})
    records = list(sealed(match))
    path = write_log(tmp_path / "m.jsonl", header, records)
    beat2 = [r for r in records if (r.duel, r.beat) == (1, 2)]
    k = next(i for i, r in enumerate(beat2) if r.type == "PairCommitted" and r.data["player"] == 0) + 1
    chosen = next(r for r in beat2 if r.type == "PairSelected" and r.data["player"] == 0).data
    out = CliRunner().invoke(main, ["state", str(path), "--beat", "2", "--event", str(k), "--as", "2", "--json"])
    assert out.exit_code == 0, out.output
    me = json.loads(out.output)["state"]["fighters"][0]
    assert me["pair"]["style"] == me["pair"]["base"] == "?" and me["hand_hidden_count"] == 2
    text = CliRunner().invoke(main, ["state", str(path), "--beat", "2", "--event", str(k), "--as", "2"]).output
    assert "pair: face down (unknown to you)" in text
    assert f"{chosen['style']} {chosen['base']}" not in text


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_his_whole_matches_and_ante_crescendo(bots):
    seen = [e.ante for m in bot_matches(("demitras", "hikaru"), bots) for e in m.events("AnteDeclared", player=0)]
    assert any(a.startswith("Crescendo x") for a in seen)


def test_adding_him_changes_no_fingerprint_of_a_match_without_him():
    assert_no_other_fingerprint_changed("demitras")


def test_stat_terms_read_the_pool_now():
    sc = demitras(tokens={0: [C] * 4})
    assert [t for t in D.tokens] == [C, C]
    assert stats.priority(sc.state, 0)[1][-1] == ("Crescendo tokens in pool (4)", 4)


def test_jousting_stops_where_a_movement_stop_stops_it():
    # WoI FAQ (Lixis, Lance): "They must move forward until they are prevented from doing so ... then stop." Here
    # Khadath's Gate Trap stops the opponent's own movement on its space.
    sc = demitras(opponent="khadath", keep=(("Jousting", "Shot"), ("Lure", "Drive")), positions=(1, 6), trap=3)
    b = sc.beat((("Jousting", "Shot"), ("Lure", "Drive")), lenient=True)
    start = b.of("FighterMoved", player=0)[0]
    assert (start.kind, start.from_space, start.to_space) == ("advance", 1, 3)  # stopped on the trap, not 5


def test_the_viewer_draws_his_crescendo_tokens():
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("demitras")
    assert info["tokens"] == [C, C]
