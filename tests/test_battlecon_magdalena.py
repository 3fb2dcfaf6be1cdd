"""Magdalena Larington (War of Indines): Divine Conduit (Trance counters and Level), every card, both Finisher
sides, life gain, Safety's damage cap and the rulings that decided her values (docs/rulings.md "Magdalena").

Card data: fighters/magdalena.json (battlecon-cards-woi.md, source G where it marks ⚠).
"""

from __future__ import annotations

import copy

import pytest

from recorder.decisions import Answer
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from tests.battlecon_scenarios import Scenario, bot_matches, assert_no_other_fingerprint_changed, assert_preview_refuses
from tests.explain_support import cites_of, lines_of, told

SA = "Special Action"
M = KITS["magdalena"]


def magdalena(opponent: str = "hikaru", keep=((), ()), level: int = 0, trance: int = 0, **kw) -> Scenario:
    sc = Scenario(("magdalena", opponent), keep=keep, **kw)
    counters = sc.state.fighters[0].counters
    counters["Level"], counters["Trance"] = level, trance
    return sc


def counters(sc, p: int = 0) -> tuple[int, int]:
    c = sc.state.fighters[p].counters
    return c["Trance"], c["Level"]


def changes(b) -> list[tuple[str, int, int, str]]:
    return [(e.counter, e.amount, e.value, e.reason) for e in b.of("CounterChanged", player=0)]


def test_she_is_a_war_of_indines_fighter_and_the_preview_refuses_her_in_one_line():
    assert M.name == "Magdalena Larington" and M.editions == ("woi",) and M.tokens == ()
    assert M.counters == {"Trance": {"min": 0, "max": 5, "start": 0}, "Level": {"min": 0, "max": 5, "start": 0}}
    assert M.finishers == ("Apotheosis", "Solar Soul") and M.unique_base == "Blessing"
    assert_preview_refuses("magdalena")


def test_card_numbers_and_the_rulings_on_them():
    c = M.cards
    b = c["Blessing"]
    assert (b.range, b.power, b.priority, b.stun_guard) == ((1, 2), None, 3, 3)  # power N/A
    assert (c["Spiritual"].power, c["Spiritual"].priority) == (1, 1)
    assert (c["Sanctimonious"].power, c["Sanctimonious"].priority) == (-1, -2)  # G, Gc (Y, E: +0)
    assert "Power -1 (G, Gc; Y and E have +0)" in c["Sanctimonious"].ruling
    assert (c["Priestess"].power, c["Priestess"].priority) == (-2, -1)
    assert (c["Safety"].power, c["Safety"].priority) == (-2, -1) and "per attack" in c["Safety"].ruling
    assert (c["Excelsius"].range, c["Excelsius"].power, c["Excelsius"].priority) == ((0, 1), -2, -1)
    assert "Gc codes an advance" in c["Excelsius"].ruling
    a, s = c["Apotheosis"], c["Solar Soul"]
    assert (a.range, a.power, a.priority) == ((1, 1), 1, 4)
    assert (s.range, s.power, s.priority, s.soak) == ((1, 2), 2, 4, 2)
    # The marked styles (G's colours: yellow Spiritual, green Priestess); the bases are beatlog's default.
    assert M.suggested == (("Spiritual", "Shot"), ("Priestess", "Burst"))


# -- Divine Conduit -----------------------------------------------------------------------------------------


def test_divine_conduit_gains_trance_each_end_of_beat_and_a_level_only_after_the_first_beat_above():
    # Far apart, nobody hits: the ability alone moves her counters.
    sc = magdalena(keep=(("Priestess", "Excelsius", "Safety", "Strike", "Drive", "Grasp"),
                         ("Focused", "Sweeping", "Trance", "Strike", "Shot", "Grasp")), positions=(1, 7))
    b = sc.beat((("Priestess", "Strike"), ("Focused", "Strike")), lenient=True)
    assert changes(b) == [("Trance", 1, 1, "Divine Conduit")]  # Trance 1 > Level 0, but the first beat above
    assert counters(sc) == (1, 0)
    b = sc.beat((("Excelsius", "Drive"), ("Sweeping", "Shot")), lenient=True)
    assert changes(b) == [("Trance", 1, 2, "Divine Conduit"),
                          ("Trance", -2, 0, "Divine Conduit: 2 Trance > Level 0, all discarded"),
                          ("Level", 1, 1, "Divine Conduit: 2 Trance > Level 0")]
    b = sc.beat((("Safety", "Grasp"), ("Trance", "Grasp")), lenient=True)
    assert changes(b) == [("Trance", 1, 1, "Divine Conduit")] and counters(sc) == (1, 1)  # 1 is not above 1
    # The ability acts after recycling: its CounterChanged comes after both CardsRecycled, before BeatEnded.
    types = b.types()
    assert types.index("CounterChanged") > max(i for i, t in enumerate(types) if t == "CardsRecycled")


