"""Verify a match log by re-executing it from its recorded inputs.

A log passes when (1) its header names the engine and rules versions that are
installed, (2) its hash chain is intact from the header to the last record, and
(3) re-running the engine with the recorded decisions yields, field by field,
exactly the recorded records. The first problem is reported with its seq,
duel and beat, what the engine expected and what the log says, and a
classification (see :mod:`replay.tamper`). A log that stops before the match
ended is incomplete; with ``partial=True`` the records it has are still
verified and it passes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import CorruptLog, IncompleteLog, VerificationFailed
from recorder.game import Game, load_game
from recorder.header import Header

from .rerun import Run, rerun
from .tamper import INCOMPLETE, VERSION, Problem, chain_break, classify

if TYPE_CHECKING:
    from .source import Loaded


@dataclass(frozen=True)
class VerifyReport:
    """The verdict on one match log."""

    match_id: str
    events: int  # records in the log
    final_hash: str  # hash of the last record (the header's hash for an empty log)
    ok: bool
    complete: bool  # the log reaches the end of the match
    problem: Problem | None = None
    result: dict[str, Any] | None = field(default=None)  # game.result() of the verified state

    @property
    def digest(self) -> str:
        """The final hash as ``XXXX-XXXX-XXXX``, short enough for a score sheet."""
        return canonical.short_digest(self.final_hash)

    def summary(self) -> str:
        """One line: ``verified <id>: <N> events, digest <D>`` or the problem."""
        if not self.ok:
            assert self.problem is not None
            return self.problem.message
        partial = "" if self.complete else " (partial: the match is not over)"
        return f"verified {self.match_id}: {self.events} events, digest {self.digest}{partial}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "ok": self.ok,
            "complete": self.complete,
            "events": self.events,
            "final_hash": self.final_hash,
            "digest": self.digest,
            "result": self.result,
            "problem": self.problem.to_dict() if self.problem else None,
        }

    def to_json(self) -> str:
        return canonical.dumps(self.to_dict()).decode()

    def raise_for_problem(self) -> "VerifyReport":
        """Raise the problem as its :class:`BeatlogError`; return self when ok."""
        if self.problem is not None and not self.ok:
            raise self.problem.error(self.problem.message)
        return self


def check_versions(game: Game, header: Header) -> Problem | None:
    """Refuse a log recorded under another engine or rules version than the installed one."""
    if header.engine_version == game.engine_version and header.rules_version == game.rules_version:
        return None
    message = (
        f"match {header.match_id} was recorded with {header.game} engine {header.engine_version!r}, "
        f"rules {header.rules_version!r}, but the installed engine is {game.engine_version!r}, "
        f"rules {game.rules_version!r}; it cannot be re-executed here "
        "(verify it with the beatlog release that recorded it)"
    )
    return Problem(VERSION, message, VerificationFailed, seq=None, duel=None, beat=None)


def verify(
    header: Header,
    records: Sequence[Record],
    *,
    partial: bool = False,
    game: Game | None = None,
    schemas: bool = True,
) -> VerifyReport:
    """Re-execute ``header``'s match against ``records`` and report the first problem.

    ``schemas=False`` skips the storage layer's schema checks, for records a
    strict reader (:mod:`recorder.jsonl`, :mod:`recorder.store`) already checked.
    """
    game = game or load_game(header.game)
    final = records[-1].hash if records else header.hash

    def report(problem: Problem | None, complete: bool, result: dict[str, Any] | None = None) -> VerifyReport:
        return VerifyReport(header.match_id, len(records), final, problem is None, complete, problem, result)

    problem = check_versions(game, header)
    if problem is not None:
        return report(problem, False)
    chain = chain_break(header, records)
    run = rerun(game, header, records, intact=chain.index if chain is not None else len(records))
    if run.diverged is not None or chain is not None:
        return report(classify(game, header, records, run, chain), run.complete)
    integrity = _integrity_problem(game, header, records) if schemas else None
    if integrity is not None:
        return report(integrity, run.complete)
    if run.incomplete:
        duel, beat = _stop(run, len(records))
        last = records[-1].seq if records else 0
        message = f"match {header.match_id} stops at duel {duel}, beat {beat} after seq {last}"
        if not partial:
            incomplete = Problem(INCOMPLETE, message, IncompleteLog, seq=last, duel=duel, beat=beat)
            return report(incomplete, False)
        return report(None, False)  # no result: the engine's state is ahead of the log
    return report(None, True, game.result(run.match.state))


def _stop(run: Run, recorded: int) -> tuple[int, int]:
    """Where the first missing record of a truncated log would have been."""
    if len(run.expected) > recorded:
        missing = run.expected[recorded]
        return missing.duel, missing.beat
    return run.match.ctx.duel, run.match.ctx.beat


def _integrity_problem(game: Game, header: Header, records: Sequence[Record]) -> Problem | None:
    """The storage layer's own checks (schemas, header), when that layer is installed."""
    try:
        from recorder import integrity
    except ImportError:  # pragma: no cover - only while the storage layer is missing
        return None
    try:
        # chain_break has just recomputed every record's hash: check the rest.
        integrity.check(header, records, game.events, hashes=False)
    except CorruptLog as exc:
        return Problem("corrupt", str(exc), CorruptLog, seq=None, duel=None, beat=None)
    return None


def verify_all(logs: Sequence[tuple[Header, Sequence[Record]]], *, partial: bool = False) -> list[VerifyReport]:
    """Verify several logs; one report each, in order."""
    return [verify(h, r, partial=partial) for h, r in logs]



def verify_loaded(loaded: "Loaded", *, partial: bool = False) -> VerifyReport:
    """Verify a log as loaded from a file or store; messages start with its name.

    A log the strict reader refused is re-executed anyway so the damage can be
    named; should re-execution find nothing, the reader's own complaint stands.
    """
    # The loader checked everything but the rules; what it refused is in strict_error.
    report = verify(loaded.header, loaded.records, partial=partial, schemas=False)
    problem = report.problem
    if problem is None and loaded.strict_error is not None:
        problem = Problem("corrupt", str(loaded.strict_error), CorruptLog, seq=None, duel=None, beat=None)
        return dataclasses.replace(report, ok=False, problem=problem)
    if problem is not None and not problem.message.startswith(loaded.name):
        problem = dataclasses.replace(problem, message=f"{loaded.name}: {problem.message}")
        return dataclasses.replace(report, problem=problem)
    return report
