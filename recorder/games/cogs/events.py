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

    VALUES: ClassVar[dict] = {"mode": {"enum": ["melee", "ranged"]},
                              "weapon": {"enum": ["longbow", "crossbow", "quickshot", "sword", "mace", "unarmed"]}}
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


# -- regroup (phase 4, rules p.9-11) and the end of the match -------------------------------------
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

    FINAL: ClassVar[bool] = True  # nothing follows it

    scores: tuple[int, ...]
    winner: int | None
    reason: str
