"""The fold: how each event changes the state. The only code that mutates a ``BattleState``.

One small function per event type, dispatched by type name. Events that only
record a fact (a range check, a choice whose effect follows as its own outcome
event) fold to nothing.
"""

from __future__ import annotations

from typing import Any, Callable

from . import events as E
from . import kit_events as KE
from . import special_events as SE
from .cards import KITS, SPECIAL_ACTION, borrowed_name
from .effects import figure_of
from .fighters import RULES
from .state import PLAY, START_LIFE, WITH_PAIR, BattleState, Figure, Fighter, Marker, Status


def _duel_started(s: BattleState, e: E.DuelStarted) -> None:
    s.duel = e.duel
    s.beat = 0
    s.uncounted = 0
    s.active = s.last_active = s.last_active_beat = s.ante_first = None
    s.duel_over = False
    s.phase = "setup"
    s.fighters = []
    s.markers = []
    s.extra_figures = []
    for p, fid in enumerate(e.fighters):
        s.fighters.append(_fighter(s, p, fid, e.positions[p], e.life[p]))
        s.markers += [Marker(p, name) for name in KITS[fid].markers]


def _fighter(s: BattleState, p: int, fid: str, space: int, life: int) -> Fighter:
    """A fighter at the start of a duel: the kit's cards in hand, its tokens in the pool, its counters at their
    start, its first form, its extra zones empty but for the cards set beside it (card zones), its own state new."""
    k, rules = KITS[fid], RULES[fid]
    return Fighter(
        kit=fid, figure=Figure(p, fid, space), rules=rules, own=rules.new_own(), life=life,
        hand=list(k.all_cards) + ([SPECIAL_ACTION] if s.special_actions else []),
        tokens=list(k.tokens), form=next(iter(k.forms), None),
        counters={name: spec["start"] for name, spec in k.counters.items()},
        zones={name: list(k.card_zones.get(name, ())) for name in k.zones},
    )


def _discards_set(s: BattleState, e: E.DiscardsSet) -> None:
    f = s.fighters[e.player]
    for c in e.discard1 + e.discard2:
        f.hand.remove(c)
    f.discard1 = list(e.discard1)
    f.discard2 = list(e.discard2)


def _pair_selected(s: BattleState, e: E.PairSelected) -> None:
    f = s.fighters[e.player]
    f.hand.remove(e.style)
    f.hand.remove(e.base)
    f.style, f.base = e.style, e.base
    f.revealed = False


def _pair_committed(s: BattleState, e: E.PairCommitted) -> None:
    s.fighters[e.player].commitment = e.digest


def _ante_started(s: BattleState, e: E.AnteStarted) -> None:
    s.phase = "ante"
    s.ante_first = e.first


def _ante_declared(s: BattleState, e: E.AnteDeclared) -> None:
    if e.ante == "pass":
        return
    f = s.fighters[e.player]
    if e.ante == f.finisher:  # Ante Finishers: the pair comes back (PairRetrieved), the finisher attacks
        f.finisher_anted = True
        return
    for t in f.rules.ante_tokens(s, e.player, e.ante):  # one token, or a stack the answer names
        f.tokens.remove(t)
        f.token_discard.append(t)
        f.anted.append(t)
        f.anted_this_beat.append(t)
        if s.phase != "ante":  # an extra ante made by an effect after the ante step
            f.anted_late.append(t)
    f.ante_turns += 1


def _form_effect(s: BattleState, e: E.FormEffectApplied) -> None:
    s.fighters[e.player].form_at_ante = e.form


def _pair_revealed(s: BattleState, e: E.PairRevealed) -> None:
    s.phase = "reveal"
    s.revealed = True
    for f in s.fighters:
        f.revealed = True


def _tokens_returned(s: BattleState, e: E.TokensReturned) -> None:
    f = s.fighters[e.player]
    for t in e.tokens:
        f.token_discard.remove(t)
        f.anted.remove(t)
        f.tokens.append(t)
    f.tokens.sort()


