"""Lixis Ran Kanda (War of Indines): Withering Touch, every card, both Finisher sides, the lasting Finisher effects
and the rulings that decided her values (docs/rulings.md, "Lixis").

Card data: fighters/lixis.json (battlecon-cards-woi.md; G's sheet for the texts and for Virulent Miasma's 2 life).
"""

from __future__ import annotations

import pytest

from recorder.games.battlecon import stats
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.movement import destinations, direct_destinations
from recorder.games.battlecon.state import Status
from tests.battlecon_scenarios import Scenario, bot_matches, assert_no_other_fingerprint_changed, assert_preview_refuses

SA = "Special Action"
X = KITS["lixis"]


def lixis(opponent: str = "hikaru", keep=((), ()), **kw) -> Scenario:
    return Scenario(("lixis", opponent), keep=keep, **kw)


def _pair(sc, p, style, base, revealed=True):
    f = sc.state.fighters[p]
    f.style, f.base, f.revealed = style, base, revealed


def test_card_data_values_and_rulings():
    c = X.cards
    assert (c["Lance"].range, c["Lance"].power, c["Lance"].priority) == ((2, 2), 3, 5)
    assert (c["Pruning"].range, c["Pruning"].power, c["Pruning"].priority) == ((0, 1), -1, -2)
    assert (c["Venomous"].range, c["Venomous"].power, c["Venomous"].stun_guard) == ((0, 0), 1, 2)
    assert "Gc codes it as advance 1" in c["Venomous"].ruling
    assert (c["Rooted"].range, c["Rooted"].power, c["Rooted"].priority, c["Rooted"].soak) == ((-1, 0), 1, -2, 2)
    assert "Y lets her refuse only the opponent's" in c["Rooted"].ruling
    assert (c["Naturalizing"].range, c["Naturalizing"].power, c["Naturalizing"].priority) == ((0, 1), -1, 1)
    assert (c["Vine"].range, c["Vine"].priority, c["Vine"].stun_guard) == ((0, 2), -2, 3)
    m, v = c["Virulent Miasma"], c["Life Virus"]
    assert (m.range, m.power, m.priority) == ((1, 3), 4, 5)
    assert m.triggers["hit"][0] == {"op": "miasma", "life": 2, "priority": -3}  # G; Y and E have 3
    assert "2 life per ante step (G; Y and E have 3)" in m.ruling
    assert (v.range, v.power, v.priority, v.soak, v.stun_guard) == ((3, 6), 4, 3, 3, 2)
    assert X.finishers == ("Virulent Miasma", "Life Virus") and X.editions == ("woi",) and X.tokens == ()
    assert X.suggested == (("Pruning", "Grasp"), ("Rooted", "Strike"))


def test_the_preview_refuses_her_in_one_line():
    assert_preview_refuses("lixis")


# -- Withering Touch ----------------------------------------------------------------------------------------------

HIKARU_KEEP = ("Trance", "Focused", "Shot", "Drive", "Grasp")  # his discards: Advancing Strike, Sweeping Burst


def test_withering_touch_the_opponent_discards_a_base_of_their_choice_with_their_pair():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Naturalizing", "Strike"), ("Trance", "Shot")), choices={1: [{"kind": "card", "card": "Grasp"}]})
    assert b.one("TriggerResolved", player=0, timing="hit").card == "Withering Touch"
    asked = next(r for r in sc.requests if r.kind == "card")
    assert asked.player == 1 and asked.prompt == "Withering Touch: discard a base from your hand with your attack pair"
    assert asked.labels == ("Discard Drive", "Discard Grasp", "Discard Dash", "Discard Palm Strike")
    moved = b.one("CardMoved", player=1)
    assert (moved.card, moved.from_zone, moved.to_zone, moved.reason) == ("Grasp", "hand", "with the pair",
                                                                           "Withering Touch")
    assert b.one("CardsRecycled", player=1).discard1 == ("Trance", "Shot", "Grasp")
    f = sc.state.fighters[1]
    assert f.discard1 == ["Trance", "Shot", "Grasp"] and "Grasp" not in f.hand and f.zones["with the pair"] == []


