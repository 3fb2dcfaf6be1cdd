"""Every grid skirmish event type, registered under the game's registry.

Inputs are decisions (``...Chosen``, with ``source``) and, through the kernel's ``ChanceDrawn``, the
D10s. Everything else is an outcome the engine derives and replay compares. Characters are numbered
0.. in the order they join (seat by seat, each roster in order); tiles are ``x`` 0..9, ``y`` 0..13.
Timed statuses carry the last turn they are active in (``until``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder.events import INPUT, KERNEL, Event, EventRegistry

from .kit import kit_schema

EVENTS = EventRegistry("skirmish", KERNEL)
EVENTS.add_schema("kit.json", kit_schema())

# The only outcomes with no cause: they start a chain rather than follow from an event.
ROOT_EVENTS = ("KitLoaded", "TurnBegan")

reg = EVENTS.register


# -- set-up -----------------------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class KitLoaded(Event):
    """The kit the match is played with passed its checks: its name, version and fingerprint."""

    name: str
    version: str
    digest: str
    about: str


@reg
@dataclass(frozen=True, slots=True)
class ScenarioSet(Event):
    """The scenario, the number of teams (free-for-all: every seat a team) and the turn limit (0: none)."""

    scenario: str
    teams: int
    turn_limit: int


@reg
@dataclass(frozen=True, slots=True)
class CharacterJoined(Event):
    """A character of a player's roster joins with its kit statistics and movement deck."""

    character: int
    player: int
    key: str
    name: str
    hp: int
    sp: int
    atk: int
    defense: int
    agi: int
    weapon: str | None
    skills: tuple[str, ...]
    deck: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class TieOrderFixed(Event):
    """The order that settles every AGI tie for the whole match, agreed at the start (``how``)."""

    order: tuple[int, ...]
    how: str


@reg
@dataclass(frozen=True, slots=True)
class ObstacleChosen(Event):
    """A team places one obstacle (x, y)."""

    KIND: ClassVar[str] = INPUT
    player: int
    x: int
    y: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class ObstaclePlaced(Event):
    """An obstacle stands on (x, y): placed by ``team`` (chosen), or agreed before the match (``how``)."""

    x: int
    y: int
    team: int | None
    how: str


@reg
@dataclass(frozen=True, slots=True)
class ObjectiveChosen(Event):
    """A team places a scenario token: a tower (Domination: in range 5 of the middle tower) or its obelisk
    (Endless Battlefield: in its team zone)."""

    KIND: ClassVar[str] = INPUT
    player: int
    kind: str
    x: int
    y: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class ObjectivePlaced(Event):
    """A scenario token stands on (x, y): ``kind`` tower or obelisk, ``team`` its controller or owner (null: none
    yet, or the central obelisk of a free-for-all); ``how`` placed by the scenario or chosen by a team."""

    objective: int
    kind: str
    x: int
    y: int
    team: int | None
    how: str


@reg
@dataclass(frozen=True, slots=True)
class PurchaseChosen(Event):
    """A character buys an item from the shop, or is done shopping (``item`` null)."""

    KIND: ClassVar[str] = INPUT
    character: int
    item: str | None
    source: str


@reg
@dataclass(frozen=True, slots=True)
class ItemBought(Event):
    """An item goes into a character's inventory for its price; ``coins`` are what is left."""

    character: int
    item: str
    price: int
    coins: int
    uses: int


@reg
@dataclass(frozen=True, slots=True)
class DeploymentChosen(Event):
    """Where in its team's zone a character is deployed."""

    KIND: ClassVar[str] = INPUT
    character: int
    x: int
    y: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CharacterPlaced(Event):
    """A character stands on the grid at (x, y) facing N/E/S/W with its starting HP and SP."""

    character: int
    x: int
    y: int
    facing: str
    hp: int
    sp: int


# -- the turn: status phase --------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A new turn begins with its status phase."""

    turn: int