def _status(s: BattleState, e: E.StatusGained) -> None:
    beat = s.beat + (1 if e.when == "next" else 0)
    s.fighters[e.player].statuses.append(Status(e.stat, e.amount, beat, e.label))


def _priority(s: BattleState, e: E.PriorityCompared) -> None:
    if e.active is not None:
        s.active = e.active
        s.phase = "attacks"


def _clash(s: BattleState, e: E.ClashOccurred) -> None:
    s.phase = "clash"
    s.clash_round = e.round


def _clash_base(s: BattleState, e: E.ClashBaseSelected) -> None:
    f = s.fighters[e.player]
    f.hand.remove(e.base)
    if f.base is not None:
        f.covered.insert(0, f.base)
    f.base = e.base
    f.clash_hidden = True


def _clash_revealed(s: BattleState, e: E.ClashRevealed) -> None:
    for f in s.fighters:
        f.clash_hidden = False


def _clash_recovered(s: BattleState, e: E.ClashBasesRecovered) -> None:
    f = s.fighters[e.player]
    for b in e.bases:
        if b == f.base:
            f.base = None
        else:
            f.covered.remove(b)
        f.hand.append(b)


def _clash_abandoned(s: BattleState, e: E.ClashAbandoned) -> None:
    s.phase = "recycle"


def _moved(s: BattleState, e: E.FighterMoved) -> None:
    s.fighters[e.player].position = e.to_space


def _dodge(s: BattleState, e: E.DodgeGained) -> None:
    s.fighters[e.player].dodge = e.reason


def _damage(s: BattleState, e: E.DamageDealt) -> None:
    f = s.fighters[e.target]
    f.life -= e.amount
    f.damage_taken += e.amount
    f.soaked += min(e.soak, e.power + e.extra)


def _life_lost(s: BattleState, e: E.LifeLost) -> None:
    s.fighters[e.player].life = e.life_after


def _stunned(s: BattleState, e: E.StunApplied) -> None:
    s.fighters[e.player].stunned = True


def _regained(s: BattleState, e: E.TokenRegained) -> None:
    f = s.fighters[e.player]
    f.token_discard.remove(e.token)
    f.tokens.append(e.token)
    f.tokens.sort()


def _form(s: BattleState, e: E.FormChanged) -> None:
    s.fighters[e.player].form = e.form


def _recycled(s: BattleState, e: E.CardsRecycled) -> None:
    f = s.fighters[e.player]
    f.hand.extend(e.to_hand)
    f.discard1 = list(e.discard1)
    f.discard2 = list(e.discard2)
    f.style = f.base = None
    f.covered = []
    if f.zones.get(WITH_PAIR):  # cards discarded with the pair went into discard 1 with it (beat.recycle)
        f.zones[WITH_PAIR] = []


def _beat_started(s: BattleState, e: E.BeatStarted) -> None:
    s.beat = e.beat
    s.phase = "select"


def _beat_skipped(s: BattleState, e: E.BeatSkipped) -> None:
    s.phase = "recycle"


def _beat_ended(s: BattleState, e: E.BeatEnded) -> None:
    s.phase = "select-next"
    s.revealed = False
    s.clash_round = 0
    if s.active is not None:  # a beat without an active player (abandoned clash, Pulse) keeps the older one
        s.last_active, s.last_active_beat = s.active, s.beat
    s.active = None
    for f in s.fighters:
        if f.anted:  # emptied only when there is something to empty (most beats have no ante)
            f.anted.clear()
        if f.anted_this_beat:
            f.anted_this_beat.clear()
        if f.anted_late:
            f.anted_late.clear()
        f.ante_turns = 0
        f.form_at_ante = None
        f.stunned = False
        f.dodge = None
        f.damage_taken = 0
        f.commitment = ""
        f.revealed = False
        if f.statuses:
            f.statuses = [st for st in f.statuses if st.beat > s.beat]
        f.finisher_active = f.finisher_anted = f.negated = False
        f.special = None
        f.soaked = f.repeats = f.reactivations = f.activated_again = 0
        if f.locks:
            f.locks = [lock for lock in f.locks if lock[0] > s.beat]
        if f.secret is not None or f.style_shown:
            f.secret, f.secret_shown, f.style_shown = None, False, False


