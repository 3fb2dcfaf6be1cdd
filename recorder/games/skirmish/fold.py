"""Folding events into the state: the only place a grid skirmish state changes."""

from __future__ import annotations

from typing import Any, Callable

from . import events as ev
from .state import Caravan, Character, Objective, SkirmishState


def apply(state: SkirmishState, event: Any) -> None:
    state.seq += 1
    handler = HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)


def _scenario(s: SkirmishState, e: ev.ScenarioSet) -> None:
    s.scenario, s.team_count, s.turn_limit = e.scenario, e.teams, e.turn_limit


def _joined(s: SkirmishState, e: ev.CharacterJoined) -> None:
    s.characters[e.character] = Character(
        id=e.character, key=e.key, name=e.name, owner=e.player, team=s.teams[e.player], max_hp=e.hp, max_sp=e.sp,
        atk=e.atk, defense=e.defense, agi=e.agi, weapon=e.weapon, skills=tuple(e.skills), deck=list(e.deck),
        hp=e.hp, sp=e.sp,
    )


def _tie(s: SkirmishState, e: ev.TieOrderFixed) -> None:
    s.tie_order = list(e.order)


def _obstacle(s: SkirmishState, e: ev.ObstaclePlaced) -> None:
    s.obstacles.append((e.x, e.y))


def _bought(s: SkirmishState, e: ev.ItemBought) -> None:
    c = s.characters[e.character]
    c.coins = e.coins
    c.inventory.append([e.item, e.uses])


def _placed(s: SkirmishState, e: ev.CharacterPlaced) -> None:
    c = s.characters[e.character]
    c.x, c.y, c.facing, c.hp, c.sp = e.x, e.y, e.facing, e.hp, e.sp


def _turn(s: SkirmishState, e: ev.TurnBegan) -> None:
    s.turn = e.turn
    for c in s.characters.values():
        c.main_used = c.action_used = c.done = False
        c.used.clear()
        c.path = []
        c.statuses.pop("guard", None)


def _refilled(s: SkirmishState, e: ev.DeckRefilled) -> None:
    c = s.characters[e.character]
    c.deck.extend(e.cards)
    for card in e.cards:
        c.discard.remove(card)


def _discarded(s: SkirmishState, e: ev.CardsDiscarded) -> None:
    c = s.characters[e.character]
    for card in e.cards:
        c.deck.remove(card)
        c.discard.append(card)


def _status_ended(s: SkirmishState, e: ev.StatusEnded) -> None:
    s.characters[e.character].statuses.pop(e.status, None)


def _ready(s: SkirmishState, e: ev.SkillReady) -> None:
    s.characters[e.character].ready.pop(e.skill, None)


def _card_chosen(s: SkirmishState, e: ev.MovementCardChosen) -> None:
    s.characters[e.character].planned = e.card


def _committed(s: SkirmishState, e: ev.MovementCardCommitted) -> None:
    s.characters[e.character].committed = e.digest


def _revealed(s: SkirmishState, e: ev.MovementCardRevealed) -> None:
    c = s.characters[e.character]
    c.deck.remove(e.card)
    c.discard.append(e.card)
    c.planned = c.committed = None


def _moved(s: SkirmishState, e: ev.CharacterMoved) -> None:
    c = s.characters[e.character]
    c.path = [[c.x, c.y]] + [list(t) for t in e.path]
    c.x, c.y, c.facing = e.x, e.y, e.facing


def _skill(s: SkirmishState, e: ev.SkillUsed) -> None:
    c = s.characters[e.character]
    c.sp = e.sp_left
    c.used.append(e.skill)
    if e.ready > s.turn + 1:
        c.ready[e.skill] = e.ready
    if not e.quick:
        c.main_used = True


def _item(s: SkirmishState, e: ev.ItemUsed) -> None:
    c = s.characters[e.character]
    c.action_used = True
    slot = next(i for i, (item, _) in enumerate(c.inventory) if item == e.item)
    if e.uses_left:
        c.inventory[slot][1] = e.uses_left
    else:
        del c.inventory[slot]


