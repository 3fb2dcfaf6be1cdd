"""Was it a decision or an outcome that changed? The verdict where the engine derives something else.

When a re-executed log first disagrees with the engine at a record, either
that record was edited, or an input before it was and the engine derives
its consequences (which the log does not hold). The input is named only when
another legal answer to it re-derives the whole log (:mod:`replay.suspects`);
else the record itself is, with what the search leaves open said honestly.
A value the engine derives from the header (a chance draw, a commitment
digest) that differs although every input before it re-derives points at
the header (its seed, players or options), unless putting the engine's value
in its place lets the rest of the log follow (then that one value was edited).
"""

from __future__ import annotations

from typing import Any

from recorder.envelope import Record

from . import suspects, undo
from .budget import reach
from .case import Case, Problem, structural_text
from .rerun import ILLEGAL, NOT_INPUT, differing_fields
from .undo import DELETED
from .wording import answer

INPUT_CHANGED = "input changed"
OUTCOME_CHANGED = "outcome changed"
HEADER_HINT = "the header's seed, players or options may have been changed"

Verdict = tuple[str, int, str, str | None, str | None]  # (kind, position, text, expected, inferred)


def _skips_ahead(case: Case, p: int) -> bool:
    """The record at ``p`` is another event of a later beat than the engine's: what lies between is gone.

    Only the duel and beat fields differing would be an edit of those fields, not a gap.
    """
    expected, recorded = case.expected(p), case.records[p]
    if expected is None or not isinstance(recorded.duel, int) or not isinstance(recorded.beat, int):
        return False
    later = (recorded.duel, recorded.beat) > (expected.duel, expected.beat)
    return later and bool(set(differing_fields(expected, recorded)) - {"duel", "beat"})


def changed(case: Case, p: int, suffix: str) -> Verdict:
    """The record at ``p`` is not what the engine derives: an input, or an outcome (or the input behind it).

    Returns (kind, position, text, expected, inferred) for ``Case.problem``.
    """
    run = case.run
    if case.is_input(p):
        if p not in run.requests and run.reason != ILLEGAL and case.expected(p) is not None:
            return _draw_changed(case, p, suffix)  # the engine re-draws it from the seeded random source
        waits = run.reason == NOT_INPUT and run.diverged == p  # the log has something else than a decision
        if not waits:
            # The decision recorded here (its answer, or its envelope) is not what the engine takes.
            text, inferred = _input_text(case, p, f"input changed{suffix}")
            if inferred is not None or run.reason != ILLEGAL:
                return INPUT_CHANGED, p, text, case.expected_text(p), inferred
        # Where the engine waits for a decision the log has something else, or an illegal one: an earlier
        # decision edited leads the match elsewhere.
        search = suspects.changed_input(case.game, case.header, case.records, run, p, case.budget)
        if search.found is not None:
            return found_text(case, p, search.found, suffix)
        if not waits:  # an illegal decision, and no earlier one explains it
            text = (f"input changed{not_found(search)}{suffix}: recorded {case.show(case.records[p])}"
                    f"{case.illegal(p)}")
            return INPUT_CHANGED, p, text, case.expected_text(p), None
        text = (f"input changed{not_found(search)}: expected {case.expected_text(p)}, "
                f"recorded {case.show(case.records[p])}{suffix}")
        return INPUT_CHANGED, p, text, case.expected_text(p), None
    search = suspects.changed_input(case.game, case.header, case.records, run, p, case.budget)
    if search.found is not None:
        return found_text(case, p, search.found, suffix)
    if _skips_ahead(case, p):
        gone = undo.Undo(DELETED, p, count=None)
        return DELETED, p, structural_text(case, gone) + suffix, case.expected_text(p), None
    hint = f" ({HEADER_HINT})" if _seeded(case, p) and not _follows(case, p) else ""
    what = "outcome changed" if hint else f"outcome changed{not_found(search)}"
    return OUTCOME_CHANGED, p, f"{what}: {case.versus(p)}{hint}{suffix}", case.expected_text(p), None


def found_text(case: Case, p: int, found: tuple[int, Record], suffix: str) -> Verdict:
    """The decision at ``q`` was edited: the recorded outcomes follow from another legal answer."""
    q, alt = found
    text = (f"input changed: recorded {case.show(case.records[q])}, but the recorded outcomes from seq {p + 1} "
            f"on follow from {answer(alt)} instead{suffix}")
    return INPUT_CHANGED, q, text, None, case.show(alt)


