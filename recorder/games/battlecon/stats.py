"""An attack's numbers as sums of NAMED terms, so a judge can read the arithmetic.

Each function returns ``(total, terms)`` where ``terms`` is a list of
``(label, amount)``: the base, the style, anted tokens, the fighter's form,
status effects, card passives and the kit's own terms (its ``stat_terms`` hook). ``format_terms`` prints them as
"Strike 4 + Red token 3 = 7".

Every sign in this arithmetic is ASCII: "-" (U+002D) both for a negative
number ("Style -1", "= -1", "Blue token -1~+1") and for subtracting a term
("- next to the trap 1"), the same character the card texts print ("-2
Power"), so a judge can search a log for one character (docs/protocol-battlecon.md).
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from .cards import BORROWED, EXTRA, KITS, SPECIAL, STYLE, Card
from .state import BattleState, Fighter

Terms = list[tuple[str, Any]]
INFINITE = 10**6  # Stun Guard infinity


# The pair's cards and their passives are looked up many times in every timing window of a beat. They depend
# only on immutable values -- the fighter, the edition, the pair's card names (or the active Finisher) and the
# form -- and on card data that never changes, so each is worked out once per key and shared by every match.
# kit, edition, finisher, style, base, and the kit's cards applied like a second style (KitRules.applied_cards)
NA_KINDS = ("base", "finisher")  # cards whose power or range may be N/A (null): a Finisher replaces the whole pair
PairKey = tuple[str, str, str | None, str | None, str | None, tuple[str, ...]]


def pair_key(s: BattleState, p: int, negation: bool = True) -> PairKey:
    """What decides the cards of player p's attack now (the Finisher is set only while it replaces the pair).
    Styles another fighter's ability negates are left out (``style_negated``: the played style and any style
    applied besides it), unless ``negation`` is False (their End of Beat effects stay); a base the fighter's
    ability makes a copy of another fighter's card is that card, ``(fighter, card)`` (KitRules.copied_base)."""
    f = s.fighters[p]
    rules = f.rules
    if rules.plain_pair and not (negation and s.fighters[1 - p].rules.negates_styles):  # most fighters, most beats
        return (f.kit, s.edition, f.finisher if f.finisher_active else None, f.style, f.base, ())
    style, base = f.style, f.base
    applied = rules.applied_cards(s, p) if "applied_cards" in rules.hooks else ()
    other = s.fighters[1 - p].rules  # the opponent (a duel has two fighters): asked on every look, kept cheap
    if negation and style is not None and "negates_style" in other.hooks and other.negates_style(s, 1 - p, p):
        style = None
        if applied:
            kit = KITS[f.kit]
            applied = tuple(a for a in applied if _card_of(kit, a, s.edition).kind != STYLE)
    if "copied_base" in rules.hooks:
        base = rules.copied_base(s, p) or base
    return (f.kit, s.edition, f.finisher if f.finisher_active else None, style, base, applied)


def style_negated(s: BattleState, p: int) -> str | None:
    """Why player p's style gives nothing this beat (another fighter's ``negates_style`` hook), or None."""
    other = s.fighters[1 - p].rules
    if s.fighters[p].style is None or "negates_style" not in other.hooks:
        return None
    return other.negates_style(s, 1 - p, p)


def borrowed(card: Card, fighter: str) -> bool:
    """Whether ``card`` is another fighter's card in ``fighter``'s attack (a copied or borrowed card): its effects
    written in its own fighter's pieces (kit primitives, special ranges) are ignored (triggers.py, attack_range)."""
    return card.owner != fighter and card.owner != "generic"


def _card_of(kit, name, edition: str) -> Card:
    """A card of the attack: the kit's own, or ``(fighter, card)``: another fighter's card (copied, borrowed)."""
    if isinstance(name, tuple):
        return KITS[name[0]].card(name[1], edition)
    if name not in kit.cards:  # another fighter's card held as his own ("<card> (<fighter>'s)": cards.BORROWED)
        owner, printed = BORROWED[name]
        return KITS[owner].card(printed, edition)
    return kit.card(name, edition)


