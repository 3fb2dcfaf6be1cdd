"""Which phase of the turn a grid skirmish record belongs to (the kernel's optional ``phase`` hook).

A turn runs the status, planning, movement and combat phases (rules, Turn order); turn 0 is the set-up.
The log does not carry the phase: it is read from each record's type, and a record that could belong to
more than one phase (a die, HP lost, a status) stays in the phase of the record before it.
"""

from __future__ import annotations

from recorder.envelope import Record
from recorder.phases import PhaseOrder

SETUP = "set-up"
PHASES = ("status phase", "planning phase", "movement phase", "combat phase", "end of the turn", "end of the game")
ORDER = PhaseOrder(PHASES, SETUP)

BY_TYPE = {
    "TurnBegan": "status phase", "DeckRefilled": "status phase", "DiscardChosen": "status phase",
    "CardsDiscarded": "status phase", "StatusEnded": "status phase", "BurnHalved": "status phase",
    "SkillReady": "status phase", "CharacterRevived": "status phase",
    "ControlCounted": "end of the turn",
    "MovementCardChosen": "planning phase", "MovementCardCommitted": "planning phase",
    "MovementCardRevealed": "movement phase", "CaravanRouteChosen": "movement phase",
    "CaravanMoved": "movement phase", "PathChosen": "movement phase", "CharacterMoved": "movement phase",
    "MatchEnded": "end of the game",
}


def _named(record: Record) -> str | None:
    if record.type in ("PhaseSkipped", "OrderSet"):
        return f"{record.data.get('phase')} phase"
    return BY_TYPE.get(record.type)


def phase(record: Record, current: str | None) -> str | None:
    return ORDER.next(record.beat, _named(record), current)
