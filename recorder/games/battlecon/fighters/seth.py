"""Seth Cremmul: Beyond Eyes, a Specialist (War of Indines only).

- Beyond Eyes (``secret_ante``): at the start of each ante step he names one of the opponent's bases, or none, face
  down (a ``guess`` decision: ``SecretChosen``, ``SecretCommitted``; ``SecretRevealed`` with the pairs). While the
  opponent's attack uses the named base he has +2 Power and +2 Priority (``stat_terms``) and wins priority ties
  (``tie_winner``); a clash base or a Finisher is not the named base.
- Omen (kit primitive ``omen``, Start): a correct guess stuns the opponent. Wyrding (``wyrding``, Start): a correct
  guess lets him swap his base for another base from his hand (a ``card`` decision, ``CardChosen``; ``BaseSwapped``).
- Mimic's (passive ``mirror_movement``): whenever the opponent moves after the reveal (not directly), he moves the
  same way (``after_movement``). Vanishing (passive ``dodge_from_far``): attacks at range 4 or more miss him
  (``dodge``). Compelling and Fool's use shared primitives only.
- Reading Fate (``reading_fate``): for the rest of the duel the opponent plays their style face up, choosing their
  pair first (``style_face_up``). Fortune Buster: the shared instant win ``eliminate_opponent``.

Kit state (folded from the log, ``new_own`` at each duel): the Finisher whose lasting effect is on the opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.rulings import Ruling

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import BORROWED, KITS
from ..effects import Primitive, choose, fighter_name, moved, stun
from ..kit import CARD_DECISION, KitRules, SecretAnte

FID = "seth"
ABILITY = "Beyond Eyes"
BONUS = 2  # +2 Power, +2 Priority for a correct guess
NONE = "none"
# Seth's cards whose On Hit uses ``reading_fate`` (the kit state folds their TriggerResolved).
READING = frozenset(name for name, card in KITS[FID].cards.items() if card.owner == FID
                    and any(e["op"] == "reading_fate" for e in card.triggers.get("hit", ())))
GUESS_DECISION = {"guess": ({"name": {"const": ABILITY}, "choice": {"type": "string", "minLength": 1, "maxLength": 64}},
                            f'"name": "{ABILITY}", "choice": one of the opponent\'s bases, or "none"')}


@dataclass(slots=True)
class Own:
    reading_fate: str = ""  # the Finisher whose lasting effect is on the opponent this duel ("" none)


def _trigger(state, p: int, e) -> None:
    if e.player == p and e.timing == "hit" and e.card in READING:
        state.fighters[p].own.reading_fate = e.card


def named(state, p: int) -> str | None:
    """The base Seth (player ``p``) named this beat, once it is face up (None: not yet, or no base)."""
    f = state.fighters[p]
    if f.secret is None or not f.secret_shown or f.secret[0] != ABILITY or f.secret[1] == NONE:
        return None
    return f.secret[1]


def correct(state, p: int) -> str | None:
    """The named base while the opponent's attack uses it (their top base, not a Finisher), else None."""
    guess = named(state, p)
    if guess is None:
        return None
    o = state.fighters[1 - p]
    base = BORROWED[o.base][1] if o.base in BORROWED else o.base  # a borrowed base ("Strike (Seth's)") is a Strike
    return guess if base == guess and not o.finisher_active else None


def _wrong(ctx, owner: int) -> str:
    guess = named(ctx.state, owner)
    who = fighter_name(ctx, 1 - owner)
    if guess is None:
        return f"{KITS[FID].short_name} named no base this beat ({ABILITY})"
    return f"{KITS[FID].short_name} named {guess}, not {who}'s base ({ABILITY})"


_TERM = f"{ABILITY} (named "


def _right_guesses(d):
    """A beat whose priority carries the Beyond Eyes term: the guess was right (once per comparison)."""
    return tuple((seat, "cards_played", ("guessed right", text.split(_TERM, 1)[1].split(")", 1)[0]))
                 for seat, text in enumerate(d["terms"]) if _TERM in text)


# -- Omen, Wyrding, Reading Fate --------------------------------------------------------------------------------


def omen(ctx, owner, card, cause):
    """Start of Beat: a correct guess stuns the opponent (an effect stun: stun immunity stops it)."""
    s = ctx.state
    if s.fighters[owner].base != card:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{card} is no longer the attack's base"),
                 actor=owner, cause=cause)
    elif correct(s, owner) is None:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=_wrong(ctx, owner)), actor=owner, cause=cause)
    else:
        stun(ctx, 1 - owner, cause)
    return
    yield


