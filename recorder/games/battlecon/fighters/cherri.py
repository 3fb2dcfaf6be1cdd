"""Cherri Seneca: Nightmarish Visions (the Insight token), a Disruptor (War of Indines only).

- Insight is a generic token (card data ``tokens``), never more than one, anted once per beat; it gives no figure.
  Anted, the ability's Reveal trigger (``triggers`` "reveal") forces a clash whatever the priorities: the kit
  state records it (folded from that ``TriggerResolved``; an ``EffectIgnored`` of the same trigger -- a Special
  Action revealed, a Finisher, antes voided -- withdraws it) and the shared beat asks ``forces_clash`` once the
  Reveal effects are resolved. A tie after the clash extends it, unless a "win priority ties" effect decides it
  (WoI FAQ, Cherri).
- Whenever she clashes or extends a clash (``clashed``: every ``ClashOccurred``), the opponent loses 1 life.
- She regains the token when she takes 3 or more damage at once (``took_damage``), Stare's and Soul Gaze's On Hit
  and Catatonic's End of Beat give it back (``insight_if_missing``), and once The Watchers has activated she
  regains it at every end of beat for the rest of the duel (``end_of_beat``).
- Stare's priority X (passive ``priority_of_opponent_base``: a ``stat_terms`` term), Crimson's clash
  (``clash_if_printed_lower``), Mirage (``style_priority_zero``: an ``opponent_terms`` term cancelling the
  opponent's printed style priority; ``move_to_range``), Blind (``blind_at_or_below``: the ``dodge`` hook),
  Dreamscape (``move_behind_opponent``), The Watchers (``place_opponent``, ``watchers``).

Kit state (folded from the log, ``new_own`` at each duel): the forced clash waiting this beat, Mirage and Blind in
force this beat, whether she was hit this beat, and The Watchers' lasting regain.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import KITS, STYLE, hand_card
from ..effects import Primitive, choose, fighter_name, lose_life, move_fighter, moved
from ..kit import KitRules, TokenAnte, Trigger

FID = "cherri"
INSIGHT = "Insight"
ABILITY = "Nightmarish Visions"
ABILITY_TEXT = ("Insight token anted: a clash occurs as a Reveal effect, regardless of priority (a Finisher can't "
                "be clashed). If a player reveals a Special Action, the token has no effect.")
REGAIN_DAMAGE = 3  # "when she takes 3 or more damage at once"
CLASH_LIFE = 1  # "that opponent loses 1 life"


def _cards_with(op: str, timing: str) -> frozenset[str]:
    """Her cards whose ``timing`` effects use the kit primitive ``op`` (the kit state folds their triggers)."""
    return frozenset(name for name, card in KITS[FID].cards.items() if card.owner == FID
                     and any(e["op"] == op for e in card.triggers.get(timing, ())))


def _param(card: str, timing: str, op: str, name: str):
    return next(e[name] for e in KITS[FID].cards[card].triggers[timing] if e["op"] == op)


CLASHING = _cards_with("clash_if_printed_lower", "reveal") | {ABILITY}
MIRAGE = _cards_with("style_priority_zero", "reveal")
BLIND = {c: _param(c, "after", "blind_at_or_below", "priority") for c in _cards_with("blind_at_or_below", "after")}
WATCHERS = _cards_with("watchers", "after")


@dataclass(slots=True)
class Own:
    forced: str = ""  # the trigger forcing a clash this beat ("" none), until the clash occurs
    mirage: str = ""  # the card whose Reveal effect sets the opponent's style to +0 Priority this beat
    blind: str = ""  # the card whose After Activating effect is in force this beat
    hit: bool = False  # she was hit this beat (Catatonic)
    watchers: str = ""  # the Finisher whose lasting regain is in force this duel


def _trigger(state, p: int, e) -> None:
    if e.player != p:
        return
    own = state.fighters[p].own
    if e.timing == "reveal":
        if e.card in CLASHING:
            own.forced = e.card
        elif e.card in MIRAGE:
            own.mirage = e.card
    elif e.timing == "after":
        if e.card in BLIND:
            own.blind = e.card
        elif e.card in WATCHERS:
            own.watchers = e.card


def _ignored(state, p: int, e) -> None:
    own = state.fighters[p].own
    if e.player == p and own.forced and e.card == own.forced:
        own.forced = ""  # the forcing trigger had no effect (it said why)


def _clash(state, p: int, e) -> None:
    state.fighters[p].own.forced = ""  # the forced clash happened (round 1); later rounds are ties


def _hit(state, p: int, e) -> None:
    if e.target == p:
        state.fighters[p].own.hit = True


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.forced = own.mirage = own.blind = ""
    own.hit = False


def _name(ctx, p: int) -> str:
    return fighter_name(ctx, p)


def _gain(ctx, p: int, reason: str, cause: int | None) -> bool:
    """She regains her Insight token from her token discard, unless she has it (never more than one)."""
    f = ctx.state.fighters[p]
    if INSIGHT in f.tokens or INSIGHT not in f.token_discard:
        return False
    ctx.emit(KE.TokensGained(player=p, tokens=(INSIGHT,), reason=reason, from_discard=True), actor=p, cause=cause)
    return True


def _regain(ctx, p: int, reason: str, cause: int | None):
    """``_gain`` as a triggered effect's run (a generator)."""
    _gain(ctx, p, reason, cause)
    return
    yield


