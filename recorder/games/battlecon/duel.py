"""The match: duels (setup, starting discards, beats) until the match is decided."""

from __future__ import annotations

from itertools import permutations

from . import events as E
from . import special_events as SE
from .beat import play_beat
from .cards import KITS, STYLE
from .effects import DuelOver, choose
from .specials import SIDES, fixed_sides
from .state import START_LIFE

START = {"woi": (3, 5), "preview": (2, 6)}
BEAT_CAP = 100  # engine safeguard: Preview has no beat limit, and WoI Pulse beats are not counted (rulings)


def discard_options(fighter: str, player: int) -> tuple[list[dict], list[str]]:
    """Every legal starting-discards answer: (style, base) for discard 1 and another for discard 2."""
    k = KITS[fighter]
    bases = list(k.bases)
    opts, labels = [], []
    for s1, s2 in permutations(k.styles, 2):
        for b1, b2 in permutations(bases, 2):
            opts.append({"player": player, "discard1": [s1, b1], "discard2": [s2, b2]})
            labels.append(f"discard 1: {s1} {b1}; discard 2: {s2} {b2}")
    return opts, labels


def setup_duel(ctx, duel: int):
    s = ctx.state
    ctx.set_clock(duel, 0)
    ctx.emit(E.DuelStarted(duel=duel, fighters=tuple(s.sides), positions=START[s.edition],
                           life=(START_LIFE, START_LIFE), beat_limit=s.beat_limit))
    if s.special_actions or s.ante_finishers:
        yield from choose_finishers(ctx)
    chosen = []
    for p in (0, 1):
        k = KITS[s.sides[p]]
        if s.discards == "chosen":
            opts, labels = discard_options(k.id, p)
            pick = yield from choose(ctx, p, "discards", E.DiscardsChosen, opts, labels,
                                     f"{s.names[p]}: choose your starting discards", None, secret=True, always=True)
            chosen.append((tuple(pick["discard1"]), tuple(pick["discard2"]), "chosen"))
        else:
            chosen.append((k.suggested[0], k.suggested[1], "suggested"))
    for p, (d1, d2, how) in enumerate(chosen):
        ctx.emit(E.DiscardsSet(player=p, discard1=d1, discard2=d2, how=how), actor=p)
    for p in (0, 1):  # each kit's own set-up (markers, tokens or cards it puts out before beat 1)
        yield from s.fighters[p].rules.setup(ctx, p)


def choose_finishers(ctx):
    """Each player secretly picks a side of the Finisher card, then both are shown (WoI p.22 step 3, p.32);
    a seat whose side the header's ``finishers`` option fixes is not asked."""
    s = ctx.state
    names = []
    for p, fixed in enumerate(fixed_sides(ctx.header.options)):
        sides = ctx.game.finisher_sides(s.sides[p])  # this engine's (a card a later engine added is left out)
        if fixed is not None:
            names.append(sides[SIDES.index(fixed)])
            continue
        pick = yield from choose(ctx, p, "finisher", SE.FinisherChosen, [{"player": p, "finisher": n} for n in sides],
                                 list(sides), f"{s.names[p]}: choose your Finisher for this duel (secret)", None,
                                 secret=True, always=True)
        names.append(pick["finisher"])
    ctx.emit(SE.FinishersRevealed(finishers=tuple(names)))


def time_out(ctx, reason: str) -> None:
    s = ctx.state
    l0, l1 = (f.life for f in s.fighters)
    winner = None if l0 == l1 else (0 if l0 > l1 else 1)
    ctx.emit(E.DuelEnded(duel=s.duel, winner=winner, reason=reason, life=(l0, l1)))


def play_duel(ctx, duel: int):
    yield from setup_duel(ctx, duel)
    s = ctx.state
    try:
        while True:
            yield from play_beat(ctx)
            if s.beat_limit is not None and s.counted_beats >= s.beat_limit:
                time_out(ctx, "time")
                break
            if s.beat >= BEAT_CAP:
                time_out(ctx, "beat_cap")
                break
    except DuelOver:
        pass
    for p in (0, 1):  # each kit's duel end, after DuelEnded (what carries over to the next duel)
        yield from s.fighters[p].rules.duel_end(ctx, p)


def play_match(ctx):
    s = ctx.state
    duel = 0
    while True:
        duel += 1
        yield from play_duel(ctx, duel)
        need = 2 if s.duels == 3 else 1
        if max(s.score) >= need or duel >= s.duels:
            break
    a, b = s.score
    winner = None if a == b else (0 if a > b else 1)
    reason = f"won {max(a, b)}-{min(a, b)}" if winner is not None else f"drawn {a}-{b}"
    ctx.emit(E.MatchEnded(winner=winner, score=(a, b), reason=reason))


__all__ = ["play_match", "discard_options", "STYLE"]
