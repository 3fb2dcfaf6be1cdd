"""Phases within a round, for any game that names them (the optional ``phase`` hook).

A game may say which phase (or step) of its round each record belongs to --
Cogs of Valor: wind, movement, combat A-D, regroup A-H; BattleCON: the Play
Sequence of a beat -- with ``game.phase(record, current)``, ``current`` being
the phase of the record before it in the same round (None at a round's start).
The log itself never carries phases: they are read from it, so adding or
refining them changes no event and no log. A game without the hook has none,
and every tool works as before.
"""

from __future__ import annotations

from typing import Any, Callable

from recorder.envelope import Record


class PhaseTracker:
    """Feeds a game's ``phase`` hook the previous phase, record by record, in log order."""

    def __init__(self, game: Any) -> None:
        self.hook: Callable[[Record, str | None], str | None] | None = getattr(game, "phase", None)
        self.where: tuple[int, int] | None = None
        self.current: str | None = None

    @property
    def active(self) -> bool:
        return self.hook is not None

    def label(self, record: Record) -> str | None:
        """The record's phase (None when the game names none). Call once per record, in order."""
        if self.hook is None:
            return None
        here = (record.duel, record.beat)
        if here != self.where:
            self.where, self.current = here, None
        self.current = self.hook(record, self.current)
        return self.current