def _duel_ended(s: BattleState, e: E.DuelEnded) -> None:
    s.duel_over = True
    s.phase = "duel-over"
    if e.winner is not None:
        s.score[e.winner] += 1
    else:
        s.draws += 1
    s.duel_results.append({"duel": e.duel, "winner": e.winner, "reason": e.reason, "life": list(e.life)})


def _match_ended(s: BattleState, e: E.MatchEnded) -> None:
    s.phase = "over"
    s.match_result = {"winner": e.winner, "reason": e.reason, "score": list(e.score),
                      "duels": [dict(d) for d in s.duel_results]}


# -- Finishers and Special Actions ----------------------------------------------------


def _finisher_chosen(s: BattleState, e: SE.FinisherChosen) -> None:
    s.fighters[e.player].finisher = e.finisher


def _finishers_revealed(s: BattleState, e: SE.FinishersRevealed) -> None:
    for f, name in zip(s.fighters, e.finishers):
        f.finisher = name  # also a side the header fixed (option finishers), which nobody chose
        f.finisher_revealed = True


def _special_revealed(s: BattleState, e: SE.SpecialActionRevealed) -> None:
    s.fighters[e.player].special = e.action


def _downgraded(s: BattleState, e: SE.FinisherDowngraded) -> None:
    f = s.fighters[e.player]
    f.special = "cancel"
    f.finisher_active = False


def _finisher_revealed(s: BattleState, e: SE.FinisherRevealed) -> None:
    s.fighters[e.player].finisher_active = True


def _special_spent(s: BattleState, e: SE.SpecialActionSpent) -> None:
    f = s.fighters[e.player]
    # The card is in the pair slot, or already out of the game (two Finishers tied after both were used).
    if f.style == SPECIAL_ACTION:
        f.style = None
    else:
        f.removed.remove(SPECIAL_ACTION)
    (f.removed if e.to == "removed" else f.discard1).append(SPECIAL_ACTION)
    if e.base is not None and e.base_to is not None:
        if f.base == e.base:
            f.base = None
        (f.hand if e.base_to == "hand" else f.discard1).append(e.base)


def _pulse(s: BattleState, e: SE.PulseResolved) -> None:
    s.phase = "pulse"
    s.resolving = (e.player, "Pulse", "pulse")
    f = s.fighters[e.target]
    f.negated = True
    # A negated anted Finisher does not take effect and is not removed (WoI p.33): it goes back beside the
    # board, so its user recycles as usual and may ante it again.
    f.finisher_active = f.finisher_anted = False


def _rearranged(s: BattleState, e: SE.FightersRearranged) -> None:
    for f, pos in zip(s.fighters, e.positions):
        f.position = pos
    if s.markers:  # the event's ``trap``: the first marker of the match (specials.rearrange)
        s.markers[0].space = e.trap


def _canceled(s: BattleState, e: SE.PairCanceled) -> None:
    f = s.fighters[e.player]
    f.discard1.extend(e.cards)
    f.style = f.base = None
    f.finisher_active = False  # an anted finisher that was canceled (still removed at the end of the beat)


def _retrieved(s: BattleState, e: SE.PairRetrieved) -> None:
    f = s.fighters[e.player]
    f.hand.extend(c for c in (f.style, f.base) if c is not None)
    f.style = f.base = None


def _tokens_anted(s: BattleState, e: SE.TokensAnted) -> None:
    f = s.fighters[e.player]
    for t in e.tokens:
        f.tokens.remove(t)
        f.token_discard.append(t)
        f.anted.append(t)
        f.anted_this_beat.append(t)


def _repeat_earned(s: BattleState, e: SE.RepeatEarned) -> None:
    s.fighters[e.player].repeats += 1


def _repeated(s: BattleState, e: SE.AttackRepeated) -> None:
    s.fighters[e.player].repeats -= 1


def _finisher_removed(s: BattleState, e: SE.FinisherRemoved) -> None:
    f = s.fighters[e.player]
    f.finisher_removed = True
    f.finisher_active = False


