"""Tatsumi Nuac & Juto (War of Indines): Juto as a second figure of her player on the board (his life, his zones,
disabled and brought back), every card, both Finisher sides, the WoI FAQ ruling on zones, and the rulings that
decided her values (docs/rulings.md)."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import GAME, movement, stats
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.effects import figure_of
from recorder.games.battlecon.fighters.tatsumi import LIFE, zone
from recorder.games.battlecon.render import render_state
from recorder.games.battlecon.snapshot import redact
from tests.battlecon_scenarios import Scenario as _Scenario, assert_preview_refuses

T = KITS["tatsumi"]
STYLES = ("Empathic", "Siren", "Fearless", "Wave", "Riptide")
OPP = ("Sweeping", "Trance", "Strike", "Shot", "Grasp")  # Hikaru's cards the tests play (no decisions of theirs)


def Scenario(keep=(), juto=None, juto_life=None, **kw):  # noqa: N802 - Tatsumi vs Hikaru, Juto placed
    kw.setdefault("tokens", {1: ["Fire", "Water", "Wind", "Earth"]})
    sc = _Scenario(("tatsumi", "hikaru"), keep=(keep, OPP), **kw)
    fig = figure_of(sc.state, 0, "Juto")
    if juto is not None:
        fig.space = juto
    if juto_life is not None:
        sc.state.fighters[0].counters[LIFE] = juto_life
        if juto_life <= 0:
            fig.space = 0
    return sc


def juto(sc):
    return figure_of(sc.state, 0, "Juto")


# -- card data, set-up ---------------------------------------------------------------------------------------


def test_card_data_values_and_rulings():
    c = T.cards
    assert (c["Whirlpool"].range, c["Whirlpool"].power, c["Whirlpool"].priority) == ((1, 2), 3, 3)
    assert [(c[s].range, c[s].power, c[s].priority) for s in STYLES] == [
        ((0, 0), 0, -1), ((0, 0), -1, 1), ((-1, 0), 0, 1), ((2, 4), -1, 0), ((0, 2), 0, -1)]
    assert (c["Tsunamis Collide"].range, c["Tsunamis Collide"].power, c["Tsunamis Collide"].priority) == ((2, 4), 0, 0)
    assert (c["Guardian Xandjinn"].range, c["Guardian Xandjinn"].power, c["Guardian Xandjinn"].priority) == (
        "next_to_figure", 6, 5)
    assert T.finishers == ("Tsunamis Collide", "Guardian Xandjinn") and T.editions == ("woi",)
    assert T.suggested == (("Empathic", "Drive"), ("Fearless", "Strike"))  # the marked styles (G's colours)
    assert T.figures == {"Juto": {"shares_spaces": True, "life": LIFE, "glyph": "j", "label": "Juto"}}
    assert T.counters[LIFE] == {"min": -2, "max": 4, "start": 4}
    assert "strictly between Tatsumi and Juto" in c["Tsunamis Collide"].ruling


def test_preview_refuses_her():
    assert_preview_refuses("tatsumi")


def test_set_up_puts_juto_on_her_starting_space_with_4_life():
    sc = _Scenario(("tatsumi", "hikaru"))
    placed = [e.event for e in sc.match.entries if e.type == "FigurePlaced"]
    start = [e.event for e in sc.match.entries if e.type == "DuelStarted"][0].positions[0]
    assert [(e.figure, e.space, e.from_space, e.reason) for e in placed] == [("Juto", start, None,
                                                                             "Tidal Bond (set-up)")]
    fig = juto(sc)
    assert (fig.space, fig.shares, sc.state.fighters[0].counters[LIFE]) == (start, True, 4)
    snap = GAME.snapshot(sc.state)
    assert snap["figures"] == [{"owner": 0, "name": "Juto", "space": start, "life": 4}]
    assert snap["fighters"][0]["zone"] == 1
    assert snap["fighters"][0]["figure_notes"] == {"Juto": "Zone 1 (Juto on Tatsumi's space): Soak 3"}
    text = render_state(snap)
    assert f"Juto on {start} (life 4)" in text and "Juto: Zone 1 (Juto on Tatsumi's space)" in text


# -- the zones -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("at", "expected"), [(1, 0), (2, 0), (3, 1), (4, 2), (5, 3), (6, 3), (7, 3), (0, None)])
def test_zones_by_where_juto_stands(at, expected):
    sc = Scenario(positions=(3, 5), juto=at)
    assert zone(sc.state, 0) == expected
    terms = {stat: sc.state.fighters[0].rules.stat_terms(sc.state, 0, stat)
             for stat in ("range", "power", "priority", "soak", "stun_guard")}
    want = {0: {"range": (0, 2), "power": 1}, 1: {"soak": 3}, 2: {"soak": 1, "stun_guard": 2}, 3: {"priority": 1},
            None: {}}[expected]
    assert {k: v[0][1] for k, v in terms.items() if v} == want
    assert all(label == f"Tidal Bond (Zone {expected})" for v in terms.values() for label, _ in v)


def test_zones_mirror_when_she_stands_right_of_the_opponent():
    sc = Scenario(positions=(5, 2), juto=6)
    assert zone(sc.state, 0) == 0
    juto(sc).space = 3
    assert zone(sc.state, 0) == 2
    juto(sc).space = 1
    assert zone(sc.state, 0) == 3


def test_zone_1_soak_costs_juto_life_and_empathic_makes_the_opponent_lose_it():
    sc = Scenario(keep=("Empathic", "Strike"), positions=(3, 4), juto=3)
    b = sc.beat((("Empathic", "Strike"), ("Sweeping", "Strike")), antes={1: []})
    hit = b.one("DamageDealt", target=0)
    assert (hit.power, hit.soak, hit.amount) == (3, 3, 0)
    assert hit.soak_terms == "Tidal Bond (Zone 1) 3 = 3"
    lost = b.one("CounterChanged", player=0)
    assert (lost.counter, lost.amount, lost.value) == (LIFE, -3, 1)
    assert lost.reason == "Tidal Bond (Zone 1): Juto soaked 3 damage"
    assert b.one("EffectIgnored", player=0, card="Empathic").reason == "Juto is not on an unoccupied space"
    empathic = b.one("LifeLost", player=1)
    assert (empathic.amount, empathic.reason) == (3, "Empathic (Juto took 3 damage this beat)")
    assert b.none("FigureRemoved")
    assert sc.state.fighters[0].counters[LIFE] == 1 and juto(sc).space == 3


def test_zone_2_soak_1_and_stun_guard_2():
    sc = Scenario(keep=("Empathic", "Grasp"), positions=(3, 5), juto=4)
    b = sc.beat((("Empathic", "Grasp"), ("Sweeping", "Shot")), antes={1: []},
                choices={0: [{"kind": "swap_places", "use": False}]})
    hit = b.one("DamageDealt", target=0)  # Shot 3 - 1 (Sweeping) = 2, soak 1: 1 damage, within stun guard 2
    assert (hit.power, hit.soak, hit.amount) == (2, 1, 1)
    assert b.one("CounterChanged", player=0).amount == -1
    assert b.one("StunPrevented", player=0).by == "stun guard"
    assert b.one("StunPrevented", player=0).stun_guard == 2


def test_juto_disabled_at_0_or_less_then_fearless_misses_and_brings_him_back():
    sc = Scenario(keep=("Fearless", "Strike"), positions=(3, 4), juto=3, juto_life=1)
    b = sc.beat((("Fearless", "Strike"), ("Sweeping", "Strike")), antes={1: []})
    lost = b.one("CounterChanged", player=0, amount=-3)
    assert lost.value == -2  # the soak that disables him is lost in full (docs/rulings.md)
    removed = b.one("FigureRemoved")
    assert (removed.figure, removed.from_space, removed.reason) == (
        "Juto", 3, "Tidal Bond: Juto's life is 0 or less (disabled)")
    assert b.one("AttackMissed", player=0).reason == (
        "cannot hit: Fearless: Juto is disabled (off the board), this attack does not hit")
    assert b.none("DamageDealt", player=0)
    back = b.one("CounterChanged", player=0, amount=6)
    assert (back.value, back.reason) == (4, "Fearless")
    placed = b.one("FigurePlaced")
    assert (placed.space, placed.from_space, placed.reason) == (3, None, "Fearless")
    assert juto(sc).space == 3 and sc.state.fighters[0].counters[LIFE] == 4


def test_a_disabled_juto_gives_no_zone_and_cannot_be_moved():
    sc = Scenario(keep=("Siren", "Strike"), positions=(3, 4), juto_life=0)
    assert zone(sc.state, 0) is None
    b = sc.beat((("Siren", "Strike"), ("Sweeping", "Shot")), antes={1: []})
    assert b.one("EffectIgnored", player=0, card="Siren").reason == "Juto is disabled (off the board)"
    assert "Juto: disabled" in render_state(GAME.snapshot(sc.state))


def test_faq_the_current_zone_applies_at_once():
    # WoI FAQ (Tatsumi & Suto): "Your current zone is always applied instantaneously". Juto in Zone 2 at the
    # reveal (no priority bonus); Empathic swaps them at Start of Beat: Zone 0 (+1 Power) for the attack.
    sc = Scenario(keep=("Empathic", "Shot"), positions=(2, 6), juto=3)
    b = sc.beat((("Empathic", "Shot"), ("Trance", "Grasp")), antes={1: []},
                choices={0: [{"kind": "swap_places", "use": True}]})
    assert "Tidal Bond" not in b.one("PriorityCompared").terms[0]
    moved = b.one("FighterMoved", player=0)
    assert (moved.kind, moved.from_space, moved.to_space) == ("swap", 2, 3)
    assert b.one("FigurePlaced").space == 2 and zone(sc.state, 0) == 0
    dealt = b.one("DamageDealt", player=0)
    assert dealt.power == 4 and "Tidal Bond (Zone 0) 1" in dealt.power_terms
    assert "Tidal Bond (Zone 0) +0~+2" in b.one("RangeChecked", player=0).terms


# -- movement with a figure that shares spaces ----------------------------------------------------------------


def test_juto_is_neither_hopped_over_nor_in_the_way():
    sc = Scenario(positions=(2, 5), juto=4)
    adv = movement.destinations(sc.state, 1, "advance", (1, 2), 1)
    assert [d.to for d in adv] == [4, 3]  # onto Juto's space, then next to Tatsumi: no hop over Juto
    assert 4 in [d.to for d in movement.direct_destinations(sc.state, 1)]
    assert movement.occupied_spaces(sc.state) == {2, 5}


# -- the cards ------------------------------------------------------------------------------------------------


def test_whirlpool_moves_the_opponent_toward_juto_then_both_of_them_move():
    sc = Scenario(keep=("Siren", "Whirlpool"), positions=(2, 5), juto=7)  # Juto beyond the opponent: a push
    b = sc.beat((("Siren", "Whirlpool"), ("Sweeping", "Strike")), antes={1: []},
                choices={0: [{"kind": "move", "to": 3}, {"kind": "figure", "figure": "Juto", "space": 5},
                             {"kind": "figure", "figure": "Juto", "space": 5}]})  # Siren's End of Beat: he stays
    pulled = b.one("FighterMoved", player=1, by=0)
    assert (pulled.kind, pulled.from_space, pulled.to_space) == ("push", 5, 6)
    texts = [e.text for e in b.of("TriggerResolved", player=0, card="Whirlpool")]
    assert texts[0] == "Start of Beat: Move the nearest opponent 1 space toward Juto."
    chosen = b.of("FigureSpaceChosen")[0]
    assert (chosen.figure, chosen.space) == ("Juto", 5)
    assert b.of("FigurePlaced")[0].from_space == 7 and juto(sc).space == 5


def test_whirlpool_pulls_when_juto_is_on_her_side_and_does_nothing_when_he_is_on_the_opponent():
    sc = Scenario(keep=("Siren", "Whirlpool"), positions=(2, 5), juto=1)
    b = sc.beat((("Siren", "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    assert b.one("FighterMoved", player=1, by=0).kind == "pull"
    sc = Scenario(keep=("Siren", "Whirlpool"), positions=(2, 5), juto=5)
    b = sc.beat((("Siren", "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    assert b.one("EffectIgnored", player=0, card="Whirlpool").reason == "Juto is on the opponent's space"


def test_empathic_swap_only_from_an_unoccupied_space_and_may_decline():
    sc = Scenario(keep=("Empathic", "Strike"), positions=(2, 5), juto=4)
    b = sc.beat((("Empathic", "Strike"), ("Trance", "Grasp")), antes={1: []},
                choices={0: [{"kind": "swap_places", "use": False}]})
    assert b.one("OptionDecided", player=0).use is False and b.none("FigurePlaced")
    req = [r for r in sc.requests if r.kind == "swap_places"][0]
    assert list(req.labels) == ["Swap places with Juto (you 2 → 4, Juto 4 → 2)", "Do not swap"]
    assert req.prompt == "Empathic: swap places with Juto?"
    assert b.one("EffectIgnored", player=0, card="Empathic").reason == "Juto took no damage this beat"


def test_siren_stuns_and_moves_juto_up_to_2():
    sc = Scenario(keep=("Siren", "Strike"), positions=(3, 4), juto=3)
    b = sc.beat((("Siren", "Strike"), ("Trance", "Shot")), antes={1: []},
                choices={0: [{"kind": "figure", "figure": "Juto", "space": 5}]})
    assert b.one("StunApplied", player=1).reason == "effect"
    req = [r for r in sc.requests if r.kind == "figure"][0]
    assert [o["space"] for o in req.options] == [1, 2, 3, 4, 5]
    assert req.labels[2] == "Juto stays on 3" and req.labels[4] == "Move Juto to 5 (3 → 5)"
    assert req.prompt == "Siren: move Juto up to 2 spaces"
    assert juto(sc).space == 5 and zone(sc.state, 0) == 3


def test_fearless_counts_its_range_from_juto():
    sc = Scenario(keep=("Fearless", "Strike"), positions=(1, 6), juto=5)
    b = sc.beat((("Fearless", "Strike"), ("Sweeping", "Strike")), antes={1: []})
    rc = b.one("RangeChecked", player=0)
    assert (rc.distance, rc.in_range) == (1, True)
    assert rc.terms.endswith("; counted from Juto's space (5)")
    assert b.one("DamageDealt", player=0).amount == 6  # Strike 4 + Sweeping's 2 extra damage
    assert b.one("EffectIgnored", player=0, card="Fearless").reason == "Juto is not disabled"


def test_wave_pushes_up_to_2_and_juto_advances_past_the_opponent():
    sc = Scenario(keep=("Wave", "Strike"), positions=(2, 5), juto=2)
    b = sc.beat((("Wave", "Strike"), ("Trance", "Grasp")), antes={1: []},
                choices={0: [{"kind": "move", "to": 6}, {"kind": "figure", "figure": "Juto", "space": 7}]})
    assert b.one("FighterMoved", player=1, by=0).kind == "push"
    req = [r for r in sc.requests if r.kind == "figure"][0]
    assert [o["space"] for o in req.options] == [2, 3, 4, 5, 6, 7]
    assert req.prompt == "Wave: move Juto any number of spaces toward the opponent"
    assert juto(sc).space == 7 and zone(sc.state, 0) == 3


def test_riptide_in_zone_2_dodges_attacks_at_range_3_or_more_then_pulls_juto_back():
    sc = Scenario(keep=("Riptide", "Strike"), positions=(2, 5), juto=4)
    b = sc.beat((("Riptide", "Strike"), ("Sweeping", "Shot")), antes={1: []},
                choices={0: [{"kind": "figure", "figure": "Juto", "space": 3}]})
    rc = b.one("RangeChecked", player=1)
    assert rc.in_range and rc.dodge == ("Riptide: attacks at range 3 or more do not hit Tatsumi this beat "
                                        "(Juto in Zone 2)")
    req = [r for r in sc.requests if r.kind == "figure"][0]
    assert [o["space"] for o in req.options] == [4, 3, 2]  # toward her, at most onto her space
    assert req.prompt == "Riptide: move Juto any number of spaces toward Tatsumi"
    assert juto(sc).space == 3


def test_riptide_outside_zone_2_does_nothing():
    sc = Scenario(keep=("Riptide", "Strike"), positions=(2, 5), juto=1)
    b = sc.beat((("Riptide", "Strike"), ("Sweeping", "Shot")), antes={1: []},
                choices={0: [{"kind": "figure", "figure": "Juto", "space": 2}]})
    assert b.one("EffectIgnored", player=0, card="Riptide").reason == "Juto is in Zone 0, not Zone 2"
    assert b.one("RangeChecked", player=1).dodge is None


# -- the Finisher sides ---------------------------------------------------------------------------------------


def finisher(side, **kw):
    return Scenario(keep=("Siren", "Strike"), life=(5, 20), options={"special_actions": True},
                    finishers=(side, "Wrath of Elements"), **kw)


def test_tsunamis_collide_zone_3_bonus_per_space_between():
    sc = finisher("Tsunamis Collide", positions=(2, 5), juto=7)
    b = sc.beat(((SA, "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Tsunamis Collide"
    gained = b.of("StatusGained", player=0)
    assert [(g.stat, g.amount, g.label) for g in gained] == [
        ("power", 12, "Tsunamis Collide (Zone 3, 4 spaces between)"),
        ("priority", 8, "Tsunamis Collide (Zone 3, 4 spaces between)")]
    dealt = b.one("DamageDealt", player=0)
    assert dealt.power == 12 and "Tidal Bond (Zone 3) 1" in b.one("PriorityCompared").terms[0]


def test_tsunamis_collide_does_not_hit_an_opponent_adjacent_to_juto():
    sc = finisher("Tsunamis Collide", positions=(2, 5), juto=4)
    b = sc.beat(((SA, "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    assert b.one("EffectIgnored", player=0, card="Tsunamis Collide").reason == "Juto is in Zone 2, not Zone 3"
    assert b.one("AttackMissed", player=0).reason == (
        "cannot hit: Tsunamis Collide does not hit an opponent adjacent to Juto")


def test_guardian_xandjinn_reaches_juto_and_the_spaces_next_to_him():
    sc = finisher("Guardian Xandjinn", positions=(1, 6), juto=5)
    b = sc.beat(((SA, "Whirlpool"), ("Trance", "Shot")), antes={1: []},
                choices={0: [{"kind": "figure", "figure": "Juto", "space": 2}]})
    rc = b.one("RangeChecked", player=0)
    assert rc.in_range and rc.terms == ("Guardian Xandjinn: Juto's space and the spaces next to it "
                                        "(Juto on 5: 4~6)")
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.one("DamageDealt", player=0).power == 6
    req = [r for r in sc.requests if r.kind == "figure"][0]
    assert [o["space"] for o in req.options] == [1, 2, 3, 4, 5, 6, 7]
    assert req.prompt == "Guardian Xandjinn: move Juto to any space"
    assert juto(sc).space == 2


def test_guardian_xandjinn_misses_out_of_juto_reach_and_while_he_is_disabled():
    sc = finisher("Guardian Xandjinn", positions=(1, 6), juto=2)
    b = sc.beat(((SA, "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    assert not b.one("RangeChecked", player=0).in_range
    sc = finisher("Guardian Xandjinn", positions=(1, 2), juto_life=0)
    b = sc.beat(((SA, "Whirlpool"), ("Trance", "Shot")), antes={1: []}, lenient=True)
    rc = b.one("RangeChecked", player=0)
    assert not rc.in_range and rc.terms.endswith("(Juto is disabled (off the board))")


# -- what players see -----------------------------------------------------------------------------------------


def test_juto_is_public_and_her_face_down_pair_is_not():
    sc = Scenario(keep=("Siren", "Strike"), positions=(3, 4), juto=3)
    sc.match.advance(__import__("recorder.decisions", fromlist=["Answer"]).Answer(
        {"player": 0, "style": "Siren", "base": "Strike"}, "test"))
    for seat in (1, None):
        snap = redact(GAME.snapshot(sc.state), seat)
        assert snap["figures"] == [{"owner": 0, "name": "Juto", "space": 3, "life": 4}]
        text = render_state(snap)
        assert "Siren Strike" not in text and "Juto on 3 (life 4)" in text


def test_statistics_count_juto_soak_disabling_and_revival():
    from recorder.decisions import Answer
    from recorder.match import sealed
    from replay.stats import match_stats

    sc = Scenario(keep=("Fearless", "Strike"), positions=(3, 4), juto=3, juto_life=1)
    sc.beat((("Fearless", "Strike"), ("Sweeping", "Strike")), antes={1: []})
    while not sc.match.finished:  # finish the match: the first legal option everywhere
        sc.match.advance(Answer(dict(sc.match.pending.options[0]), "test"))
    used = match_stats(sc.header, sealed(sc.match))["seats"][0]["usage"]["tokens_used"]
    assert used["Juto disabled"]["Juto"] >= 1
    assert used["Juto soaked"]["damage"] >= 3
    assert used["Juto revived"]["life"] >= 6


def test_explain_words_quote_the_cards_and_name_juto():
    from tests.explain_support import cites_of, lines_of, told

    sc = Scenario(keep=("Fearless", "Strike"), positions=(3, 4), juto=3, juto_life=1)
    before = __import__("copy").deepcopy(sc.state)
    b = sc.beat((("Fearless", "Strike"), ("Sweeping", "Strike")), antes={1: []})
    said = told(GAME, before, b.entries)
    assert lines_of(said, "CounterChanged")[0] == ("Tatsumi's Juto's life -3 → -2 (Tidal Bond (Zone 1): Juto soaked 3 "
                                                   "damage)")
    assert cites_of(said, "CounterChanged")[0] == ("Tatsumi's Unique Ability (Tidal Bond: Juto loses life equal to the "
                                                   "damage soaked)")
    assert lines_of(said, "FigureRemoved") == [
        "Tatsumi's Juto leaves the board from 3 (Tidal Bond: Juto's life is 0 or less (disabled))"]
    assert lines_of(said, "FigurePlaced") == ["Tatsumi's Juto enters the board on 3 (Fearless)"]
    assert any(line.startswith("Tatsumi's Fearless, End of Beat: If Juto is disabled, he returns to the board")
               for line in lines_of(said, "TriggerResolved"))
    assert "Tidal Bond (Zone 1) 3" in lines_of(said, "DamageDealt")[0]


def test_a_push_may_end_on_juto_space():
    sc = Scenario(keep=("Wave", "Strike"), positions=(2, 4), juto=5)
    dests = movement.destinations(sc.state, 1, "push", (1, 2), 0)
    assert [d.to for d in dests] == [5, 6]  # onto Juto's space, then past it: he is not hopped over


def test_the_viewers_attack_figures_are_keyed_by_the_zone_not_only_by_juto():
    from recorder.games.battlecon.view.figures import fighter_key

    sc = Scenario(positions=(3, 6), juto=4)
    before = fighter_key(sc.state, 0)
    sc.state.fighters[1].position = 4  # the opponent steps onto Juto's space: Zone 2 -> Zone 3, Juto did not move
    assert zone(sc.state, 0) == 3 and fighter_key(sc.state, 0) != before


def test_distance_statistics_are_between_the_fighters_not_juto():
    from recorder.games.battlecon.view import VIEW

    sc = Scenario(positions=(2, 6), juto=5)
    series = VIEW.series(GAME.snapshot(sc.state))
    assert series["Distance"] == 4  # Tatsumi to the opponent; Juto's space (5) plays no part
