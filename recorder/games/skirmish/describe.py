"""Plain-language lines and rule citations for grid skirmish records."""

from __future__ import annotations

from typing import Any, Callable

from recorder.envelope import Record

from .scenarios import SCENARIOS
from .state import SkirmishState

R = "Grid skirmish rules"
CITES = {
    "KitLoaded": "Content: the kit (beatlog's starter kit unless the players bring their own)",
    "ScenarioSet": f"{R}, Start of the game: choose the scenario; Scenarios",
    "CharacterJoined": "Content: the character's kit entry (HP, SP, ATK, DEF, AGI, weapon, skills, movement deck)",
    "TieOrderFixed": f"{R}, Turn order: for all AGI related draws players decide the order at the start",
    "ObstacleChosen": f"{R}, Start of the game: each team places 6 obstacles, one by one, switching teams",
    "ObstaclePlaced": f"{R}, Start of the game: not in a team zone, at least range 2 from the objectives",
    "PurchaseChosen": f"{R}, Start of the game: 3 coins for consumable items, 3 inventory slots",
    "ItemBought": f"{R}, Start of the game: 3 coins for consumable items, 3 inventory slots",
    "DeploymentChosen": f"{R}, Start of the game: deployed anywhere in the team zone (3 rows from the edge)",
    "CharacterPlaced": f"{R}, Start of the game: full HP and half of max SP (rounded down, docs/rulings.md)",
    "TurnBegan": f"{R}, Turn order: status, planning, movement and combat phases",
    "DeckRefilled": f"{R}, Status phase: refill the movement deck if empty",
    "DiscardChosen": f"{R}, Pierced X: discard X cards of their choice at each reshuffle",
    "CardsDiscarded": f"{R}, Pierced X: discard X cards of their choice at each reshuffle",
    "StatusEnded": f"{R}, Status phase: increment/decrement all time related effects",
    "BurnHalved": f"{R}, Burn X: doesn't stack and reduces by half at next status phase",
    "SkillReady": f"{R}, Glossary, CD: cooldown until enough turns have passed",
    "MovementCardChosen": f"{R}, Planning phase: select a movement card, face down, in secret",
    "MovementCardCommitted": f"{R}, Planning phase: once declared the move cannot be changed",
    "MovementCardRevealed": f"{R}, Movement phase: lowest AGI first, reveal the card",
    "OrderSet": f"{R}, Movement phase: lowest AGI first / Combat phase: highest AGI first (ties: agreed order)",
    "PathChosen": f"{R}, Movement: forward the card's value, one 90° turn, all points if possible",
    "CharacterMoved": f"{R}, Movement: cannot pass through people and obstacles; extra points are lost",
    "PhaseSkipped": f"{R}, Root X / Stun X",
    "ActionChosen": f"{R}, Combat phase: an attack or a skill (quick skills besides) and an action",
    "SkillUsed": f"{R}, Keywords (Quick, Combat, Movement, Instant); Glossary, SP and CD",
    "ItemUsed": f"{R}, Using item / Use X: one charge; the item disappears after X uses",
    "AttackDeclared": f"{R}, Attacking: weapon or fist, in range; range 1 from the side at −1 ATK",
    "DiceRolled": f"{R}, Alternative way to play: D10 attack 1-5 fail, 6-9 success, 10 critical; "
                  "defense 1-5 fail, 6-10 success",
    "FocusChosen": f"{R}, Combat phase: Focus (after dice roll) rerolls one of your dice",
    "DieRerolled": f"{R}, Combat phase: Focus rerolls one of your dice",
    "AttackResolved": f"{R}, Attacking: each block removes a regular attack first, then criticals",
    "HpLost": f"{R}, Attacking: every unblocked attack is −1 HP (critical: −1 HP and its effect)",
    "HpRestored": "Content: the skill's or item's effect (heal)",
    "SpRestored": f"{R}, Combat phase: Rest recovers 1 SP; content: restore_sp",
    "StatusApplied": f"{R}, Effects and Keywords (stacking as written; docs/rulings.md, Stacking)",
    "StatusesCleansed": f"{R}, Keywords, Special: the card's unusual effect (cleanse)",
    "StatusCured": f"{R}, Burn X / Pierced X: an action spent on a defense check removes stacks",
    "KnockedBack": f"{R}, Knockback X: stop before an occupied spot, then a defense check with one die",
    "TeleportChosen": f"{R}, Teleport X: an unoccupied spot in range X, final rotation of choice",
    "Teleported": f"{R}, Teleport X",
    "Rested": f"{R}, Combat phase: Rest recovers 1 SP and ends your combat phase",
    "ItemPassed": f"{R}, Combat phase: pass an item to an ally in range 1 (end of phase)",
    "CharacterDied": f"{R}, Glossary, HP: your character dies if it drops to zero",
    "MatchEnded": f"{R}, End of game; Skirmish: eliminate all enemies (turn limit: option turns)",
    "ObjectiveChosen": f"{R}, Domination: each team places a tower in range 5 of the middle one; Endless "
                       "Battlefield: each team places an obelisk in its team zone",
    "ObjectivePlaced": f"{R}, Scenarios: the scenario's elements are placed before the obstacles",
    "CaptureAttempted": f"{R}, Domination, Capture a tower: a full turn action, 3 attack dice and 3 defense dice",
    "TowerCaptured": f"{R}, Domination, Capture a tower: if any attack succeeds the tower is captured",
    "ControlCounted": f"{R}, Domination: victory, control all towers for 3 turns",
    "CharacterDowned": f"{R}, Endless Battlefield: a character that dies is moved to the obelisk of its team",
    "CharacterRevived": f"{R}, Endless Battlefield: 2 HP every turn; at maximum HP it can move and act again",
    "SoulScored": f"{R}, Endless Battlefield (Deathmatch): the killing team (or player) gains a soul token",
    "CrystalTaken": f"{R}, Endless Battlefield (Capture): Steal crystal, adjacent to the enemy obelisk, with "
                    "inventory space; a dropped enemy crystal can be carried on",
    "CrystalDropped": f"{R}, Endless Battlefield (Capture): a character carrying a crystal dies: it drops on the ground",
    "CrystalReturned": f"{R}, Endless Battlefield (Capture): picked up by its own team it returns to their obelisk",
    "CrystalDelivered": f"{R}, Endless Battlefield (Capture): Deposit crystal in range of your obelisk; victory: 3",
    "CaravanPlaced": f"{R}, Caravan Escort: defenders place 3 caravan tokens (2x1) on their border, 2 loot each",
    "CaravanRouteChosen": f"{R}, Caravan Escort: around an obstacle the way chosen by the defender team",
    "CaravanMoved": f"{R}, Caravan Escort: forward 1 (plus speed-ups), always first, snake-like: the tail follows",
    "CaravanSpedUp": f"{R}, Caravan Escort, defenders' special action: speed up the caravan's next move by one "
                     "(stacks up to two times)",
    "LootStolen": f"{R}, Caravan Escort, robbers' special action: 3 dice as an attack, each critical a loot token",
    "CaravanRemoved": f"{R}, Caravan Escort: arrived at the other edge, or removed when robbed of its last loot",
    "ChanceDrawn": None,
}
HP_CITES = {
    "bleed": f"{R}, Bleed X: a failed defense check with one die loses 1 HP",
    "burn": f"{R}, Burn X: X defense dice, 1 HP for each failed check",
    "knockback": f"{R}, Knockback X: a failed defense check with one die loses 1 HP",
}
RESTORE_CITES = {
    "recovering": f"{R}, Endless Battlefield: every next turn they recover 2 HP",
    "obelisk": f"{R}, Endless Battlefield: in range of 2 of your team obelisk recovers 2 HP per turn",
}