def _not_counted(s: BattleState, e: SE.BeatNotCounted) -> None:
    s.uncounted += 1


# -- the generic pieces of kits (kit_events.py) ---------------------------------------------------------


def _active_set(s: BattleState, e: KE.ActivePlayerSet) -> None:
    s.active = e.player


def _activation_earned(s: BattleState, e: KE.ActivationEarned) -> None:
    s.fighters[e.player].reactivations += 1


def _activation_repeated(s: BattleState, e: KE.ActivationRepeated) -> None:
    f = s.fighters[e.player]
    f.reactivations -= 1
    f.activated_again += 1


def _movement_locked(s: BattleState, e: KE.MovementLocked) -> None:
    s.fighters[e.player].locks.append((s.beat + (1 if e.when == "next" else 0), e.reason))


def _tokens_gained(s: BattleState, e: KE.TokensGained) -> None:
    f = s.fighters[e.player]
    for t in e.tokens:
        if e.from_discard:
            f.token_discard.remove(t)
        f.tokens.append(t)
    f.tokens.sort()


def _tokens_spent(s: BattleState, e: KE.TokensSpent) -> None:
    f = s.fighters[e.player]
    for t in e.tokens:
        f.tokens.remove(t)
        f.token_discard.append(t)


def _counter(s: BattleState, e: KE.CounterChanged) -> None:
    s.fighters[e.player].counters[e.counter] = e.value


def _life_gained(s: BattleState, e: KE.LifeGained) -> None:
    s.fighters[e.player].life = e.life_after


def _life_swapped(s: BattleState, e: KE.LifeSwapped) -> None:
    s.fighters[e.player].life = e.life
    s.fighters[e.other].life = e.other_life


def _marker_placed(s: BattleState, e: KE.MarkerPlaced) -> None:
    s.marker(e.player, e.marker).space = e.space


def _marker_removed(s: BattleState, e: KE.MarkerRemoved) -> None:
    s.marker(e.player, e.marker).space = None


def _figure_placed(s: BattleState, e: KE.FigurePlaced) -> None:
    fig = figure_of(s, e.player, e.figure)
    if fig is None:
        spec = KITS[s.fighters[e.player].kit].figures[e.figure]
        fig = Figure(e.player, e.figure, 0, spec["shares_spaces"])
        s.extra_figures.append(fig)
    fig.space = e.space


def _figure_removed(s: BattleState, e: KE.FigureRemoved) -> None:
    figure_of(s, e.player, e.figure).space = 0


# The fighter's own zones a CardMoved may name, besides the kit's: its cards', and its token pool and token
# discard (a token that travels with the cards, through the kit's zones, moves by CardMoved too).
ZONES = ("hand", "discard1", "discard2", "removed", "tokens", "token_discard")


def _zone(f: Fighter, name: str) -> list[str]:
    return getattr(f, name) if name in ZONES else f.zones.setdefault(name, [])


def _card_moved(s: BattleState, e: KE.CardMoved) -> None:
    f = s.fighters[e.player]
    if e.owner is not None and e.owner != e.player:
        _card_lent(s, e)
        return
    _zone(f, e.from_zone).remove(e.card)
    _zone(f, e.to_zone).append(e.card)
    f.tokens.sort()


def _card_lent(s: BattleState, e: KE.CardMoved) -> None:
    """Another seat's card (``owner``'s) comes into ``player``'s cards: it leaves the owner's ``from_zone`` ("play":
    their attack pair) and joins the player's ``to_zone`` named as a borrowed card ("<card> (<fighter>'s)")."""
    source = s.fighters[e.owner]
    if e.from_zone == PLAY:
        if source.style == e.card:
            source.style = None
        else:
            assert source.base == e.card, f"{e.card} is not in play for player {e.owner}"
            source.base = None
    else:
        _zone(source, e.from_zone).remove(e.card)
    _zone(s.fighters[e.player], e.to_zone).append(borrowed_name(source.kit, e.card))


def _secret_chosen(s: BattleState, e: KE.SecretChosen) -> None:
    f = s.fighters[e.player]
    f.secret, f.secret_shown = (e.name, e.choice), False


