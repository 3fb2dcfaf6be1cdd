"""What went wrong with a log that does not re-execute: find it and name it.

Given the first place where the records stop agreeing with the engine (or
with their own hash chain), :func:`classify` names the change a person would
recognise: an input or an outcome edited since the match was recorded, an
event inserted, deleted, duplicated or moved, a chain whose hashes were
recomputed over events the engine cannot derive ("chain forged"), or a chain
broken without any change of content. Structural changes are recognised by
undoing them (:mod:`replay.undo`); an edited decision whose consequences the
engine then derives differently is recognised by finding the legal answer
that re-derives the recorded outcomes.

Every problem is reported by position: seq N is the N-th record of the log
(line N + 1 of a JSONL file), whatever its own ``seq`` field says, and the
duel and beat are where the engine is at that position.
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
from recorder.terms import terms_of

from . import undo
from .rerun import AFTER_END, ILLEGAL, Run, content, differing_fields
from .undo import DELETED, DUPLICATED, INSERTED, REORDERED

INPUT_CHANGED = "input changed"
OUTCOME_CHANGED = "outcome changed"
FORGED = "chain forged"
CHAIN_BROKEN = "chain broken"
HEADER = "header changed"
INCOMPLETE = "incomplete"
VERSION = "version mismatch"

__all__ = ["INPUT_CHANGED", "OUTCOME_CHANGED", "INSERTED", "DELETED", "DUPLICATED", "REORDERED", "FORGED",
           "CHAIN_BROKEN", "HEADER", "INCOMPLETE", "VERSION", "Problem", "Break", "chain_break", "classify", "show"]

MAX_SHOWN = 300  # characters of one record's data quoted in a message
MAX_FIELDS = 8  # differing field names listed
MAX_TEXT = 2000  # a whole message, whatever a hostile log holds


@dataclass(frozen=True)
class Problem:
    """The first problem found in a log."""

    kind: str  # one of the constants above
    message: str  # the one-line reason shown to a person
    error: type[BeatlogError]  # what raising it means: CorruptLog, VerificationFailed, IncompleteLog
    seq: int | None  # the position (1-based) of the record concerned
    duel: int | None
    beat: int | None
    at: str | None = None  # duel and beat in the game's words, for people: "duel 1, beat 3" / "turn 3"
    change: str | None = None  # for FORGED: the change the forged chain hides
    expected: str | None = None  # what the engine derives at that place (None when it cannot know)
    recorded: str | None = None  # what the log says
    inferred: str | None = None  # INPUT_CHANGED: the legal answer that re-derives the recorded outcomes
    line: int | None = None  # the line of a JSONL file (seq + 1; 1 for the header)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "change": self.change, "message": self.message,
            "error": self.error.__name__, "seq": self.seq, "line": self.line, "duel": self.duel, "beat": self.beat,
            "expected": self.expected, "recorded": self.recorded, "inferred": self.inferred,
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


def cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(record: Record) -> str:
    """A record's content in one line: ``Type by player N {data}`` (long data cut short)."""
    actor = "" if record.actor is None else f" by player {record.actor}"
    return f"{cap(str(record.type), 80)}{actor} {cap(canonical.dumps(record.data).decode(), MAX_SHOWN)}"


def _answer(record: Record) -> str:
    """A decision's data without its ``source``: what was chosen."""
    data = {k: v for k, v in record.data.items() if k != "source"} if isinstance(record.data, dict) else record.data
    return cap(canonical.dumps(data).decode(), MAX_SHOWN)


class _Case:
    """One log being classified: the records, the run, and how to word a problem at a position."""

    def __init__(self, game: Game, header: Header, records: Sequence[Record], run: Run, chain: Break | None) -> None:
        self.game, self.header, self.records, self.run, self.chain = game, header, records, run, chain
        self.terms = terms_of(game)

    def expected(self, i: int) -> Record | None:
        return self.run.expected[i] if len(self.run.expected) > i else None

    def where(self, i: int) -> tuple[int, int]:
        """The duel and beat of position ``i``, as the engine has them."""
        expected = self.expected(i)
        if expected is not None:
            return expected.duel, expected.beat
        return self.run.match.ctx.duel, self.run.match.ctx.beat

    def is_input(self, i: int) -> bool:
        """Does position ``i`` hold an input? The engine knows what belongs there; the record, if not."""
        expected = self.expected(i)
        if expected is not None:
            return expected.kind == INPUT
        if self.run.pending is not None and len(self.run.expected) == i:
            return True
        return self.records[i].kind == INPUT

    def problem(self, kind: str, i: int, text: str, error: type[BeatlogError] = CorruptLog, *,
                change: str | None = None, expected: str | None = None, inferred: str | None = None) -> Problem:
        duel, beat = self.where(i)
        at = self.terms.at(duel, beat)
        recorded = show(self.records[i]) if i < len(self.records) else None
        message = f"match {self.header.match_id}, {at}, seq {i + 1}: {text}"
        return Problem(kind, cap(message, MAX_TEXT), error, seq=i + 1, duel=duel, beat=beat, at=at,
                       change=change, expected=expected, recorded=recorded, inferred=inferred, line=i + 2)

    def expected_text(self, i: int) -> str | None:
        expected = self.expected(i)
        if expected is not None:
            return show(expected)
        run = self.run
        if run.pending is not None and len(run.expected) == i:
            return f"a {run.pending.kind} decision by player {run.pending.player} ({run.pending.event.TYPE})"
        if run.finished:
            return "nothing (the match had ended)"
        return None

    def illegal(self, i: int) -> str:
        run = self.run
        if run.reason != ILLEGAL or run.diverged != i:
            return ""
        return f"; the engine rejects it: {cap(run.detail, MAX_SHOWN)}"

    def versus(self, i: int) -> str:
        """``expected X, recorded Y (differs in ...)``."""
        expected, recorded = self.expected(i), self.records[i]
        text = f"expected {self.expected_text(i)}, recorded {show(recorded)}"
        if expected is not None:
            fields = differing_fields(expected, recorded)
            more = f" and {len(fields) - MAX_FIELDS} more" if len(fields) > MAX_FIELDS else ""
            text += f" (differs in {', '.join(cap(f, 40) for f in fields[:MAX_FIELDS])}{more})"
        return text


