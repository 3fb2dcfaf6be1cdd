"""Zaamassal Kett: Subjective Reality (Paradigm cards), a Brawler (War of Indines only).

- The five Paradigms are cards of his kit set beside him (card data ``card_zones``): the zone ``paradigms``
  holds those not in play, ``active paradigms`` those active; they move by the generic ``CardMoved``, so
  every card of his stays in exactly one zone. The active ones apply to his attack like a second style
  (``applied_cards``): their triggers and passives join the pair's (or the Finisher's).
- Assuming: kit primitives ``assume`` (a style's After Activating: "you may assume the Paradigm of X"),
  ``assume_any`` (Paradigm Shift), ``plane_divider`` (its On Hit: move the opponent directly, +1 Power per
  space between, then a Paradigm, not optional) and ``fill_paradigms`` (Open the Gate: up to 3 active), each a
  ``paradigm`` decision (``CardChosen``). A new Paradigm removes the active one(s).
- Stunned (``when_stunned``): every active Paradigm goes back beside him.
- Paradigm effects: Pain (``opponent_loses_life``), Fluidity (shared ``move``), Resilience
  (``soak_until_after`` / ``lose_soak``: the Start of Beat and After Activating ``TriggerResolved`` records
  are what the kit folds), Haste (passives ``wins_ties``: ``tie_winner``; ``holds_adjacent``:
  ``movement_allowed`` and ``movement_stops``), Distortion (``dodge_at_range``: ``dodge``;
  ``also_hits_at_range``: ``extra_range``).
- Sturdy (passive ``may_ignore_movement``): ``ignore_movement`` asks an ``ignore_move`` decision
  (``OptionDecided``).

Kit state (folded from the log): Resilience's Soak while it lasts.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import KITS
from ..effects import Primitive, choose, fighter_name, lose_life, move_fighter
from ..kit import KitRules, Trigger

BESIDE, ACTIVE = "paradigms", "active paradigms"
PARADIGMS = ("Pain", "Fluidity", "Haste", "Resilience", "Distortion")
NONE = "none"
LIMIT = 1  # Paradigms active at once, but for Open the Gate
SOAK_CARD = "Resilience"  # the card whose Start of Beat gives the Soak its After Activating takes away


@dataclass(slots=True)
class Own:
    soak: int = 0  # Resilience's Soak, from its Start of Beat to his After Activating (or the end of the beat)


def _trigger(state, p: int, e) -> None:
    if e.player != p or e.card != SOAK_CARD:
        return
    if e.timing == "start":
        state.fighters[p].own.soak = _soak_amount(state.fighters[p].kit)
    elif e.timing == "after":
        state.fighters[p].own.soak = 0


def _soak_amount(kit: str) -> int:
    from_data = KITS[kit].cards[SOAK_CARD].triggers["start"][0]
    return from_data["amount"]


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.soak = 0


def active(state, p: int) -> tuple[str, ...]:
    return tuple(state.fighters[p].zones.get(ACTIVE, ()))


def _title(card: str) -> str:
    return f"the Paradigm of {card}"


# -- assuming Paradigms ----------------------------------------------------------------------------------------


def _put(ctx, p: int, card: str, reason: str, cause: int | None) -> None:
    ctx.emit(KE.CardMoved(player=p, card=card, from_zone=BESIDE, to_zone=ACTIVE, reason=reason), actor=p, cause=cause)


def _drop(ctx, p: int, reason: str, cause: int | None, keep: str | None = None) -> None:
    for card in active(ctx.state, p):
        if card != keep:
            ctx.emit(KE.CardMoved(player=p, card=card, from_zone=ACTIVE, to_zone=BESIDE, reason=reason),
                     actor=p, cause=cause)


STUNNED = "stunned: Zaamassal loses all active Paradigms"  # CardMoved.reason


def _stunned(ctx, p: int, cause: int | None):
    _drop(ctx, p, STUNNED, cause)
    return
    yield


STUNNED_TRIGGER = Trigger("Subjective Reality", "When he would be stunned, he loses all active Paradigms.", _stunned)


def assume_paradigm(ctx, p: int, card: str, source: str, cause: int | None) -> None:
    """``card`` becomes his only active Paradigm (the one(s) active before go back beside him)."""
    now = active(ctx.state, p)
    if now == (card,):
        ctx.emit(E.EffectIgnored(player=p, card=source, reason=f"{_title(card)} is already active"),
                 actor=p, cause=cause)
        return
    _drop(ctx, p, f"{source}: replaced by {_title(card)}", cause, keep=card)
    if card not in now:
        _put(ctx, p, card, f"{source}: assumes {_title(card)}", cause)


def _ask(ctx, p: int, cards, source: str, prompt: str, cause: int | None, optional: bool) -> str:
    """A ``paradigm`` decision among ``cards`` (and "none" when ``optional``)."""
    now = active(ctx.state, p)
    opts = [{"player": p, "card": c} for c in cards]
    labels = [f"Assume {_title(c)}" + (" (already active)" if now == (c,) else
                                        f" (replaces {', '.join(now)})" if now and c not in now else "")
              for c in cards]
    if optional:
        opts.append({"player": p, "card": NONE})
        labels.append("Assume none" + (f" (keep {', '.join(now)})" if now else ""))
    pick = yield from choose(ctx, p, "paradigm", KE.CardChosen, opts, labels, f"{source}: {prompt}", cause,
                             always=True)
    return pick["card"]


def assume(ctx, owner, card, cause, paradigm):
    """'You may assume the Paradigm of X.'"""
    if active(ctx.state, owner) == (paradigm,):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{_title(paradigm)} is already active"),
                 actor=owner, cause=cause)
        return
    pick = yield from _ask(ctx, owner, (paradigm,), card, f"assume {_title(paradigm)}?", cause, optional=True)
    if pick != NONE:
        assume_paradigm(ctx, owner, pick, card, cause)


def assume_any(ctx, owner, card, cause):
    """'You may assume any Paradigm.' (the sole active one is not offered: it would change nothing)"""
    now = active(ctx.state, owner)
    cards = [c for c in PARADIGMS if (c,) != now]
    pick = yield from _ask(ctx, owner, cards, card, "assume a Paradigm?", cause, optional=True)
    if pick != NONE:
        assume_paradigm(ctx, owner, pick, card, cause)


def fill_paradigms(ctx, owner, card, cause, most):
    """'You may then assume Paradigms of your choice until you have ``most`` active', one at a time."""
    while len(active(ctx.state, owner)) < most:
        now = active(ctx.state, owner)
        cards = [c for c in PARADIGMS if c not in now]
        pick = yield from _ask(ctx, owner, cards, card, f"add a Paradigm ({len(now)} of {most} active)?", cause,
                               optional=True)
        if pick == NONE:
            return
        _put(ctx, owner, pick, f"{card}: assumes {_title(pick)} ({len(now) + 1} of {most} active)", cause)


def plane_divider(ctx, owner, card, cause):
    """Move the opponent directly to any unoccupied space, then +1 Power per space between the fighters, then
    assume a Paradigm (not optional)."""
    s = ctx.state
    opp = 1 - owner
    yield from move_fighter(ctx, owner, opp, "move_directly", (), card, cause)
    between = movement.distance(s) - 1
    if between > 0:
        ctx.emit(E.StatusGained(player=owner, stat="power", amount=between, when="this",
                                label=f"{card} ({between} space{'s' if between > 1 else ''} between)"),
                 actor=owner, cause=cause)
    pick = yield from _ask(ctx, owner, PARADIGMS, card, "assume a Paradigm of your choice", cause, optional=False)
    assume_paradigm(ctx, owner, pick, card, cause)


# -- the Paradigms' effects --------------------------------------------------------------------------------------


def opponent_loses_life(ctx, owner, card, cause, amount):
    lose_life(ctx, 1 - owner, amount, f"{fighter_name(ctx, owner)}'s {_title(card)}", cause)
    return
    yield


def soak_until_after(ctx, owner, card, cause, amount):
    """The Soak is this Start of Beat TriggerResolved, folded by the kit (``Own.soak``); nothing else happens."""
    return
    yield


def lose_soak(ctx, owner, card, cause):
    """The After Activating TriggerResolved ends the Soak (folded by the kit)."""
    return
    yield


class Zaamassal(KitRules):
    folds = {"TriggerResolved": _trigger, "BeatEnded": _beat_ended}
    primitives = {
        "assume": Primitive(assume, ("after",)), "assume_any": Primitive(assume_any, ("after",)),
        "fill_paradigms": Primitive(fill_paradigms, ("hit",)), "plane_divider": Primitive(plane_divider, ("hit",)),
        "opponent_loses_life": Primitive(opponent_loses_life, ("damage",)),
        "soak_until_after": Primitive(soak_until_after, ("start",)), "lose_soak": Primitive(lose_soak, ("after",)),
    }
    passives = {"wins_ties": (), "holds_adjacent": (), "dodge_at_range": ("distance",),
                "also_hits_at_range": ("distance",), "may_ignore_movement": ()}
    decisions = {
        "paradigm": ({"card": {"type": "string", "minLength": 1, "maxLength": 64}},
                     '"card": a Paradigm, or "none"'),
        "ignore_move": ({"use": {"type": "boolean"}}, '"use": true to ignore the movement'),
    }
    cites = {"CardMoved": "Zaamassal's Unique Ability (Subjective Reality: Paradigm cards)",
             "CardChosen": "Zaamassal's Unique Ability (Subjective Reality: assuming a Paradigm)",
             "OptionDecided": "Zaamassal: Sturdy (he may ignore movement effects applied to him this beat)"}
    words = {
        "CardChosen": lambda d, name: (f"{name(d['player'])} assumes no Paradigm" if d["card"] == NONE
                                       else f"{name(d['player'])} chooses "
                                       f"{_title(d['card']) if d['card'] in PARADIGMS else d['card']}"),
        "OptionDecided": lambda d, name: (f"{name(d['player'])} ignores the movement (Sturdy)" if d["use"]
                                          else f"{name(d['player'])} lets the movement apply (Sturdy)"),
    }
    card_rulings = {"*": {("power", "Urgent"): Ruling("bc-urgent", "Urgent"),
                          ("priority", "Plane Divider"): Ruling("bc-plane-divider", "Plane Divider")}}
    stat_events = {"CardMoved": lambda d: ((d["player"], "cards_played", ("paradigm", d["card"])),)
                   if d["to_zone"] == ACTIVE and d["card"] in PARADIGMS else ()}

    def new_own(self) -> Own:
        return Own()

    # -- the active Paradigms: a second style -----------------------------------------------------------------
    def applied_cards(self, state, p: int) -> tuple[str, ...]:
        return tuple(state.fighters[p].zones[ACTIVE])

    def when_stunned(self, ctx, p: int, cause: int | None) -> None:
        """"When he would be stunned, he loses all active Paradigms": his ability triggering, so an opponent
        negating every triggered effect negates it (``Trigger.act``, engine 7 on; docs/rulings.md
        bc-negated-abilities)."""
        if not active(ctx.state, p):
            return  # nothing to lose: the ability does not trigger
        for request in STUNNED_TRIGGER.act(ctx, p, "stunned", cause):  # unless negated (a hook that emits, never asks)
            raise RuntimeError(f"a negation asked {request!r} where a stun's effect may not ask")

    # -- Resilience ----------------------------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        own = state.fighters[p].own
        if stat == "soak" and own.soak and SOAK_CARD in active(state, p):
            return [(SOAK_CARD, own.soak)]
        return []

    def view_key(self, state, p: int) -> tuple:
        return (state.fighters[p].own.soak,)

    # -- Haste ---------------------------------------------------------------------------------------------------
    def _hasted(self, state, p: int) -> bool:
        return state.fighters[p].rules is self and stats.has_passive(state, p, "wins_ties")

    def tie_winner(self, state, priorities, terms):
        seats = [p for p in (0, 1) if self._hasted(state, p)]
        if len(seats) != 1:
            return None
        p = seats[0]
        card = stats.passives(state, p, "wins_ties")[0][0].name
        return p, (f"tie at {priorities[p]}: {KITS_NAME}'s {_title(card)} wins priority ties without a clash")

    def _holds(self, state, owner: int, mover: int, by: int) -> bool:
        return mover != owner and by == mover and stats.has_passive(state, owner, "holds_adjacent")

    def movement_allowed(self, state, owner: int, mover: int, by: int, kind: str, dest) -> bool:
        if not self._holds(state, owner, mover, by):
            return True
        return abs(state.fighters[mover].position - state.fighters[owner].position) != 1  # adjacent: cannot move

    def movement_stops(self, state, owner: int, mover: int, by: int) -> tuple[int, ...]:
        if not self._holds(state, owner, mover, by):
            return ()
        here = state.fighters[owner].position
        return tuple(sp for sp in (here - 1, here + 1) if 1 <= sp <= 7)

    # -- Distortion ------------------------------------------------------------------------------------------------
    def dodge(self, state, defender: int, attacker: int) -> str | None:
        dist = movement.distance(state)
        for card, item in stats.passives(state, defender, "dodge_at_range"):
            if dist == item["distance"]:
                return f"{_title(card.name)}: attacks at range {dist} do not hit {KITS_NAME}"
        return None

    def extra_range(self, state, p: int) -> tuple[tuple[int, str], ...]:
        return tuple((item["distance"], _title(card.name)) for card, item in stats.passives(state, p, "also_hits_at_range"))

    # -- Sturdy ----------------------------------------------------------------------------------------------------
    def ignore_movement(self, ctx, p: int, by: int, kind: str, card: str, cause: int | None, dests):
        s = ctx.state
        found = stats.passives(s, p, "may_ignore_movement")
        here = s.fighters[p].position
        if not found or not any(d.to != here for d in dests):
            return False
        if by == p and any(d.to == here for d in dests):
            return False  # his own movement that may stay put: staying is ignoring it
        style = found[0][0].name
        opts = [{"player": p, "use": True}, {"player": p, "use": False}]
        mover = "your" if by == p else f"{fighter_name(ctx, by)}'s"
        pick = yield from choose(ctx, p, "ignore_move", KE.OptionDecided, opts,
                                 [f"Ignore it ({style})", "Let it move you"],
                                 f"{style}: ignore {mover} {card} ({kind.replace('_', ' ')})?", cause, always=True)
        if pick["use"] and kind != "rearrange":  # a rearrangement still moves the others: it is not void
            ctx.emit(E.EffectIgnored(player=by, card=card, reason=f"{KITS_NAME} ignores the movement ({style}: "
                                     "he may ignore any movement effects applied to him this beat)"),
                     actor=p, cause=cause)
        return pick["use"]


KITS_NAME = "Zaamassal"
RULES = Zaamassal("zaamassal")
