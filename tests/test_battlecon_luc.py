"""Luc von Gott: Temporal Battery (Time tokens anted as a stack), every card and both Finisher sides.

Card data: fighters/luc.json (battlecon-cards-woi.md, source G where it marks ⚠: docs/rulings.md "Luc").
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from recorder.games.battlecon.cards import KITS
from tests.battlecon_scenarios import Scenario, assert_preview_refuses

SA = "Special Action"


def luc(*, opponent: str = "hikaru", keep=((), ()), **kw) -> Scenario:
    return Scenario(("luc", opponent), keep=keep, **kw)


def tokens(sc, p: int = 0) -> int:
    return sc.state.fighters[p].tokens.count("Time")


def test_luc_is_a_war_of_indines_fighter_and_the_preview_refuses_him_in_one_line():
    kit = KITS["luc"]
    assert kit.tokens == ("Time", "Time") and kit.editions == ("woi",)
    assert kit.finishers == ("Temporal Recursion", "Stasis Charge")
    assert_preview_refuses("luc")


def test_card_numbers_and_the_rulings_on_them():
    cards = KITS["luc"].cards
    assert (cards["Flash"].range, cards["Flash"].power, cards["Flash"].priority) == ((1, 1), 1, 6)
    assert cards["Memento"].priority == -1 and "G, Gc" in cards["Memento"].ruling  # not Y's +1
    assert cards["Eternal"].soak == 1 and cards["Feinting"].range == (1, 1)
    assert cards["Stasis Charge"].stun_guard == 4
    assert KITS["luc"].suggested == (("Chrono", "Drive"), ("Memento", "Burst"))


def test_battery_gains_a_token_after_recycling_and_never_holds_more_than_five():
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Shot")), positions=(2, 6))
    b = sc.beat((("Fusion", "Strike"), ("Focused", "Shot")))
    gained = b.one("TokensGained", player=0)
    assert gained.reason == "Temporal Battery" and gained.tokens == ("Time",)
    types = b.types()
    assert types.index("TokensGained") > max(i for i, t in enumerate(types) if t == "CardsRecycled")
    assert tokens(sc) == 3
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Shot")), positions=(2, 6), tokens={0: ["Time"] * 5})
    b = sc.beat((("Fusion", "Strike"), ("Focused", "Shot")))
    assert b.none("TokensGained") and tokens(sc) == 5


def test_a_stack_of_one_gives_one_priority_and_luc_antes_once_a_beat():
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Strike")), positions=(2, 6))
    b = sc.beat((("Fusion", "Strike"), ("Focused", "Strike")), antes={0: ["Time x1"]})
    assert b.one("AnteDeclared", player=0, ante="Time x1")
    assert "Time token (stack of 1) 1" in b.one("PriorityCompared").terms[0]
    asked = [r for r in sc.requests if r.kind == "ante" and r.player == 0]
    assert len(asked) == 1 and [o["ante"] for o in asked[0].options] == ["pass", "Time x1", "Time x2"]
    assert "Ante a stack of 2 Time tokens (no effect)" in asked[0].labels


def test_a_stack_of_three_advances_up_to_two_at_start_of_beat():
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Shot")), positions=(1, 6), tokens={0: ["Time"] * 3})
    b = sc.beat((("Fusion", "Strike"), ("Focused", "Shot")), antes={0: ["Time x3"]},
                choices={0: [{"kind": "move", "to": 3}]})
    assert b.one("TriggerResolved", player=0, card="Temporal Battery").timing == "start"
    assert b.one("FighterMoved", player=0).to_space == 3
    assert b.none("TokensGained", reason="Temporal Battery") is False  # the battery still charges at the end


def test_a_stack_of_five_makes_luc_the_active_player_at_start_of_beat():
    sc = luc(keep=(("Eternal", "Strike"), ("Focused", "Strike")), positions=(3, 4), tokens={0: ["Time"] * 5})
    b = sc.beat((("Eternal", "Strike"), ("Focused", "Strike")), antes={0: ["Time x5"]})
    assert b.one("PriorityCompared").active == 1  # Hikaru has the higher priority...
    assert b.one("ActivePlayerSet").player == 0  # ... but Luc becomes the Active Player at Start of Beat
    first = b.of("AttackStarted")[0]
    assert (first.player, first.role) == (0, "active")


def test_flash_ignores_stun_guard_and_advances():
    sc = luc(keep=(("Fusion", "Flash"), ("Focused", "Strike")), positions=(3, 4))
    b = sc.beat((("Fusion", "Flash"), ("Focused", "Strike")))
    assert b.one("FighterMoved", player=0, kind="advance").distance == 1
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (1, 0)  # Focused Strike's stun guard 7 is ignored


def test_chrono_spends_tokens_to_advance_exactly_that_many_never_past_the_opponent():
    sc = luc(opponent="cadenza", keep=(("Chrono", "Shot"), ("Battery", "Press")), positions=(1, 5))
    b = sc.beat((("Chrono", "Shot"), ("Battery", "Press")), choices={0: [{"kind": "move", "to": 3}]})
    asked = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert [o["to"] for o in asked.options] == [1, 2, 3]
    assert b.one("TokensSpent", player=0).tokens == ("Time", "Time")
    assert b.one("FighterMoved", player=0).to_space == 3
    sc = luc(opponent="cadenza", keep=(("Chrono", "Shot"), ("Battery", "Press")), positions=(3, 4))
    b = sc.beat((("Chrono", "Shot"), ("Battery", "Press")))
    assert "without passing the opponent" in b.one("EffectIgnored", card="Chrono").reason


def test_eternal_discards_tokens_for_soak_when_hit():
    sc = luc(keep=(("Eternal", "Strike"), ("Focused", "Strike")), positions=(3, 4))
    b = sc.beat((("Eternal", "Strike"), ("Focused", "Strike")), choices={0: [{"kind": "amount", "amount": 2}]})
    assert b.one("TokensSpent", player=0).reason == "Eternal"
    hit = b.of("DamageDealt", player=1)[0]
    assert (hit.soak, hit.amount) == (3, 1)  # Eternal's Soak 1 + 2 tokens
    assert hit.soak_terms == "Eternal 1 + Eternal (2 Time) 2 = 3"


def test_memento_executes_the_attack_again_once_a_beat_for_two_tokens():
    sc = luc(opponent="cadenza", keep=(("Memento", "Strike"), ("Battery", "Press")), positions=(3, 4))
    b = sc.beat((("Memento", "Strike"), ("Battery", "Press")), choices={0: [{"kind": "repeat", "repeat": True}]})
    assert b.one("ActivationEarned", player=0).card == "Memento"
    assert b.one("ActivationRepeated", player=0).activation == 2
    assert len(b.of("DamageDealt", player=0)) == 2
    assert "already executed again this beat" in b.one("EffectIgnored", card="Memento").reason


def test_fusion_pushes_by_the_damage_and_against_the_edge_costs_two_life():
    sc = luc(opponent="cadenza", keep=(("Fusion", "Strike"), ("Battery", "Press")), positions=(5, 6))
    b = sc.beat((("Fusion", "Strike"), ("Battery", "Press")))
    assert b.of("DamageDealt", player=0)[0].amount == 4
    push = b.one("FighterMoved", player=1, kind="push")
    assert (push.from_space, push.to_space) == (6, 7)  # as far as possible: 1 of 4
    assert b.one("LifeLost", player=1).amount == 2
    sc = luc(keep=(("Fusion", "Flash"), ("Focused", "Strike")), positions=(3, 4))
    b = sc.beat((("Fusion", "Flash"), ("Focused", "Strike")))
    assert b.one("FighterMoved", player=1, kind="push").distance == 1 and b.none("LifeLost")


def test_feinting_retreats_at_start_and_advances_at_the_end():
    sc = luc(opponent="cadenza", keep=(("Feinting", "Shot"), ("Battery", "Press")), positions=(3, 6))
    b = sc.beat((("Feinting", "Shot"), ("Battery", "Press")), choices={0: [{"kind": "move", "to": 4}]})
    moves = b.of("FighterMoved", player=0)
    assert [m.kind for m in moves] == ["retreat", "advance"] and moves[0].to_space == 2


def test_temporal_recursion_buys_one_activation_per_token():
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Strike")), positions=(3, 4), life=(5, 20),
             options={"special_actions": True}, finishers=("Temporal Recursion", "Wrath of Elements"))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")),
                choices={0: [{"kind": "move", "to": 3}, {"kind": "repeat", "repeat": True},
                             {"kind": "move", "to": 3}, {"kind": "repeat", "repeat": False}]})
    assert b.one("FinisherRevealed", player=0).finisher == "Temporal Recursion"
    assert b.one("TokensSpent", player=0).tokens == ("Time",)
    assert len(b.of("AttackStarted", player=0)) == 1 and b.one("ActivationRepeated").activation == 2


def test_stasis_charge_negates_the_opponents_triggers_for_time_tokens():
    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Strike")), positions=(3, 4), life=(5, 20),
             options={"special_actions": True}, finishers=("Stasis Charge", "Wrath of Elements"))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")))
    assert b.one("FinisherRevealed", player=0).finisher == "Stasis Charge"
    negated = b.one("EffectIgnored", player=1, card="Focused")
    assert negated.reason == "negated by Luc's Stasis Charge"
    assert b.none("TriggerResolved", player=1)
    assert b.one("TokensGained", player=0, reason="Stasis Charge")


# -- his statistics: Time tokens used and Finishers --------------------------------------------------------------


def _luc_usage(log) -> tuple[dict[str, Counter], int]:
    """What Luc's seat used in ``log``, counted from the records themselves: Time tokens anted (a stack 'Time xN'
    is N tokens), spent and gained, and the Finishers he revealed."""
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "luc")
    used: dict[str, Counter] = {"anted": Counter(), "spent": Counter(), "gained": Counter()}
    finishers = 0
    for r in log.records:
        if r.data.get("player") != seat:
            continue
        if r.type == "AnteDeclared" and r.data["ante"].startswith("Time"):
            used["anted"]["Time"] += int(r.data["ante"].partition(" x")[2] or 1)
        elif r.type in ("TokensSpent", "TokensGained"):
            used["spent" if r.type == "TokensSpent" else "gained"].update(r.data["tokens"])
        elif r.type == "FinisherRevealed":
            finishers += 1
    return {k: v for k, v in used.items() if v}, finishers


@pytest.mark.parametrize("sample", ["woi-luc-vs-cadenza", "woi-specials-luc-vs-cadenza"])
def test_statistics_count_his_time_tokens_on_a_sample(sample):
    from recorder.jsonl import read_jsonl
    from replay.stats import match_stats
    from tests.viewer_support import SAMPLES

    log = read_jsonl(SAMPLES / f"{sample}.jsonl")
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "luc")
    stats = match_stats(log.header, log.records)["seats"][seat]
    used, finishers = _luc_usage(log)
    assert set(used) == {"anted", "spent", "gained"}  # the sample antes stacks, spends and gains Time tokens
    assert max(int(r.data["ante"].partition(" x")[2] or 1) for r in log.records
               if r.type == "AnteDeclared" and r.data["player"] == seat and r.data["ante"] != "pass") > 1
    assert stats["usage"]["tokens_used"] == {k: dict(v) for k, v in used.items()}
    assert stats["counts"]["finishers_used"] == finishers == 0


def test_statistics_count_his_finisher_and_the_tokens_it_spends():
    from recorder.envelope import seal_all
    from replay.stats import match_stats

    sc = luc(keep=(("Fusion", "Strike"), ("Focused", "Strike")), positions=(3, 4), life=(5, 20),
             options={"special_actions": True}, finishers=("Temporal Recursion", "Wrath of Elements"))
    sc.beat(((SA, "Strike"), ("Focused", "Strike")),
            choices={0: [{"kind": "move", "to": 3}, {"kind": "repeat", "repeat": True},
                         {"kind": "move", "to": 3}, {"kind": "repeat", "repeat": False}]})
    log = SimpleNamespace(header=sc.header, records=list(seal_all(sc.header.match_id, sc.match.entries,
                                                                  sc.header.hash)))
    stats = match_stats(log.header, log.records)["seats"][0]
    used, finishers = _luc_usage(log)
    assert finishers == 1 and stats["counts"]["finishers_used"] == 1
    assert stats["usage"]["cards_played"]["finisher"] == {"Temporal Recursion": 1}
    assert stats["usage"]["tokens_used"]["spent"] == {"Time": 1} == dict(used["spent"])  # one more activation
    assert stats["usage"]["tokens_used"] == {k: dict(v) for k, v in used.items()}
