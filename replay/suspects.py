"""Which decision was edited? Find the legal answer that re-derives the recorded outcomes.

When the engine derives another outcome than the recorded one, either the
outcome was edited or a decision before it was (the engine then derives the
consequences of the edited decision, which the log does not hold). A decision
is shown to be the edited one by finding another legal answer to its request
with which the whole log re-executes.

Requests can have hundreds of legal answers (a Cogs course: ~60, BattleCON's
chosen starting discards: 840), and every try re-executes the match from its
header, so the search is organised to stay cheap and bounded:

* suspects: every input the divergent record can depend on -- the decision it
  names as its cause (through a chance draw if need be), all inputs since the
  last outcome before it (a secret round: every course of a turn, both
  players' discards), the last decision before it, then the other decisions
  before it, nearest first;
* narrowing: an answer is first re-executed only up to the first outcome from
  the divergent record on (:func:`replay.budget.reach`); one that does not
  reproduce every record up to there is out, and only the answers that do are
  re-run to the end;
* ordering: answers holding the values the divergent record has and the
  engine's does not (:class:`Hint`) are tried first -- of every suspect, before
  any other answer of any suspect;
* a budget (:class:`replay.budget.Budget`, counted in records re-derived, so
  that a verdict never depends on the speed of the machine) shared out among
  the suspects in turn, so that one with many answers cannot starve the others.

Ordering and budget change only how soon an answer is found, and whether it
is found before the budget runs out; never whether an answer is accepted: that
takes a clean re-execution of the whole log. When none is found the verdict
says which decisions were searched, and whether every answer of them was.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header

from .budget import OUT, Budget, reach
from .rerun import Run, content

MAX_BLOCK = 12  # inputs since the last outcome before the divergent record (nearest first)
MAX_OTHERS = 12  # other decisions before the divergent record (nearest first, from any round)
FIRST_TRIES = 2  # answers of a suspect that the hint points at, tried before any suspect's others
MAX_CAUSES = 3  # cause links followed back from the divergent record to the decision behind it


@dataclass(frozen=True)
class Search:
    """What the search for an edited decision found."""

    found: tuple[int, Record] | None  # (position, the legal answer that re-derives the log)
    suspects: tuple[int, ...]  # the decisions looked at (positions)
    exhaustive: bool  # every other legal answer of every suspect was tried (none fits)


class Hint:
    """Which values the divergent record holds and the engine's derivation does not (and the reverse)."""

    def __init__(self, expected: Record | None, recorded: Record | None) -> None:
        self.recorded_only: set[bytes] = set()
        self.expected_only: set[bytes] = set()
        # Only between two versions of one event: the fields of two different events have nothing to compare.
        if expected is not None and recorded is not None and (expected.type, expected.actor) == (
                recorded.type, recorded.actor):
            r: set[bytes] = set()
            e: set[bytes] = set()
            _differences(expected.data, recorded.data, e, r)
            self.recorded_only, self.expected_only = r - e, e - r

    @property
    def empty(self) -> bool:
        return not self.recorded_only and not self.expected_only

    def score(self, answer: Any) -> int:
        """How much an answer looks like the one behind the recorded record (> 0) or the engine's (< 0)."""
        if self.empty:
            return 0
        nodes: set[bytes] = set()
        values = answer.values() if isinstance(answer, dict) else [answer]
        for value in values:
            _nodes(value, nodes)
        return len(nodes & self.recorded_only) - len(nodes & self.expected_only)


MAX_DEPTH = 16  # how deep a hint looks into a value (a hostile log may nest deeper than anything real)


def _nodes(value: Any, out: set[bytes], depth: int = 0) -> None:
    """Every sub-value of ``value`` (itself included), as canonical JSON."""
    out.add(canonical.dumps(value))
    if depth >= MAX_DEPTH:
        return
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        _nodes(child, out, depth + 1)


_MISSING = object()


def _differences(a: Any, b: Any, in_a: set[bytes], in_b: set[bytes], depth: int = 0) -> None:
    """Collect the sub-values where ``a`` and ``b`` differ (each side's, with the containers holding them)."""
    if depth >= MAX_DEPTH:
        return
    if a is _MISSING or b is _MISSING:
        if a is not _MISSING:
            _nodes(a, in_a, depth)
        if b is not _MISSING:
            _nodes(b, in_b, depth)
        return
    if canonical.dumps(a) == canonical.dumps(b):
        return
    in_a.add(canonical.dumps(a))
    in_b.add(canonical.dumps(b))
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            _differences(a.get(key, _MISSING), b.get(key, _MISSING), in_a, in_b, depth + 1)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for x, y in zip(a, b):
            _differences(x, y, in_a, in_b, depth + 1)
    else:
        _nodes(a, in_a, depth)
        _nodes(b, in_b, depth)


def _answer(record: Record) -> Any:
    data = record.data
    return {k: v for k, v in data.items() if k != "source"} if isinstance(data, dict) else data


