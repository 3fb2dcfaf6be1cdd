"""Plain-language lines and rule citations for Cogs of Valor records, and labels for the options
of the requests the engine makes (what `beatlog play` lists)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from recorder.decisions import Request
from recorder.envelope import Record

from . import rulings as R
from .geometry import edges_touched, inches, position
from .state import CogsState, crew_profile
from .tables import COG_TYPES, DRIFT, HEADINGS, TENTH, TURNS, VECTORS

CITES = {
    "FleetMustered": "Cogs p.1-3, Crewing your cog / Heros! / The Leader!",
    "CogLaunched": "Cogs p.3, Cog types; crew placement",
    "CrewEmbarked": "Cogs p.3, Crewmember assignments",
    "WindSet": "Cogs p.4, Phase 1 Wind: starting wind by agreement",
    "TurnBegan": "Cogs p.4, The turn: wind, movement, combat, regroup",
    "HullDamaged": "Cogs p.5 ramming (a D20 each), p.6 artillery (firepot 2, ballista 4), p.9 F fire",
    "WindShifted": "Cogs p.4, Phase 1 Wind: d6 every other turn",
    "CourseSet": "Cogs p.5, Phase 2 Movement: secret heading and speed",
    "CoursesRevealed": "Cogs p.5, Phase 2 Movement: announce, all move at the same time",
    "CrewTasked": "Cogs p.5, sailing or rowing crew have acted (p.2 ballista: four crew actions)",
    "AnchorDropped": "Cogs p.10, Anchoring cogs",
    "AnchorCut": "Cogs p.10, Anchoring cogs",
    "RamChoiceMade": "Cogs p.5, Collisions and ramming: either player can choose to stop",
    "CogStopped": "Cogs p.5, Collisions and ramming",
    "CogsRammed": "Cogs p.5, Collisions and ramming: both cogs take a D20 of hull damage",
    "CogMoved": "Cogs p.5, Phase 2 Movement",
    "ArtilleryOrdered": "Cogs p.6, Phase 3 A: Artillery",
    "BallistaOrdered": "Cogs p.2 The Ballista; p.6 Phase 3 A",
    "BallistaRotated": "Cogs p.2, The Ballista: rotating",
    "ArtilleryShot": "Cogs p.6, Phase 3 A: target 12, +2 large, -4 at a ballista; firepot 20 = critical miss",
    "FireSet": "Cogs p.6 firepots (p.10 fire resistant paint)",
    "BallistaDestroyed": "Cogs p.6, a ballista targeted by a ballista is destroyed on hit",
    "GrappleOrdered": "Cogs p.6, Phase 3 B: Grappling",
    "GrappleRolled": "Cogs p.6, Phase 3 B: repel by rolling higher on a D20",
    "AttackOrdered": "Cogs p.7-8, Phase 3 C Ranged / D Close combat: the attacker chooses targets",
    "AttackRolled": "Cogs p.7-8, Phase 3 C/D: D20 under the target number",
    "DeflectionChosen": "Cogs p.7, friendly fire: a friendly crew of the targeted player's choice",
    "SaveRolled": "Cogs p.1-2, saves of 12 or less (armor, hero; mace second save)",
    "CrewStruck": "Cogs p.7-8, unsaved hits: kill, or capture by hand or mace",
    "BoardingOrdered": "Cogs p.8, Phase 3 D: Boarding",
    "BoardingsRevealed": "Cogs p.8, Phase 3 D: Boarding",
    "CrewMoved": "Cogs p.8 boarding / p.9 D transfers",
    "ScoreAwarded": "Cogs p.9, Scoring",
    "CrewKilled": "Cogs p.9 A Cleanup (H Sinking)",
    "CrewCaptured": "Cogs p.8-9, captured crew go to the attacker's cog hold",
    "CogCaptured": "Cogs p.9 A, capture of cogs",
    "CrewLiberated": "Cogs p.1, captives liberated when the cog holding them is captured",
    "CogRepaired": "Cogs p.9 B Repair (p.2 carpenter's mate, p.10 timber)",
    "IslandSearched": "Cogs p.10, Treasure Rules: D20 of 12 or less",
    "TreasureFound": "Cogs p.10, Treasure Rules: the 3D6 table",
    "HoldStocked": "Cogs p.10, The cog's hold of holdings",
    "HeroUpgradeChosen": "Cogs p.10, treasure 18: hero upgrade of the player's choice",
    "CrewUpgraded": "Cogs p.10, treasure 18",
    "TransferOrdered": "Cogs p.9 D, Transfers",
    "ConversionRolled": "Cogs p.9 E, conversion on a 1 or 20",
    "EquipOrdered": "Cogs p.9 E, Crew equipping (p.10 hold of holdings; p.3 the leader's upgrades)",
    "UpgradeEquipped": "Cogs p.9 E equipping (p.2 hero apprentices; p.3 the leader's upgrade switch)",
    "UpgradeStored": "Cogs p.9 E, unneeded upgrades kept in the hold (p.3 the leader's are marked)",
    "FireSpread": "Cogs p.9 F, Fire doubles and does its new value in hull damage",
    "GrappleBroken": "Cogs p.9 G, Grapple breaks",
    "CogSank": "Cogs p.9 H, Sinking",
    "FleetRespawned": "Cogs p.11, Cog Matching: respawn",
    "MatchEnded": "Cogs p.9 Scoring; p.11 pre-agreed time",
    "ChanceDrawn": None,
}


# HullDamaged by what did it, each with its own rule (fire's damage is FireSpread, p.9 F).
HULL_CITES = {
    "ram": "Cogs p.5, Collisions and ramming: both cogs take a D20 of hull damage",
    "firepot": "Cogs p.6, Phase 3 A: a firepot hit scores 2 hull damage and 2 fire (a 20: on the thrower's cog)",
    "ballista": "Cogs p.6, Phase 3 A: a ballista hit scores 4 hull damage",
}


def cite(record: Record) -> str | None:
    if record.type == "HullDamaged":
        return HULL_CITES.get(record.data.get("what"), CITES["HullDamaged"])
    if record.type == "CogMoved" and record.data.get("how") == "drift":
        return f"Cogs p.5, a cog without two sailors will 'drift 6 with the wind'; {R.DRIFT.cite}"
    if record.type == "AttackRolled" and any("friendly fire" in m for m in record.data.get("modifiers", ())):
        return f"{CITES['AttackRolled']}; p.7 friendly fire -4; {R.RANGED_COMBAT.cite}"
    return CITES.get(record.type)


def _cog(state: CogsState, cog: Any) -> str:
    c = state.cogs.get(cog) if cog is not None else None
    return c.name if c else f"cog {cog}"


def _crew(state: CogsState, cid: int) -> str:
    c = state.crew.get(cid)
    if c is None:
        return f"crewmember {cid}"
    return f"{state.players[c.owner]}'s {crew_profile(c)} #{cid} ({_cog(state, c.cog)} {c.deck})"


def _where(state: CogsState, radius: int, d: dict[str, Any]) -> str:
    """"centre (2, 30.1), against the west edge": a position is the cog's centre (ruling "Cog footprints");
    its footprint may touch the table edge."""
    return position((d["x"], d["y"]), radius, state.width, state.height)


def _compass(dx: int, dy: int) -> str:
    """The direction of a displacement, to the nearest of the eight headings."""
    best = max(range(8), key=lambda i: (VECTORS[i][0] * dx + VECTORS[i][1] * dy)
               / (2 ** 0.5 if VECTORS[i][0] and VECTORS[i][1] else 1))
    return HEADINGS[best]


def _moved(state: CogsState, d: dict[str, Any]) -> str:
    """"Lion sails 12\" to centre (...) heading N"; a drift says where the wind took it and why it went less
    than 6" ("Lion drifts 1.3\" SW, downwind, to centre (1.5, 30.1), against the west edge, stopped there by
    the table edge; heading NE")."""
    cog = state.cogs.get(d["cog"])
    where = _where(state, cog.kind.radius, d) if cog else f"({inches(d['x'])}, {inches(d['y'])})"
    name = _cog(state, d["cog"])
    if d["how"] != "drift" or cog is None:
        return f"{name} {d['how']}s {inches(d['distance'])}\" to {where} heading {d['heading']}"
    downwind = HEADINGS[(state.wind + 4) % 8]
    dx, dy = d["x"] - cog.x, d["y"] - cog.y
    way = _compass(dx, dy) if (dx, dy) != (0, 0) else downwind
    edges = edges_touched((d["x"], d["y"]), cog.kind.radius, state.width, state.height)
    if way == downwind:
        text = f"{name} drifts {inches(d['distance'])}\" {way}, downwind, to {where}"
        if d["distance"] < DRIFT * TENTH and edges:
            text += f", short of {DRIFT}\": the table edge stops it"
    else:  # engine cogs-0.3.0 slid a drift along the edge it met
        along = f", sliding along the {' and '.join(edges)} edge" if edges else ""
        text = f"{name} drifts {inches(d['distance'])}\" {way} (downwind is {downwind}){along}, to {where}"
    return text + f"; heading {d['heading']}"


