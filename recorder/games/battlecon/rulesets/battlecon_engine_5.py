"""Engine battlecon-engine-5: the rules engine 6 runs (``Engine6``: engine 6 changed only the version string).

Engine 5 changed five times on main on 2026-11-26 after its first commit, each change recorded under the same
version string; engine 6 is its final state under a new one, so that from it on one version string is one set of
rules again. The earlier states are kept as revisions (``battlecon_engine_5_revisions.py``).
"""

from __future__ import annotations

from itertools import combinations

from recorder.rulesets import RulesVersions

from ..cards import FIGHTERS
from ..game import RULESETS
from .battlecon_engine_6 import FINGERPRINTS_6, Engine6


@RULESETS.register
class Engine5(Engine6):
    """Engine 5's final state (from fb0034c on)."""

    engine_version = "battlecon-engine-5"
    # Every fingerprint a match recorded under engine 5's final state carries: each pair's, as engine 6's.
    rules_versions = RulesVersions(lambda: (FINGERPRINTS_6.of(pair) for pair in combinations(FIGHTERS, 2)))
