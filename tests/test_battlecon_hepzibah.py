"""Hepzibah Culotre (War of Indines): her Dark Pacts (anted any number at a time for life, the free pact, their
return every beat), every card, both Finisher sides, the WoI FAQ ruling that names her, and the rulings that
decided her values (docs/rulings.md)."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import GAME, specials
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.fighters.hepzibah import ANTED, BESIDE, PACTS
from recorder.header import Player
from recorder.match import Match, run
from tests.battlecon_scenarios import Scenario, bot_matches, assert_no_other_fingerprint_changed, assert_preview_refuses

H = KITS["hepzibah"]
CADENZA = ("Battery", "Press")  # Cadenza's pair in most scenarios: priority -1, range 1~2, power 2, SG 6


def hep(keep=(), opponent="cadenza", opp_keep=CADENZA, **kw) -> Scenario:
    tokens = kw.pop("tokens", {1: []} if opponent == "cadenza" else None)  # no Iron Body unless a test wants it
    return Scenario(("hepzibah", opponent), keep=(keep, opp_keep), tokens=tokens, **kw)


def pacts(sc, p=0):
    """The pacts beside her and anted, in printed order (a pact that comes back goes to the end of its zone)."""
    f = sc.state.fighters[p]
    return sorted(f.zones[BESIDE], key=PACTS.index), sorted(f.zones[ANTED], key=PACTS.index)


# -- card data --------------------------------------------------------------------------------------------


def test_card_data_values_and_rulings():
    c = H.cards
    assert (c["Bloodlight"].range, c["Bloodlight"].power, c["Bloodlight"].priority) == ((1, 3), 2, 3)
    assert [(c[s].range, c[s].power, c[s].priority) for s in H.styles] == [
        ((0, 0), -1, -1), ((0, 0), 0, -1), ((0, 0), -1, -1), ((0, 1), -1, 0), ((0, 2), -1, 0)]
    assert H.styles == ("Pactbond", "Darkheart", "Anathema", "Accursed", "Necrotizing")
    seal, alt = c["Seal the Pact"], c["Altazzair"]
    assert (seal.range, seal.power, seal.priority, seal.soak) == (None, None, 0, 2)
    assert (alt.range, alt.power, alt.priority) == ((1, 1), 6, 2)
    assert "Y has no Seal the Pact" in seal.ruling and "Altazziar" in alt.ruling
    assert H.zones == (BESIDE, ANTED) and PACTS == ("Almighty", "Corruption", "Endless", "Immortality", "Inevitable")
    assert H.card_zones == {BESIDE: PACTS, ANTED: ()}
    assert [(c[p].power, c[p].priority, c[p].soak, c[p].range) for p in PACTS] == [
        (2, 0, 0, None), (None, 0, 0, None), (None, 2, 0, None), (None, 0, 2, None), (None, 0, 0, (0, 1))]
    assert [dict(item) for item in c["Corruption"].passives] == [{"type": "ignores_stun_guard"}]
    assert H.tokens == () and H.editions == ("woi",)
    assert H.suggested == (("Pactbond", "Strike"), ("Anathema", "Burst"))  # the marked styles (G's colours)


def test_preview_refuses_her_in_one_line():
    assert_preview_refuses("hepzibah")


# -- the Dark Pact ante -------------------------------------------------------------------------------------


def test_she_starts_with_the_five_pacts_beside_her():
    sc = hep()
    assert pacts(sc) == (list(PACTS), [])


def test_the_ante_offers_every_set_of_pacts_she_can_pay_for_with_readable_labels():
    sc = hep(keep=("Accursed", "Bloodlight"), life=(20, 20), positions=(3, 4))
    sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["pass"]}, lenient=True)
    ante = next(r for r in sc.requests if r.kind == "ante" and r.player == 0)
    assert len(ante.options) == 1 + 31  # pass, then every non-empty set of the five
    assert ante.labels[0] == "Pass"
    assert ante.labels[1] == "Ante Dark Pact Almighty (+2 Power): pay 1 life"
    assert ante.options[7] == {"player": 0, "ante": "Almighty + Endless"}
    assert ante.labels[7] == "Ante Dark Pacts Almighty (+2 Power), Endless (+2 Priority): pay 2 life"
    assert ante.labels[-1] == ("Ante Dark Pacts Almighty (+2 Power), Corruption (ignores Stun Guard), "
                               "Endless (+2 Priority), Immortality (Soak 2), Inevitable (Range +0~1): pay 5 life")
    assert ante.prompt == "Ann: ante or pass"


def test_she_never_pays_her_last_life_point():
    # WoI FAQ (Hepzibah): her life spending is life loss, which never reduces a player below 1 life.
    sc = hep(life=(3, 20))
    opts = sc.state.fighters[0].rules.ante_options(sc.state, 0)
    assert max(len(o.split(" + ")) for o in opts) == 2 and len(opts) == 5 + 10
    sc = hep(life=(1, 20))
    assert sc.state.fighters[0].rules.ante_options(sc.state, 0) == []


def test_anteing_pacts_moves_them_and_costs_life_and_they_come_back_at_the_end_of_the_beat():
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty + Endless"]}, lenient=True)
    moved = b.of("CardMoved", player=0)
    assert [(m.card, m.from_zone, m.to_zone, m.reason) for m in moved] == [
        ("Almighty", BESIDE, ANTED, "Dark Pact: anted"), ("Endless", BESIDE, ANTED, "Dark Pact: anted"),
        ("Almighty", ANTED, BESIDE, "Dark Pact: the pacts come back at the end of every beat"),
        ("Endless", ANTED, BESIDE, "Dark Pact: the pacts come back at the end of every beat")]
    paid = b.of("LifeLost", player=0)[0]
    assert (paid.amount, paid.lost, paid.reason) == (2, 2, "Dark Pact: Almighty, Endless")
    types = b.types()
    assert types.index("LifeLost") < types.index("PairRevealed")  # paid when anted
    assert types.index("CardsRecycled") < max(i for i, t in enumerate(types) if t == "CardMoved")
    assert pacts(sc) == (list(PACTS), [])


def test_pact_bonuses_power_priority_soak_and_range_as_named_terms():
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(2, 6))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty + Endless + Immortality + Inevitable"]},
                lenient=True)
    assert b.one("PriorityCompared").terms[0] == "Accursed 0 + Bloodlight 3 + Endless 2 = 5"
    rng = b.of("RangeChecked", player=0)[0]
    assert rng.terms == "Accursed 0~1 + Bloodlight +1~+3 + Inevitable +0~+1 = 1~5" and rng.in_range
    assert b.of("DamageDealt", player=0)[0].power_terms == "Accursed -1 + Bloodlight 2 + Almighty 2 = 3"
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Immortality"]}, lenient=True)
    assert b.one("DamageDealt", player=1).soak_terms == "Immortality 2 = 2"


def test_she_may_ante_more_pacts_in_a_later_ante_turn():
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty", "Endless"]}, lenient=True)
    assert [a.ante for a in b.of("AnteDeclared", player=0)] == ["Almighty", "Endless", "pass"]
    assert [e.amount for e in b.of("LifeLost", player=0)] == [1, 1]
    second = [r for r in sc.requests if r.kind == "ante" and r.player == 0][1]
    assert {"player": 0, "ante": "Almighty"} not in second.options and len(second.options) == 1 + 15


def test_corruption_ignores_stun_guard():
    sc = hep(keep=("Darkheart", "Strike"), positions=(3, 4))
    b = sc.beat((("Darkheart", "Strike"), CADENZA), antes={0: ["Almighty"]}, lenient=True)
    assert b.one("StunPrevented", player=1).by == "stun guard"  # 6 damage against Press's Stun Guard 6
    sc = hep(keep=("Darkheart", "Strike"), positions=(3, 4))
    b = sc.beat((("Darkheart", "Strike"), CADENZA), antes={0: ["Almighty + Corruption"]}, lenient=True)
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (6, 0)


def test_an_opponents_token_discard_never_takes_a_pact():
    # Pacts are cards, not tokens: Vanaah's Reaping finds no token and brings Divine Rush back.
    sc = Scenario(("hepzibah", "vanaah"), keep=(("Accursed", "Bloodlight"), ("Reaping", "Scythe")), positions=(3, 4),
                  life=(20, 20))
    b = sc.beat((("Accursed", "Bloodlight"), ("Reaping", "Scythe")), antes={0: ["Almighty"], 1: ["Divine Rush"]},
                lenient=True)
    assert b.of("HitScored", player=1) and b.none("TokensSpent", player=0)
    assert b.one("CardMoved", player=1, card="Divine Rush", to_zone="tokens")


# -- her cards -------------------------------------------------------------------------------------------------


def test_bloodlight_regains_the_damage_dealt_up_to_the_pacts_anted():
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty + Endless"]}, lenient=True)
    gain = b.one("LifeGained", player=0)
    assert (gain.amount, gain.life_after) == (2, 10)  # 3 damage, 2 pacts: the 2 life paid come back
    assert gain.reason == "Bloodlight: 3 damage dealt, 2 Dark Pacts anted"
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4))
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), lenient=True)
    assert b.one("EffectIgnored", card="Bloodlight").reason == "no Dark Pact anted this beat"


def test_regaining_life_is_not_capped_at_twenty():
    # docs/rulings.md "Life gain": exactly the amount, no cap.
    sc = hep(keep=("Darkheart", "Strike"), positions=(3, 4), life=(19, 20))
    b = sc.beat((("Darkheart", "Strike"), CADENZA), lenient=True)
    gain = b.one("LifeGained", player=0)
    assert (gain.amount, gain.life_after) == (2, 21)


def test_pactbond_regains_a_life_per_pact_at_most_two_and_makes_a_pact_free_next_beat():
    sc = hep(keep=("Pactbond", "Accursed", "Bloodlight", "Strike"), opp_keep=CADENZA + ("Clockwork", "Shot"),
             positions=(3, 4), life=(10, 20))
    b = sc.beat((("Pactbond", "Bloodlight"), CADENZA), antes={0: ["Almighty + Endless + Immortality"]},
                choices={0: [{"kind": "pact", "card": "Corruption"}]}, lenient=True)
    assert b.one("LifeGained", player=0, reason="Pactbond: 2 Dark Pacts anted").amount == 2
    asked = next(r for r in sc.requests if r.kind == "pact")
    assert asked.prompt == "Pactbond: choose a Dark Pact you may ante next beat without paying life"
    assert asked.labels[1] == "Corruption (ignores Stun Guard): free next beat"
    assert b.one("CardChosen", player=0).card == "Corruption"
    assert sc.state.fighters[0].own.free == "Corruption"
    rules, state = sc.state.fighters[0].rules, sc.state
    assert rules.ante_label(state, 0, "Corruption") == ("Ante Dark Pact Corruption (ignores Stun Guard): "
                                                        "Corruption free (Pactbond)")
    b = sc.beat((("Accursed", "Strike"), ("Clockwork", "Shot")), antes={0: ["Almighty + Corruption"]}, lenient=True)
    assert b.one("CardMoved", card="Corruption", to_zone=ANTED).reason == "Dark Pact: anted free (Pactbond)"
    assert b.of("LifeLost", player=0)[0].amount == 1  # Almighty only
    assert sc.state.fighters[0].own.free == ""  # the free pact lapses with the beat


def test_pactbond_with_no_pact_anted_regains_nothing():
    sc = hep(keep=("Pactbond", "Bloodlight"), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Pactbond", "Bloodlight"), CADENZA), choices={0: [{"kind": "pact", "card": "Almighty"}]},
                lenient=True)
    assert b.one("EffectIgnored", card="Pactbond").reason == "no Dark Pact anted this beat"


def test_darkheart_regains_two_and_the_opponent_discards_a_token_of_their_choice():
    sc = Scenario(("hepzibah", "hikaru"), keep=(("Darkheart", "Strike"), ("Trance", "Shot")), positions=(3, 4),
                  life=(10, 20))
    b = sc.beat((("Darkheart", "Strike"), ("Trance", "Shot")), antes={0: ["Endless"]},
                choices={1: [{"kind": "discard_token", "token": "Wind"}]}, lenient=True)
    assert b.one("LifeGained", player=0, reason="Darkheart").life_after == 11  # 10 - 1 for Endless + 2
    spent = b.one("TokensSpent", player=1)
    assert (spent.tokens, spent.reason) == (("Wind",), "Darkheart (discarded)")
    asked = next(r for r in sc.requests if r.kind == "discard_token")
    assert asked.player == 1 and asked.prompt == "Darkheart: discard one of your tokens"
    sc = hep(keep=("Darkheart", "Strike"), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Darkheart", "Strike"), CADENZA), lenient=True)
    assert b.one("EffectIgnored", card="Darkheart").reason == "Cadenza has no token"


def test_anathema_adds_power_and_priority_per_pact_at_most_three():
    sc = hep(keep=("Anathema", "Strike"), positions=(3, 4))
    b = sc.beat((("Anathema", "Strike"), CADENZA), antes={0: ["Almighty + Corruption + Endless + Immortality"]},
                lenient=True)
    assert [(s.stat, s.amount, s.label) for s in b.of("StatusGained", player=0)] == [
        ("power", 3, "Anathema (4 Dark Pacts, at most +3)"), ("priority", 3, "Anathema (4 Dark Pacts, at most +3)")]
    assert b.one("PriorityCompared").terms[0] == ("Anathema -1 + Strike 3 + Endless 2 + Anathema (4 Dark Pacts, "
                                                  "at most +3) 3 = 7")
    sc = hep(keep=("Anathema", "Strike"), positions=(3, 4))
    b = sc.beat((("Anathema", "Strike"), CADENZA), antes={0: ["Almighty + Corruption"]}, lenient=True)
    assert b.of("StatusGained", player=0)[0].label == "Anathema (2 Dark Pacts)"


def test_accursed_gives_stun_immunity_with_three_pacts_or_more():
    sc = hep(keep=("Accursed", "Shot"), opp_keep=("Clockwork", "Strike"), positions=(3, 4))
    b = sc.beat((("Accursed", "Shot"), ("Clockwork", "Strike")), antes={0: ["Corruption + Endless + Immortality"]},
                lenient=True)
    assert b.one("StunPrevented", player=0).by == "stun immunity (Accursed, 3 Dark Pacts anted)"
    sc = hep(keep=("Accursed", "Shot"), opp_keep=("Clockwork", "Strike"), positions=(3, 4))
    b = sc.beat((("Accursed", "Shot"), ("Clockwork", "Strike")), antes={0: ["Endless + Immortality"]}, lenient=True)
    assert b.one("StunApplied", player=0)


def test_necrotizing_spends_up_to_three_life_for_power_never_below_one():
    sc = hep(keep=("Necrotizing", "Strike"), positions=(3, 4), life=(10, 20))
    b = sc.beat((("Necrotizing", "Strike"), CADENZA), choices={0: [{"kind": "amount", "amount": 3}]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "amount")
    assert list(asked.labels) == ["Spend none", "Spend 1 life for +1 Power", "Spend 2 life for +2 Power",
                            "Spend 3 life for +3 Power"]
    assert b.one("LifeLost", player=0).reason == "Necrotizing: spent for +3 Power"
    assert b.of("DamageDealt", player=0)[0].power_terms == "Necrotizing -1 + Strike 4 + Necrotizing (3 life) 3 = 6"
    sc = hep(keep=("Necrotizing", "Strike"), positions=(3, 4), life=(3, 20))
    sc.beat((("Necrotizing", "Strike"), CADENZA), choices={0: [{"kind": "amount", "amount": 2}]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "amount")
    assert len(asked.options) == 3  # 0..2: never below 1 life


# -- her Finisher, both sides ---------------------------------------------------------------------------------


def test_seal_the_pact_makes_the_opponent_pay_her_first_pact_each_beat():
    sc = hep(keep=("Accursed", "Strike", "Bloodlight"), opp_keep=CADENZA + ("Clockwork", "Shot"), positions=(3, 4),
             life=(5, 20),
             options={"special_actions": True}, finishers=("Seal the Pact", "Rocket Press"))
    b = sc.beat(((SA, "Strike"), CADENZA), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Seal the Pact"
    assert b.of("RangeChecked", player=0)[0].in_range is False  # range N/A: it never hits
    assert b.one("TriggerResolved", player=0, card="Seal the Pact").timing == "after"
    assert sc.state.fighters[0].own.sealed
    label = sc.state.fighters[0].rules.ante_label(sc.state, 0, "Almighty + Endless")
    assert label == ("Ante Dark Pacts Almighty (+2 Power), Endless (+2 Priority): pay 1 life; Ben pays 1 life "
                     "(Seal the Pact)")
    b = sc.beat((("Accursed", "Bloodlight"), ("Clockwork", "Shot")), antes={0: ["Almighty + Endless", "Immortality"]},
                lenient=True)
    lost = b.of("LifeLost")
    assert [(e.player, e.amount, e.reason) for e in lost][:3] == [
        (1, 1, "Seal the Pact: Cadenza pays for Almighty"), (0, 1, "Dark Pact: Endless"),
        (0, 1, "Dark Pact: Immortality")]
    assert not b.of("LifeLost", player=1)[1:]  # only her first paid pact of the beat


def test_seal_the_pact_cannot_spend_the_opponents_last_life_point():
    # WoI FAQ (Hepzibah): "Using my Finisher, can I spend my opponent's last life point to power one of my Dark
    # Pacts? No."
    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4), life=(5, 1))
    sc.state.fighters[0].own.sealed = True
    rules = sc.state.fighters[0].rules
    assert rules.ante_label(sc.state, 0, "Almighty") == "Ante Dark Pact Almighty (+2 Power): pay 1 life"
    b = sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty"]}, lenient=True)
    assert [(e.player, e.reason) for e in b.of("LifeLost")][:1] == [(0, "Dark Pact: Almighty")]


def test_altazzair_doubles_the_pact_bonuses_and_sets_her_life_to_one():
    sc = hep(keep=("Accursed", "Strike"), positions=(3, 5), life=(7, 20),
             options={"special_actions": True}, finishers=("Altazzair", "Rocket Press"))
    b = sc.beat(((SA, "Strike"), CADENZA), antes={0: ["Almighty + Endless + Inevitable"]}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Altazzair"
    assert b.one("PriorityCompared").terms[0] == "Altazzair 2 + Endless 2 + Endless doubled (Altazzair) 2 = 6"
    lost = b.of("LifeLost", player=0)
    assert (lost[1].amount, lost[1].life_after, lost[1].reason) == (3, 1, "Altazzair: her life becomes 1")
    rng = b.of("RangeChecked", player=0)[0]
    assert rng.terms == "Altazzair 1 + Inevitable +0~+1 + Inevitable doubled (Altazzair) +0~+1 = 1~3" and rng.in_range
    assert b.of("DamageDealt", player=0)[0].power_terms == ("Altazzair 6 + Almighty 2 + Almighty doubled (Altazzair) 2 "
                                                            "= 10")


# -- what the kit shows -----------------------------------------------------------------------------------------


def test_the_state_line_and_the_snapshot_show_the_pacts_and_the_free_pact():
    sc = hep(keep=("Pactbond", "Bloodlight"), positions=(3, 4))
    sc.beat((("Pactbond", "Bloodlight"), CADENZA), choices={0: [{"kind": "pact", "card": "Endless"}]}, lenient=True)
    snap = GAME.snapshot(sc.state)
    f = snap["fighters"][0]
    assert f["zones"] == {BESIDE: list(PACTS), ANTED: []} and f["free_pact"] == "Endless" and f["sealed"] is False
    assert "free pact: Endless" in sc.state.fighters[0].rules.summary(f)
    assert f["lasting"] == ["Pactbond: Endless can be anted this beat without paying life"]
    sc.state.fighters[0].own.sealed = True
    assert GAME.snapshot(sc.state)["fighters"][0]["lasting"][0] == (
        "Seal the Pact: the opponent's life pays for her first Dark Pact each beat, for the rest of the duel")


def test_statistics_count_pacts_anted_and_life_paid():
    from replay.stats import match_stats
    from recorder.match import sealed

    sc = hep(keep=("Accursed", "Bloodlight"), positions=(3, 4))
    sc.beat((("Accursed", "Bloodlight"), CADENZA), antes={0: ["Almighty + Endless"]}, lenient=True)
    while not sc.match.finished:  # finish the match: the first legal option everywhere
        from recorder.decisions import Answer
        sc.match.advance(Answer(dict(sc.match.pending.options[0]), "test"))
    stats = match_stats(sc.header, sealed(sc.match))
    used = stats["seats"][0]["usage"]["tokens_used"]
    assert used["pact anted"] == {"Almighty": 1, "Endless": 1}
    assert used["life paid for pacts"] == {"own life": 2}


# -- secrets, the viewer, bots, fingerprints ------------------------------------------------------------------


def test_her_anted_pacts_are_public_and_her_face_down_pair_stays_secret():
    from recorder.decisions import Answer
    from recorder.games.battlecon.snapshot import redact, snapshot

    sc = hep(keep=("Accursed", "Bloodlight"), life=(5, 20), options={"special_actions": True},
             finishers=("Altazzair", "Rocket Press"))
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Accursed", "base": "Bloodlight"}, "test"))
    m.advance(Answer({"player": 1, "style": "Battery", "base": "Press"}, "test"))
    while m.pending.kind == "ante" and m.pending.player == 1:
        m.advance(Answer({"player": 1, "ante": "pass"}, "test"))
    m.advance(Answer({"player": 0, "ante": "Almighty + Endless"}, "test"))
    seen = redact(snapshot(sc.state), 1)["fighters"][0]
    assert seen["pair"] == {"style": "?", "base": "?", "covered": []}
    assert sorted(seen["zones"][ANTED]) == ["Almighty", "Endless"]  # anted face up: the opponent sees them
    own = redact(snapshot(sc.state), 0)["fighters"][0]
    assert own["pair"]["style"] == "Accursed"


def test_state_as_her_opponent_hides_her_face_down_pair_and_shows_her_pacts():
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from beatlog.cli import main

    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-hepzibah-vs-hikaru.jsonl"
    records = [json.loads(line) for line in log.read_bytes().splitlines()[1:]]
    beat1 = [r for r in records if r["duel"] == 1 and r["beat"] == 1]
    pair = next(r["data"] for r in beat1 if r["type"] == "PairSelected" and r["data"]["player"] == 0)
    after = next(i for i, r in enumerate(beat1) if r["type"] == "PairCommitted" and r["data"]["player"] == 0) + 1
    seen = CliRunner().invoke(main, ["state", str(log), "--beat", "1", "--event", str(after), "--as", "2"])
    assert seen.exit_code == 0, seen.output
    line = next(t for t in seen.output.splitlines() if "Hepzibah Culotre" in t)
    assert "pair: face down (unknown to you)" in line and "pacts: Almighty, Corruption, Endless" in line
    assert f"{pair['style']} {pair['base']}" not in seen.output
    own = CliRunner().invoke(main, ["state", str(log), "--beat", "1", "--event", str(after), "--as", "1"])
    assert f"pair: {pair['style']} {pair['base']} (face down; hidden from the opponent)" in own.output


def test_the_viewer_knows_her_pact_cards_and_zones():
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("hepzibah")
    assert BESIDE in info["zones"] and ANTED in info["zones"]
    assert info["cards"]["Almighty"]["text"] == "Dark Pact. +2 Power."


def test_adding_her_changes_no_fingerprint_of_a_match_without_her():
    assert_no_other_fingerprint_changed("hepzibah")


@pytest.mark.parametrize("bots", [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")])
def test_bots_play_her_whole_matches_and_ante_pacts(bots):
    anted = sum(len(m.events("CardMoved", to_zone=ANTED)) for m in bot_matches(("hepzibah", "hikaru"), bots))
    assert anted >= 1

def test_ante_labels_worded_later_read_as_worded_when_asked():
    """Her ante options are worded only when read (ante_label_later): read after the match moved on (her life,
    the free pact and Seal the Pact change what a set of pacts costs), they are the words ante_label gave the
    moment the decision was asked."""
    asked = []

    class Watch:
        def __init__(self, seed, p):
            self.bot = GAME.bot("random", seed, p)

        def answer(self, request, match):
            if request.kind == "ante" and match.state.fighters[request.player].kit == "hepzibah":
                s, p = match.state, request.player
                rules = s.fighters[p].rules
                finisher = specials.ante_finisher(s, p)
                words = ["Pass"] + [rules.ante_label(s, p, o["ante"]) for o in request.options[1:]
                                    if o["ante"] != finisher]
                asked.append((request, words))
            return self.bot.answer(request, match)

    for seed in range(1, 9):
        for sides in (("hepzibah", "hikaru"), ("luc", "hepzibah")):
            header = GAME.make_header(players=(Player("A", sides[0]), Player("B", sides[1])), edition="woi",
                                      seed=seed, options={"duels": 1})
            run(Match(GAME, header), {p: Watch(seed, p) for p in (0, 1)})
    assert len(asked) > 20 and any(len(r.options) > 8 for r, _ in asked)
    for request, words in asked:
        assert list(request.labels)[:len(words)] == words
