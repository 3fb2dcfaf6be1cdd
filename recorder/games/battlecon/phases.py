"""Which step of the beat a BattleCON record belongs to (the kernel's optional ``phase`` hook).

A beat runs the Play Sequence (WoI p.23-25): 1 select attack pairs, 2 ante,
3 reveal (Reveal effects, priority, clashes), 4 resolve attacks (Start of Beat
effects, then the active and the reactive attack), 5 end of beat (End of Beat
effects, recycling). The log does not carry the step (no event changed for
it): it is read from each record's type and payload. A record that could be in
more than one step (a movement, damage, an After Activating trigger) stays in
the step of the record before it, and a step never goes back within a beat.
"""

from __future__ import annotations

from recorder.envelope import Record
from recorder.phases import PhaseOrder

SETUP = "set-up"
STEPS = ("1 select pairs", "2 ante", "3 reveal", "4 start of beat", "4A active attack", "4B reactive attack",
         "5 end of beat")
ORDER = PhaseOrder(STEPS, SETUP)

BY_TYPE = {
    "BeatStarted": "1 select pairs", "PairSelected": "1 select pairs", "PairCommitted": "1 select pairs",
    "BeatSkipped": "1 select pairs",
    "AnteStarted": "2 ante", "AnteDeclared": "2 ante", "FormEffectApplied": "2 ante",
    "PairRevealed": "3 reveal", "SpecialActionRevealed": "3 reveal", "FinisherRevealed": "3 reveal",
    "PriorityCompared": "3 reveal", "ClashOccurred": "3 reveal", "ClashBaseSelected": "3 reveal",
    "ClashRevealed": "3 reveal", "ClashBasesRecovered": "3 reveal", "ClashAbandoned": "3 reveal",
    "CardsRecycled": "5 end of beat", "RecycleSkipped": "5 end of beat", "BeatNotCounted": "5 end of beat",
    "BeatEnded": "5 end of beat", "DuelEnded": "5 end of beat", "MatchEnded": "5 end of beat",
}
BY_TIMING = {"reveal": "3 reveal", "start": "4 start of beat", "end": "5 end of beat"}
BY_ROLE = {"active": "4A active attack", "reactive": "4B reactive attack"}
BY_DIE = {"first_ante": "2 ante"}


def _named(record: Record) -> str | None:
    """The step the record names by itself, or None when it could be in more than one."""
    data = record.data
    if record.type in BY_TYPE:
        return BY_TYPE[record.type]
    if record.type == "TriggerResolved":
        return BY_TIMING.get(data.get("timing"))
    if record.type == "AttackStarted":
        return BY_ROLE.get(data.get("role"))
    if record.type == "ChanceDrawn":
        return BY_DIE.get(data.get("purpose"))
    return None


def phase(record: Record, current: str | None) -> str | None:
    """The record's step of the beat, given the step of the record before it in the same beat (None: first)."""
    return ORDER.next(record.beat, _named(record), current)
