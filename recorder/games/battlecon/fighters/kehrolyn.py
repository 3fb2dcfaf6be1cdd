"""Kehrolyn Ross: Shapeshifting (her Current Form), a Brawler (War of Indines only).

- Current Form: the style of hers on top of discard 1. It applies to every attack she plays, a Finisher's too,
  like a second style (``applied_cards``, the hook Zaamassal's Paradigms use): its numbers are printed values of
  her attack, its triggers and passives join the pair's. The discards are public, so is her Current Form.
- Mutating (kit primitive ``mutate``, Reveal): the style gains every stat and effect of her Current Form, or, when
  it is her Current Form, of the style she revealed. The copy is one more applied card, ``Mutating (as X)``: X's
  card under that name (built once below from her own card data), so a judge reads "Mutating (as Bladed) 2".
- Overload (kit passive ``loses_ties``: ``tie_winner``; kit primitive ``overload``, Start of Beat): she reveals one
  more style from her hand (a ``card`` decision, ``CardChosen``); it moves to the card zone ``overloaded``
  (``CardMoved``), applies to the attack, its Reveal effects resolve at once, and it goes back to her hand after
  her cards recycle (``after_recycle``).
- The August Strain (kit primitive ``set_aside_style``, On Hit): a style of hers (hand or discards) moves to the
  card zone ``set aside`` and applies to all her attacks for the rest of the duel.
- Whip (kit primitive ``whip``): at range 1 the opponent is stunned, otherwise pulled 1.
- Exoskeletal (kit passive ``may_ignore_opponents_movement``): she may ignore movement effects applied to her by
  the opponent (``ignore_movement``, an ``ignore_move`` decision, ``OptionDecided``).

No kit state: everything she applies is read from her public zones (discard 1, ``overloaded``, ``set aside``).
"""

from __future__ import annotations

import dataclasses

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import KITS
from ..effects import PRIMITIVES as SHARED, Primitive, choose, fighter_name, move_fighter, stun
from ..kit import CARD_DECISION, KitRules, Trigger

FID = "kehrolyn"
OVERLOADED, SET_ASIDE = "overloaded", "set aside"
MUTATING = "Mutating"
STYLES = KITS[FID].styles
STYLE_SET = frozenset(STYLES)
NAME = KITS[FID].short_name


def copy_name(style: str) -> str:
    return f"{MUTATING} (as {style})"


def _register_copies() -> dict[str, str]:
    """Mutating's copy of each other style of hers: that card under the name ``Mutating (as X)`` (its numbers,
    effects, passives and text), added to her kit's cards once, at import, so the shared arithmetic and triggers
    read it like any applied card."""
    kit = KITS[FID]
    out = {}
    for style in STYLES:
        if style == MUTATING:
            continue
        name = copy_name(style)
        if name not in kit.cards:
            kit.cards[name] = dataclasses.replace(kit.cards[style], name=name, ruling="")
        out[style] = name
    return out


COPIES = _register_copies()


# -- what she applies ---------------------------------------------------------------------------------------------


def current_form(f) -> str | None:
    """The style of hers on top of discard 1 (put there last), or None."""
    for card in reversed(f.discard1):
        if card in STYLE_SET:
            return card
    return None


def _played_style(f) -> str | None:
    """The style of hers she revealed with her base this beat (none when a Finisher replaces the pair)."""
    return f.style if not f.finisher_active and f.style in STYLE_SET else None


def mutated(f, form: str | None) -> str | None:
    """The style Mutating copies now, or None (Mutating is not in her attack, or there is nothing to copy)."""
    if form == MUTATING:
        return _played_style(f)
    if form is not None and (_played_style(f) == MUTATING or MUTATING in f.zones.get(OVERLOADED, ())
                             or MUTATING in f.zones.get(SET_ASIDE, ())):
        return form
    return None


def _applied(f) -> tuple[str, ...]:
    form = current_form(f)
    over, aside = f.zones.get(OVERLOADED, ()), f.zones.get(SET_ASIDE, ())
    out = (form,) if form is not None else ()
    if over or aside:
        out += (*over, *aside)
    copied = mutated(f, form)
    if copied is not None:
        out += (COPIES[copied],)
    return out


# -- primitives ---------------------------------------------------------------------------------------------------