def _no_clash(s, p: int) -> str | None:
    """Why a clash cannot be forced now: a Finisher (either attack), or a Special Action revealed this beat."""
    for q, f in enumerate(s.fighters):
        if f.finisher_active:
            who = "her" if q == p else f"{KITS[f.kit].short_name}'s"
            return f"{who} attack is a Finisher: a Finisher can't be clashed"
    return None


def printed_priority(s, p: int) -> tuple[int, str]:
    """Player p's printed priority before any bonus (style and base; Stare's X as printed), and its words."""
    key = stats.pair_key(s, p)
    terms = list(stats.printed_terms(key, "priority"))
    x = stare_x(s, p)
    if x is not None:
        terms.append(x)
    return sum(v for _, v in terms), stats.format_terms(terms, sum(v for _, v in terms))


def _held(s, fighter: str, name: str):
    """The card ``fighter`` plays under ``name``: its own, or another fighter's it holds (borrowed), as printed."""
    kit = KITS[fighter]
    return kit.card(name, s.edition) if name in kit.cards else hand_card(fighter, name)


def stare_x(s, p: int) -> tuple[str, int] | None:
    """Stare's X as a term: the printed priority of the base the opponent has face up now; None when player p's
    attack has no such base (or the opponent's base is face down: X is 0 then, and nothing is learnt early)."""
    f = s.fighters[p]
    if f.finisher_active or not f.base or not stats.has_passive(s, p, "priority_of_opponent_base"):
        return None
    o = s.fighters[1 - p]
    if not o.revealed or o.clash_hidden or o.finisher_active or not o.base:
        return None
    x = _held(s, o.kit, o.base).priority
    return f"X = {KITS[o.kit].short_name}'s {o.base}", x


# -- card primitives -----------------------------------------------------------------------------------------


def insight_if_missing(ctx, owner, card, cause, if_hit=False):
    """She gains an Insight token if she does not have one (Catatonic: only if she was hit this beat)."""
    f = ctx.state.fighters[owner]
    why = (f"she already has her {INSIGHT} token (never more than one)" if INSIGHT in f.tokens
           else "she was not hit this beat" if if_hit and not f.own.hit else None)
    if why:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=why), actor=owner, cause=cause)
        return
    _gain(ctx, owner, card, cause)
    return
    yield


def clash_if_printed_lower(ctx, owner, card, cause):
    """Crimson: if the opponent's printed priority is lower than hers, a clash (forced as the Insight token's)."""
    s = ctx.state
    why = _no_clash(s, owner)
    if why is None:
        mine, mine_words = printed_priority(s, owner)
        theirs, their_words = printed_priority(s, 1 - owner)
        if theirs >= mine:
            why = (f"{_name(ctx, 1 - owner)}'s printed priority {their_words} is not lower than hers "
                   f"({mine_words})")
    if why:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=why), actor=owner, cause=cause)
    return
    yield


def style_priority_zero(ctx, owner, card, cause):
    """Mirage's Reveal: the opponent's style counts +0 Priority this beat (the kit folds this trigger; the term
    is ``opponent_terms``)."""
    return
    yield


def blind_at_or_below(ctx, owner, card, cause, priority):
    """Blind's After Activating: opponents with priority ``priority`` or less do not hit her this beat (the kit
    folds this trigger; the dodge is ``dodge``)."""
    return
    yield