def target_terms(target_number: int, modifiers: tuple[str, ...] | list[str]) -> str:
    """"target 11 = 10 base +1 optimum range": the base read back from the named modifiers."""
    total = 0
    for mod in modifiers:
        head = mod.split(" ", 1)[0]
        if head[:1] in "+-" and head[1:].isdigit():
            total += int(head)
    base = target_number - total
    if not modifiers:
        return f"target {target_number}"
    return f"target {target_number} = {base} base " + " ".join(modifiers)


def _profile(d: dict[str, Any]) -> str:
    if d["leader"]:
        return "leader"
    parts = list(d["upgrades"])
    if d["hero"]:
        parts.insert(0, f"hero({d['hero_upgrade']})" if d["hero_upgrade"] else "hero")
    elif d["hero_upgrade"]:
        parts.insert(0, f"apprentice({d['hero_upgrade']})")
    return "+".join(parts) if parts else "basic"


def describe(state: CogsState, record: Record) -> str:
    d = record.data
    t = record.type
    who = state.players[record.actor] if record.actor is not None and record.actor < len(state.players) else ""
    if t == "ChanceDrawn":
        return f"dice: {d['purpose']} rolled {d['value'] + 1} (d{d['n']})"
    if t == "CogLaunched":
        return (f"{state.players[d['player']]} launches {d['name']} ({d['type']}, hull {d['hull']}) at "
                f"{_where(state, COG_TYPES[d['type']].radius, d)} heading {d['heading']}")
    if t == "CrewEmbarked":
        why = "" if d["reason"] == "muster" else f" ({d['reason']})"
        return (f"{len(d['crew'])} {state.players[d['player']]} crew ({_profile(d)}) board "
                f"{_cog(state, d['cog'])} {d['deck']}{why}")
    if t == "CourseSet":
        return f"{who} sets a course for {_cog(state, d['cog'])}: {d['move']} {d['speed']}\""
    if t == "CogMoved":
        return _moved(state, d)
    if t == "HullDamaged":
        return f"{_cog(state, d['cog'])} takes {d['amount']} hull damage ({d['what']}), hull {d['hull']}"
    if t == "ArtilleryShot":
        note = " (a 20: the firepot bursts on the thrower's cog)" if d["outcome"] == "critical" else ""
        return (f"{d['weapon']} of {_cog(state, d['cog'])} at {_cog(state, d['target_cog'])}: rolled "
                f"{d['roll']}, hits under {target_terms(d['target_number'], d['modifiers'])}: {d['outcome']}{note}")
    if t == "AttackRolled":
        result = "hit" if d["hit"] else "near miss, deflected onto friendly crew" if d["deflected"] else "miss"
        return (f"{_crew(state, d['attacker'])} {d['weapon']} at {_crew(state, d['target'])}: rolled {d['roll']},"
                f" hits under {target_terms(d['target_number'], d['modifiers'])}: {result}")
    if t == "SaveRolled":
        return f"{_crew(state, d['crew'])} {d['save']} save: rolled {d['roll']} (needs 12 or less): " \
               f"{'saved' if d['saved'] else 'failed'}"
    if t == "CrewStruck":
        return f"{_crew(state, d['crew'])} is struck down: will be {d['fate']} by {state.players[d['by']]}"
    if t == "ScoreAwarded":
        return f"{state.players[d['player']]} scores {d['points']} ({d['reason']}), total {d['total']}"
    if t == "GrappleRolled":
        if d["roll"] is None:
            return f"{_cog(state, d['cog'])} grapples the undefended {_cog(state, d['target_cog'])}"
        seqs = d["dice"] if len(d["dice"]) == 2 else ("?", "?")
        return (f"{_cog(state, d['cog'])} grapples {_cog(state, d['target_cog'])}: rolled {d['roll']} (#{seqs[0]}), "
                f"repel {d['repel_roll']} (#{seqs[1]}; must be higher): {'held' if d['held'] else 'repelled'}")
    if t == "WindShifted":
        return f"wind roll {d['roll']}: shifts {d['shift']:+d}, now from {d['direction']}"
    if t == "FireSpread":
        by = f" (set by {state.players[d['by']]})" if d["by"] is not None else ""
        return (f"fire on {_cog(state, d['cog'])}{by} doubles to {d['fire']}: {d['damage']} hull damage, "
                f"hull {d['hull']}")
    if t == "CogSank":
        return f"{_cog(state, d['cog'])} sinks" + (f" (last damaged by {state.players[d['by']]})"
                                                  if d["by"] is not None else "")
    if t == "CogCaptured":
        return f"{state.players[d['by']]} captures {_cog(state, d['cog'])} from {state.players[d['previous']]}"
    if t == "MatchEnded":
        win = state.players[d["winner"]] if d["winner"] is not None else "nobody (tie)"
        return f"match over ({d['reason']}): scores {d['scores']}, winner {win}"
    text = _more(state, t, d, who)
    if text:
        return text
    fields = ", ".join(f"{k} {v}" for k, v in d.items() if k != "source")
    return f"{t}: {fields}"


