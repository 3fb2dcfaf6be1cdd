"""Magdalena Larington: Divine Conduit (Trance counters and a Level), a Specialist of the Basic flight (War of
Indines only; the rulebook and G also spell her Magdelina).

- Trance (0-5) and Level (0-5) are generic counters (card data ``counters``), changed only by ``CounterChanged``.
- At the end of each beat, after recycling (``end_of_beat``), she gains a Trance counter; then, if her Trance
  counters exceed her Level and did not first do so this beat, she discards them all and gains a Level (G:
  "She can't gain a level on the first beat that her Trance Counters exceed her Level"). The kit folds the beat
  in which they first went above her Level from every ``CounterChanged``.
- The ante: +1 Power, +1 Priority and Stun Guard 1 per Level, fixed at the Level she had when the ante step
  began (folded from ``AnteStarted``; ``stat_terms``, the stun guard too).
- Passives: ``conduit_needs_hit`` (Spiritual: no end-of-beat gain unless she hit), ``range_per_counter``
  (Sanctimonious: range +0~X, X her Trance), ``damage_cap`` (Safety: at most Level + 3 damage from each attack,
  through the ``damage_cap`` hook: ``DamageCapped``).
- Kit primitives: ``move_if_hit`` (Safety's End of Beat move, if she was hit this beat), ``counters_for_power``
  (Solar Soul: discard any number of Trance counters for +1 Power each, an ``amount`` decision and a
  ``StatusGained``). Blessing (power N/A) and Priestess gain life with the shared ``gain_life`` (``LifeGained``);
  Excelsius's push needs Level 2 (the shared ``at_least`` condition); Apotheosis gains a Level (``counter``).

Kit state (folded from the log): the Level fixed at the ante, whether she hit and was hit this beat, the pair her
cards recycled this beat (Spiritual is in discard 1 when the ability acts), and the beat her Trance counters
first went above her Level.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import kit_events as KE
from .. import stats
from ..cards import KITS
from ..effects import Primitive, change_counter, choose, move_fighter, spending_forbidden
from ..kit import AMOUNT_DECISION, KitRules, Trigger

TRANCE, LEVEL = "Trance", "Level"
CONDUIT = "Divine Conduit"
CONDUIT_TEXT = ("At the end of each beat she gains a Trance counter; then, if she has more Trance counters than her "
                "Level, she discards them all and gains a Level")
BONUS_STATS = ("power", "priority", "stun_guard")


@dataclass(slots=True)
class Own:
    level_at_ante: int | None = None  # the Level when this beat's ante step began (the bonus); None: no ante yet
    hit: bool = False  # she hit an opponent this beat (Spiritual)
    was_hit: bool = False  # she was hit this beat (Safety)
    played: tuple[str, ...] = ()  # the cards her recycling put in discard 1 this beat (Spiritual)
    above_since: int | None = None  # the beat her Trance counters first went above her Level (None: not above)


def _ante_started(state, p: int, e) -> None:
    state.fighters[p].own.level_at_ante = state.fighters[p].counters.get(LEVEL, 0)


def _hit(state, p: int, e) -> None:
    own = state.fighters[p].own
    if e.player == p:
        own.hit = True
    if e.target == p:
        own.was_hit = True


def _recycled(state, p: int, e) -> None:
    if e.player == p:
        state.fighters[p].own.played = tuple(e.discard1)


def _counter(state, p: int, e) -> None:
    if e.player != p:
        return
    f = state.fighters[p]
    own = f.own
    if f.counters.get(TRANCE, 0) <= f.counters.get(LEVEL, 0):
        own.above_since = None
    elif own.above_since is None:
        own.above_since = state.beat


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.level_at_ante, own.hit, own.was_hit, own.played = None, False, False, ()


def level(state, p: int) -> int:
    return state.fighters[p].counters.get(LEVEL, 0)


def trance(state, p: int) -> int:
    return state.fighters[p].counters.get(TRANCE, 0)


# -- card primitives -----------------------------------------------------------------------------------------


def move_if_hit(ctx, owner, card, cause, n):
    """End of Beat: if she was hit this beat, move (``n``: the distances offered)."""
    if not ctx.state.fighters[owner].own.was_hit:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="you were not hit this beat"), actor=owner,
                 cause=cause)
        return
    yield from move_fighter(ctx, owner, owner, "move", tuple(n), card, cause)


def counters_for_power(ctx, owner, card, cause, counter):
    """Discard any number of the owner's ``counter`` counters for +1 Power each this beat."""
    held = ctx.state.fighters[owner].counters.get(counter, 0)
    if not held:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no {counter} counter to discard"), actor=owner,
                 cause=cause)
        return
    why = spending_forbidden(ctx.state)  # an effect forbids spending counters this beat (effects.spending_forbidden)
    if why:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no counters may be spent this beat ({why})"),
                 actor=owner, cause=cause)
        return
    options = [{"player": owner, "amount": k} for k in range(held + 1)]
    labels = [f"Discard {k} {counter} for +{k} Power" if k else "Discard none" for k in range(held + 1)]
    pick = yield from choose(ctx, owner, "amount", KE.AmountChosen, options, labels,
                             f"{card}: discard how many {counter} counters for +1 Power each?", cause, always=True)
    k = pick["amount"]
    if k:
        change_counter(ctx, owner, counter, -k, f"{card} (discarded for +{k} Power)", cause)
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=k, when="this", label=f"{card} ({k} {counter})"),
                 actor=owner, cause=cause)


