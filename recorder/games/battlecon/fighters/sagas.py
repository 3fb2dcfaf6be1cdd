"""Sagas Seities: Shadow Mirror, a Specialist (War of Indines only).

- Shadow Mirror: one Mirror token (card data ``tokens``), never more than one, anted once a beat. Anted
  (Reflection) it gives no number of its own: ``stat_terms`` copies, live, each power, priority and range term the
  opponent has from anted tokens, a form, their ability and status effects (``stats.bonus_terms``). At the end of
  each beat (``end_of_beat``) he regains it if his base has the name of a base in the opponent's discard piles,
  unless Shattering was revealed this beat.
- Staff: ``does_not_stun_at_range`` (``no_stun``); On Hit ``cannot_advance`` (``movement_allowed``: the opponent's
  own movement may not take them toward him this beat). With a Mirror token anted it is a copy of the opponent's
  unique base (``copied_base``: the generic copied-card mechanism, whose effects naming their fighter are ignored).
- Negation: ``negate_styles`` (``negates_style``: the opponent's style gives nothing but its End of Beat effects)
  and ``wins_ties_with_mirror`` (``tie_winner``).
- Echo (``echo``, Reveal): a style of the opponent's discard 1 applies to his attack like a second style
  (``applied_cards`` naming ``(fighter, card)``).
- Repelling (``repel``, Start): may spend the Mirror token; then the opponent may not enter the spaces next to him
  (``movement_allowed``) and an adjacent opponent is pushed 1.
- Shadow: ``spend_mirror_again`` (End of Beat at range 3: ``ActivationEarned``).
- Shattering: ``no_mirror_gain``; ``prime_stun`` (On Hit: may spend the Mirror token; his next beat's attack then
  stuns On Hit: ``triggers``).
- Soul Mirror: the shared ``swap`` and ``swap_life`` (``LifeSwapped``).

Kit state (folded from the log, new at each duel): the base and style he revealed this beat, Repelling's and
Staff's effects in force this beat, Echo's style, the beat whose attack stuns On Hit.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import BORROWED, KITS
from ..effects import Primitive, choose, fighter_name, move_fighter, spending_forbidden, stun
from ..kit import CARD_DECISION, SPEND_TOKEN_DECISION, KitRules, TokenAnte, Trigger
from ..state import PLAY

FID = "sagas"
MIRROR = "Mirror"
REFLECTION = "Reflection"
STAFF = "Staff"
NEGATION = "Negation"


@dataclass(slots=True)
class Own:
    base: str | None = None  # the base of his attack this beat (its name: the Mirror token's regain)
    no_gain: str = ""  # the card that forbids gaining the Mirror token this beat (Shattering)
    repelling: str = ""  # the card whose forbidden spaces are in force this beat
    no_advance: str = ""  # the card whose "cannot advance" binds the opponent this beat
    echo: tuple[str, str] | None = None  # (fighter, style) Echo applies this beat
    copy: tuple[str, str] | None = None  # (fighter, unique base) Staff is a copy of this beat
    stun_beat: int = 0  # the beat whose attack stuns On Hit (Shattering)
    stun_card: str = ""


def _revealed(state, p: int, e) -> None:
    f = state.fighters[p]
    own = f.own
    if hasattr(e, "styles"):  # PairRevealed
        style = e.styles[p]
        own.base = e.bases[p]
        own.no_gain = style if style in NO_GAIN else ""
    else:  # ClashRevealed: a new base
        own.base = e.bases[p]


def _trigger(state, p: int, e) -> None:
    if e.player != p:
        return
    own = state.fighters[p].own
    if e.timing == "hit" and e.card == STAFF:
        own.no_advance = STAFF
    elif e.timing == "reveal" and e.card in COPY and MIRROR in state.fighters[p].anted \
            and not stats.tokens_void(state, p):
        opp = state.fighters[1 - p]
        own.copy = (opp.kit, KITS[opp.kit].unique_base)
    elif e.timing == "reveal" and e.card in ECHO:
        opp = state.fighters[1 - p]
        styles = [c for c in opp.discard1 if c in KITS[opp.kit].styles]
        if len(styles) == 1:
            own.echo = (opp.kit, styles[0])


def _chosen(state, p: int, e) -> None:
    opp = state.fighters[1 - p]
    if e.player == p and e.card in KITS[opp.kit].styles and e.card in opp.discard1:  # Echo's choice
        state.fighters[p].own.echo = (opp.kit, e.card)


def _spent(state, p: int, e) -> None:
    if e.player != p:
        return
    own = state.fighters[p].own
    if e.reason in REPEL:
        own.repelling = e.reason
    elif e.reason in PRIME:
        own.stun_beat, own.stun_card = state.beat + 1, e.reason


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.base, own.no_gain, own.repelling, own.no_advance, own.echo, own.copy = None, "", "", "", None, None


def _cards_with(op: str) -> frozenset[str]:
    return frozenset(name for name, card in KITS[FID].cards.items() if card.owner == FID
                     and any(e["op"] == op for effs in card.triggers.values() for e in effs))


ECHO = _cards_with("echo")
REPEL = _cards_with("repel")
PRIME = _cards_with("prime_stun")
COPY = _cards_with("copy_unique_base")
NO_GAIN = frozenset(name for name, card in KITS[FID].cards.items() if card.owner == FID
                    and any(item["type"] == "no_mirror_gain" for item in card.passives))


def has_mirror(state, p: int) -> bool:
    return MIRROR in state.fighters[p].tokens


def _ask_spend(ctx, p: int, card: str, what: str, cause: int | None):
    """May spend the Mirror token for ``what``: a ``spend_token`` decision, keeping it first (the greedy bot's tie
    keeps it). False, with EffectIgnored, when he has none or spending is forbidden this beat."""
    why = spending_forbidden(ctx.state)
    if why or not has_mirror(ctx.state, p):
        ctx.emit(E.EffectIgnored(player=p, card=card, reason=f"no tokens may be spent this beat ({why})" if why
                                 else f"no {MIRROR} token"), actor=p, cause=cause)
        return False
    pick = yield from choose(ctx, p, "spend_token", KE.TokenSpendChosen,
                             [{"player": p, "token": "none"}, {"player": p, "token": MIRROR}],
                             [f"Keep {MIRROR}", f"Spend {MIRROR} {what}"], f"{card}: spend {MIRROR} {what}?", cause,
                             always=True)
    if pick["token"] == MIRROR:
        ctx.emit(KE.TokensSpent(player=p, tokens=(MIRROR,), reason=card), actor=p, cause=cause)
    return pick["token"] == MIRROR


# -- card primitives -----------------------------------------------------------------------------------------


def cannot_advance(ctx, owner, card, cause):
    """The opponent cannot advance for the rest of the beat: the kit state folds this On Hit's TriggerResolved."""
    return
    yield


