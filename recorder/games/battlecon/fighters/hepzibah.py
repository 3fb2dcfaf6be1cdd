"""Hepzibah Culotre: Dark Pact, a Specialist (War of Indines only).

- Her five Dark Pacts are cards beside the board (card data ``card_zones``: they start in the zone ``pacts``),
  not tokens: an opponent's token effects never touch them.
- The ante: any non-empty set of the pacts still beside her (``ante_options``: one answer names them all,
  ``"Almighty + Endless"``; ``ante_label`` says their bonuses and what they cost), in as many ante turns as she
  likes. Making it (the ``on_ante`` hook) moves each pact to ``anted pacts`` (``CardMoved``) and pays 1 life
  per pact as life loss (``LifeLost``): not the free pact Pactbond chose, and with Seal the Pact the first pact
  paid for each beat is the opponent's life loss. She never pays her last life point (nor the opponent's).
- Anted, they apply like a second style (``applied_cards``): their printed numbers are terms of her figures and
  Corruption's ``ignores_stun_guard`` passive is the attack's; Altazzair's ``double_pact_bonuses`` adds each
  number again (``stat_terms``). They come back to ``pacts`` after recycling every beat (``after_recycle``).
- Kit primitives: ``bloodlight``, ``regain_per_pact`` (Pactbond), ``free_pact`` (Pactbond: a ``pact``
  decision, ``CardChosen``), ``discard_opponent_token`` (Darkheart, which regains life with the shared
  ``gain_life``), ``per_pact_bonus`` (Anathema), ``spend_life_for_power`` (Necrotizing: an ``amount``
  decision), ``seal_the_pact``, ``life_becomes_one`` (Altazzair); passives ``stun_immune_with_pacts`` (Accursed: ``stun_immunity``) and
  ``double_pact_bonuses``.

Kit state (folded from the log): the damage her hit just dealt (Bloodlight), the pact Pactbond made free for
the next beat and the one free this beat, and whether Seal the Pact took effect (the rest of the duel).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache, partial
from itertools import combinations
from typing import Callable

from recorder.frozen import quick_init

from .. import events as E
from .. import kit_events as KE
from .. import stats
from ..cards import KITS
from ..effects import Primitive, choose, fighter_name, gain_life, lose_life
from ..kit import AMOUNT_DECISION, KitRules

ID = "hepzibah"
BESIDE, ANTED = "pacts", "anted pacts"
PACTS = KITS[ID].card_zones[BESIDE]  # in printed order: Almighty, Corruption, Endless, Immortality, Inevitable
PACT_CARDS = {pact: KITS[ID].cards[pact] for pact in PACTS}
JOIN = " + "  # an ante answer names its pacts: "Almighty + Endless"
ABILITY = "Dark Pact"
SEAL = "Seal the Pact"
DOUBLED = ("power", "priority", "soak", "range")
BONUS_WORDS = {"power": "Power", "priority": "Priority", "soak": "Soak", "range": "Range"}


@dataclass(slots=True)
class Own:
    dealt: int = 0  # the damage of her last DamageDealt this beat (Bloodlight)
    free: str = ""  # the pact she may ante without paying life this beat (chosen by Pactbond last beat)
    free_next: str = ""  # the pact Pactbond chose this beat, free next beat
    sealed: bool = False  # Seal the Pact took effect: for the rest of the duel


def _dealt(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.dealt = e.amount


def _chosen(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.free_next = e.card


def _trigger(state, p: int, e) -> None:
    if e.player == p and e.card == SEAL and e.timing == "after":
        state.fighters[p].own.sealed = True


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.dealt, own.free, own.free_next = 0, own.free_next, ""


def anted(f) -> list[str]:
    """The pacts she anted this beat."""
    return f.zones.get(ANTED, [])


def beside(f) -> list[str]:
    return f.zones.get(BESIDE, [])


def pacts_of(ante: str) -> tuple[str, ...]:
    return tuple(ante.split(JOIN))


@quick_init  # worked out for every set of pacts at every ante
@dataclass(frozen=True, slots=True)
class Cost:
    free: str  # the pact that costs nothing (Pactbond), or ""
    sealed: bool  # the opponent pays for one pact (Seal the Pact)
    own: int  # the life she pays herself


def cost(state, p: int, pacts: tuple[str, ...]) -> Cost:
    """What anteing ``pacts`` now costs: 1 life each, but the free pact of this beat costs nothing and, once Seal
    the Pact took effect, the first pact she pays for in a beat is paid with the opponent's life if the opponent
    has more than 1 life."""
    return pacts_cost(pacts, state.fighters[p].own.free, seal_may_pay(state, p))


@lru_cache(maxsize=1024)  # the sets of pacts (31) x the free pact (6) x whether Seal the Pact may pay: a small set
def pacts_cost(pacts: tuple[str, ...], free_pact: str, sealing: bool) -> Cost:
    """What ``pacts`` cost given her free pact of this beat and whether Seal the Pact pays for the first pact she
    pays for (``seal_may_pay``): the rule of :func:`cost`, which depends on nothing else."""
    free = free_pact if free_pact in pacts else ""
    paid = len(pacts) - (1 if free else 0)
    sealed = sealing and paid > 0
    return Cost(free, sealed, paid - (1 if sealed else 0))


def seal_may_pay(state, p: int) -> bool:
    """Whether Seal the Pact pays for the first pact she pays for now: it took effect, she has paid for none yet
    this beat (the free pact of this beat costs nothing) and the opponent has 2 or more life."""
    f = state.fighters[p]
    own = f.own
    if not own.sealed or state.fighters[1 - p].life < 2:
        return False
    pacts_anted = anted(f)
    return len(pacts_anted) - (1 if own.free and own.free in pacts_anted else 0) == 0


def pact_words(pacts: tuple[str, ...], c: Cost, opponent: str) -> str:
    """How anteing ``pacts`` at cost ``c`` reads ("Ante Dark Pacts A (+2 Power), B (...): pay 1 life; ...")."""
    bits = [f"{pact} ({describe_bonus(pact)})" for pact in pacts]
    pay = []
    if c.own:
        pay.append(f"pay {c.own} life")
    if c.sealed:
        pay.append(f"{opponent} pays 1 life ({SEAL})")
    if c.free:
        pay.append(f"{c.free} free (Pactbond)")
    word = "Dark Pacts" if len(pacts) > 1 else "Dark Pact"
    return f"Ante {word} {', '.join(bits)}: {'; '.join(pay)}"


def doubled(state, p: int, stat: str) -> list[tuple[str, object]]:
    """Altazzair: each anted pact's power, priority, soak or range bonus once more (its printed number is already
    a term of the figure, the pact being applied like a second style)."""
    pacts = anted(state.fighters[p])
    if not pacts or not stats.has_passive(state, p, "double_pact_bonuses"):
        return []
    out: list[tuple[str, object]] = []
    for pact in pacts:
        v = getattr(PACT_CARDS[pact], stat)
        if v and v != (0, 0):
            out.append((f"{pact} doubled (Altazzair)", v))
    return out


@cache  # card data never changes: worked out once per pact (every ante option's label names its pacts)
def describe_bonus(pact: str) -> str:
    """A pact's bonus in a few words, for labels: "+2 Power", "ignores Stun Guard"."""
    return PACT_CARDS[pact].text.removeprefix("Dark Pact. ").removeprefix("This attack ").rstrip(".")


