"""Luc von Gott: Temporal Battery (Time tokens), a Disruptor of the Basic flight (War of Indines only).

- Time tokens are generic tokens (card data ``tokens``); the pool never holds more than 5 (``MAX_TIME``).
- The ante is once per beat, a stack of 1 to 5 tokens (``AnteDeclared`` with ``"Time x3"``); its effect is
  read from the stack's size, not per token: 1 gives +1 Priority (``stat_terms``), 3 a Start of Beat advance
  up to 2 and 5 makes Luc the Active Player at Start of Beat (``triggers``, ``ActivePlayerSet``).
- At the end of every beat, after recycling, he gains a token (``end_of_beat``, ``TokensGained``).
- Kit primitives: ``chrono`` (spend N, advance exactly N, never past the opponent), ``fusion`` (push by the
  damage dealt, as far as possible at the edge and 2 life lost), ``spend_to_reactivate`` (Memento, Temporal
  Recursion: ``ActivationEarned``); passives ``soak_per_token`` (Eternal: ``when_hit``) and
  ``negate_opponent_triggers`` (Stasis Charge: ``negate_trigger``). Flash's ``ignores_stun_guard`` is shared.

Kit state (folded from the events): the damage Luc's hit just dealt (Fusion) and whether Memento already
bought its activation this beat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..effects import Primitive, choose, fighter_name, lose_life, move_fighter, spending_forbidden
from ..kit import AMOUNT_DECISION, KitRules, Trigger
from ..special_events import RepeatDecided

TIME = "Time"
MAX_TIME = 5
STACK = "Time x"  # an ante answer: "Time x3" is a stack of three
BATTERY = "Temporal Battery"
STACK_EFFECTS = {1: "+1 Priority", 3: "Start of Beat: advance up to 2 spaces",
                 5: "Start of Beat: Luc becomes the Active Player"}


@dataclass(slots=True)
class Own:
    dealt: int = 0  # the damage of Luc's last DamageDealt (Fusion reads it On Damage)
    once: tuple[str, ...] = ()  # cards whose once-per-beat activation was bought this beat (Memento)
    soak: int = 0  # Time tokens discarded for soak this beat (Eternal)
    soak_card: str = ""


def _dealt(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.dealt = e.amount


def _earned(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.once += (e.card,)


def _spent(state, p: int, e) -> None:
    """Tokens discarded for soak (a card with the ``soak_per_token`` passive: Eternal) add their soak."""
    if e.player == p and any(card.name == e.reason for card, _ in stats.passives(state, p, "soak_per_token")):
        own = state.fighters[p].own
        own.soak += len(e.tokens)
        own.soak_card = e.reason


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.dealt, own.once, own.soak, own.soak_card = 0, (), 0, ""


def stack(state, p: int) -> int:
    """How many Time tokens Luc anted this beat (0: none)."""
    return state.fighters[p].anted.count(TIME)


def gain(ctx, p: int, reason: str, cause: int | None) -> bool:
    """One Time token into the pool, unless it holds 5 already."""
    if ctx.state.fighters[p].tokens.count(TIME) >= MAX_TIME:
        return False
    ctx.emit(KE.TokensGained(player=p, tokens=(TIME,), reason=reason), actor=p, cause=cause)
    return True


def choose_amount(ctx, p: int, most: int, card: str, what: str, cause: int | None, least: int = 0) -> int:
    """How many Time tokens to spend (``least``..``most``): an ``amount`` decision."""
    options = [{"player": p, "amount": n} for n in range(least, most + 1)]
    labels = [f"{what(n)}" for n in range(least, most + 1)]
    pick = yield from choose(ctx, p, "amount", KE.AmountChosen, options, labels, f"{card}: how many Time tokens?",
                             cause, always=True)
    return pick["amount"]


def _cannot_spend(ctx, p: int, card: str, cause: int | None) -> bool:
    """An effect forbids spending tokens now (``effects.spending_forbidden``): the card's spending is ignored."""
    why = spending_forbidden(ctx.state)
    if why:
        ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"no tokens may be spent this beat ({why})"),
                 actor=p, cause=cause)
    return why is not None