@reg
@dataclass(frozen=True, slots=True)
class DeckRefilled(Event):
    """An empty movement deck takes its whole discard pile back."""

    character: int
    cards: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class DiscardChosen(Event):
    """Pierced X: the cards a character discards after its deck is refilled."""

    KIND: ClassVar[str] = INPUT
    character: int
    cards: tuple[int, ...]
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Movement cards go from the deck to the discard pile (``reason``: pierced)."""

    character: int
    cards: tuple[int, ...]
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class StatusEnded(Event):
    """A timed status has run out (or burn has burnt down to 0) at the status phase."""

    character: int
    status: str


@reg
@dataclass(frozen=True, slots=True)
class SkillReady(Event):
    """A skill's cooldown is over: it can be used again from this turn."""

    character: int
    skill: str


# -- planning and movement ---------------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class MovementCardChosen(Event):
    """A character's movement card, placed face down (secret until MovementCardRevealed). ``salt``: the
    secret the decision source added to hide the public commitment ("" = derived from the header)."""

    KIND: ClassVar[str] = INPUT
    character: int
    card: int
    source: str
    salt: str = ""


@reg
@dataclass(frozen=True, slots=True)
class MovementCardCommitted(Event):
    """Public commitment to a face-down movement card: sha256 of canonical {match_id, turn, character,
    card, nonce} (docs/protocol-skirmish.md, "Commitment")."""

    character: int
    digest: str


@reg
@dataclass(frozen=True, slots=True)
class MovementCardRevealed(Event):
    """A character reveals its movement card as its movement begins; the card goes to the discard pile."""

    character: int
    card: int


@reg
@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    """The movement phase (lowest AGI first) or the combat phase (highest first) begins: the characters in
    the order they act, with the AGI each has now; ties in the agreed order."""

    phase: str
    order: tuple[int, ...]
    agi: tuple[int, ...]


@reg
@dataclass(frozen=True, slots=True)
class PathChosen(Event):
    """The way a character moves with its card: the tiles it enters, its one 90° turn (``turn_at`` steps
    in) and its final facing."""

    KIND: ClassVar[str] = INPUT
    character: int
    path: tuple[tuple[int, int], ...]
    turn: str | None
    turn_at: int | None
    facing: str
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CharacterMoved(Event):
    """A character's card movement: the tiles entered, where it ends, its facing, points spent and lost."""

    character: int
    path: tuple[tuple[int, int], ...]
    x: int
    y: int
    facing: str
    spent: int
    lost: int


@reg
@dataclass(frozen=True, slots=True)
class PhaseSkipped(Event):
    """A character takes no part in a phase this turn (``phase`` planning/movement/combat; ``reason``: rooted,
    stunned, recovering...)."""

    character: int
    phase: str
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class BurnHalved(Event):
    """Burn does not stack and halves (rounded down) at each status phase after its check; 0 ends it."""

    character: int
    burn: int


# -- skills, items and actions --------------------------------------------------
@reg
@dataclass(frozen=True, slots=True)
class ActionChosen(Event):
    """What a character does next: ``action`` attack / skill / item / cure / rest / pass / end (combat),
    skill / none (movement skills), skill / pass (an Instant interruption); with its skill or item, target
    character and ground tile where it has them."""

    KIND: ClassVar[str] = INPUT
    character: int
    action: str
    skill: str | None
    item: str | None
    target: int | None
    x: int | None
    y: int | None
    source: str


@reg
@dataclass(frozen=True, slots=True)
class SkillUsed(Event):
    """A character spends SP on a skill; it is ready again at turn ``ready``."""

    character: int
    skill: str
    sp: int
    sp_left: int
    ready: int
    quick: bool


@reg
@dataclass(frozen=True, slots=True)
class ItemUsed(Event):
    """A character uses one charge of an item (Use X); at 0 the item leaves the inventory."""

    character: int
    item: str
    uses_left: int


@reg
@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """An attack: by weapon, fist, skill or item (``by``/``name``), with ``dice`` ATK dice; ``side``: a
    range-1 attack from the side at −1 ATK."""

    attacker: int
    target: int
    by: str
    name: str
    dice: int
    side: bool