def test_withering_touch_against_an_empty_hand_of_bases_does_nothing():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4))
    f = sc.state.fighters[1]
    bases = set(KITS["hikaru"].bases)
    f.discard2 += [c for c in f.hand if c in bases and c != "Shot"]  # test set-up: only Shot left, for the pair
    f.hand = [c for c in f.hand if c not in bases or c == "Shot"]
    b = sc.beat((("Naturalizing", "Strike"), ("Trance", "Shot")))
    assert b.one("EffectIgnored", card="Withering Touch").reason == "Hikaru has no base in hand"
    assert b.none("CardMoved")


def test_the_discarded_base_goes_to_discard_1_when_the_opponents_pair_does_not_cycle():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4), life=(20, 5),
               options={"special_actions": True}, finishers=("Life Virus", "Four Winds"))
    # Hikaru's Four Winds (priority 5) hits first and does not stun her (Strike's stun guard 5); her Naturalizing
    # Strike hits back: the base goes to discard 1 though his piles do not move (a Finisher).
    b = sc.beat((("Naturalizing", "Strike"), (SA, "Drive")), choices={1: [{"kind": "card", "card": "Grasp"}]},
                lenient=True)
    assert b.one("FinisherRevealed", player=1).finisher == "Four Winds"
    assert b.of("HitScored", player=0) and b.of("RecycleSkipped", player=1)
    moved = b.of("CardMoved", player=1, card="Grasp")
    assert [(m.from_zone, m.to_zone) for m in moved] == [("hand", "with the pair"), ("with the pair", "discard1")]
    assert moved[1].reason == "discarded with the attack pair (used a Finisher: it does not cycle)"
    assert "Grasp" in sc.state.fighters[1].discard1 and sc.state.fighters[1].zones["with the pair"] == []


# -- the styles ---------------------------------------------------------------------------------------------------


