"""Kehrolyn Ross (War of Indines): every card, her Current Form (Shapeshifting), Mutating's copy, Overload's extra
style and lost ties, both Finisher sides (Hydra Fork, The August Strain), the WoI FAQ rulings that name her
(Naturalizing, Reflection, Negation) and the rulings that decided her values (docs/rulings.md, "Kehrolyn")."""

from __future__ import annotations

import json

from recorder.games.battlecon import stats
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.fighters import RULES
from recorder.games.battlecon.render import render_state
from recorder.games.battlecon.snapshot import redact, snapshot
from tests.battlecon_scenarios import Scenario, bot_matches, assert_preview_refuses

K = KITS["kehrolyn"]
HIKARU = (["Sweeping", "Grasp"], ["Trance", "Strike"])  # Hikaru keeps Focused, Advancing, Geomantic
OVERLOADED, SET_ASIDE = "overloaded", "set aside"


def keh(d1=("Bladed", "Grasp"), d2=("Mutating", "Shot"), opponent="hikaru", opp=HIKARU, **kw):
    """Kehrolyn (seat 0) with ``d1`` in discard 1 (her Current Form is its style) against ``opponent``."""
    return Scenario(("kehrolyn", opponent), discards=((list(d1), list(d2)), opp), **kw)


def terms(b, stat, p=0):
    if stat == "priority":
        return b.one("PriorityCompared").terms[p]
    if stat == "power":
        return b.one("DamageDealt", player=p).power_terms
    return b.one("RangeChecked", player=p).terms


# -- card data -------------------------------------------------------------------------------------------------


def test_card_data_values_and_rulings():
    c = K.cards
    assert (c["Overload"].range, c["Overload"].power, c["Overload"].priority) == ((1, 1), 3, 3)
    assert c["Overload"].passives == ({"type": "loses_ties"},)
    assert (c["Mutating"].range, c["Mutating"].power, c["Mutating"].priority) == ((0, 0), 0, 0)
    assert "errata moved the effect from Start of Beat to Reveal" in c["Mutating"].ruling
    assert c["Whip"].range == (0, 1)
    assert (c["Bladed"].power, c["Bladed"].stun_guard) == (2, 2)
    assert c["Exoskeletal"].soak == 2
    assert c["Quicksilver"].priority == 2
    hydra, august = c["Hydra Fork"], c["The August Strain"]
    assert (hydra.range, hydra.power, hydra.priority, hydra.stun_immune) == ((1, 3), 6, 0, True)
    assert (august.range, august.power, august.priority, august.soak, august.stun_guard) == ((1, 2), 4, 5, 2, 2)
    assert "R lets her choose only one in hand" in json.dumps(RAW_RULINGS())
    assert K.finishers == ("Hydra Fork", "The August Strain")
    assert K.styles == ("Mutating", "Whip", "Bladed", "Exoskeletal", "Quicksilver")
    # Marked discards: Mutating (1) and Bladed (2); the bases are Y's AI choice (docs/rulings.md).
    assert K.suggested == (("Mutating", "Grasp"), ("Bladed", "Strike"))
    assert K.card_zones == {OVERLOADED: (), SET_ASIDE: ()} and K.zone_cards == ()
    assert K.editions == ("woi",) and K.initial == "O" and K.short_name == "Kehrolyn"


def RAW_RULINGS():
    from recorder.games.battlecon.cards import RAW_FIGHTERS
    return RAW_FIGHTERS["kehrolyn"]["rulings"]


def test_mutatings_copies_are_her_styles_under_mutatings_name():
    for style in ("Whip", "Bladed", "Exoskeletal", "Quicksilver"):
        copy = K.cards[f"Mutating (as {style})"]
        orig = K.cards[style]
        assert (copy.range, copy.power, copy.priority, copy.soak, copy.stun_guard, copy.text, copy.triggers,
                copy.passives) == (orig.range, orig.power, orig.priority, orig.soak, orig.stun_guard, orig.text,
                                   orig.triggers, orig.passives)
    assert "Mutating (as Mutating)" not in K.cards


def test_preview_refuses_her_in_one_line():
    assert_preview_refuses("kehrolyn")


def test_the_marked_discards_make_mutating_her_first_current_form():
    sc = Scenario(("kehrolyn", "hikaru"), discards=(K.suggested, KITS["hikaru"].suggested))
    f = sc.state.fighters[0]
    assert f.discard1 == ["Mutating", "Grasp"]
    assert snapshot(sc.state)["fighters"][0]["current_form"] == "Mutating"