def _secret_revealed(s: BattleState, e: KE.SecretRevealed) -> None:
    s.fighters[e.player].secret_shown = True


def _style_shown(s: BattleState, e: KE.StyleShown) -> None:
    s.fighters[e.player].style_shown = True


def _eliminated(s: BattleState, e: KE.FighterEliminated) -> None:
    s.fighters[e.player].eliminated = e.card


def _base_swapped(s: BattleState, e: KE.BaseSwapped) -> None:
    f = s.fighters[e.player]
    f.hand.remove(e.base)
    f.zones.setdefault(WITH_PAIR, []).append(e.replaced)  # discarded with the pair (beat.recycle)
    f.base = e.base


def _trigger(s: BattleState, e: E.TriggerResolved) -> None:
    s.resolving = (e.player, e.card, e.timing)


def _nothing(s: BattleState, e: Any) -> None:
    return None


FOLDS: dict[str, Callable[[BattleState, Any], None]] = {
    "DuelStarted": _duel_started, "DiscardsSet": _discards_set, "PairSelected": _pair_selected,
    "PairCommitted": _pair_committed, "AnteStarted": _ante_started, "AnteDeclared": _ante_declared,
    "FormEffectApplied": _form_effect, "PairRevealed": _pair_revealed, "TokensReturned": _tokens_returned,
    "StatusGained": _status, "PriorityCompared": _priority, "ClashOccurred": _clash,
    "ClashBaseSelected": _clash_base, "ClashRevealed": _clash_revealed, "ClashBasesRecovered": _clash_recovered,
    "ClashAbandoned": _clash_abandoned, "FighterMoved": _moved, "DodgeGained": _dodge,
    "DamageDealt": _damage, "LifeLost": _life_lost, "StunApplied": _stunned,
    "TokenRegained": _regained, "FormChanged": _form,
    "CardsRecycled": _recycled, "BeatStarted": _beat_started, "BeatSkipped": _beat_skipped, "BeatEnded": _beat_ended,
    "DuelEnded": _duel_ended, "MatchEnded": _match_ended,
    "FinisherChosen": _finisher_chosen, "FinishersRevealed": _finishers_revealed,
    "SpecialActionRevealed": _special_revealed, "FinisherDowngraded": _downgraded,
    "FinisherRevealed": _finisher_revealed, "SpecialActionSpent": _special_spent, "PulseResolved": _pulse,
    "FightersRearranged": _rearranged, "PairCanceled": _canceled, "PairRetrieved": _retrieved,
    "TokensAnted": _tokens_anted, "RepeatEarned": _repeat_earned, "AttackRepeated": _repeated,
    "FinisherRemoved": _finisher_removed, "BeatNotCounted": _not_counted, "TriggerResolved": _trigger,
    "ActivePlayerSet": _active_set, "ActivationEarned": _activation_earned,
    "ActivationRepeated": _activation_repeated, "MovementLocked": _movement_locked,
    "TokensGained": _tokens_gained, "TokensSpent": _tokens_spent, "CounterChanged": _counter,
    "LifeGained": _life_gained,
    "LifeSwapped": _life_swapped,
    "MarkerPlaced": _marker_placed, "MarkerRemoved": _marker_removed, "CardMoved": _card_moved,
    "SecretChosen": _secret_chosen, "SecretRevealed": _secret_revealed, "StyleShown": _style_shown,
    "BaseSwapped": _base_swapped, "FighterEliminated": _eliminated,
    "FigurePlaced": _figure_placed, "FigureRemoved": _figure_removed,
}


# The event types some kit folds for its own fighter: every other event (most of them) skips the kits' loop.
KIT_FOLDED = frozenset(kind for rules in RULES.values() for kind in rules.folds)


# Per event class: its shared fold (None: it folds to nothing) and whether some kit folds it too; filled as the
# classes are first met (the tables above never change after import).
_BY_CLASS: dict[type, tuple[Callable[[BattleState, Any], None] | None, bool]] = {}


