"""The beat sequence (WoI p.23-26): select, ante, reveal, clash, start, attacks, end, recycle."""

from __future__ import annotations

from recorder import canonical

from . import events as E
from . import stats
from .attack import activate
from .cards import KITS, STYLE
from .effects import ante_options, choose, fighter_name, run_triggers
from .fighters import after_ante, on_reveal
from .state import BattleState

PREVIEW_CLASH_CAP = 12  # engine safeguard: a Preview clash this long ends as in WoI (docs/rulings.md)


def hand_split(s: BattleState, p: int) -> tuple[list[str], list[str]]:
    f = s.fighters[p]
    cards = KITS[f.kit].cards
    styles = [c for c in f.hand if cards[c].kind == STYLE]
    bases = [c for c in f.hand if cards[c].kind != STYLE]
    return styles, bases


def commitment(ctx, p: int, style: str, base: str) -> str:
    h = ctx.header
    s = ctx.state
    nonce = canonical.digest({"seed": h.seed, "match_id": h.match_id, "duel": s.duel, "beat": s.beat,
                              "player": p})[:16]
    return canonical.digest({"match_id": h.match_id, "duel": s.duel, "beat": s.beat, "player": p,
                             "style": style, "base": base, "nonce": nonce})


def select_pairs(ctx):
    s = ctx.state
    for p in (0, 1):
        styles, bases = hand_split(s, p)
        order = KITS[s.fighters[p].kit].all_cards
        styles.sort(key=order.index)
        bases.sort(key=order.index)
        opts = [{"player": p, "style": st, "base": b} for st in styles for b in bases]
        labels = [f"{st} {b}" for st in styles for b in bases]
        pick = yield from choose(ctx, p, "pair", E.PairSelected, opts, labels,
                                 f"{s.names[p]}: choose your attack pair (face down)", None,
                                 secret=True, always=True)
        ctx.emit(E.PairCommitted(player=p, digest=commitment(ctx, p, pick["style"], pick["base"])), actor=p,
                 cause=len(ctx.entries))


def ante_step(ctx):
    s = ctx.state
    if s.beat == 1 or s.last_active is None:
        first = ctx.chance("first_ante", 2)
        why = "drawn by chance (first beat of the duel)"
    else:
        first, why = s.last_active, "active player of the previous beat"
    ctx.emit(E.AnteStarted(first=first, why=why))
    passes, p = 0, first
    while passes < 2:
        tokens = ante_options(s, p)
        if not tokens:
            passes += 1  # nothing to ante: a forced pass, not a decision
        else:
            opts = [{"player": p, "ante": "pass"}] + [{"player": p, "ante": t} for t in tokens]
            labels = ["Pass"] + [f"Ante {t}" + (" (Stun Immunity)" if t == "Iron Body" else "") for t in tokens]
            pick = yield from choose(ctx, p, "ante", E.AnteDeclared, opts, labels,
                                     f"{s.names[p]}: ante or pass", None, always=True)
            passes = passes + 1 if pick["ante"] == "pass" else 0
        p = 1 - p
    for q in (0, 1):  # effects fixed by the ante step (Kallistar's form)
        after_ante(ctx, q)


def reveal(ctx):
    s = ctx.state
    f0, f1 = s.fighters
    ctx.emit(E.PairRevealed(styles=(f0.style, f1.style), bases=(f0.base, f1.base)))
    # (Special actions, when added, resolve here: after the reveal, before Reveal effects.)
    for p in (0, 1):
        yield from run_triggers(ctx, p, "reveal")
    for p in (0, 1):  # unique abilities at Reveal (Khadath's Gate Trap)
        on_reveal(ctx, p)


def decide_priority(ctx):
    """Compare priorities, clashing on ties. Returns False when the clash was abandoned (skip to recycle)."""
    s = ctx.state
    rnd = 0
    while True:
        (p0, t0), (p1, t1) = stats.priority(s, 0), stats.priority(s, 1)
        terms = (stats.format_terms(t0, p0), stats.format_terms(t1, p1))
        if p0 != p1:
            active = 0 if p0 > p1 else 1
            why = f"{fighter_name(ctx, active)} has the higher priority ({max(p0, p1)} > {min(p0, p1)})"
            ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=active, why=why))
            return True
        ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=None, why=f"tie at {p0}: clash"))
        rnd += 1
        seq = ctx.emit(E.ClashOccurred(priority=p0, round=rnd))
        for p in (0, 1):
            if not hand_split(s, p)[1]:
                if s.edition == "preview" and rnd <= PREVIEW_CLASH_CAP:
                    f = s.fighters[p]
                    ctx.emit(E.ClashBasesRecovered(player=p, bases=tuple([f.base] + f.covered)), actor=p, cause=seq)
                else:
                    ctx.emit(E.ClashAbandoned(player=p), actor=p, cause=seq)
                    return False
        for p in (0, 1):
            bases = hand_split(s, p)[1]
            order = KITS[s.fighters[p].kit].bases
            bases.sort(key=order.index)
            yield from choose(ctx, p, "clash", E.ClashBaseSelected, [{"player": p, "base": b} for b in bases],
                              bases, f"Clash! {s.names[p]}: play a new base face down", seq,
                              secret=True, always=True)
        ctx.emit(E.ClashRevealed(bases=(s.fighters[0].base, s.fighters[1].base)), cause=seq)


def recycle(ctx, p: int) -> None:
    f = ctx.state.fighters[p]
    played = tuple(c for c in (f.style, f.base) if c is not None)
    ctx.emit(E.CardsRecycled(player=p, to_hand=tuple(f.discard2) + tuple(f.covered), discard1=played,
                             discard2=tuple(f.discard1)), actor=p)


def end_beat(ctx) -> None:
    s = ctx.state
    left = None if s.beat_limit is None else s.beat_limit - s.beat
    ctx.emit(E.BeatEnded(beat=s.beat, beats_left=left, life=tuple(f.life for f in s.fighters),
                         positions=tuple(f.position for f in s.fighters)))


def play_beat(ctx):
    """One beat. Raises DuelOver (after DuelEnded) when a fighter reaches 0 life."""
    s = ctx.state
    ctx.set_clock(s.duel, s.beat + 1)
    ctx.emit(E.BeatStarted(beat=s.beat + 1))
    for p in (0, 1):
        styles, bases = hand_split(s, p)
        if not styles or not bases:
            ctx.emit(E.BeatSkipped(player=p, reason="no style in hand" if not styles else "no base in hand"),
                     actor=p)
            for q in (0, 1):
                recycle(ctx, q)
            end_beat(ctx)
            return
    yield from select_pairs(ctx)
    yield from after_selection(ctx)


def after_selection(ctx):
    """Steps 2-5 of a beat once both pairs are face down (also driven by the greedy bot's lookahead)."""
    s = ctx.state
    yield from ante_step(ctx)
    yield from reveal(ctx)
    if (yield from decide_priority(ctx)):
        active = s.active
        order = (active, 1 - active)
        for p in order:
            yield from run_triggers(ctx, p, "start")
        yield from activate(ctx, active, "active")
        yield from activate(ctx, 1 - active, "reactive")
        for p in order:
            yield from run_triggers(ctx, p, "end")
    for p in (0, 1):
        recycle(ctx, p)
    end_beat(ctx)
