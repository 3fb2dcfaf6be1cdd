"""Lixis Ran Kanda: Withering Touch, a Counterattacker (War of Indines only).

- Withering Touch (``triggers`` "hit"): the opponent chooses a base in their hand (a ``card`` decision,
  ``CardChosen``) and discards it with their attack pair (``effects.discard_with_pair``: the zone
  ``with the pair``, into discard 1 when their cards recycle). Pruning's On Hit discards one more the same way.
- Naturalizing (kit primitive ``naturalize``, Reveal): for the rest of the beat the opponent's antes give
  nothing (``negates_antes``), nobody may spend tokens or counters (``forbids_spending``) and the opponent's
  power, priority and range stay at most at their printed values (``caps_at_printed``).
- Lance (passive ``forbid_adjacent``): once revealed, the opponent may not move into or through the spaces next
  to her (``movement_allowed``). Rooted (passive ``ignore_movement``): she may ignore movement effects applied to
  her, her own included (``ignore_movement``: an ``ignore_move`` decision, ``OptionDecided``).
- Virulent Miasma (``miasma``): for the rest of the duel, at the start of each ante step (``ante_step_start``)
  the opponent loses 2 life, or at 1 life has -3 Priority instead. Life Virus (``life_virus``): she names a style
  and a base of the opponent; each time they are revealed (``cards_revealed``) the opponent loses 3 life each.

Kit state (folded from the log, ``new_own`` at each duel): Naturalizing in force this beat; the lasting
Finisher effects on the opponent (which card, and the cards Life Virus named).
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import movement, stats
from ..cards import BASE, KITS, hand_card, hand_rank
from ..effects import Primitive, choose, discard_with_pair, fighter_name, lose_life
from ..kit import CARD_DECISION, KitRules, Trigger
from ..kit_events import CardChosen, OptionDecided
from ..state import WITH_PAIR

FID = "lixis"
WITHERING = "Withering Touch"
PRUNING = "Pruning"
DISCARD_CITE = "Lixis: Withering Touch, Pruning (the opponent chooses and discards a base from their hand)"


def _cards_with(op: str, timing: str) -> frozenset[str]:
    """Her cards whose ``timing`` effects use the kit primitive ``op`` (the kit state folds their triggers)."""
    return frozenset(name for name, card in KITS[FID].cards.items() if card.owner == FID
                     and any(e["op"] == op for e in card.triggers.get(timing, ())))


NATURALIZE = _cards_with("naturalize", "reveal")
MIASMA = _cards_with("miasma", "hit")
VIRUS = _cards_with("life_virus", "hit")


@dataclass(slots=True)
class Own:
    natural: str = ""  # the card whose Naturalizing effect is in force this beat ("" none)
    miasma: str = ""  # the Finisher whose lasting ante-step effect is on the opponent this duel
    virus: str = ""  # the Finisher whose lasting reveal effect is on the opponent this duel ...
    named: tuple[str, ...] = ()  # ... and the cards it named


def _trigger(state, p: int, e) -> None:
    if e.player != p:
        return
    own = state.fighters[p].own
    if e.timing == "reveal" and e.card in NATURALIZE:
        own.natural = e.card
    elif e.timing == "hit" and e.card in MIASMA:
        own.miasma = e.card
    elif e.timing == "hit" and e.card in VIRUS:
        own.virus = e.card


def _named(state, p: int, e) -> None:
    if e.player == p:  # her own card choices are Life Virus's names (the opponent's are the bases they discard)
        state.fighters[p].own.named += (e.card,)


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.natural = ""


def _effect(card: str, op: str) -> dict:
    """The parameters the card data gives the card's ``op`` effect."""
    for effects in KITS[FID].cards[card].triggers.values():
        for e in effects:
            if e["op"] == op:
                return e
    return {}


# -- Withering Touch, Pruning ---------------------------------------------------------------------------------


def discard_a_base(ctx, owner: int, card: str, cause: int | None):
    """The opponent chooses a base in their hand and discards it with their attack pair."""
    s = ctx.state
    opp = 1 - owner
    f = s.fighters[opp]
    # Their bases in hand order: a borrowed base too ("Strike (Lixis's)": another fighter's card held as their own).
    bases = sorted((c for c in set(f.hand) if hand_card(f.kit, c).kind == BASE), key=lambda c: hand_rank(f.kit, c))
    if not bases:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{fighter_name(ctx, opp)} has no base in hand"),
                 actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, opp, "card", CardChosen, [{"player": opp, "card": b} for b in bases],
                             [f"Discard {b}" for b in bases],
                             f"{card}: discard a base from your hand with your attack pair", cause)
    discard_with_pair(ctx, opp, pick["card"], card, cause)


def _withering(ctx, p: int, cause: int):
    yield from discard_a_base(ctx, p, WITHERING, cause)


WITHERING_TOUCH = Trigger(WITHERING, KITS[FID].ability.split(": ", 1)[1], _withering)