def _more(state: CogsState, t: str, d: dict[str, Any], who: str) -> str | None:
    if t == "CoursesRevealed":
        parts = [f"{_cog(state, c)} {m} {s}\" ({how})" for c, m, s, how in
                 zip(d["cogs"], d["moves"], d["speeds"], d["drives"])]
        return "courses revealed: " + "; ".join(parts)
    if t == "CrewTasked":
        return f"{len(d['crew'])} crew of {_cog(state, d['cog'])} {d['task']} (their action this turn)"
    if t == "AttackOrdered":
        group = f"{_cog(state, d['cog'])} {d['deck']} {d['profile']}"
        if d["count"] == 0:
            return f"{who} holds the {d['mode']} attacks of {group}"
        return (f"{who}: {d['count']} of {group} attack ({d['mode']}) {d['target_profile']} on "
                f"{_cog(state, d['target_cog'])} {d['target_deck']}")
    if t == "ArtilleryOrdered":
        if d["count"] == 0:
            return f"{who} holds the firepots of {_cog(state, d['cog'])}"
        return f"{who}: {d['count']} firepot(s) of {_cog(state, d['cog'])} at {_cog(state, d['target_cog'])}"
    if t == "CrewKilled":
        return f"{_crew(state, d['crew'])} is removed ({d['reason']})" + (
            f"; {', '.join(d['loot'])} to the hold of {_cog(state, d['loot_cog'])}" if d["loot"] else "")
    if t == "CrewCaptured":
        return f"{_crew(state, d['crew'])} is taken captive by {state.players[d['by']]} into the hold of " \
               f"{_cog(state, d['hold_cog'])} ({d['reason']})"
    if t == "CrewMoved":
        return f"{len(d['crew'])} crew move to {_cog(state, d['cog'])} {d['deck']} ({d['reason']})"
    if t == "GrappleOrdered":
        return f"{who} {'tries to grapple' if d['grapple'] else 'does not grapple'} " \
               f"{_cog(state, d['target_cog'])} from {_cog(state, d['cog'])}"
    if t == "BoardingOrdered":
        return f"{who} orders {d['count']} crew of {_cog(state, d['cog'])} to board {_cog(state, d['target_cog'])}"
    if t == "CogRepaired":
        return (f"{_cog(state, d['cog'])}: {d['fire_fought']} fire fought, {d['hull_repaired']} hull repaired"
                f"{' (timber)' if d['timber'] else ''}; fire {d['fire']}, hull {d['hull']}")
    if t == "IslandSearched":
        return f"{_cog(state, d['cog'])} searches island {d['island']}: rolled {d['roll']} (needs 12 or less): " \
               f"{'found something' if d['success'] else 'nothing'}"
    if t == "TreasureFound":
        dice = " + ".join(f"{f} (#{s})" for f, s in zip(d["faces"], d["dice"]))
        return f"treasure roll 3d6 = {dice} = {d['roll']}: {d['item']}"
    if t == "ConversionRolled":
        return f"{_crew(state, d['crew'])} conversion roll {d['roll']} (needs 1 or 20): " \
               f"{'converted' if d['converted'] else 'refuses'}"
    if t == "TransferOrdered":
        if d["cog"] is None:
            return f"{who} is done transferring crew"
        return f"{who} moves {_some(d['count'], d['profile'])} from {_cog(state, d['cog'])} {d['deck']} to " \
               f"{_cog(state, d['to_cog'])} {d['to_deck']}"
    if t == "RamChoiceMade":
        return f"{who}: {_cog(state, d['cog'])} {'stops short of' if d['stop'] else 'holds course toward'} " \
               f"{_cog(state, d['other'])}"
    if t == "FleetMustered":
        return (f"{state.players[d['player']]} musters {d['fleet']} ({d['points']} crew points, "
                f"{len(d['cogs'])} cog{'s' if len(d['cogs']) != 1 else ''})")
    if t == "WindSet":
        return f"the wind blows from {d['direction']} ({d['reason']})"
    if t == "TurnBegan":
        return f"turn {d['turn']} begins: every crewmember may act again"
    if t == "CogStopped":
        return (f"{_cog(state, d['cog'])} stops short of {_cog(state, d['other'])} at "
                f"{_where(state, state.cogs[d['cog']].kind.radius, d)}")
    if t == "AnchorDropped":
        return f"{_cog(state, d['cog'])} drops anchor"
    if t == "AnchorCut":
        return f"{_cog(state, d['cog'])} cuts its anchor away"
    if t == "BallistaOrdered":
        target = f" at {_cog(state, d['target_cog'])}" if d["target_cog"] is not None else ""
        return f"{who}: ballista {d['ballista'] + 1} of {_cog(state, d['cog'])}: {d['action']}{target}"
    if t == "BallistaRotated":
        return f"ballista {d['ballista'] + 1} of {_cog(state, d['cog'])} turns to {d['side']} (cannot fire this turn)"
    if t == "BallistaDestroyed":
        return f"ballista {d['ballista'] + 1} of {_cog(state, d['cog'])} is destroyed"
    if t == "FireSet":
        paint = f", {d['ignored']} soaked by fire resistant paint" if d["ignored"] else ""
        return f"{_cog(state, d['cog'])} catches fire: +{d['amount']}{paint}, fire now {d['fire']}"
    if t == "DeflectionChosen":
        return f"{who} picks the {d['profile']} on {_cog(state, d['cog'])} {d['deck']} to take the deflected shot"
    if t == "BoardingsRevealed":
        moves = [f"{_cog(state, c)} sends {n} to {_cog(state, tg)}" for c, tg, n in
                 zip(d["cogs"], d["targets"], d["counts"]) if n]
        return "boarding orders revealed: " + ("; ".join(moves) if moves else "nobody boards")
    if t == "CrewLiberated":
        return f"{len(d['crew'])} captives are freed onto {_cog(state, d['cog'])} {d['deck']}"
    if t == "HoldStocked":
        items = ", ".join(f"{n} {k}" for k, n in sorted(d["items"].items()))
        return f"{items} into the hold of {_cog(state, d['cog'])} ({d['reason']})"
    if t == "HeroUpgradeChosen":
        return f"{who} gives {_crew(state, d['crew'])} the {d['hero_upgrade']} hero upgrade"
    if t == "CrewUpgraded":
        return f"{_crew(state, d['crew'])} becomes a {d['hero_upgrade']} hero"
    if t == "GrappleBroken":
        return f"the grapple between {_cog(state, d['cog'])} and {_cog(state, d['other'])} breaks"
    if t == "FleetRespawned":
        return f"{state.players[d['player']]}'s fresh fleet arrives (cog-matching respawn, turn {d['turn']})"
    if t == "EquipOrdered":
        if d["action"] == "done":
            return f"{who} is done equipping the crew of {_cog(state, d['cog'])}"
        group = f"a {d['profile']} on {_cog(state, d['cog'])} {d['deck']}"
        if d["action"] == "equip":
            return f"{who} gives {group} the {d['item']} from the hold"
        return f"{who} has {group} put its {d['item']} in the hold"
    if t == "UpgradeEquipped":
        marked = " (the leader's own)" if d["item"] != d["upgrade"] else ""
        return f"{_crew(state, d['crew'])} takes the {d['upgrade']}{marked} from the hold"
    if t == "UpgradeStored":
        marked = ", marked as the leader's" if d["item"] != d["upgrade"] else ""
        return f"{_crew(state, d['crew'])} puts its {d['upgrade']} into the hold{marked}"
    if t == "CogsRammed":
        return f"{_cog(state, d['cog'])} and {_cog(state, d['other'])} collide: a d20 of hull damage each"
    return None


