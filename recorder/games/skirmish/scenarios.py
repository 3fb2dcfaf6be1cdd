"""The scenarios: what each puts on the map, its special rules and actions, and its victory condition
(rules, Scenarios). The turn, the attack and the set-up call the hooks below; the Skirmish scenario needs
none of them.

All six: Skirmish, Caravan Escort (its caravans in :mod:`.caravan`), Domination, Endless Battlefield (Capture),
Endless Battlefield (Deathmatch), Endless Battlefield (Domination).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import board, caravan
from . import events as ev
from .dice import count, roll
from .state import Character, Objective, SkirmishState


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    teams_only: bool = False  # "Team based": exactly two teams
    towers: bool = False  # three towers: one in the middle, one placed by each team in range 5 of it
    obelisks: bool = False  # an obelisk per team in its zone (a free-for-all: one in the centre)
    endless: bool = False  # a character that dies recovers at its obelisk instead of leaving the game
    obelisk_heal: bool = False  # in range 2 of the team's obelisk: +2 HP per turn
    tower_knockback: bool = False  # in range 1 of a tower: Knockback 1 when successfully attacked
    revive_teleport: int = 0  # on revival the character may Teleport X
    crystals: bool = False  # steal enemy crystals from their obelisk, deposit them at one's own
    caravans: bool = False  # three caravans cross the map; seat 0 defends them, seat 1 robs them
    victory: str = "elimination"  # elimination, control (all towers for 3 turns), souls, crystals


SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("skirmish", "Skirmish"),
    Scenario("caravan", "Caravan Escort", teams_only=True, caravans=True, victory="caravans"),
    Scenario("domination", "Domination", teams_only=True, towers=True, tower_knockback=True, victory="control"),
    Scenario("eb_capture", "Endless Battlefield (Capture)", teams_only=True, obelisks=True, endless=True,
             obelisk_heal=True, crystals=True, victory="crystals"),
    Scenario("eb_deathmatch", "Endless Battlefield (Deathmatch)", obelisks=True, endless=True, revive_teleport=8,
             victory="souls"),
    Scenario("eb_domination", "Endless Battlefield (Domination)", teams_only=True, towers=True, obelisks=True,
             endless=True, obelisk_heal=True, tower_knockback=True, victory="control"),
)}
MIDDLE = (4, 6)  # the middle of the 10×14 grid: the tile just south-west of its centre point (docs/rulings.md)
TOWER_REACH = 5
CONTROL_TURNS = 3
RECOVERY = 2  # HP per turn, recovering at an obelisk and standing in range 2 of one's own
OBELISK_REACH = 2
SOULS_TEAMS, SOULS_FREE_FOR_ALL = 15, 7
CRYSTALS_TO_WIN = 3
SLOTS = 3
CAPTURE_DICE = 3


def scenario_of(s: SkirmishState) -> Scenario:
    return SCENARIOS[s.scenario]


# -- set-up ---------------------------------------------------------------------------
def place_objectives(ctx: Context, cause: int) -> Generator[Request, Any, None]:
    s: SkirmishState = ctx.state
    sc = scenario_of(s)
    if sc.caravans:
        yield from caravan.place(ctx, cause)
    if sc.towers:
        _place(ctx, "tower", MIDDLE, None, "scenario", cause)
        for seat in range(len(s.players)):
            options = [{"player": seat, "kind": "tower", "x": x, "y": y} for x, y in board.tiles_within(MIDDLE, TOWER_REACH)
                       if not s.occupied((x, y))]
            pick = yield from ctx.ask(Request(player=seat, kind="objective", event=ev.ObjectiveChosen,
                                              options=tuple(options), cause=cause,
                                              prompt=f"{s.players[seat]}: place a tower in range {TOWER_REACH} of the middle one"))
            _place(ctx, "tower", (pick.x, pick.y), None, "chosen", ctx.last_seq)
    if sc.obelisks:
        if len(s.players) > 2 and not sc.teams_only:
            _place(ctx, "obelisk", MIDDLE, None, "scenario", cause)
            return
        for seat in range(len(s.players)):
            options = [{"player": seat, "kind": "obelisk", "x": x, "y": y} for x, y in board.zone(seat, s.team_count)
                       if not s.occupied((x, y))]
            pick = yield from ctx.ask(Request(player=seat, kind="objective", event=ev.ObjectiveChosen,
                                              options=tuple(options), cause=cause,
                                              prompt=f"{s.players[seat]}: place your obelisk in your team zone"))
            _place(ctx, "obelisk", (pick.x, pick.y), seat, "chosen", ctx.last_seq)


def _place(ctx: Context, kind: str, tile: board.Tile, team: int | None, how: str, cause: int) -> None:
    s: SkirmishState = ctx.state
    ctx.emit(ev.ObjectivePlaced(objective=len(s.objectives), kind=kind, x=tile[0], y=tile[1], team=team, how=how),
             cause=cause)


def obstacle_allowed(s: SkirmishState, t: board.Tile) -> bool:
    """An obstacle "must be minimum in range of 2 from the objectives"."""
    tokens = [o.tile for o in s.objectives.values()] + caravan.tiles_reserved(s)
    return all(board.distance(t, o) >= 2 for o in tokens)


# -- deaths, recovery, obelisks --------------------------------------------------------
def obelisk_of(s: SkirmishState, team: int) -> Objective | None:
    obelisks = [o for o in s.objectives.values() if o.kind == "obelisk"]
    return next((o for o in obelisks if o.team == team), next((o for o in obelisks if o.team is None), None))


def nearest_free(s: SkirmishState, tile: board.Tile) -> board.Tile | None:
    for reach in range(1, max(board.WIDTH, board.HEIGHT)):
        ring = [t for t in board.tiles_within(tile, reach) if board.distance(t, tile) == reach and not s.occupied(t)]
        if ring:
            return ring[0]
    return None


def on_death(ctx: Context, c: Character, by: int | None, cause: int) -> None:
    """After CharacterDied: Endless Battlefield sends the character to its team's obelisk; Deathmatch scores a
    soul for the killer's team ("Only killing counts")."""
    s: SkirmishState = ctx.state
    sc = scenario_of(s)
    if sc.victory == "souls" and by is not None and s.characters[by].team != c.team:
        team = s.characters[by].team
        ctx.emit(ev.SoulScored(team=team, by=by, souls=s.souls[team] + 1), cause=cause)
    if c.crystal is not None:
        ctx.emit(ev.CrystalDropped(character=c.id, team=c.crystal, x=c.x, y=c.y), cause=cause)
    if sc.endless:
        obelisk = obelisk_of(s, c.team)
        spot = nearest_free(s, obelisk.tile) if obelisk else None
        if spot is not None:
            ctx.emit(ev.CharacterDowned(character=c.id, x=spot[0], y=spot[1]), cause=cause)