def discard_base(ctx, owner, card, cause):
    """Pruning's On Hit: the opponent discards an extra base of their choice with this attack pair."""
    yield from discard_a_base(ctx, owner, card, cause)


def pruning(ctx, owner, card, cause):
    """+1 Power and +1 Priority for each base in the opponent's discard piles (counted now)."""
    f = ctx.state.fighters[1 - owner]
    order = KITS[f.kit].bases
    n = sum(1 for c in f.discard1 + f.discard2 if c in order)
    if not n:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no base in the opponent's discard piles"),
                 actor=owner, cause=cause)
        return
    for stat in ("power", "priority"):
        ctx.emit(E.StatusGained(player=owner, stat=stat, amount=n, when="this",
                                label=f"{card} ({n} base{'s' if n > 1 else ''} in discards)"), actor=owner, cause=cause)
    return
    yield


# -- Naturalizing ----------------------------------------------------------------------------------------------


def naturalize(ctx, owner, card, cause):
    """The effect is in force from this TriggerResolved (the kit state folds it); each token the opponent anted
    is said to be negated."""
    opp = 1 - owner
    anted = ctx.state.fighters[opp].anted
    for token in dict.fromkeys(anted):
        n = anted.count(token)
        ctx.emit(E.EffectIgnored(player=opp, card=f"{token} token" if n == 1 else f"{n} {token} tokens",
                                 reason=f"negated by {fighter_name(ctx, owner)}'s {card}"), actor=owner, cause=cause)
    return
    yield


# -- the Finishers ---------------------------------------------------------------------------------------------


def miasma(ctx, owner, card, cause, life, priority):
    """For the rest of the duel the opponent loses ``life`` life during each ante step (``priority`` at 1 life):
    the TriggerResolved is the record the kit state folds; nothing else happens now."""
    return
    yield


def life_virus(ctx, owner, card, cause, life):
    """Name one of the opponent's styles and one of their bases (two ``card`` decisions)."""
    k = KITS[ctx.state.fighters[1 - owner].kit]
    who = fighter_name(ctx, 1 - owner)
    for what, names in (("style", k.styles), ("base", k.bases)):
        yield from choose(ctx, owner, "card", CardChosen, [{"player": owner, "card": c} for c in names],
                          [f"Name {c}" for c in names], f"{card}: name one of {who}'s {what}s", cause, always=True)


