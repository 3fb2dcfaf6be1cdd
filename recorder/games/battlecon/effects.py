"""Effect primitives: the verbs card data is written in.

Each primitive is a small generator ``(ctx, owner, card, cause, **params)``
that asks for any choice it needs and changes the state only by emitting
events; a :class:`Primitive` says in which timing windows card data may use it
and (from its signature) which parameters it takes. :data:`PRIMITIVES` names
the shared ones; the Finishers' own verbs are in ``finisher_effects.py``, a
kit's in its module, and ``fighters/__init__.py`` joins them all (checking
every card against them); ``triggers.py`` resolves a player's triggered effects.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Generator, Iterable, Sequence

from recorder.decisions import LazyLabels, Request

from . import events as E
from . import movement
from . import kit_events as KE
from . import special_events as SE
from .cards import KITS, TIMINGS
from .state import WITH_PAIR
from .stats import stun_immunity

Gen = Generator[Request, Any, Any]

VERB = {"advance": "Advance", "retreat": "Retreat", "move": "Move", "push": "Push", "pull": "Pull",
        "move_opponent": "Move", "move_directly": "Move directly"}


class DuelOver(Exception):
    """Raised (after DuelEnded is emitted) to unwind the beat when a fighter reaches 0 life."""


@dataclass(frozen=True, slots=True)
class Primitive:
    """An effect verb of card data: ``run(ctx, owner, card, cause, **params)``, the timing windows it may be
    used in, and its parameters (name -> required), read from ``run``'s keyword parameters. ``kit``: the
    fighter whose cards alone may use it (None: every fighter's). Card data is checked against this when it
    loads (fighters/__init__.py), so a misspelt parameter is an error naming the card, not a crash in play."""

    run: Callable[..., Gen]
    windows: tuple[str, ...] = TIMINGS
    kit: str | None = None

    @property
    def params(self) -> dict[str, bool]:
        return dict(_run_params(self.run))


@lru_cache(maxsize=None)
def _run_params(run: Callable[..., Gen]) -> dict[str, bool]:
    # Read once per primitive: every card using it is checked against them when its kit loads (at import).
    sig = inspect.signature(run).parameters
    return {n: p.default is inspect.Parameter.empty for n, p in list(sig.items())[4:]}


def fighter_name(ctx, p: int) -> str:
    return KITS[ctx.state.fighters[p].kit].short_name


def choose(ctx, player: int, kind: str, event: type, options: list[dict[str, Any]],
           labels: Sequence[str] | Callable[[], Iterable[str]], prompt: str, cause: int | None, *,
           secret: bool = False, always: bool = False, extra: tuple[str, ...] = ()) -> Gen:
    """The chosen option: asked through a Request unless only one option exists (and not ``always``).
    ``labels``: the options' labels, or a function giving them when someone reads them (most answers come from
    bots, scripts and logs, which never do: ``LazyLabels``; it must use only values fixed now, not the state).
    ``extra`` names answer fields beyond the option's to return too (a pair's secret salt)."""
    if len(options) == 1 and not always:
        return options[0]
    if not options:  # ask refuses it, naming the decision
        return (yield from ctx.ask(Request(player, kind, event, (), prompt, secret, cause)))
    req = Request(player, kind, event, tuple(options), prompt, secret, cause,
                  LazyLabels(labels) if callable(labels) else tuple(labels))
    answer = yield req  # as ctx.ask(req) does, without a generator of its own
    ev = ctx.answered(req, answer)
    data = answer.data
    if data.keys() == options[0].keys():  # the event's fields are the answer's, as given
        pick = dict(data)
        for k in extra:
            pick[k] = getattr(ev, k)
        return pick
    return {k: getattr(ev, k) for k in (*options[0], *extra)}


# -- movement -------------------------------------------------------------------


def move_fighter(ctx, owner: int, mover: int, kind: str, n, card: str, cause: int,
                 not_past: bool = False) -> Gen:
    """Resolve one movement effect; returns the Dest taken, or None when ignored."""
    s = ctx.state
    fm = s.fighters[mover]
    start = fm.figure.space
    if kind == "move_directly":
        dests = movement.direct_destinations(s, mover, owner)
    else:
        dests = movement.destinations(s, mover, kind, n, owner)
    if not_past:
        dests = [d for d in dests if not d.switched]
    rules = fm.rules
    if "ignore_movement" in rules.hooks and (yield from rules.ignore_movement(ctx, mover, owner, kind, card, cause, dests)):
        return None  # the mover's ability ignores this movement effect (it said so)
    if not dests:
        why = movement.locked(s, mover) if fm.locks else None
        reason = (f"{fighter_name(ctx, mover)} cannot move this beat ({why})" if why
                  else f"{kind} {_ns(n)}: no legal destination")
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=reason), actor=owner, cause=cause)
        return None
    if len(dests) == 1:  # nothing to ask: no options, no prompt, no labels
        dest = dests[0]
    else:
        who = "" if mover == owner else fighter_name(ctx, mover) + " "
        prompt = f"{card}: {VERB[kind].lower()} {who}{_ns(n) if kind != 'move_directly' else 'to any unoccupied space'}"
        pick = yield from choose(ctx, owner, "move", E.MoveChosen, [{"player": owner, "to": d.to} for d in dests],
                                 lambda dests=tuple(dests): _move_labels(kind, who, start, dests), prompt, cause)
        to = pick["to"]
        for dest in dests:
            if dest.to == to:
                break
    if dest.to != start:
        # player, by, kind, from_space, to_space, distance, switched_sides (positionally: most movements)
        moved(ctx, E.FighterMoved(mover, owner, kind, start, dest.to, dest.distance, dest.switched), owner, cause)
    return dest


def advance_until_adjacent(ctx, owner: int, card: str, cause: int | None) -> Gen:
    """"Advance until you are adjacent to the opponent", a kit's card primitive (``until_adjacent``)."""
    return until_adjacent(ctx, owner, card, cause)


