"""The kernel's rule for a game's optional ``phase`` hook: phases only move forward within a round.

A game names the phase a record belongs to when the record says so by itself
(its type, a timing in its payload) and None when the record could sit in more
than one phase (a movement, damage). The kernel then keeps such records in the
phase of the record before them, and never lets a round go back to an earlier
phase (a record naming one stays where the round is).
"""

from __future__ import annotations

from typing import Sequence


class PhaseOrder:
    """A game's phases in the order a round goes through them, with the name of round 0."""

    def __init__(self, phases: Sequence[str], setup: str) -> None:
        self.phases = tuple(phases)
        self.setup = setup
        self._rank = {name: i for i, name in enumerate(self.phases)}

    def next(self, beat: int, named: str | None, current: str | None) -> str:
        """The phase of a record in round ``beat`` that names ``named`` (or None), after ``current``
        (the phase of the record before it in the same round; None for the round's first record)."""
        if beat == 0:
            return self.setup
        if current is None:
            return named or self.phases[0]
        if named is None or self._rank[named] < self._rank.get(current, 0):
            return current
        return named