def watchers(ctx, owner, card, cause):
    """The Watchers' After Activating: she regains her Insight token after every beat for the rest of the duel
    (the kit folds this trigger; the regain is ``end_of_beat``)."""
    return
    yield


def _direct(ctx, owner: int, card: str, cause: int | None, dests, what: str, optional: bool):
    """Move her directly to one of ``dests`` (a ``move`` decision; ``optional``: she may stay)."""
    s = ctx.state
    start = s.fighters[owner].position
    if not dests:
        why = movement.locked(s, owner) if s.fighters[owner].locks else None
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"she cannot move this beat ({why})" if why
                                 else f"no unoccupied space {what}"), actor=owner, cause=cause)
        return
    options = ([{"player": owner, "to": start}] if optional else []) + [{"player": owner, "to": d.to} for d in dests]
    labels = ([f"Stay on {start} (0)"] if optional else []) + [f"Move directly to {d.to} ({start} → {d.to})"
                                                               for d in dests]
    pick = yield from choose(ctx, owner, "move", E.MoveChosen, options, labels,
                             f"{card}: {'you may ' if optional else ''}move directly to a space {what}", cause)
    d = next((d for d in dests if d.to == pick["to"]), None)
    if d is not None:
        moved(ctx, E.FighterMoved(player=owner, by=owner, kind="move_directly", from_space=start, to_space=d.to,
                                  distance=d.distance, switched_sides=d.switched), owner, cause)


def move_behind_opponent(ctx, owner, card, cause):
    """Dreamscape: she may move directly to any space behind the opponent (on their other side from her)."""
    s = ctx.state
    here, there = s.fighters[owner].position, s.fighters[1 - owner].position
    side = 1 if there > here else -1
    dests = [d for d in movement.direct_destinations(s, owner) if (d.to - there) * side > 0]
    yield from _direct(ctx, owner, card, cause, dests, "behind the opponent", optional=True)


def move_to_range(ctx, owner, card, cause, range):  # noqa: A002 - the card data's word
    """Mirage's After Activating: move directly to any space at ``range`` from the opponent."""
    s = ctx.state
    there = s.fighters[1 - owner].position
    dests = [d for d in movement.direct_destinations(s, owner) if abs(d.to - there) == range]
    yield from _direct(ctx, owner, card, cause, dests, f"at range {range} from the opponent", optional=False)


def place_opponent(ctx, owner, card, cause):
    """The Watchers: move the opponent directly to any space."""
    yield from move_fighter(ctx, owner, 1 - owner, "move_directly", (), card, cause)


# -- the ability ---------------------------------------------------------------------------------------------


def _insight_clash(ctx, p: int, cause: int):
    """The anted Insight token's Reveal trigger: a clash whatever the priorities, unless it has no effect."""
    s = ctx.state
    why = None
    for q, f in enumerate(s.fighters):
        if f.special:
            why = (f"{'she' if q == p else KITS[f.kit].short_name} revealed a Special Action: the {INSIGHT} token has "
                   "no effect")
            break
    if why is None and stats.tokens_void(s, p):
        why = f"her antes have no effect this beat ({stats.antes_negated(s, p) or 'her cards say so'})"
    why = why or _no_clash(s, p)
    if why:
        ctx.emit(E.EffectIgnored(player=p, card=ABILITY, reason=why), actor=p, cause=cause)
    return
    yield


INSIGHT_TRIGGER = Trigger(ABILITY, ABILITY_TEXT, _insight_clash)


