"""Branching the beat in progress: the greedy bot's one-ply lookahead.

The engine is a generator, which cannot be copied halfway through a beat. So a
branch re-drives the beat from its *anchor* -- a copy of the state just before
the beat's first pair was selected -- on a private Context: the log's answers
since the anchor are fed back in order (and its chance draws), then the answer
being tried, then the rest of the beat with the first legal option everywhere.

Only what the deciding player may know is used:

- an opponent's answer still face down (a pair before its PairRevealed, a clash
  base before its ClashRevealed) is never read: each of that player's legal
  options (public: BattleCON hands are open) takes its place in turn and the
  scores are averaged; so is the first secret choice the opponent makes after
  the decision (the pair when the bot chooses first);
- chance draws the log does not hold yet come from a stream of the bot's own,
  the same for every branch of one decision, never from the match's stream.

A branch scores damage dealt minus damage taken (life loss included) over the
beat, +100 for winning the duel in it and -100 for losing it (a knockout,
a card that ends the duel, the time limit after this beat).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any, Callable

from recorder.context import Context
from recorder.decisions import Answer, Request
from recorder.events import INPUT
from recorder.rng import ChanceSource

from .beat import after_selection, select_pairs
from .effects import DuelOver
from .fighters import RULES
from .state import BattleState

HIDDEN_UNTIL = {"PairSelected": "PairRevealed", "ClashBaseSelected": "ClashRevealed",
                "SecretChosen": "SecretRevealed"}  # a kit's secret ante decision (secret_ante.py)
AVERAGED = ("pair", "new_pair", "clash")  # the opponent's secret choices, averaged over their options
DUEL_SWING = 100  # winning (or losing) the duel outweighs any damage
SOURCE = "lookahead"
# The state's tuples hold only text; a fighter's kit rules are shared, never changed by play.
_IMMUTABLE = frozenset((str, int, bool, float, type(None), tuple, *(type(r) for r in RULES.values())))


# -- copying the state --------------------------------------------------------------------------------


def clone(obj: Any) -> Any:
    """A deep copy of a state made of slotted dataclasses, lists, dicts and immutable values, several
    times faster than ``copy.deepcopy`` (the lookahead copies the state once per branch)."""
    t = type(obj)
    if t in _IMMUTABLE:
        return obj
    if t is list:
        return [x if type(x) in _IMMUTABLE else clone(x) for x in obj]
    if t is dict:
        return {k: (v if type(v) in _IMMUTABLE else clone(v)) for k, v in obj.items()}
    fields = _constructor_fields(t)
    if fields is not None:  # rebuilt through its own constructor: twice as fast as setting each slot
        return t(*[v if type(v) in _IMMUTABLE else clone(v) for v in fields(obj)])
    slots = getattr(t, "__slots__", None)
    if slots is None:
        return copy.deepcopy(obj)
    new = object.__new__(t)
    for name in slots:
        value = getattr(obj, name)
        object.__setattr__(new, name, value if type(value) in _IMMUTABLE else clone(value))
    return new


@cache  # per class: its fields never change
def _constructor_fields(t: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """For a dataclass that its constructor rebuilds exactly (every field an argument, no __post_init__),
    a getter of its field values in argument order; None for any other class."""
    if not dataclasses.is_dataclass(t) or hasattr(t, "__post_init__"):
        return None
    names = [f.name for f in dataclasses.fields(t)]
    if len(names) < 2 or not all(f.init for f in dataclasses.fields(t)):
        return None
    return attrgetter(*names)


# -- the anchor ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Anchor:
    """The state just before the first pair of a beat was selected, and where that beat's log begins."""

    log: list  # the match's entries (the very list: an anchor serves only the match it was taken in)
    beat: tuple[int, int]  # (duel, beat)
    state: BattleState
    start: int

    def serves(self, match) -> bool:
        return self.log is match.entries and self.beat == (match.ctx.duel, match.ctx.beat)


def _beat_start(entries) -> int:
    """The index of the current beat's first PairSelected (len(entries) when none yet)."""
    start = len(entries)
    for i in range(len(entries) - 1, -1, -1):
        t = entries[i].type
        if t == "BeatStarted":
            break
        if t == "PairSelected":
            start = i
    return start


def anchor_at_pair(match, me: int) -> Anchor:
    """The anchor, taken at ``me``'s pair decision: the state now, the opponent's face-down pair (if any)
    put back among the cards it could be (never read)."""
    state = clone(match.state)
    for p, f in enumerate(state.fighters):
        if p != me and f.style is not None:
            f.hand += [f.style, f.base]
            f.style = f.base = None
            f.commitment = ""
    return Anchor(match.entries, (match.ctx.duel, match.ctx.beat), state, _beat_start(match.entries))


def anchor_by_fold(match) -> Anchor | None:
    """The anchor rebuilt from the log (when the bot did not choose this beat's pair, e.g. a scripted one)."""
    entries = match.entries
    start = _beat_start(entries)
    if start == len(entries):
        return None
    state = match.game.new_state(match.header)
    for e in entries[:start]:
        match.game.apply(state, e.event)
    return Anchor(entries, (match.ctx.duel, match.ctx.beat), state, start)


# -- branches -----------------------------------------------------------------------------------------