def _attack(s: SkirmishState, e: ev.AttackDeclared) -> None:
    if e.by in ("weapon", "fist"):
        s.characters[e.attacker].main_used = True


def _focus(s: SkirmishState, e: ev.FocusChosen) -> None:
    if e.die is not None:
        s.characters[e.character].action_used = True


def _hp_lost(s: SkirmishState, e: ev.HpLost) -> None:
    s.characters[e.character].hp = e.hp


def _hp_restored(s: SkirmishState, e: ev.HpRestored) -> None:
    s.characters[e.character].hp = e.hp


def _sp_restored(s: SkirmishState, e: ev.SpRestored) -> None:
    s.characters[e.character].sp = e.sp


def _status(s: SkirmishState, e: ev.StatusApplied) -> None:
    c = s.characters[e.character]
    c.statuses[e.status] = e.now
    if e.by is not None:
        c.statuses_by[e.status] = e.by


def _cleansed(s: SkirmishState, e: ev.StatusesCleansed) -> None:
    c = s.characters[e.character]
    for status in e.statuses:
        c.statuses.pop(status, None)


def _cured(s: SkirmishState, e: ev.StatusCured) -> None:
    c = s.characters[e.character]
    c.action_used = True
    if e.left:
        c.statuses[e.status] = e.left
    else:
        c.statuses.pop(e.status, None)


def _knocked(s: SkirmishState, e: ev.KnockedBack) -> None:
    c = s.characters[e.character]
    c.x, c.y = e.x, e.y


def _teleported(s: SkirmishState, e: ev.Teleported) -> None:
    c = s.characters[e.character]
    c.x, c.y, c.facing = e.x, e.y, e.facing


def _rested(s: SkirmishState, e: ev.Rested) -> None:
    c = s.characters[e.character]
    c.sp, c.action_used, c.done = e.sp, True, True


def _passed(s: SkirmishState, e: ev.ItemPassed) -> None:
    giver, taker = s.characters[e.character], s.characters[e.to]
    slot = next(i for i, (item, _) in enumerate(giver.inventory) if item == e.item)
    del giver.inventory[slot]
    taker.inventory.append([e.item, e.uses])
    giver.action_used, giver.done = True, True


def _action(s: SkirmishState, e: ev.ActionChosen) -> None:
    if e.action == "end":
        s.characters[e.character].done = True


def _burn_halved(s: SkirmishState, e: ev.BurnHalved) -> None:
    c = s.characters[e.character]
    if e.burn:
        c.statuses["burn"] = e.burn
    else:
        c.statuses.pop("burn", None)


def _objective(s: SkirmishState, e: ev.ObjectivePlaced) -> None:
    s.objectives[e.objective] = Objective(e.objective, e.kind, e.x, e.y, e.team)


def _capture(s: SkirmishState, e: ev.CaptureAttempted) -> None:
    c = s.characters[e.character]
    c.main_used = c.action_used = True


def _tower(s: SkirmishState, e: ev.TowerCaptured) -> None:
    s.objectives[e.objective].team = e.team


def _control(s: SkirmishState, e: ev.ControlCounted) -> None:
    s.control = {} if e.team is None else {e.team: e.turns}


def _downed(s: SkirmishState, e: ev.CharacterDowned) -> None:
    c = s.characters[e.character]
    c.alive, c.recovering, c.hp, c.x, c.y = True, True, 0, e.x, e.y
    c.statuses.clear()
    c.statuses_by.clear()
    c.crystal = None


def _revived(s: SkirmishState, e: ev.CharacterRevived) -> None:
    s.characters[e.character].recovering = False


def _soul(s: SkirmishState, e: ev.SoulScored) -> None:
    s.souls[e.team] = e.souls


def _crystal_taken(s: SkirmishState, e: ev.CrystalTaken) -> None:
    c = s.characters[e.character]
    c.crystal = e.team
    if e.how == "ground":
        s.dropped.remove(next(d for d in s.dropped if d[2] == e.team and abs(d[0] - c.x) <= 1 and abs(d[1] - c.y) <= 1))