# -- Shapeshifting: the Current Form ---------------------------------------------------------------------------


def test_her_current_form_applies_with_the_style_she_plays():
    sc = keh(positions=(3, 4))
    b = sc.beat((("Whip", "Strike"), ("Focused", "Burst")), choices={1: [{"kind": "move", "to": 5}]})
    assert terms(b, "priority") == "Whip 0 + Strike 3 + Bladed 0 = 3"
    assert terms(b, "range") == "Whip 0~1 + Strike +1 + Bladed +0 = 1~2"
    assert terms(b, "power") == "Whip 0 + Strike 4 + Bladed 2 = 6"
    # Whip at range 2: pull 1 (then 6 damage over Focused's Stun Guard 2 stuns).
    pulled = b.one("FighterMoved", player=1, by=0)
    assert (pulled.kind, pulled.from_space, pulled.to_space) == ("pull", 5, 4)
    assert b.one("StunApplied", player=1).reason == "damage"
    # Recycled: Whip is on top of discard 1 now, her next Current Form.
    assert sc.state.fighters[0].discard1 == ["Whip", "Strike"]
    assert snapshot(sc.state)["fighters"][0]["current_form"] == "Whip"


def test_the_current_forms_stun_guard_and_the_styles_soak_both_count():
    sc = keh(positions=(3, 5))
    b = sc.beat((("Exoskeletal", "Strike"), ("Focused", "Drive")), choices={1: [{"kind": "move", "to": 4}]})
    # Hikaru (Drive 4 + Focused 1 = 5) hits first: 3 - Exoskeletal's Soak 2 = 1, under Bladed's Stun Guard 2.
    dealt = b.one("DamageDealt", player=1)
    assert (dealt.amount, dealt.soak_terms) == (1, "Exoskeletal 2 = 2")
    assert b.none("StunApplied", player=0)
    assert terms(b, "power") == "Exoskeletal 0 + Strike 4 + Bladed 2 = 6"


def test_whip_stuns_an_opponent_at_range_1():
    sc = keh(d1=("Quicksilver", "Grasp"), positions=(3, 4))
    b = sc.beat((("Whip", "Strike"), ("Focused", "Shot")), choices={0: [{"kind": "move", "to": 3}]})
    assert terms(b, "priority") == "Whip 0 + Strike 3 + Quicksilver 2 = 5"
    hit = [t for t in b.of("TriggerResolved", player=0, timing="hit")]
    assert [t.card for t in hit] == ["Whip"]
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.none("FighterMoved", by=0)