def mutate(ctx, owner, card, cause):
    """Reveal: the copy is one more applied card from now on (``applied_cards``); with nothing to copy it says so."""
    f = ctx.state.fighters[owner]
    form = current_form(f)
    if mutated(f, form) is None:
        why = ("no style of hers was revealed this beat" if form == MUTATING
               else "she has no Current Form" if form is None else "nothing to copy")
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=why), actor=owner, cause=cause)
    return
    yield


def whip(ctx, owner, card, cause):
    """On Hit: at range 1 the opponent is stunned; otherwise pull the opponent 1 space."""
    if movement.distance(ctx.state) == 1:
        stun(ctx, 1 - owner, cause)
    else:
        yield from move_fighter(ctx, owner, 1 - owner, "pull", (1,), card, cause)


def _reveal_now(ctx, owner: int, style: str, cause: int | None):
    """An overloaded style's Reveal effects, resolved at once (another fighter's kit may negate them)."""
    s = ctx.state
    card = KITS[FID].card(style, s.edition)
    effects = card.triggers.get("reveal", ())
    if not effects:
        return
    ops = {**SHARED, **Kehrolyn.primitives}

    def run(ctx_, p, seq):
        for e in effects:
            yield from ops[e["op"]].run(ctx_, p, style, seq, **{k: v for k, v in e.items() if k != "op"})

    trig = Trigger(style, card.trigger_text("reveal", s.fighters[owner].form), run)
    for q, other in enumerate(s.fighters):
        if q != owner and other.rules.negates and (yield from other.rules.negate_trigger(ctx, q, owner, trig,
                                                                                          "reveal", cause)):
            return
    seq = ctx.emit(E.TriggerResolved(player=owner, card=style, timing="reveal", text=trig.text), actor=owner,
                   cause=cause)
    yield from run(ctx, owner, seq)


def overload(ctx, owner, card, cause):
    """Start of Beat: reveal one more style of hers from her hand; it applies to this attack, its Reveal effects
    resolve now, and it returns to her hand after the beat (``after_recycle``)."""
    f = ctx.state.fighters[owner]
    styles = [c for c in STYLES if c in f.hand]
    if not styles:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="she has no style in hand to reveal"),
                 actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "card", KE.CardChosen, [{"player": owner, "card": c} for c in styles],
                             [f"Reveal {c}" for c in styles],
                             f"{card}: reveal an additional style from your hand (it applies to this attack)", cause,
                             always=True)
    style = pick["card"]
    ctx.emit(KE.CardMoved(player=owner, card=style, from_zone="hand", to_zone=OVERLOADED,
                          reason=f"{card}: revealed from her hand, applied to this attack"), actor=owner, cause=cause)
    yield from _reveal_now(ctx, owner, style, cause)


PILES = (("hand", "hand"), ("discard1", "discard 1"), ("discard2", "discard 2"))


def set_aside_style(ctx, owner, card, cause):
    """On Hit: choose any style of hers (hand, discard piles) and set it aside: it applies to all her attacks for
    the rest of the duel."""
    f = ctx.state.fighters[owner]
    found = [(style, zone, label) for zone, label in PILES for style in STYLES if style in getattr(f, zone)]
    if not found:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="she has no style to set aside"),
                 actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "card", KE.CardChosen, [{"player": owner, "card": s} for s, _, _ in found],
                             [f"Set aside {s} (from {label})" for s, _, label in found],
                             f"{card}: choose one of your styles to set aside (it applies to all your attacks for "
                             "the rest of the duel)", cause, always=True)
    style, zone, _ = next(x for x in found if x[0] == pick["card"])
    ctx.emit(KE.CardMoved(player=owner, card=style, from_zone=zone, to_zone=SET_ASIDE,
                          reason=f"{card}: set aside out of the game, applied to all her attacks for the rest of "
                                 "the duel"), actor=owner, cause=cause)


def _tally(d):
    if d["card"] not in STYLE_SET:
        return ()
    if d["to_zone"] == OVERLOADED:
        return ((d["player"], "cards_played", ("overloaded", d["card"])),)
    if d["to_zone"] == SET_ASIDE:
        return ((d["player"], "cards_played", ("set aside", d["card"])),)
    return ()


