"""One log being classified: the :class:`Case`, the :class:`Problem` found, the chain's :class:`Break`.

:mod:`replay.tamper` classifies; :mod:`replay.edits` and :mod:`replay.wording`
help it name what changed. A Problem is what :mod:`replay.verify` reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from recorder.envelope import Record
from recorder.errors import BeatlogError, CorruptLog
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header
from recorder.terms import terms_of

from .budget import Budget
from .rerun import AFTER_END, ILLEGAL, Run, differing_fields
from .undo import DELETED, DUPLICATED, INSERTED, Undo
from .wording import MAX_SHOWN, article, cap, player, show

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














class Case:
    """One log being classified: the records, the run, and how to word a problem at a position."""

    def __init__(self, game: Game, header: Header, records: Sequence[Record], run: Run, chain: Break | None) -> None:
        self.game, self.header, self.records, self.run, self.chain = game, header, records, run, chain
        self.terms = terms_of(game)
        self.budget = Budget.for_log(records)  # the re-executions classifying this log may cost

    def show(self, record: Record) -> str:
        return show(record, self.header)

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
        recorded = self.show(self.records[i]) if i < len(self.records) else None
        message = f"match {self.header.match_id}, {at}, seq {i + 1}: {text}"
        return Problem(kind, cap(message, MAX_TEXT), error, seq=i + 1, duel=duel, beat=beat, at=at,
                       change=change, expected=expected, recorded=recorded, inferred=inferred, line=i + 2)

    def expected_text(self, i: int) -> str | None:
        expected = self.expected(i)
        if expected is not None:
            return self.show(expected)
        run = self.run
        if run.pending is not None and len(run.expected) == i:
            kind = run.pending.kind
            return (f"{article(kind)} {kind} decision by {player(self.header, run.pending.player)} "
                    f"({run.pending.event.TYPE})")
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
        text = f"expected {self.expected_text(i)}, recorded {self.show(recorded)}"
        if expected is not None:
            fields = differing_fields(expected, recorded)
            more = f" and {len(fields) - MAX_FIELDS} more" if len(fields) > MAX_FIELDS else ""
            text += f" (differs in {', '.join(cap(f, 40) for f in fields[:MAX_FIELDS])}{more})"
        return text


def structural_text(case: Case, found: Undo) -> str:
    p, records, run = found.index, case.records, case.run
    if found.change == DUPLICATED and found.count and found.count > 1:
        j, n = found.other, found.count
        return (f"events duplicated: seq {p + 1}-{p + n} ({n} events) repeat seq {j + 1}-{j + n}, "
                f"starting with {case.show(records[p])}")
    if found.change == DUPLICATED:
        return f"event duplicated: {case.show(records[p])} repeats seq {found.other + 1}"
    if found.change == INSERTED and run.reason == AFTER_END and run.diverged == p:
        return f"event inserted after the end of the match: {case.show(records[p])}"
    if found.change == INSERTED:
        return f"event inserted: {case.show(records[p])} is not derived by the engine; expected {case.expected_text(p)}"
    if found.change == DELETED and found.count is None:
        duel, beat = case.where(p)
        return (f"events deleted: expected {case.expected_text(p)} here, but the log goes on at "
                f"{case.terms.at(records[p].duel, records[p].beat)} with {case.show(records[p])}; the events between "
                f"(from {case.terms.at(duel, beat)}) are missing")
    if found.change == DELETED and found.count > 1:
        last = p + found.count
        return (f"events deleted: seq {p + 1}-{last} ({found.count} events) are missing; the record after seq {p} "
                f"is seq {records[p].seq}: {case.show(records[p])}")
    if found.change == DELETED:
        own = f" (recorded as seq {records[p].seq})" if records[p].seq != p + 1 else ""
        return f"event deleted: expected {case.expected_text(p)} here, before {case.show(records[p])}{own}"
    q = found.other
    assert q is not None
    if found.swapped and q > p + 1:
        return (f"events reordered: seq {p + 1} and seq {q + 1} are swapped: expected {case.expected_text(p)} "
                f"here, recorded {case.show(records[p])}")
    return (f"events reordered: expected {case.expected_text(p)} here (it is recorded later, at seq {q + 1}), "
            f"recorded {case.show(records[p])}")


def break_text(chain: Break | None, records: Sequence[Record], header: Header) -> str:
    if chain is None:
        return "unknown"
    r = records[chain.index]
    if chain.why == "seq":
        return f"record {chain.index + 1} carries seq {r.seq}"
    if chain.why == "prev":
        link = "the header's hash" if chain.index == 0 else f"the hash of seq {chain.index}"
        return f"its prev is not {link}"
    return "its hash does not match its content"