def wyrding(ctx, owner, card, cause):
    """Start of Beat: a correct guess lets him swap his base for another base from his hand (or keep it)."""
    s = ctx.state
    f = s.fighters[owner]
    if correct(s, owner) is None:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason=_wrong(ctx, owner)), actor=owner, cause=cause)
        return
    order = KITS[FID].bases
    bases = sorted((c for c in set(f.hand) if c in order), key=order.index)
    if not bases or f.base is None:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no other base in hand"), actor=owner, cause=cause)
        return
    opts = [{"player": owner, "card": b} for b in bases] + [{"player": owner, "card": NONE}]
    labels = [f"Swap {f.base} for {b}" for b in bases] + [f"Keep {f.base}"]
    pick = yield from choose(ctx, owner, "card", KE.CardChosen, opts, labels,
                             f"{card}: swap your base {f.base} for another base from your hand?", cause, always=True)
    if pick["card"] != NONE:
        ctx.emit(KE.BaseSwapped(player=owner, base=pick["card"], replaced=f.base,
                                reason=f"{card} (both bases go to discard 1; the Active Player does not change)"),
                 actor=owner, cause=cause)


def reading_fate(ctx, owner, card, cause):
    """For the rest of the duel the opponent plays their style face up: the TriggerResolved is the record the kit
    state folds; nothing else happens now."""
    return
    yield


