"""Special Actions and Finishers: what happens between the reveal and the Reveal effects.

WoI p.32-34 (Variant #1 Ante Finishers, Variant #2 Special Actions) and Preview
p.10 ("Special Actions"). A Special Action pairs with a base like a style; the
base decides what it does: Burst/Dash = Pulse, Grasp/Shot = Cancel,
Strike/Drive/unique base = Finisher (at 7 life or less, in the form the
Finisher requires, and not with Ante Finishers in play -- otherwise a Cancel).

:func:`resolve` runs right after ``PairRevealed`` and returns what the beat
does next: :data:`PULSE` (skip to recycling), a :class:`NewPairs` (players
choose new pairs: the beat has them choose, then reveals again, or skips to
recycling when one cannot form a pair) or None (go on to Reveal effects with
the pairs as they are).
The editions differ: in WoI a Cancel discards the opponent's pair and both
choose again, a Pulse rearranges the fighters; in the Preview only the
canceling player chooses again, and a Pulse pushes the opponent back then
retreats (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from . import events as E
from . import special_events as SE
from .cards import FINISHER_LIFE, KITS, SPECIAL_ACTION, special_action
from .effects import choose, fighter_name, move_fighter, moved
from .state import BattleState, Fighter

PULSE, CANCEL, FINISHER = "pulse", "cancel", "finisher"
AGAIN, SKIP, TIED = "again", "skip", "tied"


@dataclass(frozen=True, slots=True)
class NewPairs:
    """What a Cancel (or two tied Finishers) leaves to the beat: ``players`` choose new pairs, caused by
    ``cause``; face down when ``secret``."""

    players: tuple[int, ...]
    cause: int
    secret: bool
ANTED = "anted finisher"  # an anted Finisher meeting a Pulse or a Cancel (Ante Finishers)


# -- queries (no events) ----------------------------------------------------------------


def marker_word(s: BattleState, marker) -> str:
    """How a marker is called in words: its kit's label (card data ``markers``), else its name."""
    return KITS[s.fighters[marker.owner].kit].markers[marker.name].get("label", marker.name)


def shown_style(f: Fighter) -> str | None:
    """What PairRevealed shows in the style slot: the style, or an anted Finisher's name (None: nothing)."""
    if f.style is None and f.finisher_active and f.finisher:
        return f.finisher
    return f.style or None


def finisher_block(s: BattleState, p: int, life: int | None = None) -> str | None:
    """Why player p's Finisher cannot be used now (it becomes a Cancel / cannot be anted), or None; ``life``
    overrides the fighter's life (the life it will have at the reveal, for a pair chosen before the ante)."""
    f = s.fighters[p]
    life = f.life if life is None else life
    if f.finisher is None:
        return "no Finisher was chosen"
    if f.finisher_removed:
        return f"{f.finisher} was already used this duel"
    if life > FINISHER_LIFE:
        return f"life {life} is above {FINISHER_LIFE}"
    need = KITS[f.kit].cards[f.finisher].requires.get("form")
    if need and f.form != need:
        return f"{f.finisher} needs {need.capitalize()} form ({f.form.capitalize() if f.form else 'no form'} now)"
    return None


def life_at_reveal(s: BattleState, p: int) -> int:
    """Player p's life once the ante step is over (the kit's ``life_at_reveal`` hook: a form that loses life in
    the ante step does so before the reveal, where a Special Action's Finisher checks it)."""
    f = s.fighters[p]
    life = f.rules.life_at_reveal(s, p, f.life)
    for q, g in enumerate(s.fighters):  # another fighter's effect at the start of the ante step (never below 1)
        if q != p and "life_lost_at_ante" in g.rules.hooks:
            loss = g.rules.life_lost_at_ante(s, q, p)
            if loss:
                life = max(life - loss, min(life, 1))
    return life


def special_label(s: BattleState, p: int, base: str, before_ante: bool) -> str:
    """What the Special Action paired with ``base`` will really do at the reveal, for an option's label:
    "pulse", "cancel", "finisher: <its name>", or "cancel: <why the Finisher cannot be used>"."""
    act = special_action(KITS[s.fighters[p].kit], base)
    if act != FINISHER:
        return act
    if s.ante_finishers:
        return f"{CANCEL}: with Ante Finishers it never becomes a Finisher"
    why = finisher_block(s, p, life_at_reveal(s, p) if before_ante else None)
    return f"{CANCEL}: {why}" if why else f"{FINISHER}: {s.fighters[p].finisher}"