def until_adjacent(ctx, owner: int, card: str, cause: int | None, earlier: str | None = None) -> Gen:
    """"Advance until you are adjacent to the opponent": the movement ``movement.until_adjacent`` finds (one for
    every kit); already adjacent, or with no legal space toward the opponent, it is ignored and says why.
    ``earlier``: the words engine 4 recorded for the kit's card when it could not move (the game's
    ``until_adjacent_blocked`` hook)."""
    s = ctx.state
    if movement.distance(s, owner, 1 - owner) <= 1:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="already adjacent to the opponent"), actor=owner,
                 cause=cause)
        return
    dest = movement.until_adjacent(s, owner)
    if dest is None:
        why = movement.locked(s, owner) if s.fighters[owner].locks else None
        reason = f"{fighter_name(ctx, owner)} cannot move this beat ({why})" if why else "no legal space toward the opponent"
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=ctx.game.until_adjacent_blocked(reason, earlier)),
                 actor=owner, cause=cause)
        return
    yield from move_fighter(ctx, owner, owner, "advance", (dest.distance,), card, cause, not_past=True)


def move_next_to_opponent(ctx, owner: int, card: str, cause: int | None) -> Gen:
    """Move directly to a free space adjacent to the opponent, the player choosing which (never staying put: an
    effect that moves a fighter next to the opponent is ignored when no such space is free; WoI FAQ), for a kit's
    card primitive or ability."""
    s = ctx.state
    there, start = s.fighters[1 - owner].position, s.fighters[owner].position
    dests = [d for d in movement.direct_destinations(s, owner) if abs(d.to - there) == 1]
    if not dests:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no free space adjacent to the opponent"),
                 actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "move", E.MoveChosen, [{"player": owner, "to": d.to} for d in dests],
                             [f"Move directly to {d.to} ({start} → {d.to})" for d in dests],
                             f"{card}: move directly to a space adjacent to the opponent", cause)
    d = next(d for d in dests if d.to == pick["to"])
    moved(ctx, E.FighterMoved(player=owner, by=owner, kind="move_directly", from_space=start, to_space=d.to,
                              distance=d.distance, switched_sides=d.switched), owner, cause)


def moved(ctx, event: E.FighterMoved, actor: int, cause: int | None) -> int:
    """Emit a movement, then let every fighter's ability react to it (the kits' ``after_movement`` hook:
    "if an opponent moves past you"); returns its seq."""
    seq = ctx.emit(event, actor=actor, cause=cause)
    for q, f in enumerate(ctx.state.fighters):
        if "after_movement" in f.rules.hooks:
            f.rules.after_movement(ctx, q, event, seq)
    return seq


def _move_labels(kind: str, who: str, start: int, dests: tuple[movement.Dest, ...]) -> list[str]:
    """The labels of a movement's options: "Advance 2 (3 → 5)", "Move directly to 4 (2 → 4)", "Stay on 3 (0)"."""
    return [
        f"{VERB[kind]} {who}{d.distance} ({start} → {d.to})" if d.to != start and kind != "move_directly"
        else (f"{VERB[kind]} {who}to {d.to} ({start} → {d.to})" if d.to != start else f"Stay on {start} (0)")
        for d in dests
    ]


