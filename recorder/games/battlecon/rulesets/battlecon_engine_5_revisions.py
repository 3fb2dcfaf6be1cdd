"""The earlier states engine battlecon-engine-5 went through on main, as revisions of it.

Engine 5 changed five times on main on 2026-11-26 after its first commit (9b3b0ef), each change recorded under the
same version string, so a log of each state names only ``battlecon-engine-5`` (and, for a match of a kit that
gained a card, that kit's fingerprint then). Engine 6 is engine 5's final state under a new version string: from it on, one
version string is one set of rules again. The states, oldest first, each a *revision* (``recorder.rulesets``): a
log that :class:`Engine5` does not re-derive is re-run under each revision that accepts its rules version.

1. 9b3b0ef: engine 4 but a spent token's Stun Guard infinity no longer stands against an attack that ignores Stun
   Guard (docs/rulings.md ``bc-iron-body-ignored``).
2. 9c5ab2b: an attack its own cards say cannot hit is recorded as such, not as a dodge (``bc-cannot-hit``).
3. b7953ca: a Finisher side added to a kit (card data ``since_engine`` 5: that kit's fingerprint changed) and
   borrowed cards (``bc-borrowed-cards``).
4. 49653c5: an opponent's negation of every triggered effect reaches abilities acting at the end of the beat
   (``bc-negated-abilities``).
5. d9a3f81: one "advance until adjacent", worded alike for every kit (``bc-advance-until-adjacent``).
6. fb0034c: that negation also reaches an ability acting on damage taken. From here engine 5 is :class:`Engine5`.

Not kept as revisions (kits' own code, not a hook of the game): between revisions 3 and 6, two kits did not read
a borrowed base as its printed base (56ab5fb), and a third failed on a borrowed card (53bd08a: those matches could
not be recorded at all). docs/protocol-battlecon.md names them.
"""

from __future__ import annotations

from itertools import combinations

from recorder.rulesets import RulesVersions

from ..cards import FIGHTERS
from ..game import RULESETS, BattleCON
from .battlecon_engine_4 import FINGERPRINTS_4, Engine4
from .battlecon_engine_5 import Engine5
from .battlecon_engine_6 import Engine6


def _pairs(fingerprints):
    return lambda: (fingerprints.of(pair) for pair in combinations(FIGHTERS, 2))


def _end_of_beat_only(self, ctx, p: int, trigger, timing: str):
    """Revisions 4 and 5: the negation reached abilities acting at the end of the beat (as engine 6 did), not on
    damage taken."""
    if timing != "end":
        return False
    return (yield from Engine6.ability_negated(self, ctx, p, trigger, timing))


@RULESETS.revision
class Engine5Revision1(Engine4):
    """9b3b0ef: engine 4 with the Stun Guard fix (as engine 4, no card engine 5 added: engine 4's fingerprints)."""

    engine_version = "battlecon-engine-5"
    revision = 1
    rules_versions = RulesVersions(_pairs(FINGERPRINTS_4))
    stun_guard_ignored = BattleCON.stun_guard_ignored


@RULESETS.revision
class Engine5Revision2(Engine5Revision1):
    """9c5ab2b: and an attack that cannot hit is not a dodge."""

    engine_version = "battlecon-engine-5"
    revision = 2
    rules_versions = Engine5Revision1.__dict__["rules_versions"]
    cannot_hit_records = BattleCON.cannot_hit_records


@RULESETS.revision
class Engine5Revision3(Engine5):
    """b7953ca: and the Finisher side engine 5 added (that kit's fingerprint engine 5's own from here); negation
    and the words of a blocked "advance until adjacent" as engine 4's."""

    engine_version = "battlecon-engine-5"
    revision = 3
    rules_versions = Engine5.__dict__["rules_versions"]
    ability_negated = Engine4.ability_negated
    until_adjacent_blocked = Engine4.until_adjacent_blocked


@RULESETS.revision
class Engine5Revision4(Engine5Revision3):
    """49653c5: and the negation reaches abilities acting at the end of the beat."""

    engine_version = "battlecon-engine-5"
    revision = 4
    rules_versions = Engine5.__dict__["rules_versions"]
    ability_negated = _end_of_beat_only


@RULESETS.revision
class Engine5Revision5(Engine5Revision4):
    """d9a3f81: and one "advance until adjacent", worded alike."""

    engine_version = "battlecon-engine-5"
    revision = 5
    rules_versions = Engine5.__dict__["rules_versions"]
    until_adjacent_blocked = BattleCON.until_adjacent_blocked