# -- card primitives -----------------------------------------------------------------------------------------


def bloodlight(ctx, owner, card, cause):
    """Regain life equal to the damage dealt, but no more than the number of pacts anted this beat."""
    f = ctx.state.fighters[owner]
    n = min(f.own.dealt, len(anted(f)))
    if not n:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no Dark Pact anted this beat"), actor=owner,
                 cause=cause)
        return
    gain_life(ctx, owner, n, f"{card}: {f.own.dealt} damage dealt, {len(anted(f))} Dark Pacts anted", cause)
    return
    yield


def regain_per_pact(ctx, owner, card, cause, most):
    """Regain 1 life per pact anted this beat, at most ``most``."""
    n = min(len(anted(ctx.state.fighters[owner])), most)
    if not n:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no Dark Pact anted this beat"), actor=owner,
                 cause=cause)
        return
    gain_life(ctx, owner, n, f"{card}: {n} Dark Pact{'s' if n > 1 else ''} anted", cause)
    return
    yield


def free_pact(ctx, owner, card, cause):
    """Choose a pact: next beat it can be anted without paying life (a ``card`` decision)."""
    opts = [{"player": owner, "card": pact} for pact in PACTS]
    labels = [f"{pact} ({describe_bonus(pact)}): free next beat" for pact in PACTS]
    yield from choose(ctx, owner, "pact", KE.CardChosen, opts, labels,
                      f"{card}: choose a Dark Pact you may ante next beat without paying life", cause)


def discard_opponent_token(ctx, owner, card, cause):
    """The opponent must discard one of their tokens (their choice), if they have one."""
    opp = 1 - owner
    pool = sorted(set(ctx.state.fighters[opp].tokens))
    if not pool:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{fighter_name(ctx, opp)} has no token"),
                 actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, opp, "discard_token", E.TokenChosen, [{"player": opp, "token": t} for t in pool],
                             [f"Discard {t}" for t in pool], f"{card}: discard one of your tokens", cause)
    ctx.emit(KE.TokensSpent(player=opp, tokens=(pick["token"],), reason=f"{card} (discarded)"), actor=opp,
             cause=cause)


