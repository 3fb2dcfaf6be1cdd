"""How much re-execution classifying one broken log may cost, and re-executing within it.

Naming what was done to a log means re-executing imagined originals of it
(an event put back, a decision answered otherwise), each from the header.
One classification gets one :class:`Budget`, counted in records re-derived
plus a fixed cost per re-execution -- not in seconds, so that a verdict never
depends on the speed of the machine -- worth :data:`RUNS` re-executions of
the whole log, or :data:`FLOOR` records when that is more (a short log). So
explaining a failure costs about two re-executions of a long log, however late
the edit, and the explanation stops at its budget and says so rather than
making the verdict wait (a failing ``verify FILE`` as a whole: about three times
a clean one, since it goes on from where its one pass stopped rather than
re-executing the log again; see ``python -m bench --only forensics``).

:func:`reach` re-executes a candidate log only as far as it must: when the
candidate is first re-run up to a given position and already diverges
there, the whole re-run would diverge at the same place (the engine is
deterministic and the records up to it are the same), so the rest is
skipped. Only a candidate that gets past that position is re-run to its end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from recorder.envelope import Record
from recorder.game import Game
from recorder.header import Header

from .rerun import rerun

OVERHEAD = 32  # a re-execution's fixed cost (header, set-up), in records re-derived
RUNS = 2  # what one classification may spend, in re-executions of the whole log...
SHORT = 100  # ... or, at least, as much as 48 re-executions of a log this short
FLOOR = 48 * (SHORT + OVERHEAD)
OUT = -1  # what reach() returns when the budget is spent


@dataclass
class Budget:
    """Work left, in records re-derived; a share of another budget also draws on that one."""

    left: int
    parent: "Budget | None" = None

    ran_out: bool = False  # a spend was refused: what was searched was not searched to the end

    @classmethod
    def for_log(cls, records: Sequence[Record]) -> "Budget":
        return cls(max(RUNS * (len(records) + OVERHEAD), FLOOR))

    def spend(self, records: int) -> bool:
        """Take the cost of re-deriving ``records`` records; False (nothing taken) when too little is left."""
        cost = records + OVERHEAD
        budget: Budget | None = self
        while budget is not None:
            if cost > budget.left:
                self._ran_out()
                return False
            budget = budget.parent
        budget = self
        while budget is not None:
            budget.left -= cost
            budget = budget.parent
        return True

    def _ran_out(self) -> None:
        budget: Budget | None = self
        while budget is not None:
            budget.ran_out = True
            budget = budget.parent

    def part(self, parts: int) -> "Budget":
        """A share of what is left (1/``parts``) for one sub-question; what it spends, this one has spent."""
        return Budget(self.left // max(parts, 1), self)


def reach(game: Game, header: Header, candidate: Sequence[Record], budget: Budget,
          horizon: int | None = None, confirm: Budget | None = None, agreed: int = 0) -> int | None:
    """Where ``candidate`` diverges when re-executed (None: nowhere; :data:`OUT`: the budget is spent).

    ``horizon``: re-run only up to this position first; a candidate that
    diverges by then is not re-run to its end (the answer is the same).
    ``confirm``: the budget that pays for re-running to the end a candidate
    that got past the horizon (default ``budget``): a share handed out for
    narrowing many candidates down should not stop the one that got through.
    ``agreed``: how many leading records of ``candidate`` are the log's own records that the log's run re-derived
    exactly (:attr:`replay.rerun.Run.agreed`, cut at the first record the hypothesis touched): re-executing them
    again, the engine writes them again, so they are not compared (:func:`replay.rerun.rerun`). What a
    candidate costs the budget is the same either way (the budget counts records re-derived, not seconds).
    """
    if horizon is not None and horizon + 1 < len(candidate):
        if not budget.spend(horizon + 1):
            return OUT
        diverged = rerun(game, header, candidate[:horizon + 1], intact=agreed, agreed=agreed).diverged
        if diverged is not None:
            return diverged
        budget = confirm or budget
    if not budget.spend(len(candidate)):
        return OUT
    return rerun(game, header, candidate, intact=agreed, agreed=agreed).diverged