def _ns(n) -> str:
    """A movement's distances in words: "up to 2", "1", "1, 2 or 3"."""
    try:
        return _ns_of(tuple(n or ()))
    except TypeError:  # not hashable
        return _ns_of.__wrapped__(tuple(n or ()))


@lru_cache(maxsize=256)
def _ns_of(n: tuple[int, ...]) -> str:
    if not n:
        return ""
    if n[0] == 0:
        return f"up to {n[-1]}"
    if len(n) == 1:
        return str(n[0])
    return ", ".join(map(str, n[:-1])) + f" or {n[-1]}"


def _self_move(kind: str):
    def prim(ctx, owner, card, cause, n=(1,), if_switched=None, dodge_if_switched=False):
        if not (if_switched or dodge_if_switched):  # most: the movement alone (its generator, none around it)
            return move_fighter(ctx, owner, owner, kind, n, card, cause)
        return _switched(ctx, owner, kind, card, cause, n, if_switched, dodge_if_switched)
    return prim


def _switched(ctx, owner, kind: str, card, cause, n, if_switched, dodge_if_switched) -> Gen:
    """A movement of the fighter's own with a bonus when it switches sides (``_self_move``)."""
    dest = yield from move_fighter(ctx, owner, owner, kind, n, card, cause)
    if dest is not None and dest.switched:
        if if_switched:
            ctx.emit(E.StatusGained(player=owner, stat=if_switched["stat"], amount=if_switched["amount"],
                                    when="this", label=f"{card} (switched sides)"), actor=owner, cause=cause)
        if dodge_if_switched:
            ctx.emit(E.DodgeGained(player=owner, reason=f"{card}: switched sides"), actor=owner, cause=cause)


def _other_move(kind: str):
    def prim(ctx, owner, card, cause, n=(1,), not_past=False):
        return move_fighter(ctx, owner, 1 - owner, kind, n, card, cause, not_past=not_past)  # its generator as is
    return prim


def move_directly(ctx, owner, card, cause):
    yield from move_fighter(ctx, owner, owner, "move_directly", (), card, cause)


def swap(ctx, owner, card, cause):
    """Switch places with the opponent (a special direct movement)."""
    s = ctx.state
    a, b = s.fighters[owner].position, s.fighters[1 - owner].position
    # One movement of both fighters: both records first (between them the two share a space), then the abilities
    # that react to a movement see each, the board whole again.
    halves = (E.FighterMoved(player=owner, by=owner, kind="swap", from_space=a, to_space=b, distance=abs(a - b),
                             switched_sides=True),
              E.FighterMoved(player=1 - owner, by=owner, kind="swap", from_space=b, to_space=a, distance=abs(a - b),
                             switched_sides=True))
    seqs = [ctx.emit(e, actor=owner, cause=cause) for e in halves]
    for event, seq in zip(halves, seqs):
        for q, f in enumerate(s.fighters):
            if "after_movement" in f.rules.hooks:
                f.rules.after_movement(ctx, q, event, seq)
    return
    yield


# -- stats, life, stun -------------------------------------------------------------


def status(ctx, owner, card, cause, stat, amount, when="this", target="self"):
    p = owner if target == "self" else 1 - owner
    ctx.emit(E.StatusGained(player=p, stat=stat, amount=amount, when=when, label=card), actor=owner, cause=cause)
    return
    yield


def spending_forbidden(s) -> str | None:
    """Why no player may spend tokens or counters now (a fighter's ``forbids_spending`` hook), or None: a kit
    asks this before any spending and, forbidden, says so with ``EffectIgnored``."""
    for q, f in enumerate(s.fighters):
        if "forbids_spending" in f.rules.hooks:
            why = f.rules.forbids_spending(s, q)
            if why:
                return why
    return None


def discard_with_pair(ctx, player: int, card: str, reason: str, cause: int | None) -> None:
    """Player ``player`` discards ``card`` from their hand "with this beat's attack pair": it waits in the zone
    ``with the pair`` and joins the pair in discard 1 when their cards recycle (``beat.recycle``)."""
    ctx.emit(KE.CardMoved(player=player, card=card, from_zone="hand", to_zone=WITH_PAIR, reason=reason),
             actor=player, cause=cause)


