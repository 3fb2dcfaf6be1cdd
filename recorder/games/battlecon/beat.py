"""The beat sequence (WoI p.23-26): select, ante, reveal, clash, start, attacks, end, recycle."""

from __future__ import annotations

from functools import lru_cache, partial

from recorder import canonical

from . import events as E
from . import kit_events as KE
from . import special_events as SE
from . import secret_ante, specials, stats
from .attack import activate, activate_again
from .cards import BASE, HAND_RANK, SPECIAL, SPECIAL_ACTION, STYLE, hand_card, hand_rank
from .effects import ante_options, choose, fighter_name
from .state import WITH_PAIR, BattleState
from .triggers import run_triggers

PREVIEW_CLASH_CAP = 12  # engine safeguard: a Preview clash this long ends as in WoI (docs/rulings.md)


# A hand's split and its pairs depend only on the fighter and the set of cards in hand: worked out once per hand
# (the same few hands come back beat after beat, match after match, in any order) and shared, as tuples.
@lru_cache(maxsize=1 << 14)
def _split(fighter: str, hand: frozenset[str] | tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ranks = HAND_RANK[fighter]
    if all(c in ranks for c in hand):
        ordered = sorted(hand, key=ranks.__getitem__)
    else:  # another fighter's cards held as his own (cards.BORROWED): after his own, in their owner's order
        ordered = sorted(hand, key=lambda c: hand_rank(fighter, c))
    kinds = {c: hand_card(fighter, c).kind for c in ordered}
    # The Special Action pairs with a base like a style (WoI p.33).
    return (tuple(c for c in ordered if kinds[c] in (STYLE, SPECIAL)),
            tuple(c for c in ordered if kinds[c] == BASE))


def _hand(f) -> frozenset[str] | tuple[str, ...]:
    hand = frozenset(f.hand)
    return hand if len(hand) == len(f.hand) else tuple(f.hand)  # a card twice (no fighter has one): kept whole


def hand_split(s: BattleState, p: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The styles (and the Special Action) and the bases in player p's hand, each in the fighter's hand order."""
    f = s.fighters[p]
    return _split(f.kit, _hand(f))


@lru_cache(maxsize=1 << 14)
def _pairs(fighter: str, hand: frozenset[str] | tuple[str, ...]) -> tuple[tuple[str, str, str | None], ...]:
    """Every pair of the hand in hand order: (style, base, label), the label None for a Special Action's."""
    styles, bases = _split(fighter, hand)
    # The Special Action does what its own fighter's base says (specials.special_action): never with a borrowed
    # base (docs/rulings.md, "Borrowed cards").
    own = HAND_RANK[fighter]
    return tuple((st, b, None if st == SPECIAL_ACTION else f"{st} {b}") for st in styles for b in bases
                 if st != SPECIAL_ACTION or b in own)


@lru_cache(maxsize=1 << 14)
def _pair_choices(fighter: str, hand: frozenset[str] | tuple[str, ...],
                  p: int) -> tuple[tuple[dict, ...], tuple[str | None, ...], bool]:
    """Player p's pair options for a hand, their labels (None for a Special Action's: it depends on the match)
    and whether there is such a None; worked out once per hand and seat (the options are never changed)."""
    pairs = _pairs(fighter, hand)
    labels = tuple(label for _, _, label in pairs)
    return tuple({"player": p, "style": st, "base": b} for st, b, _ in pairs), labels, None in labels


def pair_options(s: BattleState, p: int, before_ante: bool = True) -> tuple[tuple[dict, ...], tuple[str, ...]]:
    """Every legal pair (style or Special Action, then base), in hand order; labels name what a special would
    really become at the reveal (a Finisher that cannot be used yet is a Cancel, and says why)."""
    f = s.fighters[p]
    hand = _hand(f)
    opts, labels, special = _pair_choices(f.kit, hand, p)
    if special:
        labels = tuple(label if label is not None else f"{st} {b} ({specials.special_label(s, p, b, before_ante)})"
                       for st, b, label in _pairs(f.kit, hand))
    return opts, labels  # type: ignore[return-value]


def commitment(ctx, p: int, style: str, base: str, salt: str = "") -> str:
    """The public digest of a face-down pair. Its nonce is the selection's secret salt (a person's is random,
    so only its owner can open it before the reveal); without one (bots, scripts, policies) the nonce derives
    from the header, which binds the pair but does not hide it from a holder of the log (whose seed and script
    re-derive those choices anyway): docs/protocol-battlecon.md, "Commitment"."""
    h = ctx.header
    s = ctx.state
    nonce = salt or canonical.digest({"seed": h.seed, "match_id": h.match_id, "duel": s.duel, "beat": s.beat,
                                      "player": p})[:16]
    return canonical.digest({"match_id": h.match_id, "duel": s.duel, "beat": s.beat, "player": p,
                             "style": style, "base": base, "nonce": nonce})


def select_pairs(ctx, players: tuple[int, ...] = (0, 1), kind: str = "pair", cause: int | None = None,
                 secret: bool = True):
    """Each of ``players`` picks a pair; ``new_pair`` after a Cancel (public when only one player picks,
    since the other pair is already face up)."""
    s = ctx.state
    shown = face_up_styles(s, players) if secret else {}
    if shown:  # a player who must play their style face up chooses first (a lasting effect)
        players = tuple(sorted(players, key=lambda p: p not in shown))
    for p in players:
        opts, labels = pair_options(s, p, before_ante=kind == "pair")
        prompt = (f"{s.names[p]}: choose your attack pair (face down)" if kind == "pair"
                  else f"{s.names[p]}: choose a new attack pair" + (" (face down)" if secret else ""))
        if p in shown:
            prompt = prompt.replace("(face down)", f"(style face up: {shown[p]})")
        pick = yield from choose(ctx, p, kind, E.PairSelected, opts, labels, prompt, cause,
                                 secret=secret, always=True, extra=("salt",))
        if secret:
            digest = commitment(ctx, p, pick["style"], pick["base"], pick["salt"])
            seq = ctx.emit(E.PairCommitted(p, digest), actor=p, cause=len(ctx.entries))  # player, digest
            if p in shown:
                ctx.emit(KE.StyleShown(player=p, style=pick["style"], reason=shown[p]), actor=p, cause=seq)


def face_up_styles(s: BattleState, players: tuple[int, ...]) -> dict[int, str]:
    """The players whose style a kit's effect makes them play face up (its ``style_face_up`` hook), with why."""
    out: dict[int, str] = {}
    for q, f in enumerate(s.fighters):
        if "style_face_up" in f.rules.hooks:
            for p in players:
                why = f.rules.style_face_up(s, q, p)
                if why and p not in out:
                    out[p] = why
    return out


def new_pairs(ctx, new: specials.NewPairs):
    """After a Cancel (or two tied Finishers): the players choose new pairs; returns specials.AGAIN (reveal
    them), or specials.SKIP when one of them cannot form a pair (BeatSkipped)."""
    s = ctx.state
    for p in new.players:
        styles, bases = hand_split(s, p)
        if not styles or not bases:
            ctx.emit(E.BeatSkipped(player=p, reason="no style in hand for a new pair" if not styles
                                   else "no base in hand for a new pair"), actor=p, cause=new.cause)
            return specials.SKIP
    yield from select_pairs(ctx, new.players, "new_pair", new.cause, secret=new.secret)
    return specials.AGAIN


def first_to_ante(ctx) -> tuple[int, str]:
    """Who antes first, and why: the previous beat's active player (WoI p.24); after a beat without one (a
    clash abandoned, a Pulse, a beat skipped) the active player of the last beat that had one; by chance
    on the first beat, or while no beat of the duel has had one (docs/rulings.md, "Ante")."""
    s = ctx.state
    if s.last_active is None:
        first = ctx.chance("first_ante", 2)
        return first, ("drawn by chance (first beat of the duel)" if s.beat == 1 else
                       "drawn by chance (no beat of this duel has had an active player yet)")
    if s.last_active_beat == s.beat - 1:
        return s.last_active, "active player of the previous beat"
    return s.last_active, (f"active player of beat {s.last_active_beat}, the last beat that had one "
                           f"(beat {s.beat - 1} had no active player)")


def ante_step(ctx):
    s = ctx.state
    first, why = first_to_ante(ctx)
    ctx.emit(E.AnteStarted(first, why))  # first, why
    for q, f in enumerate(s.fighters):  # "during each ante step" effects (the kits' ante_step_start hook)
        if "ante_step_start" in f.rules.hooks:
            f.rules.ante_step_start(ctx, q)
    if any(["secret_ante" in f.rules.hooks for f in s.fighters]):  # a kit's face-down decision, before the antes
        yield from secret_ante.ask(ctx, first)
    passes, p = 0, first
    while passes < 2:
        tokens = ante_options(s, p)
        finisher = specials.ante_finisher(s, p)
        if not tokens and not finisher:
            passes += 1  # nothing to ante: a forced pass, not a decision
        else:
            opts = [{"player": p, "ante": "pass"}] + [{"player": p, "ante": t} for t in tokens]
            rules = s.fighters[p].rules
            if finisher:
                opts.append({"player": p, "ante": finisher})
            if "ante_label_later" in rules.hooks:  # the kit takes now what its words need, and words them later
                labels = partial(_labels_later, [rules.ante_label_later(s, p, t) for t in tokens], finisher)
            elif "ante_label" in rules.hooks:  # the kit's words may depend on the match (what an ante costs now)
                labels = ante_labels(rules, s, p, tokens, finisher)
            else:  # the default words depend on the token alone: worked out when someone reads them
                labels = partial(ante_labels, rules, s, p, tuple(tokens), finisher)
            pick = yield from choose(ctx, p, "ante", E.AnteDeclared, opts, labels,
                                     f"{s.names[p]}: ante or pass", None, always=True)
            if pick["ante"] == finisher:
                specials.finisher_anted(ctx, p, len(ctx.entries))
                break  # no further antes by either player (WoI p.32)
            if pick["ante"] != "pass" and "on_ante" in rules.hooks:  # an ante that acts at once (before the next ante)
                yield from rules.on_ante(ctx, p, pick["ante"], len(ctx.entries))
            passes = passes + 1 if pick["ante"] == "pass" else 0
        p = 1 - p


def _labels_later(later, finisher: str | None) -> list[str]:
    """The labels of an ante decision whose kit words its options later (``ante_label_later``), as
    :func:`ante_labels` words them."""
    labels = ["Pass"] + [words() for words in later]
    if finisher:
        labels.append(_finisher_ante_label(finisher))
    return labels


def _finisher_ante_label(finisher: str) -> str:
    return f"Ante your Finisher, {finisher} (your pair returns to hand)"


def ante_labels(rules, s: BattleState, p: int, tokens, finisher: str | None) -> list[str]:
    """The labels of an ante decision's options: "Pass", each token's (the kit's ``ante_label``), the Finisher's."""
    labels = ["Pass"] + [rules.ante_label(s, p, t) for t in tokens]
    if finisher:
        labels.append(_finisher_ante_label(finisher))
    return labels


def reveal(ctx):
    """Turn the pairs face up and execute Special Actions; returns specials.PULSE / SKIP / AGAIN or None."""
    s = ctx.state
    f0, f1 = s.fighters
    ctx.emit(ctx.game.pair_revealed((specials.shown_style(f0), specials.shown_style(f1)),
                                    (f0.base or None, f1.base or None)))
    if f0.secret is not None or f1.secret is not None:  # a kit's secret ante decision is turned up with the pairs
        secret_ante.reveal(ctx)
    cards_revealed(ctx, {p: (specials.shown_style(f), f.base) for p, f in enumerate(s.fighters)})
    # Special Actions execute here: after the reveal, before Reveal effects (WoI p.33, Preview p.10).
    outcome = yield from specials.resolve(ctx)
    if isinstance(outcome, specials.NewPairs):
        outcome = yield from new_pairs(ctx, outcome)
    if outcome is not None:
        return outcome
    for p in (0, 1):  # each player's Reveal triggers: the pair's and the unique ability's (the kit's)
        yield from run_triggers(ctx, p, "reveal")
    return None


def cards_revealed(ctx, shown: dict[int, tuple[str | None, ...]]) -> None:
    """Each player's cards just turned face up, told to the kits that watch reveals (``cards_revealed``)."""
    s = ctx.state
    for q, f in enumerate(s.fighters):
        if "cards_revealed" in f.rules.hooks:
            for p, cards in shown.items():
                named = tuple(c for c in cards if c)
                if named:
                    f.rules.cards_revealed(ctx, q, p, named)


def kit_tie_rule(s: BattleState, priorities: tuple[int, int], terms) -> tuple[int, str] | None:
    """A kit's rule for who wins a priority tie without a clash (its ``tie_winner`` hook), or None; when the
    kits name different winners (both fighters "win ties") the rules cancel out and the tie is a clash
    (docs/rulings.md)."""
    found = None
    for f in s.fighters:
        if "tie_winner" not in f.rules.hooks:
            continue
        won = f.rules.tie_winner(s, priorities, terms)
        if won is not None:
            if found is not None and found[0] != won[0]:
                return None
            found = found or won
    return found


def forced_clash(s: BattleState) -> tuple[int, str] | None:
    """``(owner, words)`` of a kit's Reveal effect forcing a clash whatever the priorities (its ``forces_clash``
    hook), or None; never against a Finisher (Finishers do not clash, WoI p.32)."""
    found = None
    for q, f in enumerate(s.fighters):
        if "forces_clash" in f.rules.hooks and found is None:
            words = f.rules.forces_clash(s, q)
            if words:
                found = (q, words)
    if found is None or any(f.finisher_active for f in s.fighters):
        return None
    return found


def decide_priority(ctx):
    """Compare priorities, clashing on ties. Returns True (attacks follow), False when the clash was
    abandoned (skip to recycle), or specials.TIED when two Finishers tied."""
    s = ctx.state
    rnd = 0
    forced = forced_clash(s)  # a Reveal effect's clash, whatever the priorities (the kits' forces_clash hook)
    while True:
        (p0, t0), (p1, t1) = stats.priority(s, 0), stats.priority(s, 1)
        terms = (stats.format_terms(t0, p0), stats.format_terms(t1, p1))
        if forced is not None:
            owner, words = forced
            forced = None
            at = (p0, p1)[owner]
            ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=None,
                                        why=f"{words}: a clash whatever the priorities ({p0} and {p1})"))
        else:
            if p0 != p1:
                active = 0 if p0 > p1 else 1
                why = f"{fighter_name(ctx, active)} has the higher priority ({max(p0, p1)} > {min(p0, p1)})"
                ctx.emit(E.PriorityCompared((p0, p1), terms, active, why))  # priorities, terms, active, why
                return True
            kept = kit_tie_rule(s, (p0, p1), (t0, t1))
            if kept is not None:
                ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=kept[0], why=kept[1]))
                return True
            finishing = [p for p in (0, 1) if s.fighters[p].finisher_active]
            if len(finishing) == 2:
                ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=None,
                                            why=f"tie at {p0} between two Finishers: both become Cancels"))
                return specials.TIED
            if finishing:  # Finishers win priority ties without clashing (WoI p.32, Preview p.10)
                active = finishing[0]
                why = f"tie at {p0}: {fighter_name(ctx, active)}'s Finisher wins the tie without a clash"
                ctx.emit(E.PriorityCompared(priorities=(p0, p1), terms=terms, active=active, why=why))
                return True
            ctx.emit(E.PriorityCompared((p0, p1), terms, None, f"tie at {p0}: clash"))  # priorities, terms, active, why
            at = p0
        rnd += 1
        seq = ctx.emit(E.ClashOccurred(priority=at, round=rnd))
        for q, f in enumerate(s.fighters):  # "whenever you clash or extend a clash" (the kits' clashed hook)
            if "clashed" in f.rules.hooks:
                f.rules.clashed(ctx, q, rnd, seq)
        for p in (0, 1):
            if not hand_split(s, p)[1]:
                if s.edition == "preview" and rnd <= PREVIEW_CLASH_CAP:
                    f = s.fighters[p]
                    ctx.emit(E.ClashBasesRecovered(player=p, bases=tuple([f.base] + f.covered)), actor=p, cause=seq)
                else:
                    ctx.emit(E.ClashAbandoned(player=p), actor=p, cause=seq)
                    return False
        for p in (0, 1):
            bases = list(hand_split(s, p)[1])  # in hand order: the kit's bases' order, then any borrowed base
            yield from choose(ctx, p, "clash", E.ClashBaseSelected, [{"player": p, "base": b} for b in bases],
                              bases, f"Clash! {s.names[p]}: play a new base face down", seq,
                              secret=True, always=True)
        ctx.emit(E.ClashRevealed(bases=(s.fighters[0].base, s.fighters[1].base)), cause=seq)
        cards_revealed(ctx, {p: (f.base,) for p, f in enumerate(s.fighters)})