def spend(ctx, p: int, n: int, reason: str, cause: int | None) -> None:
    if n:
        ctx.emit(KE.TokensSpent(player=p, tokens=(TIME,) * n, reason=reason), actor=p, cause=cause)


# -- card primitives -----------------------------------------------------------------------------------------


def chrono(ctx, owner, card, cause):
    """Spend any number of Time tokens, then advance exactly that many spaces, never past the opponent: the
    choice is the space (each legal one says how many tokens it costs)."""
    s = ctx.state
    if _cannot_spend(ctx, owner, card, cause):
        return
    held = s.fighters[owner].tokens.count(TIME)
    reach = [d for d in movement.destinations(s, owner, "advance", tuple(range(0, held + 1)), owner)
             if not d.switched]
    if len(reach) <= 1:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no Time token to spend" if not held
                                 else "no space to advance to without passing the opponent"), actor=owner, cause=cause)
        return
    start = s.fighters[owner].position
    labels = [f"Spend {d.distance} Time, advance {d.distance} ({start} → {d.to})" if d.distance
              else f"Spend none, stay on {start}" for d in reach]
    pick = yield from choose(ctx, owner, "move", E.MoveChosen, [{"player": owner, "to": d.to} for d in reach], labels,
                             f"{card}: spend Time tokens to advance that many spaces", cause)
    dest = next(d for d in reach if d.to == pick["to"])
    if dest.distance:
        spend(ctx, owner, dest.distance, card, cause)
        ctx.emit(E.FighterMoved(player=owner, by=owner, kind="advance", from_space=start, to_space=dest.to,
                                distance=dest.distance, switched_sides=False), actor=owner, cause=cause)


def fusion(ctx, owner, card, cause, life):
    """Push the opponent 1 space per point of damage dealt; when that push would go past the edge of the board,
    push as far as possible instead, and the opponent loses ``life`` life."""
    s = ctx.state
    opp = 1 - owner
    n = s.fighters[owner].own.dealt
    if movement.destinations(s, opp, "push", (n,), owner):
        yield from move_fighter(ctx, owner, opp, "push", (n,), card, cause)
        return
    far = next((k for k in range(n - 1, 0, -1) if movement.destinations(s, opp, "push", (k,), owner)), 0)
    if far:
        yield from move_fighter(ctx, owner, opp, "push", (far,), card, cause)
    lose_life(ctx, opp, life, f"{card}: pushed against the edge of the board", cause)


def spend_to_reactivate(ctx, owner, card, cause, tokens, once):
    """May spend ``tokens`` Time tokens to activate this attack again (``once``: once per beat)."""
    s = ctx.state
    f = s.fighters[owner]
    if once and card in f.own.once:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="already executed again this beat"),
                 actor=owner, cause=cause)
        return
    if f.tokens.count(TIME) >= tokens and _cannot_spend(ctx, owner, card, cause):
        return
    if f.tokens.count(TIME) < tokens:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"fewer than {tokens} Time token"
                                 + ("s" if tokens > 1 else "")), actor=owner, cause=cause)
        return
    word = f"{tokens} Time token" + ("s" if tokens > 1 else "")
    opts = [{"player": owner, "repeat": True}, {"player": owner, "repeat": False}]
    pick = yield from choose(ctx, owner, "repeat", RepeatDecided, opts,
                             [f"Spend {word} and activate the attack again", "Do not"],
                             f"{card}: spend {word} to activate this attack again?", cause, always=True)
    if pick["repeat"]:
        spend(ctx, owner, tokens, card, cause)
        ctx.emit(KE.ActivationEarned(player=owner, card=card, reason=f"spent {word}"), actor=owner, cause=cause)


def _stack_start(ctx, p: int, cause: int):
    n = stack(ctx.state, p)
    if n == 3:
        yield from move_fighter(ctx, p, p, "advance", (0, 1, 2), f"{BATTERY} (3 tokens)", cause)
    elif n == 5:
        ctx.emit(KE.ActivePlayerSet(player=p, reason=f"{BATTERY}: 5 Time tokens anted"), actor=p, cause=cause)