def cite(record: Record) -> str | None:
    if record.type == "HpLost" and record.data.get("reason") in HP_CITES:
        return HP_CITES[record.data["reason"]]
    if record.type == "HpRestored" and record.data.get("reason") in RESTORE_CITES:
        return RESTORE_CITES[record.data["reason"]]
    return CITES.get(record.type)


def _name(s: SkirmishState, cid: Any) -> str:
    c = s.characters.get(cid) if cid is not None else None
    return f"{c.name} ({s.players[c.owner]})" if c else f"character {cid}"


def _kit_name(s: SkirmishState, table: str, key: Any) -> str:
    return s.kit.get(table, {}).get(key, {}).get("name", str(key)) if key is not None else ""


def _status(s: SkirmishState, d: dict[str, Any]) -> str:
    status, now = d["status"], d["now"]
    who = _name(s, d["character"])
    by = f" by {_name(s, d['by'])}" if d["by"] is not None else ""
    if status == "burn":
        return f"{who} burns: Burn {now}{by} (does not stack)"
    if status == "pierced":
        return f"{who} is pierced{by}: {now} stack(s) (−{now} AGI, {now} discard(s) at each reshuffle)"
    if status == "guard":
        return f"{who} guards: +{now} DEF until the end of the turn"
    return f"{who} gets {status.title()} {d['value']}{by}: active through turn {now}"