def recycle(ctx, p: int) -> None:
    f = ctx.state.fighters[p]
    skip = specials.recycle_skipped(f)
    extra = tuple(f.zones.get(WITH_PAIR, ()))  # cards an effect discarded with the pair (docs/rulings.md)
    if skip:
        ctx.emit(SE.RecycleSkipped(player=p, reason=skip), actor=p)
        for card in extra:  # the pair does not cycle: they go to discard 1 all the same
            ctx.emit(KE.CardMoved(player=p, card=card, from_zone=WITH_PAIR, to_zone="discard1",
                                  reason=f"discarded with the attack pair ({skip}: it does not cycle)"), actor=p)
    else:
        played = tuple([c for c in (f.style, f.base) if c is not None]) + extra
        # player, to_hand, discard1, discard2 (positionally: two every beat)
        ctx.emit(E.CardsRecycled(p, tuple(f.discard2) + tuple(f.covered) if f.covered else tuple(f.discard2),
                                 played, tuple(f.discard1)), actor=p)
    if "after_recycle" in f.rules.hooks:
        f.rules.after_recycle(ctx, p, not skip)


def end_beat(ctx) -> None:
    s = ctx.state
    for p in (0, 1):
        f = s.fighters[p]
        if f.finisher_anted:  # removed whatever happened (WoI p.32)
            ctx.emit(SE.FinisherRemoved(player=p, finisher=f.finisher), actor=p)
    left = None if s.beat_limit is None else s.beat_limit - s.counted_beats
    # beat, beats_left, life, positions (positionally: every beat)
    ctx.emit(E.BeatEnded(s.beat, left, tuple([f.life for f in s.fighters]),
                         tuple([f.figure.space for f in s.fighters])))


