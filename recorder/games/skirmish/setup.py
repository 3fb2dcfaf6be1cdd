"""Match options and the set-up: the kit, the characters, the tie order, obstacles, the shop, deployment.

Options (header ``options``): ``kit`` (a kit object, see :mod:`.kit`; the starter kit is filled in when
absent, so every log carries the content it was played with), ``scenario`` (default ``skirmish``),
``turns`` (a turn limit: the match ends drawn after that turn; default 30), ``tie_order`` (the agreed
order of the characters for AGI ties; default their join order), ``obstacles`` (agreed obstacle tiles
instead of the alternating placement) and ``deploy`` (agreed starting tiles, one ``[x, y]`` per character
in join order, instead of deployment decisions).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request
from recorder.errors import InvalidDecision

from . import board
from . import events as ev
from .combat import INVENTORY_SLOTS
from .kit import ABOUT, check_kit, kit_digest, starter_kit
from .scenarios import SCENARIOS, obstacle_allowed, place_objectives
from .state import SkirmishState

OPTION_KEYS = ("kit", "scenario", "turns", "tie_order", "obstacles", "deploy")
OBSTACLES_PER_TEAM = 6
START_COINS = 3
MAX_SEATS = 4


@dataclass(frozen=True)
class Options:
    kit: dict[str, Any]
    scenario: str
    turns: int
    rosters: list[list[str]]  # seat -> character keys
    tie_order: list[int] | None
    obstacles: list[tuple[int, int]] | None
    deploy: list[tuple[int, int]] | None


def complete_options(options: dict[str, Any]) -> dict[str, Any]:
    unknown = [k for k in options if k not in OPTION_KEYS]
    if unknown:
        raise InvalidDecision(f"unknown skirmish option {unknown[0]!r}; known options: {', '.join(OPTION_KEYS)}")
    out = dict(options)
    out.setdefault("kit", starter_kit())
    return out


def roster(kit: dict[str, Any], side: str) -> list[str]:
    """A side names a roster of the kit (``vanguard``) or characters joined by ``+`` (``knight+archer``)."""
    if side in kit.get("rosters", {}):
        return list(kit["rosters"][side])
    keys = side.split("+")
    for key in keys:
        if key not in kit["characters"]:
            close = difflib.get_close_matches(key, [*kit["characters"], *kit.get("rosters", {})], n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise InvalidDecision(f"side {side!r}: {key!r} is neither a character nor a roster of kit "
                                  f"{kit['name']!r}{hint} (characters: {', '.join(kit['characters'])})")
    if len(keys) > 6:
        raise InvalidDecision(f"side {side!r}: a player controls at most 6 characters, got {len(keys)}")
    return keys


def _tile(value: Any, what: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2 or any(type(v) is not int for v in value)
            or not board.on_board((value[0], value[1]))):
        raise InvalidDecision(f"option {what}: {value!r} is not an [x, y] tile of the 10×14 grid (x 0-9, y 0-13)")
    return value[0], value[1]


def parse_options(options: dict[str, Any], sides: list[str]) -> Options:
    kit = check_kit(options.get("kit"))
    scenario = options.get("scenario", "skirmish")
    if scenario not in SCENARIOS:
        close = difflib.get_close_matches(str(scenario), list(SCENARIOS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise InvalidDecision(f"option scenario {scenario!r} is not one of: {', '.join(SCENARIOS)}{hint}")
    if SCENARIOS[scenario].teams_only and len(sides) != 2:
        raise InvalidDecision(f"scenario {scenario} is team based: it takes two players (two teams), got {len(sides)}")
    turns = options.get("turns", 30)
    if type(turns) is not int or not 1 <= turns <= 200:
        raise InvalidDecision(f"option turns {turns!r} must be an integer from 1 to 200")
    rosters = [roster(kit, side) for side in sides]
    count = sum(len(r) for r in rosters)
    tie = options.get("tie_order")
    if tie is not None and (not isinstance(tie, list) or sorted(tie) != list(range(count))
                            or any(type(v) is not int for v in tie)):
        raise InvalidDecision(f"option tie_order {tie!r} must list every character number 0..{count - 1} once")
    obstacles = options.get("obstacles")
    if obstacles is not None:
        if not isinstance(obstacles, list) or len(obstacles) > OBSTACLES_PER_TEAM * len(sides):
            raise InvalidDecision(f"option obstacles must be a list of at most {OBSTACLES_PER_TEAM * len(sides)} tiles")
        obstacles = [_tile(t, "obstacles") for t in obstacles]
        for t in obstacles:
            if board.in_any_zone(t, len(sides)):
                raise InvalidDecision(f"option obstacles: {list(t)} is in a team zone; obstacles cannot be placed there")
        if len(set(obstacles)) != len(obstacles):
            raise InvalidDecision("option obstacles names a tile twice")
    deploy = options.get("deploy")
    if deploy is not None:
        if not isinstance(deploy, list) or len(deploy) != count:
            raise InvalidDecision(f"option deploy must give one [x, y] per character ({count})")
        deploy = [_tile(t, "deploy") for t in deploy]
        owners = [seat for seat, r in enumerate(rosters) for _ in r]
        for i, t in enumerate(deploy):
            if t not in board.zone(owners[i], len(sides)):
                raise InvalidDecision(f"option deploy: character {i} at {list(t)} is outside its team's zone")
            if obstacles and t in obstacles or deploy.index(t) != i:
                raise InvalidDecision(f"option deploy: character {i} at {list(t)} shares its tile")
    return Options(kit, scenario, turns, rosters, tie, obstacles, deploy)


def new_state(names: list[str], sides: list[str], opts: Options) -> SkirmishState:
    return SkirmishState(players=list(names), sides=list(sides), teams=list(range(len(names))), kit=opts.kit,
                         scenario=opts.scenario, team_count=len(names), turn_limit=opts.turns,
                         souls=[0] * len(names), crystals=[0] * len(names))


def set_up(ctx: Context, opts: Options) -> Generator[Request, Any, None]:
    s: SkirmishState = ctx.state
    kit = opts.kit
    loaded = ctx.emit(ev.KitLoaded(name=kit["name"], version=kit["version"], digest=kit_digest(kit),
                                   about=kit.get("about", ABOUT)))
    ctx.emit(ev.ScenarioSet(scenario=opts.scenario, teams=len(s.players), turn_limit=opts.turns), cause=loaded)
    cid = 0
    for seat, keys in enumerate(opts.rosters):
        for key in keys:
            ch = kit["characters"][key]
            ctx.emit(ev.CharacterJoined(
                character=cid, player=seat, key=key, name=ch["name"], hp=ch["hp"], sp=ch["sp"], atk=ch["atk"],
                defense=ch["def"], agi=ch["agi"], weapon=ch["weapon"], skills=tuple(ch["skills"]),
                deck=tuple(ch["movement"])), cause=loaded)
            cid += 1
    order = opts.tie_order or list(range(cid))
    ctx.emit(ev.TieOrderFixed(order=tuple(order), how="agreed" if opts.tie_order else "join order (none agreed)"),
             cause=loaded)
    yield from place_objectives(ctx, loaded)
    yield from place_obstacles(ctx, opts, loaded)
    yield from shop(ctx)
    yield from deploy(ctx, opts, loaded)


def obstacle_options(s: SkirmishState, seat: int) -> list[dict[str, Any]]:
    """Tiles an obstacle may go on: outside every team zone, empty, at least range 2 from every objective."""
    return [{"player": seat, "x": x, "y": y} for y in range(board.HEIGHT) for x in range(board.WIDTH)
            if not board.in_any_zone((x, y), s.team_count) and not s.occupied((x, y)) and obstacle_allowed(s, (x, y))]


def place_obstacles(ctx: Context, opts: Options, cause: int) -> Generator[Request, Any, None]:
    """Each team places 6 obstacles, one at a time, the teams taking turns (team 0 first)."""
    s: SkirmishState = ctx.state
    if opts.obstacles is not None:
        for x, y in opts.obstacles:
            ctx.emit(ev.ObstaclePlaced(x=x, y=y, team=None, how="agreed"), cause=cause)
        return
    for _ in range(OBSTACLES_PER_TEAM):
        for seat in range(len(s.players)):
            options = obstacle_options(s, seat)
            if not options:
                return  # no legal tile left (a crowded free-for-all): the rest are not placed (docs/rulings.md)
            pick = yield from ctx.ask(Request(
                player=seat, kind="obstacle", event=ev.ObstacleChosen, options=tuple(options),
                prompt=f"{s.players[seat]}: place an obstacle ({len(s.obstacles) + 1} of "
                       f"{OBSTACLES_PER_TEAM * len(s.players)})", cause=cause))
            ctx.emit(ev.ObstaclePlaced(x=pick.x, y=pick.y, team=seat, how="chosen"), cause=ctx.last_seq)


def shop(ctx: Context) -> Generator[Request, Any, None]:
    """Every character has 3 coins to buy consumable items before the game, and 3 inventory slots."""
    s: SkirmishState = ctx.state
    items = s.kit["items"]
    for c in list(s.characters.values()):
        while len(c.inventory) < INVENTORY_SLOTS:
            affordable = [k for k, it in items.items() if it["price"] <= c.coins]
            if not affordable:
                break
            options = [{"character": c.id, "item": None}] + [{"character": c.id, "item": k} for k in affordable]
            labels = ["done shopping"] + [f"buy {items[k]['name']} ({items[k]['price']} coin"
                                          f"{'s' if items[k]['price'] != 1 else ''}, use {items[k]['uses']})"
                                          for k in affordable]
            pick = yield from ctx.ask(Request(
                player=c.owner, kind="shop", event=ev.PurchaseChosen, options=tuple(options),
                prompt=f"{c.name}: {c.coins} coins, {INVENTORY_SLOTS - len(c.inventory)} free slots", labels=tuple(labels)))
            if pick.item is None:
                break
            item = items[pick.item]
            ctx.emit(ev.ItemBought(character=c.id, item=pick.item, price=item["price"], coins=c.coins - item["price"],
                                   uses=item["uses"]), cause=ctx.last_seq)


def deploy(ctx: Context, opts: Options, cause: int) -> Generator[Request, Any, None]:
    """Characters deploy anywhere in their team's zone, the seats taking turns, facing the far side; every
    character starts with full HP and half its maximum SP, rounded down (docs/rulings.md)."""
    s: SkirmishState = ctx.state
    queues = [[c for c in s.characters.values() if c.owner == seat] for seat in range(len(s.players))]
    turn_order = []
    while any(queues):
        for q in queues:
            if q:
                turn_order.append(q.pop(0))
    for c in turn_order:
        facing = board.START_FACING[c.team]
        if opts.deploy is not None:
            x, y = opts.deploy[c.id]
            where = cause
        else:
            options = [{"character": c.id, "x": x, "y": y} for x, y in board.zone(c.team, s.team_count)
                       if not s.occupied((x, y))]
            pick = yield from ctx.ask(Request(
                player=c.owner, kind="deploy", event=ev.DeploymentChosen, options=tuple(options),
                prompt=f"{c.name}: deploy in your team's zone", cause=cause))
            x, y, where = pick.x, pick.y, ctx.last_seq
        ctx.emit(ev.CharacterPlaced(character=c.id, x=x, y=y, facing=facing, hp=c.max_hp, sp=c.max_sp // 2),
                 cause=where)
