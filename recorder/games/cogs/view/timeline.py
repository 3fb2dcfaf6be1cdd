"""Cogs of Valor's lines in the viewer's timeline: a turn's headline and the moments marked on the scrubber.

The viewer knows neither; it shows what these hooks return (``headline`` and ``mark`` of the ``VIEW``).
"""

from __future__ import annotations

from typing import Any, Sequence

from recorder.envelope import Record
from recorder.header import Header


def headline(header: Header, records: Sequence[Record]) -> str:
    names = [p.name for p in header.players]
    if records and records[0].beat == 0:
        return ""  # the muster: the viewer lists its decisions

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    points = [0] * len(names)
    hull = killed = captured = 0
    events: list[str] = []
    for r in records:
        d = r.data if isinstance(r.data, dict) else {}
        if r.type == "ScoreAwarded" and isinstance(d.get("player"), int) and 0 <= d["player"] < len(names):
            points[d["player"]] += int(d.get("points") or 0)
        elif r.type == "HullDamaged":
            hull += int(d.get("amount") or 0)
        elif r.type == "CrewKilled":
            killed += 1
        elif r.type == "CrewCaptured":
            captured += 1
        elif r.type == "CogSank":
            events.append("a cog sinks")
        elif r.type == "CogCaptured":
            events.append(f"{who(d.get('by'))} captures a cog")
    parts = [", ".join(f"{who(i)} +{p}" for i, p in enumerate(points) if p)] if any(points) else []
    if hull:
        parts.append(f"hull damage {hull}")
    if killed or captured:
        parts.append(" and ".join(x for x in (f"{killed} crew killed" if killed else "",
                                                f"{captured} captured" if captured else "") if x))
    parts.extend(events)
    ended = next((r.data for r in records if r.type == "MatchEnded"), None)
    if ended is not None:
        winner = ended.get("winner")
        parts.append(f"{who(winner)} wins" if isinstance(winner, int) else "the match is drawn")
    return " · ".join(parts) if parts else "no hits, no points"


def mark(record: Record, header: Header) -> tuple[str, str] | None:
    """``(kind, label)`` for a moment worth a marker on the scrubber, else None."""
    names = [p.name for p in header.players]
    d = record.data if isinstance(record.data, dict) else {}
    if record.type == "CogSank":
        return "knockout", "A cog sinks"
    if record.type == "CogCaptured":
        by = d.get("by")
        return "knockout", f"{names[by] if isinstance(by, int) and 0 <= by < len(names) else '?'} captures a cog"
    if record.type == "CogsRammed":
        return "special", "Ramming"
    return None
