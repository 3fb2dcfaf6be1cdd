"""Engine battlecon-engine-4: as engine 5 (``Engine5``) but for the rules engine 5 fixed (docs/protocol-battlecon.md, "Engine
versions").

- A kit's stun prevention that raises stun guard (a token spent for Stun Guard infinity) could be used against an
  attack that ignores Stun Guard; the WoI FAQ says an effect that ignores Stun Guard takes precedence
  (docs/rulings.md ``bc-iron-body-ignored``): here the game's ``stun_guard_ignored`` hook tells the kits nothing.
- An attack in range that its own cards or ability say cannot hit (an Ammo token not anted, a card's "does not hit
  an opponent with a higher priority") was recorded as dodged: ``RangeChecked.dodge`` named why and
  ``AttackMissed.reason`` was ``dodged: <why>``; a dodge is the defender's effect (docs/rulings.md
  ``bc-cannot-hit``): here the game's ``cannot_hit_records`` hook says "dodged" again.
- An opponent's effect negating every triggered effect (``negate_trigger``) did not reach a Unique Ability acting at
  the end of the beat or on damage taken (a counter or a token gained then, docs/rulings.md
  ``bc-negated-abilities``): here the game's ``ability_negated`` hook negates nothing.
- "Advance until adjacent" had two implementations, one per kit, that went to the same space but worded a card that
  could not move in their own ways (one said "no space to advance to" even when the fighter could not move this
  beat): here the game's ``until_adjacent_blocked`` hook keeps each kit's earlier words (docs/rulings.md
  ``bc-advance-until-adjacent``).
- Cards engine 5 added to a kit (card data ``since_engine`` 5: a Finisher side that engine 4's kit lacked) are not
  in its rules: ``engine = 4`` leaves them out of the Finisher sides offered at set-up (``finisher_sides``) and of
  the card data its matches' fingerprints cover (``Fingerprints(engine=4)``), so those kits are engine 4's.

Engine 4 registered every event as engine 5 does, so its rules fingerprints are engine 5's for every pairing
whose kits engine 5 did not change (tests/test_battlecon_engine5.py pins all of them as engine 4 recorded them). An
override of a kit's card data or of an event class for engine 4 goes here, beside the hooks.
"""

from __future__ import annotations

from itertools import combinations

from recorder.rulesets import RulesVersions

from ..cards import FIGHTERS
from ..game import RULESETS, Fingerprints
from .battlecon_engine_5 import Engine5
from .battlecon_engine_6 import EVENTS_6

EVENTS_4 = EVENTS_6  # every event as engines 5 and 6 register it
FINGERPRINTS_4 = Fingerprints(EVENTS_4, engine=4)  # the kits' card data without the cards engine 5 added


@RULESETS.register
class Engine4(Engine5):
    engine_version = "battlecon-engine-4"
    engine = 4  # a card whose data says since_engine 5 or later is not in these rules
    # Every fingerprint a match recorded under engine 4 carries: each pair's (worked out when a log asks).
    rules_versions = RulesVersions(lambda: (FINGERPRINTS_4.of(pair) for pair in combinations(FIGHTERS, 2)))
    events = EVENTS_4

    def __init__(self) -> None:
        super().__init__()
        self.fingerprints = FINGERPRINTS_4  # and so rules_version is engine 4's shared rules

    def stun_guard_ignored(self, state, attacker: int) -> str | None:
        return None  # a spent token's Stun Guard infinity stood against an attack that ignores Stun Guard

    def cannot_hit_records(self, why: str) -> tuple[str | None, str]:
        return why, f"dodged: {why}"

    def ability_negated(self, ctx, p: int, trigger, timing: str):
        return False
        yield

    def until_adjacent_blocked(self, reason: str, earlier: str | None) -> str:
        return earlier or reason