class _BranchContext(Context):
    """A branch's context. Nothing reads a branch's log -- the engine takes only its length (for seqs and
    causes) and a branch is scored from the state -- so it keeps the bare events, not envelopes; and every
    answer is one of its request's own options, so it is not checked again. Both cost as much as the fold."""

    def emit(self, event: Any, *, actor: int | None = None, cause: int | None = None,
             visibility: str | int = "public") -> int:
        self.game.apply(self.state, event)
        self.entries.append(event)
        return len(self.entries)

    def check(self, request: Request, answer: Answer) -> None:
        return None


class _Draws:
    """Chance for a branch: the draws the log already shows, then the bot's own stream."""

    def __init__(self, logged: list[int], own: ChanceSource) -> None:
        self._logged = logged
        self._own = own
        self._next = 0

    def draw(self, n: int) -> int:
        if self._next < len(self._logged):
            self._next += 1
            return self._logged[self._next - 1]
        return self._own.draw(n)


@dataclass(frozen=True)
class _Fork:
    at: int  # the ordinal of the request whose options are averaged
    n: int


def _option_of(request: Request, event: Any) -> int | None:
    """The index of the option the logged input ``event`` answered, or None."""
    for i, opt in enumerate(request.options):
        if all(_same(getattr(event, k, None), v) for k, v in opt.items()):
            return i
    return None


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return list(a) == list(b)
    return a == b


def _rest_of_beat(ctx):
    yield from select_pairs(ctx)
    yield from after_selection(ctx)


class Branches:
    """Every answer to the request pending in ``match``, each scored by playing out the rest of the beat."""

    def __init__(self, match, anchor: Anchor, me: int, seed: int) -> None:
        self.game, self.header, self.anchor, self.me = match.game, match.header, anchor, me
        self.request: Request = match.pending
        entries = match.entries[anchor.start:]
        at = [i for i, e in enumerate(entries) if e.event.KIND == INPUT and e.type != "ChanceDrawn"]
        self.inputs = [entries[i] for i in at]
        self.draws = [e.event.value for e in entries if e.type == "ChanceDrawn"]
        last = {t: max((i for i, e in enumerate(entries) if e.type == t), default=-1) for t in HIDDEN_UNTIL.values()}
        self.hidden = set()  # ordinals of the opponent's answers still face down: never read
        for n, i in enumerate(at):
            e = self.inputs[n]
            player = getattr(e.event, "player", me)
            if player != me and e.visibility == player and e.type in HIDDEN_UNTIL and last[HIDDEN_UNTIL[e.type]] < i:
                self.hidden.add(n)
        self.decision = len(self.inputs)
        self.stream = f"bot-greedy-lookahead-{me}:{anchor.state.duel}:{anchor.state.beat}"
        self.seed = seed
        f = anchor.state.fighters
        self.lives = (f[me].life, f[1 - me].life)

    def scores(self) -> list[float | None]:
        """Per option: the average score over what the player cannot see (None: no consistent branch)."""
        return [self._value({self.decision: i}) for i in range(len(self.request.options))]

    def _value(self, fixed: dict[int, int]) -> float | None:
        out = self._drive(fixed)
        if not isinstance(out, _Fork):
            return out
        values = [v for i in range(out.n) if (v := self._value({**fixed, out.at: i})) is not None]
        return sum(values) / len(values) if values else None

    def _drive(self, fixed: dict[int, int]) -> float | _Fork | None:
        """One run of the beat from the anchor with the answers ``fixed`` (by request ordinal)."""
        state = clone(self.anchor.state)
        ctx = _BranchContext(self.game, self.header, state,
                             chance=_Draws(self.draws, ChanceSource(self.seed, self.stream)))
        ctx.set_clock(state.duel, state.beat)
        gen = _rest_of_beat(ctx)
        n = 0
        try:
            req = next(gen)
            while True:
                i = self._pick(req, n, fixed)
                if not isinstance(i, int):
                    return i
                n += 1
                req = gen.send(Answer(req.options[i], SOURCE))
        except (StopIteration, DuelOver):
            pass
        if n <= self.decision:
            return None  # the beat ended before the decision was asked: not this branch's history
        return self._score(state)

    def _pick(self, req: Request, n: int, fixed: dict[int, int]) -> int | _Fork | None:
        if n < self.decision:  # the log so far
            if n in fixed:
                return fixed[n]
            if n in self.hidden:
                return _Fork(n, len(req.options))
            return _option_of(req, self.inputs[n].event)
        if n == self.decision:
            same = (req.kind, req.player, req.options) == (self.request.kind, self.request.player,
                                                           self.request.options)
            return fixed[n] if same else None
        if n in fixed:
            return fixed[n]
        if (req.player != self.me and req.secret and req.kind in AVERAGED
                and not any(k > self.decision for k in fixed)):
            return _Fork(n, len(req.options))
        return 0

    def _score(self, state: BattleState) -> float:
        me, opp = self.me, 1 - self.me
        dealt = self.lives[1] - state.fighters[opp].life
        taken = self.lives[0] - state.fighters[me].life
        if state.duel_over:  # the duel ended in this branch (the anchor is in the middle of a beat)
            winner = state.duel_results[-1]["winner"]
        elif state.beat_limit is not None and state.counted_beats >= state.beat_limit:
            lives = (state.fighters[me].life, state.fighters[opp].life)  # the time limit follows this beat
            winner = None if lives[0] == lives[1] else (me if lives[0] > lives[1] else opp)
        else:
            winner = None
        swing = DUEL_SWING if winner == me else -DUEL_SWING if winner == opp else 0
        return dealt - taken + swing