def lose_life(ctx, player: int, amount: int, reason: str, cause: int | None) -> None:
    """Life loss: never below 1, ignores soak, never stuns; the full amount still counts (FAQ)."""
    life = ctx.state.fighters[player].life
    lost = max(0, min(amount, life - 1))
    ctx.emit(E.LifeLost(player=player, amount=amount, lost=lost, life_after=life - lost, reason=reason),
             actor=player, cause=cause)


def lose_life_prim(ctx, owner, card, cause, amount):
    lose_life(ctx, owner, amount, card, cause)
    return
    yield


def gain_life(ctx, player: int, amount: int, reason: str, cause: int | None) -> None:
    """Life gain ("regain 3 life"): exactly ``amount``, with no cap (docs/rulings.md, "Life gain")."""
    if amount > 0:
        life = ctx.state.fighters[player].life
        ctx.emit(KE.LifeGained(player=player, amount=amount, life_after=life + amount, reason=reason),
                 actor=player, cause=cause)


def gain_life_prim(ctx, owner, card, cause, amount, target="self"):
    """``target``: "self", "opponent" or "both" (the owner first: "both you and the opponent regain 3 life")."""
    for p in {"self": (owner,), "opponent": (1 - owner,), "both": (owner, 1 - owner)}[target]:
        gain_life(ctx, p, amount, card, cause)
    return
    yield


def stun(ctx, target: int, cause: int | None) -> None:
    """'The opponent is stunned': ignores soak and stun guard, not stun immunity. The event records the
    fighter's true figures then (the game's ``effect_stun_figures`` hook: engine 3 recorded zeros)."""
    if ctx.state.fighters[target].stunned:
        return  # stunned once per beat: a second stun changes nothing and is not logged
    immune = stun_immunity(ctx.state, target)
    damage, guard = ctx.game.effect_stun_figures(ctx.state, target)
    if immune:
        ctx.emit(E.StunPrevented(player=target, by=f"stun immunity ({immune})", damage=damage, stun_guard=guard),
                 actor=target, cause=cause)
    else:
        seq = ctx.emit(E.StunApplied(player=target, reason="effect", damage=damage, stun_guard=guard), cause=cause)
        if "when_stunned" in ctx.state.fighters[target].rules.hooks:
            ctx.state.fighters[target].rules.when_stunned(ctx, target, seq)


def stun_opponent(ctx, owner, card, cause):
    stun(ctx, 1 - owner, cause)
    return
    yield


# -- tokens, forms, trap --------------------------------------------------------------


def regain_token(ctx, owner, card, cause, repeat=False):
    f = ctx.state.fighters[owner]
    options = sorted({t for t in f.token_discard if t not in f.anted_this_beat and t not in f.tokens})
    if not options:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no token to regain"), actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "regain", E.TokenChosen, [{"player": owner, "token": t} for t in options],
                             [f"Regain {t}" for t in options], f"{card}: regain a token", cause)
    ctx.emit(E.TokenRegained(player=owner, token=pick["token"]), actor=owner, cause=cause)
    if repeat:  # "if you did, repeat this attack"
        ctx.emit(SE.RepeatEarned(player=owner, card=card, reason=f"regained {pick['token']}"), actor=owner, cause=cause)


def return_antes(ctx, owner, card, cause):
    f = ctx.state.fighters[owner]
    if f.anted:
        ctx.emit(E.TokensReturned(player=owner, tokens=tuple(f.anted)), actor=owner, cause=cause)
    return
    yield


def form(ctx, owner, card, cause, to):
    if ctx.state.fighters[owner].form != to:
        ctx.emit(E.FormChanged(player=owner, form=to), actor=owner, cause=cause)
    return
    yield


def ante_options(s, p: int, extra: bool = False) -> list[str]:
    """Legal antes for player p now (besides "pass"): the fighter's kit hook."""
    return s.fighters[p].rules.ante_options(s, p, extra)


def extra_ante(ctx, owner, card, cause):
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


def counter(ctx, owner, card, cause, name, amount):
    """Change a counter of the owner's kit by ``amount``, clamped to its bounds (card data "counters")."""
    change_counter(ctx, owner, name, amount, card, cause)
    return
    yield


def change_counter(ctx, owner: int, name: str, amount: int, reason: str, cause: int | None) -> int:
    """Emit the CounterChanged of ``amount`` (clamped to the counter's bounds); returns the change made."""
    f = ctx.state.fighters[owner]
    spec = KITS[f.kit].counters[name]
    now = f.counters.get(name, spec["start"])
    value = max(spec["min"], min(spec["max"], now + amount))
    if value != now:
        ctx.emit(KE.CounterChanged(player=owner, counter=name, amount=value - now, value=value, reason=reason),
                 actor=owner, cause=cause)
    return value - now


