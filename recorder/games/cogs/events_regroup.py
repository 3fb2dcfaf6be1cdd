"""Cogs of Valor's regroup events (phase 4, rules p.9-11, and the end of the match), registered in
:data:`.events.EVENTS`; :mod:`.events` re-exports them, so ``events.CrewKilled`` and the like work."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder.events import INPUT, Event

from .events import EVENTS

reg = EVENTS.register

__all__ = [
    "CrewKilled", "CrewCaptured", "CogCaptured", "CrewLiberated", "CogRepaired", "IslandSearched",
    "TreasureFound", "HoldStocked", "HeroUpgradeChosen", "CrewUpgraded", "TransferOrdered", "EquipOrdered",
    "UpgradeEquipped", "UpgradeStored", "ConversionRolled", "FireSpread", "GrappleBroken", "CogSank",
    "FleetRespawned", "MatchEnded",
]


# -- regroup --------------------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class CrewKilled(Event):
    """A crewmember is removed; its upgrades (``loot``) go to the hold of ``loot_cog``."""

    crew: int
    reason: str
    loot: tuple[str, ...]
    loot_cog: int | None


@reg
@dataclass(frozen=True, slots=True)
class CrewCaptured(Event):
    """A crewmember becomes a captive of ``by`` in the hold of ``hold_cog``."""

    crew: int
    by: int
    hold_cog: int
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class CogCaptured(Event):
    """A cog with opposing crew aboard and none of its controller's is taken over."""

    cog: int
    by: int
    previous: int


@reg
@dataclass(frozen=True, slots=True)
class CrewLiberated(Event):
    """Captives of a captured cog's hold return to their own side."""

    crew: tuple[int, ...]
    cog: int
    deck: str


@reg
@dataclass(frozen=True, slots=True)
class CogRepaired(Event):
    """Fire fought and hull repaired by carpenter's mates, free crew and timber."""

    cog: int
    fire_fought: int
    hull_repaired: int
    fire: int
    hull: int
    crew: tuple[int, ...]
    timber: bool


@reg
@dataclass(frozen=True, slots=True)
class IslandSearched(Event):
    """A crewed cog within 3 inches of an island searches it: success on a d20 of 12 or less."""

    cog: int
    island: int
    roll: int
    success: bool


@reg
@dataclass(frozen=True, slots=True)
class TreasureFound(Event):
    """The 3d6 treasure roll (``faces`` of the three dice, ``dice`` their ChanceDrawn seqs, ``roll``
    the total) and what it brought (items go to the cog or its hold)."""

    cog: int
    island: int
    faces: tuple[int, ...]
    dice: tuple[int, ...]
    roll: int
    item: str


@reg
@dataclass(frozen=True, slots=True)
class HoldStocked(Event):
    """Items (upgrades, timber, paint) put into a cog's hold of holdings."""

    cog: int
    items: dict[str, int]
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class HeroUpgradeChosen(Event):
    """The hero upgrade a player picks for a hero found as treasure."""

    KIND: ClassVar[str] = INPUT
    crew: int
    hero_upgrade: str
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CrewUpgraded(Event):
    """A crewmember's hero upgrade is set (treasure heroes)."""

    crew: int
    hero_upgrade: str


@reg
@dataclass(frozen=True, slots=True)
class TransferOrdered(Event):
    """``count`` crewmembers of a group (cog, deck, profile) move to an adjacent deck or cog; cog null
    (count 0) = done transferring."""

    KIND: ClassVar[str] = INPUT
    cog: int | None
    deck: str
    profile: str
    to_cog: int | None
    to_deck: str | None
    count: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class EquipOrdered(Event):
    """Regroup step E for one cog: give one crewmember of a group an item from the hold (``equip``),
    put one of its upgrades into the hold (``store``), or finish with this cog (``done``)."""

    KIND: ClassVar[str] = INPUT
    cog: int
    action: str
    deck: str | None
    profile: str | None
    item: str | None
    source: str


@reg
@dataclass(frozen=True, slots=True)
class UpgradeEquipped(Event):
    """A crewmember takes ``item`` out of its cog's hold and carries ``upgrade`` (a hero upgrade on a
    crewmember who is not a hero makes a hero apprentice: the ability, no hero save)."""

    crew: int
    cog: int
    item: str
    upgrade: str


@reg
@dataclass(frozen=True, slots=True)
class UpgradeStored(Event):
    """A crewmember puts ``upgrade`` into its cog's hold as ``item`` (the leader's own -- its basic
    upgrades and original hero upgrade -- are marked ``leader:<upgrade>``: only the leader may take
    them back)."""

    crew: int
    cog: int
    upgrade: str
    item: str


@reg
@dataclass(frozen=True, slots=True)
class ConversionRolled(Event):
    """A captive's conversion roll: converted on a 1 or a 20, joining the holding cog's crew."""

    crew: int
    roll: int
    converted: bool
    player: int
    deck: str


@reg
@dataclass(frozen=True, slots=True)
class FireSpread(Event):
    """Unrepaired fire doubles and does its new value in hull damage; ``by`` set the fire (None: a
    firepot's critical miss on its own cog)."""

    cog: int
    fire: int
    damage: int
    hull: int
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class GrappleBroken(Event):
    """Grappled cogs break free at the end of the turn."""

    cog: int
    other: int


@reg
@dataclass(frozen=True, slots=True)
class CogSank(Event):
    """A cog at zero hull or less sinks with its hold; ``by`` last damaged it."""

    cog: int
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class FleetRespawned(Event):
    """Cog-matching: an eliminated player's fresh fleet arrives at the far edge."""

    player: int
    turn: int


@reg
@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The final scores, the winner (None for a tie) and why the match ended."""

    scores: tuple[int, ...]
    winner: int | None
    reason: str