def test_her_current_form_applies_to_a_finisher():
    sc = keh(positions=(3, 4), life=(5, 20), options={"special_actions": True},
             finishers=("Hydra Fork", "Wrath of Elements"))
    b = sc.beat(((SA, "Overload"), ("Focused", "Burst")), choices={1: [{"kind": "move", "to": 5}]}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Hydra Fork"
    assert terms(b, "priority") == "Hydra Fork 0 + Bladed 0 = 0"


def test_no_current_form_when_discard_1_holds_no_style_of_hers():
    sc = keh(positions=(3, 4))
    f = sc.state.fighters[0]
    f.discard1 = ["Grasp"]  # test-only: no style on discard 1
    f.hand.append("Bladed")
    assert RULES["kehrolyn"].applied_cards(sc.state, 0) == ()
    assert snapshot(sc.state)["fighters"][0]["current_form"] is None
    assert "no Current Form" in render_state(snapshot(sc.state))


def test_with_two_styles_in_discard_1_the_one_on_top_is_her_current_form():
    sc = keh(positions=(3, 4))
    f = sc.state.fighters[0]
    f.discard1 = ["Bladed", "Grasp", "Whip"]  # test-only: put there last, Whip is on top (after a Cancel)
    f.hand.remove("Whip")
    assert RULES["kehrolyn"].applied_cards(sc.state, 0) == ("Whip",)


# -- Mutating --------------------------------------------------------------------------------------------------


def test_mutating_takes_the_stats_and_effects_of_her_current_form_and_loses_1_life():
    sc = keh(d1=("Bladed", "Grasp"), d2=("Whip", "Shot"), positions=(2, 4))
    b = sc.beat((("Mutating", "Drive"), ("Focused", "Shot")), choices={0: [{"kind": "move", "to": 3}]})
    assert b.one("TriggerResolved", player=0, timing="reveal").card == "Mutating"
    assert b.none("EffectIgnored", player=0)
    assert terms(b, "priority") == "Mutating 0 + Drive 4 + Bladed 0 + Mutating (as Bladed) 0 = 4"
    assert terms(b, "power") == "Mutating 0 + Drive 3 + Bladed 2 + Mutating (as Bladed) 2 = 7"
    lost = b.one("LifeLost", player=0)
    assert (lost.amount, lost.reason) == (1, "Mutating")


def test_mutating_as_her_current_form_takes_the_style_she_revealed():
    sc = keh(d1=("Mutating", "Grasp"), d2=("Whip", "Shot"), positions=(3, 4))
    b = sc.beat((("Quicksilver", "Strike"), ("Focused", "Burst")),
                choices={0: [{"kind": "order", "first": "Mutating"}, {"kind": "order", "first": "Quicksilver"},
                             {"kind": "move", "to": 3}, {"kind": "move", "to": 3}],
                         1: [{"kind": "move", "to": 5}]})
    assert terms(b, "priority") == "Quicksilver 2 + Strike 3 + Mutating 0 + Mutating (as Quicksilver) 2 = 7"
    # Both Quicksilvers' End of Beat moves and Mutating's life loss resolve (she orders them).
    ends = [t.card for t in b.of("TriggerResolved", player=0, timing="end")]
    assert sorted(ends) == ["Mutating", "Mutating (as Quicksilver)", "Quicksilver"]
    assert b.one("LifeLost", player=0).amount == 1


def test_mutating_with_nothing_to_copy_says_so():
    sc = keh(d1=("Mutating", "Grasp"), d2=("Whip", "Shot"), positions=(3, 4), life=(5, 20),
             options={"special_actions": True}, finishers=("Hydra Fork", "Wrath of Elements"))
    b = sc.beat(((SA, "Overload"), ("Focused", "Burst")), choices={1: [{"kind": "move", "to": 5}]}, lenient=True)
    ignored = b.one("EffectIgnored", player=0, card="Mutating")
    assert ignored.reason == "no style of hers was revealed this beat"
    assert terms(b, "priority") == "Hydra Fork 0 + Mutating 0 = 0"


# -- Exoskeletal, Quicksilver ------------------------------------------------------------------------------------


def test_exoskeletal_soaks_2_and_may_ignore_the_opponents_movement():
    sc = keh(positions=(3, 4), opp=(["Sweeping", "Strike"], ["Trance", "Shot"]))
    # Hikaru's Grasp (5 + Focused 1 = 6) hits first: 2 - Soak 2 = 0 damage, then its On Hit would move her.
    b = sc.beat((("Exoskeletal", "Strike"), ("Focused", "Grasp")),
                choices={0: [{"kind": "ignore_move", "use": True}]}, lenient=True)
    ask = [r for r in sc.requests if r.kind == "ignore_move"][0]
    assert ask.prompt == "Exoskeletal: ignore Hikaru's Grasp (move opponent)?"
    assert ask.labels == ("Ignore it (Exoskeletal): stay on 3", "Let it move you")
    assert b.one("OptionDecided", player=0).use is True
    assert b.one("EffectIgnored", player=1, card="Grasp").reason == (
        "Kehrolyn ignores the movement (Exoskeletal: she may ignore movement effects applied to her by opponents)")
    dealt = b.one("DamageDealt", player=1)
    assert (dealt.soak, dealt.soak_terms) == (2, "Exoskeletal 2 = 2")
    assert sc.state.fighters[0].position == 3


def test_quicksilver_moves_her_up_to_1_at_end_of_beat():
    sc = keh(positions=(3, 4))
    b = sc.beat((("Quicksilver", "Strike"), ("Focused", "Burst")),
                choices={0: [{"kind": "move", "to": 2}], 1: [{"kind": "move", "to": 5}]})
    end = b.one("TriggerResolved", player=0, timing="end")
    assert (end.card, end.text) == ("Quicksilver", "End of Beat: Move up to 1 space.")
    assert b.one("FighterMoved", player=0, by=0).to_space == 2


# -- Overload ----------------------------------------------------------------------------------------------------


def test_overload_reveals_one_more_style_that_returns_to_her_hand_after_the_beat():
    sc = keh(positions=(3, 4))
    b = sc.beat((("Whip", "Overload"), ("Focused", "Burst")),
                choices={0: [{"kind": "card", "card": "Quicksilver"}, {"kind": "move", "to": 3}],
                         1: [{"kind": "move", "to": 5}]})
    ask = [r for r in sc.requests if r.kind == "card"][0]
    assert ask.prompt == "Overload: reveal an additional style from your hand (it applies to this attack)"
    assert ask.labels == ("Reveal Exoskeletal", "Reveal Quicksilver")
    moved = b.of("CardMoved", player=0)
    assert [(m.card, m.from_zone, m.to_zone, m.reason) for m in moved] == [
        ("Quicksilver", "hand", OVERLOADED, "Overload: revealed from her hand, applied to this attack"),
        ("Quicksilver", OVERLOADED, "hand", "Overload: returns to her hand after the beat")]
    # Applied from Start of Beat: range after it (Whip's pull at range 2).
    assert terms(b, "range") == "Whip 0~1 + Overload +1 + Bladed +0 + Quicksilver +0 = 1~2"
    assert b.one("TriggerResolved", player=0, card="Quicksilver", timing="end")
    f = sc.state.fighters[0]
    assert "Quicksilver" in f.hand and f.zones[OVERLOADED] == []


def test_overloaded_mutating_resolves_its_reveal_effect_at_once():
    sc = keh(d1=("Bladed", "Grasp"), d2=("Exoskeletal", "Shot"), positions=(3, 4))
    b = sc.beat((("Whip", "Overload"), ("Focused", "Burst")),
                choices={0: [{"kind": "card", "card": "Mutating"}], 1: [{"kind": "move", "to": 5}]})
    start = [(t.card, t.timing) for t in b.of("TriggerResolved", player=0)]
    assert start[:2] == [("Overload", "start"), ("Mutating", "reveal")]
    assert terms(b, "power") == "Whip 0 + Overload 3 + Bladed 2 + Mutating 0 + Mutating (as Bladed) 2 = 7"
    assert b.one("LifeLost", player=0).reason == "Mutating"


def test_overload_loses_priority_ties_without_a_clash():
    sc = keh(d1=("Whip", "Grasp"), d2=("Mutating", "Shot"), positions=(3, 4))
    # Overload 3 + Bladed 0 + Whip 0 = 3; Hikaru Focused Strike? (Strike in Hikaru's discard) Focused Shot 2+1 = 3.
    b = sc.beat((("Bladed", "Overload"), ("Focused", "Shot")),
                choices={0: [{"kind": "card", "card": "Exoskeletal"}]}, lenient=True)
    cmp = b.one("PriorityCompared")
    assert cmp.priorities == (3, 3) and cmp.active == 1
    assert cmp.why == "tie at 3: Kehrolyn's Overload loses priority ties"
    assert b.none("ClashOccurred")


# -- the Finishers -----------------------------------------------------------------------------------------------


def test_hydra_fork_is_stun_immune_and_recovers_5_life():
    sc = keh(positions=(3, 4), life=(5, 20), options={"special_actions": True},
             finishers=("Hydra Fork", "Wrath of Elements"))
    b = sc.beat(((SA, "Overload"), ("Focused", "Shot")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Hydra Fork"
    gained = b.one("LifeGained", player=0)
    assert (gained.amount, gained.reason) == (5, "Hydra Fork")
    assert b.none("StunApplied", player=0)


def test_the_august_strain_sets_a_style_aside_for_the_rest_of_the_duel():
    sc = keh(positions=(3, 4), life=(5, 20), options={"special_actions": True},
             finishers=("The August Strain", "Wrath of Elements"))
    b = sc.beat(((SA, "Overload"), ("Focused", "Burst")),
                choices={0: [{"kind": "card", "card": "Quicksilver"}], 1: [{"kind": "move", "to": 5}]}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "The August Strain"
    ask = [r for r in sc.requests if r.kind == "card" and r.player == 0][0]
    assert ask.labels == ("Set aside Whip (from hand)", "Set aside Exoskeletal (from hand)",
                          "Set aside Quicksilver (from hand)", "Set aside Bladed (from discard 1)",
                          "Set aside Mutating (from discard 2)")
    moved = b.one("CardMoved", player=0)
    assert (moved.card, moved.from_zone, moved.to_zone) == ("Quicksilver", "hand", SET_ASIDE)
    f = sc.state.fighters[0]
    assert f.zones[SET_ASIDE] == ["Quicksilver"]
    seen = snapshot(sc.state)["fighters"][0]
    assert seen["lasting"] == ["The August Strain: Quicksilver applies to all her attacks for the rest of the duel"]
    # The next beat it applies with the style she plays and her Current Form.
    assert sc.state.fighters[0].discard1 == ["Bladed", "Grasp"]  # a Finisher's beat does not cycle
    b = sc.beat((("Whip", "Strike"), ("Advancing", "Shot")), choices={0: [{"kind": "move", "to": 3}]}, lenient=True)
    assert terms(b, "priority") == "Whip 0 + Strike 3 + Bladed 0 + Quicksilver 2 = 5"


# -- WoI FAQ rulings naming her ------------------------------------------------------------------------------------


def test_faq_naturalizing_does_not_switch_off_her_current_form():
    lixis = (["Pruning", "Grasp"], ["Rooted", "Strike"])
    sc = keh(opponent="lixis", opp=lixis, positions=(2, 4))
    b = sc.beat((("Whip", "Drive"), ("Naturalizing", "Shot")), choices={0: [{"kind": "move", "to": 3}]},
                lenient=True)
    assert b.one("TriggerResolved", player=1, card="Naturalizing").timing == "reveal"
    # No cut ("- Lixis's Naturalizing (printed values)"): Bladed, a second style, prints its +2.
    assert terms(b, "priority") == "Whip 0 + Drive 4 + Bladed 0 = 4"
    assert terms(b, "power") == "Whip 0 + Drive 3 + Bladed 2 = 5"


def test_faq_her_current_form_is_a_style_of_her_attack_not_a_stat_bonus():
    """Reflection copies bonuses from status effects, abilities and tokens, not her extra styles (WoI FAQ): the
    Current Form is a card of her attack (``applied_cards``), never a term of the kit's ``stat_terms``."""
    sc = keh(positions=(3, 4))
    assert "stat_terms" not in RULES["kehrolyn"].hooks
    assert [c.name for c in stats.pair_cards(sc.state, 0)] == ["Bladed"]


# -- what players see ----------------------------------------------------------------------------------------------


def test_her_face_down_style_stays_secret_even_when_mutating_would_copy_it():
    sc = keh(d1=("Mutating", "Grasp"), d2=("Whip", "Shot"), positions=(3, 4))
    m = sc.match
    m.advance(__import__("recorder.decisions", fromlist=["Answer"]).Answer(
        {"player": 0, "style": "Quicksilver", "base": "Strike"}, "test"))
    seen = redact(snapshot(sc.state), 1)
    text = json.dumps(seen["fighters"][0])
    assert seen["fighters"][0]["pair"]["style"] == "?"
    assert "Mutating (as" not in text and seen["fighters"][0]["current_form"] == "Mutating"
    assert "Mutating (as" not in render_state(seen)
    assert "Mutating (as" not in json.dumps(redact(snapshot(sc.state), None))


def test_state_line_names_her_current_form_and_overloaded_style():
    sc = keh(positions=(3, 4))
    sc.state.fighters[0].zones[OVERLOADED] = ["Quicksilver"]  # test-only
    sc.state.fighters[0].hand.remove("Quicksilver")
    line = render_state(snapshot(sc.state))
    assert "Current Form: Bladed" in line and "Overload: Quicksilver" in line


def test_state_as_her_opponent_shows_her_current_form_and_hides_her_face_down_pair():
    from pathlib import Path

    from click.testing import CliRunner

    from beatlog.cli import main

    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-kehrolyn-vs-hikaru.jsonl"
    # Duel 1, beat 1 after its second event: her pair is chosen face down; Mutating is her Current Form.
    seen = CliRunner().invoke(main, ["state", str(log), "--duel", "1", "--beat", "1", "--event", "2", "--as", "2"])
    assert seen.exit_code == 0, seen.output
    line = next(t for t in seen.output.splitlines() if "Kehrolyn Ross" in t)
    assert "pair: face down (unknown to you)" in line and "Current Form: Mutating" in line
    own = CliRunner().invoke(main, ["state", str(log), "--duel", "1", "--beat", "1", "--event", "2", "--as", "1"])
    pair = next(t for t in own.output.splitlines() if "Kehrolyn Ross" in t).split("pair: ")[1].split(" (face down")[0]
    assert pair and pair not in seen.output.split("hand:")[0]  # her own view names it; the opponent's does not
    assert "Mutating (as" not in seen.output


# -- statistics, words, bots ---------------------------------------------------------------------------------------


def test_statistics_count_the_styles_she_overloaded_and_set_aside():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "kehrolyn"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1),
        E.PairRevealed(styles=("Whip", "Trance"), bases=("Overload", "Shot")),
        KE.CardChosen(player=0, card="Quicksilver", source="t"),
        KE.CardMoved(player=0, card="Quicksilver", from_zone="hand", to_zone=OVERLOADED, reason="Overload"),
        KE.CardMoved(player=0, card="Quicksilver", from_zone=OVERLOADED, to_zone="hand", reason="Overload"),
        KE.CardMoved(player=0, card="Bladed", from_zone="hand", to_zone=SET_ASIDE, reason="The August Strain"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(0, e) for e in events]]))["seats"]
    assert ann["usage"]["cards_played"]["overloaded"] == {"Quicksilver": 1}
    assert ann["usage"]["cards_played"]["set aside"] == {"Bladed": 1}
    assert "overloaded" not in ben["usage"]["cards_played"]