# -- the options of a request, for people (the prompt of `beatlog play`, script errors) ------------
def labelled(state: CogsState, request: Request) -> Request:
    """``request`` with a plain-language label for each option ("move 3 basic from Lion main to Lion
    stern"), in the options' order."""
    label = LABELS[request.kind]
    return replace(request, labels=tuple(label(state, o) for o in request.options))


def _some(count: int, profile: str) -> str:
    """``a basic`` / ``an armor+longbow`` / ``3 basic``."""
    return f"{'an' if profile[:1] in 'aeiou' else 'a'} {profile}" if count == 1 else f"{count} {profile}"


def _named(state: CogsState, cog: int) -> str:
    """A cog by name, with its id when another cog afloat has that name too (a cog-matching respawn)."""
    name = _cog(state, cog)
    twins = [c for c in state.afloat() if c.name == name]
    return f"{name} #{cog}" if len(twins) > 1 else name


def _place(state: CogsState, cog: int, deck: str) -> str:
    return f"the middle by {_named(state, cog)}" if deck == "middle" else f"{_named(state, cog)} {deck}"


def _course(state: CogsState, o: dict[str, Any]) -> str:
    cog, move, speed = state.cogs[o["cog"]], o["move"], o["speed"]
    heading = HEADINGS[(cog.heading + TURNS.get(move, 0)) % 8]
    if move == "anchor":
        return "stay at anchor" if cog.anchored else "drop anchor (stay put)"
    if move == "drift":
        return f"drift {speed}\" downwind (wind from {HEADINGS[state.wind]})" + (", cutting the anchor"
                                                                                  if cog.anchored else "")
    if speed == 0:
        return f"hold position, heading {heading}" + (", cutting the anchor" if cog.anchored else "")
    if move == "astern":
        return f"row astern {speed}\" (still heading {heading})"
    return f"ahead {speed}\", heading {heading}" if move == "ahead" else f"turn to {move}, {speed}\", heading {heading}"


