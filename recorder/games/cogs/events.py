"""Every Cogs of Valor event type, registered under the game's registry.

Inputs are decisions (``...Set``/``...Ordered``/``...Chosen``, with ``source``)
and, through the kernel's ``ChanceDrawn``, dice. Everything else is an outcome
the engine derives and replay compares. Cogs are numbered 0.. in muster order,
crewmembers 0.. in the order they come aboard; distances are tenths of an inch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder.events import INPUT, KERNEL, Event, EventRegistry

from .fleet import fleet_schema

EVENTS = EventRegistry("cogs", KERNEL)

# The only outcomes with no cause (``cause`` null): they start a chain rather than follow from an event.
# Every other outcome cites the event it follows from (docs/protocol-cogs.md, "Causes").
ROOT_EVENTS = ("FleetMustered", "WindSet", "TurnBegan")
EVENTS.add_schema("fleet.json", fleet_schema())

reg = EVENTS.register


# -- set-up ----------------------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class FleetMustered(Event):
    """A player's fleet passed the fleet rules: its name, crew points and cog ids."""

    player: int
    fleet: str
    points: int
    cogs: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class CogLaunched(Event):
    """A cog is placed on the play surface (x, y in tenths of an inch; heading N..NW)."""

    cog: int
    player: int
    name: str
    type: str
    x: int
    y: int
    heading: str
    hull: int
    ballistae: tuple[str, ...]


@reg
@dataclass(frozen=True, slots=True)
class CrewEmbarked(Event):
    """Identical crewmembers come aboard a cog's deck (muster, treasure or respawn)."""

    cog: int
    deck: str
    crew: tuple[int, ...]
    player: int
    upgrades: tuple[str, ...]
    hero: bool
    hero_upgrade: str | None
    leader: bool
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class WindSet(Event):
    """The wind's direction (where it blows from), agreed before the first turn."""

    direction: str
    reason: str


# -- the turn -------------------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A new turn: every crewmember's action is fresh again."""

    turn: int


@reg
@dataclass(frozen=True, slots=True)
class WindShifted(Event):
    """The every-other-turn d6 wind roll and the wind's new direction."""

    roll: int
    shift: int
    direction: str


@reg
@dataclass(frozen=True, slots=True)
class CourseSet(Event):
    """A cog's secret course for the turn: move (ahead/port/starboard/astern/drift/anchor) and speed in inches."""

    KIND: ClassVar[str] = INPUT
    cog: int
    move: str
    speed: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CoursesRevealed(Event):
    """Every cog's course, revealed together, with how it is driven (sail/row/drift/anchor/hold)."""

    cogs: tuple[int, ...]
    moves: tuple[str, ...]
    speeds: tuple[int, ...]
    drives: tuple[str, ...]


@reg
@dataclass(frozen=True, slots=True)
class CrewTasked(Event):
    """Crewmembers spend their action on a task (sail, row, ballista, rotate)."""

    cog: int
    task: str
    crew: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class AnchorDropped(Event):
    """A cog drops anchor: it does not move or drift until the anchor is cut away."""

    cog: int


@reg
@dataclass(frozen=True, slots=True)
class AnchorCut(Event):
    """A cog cuts its anchor stone away and moves normally again."""

    cog: int


@reg
@dataclass(frozen=True, slots=True)
class RamChoiceMade(Event):
    """Whether a cog about to collide stops short (stop) or holds its course."""

    KIND: ClassVar[str] = INPUT
    cog: int
    other: int
    stop: bool
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CogStopped(Event):
    """A cog stops short to avoid a collision, at (x, y)."""

    cog: int
    other: int
    x: int
    y: int


@reg
@dataclass(frozen=True, slots=True)
class CogsRammed(Event):
    """Two cogs collide; each takes a d20 of hull damage (HullDamaged follows)."""

    cog: int
    other: int


@reg
@dataclass(frozen=True, slots=True)
class CogMoved(Event):
    """A cog's movement for the turn ends at (x, y) with heading; distance in tenths."""

    cog: int
    x: int
    y: int
    heading: str
    distance: int
    how: str


@reg
@dataclass(frozen=True, slots=True)
class HullDamaged(Event):
    """A cog loses hull (ram, artillery, fire); ``by`` is the player who caused it, if any."""

    cog: int
    amount: int
    hull: int
    by: int | None
    what: str


