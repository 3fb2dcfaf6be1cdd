"""Phase 4 E (rules p.9 E, p.3, p.2, p.10): equipping from the hold of holdings, and conversion.

For each cog it controls, a player may give the crew aboard upgrades from the cog's hold and put
upgrades into it, one at a time (``EquipOrdered``: equip / store / done):

- basic upgrades (armor, sword, longbow, mace) go to any crewmember who lacks that upgrade;
- a hero upgrade in the hold (a fallen hero's, p.2) goes to a crewmember without one: a hero keeps
  its hero save, anyone else becomes a hero apprentice (the ability, no hero save);
- a living hero keeps its hero upgrade (p.2: it passes on only when the hero falls); basic
  upgrades and an apprentice's hero upgrade may be stored;
- the leader never hands its upgrades to others (p.3): its own that it stores (its basic upgrades
  and its original hero upgrade) are marked ``leader:<upgrade>`` and only the leader takes them
  back; with its own hero upgrade stored it may take a fallen hero's (the leader's upgrade switch),
  which stays unmarked when the leader stores it again.

Then every captive but a leader gets its conversion roll (p.9 E; a leader represents its player, p.3).
"""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .crew import groups, members, place_for
from .dice import d20
from .state import Cog, CogsState, Crew
from .tables import BASIC_UPGRADES, HERO_UPGRADES

LEADER_MARK = "leader:"
UPGRADES = BASIC_UPGRADES + HERO_UPGRADES
MAX_CHANGES = 40  # ruling: at most this many equip/store steps per cog and regroup (no endless swapping)


def upgrade_of(item: str) -> str:
    """The upgrade a hold item is: ``leader:sword`` -> ``sword``."""
    return item[len(LEADER_MARK):] if item.startswith(LEADER_MARK) else item


def hold_item(crew: Crew, upgrade: str) -> str:
    """The hold item ``crew`` storing ``upgrade`` makes: the leader's own are marked as his (p.3) -- its
    basic upgrades and "the original" hero upgrade, not a fallen hero's it switched to."""
    own = crew.leader and (upgrade in BASIC_UPGRADES or upgrade == crew.own_hero_upgrade)
    return LEADER_MARK + upgrade if own else upgrade


def can_take(crew: Crew, item: str) -> bool:
    upgrade = upgrade_of(item)
    if crew.leader:
        if item.startswith(LEADER_MARK):
            return upgrade != crew.hero_upgrade and upgrade not in crew.upgrades \
                and (upgrade not in HERO_UPGRADES or crew.hero_upgrade is None)
        return upgrade in HERO_UPGRADES and crew.hero_upgrade is None  # the switch (p.3)
    if item.startswith(LEADER_MARK):
        return False  # "the subjects are not to touch the leader's personal upgrades"
    if upgrade in HERO_UPGRADES:
        return crew.hero_upgrade is None
    return upgrade not in crew.upgrades


def storable(crew: Crew) -> list[str]:
    out = list(crew.upgrades)
    if crew.hero_upgrade and not crew.hero:
        out.append(crew.hero_upgrade)  # an apprentice's or the leader's; a living hero keeps its own
    return out


def equippers(state: CogsState, cog: Cog) -> list[Crew]:
    """The controller's crew aboard ``cog``: on its decks or in reserve in its hold."""
    return [c for c in state.crew.values() if c.cog == cog.id and c.owner == cog.owner and c.alive
            and c.captive_of is None and c.deck != "middle"]


def equip_options(state: CogsState, cog: Cog) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"cog": cog.id, "action": "done", "deck": None, "profile": None, "item": None}]
    items = [k for k in sorted(cog.hold) if cog.hold[k] > 0 and upgrade_of(k) in UPGRADES]
    for (_, deck, profile), crew in groups(equippers(state, cog)).items():
        c = crew[0]  # a group's members are alike: same upgrades, hero, leader
        base = {"cog": cog.id, "deck": deck, "profile": profile}
        out += [{**base, "action": "equip", "item": k} for k in items if can_take(c, k)]
        out += [{**base, "action": "store", "item": u} for u in storable(c)]
    return out


def equipping(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        for cog in state.afloat():
            if cog.owner != player:
                continue
            for _ in range(MAX_CHANGES):
                options = equip_options(state, cog)
                if len(options) == 1:
                    break
                order = yield from ctx.ask(labelled(state, Request(
                    player, "equip", ev.EquipOrdered, tuple(options),
                    prompt=f"Equip the crew of {cog.name} from its hold ({_listing(cog.hold)}), or done?")))
                if order.action == "done":
                    break
                crew = members(equippers(state, cog), (cog.id, order.deck, order.profile))[0]
                if order.action == "equip":
                    ctx.emit(ev.UpgradeEquipped(crew=crew.id, cog=cog.id, item=order.item,
                                                upgrade=upgrade_of(order.item)), actor=player, cause=ctx.last_seq)
                else:
                    ctx.emit(ev.UpgradeStored(crew=crew.id, cog=cog.id, upgrade=order.item,
                                              item=hold_item(crew, order.item)), actor=player, cause=ctx.last_seq)


def _listing(hold: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(hold.items())) or "empty"


def conversion(ctx: Context) -> None:
    """Ruling: every captive gets its one attempt per turn (an attempt costs nothing) -- except a
    leader, "a crewmember to represent themselves" (p.3): a player does not join the enemy."""
    state: CogsState = ctx.state
    for c in sorted([c for c in state.crew.values() if c.captive_of is not None], key=lambda c: c.id):
        holder = state.cogs[c.cog]
        if holder.sunk or holder.owner == c.owner or c.leader:
            continue
        roll, seq = d20(ctx, "conversion", cause=state.turn_seq)
        converted = roll in (1, 20)
        deck = place_for(state, holder.id) if converted else "hold"
        ctx.emit(ev.ConversionRolled(crew=c.id, roll=roll, converted=converted, player=holder.owner, deck=deck),
                 actor=holder.owner, cause=seq)
