"""Seeded bots for the grid skirmish game: ``first``, ``random`` and ``sensible``.

Randomness only through :class:`recorder.rng.ChanceSource`. ``sensible`` closes in on the nearest enemy
and ends its move facing it, attacks the weakest enemy in reach, uses its attack skills, heals when hurt,
rests when short of SP, interrupts with an Instant skill, focuses on a missed die.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from recorder.decisions import Answer, FirstOption, OptionPicker, Request
from recorder.errors import InvalidDecision
from recorder.rng import ChanceSource

from . import board
from .combat import weapon_of
from .scenarios import scenario_of
from .state import Character, SkirmishState

BOTS = ("first", "random", "sensible")


@dataclass
class RandomBot(OptionPicker):
    seed: int
    player: int
    name: str = "bot:random"
    rng: ChanceSource = field(init=False)

    def __post_init__(self) -> None:
        self.rng = ChanceSource(self.seed, f"skirmish-bot-random-{self.player}")

    def pick(self, request: Request, match: Any) -> int:
        n = len(request.options)
        if request.kind == "combat" and self.rng.draw(4) == 0:
            return n - 1  # the last option ends the phase: keeps turns short
        return self.rng.draw(n)


def _nearest_enemy(s: SkirmishState, c: Character, at: board.Tile | None = None) -> Character | None:
    at = at or c.tile
    foes = s.enemies(c)
    return min(foes, key=lambda o: (board.distance(at, o.tile), o.hp, o.id)) if foes else None


def _goal(s: SkirmishState, c: Character) -> board.Tile | None:
    """A tower this character's team does not control yet (Domination), nearest first."""
    sc = scenario_of(s)
    if sc.caravans:
        moving = [t for cv in s.caravans.values() if cv.gone is None for t in cv.tiles]
        return min(moving, key=lambda t: (board.distance(c.tile, t), t)) if moving else None
    if sc.crystals:
        obelisks = [o.tile for o in s.objectives.values() if o.kind == "obelisk"
                    and (o.team == c.team) == (c.crystal is not None)]
        return min(obelisks, key=lambda t: (board.distance(c.tile, t), t)) if obelisks else None
    if sc.victory != "control":
        return None
    towers = [o.tile for o in s.objectives.values() if o.kind == "tower" and o.team != c.team]
    return min(towers, key=lambda t: (board.distance(c.tile, t), t)) if towers else None


def _position_score(s: SkirmishState, c: Character, at: board.Tile, facing: str) -> tuple:
    """Lower is better: next to a tower to take; else an enemy in reach ahead, then close to the nearest
    enemy, facing it."""
    goal = _goal(s, c)
    if goal is not None:
        if scenario_of(s).crystals and c.crystal is None:  # stealing takes an adjacent tile (no diagonal)
            return (0, abs(at[0] - goal[0]) + abs(at[1] - goal[1]) - 1, 0)
        return (0, max(0, board.distance(at, goal) - 1), 0)
    foe = _nearest_enemy(s, c, at)
    if foe is None:
        return (0, 0, 0)
    reach = weapon_of(s, c)["range"]
    in_reach = board.in_front(at, facing, foe.tile, reach) or (reach == 1 and board.from_side(at, facing, foe.tile))
    forward, lateral = board.frame(at, facing, foe.tile)
    return (0 if in_reach else 1, board.distance(at, foe.tile), -forward + abs(lateral))