def per_pact_bonus(ctx, owner, card, cause, most):
    """+1 Power and +1 Priority per pact anted this beat, at most ``most``."""
    count = len(anted(ctx.state.fighters[owner]))
    n = min(count, most)
    if not n:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no Dark Pact anted this beat"), actor=owner,
                 cause=cause)
        return
    label = f"{card} ({count} Dark Pact{'s' if count > 1 else ''}" + (f", at most +{most})" if count > most else ")")
    for stat in ("power", "priority"):
        ctx.emit(E.StatusGained(player=owner, stat=stat, amount=n, when="this", label=label), actor=owner, cause=cause)
    return
    yield


def spend_life_for_power(ctx, owner, card, cause, most):
    """Spend up to ``most`` life (never below 1) for +1 Power each."""
    life = ctx.state.fighters[owner].life
    top = max(0, min(most, life - 1))
    if not top:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="1 life left: none to spend"), actor=owner,
                 cause=cause)
        return
    options = [{"player": owner, "amount": n} for n in range(top + 1)]
    labels = [f"Spend {n} life for +{n} Power" if n else "Spend none" for n in range(top + 1)]
    pick = yield from choose(ctx, owner, "amount", KE.AmountChosen, options, labels,
                             f"{card}: spend up to {top} life for +1 Power each", cause, always=True)
    n = pick["amount"]
    if n:
        lose_life(ctx, owner, n, f"{card}: spent for +{n} Power", cause)
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=n, when="this", label=f"{card} ({n} life)"),
                 actor=owner, cause=cause)


def seal_the_pact(ctx, owner, card, cause):
    """The After Activating effect is the TriggerResolved the kit folds (``Own.sealed``); nothing else."""
    return
    yield


def life_becomes_one(ctx, owner, card, cause):
    life = ctx.state.fighters[owner].life
    if life <= 1:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="her life is already 1"), actor=owner, cause=cause)
        return
    lose_life(ctx, owner, life - 1, f"{card}: her life becomes 1", cause)
    return
    yield


CARD_DECISION = {"pact": ({"card": {"type": "string", "minLength": 1, "maxLength": 64}},
                          '"card": one of your Dark Pacts')}
DISCARD_TOKEN = {"discard_token": ({"token": {"type": "string", "minLength": 1, "maxLength": 64}},
                                   '"token": one of your tokens to discard')}


def _moved_stats(d):
    if d["card"] in PACTS and d["to_zone"] == ANTED:
        return ((d["player"], "tokens_used", ("pact anted", d["card"])),)
    return ()


def _lost_stats(d):
    if d["reason"].startswith(ABILITY):
        return ((d["player"], "tokens_used", ("life paid for pacts", "own life")),) * d["lost"]
    if d["reason"].startswith(SEAL):
        return ((d["player"], "tokens_used", ("life paid for pacts", "opponent's life (Seal the Pact)")),) * d["lost"]
    return ()


