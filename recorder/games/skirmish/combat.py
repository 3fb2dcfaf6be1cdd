"""Attacks, skills and items, and each character's combat phase (rules, Attacking; Combat phase).

An attack rolls ATK dice (D10: 6-9 success, 10 critical) against the target's DEF dice (6-10 block);
blocks remove regular hits first, then criticals; every hit that passes is −1 HP and every critical that
passes −1 HP plus the weapon's (or skill's) critical effect.
"""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import board
from . import events as ev
from .dice import count, die
from .dice import roll as roll_dice
from .effects import apply_effect, defense_check, knockback, lose_hp
from . import caravan
from .scenarios import capture, capture_options, crystal_action, crystal_options, near_tower, scenario_of
from .state import Character, SkirmishState

FIST = {"name": "Fist", "range": 1, "critical": []}
INVENTORY_SLOTS = 3
NO_TARGET = {"skill": None, "item": None, "target": None, "x": None, "y": None}


def weapon_of(s: SkirmishState, c: Character) -> dict[str, Any]:
    return s.kit["weapons"][c.weapon] if c.weapon else FIST


def attack_targets(s: SkirmishState, c: Character) -> list[tuple[Character, bool]]:
    """Enemies the character's weapon (or fist) reaches from where it stands and faces: (enemy, from the side)."""
    reach = weapon_of(s, c)["range"]
    out = []
    for o in s.enemies(c):
        if board.in_front(c.tile, c.facing, o.tile, reach):
            out.append((o, False))
        elif reach == 1 and board.from_side(c.tile, c.facing, o.tile):
            out.append((o, True))
    return out


# -- skills and items ------------------------------------------------------------------
def skill_usable(s: SkirmishState, c: Character, key: str, when: str) -> bool:
    """Whether ``c`` may use skill ``key`` now: ``when`` is combat, movement or reaction (an interruption)."""
    spec = s.kit["skills"][key]
    words = spec["keywords"]
    phase_ok = {"combat": "Combat" in words or "Instant" in words,
                "movement": "Movement" in words or "Instant" in words,
                "reaction": "Instant" in words}[when]
    if not phase_ok or c.sp < spec["sp"] or s.turn < c.ready.get(key, 0) or key in c.used:
        return False
    if when == "combat" and "Quick" not in words and c.main_used:
        return False
    if when in ("combat", "reaction") and s.active(c, "stun"):
        return False
    if s.active(c, "root") and "Self" in words and any(e["effect"] == "teleport" for e in spec["effects"]):
        return False  # rooted: no move type actions
    return True