@dataclass
class SensibleBot:
    seed: int
    player: int
    name: str = "bot:sensible"
    rng: ChanceSource = field(init=False)

    def __post_init__(self) -> None:
        self.rng = ChanceSource(self.seed, f"skirmish-bot-sensible-{self.player}")

    def answer(self, request: Request, match: Any) -> Answer:
        state: SkirmishState = match.state
        pick = getattr(self, f"_{request.kind.replace(' ', '_')}", None)
        if request.kind == "focus":
            return Answer(self._focus(state, request.options, match), self.name)
        choice = pick(state, request.options) if pick else request.options[0]
        return Answer(choice, self.name)

    def _objective(self, s: SkirmishState, options) -> dict:
        """A tower close to its own zone; an obelisk in the middle of the zone's front row; caravans spread out."""
        if options[0]["kind"] == "caravan":
            want = (1, 4, 7)[len(s.caravans) % 3]
            return min(options, key=lambda o: (abs(o["x"] - want), o["x"]))
        seat = options[0]["player"]
        home = board.zone(seat, s.team_count)[len(board.zone(seat, s.team_count)) // 2]
        return min(options, key=lambda o: (board.distance((o["x"], o["y"]), home), o["x"], o["y"]))

    def _obstacle(self, s, options) -> dict:
        return options[self.rng.draw(len(options))]  # "try to make it randomized"

    def _shop(self, s: SkirmishState, options) -> dict:
        items = s.kit["items"]
        owned = [i for i, _ in s.characters[options[0]["character"]].inventory]
        if scenario_of(s).crystals and len(owned) >= 2:
            return options[0]  # a slot stays free to carry a crystal

        def value(o: dict) -> tuple:
            if o["item"] is None:
                return (9, 0, 0)
            effects = {e["effect"] for e in items[o["item"]]["effects"]}
            kind = 0 if "heal" in effects else 1 if items[o["item"]]["dice"] else 2
            return (owned.count(o["item"]), kind, -items[o["item"]]["price"])
        return min(options, key=value)

    def _deploy(self, s: SkirmishState, options) -> dict:
        mid = (board.WIDTH - 1) / 2, (board.HEIGHT - 1) / 2
        return min(options, key=lambda o: (abs(o["y"] - mid[1]), abs(o["x"] - mid[0]), o["x"]))

    def _card(self, s: SkirmishState, options) -> dict:
        c = s.characters[options[0]["character"]]
        blocked = lambda t: not board.on_board(t) or s.occupied(t)  # noqa: E731
        best, best_key = options[0], None
        for o in options:
            for p in board.paths(c.tile, c.facing, o["card"], blocked):
                at = tuple(p["path"][-1]) if p["path"] else c.tile
                key = _position_score(s, c, at, p["facing"]) + (o["card"],)
                if best_key is None or key < best_key:
                    best, best_key = o, key
        return best

    def _path(self, s: SkirmishState, options) -> dict:
        c = s.characters[options[0]["character"]]
        return min(options, key=lambda o: _position_score(
            s, c, tuple(o["path"][-1]) if o["path"] else c.tile, o["facing"]))

    def _teleport(self, s: SkirmishState, options) -> dict:
        c = s.characters[options[0]["character"]]
        return min(options, key=lambda o: _position_score(s, c, (o["x"], o["y"]), o["facing"]))

    def _combat(self, s: SkirmishState, options) -> dict:
        c = s.characters[options[0]["character"]]
        by_action: dict[str, list[dict]] = {}
        for o in options:
            by_action.setdefault(o["action"], []).append(o)
        hurt = c.hp * 2 <= c.max_hp
        for o in by_action.get("item", []) + by_action.get("skill", []):
            spec = s.kit["items" if o["action"] == "item" else "skills"][o["item"] or o["skill"]]
            if hurt and o["target"] == c.id and any(e["effect"] == "heal" for e in spec["effects"]):
                return o
        if "attack" in by_action:
            return min(by_action["attack"], key=lambda o: (s.characters[o["target"]].hp, o["target"]))
        for special in ("deposit", "steal", "pick up", "rob", "speed up"):
            if special in by_action:
                return by_action[special][0]
        if "capture" in by_action:
            return by_action["capture"][0]
        if "attack" in by_action:
            return min(by_action["attack"], key=lambda o: (s.characters[o["target"]].hp, o["target"]))
        for o in by_action.get("skill", []):
            if o["target"] is not None and s.characters[o["target"]].team != c.team:
                return o
            if o["target"] is None and any(s.characters[x].team != c.team for x in _near(s, o)):
                return o
        for o in by_action.get("cure", []):
            return o
        if "rest" in by_action and c.sp < c.max_sp:
            return by_action["rest"][0]
        return by_action["end"][0]

    def _reaction(self, s, options) -> dict:
        return next((o for o in options if o["action"] == "skill"), options[0])

    def _movement_skill(self, s, options) -> dict:
        return options[0]

    def _focus(self, s, options, match: Any = None) -> dict:
        """Reroll the first die that missed (the roll is the last DiceRolled in the log)."""
        rolled = next((e.event for e in reversed(match.entries) if e.type == "DiceRolled"), None) if match else None
        if rolled is None:
            return options[0]
        miss = next((i for i, f in enumerate(rolled.faces) if f <= 5), None)
        return options[0] if miss is None else next(o for o in options if o["die"] == miss)

    def _discard(self, s, options) -> dict:
        return min(options, key=lambda o: sum(o["cards"]))


def _near(s: SkirmishState, o: dict) -> list[int]:
    return [c.id for c in s.living() if board.distance((o["x"], o["y"]), c.tile) <= 1]


def make_bot(name: str, seed: int, player: int):
    if name == "first":
        return FirstOption()
    if name == "random":
        return RandomBot(seed, player)
    if name == "sensible":
        return SensibleBot(seed, player)
    raise InvalidDecision(f"unknown skirmish bot {name!r}; bots: {', '.join(BOTS)}")
