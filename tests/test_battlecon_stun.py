"""The stun examples of WoI (p.28-30) and the Preview rules, played on the board.

The rulebooks' examples "ignore range and movement"; here the fighters start
adjacent so that both attacks can reach, and sub-decisions keep them in range.
"""

import pytest

from tests.battlecon_scenarios import Scenario

KC = ("kallistar", "cadenza")


def kc(edition, keep_k, keep_c, **kw):
    pos = kw.pop("positions", (3, 4))
    kw.setdefault("tokens", {1: []})  # no Iron Body unless a test gives it
    return Scenario(KC, edition=edition, keep=(keep_k, keep_c), positions=pos, **kw)


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_example_1_hit_and_damage_stuns(edition):
    sc = kc(edition, ("Blazing", "Strike"), ("Battery", "Drive"))
    b = sc.beat((("Blazing", "Strike"), ("Battery", "Drive")), choices={0: [{"kind": "move", "to": 1}]})
    pc = b.one("PriorityCompared")
    assert pc.priorities == (4, 3) and pc.active == 0
    dmg = b.one("DamageDealt", target=1)
    assert (dmg.power, dmg.soak, dmg.amount) == (4, 0, 4)
    assert b.one("StunApplied", player=1).reason == "damage"
    assert b.one("AttackSkipped", player=1).reason == "stunned"
    # Battery is an End of Beat effect: it still happens although Cadenza is stunned.
    st = b.one("StatusGained", player=1)
    assert (st.stat, st.amount, st.when) == ("priority", 4, "next")
    assert b.none("FighterMoved", player=1)  # Drive's Before Activating never happened


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_example_2_soak_absorbs_everything(edition):
    sc = kc(edition, ("Ignition", "Grasp"), ("Clockwork", "Drive"))
    # Grasp moves Cadenza through Kallistar (3 -> hop -> 2); Drive brings him back adjacent.
    b = sc.beat((("Ignition", "Grasp"), ("Clockwork", "Drive")),
                choices={0: [{"kind": "move", "to": 2}], 1: [{"kind": "move", "to": 4}]})
    assert b.one("PriorityCompared").priorities == (4, 1)
    first = b.one("DamageDealt", target=1)
    assert (first.power, first.soak, first.amount) == (3, 3, 0)
    assert b.none("StunApplied", player=1)
    back = b.one("DamageDealt", target=0)
    # WoI says Cadenza "scores 6 damage": power 6; Kallistar's Human form Soak 1 takes one off.
    assert (back.power, back.soak, back.amount) == (6, 1, 5)


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_example_3_stun_guard_holds(edition):
    sc = kc(edition, ("Volcanic", "Grasp"), ("Mechanical", "Strike"), positions=(1, 4))
    b = sc.beat((("Volcanic", "Grasp"), ("Mechanical", "Strike")),
                choices={0: [{"kind": "move", "to": 3}]}, lenient=True)
    assert b.one("PriorityCompared").priorities == (5, 1)
    dmg = b.one("DamageDealt", target=1)
    assert dmg.amount == 2
    prevented = b.one("StunPrevented", player=1)
    assert (prevented.by, prevented.damage, prevented.stun_guard) == ("stun guard", 2, 5)
    assert b.one("AttackStarted", player=1).role == "reactive"  # he gets to hit back