class Luc(KitRules):
    folds = {"DamageDealt": _dealt, "ActivationEarned": _earned, "TokensSpent": _spent, "BeatEnded": _beat_ended}
    primitives = {"chrono": Primitive(chrono, ("start",)), "fusion": Primitive(fusion, ("damage",)),
                  "spend_to_reactivate": Primitive(spend_to_reactivate, ("after",))}
    passives = {"soak_per_token": (), "negate_opponent_triggers": ()}
    decisions = dict(AMOUNT_DECISION)
    cites = {"ActivePlayerSet": "Luc's Unique Ability (5 Time tokens: Start of Beat)",
             "ActivationEarned": "Luc: Memento / Temporal Recursion (After Activating)",
             "RepeatDecided": "Luc: Memento / Temporal Recursion (After Activating)"}

    def new_own(self) -> Own:
        return Own()

    # -- ante -------------------------------------------------------------------------------------
    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        f = state.fighters[p]
        if f.ante_turns >= 1:
            return []
        return [f"{STACK}{n}" for n in range(1, min(f.tokens.count(TIME), MAX_TIME) + 1)]

    def ante_label(self, state, p: int, ante: str) -> str:
        n = int(ante.removeprefix(STACK))
        return f"Ante a stack of {n} Time token{'s' if n > 1 else ''} ({STACK_EFFECTS.get(n, 'no effect')})"

    def ante_tokens(self, state, p: int, ante: str) -> tuple[str, ...]:
        return (TIME,) * int(ante.removeprefix(STACK))

    # -- the stack's effects ----------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        if stat == "priority" and stack(state, p) == 1 and not stats.tokens_void(state, p):
            return [("Time token (stack of 1)", 1)]
        own = state.fighters[p].own
        if stat == "soak" and own.soak:
            return [(f"{own.soak_card} ({own.soak} Time)", own.soak)]
        return []

    def view_key(self, state, p: int) -> tuple:
        return (state.fighters[p].own.soak,)

    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        if timing == "start" and stack(state, p) in (3, 5) and not stats.tokens_void(state, p):
            n = stack(state, p)
            return [Trigger(BATTERY, f"Stack of {n}: {STACK_EFFECTS[n]}.", _stack_start)]
        return []

    # -- Eternal: soak per token when hit; Stasis Charge: negate the opponent's triggers --------------------
    def when_hit(self, ctx, p: int, attacker: int, cause: int):
        s = ctx.state
        cards = stats.passives(s, p, "soak_per_token")
        held = s.fighters[p].tokens.count(TIME)
        if not cards or not held:
            return
        card = cards[0][0].name
        if _cannot_spend(ctx, p, card, cause):
            return
        n = yield from choose_amount(ctx, p, held, card, lambda k: f"Discard {k} Time for +{k} Soak" if k
                                     else "Discard none", cause)
        spend(ctx, p, n, card, cause)  # each token +1 Soak this beat (stat_terms, from the kit's own state)

    def negate_trigger(self, ctx, owner: int, p: int, trigger: Trigger, timing: str, cause: int | None):
        """Stasis Charge: the opponent's trigger is negated and Luc gains a Time token instead."""
        s = ctx.state
        if p == owner or not stats.has_passive(s, owner, "negate_opponent_triggers"):
            return False
        card = stats.passives(s, owner, "negate_opponent_triggers")[0][0].name
        seq = ctx.emit(E.EffectIgnored(player=p, card=trigger.name, reason=f"negated by {fighter_name(ctx, owner)}'s "
                                       f"{card}"), actor=owner, cause=cause)
        gain(ctx, owner, card, seq)
        return True
        yield

    # -- the battery -------------------------------------------------------------------------------------
    def end_of_beat(self, ctx, p: int):
        gain(ctx, p, BATTERY, None)
        return
        yield


RULES = Luc("luc")
