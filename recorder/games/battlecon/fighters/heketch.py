"""Regicide Heketch: Dark Force, a Disruptor (War of Indines only).

- Dark Force is a generic token (card data ``tokens``, ``token_effects``: +3 Priority), never more than one,
  anted once per beat. As soon as he antes it -- inside the ante step, before the opponent's next ante
  decision -- he moves directly next to the opponent (the ``on_ante`` hook: a ``move`` decision and a
  FighterMoved of kind ``move_directly`` recorded in the ante step).
- At the end of each beat (``end_of_beat``), with range 3 or more ("2 or more spaces between") or after a
  Living Nightmare hit this duel, he regains it (``TokensGained`` from the token discard) if he lacks it.
- Knives: passives ``no_stun_at_range`` (the ``no_stun`` hook) and ``wins_priority_ties`` (``tie_winner``).
- Merciless: passive ``punish_passing`` (the ``after_movement`` hook: the opponent who moves past him loses
  life and gets a ``MovementLocked`` for this beat) and the After Activating ``shroud_if_token`` (DodgeGained).
- Kit primitives: ``spend_for_power`` (Critical, Rasping: a ``spend_token`` decision and a StatusGained), ``drain_life`` (Rasping: half the damage dealt, rounded up, as LifeGained),
  ``spend_to_lock`` (Assassin: a ``MovementLocked`` for the next beat), ``advance_until_adjacent`` and
  ``spend_to_execute_again`` (Psycho: an End of Beat ``ActivationEarned``, run by the shared beat),
  ``advance_then_again`` (Million Knives) and ``nightmare`` (Living Nightmare: the kit folds its On Hit).

Kit state (folded from the log): whether Living Nightmare hit this duel; the damage his last hit dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import KITS
from ..effects import (Primitive, advance_until_adjacent, choose, fighter_name, gain_life, lose_life,
                       move_next_to_opponent, moved, spending_forbidden)
from ..kit import SPEND_TOKEN_DECISION, KitRules, TokenAnte, Trigger

DARK = "Dark Force"
NIGHTMARE = "Living Nightmare"  # the Finisher whose On Hit gives the regain for the rest of the duel (op nightmare)
REGAIN_RANGE = 3  # "2 or more spaces between him and the nearest opponent"


@dataclass(slots=True)
class Own:
    nightmare: bool = False  # Living Nightmare hit this duel: the token comes back at every end of beat
    dealt: int = 0  # the damage of his last DamageDealt (Rasping reads it On Damage)


def _dealt(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.dealt = e.amount


def _trigger(state, p: int, e) -> None:
    if e.player == p and e.timing == "hit" and e.card == NIGHTMARE:
        state.fighters[p].own.nightmare = True


def has_dark_force(state, p: int) -> bool:
    return DARK in state.fighters[p].tokens


def _ask_spend(ctx, p: int, card: str, what: str, cause: int | None):
    """May spend the Dark Force token for ``what``: a ``spend_token`` decision (the token, or "none"), keeping it
    first -- the greedy bot's tie goes to the first option, so it never spends the token for nothing."""
    why = spending_forbidden(ctx.state)  # an effect forbids spending tokens this beat (effects.spending_forbidden)
    if why:
        ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"no tokens may be spent this beat ({why})"),
                 actor=p, cause=cause)
        return False
    pick = yield from choose(ctx, p, "spend_token", KE.TokenSpendChosen,
                             [{"player": p, "token": "none"}, {"player": p, "token": DARK}],
                             [f"Keep {DARK}", f"Spend {DARK} {what}"], f"{card}: spend {DARK} {what}?", cause,
                             always=True)
    if pick["token"] == DARK:
        ctx.emit(KE.TokensSpent(player=p, tokens=(DARK,), reason=card), actor=p, cause=cause)
    return pick["token"] == DARK


def _at_range_one(ctx, owner: int, card: str, cause: int | None) -> bool:
    """The condition "if the opponent is at range 1" and holding the token; EffectIgnored says which failed."""
    dist = movement.distance(ctx.state, owner, 1 - owner)
    why = (f"the opponent is at range {dist}, not 1" if dist != 1
           else None if has_dark_force(ctx.state, owner) else f"no {DARK} token")
    if why:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=why), actor=owner, cause=cause)
    return why is None


