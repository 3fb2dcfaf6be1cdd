"""What went wrong with a log that does not re-execute: find it and name it.

Given the first place where the records stop agreeing with the engine (or
with their own hash chain), :func:`classify` names the change a person would
recognise: an input or an outcome edited since the match was recorded, an
event inserted, deleted, duplicated or moved, a chain whose hashes were
recomputed over events the engine cannot derive ("chain forged"), or a chain
broken without any change of content. Structural changes are recognised by
undoing them (:mod:`replay.undo`); an edited decision whose consequences the
engine then derives differently is recognised by finding the legal answer
that re-derives the recorded outcomes (:mod:`replay.edits`,
:mod:`replay.suspects`). All the re-executions one log costs come out of one
:class:`replay.budget.Budget`; the wording is :mod:`replay.wording`'s.

Every problem is reported by position: seq N is the N-th record of the log
(line N + 1 of a JSONL file), whatever its own ``seq`` field says, and the
duel and beat are where the engine is at that position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from recorder.envelope import Record
from recorder.errors import BeatlogError, CorruptLog, VerificationFailed
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header
from recorder.terms import terms_of

from . import suspects, undo
from .budget import Budget
from .edits import INPUT_CHANGED, OUTCOME_CHANGED, changed, found_text, input_changed
from .rerun import ILLEGAL, Run, content, differing_fields
from .undo import DELETED, DUPLICATED, INSERTED, REORDERED
from .wording import MAX_SHOWN, answer, article, break_text, cap, player, show, structural_text

FORGED = "chain forged"
CHAIN_BROKEN = "chain broken"
HEADER = "header changed"
INCOMPLETE = "incomplete"
VERSION = "version mismatch"

__all__ = ["INPUT_CHANGED", "OUTCOME_CHANGED", "INSERTED", "DELETED", "DUPLICATED", "REORDERED", "FORGED",
           "CHAIN_BROKEN", "HEADER", "INCOMPLETE", "VERSION", "MAX_SHOWN", "Problem", "Break", "Case", "cap",
           "chain_break", "classify", "show"]

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


def classify(game: Game, header: Header, records: Sequence[Record], run: Run, chain: Break | None) -> Problem:
    """Name the first problem of a log that did not verify."""
    case = Case(game, header, records, run, chain)
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
    # At most a third of the budget for narrowing the structural question down (confirming a lead: the rest),
    # so that an earlier decision answered otherwise can still be looked for.
    found = undo.structural(game, header, records, run, p, case.budget.part(3), case.budget)
    if found is not None and not found.clean and d == p and (chain is None or c > p):
        # Undoing it only gets further: a decision answered otherwise before p may explain the whole log
        # (an ante changed to a pass leaves the next ante looking inserted). A whole explanation wins.
        search = suspects.changed_input(game, header, records, run, p, case.budget)
        if search.found is not None:
            kind, i, text, expected_at, inferred = found_text(case, p, search.found, "")
            return _report(case, forged, kind, i, text, expected_at, inferred)
    if found is None and chain is not None and c == p and chain.why in ("prev", "seq"):
        missing = undo.gap(records, p)
        if missing:
            found = undo.Undo(DELETED, p, count=missing)
    if found is not None:
        text = structural_text(case, found) + _or_a_decision(case, found, forged)
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
            return input_changed(case, p, f"input changed since it was recorded ({note})")
        return case.problem(OUTCOME_CHANGED, p, f"outcome changed since it was recorded ({note}): {case.versus(p)}",
                            expected=case.expected_text(p))

    # 4. A decision replaced along with its own hash: the next record still links to the original,
    # and the engine derives something else after it (else only the link is known to be wrong).
    if chain is not None and c == p and chain.why == "prev" and p > 0 and p - 1 in run.requests and d is not None:
        note = f"its hash was recomputed, but seq {p + 1}'s prev still links to the original"
        return input_changed(case, p - 1, f"input changed since it was recorded ({note})")

    # 5. The engine derives something else here.
    if d == p:
        suffix = ""
        if chain is not None and c == p + 1 and chain.why == "prev":
            suffix = f"; its own hash was recomputed, but seq {p + 2}'s prev still links to the original"
        return _report(case, forged, *changed(case, p, suffix))
    return case.problem(CHAIN_BROKEN, p, f"hash chain broken: {break_text(chain, records, header)}")


def _or_a_decision(case: Case, found: undo.Undo, forged: bool) -> str:
    """``; or ...``: another explanation as whole as ``found``, a decision before it answered otherwise.

    Only asked where nothing but the engine tells what changed (a forged chain)
    and the structural change is a decision put in or left out: an ante
    changed to a pass makes the next ante look inserted, and both explain the
    log. Neither is preferred; both are named.
    """
    run, p = case.run, found.index
    if not forged or not found.clean or run.diverged != p:
        return ""
    if case.records[p].kind != INPUT and not case.is_input(p):  # neither what is there nor what is due
        return ""
    search = suspects.changed_input(case.game, case.header, case.records, run, p, case.budget)
    if search.found is None:
        return ""
    q, alt = search.found
    return (f"; or the decision at seq {q + 1} was answered otherwise: recorded {answer(case.records[q])}, "
            f"and the whole log follows from {answer(alt)} too")


def _report(case: Case, forged: bool, kind: str, i: int, text: str, expected: str | None,
            inferred: str | None) -> Problem:
    """A change the engine finds at ``i``; with every hash and link intact, a forged chain hides it."""
    if forged:
        return case.problem(FORGED, i, f"chain forged (hashes recomputed but events not re-derivable): {text}",
                            VerificationFailed, change=kind, expected=expected, inferred=inferred)
    return case.problem(kind, i, text, expected=expected, inferred=inferred)
