def copy_unique_base(ctx, owner, card, cause):
    """If he anted a Mirror token, this base is a copy of the opponent's unique base from now on (the kit state
    folds this Reveal's TriggerResolved: ``copied_base``)."""
    s = ctx.state
    if MIRROR not in s.fighters[owner].anted:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no {MIRROR} token anted"), actor=owner, cause=cause)
    elif stats.tokens_void(s, owner):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"the anted {MIRROR} token is negated"),
                 actor=owner, cause=cause)
    return
    yield


def negate(ctx, owner, card, cause):
    """The opponent's style gives nothing this beat but its End of Beat effects (``negates_style``, in force from
    the reveal): said here."""
    opp = ctx.state.fighters[1 - owner]
    if opp.style is not None and not opp.finisher_active and stats.style_negated(ctx.state, 1 - owner):
        ctx.emit(E.EffectIgnored(player=1 - owner, card=opp.style, reason=f"negated by {fighter_name(ctx, owner)}'s "
                                 f"{card}: no style applies this beat, except its End of Beat effects"),
                 actor=owner, cause=cause)
    else:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no style to negate"), actor=owner, cause=cause)
    return
    yield


def echo(ctx, owner, card, cause):
    """Apply a style from the opponent's discard 1 to this attack (a ``card`` decision when there are two)."""
    opp = ctx.state.fighters[1 - owner]
    styles = [c for c in opp.discard1 if c in KITS[opp.kit].styles]
    if not styles:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"no style in {fighter_name(ctx, 1 - owner)}'s "
                                 "discard 1"), actor=owner, cause=cause)
        return
    if len(styles) > 1:
        yield from choose(ctx, owner, "card", KE.CardChosen, [{"player": owner, "card": c} for c in styles],
                          [f"Apply {c}" for c in styles],
                          f"{card}: apply a style from {fighter_name(ctx, 1 - owner)}'s discard 1", cause)


