"""Triggered effects: resolving a player's effects for a timing window (WoI p.26).

A card's effects for a window are its data (card data) run through the effect
primitives (``effects.py``, ``finisher_effects.py`` for Finishers, a kit's own;
joined in ``fighters/__init__.py``); ``run_triggers`` resolves them with the
unique ability's (the kit's ``triggers`` hook), asking for their order when more
than one triggers, and lets another fighter's kit negate one (its
``negate_trigger`` hook).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import events as E
from .effects import Gen, choose
from .fighters import PRIMITIVES
from .kit import Trigger
from .cards import KITS
from .stats import PairKey, borrowed, cards_of, in_form, pair_key


def _card_trigger(card, effs: tuple[dict[str, Any], ...], timing: str, form: str | None,
                  lent: bool = False) -> Trigger:
    """``lent``: another fighter's card in this fighter's attack (copied or borrowed): its effects written in its
    own fighter's kit primitives name that fighter and are ignored (docs/rulings.md: effects that name another fighter)."""
    # Each effect's primitive is looked up once, when the window's triggers are first built (every primitive is
    # known by then: the kits' card data was checked against them when it loaded).
    steps = tuple((op, PRIMITIVES[op], {k: v for k, v in e.items() if k not in CONDITIONS}, e.get("at_least"))
                  for e in effs for op in (e["op"],))
    name = card.name
    if len(steps) == 1 and not lent and not steps[0][3]:  # most cards: one effect, run as it is (no generator of
        prim_run, params = steps[0][1].run, steps[0][2]  # its own around the primitive's)
        if params:
            def run_one(ctx, p: int, cause: int) -> Gen:
                return prim_run(ctx, p, name, cause, **params)
        else:
            def run_one(ctx, p: int, cause: int) -> Gen:
                return prim_run(ctx, p, name, cause)
        return Trigger(card.name, card.trigger_text(timing, form), run_one)

    def run(ctx, p: int, cause: int) -> Gen:
        for op, prim, params, least in steps:
            if lent and (prim.kit is not None or op in OWN_PIECES or least):
                ctx.emit(E.EffectIgnored(player=p, card=name, reason=f"an effect of {KITS[card.owner].short_name}'s "
                                         f"own ({op.replace('_', ' ')}): it names that fighter"), actor=p, cause=cause)
                continue
            if least and not (yield from _reaches(ctx, p, name, least, cause)):
                continue
            yield from prim.run(ctx, p, name, cause, **params)
    # Quote only this window's text (as it applies in the fighter's form), not the whole card.
    return Trigger(card.name, card.trigger_text(timing, form), run)


# Shared primitives that act on the card's own fighter's pieces (its counters, its forms): on another fighter's
# card in an attack (copied, borrowed) they name that fighter, as a kit primitive or a counter condition does.
OWN_PIECES = frozenset({"counter", "form"})

# Keys of an effect that say when it applies, not what it does: ``if`` (a form, fixed when the trigger is built)
# and ``at_least`` ({counter: n}: the fighter's counter is at least n when the effect resolves: "Level 2+").
CONDITIONS = ("op", "if", "at_least")


def _reaches(ctx, p: int, card: str, least: dict[str, int], cause: int) -> Gen:
    """Whether each counter named in ``least`` is at least its number now; if not, EffectIgnored says so."""
    f = ctx.state.fighters[p]
    for name, n in least.items():
        now = f.counters.get(name, 0)
        if now < n:
            ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"{name} {now}: needs {name} {n} or higher"),
                     actor=p, cause=cause)
            return False
    return True
    yield


@cache  # a window's card triggers depend only on the pair, the form and the timing: built once per key (stats)
def _card_triggers(key: PairKey, timing: str, form: str | None) -> tuple[Trigger, ...]:
    out = []
    for card in cards_of(key):
        effs = tuple(e for e in card.triggers.get(timing, ()) if in_form(form, e))
        if effs:
            out.append(_card_trigger(card, effs, timing, form, borrowed(card, key[0])))
    return tuple(out)


# A plain pair's card triggers by (kit, edition, finisher, style, base, timing, form): the values of a small fixed
# set (the roster's card data), so the table stays as small as ``_card_triggers``'s.
_PLAIN: dict[tuple[str | None, ...], tuple[Trigger, ...]] = {}


