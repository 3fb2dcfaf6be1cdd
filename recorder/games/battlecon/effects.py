"""Effect primitives: the verbs card data is written in.

Each primitive is a small generator ``(ctx, owner, card, cause, **params)``
that asks for any choice it needs and changes the state only by emitting
events. :data:`PRIMITIVES` names them for card data; the Finishers' own verbs
are in ``finisher_effects.py``, and ``triggers.py`` resolves a player's
triggered effects with both.
"""

from __future__ import annotations

from typing import Any, Callable, Generator

from recorder.decisions import Request

from . import events as E
from . import movement
from . import special_events as SE
from .cards import KITS
from .fighters import ante_options as ability_ante_options
from .stats import attack_range, has_passive, stun_immunity

Gen = Generator[Request, Any, Any]

VERB = {"advance": "Advance", "retreat": "Retreat", "move": "Move", "push": "Push", "pull": "Pull",
        "move_opponent": "Move", "move_directly": "Move directly"}


class DuelOver(Exception):
    """Raised (after DuelEnded is emitted) to unwind the beat when a fighter reaches 0 life."""


def fighter_name(ctx, p: int) -> str:
    return KITS[ctx.state.fighters[p].kit].name.split()[0]


def choose(ctx, player: int, kind: str, event: type, options: list[dict[str, Any]], labels: list[str],
           prompt: str, cause: int | None, *, secret: bool = False, always: bool = False,
           extra: tuple[str, ...] = ()) -> Gen:
    """The chosen option: asked through a Request unless only one option exists (and not ``always``).
    ``extra`` names answer fields beyond the option's to return too (a pair's secret salt)."""
    if len(options) == 1 and not always:
        return options[0]
    req = Request(player, kind, event, tuple(options), prompt, secret, cause, tuple(labels))
    ev = yield from ctx.ask(req)
    return {k: getattr(ev, k) for k in (*options[0], *extra)}


# -- movement -------------------------------------------------------------------


def move_fighter(ctx, owner: int, mover: int, kind: str, n, card: str, cause: int,
                 not_past: bool = False) -> Gen:
    """Resolve one movement effect; returns the Dest taken, or None when ignored."""
    s = ctx.state
    start = s.fighters[mover].position
    if kind == "move_directly":
        dests = movement.direct_destinations(s, mover)
    else:
        dests = movement.destinations(s, mover, kind, n, owner)
    if not_past:
        dests = [d for d in dests if not d.switched]
    if not dests:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{kind} {_ns(n)}: no legal destination"),
                 actor=owner, cause=cause)
        return None
    who = "" if mover == owner else fighter_name(ctx, mover) + " "
    labels = [
        f"{VERB[kind]} {who}{d.distance} ({start} → {d.to})" if d.to != start and kind != "move_directly"
        else (f"{VERB[kind]} {who}to {d.to} ({start} → {d.to})" if d.to != start else f"Stay on {start} (0)")
        for d in dests
    ]
    options = [{"player": owner, "to": d.to} for d in dests]
    prompt = f"{card}: {VERB[kind].lower()} {who}{_ns(n) if kind != 'move_directly' else 'to any unoccupied space'}"
    pick = yield from choose(ctx, owner, "move", E.MoveChosen, options, labels, prompt, cause)
    dest = next(d for d in dests if d.to == pick["to"])
    if dest.to != start:
        ctx.emit(E.FighterMoved(player=mover, by=owner, kind=kind, from_space=start, to_space=dest.to,
                                distance=dest.distance, switched_sides=dest.switched), actor=owner, cause=cause)
    return dest


def _ns(n) -> str:
    n = list(n or ())
    if not n:
        return ""
    if n[0] == 0:
        return f"up to {n[-1]}"
    if len(n) == 1:
        return str(n[0])
    return ", ".join(map(str, n[:-1])) + f" or {n[-1]}"