class Lixis(KitRules):
    folds = {"TriggerResolved": _trigger, "CardChosen": _named, "BeatEnded": _beat_ended}
    primitives = {"pruning": Primitive(pruning, ("reveal",)), "discard_base": Primitive(discard_base, ("hit",)),
                  "naturalize": Primitive(naturalize, ("reveal",)), "miasma": Primitive(miasma, ("hit",)),
                  "life_virus": Primitive(life_virus, ("hit",))}
    passives = {"forbid_adjacent": (), "ignore_movement": ()}
    decisions = {**CARD_DECISION, "ignore_move": ({"use": {"type": "boolean"}}, '"use": true to ignore the movement')}
    cites = {"CardChosen": "Lixis: Life Virus (the named cards)",
             "OptionDecided": "Lixis: Rooted (she may ignore movement effects applied to her this beat)"}
    # The opponent's records of her cards' discard: the base they choose, and its move to their attack pair.
    opponent_cites = {"CardChosen": DISCARD_CITE,
                      "CardMoved": lambda d, edition: DISCARD_CITE if d["reason"] in (WITHERING, PRUNING) else None}
    words = {"CardChosen": lambda d, name: f"{name(d['player'])} chooses {d['card']}",
             "OptionDecided": lambda d, name: (f"{name(d['player'])} ignores the movement (Rooted)" if d["use"]
                                               else f"{name(d['player'])} lets the movement apply (Rooted)")}
    # Withering Touch and Pruning: the bases the opponent discarded (their cards_played, kind "discarded").
    # The cut Naturalizing makes to the opponent's figures is the ruling's (explain tags the term).
    card_rulings = {"woi": {(stat, f"{KITS[FID].short_name}'s Naturalizing"): Ruling("bc-naturalizing", "Naturalizing")
                            for stat in ("power", "priority", "range")}}
    stat_events = {"CardMoved": lambda d: ((d["player"], "cards_played", ("discarded", d["card"])),)
                   if d["to_zone"] == WITH_PAIR and d["from_zone"] == "hand" else ()}

    def new_own(self) -> Own:
        return Own()

    # -- Withering Touch ---------------------------------------------------------------------------------------
    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        return [WITHERING_TOUCH] if timing == "hit" else []

    # -- Naturalizing ------------------------------------------------------------------------------------------
    def _naturalizing(self, state, owner: int) -> str | None:
        card = state.fighters[owner].own.natural
        return f"{KITS[FID].short_name}'s {card}" if card else None

    def negates_antes(self, state, owner: int, p: int) -> str | None:
        return self._naturalizing(state, owner) if p != owner else None

    def forbids_spending(self, state, owner: int) -> str | None:
        return self._naturalizing(state, owner)

    def caps_at_printed(self, state, owner: int, p: int, stat: str) -> str | None:
        why = self._naturalizing(state, owner) if p != owner else None
        return f"{why} (printed values)" if why else None

    # -- Lance, Rooted ------------------------------------------------------------------------------------------
    def movement_allowed(self, state, owner: int, mover: int, by: int, kind: str, dest) -> bool:
        if mover == owner:
            return True
        me = state.fighters[owner]
        if not me.revealed or me.negated or not stats.has_passive(state, owner, "forbid_adjacent"):
            return True
        forbidden = {me.position - 1, me.position + 1}
        if kind in ("move_directly", "swap"):
            return dest.to not in forbidden
        occupied = movement.occupied_spaces(state)
        return not any(pos in forbidden and pos not in occupied
                       for pos in movement.path(state.fighters[mover].position, dest))

    def ignore_movement(self, ctx, p: int, by: int, kind: str, card: str, cause: int | None, dests):
        """Rooted: she may ignore a movement effect about to move her, her own included (an ``ignore_move``
        decision, asked only when the movement would move her: her own "up to" movement may simply stay)."""
        s = ctx.state
        f = s.fighters[p]
        found = stats.passives(s, p, "ignore_movement") if f.revealed and not f.negated else ()
        here = f.position
        if not found or not any(d.to != here for d in dests) or (by == p and any(d.to == here for d in dests)):
            return False
        style = found[0][0].name
        whose = "your" if by == p else f"{fighter_name(ctx, by)}'s"
        pick = yield from choose(ctx, p, "ignore_move", OptionDecided,
                                 [{"player": p, "use": True}, {"player": p, "use": False}],
                                 [f"Ignore it ({style}): stay on {here}", "Let it move you"],
                                 f"{style}: ignore {whose} {card} ({kind.replace('_', ' ')})?", cause, always=True)
        if pick["use"]:
            ctx.emit(E.EffectIgnored(player=by, card=card, reason=f"{fighter_name(ctx, p)} ignores the movement "
                                     f"({style})"), actor=p, cause=cause)
        return pick["use"]

    # -- the Finishers' lasting effects ----------------------------------------------------------------------------
    def ante_step_start(self, ctx, owner: int) -> None:
        own = ctx.state.fighters[owner].own
        if not own.miasma:
            return
        opp = 1 - owner
        e = _effect(own.miasma, "miasma")
        if ctx.state.fighters[opp].life <= 1:
            ctx.emit(E.StatusGained(player=opp, stat="priority", amount=e["priority"], when="this",
                                    label=f"{own.miasma} (at 1 life)"), actor=owner)
        else:
            lose_life(ctx, opp, e["life"], f"{own.miasma}: the ante step", None)

    def life_lost_at_ante(self, state, owner: int, p: int) -> int:
        own = state.fighters[owner].own
        if p == owner or not own.miasma or state.fighters[p].life <= 1:
            return 0
        return _effect(own.miasma, "miasma")["life"]

    def cards_revealed(self, ctx, owner: int, p: int, cards: tuple[str, ...]) -> None:
        own = ctx.state.fighters[owner].own
        if p == owner or not own.virus:
            return
        hit = [c for c in cards if c in own.named]
        if hit:
            each = _effect(own.virus, "life_virus")["life"]
            lose_life(ctx, p, each * len(hit), f"{own.virus}: revealed {' and '.join(hit)}", None)

    # -- what the kit shows ------------------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        own = state.fighters[p].own
        out = {"naturalizing": own.natural, "miasma": own.miasma, "virus": own.virus, "virus_named": list(own.named)}
        lasting = []  # the viewer draws these words (a fighter's "lasting" row)
        who = KITS[state.fighters[1 - p].kit].short_name
        if own.miasma:
            e = _effect(own.miasma, "miasma")
            lasting.append(f"{own.miasma} on {who}: loses {e['life']} life each ante step ({e['priority']} Priority "
                           "at 1 life)")
        if own.virus and own.named:
            each = _effect(own.virus, "life_virus")["life"]
            lasting.append(f"{own.virus} on {who}: loses {each} life for each of {' and '.join(own.named)} revealed")
        if lasting:
            out["lasting"] = lasting
        return out

    def summary(self, f: dict) -> list[str]:
        out = []
        if f.get("naturalizing"):
            out.append(f"{f['naturalizing']} in force")
        if f.get("miasma"):
            out.append(f"{f['miasma']} on the opponent")
        if f.get("virus"):
            out.append(f"{f['virus']} on the opponent: {', '.join(f.get('virus_named', ())) or 'naming'}")
        return out


RULES = Lixis(FID)