def _crystal_dropped(s: SkirmishState, e: ev.CrystalDropped) -> None:
    s.characters[e.character].crystal = None
    s.dropped.append([e.x, e.y, e.team])


def _crystal_returned(s: SkirmishState, e: ev.CrystalReturned) -> None:
    s.dropped.remove([e.x, e.y, e.team])


def _crystal_delivered(s: SkirmishState, e: ev.CrystalDelivered) -> None:
    s.characters[e.character].crystal = None
    s.crystals[e.team] = e.delivered


def _caravan_placed(s: SkirmishState, e: ev.CaravanPlaced) -> None:
    s.caravans[e.caravan] = Caravan(e.caravan, (e.head_x, e.head_y), (e.x, e.y), e.loot)


def _caravan_moved(s: SkirmishState, e: ev.CaravanMoved) -> None:
    cv = s.caravans[e.caravan]
    cv.head, cv.tail, cv.boost = (e.head_x, e.head_y), (e.tail_x, e.tail_y), 0


def _sped_up(s: SkirmishState, e: ev.CaravanSpedUp) -> None:
    s.caravans[e.caravan].boost = e.boost
    c = s.characters[e.character]
    c.action_used = c.done = True


def _loot(s: SkirmishState, e: ev.LootStolen) -> None:
    s.caravans[e.caravan].loot = e.loot
    c = s.characters[e.character]
    c.action_used = c.done = True


def _caravan_removed(s: SkirmishState, e: ev.CaravanRemoved) -> None:
    s.caravans[e.caravan].gone = e.reason


def _died(s: SkirmishState, e: ev.CharacterDied) -> None:
    c = s.characters[e.character]
    c.alive, c.hp = False, 0
    c.planned = c.committed = None


def _ended(s: SkirmishState, e: ev.MatchEnded) -> None:
    s.over, s.winner, s.reason = True, e.winner, e.reason


HANDLERS: dict[type, Callable[[SkirmishState, Any], None]] = {
    ev.ScenarioSet: _scenario, ev.CharacterJoined: _joined, ev.TieOrderFixed: _tie,
    ev.ObstaclePlaced: _obstacle, ev.ItemBought: _bought, ev.CharacterPlaced: _placed,
    ev.TurnBegan: _turn, ev.DeckRefilled: _refilled, ev.CardsDiscarded: _discarded,
    ev.StatusEnded: _status_ended, ev.SkillReady: _ready, ev.MovementCardChosen: _card_chosen,
    ev.MovementCardCommitted: _committed, ev.MovementCardRevealed: _revealed, ev.CharacterMoved: _moved,
    ev.SkillUsed: _skill, ev.ItemUsed: _item, ev.AttackDeclared: _attack, ev.FocusChosen: _focus,
    ev.HpLost: _hp_lost, ev.HpRestored: _hp_restored, ev.SpRestored: _sp_restored, ev.StatusApplied: _status,
    ev.StatusesCleansed: _cleansed, ev.StatusCured: _cured, ev.KnockedBack: _knocked,
    ev.Teleported: _teleported, ev.Rested: _rested, ev.ItemPassed: _passed, ev.ActionChosen: _action,
    ev.CharacterDied: _died, ev.BurnHalved: _burn_halved, ev.ObjectivePlaced: _objective,
    ev.CaptureAttempted: _capture, ev.TowerCaptured: _tower, ev.ControlCounted: _control,
    ev.CaravanPlaced: _caravan_placed, ev.CaravanMoved: _caravan_moved, ev.CaravanSpedUp: _sped_up,
    ev.LootStolen: _loot, ev.CaravanRemoved: _caravan_removed, ev.CrystalTaken: _crystal_taken, ev.CrystalDropped: _crystal_dropped, ev.CrystalReturned: _crystal_returned,
    ev.CrystalDelivered: _crystal_delivered, ev.CharacterDowned: _downed, ev.CharacterRevived: _revived, ev.SoulScored: _soul, ev.MatchEnded: _ended,
}
