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

from typing import Sequence

from recorder.envelope import Record
from recorder.errors import VerificationFailed
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header

from . import suspects, undo
from .case import MAX_FIELDS, MAX_TEXT, Break, Case, Problem, break_text, chain_break, structural_text  # noqa: F401 (re-exported)
from .edits import INPUT_CHANGED, OUTCOME_CHANGED, changed, found_text, input_changed
from .rerun import Run, content
from .undo import DELETED, DUPLICATED, INSERTED, REORDERED
from .wording import MAX_SHOWN, answer, cap, show

FORGED = "chain forged"
CHAIN_BROKEN = "chain broken"
HEADER = "header changed"
INCOMPLETE = "incomplete"
VERSION = "version mismatch"

__all__ = ["INPUT_CHANGED", "OUTCOME_CHANGED", "INSERTED", "DELETED", "DUPLICATED", "REORDERED", "FORGED",
           "CHAIN_BROKEN", "HEADER", "INCOMPLETE", "VERSION", "MAX_SHOWN", "Problem", "Break", "Case", "cap",
           "chain_break", "classify", "show"]

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
