@cache
def cards_of(key: PairKey) -> tuple[Card, ...]:
    """The face-up cards of an attack: style first, then the top base; or the Finisher alone, which replaces
    the whole pair (WoI p.20). A Special Action is never part of an attack. Then the kit's cards applied like a
    second style (kind EXTRA), to the pair or to the Finisher."""
    fighter, edition, finisher, style, base, applied = key
    kit = KITS[fighter]
    out = []
    if finisher:
        out.append(kit.card(finisher, edition))
    else:
        if style is not None:
            card = _card_of(kit, style, edition)  # as the edition prints it
            if card.kind != SPECIAL:
                out.append(card)
        if base is not None:
            out.append(_card_of(kit, base, edition))
    out += [_card_of(kit, name, edition) for name in applied]
    return tuple(out)


def _shown(c: Card, value: Any) -> bool:
    """Whether a card's number is a term of a figure: always for the pair's (and a Finisher's), only when it
    changes something for a card applied like a second style (a paradigm prints no numbers)."""
    return c.kind != EXTRA or bool(value) and value != (0, 0)


@cache  # the printed terms of a key's cards: worked out once per key (a figure is asked for many times a beat)
def printed_terms(key: PairKey, stat: str) -> tuple[tuple[str, Any], ...]:
    """``(card, value)`` of each of the key's cards that prints ``stat`` (power: 0 for none; range: the cards
    with a [min, max] range, once no card's range is N/A or special)."""
    if stat == "power":
        return tuple((c.name, c.power or 0) for c in cards_of(key) if _shown(c, c.power))
    if stat == "range":
        return tuple((c.name, c.range) for c in cards_of(key) if _shown(c, c.range))
    return tuple((c.name, getattr(c, stat)) for c in cards_of(key) if _shown(c, getattr(c, stat)))


def pair_cards(s: BattleState, p: int) -> tuple[Card, ...]:
    """The face-up cards of player p's attack (see ``cards_of``)."""
    return cards_of(pair_key(s, p))


def in_form(form: str | None, item: dict[str, Any]) -> bool:
    """Whether a card effect or passive applies in ``form`` (``if``: one of the fighter's forms)."""
    cond = item.get("if")
    return cond is None or cond == form


def applies(f: Fighter, item: dict[str, Any]) -> bool:
    """Whether a card effect or passive applies now (``if``: one of the fighter's forms)."""
    return in_form(f.form, item)


@cache
def _passives(key: PairKey, form: str | None, kind: str) -> tuple[tuple[Card, dict[str, Any]], ...]:
    return tuple((card, item) for card in cards_of(key) for item in card.passives
                 if item["type"] == kind and in_form(form, item))


def passives(s: BattleState, p: int, kind: str) -> tuple[tuple[Card, dict[str, Any]], ...]:
    """Player p's passives of type ``kind`` that apply now, with the card that gives each."""
    f = s.fighters[p]
    if f.rules.plain_pair and not s.fighters[1 - p].rules.negates_styles:  # pair_key's quick way, without a call
        flat = (f.kit, s.edition, f.finisher if f.finisher_active else None, f.style, f.base, f.form, kind)
        got = _PLAIN_PASSIVES.get(flat)
        if got is None:
            got = _PLAIN_PASSIVES[flat] = _passives((*flat[:5], ()), f.form, kind)
        return got
    return _passives(pair_key(s, p), f.form, kind)


# A plain pair's passives by one flat key (kit, edition, finisher, style, base, form, kind): values of the roster's
# card data, a small fixed set, as ``_passives``'s keys are.
_PLAIN_PASSIVES: dict[tuple[str | None, ...], tuple[tuple[Card, dict[str, Any]], ...]] = {}


