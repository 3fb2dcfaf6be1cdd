"""What went wrong with a log that does not re-execute: find it and name it.

Given the first place where the records stop agreeing with the engine (or
with their own hash chain), :func:`classify` names the change a person would
recognise: an input or outcome edited after sealing, an event inserted,
deleted, duplicated or moved, a chain whose hashes were recomputed over
events the engine cannot derive ("chain forged"), or a chain broken without
any change of content. Structural changes are recognised by undoing them:
a hypothesis (e.g. "the record at seq 7 was inserted") is accepted when the
log with that change undone re-executes cleanly past the place it touches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import BeatlogError, CorruptLog, VerificationFailed
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header

from .rerun import AFTER_END, ILLEGAL, Run, content, differing_fields, expected_input, rerun

INPUT_CHANGED = "input changed"
OUTCOME_CHANGED = "outcome changed"
INSERTED = "event inserted"
DELETED = "event deleted"
DUPLICATED = "event duplicated"
REORDERED = "events reordered"
FORGED = "chain forged"
CHAIN_BROKEN = "chain broken"
INCOMPLETE = "incomplete"
VERSION = "version mismatch"

MAX_TRIES = 64  # bound on the imagined originals re-executed for one classification
REORDER_WINDOW = 32  # how far ahead a moved record is looked for


@dataclass(frozen=True)
class Problem:
    """The first problem found in a log."""

    kind: str  # one of the constants above
    message: str  # the one-line reason shown to a person
    error: type[BeatlogError]  # what raising it means: CorruptLog, VerificationFailed, IncompleteLog
    seq: int | None
    duel: int | None
    beat: int | None
    change: str | None = None  # for FORGED: the change the forged chain hides
    expected: str | None = None  # what the engine derives at that place
    recorded: str | None = None  # what the log says

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "change": self.change, "message": self.message,
            "error": self.error.__name__, "seq": self.seq, "duel": self.duel, "beat": self.beat,
            "expected": self.expected, "recorded": self.recorded,
        }


@dataclass(frozen=True)
class Break:
    """The first record whose place on the chain is wrong."""

    index: int
    why: str  # "seq" | "prev" | "hash"


def chain_break(header: Header, records: Sequence[Record]) -> Break | None:
    """The first record that does not sit where it claims on the chain from ``header``."""
    prev = header.hash
    for i, record in enumerate(records):
        if record.hash != record.expected_hash():
            return Break(i, "hash")
        if record.prev != prev:
            return Break(i, "prev")
        if record.seq != i + 1:
            return Break(i, "seq")
        prev = record.hash
    return None


def show(record: Record) -> str:
    """A record's content in one line: ``Type by player N {data}``."""
    actor = "" if record.actor is None else f" by player {record.actor}"
    return f"{record.type}{actor} {canonical.dumps(record.data).decode()}"


def classify(game: Game, header: Header, records: Sequence[Record], run: Run, chain: Break | None) -> Problem:
    """Name the first problem of a log that did not verify."""
    d = run.diverged
    c = chain.index if chain is not None else None
    p = min(i for i in (c, d) if i is not None)
    recorded = records[p]
    expected = run.expected[p] if len(run.expected) > p else None

    def problem(kind: str, text: str, error: type[BeatlogError] = CorruptLog, change: str | None = None) -> Problem:
        seq, duel, beat = recorded.seq, recorded.duel, recorded.beat
        if DELETED in (kind, change):  # point at the missing event, not at the one after it
            seq = p + 1
            duel, beat = (expected.duel, expected.beat) if expected else (run.match.ctx.duel, run.match.ctx.beat)
        where = f"match {header.match_id}, duel {duel}, beat {beat}, seq {seq}"
        return Problem(
            kind, f"{where}: {text}", error, seq=seq, duel=duel, beat=beat,
            change=change, expected=_expected_text(run, p, expected), recorded=show(recorded),
        )

    # 1. Edited in place: the record's own hash no longer matches its content.
    if chain is not None and c == p and chain.why == "hash":
        prev_ok = recorded.prev == (records[p - 1].hash if p else header.hash)
        # The next record still links to the stored hash, so the content changed, not the hash field.
        linked = p + 1 >= len(records) or records[p + 1].prev == recorded.hash
        rederives = expected is not None and content(expected) == content(recorded)
        if not (prev_ok and linked):
            field = "prev" if not prev_ok else "hash"
            return problem(CHAIN_BROKEN, f"hash chain broken: the record's {field} field was changed")
        if recorded.kind == INPUT and (d is None or d > p or run.reason == ILLEGAL):
            return problem(INPUT_CHANGED, "input changed after sealing (its hash does not match its "
                           f"content): recorded {show(recorded)}" + _illegal(run, p))
        if not rederives:
            kind = OUTCOME_CHANGED if recorded.kind != INPUT else INPUT_CHANGED
            return problem(kind, _versus(f"{kind} after sealing", run, p, expected, recorded))
        return problem(CHAIN_BROKEN, "hash chain broken: the record's hash does not match its content")

    # 2. Structural: undo an insertion, deletion, duplication or move and see if the log re-executes.
    change = _structural(game, header, records, run, p)
    forged = c is None  # every hash and link checks out, yet the engine derives something else
    if change is None and d == p:
        change = INPUT_CHANGED if run.reason == ILLEGAL else OUTCOME_CHANGED
    if change is None:
        return problem(CHAIN_BROKEN, f"hash chain broken: {_break_text(chain, records, header)}")
    text = _change_text(change, run, p, expected, recorded)
    if forged:
        return problem(FORGED, f"chain forged (hashes recomputed but events not re-derivable): {text}",
                       VerificationFailed, change=change)
    return problem(change, text, CorruptLog)