def test_example_4_damage_over_stun_guard():
    sc = kc("woi", ("Flare", "Strike"), ("Mechanical", "Shot"), forms={0: "elemental"})
    b = sc.beat((("Flare", "Strike"), ("Mechanical", "Shot")), choices={1: [{"kind": "move", "to": 4}]})
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, 0) and "Elemental form 2" in pc.terms[0]
    dmg = b.one("DamageDealt", target=1)
    assert (dmg.power, dmg.amount) == (9, 9)
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (9, 2)
    assert b.one("AttackSkipped", player=1)
    assert b.one("LifeLost", player=0).reason == "Elemental form"


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_example_5_auto_stun_ignores_soak_and_stun_guard(edition):
    sc = kc(edition, ("Caustic", "Grasp"), ("Clockwork", "Strike"), forms={0: "elemental"},
            tokens={1: ["Iron Body", "Iron Body", "Iron Body"]})
    b = sc.beat((("Caustic", "Grasp"), ("Clockwork", "Strike")),
                choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]})
    assert b.one("PriorityCompared").priorities == (6, 0)
    assert b.one("StunApplied", player=1).reason == "effect"
    dmg = b.one("DamageDealt", target=1)
    assert (dmg.power, dmg.soak, dmg.amount) == (5, 3, 2)
    assert b.one("AttackSkipped", player=1)
    # Cadenza's Iron Body cannot answer an auto-stun (WoI FAQ): he is never asked.
    assert all(r.kind != "iron_body" for r in sc.requests)
    # Already stunned: the damage (2, under his stun guard 5) neither "prevents" nor repeats the stun.
    assert b.none("StunPrevented", player=1)
    assert [e.type for e in b.entries if e.type.startswith("Stun")] == ["StunApplied"]


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_auto_stun_then_damage_over_stun_guard_offers_no_iron_body(edition):
    # Caustic Grasp (Elemental: power 5) into Mechanical Shot (no soak, stun guard 2): Caustic's On Hit stun
    # resolves first, then 5 damage > 2 would stun again -- Iron Body is not offered (WoI FAQ, Cadenza).
    sc = kc(edition, ("Caustic", "Grasp"), ("Mechanical", "Shot"), forms={0: "elemental"},
            tokens={1: ["Iron Body", "Iron Body", "Iron Body"]})
    b = sc.beat((("Caustic", "Grasp"), ("Mechanical", "Shot")),
                choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]}, lenient=True)
    assert b.one("StunApplied", player=1).reason == "effect"
    dmg = b.one("DamageDealt", target=1)
    assert dmg.amount > 2
    assert all(r.kind != "iron_body" for r in sc.requests)
    assert b.none("StunPrevented", player=1) and b.none("IronBodyDecided")
    assert b.one("AttackSkipped", player=1).reason == "stunned"
    assert sc.state.fighters[1].tokens == ["Iron Body", "Iron Body", "Iron Body"]


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_example_6_stun_immunity_beats_auto_stun(edition):
    sc = kc(edition, ("Caustic", "Grasp"), ("Clockwork", "Strike"), forms={0: "elemental"},
            tokens={1: ["Iron Body"]})
    b = sc.beat((("Caustic", "Grasp"), ("Clockwork", "Strike")), antes={1: ["Iron Body"]},
                choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]})
    assert b.one("StunPrevented", player=1).by == "stun immunity (Iron Body token)"
    assert b.none("StunApplied", player=1)
    back = b.one("DamageDealt", target=0)
    assert (back.power, back.amount) == (7, 7)  # Elemental Kallistar has no soak


def test_iron_body_spent_when_damage_would_stun():
    sc = kc("woi", ("Blazing", "Strike"), ("Battery", "Drive"), tokens={1: ["Iron Body"] * 3})
    b = sc.beat((("Blazing", "Strike"), ("Battery", "Drive")),
                choices={1: [{"kind": "iron_body", "spend": True}, {"kind": "move", "to": 2}],
                         0: [{"kind": "move", "to": 1}]}, lenient=True)
    assert b.one("StunPrevented", player=1).by == "Iron Body"
    assert b.one("AttackStarted", player=1)
    assert sc.state.fighters[1].tokens == ["Iron Body", "Iron Body"]


def test_zero_damage_hit_does_not_stun_or_trigger_on_damage():
    # Hikaru's Palm Strike (power 2) into Clockwork's Soak 3: a hit for 0 damage.
    sc = Scenario(("hikaru", "cadenza"), keep=(("Focused", "Palm Strike"), ("Clockwork", "Strike")),
                  positions=(2, 4))
    b = sc.beat((("Focused", "Palm Strike"), ("Clockwork", "Strike")),
                lenient=True)
    dmg = b.one("DamageDealt", target=1)
    assert dmg.amount == 0
    assert b.none("StunApplied", player=1) and b.none("StunPrevented", player=1)
    assert b.none("TriggerResolved", card="Palm Strike", timing="damage")
