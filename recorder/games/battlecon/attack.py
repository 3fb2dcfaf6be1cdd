"""One activation of an attack (WoI p.25 "Active attack", steps 1-7)."""

from __future__ import annotations

from . import events as E
from . import kit_events as KE
from . import special_events as SE
from . import stats
from .effects import DuelOver, Gen, stun
from .state import BattleState
from .triggers import run_triggers

NO_DAMAGE = "power N/A"  # EffectIgnored.reason of a hit whose power is N/A: it deals no damage (WoI p.20)
CANNOT_HIT = "cannot hit: "  # AttackMissed.reason: the attack's own cards say it cannot hit (engine 5 on)
# AttackSkipped.reason of a fighter whose attack pair an effect took out of play before it activated.
NO_PAIR = "no attack pair: its cards left play this beat"
MAX_REPEATS = 20  # safeguard; each repeat costs something (a regained token, life), so real ones stop far sooner


def dodge_reason(s: BattleState, attacker: int) -> str | None:
    """Why the defender cannot be hit by this attack, if a dodge effect applies (the defender's: "Opponents/Attacks
    at range X do not hit you", WoI p.30)."""
    d = 1 - attacker
    fd = s.fighters[d]
    if fd.dodge:
        return fd.dodge
    if "dodge" in fd.rules.hooks:
        why = fd.rules.dodge(s, d, attacker)
        if why:
            return why
    return None


def cannot_hit_reason(s: BattleState, attacker: int) -> str | None:
    """Why the attacker's own cards or ability say this attack cannot hit (not a dodge: nothing of the defender's)."""
    own = s.fighters[attacker].rules
    return own.misses(s, attacker, 1 - attacker) if "misses" in own.hooks else None


def check_range(ctx, p: int) -> bool:
    s = ctx.state
    attacker, target_fig = s.fighters[p].figure, s.fighters[1 - p].figure
    rules = s.fighters[p].rules
    origin = rules.range_origin(s, p) if "range_origin" in rules.hooks else None  # "range is counted from ..."
    if origin is not None:
        attacker = origin
    dist = abs(attacker.space - target_fig.space)
    kind, lo, hi, terms = stats.attack_range(s, p)
    if kind == "na":
        in_range, rmin, rmax, text = False, None, None, "N/A"
    elif kind != "normal":  # a special range: the kit that prints it says what it reaches
        special = s.fighters[p].rules.special_range(s, p, kind, terms[0][0], target_fig.space)
        if special is None:
            raise ValueError(f"{terms[0][0]}: special range {kind!r} is not known to its fighter's kit")
        in_range, text = special
        rmin = rmax = None
    else:
        in_range, rmin, rmax = lo <= dist <= hi and dist >= 1, lo, hi
        text = stats.format_terms(terms, f"{lo}~{hi}" if lo != hi else f"{lo}")
        if origin is not None:
            text += f"; counted from {origin.name}'s space ({origin.space})"
        # distances an ability adds to the range
        bands = rules.extra_range(s, p) if "extra_range" in rules.hooks else ()
        if bands:
            text += "".join(f"; also {d}: {why}" for d, why in bands)
            in_range = in_range or any(d == dist for d, _ in bands)
    dodge = dodge_reason(s, p) if in_range else None
    missed = f"dodged: {dodge}" if dodge else None
    if in_range and not dodge:
        cannot = cannot_hit_reason(s, p)
        if cannot:
            dodge, missed = ctx.game.cannot_hit_records(cannot)
    # player, distance, range_min, range_max, terms, in_range, dodge (positionally: one per activation)
    ctx.emit(E.RangeChecked(p, dist, rmin, rmax, text, in_range, dodge), actor=p)
    if not in_range:
        # player, reason
        ctx.emit(E.AttackMissed(p, "range N/A" if kind == "na" else f"out of range (distance {dist})"), actor=p)
        return False
    if missed:
        ctx.emit(E.AttackMissed(p, missed), actor=p)  # player, reason
        return False
    return True