class Cherri(KitRules):
    folds = {"TriggerResolved": _trigger, "EffectIgnored": _ignored, "ClashOccurred": _clash,
             "HitScored": _hit, "BeatEnded": _beat_ended}
    primitives = {"insight_if_missing": Primitive(insight_if_missing, ("hit", "end")),
                  "clash_if_printed_lower": Primitive(clash_if_printed_lower, ("reveal",)),
                  "style_priority_zero": Primitive(style_priority_zero, ("reveal",)),
                  "blind_at_or_below": Primitive(blind_at_or_below, ("after",)),
                  "watchers": Primitive(watchers, ("after",)),
                  "move_behind_opponent": Primitive(move_behind_opponent, ("before",)),
                  "move_to_range": Primitive(move_to_range, ("after",)),
                  "place_opponent": Primitive(place_opponent, ("hit",))}
    passives = {"priority_of_opponent_base": ()}
    token_ante = TokenAnte(INSIGHT, "a clash at the Reveal, whatever the priorities")
    card_rulings = {"*": {("priority", "Stare"): Ruling("bc-stare", "Stare")}}  # printed X: 0 plus the kit's term
    # Her Insight token's Reveal trigger: the clashes it forced, and the times it had no effect.
    stat_events = {"TriggerResolved": lambda d: ((d["player"], "tokens_used", ("clash forced", INSIGHT)),)
                   if d["card"] == ABILITY and d["timing"] == "reveal" else (),
                   "EffectIgnored": lambda d: ((d["player"], "tokens_used", ("no effect", INSIGHT)),)
                   if d["card"] == ABILITY else ()}

    def new_own(self) -> Own:
        return Own()

    # -- the Insight token -----------------------------------------------------------------------------------
    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        if timing == "reveal" and INSIGHT in state.fighters[p].anted_this_beat:
            return [INSIGHT_TRIGGER]
        return []

    def forces_clash(self, state, owner: int) -> str | None:
        forced = state.fighters[owner].own.forced
        if not forced:
            return None
        name = KITS[state.fighters[owner].kit].short_name
        return f"{name}'s {INSIGHT} token ({ABILITY})" if forced == ABILITY else f"{name}'s {forced}"

    def clashed(self, ctx, owner: int, round_: int, cause: int) -> None:
        opp = 1 - owner
        what = "clashed with" if round_ == 1 else "extended the clash with"
        lose_life(ctx, opp, CLASH_LIFE, f"{ABILITY}: {_name(ctx, opp)} {what} {_name(ctx, owner)}", cause)

    def took_damage(self, ctx, p: int, attacker: int, amount: int, cause: int):
        f = ctx.state.fighters[p]
        if amount < REGAIN_DAMAGE or INSIGHT in f.tokens or INSIGHT not in f.token_discard:
            return  # nothing to regain: the ability does not trigger
        why = f"{ABILITY}: took {amount} damage at once"
        trigger = Trigger(ABILITY, why, lambda ctx, p, cause: _regain(ctx, p, why, cause))
        yield from trigger.act(ctx, p, "damage", cause)  # unless negated

    def end_of_beat(self, ctx, p: int):
        f = ctx.state.fighters[p]
        card = f.own.watchers
        if not card or INSIGHT in f.tokens or INSIGHT not in f.token_discard:
            return  # nothing to regain: the effect does not trigger
        why = f"{card}: regains her {INSIGHT} token after each beat for the rest of the duel"
        trigger = Trigger(card, why, lambda ctx, p, cause: _regain(ctx, p, why, cause))
        yield from trigger.act(ctx, p, "end", None)  # unless negated

    # -- Stare, Mirage, Blind --------------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        if stat != "priority":
            return []
        x = stare_x(state, p)
        return [x] if x is not None and x[1] else []

    def printed_variable(self, state, p: int, stat: str) -> int:
        x = stare_x(state, p) if stat == "priority" else None
        return x[1] if x is not None else 0

    def opponent_terms(self, state, owner: int, p: int, stat: str):
        card = state.fighters[owner].own.mirage
        if stat != "priority" or not card:
            return []
        f = state.fighters[p]
        if f.finisher_active or not f.style:
            return []
        style = _held(state, f.kit, f.style)
        if style.kind != STYLE or not style.priority:
            return []
        return [(f"{card}: {f.style} counts +0", -style.priority)]

    def dodge(self, state, defender: int, attacker: int) -> str | None:
        card = state.fighters[defender].own.blind
        if not card:
            return None
        pr, _ = stats.priority(state, attacker)
        limit = BLIND[card]
        if pr <= limit:
            return f"{card}: opponents with priority {limit} or less do not hit her (priority {pr})"
        return None

    # -- what the kit shows ----------------------------------------------------------------------------------
    def view_key(self, state, p: int) -> tuple:
        own = state.fighters[p].own
        return (own.mirage, own.blind)

    def snapshot(self, state, p: int) -> dict:
        own = state.fighters[p].own
        out: dict = {}
        if own.mirage:
            out["mirage"] = own.mirage
        if own.blind:
            out["blind"] = own.blind
        if own.watchers:
            out["lasting"] = [f"{own.watchers}: regains her {INSIGHT} token after each beat"]
        return out

    def summary(self, f: dict) -> list[str]:
        out = [f"{f[k]} in force" for k in ("mirage", "blind") if f.get(k)]
        return out + list(f.get("lasting", ()))


RULES = Cherri(FID)