def _self_move(kind: str):
    def prim(ctx, owner, card, cause, n=(1,), if_switched=None, dodge_if_switched=False, **_):
        dest = yield from move_fighter(ctx, owner, owner, kind, n, card, cause)
        if dest is not None and dest.switched:
            if if_switched:
                ctx.emit(E.StatusGained(player=owner, stat=if_switched["stat"], amount=if_switched["amount"],
                                        when="this", label=f"{card} (switched sides)"), actor=owner, cause=cause)
            if dodge_if_switched:
                ctx.emit(E.DodgeGained(player=owner, reason=f"{card}: switched sides"), actor=owner, cause=cause)
    return prim


def _other_move(kind: str):
    def prim(ctx, owner, card, cause, n=(1,), not_past=False, **_):
        yield from move_fighter(ctx, owner, 1 - owner, kind, n, card, cause, not_past=not_past)
    return prim


def move_directly(ctx, owner, card, cause, **_):
    yield from move_fighter(ctx, owner, owner, "move_directly", (), card, cause)


def swap(ctx, owner, card, cause, **_):
    """Switch places with the opponent (a special direct movement)."""
    s = ctx.state
    a, b = s.fighters[owner].position, s.fighters[1 - owner].position
    ctx.emit(E.FighterMoved(player=owner, by=owner, kind="swap", from_space=a, to_space=b,
                            distance=abs(a - b), switched_sides=True), actor=owner, cause=cause)
    ctx.emit(E.FighterMoved(player=1 - owner, by=owner, kind="swap", from_space=b, to_space=a,
                            distance=abs(a - b), switched_sides=True), actor=owner, cause=cause)
    return
    yield


# -- stats, life, stun -------------------------------------------------------------


def status(ctx, owner, card, cause, stat, amount, when="this", target="self", **_):
    p = owner if target == "self" else 1 - owner
    ctx.emit(E.StatusGained(player=p, stat=stat, amount=amount, when=when, label=card), actor=owner, cause=cause)
    return
    yield


def lose_life(ctx, player: int, amount: int, reason: str, cause: int | None) -> None:
    """Life loss: never below 1, ignores soak, never stuns; the full amount still counts (FAQ)."""
    life = ctx.state.fighters[player].life
    lost = max(0, min(amount, life - 1))
    ctx.emit(E.LifeLost(player=player, amount=amount, lost=lost, life_after=life - lost, reason=reason),
             actor=player, cause=cause)


def lose_life_prim(ctx, owner, card, cause, amount, **_):
    lose_life(ctx, owner, amount, card, cause)
    return
    yield


def stun(ctx, target: int, cause: int | None, by_damage: int = 0) -> None:
    """'The opponent is stunned': ignores soak and stun guard, not stun immunity."""
    if ctx.state.fighters[target].stunned:
        return  # stunned once per beat: a second stun changes nothing and is not logged
    immune = stun_immunity(ctx.state, target)
    if immune:
        ctx.emit(E.StunPrevented(player=target, by=f"stun immunity ({immune})", damage=by_damage, stun_guard=0),
                 actor=target, cause=cause)
    else:
        ctx.emit(E.StunApplied(player=target, reason="effect", damage=by_damage, stun_guard=0), cause=cause)


def stun_opponent(ctx, owner, card, cause, **_):
    stun(ctx, 1 - owner, cause)
    return
    yield


# -- tokens, forms, trap --------------------------------------------------------------


def regain_token(ctx, owner, card, cause, repeat=False, **_):
    f = ctx.state.fighters[owner]
    options = sorted({t for t in f.token_discard if t not in f.anted_this_beat and t not in f.tokens})
    if not options:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no token to regain"), actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "regain", E.TokenChosen, [{"player": owner, "token": t} for t in options],
                             [f"Regain {t}" for t in options], f"{card}: regain a token", cause)
    ctx.emit(E.TokenRegained(player=owner, token=pick["token"]), actor=owner, cause=cause)
    if repeat:  # Four Winds: "if you did, repeat this attack"
        ctx.emit(SE.RepeatEarned(player=owner, card=card, reason=f"regained {pick['token']}"), actor=owner, cause=cause)