def _action(s: SkirmishState, d: dict[str, Any]) -> str:
    who, a = _name(s, d["character"]), d["action"]
    tgt = f" on {_name(s, d['target'])}" if d["target"] is not None else (
        f" at ({d['x']}, {d['y']})" if d["x"] is not None else "")
    if a == "skill":
        return f"{who} uses the skill {_kit_name(s, 'skills', d['skill'])}{tgt}"
    if a == "item":
        return f"{who} uses {_kit_name(s, 'items', d['item'])}{tgt}"
    if a == "attack":
        return f"{who} attacks {_name(s, d['target'])}"
    if a == "cure":
        return f"{who} spends the action fighting off {d['skill']}"
    if a == "pass" and d["item"] is not None:
        return f"{who} passes {_kit_name(s, 'items', d['item'])} to {_name(s, d['target'])}"
    if a == "pass":
        return f"{who} does not interrupt"
    return {"rest": f"{who} rests", "end": f"{who} ends its combat phase",
            "none": f"{who} uses no movement skill"}.get(a, f"{who}: {a}")


def _dice(s: SkirmishState, d: dict[str, Any]) -> str:
    faces = ", ".join(map(str, d["faces"]))
    who = _name(s, d["character"])
    if d["roll"] == "attack":
        misses = len(d["faces"]) - d["successes"] - d["criticals"]
        return (f"{who} rolls {len(d['faces'])} attack dice ({d['why']}): {faces} = {d['successes']} hit(s), "
                f"{d['criticals']} critical(s), {misses} miss(es)")
    return (f"{who} rolls {len(d['faces'])} defense dice ({d['why']}): {faces} = {d['successes']} success(es), "
            f"{len(d['faces']) - d['successes']} fail(s)")


def _resolved(s: SkirmishState, d: dict[str, Any]) -> str:
    lost = d["hits_through"] + d["criticals_through"]
    return (f"{d['hits']} hit(s) and {d['criticals']} critical(s) against {d['blocks']} block(s): "
            f"{d['hits_through']} hit(s) and {d['criticals_through']} critical(s) pass, "
            f"{_name(s, d['target'])} loses {lost} HP" + (" plus the critical effect" if d["criticals_through"] else ""))


