"""Vanaah Kalmor (War of Indines): every card, Divine Rush's trip through her discards, both Finisher sides,
and the rulings that decided her values (docs/rulings.md)."""

from __future__ import annotations

import pytest

from recorder.errors import InvalidDecision
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.header import Player
from tests.battlecon_scenarios import Scenario as _Scenario

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
    with pytest.raises(InvalidDecision) as err:
        GAME.make_header(players=(Player("A", "vanaah"), Player("B", "hikaru")), edition="preview", seed=1,
                         options={"duels": 1})
    assert "\n" not in str(err.value) and "Vanaah" in str(err.value) or "vanaah" in str(err.value)


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
    if b.of("HitConfirmed", player=0) or b.of("AttackHit", player=0):
        pass
    moved = b.of("CardMoved", card=RUSH)
    assert moved and moved[0].from_zone == "in discard 1" and moved[0].to_zone == "tokens"


def _pair(sc, p, style, base):
    f = sc.state.fighters[p]
    f.style, f.base, f.revealed = style, base, True


def test_glorious_does_not_hit_a_higher_priority_opponent():
    from recorder.games.battlecon.attack import dodge_reason
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4))
    _pair(sc, 0, "Glorious", "Strike")  # priority 3
    _pair(sc, 1, "Advancing", "Dash")  # priority 9
    assert dodge_reason(sc.state, 0).startswith("Glorious: does not hit an opponent with a higher priority")
    _pair(sc, 1, "Advancing", "Grasp")  # priority 6
    _pair(sc, 0, "Glorious", "Dash")  # priority 9, above the opponent's: it hits
    assert dodge_reason(sc.state, 0) is None


def test_vengeance_does_not_hit_a_lower_priority_opponent():
    from recorder.games.battlecon.attack import dodge_reason
    sc = Scenario(("vanaah", "hikaru"), positions=(3, 4))
    _pair(sc, 0, "Vengeance", "Dash")  # priority 9
    _pair(sc, 1, "Advancing", "Grasp")  # priority 6
    assert dodge_reason(sc.state, 0).startswith("Vengeance: does not hit an opponent with a lower priority")
    _pair(sc, 0, "Vengeance", "Strike")  # priority 3, below the opponent's: it hits
    assert dodge_reason(sc.state, 0) is None


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