def repel(ctx, owner, card, cause):
    """May spend the Mirror token: the opponent may not enter the spaces next to him this beat; an adjacent
    opponent is pushed 1."""
    if not (yield from _ask_spend(ctx, owner, card, "to keep the opponent out of the adjacent spaces", cause)):
        return
    if movement.distance(ctx.state, owner, 1 - owner) == 1:
        yield from move_fighter(ctx, owner, 1 - owner, "push", (1,), card, cause)


def spend_mirror_again(ctx, owner, card, cause, range):  # noqa: A002 - the card's word
    """End of Beat: at range ``range``, may spend the Mirror token to execute the attack again."""
    s = ctx.state
    if s.fighters[owner].stunned:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="stunned: no attack this beat"), actor=owner,
                 cause=cause)
        return
    dist = movement.distance(s, owner, 1 - owner)
    if dist != range:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"the opponent is at range {dist}, not {range}"),
                 actor=owner, cause=cause)
        return
    if (yield from _ask_spend(ctx, owner, card, "to execute the attack again", cause)):
        ctx.emit(KE.ActivationEarned(player=owner, card=card, reason=f"spent {MIRROR}"), actor=owner, cause=cause)


def prime_stun(ctx, owner, card, cause):
    """May spend the Mirror token: his next attack gains 'On Hit: the opponent is stunned' (kit state)."""
    yield from _ask_spend(ctx, owner, card, "so your next attack stuns On Hit", cause)


def swap_life(ctx, owner, card, cause):
    """Swap life totals with the opponent (LifeSwapped)."""
    s = ctx.state
    mine, theirs = s.fighters[owner].life, s.fighters[1 - owner].life
    ctx.emit(KE.LifeSwapped(player=owner, other=1 - owner, life=theirs, other_life=mine, reason=card),
             actor=owner, cause=cause)
    return
    yield


def assimilate(ctx, owner, card, cause):
    """Put the opponent's attack pair into his hand (CardMoved with the opponent as the cards' ``owner``): out of
    play, it gives them nothing more this beat and their recycling passes it by; a Finisher is no pair."""
    s = ctx.state
    opp = 1 - owner
    o = s.fighters[opp]
    if o.finisher_active:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{fighter_name(ctx, opp)}'s attack is a Finisher, "
                                 "not an attack pair: there is no pair to take"), actor=owner, cause=cause)
        return
    taken = [c for c in (o.style, o.base) if c is not None]
    if not taken:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{fighter_name(ctx, opp)} has no attack pair in "
                                 "play"), actor=owner, cause=cause)
        return
    for c in taken:
        ctx.emit(KE.CardMoved(player=owner, card=c, from_zone=PLAY, to_zone="hand", owner=opp,
                              reason=f"{card}: {fighter_name(ctx, opp)}'s attack pair goes into "
                                     f"{fighter_name(ctx, owner)}'s hand"), actor=owner, cause=cause)
    return
    yield


def _stun_on_hit(ctx, p: int, cause: int):
    stun(ctx, 1 - p, cause)
    return
    yield


def _regain(ctx, p: int, cause: int):
    why = RULES._regain_why(ctx.state, p)
    if why:
        ctx.emit(KE.TokensGained(player=p, tokens=(MIRROR,), from_discard=True, reason=why), actor=p, cause=cause)
    else:  # an End of Beat effect resolved before it gave him the token back
        ctx.emit(E.EffectIgnored(player=p, card="Shadow Mirror", reason=f"he has the {MIRROR} token"), actor=p,
                 cause=cause)
    return
    yield


# -- what the records of Assimilate say ---------------------------------------------------------------------


def _lent(d) -> bool:
    return d.get("owner") is not None and d["owner"] != d["player"]


def _cite_taken(d, edition: str) -> str | None:
    return ("Sagas: Assimilate (On Hit: put the opponent's attack pair into your hand; you may use those cards as "
            "your own)") if _lent(d) else None