@reg
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A character's dice (``roll`` attack or defense, ``why`` what for): the faces and what they count
    (attack: 6-9 success, 10 critical; defense: 6-10 success)."""

    character: int
    roll: str
    why: str
    faces: tuple[int, ...]
    successes: int
    criticals: int


@reg
@dataclass(frozen=True, slots=True)
class FocusChosen(Event):
    """Focus: the die (index in the roll) a character rerolls, or none (``die`` null)."""

    KIND: ClassVar[str] = INPUT
    character: int
    die: int | None
    source: str


@reg
@dataclass(frozen=True, slots=True)
class DieRerolled(Event):
    """A focused die is rolled again: its old and new face."""

    character: int
    die: int
    old: int
    face: int


@reg
@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """Blocks remove regular hits first, then criticals; what passes does 1 HP each."""

    attacker: int
    target: int
    hits: int
    criticals: int
    blocks: int
    hits_through: int
    criticals_through: int


@reg
@dataclass(frozen=True, slots=True)
class HpLost(Event):
    """A character loses HP (``reason``: hit, critical, bleed, burn, knockback); ``by`` the character who caused it."""

    character: int
    amount: int
    hp: int
    reason: str
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class HpRestored(Event):
    """A character recovers HP, never above its maximum."""

    character: int
    amount: int
    hp: int
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class SpRestored(Event):
    """A character recovers SP, never above its maximum (``reason``: rest, skill, item)."""

    character: int
    amount: int
    sp: int
    reason: str


@reg
@dataclass(frozen=True, slots=True)
class StatusApplied(Event):
    """A status lands: ``value`` as written (Bleed 2...), ``now`` what the character has after stacking
    (timed statuses: the last turn active; burn: its X; pierced: its stacks; guard: its bonus)."""

    character: int
    status: str
    value: int
    now: int
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class StatusesCleansed(Event):
    """Every status a cleanse removes."""

    character: int
    statuses: tuple[str, ...]


@reg
@dataclass(frozen=True, slots=True)
class StatusCured(Event):
    """An action spent on a defense check against burn or pierced removes ``removed`` stacks; ``left`` remain."""

    character: int
    status: str
    removed: int
    left: int


@reg
@dataclass(frozen=True, slots=True)
class KnockedBack(Event):
    """Knockback X: the character is pushed to (x, y), ``moved`` tiles of X; ``blocked`` when something
    stopped it (a defense check with one die follows)."""

    character: int
    x: int
    y: int
    moved: int
    blocked: bool


@reg
@dataclass(frozen=True, slots=True)
class TeleportChosen(Event):
    """Teleport X: the unoccupied tile a character goes to and its final facing."""

    KIND: ClassVar[str] = INPUT
    character: int
    x: int
    y: int
    facing: str
    source: str


@reg
@dataclass(frozen=True, slots=True)
class Teleported(Event):
    """A character teleports to (x, y) and faces ``facing``."""

    character: int
    x: int
    y: int
    facing: str


@reg
@dataclass(frozen=True, slots=True)
class Rested(Event):
    """Rest: +1 SP (not above the maximum) and the character's combat phase ends."""

    character: int
    sp: int


@reg
@dataclass(frozen=True, slots=True)
class ItemPassed(Event):
    """An item (with its charges left) goes to an ally in range 1; the giver's combat phase ends."""

    character: int
    to: int
    item: str
    uses: int


@reg
@dataclass(frozen=True, slots=True)
class CharacterDied(Event):
    """A character drops to 0 HP and leaves the grid; ``by`` the character who dealt the last loss."""

    character: int
    by: int | None


@reg
@dataclass(frozen=True, slots=True)
class CaptureAttempted(Event):
    """Capture a tower (a full turn action): 3 attack dice against 3 defense dice, both rolled by the capturer;
    the tower is captured if any attack succeeds after the blocks."""

    character: int
    objective: int
    successes: int
    blocks: int
    captured: bool


@reg
@dataclass(frozen=True, slots=True)
class TowerCaptured(Event):
    """A tower changes hands: ``team`` controls it now (``previous``: null when nobody did)."""

    objective: int
    team: int
    previous: int | None
    by: int