def has_passive(s: BattleState, p: int, kind: str) -> bool:
    return bool(passives(s, p, kind))


def tokens_void(s: BattleState, p: int) -> bool:
    """Tokens anted this beat have no effect (a card's ``tokens_no_effect`` passive, or another fighter's ability
    negating what p anted: its ``negates_antes`` hook)."""
    return bool(passives(s, p, "tokens_no_effect")) or antes_negated(s, p) is not None


def antes_negated(s: BattleState, p: int) -> str | None:
    """Why what player p anted this beat is negated by another fighter's ability, in words, or None."""
    fighters = s.fighters
    if len(fighters) == 2:  # a duel: the opponent's kit alone (asked for every figure of a fighter that anted)
        rules = fighters[1 - p].rules
        return (rules.negates_antes(s, 1 - p, p) or None) if "negates_antes" in rules.hooks else None
    for q, f in enumerate(fighters):
        if q != p and "negates_antes" in f.rules.hooks:
            why = f.rules.negates_antes(s, q, p)
            if why:
                return why
    return None


def _cap(s: BattleState, p: int, stat: str) -> str | None:
    """The words of another fighter's effect keeping player p's ``stat`` at most at the printed value (its
    ``caps_at_printed`` hook), or None."""
    rules = s.fighters[1 - p].rules  # the opponent (a duel has two fighters): asked on every figure, kept cheap
    return rules.caps_at_printed(s, 1 - p, p, stat) if "caps_at_printed" in rules.hooks else None


def _capped(s: BattleState, p: int, stat: str, total: int, printed: int, terms: Terms) -> int:
    """``total`` kept at most at ``printed`` when another fighter's ability says so: the cut is a named term
    appended to ``terms``."""
    why = _cap(s, p, stat)
    if why:  # a value the card prints as a variable ("X") counts as printed (the kit's printed_variable hook)
        rules = s.fighters[p].rules
        printed += rules.printed_variable(s, p, stat) if "printed_variable" in rules.hooks else 0
    if why and total > printed:
        terms.append((why, printed - total))
        return printed
    return total


def _extras(s: BattleState, p: int, stat: str, key: PairKey, cards: bool = True, kit: bool = True,
            opponent: bool = True) -> Terms:
    """Token, form, card-passive, kit, opponent-effect and status terms for a scalar stat (``key``: player p's
    pair_key now), in that order; ``cards``, ``kit`` (the kit's ``stat_terms``) and ``opponent`` (the opponent's
    ``opponent_terms`` on p) False leave those out (:func:`bonus_terms`)."""
    f = s.fighters[p]
    out: Terms = []
    if f.anted and not _passives(key, f.form, "tokens_no_effect") and antes_negated(s, p) is None:  # tokens_void
        effects = KITS[f.kit].token_effects
        for t in f.anted:
            v = effects.get(t, {}).get(stat)
            if v:
                out.append((f"{t} token", v))
    if f.form_at_ante:
        v = KITS[f.kit].forms[f.form_at_ante].get(stat)
        if v:
            out.append((f"{f.form_at_ante.capitalize()} form", v))
    if cards:
        found = _STAT_PASSIVES.get((key, f.form, stat))
        if found is None:
            found = _STAT_PASSIVES[key, f.form, stat] = tuple(
                (card.name, item["amount"]) for card, item in _passives(key, f.form, "stat") if item["stat"] == stat)
        if found:
            out += found
    if kit and "stat_terms" in f.rules.hooks:
        out += f.rules.stat_terms(s, p, stat)
    other = s.fighters[1 - p].rules  # the opponent's effect on p's figures (a duel has two fighters)
    if opponent and "opponent_terms" in other.hooks:
        out += other.opponent_terms(s, 1 - p, p, stat)
    if f.statuses:
        for st in f.statuses:
            if st.stat == stat and st.beat == s.beat:
                out.append((st.label, st.amount))
    return out


