"""Vanaah Kalmor: Divine Rush, a Counterattacker of the Basic flight (War of Indines only).

- Divine Rush is a generic token (card data ``tokens``, ``token_effects``: +2 Power, +2 Priority), anted once
  per beat. Anted, it does not stay in the token discard: after her cards recycle (the ``after_recycle``
  hook) it moves by ``CardMoved`` into the kit's zone ``in discard 1``, then ``in discard 2`` with the pile,
  and back to her ``tokens`` when discard 2 returns to her hand.
- Kit primitives: ``reap`` (Reaping On Hit: the opponent discards a token, a ``discard_token`` decision, or
  Divine Rush comes back), ``judgment`` (Reveal: the opponent cannot move past her nor retreat this beat:
  ``movement_allowed``), ``to_adjacent`` (Paladin End of Beat: effects.move_next_to_opponent).
- Passive ``hits_unless_priority`` (Glorious, Vengeance): the attack does not hit an opponent whose priority
  is higher (lower) than hers (``misses``).

Kit state (folded from the log): whether Judgment's Reveal effect resolved this beat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import stats
from ..effects import Primitive, choose, fighter_name, move_next_to_opponent
from ..kit import KitRules, TokenAnte

RUSH = "Divine Rush"
ZONE1, ZONE2 = "in discard 1", "in discard 2"
BINDS = "Judgment"  # the card whose Reveal effect restricts the opponent's movement (card data: op judgment)


@dataclass(slots=True)
class Own:
    bound: bool = False  # Judgment's Reveal effect resolved this beat


def _trigger(state, p: int, e) -> None:
    if e.player == p and e.timing == "reveal" and e.card == BINDS:
        state.fighters[p].own.bound = True


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.bound = False


def where(f) -> str | None:
    """The zone Divine Rush is in: tokens, token_discard (anted this beat), a discard pile's zone."""
    for zone in ("tokens", "token_discard"):
        if RUSH in getattr(f, zone):
            return zone
    for zone in (ZONE1, ZONE2):
        if RUSH in f.zones.get(zone, ()):
            return zone
    return None


def _move(ctx, p: int, src: str, dst: str, reason: str, cause: int | None = None) -> None:
    ctx.emit(KE.CardMoved(player=p, card=RUSH, from_zone=src, to_zone=dst, reason=reason), actor=p, cause=cause)


# -- card primitives -----------------------------------------------------------------------------------------


def reap(ctx, owner, card, cause):
    """The opponent must choose and discard one of their tokens; if they have none, Divine Rush returns."""
    s = ctx.state
    opp = 1 - owner
    pool = sorted(set(s.fighters[opp].tokens))
    if pool:
        pick = yield from choose(ctx, opp, "discard_token", E.TokenChosen,
                                 [{"player": opp, "token": t} for t in pool], [f"Discard {t}" for t in pool],
                                 f"{card}: discard one of your tokens", cause)
        ctx.emit(KE.TokensSpent(player=opp, tokens=(pick["token"],), reason=f"{card} (discarded)"),
                 actor=opp, cause=cause)
        return
    zone = where(s.fighters[owner])
    if zone in (None, "tokens"):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"the opponent has no token and {RUSH} is "
                                 "already in your pool"), actor=owner, cause=cause)
        return
    _move(ctx, owner, zone, "tokens", f"{card}: the opponent has no token", cause)


def judgment(ctx, owner, card, cause):
    """The Reveal effect itself is the TriggerResolved the kit folds (``Own.bound``); nothing else happens."""
    return
    yield


PLACES = {ZONE1: "discard 1", ZONE2: "discard 2", "tokens": "her token pool", "token_discard": "her discarded tokens"}


def _place(zone: str) -> str:
    """Where Divine Rush is, in her CardMoved words: 'discard 1', 'her token pool'."""
    return PLACES.get(zone, zone.replace("_", " "))


DISCARD_TOKEN = {"discard_token": ({"token": {"type": "string", "minLength": 1, "maxLength": 64}},
                                   '"token": one of your tokens to discard')}


class Vanaah(KitRules):
    folds = {"TriggerResolved": _trigger, "BeatEnded": _beat_ended}
    primitives = {"reap": Primitive(reap, ("hit",)), "judgment": Primitive(judgment, ("reveal",)),
                  "to_adjacent": Primitive(move_next_to_opponent, ("end",))}
    passives = {"hits_unless_priority": ("opponent",)}
    decisions = DISCARD_TOKEN
    token_ante = TokenAnte(RUSH, "+2 Power, +2 Priority; it cycles through your discards", extra=True)
    cites = {"CardMoved": "Vanaah's Unique Ability (Divine Rush cycles with her discard piles)"}
    words = {"CardMoved": lambda d, name: (f"{name(d['player'])}'s {d['card']} moves from {_place(d['from_zone'])} to "
                                           f"{_place(d['to_zone'])} ({d['reason']})")}
    # Tokens used: the generic ante is counted by the shared statistics; Divine Rush back in her pool counts as
    # "returned" (after its trip through her discards, or early by Reaping).
    stat_events = {"CardMoved": lambda d: ((d["player"], "tokens_used", ("returned", RUSH)),)
                   if d["card"] == RUSH and d["to_zone"] == "tokens" else ()}

    def new_own(self) -> Own:
        return Own()

    # -- Divine Rush ---------------------------------------------------------------------------------------
    def after_recycle(self, ctx, p: int, recycled: bool) -> None:
        f = ctx.state.fighters[p]
        zone = where(f)
        if recycled and zone == ZONE2:
            _move(ctx, p, ZONE2, "tokens", f"{RUSH}: discard 2 returned to your hand")
        elif recycled and zone == ZONE1:
            _move(ctx, p, ZONE1, ZONE2, f"{RUSH}: cycles with discard 1")
        elif zone == "token_discard" and RUSH in f.anted_this_beat:
            _move(ctx, p, "token_discard", ZONE1, f"{RUSH}: anted, goes into discard 1 with the attack pair")

    # -- Glorious, Vengeance ------------------------------------------------------------------------------
    def misses(self, state, attacker: int, defender: int) -> str | None:
        for card, item in stats.passives(state, attacker, "hits_unless_priority"):
            mine, theirs = stats.priority(state, attacker)[0], stats.priority(state, defender)[0]
            if (theirs > mine) if item["opponent"] == "higher" else (theirs < mine):
                word = "higher" if item["opponent"] == "higher" else "lower"
                return (f"{card.name}: does not hit an opponent with a {word} priority ({theirs} against "
                        f"{mine})")
        return None

    # -- Judgment ---------------------------------------------------------------------------------------------
    def movement_allowed(self, state, owner: int, mover: int, by: int, kind: str, dest) -> bool:
        if not state.fighters[owner].own.bound or mover != 1 - owner or by != mover:
            return True
        if dest.switched:
            return False  # cannot move past her
        here, her = state.fighters[mover].position, state.fighters[owner].position
        return abs(dest.to - her) <= abs(here - her) if kind == "move_directly" else dest.direction != (
            (here > her) - (here < her))  # cannot retreat

    def drawing(self) -> dict:
        return {"token_zones": [ZONE1, ZONE2]}  # the viewer draws Divine Rush in them as a token


RULES = Vanaah("vanaah")