def run_triggers(ctx, p: int, timing: str) -> Gen:
    """Resolve player p's triggered effects for ``timing`` (used as ``yield from run_triggers(...)``). With more
    than one, the player orders them all first (WoI p.26, Preview "Resolving Effects": "he chooses which order
    he activates them"): one ``order`` decision per place, each naming the trigger that resolves next, until one
    is left. Most windows have none: then nothing but an empty tuple is made (no generator). One trigger that no
    fighter's kit may negate (most of the rest) is resolved at once: its TriggerResolved is emitted here and its
    effect's generator returned, as the caller's ``yield from`` runs it straight away.

    The triggers are every one player p owns in the window, fixed now (an earlier effect may change the form): the
    pair's cards (or the Finisher), then the unique ability's (the kit's ``triggers`` hook). A negated style keeps
    its End of Beat effects (``KitRules.negates_style``)."""
    s = ctx.state
    f = s.fighters[p]
    rules = f.rules
    if rules.plain_pair and (timing == "end" or not s.fighters[1 - p].rules.negates_styles):
        # pair_key's own quick way, with the timing and the form: one flat key, one look-up
        key = (f.kit, s.edition, f.finisher if f.finisher_active else None, f.style, f.base, timing, f.form)
        todo = _PLAIN.get(key)
        if todo is None:
            todo = _PLAIN[key] = _card_triggers((*key[:5], ()), timing, f.form)
    else:
        todo = _card_triggers(pair_key(s, p, timing != "end"), timing, f.form)  # negated styles keep End of Beat
    if "triggers" in rules.hooks:
        extra = rules.triggers(s, p, timing)
        if extra:
            todo = (*todo, *extra)
    if not todo:
        return ()
    if len(todo) > 1:
        return _resolve(ctx, p, timing, todo)
    for f in ctx.state.fighters:
        if f.rules.negates:
            return _resolve(ctx, p, timing, todo)
    trig = todo[0]
    seq = ctx.emit(E.TriggerResolved(p, trig.name, timing, trig.text), actor=p)  # fields in order: positionally
    return trig.run(ctx, p, seq)


def _resolve(ctx, p: int, timing: str, pending: tuple[Trigger, ...]) -> Gen:
    if len(pending) == 1:  # most windows: one trigger, nothing to order
        trig = pending[0]
        if not (yield from _negated(ctx, p, trig, timing)):
            seq = ctx.emit(E.TriggerResolved(p, trig.name, timing, trig.text), actor=p)  # fields in order: built positionally
            yield from trig.run(ctx, p, seq)
        return
    todo = list(pending)
    ordered: list[Trigger] = []
    while len(todo) > 1:
        names = [t.name for t in todo]
        place = "first" if not ordered else f"next (after {', '.join(t.name for t in ordered)})"
        word = "first" if not ordered else "next"
        pick = yield from choose(ctx, p, "order", E.TriggerOrderChosen, [{"player": p, "first": n} for n in names],
                                 lambda names=tuple(names), word=word: [f"{n} {word}" for n in names],
                                 f"Order your {timing} effects: which resolves {place}?", None)
        ordered.append(todo.pop(names.index(pick["first"])))
    for trig in ordered + todo:
        if (yield from _negated(ctx, p, trig, timing)):
            continue
        seq = ctx.emit(E.TriggerResolved(p, trig.name, timing, trig.text), actor=p)  # fields in order: built positionally
        yield from trig.run(ctx, p, seq)


def _negated(ctx, p: int, trig: Trigger, timing: str) -> Gen:
    """Whether another fighter's kit negates player p's trigger (its ``negate_trigger`` hook; ``yield from``
    gives None, no, when no kit has one)."""
    for f in ctx.state.fighters:
        if f.rules.negates:
            return _negating(ctx, p, trig, timing)
    return ()


def negated(ctx, p: int, trig: Trigger, timing: str) -> Gen:
    """Whether another fighter's kit negates player p's triggered effect ``trig`` (a card's, or a Unique Ability's
    that the kit resolves itself); a generator, as ``yield from`` gives True when it did."""
    return _negated(ctx, p, trig, timing)


def _negating(ctx, p: int, trig: Trigger, timing: str) -> Gen:
    for q, f in enumerate(ctx.state.fighters):
        if q != p and f.rules.negates and (yield from f.rules.negate_trigger(ctx, q, p, trig, timing, None)):
            return True
    return False
