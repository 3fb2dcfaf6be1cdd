"""Imagined originals: undo a suspected change to a log and see if it re-executes.

Each hypothesis about what was done to a log ("the record at position 7 was
inserted", "these two were swapped", "this pick was 2, not 3") is tested the
same way: build the log as it would have been without the change and run the
engine over it. A hypothesis is accepted when the imagined original
re-executes cleanly to the end of the records; failing that, the first one
that gets past the place it touched is kept (a log changed in more than one
place). Every re-execution starts from the header, so the number of them is
bounded, and the hypotheses are tried from the most to the least specific.

Positions are indexes into the records as they stand in the log (a record's
own ``seq`` field is evidence, not a position: an editor may have left it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator, Sequence

from recorder.envelope import Record
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header

from .budget import OUT, Budget, reach
from .rerun import AFTER_END, Run, content, expected_input

DUPLICATED = "event duplicated"
REORDERED = "events reordered"
INSERTED = "event inserted"
DELETED = "event deleted"

MAX_TRIES = 64  # answers imagined for a deleted decision
REORDER_WINDOW = 32  # how far ahead a moved record is looked for


@dataclass(frozen=True)
class Undo:
    """A structural change that, undone, lets the log re-execute."""

    change: str  # DUPLICATED / REORDERED / INSERTED / DELETED
    index: int  # the position to report (for DELETED: where the missing record belongs)
    other: int | None = None  # DUPLICATED: the earlier copy; REORDERED: the other position involved
    swapped: bool = False  # REORDERED: the two records traded places (else ``other`` was moved later)
    count: int | None = 1  # DELETED: how many records are missing (None: unknown); DUPLICATED: how many repeat
    clean: bool = True  # undone, the whole log re-executes (False: it only gets past the place touched)


def structural(game: Game, header: Header, records: Sequence[Record], run: Run, p: int,
               budget: Budget | None = None, confirm: Budget | None = None) -> Undo | None:
    """The insertion, deletion, duplication or move at position ``p`` that explains the log, if any.

    Each imagined original is first re-run only up to the first outcome from
    the place it touched on, paid from ``budget``; most fail there, and the
    ones that do not are re-run to the end, paid from ``confirm`` (see
    :func:`replay.budget.reach`).
    """
    budget = budget or Budget.for_log(records)
    fallback: Undo | None = None
    for undo, candidate, past in _candidates(records, run, p):
        if len(candidate) <= past and not (run.reason == AFTER_END and run.diverged == p):
            # Cutting off the last record always "re-executes": that proves nothing, unless the
            # engine says the match had ended before it.
            continue
        reached = reach(game, header, candidate, budget, _outcome_from(candidate, past), confirm,
                        min(p, run.agreed))  # every hypothesis keeps the records before p
        if reached is None:
            return undo
        if reached == OUT:
            break
        if reached > past and fallback is None:
            fallback = dataclasses.replace(undo, clean=False)
    return fallback


def _outcome_from(records: Sequence[Record], i: int) -> int:
    """The first outcome at or after position ``i`` (the last position when none is)."""
    for j in range(i, len(records)):
        if records[j].kind != INPUT:
            return j
    return len(records) - 1


def _candidates(records: Sequence[Record], run: Run, p: int) -> Iterator[tuple[Undo, list[Record], int]]:
    """(hypothesis, the log with it undone, the index the undone log must get past), most specific first."""
    recs = list(records)
    here = content(recs[p])
    for j in range(p - 1, -1, -1):  # duplicated: repeats an earlier record (or a run of them, pasted again)
        if content(recs[j]) == here:
            n = _repeated(recs, j, p)
            if n > 1:
                yield Undo(DUPLICATED, p, other=j, count=n), recs[:p] + recs[p + n:], p
            yield Undo(DUPLICATED, p, other=j), recs[:p] + recs[p + 1:], p
            break
    for q in range(p + 1, min(len(recs), p + 1 + REORDER_WINDOW)):  # reordered: what belongs here comes later
        if not _fits(run, p, recs[q]):
            continue
        if q > p + 1:  # two records traded places
            swapped = recs[:p] + [recs[q]] + recs[p + 1:q] + [recs[p]] + recs[q + 1:]
            yield Undo(REORDERED, p, other=q, swapped=True), swapped, q
        yield Undo(REORDERED, p, other=q, swapped=q == p + 1), recs[:p] + [recs[q]] + recs[p:q] + recs[q + 1:], q
    yield Undo(INSERTED, p), recs[:p] + recs[p + 1:], p
    for imagined in _imagined(run, p):
        yield Undo(DELETED, p), recs[:p] + [imagined] + recs[p:], p + 1


def _repeated(recs: Sequence[Record], j: int, p: int) -> int:
    """How many records from ``p`` on repeat those from ``j`` on (a block copied and pasted)."""
    n = 1
    while j + n < p and p + n < len(recs) and content(recs[p + n]) == content(recs[j + n]):
        n += 1
    return n


def _fits(run: Run, p: int, record: Record) -> bool:
    """Could ``record`` be what the engine expects at position ``p``?"""
    if len(run.expected) > p:
        return content(run.expected[p]) == content(record)
    request = run.pending
    return (request is not None and record.kind == INPUT and record.type == request.event.TYPE
            and record.actor == request.player)


def _imagined(run: Run, p: int) -> list[Record]:
    """Records that could have stood at ``p`` before it was deleted."""
    if len(run.expected) > p:
        return [run.expected[p]]
    request = run.pending
    if request is None or len(run.expected) != p:
        return []
    return [expected_input(run.match, request, dict(option), "deleted", p + 1)
            for option in request.options[:MAX_TRIES]]


def gap(records: Sequence[Record], p: int) -> int:
    """How many records are missing before position ``p``, by the seq fields a plain deletion leaves.

    Only when the record at ``p`` claims a later seq than its position, the one
    before it sits where it claims, and the records from ``p`` on still link to
    each other: what cutting lines out of a file (without re-hashing) leaves.
    0 when that is not the case.
    """
    record = records[p]
    if record.seq <= p + 1 or (p > 0 and records[p - 1].seq != p):
        return 0
    for a, b in zip(records[p:p + 8], records[p + 1:p + 9]):
        if b.prev != a.hash or b.seq != a.seq + 1:
            return 0
    return record.seq - (p + 1)