def _attack(state: CogsState, o: dict[str, Any]) -> str:
    if o["count"] == 0:
        return "hold (no attacks)"
    what = ("shot" if o["mode"] == "ranged" else "attack") + ("s" if o["count"] != 1 else "")
    return f"{o['count']} {what} at {_some(1, o['target_profile'])} on {_place(state, o['target_cog'], o['target_deck'])}"


def _equip(state: CogsState, o: dict[str, Any]) -> str:
    if o["action"] == "done":
        return "done"
    who = f"{_some(1, o['profile'])} on {o['deck']}"
    item = o["item"]
    if o["action"] == "store":
        return f"{who} stores its {item} in the hold"
    what = f"leader's own {item.split(':', 1)[1]}" if ":" in item else item
    return f"give {who} the {what} from the hold"


def _ballista(state: CogsState, o: dict[str, Any]) -> str:
    if o["action"] == "hold":
        return "hold (do not shoot)"
    if o["action"] == "rotate":
        side = state.cogs[o["cog"]].ballistae[o["ballista"]].side
        return f"rotate it to {'port' if side == 'starboard' else 'starboard'} (no shot until next turn)"
    return f"shoot at {_named(state, o['target_cog'])}'s {'hull' if o['action'] == 'hull' else 'ballista (-4)'}"