# -- card primitives -----------------------------------------------------------------------------------------


def spend_for_power(ctx, owner, card, cause, power):
    """If the opponent is at range 1, may spend the Dark Force token for +``power`` Power (this beat)."""
    if not _at_range_one(ctx, owner, card, cause):
        return
    if (yield from _ask_spend(ctx, owner, card, f"for +{power} Power", cause)):
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=power, when="this", label=f"{card} ({DARK})"),
                 actor=owner, cause=cause)


def drain_life(ctx, owner, card, cause):
    """Regain life equal to half the damage this hit dealt, rounded up."""
    dealt = ctx.state.fighters[owner].own.dealt
    gain_life(ctx, owner, (dealt + 1) // 2, f"{card}: half of {dealt} damage, rounded up", cause)
    return
    yield


def spend_to_lock(ctx, owner, card, cause):
    """If the opponent is at range 1, may spend the Dark Force token; if so, the opponent cannot move next beat."""
    if not _at_range_one(ctx, owner, card, cause):
        return
    if (yield from _ask_spend(ctx, owner, card, "so the opponent cannot move next beat", cause)):
        ctx.emit(KE.MovementLocked(player=1 - owner, when="next", reason=card), actor=owner, cause=cause)


def spend_to_execute_again(ctx, owner, card, cause):
    """End of Beat: if the opponent is at range 1, may spend the Dark Force token to execute the attack again."""
    if ctx.state.fighters[owner].stunned:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="stunned: no attack this beat"), actor=owner,
                 cause=cause)
        return
    if not _at_range_one(ctx, owner, card, cause):
        return
    if (yield from _ask_spend(ctx, owner, card, "to execute the attack again", cause)):
        ctx.emit(KE.ActivationEarned(player=owner, card=card, reason=f"spent {DARK}"), actor=owner, cause=cause)


def advance_then_again(ctx, owner, card, cause):
    """Advance 1; if he moved and is still not adjacent to the opponent, the attack is executed again."""
    s = ctx.state
    start = s.fighters[owner].position
    dests = movement.destinations(s, owner, "advance", (1,), owner)
    if not dests:
        why = movement.locked(s, owner) if s.fighters[owner].locks else None
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"advance 1: {why or 'no legal destination'}; "
                                 "he did not move, so the attack is not executed again"), actor=owner, cause=cause)
        return
    d = dests[0]
    moved(ctx, E.FighterMoved(player=owner, by=owner, kind="advance", from_space=start, to_space=d.to,
                              distance=d.distance, switched_sides=d.switched), owner, cause)
    dist = movement.distance(s, owner, 1 - owner)
    if dist > 1:
        ctx.emit(KE.ActivationEarned(player=owner, card=card, reason=f"moved and still at range {dist}"),
                 actor=owner, cause=cause)
    return
    yield


def shroud_if_token(ctx, owner, card, cause):
    """After Activating: with the Dark Force token, attacks do not hit him (nor deal him damage) this beat."""
    if not has_dark_force(ctx.state, owner):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no {DARK} token"), actor=owner, cause=cause)
        return
    ctx.emit(E.DodgeGained(player=owner, reason=f"{card}: {DARK}, attacks do not hit him or deal him damage for "
                           "the rest of the beat"), actor=owner, cause=cause)
    return
    yield


def nightmare(ctx, owner, card, cause):
    """For the rest of the duel he regains Dark Force at every end of beat: the kit folds this On Hit."""
    return
    yield


def _regain(ctx, p: int, why: str, cause: int | None):
    """He regains the Dark Force token at the end of the beat (``why``: his ability's condition, or Living
    Nightmare's)."""
    ctx.emit(KE.TokensGained(player=p, tokens=(DARK,), reason=why, from_discard=True), actor=p, cause=cause)
    return
    yield