def classify(game: Game, header: Header, records: Sequence[Record], run: Run, chain: Break | None) -> Problem:
    """Name the first problem of a log that did not verify."""
    case = _Case(game, header, records, run, chain)
    d = run.diverged
    c = chain.index if chain is not None else None
    p = min(i for i in (c, d) if i is not None)
    recorded = records[p]
    forged = c is None  # every hash and link checks out, yet the engine derives something else
    hash_edit = chain is not None and c == p and chain.why == "hash"
    prev_ok = recorded.prev == (records[p - 1].hash if p else header.hash)
    # The next record still links to the stored hash, so the content changed, not the hash field.
    linked = p + 1 >= len(records) or records[p + 1].prev == recorded.hash
    expected = case.expected(p)

    # 1. Only the hash field was overwritten: the content is the engine's, and nothing links to the new hash
    # (or, for the last record, it is an outcome: an accepted input could have been edited to another legal one).
    last = p + 1 == len(records) and not case.is_input(p)
    if (hash_edit and prev_ok and (not linked or last) and expected is not None
            and content(expected) == content(recorded)):
        return case.problem(CHAIN_BROKEN, p, "hash chain broken: the record's hash field was changed")

    # 2. Structural: undo an insertion, deletion, duplication or move and see if the log re-executes.
    found = undo.structural(game, header, records, run, p)
    if found is None and chain is not None and c == p and chain.why in ("prev", "seq"):
        missing = undo.gap(records, p)
        if missing:
            found = undo.Undo(DELETED, p, count=missing)
    if found is not None:
        text = _structural_text(case, found)
        if forged:
            return case.problem(FORGED, found.index, f"chain forged (hashes recomputed but events not "
                                f"re-derivable): {text}", VerificationFailed, change=found.change,
                                expected=case.expected_text(found.index))
        return case.problem(found.change, found.index, text, expected=case.expected_text(found.index))

    # 3. Edited in place, its hash left as it was.
    if hash_edit:
        if not prev_ok:
            return case.problem(CHAIN_BROKEN, p, "hash chain broken: the record's prev field was changed")
        if not linked:
            return case.problem(CHAIN_BROKEN, p, "hash chain broken: the record's hash does not match its "
                                f"content, and seq {p + 2} does not link to it")
        note = "its hash no longer matches its content"
        if case.is_input(p):
            return _input_changed(case, p, f"input changed since it was recorded ({note})")
        return case.problem(OUTCOME_CHANGED, p, f"outcome changed since it was recorded ({note}): {case.versus(p)}",
                            expected=case.expected_text(p))

    # 4. A decision replaced along with its own hash: the next record still links to the original,
    # and the engine derives something else after it (else only the link is known to be wrong).
    if chain is not None and c == p and chain.why == "prev" and p > 0 and p - 1 in run.requests and d is not None:
        note = f"its hash was recomputed, but seq {p + 1}'s prev still links to the original"
        return _input_changed(case, p - 1, f"input changed since it was recorded ({note})")

    # 5. The engine derives something else here.
    if d == p:
        suffix = ""
        if chain is not None and c == p + 1 and chain.why == "prev":
            suffix = f"; its own hash was recomputed, but seq {p + 2}'s prev still links to the original"
        kind, i, text, expected_at, inferred = _changed(case, p, suffix)
        if forged:
            return case.problem(FORGED, i, f"chain forged (hashes recomputed but events not re-derivable): {text}",
                                VerificationFailed, change=kind, expected=expected_at, inferred=inferred)
        return case.problem(kind, i, text, expected=expected_at, inferred=inferred)
    return case.problem(CHAIN_BROKEN, p, f"hash chain broken: {_break_text(chain, records, header)}")


