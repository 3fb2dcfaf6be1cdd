"""Engine battlecon-engine-3: as engine 4 (its base class) but for what two records said (issue #21).

- An effect's stun ("the opponent is stunned", an On Hit effect) and its prevention by stun immunity recorded
  ``damage`` 0 and ``stun_guard`` 0 whatever the fighter's figures were.
- PairRevealed wrote ``""`` for a name that was not revealed (the base of an anted Finisher), and its schema
  allowed empty names.

Its events are registered as they were (the three classes below, docstrings included: they are part of the
schemas, which the rules fingerprints cover), so its logs validate and fingerprint as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from recorder.events import Event
from recorder.rulesets import RulesVersions

from ..cards import FIGHTERS
from ..game import RULESETS, Fingerprints
from ..kit import FIRST_RULES
from .battlecon_engine_4 import Engine4

ev = dataclass(frozen=True, slots=True)


@ev
class PairRevealed(Event):
    """Both attack pairs turned face up (index = player)."""

    TYPE = "PairRevealed"
    styles: tuple[str, ...]
    bases: tuple[str, ...]


@ev
class StunApplied(Event):
    """The fighter is stunned: by ``damage`` over its stun guard, or by an effect ("the opponent is stunned").
    ``damage`` is the damage compared: this attack's (WoI), the total taken this beat (Preview)."""

    TYPE = "StunApplied"
    player: int
    reason: Literal["damage", "effect"]
    damage: int
    stun_guard: int


@ev
class StunPrevented(Event):
    """A stun that did not happen: ``by`` stun guard, stun immunity or a kit's ability (a spent token). ``damage`` is
    the damage compared: this attack's (WoI), the total taken this beat (Preview)."""

    TYPE = "StunPrevented"
    player: int
    by: str
    damage: int
    stun_guard: int


EVENTS_3 = Engine4.events.with_types(PairRevealed, StunApplied, StunPrevented)
FINGERPRINTS_3 = Fingerprints(EVENTS_3, engine=3)


@RULESETS.register
class Engine3(Engine4):
    engine_version = "battlecon-engine-3"
    engine = 3
    # Every fingerprint a match recorded under engine 3 carries: the game-wide one, and each pair's (worked out when
    # a log asks).
    rules_versions = RulesVersions(
        lambda: {FIRST_RULES, *(FINGERPRINTS_3.of(pair) for pair in combinations(FIGHTERS, 2))})
    events = EVENTS_3

    def __init__(self) -> None:
        super().__init__()
        self.fingerprints = FINGERPRINTS_3  # and so rules_version is engine 3's shared rules

    def pair_revealed(self, styles, bases) -> PairRevealed:
        return PairRevealed(styles=tuple(s or "" for s in styles), bases=tuple(b or "" for b in bases))

    def effect_stun_figures(self, state, target: int) -> tuple[int, int]:
        return 0, 0
