"""Regroup step E, equipping (rules p.9 E, p.10 hold of holdings, p.2 hero apprentices, p.3 the
leader's upgrades): decisions per cog with every legal option, and what the bots make of them."""

from __future__ import annotations

import pytest

from recorder.decisions import Answer
from recorder.errors import IllegalDecision
from recorder.games.cogs import events as ev
from recorder.games.cogs.bots import SensibleBot
from recorder.games.cogs.combat_attacks import save_kinds
from recorder.games.cogs.crew import can_sail, ranged_weapon
from recorder.games.cogs.equip import MAX_CHANGES, equip_options
from recorder.games.cogs.state import crew_profile
from recorder.games.cogs.testing import events_of, play_until

from .cogs_support import BASIC10, need, passive, turn_is, two

FAR = dict(b_at=(500, 700, "S"))
XBOW_HERO = [{"deck": "main", "count": 9}, {"deck": "main", "count": 1, "hero": True, "hero_upgrade": "crossbow"}]


def at_equip(m, player=0):
    play_until(m, passive(), lambda mm: mm.pending is not None and mm.pending.kind == "equip"
               and mm.pending.player == player)
    return m.pending


def stock(m, cog, items):
    m.ctx.emit(ev.HoldStocked(cog=cog, items=items, reason="treasure"))


def test_options_per_group_and_item():
    m = two(BASIC10, BASIC10, **FAR)
    m.advance()
    stock(m, 0, {"longbow": 2, "crossbow": 1})
    req = at_equip(m)
    assert req.options[0] == {"cog": 0, "action": "done", "deck": None, "profile": None, "item": None}
    opts = {(o["action"], o["profile"], o["item"]) for o in req.options[1:]}
    # Basic crew may take either; the leader (all basic upgrades, a carpenter) may only store its own.
    assert opts == {("equip", "basic", "crossbow"), ("equip", "basic", "longbow"),
                    ("store", "leader", "armor"), ("store", "leader", "sword"), ("store", "leader", "longbow"),
                    ("store", "leader", "mace"), ("store", "leader", "carpenter")}


def test_equipping_a_longbow_from_the_hold():
    m = two(BASIC10, BASIC10, **FAR)
    m.advance()
    stock(m, 0, {"longbow": 2})
    at_equip(m)
    m.advance(Answer(need(action="equip", profile="basic", item="longbow")(m.pending, m), "test"))
    done = [e for e in m.entries if e.type == "UpgradeEquipped"][0]
    crew = m.state.crew[done.event.crew]
    assert (done.event.item, done.event.upgrade, crew_profile(crew)) == ("longbow", "longbow", "longbow")
    assert m.entries[done.cause - 1].type == "EquipOrdered"
    assert m.state.cogs[0].hold == {"longbow": 1} and not can_sail(crew)


def test_a_fallen_heros_upgrade_makes_a_hero_apprentice():
    m = two(XBOW_HERO, BASIC10, **FAR)
    m.advance()
    hero = next(c for c in m.state.crew.values() if c.hero)
    m.ctx.emit(ev.CrewStruck(crew=hero.id, fate="killed", by=1, hold_cog=None))
    at_equip(m)
    assert m.state.cogs[0].hold == {"crossbow": 1}  # looted into the hold of the cog it fell on
    m.advance(Answer(need(action="equip", profile="basic", item="crossbow")(m.pending, m), "test"))
    apprentice = m.state.crew[events_of(m, "UpgradeEquipped")[0].crew]
    assert crew_profile(apprentice) == "apprentice(crossbow)" and not apprentice.hero
    assert ranged_weapon(apprentice) == "crossbow" and not can_sail(apprentice)
    assert save_kinds(apprentice, "sword") == []  # the ability, but no hero save (p.2)
    # An apprentice may hand the upgrade on again.
    assert {"cog": 0, "action": "store", "deck": "main", "profile": "apprentice(crossbow)", "item": "crossbow"} \
        in equip_options(m.state, m.state.cogs[0])


def test_a_living_hero_keeps_its_hero_upgrade():
    crew = [{"deck": "main", "count": 9},
            {"deck": "main", "count": 1, "hero": True, "hero_upgrade": "crossbow", "upgrades": ["armor"]}]
    m = two(crew, BASIC10, **FAR)
    m.advance()
    stores = [o["item"] for o in equip_options(m.state, m.state.cogs[0])
              if o["action"] == "store" and o["profile"] == "hero(crossbow)+armor"]
    assert stores == ["armor"]