class Seth(KitRules):
    folds = {"TriggerResolved": _trigger}
    primitives = {"omen": Primitive(omen, ("start",)), "wyrding": Primitive(wyrding, ("start",)),
                  "reading_fate": Primitive(reading_fate, ("hit",))}
    passives = {"mirror_movement": (), "dodge_from_far": ("min",)}
    decisions = {**GUESS_DECISION, **CARD_DECISION}
    # His card texts are not in the rulebook (the card data has them): the citations name the card and say
    # what it does, in words of their own (a quote must be the rulebook's own words).
    cites = {"SecretChosen": "Seth: Beyond Eyes (during the ante step, name one of the opponent's bases, face down; "
                             "the FAQ: players may still ante after the guess)",
             "SecretCommitted": "Seth: Beyond Eyes (the named base stays face down until the reveal)",
             "SecretRevealed": "Seth: Beyond Eyes (the named base is shown with the attack pairs)",
             "BaseSwapped": "Seth: Wyrding (he may swap this attack's base for another base from his hand)"}
    opponent_cites = {"StyleShown": "Seth: Reading Fate (the opponent plays their style face up)",
                      "FighterEliminated": "Seth: Fortune Buster (an opponent who revealed a Finisher this beat is "
                                           "eliminated)"}
    words = {
        "SecretChosen": lambda d, name: (f"{name(d['player'])} names no base ({d['name']}, face down)"
                                         if d["choice"] == NONE else
                                         f"{name(d['player'])} names {d['choice']} ({d['name']}, face down)"),
        "SecretCommitted": lambda d, name: f"{name(d['player'])} commits to a face-down choice ({d['name']})",
        "SecretRevealed": lambda d, name: (f"{name(d['player'])} named no base ({d['name']})" if d["choice"] == NONE
                                           else f"{name(d['player'])} named {d['choice']} ({d['name']})"),
        "StyleShown": lambda d, name: f"{name(d['player'])} plays {d['style']} face up ({d['reason']})",
        "BaseSwapped": lambda d, name: (f"{name(d['player'])} swaps {d['replaced']} for {d['base']} "
                                        f"({d['reason']})"),
        "FighterEliminated": lambda d, name: (f"{name(d['player'])} is eliminated by {name(d['by'])}'s {d['card']} "
                                              f"({d['reason']})"),
        "CardChosen": lambda d, name: (f"{name(d['player'])} keeps the base" if d["card"] == NONE
                                       else f"{name(d['player'])} chooses {d['card']}"),
    }
    # Fool's priority (-4: G, Y; Gc -2) and Wyrding's (+0: G, Gc; Y +1) are the rulings' (explain tags the term).
    card_rulings = {"woi": {("priority", "Fool's"): Ruling("bc-fools", "Fool's"),
                            ("priority", "Wyrding"): Ruling("bc-wyrding", "Wyrding")}}
    # Statistics (usage under cards_played): every base he named ("guessed"), each beat his guess held when
    # priority was compared ("guessed right": the Beyond Eyes term is in his priority), Fortune Buster's
    # instant wins ("instant win") and the bases Wyrding swapped in ("swapped in").
    stat_events = {
        "SecretRevealed": lambda d: (((d["player"], "cards_played", ("guessed", d["choice"])),)
                                     if d["name"] == ABILITY and d["choice"] != NONE else ()),
        "PriorityCompared": _right_guesses,
        "FighterEliminated": lambda d: ((d["by"], "cards_played", ("instant win", d["card"])),),
        "BaseSwapped": lambda d: ((d["player"], "cards_played", ("swapped in", d["base"])),),
    }

    def new_own(self) -> Own:
        return Own()

    # -- Beyond Eyes -----------------------------------------------------------------------------------------
    def secret_ante(self, state, p: int) -> SecretAnte:
        opp = KITS[state.fighters[1 - p].kit]
        who = opp.short_name
        return SecretAnte("guess", ABILITY, opp.bases + (NONE,),
                          tuple(f"Name {b}" for b in opp.bases) + ("Name no base",),
                          f"{state.names[p]}: {ABILITY}: name one of {who}'s bases (face down)")

    def stat_terms(self, state, p: int, stat: str):
        if stat not in ("power", "priority") or state.fighters[p].secret is None:
            return []
        guess = correct(state, p)
        return [(f"{ABILITY} (named {guess})", BONUS)] if guess else []

    def tie_winner(self, state, priorities, terms):
        for p, f in enumerate(state.fighters):
            if f.rules is self and f.secret is not None:
                guess = correct(state, p)
                if guess:
                    return p, (f"tie at {priorities[p]}: {KITS[FID].short_name} named {guess} ({ABILITY}) and wins "
                               "priority ties without a clash")
        return None

    # -- Reading Fate ------------------------------------------------------------------------------------------
    def style_face_up(self, state, owner: int, p: int) -> str | None:
        card = state.fighters[owner].own.reading_fate
        return f"{KITS[FID].short_name}'s {card}" if card and p != owner else None

    # -- Vanishing, Mimic's ----------------------------------------------------------------------------------
    def dodge(self, state, defender: int, attacker: int) -> str | None:
        for card, item in stats.passives(state, defender, "dodge_from_far"):
            d = movement.distance(state, defender, attacker)
            if d >= item["min"]:
                return f"{card.name}: attacks at range {item['min']} or greater do not hit him (range {d})"
        return None

    def after_movement(self, ctx, owner: int, event, cause) -> None:
        s = ctx.state
        me = s.fighters[owner]
        if (event.player == owner or event.kind in ("move_directly", "swap", "rearrange") or not me.revealed
                or me.negated or not stats.has_passive(s, owner, "mirror_movement")):
            return
        d = (event.to_space > event.from_space) - (event.to_space < event.from_space)
        there = s.fighters[1 - owner].position
        toward = (there > me.position) - (there < me.position)
        kind = "advance" if d == toward else "retreat"
        dests = [x for x in movement.destinations(s, owner, kind, tuple(range(1, event.distance + 1)), owner)
                 if x.direction == d and not x.switched]
        card = stats.passives(s, owner, "mirror_movement")[0][0].name
        if not dests:
            ctx.emit(E.EffectIgnored(player=owner, card=card, reason=f"{KITS[FID].short_name} cannot move "
                                     f"{'forward' if d == toward else 'back'}"), actor=owner, cause=cause)
            return
        dest = max(dests, key=lambda x: x.distance)
        moved(ctx, E.FighterMoved(player=owner, by=owner, kind=kind, from_space=me.position, to_space=dest.to,
                                  distance=dest.distance, switched_sides=False), owner, cause)

    # -- what the kit shows ------------------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        own = state.fighters[p].own
        if not own.reading_fate:
            return {}
        who = KITS[state.fighters[1 - p].kit].short_name
        return {"reading_fate": own.reading_fate,
                "lasting": [f"{own.reading_fate} on {who}: plays the style face up, choosing the pair first"]}

    def summary(self, f: dict) -> list[str]:
        return [f"{f['reading_fate']} on the opponent"] if f.get("reading_fate") else []

    def view_key(self, state, p: int) -> tuple:
        f = state.fighters[p]
        return (correct(state, p),) if f.secret is not None else ()


RULES = Seth(FID)