def end_duel_if_dead(ctx, cause: int | None) -> None:
    s = ctx.state
    f0, f1 = s.fighters[0], s.fighters[1]
    if f0.life > 0 and f1.life > 0:  # most hits
        return
    dead = [p for p, f in enumerate((f0, f1)) if f.life <= 0]
    if dead:
        winner = None if len(dead) == 2 else 1 - dead[0]
        ctx.emit(E.DuelEnded(duel=s.duel, winner=winner, reason="knockout",
                             life=tuple(f.life for f in s.fighters)), cause=cause)
        raise DuelOver


def deal_damage(ctx, p: int, hit_seq: int) -> Gen:
    """Damage from player p's hit; On Damage; stun. Returns the damage dealt."""
    s = ctx.state
    t = 1 - p
    pw, pterms = stats.power(s, p)
    if pw is None:  # "Attacks with a power of N/A will not do any damage" (WoI p.20): no damage, no On Damage
        card = next(c.name for c in stats.pair_cards(s, p) if c.power is None)
        ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"{NO_DAMAGE}, the attack deals no damage (WoI p.20)"),
                 actor=p, cause=hit_seq)
        return 0
    power = max(pw, 0)
    # "If you are hit this beat, you take 2 extra damage from that attack": every hit, a 0-power one too ("a hit
    # for zero damage is still a hit", Preview FAQ); before soak (docs/rulings.md).
    taken = stats.passives(s, t, "extra_damage_taken")
    extra = sum([item["amount"] for _, item in taken]) if taken else 0
    if "damage_taken_extra" in s.fighters[t].rules.hooks:
        extra += s.fighters[t].rules.damage_taken_extra(s, t)
    sk, sterms = stats.soak(s, t)
    ignored = stats.ignores(s, p, "ignores_soak") if sk else None
    if ignored:  # "this attack ignores Soak": the soak is there, and counts for nothing
        sterms, sk = [*sterms, (f"ignored ({ignored})", -sk)], 0
    amount = max(power + extra - sk, 0)
    tr = s.fighters[t].rules
    if "damage_cap" in tr.hooks:  # "you cannot take more than N damage from each attack" (the kit's hook)
        capped = tr.damage_cap(s, t, p)
        if capped is not None and amount > capped[0]:
            ctx.emit(KE.DamageCapped(player=t, damage=amount, cap=capped[0], reason=capped[1]), actor=t,
                     cause=hit_seq)
            amount = capped[0]
    life_after = s.fighters[t].life - amount
    # player, target, power, extra, soak, amount, life_after, power_terms, soak_terms (positionally: every hit)
    seq = ctx.emit(E.DamageDealt(p, t, power, extra, sk, amount, life_after, stats.format_terms(pterms, pw),
                                 stats.format_terms(sterms, sk)), actor=p, cause=hit_seq)
    end_duel_if_dead(ctx, seq)
    if sk > 0 and "damage_soaked" in tr.hooks and min(sk, power + extra) > 0:  # what the soak costs the target
        tr.damage_soaked(ctx, t, min(sk, power + extra), p, seq)
    if amount < 1:
        return 0
    if "took_damage" in tr.hooks:  # "when she takes 3 or more damage at once" (the kit's hook)
        yield from tr.took_damage(ctx, t, p, amount, seq)
    yield from run_triggers(ctx, p, "damage")
    yield from stun_by_damage(ctx, t, amount, seq)
    return amount


