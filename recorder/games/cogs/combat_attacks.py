"""Phase 3 C and D: ranged and close combat attacks, saves and their results (rules p.7-8).

Attacks are ordered by groups: one decision picks a target group (cog, deck,
profile) and how many fresh crew of the attacking group attack it; each attack
then takes the next target of that group still standing (lowest id). Casualties
are only marked (``CrewStruck``): struck crew still act this phase and are
removed at the regroup cleanup. Ruling: a struck crewmember is no longer a
legal target, so no attack is wasted on the already fallen.
"""

from __future__ import annotations

from typing import Any, Callable, Generator, Iterable

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .describe import labelled
from .crew import armed, groups, melee_weapon, members, ranged_weapon, shots
from .dice import d20
from .geometry import distance, distance2, inches, within
from .state import CogsState, Crew, crew_profile
from .tables import DECKS, MELEE_TN, RANGED_TN, SAVE_TARGET, TENTH

OPTIMUM = {"longbow": 24, "quickshot": 24, "crossbow": 18}
RANGE_STEP = {"longbow": 2, "quickshot": 2, "crossbow": 1}
FRIENDLY_FIRE = 4
DEFENDED = 2


# -- who may attack, and whom --------------------------------------------------
def shooters(state: CogsState, player: int) -> list[Crew]:
    """Crew with a missile weapon and a shot left. A quick shot's second shot is no spare action:
    crew who sailed, rowed or worked a ballista "have acted and may not attack" (p.5, p.2)."""
    return [c for c in state.crew.values() if c.owner == player and c.captive_of is None
            and c.deck in DECKS and ranged_weapon(c) and not c.tasked and c.spent < shots(c)
            and not state.cogs[c.cog].sunk]


def fighters(state: CogsState, player: int) -> list[Crew]:
    return [c for c in state.crew.values() if c.owner == player and c.captive_of is None
            and (c.deck in DECKS or c.deck == "middle") and c.spent == 0 and not state.cogs[c.cog].sunk]


def _targetable(crew: list[Crew]) -> list[Crew]:
    """Standing crew, minus a leader while others of its side stand on the same deck (p.3)."""
    out = []
    for c in crew:
        if c.leader and any(o.owner == c.owner and not o.leader for o in crew):
            continue
        out.append(c)
    return out


def deck_crew(state: CogsState, cog: int, deck: str, facing: int | None = None) -> list[Crew]:
    return [c for c in state.crew.values() if c.cog == cog and c.deck == deck and c.alive
            and c.captive_of is None and (facing is None or c.facing == facing)]


def ranged_targets(state: CogsState, player: int) -> Iterable[tuple[int, str, list[Crew]]]:
    for cog in state.afloat():
        for deck in DECKS:
            here = deck_crew(state, cog.id, deck)
            foes = [c for c in _targetable(here) if c.owner != player]
            if foes:
                yield cog.id, deck, foes


def melee_targets(state: CogsState, attacker: Crew) -> Iterable[tuple[int, str, list[Crew]]]:
    if attacker.deck == "middle":
        yield attacker.facing, "middle", [c for c in _targetable(deck_crew(state, attacker.facing, "middle",
                                                                           attacker.cog))
                                          if c.owner != attacker.owner]
        return
    places = [(attacker.cog, attacker.deck)]
    if attacker.deck == "main":
        places += [(other, "main") for other in state.cogs[attacker.cog].grappled]
    for cog, deck in places:
        yield cog, deck, [c for c in _targetable(deck_crew(state, cog, deck)) if c.owner != attacker.owner]


# -- target numbers ----------------------------------------------------------------
def friends_on_deck(state: CogsState, player: int, cog: int, deck: str) -> bool:
    """Crew of ``player``'s side stand on the deck, so a shot at it takes friendly fire (p.7): struck crew count
    too, who stay on the deck until the regroup's cleanup removes them (p.7 "removed at the beginning of the
    regroup phase"; docs/rulings.md, "Struck crew")."""
    return any(c.owner == player and c.cog == cog and c.deck == deck and c.captive_of is None
               for c in state.crew.values())


def ranged_number(state: CogsState, shooter: Crew, target_cog: int, target_deck: str,
                  friendly: Callable[[CogsState, int, int, str], bool] = friends_on_deck,
                  ) -> tuple[int, int, tuple[str, ...]]:
    """(target number, friendly fire penalty, modifiers named) for a shot (p.7). ``friendly`` says whether the
    shooter's side has crew on the target deck (the game's ``friendly_fire`` hook: rules versions differ)."""
    weapon = ranged_weapon(shooter)
    assert weapon
    here, there = state.cogs[shooter.cog].pos, state.cogs[target_cog].pos
    optimum, step = OPTIMUM[weapon] * TENTH, RANGE_STEP[weapon] * TENTH
    tn, mods = RANGED_TN, []
    if within(here, there, optimum):
        tn += 1
        mods.append("+1 optimum range")
    else:
        # Full steps beyond the optimum: for whole tenths m, sqrt(d2) >= m iff isqrt(d2) >= m,
        # so counting on the rounded-down distance is exact.
        dist = distance(here, there)
        over = (dist - optimum) // step
        if over:
            tn -= over
            mods.append(f"-{over} range ({inches(dist)}\" away, {inches(dist - optimum)}\" beyond "
                        f"{optimum // TENTH}\")")
    if target_deck in ("stern", "fore", "nest") and target_cog != shooter.cog and shooter.deck != "nest":
        tn -= DEFENDED
        mods.append("-2 defended location")
    ff = 0
    if friendly(state, shooter.owner, target_cog, target_deck):
        ff = FRIENDLY_FIRE
        mods.append("-4 friendly fire")
    return tn - ff, ff, tuple(mods)


