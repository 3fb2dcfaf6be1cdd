"""Verify a match log by re-executing it from its recorded inputs.

A log passes when (1) its header names the engine and rules versions that are
installed, (2) its match id is the one the game derives from its players,
seed and options, (3) its hash chain is intact from the header to the last
record, and (4) re-running the engine with the recorded decisions yields,
field by field, exactly the recorded records. The first problem is reported
with its seq, duel and beat (and, for a file, its line), what the engine
expected and what the log says, and a classification (see
:mod:`replay.tamper`). A log that stops before the match ended is
incomplete; with ``partial=True`` the records it has are still verified and
it passes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from recorder import canonical, integrity
from recorder.envelope import Record
from recorder.errors import BeatlogError, CorruptLog, IncompleteLog, UnsupportedRules, VerificationFailed
from recorder.game import Game, game_for, terms_named
from recorder.header import Header
from recorder.terms import Terms, terms_of

from .rerun import Resume, Run, rerun
from .tamper import HEADER, INCOMPLETE, MAX_SHOWN, VERSION, Problem, cap, chain_break, classify

if TYPE_CHECKING:
    from .source import Loaded


@dataclass(frozen=True)
class VerifyReport:
    """The verdict on one match log."""

    match_id: str
    events: int  # records verified
    final_hash: str  # hash of the last record (the header's hash for an empty log)
    ok: bool
    complete: bool  # the log reaches the end of the match
    problem: Problem | None = None
    result: dict[str, Any] | None = field(default=None)  # game.result() of the verified state
    note: str | None = None  # what else a person should know (a torn last line set aside)

    @property
    def digest(self) -> str:
        """The final hash as ``XXXX-XXXX-XXXX``, short enough for a score sheet."""
        return canonical.short_digest(self.final_hash)

    def summary(self) -> str:
        """One line: ``verified <id>: <N> events, digest <D>`` or the problem."""
        if not self.ok:
            assert self.problem is not None
            return self.problem.message
        partial = ""
        if not self.complete:
            partial = " (partial: the match is not over" + (f"; {self.note}" if self.note else "") + ")"
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
            "note": self.note,
            "problem": self.problem.to_dict() if self.problem else None,
        }

    def to_json(self) -> str:
        return canonical.dumps(self.to_dict()).decode()

    def raise_for_problem(self) -> "VerifyReport":
        """Raise the problem as its :class:`BeatlogError`; return self when ok."""
        if self.problem is not None and not self.ok:
            raise self.problem.error(self.problem.message)
        return self


def check_versions(game: Game | None, header: Header) -> tuple[Game | None, Problem | None]:
    """The game that re-runs ``header``'s match under the rules it was recorded with, or the problem.

    Without ``game`` the installed engines are asked (:func:`recorder.game.game_for`: the
    current rules or an earlier ruleset); a ``game`` given must itself run the header's versions.
    """
    if game is None:
        try:
            return game_for(header), None
        except UnsupportedRules as exc:
            message = str(exc)
    elif (hook := getattr(game, "ruleset", None)) is not None and (
            found := hook(header.engine_version, header.rules_version)) is not None:
        return found, None
    elif (header.engine_version, header.rules_version) == (game.engine_version, game.rules_version):
        return game, None
    else:
        message = (f"match {header.match_id} was recorded with {header.game} engine {header.engine_version!r}, "
                   f"rules {header.rules_version!r}, which the given {game.engine_version!r} cannot re-run")
    return None, Problem(VERSION, cap(message, 1000), VerificationFailed, seq=None, duel=None, beat=None, line=1)


def check_header(game: Game, header: Header) -> Problem | None:
    """Re-derive the match id from the header's players, seed and options through the game itself.

    Every way beatlog records a match (record, simulate, tournament, resume of
    a stored header) takes the id the game derives (docs/protocol.md), so a
    header whose id is not that one was changed after the match was recorded:
    players renamed or swapped, another seed or option, even with every hash
    recomputed.
    """
    try:
        remade = game.make_header(players=header.players, edition=header.edition, seed=header.seed,
                                  options=header.options)
    except (BeatlogError, ValueError, TypeError, KeyError) as exc:
        why = f"{header.game} refuses its players, seed or options: {cap(str(exc), MAX_SHOWN)}"
    else:
        if remade.match_id == header.match_id:
            return None
        why = (f"match id {header.match_id} does not belong to these players/seed/options (they derive "
               f"{remade.match_id}): the header was changed after the match was recorded")
    return Problem(HEADER, f"match {header.match_id}, header: header changed: {why}", VerificationFailed,
                   seq=None, duel=None, beat=None, line=1)


def verify(
    header: Header,
    records: Sequence[Record],
    *,
    partial: bool = False,
    game: Game | None = None,
    schemas: bool = True,
    chained: bool = False,
    resume: Resume | None = None,
) -> VerifyReport:
    """Re-execute ``header``'s match against ``records`` and report the first problem.

    Without ``game``, a log that the rules its header names do not re-derive is re-run under each earlier
    state of that engine version the game keeps (its ``revisions`` hook; none for most versions), and
    verifies if one of them re-derives it; otherwise the first difference under the final rules is reported.

    ``schemas=False`` skips the storage layer's schema checks, for records a
    strict reader (:mod:`recorder.jsonl`, :mod:`recorder.store`) already checked.
    ``chained=True`` skips recomputing every hash and link of the chain, for
    records such a reader has just checked from the header on (and returned
    without an error). ``resume``: where an earlier re-execution of these
    records stopped (:class:`replay.rerun.Resume`), to go on from rather
    than re-executing them again from the header.
    """
    final = records[-1].hash if records else header.hash

    def report(problem: Problem | None, complete: bool, result: dict[str, Any] | None = None) -> VerifyReport:
        return VerifyReport(header.match_id, len(records), final, problem is None, complete, problem, result)

    given = game is not None
    game, problem = check_versions(game, header)
    if game is None:
        return report(problem, False)
    problem = check_header(game, header)
    if problem is not None:
        return report(problem, False)
    chain = None if chained else chain_break(header, records)
    run = rerun(game, header, records, intact=chain.index if chain is not None else len(records), resume=resume)
    if run.diverged is not None and chain is None and not given:  # a game given is re-run alone
        game, run = _earlier_revision(game, header, records, run)
    if run.diverged is not None or chain is not None:
        return report(classify(game, header, records, run, chain), run.complete)
    integrity = _integrity_problem(game, header, records, run.expected) if schemas else None
    if integrity is not None:
        return report(integrity, run.complete)
    if run.incomplete:
        if not partial:
            return report(incomplete(header, *_stop(run, len(records)), len(records), terms=terms_of(game)), False)
        return report(None, False)  # no result: the engine's state is ahead of the log
    return report(None, True, game.result(run.match.state))


def _earlier_revision(game: Game, header: Header, records: Sequence[Record], run: Run) -> tuple[Game, Run]:
    """The game and run of an earlier state of the header's engine version that re-derives ``records``, where
    the one :func:`check_versions` gave does not (the game's optional ``revisions`` hook: the states an engine
    version went through on main before it was final, :meth:`recorder.rulesets.Rulesets.revision`); else
    ``game`` and ``run`` as they were, so the report names the first difference under the final rules."""
    hook = getattr(game, "revisions", None)
    for earlier in hook(header.engine_version, header.rules_version) if hook is not None else ():
        again = rerun(earlier, header, records, intact=len(records))
        if again.diverged is None:
            return earlier, again
    return game, run


def incomplete(header: Header, duel: int, beat: int, last: int, tail: str = "", *,
               terms: Terms | None = None) -> Problem:
    """The log stops after seq ``last``, before the match ended; the next record was due at ``duel``, ``beat``.

    ``terms``: the game's words (default: those of the header's game).
    """
    at = (terms or terms_named(header.game)).at(duel, beat)
    message = f"incomplete: match {header.match_id} stops at {at} after seq {last}{tail}"
    return Problem(INCOMPLETE, message, IncompleteLog, seq=last, duel=duel, beat=beat, at=at)


def _stop(run: Run, recorded: int) -> tuple[int, int]:
    """Where the first missing record of a truncated log would have been."""
    if len(run.expected) > recorded:
        missing = run.expected[recorded]
        return missing.duel, missing.beat
    return run.match.ctx.duel, run.match.ctx.beat


def _integrity_problem(game: Game, header: Header, records: Sequence[Record],
                       derived: Sequence[Record]) -> Problem | None:
    """The storage layer's own checks (schemas, header).

    Only reached when every record is the one the engine re-derived
    (``derived``): outcomes are then valid by construction, inputs and the
    header are checked in full (see :func:`recorder.integrity.check`).
    """
    try:
        # chain_break has just recomputed every record's hash: check the rest.
        integrity.check(header, records, game.events, hashes=False, derived=derived)
    except CorruptLog as exc:
        return Problem("corrupt", cap(str(exc), 4000), CorruptLog, seq=None, duel=None, beat=None)
    return None


def verify_all(logs: Sequence[tuple[Header, Sequence[Record]]], *, partial: bool = False) -> list[VerifyReport]:
    """Verify several logs; one report each, in order."""
    return [verify(h, r, partial=partial) for h, r in logs]


def verify_loaded(loaded: "Loaded", *, partial: bool = False, resume: Resume | None = None) -> VerifyReport:
    """Verify a log as loaded from a file or store; messages start with its name (and line).

    A log the strict reader refused is re-executed anyway so the damage can be
    named; should re-execution find nothing, the reader's own complaint stands.
    A record that is wrong on its own (schema, unknown type...) is reported
    with the reader's exact message, unless re-execution finds a problem
    before it. A torn last line is set aside: the log is then incomplete.
    ``resume``: as for :func:`verify`.
    """
    records = loaded.records
    line_error = loaded.line_error
    if line_error is not None:
        records = records[: line_error.index]
    # The loader checked everything but the rules; what it refused is in strict_error
    # (without one, it also checked the whole chain, hashes included).
    report = verify(loaded.header, records, partial=partial or line_error is not None, schemas=False,
                    chained=loaded.strict_error is None, resume=resume)
    if line_error is not None and report.ok:
        error, line = line_error.error, line_error.index + 2
        strict_line = loaded.strict_line
        if loaded.strict_error is not None and strict_line is not None and strict_line < line:
            error, line = loaded.strict_error, strict_line  # a flaw of the file before it, which verify cannot see
        problem = Problem("corrupt", cap(str(error), 4000), CorruptLog, seq=line - 1 if line > 1 else None,
                          duel=None, beat=None, line=line)
        return _named(loaded, dataclasses.replace(report, ok=False, complete=False, problem=problem))
    if report.problem is None and loaded.strict_error is not None and line_error is None:
        problem = Problem("corrupt", cap(str(loaded.strict_error), 4000), CorruptLog, seq=None, duel=None, beat=None,
                          line=loaded.strict_line)
        return _named(loaded, dataclasses.replace(report, ok=False, problem=problem))
    torn = loaded.torn
    if torn is not None and (report.ok or (report.problem and report.problem.kind == INCOMPLETE)):
        if report.complete:  # the match ended, yet something follows
            problem = Problem("corrupt", f"{loaded.name}, line {torn.line}: the match ended at seq {len(records)}, "
                              f"but a line without a final newline follows it", CorruptLog,
                              seq=None, duel=None, beat=None, line=torn.line)
            return dataclasses.replace(report, ok=False, problem=problem)
        if partial:
            return _named(loaded, dataclasses.replace(report, note=torn.text()))
        assert report.problem is not None and report.problem.duel is not None and report.problem.beat is not None
        problem = incomplete(loaded.header, report.problem.duel, report.problem.beat, len(records), f"; {torn.text()}")
        return _named(loaded, dataclasses.replace(report, problem=problem))
    return _named(loaded, report)


def _named(loaded: "Loaded", report: VerifyReport) -> VerifyReport:
    """Start the problem's message with the log's name, and its line for a file."""
    problem = report.problem
    if problem is None:
        return report
    line = problem.line if loaded.lines else None
    if problem.message.startswith(loaded.name):
        return dataclasses.replace(report, problem=dataclasses.replace(problem, line=line))
    where = f"{loaded.name}, line {line}" if line is not None else loaded.name
    return dataclasses.replace(report, problem=dataclasses.replace(problem, message=f"{where}: {problem.message}",
                                                                   line=line))