def stun_by_damage(ctx, t: int, amount: int, cause: int) -> Gen:
    """Stun from damage over stun guard. WoI: each attack's damage on its own ("applies separately to each
    one", WoI p.30). Preview: the total damage taken this beat ("unless the total damage taken this turn is
    greater than his stun guard"), which differs for repeated attacks."""
    s = ctx.state
    if s.fighters[t].stunned:
        # Already stunned (an On Hit "the opponent is stunned", or an earlier hit of a repeated attack): nothing
        # to prevent or apply, and no ability asked -- "an effect that ignores Stun Guard will still take
        # precedence" (WoI FAQ). A fighter with stun immunity is never stunned in the first place.
        return
    if s.edition == "preview":
        amount = s.fighters[t].damage_taken  # this hit's damage is already folded in
    immune = stats.stun_immunity(s, t)
    guard, _ = stats.stun_guard(s, t)
    if stats.ignores(s, 1 - t, "ignores_stun_guard"):  # the attack ignores Stun Guard (a card, an anted token)
        guard = 0
    if immune:
        if amount > guard:
            ctx.emit(E.StunPrevented(player=t, by=f"stun immunity ({immune})", damage=amount, stun_guard=guard),
                     actor=t, cause=cause)
        return
    if amount <= guard:
        ctx.emit(E.StunPrevented(player=t, by="stun guard", damage=amount, stun_guard=guard), actor=t, cause=cause)
        return
    attacker = s.fighters[1 - t].rules
    why = attacker.no_stun(s, 1 - t, t) if "no_stun" in attacker.hooks else None  # its own cards: "does not stun"
    if why:
        ctx.emit(E.StunPrevented(player=t, by=why, damage=amount, stun_guard=guard), actor=t, cause=cause)
        return
    rules = s.fighters[t].rules
    if "prevent_stun" in rules.hooks and (yield from rules.prevent_stun(ctx, t, amount, guard, cause,
                                                                         ctx.game.stun_guard_ignored(s, 1 - t))):
        return
    seq = ctx.emit(E.StunApplied(player=t, reason="damage", damage=amount, stun_guard=guard), cause=cause)
    if "when_stunned" in s.fighters[t].rules.hooks:
        s.fighters[t].rules.when_stunned(ctx, t, seq)


def activate(ctx, p: int, role: str) -> Gen:
    """Steps 1-7 for player p: Before Activating, range, On Hit, damage, On Damage, stun, After; again for each
    activation an effect bought (ActivationEarned), while the fighter is not stunned (used as ``yield from``: a
    fighter that does not attack emits why at once and makes no generator)."""
    s = ctx.state
    f = s.fighters[p]
    if f.stunned:
        ctx.emit(E.AttackSkipped(player=p, reason="stunned"), actor=p)
        return ()
    if f.style is None and f.base is None and not f.finisher_active:  # an effect took the pair out of play
        ctx.emit(E.AttackSkipped(player=p, reason=NO_PAIR), actor=p)
        return ()
    name = f.finisher if f.finisher_active else f"{f.style} {f.base}"
    ctx.emit(E.AttackStarted(p, role, name), actor=p)  # player, role, attack
    return _activations(ctx, p, name, 1, True)


def activate_again(ctx, p: int) -> Gen:
    """The whole activations an effect outside the attack bought (an End of Beat ActivationEarned: "execute the
    attack again"), while the fighter is not stunned; numbered after the beat's activations so far."""
    s = ctx.state
    f = s.fighters[p]
    if f.style is None and f.base is None and not f.finisher_active:
        return ()  # no attack pair left to execute again
    name = f.finisher if f.finisher_active else f"{f.style} {f.base}"
    return _activations(ctx, p, name, 1 + f.activated_again, False)


def _activations(ctx, p: int, name: str, again: int, first: bool) -> Gen:
    """Player p's activations: the ``first`` one (the attack's own), then one more for each activation an effect
    bought, while the fighter is not stunned, numbered from ``again`` (each announced by ActivationRepeated)."""
    s = ctx.state
    f = s.fighters[p]
    t = s.fighters[1 - p]
    while True:
        if first:
            first = False
        else:
            if f.reactivations <= 0 or f.stunned or again > MAX_REPEATS:
                return
            again += 1
            ctx.emit(KE.ActivationRepeated(player=p, card=name, activation=again), actor=p)
        # one activation
        yield from run_triggers(ctx, p, "before")
        if f.stunned:  # stunned during its own Before Activating: the activation stops
            continue
        made = 0
        while True:
            if check_range(ctx, p):
                hit = ctx.emit(E.HitScored(p, 1 - p), actor=p)  # player, target
                yield from run_triggers(ctx, p, "hit")
                if t.rules.reacts_to_hits:  # "when you are hit" abilities, before damage
                    yield from t.rules.when_hit(ctx, 1 - p, p, hit)
                yield from deal_damage(ctx, p, hit)
            # "Repeat this attack": range, hit and damage again.
            if f.repeats <= 0 or made >= MAX_REPEATS:
                break
            made += 1
            ctx.emit(SE.AttackRepeated(player=p, card=f.finisher or "", repeat=made), actor=p)
        yield from run_triggers(ctx, p, "after")


__all__ = ["activate", "stun", "end_duel_if_dead"]