def test_trance_from_blessing_counts_as_the_first_beat_above_the_level():
    sc = magdalena(opponent="cadenza", keep=(("Spiritual", "Priestess", "Blessing", "Shot"), ("Battery", "Strike",
                                                                                               "Clockwork", "Shot")),
                   positions=(3, 5))
    b = sc.beat((("Spiritual", "Blessing"), ("Battery", "Strike")))
    assert changes(b) == [("Trance", 1, 1, "Blessing"), ("Trance", 1, 2, "Divine Conduit")]  # no Level yet
    sc.state.fighters[1].position = 7
    b = sc.beat((("Priestess", "Shot"), ("Clockwork", "Shot")), lenient=True)
    assert changes(b)[-1] == ("Level", 1, 1, "Divine Conduit: 3 Trance > Level 0")
    assert counters(sc) == (0, 1)


def test_the_level_bonus_is_fixed_at_the_ante_and_adds_power_priority_and_stun_guard():
    sc = magdalena(opponent="cadenza", keep=(("Safety", "Strike"), ("Mechanical", "Strike")), positions=(3, 4),
                   level=1)
    b = sc.beat((("Safety", "Strike"), ("Mechanical", "Strike")), choices={0: [{"kind": "move", "to": 3}],
                                                                         1: [{"kind": "move", "to": 4}]})
    pc = b.one("PriorityCompared")
    assert pc.terms[0] == "Safety -1 + Strike 3 + Divine Conduit (Level 1) 1 = 3"
    assert b.one("DamageDealt", player=0).power_terms == "Safety -2 + Strike 4 + Divine Conduit (Level 1) 1 = 3"
    assert b.one("StunPrevented", player=0).stun_guard == 6  # Strike 5 + Stun Guard 1 for Level 1


