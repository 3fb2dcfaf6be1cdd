"""Rukyuk Amberdeen: Custom Ammunition (six different Ammo tokens), a Counterattacker (War of Indines only).

- The six Ammo tokens are generic tokens (card data ``tokens``); their ante effects are ``token_effects`` where
  they are stats or the generic flags (AP Shell ``ignores_soak``, Flash Shell ``ignores_stun_guard``), and a
  unique-ability trigger where they are not (Impact Shell: On Hit, push 2: ``triggers``). He antes at most one a
  beat (``ante_options``); a card's ``tokens_no_effect`` passive (Fully Automatic, Force Grenade) voids them.
- Without an Ammo token anted this beat his attack cannot hit (``misses``), unless a card has the kit passive
  ``hits_without_ammo`` (Force Grenade).
- Tokens spent by his cards come from his pool and give no ante effect: a ``spend_token`` decision
  (``TokenSpendChosen``), then ``TokensSpent``. Kit primitives: ``gunner`` (Before Activating: spend one for
  Range +1~5 instead of +2~4, read by ``stat_terms`` from the kit's own state), ``crossfire`` (On Hit: spend one
  for +2 Power, a status), ``fire_again`` (Fully Automatic, On Hit: spend one to execute the attack again,
  ``ActivationEarned``) and ``reload`` (Reload, End of Beat: every token of his token discard back to his pool,
  ``TokensGained``).

Kit state (folded from the log): whether Gunner's token was spent this beat.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import kit_events as KE
from .. import stats
from ..effects import Primitive, choose, move_fighter, spending_forbidden
from ..kit import SPEND_TOKEN_DECISION, KitRules, Trigger

ABILITY = "Custom Ammunition"
IMPACT = "Impact Shell"
IMPACT_PUSH = 2
GUNNER = "Gunner"  # the style whose spent token changes its range (card data: op gunner)
GUNNER_SHIFT = (-1, 1)  # +2~4 becomes +1~5
NONE = "none"
# What each token does anted (the ability's words, for ante prompts).
EFFECTS = {"AP Shell": "this attack ignores Soak", "Explosive Shell": "+2 Power",
           "Flash Shell": "this attack ignores Stun Guard", IMPACT: "On Hit: push the opponent 2 spaces",
           "Longshot Shell": "Range -1~+1", "Swift Shell": "+2 Priority"}


@dataclass(slots=True)
class Own:
    gunner: bool = False  # Gunner's Before Activating spent a token this beat: Range +1~5


def _spent(state, p: int, e) -> None:
    if e.player == p and e.reason == GUNNER:
        state.fighters[p].own.gunner = True


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.gunner = False


def spend_one(ctx, p: int, card: str, purpose: str, cause: int | None):
    """Ask which Ammo token of the pool to spend for ``purpose`` (or none); spend it. Returns it, or None."""
    pool = sorted(set(ctx.state.fighters[p].tokens))
    if not pool:
        ctx.emit(E.EffectIgnored(player=p, card=card, reason="no Ammo token in your pool"), actor=p, cause=cause)
        return None
    why = spending_forbidden(ctx.state)  # an effect forbids spending tokens this beat (effects.spending_forbidden)
    if why:
        ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"no tokens may be spent this beat ({why})"),
                 actor=p, cause=cause)
        return None
    # "None" first, as "pass" is for an ante: the greedy bot's ties keep the token.
    options = [{"player": p, "token": NONE}] + [{"player": p, "token": t} for t in pool]
    labels = ["Spend none"] + [f"Spend {t} ({purpose}; no ante effect)" for t in pool]
    pick = yield from choose(ctx, p, "spend_token", KE.TokenSpendChosen, options, labels,
                             f"{card}: you may spend an Ammo token from your pool ({purpose})", cause, always=True)
    token = pick["token"]
    if token == NONE:
        return None
    ctx.emit(KE.TokensSpent(player=p, tokens=(token,), reason=card), actor=p, cause=cause)
    return token


# -- card primitives -----------------------------------------------------------------------------------------


def gunner(ctx, owner, card, cause):
    """Before Activating: may spend an Ammo token; if so this style is +1~5 instead of +2~4 (``stat_terms``)."""
    yield from spend_one(ctx, owner, card, "Range +1~5 instead of +2~4", cause)


def crossfire(ctx, owner, card, cause, power):
    """On Hit: may discard one more Ammo token from the pool; if so, this attack has +``power`` Power."""
    token = yield from spend_one(ctx, owner, card, f"+{power} Power", cause)
    if token is not None:
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=power, when="this",
                                label=f"{card} ({token} discarded)"), actor=owner, cause=cause)


def fire_again(ctx, owner, card, cause):
    """On Hit: may discard an Ammo token from the pool to execute this attack again (one token, one more)."""
    token = yield from spend_one(ctx, owner, card, "execute this attack again", cause)
    if token is not None:
        ctx.emit(KE.ActivationEarned(player=owner, card=card, reason=f"discarded {token}"), actor=owner, cause=cause)


def reload(ctx, owner, card, cause):
    """End of Beat: recover all Ammo tokens (every token of the token discard back to the pool)."""
    back = tuple(sorted(ctx.state.fighters[owner].token_discard))
    if not back:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="every Ammo token is already in your pool"),
                 actor=owner, cause=cause)
        return
    ctx.emit(KE.TokensGained(player=owner, tokens=back, reason=card, from_discard=True), actor=owner, cause=cause)
    return
    yield


def _impact(ctx, p: int, cause: int):
    yield from move_fighter(ctx, p, 1 - p, "push", (IMPACT_PUSH,), IMPACT, cause)


class Rukyuk(KitRules):
    folds = {"TokensSpent": _spent, "BeatEnded": _beat_ended}
    primitives = {"gunner": Primitive(gunner, ("before",)), "crossfire": Primitive(crossfire, ("hit",)),
                  "fire_again": Primitive(fire_again, ("hit",)), "reload": Primitive(reload, ("end",))}
    passives = {"hits_without_ammo": ()}
    decisions = dict(SPEND_TOKEN_DECISION)
    # Sniper's +3~5 (G, Gc, Y; R has +3~6): a report names the ruling next to the range (docs/rulings.md).
    card_rulings = {"*": {("range", "Sniper"): Ruling("bc-sniper", "Sniper")}}
    # His own records cite his cards (cites._own_cite); TokensGained keeps the shared "Tokens" rule, since a kit's
    # cite of a generic event is also the fallback of kits that give none.
    cites = {"TokenSpendChosen": "Rukyuk: Gunner (Before Activating), Crossfire, Fully Automatic (On Hit)",
             "ActivationEarned": "Rukyuk: Fully Automatic (On Hit)"}

    def new_own(self) -> Own:
        return Own()

    # -- the ante: one Ammo token a beat ------------------------------------------------------------------
    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        f = state.fighters[p]
        return sorted(set(f.tokens)) if f.ante_turns < 1 and not extra else []

    def ante_label(self, state, p: int, ante: str) -> str:
        return f"Ante {ante} ({EFFECTS.get(ante, 'no effect')})"

    # -- the tokens' effects that are not stats -----------------------------------------------------------
    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        if timing == "hit" and IMPACT in state.fighters[p].anted and not stats.tokens_void(state, p):
            return [Trigger(IMPACT, f"{IMPACT} (anted): On Hit: Push the opponent {IMPACT_PUSH} spaces.", _impact)]
        return []

    def misses(self, state, attacker: int, defender: int) -> str | None:
        if state.fighters[attacker].anted_this_beat or stats.has_passive(state, attacker, "hits_without_ammo"):
            return None
        return f"{ABILITY}: no Ammo token anted, the attack cannot hit"

    # -- Gunner --------------------------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        if stat == "range" and state.fighters[p].own.gunner:
            return [(f"{GUNNER} (Ammo token spent)", GUNNER_SHIFT)]
        return []

    def view_key(self, state, p: int) -> tuple:
        return (state.fighters[p].own.gunner,)

    def snapshot(self, state, p: int) -> dict:
        return {"gunner_token_spent": state.fighters[p].own.gunner}


RULES = Rukyuk("rukyuk")