def abilities_at_end(ctx):
    """Unique abilities acting "at the end of each beat": after recycling (WoI p.25), active player first
    (seat order in a beat without one), not in a beat where a Pulse was revealed (WoI p.33: they "stop
    working" that beat)."""
    s = ctx.state
    first = s.active if s.active is not None else 0
    for p in (first, 1 - first):
        if "end_of_beat" in s.fighters[p].rules.hooks:
            yield from s.fighters[p].rules.end_of_beat(ctx, p)


def play_beat(ctx):
    """One beat. Raises DuelOver (after DuelEnded) when a fighter reaches 0 life."""
    s = ctx.state
    ctx.set_clock(s.duel, s.beat + 1)
    ctx.emit(E.BeatStarted(s.beat + 1))  # beat
    for p in (0, 1):
        styles, bases = hand_split(s, p)
        if not styles or not bases:
            ctx.emit(E.BeatSkipped(player=p, reason="no style in hand" if not styles else "no base in hand"),
                     actor=p)
            for q in (0, 1):
                recycle(ctx, q)
            yield from abilities_at_end(ctx)
            end_beat(ctx)
            return
    yield from select_pairs(ctx)
    yield from ante_step(ctx)  # after_selection's steps, without its generator in every decision's path
    yield from after_antes(ctx)


