"""Engine cogs-0.3.0: as cogs-0.4.0 but for two rules it got wrong at the edges (issue #21).

- A drift that met the table edge slid along it (the end was clamped into the table) instead of stopping.
- Friendly fire counted only the firer's crew still standing on the target deck: once each of them had been
  hit, the -4 was dropped, although struck crew stay on the deck until the regroup.
"""

from __future__ import annotations

from ..combat_attacks import deck_crew
from ..game import RULESETS, CogsGame
from ..geometry import Point, clamp
from ..state import CogsState


@RULESETS.register
class Cogs030(CogsGame):
    engine_version = "cogs-0.3.0"
    rules_versions = frozenset({"cogs-of-valor-2012/beatlog-rulings-2"})

    def drift_end(self, start: Point, vector: Point, radius: int, width: int, height: int) -> Point:
        return clamp((start[0] + vector[0], start[1] + vector[1]), radius, width, height)

    def friendly_fire(self, state: CogsState, player: int, cog: int, deck: str) -> bool:
        return any(c.owner == player for c in deck_crew(state, cog, deck))