def _conduit(ctx, p: int, cause: int | None):
    """Divine Conduit at the end of the beat: a Trance counter, then a Level when they exceed it (not on the first
    beat they do)."""
    s = ctx.state
    f = s.fighters[p]
    change_counter(ctx, p, TRANCE, 1, CONDUIT, cause)
    t, lv = trance(s, p), level(s, p)
    if t <= lv:
        return
    if f.own.above_since == s.beat:
        return  # "She can't gain a level on the first beat that her Trance Counters exceed her Level."
    change_counter(ctx, p, TRANCE, -t, f"{CONDUIT}: {t} Trance > Level {lv}, all discarded", cause)
    change_counter(ctx, p, LEVEL, 1, f"{CONDUIT}: {t} Trance > Level {lv}", cause)
    return
    yield


CONDUIT_TRIGGER = Trigger(CONDUIT, CONDUIT_TEXT, _conduit)


class Magdalena(KitRules):
    folds = {"AnteStarted": _ante_started, "HitScored": _hit, "CardsRecycled": _recycled,
             "CounterChanged": _counter, "BeatEnded": _beat_ended}
    primitives = {"move_if_hit": Primitive(move_if_hit, ("end",)),
                  "counters_for_power": Primitive(counters_for_power, ("hit",))}
    passives = {"conduit_needs_hit": (), "range_per_counter": ("counter",), "damage_cap": ("counter", "plus")}
    decisions = dict(AMOUNT_DECISION)
    card_rulings = {"*": {("power", "Sanctimonious"): Ruling("bc-sanctimonious", "Sanctimonious")}}
    cites = {"CounterChanged": "Magdalena's Unique Ability (Divine Conduit: Trance counters and Level)",
             "DamageCapped": "Magdalena: Safety (at most her Level + 3 damage from each attack this beat)"}
    # Her counters in the statistics' usage: Trance gained and discarded, Levels gained.
    stat_events = {"CounterChanged": lambda d: (
        ((d["player"], "tokens_used", ("gained" if d["amount"] > 0 else "discarded", d["counter"])),) * abs(d["amount"])
        if d["counter"] in (TRANCE, LEVEL) else ())}

    def new_own(self) -> Own:
        return Own()

    # -- the ante bonus --------------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        f = state.fighters[p]
        lv = f.own.level_at_ante
        out = [(f"{CONDUIT} (Level {lv})", lv)] if lv and stat in BONUS_STATS else []
        if stat == "range":
            for card, item in stats.passives(state, p, "range_per_counter"):
                x = f.counters.get(item["counter"], 0)
                out.append((f"{card.name} (X = {x} {item['counter']})", (0, x)))
        return out

    def view_key(self, state, p: int) -> tuple:
        return (state.fighters[p].own.level_at_ante,)

    # -- Safety ---------------------------------------------------------------------------------------
    def damage_cap(self, state, p: int, attacker: int):
        for card, item in stats.passives(state, p, "damage_cap"):
            n = state.fighters[p].counters.get(item["counter"], 0)
            return n + item["plus"], f"{card.name}: {item['counter']} {n} + {item['plus']}"
        return None

    # -- Divine Conduit ---------------------------------------------------------------------------------
    def end_of_beat(self, ctx, p: int):
        s = ctx.state
        f = s.fighters[p]
        cards = KITS[f.kit].cards
        quiet = next((c for c in f.own.played if c in cards
                      and any(i["type"] == "conduit_needs_hit" for i in cards[c].passives)), None)
        if quiet and not f.own.hit:
            ctx.emit(E.EffectIgnored(player=p, card=CONDUIT, reason=f"{quiet}: you did not hit an opponent this "
                                     "beat, so no Trance counter or Level at the end of the beat"), actor=p)
            return
        yield from CONDUIT_TRIGGER.act(ctx, p, "end", None)  # unless negated

    # -- what the kit shows -----------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        lv = state.fighters[p].own.level_at_ante
        return {} if lv is None else {"level_at_ante": lv}

    def summary(self, f: dict) -> list[str]:
        lv = f.get("level_at_ante")
        return [f"ante bonus: Level {lv} (+{lv} Power, +{lv} Priority, Stun Guard {lv})"] if lv else []


RULES = Magdalena("magdalena")