class Heketch(KitRules):
    folds = {"TriggerResolved": _trigger, "DamageDealt": _dealt}
    primitives = {"spend_for_power": Primitive(spend_for_power, ("hit",)),
                  "drain_life": Primitive(drain_life, ("damage",)),
                  "spend_to_lock": Primitive(spend_to_lock, ("damage",)),
                  "advance_until_adjacent": Primitive(advance_until_adjacent, ("start", "before")),
                  "spend_to_execute_again": Primitive(spend_to_execute_again, ("end",)),
                  "advance_then_again": Primitive(advance_then_again, ("hit",)),
                  "shroud_if_token": Primitive(shroud_if_token, ("after",)),
                  "nightmare": Primitive(nightmare, ("hit",))}
    passives = {"no_stun_at_range": ("range",), "wins_priority_ties": (), "punish_passing": ("life",)}
    decisions = dict(SPEND_TOKEN_DECISION)
    token_ante = TokenAnte(DARK, "+3 Priority; move directly next to the opponent now")  # on_ante moves him
    cites = {"TokenSpendChosen": "Heketch: Critical, Rasping (On Hit), Assassin (On Damage), Psycho (End of Beat): "
                                 "may spend Dark Force",
             "ActivationEarned": "Heketch: Psycho (End of Beat) / Million Knives (On Hit): execute the attack again"}
    opponent_cites = {"MovementLocked": "Heketch: Merciless (this beat) / Assassin (On Damage: next beat)"}

    def new_own(self) -> Own:
        return Own()

    # -- Dark Force ------------------------------------------------------------------------------------
    def on_ante(self, ctx, p: int, ante: str, cause: int):
        if ante == DARK:
            yield from move_next_to_opponent(ctx, p, DARK, cause)

    def end_of_beat(self, ctx, p: int):
        s = ctx.state
        f = s.fighters[p]
        if DARK in f.tokens or DARK not in f.token_discard:
            return
        dist = movement.distance(s, p, 1 - p)
        if dist >= REGAIN_RANGE:
            source, why = DARK, f"{DARK}: {dist - 1} spaces between him and the opponent"
        elif f.own.nightmare:
            source, why = NIGHTMARE, f"{NIGHTMARE}: every end of beat for the rest of the duel"
        else:
            return
        trigger = Trigger(source, why, lambda ctx, p, cause: _regain(ctx, p, why, cause))
        yield from trigger.act(ctx, p, "end", None)  # unless negated

    # -- Knives ----------------------------------------------------------------------------------------
    def tie_winner(self, state, priorities, terms):
        seats = [q for q, f in enumerate(state.fighters)
                 if f.rules is self and stats.has_passive(state, q, "wins_priority_ties")]
        if len(seats) != 1 or state.fighters[1 - seats[0]].finisher_active:
            return None  # Knives against Knives cancel out; a Finisher keeps its own rule (WoI p.32)
        q = seats[0]
        card = stats.passives(state, q, "wins_priority_ties")[0][0].name
        return q, (f"tie at {priorities[q]}: {KITS[state.fighters[q].kit].short_name}'s {card} makes him the Active Player without a "
                   "clash")

    def no_stun(self, state, attacker: int, target: int) -> str | None:
        for card, item in stats.passives(state, attacker, "no_stun_at_range"):
            if movement.distance(state, attacker, target) == item["range"]:
                return f"{card.name}: does not stun an opponent at range {item['range']}"
        return None

    # -- Merciless -------------------------------------------------------------------------------------
    def after_movement(self, ctx, owner: int, moved_event, cause: int | None) -> None:
        s = ctx.state
        if moved_event.player != 1 - owner or not moved_event.switched_sides or not s.fighters[owner].revealed:
            return
        for card, item in stats.passives(s, owner, "punish_passing"):
            opp = 1 - owner
            lose_life(ctx, opp, item["life"], f"{card.name}: moved past {fighter_name(ctx, owner)}", cause)
            ctx.emit(KE.MovementLocked(player=opp, when="this", reason=f"{card.name}: moved past "
                                       f"{fighter_name(ctx, owner)}"), actor=owner, cause=cause)

    # -- what the kit shows ----------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        return {"nightmare": True} if state.fighters[p].own.nightmare else {}

    def summary(self, f: dict) -> list[str]:
        return [f"{NIGHTMARE}: regains {DARK} every beat"] if f.get("nightmare") else []


RULES = Heketch("heketch")