def _words_taken(d, name) -> str | None:
    if not _lent(d):
        return None
    return (f"{name(d['player'])} takes {name(d['owner'])}'s {d['card']} from the attack pair into his hand, "
            f"to play as his own ({d['reason']})")


def _stat_taken(d):
    # Only a card that changes hands (another seat's card coming into his): Assimilate's.
    return ((d["player"], "cards_played", ("assimilated", d["card"])),) if _lent(d) else ()


SHADOW_MIRROR = Trigger("Shadow Mirror", "End of Beat: if his attack used a base with the same name as a base in "
                        "the opponent's discard piles, he gains a Mirror token.", _regain)


class Sagas(KitRules):
    folds = {"PairRevealed": _revealed, "ClashRevealed": _revealed, "TriggerResolved": _trigger,
             "CardChosen": _chosen, "TokensSpent": _spent, "BeatEnded": _beat_ended}
    primitives = {"cannot_advance": Primitive(cannot_advance, ("hit",)), "echo": Primitive(echo, ("reveal",)),
                  "copy_unique_base": Primitive(copy_unique_base, ("reveal",)),
                  "negate": Primitive(negate, ("reveal",)),
                  "repel": Primitive(repel, ("start",)),
                  "spend_mirror_again": Primitive(spend_mirror_again, ("end",)),
                  "prime_stun": Primitive(prime_stun, ("hit",)), "swap_life": Primitive(swap_life, ("hit",)),
                  "assimilate": Primitive(assimilate, ("hit",))}
    passives = {"does_not_stun_at_range": ("range",), "negate_styles": (), "wins_ties_with_mirror": (),
                "no_mirror_gain": (), "wraps_board": ()}
    decisions = {**SPEND_TOKEN_DECISION, **CARD_DECISION}
    token_ante = TokenAnte(MIRROR, f"{REFLECTION}: copy the opponent's bonuses from tokens, statuses and ability")
    # His own event's citation, and Assimilate's for his records of the opponent's cards coming into his hand (a
    # CardMoved naming another seat as the cards' owner); his other generic records keep the generic text.
    cites = {"LifeSwapped": "Sagas: Soul Mirror (On Hit: swap life totals)", "CardMoved": _cite_taken}
    words = {"CardMoved": _words_taken}
    stat_events = {"LifeSwapped": lambda d: ((d["player"], "cards_played", ("life swap", d["reason"])),),
                   "CardMoved": _stat_taken}

    def new_own(self) -> Own:
        return Own()

    # -- the Mirror token ------------------------------------------------------------------------------
    def _reflecting(self, state, p: int) -> bool:
        f = state.fighters[p]
        return MIRROR in f.anted and not stats.tokens_void(state, p)

    def stat_terms(self, state, p: int, stat: str):
        if stat not in ("power", "priority", "range") or MIRROR not in state.fighters[p].anted:
            return []
        if not self._reflecting(state, p):
            return []
        q = 1 - p
        theirs = stats.bonus_terms(state, q, stat, kit=state.fighters[q].rules is not self)
        who = KITS[state.fighters[q].kit].short_name
        return [(f"{REFLECTION}: {who}'s {label}", v) for label, v in theirs]

    def _regain_why(self, state, p: int) -> str | None:
        """Why he gains the Mirror token at this End of Beat (his base's name is a base in the opponent's discard
        piles, he lacks the token, no Shattering this beat), or None."""
        f = state.fighters[p]
        own = f.own
        if MIRROR in f.tokens or MIRROR not in f.token_discard or own.base is None or own.no_gain:
            return None
        opp = state.fighters[1 - p]
        order = KITS[opp.kit].bases
        name = BORROWED[own.base][1] if own.base in BORROWED else own.base  # a borrowed base has its printed name
        if any(c == name and c in order for c in opp.discard1 + opp.discard2):
            return f"Shadow Mirror: {own.base}, as a base in {KITS[opp.kit].short_name}'s discard piles"
        return None

    # -- Staff -----------------------------------------------------------------------------------------
    def copied_base(self, state, p: int):
        f = state.fighters[p]
        if f.own.copy is None or f.base != STAFF or f.finisher_active:
            return None
        return f.own.copy

    def no_stun(self, state, attacker: int, target: int):
        for card, item in stats.passives(state, attacker, "does_not_stun_at_range"):
            if movement.distance(state, attacker, target) == item["range"]:
                return f"{card.name}: does not stun an opponent at range {item['range']}"
        return None

    def movement_allowed(self, state, owner: int, mover: int, by: int, kind: str, dest) -> bool:
        if mover == owner:
            return True
        own = state.fighters[owner].own
        if own.no_advance and by == mover and kind in ("advance", "move") and dest.to != state.fighters[mover].position:
            me = state.fighters[owner].position
            if dest.direction == (1 if me > state.fighters[mover].position else -1):
                return False
        if own.repelling:
            me = state.fighters[owner].position
            forbidden = {me - 1, me + 1}
            if kind in ("move_directly", "swap"):
                return dest.to not in forbidden
            occupied = {fig.space for fig in state.figures}
            return not any(pos in forbidden and pos not in occupied
                           for pos in movement.path(state.fighters[mover].position, dest))
        return True

    # -- Shadow ----------------------------------------------------------------------------------------
    def wraps_board(self, state, owner: int, mover: int) -> str | None:
        f = state.fighters[owner]
        if not f.revealed or f.negated:
            return None
        found = stats.passives(state, owner, "wraps_board")
        return f"{found[0][0].name}: the edges of the board are adjacent" if found else None

    # -- Negation --------------------------------------------------------------------------------------
    def negates_style(self, state, owner: int, p: int):
        me = state.fighters[owner]
        if p == owner or not me.revealed or me.negated or me.finisher_active or me.style != NEGATION:
            return None
        return f"{KITS[FID].short_name}'s {NEGATION}"

    def tie_winner(self, state, priorities, terms):
        seats = [q for q, f in enumerate(state.fighters) if f.rules is self and has_mirror(state, q)
                 and stats.has_passive(state, q, "wins_ties_with_mirror")]
        if len(seats) != 1 or state.fighters[1 - seats[0]].finisher_active:
            return None
        q = seats[0]
        card = stats.passives(state, q, "wins_ties_with_mirror")[0][0].name
        return q, (f"tie at {priorities[q]}: {KITS[FID].short_name}'s {card} with a {MIRROR} token makes him the "
                   "Active Player without a clash")

    # -- Echo ------------------------------------------------------------------------------------------
    def applied_cards(self, state, p: int):
        echo_ = state.fighters[p].own.echo
        return (echo_,) if echo_ else ()

    # -- Shattering: the next attack stuns -------------------------------------------------------------
    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        own = state.fighters[p].own
        if timing == "end":
            return [SHADOW_MIRROR] if self._regain_why(state, p) else []
        if timing != "hit" or own.stun_beat != state.beat:
            return []
        return [Trigger(own.stun_card, f"{own.stun_card} (last beat): On Hit: The opponent is stunned.", _stun_on_hit)]

    # -- what the kit shows ----------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        own = state.fighters[p].own
        out = {}
        if own.echo:
            out["echo"] = f"{own.echo[1]} ({KITS[own.echo[0]].short_name}'s)"
        copied = self.copied_base(state, p)
        if copied:
            out["copied_base"] = f"{copied[1]} ({KITS[copied[0]].short_name}'s)"
        if own.stun_beat and own.stun_beat >= state.beat:
            out["lasting"] = [f"{own.stun_card}: his attack of beat {own.stun_beat} stuns On Hit"]
        return out

    def summary(self, f: dict) -> list[str]:
        out = []
        if f.get("echo"):
            out.append(f"Echo: {f['echo']}")
        if f.get("copied_base"):
            out.append(f"Staff copies {f['copied_base']}")
        return out

    def drawing(self) -> dict:
        # The other fighter's cards he uses this beat, as card chips labelled as borrowed ("Advancing (Hikaru's)").
        return {"card_fields": {"echo": "Echo (borrowed style)", "copied_base": "Staff (copied base)"}}

    def view_key(self, state, p: int) -> tuple:
        own = state.fighters[p].own
        return (own.echo, self.copied_base(state, p), MIRROR in state.fighters[p].anted)


RULES = Sagas(FID)