HERO_NAMES = {"crossbow": "crossbow", "quickshot": "quick shot", "carpenter": "carpenter's mate",
              "firepot": "firepot specialist"}
LABELS: dict[str, Callable[[CogsState, dict[str, Any]], str]] = {
    "course": _course,
    "ram": lambda s, o: f"stop short of {_named(s, o['other'])}" if o["stop"] else
    f"hold course and ram {_named(s, o['other'])} (a d20 of hull damage each)",
    "firepot": lambda s, o: "hold the firepots" if o["count"] == 0 else
    f"throw {o['count']} firepot{'s' if o['count'] != 1 else ''} at {_named(s, o['target_cog'])}",
    "ballista": _ballista,
    "grapple": lambda s, o: f"{'grapple' if o['grapple'] else 'do not grapple'} {_named(s, o['target_cog'])}",
    "shoot": _attack,
    "melee": _attack,
    "deflect": lambda s, o: f"the {o['profile']} on {_place(s, o['cog'], o['deck'])}",
    "board": lambda s, o: f"do not board {_named(s, o['target_cog'])}" if o["count"] == 0 else
    f"board {_named(s, o['target_cog'])} with {o['count']}",
    "hero upgrade": lambda s, o: f"{HERO_NAMES[o['hero_upgrade']]} hero upgrade",
    "transfer": lambda s, o: "done" if o["cog"] is None else
    f"move {_some(o['count'], o['profile'])} from {_place(s, o['cog'], o['deck'])} to "
    f"{_place(s, o['to_cog'], o['to_deck'])}",
    "equip": _equip,
}