def _skips_ahead(case: _Case, p: int) -> bool:
    """The record at ``p`` is another event of a later beat than the engine's: what lies between is gone.

    Only the duel and beat fields differing would be an edit of those fields, not a gap.
    """
    expected, recorded = case.expected(p), case.records[p]
    if expected is None or not isinstance(recorded.duel, int) or not isinstance(recorded.beat, int):
        return False
    later = (recorded.duel, recorded.beat) > (expected.duel, expected.beat)
    return later and bool(set(differing_fields(expected, recorded)) - {"duel", "beat"})


def _changed(case: _Case, p: int, suffix: str) -> tuple[str, int, str, str | None, str | None]:
    """The record at ``p`` is not what the engine derives: an input, or an outcome (or the input behind it).

    Returns (kind, position, text, expected, inferred) for :meth:`_Case.problem`.
    """
    run = case.run
    if case.is_input(p):
        if p not in run.requests and run.reason != ILLEGAL and case.expected(p) is not None:
            # A chance draw: the engine re-draws it from the seeded random source.
            return (INPUT_CHANGED, p, f"input changed: the recorded chance draw is not the seeded random source's: "
                    f"{case.versus(p)}{suffix}", case.expected_text(p), None)
        text, inferred = _input_text(case, p, f"input changed{suffix}")
        return INPUT_CHANGED, p, text, case.expected_text(p), inferred
    found = undo.changed_input(case.game, case.header, case.records, run, p)
    if found is not None:
        q, alt = found
        text = (f"input changed: recorded {show(case.records[q])}, but the recorded outcomes from seq {p + 1} "
                f"on follow from {_answer(alt)} instead{suffix}")
        return INPUT_CHANGED, q, text, None, show(alt)
    if _skips_ahead(case, p):
        gone = undo.Undo(DELETED, p, count=None)
        return DELETED, p, _structural_text(case, gone) + suffix, case.expected_text(p), None
    return OUTCOME_CHANGED, p, f"outcome changed: {case.versus(p)}{suffix}", case.expected_text(p), None


def _input_text(case: _Case, q: int, prefix: str) -> tuple[str, str | None]:
    """An edited decision at ``q``: what is recorded and, when one does, which legal answer fits what follows."""
    run = case.run
    text = f"{prefix}: recorded {show(case.records[q])}{case.illegal(q)}"
    alt = None
    if run.diverged is not None and run.diverged >= q:
        alt = undo.alternative(case.game, case.header, case.records, run, q)
    if alt is not None:
        text += f"; the recorded outcomes follow from {_answer(alt)} instead"
    return text, show(alt) if alt is not None else None


def _input_changed(case: _Case, q: int, prefix: str) -> Problem:
    """A decision edited in place whose original the chain no longer holds.

    ``expected`` stays None: the hash says the record changed, not what it was.
    """
    text, inferred = _input_text(case, q, prefix)
    return case.problem(INPUT_CHANGED, q, text, inferred=inferred)


def _structural_text(case: _Case, found: undo.Undo) -> str:
    p, records, run = found.index, case.records, case.run
    if found.change == DUPLICATED and found.count and found.count > 1:
        j, n = found.other, found.count
        return (f"events duplicated: seq {p + 1}-{p + n} ({n} events) repeat seq {j + 1}-{j + n}, "
                f"starting with {show(records[p])}")
    if found.change == DUPLICATED:
        return f"event duplicated: {show(records[p])} repeats seq {found.other + 1}"
    if found.change == INSERTED and run.reason == AFTER_END and run.diverged == p:
        return f"event inserted after the end of the match: {show(records[p])}"
    if found.change == INSERTED:
        return f"event inserted: {show(records[p])} is not derived by the engine; expected {case.expected_text(p)}"
    if found.change == DELETED and found.count is None:
        duel, beat = case.where(p)
        return (f"events deleted: expected {case.expected_text(p)} here, but the log goes on at "
                f"{case.terms.at(records[p].duel, records[p].beat)} with {show(records[p])}; the events between "
                f"(from {case.terms.at(duel, beat)}) are missing")
    if found.change == DELETED and found.count > 1:
        last = p + found.count
        return (f"events deleted: seq {p + 1}-{last} ({found.count} events) are missing; the record after seq {p} "
                f"is seq {records[p].seq}: {show(records[p])}")
    if found.change == DELETED:
        own = f" (recorded as seq {records[p].seq})" if records[p].seq != p + 1 else ""
        return f"event deleted: expected {case.expected_text(p)} here, before {show(records[p])}{own}"
    q = found.other
    assert q is not None
    if found.swapped and q > p + 1:
        return (f"events reordered: seq {p + 1} and seq {q + 1} are swapped: expected {case.expected_text(p)} "
                f"here, recorded {show(records[p])}")
    return (f"events reordered: expected {case.expected_text(p)} here (it is recorded later, at seq {q + 1}), "
            f"recorded {show(records[p])}")


def _break_text(chain: Break | None, records: Sequence[Record], header: Header) -> str:
    if chain is None:
        return "unknown"
    r = records[chain.index]
    if chain.why == "seq":
        return f"record {chain.index + 1} carries seq {r.seq}"
    if chain.why == "prev":
        link = "the header's hash" if chain.index == 0 else f"the hash of seq {chain.index}"
        return f"its prev is not {link}"
    return "its hash does not match its content"