def _structural(game: Game, header: Header, records: Sequence[Record], run: Run, p: int) -> str | None:
    tries = 0

    def explains(candidate: list[Record], past: int) -> bool:
        nonlocal tries
        tries += 1
        other = rerun(game, header, candidate)
        return other.diverged is None or other.diverged > past

    recs = list(records)
    here = content(recs[p])
    # Duplicated: the record repeats an earlier one, and the log without it re-executes.
    for j in range(p - 1, -1, -1):
        if content(recs[j]) == here:
            if explains(recs[:p] + recs[p + 1:], p):
                return DUPLICATED
            break
    # Reordered: the record the engine expects here comes later; moving it back re-executes.
    for q in range(p + 1, min(len(recs), p + 1 + REORDER_WINDOW)):
        if tries < MAX_TRIES and _fits(run, p, recs[q]):
            if explains(recs[:p] + [recs[q]] + recs[p:q] + recs[q + 1:], q):
                return REORDERED
    # Inserted: the log without this record re-executes.
    if explains(recs[:p] + recs[p + 1:], p):
        return INSERTED
    # Deleted: with the record the engine expects here put back, the log re-executes.
    for imagined in _imagined(run, p):
        if tries >= MAX_TRIES:
            break
        if explains(recs[:p] + [imagined] + recs[p:], p + 1):
            return DELETED
    return None


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
    if request is None:
        return []
    return [expected_input(run.match, request, dict(option), "deleted", p + 1)
            for option in request.options[:MAX_TRIES]]


def _expected_text(run: Run, p: int, expected: Record | None) -> str | None:
    if expected is not None:
        return show(expected)
    if run.pending is not None and len(run.expected) == p:
        req = run.pending
        return f"a {req.kind} decision by player {req.player} ({req.event.TYPE})"
    if run.finished:
        return "nothing (the match had ended)"
    return None


def _illegal(run: Run, p: int) -> str:
    return f"; the engine rejects it: {run.detail}" if run.reason == ILLEGAL and run.diverged == p else ""


def _versus(prefix: str, run: Run, p: int, expected: Record | None, recorded: Record) -> str:
    text = f"{prefix}: expected {_expected_text(run, p, expected)}, recorded {show(recorded)}"
    if expected is not None:
        text += f" (differs in {', '.join(differing_fields(expected, recorded))})"
    return text + _illegal(run, p)


def _change_text(change: str, run: Run, p: int, expected: Record | None, recorded: Record) -> str:
    if change == DUPLICATED:
        return f"event duplicated: {show(recorded)} repeats an earlier record"
    if change == INSERTED and run.reason == AFTER_END and run.diverged == p:
        return f"event inserted after the end of the match: {show(recorded)}"
    if change == INSERTED:
        return f"event inserted: {show(recorded)} is not derived by the engine; expected {_expected_text(run, p, expected)}"
    if change == DELETED:
        return (f"event deleted: expected {_expected_text(run, p, expected)} here, "
                f"before {show(recorded)} (recorded as seq {recorded.seq})")
    if change == REORDERED:
        return f"events reordered: expected {_expected_text(run, p, expected)}, recorded {show(recorded)} (it belongs later)"
    if change == INPUT_CHANGED:
        return f"input changed: {show(recorded)}{_illegal(run, p)}"
    return _versus(change, run, p, expected, recorded)


def _break_text(chain: Break | None, records: Sequence[Record], header: Header) -> str:
    if chain is None:
        return "unknown"
    r = records[chain.index]
    if chain.why == "seq":
        return f"record {chain.index + 1} carries seq {r.seq}"
    if chain.why == "prev":
        link = "the header's hash" if chain.index == 0 else f"the hash of seq {records[chain.index - 1].seq}"
        return f"its prev is not {link}"
    return "its hash does not match its content"