def return_antes(ctx, owner, card, cause, **_):
    f = ctx.state.fighters[owner]
    if f.anted:
        ctx.emit(E.TokensReturned(player=owner, tokens=tuple(f.anted)), actor=owner, cause=cause)
    return
    yield


def form(ctx, owner, card, cause, to, **_):
    if ctx.state.fighters[owner].form != to:
        ctx.emit(E.FormChanged(player=owner, form=to), actor=owner, cause=cause)
    return
    yield


def ante_options(s, p: int, extra: bool = False) -> list[str]:
    """Legal antes for player p now (besides "pass"): the fighter's unique-ability hook."""
    return ability_ante_options(s, p, extra)


def extra_ante(ctx, owner, card, cause, **_):
    anted = [p for p, f in enumerate(ctx.state.fighters) if f.finisher_anted]
    if anted:  # Ante Finishers: "No further antes can be made by either player after a Finisher is anted."
        who = "you" if anted == [owner] else fighter_name(ctx, anted[0])
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no further antes: {who} anted a Finisher "
                                 "(WoI p.32)"), actor=owner, cause=cause)
        return
    tokens = ante_options(ctx.state, owner, extra=True)
    if not tokens:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no token to ante"), actor=owner, cause=cause)
        return
    opts = [{"player": owner, "ante": "pass"}] + [{"player": owner, "ante": t} for t in tokens]
    labels = ["Pass"] + [f"Ante {t}" for t in tokens]
    yield from choose(ctx, owner, "extra_ante", E.AnteDeclared, opts, labels,
                      f"{card}: you may ante one more token", cause, always=True)


def trap_locked(ctx, owner: int) -> bool:
    return has_passive(ctx.state, owner, "trap_locked")


def place_trap(ctx, owner, card, cause, where, **_):
    s = ctx.state
    if trap_locked(ctx, owner):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="Snare: the trap cannot be placed or moved this beat"),
                 actor=owner, cause=cause)
        return
    me, opp = s.fighters[owner].position, s.fighters[1 - owner].position
    if where == "own":
        spaces = [me]
    elif where == "any":
        spaces = [sp for sp in range(1, 8) if sp != s.trap]
    else:
        kind, lo, hi, _t = attack_range(s, owner)
        if kind != "normal":
            ctx.emit(E.EffectIgnored(player=owner, card=card, reason="special range: no space is within range"),
                     actor=owner, cause=cause)
            return
        spaces = [sp for sp in range(1, 8) if lo <= abs(sp - me) <= hi and sp != opp]
    if not spaces:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no space for the trap"), actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "trap", E.TrapSpaceChosen, [{"player": owner, "space": sp} for sp in spaces],
                             [f"Trap on {sp}" for sp in spaces], f"{card}: place your Gate Trap", cause)
    ctx.emit(E.TrapPlaced(player=owner, space=pick["space"], from_space=s.trap), actor=owner, cause=cause)


def hunters(ctx, owner, card, cause, **_):
    s = ctx.state
    if s.trap is not None and abs(s.fighters[1 - owner].position - s.trap) <= 1:
        for stat in ("power", "priority"):
            ctx.emit(E.StatusGained(player=owner, stat=stat, amount=2, when="this", label=card),
                     actor=owner, cause=cause)
    return
    yield


PRIMITIVES: dict[str, Callable[..., Gen]] = {
    "advance": _self_move("advance"), "retreat": _self_move("retreat"), "move": _self_move("move"),
    "push": _other_move("push"), "pull": _other_move("pull"), "move_opponent": _other_move("move_opponent"),
    "move_directly": move_directly, "swap": swap, "status": status, "lose_life": lose_life_prim,
    "stun_opponent": stun_opponent, "regain_token": regain_token, "return_antes": return_antes,
    "form": form, "trap": place_trap, "extra_ante": extra_ante, "hunters": hunters,
}
