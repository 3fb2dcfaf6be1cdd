"""Seeded bots for Cogs of Valor: ``first``, ``random`` and ``sensible``.

Randomness only through :class:`recorder.rng.ChanceSource`; ``sensible`` is
deterministic: sail for the nearest enemy, grapple when close, shoot the
easiest target, board when it has the numbers, never ram on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from recorder.decisions import Answer, FirstOption, OptionPicker, Request
from recorder.errors import InvalidDecision
from recorder.rng import ChanceSource

from .combat_attacks import ranged_number
from .crew import armed, can_sail, members, ranged_weapon
from .equip import equippers, upgrade_of
from .geometry import distance
from .movement import travel
from .state import CogsState

BOTS = ("first", "random", "sensible")


@dataclass
class RandomBot(OptionPicker):
    seed: int
    player: int
    name: str = "bot:random"
    rng: ChanceSource = field(init=False)

    def __post_init__(self) -> None:
        self.rng = ChanceSource(self.seed, f"cogs-bot-random-{self.player}")

    def pick(self, request: Request, match: Any) -> int:
        if request.kind in ("transfer", "equip") and self.rng.draw(3):
            return 0  # mostly done: keeps regroups short
        return self.rng.draw(len(request.options))


@dataclass
class SensibleBot:
    player: int
    name: str = "bot:sensible"

    def answer(self, request: Request, match: Any) -> Answer:
        state: CogsState = match.state
        if request.kind == "shoot":  # judged by the rules the match is played under (its friendly fire)
            return Answer(self._shoot(state, request.options, match.game.friendly_fire), self.name)
        pick = getattr(self, f"_{request.kind.replace(' ', '_')}", None)
        choice = pick(state, request.options) if pick else request.options[0]
        return Answer(choice, self.name)

    def _course(self, state: CogsState, options) -> dict:
        cog = state.cogs[options[0]["cog"]]
        foes = [c for c in state.afloat() if c.owner != self.player]
        if not foes:
            return options[0]
        best, best_key = options[0], None
        for opt in options:
            if opt["move"] in ("anchor", "drift"):
                pos, key_extra = cog.pos, 1
            else:
                _, (dx, dy) = travel(cog, opt["move"], opt["speed"])
                pos, key_extra = (cog.x + dx, cog.y + dy), 0
            target = min(foes, key=lambda f: (distance(cog.pos, f.pos), f.id))
            want = cog.kind.radius + target.kind.radius + 15  # close enough to grapple, not to ram
            key = (abs(distance(pos, target.pos) - want), key_extra, -opt["speed"])
            if best_key is None or key < best_key:
                best, best_key = opt, key
        return best

    def _ram(self, state, options) -> dict:
        return next(o for o in options if o["stop"])

    def _grapple(self, state, options) -> dict:
        return next(o for o in options if o["grapple"])

    def _firepot(self, state, options) -> dict:
        return max(options, key=lambda o: o["count"])

    def _ballista(self, state, options) -> dict:
        for action in ("hull", "ballista"):
            for o in options:
                if o["action"] == action:
                    return o
        return options[0]

    def _shoot(self, state: CogsState, options, friendly) -> dict:
        top = max(o["count"] for o in options)
        if top == 0:
            return options[0]
        group = members(state.crew.values(), (options[0]["cog"], options[0]["deck"], options[0]["profile"]))
        if not group:
            return options[0]

        def quality(o: dict) -> int:
            return ranged_number(state, group[0], o["target_cog"], o["target_deck"], friendly)[0]

        best = max((o for o in options if o["count"] == top), key=quality)
        return best if quality(best) >= 4 else options[0]

    def _melee(self, state, options) -> dict:
        return max(options, key=lambda o: o["count"])

    def _board(self, state: CogsState, options) -> dict:
        top = options[-1]
        defenders = [c for c in state.aboard(top["target_cog"], deck="main") if c.owner != self.player]
        return top if top["count"] > len(defenders) else options[0]

    def _deflect(self, state, options) -> dict:
        return options[0]

    def _transfer(self, state: CogsState, options) -> dict:
        """Crew onto an adjacent abandoned cog (to take it); boarders up to an enemy-held deck of the cog
        they stand on (to fight there); reserves and liberated crew out of the hold; else done. As many
        of the group as may go at once."""
        for o in options[1:]:
            if o["to_cog"] != o["cog"] and state.cogs[o["to_cog"]].owner != self.player:
                return _most(options, o)
        for o in options[1:]:
            if o["to_cog"] == o["cog"] and state.cogs[o["cog"]].owner != self.player and o["to_deck"] != "main" \
                    and any(c.owner != self.player for c in state.aboard(o["cog"], deck=o["to_deck"])):
                return _most(options, o)
        for o in options[1:]:
            if o["deck"] == "hold" and state.cogs[o["cog"]].owner == self.player:
                return _most(options, o)
        return options[0]

    def _hero_upgrade(self, state, options) -> dict:
        return next(o for o in options if o["hero_upgrade"] == "crossbow")

    def _equip(self, state: CogsState, options) -> dict:
        """The most useful upgrade from the hold (never storing one), keeping three sailors."""
        scored = [(equip_value(state, o), -i, o) for i, o in enumerate(options) if o["action"] == "equip"]
        best = max(scored, default=None, key=lambda t: t[:2])
        return best[2] if best and best[0] > 0 else options[0]


def _most(options, move: dict) -> dict:
    """The option moving the most of ``move``'s group to ``move``'s destination."""
    same = [o for o in options if {k: v for k, v in o.items() if k != "count"}
            == {k: v for k, v in move.items() if k != "count"}]
    return max(same, key=lambda o: o["count"])


HERO_VALUE = {"crossbow": 4, "quickshot": 3, "firepot": 2, "carpenter": 1}
NO_SAIL_AFTER = ("armor", "sword", "longbow", "crossbow", "quickshot", "firepot")
KEEP_SAILORS = 3


def equip_value(state: CogsState, option: dict) -> int:
    """How much an ``equip`` option helps (0 = not worth it): hero upgrades first (to a hero, who
    keeps the hero save), then armor for fighters, then a weapon for crew without one; the leader
    takes back what is its own. Never when it leaves the cog fewer than three sailors."""
    cog = state.cogs[option["cog"]]
    crew = members(equippers(state, cog), (cog.id, option["deck"], option["profile"]))[0]
    upgrade = upgrade_of(option["item"])
    if option["item"] != upgrade:
        return 5  # the leader's own, back from the hold
    sailors = [c for c in state.aboard(cog.id, owner=cog.owner) if c.deck in ("stern", "main", "fore") and can_sail(c)]
    if can_sail(crew) and upgrade in NO_SAIL_AFTER and crew in sailors and len(sailors) <= KEEP_SAILORS:
        return 0
    keeps = 0 if can_sail(crew) else 2  # already no sailor: nothing lost
    if upgrade in HERO_VALUE:
        return (30 if crew.hero else 20) + HERO_VALUE[upgrade]
    if upgrade == "armor":
        return (10 if armed(crew) or ranged_weapon(crew) else 4) + keeps
    if upgrade in ("sword", "mace"):  # close combat is on the decks, not up in the crow's nest
        return 0 if armed(crew) or crew.deck == "nest" else (8 if upgrade == "sword" else 7) + keeps
    return 0 if ranged_weapon(crew) else 8 + keeps  # a longbow


def make_bot(name: str, seed: int, player: int):
    if name == "first":
        return FirstOption()
    if name == "random":
        return RandomBot(seed, player)
    if name == "sensible":
        return SensibleBot(player)
    raise InvalidDecision(f"unknown cogs bot {name!r}; bots: {', '.join(BOTS)}")