def suspects(records: Sequence[Record], run: Run, d: int) -> list[int]:
    """Decisions that may have caused the divergent record at ``d``, the likeliest first.

    The decision it names as its cause (through a chance draw it names, if
    need be: a roll caused by the draw caused by the attack order); every
    input since the last outcome before it (what a secret round reveals at
    once: every course of a turn, both players' discards); the last decision
    before it; the other decisions before it, nearest first.
    """
    out: list[int] = []

    def add(q: int) -> None:
        if q in run.requests and q < d and q not in out:
            out.append(q)

    i = d
    for _ in range(MAX_CAUSES):
        cause = records[i].cause
        if type(cause) is not int or not 0 < cause <= i:  # a seq, pointing back
            break
        i = cause - 1
        if i in run.requests:
            add(i)
            break
    q = d - 1
    while q >= 0 and records[q].kind != INPUT:  # outcomes between the last input and d
        q -= 1
    block = 0
    while q >= 0 and records[q].kind == INPUT and block < MAX_BLOCK:  # the inputs since the outcome before them
        block += q in run.requests
        add(q)
        q -= 1
    # The decisions before it, nearest first, into earlier rounds too: a token anted two beats ago
    # decides what may be regained now.
    others = [q for q in sorted(run.requests, reverse=True) if q < d and q not in out][:MAX_OTHERS]
    out.extend(others)
    return out


def horizon(records: Sequence[Record], run: Run, q: int) -> int:
    """The last position a changed answer at ``q`` must reproduce before it is worth a whole re-run.

    The first outcome from the divergent record on (from the record after
    ``q`` when the decision itself diverged): an outcome is what tells answers
    apart -- a chance draw or the next decision is often the same for many.
    """
    d = run.diverged
    start = d if d is not None and d > q else q + 1
    for i in range(start, len(records)):
        if records[i].kind != INPUT:
            return i
    return len(records) - 1


def _options(records: Sequence[Record], run: Run, q: int, hint: Hint | None) -> list[Record]:
    """The other legal answers at ``q`` as records, the likeliest first."""
    request = run.requests.get(q) or (run.pending if q == run.diverged else None)
    if request is None:
        return []
    recorded = records[q]
    # Fields no option names (the answer's source, a salt...) stay as recorded; those some option
    # names belong to the answer, and an answer without them has none.
    named = {key for option in request.options for key in option}
    kept = {k: v for k, v in recorded.data.items() if k not in named} if isinstance(recorded.data, dict) else {}
    alts = []
    for option in request.options:
        data = {**kept, **option}
        alt = dataclasses.replace(recorded, data=data)
        if content(alt) != content(recorded):
            alts.append(alt)
    if hint is not None:
        alts.sort(key=lambda alt: -hint.score(_answer(alt)))
    return alts


def _first_fit(game: Game, header: Header, records: Sequence[Record], q: int, h: int, alts: Sequence[Record],
               budget: Budget, confirm: Budget | None = None, agreed: int = 0) -> tuple[Record | None, int]:
    """The first of ``alts`` (answers at ``q``) with which the whole log re-executes, and how many were tried.

    Each is re-run up to position ``h`` first, paid from ``budget``; one that
    gets there is re-run to the end, paid from ``confirm`` (see
    :func:`replay.budget.reach`). Stops early when the budget runs out. ``agreed``: the run's (:attr:`replay.rerun.Run.agreed`; of
    the records before ``q``, kept as they are, those are not compared again).
    """
    prefix, suffix = list(records[:q]), list(records[q + 1:])
    for n, alt in enumerate(alts):
        reached = reach(game, header, prefix + [alt] + suffix, budget, h, confirm, min(q, agreed))
        if reached == OUT:
            return None, n
        if reached is None:
            return alt, n + 1
    return None, len(alts)


def alternative(game: Game, header: Header, records: Sequence[Record], run: Run, q: int,
                budget: Budget | None = None, hint: Hint | None = None) -> tuple[Record | None, bool]:
    """The legal answer at decision ``q`` with which the whole log re-executes, and whether all were tried.

    Only an answer that re-derives every later record counts: one that merely
    gets a little further proves nothing. (None, True) when ``q`` answered no
    request (a chance draw: the seeded random source re-draws those itself)
    or no answer fits; (None, False) when the budget ran out first.
    """
    alts = _options(records, run, q, hint)
    alt, tried = _first_fit(game, header, records, q, horizon(records, run, q), alts,
                            budget or Budget.for_log(records), agreed=run.agreed)
    return alt, alt is not None or tried == len(alts)


def changed_input(game: Game, header: Header, records: Sequence[Record], run: Run, d: int,
                  budget: Budget | None = None) -> Search:
    """The decision (position, legal answer) whose change explains the divergent record at ``d``, if any.

    First, of each suspect, the answers the hint points at (at most
    :data:`FIRST_TRIES`): what usually finds the edit at once. Then each
    suspect in turn, with half of what is left (the last one: all of it):
    a suspect with hundreds of answers cannot starve the others, and what one
    leaves unspent goes to those after it. A lead that gets past the
    divergent record is confirmed from the whole budget.
    """
    budget = budget or Budget.for_log(records)
    hint = Hint(run.expected[d] if len(run.expected) > d else None, records[d])
    found = suspects(records, run, d)
    queues = {q: _options(records, run, q, hint) for q in found}
    for q in found:
        likely = [alt for alt in queues[q][:FIRST_TRIES] if hint.score(_answer(alt)) > 0]
        alt, tried = _first_fit(game, header, records, q, horizon(records, run, q), likely, budget,
                                agreed=run.agreed)
        if alt is not None:
            return Search((q, alt), tuple(found), False)
        del queues[q][:tried]
    for n, q in enumerate(found):
        share = budget.part(1 if n + 1 == len(found) else 2)
        alt, tried = _first_fit(game, header, records, q, horizon(records, run, q), queues[q], share, budget,
                                run.agreed)
        if alt is not None:
            return Search((q, alt), tuple(found), False)
        del queues[q][:tried]
    return Search(None, tuple(found), not any(queues.values()))