class Hepzibah(KitRules):
    folds = {"DamageDealt": _dealt, "CardChosen": _chosen, "TriggerResolved": _trigger, "BeatEnded": _beat_ended}
    primitives = {"bloodlight": Primitive(bloodlight, ("damage",)), "regain_per_pact": Primitive(regain_per_pact),
                  "free_pact": Primitive(free_pact, ("end",)),
                  "discard_opponent_token": Primitive(discard_opponent_token, ("hit",)),
                  "per_pact_bonus": Primitive(per_pact_bonus, ("reveal",)),
                  "spend_life_for_power": Primitive(spend_life_for_power, ("hit",)),
                  "seal_the_pact": Primitive(seal_the_pact, ("after",)),
                  "life_becomes_one": Primitive(life_becomes_one, ("start",))}
    passives = {"stun_immune_with_pacts": ("pacts",), "double_pact_bonuses": ()}
    decisions = {**AMOUNT_DECISION, **CARD_DECISION, **DISCARD_TOKEN}
    # Her own records of these generic events cite her rules (cites._own_cite); written per edition (she is in the
    # War of Indines only) so that the fallback for other kits' records of the same events stays as it was.
    cites = {"CardChosen": {"woi": "Hepzibah: Pactbond (End of Beat: choose a Dark Pact)"},
             "CardMoved": {"woi": "Hepzibah's Unique Ability (Dark Pact: anted for 1 life each; they come back "
                                  "every beat)"}}
    words = {"CardChosen": lambda d, name: (f"{name(d['player'])} chooses the Dark Pact {d['card']} (Pactbond): she may ante it "
                                            "next beat without paying life")}
    # Pacts anted (each), and the life paid for them: hers, or the opponent's by Seal the Pact (on the payer's row).
    stat_events = {"CardMoved": _moved_stats, "LifeLost": _lost_stats}

    def new_own(self) -> Own:
        return Own()

    # -- the ante ---------------------------------------------------------------------------------------
    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        f = state.fighters[p]
        here = [pact for pact in PACTS if pact in beside(f)]
        out = []
        free, sealing, most = f.own.free, seal_may_pay(state, p), f.life - 1  # what cost() asks, once
        for n in range(1, len(here) + 1):
            for pacts in combinations(here, n):
                if pacts_cost(pacts, free, sealing).own <= most:
                    out.append(JOIN.join(pacts))
        return out

    def ante_label(self, state, p: int, ante: str) -> str:
        pacts = pacts_of(ante)
        return pact_words(pacts, cost(state, p, pacts), state.names[1 - p])

    def ante_label_later(self, state, p: int, ante: str) -> Callable[[], str]:
        # Up to 31 sets of pacts to word at every ante: what each costs now is all the words need.
        pacts = pacts_of(ante)
        return partial(pact_words, pacts, cost(state, p, pacts), state.names[1 - p])

    def ante_tokens(self, state, p: int, ante: str) -> tuple[str, ...]:
        return ()  # pacts are cards: the kit moves them (on_ante), the generic fold moves no token

    def on_ante(self, ctx, p: int, ante: str, cause: int):
        s = ctx.state
        pacts = pacts_of(ante)
        c = cost(s, p, pacts)
        for pact in pacts:
            reason = f"{ABILITY}: anted free (Pactbond)" if pact == c.free else f"{ABILITY}: anted"
            ctx.emit(KE.CardMoved(player=p, card=pact, from_zone=BESIDE, to_zone=ANTED, reason=reason), actor=p,
                     cause=cause)
        paid = [pact for pact in pacts if pact != c.free]
        if c.sealed:
            lose_life(ctx, 1 - p, 1, f"{SEAL}: {fighter_name(ctx, 1 - p)} pays for {paid[0]}", cause)
            paid = paid[1:]
        if paid:
            lose_life(ctx, p, len(paid), f"{ABILITY}: {', '.join(paid)}", cause)
        return
        yield

    # -- the pacts' bonuses ---------------------------------------------------------------------------------
    def applied_cards(self, state, p: int) -> tuple[str, ...]:
        pacts = anted(state.fighters[p])  # negated by an opponent's effect (stats.antes_negated): none applies
        return tuple(pacts) if pacts and stats.antes_negated(state, p) is None else ()

    def stat_terms(self, state, p: int, stat: str):
        return doubled(state, p, stat) if anted(state.fighters[p]) and stats.antes_negated(state, p) is None else []

    def stun_immunity(self, state, p: int) -> str | None:
        n = len(anted(state.fighters[p]))
        for card, item in stats.passives(state, p, "stun_immune_with_pacts"):
            if n >= item["pacts"]:
                return f"{card.name}, {n} Dark Pacts anted"
        return None

    def view_key(self, state, p: int) -> tuple:
        return tuple(anted(state.fighters[p]))

    # -- the pacts come back --------------------------------------------------------------------------------
    def after_recycle(self, ctx, p: int, recycled: bool) -> None:
        for pact in list(anted(ctx.state.fighters[p])):
            ctx.emit(KE.CardMoved(player=p, card=pact, from_zone=ANTED, to_zone=BESIDE,
                                  reason=f"{ABILITY}: the pacts come back at the end of every beat"), actor=p)

    # -- what the kit shows ---------------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        own = state.fighters[p].own
        out = {"free_pact": own.free or None, "sealed": own.sealed}
        lasting = []  # the viewer draws these words (the fighter's "Lasting effects" row)
        if own.sealed:
            lasting.append(f"{SEAL}: the opponent's life pays for her first Dark Pact each beat, for the rest of the "
                           "duel")
        free = own.free_next or own.free
        if free:
            when = "next beat" if own.free_next else "this beat"
            lasting.append(f"Pactbond: {free} can be anted {when} without paying life")
        if lasting:
            out["lasting"] = lasting
        return out

    def summary(self, f: dict) -> list[str]:
        out = []
        if f.get("free_pact"):
            out.append(f"free pact: {f['free_pact']}")
        if f.get("sealed"):
            out.append(f"{SEAL}: the opponent pays her first pact each beat")
        return out


RULES = Hepzibah("hepzibah")
