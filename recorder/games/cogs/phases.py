"""Which phase of the turn a Cogs of Valor record belongs to (the kernel's optional ``phase`` hook).

A turn runs 1 wind, 2 movement, 3 combat (A artillery, B grappling, C ranged,
D boarding and close combat), 4 regroup (A cleanup ... H sinking), then the
scoring check (rules p.4-9). The log does not carry the phase (no event changed
for it): it is read from each record's type and payload, in the rules' order. A
record that could belong to more than one phase (a die roll for a save, hull
damage, a score) stays in the phase of the record before it, and a phase never
goes back within a turn, so every record of a turn gets exactly one phase.
"""

from __future__ import annotations

from typing import Any

from recorder.envelope import Record
from recorder.phases import PhaseOrder

MUSTER = "muster"
PHASES = (
    "turn begins",
    "1 wind",
    "2 movement",
    "3A artillery",
    "3B grappling",
    "3C ranged combat",
    "3D boarding and close combat",
    "4A cleanup",
    "4B repair",
    "4C treasure",
    "4D transfers",
    "4E equipping and conversion",
    "4F fire",
    "4G grapple breaks",
    "4H sinking",
    "scoring",
)
ORDER = PhaseOrder(PHASES, MUSTER)

# Each type that names its phase alone; the others are read from their payload (below) or stay put.
BY_TYPE = {
    "TurnBegan": "turn begins", "FleetRespawned": "turn begins",
    "WindShifted": "1 wind",
    "CourseSet": "2 movement", "CoursesRevealed": "2 movement", "CrewTasked": "2 movement",
    "AnchorDropped": "2 movement", "AnchorCut": "2 movement", "RamChoiceMade": "2 movement",
    "CogStopped": "2 movement", "CogsRammed": "2 movement", "CogMoved": "2 movement",
    "ArtilleryOrdered": "3A artillery", "BallistaOrdered": "3A artillery", "BallistaRotated": "3A artillery",
    "ArtilleryShot": "3A artillery", "FireSet": "3A artillery", "BallistaDestroyed": "3A artillery",
    "GrappleOrdered": "3B grappling", "GrappleRolled": "3B grappling",
    "DeflectionChosen": "3C ranged combat",
    "BoardingOrdered": "3D boarding and close combat", "BoardingsRevealed": "3D boarding and close combat",
    "CogCaptured": "4A cleanup", "CrewLiberated": "4A cleanup",
    "CogRepaired": "4B repair",
    "IslandSearched": "4C treasure", "TreasureFound": "4C treasure", "HoldStocked": "4C treasure",
    "HeroUpgradeChosen": "4C treasure", "CrewUpgraded": "4C treasure",
    "TransferOrdered": "4D transfers",
    "EquipOrdered": "4E equipping and conversion", "UpgradeEquipped": "4E equipping and conversion",
    "UpgradeStored": "4E equipping and conversion", "ConversionRolled": "4E equipping and conversion",
    "FireSpread": "4F fire",
    "GrappleBroken": "4G grapple breaks",
    "CogSank": "4H sinking",
    "MatchEnded": "scoring",
}
# A die's purpose says what it is rolled for (recorder/games/cogs/dice.py).
BY_DIE = {
    "wind": "1 wind", "ram damage": "2 movement", "firepot": "3A artillery", "ballista": "3A artillery",
    "grapple": "3B grappling", "repel grapple": "3B grappling", "ranged attack": "3C ranged combat",
    "close combat": "3D boarding and close combat", "search": "4C treasure", "treasure": "4C treasure",
    "conversion": "4E equipping and conversion",
}
BY_MODE = {"ranged": "3C ranged combat", "melee": "3D boarding and close combat"}
BY_MOVE = {"boarding": "3D boarding and close combat", "boarding melee": "3D boarding and close combat",
           "retreat": "3D boarding and close combat", "transfer": "4D transfers", "rescued": "4H sinking"}
BY_LOSS = {"struck": "4A cleanup", "sinking": "4H sinking", "hold lost": "4H sinking"}


def _named(record: Record) -> str | None:
    """The phase the record names by itself, or None when it could be in more than one."""
    data: dict[str, Any] = record.data
    if record.type in BY_TYPE:
        return BY_TYPE[record.type]
    if record.type == "ChanceDrawn":
        return BY_DIE.get(data.get("purpose"))
    if record.type in ("AttackOrdered", "AttackRolled"):
        return BY_MODE.get(data.get("mode"))
    if record.type == "CrewMoved":
        return BY_MOVE.get(data.get("reason"))
    if record.type in ("CrewKilled", "CrewCaptured"):
        return BY_LOSS.get(data.get("reason"))
    if record.type == "CrewEmbarked" and data.get("reason") == "treasure":
        return "4C treasure"
    return None


def phase(record: Record, current: str | None) -> str | None:
    """The record's phase, given the phase of the record before it in the same turn (None: first).

    Turn 0 is the muster; in a turn a phase only moves on (a record naming an earlier one -- a
    respawned fleet's crew embarking at the turn's start -- stays where the turn is).
    """
    return ORDER.next(record.beat, _named(record), current)