@reg
@dataclass(frozen=True, slots=True)
class ControlCounted(Event):
    """At the end of a turn, the team that controls every tower has held them ``turns`` turns in a row (0: no team
    holds them all, the count restarts)."""

    team: int | None
    turns: int


@reg
@dataclass(frozen=True, slots=True)
class CharacterDowned(Event):
    """Endless Battlefield: a character that died is not removed; it goes to its team's obelisk (the nearest free
    tile) with 0 HP and cannot move or act until its HP is full again."""

    character: int
    x: int
    y: int


@reg
@dataclass(frozen=True, slots=True)
class CharacterRevived(Event):
    """A recovering character's HP is full: it can move and act again."""

    character: int


@reg
@dataclass(frozen=True, slots=True)
class SoulScored(Event):
    """Deathmatch: a kill scores a soul token for the killer's team (free-for-all: the killing player); ``souls`` is
    that team's total."""

    team: int
    by: int
    souls: int


@reg
@dataclass(frozen=True, slots=True)
class CrystalTaken(Event):
    """Endless Battlefield (Capture): a character takes a crystal of ``team`` -- stolen from that team's obelisk,
    or picked up from the ground (``how``); it fills one inventory slot."""

    character: int
    team: int
    how: str


@reg
@dataclass(frozen=True, slots=True)
class CrystalDropped(Event):
    """A character carrying a crystal dies: the crystal of ``team`` lies on (x, y)."""

    character: int
    team: int
    x: int
    y: int


@reg
@dataclass(frozen=True, slots=True)
class CrystalReturned(Event):
    """A character of the crystal's own team picks it up from (x, y): it returns to their obelisk."""

    character: int
    team: int
    x: int
    y: int


@reg
@dataclass(frozen=True, slots=True)
class CrystalDelivered(Event):
    """A character deposits an enemy crystal at its own team's obelisk; ``delivered`` is its team's total."""

    character: int
    team: int
    delivered: int


@reg
@dataclass(frozen=True, slots=True)
class CaravanPlaced(Event):
    """Caravan Escort: a caravan (2×1) on the defenders' border, its tail at (x, y) and its head ahead of it, with
    its loot tokens."""

    caravan: int
    x: int
    y: int
    head_x: int
    head_y: int
    loot: int


@reg
@dataclass(frozen=True, slots=True)
class CaravanRouteChosen(Event):
    """The defending team chooses the way around what blocks a caravan: the tile its head moves to."""

    KIND: ClassVar[str] = INPUT
    player: int
    caravan: int
    x: int
    y: int
    source: str


@reg
@dataclass(frozen=True, slots=True)
class CaravanMoved(Event):
    """A caravan moves like a snake: the head to (head_x, head_y), the tail onto the head's last tile;
    ``steps`` tiles (1 plus its speed-ups), ``blocked`` when it could not go as far."""

    caravan: int
    head_x: int
    head_y: int
    tail_x: int
    tail_y: int
    steps: int
    blocked: bool


@reg
@dataclass(frozen=True, slots=True)
class CaravanSpedUp(Event):
    """A defender's special action at the end of its combat phase: the caravan's next move is one longer
    (``boost``, at most 2, spent when it moves)."""

    caravan: int
    character: int
    boost: int


@reg
@dataclass(frozen=True, slots=True)
class LootStolen(Event):
    """A robber's special action at the end of its combat phase: 3 attack dice; each critical removes a loot
    token; ``loot`` is what the caravan has left."""

    caravan: int
    character: int
    criticals: int
    loot: int


@reg
@dataclass(frozen=True, slots=True)
class CaravanRemoved(Event):
    """A caravan leaves the game: ``reason`` arrived (at the far edge, with its loot) or robbed (no loot left)."""

    caravan: int
    reason: str
    loot: int


@reg
@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The winner (a seat; null for a draw) and why the match ended."""

    FINAL: ClassVar[bool] = True  # nothing follows it

    winner: int | None
    reason: str