def recover(ctx: Context, c: Character, begun: int) -> Generator[Request, Any, None]:
    """Status phase: a recovering character gets 2 HP, and at full HP it can act again (Deathmatch: it may
    Teleport 8); a character in range 2 of its team's obelisk gets 2 HP where the scenario says so."""
    s: SkirmishState = ctx.state
    sc = scenario_of(s)
    if c.recovering:
        hp = min(c.max_hp, c.hp + RECOVERY)
        seq = ctx.emit(ev.HpRestored(character=c.id, amount=hp - c.hp, hp=hp, reason="recovering"), cause=begun)
        if hp == c.max_hp:
            revived = ctx.emit(ev.CharacterRevived(character=c.id), cause=seq)
            if sc.revive_teleport:
                yield from revive_teleport(ctx, c, sc.revive_teleport, revived)
        return
    obelisk = obelisk_of(s, c.team)
    if sc.obelisk_heal and obelisk and obelisk.team == c.team and c.hp < c.max_hp \
            and board.distance(c.tile, obelisk.tile) <= OBELISK_REACH:
        hp = min(c.max_hp, c.hp + RECOVERY)
        ctx.emit(ev.HpRestored(character=c.id, amount=hp - c.hp, hp=hp, reason="obelisk"), cause=begun)


def revive_teleport(ctx: Context, c: Character, reach: int, cause: int) -> Generator[Request, Any, None]:
    """"additionally they can chose to Teleport 8 if they decide so": staying is the first option."""
    s: SkirmishState = ctx.state
    stay = [{"character": c.id, "x": c.x, "y": c.y, "facing": f} for f in board.FACINGS]
    moves = [{"character": c.id, "x": t[0], "y": t[1], "facing": f}
             for t in board.tiles_within(c.tile, reach) if t != c.tile and not s.occupied(t) for f in board.FACINGS]
    options = stay + moves
    pick = yield from ctx.ask(Request(
        player=c.owner, kind="teleport", event=ev.TeleportChosen, options=tuple(options), cause=cause,
        prompt=f"{c.name} is back: Teleport {reach}, or stay at the obelisk?",
        labels=tuple(("stay" if (o["x"], o["y"]) == c.tile else f"({o['x']}, {o['y']})") + f" facing {o['facing']}"
                     for o in options)))
    ctx.emit(ev.Teleported(character=c.id, x=pick.x, y=pick.y, facing=pick.facing), cause=ctx.last_seq)


# -- towers --------------------------------------------------------------------------
def near_tower(s: SkirmishState, c: Character) -> bool:
    return any(o.kind == "tower" and board.distance(c.tile, o.tile) <= 1 for o in s.objectives.values())


def capture_options(s: SkirmishState, c: Character) -> list[dict[str, Any]]:
    """Capture a tower in range 1: a full turn action (the attack and the action), not while a character of the
    team that controls it stands in range 1 of it."""
    if not scenario_of(s).towers or c.main_used or c.action_used:
        return []
    out = []
    for o in s.objectives.values():
        if o.kind != "tower" or o.team == c.team or board.distance(c.tile, o.tile) > 1:
            continue
        if o.team is not None and any(a.team == o.team and board.distance(a.tile, o.tile) <= 1 for a in s.acting()):
            continue
        out.append({"character": c.id, "action": "capture", "skill": None, "item": None, "target": o.id,
                    "x": None, "y": None})
    return out