# -- combat ---------------------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class ArtilleryOrdered(Event):
    """Firepot specialists of one cog, deck and profile throw at a target cog (count 0 = hold)."""

    KIND: ClassVar[str] = INPUT
    cog: int
    deck: str
    profile: str
    target_cog: int | None
    count: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class BallistaOrdered(Event):
    """A ballista's order: fire at a cog's hull or its ballista, rotate, or hold."""

    KIND: ClassVar[str] = INPUT
    cog: int
    ballista: int
    action: str
    target_cog: int | None
    source: str


@reg
@dataclass(frozen=True, slots=True)
class BallistaRotated(Event):
    """A ballista is turned to point off the other side; it cannot fire this turn."""

    cog: int
    ballista: int
    side: str


@reg
@dataclass(frozen=True, slots=True)
class ArtilleryShot(Event):
    """A firepot or ballista d20 against a cog: hit if roll < target number; 20 on a firepot hits the thrower's cog."""

    weapon: str
    cog: int
    crew: int | None
    ballista: int | None
    target_cog: int
    roll: int
    target_number: int
    modifiers: tuple[str, ...]
    outcome: str


@reg
@dataclass(frozen=True, slots=True)
class FireSet(Event):
    """Fire is scored against a cog; ``ignored`` units are soaked by fire resistant paint."""

    cog: int
    amount: int
    ignored: int
    fire: int
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class BallistaDestroyed(Event):
    """A ballista is destroyed by a ballista hit aimed at it."""

    cog: int
    ballista: int


@reg
@dataclass(frozen=True, slots=True)
class GrappleOrdered(Event):
    """Whether a cog tries to grapple an opposing cog within 3 inches."""

    KIND: ClassVar[str] = INPUT
    cog: int
    target_cog: int
    grapple: bool
    source: str


@reg
@dataclass(frozen=True, slots=True)
class GrappleRolled(Event):
    """A grapple attempt: a defended target repels it by rolling higher on a d20; ``dice`` = the seqs
    of the grappler's and the defender's ChanceDrawn (empty for an undefended target)."""

    cog: int
    target_cog: int
    roll: int | None
    repel_roll: int | None
    dice: tuple[int, ...]
    held: bool


@reg
@dataclass(frozen=True, slots=True)
class AttackOrdered(Event):
    """Up to ``count`` fresh crewmembers of one group attack a target group (ranged or melee); 0 = hold."""

    KIND: ClassVar[str] = INPUT
    mode: str
    cog: int
    deck: str
    profile: str
    target_cog: int | None
    target_deck: str | None
    target_profile: str | None
    count: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """One attack's d20: a hit if roll < target number; ``deflected`` = a friendly-fire near miss."""

    mode: str
    attacker: int
    target: int
    weapon: str
    roll: int
    target_number: int
    modifiers: tuple[str, ...]
    hit: bool
    deflected: bool


@reg
@dataclass(frozen=True, slots=True)
class DeflectionChosen(Event):
    """The targeted player picks which of the firer's own crew a friendly-fire near miss hits."""

    KIND: ClassVar[str] = INPUT
    cog: int
    deck: str
    profile: str
    source: str


@reg
@dataclass(frozen=True, slots=True)
class SaveRolled(Event):
    """A save roll (armor, hero or the mace's second save): saved on 12 or less."""

    crew: int
    save: str
    roll: int
    saved: bool


@reg
@dataclass(frozen=True, slots=True)
class CrewStruck(Event):
    """An unsaved hit: the crewmember will be killed or captured at cleanup (it may still act)."""

    crew: int
    fate: str
    by: int
    hold_cog: int | None


@reg
@dataclass(frozen=True, slots=True)
class BoardingOrdered(Event):
    """How many fresh main-deck crew of a grappled cog board the other cog (secret until revealed)."""

    KIND: ClassVar[str] = INPUT
    cog: int
    target_cog: int
    count: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class BoardingsRevealed(Event):
    """Every grappled cog's boarding order, revealed together (count 0 = stays aboard)."""

    cogs: tuple[int, ...]
    targets: tuple[int, ...]
    counts: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class CrewMoved(Event):
    """Crewmembers change place: boarding, meeting in the middle, retreat, transfer, liberation."""

    crew: tuple[int, ...]
    cog: int
    deck: str
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class ScoreAwarded(Event):
    """Points for a player per the scoring table; ``total`` is the player's new score."""

    player: int
    points: int
    reason: str
    total: int


# The regroup's events live in their own module (registered on import, re-exported here).
from .events_regroup import *  # noqa: E402,F401,F403