def ante_finisher(s: BattleState, p: int) -> str | None:
    """The Finisher player p may ante now (Ante Finishers), or None."""
    f = s.fighters[p]
    if not s.ante_finishers or f.finisher_anted or finisher_block(s, p) is not None:
        return None
    return f.finisher


def recycle_skipped(f: Fighter) -> str | None:
    """Why this fighter's discards do not cycle this beat, if they do not."""
    if f.special == PULSE:
        return "used a Pulse"
    if f.finisher_active:
        return "used a Finisher"
    return None


# -- the ``finishers`` option ------------------------------------------------------------------

SIDES = ("a", "b")  # the Finisher card's sides, in the order cards.json lists them (docs/rulings.md)
CHOSEN = "chosen"


def normalise_finishers(value: object, players: int = 2) -> str | list[str]:
    """The header's ``finishers`` option: ``"chosen"`` (each player secretly picks a side at every duel's setup,
    WoI p.22 step 3) or the side fixed for each seat, ``["a", "b"]`` (``"chosen"`` allowed per seat). ``"a"``
    (or ``"b"``) fixes that side for both; ``"a,b"`` is the CLI's spelling of ``["a", "b"]``. Raises ValueError
    with the reason when the value is none of these."""
    if isinstance(value, str):
        parts = [v.strip() for v in value.split(",")] if "," in value else [value.strip()] * players
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        parts = list(value)
    else:
        raise ValueError("it is neither text nor a list of texts")
    if len(parts) != players:
        raise ValueError(f"it names {len(parts)} side{'s' if len(parts) != 1 else ''} for {players} players")
    bad = [v for v in parts if v not in (*SIDES, CHOSEN)]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a side")
    return CHOSEN if all(v == CHOSEN for v in parts) else parts


def fixed_sides(options: dict) -> tuple[str | None, ...]:
    """Per seat, the Finisher side the header fixes ("a" or "b"), or None when the player chooses."""
    value = options.get("finishers", CHOSEN)
    if value == CHOSEN:
        return (None, None)
    return tuple(None if v == CHOSEN else v for v in value)


# -- ante finishers -----------------------------------------------------------------------


def finisher_anted(ctx, p: int, cause: int) -> None:
    """Ante Finishers: the pair comes back to hand and the Finisher alone attacks (WoI p.32)."""
    f = ctx.state.fighters[p]
    ctx.emit(SE.PairRetrieved(player=p), actor=p, cause=cause)
    ctx.emit(SE.FinisherRevealed(player=p, finisher=f.finisher, how="ante"), actor=p, cause=cause)


# -- resolution ---------------------------------------------------------------------------


def resolve(ctx):
    """Execute the revealed Special Actions; see the module docstring for the return values (used as ``yield from
    resolve(ctx)``: in most beats there is none, and nothing but an empty tuple is made, which gives None)."""
    s = ctx.state
    acts: dict[int, str] = {}
    seqs: dict[int, int] = {}
    for p in (0, 1):
        f = s.fighters[p]
        if f.style == SPECIAL_ACTION:
            act = special_action(KITS[f.kit], f.base)
            seq = seqs[p] = ctx.emit(SE.SpecialActionRevealed(player=p, base=f.base, action=act), actor=p)
            if act == FINISHER:
                why = ("with Ante Finishers the Special Action never executes a Finisher (WoI p.34 note)"
                       if s.ante_finishers else finisher_block(s, p))
                if why:
                    ctx.emit(SE.FinisherDowngraded(player=p, finisher=f.finisher or "", reason=why),
                             actor=p, cause=seq)
                    act = CANCEL
            acts[p] = act
        elif f.finisher_active and f.finisher_anted:
            acts[p] = ANTED
    if not acts:  # no Special Action and no anted Finisher (most beats)
        return ()
    return _execute(ctx, acts, seqs)


def _execute(ctx, acts: dict[int, str], seqs: dict[int, int]):
    """The revealed Special Actions (``acts``), once each is known (``resolve``)."""
    pulses = [p for p in (0, 1) if acts.get(p) == PULSE]
    if len(pulses) == 2:
        yield from _pulses_met(ctx)
        return PULSE
    if pulses:
        yield from _pulse(ctx, pulses[0], acts.get(1 - pulses[0]))
        return PULSE
    cancels = [p for p in (0, 1) if acts.get(p) == CANCEL]
    if cancels:
        return _cancel(ctx, cancels, acts, seqs)
    for p in (0, 1):
        if acts.get(p) == FINISHER:
            _finish(ctx, p)
    return None


