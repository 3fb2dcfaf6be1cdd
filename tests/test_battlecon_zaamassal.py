"""Zaamassal Kett (War of Indines): every card, each Paradigm, Subjective Reality (assuming, the limit, losing
them when stunned), both Finisher sides, the WoI FAQ's Haste ruling ("Zanaksal") and the rulings that decided
his values (docs/rulings.md, "Zaamassal")."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import GAME, stats
from recorder.games.battlecon.attack import dodge_reason
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.movement import destinations, direct_destinations
from recorder.games.battlecon.snapshot import redact, snapshot
from tests.battlecon_scenarios import Scenario, assert_preview_refuses

Z = KITS["zaamassal"]
BESIDE, ACTIVE = "paradigms", "active paradigms"
PARADIGMS = ["Pain", "Fluidity", "Haste", "Resilience", "Distortion"]
OPP = ("Lure", "Blight", "Evacuation", "Drive", "Grasp", "Burst")  # Khadath keeps these in hand


def zaam(opponent="khadath", keep=(), active=(), **kw):
    """A match of Zaamassal (seat 0) against ``opponent``, with ``active`` Paradigms in play before beat 1."""
    opp_keep = OPP if opponent == "khadath" else ()
    sc = Scenario(("zaamassal", opponent), keep=(tuple(keep), opp_keep), **kw)
    set_active(sc, *active)
    return sc


def set_active(sc, *cards, p=0):
    """Test-only set-up: ``cards`` are the active Paradigms (the others beside him)."""
    zones = sc.state.fighters[p].zones
    zones[BESIDE] = [c for c in PARADIGMS if c not in cards]
    zones[ACTIVE] = list(cards)


def paradigm_requests(sc, p=0):
    return [r for r in sc.requests if r.kind == "paradigm" and r.player == p]


# -- card data -------------------------------------------------------------------------------------------------


def test_card_data_values_and_rulings():
    c = Z.cards
    assert (c["Paradigm Shift"].range, c["Paradigm Shift"].power, c["Paradigm Shift"].priority) == ((2, 3), 3, 3)
    assert "R times it Before Activating" in c["Paradigm Shift"].ruling
    assert (c["Urgent"].range, c["Urgent"].power, c["Urgent"].priority) == ((0, 1), -1, 2)
    assert "Gc has +1" in c["Urgent"].ruling  # G's -1, not Gc's +1
    assert (c["Malicious"].power, c["Malicious"].priority, c["Malicious"].stun_guard) == (1, -1, 2)
    assert (c["Sinuous"].priority, c["Warped"].range) == (1, (0, 2))
    assert c["Sturdy"].stun_immune
    gate, divider = c["Open the Gate"], c["Plane Divider"]
    assert (gate.range, gate.power, gate.priority) == ((1, 2), 3, 7)
    assert (divider.range, divider.power, divider.priority) == ((1, 1), 2, 4)
    assert "R has priority" not in divider.ruling and "R has 5" in divider.ruling
    assert Z.finishers == ("Open the Gate", "Plane Divider")
    # The five Paradigms are cards set beside him (his kit's card zones), not hand cards.
    assert Z.card_zones == {BESIDE: tuple(PARADIGMS), ACTIVE: ()}
    assert Z.zone_cards == tuple(PARADIGMS) and not set(PARADIGMS) & set(Z.all_cards)
    assert all(c[name].kind == "extra" for name in PARADIGMS)
    assert "Y (range 4 dodged, range 3 added)" in c["Distortion"].ruling
    assert Z.suggested == (("Urgent", "Grasp"), ("Sinuous", "Burst"))
    assert Z.editions == ("woi",) and Z.initial == "Z"


def test_preview_refuses_him_in_one_line():
    assert_preview_refuses("zaamassal")


def test_no_paradigm_is_active_at_the_start_and_every_card_is_in_one_zone():
    sc = zaam()
    f = sc.state.fighters[0]
    assert f.zones == {BESIDE: PARADIGMS, ACTIVE: []}
    assert stats.pair_key(sc.state, 0)[5] == ()


# -- Subjective Reality: assuming, the second style ----------------------------------------------------------------


def test_paradigm_shift_assumes_any_paradigm_after_activating():
    sc = zaam(keep=("Urgent", "Paradigm Shift"), positions=(3, 5))
    b = sc.beat((("Urgent", "Paradigm Shift"), ("Lure", "Burst")),
                choices={0: [{"kind": "move", "to": 3}, {"kind": "order", "first": "Paradigm Shift"},
                             {"kind": "paradigm", "card": "Pain"}, {"kind": "paradigm", "card": "none"}]},
                lenient=True)
    first = paradigm_requests(sc)[0]
    assert first.prompt == "Paradigm Shift: assume a Paradigm?"
    assert list(first.labels) == ["Assume the Paradigm of Pain", "Assume the Paradigm of Fluidity",
                                  "Assume the Paradigm of Haste", "Assume the Paradigm of Resilience",
                                  "Assume the Paradigm of Distortion", "Assume none"]
    assert b.one("CardChosen", player=0, card="Pain")
    moved = b.one("CardMoved", card="Pain")
    assert (moved.from_zone, moved.to_zone, moved.reason) == (BESIDE, ACTIVE,
                                                                "Paradigm Shift: assumes the Paradigm of Pain")
    # Urgent's own After Activating then offers Haste: declined, Pain stays.
    second = paradigm_requests(sc)[1]
    assert second.prompt == "Urgent: assume the Paradigm of Haste?"
    assert list(second.labels) == ["Assume the Paradigm of Haste (replaces Pain)", "Assume none (keep Pain)"]
    assert sc.state.fighters[0].zones[ACTIVE] == ["Pain"]


def test_a_new_paradigm_replaces_the_active_one():
    sc = zaam(keep=("Malicious", "Strike"), active=("Haste",), positions=(3, 4))
    b = sc.beat((("Malicious", "Strike"), ("Lure", "Drive")), choices={0: [{"kind": "paradigm", "card": "Pain"}]},
                lenient=True)
    gone, came = b.of("CardMoved", player=0)
    assert (gone.card, gone.from_zone, gone.to_zone) == ("Haste", ACTIVE, BESIDE)
    assert gone.reason == "Malicious: replaced by the Paradigm of Pain"
    assert (came.card, came.to_zone) == ("Pain", ACTIVE)
    f = sc.state.fighters[0]
    assert f.zones == {BESIDE: ["Fluidity", "Resilience", "Distortion", "Haste"], ACTIVE: ["Pain"]}


def test_assuming_the_paradigm_already_active_changes_nothing():
    sc = zaam(keep=("Malicious", "Strike"), active=("Pain",), positions=(3, 4))
    b = sc.beat((("Malicious", "Strike"), ("Lure", "Drive")), lenient=True)
    ignored = b.one("EffectIgnored", player=0, card="Malicious")
    assert ignored.reason == "the Paradigm of Pain is already active"
    assert not paradigm_requests(sc) and b.none("CardMoved")


def test_the_active_paradigm_applies_like_a_second_style_to_the_pair_and_to_a_finisher():
    sc = zaam(active=("Distortion",), keep=("Warped", "Strike"))
    f = sc.state.fighters[0]
    f.style, f.base = "Warped", "Strike"
    assert [c.name for c in stats.pair_cards(sc.state, 0)] == ["Warped", "Strike", "Distortion"]
    # A Paradigm prints no numbers: it adds no term to the figures.
    assert stats.priority(sc.state, 0) == (3, [("Warped", 0), ("Strike", 3)])
    f.finisher_active, f.finisher = True, "Open the Gate"
    assert [c.name for c in stats.pair_cards(sc.state, 0)] == ["Open the Gate", "Distortion"]


def test_a_paradigm_assumed_this_beat_acts_in_the_later_windows():
    # Sinuous's After Activating: Fluidity, whose End of Beat move then triggers with Sinuous's own.
    sc = zaam(keep=("Sinuous", "Strike"), positions=(3, 4))
    b = sc.beat((("Sinuous", "Strike"), ("Lure", "Drive")),
                choices={0: [{"kind": "paradigm", "card": "Fluidity"}, {"kind": "order", "first": "Fluidity"}]},
                lenient=True)
    ends = [t.card for t in b.of("TriggerResolved", player=0, timing="end")]
    assert ends == ["Fluidity", "Sinuous"]
    order = [r for r in sc.requests if r.kind == "order" and r.player == 0][-1]
    assert order.prompt == "Order your end effects: which resolves first?"


def test_a_stun_takes_every_active_paradigm_away():
    # Zaamassal (Warped Burst: no Stun Guard) takes 3 from Khadath's Blight Drive: stunned, his Paradigm goes back.
    sc = zaam(keep=("Warped", "Burst"), active=("Haste",), positions=(3, 4))
    b = sc.beat((("Warped", "Burst"), ("Blight", "Drive")), lenient=True)
    stun = b.one("StunApplied", player=0)
    back = b.one("CardMoved", card="Haste")
    entry = next(e for e in b.entries if e.type == "CardMoved")
    assert entry.cause == next(e.seq for e in b.entries if e.type == "StunApplied")
    assert (back.from_zone, back.to_zone, back.reason) == (ACTIVE, BESIDE,
                                                            "stunned: Zaamassal loses all active Paradigms")
    assert stun.reason == "damage" and sc.state.fighters[0].zones[ACTIVE] == []


# -- the Paradigms ------------------------------------------------------------------------------------------------


def test_pain_makes_the_opponent_lose_2_life_on_damage():
    sc = zaam(keep=("Urgent", "Strike"), active=("Pain",), positions=(3, 4))
    b = sc.beat((("Urgent", "Strike"), ("Lure", "Burst")), choices={0: [{"kind": "paradigm", "card": "none"}]},
                lenient=True)
    trig = b.one("TriggerResolved", player=0, card="Pain")
    assert (trig.timing, trig.text) == ("damage", "On Damage: The opponent loses 2 life.")
    lost = b.one("LifeLost", player=1)
    assert (lost.amount, lost.reason) == (2, "Zaamassal's the Paradigm of Pain")


def test_fluidity_moves_before_activating_and_at_end_of_beat():
    sc = zaam(keep=("Malicious", "Strike"), active=("Fluidity",), positions=(3, 6))
    sc.beat((("Malicious", "Strike"), ("Lure", "Burst")),
            choices={0: [{"kind": "move", "to": 4}, {"kind": "paradigm", "card": "none"}, {"kind": "move", "to": 3}]},
            lenient=True)
    moves = [r for r in sc.requests if r.kind == "move" and r.player == 0]
    assert moves[0].prompt == "Fluidity: move up to 1"
    assert moves[-1].prompt == "Fluidity: move up to 1"


def test_resilience_soaks_until_his_after_activating():
    sc = zaam(keep=("Sturdy", "Strike"), active=("Resilience",), positions=(3, 4))
    b = sc.beat((("Sturdy", "Strike"), ("Lure", "Grasp")), lenient=True)
    assert b.one("EffectIgnored", player=0, card="Sturdy").reason == "the Paradigm of Resilience is already active"
    # Khadath (priority 4) attacks first: the Soak 2 of Start of Beat counts against his hit.
    dealt = b.one("DamageDealt", player=1)
    assert dealt.soak == 2 and dealt.soak_terms == "Resilience 2 = 2"
    assert [t.timing for t in b.of("TriggerResolved", player=0, card="Resilience")] == ["start", "after"]
    assert sc.state.fighters[0].own.soak == 0


def test_resilience_soak_is_gone_after_his_own_attack():
    # Zaamassal (Urgent Dash: priority 11, no hit) attacks first; his After Activating ends the Soak before
    # Khadath's Burst hits.
    sc = zaam(keep=("Urgent", "Dash"), active=("Resilience",), positions=(3, 4))
    b = sc.beat((("Urgent", "Dash"), ("Lure", "Burst")),
                choices={0: [{"kind": "order", "first": "Resilience"}, {"kind": "paradigm", "card": "none"}]},
                lenient=True)
    assert b.of("TriggerResolved", player=0, card="Resilience", timing="after")
    dealt = b.one("DamageDealt", player=1)
    assert dealt.soak == 0 and dealt.soak_terms == "0"


def test_haste_wins_priority_ties_without_a_clash():
    sc2 = zaam(keep=("Warped", "Grasp"), active=("Haste",), positions=(3, 4))
    b = sc2.beat((("Warped", "Grasp"), ("Blight", "Grasp")), lenient=True)  # 5 against 5
    pc = b.one("PriorityCompared")
    assert pc.active == 0 and pc.why == ("tie at 5: Zaamassal's the Paradigm of Haste wins priority ties "
                                         "without a clash")
    assert b.none("ClashOccurred")


def test_haste_freezes_an_adjacent_opponent_and_stops_one_moving_next_to_him():
    # WoI FAQ ("Zanaksal"): an opponent moving into a space adjacent to him cannot continue moving.
    sc = zaam(active=("Haste",), positions=(4, 1))
    s = sc.state
    assert [d.to for d in destinations(s, 1, "advance", (1, 2, 3, 4), 1)] == [2, 3]  # stops on 3
    s.fighters[1].position = 3  # adjacent: cannot move at all, direct movement included
    assert destinations(s, 1, "retreat", (1, 2), 1) == [] and direct_destinations(s, 1) == []
    assert [d.to for d in destinations(s, 1, "push", (1,), 0)] == [2]  # his own push still moves them


def test_haste_stops_a_played_advance_next_to_him():
    # Khadath's Drive (advance 1 or 2) from 2 against Zaamassal on 4: 2 would hop over him to 5, but the move
    # stops on 3, next to him; without Haste both ends are offered.
    sc = zaam(keep=("Malicious", "Strike"), active=("Haste",), positions=(4, 2))
    b = sc.beat((("Malicious", "Strike"), ("Lure", "Drive")), choices={0: [{"kind": "paradigm", "card": "none"}]},
                lenient=True)
    assert [(m.from_space, m.to_space) for m in b.of("FighterMoved", player=1, by=1)] == [(2, 3)]
    assert not [r for r in sc.requests if r.kind == "move" and r.player == 1]
    plain = zaam(keep=("Malicious", "Strike"), positions=(4, 2))
    plain.beat((("Malicious", "Strike"), ("Lure", "Drive")), choices={0: [{"kind": "paradigm", "card": "none"}]},
               lenient=True)
    asked = [r for r in plain.requests if r.kind == "move" and r.player == 1][0]
    assert [o["to"] for o in asked.options] == [3, 5]


def test_distortion_dodges_range_4_and_adds_range_3():
    sc = zaam(active=("Distortion",), positions=(2, 6), keep=("Malicious", "Strike"))
    s = sc.state
    for p, (style, base) in enumerate((("Malicious", "Strike"), ("Lure", "Drive"))):
        s.fighters[p].style, s.fighters[p].base, s.fighters[p].revealed = style, base, True
    assert dodge_reason(s, 1) == "the Paradigm of Distortion: attacks at range 4 do not hit Zaamassal"
    s.fighters[1].position = 5  # range 3: not dodged; his Strike (range 1) now reaches 3
    assert dodge_reason(s, 1) is None
    assert s.fighters[0].rules.extra_range(s, 0) == ((3, "the Paradigm of Distortion"),)


def test_distortion_range_band_in_a_played_beat():
    # Khadath retreats to 6, Zaamassal advances to 3: Urgent Strike (range 1~2) reaches 3 through Distortion.
    sc = zaam(keep=("Urgent", "Strike"), active=("Distortion",), positions=(2, 5))
    b = sc.beat((("Urgent", "Strike"), ("Blight", "Burst")),
                choices={0: [{"kind": "move", "to": 3}, {"kind": "paradigm", "card": "none"}],
                         1: [{"kind": "move", "to": 6}]}, lenient=True)
    rc = b.one("RangeChecked", player=0)
    assert (rc.distance, rc.in_range, rc.range_min, rc.range_max) == (3, True, 1, 2)
    assert rc.terms == "Urgent 0~1 + Strike +1 = 1~2; also 3: the Paradigm of Distortion"
    assert b.of("HitScored", player=0)


# -- the styles ---------------------------------------------------------------------------------------------------


def test_urgent_advances_before_activating_and_offers_haste():
    sc = zaam(keep=("Urgent", "Strike"), positions=(3, 5))
    sc.beat((("Urgent", "Strike"), ("Lure", "Burst")), choices={0: [{"kind": "move", "to": 4},
                                                                    {"kind": "paradigm", "card": "Haste"}]},
            lenient=True)
    move = [r for r in sc.requests if r.kind == "move" and r.player == 0][0]
    assert move.prompt == "Urgent: advance up to 1"
    assert sc.state.fighters[0].zones[ACTIVE] == ["Haste"]


def test_warped_retreats_at_start_and_offers_distortion():
    sc = zaam(keep=("Warped", "Strike"), positions=(3, 4))
    b = sc.beat((("Warped", "Strike"), ("Lure", "Burst")), choices={0: [{"kind": "paradigm", "card": "Distortion"}]},
                lenient=True)
    assert [(m.kind, m.from_space, m.to_space) for m in b.of("FighterMoved", player=0, by=0)][:1] == [("retreat", 3, 2)]
    assert sc.state.fighters[0].zones[ACTIVE] == ["Distortion"]


def test_sinuous_moves_directly_at_end_of_beat():
    sc = zaam(keep=("Sinuous", "Strike"), positions=(3, 4))
    b = sc.beat((("Sinuous", "Strike"), ("Lure", "Burst")), choices={0: [{"kind": "paradigm", "card": "none"},
                                                                         {"kind": "move", "to": 7}]}, lenient=True)
    last = b.of("FighterMoved", player=0)[-1]
    assert (last.kind, last.to_space) == ("move_directly", 7)


def test_sturdy_may_ignore_a_push_and_is_stun_immune():
    # Khadath's Grasp hits him (On Hit: move the opponent 1 space): Sturdy lets him ignore it; no stun.
    sc = zaam(keep=("Sturdy", "Strike"), positions=(3, 4))
    b = sc.beat((("Sturdy", "Strike"), ("Lure", "Grasp")),
                choices={0: [{"kind": "ignore_move", "use": True}, {"kind": "paradigm", "card": "none"}]}, lenient=True)
    ask = [r for r in sc.requests if r.kind == "ignore_move"][0]
    assert ask.prompt == "Sturdy: ignore Khadath's Grasp (move opponent)?"
    assert list(ask.labels) == ["Ignore it (Sturdy)", "Let it move you"]
    ignored = b.one("EffectIgnored", card="Grasp")
    assert ignored.reason == ("Zaamassal ignores the movement (Sturdy: he may ignore any movement effects applied "
                              "to him this beat)")
    assert b.none("FighterMoved", player=0, by=1)
    assert b.none("StunApplied", player=0)


def test_sturdy_is_not_asked_about_his_own_movement_that_may_stay():
    sc = zaam(keep=("Sturdy", "Strike"), active=("Fluidity",), positions=(3, 6))
    sc.beat((("Sturdy", "Strike"), ("Blight", "Burst")), lenient=True)
    assert not [r for r in sc.requests if r.kind == "ignore_move"]


# -- the Finishers -------------------------------------------------------------------------------------------------


def test_open_the_gate_stuns_and_fills_three_paradigms():
    sc = zaam(keep=("Urgent", "Strike"), active=("Haste",), positions=(3, 4), life=(5, 20),
              options={"special_actions": True}, finishers=("Open the Gate", "Planar Crossing"))
    b = sc.beat(((SA, "Strike"), ("Lure", "Burst")),
                choices={0: [{"kind": "paradigm", "card": "Pain"}, {"kind": "paradigm", "card": "Distortion"}]},
                lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Open the Gate"
    assert b.one("StunApplied", player=1).reason == "effect"
    asks = paradigm_requests(sc)
    assert [r.prompt for r in asks] == ["Open the Gate: add a Paradigm (1 of 3 active)?",
                                        "Open the Gate: add a Paradigm (2 of 3 active)?"]
    assert asks[0].labels[-1] == "Assume none (keep Haste)"
    assert sc.state.fighters[0].zones[ACTIVE] == ["Haste", "Pain", "Distortion"]
    assert [m.reason for m in b.of("CardMoved", player=0)] == [
        "Open the Gate: assumes the Paradigm of Pain (2 of 3 active)",
        "Open the Gate: assumes the Paradigm of Distortion (3 of 3 active)"]


def test_after_open_the_gate_a_new_paradigm_replaces_all_three():
    sc = zaam(keep=("Malicious", "Strike"), active=("Haste", "Pain", "Distortion"), positions=(3, 4))
    b = sc.beat((("Malicious", "Strike"), ("Lure", "Burst")), choices={0: [{"kind": "paradigm", "card": "Pain"}]},
                lenient=True)
    assert [m.card for m in b.of("CardMoved", player=0)] == ["Haste", "Distortion"]
    assert sc.state.fighters[0].zones[ACTIVE] == ["Pain"]


def test_plane_divider_moves_both_fighters_and_powers_up_by_the_spaces_between():
    sc = zaam(keep=("Urgent", "Strike"), positions=(1, 4), life=(5, 20), options={"special_actions": True},
              finishers=("Plane Divider", "Planar Crossing"))
    b = sc.beat(((SA, "Strike"), ("Lure", "Grasp")),
                choices={0: [{"kind": "move", "to": 5}, {"kind": "move", "to": 1},
                             {"kind": "paradigm", "card": "Haste"}]}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Plane Divider"
    moved = b.of("FighterMoved", by=0)
    assert [(m.player, m.kind, m.to_space) for m in moved][:2] == [(0, "move_directly", 5), (1, "move_directly", 1)]
    status = b.one("StatusGained", player=0, stat="power")
    assert (status.amount, status.label) == (3, "Plane Divider (3 spaces between)")
    dealt = b.one("DamageDealt", player=0)
    assert dealt.power == 5 and "Plane Divider (3 spaces between) 3" in dealt.power_terms
    ask = paradigm_requests(sc)[0]
    assert ask.prompt == "Plane Divider: assume a Paradigm of your choice" and "Assume none" not in ask.labels
    assert sc.state.fighters[0].zones[ACTIVE] == ["Haste"]


# -- what players see, statistics --------------------------------------------------------------------------------------


def test_the_paradigm_zones_are_visible_to_both_players_and_the_spectator():
    sc = zaam(active=("Haste",))
    snap = snapshot(sc.state)
    for viewer in (0, 1, None):
        f = redact(snap, viewer)["fighters"][0]
        assert f["zones"] == {BESIDE: ["Pain", "Fluidity", "Resilience", "Distortion"], ACTIVE: ["Haste"]}


def test_his_finisher_side_and_face_down_pair_stay_secret():
    sc = zaam(keep=("Urgent", "Strike"), options={"special_actions": True},
              finishers=("Plane Divider", "Planar Crossing"))
    f = sc.state.fighters[0]
    f.style, f.base, f.revealed = "Urgent", "Strike", False
    f.finisher_revealed = False
    seen = redact(snapshot(sc.state), 1)["fighters"][0]
    assert seen["pair"]["style"] == "?" and seen["finisher"] == "?"
    assert seen["zones"][BESIDE] == PARADIGMS  # the Paradigms are public


def test_statistics_count_the_paradigms_he_assumed():
    from recorder.games.battlecon.fighters import STAT_EVENTS
    tallies = STAT_EVENTS["CardMoved"]({"player": 0, "card": "Haste", "from_zone": BESIDE, "to_zone": ACTIVE,
                                        "reason": "x", "owner": None})
    assert tuple(tallies) == ((0, "cards_played", ("paradigm", "Haste")),)
    assert tuple(STAT_EVENTS["CardMoved"]({"player": 0, "card": "Haste", "from_zone": ACTIVE, "to_zone": BESIDE,
                                           "reason": "x", "owner": None})) == ()


def test_state_as_his_opponent_shows_his_paradigms_and_hides_his_face_down_pair():
    from pathlib import Path

    from click.testing import CliRunner

    from beatlog.cli import main

    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-specials-zaamassal-vs-khadath.jsonl"
    # Beat 2 after its third event: his pair (Sinuous Burst) is face down, Pain active since beat 1.
    seen = CliRunner().invoke(main, ["state", str(log), "--beat", "2", "--event", "3", "--as", "2"])
    assert seen.exit_code == 0, seen.output
    line = next(t for t in seen.output.splitlines() if "Zaamassal Kett" in t)
    assert ("pair: face down (unknown to you) | paradigms: Fluidity, Haste, Resilience, Distortion | "
            "active paradigms: Pain | finisher: Open the Gate") in line
    assert "Sinuous Burst" not in seen.output
    own = CliRunner().invoke(main, ["state", str(log), "--beat", "2", "--event", "3", "--as", "1"])
    assert "pair: Sinuous Burst (face down; hidden from the opponent)" in own.output


def test_match_statistics_count_paradigms_as_cards_played():
    from pathlib import Path

    from recorder.jsonl import read_jsonl
    from replay.stats import match_stats

    log = read_jsonl(Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"
                     / "woi-specials-zaamassal-vs-khadath.jsonl")
    stats_ = match_stats(log.header, log.records)
    assumed = [r.data["card"] for r in log.records if r.type == "CardMoved" and r.data["to_zone"] == ACTIVE]
    usage = str(stats_)
    assert assumed and "'paradigm'" in usage
    for card in set(assumed):
        assert f"'{card}': {assumed.count(card)}" in usage


def test_explain_words_quote_his_choices():
    from recorder.games.battlecon.describe import describe

    sc = zaam()

    class Rec:
        def __init__(self, type_, data):
            self.type, self.data = type_, data

    assert describe(sc.state, Rec("CardChosen", {"player": 0, "card": "Haste", "source": "x"})) == (
        "Zaamassal chooses the Paradigm of Haste")
    assert describe(sc.state, Rec("CardChosen", {"player": 0, "card": "none", "source": "x"})) == (
        "Zaamassal assumes no Paradigm")
    assert describe(sc.state, Rec("OptionDecided", {"player": 0, "use": True, "source": "x"})) == (
        "Zaamassal ignores the movement (Sturdy)")


def test_beatlog_sides_lists_the_paradigms_as_cards_set_beside_him():
    from recorder.games.battlecon.catalog import render_side, side_info

    text = render_side(side_info("zaamassal"))
    assert ("  Cards set beside the fighter:\n    Pain        no numbers (applies its text)\n"
            "                Paradigm of Pain. On Damage: The opponent loses 2 life.\n") in text


def test_a_card_zone_naming_one_of_his_cards_is_refused_with_the_card_named():
    import copy

    from recorder.games.battlecon.cards import RAW_FIGHTERS, CardDataError, build_kit, generic_cards

    raw = copy.deepcopy(RAW_FIGHTERS["zaamassal"])
    raw["card_zones"]["paradigms"]["Urgent"] = {"text": "x"}
    with pytest.raises(CardDataError) as err:
        build_kit(raw, generic_cards())
    assert str(err.value) == ("card data of zaamassal: card zone 'paradigms' names 'Urgent', which is already one "
                              "of its cards")
    raw = copy.deepcopy(RAW_FIGHTERS["zaamassal"])
    raw["zones"] = ["paradigms"]
    with pytest.raises(CardDataError) as err:
        build_kit(raw, generic_cards())
    assert str(err.value) == "card data of zaamassal: 'paradigms' is both a zone and a card zone"


def test_the_hot_seat_menu_of_a_paradigm_choice_quotes_the_paradigms():
    sc = zaam(keep=("Malicious", "Strike"), positions=(3, 4))
    sc.beat((("Malicious", "Strike"), ("Lure", "Drive")), choices={0: [{"kind": "paradigm", "card": "none"}]},
            lenient=True)
    request = paradigm_requests(sc)[0]
    assert GAME.menu_notes(request, sc.header) == [
        "  Pain  no numbers (applies its text)",
        "        Paradigm of Pain. On Damage: The opponent loses 2 life."]


def test_sturdy_may_ignore_planar_crossing_and_keeps_his_space():
    # Khadath's Finisher moves each fighter to any legal space: Sturdy lets Zaamassal stay; only arrangements
    # that keep him on 3 are offered.
    sc = zaam(keep=("Sturdy", "Strike"), positions=(3, 4), life=(20, 5), options={"special_actions": True},
              finishers=("Open the Gate", "Planar Crossing"))
    b = sc.beat((("Sturdy", "Strike"), (SA, "Drive")),
                choices={0: [{"kind": "ignore_move", "use": True}, {"kind": "paradigm", "card": "none"}],
                         1: [{"kind": "rearrange", "positions": [3, 7], "trap": 5}]}, lenient=True)
    assert b.one("FinisherRevealed", player=1).finisher == "Planar Crossing"
    ask = [r for r in sc.requests if r.kind == "ignore_move"][0]
    assert ask.prompt == "Sturdy: ignore Khadath's Planar Crossing (rearrange)?"
    arrange = [r for r in sc.requests if r.kind == "rearrange"][0]
    assert {tuple(o["positions"])[0] for o in arrange.options} == {3}
    assert b.one("FightersRearranged").positions == (3, 7)
    assert b.none("FighterMoved", player=0, by=1)
