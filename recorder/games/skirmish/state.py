"""The state of a grid skirmish match: characters on the grid, obstacles, the turn.

It only ever changes through :mod:`.fold`, so it is always the fold of the events. Collections are
dicts keyed by id (insertion order = join order) and lists; nothing iterates over a set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Tile

# Statuses whose value is the last turn they are active in (Bleed X, Daze X... "for X turns").
TIMED = ("bleed", "daze", "chill", "corrosion", "hex", "root", "stun")
# Burn's value is its X (halved each status phase), pierced's its stacks, guard's its DEF bonus this turn.
STATUSES = TIMED + ("burn", "pierced", "guard")


@dataclass
class Character:
    id: int
    key: str
    name: str
    owner: int
    team: int
    max_hp: int
    max_sp: int
    atk: int
    defense: int
    agi: int
    weapon: str | None
    skills: tuple[str, ...]
    deck: list[int]
    hp: int = 0
    sp: int = 0
    discard: list[int] = field(default_factory=list)
    x: int | None = None
    y: int | None = None
    facing: str = "N"
    alive: bool = True
    coins: int = 3
    inventory: list[list[Any]] = field(default_factory=list)  # [item, uses left]
    statuses: dict[str, int] = field(default_factory=dict)
    statuses_by: dict[str, int] = field(default_factory=dict)  # status -> the character who applied it last
    ready: dict[str, int] = field(default_factory=dict)  # skill -> first turn it may be used again
    planned: int | None = None  # the face-down movement card (secret)
    committed: str | None = None  # its public digest
    main_used: bool = False  # this turn's attack or skill
    action_used: bool = False  # this turn's action
    done: bool = False  # its combat phase is over (rest, pass an item, end)
    used: list[str] = field(default_factory=list)  # skills used this turn (once each per turn)
    recovering: bool = False  # endless scenarios: back at its obelisk after dying, until its HP is full
    path: list[list[int]] = field(default_factory=list)  # this turn's card movement, from where it started
    crystal: int | None = None  # Endless Battlefield (Capture): the team whose crystal it carries

    @property
    def tile(self) -> Tile | None:
        return None if self.x is None else (self.x, self.y)

    @property
    def on_grid(self) -> bool:
        return self.alive and self.x is not None

    @property
    def in_play(self) -> bool:
        """On the grid and able to act and be targeted (not recovering at an obelisk)."""
        return self.on_grid and not self.recovering


@dataclass
class Objective:
    id: int
    kind: str  # tower, obelisk
    x: int
    y: int
    team: int | None  # a tower's controller, an obelisk's team (None: the central obelisk of a free-for-all)

    @property
    def tile(self) -> Tile:
        return (self.x, self.y)


@dataclass
class Caravan:
    """Caravan Escort: a 2×1 token, head and tail, with its loot; ``boost`` extra tiles on its next move;
    ``gone`` once it has arrived or been robbed bare."""

    id: int
    head: Tile
    tail: Tile
    loot: int
    boost: int = 0
    gone: str | None = None  # arrived, robbed

    @property
    def tiles(self) -> tuple[Tile, Tile]:
        return (self.head, self.tail)


@dataclass
class SkirmishState:
    players: list[str]
    sides: list[str]
    teams: list[int]  # seat -> team
    kit: dict[str, Any]
    scenario: str = "skirmish"
    team_count: int = 2
    turn_limit: int = 0
    turn: int = 0
    characters: dict[int, Character] = field(default_factory=dict)
    obstacles: list[Tile] = field(default_factory=list)
    objectives: dict[int, Objective] = field(default_factory=dict)
    caravans: dict[int, Caravan] = field(default_factory=dict)
    control: dict[int, int] = field(default_factory=dict)  # team -> turns it has held every tower
    souls: list[int] = field(default_factory=list)  # per team (Deathmatch)
    crystals: list[int] = field(default_factory=list)  # per team: crystals delivered (Capture)
    dropped: list[list[int]] = field(default_factory=list)  # [x, y, crystal's team] lying on the ground
    tie_order: list[int] = field(default_factory=list)
    seq: int = 0  # events folded so far: while an event is folded, its own seq
    over: bool = False
    winner: int | None = None
    reason: str = ""

    # -- queries --------------------------------------------------------------
    def living(self) -> list[Character]:
        return [c for c in self.characters.values() if c.on_grid]

    def at(self, t: Tile) -> Character | None:
        for c in self.characters.values():
            if c.on_grid and c.tile == t:
                return c
        return None

    def objective_at(self, t: Tile) -> Objective | None:
        return next((o for o in self.objectives.values() if o.tile == t), None)

    def occupied(self, t: Tile) -> bool:
        """An obstacle, an objective token (tower, obelisk) or a character stands there."""
        return (t in self.obstacles or self.objective_at(t) is not None or self.at(t) is not None
                or any(t in cv.tiles for cv in self.caravans.values() if cv.gone is None))

    def active(self, c: Character, status: str) -> bool:
        """Whether ``status`` holds for ``c`` now."""
        value = c.statuses.get(status)
        if value is None:
            return False
        return value >= self.turn if status in TIMED else value > 0

    def stat(self, c: Character, name: str) -> int:
        """ATK, DEF or AGI after statuses; no debuff lowers a statistic below 1 (rules, Start of the game)."""
        if name == "atk":
            value = c.atk - self.active(c, "daze") - self.active(c, "hex")
        elif name == "def":
            value = c.defense - self.active(c, "corrosion") - self.active(c, "hex")
        else:
            value = c.agi - 2 * self.active(c, "chill") - c.statuses.get("pierced", 0)
        value = max(1, value)
        if name == "def":
            value += c.statuses.get("guard", 0)
        return value

    def enemies(self, c: Character) -> list[Character]:
        return [o for o in self.living() if o.team != c.team and o.in_play]

    def allies(self, c: Character) -> list[Character]:
        return [o for o in self.living() if o.team == c.team and o.id != c.id and o.in_play]

    def acting(self) -> list[Character]:
        return [c for c in self.living() if not c.recovering]

    def teams_alive(self) -> list[int]:
        return sorted({c.team for c in self.living()})


def snapshot_of(state: SkirmishState) -> dict[str, Any]:
    chars = []
    for c in state.characters.values():
        chars.append({
            "id": c.id, "key": c.key, "name": c.name, "owner": c.owner, "team": c.team,
            "hp": c.hp, "max_hp": c.max_hp, "sp": c.sp, "max_sp": c.max_sp,
            "atk": state.stat(c, "atk"), "def": state.stat(c, "def"), "agi": state.stat(c, "agi"),
            "weapon": c.weapon, "skills": list(c.skills), "x": c.x, "y": c.y, "facing": c.facing,
            "alive": c.alive, "coins": c.coins, "inventory": [list(i) for i in c.inventory],
            "statuses": dict(sorted(c.statuses.items())), "ready": dict(sorted(c.ready.items())),
            "deck": sorted(c.deck), "discard": list(c.discard), "committed": c.committed,
            "recovering": c.recovering, "crystal": c.crystal, "path": [list(t) for t in c.path],
        })
    return {
        "turn": state.turn, "players": list(state.players), "sides": list(state.sides),
        "teams": list(state.teams), "scenario": state.scenario, "grid": [10, 14],
        "obstacles": [list(t) for t in state.obstacles], "tie_order": list(state.tie_order),
        "objectives": [{"id": o.id, "kind": o.kind, "x": o.x, "y": o.y, "team": o.team}
                       for o in state.objectives.values()],
        "control": {str(k): v for k, v in state.control.items()}, "souls": list(state.souls),
        "crystals": list(state.crystals), "dropped": [list(d) for d in state.dropped],
        "caravans": [{"id": cv.id, "head": list(cv.head), "tail": list(cv.tail), "loot": cv.loot, "boost": cv.boost,
                      "gone": cv.gone} for cv in state.caravans.values()],
        "characters": chars,
        "planned": {str(c.id): c.planned for c in state.characters.values() if c.planned is not None},
        "over": state.over, "winner": state.winner, "reason": state.reason,
    }