# (pair key, form, stat) -> the terms the key's cards' ``stat`` passives add to ``stat`` in that form (card data
# alone: keys from the roster's fixed set of cards, as ``_passives``'s).
_STAT_PASSIVES: dict[tuple[PairKey, str | None, str], tuple[tuple[str, Any], ...]] = {}


def bonus_terms(s: BattleState, p: int, stat: str, kit: bool = True) -> Terms:
    """Player p's bonuses and penalties to a scalar stat from anything but their cards: anted tokens, their form,
    their ability (``kit``: its ``stat_terms``) and status effects -- what an effect copying "the opponent's
    bonuses" copies (styles and bases excluded): the terms of :func:`_extras` without the cards' and the
    opponent's, in the same order."""
    return _extras(s, p, stat, pair_key(s, p), cards=False, kit=kit, opponent=False)


_amount = itemgetter(1)  # a term's amount


def priority(s: BattleState, p: int) -> tuple[int, Terms]:
    key = pair_key(s, p)
    printed = printed_terms(key, "priority")
    terms: Terms = list(printed)
    terms += _extras(s, p, "priority", key)
    if "caps_at_printed" not in s.fighters[1 - p].rules.hooks:  # _capped's question, without the calls
        return sum(map(_amount, terms)), terms
    return _capped(s, p, "priority", sum(map(_amount, terms)), sum(map(_amount, printed)), terms), terms


def power(s: BattleState, p: int) -> tuple[int | None, Terms]:
    """Total power, or None for an attack with power N/A."""
    key = pair_key(s, p)
    if _power_na(key):
        return None, [("N/A", 0)]
    printed = printed_terms(key, "power")
    terms: Terms = list(printed)
    terms += _extras(s, p, "power", key)
    if s.fighters[p].damage_taken and has_passive(s, p, "power_per_damage_taken"):
        terms.append(("damage taken this beat", s.fighters[p].damage_taken))
    if "caps_at_printed" not in s.fighters[1 - p].rules.hooks:  # _capped's question, without the calls
        return sum(map(_amount, terms)), terms
    return _capped(s, p, "power", sum(map(_amount, terms)), sum(map(_amount, printed)), terms), terms


@cache  # whether the key's cards make the attack's power N/A: once per key (asked at every hit)
def _power_na(key: PairKey) -> bool:
    return any(c.kind in NA_KINDS and c.power is None for c in cards_of(key))


@cache  # what the key's cards print: worked out once per key (a range is checked at every activation)
def _cards_range(key: PairKey) -> tuple[str, int, int, tuple[tuple[str, Any], ...]]:
    """``(kind, lo, hi, terms)`` of the range the key's cards print (see ``attack_range``)."""
    for c in cards_of(key):
        if c.kind in NA_KINDS and c.range is None:
            return "na", 0, 0, ((c.name, "N/A"),)
        if isinstance(c.range, str):
            if borrowed(c, key[0]):  # another fighter's special range names that fighter: N/A (rulings.md)
                return "na", 0, 0, ((c.name, f"N/A ({c.range}: {KITS[c.owner].short_name}'s)"),)
            return c.range, 0, 0, ((c.name, c.range),)
    lo = hi = 0
    terms = []
    for name, (a, b) in printed_terms(key, "range"):
        lo, hi = lo + a, hi + b
        terms.append((name, (a, b)))
    return "normal", lo, hi, tuple(terms)


def attack_range(s: BattleState, p: int) -> tuple[str, int, int, Terms]:
    """``(kind, lo, hi, terms)``: kind is "normal", "na" (never hits) or a special range name."""
    key = pair_key(s, p)
    kind, lo, hi, printed_range = _cards_range(key)
    terms: Terms = list(printed_range)
    if kind != "normal":
        return kind, 0, 0, terms
    printed = (lo, hi)
    for label, v in _extras(s, p, "range", key):
        a, b = (v, v) if isinstance(v, int) else v
        lo, hi = lo + a, hi + b
        terms.append((label, (a, b)))
    why = _cap(s, p, "range")
    if why:  # each end at most the printed one
        cut = (min(0, printed[0] - lo), min(0, printed[1] - hi))
        if cut != (0, 0):
            terms.append((why, cut))
            lo, hi = lo + cut[0], hi + cut[1]
    return "normal", max(lo, 0), max(hi, 0), terms