def capture(ctx: Context, c: Character, objective: int, cause: int) -> None:
    s: SkirmishState = ctx.state
    tower = s.objectives[objective]
    faces, _ = roll(ctx, c.id, "attack", CAPTURE_DICE, "capture a tower", cause)
    hits, crits = count("attack", faces)
    dfaces, rolled = roll(ctx, c.id, "defense", CAPTURE_DICE, "capture a tower", cause)
    blocks = count("defense", dfaces)[0]
    captured = hits + crits > blocks
    seq = ctx.emit(ev.CaptureAttempted(character=c.id, objective=objective, successes=hits + crits, blocks=blocks,
                                       captured=captured), cause=rolled)
    if captured:
        ctx.emit(ev.TowerCaptured(objective=objective, team=c.team, previous=tower.team, by=c.id), cause=seq)


def end_of_turn(ctx: Context, begun: int) -> None:
    """Domination: count the turns in a row one team has controlled all towers."""
    s: SkirmishState = ctx.state
    if scenario_of(s).victory != "control":
        return
    owners = {o.team for o in s.objectives.values() if o.kind == "tower"}
    if len(owners) == 1 and None not in owners:
        team = owners.pop()
        ctx.emit(ev.ControlCounted(team=team, turns=s.control.get(team, 0) + 1), cause=begun)
    elif s.control:
        ctx.emit(ev.ControlCounted(team=None, turns=0), cause=begun)


# -- crystals (Endless Battlefield: Capture) ---------------------------------------------
def crystal_options(s: SkirmishState, c: Character) -> list[dict[str, Any]]:
    """The special actions "any time" of the Capture scenario (they use neither the attack nor the action):
    steal a crystal next to an enemy obelisk, deposit one in range 1 of one's own, pick one up in range 1."""
    if not scenario_of(s).crystals:
        return []
    base = {"character": c.id, "skill": None, "item": None, "target": None, "x": None, "y": None}
    out = []
    free = len(c.inventory) < SLOTS
    for o in s.objectives.values():
        if o.kind != "obelisk":
            continue
        if o.team != c.team and c.crystal is None and free and board.adjacent(c.tile, o.tile):
            out.append({**base, "action": "steal", "target": o.id})
        if o.team == c.team and c.crystal is not None and board.distance(c.tile, o.tile) <= 1:
            out.append({**base, "action": "deposit", "target": o.id})
    for x, y, team in s.dropped:
        if board.distance(c.tile, (x, y)) <= 1 and (team == c.team or (c.crystal is None and free)):
            out.append({**base, "action": "pick up", "x": x, "y": y})
    return out


def crystal_action(ctx: Context, c: Character, action: str, target: int | None, x: int | None, y: int | None,
                   cause: int) -> None:
    s: SkirmishState = ctx.state
    if action == "steal":
        ctx.emit(ev.CrystalTaken(character=c.id, team=s.objectives[target].team, how="obelisk"), cause=cause)
    elif action == "deposit":
        ctx.emit(ev.CrystalDelivered(character=c.id, team=c.team, delivered=s.crystals[c.team] + 1), cause=cause)
    else:
        team = next(t for dx, dy, t in s.dropped if (dx, dy) == (x, y))
        if team == c.team:
            ctx.emit(ev.CrystalReturned(character=c.id, team=team, x=x, y=y), cause=cause)
        else:
            ctx.emit(ev.CrystalTaken(character=c.id, team=team, how="ground"), cause=cause)


# -- victory --------------------------------------------------------------------------
def victory(s: SkirmishState) -> tuple[int | None, str] | None:
    """(winner seat or None, reason) once the scenario's victory condition is met, else None."""
    sc = scenario_of(s)
    if sc.caravans:  # "you can win even if every hero on your side is dead"
        return caravan.victory(s)
    standing = sorted({c.team for c in s.living()})
    if not standing:
        return None, "no character is left standing: drawn"
    if sc.victory == "elimination" and len(standing) == 1:
        return standing[0], f"{s.players[standing[0]]} eliminated all enemies"
    if sc.victory == "control":
        for team, turns in s.control.items():
            if turns >= CONTROL_TURNS:
                return team, f"{s.players[team]} controlled all towers for {CONTROL_TURNS} turns"
    if sc.victory == "crystals":
        for team, delivered in enumerate(s.crystals):
            if delivered >= CRYSTALS_TO_WIN:
                return team, f"{s.players[team]} delivered {delivered} crystals"
    if sc.victory == "souls":
        target = souls_target(s)
        for team, souls in enumerate(s.souls):
            if souls >= target:
                return team, f"{s.players[team]} scored {souls} soul tokens"
    return None


def souls_target(s: SkirmishState) -> int:
    return SOULS_TEAMS if len(s.players) == 2 else SOULS_FREE_FOR_ALL
