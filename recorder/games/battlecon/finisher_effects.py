"""Effect primitives only Finishers use (cards.json ``finishers``), joined to ``effects.PRIMITIVES`` in ``triggers.py``.

Same shape as the primitives in ``effects.py``: ``(ctx, owner, card, cause, **params)``
generators that ask for what they need and change the state only by events.
"""

from __future__ import annotations

from . import events as E
from . import kit_events as KE
from . import special_events as SE
from .effects import DuelOver, Primitive, choose, fighter_name, lose_life
from .movement import FIRST, LAST, Dest
from .specials import rearrange as arrange


def ante_all(ctx, owner, card, cause):
    """Ante every token in the pool, with all their effects."""
    f = ctx.state.fighters[owner]
    if not f.tokens:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no token in the pool"), actor=owner, cause=cause)
        return
    ctx.emit(SE.TokensAnted(player=owner, tokens=tuple(f.tokens), card=card), actor=owner, cause=cause)
    return
    yield


def feedback(ctx, owner, card, cause, per_point):
    """+``per_point`` power for each point of damage soaked this beat."""
    soaked = ctx.state.fighters[owner].soaked
    if not soaked:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no damage soaked this beat"),
                 actor=owner, cause=cause)
        return
    ctx.emit(E.StatusGained(player=owner, stat="power", amount=per_point * soaked, when="this",
                            label=f"{card} ({soaked} soaked × {per_point})"), actor=owner, cause=cause)
    return
    yield


def lose_duel(ctx, owner, card, cause):
    """At the end of the beat its user loses the duel."""
    s = ctx.state
    ctx.emit(E.DuelEnded(duel=s.duel, winner=1 - owner, reason=card, life=tuple(f.life for f in s.fighters)),
             cause=cause)
    raise DuelOver
    yield


def eliminate_opponent(ctx, owner, card, cause, if_finisher=False):
    """An instant win: the opponent is eliminated from the duel whatever their life (``FighterEliminated``), and
    the duel ends with this fighter the winner (``DuelEnded``). ``if_finisher``: only when the opponent revealed a
    Finisher this beat (their Finisher is their attack)."""
    s = ctx.state
    opp = 1 - owner
    if if_finisher and not s.fighters[opp].finisher_active:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{fighter_name(ctx, opp)} did not reveal a "
                                 "Finisher this beat"), actor=owner, cause=cause)
        return
    why = f"{fighter_name(ctx, opp)} revealed a Finisher this beat" if if_finisher else "an instant win"
    seq = ctx.emit(KE.FighterEliminated(player=opp, by=owner, card=card, reason=why), actor=owner, cause=cause)
    ctx.emit(E.DuelEnded(duel=s.duel, winner=owner, reason=card, life=tuple(f.life for f in s.fighters)), cause=seq)
    raise DuelOver
    yield


def pay_to_repeat(ctx, owner, card, cause, life):
    """May pay ``life`` (a life loss, never below 1) to repeat the attack."""
    f = ctx.state.fighters[owner]
    if f.life <= life:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"paying {life} life would take her below 1 "
                                 f"(life {f.life})"), actor=owner, cause=cause)
        return
    opts = [{"player": owner, "repeat": True}, {"player": owner, "repeat": False}]
    pick = yield from choose(ctx, owner, "repeat", SE.RepeatDecided, opts,
                             [f"Pay {life} life and repeat the attack", "Do not repeat"],
                             f"{card}: pay {life} life to repeat this attack?", cause, always=True)
    if pick["repeat"]:
        lose_life(ctx, owner, life, card, cause)
        ctx.emit(SE.RepeatEarned(player=owner, card=card, reason=f"paid {life} life"), actor=owner, cause=cause)


def rearrange(ctx, owner, card, cause, markers=False):
    """Move each fighter and (``markers``) the marker to any legal space. A card's movement effect: the other
    fighter's ability may ignore it (its ``ignore_movement`` hook), and then that fighter keeps its space."""
    s = ctx.state
    keep = []
    for q, f in enumerate(s.fighters):
        if q != owner and "ignore_movement" in f.rules.hooks:
            here, other = f.position, s.fighters[1 - q].position
            dests = [Dest(sp, abs(sp - here), (here < other) != (sp < other), (sp > here) - (sp < here))
                     for sp in range(FIRST, LAST + 1) if sp != here]
            if (yield from f.rules.ignore_movement(ctx, q, owner, "rearrange", card, cause, dests)):
                keep.append(q)
    yield from arrange(ctx, owner, card, cause, markers=markers, keep=tuple(keep))


FINISHER_PRIMITIVES = {
    "ante_all": Primitive(ante_all, ("reveal",)), "feedback": Primitive(feedback),
    "lose_duel": Primitive(lose_duel, ("end",)), "pay_to_repeat": Primitive(pay_to_repeat, ("hit",)),
    "rearrange": Primitive(rearrange), "eliminate_opponent": Primitive(eliminate_opponent, ("hit",)),
}