def test_pruning_counts_the_bases_in_the_opponents_discards_and_discards_one_more():
    sc = lixis(keep=(("Pruning", "Strike"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Pruning", "Strike"), ("Trance", "Shot")),
                choices={0: [{"kind": "order", "first": "Pruning"}],
                         1: [{"kind": "card", "card": "Grasp"}, {"kind": "card", "card": "Dash"}]})
    gained = b.of("StatusGained", player=0)
    assert [(g.stat, g.amount, g.label) for g in gained] == [("power", 2, "Pruning (2 bases in discards)"),
                                                              ("priority", 2, "Pruning (2 bases in discards)")]
    assert b.one("PriorityCompared").terms[0] == "Pruning -2 + Strike 3 + Pruning (2 bases in discards) 2 = 3"
    assert b.one("DamageDealt", player=0).power == 5
    assert [m.reason for m in b.of("CardMoved", player=1)] == ["Pruning", "Withering Touch"]
    assert b.one("CardsRecycled", player=1).discard1 == ("Trance", "Shot", "Grasp", "Dash")


def test_pruning_with_no_base_in_the_opponents_discards_gives_nothing():
    sc = lixis(keep=(("Pruning", "Strike"), HIKARU_KEEP), positions=(1, 7))
    f = sc.state.fighters[1]
    f.hand += [c for c in f.discard1 + f.discard2 if c in KITS["hikaru"].bases]
    f.discard1 = [c for c in f.discard1 if c not in KITS["hikaru"].bases]
    f.discard2 = [c for c in f.discard2 if c not in KITS["hikaru"].bases]
    b = sc.beat((("Pruning", "Strike"), ("Trance", "Shot")), lenient=True)
    assert b.one("EffectIgnored", card="Pruning").reason == "no base in the opponent's discard piles"


def test_venomous_advances_up_to_one_and_takes_two_priority_next_beat():
    sc = lixis(keep=(("Venomous", "Strike"), HIKARU_KEEP), positions=(2, 4))
    b = sc.beat((("Venomous", "Strike"), ("Trance", "Shot")),
                choices={0: [{"kind": "move", "to": 3}, {"kind": "order", "first": "Venomous"}],
                         1: [{"kind": "card", "card": "Grasp"}]})
    asked = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert asked.prompt == "Venomous: advance up to 1" and [o["to"] for o in asked.options] == [2, 3]
    st = b.one("StatusGained", player=1)
    assert (st.stat, st.amount, st.when, st.label) == ("priority", -2, "next", "Venomous")
    assert sc.state.fighters[1].statuses[0].beat == 2


def test_vine_pulls_up_to_two_on_hit():
    sc = lixis(keep=(("Vine", "Shot"), HIKARU_KEEP), positions=(2, 5))
    b = sc.beat((("Vine", "Shot"), ("Trance", "Shot")),
                choices={0: [{"kind": "order", "first": "Vine"}, {"kind": "move", "to": 3}],
                         1: [{"kind": "card", "card": "Grasp"}]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert asked.prompt == "Vine: pull Hikaru up to 2" and [o["to"] for o in asked.options] == [5, 4, 3]
    assert b.one("FighterMoved", player=1, kind="pull").to_space == 3


def test_rooted_lets_her_ignore_her_own_movement():
    sc = lixis(keep=(("Rooted", "Drive"), ("Trance", "Burst")), positions=(2, 5))
    b = sc.beat((("Rooted", "Drive"), ("Trance", "Burst")),
                choices={0: [{"kind": "ignore_move", "use": True}], 1: [{"kind": "move", "to": 6}]})
    asked = next(r for r in sc.requests if r.kind == "ignore_move")
    assert (asked.player, asked.prompt) == (0, "Rooted: ignore your Drive (advance)?")
    assert asked.labels == ("Ignore it (Rooted): stay on 2", "Let it move you")
    assert b.one("EffectIgnored", card="Drive").reason == "Lixis ignores the movement (Rooted)"
    assert b.none("FighterMoved", player=0) and sc.state.fighters[0].position == 2


def test_rooted_lets_her_ignore_the_opponents_movement_applied_to_her():
    sc = lixis(keep=(("Rooted", "Strike"), ("Focused", "Grasp")), positions=(3, 4))
    b = sc.beat((("Rooted", "Strike"), ("Focused", "Grasp")), choices={0: [{"kind": "ignore_move", "use": True}]},
                lenient=True)
    asked = next(r for r in sc.requests if r.kind == "ignore_move")
    assert (asked.player, asked.prompt) == (0, "Rooted: ignore Hikaru's Grasp (move opponent)?")
    ignored = b.one("EffectIgnored", card="Grasp")
    assert (ignored.player, ignored.reason) == (1, "Lixis ignores the movement (Rooted)")
    assert b.none("FighterMoved", player=0) and sc.state.fighters[0].position == 3
    assert not [r for r in sc.requests if r.kind == "move" and r.player == 1]  # ignored before he chose where


def test_rooted_accepting_the_opponents_movement_moves_her():
    sc = lixis(keep=(("Rooted", "Strike"), ("Focused", "Grasp")), positions=(3, 4))
    b = sc.beat((("Rooted", "Strike"), ("Focused", "Grasp")),
                choices={0: [{"kind": "ignore_move", "use": False}], 1: [{"kind": "move", "to": 2}]}, lenient=True)
    assert b.one("FighterMoved", player=0).to_space == 2 and b.none("EffectIgnored", card="Grasp")


def test_without_rooted_nothing_asks_to_ignore_a_movement():
    sc = lixis(keep=(("Venomous", "Drive"), ("Trance", "Burst")), positions=(2, 5))
    sc.beat((("Venomous", "Drive"), ("Trance", "Burst")), lenient=True)
    assert not [r for r in sc.requests if r.kind == "ignore_move"]


# -- Naturalizing -------------------------------------------------------------------------------------------------


def test_naturalizing_negates_the_opponents_antes():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(1, 5))
    b = sc.beat((("Naturalizing", "Strike"), ("Focused", "Shot")), antes={1: ["Fire"]}, lenient=True)
    assert b.one("EffectIgnored", card="Fire token").reason == "negated by Lixis's Naturalizing"
    dealt = b.one("DamageDealt", player=1)
    assert dealt.power == 3 and "Fire" not in dealt.power_terms  # Shot 3, no +3 from Fire
    assert sc.state.fighters[1].token_discard == ["Fire"]  # anted all the same: spent, no effect


def test_naturalizing_caps_the_opponents_power_priority_and_range_at_the_printed_values():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 5))
    s = sc.state
    _pair(sc, 0, "Naturalizing", "Strike")
    _pair(sc, 1, "Focused", "Shot")
    s.beat = 1
    s.fighters[1].statuses = [Status("power", 2, 1, "a bonus"), Status("priority", 1, 1, "a bonus"),
                              Status("range", 1, 1, "a bonus")]
    assert stats.power(s, 1)[0] == 5 and stats.priority(s, 1)[0] == 4
    s.fighters[0].own.natural = "Naturalizing"
    total, terms = stats.power(s, 1)
    assert total == 3 and stats.format_terms(terms, total) == ("Focused 0 + Shot 3 + a bonus 2 - Lixis's Naturalizing "
                                                               "(printed values) 2 = 3")
    assert stats.priority(s, 1)[0] == 3
    kind, lo, hi, terms = stats.attack_range(s, 1)
    assert (lo, hi) == (1, 4) and terms[-1] == ("Lixis's Naturalizing (printed values)", (-1, -1))
    s.fighters[1].statuses = [Status("power", -2, 1, "a penalty")]
    assert stats.power(s, 1)[0] == 1  # penalties still count
    assert stats.power(s, 0)[0] == 3  # her own numbers are hers: Naturalizing -1 + Strike 4, nothing capped


def test_naturalizing_forbids_spending_tokens():
    sc = lixis(opponent="luc", keep=(("Naturalizing", "Strike"), ("Chrono", "Shot")), positions=(5, 1))
    b = sc.beat((("Naturalizing", "Strike"), ("Chrono", "Shot")), lenient=True)
    ignored = b.one("EffectIgnored", card="Chrono")
    assert ignored.reason == "no tokens may be spent this beat (Lixis's Naturalizing)"
    assert b.none("TokensSpent")


def test_naturalizing_negates_a_stack_anted_by_its_size():
    sc = lixis(opponent="luc", keep=(("Naturalizing", "Strike"), ("Fusion", "Shot")), positions=(7, 2),
               tokens={1: ["Time"] * 3})
    b = sc.beat((("Naturalizing", "Strike"), ("Fusion", "Shot")), antes={1: ["Time x3"]}, lenient=True)
    assert b.one("EffectIgnored", card="3 Time tokens").reason == "negated by Lixis's Naturalizing"
    assert b.none("TriggerResolved", card="Temporal Battery")  # the stack of 3's advance is negated


def test_naturalizing_keeps_press_at_its_printed_power():
    sc = lixis(opponent="cadenza", keep=(("Naturalizing", "Strike"), ("Battery", "Press")), positions=(3, 4))
    b = sc.beat((("Naturalizing", "Strike"), ("Battery", "Press")), lenient=True)
    assert b.one("DamageDealt", player=1).power_terms == ("Battery 1 + Press 1 + damage taken this beat 3 - Lixis's "
                                                          "Naturalizing (printed values) 3 = 2")


def test_naturalizing_stops_an_iron_body_token_being_spent():
    sc = lixis(opponent="cadenza", keep=(("Naturalizing", "Strike"), ("Battery", "Drive")), positions=(3, 4))
    b = sc.beat((("Naturalizing", "Strike"), ("Battery", "Drive")), lenient=True)
    assert b.of("HitScored", player=0)
    ignored = b.one("EffectIgnored", card="Iron Body")
    assert ignored.reason == "no tokens may be spent this beat (Lixis's Naturalizing)"
    assert b.of("StunApplied", player=1) and b.none("IronBodyDecided")


def test_without_naturalizing_the_opponents_tokens_work():
    sc = lixis(keep=(("Rooted", "Strike"), HIKARU_KEEP), positions=(1, 5))
    b = sc.beat((("Rooted", "Strike"), ("Focused", "Shot")), antes={1: ["Fire"]}, lenient=True)
    assert b.one("DamageDealt", player=1).power == 6


# -- Lance ---------------------------------------------------------------------------------------------------------


def test_lance_forbids_the_spaces_next_to_her_once_revealed():
    sc = lixis(keep=(("Vine", "Lance"), HIKARU_KEEP), positions=(4, 1))
    s = sc.state
    _pair(sc, 0, "Vine", "Lance", revealed=False)
    assert [d.to for d in destinations(s, 1, "advance", (1, 2, 3), 1)] == [2, 3, 5]
    _pair(sc, 0, "Vine", "Lance")  # face up: the passive acts (WoI FAQ, Lixis: not before)
    assert [d.to for d in destinations(s, 1, "advance", (1, 2, 3), 1)] == [2]  # into 3 or through it: no
    assert [d.to for d in destinations(s, 1, "pull", (1, 2), 0)] == [2]  # her own pull too
    assert 3 not in [d.to for d in direct_destinations(s, 1)] and 5 not in [d.to for d in direct_destinations(s, 1)]
    s.fighters[1].position = 3  # already next to her: moving out is free, passing her is not
    assert [d.to for d in destinations(s, 1, "retreat", (1, 2), 1)] == [2, 1]
    assert destinations(s, 1, "advance", (1,), 1) == []
    assert [d.to for d in destinations(s, 0, "advance", (1,), 0)] == [2]  # she moves freely


def test_lance_in_play_stops_the_opponents_advance():
    sc = lixis(keep=(("Vine", "Lance"), ("Advancing", "Grasp")), positions=(4, 2))
    b = sc.beat((("Vine", "Lance"), ("Advancing", "Grasp")), lenient=True)
    assert "no legal destination" in b.one("EffectIgnored", card="Advancing").reason
    assert sc.state.fighters[1].position == 2


# -- the Finishers -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["Virulent Miasma", "Life Virus"])
def test_both_finisher_sides_are_chosen(side):
    sc = lixis(positions=(3, 4), life=(5, 20), options={"special_actions": True}, finishers=(side, "Four Winds"))
    assert sc.state.fighters[0].finisher == side


def _miasma(life_opp=20) -> Scenario:
    sc = lixis(keep=(("Strike",), HIKARU_KEEP), positions=(3, 4), life=(5, life_opp),
               options={"special_actions": True}, finishers=("Virulent Miasma", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")),
                choices={0: [{"kind": "order", "first": "Virulent Miasma"}], 1: [{"kind": "card", "card": "Grasp"}]})
    assert b.one("FinisherRevealed", player=0).finisher == "Virulent Miasma"
    assert b.one("TriggerResolved", player=0, card="Virulent Miasma").text.startswith(
        "On Hit: The opponent loses 2 life during each ante step.")
    assert sc.state.fighters[0].own.miasma == "Virulent Miasma"
    return sc


def test_virulent_miasma_takes_two_life_at_the_start_of_each_ante_step_for_the_rest_of_the_duel():
    sc = _miasma()
    for pairs in ((("Naturalizing", "Dash"), ("Focused", "Drive")), (("Vine", "Grasp"), ("Sweeping", "Burst"))):
        b = sc.beat(pairs, lenient=True)
        lost = b.one("LifeLost", player=1)
        assert (lost.amount, lost.lost, lost.reason) == (2, 2, "Virulent Miasma: the ante step")
        assert b.types().index("LifeLost") == b.types().index("AnteStarted") + 1


def test_virulent_miasma_never_takes_the_last_life_but_counts_in_full():
    sc = _miasma()
    sc.state.fighters[1].life = 2
    b = sc.beat((("Naturalizing", "Dash"), ("Focused", "Drive")), lenient=True)
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.lost, lost.life_after) == (2, 1, 1)


def test_virulent_miasma_at_one_life_gives_minus_three_priority_instead():
    sc = _miasma()
    sc.state.fighters[1].life = 1
    b = sc.beat((("Naturalizing", "Dash"), ("Focused", "Drive")), lenient=True)
    assert b.none("LifeLost", player=1)
    st = b.one("StatusGained", player=1, stat="priority")
    assert (st.amount, st.when, st.label) == (-3, "this", "Virulent Miasma (at 1 life)")
    assert "Virulent Miasma (at 1 life) 3" in b.one("PriorityCompared").terms[1]


def test_virulent_miasma_counts_in_the_opponents_special_action_label():
    from recorder.games.battlecon.beat import pair_options
    sc = _miasma()
    s = sc.state
    s.fighters[1].life = 9  # 7 at the reveal: Miasma's 2 life at the start of the ante step
    labels = pair_options(s, 1)[1]
    assert "Special Action Drive (finisher: Four Winds)" in labels
    s.fighters[1].life = 10
    assert "Special Action Drive (cancel: life 8 is above 7)" in pair_options(s, 1)[1]


def test_life_virus_names_a_style_and_a_base_and_each_reveal_costs_three_life():
    sc = lixis(keep=(("Strike", "Naturalizing", "Vine"), HIKARU_KEEP), positions=(1, 4), life=(5, 20),
               options={"special_actions": True}, finishers=("Life Virus", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")),
                choices={0: [{"kind": "order", "first": "Life Virus"}, {"kind": "card", "card": "Focused"},
                             {"kind": "card", "card": "Drive"}],
                         1: [{"kind": "card", "card": "Grasp"}]}, lenient=True)
    named = [r for r in sc.requests if r.kind == "card" and r.player == 0]
    assert [r.prompt for r in named] == ["Life Virus: name one of Hikaru's styles", "Life Virus: name one of Hikaru's bases"]
    assert named[1].labels[-1] == "Name Palm Strike"
    assert sc.state.fighters[0].own.named == ("Focused", "Drive")
    b = sc.beat((("Naturalizing", "Burst"), ("Focused", "Drive")), lenient=True)
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.reason) == (6, "Life Virus: revealed Focused and Drive")
    assert b.types().index("LifeLost") == b.types().index("PairRevealed") + 1
    b = sc.beat((("Vine", "Grasp"), ("Sweeping", "Dash")), lenient=True)
    assert b.none("LifeLost", player=1)  # neither named card


def test_the_lasting_effects_end_with_the_duel():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon.fighters.lixis import Own
    from recorder.games.battlecon.fold import apply
    sc = _miasma()
    apply(sc.state, E.DuelStarted(duel=2, fighters=("lixis", "hikaru"), positions=(3, 5), life=(20, 20),
                                  beat_limit=15))
    assert sc.state.fighters[0].own == Own()  # "for the rest of the duel": a new duel starts clean


# -- what she shows ---------------------------------------------------------------------------------------------


def test_statistics_count_the_bases_withering_touch_discarded():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "lixis"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1),
        E.PairRevealed(styles=("Pruning", "Trance"), bases=("Strike", "Shot")),
        KE.CardChosen(player=1, card="Grasp", source="t"),
        KE.CardMoved(player=1, card="Grasp", from_zone="hand", to_zone="with the pair", reason="Withering Touch"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ben["usage"]["cards_played"]["discarded"] == {"Grasp": 1}
    assert "discarded" not in ann["usage"]["cards_played"]


def test_the_state_line_names_her_lasting_effects():
    sc = _miasma()
    f = {"naturalizing": "", "miasma": "Virulent Miasma", "virus": "", "virus_named": []}
    assert sc.state.fighters[0].rules.summary(f) == ["Virulent Miasma on the opponent"]
    from recorder.games.battlecon.snapshot import snapshot
    snap = snapshot(sc.state)["fighters"][0]
    assert (snap["miasma"], snap["virus"], snap["virus_named"]) == ("Virulent Miasma", "", [])


def test_explain_words_quote_withering_touch():
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Naturalizing", "Strike"), ("Trance", "Shot")), lenient=True)
    text = b.one("TriggerResolved", card="Withering Touch").text
    assert text.startswith("Whenever Lixis hits with an attack, the opponent must choose and discard a base")
    assert b.one("TriggerResolved", card="Naturalizing").text.startswith("Reveal: Negate the effects of all counters")


def test_a_players_view_hides_her_face_down_pair_and_finisher_side():
    from recorder.games.battlecon.snapshot import redact, snapshot
    sc = lixis(positions=(3, 4), life=(5, 20), options={"special_actions": True},
               finishers=("Life Virus", "Four Winds"))
    s = sc.state
    _pair(sc, 0, "Naturalizing", "Lance", revealed=False)
    s.fighters[0].finisher_revealed = False
    ben = redact(snapshot(s), 1)["fighters"][0]
    assert ben["pair"] == {"style": "?", "base": "?", "covered": []} and ben["finisher"] == "?"
    assert "Naturalizing" in ben["hand"]  # put back among her possible cards
    ann = redact(snapshot(s), 0)["fighters"][0]
    assert ann["pair"]["style"] == "Naturalizing" and ann["finisher"] == "Life Virus"


def test_adding_her_changes_no_fingerprint_of_a_match_without_her():
    assert_no_other_fingerprint_changed("lixis")


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_her_whole_matches(bots):
    kinds = set().union(*(m.kinds for m in bot_matches(("lixis", "hikaru"), bots)))
    assert "card" in kinds


# -- the WoI FAQ on Lance (Heketch is the fighter it names) ------------------------------------------------------


def test_faq_lance_a_heketch_who_moved_next_to_her_during_the_ante_step_stays_there():
    sc = lixis(opponent="heketch", keep=(("Vine", "Lance"), ("Psycho", "Knives")), positions=(4, 1))
    b = sc.beat((("Vine", "Lance"), ("Psycho", "Knives")), antes={1: ["Dark Force"]},
                choices={1: [{"kind": "move", "to": 3}]}, lenient=True)
    moved = b.of("FighterMoved", player=1)[0]
    assert (moved.kind, moved.to_space) == ("move_directly", 3)
    assert b.types().index("FighterMoved") < b.types().index("PairRevealed")  # during the ante step
    assert len(b.of("FighterMoved", player=1)) == 1 and sc.state.fighters[1].position == 3  # Lance did not undo it


def test_faq_lance_advance_until_adjacent_stops_before_the_blocked_space():
    sc = lixis(opponent="heketch", keep=(("Vine", "Lance"), ("Psycho", "Knives")), positions=(5, 1))
    b = sc.beat((("Vine", "Lance"), ("Psycho", "Knives")), lenient=True)
    start = b.one("TriggerResolved", player=1, card="Psycho", timing="start")
    moved = b.of("FighterMoved", player=1)[0]
    assert start and (moved.kind, moved.from_space, moved.to_space) == ("advance", 1, 3)  # 4 is next to her


def test_naturalizing_stops_heketch_spending_dark_force():
    sc = lixis(opponent="heketch", keep=(("Naturalizing", "Strike"), ("Critical", "Knives")), positions=(3, 4))
    b = sc.beat((("Naturalizing", "Strike"), ("Critical", "Knives")), lenient=True)
    assert b.one("EffectIgnored", card="Critical").reason == "no tokens may be spent this beat (Lixis's Naturalizing)"
    assert b.none("TokenSpendChosen")


def test_the_log_reads_the_discarded_base_in_words():
    from recorder.games.battlecon.describe import describe
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4))
    start = len(sc.match.entries)
    sc.beat((("Naturalizing", "Strike"), ("Trance", "Shot")), choices={1: [{"kind": "card", "card": "Grasp"}]})
    entries = sc.match.entries[start:]
    moved = next(e for e in entries if e.type == "CardMoved")
    chosen = next(e for e in entries if e.type == "CardChosen")
    from dataclasses import asdict
    from types import SimpleNamespace

    def record(e):
        return SimpleNamespace(type=e.type, data=asdict(e.event))
    state = sc.state
    assert describe(state, record(moved)) == "Hikaru's Grasp: hand → with the pair (Withering Touch)"
    assert describe(state, record(chosen)) == "Hikaru chooses Grasp"