def apply(state: BattleState, event: Any) -> None:
    """The shared fold, then each kit's fold of that event type for its own fighter (its ``folds``)."""
    found = _BY_CLASS.get(type(event))
    if found is None:
        kind = event.TYPE
        fold = FOLDS.get(kind)
        found = _BY_CLASS[type(event)] = (None if fold is _nothing else fold, kind in KIT_FOLDED)
    fold, kits = found
    if fold is not None:
        fold(state, event)
    if not kits:
        return
    fighters = state.fighters
    if len(fighters) == 2:  # a duel: the kits' folds of this class for these two kits, looked up once
        r0, r1 = fighters[0].rules, fighters[1].rules
        key = (type(event), r0, r1)
        folds = _KIT_FOLDS.get(key)
        if folds is None:
            folds = _KIT_FOLDS[key] = tuple((p, fn) for p, fn in enumerate((r0.folds.get(event.TYPE),
                                                                            r1.folds.get(event.TYPE)))
                                            if fn is not None)
        for p, fn in folds:
            fn(state, p, event)
        return
    kind = event.TYPE
    for p, f in enumerate(fighters):
        fn = f.rules.folds.get(kind)
        if fn is not None:
            fn(state, p, event)


def fold_of(cls: type) -> Callable[[BattleState, Any], None] | None:
    """The fold of every event of class ``cls``, as :func:`apply` folds it (the game's ``fold_of`` hook): the
    shared fold itself when no kit folds that class (most), one that then runs the kits' folds when one does, None
    for a class that folds to nothing."""
    kind = cls.TYPE
    fold = FOLDS.get(kind)
    if fold is _nothing:
        fold = None
    if kind not in KIT_FOLDED:
        return fold
    found = _WITH_KITS.get(cls)
    if found is None:
        found = _WITH_KITS[cls] = _with_kits(kind, fold)
    return found


def _with_kits(kind: str, shared: Callable[[BattleState, Any], None] | None) -> Callable[[BattleState, Any], None]:
    """:func:`apply` for the events of one type some kit folds: the shared fold (if any), then the kits' folds of
    that type, seat by seat."""

    def fold(state: BattleState, event: Any) -> None:
        if shared is not None:
            shared(state, event)
        fighters = state.fighters
        if len(fighters) == 2:  # a duel: each kit's fold of this type, if it has one (a kit's folds never change)
            f0, f1 = fighters
            fn = f0.rules.folds.get(kind)
            if fn is not None:
                fn(state, 0, event)
            fn = f1.rules.folds.get(kind)
            if fn is not None:
                fn(state, 1, event)
            return
        for p, f in enumerate(fighters):
            fn = f.rules.folds.get(kind)
            if fn is not None:
                fn(state, p, event)

    return fold


# Event class -> its fold with the kits' (fold_of), for the types some kit folds.
_WITH_KITS: dict[type, Callable[[BattleState, Any], None]] = {}


# (event class, the two fighters' kit rules) -> ((seat, the kit's fold of that class), ...): the kits' folds of
# a duel (a kit's ``folds`` never change once it is made).
_KIT_FOLDS: dict[tuple[type, Any, Any], tuple[tuple[int, Callable[[BattleState, int, Any], None]], ...]] = {}


def new_state(edition: str, duels: int, discards: str, beat_limit: int | None,
              names: tuple[str, ...], sides: tuple[str, ...], special_actions: bool = False,
              ante_finishers: bool = False) -> BattleState:
    return BattleState(edition=edition, duels=duels, discards=discards, beat_limit=beat_limit,
                       names=names, sides=sides,
                       fighters=[_fighter_before_duel(p, k) for p, k in enumerate(sides)],
                       special_actions=special_actions, ante_finishers=ante_finishers)



def _fighter_before_duel(p: int, fid: str, space: int = 0) -> Fighter:
    return Fighter(kit=fid, figure=Figure(p, fid, space), rules=RULES[fid], own=RULES[fid].new_own(),
                   life=START_LIFE)


new_fighter = _fighter_before_duel  # a fighter of seat p on a space, before its duel starts (tests, tools)