def melee_number(attacker: Crew, target: Crew) -> tuple[int, tuple[str, ...]]:
    """Target number and named modifiers for a close combat attack (p.8)."""
    weapon = melee_weapon(attacker)
    tn, mods = MELEE_TN, []
    if weapon == "mace":
        tn -= 2
        mods.append("-2 mace")
    elif weapon == "unarmed":
        # Ruling: the unarmed modifiers do not stack; the largest one applies.
        worst = []
        if armed(target):
            worst.append((4, "-4 unarmed vs armed"))
        if target.armored:
            worst.append((2, "-2 unarmed vs armored") if attacker.armored else (4, "-4 unarmed and unarmored vs armored"))
        if worst:
            pen, text = max(worst)
            tn -= pen
            mods.append(text)
    return tn, tuple(mods)


# -- the phases ----------------------------------------------------------------------
def ranged_phase(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        for key in list(groups(shooters(state, player))):
            while True:
                crew = sorted(members(shooters(state, player), key), key=lambda c: (c.spent, c.id))
                if not crew:
                    break
                options = _options("ranged", key, ((t, d, foes, ranged_number(state, crew[0], t, d, ctx.game.friendly_fire))
                                                   for t, d, foes in
                                         ranged_targets(state, player)), sum(shots(c) - c.spent for c in crew),
                                   lambda n: n[0] + n[1] >= 2)
                if len(options) == 1:
                    break
                order = yield from ctx.ask(labelled(state, Request(
                    player, "shoot", ev.AttackOrdered, tuple(options), prompt=f"Shots of {_name(state, key)}: at whom?")))
                if order.count == 0:
                    break
                cause = ctx.last_seq
                for _ in range(order.count):
                    crew = sorted(members(shooters(state, player), key), key=lambda c: (c.spent, c.id))
                    victim = _next_target(state, player, order)
                    if not crew or victim is None:
                        break
                    yield from _shoot(ctx, crew[0], victim, cause)


def melee_phase(ctx: Context) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        for key in list(groups(fighters(state, player))):
            while True:
                crew = members(fighters(state, player), key)
                if not crew:
                    break
                a = crew[0]
                options = _options("melee", key, ((t, d, foes, (*melee_number(a, foes[0])[:1], 0, ())) for t, d, foes in
                                         melee_targets(state, a) if foes), len(crew), lambda n: True)
                if len(options) == 1:
                    break
                order = yield from ctx.ask(labelled(state, Request(
                    player, "melee", ev.AttackOrdered, tuple(options),
                    prompt=f"Close combat of {_name(state, key)}: attack whom?")))
                if order.count == 0:
                    break
                cause = ctx.last_seq
                for _ in range(order.count):
                    crew = members(fighters(state, player), key)
                    victim = _next_target(state, player, order)
                    if not crew or victim is None:
                        break
                    _fight(ctx, crew[0], victim, cause)


def _name(state: CogsState, key: tuple[int, str, str]) -> str:
    return f"{state.cogs[key[0]].name} {key[1]} {key[2]}"


def _options(mode: str, key, targets, available: int, possible) -> list[dict[str, Any]]:
    cog, deck, profile = key
    mode_base = {"cog": cog, "deck": deck, "profile": profile}
    out = [{"mode": mode, **mode_base, "target_cog": None, "target_deck": None, "target_profile": None,
            "count": 0}]
    for t, d, foes, number in targets:
        if not possible(number):
            continue
        for prof in _profiles(foes):
            for n in range(1, available + 1):
                out.append({"mode": mode, **mode_base, "target_cog": t, "target_deck": d,
                            "target_profile": prof, "count": n})
    return out


def _profiles(crew: list[Crew]) -> list[str]:
    seen: list[str] = []
    for c in sorted(crew, key=lambda c: c.id):
        if crew_profile(c) not in seen:
            seen.append(crew_profile(c))
    return seen


def _next_target(state: CogsState, player: int, order: ev.AttackOrdered) -> Crew | None:
    facing = None
    if order.target_deck == "middle":
        facing = order.cog
    pool = _targetable(deck_crew(state, order.target_cog, order.target_deck, facing))
    for c in sorted(pool, key=lambda c: c.id):
        if c.owner != player and crew_profile(c) == order.target_profile:
            return c
    return None


def _shoot(ctx: Context, shooter: Crew, victim: Crew, cause: int) -> Generator[Request, Any, None]:
    state: CogsState = ctx.state
    tn, ff, mods = ranged_number(state, shooter, victim.cog, victim.deck, ctx.game.friendly_fire)
    roll, seq = d20(ctx, "ranged attack", cause=cause)
    hit = roll < tn
    # A near miss hits one of the firer's crew there (p.7): one still standing (a struck one is no target).
    deflected = not hit and ff > 0 and roll < tn + ff and bool(_standing_friends(state, shooter, victim))
    weapon = ranged_weapon(shooter) or ""
    shot = ctx.emit(ev.AttackRolled(mode="ranged", attacker=shooter.id, target=victim.id, weapon=weapon,
                                    roll=roll, target_number=tn, modifiers=mods, hit=hit, deflected=deflected),
                    actor=shooter.owner, cause=seq)
    if deflected:
        victim = yield from _deflect(ctx, shooter, victim, shot)
        if victim is None:
            return
    if hit or deflected:
        _resolve(ctx, shooter, victim, weapon, shot)


def _standing_friends(state: CogsState, shooter: Crew, aimed_at: Crew) -> list[Crew]:
    """The firer's crew on the target deck a near miss may hit: standing, not struck (ruling "Struck crew")."""
    return [c for c in _targetable(deck_crew(state, aimed_at.cog, aimed_at.deck)) if c.owner == shooter.owner]


def _deflect(ctx: Context, shooter: Crew, aimed_at: Crew, cause: int) -> Generator[Request, Any, Crew | None]:
    """A friendly-fire near miss hits the firer's own crew, chosen by the targeted player (p.7)."""
    state: CogsState = ctx.state
    own = _standing_friends(state, shooter, aimed_at)
    if not own:
        return None
    base = {"cog": aimed_at.cog, "deck": aimed_at.deck}
    choice = yield from ctx.ask(labelled(state, Request(
        aimed_at.owner, "deflect", ev.DeflectionChosen, tuple({**base, "profile": p} for p in _profiles(own)),
        cause=cause, prompt="A friendly-fire near miss: which of the firer's crew is hit?")))
    return next(c for c in sorted(own, key=lambda c: c.id) if crew_profile(c) == choice.profile)


def _fight(ctx: Context, attacker: Crew, victim: Crew, cause: int) -> None:
    tn, mods = melee_number(attacker, victim)
    roll, seq = d20(ctx, "close combat", cause=cause)
    weapon = melee_weapon(attacker)
    hit = roll < tn
    shot = ctx.emit(ev.AttackRolled(mode="melee", attacker=attacker.id, target=victim.id, weapon=weapon,
                                    roll=roll, target_number=tn, modifiers=mods, hit=hit, deflected=False),
                    actor=attacker.owner, cause=seq)
    if hit:
        _resolve(ctx, attacker, victim, weapon, shot)


def save_kinds(victim: Crew, weapon: str) -> list[str]:
    """Armor (not against a crossbow) and hero saves, in that order."""
    kinds = []
    if victim.armored and weapon != "crossbow":
        kinds.append("armor")
    if victim.hero:
        kinds.append("hero")
    return kinds


def _save(ctx: Context, victim: Crew, kind: str, cause: int) -> bool:
    roll, seq = d20(ctx, f"{kind} save", cause=cause)
    saved = roll <= SAVE_TARGET
    ctx.emit(ev.SaveRolled(crew=victim.id, save=kind, roll=roll, saved=saved), cause=seq)
    return saved


def _resolve(ctx: Context, attacker: Crew, victim: Crew, weapon: str, cause: int) -> None:
    """Saves, then the hit's result: a kill, or a capture (bare hands; a mace's failed second save)."""
    saved = False
    for kind in save_kinds(victim, weapon):
        if _save(ctx, victim, kind, cause):
            saved = True
            break
    if saved:
        if weapon != "mace" or _save(ctx, victim, "mace", cause):
            return
        fate = "captured"
    else:
        fate = "captured" if weapon == "unarmed" else "killed"
    hold = capture_hold(ctx.state, attacker.owner, attacker.cog) if fate == "captured" else None
    if fate == "captured" and hold is None:
        fate = "killed"  # nowhere to hold a captive
    ctx.emit(ev.CrewStruck(crew=victim.id, fate=fate, by=attacker.owner, hold_cog=hold),
             actor=attacker.owner, cause=cause)


def capture_hold(state: CogsState, player: int, near: int) -> int | None:
    """Ruling: captives go to the hold of the capturer's cog -- the one it stands on if its side
    controls it, else its side's nearest afloat cog (lowest id on ties); None if it has none."""
    here = state.cogs.get(near)
    if here is not None and here.owner == player and not here.sunk:
        return here.id
    own = [c for c in state.afloat() if c.owner == player]
    if not own:
        return None
    origin = here.pos if here is not None else (0, 0)
    return min(own, key=lambda c: (distance2(origin, c.pos), c.id)).id