def _spend(ctx, p: int, to: str, base_to: str | None = "hand", cause: int | None = None) -> None:
    f = ctx.state.fighters[p]
    ctx.emit(SE.SpecialActionSpent(player=p, to=to, base=f.base if base_to else None, base_to=base_to),
             actor=p, cause=cause)


def _finish(ctx, p: int) -> None:
    """The Finisher replaces the whole pair; the Special Action leaves the duel, its base goes home."""
    f = ctx.state.fighters[p]
    _spend(ctx, p, "removed")
    ctx.emit(SE.FinisherRevealed(player=p, finisher=f.finisher, how="special"), actor=p)


def _pulse(ctx, p: int, other: str | None):
    s = ctx.state
    o = 1 - p
    if other in (CANCEL, FINISHER, ANTED):
        ctx.emit(SE.SpecialActionsMet(actions=(PULSE, other) if p == 0 else (other, PULSE),
                                      result=_negated(ctx, o, other)))
    seq = ctx.emit(SE.PulseResolved(player=p, target=o), actor=p)
    _spend(ctx, p, "removed", cause=seq)
    if s.edition == "woi":
        yield from rearrange(ctx, p, "Pulse", seq, markers=False)
        ctx.emit(SE.BeatNotCounted(beat=s.beat, reason="a Pulse was revealed"), cause=seq)
    else:  # Preview: push the opponent any number of spaces back, then move back any number
        yield from move_fighter(ctx, p, o, "push", range(0, 7), "Pulse", seq)
        yield from move_fighter(ctx, p, p, "retreat", range(0, 7), "Pulse", seq)


def _negated(ctx, o: int, other: str) -> str:
    """What becomes of a Cancel or Finisher a Pulse negates (WoI p.33: "the latter two don't take effect (and
    also do not get removed subsequently)"; "The opponent cycles as normal with the negated attack pair going to
    Discard 1")."""
    f = ctx.state.fighters[o]
    if other == ANTED:  # the pair was retrieved at the ante; the Finisher card is not a discard card
        return (f"the Pulse negates the anted Finisher: {f.finisher} does not take effect and is not removed (it "
                f"can be anted again); the pair anted away stays in hand, so discard 1 receives nothing")
    return (f"the Pulse negates the {other.capitalize()}: it does not take effect, the Special Action is not "
            f"removed, and the pair ({SPECIAL_ACTION} {f.base}) cycles into discard 1 as the played pair")


def _pulses_met(ctx):
    s = ctx.state
    if s.edition == "woi":
        seq = ctx.emit(SE.SpecialActionsMet(actions=(PULSE, PULSE), result="the Pulses cancel out: positions "
                                            "stay, both Special Actions go to discard 1, no recycling"))
        for p in (0, 1):
            _spend(ctx, p, "discard1", cause=seq)
        ctx.emit(SE.BeatNotCounted(beat=s.beat, reason="a Pulse was revealed"), cause=seq)
        return
    seq = ctx.emit(SE.SpecialActionsMet(actions=(PULSE, PULSE),
                                        result="both Pulse: they push each other back as far as possible"))
    for p in (0, 1):
        _spend(ctx, p, "removed", cause=seq)
    left = 0 if s.fighters[0].position < s.fighters[1].position else 1
    for p, wall in ((left, 1), (1 - left, 7)):
        f = s.fighters[p]
        if f.position != wall:
            ctx.emit(E.FighterMoved(player=p, by=1 - p, kind="push", from_space=f.position, to_space=wall,
                                    distance=abs(f.position - wall), switched_sides=False), actor=1 - p, cause=seq)
    return
    yield