def test_a_level_gained_during_the_beat_does_not_change_its_bonus():
    sc = magdalena(keep=(("Strike",), ("Trance", "Strike")), positions=(3, 4), life=(5, 20), level=1,
                   options={"special_actions": True}, finishers=("Apotheosis", "Wrath of Elements"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Strike")))
    assert b.one("FinisherRevealed", player=0).finisher == "Apotheosis"
    assert changes(b)[0] == ("Level", 1, 2, "Apotheosis")
    s = sc.state  # still in the beat's fold until BeatEnded: read the terms the beat used
    assert b.one("PriorityCompared").terms[0] == "Apotheosis 4 + Divine Conduit (Level 1) 1 = 5"
    assert s.fighters[0].counters["Level"] == 2


# -- the unique base: Blessing --------------------------------------------------------------------------------


def test_blessing_heals_both_players_past_twenty():
    sc = magdalena(opponent="cadenza", keep=(("Spiritual", "Blessing"), ("Battery", "Strike")), positions=(3, 5))
    b = sc.beat((("Spiritual", "Blessing"), ("Battery", "Strike")))
    gains = [(e.player, e.amount, e.life_after, e.reason) for e in b.of("LifeGained")]
    assert gains == [(0, 3, 23, "Blessing"), (1, 3, 23, "Blessing")]  # her first ("both you and the opponent")
    assert [f.life for f in sc.state.fighters] == [23, 23]
    text = b.one("TriggerResolved", player=0, card="Blessing").text
    assert text == "On Hit: Both you and the opponent regain 3 life, and you gain a Trance counter."


def test_blessing_hits_for_no_damage_even_with_level_bonus():
    sc = magdalena(opponent="cadenza", keep=(("Spiritual", "Blessing"), ("Battery", "Strike")), positions=(3, 5),
                   level=2)
    b = sc.beat((("Spiritual", "Blessing"), ("Battery", "Strike")))
    assert b.one("HitScored", player=0)
    assert b.none("DamageDealt", player=0) and b.none("StunApplied") and b.none("StunPrevented", player=1)
    assert b.one("EffectIgnored", player=0).reason == "power N/A, the attack deals no damage (WoI p.20)"
    assert b.one("PriorityCompared").terms[0] == "Spiritual 1 + Blessing 3 + Divine Conduit (Level 2) 2 = 6"


# -- styles ----------------------------------------------------------------------------------------------------


def test_spiritual_without_a_hit_stops_the_end_of_beat_gain():
    sc = magdalena(keep=(("Spiritual", "Strike"), ("Sweeping", "Strike")), positions=(1, 7), trance=1)
    b = sc.beat((("Spiritual", "Strike"), ("Sweeping", "Strike")))
    ignored = b.one("EffectIgnored", player=0, card="Divine Conduit")
    assert ignored.reason == ("Spiritual: you did not hit an opponent this beat, so no Trance counter or Level at "
                              "the end of the beat")
    assert b.none("CounterChanged") and counters(sc) == (1, 0)


def test_spiritual_with_a_hit_lets_the_conduit_act():
    sc = magdalena(opponent="cadenza", keep=(("Spiritual", "Strike"), ("Battery", "Strike")), positions=(3, 4))
    b = sc.beat((("Spiritual", "Strike"), ("Battery", "Strike")))
    assert b.of("HitScored", player=0) and changes(b) == [("Trance", 1, 1, "Divine Conduit")]


def test_sanctimonious_adds_its_trance_counters_to_the_range():
    sc = magdalena(keep=(("Sanctimonious", "Shot"), ("Focused", "Strike")), positions=(1, 7), trance=3)
    b = sc.beat((("Sanctimonious", "Shot"), ("Focused", "Strike")))
    rc = b.one("RangeChecked", player=0)
    assert rc.terms == "Sanctimonious 0 + Shot +1~+4 + Sanctimonious (X = 3 Trance) +0~+3 = 1~7" and rc.in_range
    assert b.one("DamageDealt", player=0).power_terms == "Sanctimonious -1 + Shot 3 = 2"


def test_priestess_takes_two_power_from_the_opponent_and_regains_a_life():
    sc = magdalena(opponent="cadenza", keep=(("Priestess", "Drive"), ("Mechanical", "Strike")), positions=(3, 5),
                   life=(15, 20))
    b = sc.beat((("Priestess", "Drive"), ("Mechanical", "Strike")),
                choices={0: [{"kind": "move", "to": 4}], 1: [{"kind": "move", "to": 5}]})
    status = b.one("StatusGained", player=1)
    assert (status.stat, status.amount, status.when, status.label) == ("power", -2, "this", "Priestess")
    assert b.one("LifeGained", player=0).amount == 1
    hit = b.one("DamageDealt", player=1)
    assert hit.power_terms == "Mechanical 2 + Strike 4 - Priestess 2 = 4" and hit.life_after == 12  # 15 + 1 - 4


def test_safety_caps_the_damage_of_each_attack_at_level_plus_three_and_moves_her_if_hit():
    sc = magdalena(opponent="cadenza", keep=(("Safety", "Strike"), ("Mechanical", "Strike")), positions=(3, 4),
                   level=1)
    b = sc.beat((("Safety", "Strike"), ("Mechanical", "Strike")), choices={0: [{"kind": "move", "to": 1}],
                                                                         1: [{"kind": "move", "to": 4}]})
    cap = b.one("DamageCapped", player=0)
    assert (cap.damage, cap.cap, cap.reason) == (6, 4, "Safety: Level 1 + 3")
    hit = b.one("DamageDealt", player=1)
    assert (hit.power, hit.amount, hit.life_after) == (6, 4, 16)
    move = b.one("FighterMoved", player=0)
    assert (move.kind, move.from_space, move.to_space) == ("move", 3, 1)
    labels = [r for r in sc.requests if r.kind == "move" and r.player == 0][0].labels
    assert labels == ("Stay on 3 (0)", "Move 1 (3 → 2)", "Move 1 (3 → 5)", "Move 2 (3 → 1)", "Move 2 (3 → 6)",
                      "Move 3 (3 → 7)")  # hopping over the opponent on 4


def test_safety_does_not_move_her_when_she_was_not_hit():
    sc = magdalena(keep=(("Safety", "Strike"), ("Focused", "Strike")), positions=(1, 7))
    b = sc.beat((("Safety", "Strike"), ("Focused", "Strike")))
    assert b.one("EffectIgnored", player=0, card="Safety").reason == "you were not hit this beat"
    assert b.none("FighterMoved")


@pytest.mark.parametrize("level,pushed", [(2, True), (1, False)])
def test_excelsius_moves_before_activating_and_pushes_only_from_level_two(level, pushed):
    sc = magdalena(keep=(("Excelsius", "Strike"), ("Sweeping", "Shot")), positions=(3, 5), level=level)
    more = [{"kind": "move", "to": 7}] if pushed else []
    b = sc.beat((("Excelsius", "Strike"), ("Sweeping", "Shot")), choices={0: [{"kind": "move", "to": 4}] + more})
    first = b.of("FighterMoved", player=0)[0]
    assert (first.kind, first.to_space) == ("move", 4)
    assert b.of("HitScored", player=0)
    if pushed:
        push = b.one("FighterMoved", player=1)
        assert (push.kind, push.from_space, push.to_space) == ("push", 5, 7)
    else:
        assert b.one("EffectIgnored", player=0, card="Excelsius").reason == "Level 1: needs Level 2 or higher"
        assert b.none("FighterMoved", player=1)


# -- Finishers ---------------------------------------------------------------------------------------------------


def test_apotheosis_stuns_the_opponent_and_gains_a_level():
    sc = magdalena(keep=(("Strike",), ("Trance", "Strike")), positions=(3, 4), life=(5, 20),
                   options={"special_actions": True}, finishers=("Apotheosis", "Wrath of Elements"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Strike")))
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.one("AttackSkipped", player=1).reason == "stunned"
    assert changes(b)[0] == ("Level", 1, 1, "Apotheosis")


def test_solar_soul_discards_trance_counters_for_power():
    sc = magdalena(keep=(("Strike",), ("Trance", "Strike")), positions=(3, 4), life=(5, 20), trance=3,
                   options={"special_actions": True}, finishers=("Solar Soul", "Wrath of Elements"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Strike")), choices={0: [{"kind": "amount", "amount": 2}]})
    req = [r for r in sc.requests if r.kind == "amount"][0]
    assert req.prompt == "Solar Soul: discard how many Trance counters for +1 Power each?"
    assert req.labels == ("Discard none", "Discard 1 Trance for +1 Power", "Discard 2 Trance for +2 Power",
                          "Discard 3 Trance for +3 Power")
    assert changes(b)[0] == ("Trance", -2, 1, "Solar Soul (discarded for +2 Power)")
    assert b.one("DamageDealt", player=0).power_terms == "Solar Soul 2 + Solar Soul (2 Trance) 2 = 4"


@pytest.mark.parametrize("side", ["Apotheosis", "Solar Soul"])
def test_both_finisher_sides_can_be_chosen(side):
    sc = magdalena(keep=(("Strike",), ("Trance", "Strike")), positions=(3, 4), life=(5, 20),
                   options={"special_actions": True}, finishers=(side, "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Strike")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == side


# -- what the tools show ------------------------------------------------------------------------------------------


def test_explain_words_for_life_gain_damage_cap_and_counters():
    sc = magdalena(opponent="cadenza", keep=(("Safety", "Strike"), ("Mechanical", "Strike")), positions=(3, 4),
                   level=1)
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Safety", "Strike"), ("Mechanical", "Strike")), choices={0: [{"kind": "move", "to": 3}],
                                                                         1: [{"kind": "move", "to": 4}]})
    said = told(GAME, before, b.entries)
    assert lines_of(said, "DamageCapped") == ["Magdalena would take 6 damage but takes at most 4 from this attack "
                                              "(Safety: Level 1 + 3)"]
    assert cites_of(said, "DamageCapped") == ["Magdalena: Safety (at most her Level + 3 damage from each attack this "
                                              "beat)"]
    damage = lines_of(said, "DamageDealt")[1]
    assert damage.startswith("Magdalena takes 4 damage from Cadenza: power 6 (Strike 4 + Mechanical 2)")
    assert damage.endswith(" - soak 0 = 6, capped at 4; life 20 → 16")
    assert lines_of(said, "CounterChanged") == ["Magdalena's Trance +1 → 1 (Divine Conduit)"]
    assert cites_of(said, "CounterChanged") == ["Magdalena's Unique Ability (Divine Conduit: Trance counters and "
                                                "Level)"]
    sc = magdalena(opponent="cadenza", keep=(("Spiritual", "Blessing"), ("Battery", "Strike")), positions=(3, 5))
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Spiritual", "Blessing"), ("Battery", "Strike")))
    said = told(GAME, before, b.entries)
    assert lines_of(said, "LifeGained") == ["Magdalena regains 3 life (Blessing); life 20 → 23",
                                            "Cadenza regains 3 life (Blessing); life 20 → 23"]
    assert lines_of(said, "EffectIgnored") == ["Magdalena's Blessing deals no damage: power N/A, the attack deals no "
                                               "damage (WoI p.20) [ruling: Power N/A]"]
    assert cites_of(said, "EffectIgnored") == ["WoI p.20, Power ('Attacks with a power of N/A will not do any "
                                               "damage'); ruling 'Power N/A' (docs/rulings.md#bc-power-na)"]
    assert cites_of(said, "LifeGained") == ["the card's effect (regain life); ruling 'Life gain' "
                                            "(docs/rulings.md#bc-life-gain)"] * 2


def test_the_viewer_and_the_text_board_show_her_counters():
    from recorder.games.battlecon.render import render_state
    from recorder.games.battlecon.snapshot import snapshot
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("magdalena")
    assert info["counters"] == {"Trance": {"min": 0, "max": 5, "start": 0}, "Level": {"min": 0, "max": 5, "start": 0}}
    sc = magdalena(keep=(("Priestess", "Strike"), ("Focused", "Strike")), positions=(1, 7), level=2, trance=1)
    snap = snapshot(sc.state)
    assert snap["fighters"][0]["counters"] == {"Trance": 1, "Level": 2}
    text = render_state(snap)
    assert "Trance: 1" in text and "Level: 2" in text


def test_her_counters_are_public_and_her_pair_and_finisher_side_stay_secret():
    from recorder.games.battlecon.snapshot import redact, snapshot

    sc = magdalena(keep=(("Priestess", "Strike"), ("Focused", "Strike")), positions=(1, 7), level=2, trance=1,
                   life=(5, 20), options={"special_actions": True}, finishers=("Solar Soul", "Four Winds"))
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Priestess", "base": "Strike"}, "test"))
    assert m.pending.kind == "pair" and m.pending.player == 1
    seen = redact(snapshot(sc.state), 1)["fighters"][0]
    assert seen["pair"] == {"style": "?", "base": "?", "covered": []}
    assert seen["counters"] == {"Trance": 1, "Level": 2}  # counters are on the table
    assert "Priestess" in seen["hand"] and seen["hand_hidden_count"] == 2
    own = redact(snapshot(sc.state), 0)["fighters"][0]
    assert own["pair"]["style"] == "Priestess"


def test_statistics_count_her_counters_life_gained_and_her_finisher():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from recorder.games.battlecon import special_events as SE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "magdalena"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=1, ante="pass", source="t"),
        E.PairRevealed(styles=("Special Action", "Trance"), bases=("Strike", "Strike")),
        SE.SpecialActionRevealed(player=0, base="Strike", action="finisher"),
        SE.FinisherRevealed(player=0, finisher="Solar Soul", how="special"),
        KE.CounterChanged(player=0, counter="Trance", amount=-2, value=1, reason="Solar Soul"),
        KE.LifeGained(player=1, amount=3, life_after=20, reason="Blessing"),
        KE.CounterChanged(player=0, counter="Trance", amount=1, value=2, reason="Divine Conduit"),
        KE.CounterChanged(player=0, counter="Level", amount=1, value=1, reason="Divine Conduit"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"discarded": {"Trance": 2}, "gained": {"Trance": 1, "Level": 1}}
    assert ann["counts"]["finishers_used"] == 1
    assert ben["counts"]["life_gained"] == 3 and ann["counts"]["life_gained"] == 0


def test_adding_her_changes_no_fingerprint_of_a_match_without_her():
    assert_no_other_fingerprint_changed("magdalena")


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")])
def test_bots_play_her_whole_matches_and_she_gains_levels(bots):
    levels = sum(len(m.events("CounterChanged", counter="Level")) for m in bot_matches(("magdalena", "hikaru"), bots))
    assert levels >= 1


def test_safety_caps_each_attack_on_its_own_not_the_whole_beat():
    # Luc's Temporal Recursion activates again for a Time token: each activation is an attack of its own (G "from
    # each attack"; Y caps the beat's total).
    sc = Scenario(("luc", "magdalena"), keep=(("Strike",), ("Safety", "Strike")), positions=(3, 4), life=(5, 20),
                  options={"special_actions": True}, finishers=("Temporal Recursion", "Apotheosis"))
    b = sc.beat(((SA, "Strike"), ("Safety", "Strike")), lenient=True)
    hits = [e.amount for e in b.of("DamageDealt", player=0)]
    assert hits == [3, 3, 3] and sum(hits) > 3  # Level 0: at most 3 from each attack, 9 in the beat
    assert b.none("DamageCapped")
    assert [(e.damage, e.stun_guard) for e in b.of("StunPrevented", player=1)] == [(3, 5)] * 3  # each on its own


def test_an_at_least_condition_must_name_a_counter_of_the_fighter():
    from recorder.games.battlecon.cards import CardDataError
    from recorder.games.battlecon.fighters import check_effect

    check_effect("card data of magdalena: Excelsius", "magdalena", "hit",
                 {"op": "push", "n": [0, 1, 2], "at_least": {"Level": 2}})
    with pytest.raises(CardDataError) as err:
        check_effect("card data of magdalena: Excelsius", "magdalena", "hit",
                     {"op": "push", "n": [0, 1, 2], "at_least": {"Levle": 2}})
    assert str(err.value) == ("card data of magdalena: Excelsius: a hit effect's at_least {'Levle': 2} must name its "
                              "fighter's counters with a number each (Trance, Level)")
    with pytest.raises(CardDataError) as err:
        check_effect("card data of luc: Chrono", "luc", "start", {"op": "advance", "at_least": {"Level": 2}})
    assert "(no counters)" in str(err.value)


def test_state_as_her_opponent_hides_her_face_down_pair_and_shows_her_counters():
    from pathlib import Path

    from click.testing import CliRunner

    from beatlog.cli import main

    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-specials-magdalena-vs-khadath.jsonl"
    # Beat 2 after its third event: her pair (Sanctimonious Dash) is face down, Khadath has not chosen yet.
    seen = CliRunner().invoke(main, ["state", str(log), "--beat", "2", "--event", "3", "--as", "2"])
    assert seen.exit_code == 0, seen.output
    line = next(t for t in seen.output.splitlines() if "Magdalena Larington" in t)
    assert "pair: face down (unknown to you) | Trance: 0 | Level: 0" in line
    assert "Sanctimonious Dash" not in seen.output
    own = CliRunner().invoke(main, ["state", str(log), "--beat", "2", "--event", "3", "--as", "1"])
    assert "pair: Sanctimonious Dash (face down; hidden from the opponent)" in own.output


def test_her_counters_are_not_tokens_for_reaping():
    # Vanaah's Reaping: "the opponent must choose and discard one of their tokens. If they have none, Divine Rush
    # returns": Magdalena has counters, no tokens, so she discards nothing and Divine Rush comes back.
    sc = Scenario(("vanaah", "magdalena"), keep=(("Reaping", "Vengeance", "Strike", "Drive"), ("Priestess", "Safety",
                                                                                            "Shot", "Drive")),
                  positions=(3, 4))
    f = sc.state.fighters[1]
    f.counters["Trance"], f.counters["Level"] = 2, 1
    sc.beat((("Vengeance", "Drive"), ("Safety", "Shot")), antes={0: ["Divine Rush"]}, lenient=True)
    assert sc.state.fighters[0].zones["in discard 1"] == ["Divine Rush"]
    b = sc.beat((("Reaping", "Strike"), ("Priestess", "Drive")), lenient=True)
    assert b.of("HitScored", player=0) and b.none("TokensSpent", player=1)
    assert b.one("CardMoved", card="Divine Rush").to_zone == "tokens"
    assert [e.reason for e in b.of("CounterChanged", player=1)] == [
        "Divine Conduit", "Divine Conduit: 4 Trance > Level 1, all discarded", "Divine Conduit: 4 Trance > Level 1"]
