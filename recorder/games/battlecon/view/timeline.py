"""BattleCON's lines in the viewer's timeline: a beat's headline and the moments marked on the scrubber.

The viewer knows neither; it shows what these hooks return (``headline`` and ``mark`` of the ``VIEW``).
A headline says what a reader scanning the match wants from each beat: the pairs played, the damage,
the stuns and who won the beat (who dealt more damage) or the duel.
"""

from __future__ import annotations

from typing import Any, Sequence

from recorder.envelope import Record
from recorder.header import Header


def headline(header: Header, records: Sequence[Record]) -> str:
    names = [p.name for p in header.players]

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    parts: list[str] = []
    pairs = next((r.data for r in records if r.type == "PairRevealed"), None)
    if pairs is not None:
        styles, bases = pairs.get("styles") or (), pairs.get("bases") or ()
        parts.append(" vs ".join(f"{who(i)} {s} {b}" for i, (s, b) in enumerate(zip(styles, bases))))
    damage = [0] * len(names)
    hits: list[str] = []
    for r in records:
        if r.type == "DamageDealt" and isinstance(r.data.get("player"), int) and 0 <= r.data["player"] < len(names):
            damage[r.data["player"]] += int(r.data.get("amount") or 0)
            hits.append(f"{who(r.data['player'])} hits for {r.data.get('amount')}")
        elif r.type == "AttackMissed":
            hits.append(f"{who(r.data.get('player'))} misses")
        elif r.type == "StunApplied":
            hits.append(f"{who(r.data.get('player'))} stunned")
        elif r.type == "FinisherRevealed":
            hits.append(f"{who(r.data.get('player'))} reveals the Finisher {r.data.get('finisher')}")
        elif r.type == "SpecialActionRevealed":
            hits.append(f"{who(r.data.get('player'))} plays a Special Action")
    parts.extend(hits)
    ended = next((r.data for r in records if r.type == "DuelEnded"), None)
    if ended is not None:
        winner = ended.get("winner")
        parts.append(f"{who(winner)} wins the duel" if isinstance(winner, int) else "the duel is drawn")
    elif pairs is not None and max(damage, default=0) > 0 and damage.count(max(damage)) == 1:
        best = damage.index(max(damage))
        parts.append(f"{who(best)} wins the beat")
    return " · ".join(parts) if parts else ""


def mark(record: Record, header: Header) -> tuple[str, str] | None:
    """``(kind, label)`` for a moment worth a marker on the scrubber, else None."""
    names = [p.name for p in header.players]
    seat = record.data.get("player") if isinstance(record.data, dict) else None
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if record.type == "StunApplied":
        return "stun", f"{name} stunned"
    if record.type == "FinisherRevealed":
        return "finisher", f"{name}'s Finisher"
    if record.type == "SpecialActionRevealed":
        return "special", f"{name}'s Special Action"
    if record.type == "FighterEliminated":  # an instant win: the duel ends whatever the life totals
        return "knockout", f"{name} eliminated"
    if record.type == "DuelEnded":
        life = record.data.get("life") or ()
        if any(isinstance(v, int) and v <= 0 for v in life):
            return "knockout", "Knockout"
        return "end", "Duel ends"
    return None