LINES: dict[str, Callable[[SkirmishState, dict[str, Any]], str]] = {
    "KitLoaded": lambda s, d: f"kit {d['name']!r} {d['version']} ({d['digest']}): {d['about']}",
    "ScenarioSet": lambda s, d: (f"scenario {SCENARIOS[d['scenario']].title if d['scenario'] in SCENARIOS else d['scenario']}, "
                                 f"{d['teams']} teams" + (" (free-for-all)" if d["teams"] > 2 else "")
                                 + (f", turn limit {d['turn_limit']}" if d["turn_limit"] else "")),
    "CharacterJoined": lambda s, d: (f"{s.players[d['player']]} fields {d['name']}: HP {d['hp']}, SP {d['sp']}, "
                                     f"ATK {d['atk']}, DEF {d['defense']}, AGI {d['agi']}, "
                                     f"{_kit_name(s, 'weapons', d['weapon']) or 'fists'}, movement deck "
                                     f"{list(d['deck'])}"),
    "TieOrderFixed": lambda s, d: ("AGI ties go in this order: " + ", ".join(_name(s, c) for c in d["order"])
                                   + f" ({d['how']})"),
    "ObstacleChosen": lambda s, d: f"{s.players[d['player']]} places an obstacle at ({d['x']}, {d['y']})",
    "ObstaclePlaced": lambda s, d: f"obstacle at ({d['x']}, {d['y']})" + (" (agreed)" if d["how"] == "agreed" else ""),
    "PurchaseChosen": lambda s, d: (f"{_name(s, d['character'])} buys {_kit_name(s, 'items', d['item'])}"
                                    if d["item"] else f"{_name(s, d['character'])} is done shopping"),
    "ItemBought": lambda s, d: (f"{_name(s, d['character'])} pays {d['price']} for "
                                f"{_kit_name(s, 'items', d['item'])} (use {d['uses']}), {d['coins']} coin(s) left"),
    "DeploymentChosen": lambda s, d: f"{_name(s, d['character'])} deploys at ({d['x']}, {d['y']})",
    "CharacterPlaced": lambda s, d: (f"{_name(s, d['character'])} stands at ({d['x']}, {d['y']}) facing "
                                     f"{d['facing']} with {d['hp']} HP and {d['sp']} SP"),
    "TurnBegan": lambda s, d: f"turn {d['turn']} begins: status phase",
    "DeckRefilled": lambda s, d: f"{_name(s, d['character'])} takes back its movement cards {list(d['cards'])}",
    "DiscardChosen": lambda s, d: f"{_name(s, d['character'])} chooses to discard {list(d['cards'])}",
    "CardsDiscarded": lambda s, d: f"{_name(s, d['character'])} discards {list(d['cards'])} ({d['reason']})",
    "StatusEnded": lambda s, d: f"{_name(s, d['character'])}: {d['status']} ends",
    "BurnHalved": lambda s, d: (f"{_name(s, d['character'])}'s burn halves to {d['burn']}" if d["burn"]
                                else f"{_name(s, d['character'])}'s burn goes out"),
    "SkillReady": lambda s, d: f"{_name(s, d['character'])}'s {_kit_name(s, 'skills', d['skill'])} is ready again",
    "MovementCardChosen": lambda s, d: f"{_name(s, d['character'])} places movement card {d['card']} face down",
    "MovementCardCommitted": lambda s, d: (f"{_name(s, d['character'])} commits to a face-down movement card "
                                           f"({d['digest'][:12]}…)"),
    "MovementCardRevealed": lambda s, d: f"{_name(s, d['character'])} reveals movement card {d['card']}",
    "OrderSet": lambda s, d: (f"{d['phase']} phase, " + ("lowest" if d["phase"] == "movement" else "highest")
                              + " AGI first: " + ", ".join(f"{_name(s, c)} AGI {a}" for c, a in zip(d["order"], d["agi"]))),
    "PathChosen": lambda s, d: (f"{_name(s, d['character'])} chooses the path "
                                + (" ".join(f"({x}, {y})" for x, y in d["path"]) or "(no step)")
                                + (f", turning {d['turn']} after {d['turn_at']} step(s)" if d["turn"] else "")
                                + f", facing {d['facing']}"),
    "CharacterMoved": lambda s, d: (f"{_name(s, d['character'])} moves {d['spent']} to ({d['x']}, {d['y']}) facing "
                                    f"{d['facing']}" + (f", {d['lost']} point(s) lost" if d["lost"] else "")),
    "PhaseSkipped": lambda s, d: f"{_name(s, d['character'])} sits out the {d['phase']} phase ({d['reason']})",
    "ActionChosen": _action,
    "SkillUsed": lambda s, d: (f"{_name(s, d['character'])} spends {d['sp']} SP on "
                               f"{_kit_name(s, 'skills', d['skill'])} ({d['sp_left']} left"
                               + (f", ready again on turn {d['ready']}" if d["ready"] > s.turn + 1 else "")
                               + (", quick" if d["quick"] else "") + ")"),
    "ItemUsed": lambda s, d: (f"{_name(s, d['character'])} uses a charge of {_kit_name(s, 'items', d['item'])}"
                              + (f" ({d['uses_left']} left)" if d["uses_left"] else " (used up)")),
    "AttackDeclared": lambda s, d: (f"{_name(s, d['attacker'])} attacks {_name(s, d['target'])} with "
                                    f"{d['name']}: {d['dice']} ATK dice"
                                    + (" (from the side: −1 ATK, not below 1)" if d["side"] else "")),
    "DiceRolled": _dice,
    "FocusChosen": lambda s, d: (f"{_name(s, d['character'])} focuses: rerolls die {d['die'] + 1}"
                                 if d["die"] is not None else f"{_name(s, d['character'])} keeps the roll"),
    "DieRerolled": lambda s, d: f"die {d['die'] + 1} is rerolled: {d['old']} becomes {d['face']}",
    "AttackResolved": _resolved,
    "HpLost": lambda s, d: (f"{_name(s, d['character'])} loses {d['amount']} HP ({d['reason']}), {d['hp']} left"
                            + (f", caused by {_name(s, d['by'])}" if d["by"] is not None and d["reason"] in
                               ("bleed", "burn", "knockback") else "")),
    "HpRestored": lambda s, d: f"{_name(s, d['character'])} recovers {d['amount']} HP, {d['hp']} now",
    "SpRestored": lambda s, d: f"{_name(s, d['character'])} recovers {d['amount']} SP, {d['sp']} now",
    "StatusApplied": _status,
    "StatusesCleansed": lambda s, d: f"{_name(s, d['character'])} is cleansed of {', '.join(d['statuses'])}",
    "StatusCured": lambda s, d: (f"{_name(s, d['character'])} removes {d['removed']} {d['status']} stack(s), "
                                 f"{d['left']} left"),
    "KnockedBack": lambda s, d: (f"{_name(s, d['character'])} is knocked back {d['moved']} to ({d['x']}, {d['y']})"
                                 + (", stopped by something in the way: defense check" if d["blocked"] else "")),
    "TeleportChosen": lambda s, d: (f"{_name(s, d['character'])} picks ({d['x']}, {d['y']}) facing {d['facing']} "
                                    "to teleport to"),
    "Teleported": lambda s, d: f"{_name(s, d['character'])} teleports to ({d['x']}, {d['y']}) facing {d['facing']}",
    "Rested": lambda s, d: f"{_name(s, d['character'])} rests: {d['sp']} SP, its combat phase ends",
    "ItemPassed": lambda s, d: (f"{_name(s, d['character'])} passes {_kit_name(s, 'items', d['item'])} "
                                f"({d['uses']} use(s)) to {_name(s, d['to'])}"),
    "CharacterDied": lambda s, d: (f"{_name(s, d['character'])} drops to 0 HP and dies"
                                   + (f" (by {_name(s, d['by'])})" if d["by"] is not None else "")),
    "ObjectiveChosen": lambda s, d: f"{s.players[d['player']]} places a {d['kind']} at ({d['x']}, {d['y']})",
    "ObjectivePlaced": lambda s, d: (f"{d['kind']} {d['objective']} stands at ({d['x']}, {d['y']})"
                                     + (f", {s.players[d['team']]}'s" if d["team"] is not None else "")),
    "CaptureAttempted": lambda s, d: (f"{_name(s, d['character'])} tries to capture tower {d['objective']}: "
                                      f"{d['successes']} success(es) against {d['blocks']} block(s): "
                                      + ("captured" if d["captured"] else "it holds")),
    "TowerCaptured": lambda s, d: (f"{s.players[d['team']]} now controls tower {d['objective']}"
                                   + (f" (taken from {s.players[d['previous']]})" if d["previous"] is not None else "")),
    "ControlCounted": lambda s, d: (f"{s.players[d['team']]} has controlled all towers for {d['turns']} turn(s)"
                                    if d["team"] is not None else "no team controls all towers: the count restarts"),
    "CharacterDowned": lambda s, d: (f"{_name(s, d['character'])} is back at its obelisk, at ({d['x']}, {d['y']}), "
                                     "recovering: it cannot move or act until its HP is full"),
    "CharacterRevived": lambda s, d: f"{_name(s, d['character'])} has full HP again: it can move and act",
    "SoulScored": lambda s, d: f"{s.players[d['team']]} gains a soul token ({d['souls']} now) for {_name(s, d['by'])}'s kill",
    "CrystalTaken": lambda s, d: (f"{_name(s, d['character'])} takes a crystal of {s.players[d['team']]} "
                                  + ("from their obelisk" if d["how"] == "obelisk" else "from the ground")),
    "CrystalDropped": lambda s, d: (f"{_name(s, d['character'])} drops {s.players[d['team']]}'s crystal at "
                                    f"({d['x']}, {d['y']})"),
    "CrystalReturned": lambda s, d: (f"{_name(s, d['character'])} picks up its team's crystal at ({d['x']}, {d['y']}): "
                                     "it returns to their obelisk"),
    "CrystalDelivered": lambda s, d: (f"{_name(s, d['character'])} deposits a crystal: {s.players[d['team']]} has "
                                      f"delivered {d['delivered']}"),
    "CaravanPlaced": lambda s, d: (f"caravan {d['caravan']} stands on ({d['x']}, {d['y']})-({d['head_x']}, "
                                   f"{d['head_y']}) with {d['loot']} loot"),
    "CaravanRouteChosen": lambda s, d: (f"{s.players[d['player']]} sends caravan {d['caravan']} around, to "
                                        f"({d['x']}, {d['y']})"),
    "CaravanMoved": lambda s, d: (f"caravan {d['caravan']} moves {d['steps']}: head at ({d['head_x']}, {d['head_y']}), "
                                  f"tail at ({d['tail_x']}, {d['tail_y']})" + (", blocked" if d["blocked"] else "")),
    "CaravanSpedUp": lambda s, d: (f"{_name(s, d['character'])} speeds up caravan {d['caravan']}: its next move is "
                                   f"{d['boost']} longer"),
    "LootStolen": lambda s, d: (f"{_name(s, d['character'])} robs caravan {d['caravan']}: {d['criticals']} "
                                f"critical(s), {d['loot']} loot left"),
    "CaravanRemoved": lambda s, d: (f"caravan {d['caravan']} arrives at the far edge with {d['loot']} loot"
                                    if d["reason"] == "arrived" else f"caravan {d['caravan']} is robbed bare and leaves the game"),
    "MatchEnded": lambda s, d: (f"the match ends: {s.players[d['winner']]} wins ({d['reason']})"
                                if d["winner"] is not None else f"the match ends drawn ({d['reason']})"),
}


def describe(state: SkirmishState, record: Record) -> str:
    if record.type == "ChanceDrawn":
        d = record.data
        return f"chance: {d['purpose']} rolls {d['value'] + 1} on a d{d['n']}"
    line = LINES.get(record.type)
    if line is None:
        return f"{record.type} {record.data}"
    return line(state, record.data)