class Kehrolyn(KitRules):
    primitives = {
        "mutate": Primitive(mutate, ("reveal",)), "whip": Primitive(whip, ("hit",)),
        "overload": Primitive(overload, ("start",)), "set_aside_style": Primitive(set_aside_style, ("hit",)),
    }
    passives = {"loses_ties": (), "may_ignore_opponents_movement": ()}
    decisions = {**CARD_DECISION, "ignore_move": ({"use": {"type": "boolean"}}, '"use": true to ignore the movement')}
    # Her records of generic events cite her cards (``own_cites``: not joined into other matches' citations).
    own_cites = {"CardMoved": "Kehrolyn: Overload (a style revealed from her hand for the beat), The August Strain "
                              "(a style set aside for the duel)",
                 "CardChosen": "Kehrolyn: Overload (the style she reveals), The August Strain (the style she sets "
                               "aside)",
                 "OptionDecided": "Kehrolyn: Exoskeletal (she may ignore movement effects applied to her by "
                                  "opponents)"}
    words = {
        "CardChosen": lambda d, name: f"{name(d['player'])} chooses {d['card']}",
        "OptionDecided": lambda d, name: (f"{name(d['player'])} ignores the movement (Exoskeletal)" if d["use"]
                                          else f"{name(d['player'])} lets the movement apply (Exoskeletal)"),
    }
    stat_events = {"CardMoved": _tally}

    # -- the styles she applies besides the one she plays -----------------------------------------------------
    def applied_cards(self, state, p: int) -> tuple[str, ...]:
        return _applied(state.fighters[p])

    def after_recycle(self, ctx, p: int, recycled: bool) -> None:
        for style in list(ctx.state.fighters[p].zones.get(OVERLOADED, ())):
            ctx.emit(KE.CardMoved(player=p, card=style, from_zone=OVERLOADED, to_zone="hand",
                                  reason="Overload: returns to her hand after the beat"), actor=p)

    # -- Overload: this attack loses priority ties -----------------------------------------------------------------
    def tie_winner(self, state, priorities, terms):
        seats = [p for p in (0, 1) if state.fighters[p].rules is self and stats.has_passive(state, p, "loses_ties")]
        if len(seats) != 1:
            return None  # two attacks that both lose ties: no rule, a clash
        p = seats[0]
        card = stats.passives(state, p, "loses_ties")[0][0].name
        return 1 - p, f"tie at {priorities[p]}: {NAME}'s {card} loses priority ties"

    # -- Exoskeletal -------------------------------------------------------------------------------------------------
    def ignore_movement(self, ctx, p: int, by: int, kind: str, card: str, cause: int | None, dests):
        s = ctx.state
        if by == p:
            return False  # only movement effects applied to her by opponents
        found = stats.passives(s, p, "may_ignore_opponents_movement")
        here = s.fighters[p].position
        if not found or not any(d.to != here for d in dests):
            return False
        style = found[0][0].name
        pick = yield from choose(ctx, p, "ignore_move", KE.OptionDecided,
                                 [{"player": p, "use": True}, {"player": p, "use": False}],
                                 [f"Ignore it ({style}): stay on {here}", "Let it move you"],
                                 f"{style}: ignore {fighter_name(ctx, by)}'s {card} ({kind.replace('_', ' ')})?",
                                 cause, always=True)
        if pick["use"] and kind != "rearrange":  # a rearrangement still moves the others: it is not void
            ctx.emit(E.EffectIgnored(player=by, card=card, reason=f"{NAME} ignores the movement ({style}: she may "
                                     "ignore movement effects applied to her by opponents)"), actor=p, cause=cause)
        return pick["use"]

    # -- what the kit shows (all public: discard 1 and her zones are face up) ----------------------------------------
    def snapshot(self, state, p: int) -> dict:
        f = state.fighters[p]
        out: dict = {"current_form": current_form(f)}
        aside = f.zones.get(SET_ASIDE, ())
        if aside:
            out["lasting"] = [f"The August Strain: {style} applies to all her attacks for the rest of the duel"
                              for style in aside]
        return out

    def summary(self, f: dict) -> list[str]:
        form = f.get("current_form")
        out = [f"Current Form: {form}" if form else "no Current Form"]
        over = f.get("zones", {}).get(OVERLOADED)
        if over:
            out.append(f"Overload: {', '.join(over)}")
        return out

    def view_key(self, state, p: int) -> tuple:
        f = state.fighters[p]
        return (_applied(f),)

    def drawing(self) -> dict:
        return {"card_fields": {"current_form": "Current Form"}}


RULES = Kehrolyn(FID)
