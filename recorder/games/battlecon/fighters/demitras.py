"""Demitras Denigrande: Crescendo (a stack of identical tokens), a Disruptor (War of Indines only).

- Crescendo tokens are generic tokens (card data ``tokens``); the pool never holds more than 5 (``MOST``).
- He has +1 Priority per token in his pool (``stat_terms``, read whenever priority is), and antes any number of
  them in a beat: each ante turn a stack of 1 to all he holds (``"Crescendo x3"``), again at a later turn if he
  likes; each anted token gives +2 Power (``stat_terms``, void when his tokens give nothing this beat).
- When he hits, the Unique Ability's On Hit trigger gains a token (``triggers``: ordered with the attack's own
  On Hit effects); when he is hit, he loses one (``when_hit``, ``TokensSpent``).
- Kit primitives: ``spend_tokens_for_power`` (Deathblow, Accelerando: an ``amount`` decision, +2 Power each as a
  status), ``gain_if_hit`` (Deathblow After Activating), ``advance_to_adjacent`` and ``advance_as_far``
  (Jousting, Accelerando), ``life_per_ante`` (Bloodletting: ``LifeGained``), ``stun_if_priority_at_most``
  (Vapid), ``fill_tokens`` (Symphony of Demise). Kit passives ``dodge_from_range`` (Darkside) and
  ``dodge_higher_priority`` (Illusory), through the ``dodge`` hook. Bloodletting's ``ignores_soak``,
  Accelerando's ``ignores_stun_guard`` and Illusory's ``return_antes`` are shared.

Kit state (folded from the log): whether his attack hit this beat (Deathblow's After Activating).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..effects import Primitive, choose, gain_life, move_fighter, spending_forbidden, stun, until_adjacent
from ..kit import AMOUNT_DECISION, KitRules, Trigger

TOKEN = "Crescendo"
MOST = 5
STACK = "Crescendo x"  # an ante answer: "Crescendo x3" is a stack of three
ABILITY = "Crescendo"
POWER_PER_ANTE = 2
HIT_TEXT = "Whenever he hits an opponent, he gains 1 Crescendo token (never more than 5)."
FAR = tuple(range(1, 7))  # every distance a movement can count on the board
NO_SPACE = "no space to advance to"  # EffectIgnored.reason: his advance has nowhere to go
LOST_WHEN_HIT = f"{ABILITY}: lost when hit by an attack"  # the reason of the TokensSpent that loses a token


def _count(tokens) -> str:
    """'a Crescendo token', '2 Crescendo tokens'."""
    return f"a {TOKEN} token" if len(tokens) == 1 else f"{len(tokens)} {TOKEN} tokens"


@dataclass(slots=True)
class Own:
    hit: bool = False  # his attack hit this beat (Deathblow: "if you hit with this attack")


def _hit(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.hit = True


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.hit = False


def held(state, p: int) -> int:
    """Crescendo tokens in his pool."""
    return state.fighters[p].tokens.count(TOKEN)


def anted(state, p: int) -> int:
    """Crescendo tokens anted this beat that still give their bonus."""
    return state.fighters[p].anted.count(TOKEN)


def _plural(n: int) -> str:
    return f"{n} {TOKEN} token" + ("s" if n != 1 else "")


def gain(ctx, p: int, n: int, reason: str, cause: int | None) -> int:
    """Up to ``n`` tokens into the pool, never past 5 (EffectIgnored when the pool is full); returns how many."""
    n = min(n, MOST - held(ctx.state, p))
    if n <= 0:
        ctx.emit(E.EffectIgnored(player=p, card=reason, reason=f"already {MOST} {TOKEN} tokens"), actor=p, cause=cause)
        return 0
    ctx.emit(KE.TokensGained(player=p, tokens=(TOKEN,) * n, reason=reason), actor=p, cause=cause)
    return n


# -- card primitives -----------------------------------------------------------------------------------------


def spend_tokens_for_power(ctx, owner, card, cause, per, verb):
    """Spend (discard) any number of Crescendo tokens for +``per`` Power each this beat: an ``amount`` decision."""
    s = ctx.state
    have = held(s, owner)
    if not have:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no {TOKEN} token to {verb}"), actor=owner,
                 cause=cause)
        return
    why = spending_forbidden(s)  # an effect forbids spending tokens this beat (effects.spending_forbidden)
    if why:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no tokens may be spent this beat ({why})"),
                 actor=owner, cause=cause)
        return
    options = [{"player": owner, "amount": n} for n in range(have + 1)]
    labels = [f"{verb.capitalize()} {_plural(n)} for +{per * n} Power" if n else f"{verb.capitalize()} none"
              for n in range(have + 1)]
    pick = yield from choose(ctx, owner, "amount", KE.AmountChosen, options, labels,
                             f"{card}: {verb} how many {TOKEN} tokens (+{per} Power each)?", cause, always=True)
    n = pick["amount"]
    if n:
        ctx.emit(KE.TokensSpent(player=owner, tokens=(TOKEN,) * n, reason=card), actor=owner, cause=cause)
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=per * n, when="this",
                                label=f"{card} ({_plural(n)})"), actor=owner, cause=cause)


def gain_if_hit(ctx, owner, card, cause):
    """After Activating: one more token if this attack hit."""
    if not ctx.state.fighters[owner].own.hit:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="the attack did not hit"), actor=owner, cause=cause)
        return
    gain(ctx, owner, 1, card, cause)
    return
    yield


def advance_to_adjacent(ctx, owner, card, cause):
    """Jousting's "advance until you are adjacent to the opponent": the shared movement (engine 4 worded a Jousting
    that could not move "no space to advance to")."""
    return until_adjacent(ctx, owner, card, cause, earlier=NO_SPACE)


def advance_as_far(ctx, owner, card, cause):
    """Advance as far as possible: the longest legal advance (past the opponent when that is farther)."""
    s = ctx.state
    far = next((n for n in reversed(FAR) if movement.destinations(s, owner, "advance", (n,), owner)), 0)
    if not far:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=NO_SPACE), actor=owner, cause=cause)
        return
    yield from move_fighter(ctx, owner, owner, "advance", (far,), card, cause)


def life_per_ante(ctx, owner, card, cause):
    """Gain life equal to the Crescendo tokens anted this beat."""
    f = ctx.state.fighters[owner]
    n = f.anted_this_beat.count(TOKEN)
    if not n:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no {TOKEN} token anted this beat"), actor=owner,
                 cause=cause)
        return
    gain_life(ctx, owner, n, f"{card} ({_plural(n)} anted)", cause)
    return
    yield


def stun_if_priority_at_most(ctx, owner, card, cause, most):
    """The opponent is stunned if their priority, now, is ``most`` or less."""
    theirs = stats.priority(ctx.state, 1 - owner)[0]
    if theirs > most:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"the opponent's priority is {theirs} (more than "
                                 f"{most})"), actor=owner, cause=cause)
        return
    stun(ctx, 1 - owner, cause)
    return
    yield


def fill_tokens(ctx, owner, card, cause):
    """Gain Crescendo tokens until he has 5."""
    gain(ctx, owner, MOST, card, cause)
    return
    yield


def _hit_gain(ctx, p: int, cause: int):
    gain(ctx, p, 1, ABILITY, cause)
    return
    yield


def _ante_words(d, name) -> str:
    """'Ann antes 2 Crescendo tokens (+4 Power this beat)' (a pass and a Finisher ante as usual)."""
    who, what = name(d["player"]), d["ante"]
    if what == "pass":
        return f"{who} passes"
    if not what.startswith(STACK):
        return f"{who} antes the Finisher {what}"
    n = int(what.removeprefix(STACK))
    return f"{who} antes {_plural(n)} (+{POWER_PER_ANTE * n} Power this beat)"


HIT_TRIGGER = (Trigger(ABILITY, HIT_TEXT, _hit_gain),)


def _loss(ctx, p: int, cause: int):
    ctx.emit(KE.TokensSpent(player=p, tokens=(TOKEN,), reason=LOST_WHEN_HIT), actor=p, cause=cause)
    return
    yield


LOSS_TRIGGER = Trigger(ABILITY, "When he is hit by an attack, he loses 1 Crescendo token.", _loss)


class Demitras(KitRules):
    folds = {"HitScored": _hit, "BeatEnded": _beat_ended}
    primitives = {"spend_tokens_for_power": Primitive(spend_tokens_for_power, ("hit",)),
                  "gain_if_hit": Primitive(gain_if_hit, ("after",)),
                  "advance_to_adjacent": Primitive(advance_to_adjacent),
                  "advance_as_far": Primitive(advance_as_far),
                  "life_per_ante": Primitive(life_per_ante, ("hit", "damage")),
                  "stun_if_priority_at_most": Primitive(stun_if_priority_at_most, ("hit", "damage")),
                  "fill_tokens": Primitive(fill_tokens)}
    passives = {"dodge_from_range": ("min",), "dodge_higher_priority": ("max_tokens",)}
    decisions = dict(AMOUNT_DECISION)
    # "Whenever he is hit by an attack, he loses 1 Crescendo token": a token lost, not spent (other TokensSpent
    # records, Deathblow's, read as the shared text); Illusory's refund cites Illusory, not the shared rule.
    words = {"AnteDeclared": lambda d, name: _ante_words(d, name),
             "TokensSpent": lambda d, name: (f"{name(d['player'])} loses {_count(d['tokens'])} ({d['reason']})"
                                             if d["reason"] == LOST_WHEN_HIT else None)}
    cites = {"TokensSpent": lambda d, edition: ("Demitras's Unique Ability (Crescendo: he loses 1 Crescendo token "
                                                "whenever he is hit by an attack)"
                                                if d["reason"] == LOST_WHEN_HIT else None),
             "TokensReturned": "Demitras: Illusory (Reveal: the Crescendo tokens anted this beat return to his pool)"}
    # Tokens used: anted, spent and gained are counted by the shared statistics; Illusory's refund is "returned".
    stat_events = {"TokensReturned": lambda d: tuple((d["player"], "tokens_used", ("returned", t))
                                                     for t in d["tokens"] if t == TOKEN)}

    def new_own(self) -> Own:
        return Own()

    # -- the ante: any number, a stack at a time ------------------------------------------------------------
    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        return [f"{STACK}{n}" for n in range(1, held(state, p) + 1)]

    def ante_label(self, state, p: int, ante: str) -> str:
        n = int(ante.removeprefix(STACK))
        return f"Ante {_plural(n)} (+{POWER_PER_ANTE * n} Power; -{n} Priority while out of your pool)"

    def ante_tokens(self, state, p: int, ante: str) -> tuple[str, ...]:
        return (TOKEN,) * int(ante.removeprefix(STACK))

    # -- +1 Priority per token held, +2 Power per token anted ---------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        if stat == "priority":
            n = held(state, p)
            return [(f"{TOKEN} tokens in pool ({n})", n)] if n else []
        if stat == "power":
            n = anted(state, p)
            if n and not stats.tokens_void(state, p):
                return [(f"{TOKEN} tokens anted ({n})", POWER_PER_ANTE * n)]
        return []

    def view_key(self, state, p: int) -> tuple:
        return (held(state, p), anted(state, p))

    # -- gain a token on a hit, lose one when hit ---------------------------------------------------------------
    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        return list(HIT_TRIGGER) if timing == "hit" else []

    def when_hit(self, ctx, p: int, attacker: int, cause: int):
        """"When he is hit by an attack, he loses 1 token": his ability triggering, so an opponent negating every
        triggered effect negates it (``Trigger.act``, engine 7 on; docs/rulings.md bc-negated-abilities)."""
        if held(ctx.state, p):  # no token to lose: the ability does not trigger
            yield from LOSS_TRIGGER.act(ctx, p, "hit", cause)  # unless negated

    # -- Darkside, Illusory ---------------------------------------------------------------------------------
    def dodge(self, state, defender: int, attacker: int) -> str | None:
        for card, item in stats.passives(state, defender, "dodge_from_range"):
            d = movement.distance(state, defender, attacker)
            if d >= item["min"]:
                return f"{card.name}: opponents at range {item['min']} or more do not hit him (range {d})"
        for card, item in stats.passives(state, defender, "dodge_higher_priority"):
            n = held(state, defender)
            mine, theirs = stats.priority(state, defender)[0], stats.priority(state, attacker)[0]
            if n <= item["max_tokens"] and theirs > mine:
                return (f"{card.name}: with {_plural(n)} he is not hit by an opponent with a higher priority "
                        f"({theirs} against {mine})")
        return None


RULES = Demitras("demitras")