def test_the_leaders_upgrade_switch():
    m = two(XBOW_HERO, BASIC10, **FAR)
    m.advance()
    hero = next(c for c in m.state.crew.values() if c.hero)
    m.ctx.emit(ev.CrewStruck(crew=hero.id, fate="killed", by=1, hold_cog=None))
    at_equip(m)
    leader = next(c for c in m.state.crew.values() if c.leader and c.owner == 0)
    # With its carpenter's mate upgrade on, the leader cannot take the fallen hero's crossbow.
    assert not [o for o in m.pending.options if o["profile"] == "leader" and o["action"] == "equip"]
    m.advance(Answer(need(action="store", profile="leader", item="carpenter")(m.pending, m), "test"))
    stored = events_of(m, "UpgradeStored")[0]
    assert (stored.crew, stored.upgrade, stored.item) == (leader.id, "carpenter", "leader:carpenter")
    # The subjects may not touch the leader's own; the leader may now switch to the crossbow.
    assert not [o for o in m.pending.options if o["item"] == "leader:carpenter" and o["profile"] != "leader"]
    m.advance(Answer(need(action="equip", profile="leader", item="crossbow")(m.pending, m), "test"))
    assert leader.hero_upgrade == "crossbow" and m.state.cogs[0].hold == {"leader:carpenter": 1}
    with pytest.raises(IllegalDecision):
        m.advance(Answer({"cog": 0, "action": "equip", "deck": "main", "profile": "basic",
                          "item": "leader:carpenter"}, "test"))


def test_the_leader_marks_only_its_own_upgrades():
    """p.3 marks "the original upgrade" as the leader's: a fallen hero's crossbow the leader switched to
    goes back into the hold unmarked (anyone may take it); its own carpenter and sword stay marked."""
    m = two(XBOW_HERO, BASIC10, **FAR)
    m.advance()
    hero = next(c for c in m.state.crew.values() if c.hero)
    m.ctx.emit(ev.CrewStruck(crew=hero.id, fate="killed", by=1, hold_cog=None))
    at_equip(m)
    for order in (dict(action="store", item="carpenter"), dict(action="equip", item="crossbow"),
                  dict(action="store", item="crossbow"), dict(action="store", item="sword")):
        m.advance(Answer(need(profile="leader", **order)(m.pending, m), "test"))
    assert [(e.upgrade, e.item) for e in events_of(m, "UpgradeStored")] == [
        ("carpenter", "leader:carpenter"), ("crossbow", "crossbow"), ("sword", "leader:sword")]
    assert m.state.cogs[0].hold == {"crossbow": 1, "leader:carpenter": 1, "leader:sword": 1}
    # The crossbow is a fallen hero's again: a basic crewmember may take it, not the leader's sword.
    basic = [o for o in m.pending.options if o["profile"] == "basic" and o["action"] == "equip"]
    assert [o["item"] for o in basic] == ["crossbow"]


def test_the_sensible_bot_arms_crew_but_keeps_three_sailors():
    crew = [{"deck": "main", "count": 5}]
    m = two(crew, BASIC10, a_upgrade="crossbow", **FAR)
    m.advance()
    stock(m, 0, {"longbow": 4})
    bot = SensibleBot(0)
    at_equip(m)
    while m.pending is not None and m.pending.kind == "equip" and m.pending.player == 0:
        m.advance(bot.answer(m.pending, m))
    bows = [c for c in m.state.crew.values() if c.owner == 0 and c.upgrades == ("longbow",)]
    assert len(bows) == 2 and m.state.cogs[0].hold == {"longbow": 2}
    sailors = [c for c in m.state.crew.values() if c.owner == 0 and can_sail(c)]
    assert len(sailors) == 3


def test_the_sensible_bot_gives_a_hero_upgrade_to_a_hero_first():
    crew = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "hero": True}]
    m = two(crew, BASIC10, **FAR)
    m.advance()
    stock(m, 0, {"firepot": 1})
    at_equip(m)
    answer = SensibleBot(0).answer(m.pending, m)
    assert (answer.data["action"], answer.data["profile"], answer.data["item"]) == ("equip", "hero", "firepot")


def test_equipping_a_cog_ends_after_a_bounded_number_of_changes():
    m = two(BASIC10, BASIC10, **FAR)

    def churn(request, match):  # the leader stores its sword and takes it back, again and again
        if request.player != 0:
            return None
        return next(o for o in request.options if o["profile"] == "leader" and o["item"] in ("sword", "leader:sword"))
    play_until(m, passive({"equip": churn}), turn_is(2))
    assert len([e for e in m.entries if e.type == "EquipOrdered" and e.actor == 0]) == MAX_CHANGES


def test_a_captured_leader_is_never_converted():
    """The leader is "a crewmember to represent themselves" (p.3): a captive leader gets no conversion
    roll -- the 1 that converts a captured basic crewmember leaves the leader a captive."""
    m = two(BASIC10, BASIC10, dice=[1, 1], **FAR)
    m.advance()
    basic = next(c for c in m.state.crew.values() if c.owner == 1 and not c.leader)
    leader = next(c for c in m.state.crew.values() if c.owner == 1 and c.leader)
    for c in (basic, leader):  # both struck down by Ann's bare hands, to Ark's hold
        m.ctx.emit(ev.CrewStruck(crew=c.id, fate="captured", by=0, hold_cog=0))
    play_until(m, passive(), turn_is(2))
    assert [(e.crew, e.roll, e.converted) for e in events_of(m, "ConversionRolled")] == [(basic.id, 1, True)]
    assert (leader.owner, leader.captive_of, leader.cog, leader.deck) == (1, 0, 0, "hold")
