"""The state of a Cogs of Valor match: cogs, crew, wind, scores.

It only ever changes through :mod:`.fold`, so it is always the fold of the
events. Collections are dicts keyed by id (insertion order = muster order) and
lists; nothing iterates over a set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tables import COG_TYPES, HEADINGS, CogType


@dataclass
class Crew:
    id: int
    owner: int  # the side the crewmember fights for
    cog: int
    deck: str  # stern, main, fore, nest, hold, or "middle" (a boarding melee between two cogs)
    upgrades: tuple[str, ...]
    hero: bool
    hero_upgrade: str | None
    leader: bool
    captive_of: int | None = None  # set while held in a hold as a captive
    spent: int = 0  # actions used this turn (a quick shot hero may shoot twice)
    tasked: bool = False  # sailed, rowed or worked a ballista this turn: no attacks (p.5)
    fate: str | None = None  # "killed" / "captured" once struck; removed at cleanup
    fate_by: int | None = None
    hold_cog: int | None = None  # where a captured crewmember will be taken
    facing: int | None = None  # the other cog, while in a boarding melee in the middle
    moved: bool = False  # transferred during this turn's regroup
    struck_seq: int | None = None  # the CrewStruck that decided its fate (cleanup cites it)
    own_hero_upgrade: str | None = None  # a leader's original hero upgrade, the one marked as its own (p.3)

    @property
    def armored(self) -> bool:
        return "armor" in self.upgrades

    @property
    def on_deck(self) -> bool:
        return self.deck not in ("hold",) and self.captive_of is None

    @property
    def alive(self) -> bool:
        return self.fate is None


@dataclass
class Ballista:
    side: str
    destroyed: bool = False
    rotated: bool = False  # rotated this turn: cannot fire until the next


@dataclass
class Cog:
    id: int
    name: str
    type: str
    owner: int  # the controlling player
    x: int
    y: int
    heading: int
    hull: int
    max_hull: int
    ballistae: list[Ballista] = field(default_factory=list)
    fire: int = 0
    anchored: bool = False
    sunk: bool = False
    hold: dict[str, int] = field(default_factory=dict)  # upgrades, timber, paint
    paint: int = 0  # fire still to ignore (fire resistant paint)
    grappled: list[int] = field(default_factory=list)
    last_damager: int | None = None
    origin: int = 0  # the player whose fleet launched it
    # Seqs of the events the regroup cites as causes (see fold.apply: state.seq).
    damage_seq: int | None = None  # the last HullDamaged or FireSpread
    fire_seq: int | None = None  # the last FireSet that added fire
    fire_by: int | None = None  # who set that fire (None: a firepot's critical on its own cog)
    grapple_seq: dict[int, int] = field(default_factory=dict)  # other cog -> GrappleRolled that held
    arrived: dict[int, int] = field(default_factory=dict)  # player -> last CrewMoved bringing its crew aboard

    @property
    def kind(self) -> CogType:
        return COG_TYPES[self.type]

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass
class Island:
    id: int
    x: int
    y: int


@dataclass
class CogsState:
    players: list[str]
    width: int
    height: int
    islands: list[Island]
    turn: int = 0
    wind: int = 6
    cogs: dict[int, Cog] = field(default_factory=dict)
    crew: dict[int, Crew] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)
    searched: dict[int, list[int]] = field(default_factory=dict)  # player -> islands found
    visited: dict[int, list[int]] = field(default_factory=dict)  # player -> islands searched
    courses: dict[int, tuple[str, int]] = field(default_factory=dict)  # secret until revealed
    boarding: dict[int, tuple[int, int]] = field(default_factory=dict)  # cog -> (target, count), secret
    fleets: dict[int, str] = field(default_factory=dict)  # player -> fleet name
    next_crew: int = 0  # crew ids are never reused, even after the crew is gone
    seq: int = 0  # events folded so far: while an event is folded, its own seq
    turn_seq: int = 0  # the current turn's TurnBegan
    # player -> (seq, x, y) of its latest loss on deck (crew killed or captured, a cog sunk or
    # captured): where a cog-matching player was last eliminated.
    losses: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    over: bool = False
    winner: int | None = None
    reason: str = ""

    # -- queries --------------------------------------------------------------
    def afloat(self) -> list[Cog]:
        return [c for c in self.cogs.values() if not c.sunk]

    def aboard(self, cog: int, *, deck: str | None = None, owner: int | None = None,
               living: bool = True) -> list[Crew]:
        """Crew standing on a cog's decks (not the hold, not captives), optionally filtered."""
        out = []
        for c in self.crew.values():
            if c.cog != cog or not c.on_deck or c.deck == "middle":
                continue
            if deck is not None and c.deck != deck:
                continue
            if owner is not None and c.owner != owner:
                continue
            if living and not c.alive:
                continue
            out.append(c)
        return out

    def in_play(self, player: int) -> bool:
        """A player is in play while one of its crew stands on a cog it controls."""
        for cog in self.afloat():
            if cog.owner == player and self.aboard(cog.id, owner=player, living=False):
                return True
        return False

    def cog_of(self, crew: Crew) -> Cog:
        return self.cogs[crew.cog]


def crew_profile(crew: Crew) -> str:
    """A short name for what a crewmember is: "basic", "armor+longbow", "hero(crossbow)+armor", "leader"."""
    if crew.leader:
        return "leader"
    parts = list(crew.upgrades)
    if crew.hero:
        parts.insert(0, f"hero({crew.hero_upgrade})" if crew.hero_upgrade else "hero")
    elif crew.hero_upgrade:
        parts.insert(0, f"apprentice({crew.hero_upgrade})")
    return "+".join(parts) if parts else "basic"


def snapshot_of(state: CogsState) -> dict[str, Any]:
    cogs = []
    for cog in state.cogs.values():
        cogs.append({
            "id": cog.id, "name": cog.name, "type": cog.type, "owner": cog.owner,
            "x": cog.x, "y": cog.y, "heading": HEADINGS[cog.heading], "hull": cog.hull,
            "max_hull": cog.max_hull, "fire": cog.fire, "anchored": cog.anchored, "sunk": cog.sunk,
            "ballistae": [{"side": b.side, "destroyed": b.destroyed} for b in cog.ballistae],
            "hold": dict(sorted(cog.hold.items())), "paint": cog.paint, "grappled": list(cog.grappled),
        })
    crew = []
    for c in state.crew.values():
        crew.append({
            "id": c.id, "owner": c.owner, "cog": c.cog, "deck": c.deck, "profile": crew_profile(c),
            "captive_of": c.captive_of, "spent": c.spent, "tasked": c.tasked, "fate": c.fate,
        })
    return {
        "turn": state.turn, "wind": HEADINGS[state.wind], "players": list(state.players),
        "fleets": {str(k): v for k, v in state.fleets.items()},
        "surface": [state.width, state.height],
        "islands": [{"id": i.id, "x": i.x, "y": i.y} for i in state.islands],
        "scores": list(state.scores), "cogs": cogs, "crew": crew,
        "courses": {str(k): [m, s] for k, (m, s) in state.courses.items()},
        "boarding": {str(k): [t, n] for k, (t, n) in state.boarding.items()},
        "searched": {str(k): list(v) for k, v in state.searched.items()},
        "over": state.over, "winner": state.winner, "reason": state.reason,
    }