def soak(s: BattleState, p: int) -> tuple[int, Terms]:
    key = pair_key(s, p)
    terms: Terms = [(c.name, c.soak) for c in cards_of(key) if c.soak]
    terms += _extras(s, p, "soak", key)
    return sum(v for _, v in terms), terms


def stun_guard(s: BattleState, p: int) -> tuple[int, Terms]:
    rules = s.fighters[p].rules
    replaced = rules.stun_guard(s, p) if "stun_guard" in rules.hooks else None
    if replaced is not None:
        return replaced
    terms: Terms = [(c.name, c.stun_guard) for c in pair_cards(s, p) if c.stun_guard]
    if "stat_terms" in rules.hooks:
        terms += rules.stat_terms(s, p, "stun_guard")
    return sum(v for _, v in terms), terms


def stun_immunity(s: BattleState, p: int) -> str | None:
    """What makes the fighter immune to stun this beat, if anything."""
    f = s.fighters[p]
    for c in pair_cards(s, p):
        if c.stun_immune:
            return c.name
    if f.anted and not tokens_void(s, p):  # (asked only when something was anted)
        k = KITS[f.kit]
        for t in f.anted:
            if k.token_effects.get(t, {}).get("stun_immune"):
                return f"{t} token"
    return f.rules.stun_immunity(s, p) if "stun_immunity" in f.rules.hooks else None


def ignores(s: BattleState, p: int, what: str) -> str | None:
    """What makes player p's attack ignore the opponent's Soak (``what`` = "ignores_soak") or Stun Guard
    ("ignores_stun_guard"): a card's passive of that type, or an anted token whose ``token_effects`` say so
    (unless the pair's tokens have no effect); None when nothing does."""
    for card, _ in passives(s, p, what):
        return card.name
    f = s.fighters[p]
    if f.anted and not tokens_void(s, p):
        effects = KITS[f.kit].token_effects
        for t in f.anted:
            if effects.get(t, {}).get(what):
                return f"{t} token"
    return None


def fmt_amount(v: Any) -> str:
    if isinstance(v, tuple):
        return f"{v[0]:+d}~{v[1]:+d}" if v[0] != v[1] else f"{v[0]:+d}"
    if isinstance(v, int):
        return f"{v:+d}"
    return str(v)


def format_terms(terms: Terms, total: Any) -> str:
    """'Strike 4 + Red token 3 - a status 2 = 5' (the first term as it is, the rest added or subtracted)."""
    try:
        return _format_terms(tuple(terms), total)
    except TypeError:  # a term that cannot be a cache key (a list): worked out on the spot
        return _format_terms.__wrapped__(tuple(terms), total)


@lru_cache(maxsize=1 << 14)  # the same few sums come back in every beat of every match
def _format_terms(terms: tuple[tuple[str, Any], ...], total: Any) -> str:
    if not terms:
        return f"{total}"
    parts = []
    for i, (label, v) in enumerate(terms):
        if isinstance(v, int):
            parts.append(f"{label} {v}" if i == 0 else f"{'+' if v >= 0 else '-'} {label} {abs(v)}")
        elif isinstance(v, tuple):
            text = f"{v[0]}~{v[1]}" if v[0] != v[1] else f"{v[0]}"
            parts.append(f"{label} {text}" if i == 0 else f"+ {label} {fmt_amount(v)}")
        else:
            parts.append(f"{label} {v}" if i == 0 else f"+ {label} {v}")
    return " ".join(parts) + f" = {total}"