def targets(s: SkirmishState, c: Character, spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The targets of a skill or item: itself (Self), allies and enemies in range (Ally, Enemy: every tile
    around counts), tiles in range that hold no obstacle (Ground)."""
    words, reach = spec["keywords"], spec["range"]
    out: list[dict[str, Any]] = []
    if "Self" in words:
        out.append({"target": c.id, "x": None, "y": None})
    for word, group in (("Ally", s.allies(c)), ("Enemy", s.enemies(c))):
        if word in words:
            out += [{"target": o.id, "x": None, "y": None} for o in group if board.distance(c.tile, o.tile) <= reach]
    if "Ground" in words:
        out += [{"target": None, "x": t[0], "y": t[1]} for t in board.tiles_within(c.tile, reach)
                if t not in s.obstacles]
    return out


def affected(s: SkirmishState, user: Character, target: int | None, x: int | None, y: int | None) -> list[Character]:
    """Who a use reaches: its target; for a Ground target every character on that tile and around it, the
    user excepted (docs/rulings.md, "Ground")."""
    if target is not None:
        return [s.characters[target]]
    return [o for o in s.acting() if o.id != user.id and board.distance((x, y), o.tile) <= 1]


def use(ctx: Context, c: Character, kind: str, key: str, target: int | None, x: int | None, y: int | None,
        cause: int | None, *, own_turn: bool, reaction: bool = False) -> Generator[Request, Any, None]:
    """Use a skill (SP, cooldown) or one charge of an item, then its dice and effects on what it reaches."""
    s: SkirmishState = ctx.state
    spec = s.kit["skills" if kind == "skill" else "items"][key]
    if kind == "skill":
        quick = reaction or "Quick" in spec["keywords"]
        seq = ctx.emit(ev.SkillUsed(character=c.id, skill=key, sp=spec["sp"], sp_left=c.sp - spec["sp"],
                                    ready=s.turn + spec["cooldown"] + 1, quick=quick), cause=cause)
    else:
        uses = next(u for item, u in c.inventory if item == key)
        seq = ctx.emit(ev.ItemUsed(character=c.id, item=key, uses_left=uses - 1), cause=cause)
    for t in affected(s, c, target, x, y):
        if not t.on_grid:
            continue
        push = board.push_direction(c.tile, c.facing, t.tile) if t.id != c.id else None
        if spec["dice"] is not None:
            yield from attack(ctx, c, t, by=kind, name=spec["name"], dice=spec["dice"], side=False,
                              critical=spec["critical"], on_hit=spec["effects"], cause=seq, own_turn=own_turn)
        else:
            for effect in spec["effects"]:
                yield from apply_effect(ctx, c, t, effect["effect"], effect["value"], seq, push)
        if s.over:
            return


# -- the attack ------------------------------------------------------------------------
def reaction(ctx: Context, target: Character, attacker: Character, cause: int) -> Generator[Request, Any, None]:
    """The target of an attack may interrupt it with an Instant skill before the dice are rolled."""
    s: SkirmishState = ctx.state
    options = [{"character": target.id, "action": "pass", **NO_TARGET}]
    for key in target.skills:
        if skill_usable(s, target, key, "reaction"):
            for t in targets(s, target, s.kit["skills"][key]):
                options.append({"character": target.id, "action": "skill", **NO_TARGET, "skill": key, **t})
    if len(options) == 1:
        return
    pick = yield from ctx.ask(Request(
        player=target.owner, kind="reaction", event=ev.ActionChosen, options=tuple(options),
        prompt=f"{target.name} is attacked by {attacker.name}: interrupt with an Instant skill?", cause=cause,
        labels=tuple(action_label(s, o) for o in options)))
    if pick.action == "skill":
        yield from use(ctx, target, "skill", pick.skill, pick.target, pick.x, pick.y, ctx.last_seq,
                       own_turn=False, reaction=True)


def attack(ctx: Context, attacker: Character, target: Character, *, by: str, name: str, dice: int, side: bool,
           critical: list[dict[str, Any]], on_hit: list[dict[str, Any]], cause: int | None,
           own_turn: bool) -> Generator[Request, Any, None]:
    s: SkirmishState = ctx.state
    declared = ctx.emit(ev.AttackDeclared(attacker=attacker.id, target=target.id, by=by, name=name, dice=dice,
                                          side=side), cause=cause)
    yield from reaction(ctx, target, attacker, declared)
    if not target.on_grid or not attacker.on_grid or s.over:
        return
    faces, rolled = roll_dice(ctx, attacker.id, "attack", dice, f"{name} against {target.name}", declared)
    if own_turn and not attacker.action_used:
        faces = yield from focus(ctx, attacker, faces, rolled)
    hits, crits = count("attack", faces)
    defended = s.stat(target, "def")
    dfaces, drolled = roll_dice(ctx, target.id, "defense", defended, f"against {name}", declared)
    blocks = count("defense", dfaces)[0]
    hits_through = max(0, hits - blocks)
    crits_through = max(0, crits - max(0, blocks - hits))
    resolved = ctx.emit(ev.AttackResolved(attacker=attacker.id, target=target.id, hits=hits, criticals=crits,
                                          blocks=blocks, hits_through=hits_through,
                                          criticals_through=crits_through), cause=drolled)
    if hits_through + crits_through == 0:
        return
    reason = "critical" if crits_through and not hits_through else "hit"
    lost = lose_hp(ctx, target, hits_through + crits_through, reason, attacker.id, resolved)
    push = board.push_direction(attacker.tile, attacker.facing, target.tile)
    for _ in range(crits_through):
        for effect in critical:
            yield from apply_effect(ctx, attacker, target, effect["effect"], effect["value"], lost, push)
    for effect in on_hit:
        yield from apply_effect(ctx, attacker, target, effect["effect"], effect["value"], lost, push)
    yield from scenario_hit(ctx, attacker, target, lost)


def scenario_hit(ctx: Context, attacker: Character, target: Character, cause: int | None):
    """Domination: "Characters in range of 1 to the tower suffer Knockback 1 if they are successfully attacked"."""
    s: SkirmishState = ctx.state
    if scenario_of(s).tower_knockback and target.in_play and near_tower(s, target):
        knockback(ctx, target, 1, board.push_direction(attacker.tile, attacker.facing, target.tile), attacker.id, cause)
    return
    yield


def focus(ctx: Context, c: Character, faces: list[int], rolled: int) -> Generator[Request, Any, list[int]]:
    """Focus (an action, after the roll): reroll one of the dice, or not."""
    options = [{"character": c.id, "die": None}] + [{"character": c.id, "die": i} for i in range(len(faces))]
    labels = ["keep the roll"] + [f"reroll die {i + 1} (a {f})" for i, f in enumerate(faces)]
    pick = yield from ctx.ask(Request(player=c.owner, kind="focus", event=ev.FocusChosen, options=tuple(options),
                                      prompt=f"{c.name} rolled {faces}: focus to reroll one die?", cause=rolled,
                                      labels=tuple(labels)))
    if pick.die is None:
        return faces
    face = die(ctx, "attack", ctx.last_seq)
    ctx.emit(ev.DieRerolled(character=c.id, die=pick.die, old=faces[pick.die], face=face), cause=ctx.last_seq)
    out = list(faces)
    out[pick.die] = face
    return out


# -- a character's combat phase ---------------------------------------------------------
def combat_options(s: SkirmishState, c: Character) -> list[dict[str, Any]]:
    base = {"character": c.id}
    out: list[dict[str, Any]] = []
    if not c.main_used:
        for o, side in attack_targets(s, c):
            out.append({**base, "action": "attack", **NO_TARGET, "target": o.id})
    for key in c.skills:
        if skill_usable(s, c, key, "combat"):
            out += [{**base, "action": "skill", **NO_TARGET, "skill": key, **t} for t in targets(s, c, s.kit["skills"][key])]
    out += capture_options(s, c)
    out += crystal_options(s, c)
    out += caravan.options(s, c)
    if not c.action_used:
        seen: list[str] = []
        for item, _ in c.inventory:
            if item in seen:
                continue
            seen.append(item)
            out += [{**base, "action": "item", **NO_TARGET, "item": item, **t}
                    for t in targets(s, c, s.kit["items"][item])]
        for status in ("burn", "pierced"):
            if c.statuses.get(status, 0) > 0:
                out.append({**base, "action": "cure", **NO_TARGET, "skill": status})
        out.append({**base, "action": "rest", **NO_TARGET})
        for item in seen:
            for o in s.allies(c):
                if board.distance(c.tile, o.tile) <= 1 and len(o.inventory) + (o.crystal is not None) < INVENTORY_SLOTS:
                    out.append({**base, "action": "pass", **NO_TARGET, "item": item, "target": o.id})
    out.append({**base, "action": "end", **NO_TARGET})
    return out


def action_label(s: SkirmishState, o: dict[str, Any]) -> str:
    def who(i: int | None) -> str:
        return s.characters[i].name if i is not None else ""

    a = o["action"]
    where = f" at ({o['x']}, {o['y']})" if o.get("x") is not None else ""
    if a == "attack":
        c = s.characters[o["character"]]
        side = " (from the side, −1 ATK)" if board.from_side(c.tile, c.facing, s.characters[o["target"]].tile) else ""
        return f"attack {who(o['target'])} with {weapon_of(s, c)['name']}{side}"
    if a == "skill":
        return f"skill {s.kit['skills'][o['skill']]['name']}" + (f" on {who(o['target'])}" if o["target"] is not None else where)
    if a == "item":
        return f"use {s.kit['items'][o['item']]['name']}" + (f" on {who(o['target'])}" if o["target"] is not None else where)
    if a == "capture":
        tower = s.objectives[o["target"]]
        return f"capture the tower at ({tower.x}, {tower.y}) (the attack and the action)"
    if a in ("steal", "deposit"):
        ob = s.objectives[o["target"]]
        return (f"steal a crystal from {s.players[ob.team]}'s obelisk" if a == "steal"
                else "deposit the crystal at your obelisk") + " (a special action: no attack or action spent)"
    if a == "speed up":
        return f"speed up caravan {o['target']} (its next move one longer; ends the phase)"
    if a == "rob":
        return f"steal loot from caravan {o['target']} (3 attack dice, each critical a loot token; ends the phase)"
    if a == "pick up":
        return f"pick up the crystal at ({o['x']}, {o['y']}) (a special action)"
    if a == "cure":
        return f"spend the action on a defense check against {o['skill']}"
    if a == "pass" and o["item"] is not None:
        return f"pass {s.kit['items'][o['item']]['name']} to {who(o['target'])} (ends the phase)"
    return {"rest": "rest (+1 SP, ends the phase)", "end": "end the combat phase", "pass": "do not interrupt"}[a]


def combat_turn(ctx: Context, c: Character, cause: int | None) -> Generator[Request, Any, None]:
    """One character's combat phase: an attack or a skill, quick skills, and one action, until it ends."""
    s: SkirmishState = ctx.state
    while c.on_grid and not c.done and not s.over:
        options = combat_options(s, c)
        if len(options) == 1:
            return  # nothing left to do but end
        pick = yield from ctx.ask(Request(
            player=c.owner, kind="combat", event=ev.ActionChosen, options=tuple(options),
            prompt=f"{c.name} ({c.hp}/{c.max_hp} HP, {c.sp} SP): combat phase", cause=cause,
            labels=tuple(action_label(s, o) for o in options)))
        chosen = ctx.last_seq
        if pick.action == "attack":
            target = s.characters[pick.target]
            weapon = weapon_of(s, c)
            side = board.from_side(c.tile, c.facing, target.tile)
            dice = max(1, s.stat(c, "atk") - 1) if side else s.stat(c, "atk")
            yield from attack(ctx, c, target, by="weapon" if c.weapon else "fist", name=weapon["name"], dice=dice,
                              side=side, critical=weapon["critical"], on_hit=[], cause=chosen, own_turn=True)
        elif pick.action in ("skill", "item"):
            key = pick.skill if pick.action == "skill" else pick.item
            yield from use(ctx, c, pick.action, key, pick.target, pick.x, pick.y, chosen, own_turn=True)
        elif pick.action in ("speed up", "rob"):
            caravan.act(ctx, c, pick.action, pick.target, chosen)
        elif pick.action in ("steal", "deposit", "pick up"):
            crystal_action(ctx, c, pick.action, pick.target, pick.x, pick.y, chosen)
        elif pick.action == "capture":
            capture(ctx, c, pick.target, chosen)
        elif pick.action == "cure":
            cure(ctx, c, pick.skill, chosen)
        elif pick.action == "rest":
            ctx.emit(ev.Rested(character=c.id, sp=min(c.max_sp, c.sp + 1)), cause=chosen)
        elif pick.action == "pass":
            uses = next(u for item, u in c.inventory if item == pick.item)
            ctx.emit(ev.ItemPassed(character=c.id, to=pick.target, item=pick.item, uses=uses), cause=chosen)


def cure(ctx: Context, c: Character, status: str, cause: int) -> None:
    """Spend the action on a defense check: burn X with X dice, each success one stack; pierced with one die,
    a success one stack."""
    value = c.statuses.get(status, 0)
    n = value if status == "burn" else 1
    ok, _, rolled = defense_check(ctx, c, n, f"cure {status}", cause)
    removed = min(ok, value)
    ctx.emit(ev.StatusCured(character=c.id, status=status, removed=removed, left=value - removed), cause=rolled)

