"""Should a report built from a log be trusted? One cheap check before ``explain`` and ``state``.

The strict reader already refuses a log whose hash chain is broken. A forger
who recomputes the chain gets past it, and ``explain`` or ``state`` would then
show the forged values as if they had happened. So both commands also
re-execute the log (what ``verify`` does: about 10 ms for a best-of-three) and,
when the engine does not reproduce it, say so in one line -- while still
showing what the log claims, which is what a judge needs to see the dispute.
A log that merely stops early (a crash) is not a problem here.
"""

from __future__ import annotations

from typing import Sequence

from recorder.envelope import Record
from recorder.game import Game
from recorder.header import Header
from recorder.terms import NEUTRAL

from .tamper import Problem
from .verify import verify


def integrity_problem(header: Header, records: Sequence[Record], game: Game | None = None) -> Problem | None:
    """The log's first problem, or None when it verifies (a log that stops early is fine).

    The records must come from a strict reader: their schemas and chain are not checked again.
    """
    report = verify(header, records, partial=True, game=game, schemas=False)
    return None if report.ok else report.problem


def summary(problem: Problem) -> str:
    """'chain forged (outcome changed) at seq 27, duel 1, beat 1' (a Cogs log: '..., turn 1'): one line.

    The position is in the game's words, which the problem carries (``Problem.at``).
    """
    if problem.seq is None:
        return problem.message
    what = f"{problem.kind} ({problem.change})" if problem.change else problem.kind
    at = problem.at
    if at is None and problem.duel is not None and problem.beat is not None:
        at = NEUTRAL.at(problem.duel, problem.beat)  # a problem made without them: the kernel's words
    return f"{what} at seq {problem.seq}" + (f", {at}" if at is not None else "")


def warning(problem: Problem, log: str) -> str:
    """The one line printed on stderr."""
    return (f"warning: this log does not verify: {summary(problem)}; run beatlog verify {log} for the details "
            "(this report shows what the log claims)")