def test_explain_words_quote_her_choices():
    from recorder.games.battlecon.describe import describe

    sc = keh()

    class Rec:
        def __init__(self, type_, data):
            self.type, self.data = type_, data

    reason = "The August Strain: set aside out of the game, applied to all her attacks for the rest of the duel"
    assert describe(sc.state, Rec("CardMoved", {"player": 0, "card": "Whip", "from_zone": "hand",
                                                "to_zone": SET_ASIDE, "reason": reason, "owner": None})) == (
        f"Kehrolyn's Whip: hand → set aside ({reason})")
    assert describe(sc.state, Rec("CardChosen", {"player": 0, "card": "Whip", "source": "x"})) == (
        "Kehrolyn chooses Whip")
    assert describe(sc.state, Rec("OptionDecided", {"player": 0, "use": True, "source": "x"})) == (
        "Kehrolyn ignores the movement (Exoskeletal)")


def test_random_play_reaches_every_decision_her_kit_asks():
    seen: set[str] = set()
    for seed in range(40):
        opponent = ("hikaru", "cadenza", "khadath", "kallistar")[seed % 4]
        (played,) = bot_matches(("kehrolyn", opponent), ("random", "random"), seeds=(seed,))
        seen |= played.asked[0]
        if set(RULES["kehrolyn"].decisions) <= seen:
            break
    assert set(RULES["kehrolyn"].decisions) <= seen, seen