def _cancel(ctx, cancels: list[int], acts: dict[int, str], seqs: dict[int, int]):
    s = ctx.state
    woi = s.edition == "woi"
    if len(cancels) == 2:
        seq = ctx.emit(SE.SpecialActionsMet(actions=(CANCEL, CANCEL), result=(
            "both Cancel: only the Special Actions go to discard 1; both choose new pairs" if woi else
            "both Cancel: both choose new pairs secretly")))
        for p in (0, 1):
            _spend(ctx, p, "discard1" if woi else "removed", cause=seq)
        return NewPairs((0, 1), seq, secret=True)
    c = cancels[0]
    o = 1 - c
    other = acts.get(o)
    if not woi:  # Preview: only the canceling player chooses again; the opponent's pair stands
        seq = seqs[c]
        if other == FINISHER:  # Preview p.10: a Cancel only lets its player "choose your attack after looking"
            seq = ctx.emit(SE.SpecialActionsMet(actions=(CANCEL, FINISHER) if c == 0 else (FINISHER, CANCEL),
                                                result="a Cancel meets a Finisher (Preview): the Finisher stands and "
                                                       "the canceling player chooses a new pair after seeing it"))
        _spend(ctx, c, "removed", cause=seq)
        if other == FINISHER:
            _finish(ctx, o)
        return NewPairs((c,), seq, secret=False)
    f = s.fighters[o]
    if other == FINISHER:
        seq = ctx.emit(SE.SpecialActionsMet(actions=(CANCEL, FINISHER) if c == 0 else (FINISHER, CANCEL),
                                            result="a Cancel meets a Finisher: the Special Action and the base of "
                                                   "the Finisher go to its owner's discard 1"))
        _spend(ctx, o, "discard1", base_to="discard1", cause=seq)
    else:
        cards = tuple(x for x in (f.style, f.base) if x is not None)
        seq = ctx.emit(SE.PairCanceled(player=o, by=c, cards=cards), actor=c)
    _spend(ctx, c, "removed", cause=seq)
    return NewPairs((0, 1), seq, secret=True)


def finishers_tied(ctx):
    """Two Finishers tied at priority: both become Cancels and both choose new pairs (WoI p.32/34,
    Preview p.10). WoI: the Special Action cards go to discard 1 instead of leaving the game."""
    s = ctx.state
    seq = ctx.emit(SE.SpecialActionsMet(actions=(FINISHER, FINISHER),
                                        result="two Finishers tied at priority: both become Cancels"))
    for p in (0, 1):
        f = s.fighters[p]
        ctx.emit(SE.FinisherDowngraded(player=p, finisher=f.finisher, reason="two Finishers tied at priority"),
                 actor=p, cause=seq)
        if s.edition == "woi" and SPECIAL_ACTION in f.removed and not f.finisher_anted:
            _spend(ctx, p, "discard1", base_to=None, cause=seq)
    return NewPairs((0, 1), seq, secret=True)


# -- rearranging ------------------------------------------------------------------------------


def rearrange(ctx, p: int, card: str, cause: int, markers: bool, keep: tuple[int, ...] = ()):
    """Let player p put both fighters (and, with ``markers``, the marker on the board: the first kit marker of
    the match, which the ``trap`` field of the answer and of FightersRearranged name) on any legal spaces
    (``keep``: the fighters whose ability ignored this movement stay where they are)."""
    s = ctx.state
    now = tuple(f.position for f in s.fighters)
    marker = s.markers[0] if s.markers else None
    at = marker.space if marker else None
    spots = [at] if not markers or marker is None else list(range(1, 8))
    opts, labels = [], []
    for a, b in permutations(range(1, 8), 2):
        if any((a, b)[q] != now[q] for q in keep):
            continue
        for spot in spots:
            opts.append({"player": p, "positions": [a, b], "trap": spot})
            text = f"{fighter_name(ctx, 0)} on {a}, {fighter_name(ctx, 1)} on {b}"
            labels.append(text + (f", {marker_word(s, marker)} on {spot}" if markers and marker is not None else ""))
    what = f" and the {marker_word(s, marker)}" if len(spots) > 1 else ""
    pick = yield from choose(ctx, p, "rearrange", SE.ArrangementChosen, opts, labels,
                             f"{card}: rearrange the fighters{what}", cause)
    positions = tuple(pick["positions"])
    if positions == now and pick["trap"] == at:
        return
    # The arrangement happens at once (the parent event moves everything: moved one after the other, the
    # fighters could briefly share a space); then one FighterMoved per fighter that moved, as for any movement.
    seq = ctx.emit(SE.FightersRearranged(player=p, positions=positions, from_positions=now, trap=pick["trap"],
                                         from_trap=at), actor=p, cause=cause)
    switched = (now[0] < now[1]) != (positions[0] < positions[1])  # the fighters' order reversed
    for q in (0, 1):
        if positions[q] != now[q]:
            moved(ctx, E.FighterMoved(player=q, by=p, kind="rearrange", from_space=now[q], to_space=positions[q],
                                      distance=abs(positions[q] - now[q]), switched_sides=switched), p, seq)