def not_found(search: suspects.Search) -> str:
    """What an unsuccessful search for an edited decision leaves open, said honestly."""
    if not search.suspects:
        return ""
    first, last = min(search.suspects) + 1, max(search.suspects) + 1
    where = f"seq {first}" if first == last else f"seq {first}-{last}"
    if search.exhaustive:
        return f" (no other legal answer to the decisions at {where} re-derives the log)"
    return (f" (or a decision before it: {where}; the search stopped at its budget, two re-executions of "
            "the log)")


def _draw_changed(case: Case, p: int, suffix: str) -> Verdict:
    """The engine draws a chance outcome at ``p`` from the seeded random source; the log has something else.

    The draw itself was edited when the engine's draw in its place lets the
    rest of the log follow. Else a decision before it may have been (the
    match then goes elsewhere); else, when it is a draw with another value,
    every seeded value differs: the header's seed, players or options.
    """
    expected, recorded = case.expected(p), case.records[p]
    assert expected is not None
    a_draw = (recorded.type, recorded.actor, recorded.kind) == (expected.type, expected.actor, expected.kind)
    draw_text = "input changed: the recorded chance draw is not the seeded random source's"
    if a_draw and _follows(case, p):
        return INPUT_CHANGED, p, f"{draw_text}: {case.versus(p)}{suffix}", case.expected_text(p), None
    search = suspects.changed_input(case.game, case.header, case.records, case.run, p, case.budget)
    if search.found is not None:
        return found_text(case, p, search.found, suffix)
    if a_draw:
        return INPUT_CHANGED, p, f"{draw_text}: {case.versus(p)} ({HEADER_HINT}){suffix}", case.expected_text(p), None
    text = f"input changed{not_found(search)}: the engine draws a chance outcome here: {case.versus(p)}{suffix}"
    return INPUT_CHANGED, p, text, case.expected_text(p), None


def _seeded(case: Case, p: int) -> bool:
    """Does the engine derive the record at ``p`` from a digest of the header (a commitment, a salt)?

    Told by its shape, not by the game's rules: every field that differs holds
    a 64-digit hex digest on both sides.
    """
    expected, recorded = case.expected(p), case.records[p]
    if expected is None or not isinstance(expected.data, dict) or not isinstance(recorded.data, dict):
        return False
    fields = differing_fields(expected, recorded)
    if not fields or any(not f.startswith("data.") for f in fields):
        return False
    keys = [f[len("data."):] for f in fields]
    return all(_is_digest(expected.data.get(k)) and _is_digest(recorded.data.get(k)) for k in keys)


def _is_digest(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def _follows(case: Case, p: int) -> bool:
    """Does the rest of the log re-execute with the engine's own record in place of the one at ``p``?

    True when only that record was changed (an edited draw or digest); False
    when the next value derived from the header differs too (its seed,
    players or options changed: the records before ``p`` were re-derived, so
    no decision before it is the cause).
    """
    expected = case.expected(p)
    if expected is None:
        return False
    records = list(case.records)
    records[p] = expected
    # OUT (spent): not shown to follow
    return reach(case.game, case.header, records, case.budget, agreed=min(p, case.run.agreed)) is None


def _input_text(case: Case, q: int, prefix: str) -> tuple[str, str | None]:
    """An edited decision at ``q``: what is recorded and, when one does, which legal answer fits what follows."""
    run = case.run
    text = f"{prefix}: recorded {case.show(case.records[q])}{case.illegal(q)}"
    alt = None
    if run.diverged is not None and run.diverged >= q:
        alt, _ = suspects.alternative(case.game, case.header, case.records, run, q, case.budget)
    if alt is not None:
        text += f"; the recorded outcomes follow from {answer(alt)} instead"
    return text, case.show(alt) if alt is not None else None


def input_changed(case: Case, q: int, prefix: str) -> Problem:
    """A decision edited in place whose original the chain no longer holds.

    ``expected`` stays None: the hash says the record changed, not what it was.
    """
    text, inferred = _input_text(case, q, prefix)
    return case.problem(INPUT_CHANGED, q, text, inferred=inferred)