def test_after_the_opponents_cancel_her_canceled_style_on_top_of_discard_1_is_her_current_form():
    sc = keh(positions=(3, 4), options={"special_actions": True}, finishers=("Hydra Fork", "Wrath of Elements"))
    b = sc.beat((("Quicksilver", "Strike"), (SA, "Shot")),
                choices={0: [{"kind": "new_pair", "style": "Whip", "base": "Drive"}, {"kind": "move", "to": 5}]},
                lenient=True)
    assert b.one("PairCanceled", player=0).cards == ("Quicksilver", "Strike")
    # Discard 1 now holds Bladed Grasp, then the canceled Quicksilver Strike: Quicksilver is on top.
    assert terms(b, "priority") == "Whip 0 + Drive 4 + Quicksilver 2 = 6"


def test_overload_with_no_style_in_hand_says_so():
    sc = keh(positions=(3, 4))
    f = sc.state.fighters[0]
    f.zones[SET_ASIDE] = [s for s in ("Exoskeletal", "Quicksilver") if s in f.hand]  # test-only: set aside before
    f.hand = [c for c in f.hand if c not in ("Exoskeletal", "Quicksilver")]
    b = sc.beat((("Whip", "Overload"), ("Focused", "Burst")), choices={0: [{"kind": "move", "to": 3}],
                                                                        1: [{"kind": "move", "to": 5}]})
    assert b.one("EffectIgnored", player=0, card="Overload").reason == "she has no style in hand to reveal"
    assert not [r for r in sc.requests if r.kind == "card"]


def test_exoskeletal_never_asks_about_her_own_movement():
    sc = keh(d1=("Exoskeletal", "Grasp"), positions=(2, 5))
    b = sc.beat((("Quicksilver", "Drive"), ("Focused", "Shot")),
                choices={0: [{"kind": "move", "to": 4}, {"kind": "move", "to": 4}]})
    assert not [r for r in sc.requests if r.kind == "ignore_move"]
    assert b.one("FighterMoved", player=0, kind="advance").to_space == 4
