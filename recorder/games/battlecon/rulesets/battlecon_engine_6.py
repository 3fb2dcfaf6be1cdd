"""Engine battlecon-engine-6: as engine 7 (``BattleCON``) but for what engine 7 changed (docs/protocol-battlecon.md,
"Engine versions").

- An opponent's effect negating every triggered effect (a kit's ``negate_trigger``) reached a Unique Ability acting at
  the end of the beat or on damage taken, but not one acting when its fighter is hit or when it is stunned
  (docs/rulings.md ``bc-negated-abilities`` names the abilities): here the game's ``ability_negated`` hook lets those
  act.
- ``AttackMissed`` said in its docstring that a dodged attack is one kind of miss, as engine 4 recorded an attack
  that cannot hit; engine 7 words it as engine 5 records it (docs/rulings.md ``bc-cannot-hit``). Docstrings are
  part of the event schemas the rules fingerprints cover, so the class is registered here as it was and engine 6's
  logs fingerprint as they always did.

Engines 5, 4 and 3 are engine 6 and their own overrides (``Engine5`` subclasses ``Engine6``), so they keep the
registry and the fingerprints below too.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from recorder.events import Event
from recorder.rulesets import RulesVersions

from ..cards import FIGHTERS
from ..events import EVENTS
from ..game import RULESETS, BattleCON, Fingerprints

ev = dataclass(frozen=True, slots=True)


@ev
class AttackMissed(Event):
    """The attack did not hit (out of range, N/A range, dodged)."""

    TYPE = "AttackMissed"
    player: int
    reason: str


EVENTS_6 = EVENTS.with_types(AttackMissed)
FINGERPRINTS_6 = Fingerprints(EVENTS_6)

# The moments engine 6 let an opponent negate a Unique Ability the kit resolves itself (``Trigger.act``): at the end
# of the beat and on damage taken; engine 7 added being hit and being stunned.
NEGATED_AT = frozenset({"end", "damage"})


@RULESETS.register
class Engine6(BattleCON):
    engine_version = "battlecon-engine-6"
    # Every fingerprint a match recorded under engine 6 carries: each pair's (worked out when a log asks).
    rules_versions = RulesVersions(lambda: (FINGERPRINTS_6.of(pair) for pair in combinations(FIGHTERS, 2)))
    events = EVENTS_6

    def __init__(self) -> None:
        super().__init__()
        self.fingerprints = FINGERPRINTS_6  # and so rules_version is engine 6's shared rules

    def ability_negated(self, ctx, p: int, trigger, timing: str):
        if timing not in NEGATED_AT:
            return False
        return (yield from BattleCON.ability_negated(self, ctx, p, trigger, timing))