def choose_space(ctx, owner: int, name: str, spaces: list[int], reason: str, cause: int | None) -> Gen:
    """Ask the owner for one of ``spaces`` for the kit's marker ``name`` (a ``marker`` decision); None when
    there is none (EffectIgnored says so)."""
    if not spaces:
        ctx.emit(E.EffectIgnored(player=owner, card=reason, reason=f"no space for the {name}"), actor=owner, cause=cause)
        return None
    pick = yield from choose(ctx, owner, "marker", KE.MarkerSpaceChosen,
                             [{"player": owner, "marker": name, "space": sp} for sp in spaces],
                             [f"{name} on {sp}" for sp in spaces], f"{reason}: place your {name}", cause)
    return pick["space"]


def place_marker(ctx, owner: int, name: str, space: int, reason: str, cause: int | None) -> None:
    """Put the kit's marker ``name`` on ``space`` (MarkerPlaced)."""
    m = ctx.state.marker(owner, name)
    ctx.emit(KE.MarkerPlaced(player=owner, marker=name, space=space, from_space=m.space if m else None,
                             reason=reason), actor=owner, cause=cause)


def figure_of(s, owner: int, name: str):
    """Player ``owner``'s extra figure ``name`` (``state.Figure``; space 0: off the board), or None before it was
    first placed."""
    for fig in s.extra_figures:
        if fig.owner == owner and fig.name == name:
            return fig
    return None


def move_figure(ctx, owner: int, name: str, spaces: list[int], reason: str, cause: int | None, how: str = "") -> Gen:
    """Ask the owner for one of ``spaces`` for the kit's extra figure ``name`` (a ``figure`` decision; the
    figure's own space among them means it may stay) and put it there (``FigurePlaced``; nothing when it stays).
    An extra figure that shares spaces is never in the way: ``spaces`` are the kit's to say; ``how`` ends the prompt
    (" up to 2 spaces"). Returns the space."""
    fig = figure_of(ctx.state, owner, name)
    here = fig.space if fig is not None else 0
    if not spaces:
        ctx.emit(E.EffectIgnored(player=owner, card=reason, reason=f"no space for {name}"), actor=owner, cause=cause)
        return here
    labels = [f"{name} stays on {sp}" if sp == here else f"Move {name} to {sp} ({here} → {sp})" for sp in spaces]
    pick = yield from choose(ctx, owner, "figure", KE.FigureSpaceChosen,
                             [{"player": owner, "figure": name, "space": sp} for sp in spaces], labels,
                             f"{reason}: move {name}{how}", cause)
    if pick["space"] != here:
        place_figure(ctx, owner, name, pick["space"], reason, cause)
    return pick["space"]


def place_figure(ctx, owner: int, name: str, space: int, reason: str, cause: int | None) -> None:
    """Put the kit's extra figure ``name`` on ``space`` (FigurePlaced)."""
    fig = figure_of(ctx.state, owner, name)
    ctx.emit(KE.FigurePlaced(player=owner, figure=name, space=space,
                             from_space=fig.space if fig is not None and fig.space else None, reason=reason),
             actor=owner, cause=cause)


def remove_figure(ctx, owner: int, name: str, reason: str, cause: int | None) -> None:
    """Take the kit's extra figure ``name`` off the board (FigureRemoved)."""
    fig = figure_of(ctx.state, owner, name)
    ctx.emit(KE.FigureRemoved(player=owner, figure=name, from_space=fig.space, reason=reason), actor=owner,
             cause=cause)


PRIMITIVES: dict[str, Primitive] = {
    "advance": Primitive(_self_move("advance")), "retreat": Primitive(_self_move("retreat")),
    "move": Primitive(_self_move("move")), "push": Primitive(_other_move("push")),
    "pull": Primitive(_other_move("pull")), "move_opponent": Primitive(_other_move("move_opponent")),
    "move_directly": Primitive(move_directly), "swap": Primitive(swap), "status": Primitive(status),
    "lose_life": Primitive(lose_life_prim), "gain_life": Primitive(gain_life_prim), "stun_opponent": Primitive(stun_opponent),
    "regain_token": Primitive(regain_token), "return_antes": Primitive(return_antes, ("reveal",)),
    "form": Primitive(form), "extra_ante": Primitive(extra_ante, ("reveal", "start")),
    "counter": Primitive(counter),
}