def after_selection(ctx):
    """Steps 2-5 of a beat once both pairs are face down (also driven by the greedy bot's lookahead)."""
    yield from ante_step(ctx)
    yield from after_antes(ctx)


def after_antes(ctx):
    """Steps 3-5 once the ante step is over: effects it fixed, reveal, priority, attacks, recycling (the greedy
    bot's ante lookahead starts here)."""
    s = ctx.state
    for q in (0, 1):  # effects fixed by the ante step (the kit's after_ante hook)
        if "after_ante" in s.fighters[q].rules.hooks:
            s.fighters[q].rules.after_ante(ctx, q)
    pulse = False
    while True:
        outcome = yield from reveal(ctx)
        if outcome == specials.AGAIN:
            continue  # new pairs were chosen after a Cancel: reveal them
        if outcome is not None:  # a Pulse, or no pair could be formed: straight to recycling
            attacks, pulse = False, outcome == specials.PULSE
            break
        attacks = yield from decide_priority(ctx)
        if attacks == specials.TIED:
            yield from new_pairs(ctx, specials.finishers_tied(ctx))
            continue
        break
    if attacks:
        order = (s.active, 1 - s.active)
        for p in order:
            yield from run_triggers(ctx, p, "start")
        active = s.active  # an effect may have made the other player active at Start of Beat
        yield from activate(ctx, active, "active")
        yield from activate(ctx, 1 - active, "reactive")
        for p in order:
            yield from run_triggers(ctx, p, "end")
            if s.fighters[p].reactivations:  # an End of Beat effect bought a whole activation
                yield from activate_again(ctx, p)
    for p in (0, 1):
        recycle(ctx, p)
    if not pulse:
        yield from abilities_at_end(ctx)
    end_beat(ctx)