def test_the_viewer_knows_her_cards_and_draws_the_discarded_base_as_a_zone_of_the_opponent():
    from recorder.games.battlecon.snapshot import snapshot
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("lixis")
    assert info["tokens"] == [] and info["zones"] == [] and info["initial"] == "X"
    assert info["cards"]["Lance"]["text"].startswith("Opponents cannot move into or through")
    sc = lixis(keep=(("Naturalizing", "Strike"), HIKARU_KEEP), positions=(3, 4))
    s = sc.state
    s.fighters[1].hand.remove("Grasp")
    s.fighters[1].zones["with the pair"] = ["Grasp"]  # as Withering Touch leaves it until the recycling
    ben = snapshot(s)["fighters"][1]
    assert ben["zones"]["with the pair"] == ["Grasp"] and "Grasp" in ben["in_play"]  # board.js draws non-empty zones


def test_naturalizing_negates_the_dark_pacts_hepzibah_anted():
    sc = lixis(opponent="hepzibah", keep=(("Naturalizing", "Strike"), ("Darkheart", "Shot")), positions=(1, 5))
    b = sc.beat((("Naturalizing", "Strike"), ("Darkheart", "Shot")), antes={1: ["Almighty"]}, lenient=True)
    assert b.of("LifeLost", player=1)  # she paid for it all the same
    dealt = b.one("DamageDealt", player=1)
    assert "Almighty" not in dealt.power_terms and dealt.power == 3  # as printed: no +2 from Almighty
    sc = lixis(opponent="hepzibah", keep=(("Venomous", "Strike"), ("Darkheart", "Shot")), positions=(1, 5))
    b = sc.beat((("Venomous", "Strike"), ("Darkheart", "Shot")), antes={1: ["Almighty"]}, lenient=True)
    assert "Almighty 2" in b.one("DamageDealt", player=1).power_terms  # without Naturalizing the pact counts


def test_naturalizing_stops_solar_soul_discarding_trance_counters():
    sc = lixis(opponent="magdalena", keep=(("Naturalizing", "Strike"), ("Strike",)), positions=(3, 4), life=(20, 5),
               options={"special_actions": True}, finishers=("Virulent Miasma", "Solar Soul"))
    sc.state.fighters[1].counters["Trance"] = 2
    b = sc.beat((("Naturalizing", "Strike"), (SA, "Strike")), lenient=True)
    assert b.one("FinisherRevealed", player=1).finisher == "Solar Soul" and b.of("HitScored", player=1)
    ignored = b.one("EffectIgnored", card="Solar Soul")
    assert ignored.reason == "no counters may be spent this beat (Lixis's Naturalizing)"
    assert not [c for c in b.of("CounterChanged", player=1) if c.amount < 0] and b.none("AmountChosen")
