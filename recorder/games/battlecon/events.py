"""BattleCON events: every fact of a match, in past tense.

Input events (``KIND = "input"``) are decisions; each carries the deciding
``player`` and the answer's ``source``. Outcome events are derived by the engine
and carry their arithmetic, so a log can be explained without re-running it.
Spaces are numbered 1..7; players are 0 and 1. ``docs/protocol-battlecon.md``
documents each type with an example line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from recorder.events import INPUT, KERNEL, Event, EventRegistry, Name

from .cards import TIMINGS

EVENTS = EventRegistry("battlecon", KERNEL)
reg = EVENTS.register
ev = dataclass(frozen=True, slots=True)
# A form is named by its kit (card data "forms"), a vocabulary that grows with the fighters: never empty.
FORM = {"minLength": 1}

# -- decisions (input) --------------------------------------------------------


@reg
@ev
class DiscardsChosen(Event):
    """A player's secret choice of starting discard piles (option discards=chosen): one style and one base
    for discard 1, one of each for discard 2. Made public by the DiscardsSet that follows."""

    KIND: ClassVar[str] = INPUT
    player: int
    discard1: tuple[str, ...]
    discard2: tuple[str, ...]
    source: str


@reg
@ev
class PairSelected(Event):
    """A player's attack pair, placed face down (secret until PairRevealed). ``salt``: the secret the decision
    source added to hide the public commitment (a person's is random); "" = derived from the header (bots,
    scripts and policies, whose choices anyone holding the seed and the script can re-derive anyway)."""

    KIND: ClassVar[str] = INPUT
    player: int
    style: str
    base: str
    source: str
    salt: str = ""


@reg
@ev
class AnteDeclared(Event):
    """One ante turn: what the fighter antes (a token name, a stack its kit names, the Finisher) or "pass"."""

    KIND: ClassVar[str] = INPUT
    player: int
    ante: str
    source: str


@reg
@ev
class ClashBaseSelected(Event):
    """A new base played face down during a clash (secret until ClashRevealed)."""

    KIND: ClassVar[str] = INPUT
    player: int
    base: str
    source: str


@reg
@ev
class MoveChosen(Event):
    """The destination space chosen for a movement effect (of the player's fighter or of the opponent)."""

    KIND: ClassVar[str] = INPUT
    player: int
    to: int
    source: str


@reg
@ev
class TokenChosen(Event):
    """The token chosen by a regain effect."""

    KIND: ClassVar[str] = INPUT
    player: int
    token: str
    source: str


@reg
@ev
class TriggerOrderChosen(Event):
    """Which of the player's simultaneous triggered effects resolves first (named by its card, or by the unique
    ability that triggers); with three or more, one per place but the last, each naming the next."""

    KIND: ClassVar[str] = INPUT
    player: int
    first: str
    source: str


# -- outcomes -----------------------------------------------------------------


@reg
@ev
class DuelStarted(Event):
    """A duel begins: fighters reset to 20 life, full hands, full token pools, no trap, Human form."""

    duel: int
    fighters: tuple[str, ...]
    positions: tuple[int, ...]
    life: tuple[int, ...]
    beat_limit: int | None


@reg
@ev
class DiscardsSet(Event):
    """A player's starting discard piles; ``how`` is "suggested" (the cards file's pairs) or "chosen"."""

    player: int
    discard1: tuple[str, ...]
    discard2: tuple[str, ...]
    how: Literal["suggested", "chosen"]


@reg
@ev
class PairCommitted(Event):
    """Public commitment to a face-down pair: sha256 of canonical {match_id, duel, beat, player, style, base,
    nonce}. The nonce is the selection's secret salt; without one it derives from the header seed, and then the
    digest binds the pair but does not hide it from a holder of the log (docs/protocol-battlecon.md)."""

    player: int
    digest: str


@reg
@ev
class AnteStarted(Event):
    """The ante step begins with ``first``: the previous beat's active player (after a beat without one, the
    last beat's that had one), or drawn by chance; ``why`` says which."""

    first: int
    why: str


@reg
@ev
class FormEffectApplied(Event):
    """The fighter's form during the ante step fixes this beat's form effect (a kit's after_ante hook)."""

    VALUES: ClassVar[dict] = {"form": FORM}
    player: int
    form: str


@reg
@ev
class PairRevealed(Event):
    """Both attack pairs turned face up (index = player): what each player revealed. An anted Finisher,
    revealed in place of the pair, is named in ``styles`` with ``bases`` null: no base was revealed. A name is
    never empty (engine ``battlecon-engine-3`` wrote ``""`` for the missing base)."""

    styles: tuple[Name | None, ...]
    bases: tuple[Name | None, ...]


@reg
@ev
class TriggerResolved(Event):
    """A triggered effect starts resolving; the events it causes name this one as their cause. ``card`` names
    the card, or the unique ability that triggered (its name)."""

    VALUES: ClassVar[dict] = {"card": {"minLength": 1}, "timing": {"enum": list(TIMINGS)}}
    player: int
    card: str
    timing: str
    text: str


@reg
@ev
class EffectIgnored(Event):
    """An effect that could not be carried out (no legal destination, trap locked, no token...)."""

    player: int
    card: str
    reason: str


@reg
@ev
class TokensReturned(Event):
    """Tokens anted this beat went back to the pool and give no bonus (a card's effect)."""

    player: int
    tokens: tuple[str, ...]


@reg
@ev
class StatusGained(Event):
    """A status effect: ``stat`` +``amount`` for this beat or the next (``when``)."""

    player: int
    stat: Literal["power", "priority", "range"]
    amount: int
    when: Literal["this", "next"]
    label: str


@reg
@ev
class PriorityCompared(Event):
    """Both priorities with their named terms; the higher is active. ``active`` None means a tie (a clash)."""

    priorities: tuple[int, ...]
    terms: tuple[str, ...]
    active: int | None
    why: str


@reg
@ev
class ClashOccurred(Event):
    """Priorities tied: both players play a new base face down."""

    priority: int
    round: int


@reg
@ev
class ClashRevealed(Event):
    """The clash bases, placed on top of the previous bases (index = player)."""

    bases: tuple[str, ...]


@reg
@ev
class ClashBasesRecovered(Event):
    """Preview: a player out of bases during a clash picks up every base of the attack."""

    player: int
    bases: tuple[str, ...]


@reg
@ev
class ClashAbandoned(Event):
    """WoI: a player ran out of bases during a clash; both skip to recycling their top pairs."""

    player: int


@reg
@ev
class BeatStarted(Event):
    """A new beat of the duel begins (attack pairs are selected next)."""

    beat: int


@reg
@ev
class BeatSkipped(Event):
    """A player had no style or no base at selection: the beat ends and discards recycle."""

    player: int
    reason: str


@reg
@ev
class AttackStarted(Event):
    """A fighter activates its attack (``role`` active or reactive)."""

    player: int
    role: Literal["active", "reactive"]
    attack: str


@reg
@ev
class AttackSkipped(Event):
    """A stunned fighter skips its whole activation."""

    player: int
    reason: str


@reg
@ev
class FighterMoved(Event):
    """One movement: ``kind`` advance/retreat/move/push/pull/move_opponent/move_directly/swap/rearrange; ``by``
    is the player whose effect moved the fighter. A "rearrange" (a WoI Pulse, a card that rearranges) follows the
    FightersRearranged that caused it, which has already put both fighters in place (they move at once);
    ``switched_sides`` says whether the two fighters' order is reversed."""

    player: int
    by: int
    kind: str
    from_space: int
    to_space: int
    distance: int
    switched_sides: bool


@reg
@ev
class DodgeGained(Event):
    """The opponent's attack cannot hit this fighter this beat (e.g. Dash switched sides)."""

    player: int
    reason: str


@reg
@ev
class RangeChecked(Event):
    """Range check: distance to the opponent against the attack's range (terms named); a dodge names why."""

    player: int
    distance: int
    range_min: int | None
    range_max: int | None
    terms: str
    in_range: bool
    dodge: str | None


@reg
@ev
class HitScored(Event):
    """The attack hit the opponent."""

    player: int
    target: int


@reg
@ev
class AttackMissed(Event):
    """The attack did not hit: ``reason`` says why (out of range, N/A range, dodged by the defender's effect, or
    ``cannot hit`` by the attacker's own cards or ability)."""

    player: int
    reason: str


@reg
@ev
class DamageDealt(Event):
    """Damage from a hit: amount = max(power, 0) + extra - soak, at least 0."""

    player: int
    target: int
    power: int
    extra: int
    soak: int
    amount: int
    life_after: int
    power_terms: str
    soak_terms: str


@reg
@ev
class LifeLost(Event):
    """Life loss (not damage): ignores soak, never stuns, never below 1; ``amount`` counts in full."""

    player: int
    amount: int
    lost: int
    life_after: int
    reason: str


@reg
@ev
class StunApplied(Event):
    """The fighter is stunned: by ``damage`` over its stun guard, or by an effect ("the opponent is stunned").
    ``damage`` is the damage compared: this attack's (WoI), the total taken this beat (Preview) -- for an
    effect's stun, the damage so taken when it happened (an On Hit effect comes before the attack's damage).
    ``stun_guard`` is the fighter's stun guard then, which an effect's stun ignores (engine
    ``battlecon-engine-3`` recorded 0 and 0 for an effect's stun)."""

    player: int
    reason: Literal["damage", "effect"]
    damage: int
    stun_guard: int


@reg
@ev
class StunPrevented(Event):
    """A stun that did not happen: ``by`` stun guard, stun immunity or a kit's ability (a spent token). ``damage`` is
    the damage compared: this attack's (WoI), the total taken this beat (Preview); ``stun_guard`` the fighter's
    stun guard (as for StunApplied: stun immunity against an effect's stun records the true figures from
    engine ``battlecon-engine-4`` on)."""

    player: int
    by: str
    damage: int
    stun_guard: int


@reg
@ev
class TokenRegained(Event):
    """A token returned from the token discard to the pool."""

    player: int
    token: str


@reg
@ev
class FormChanged(Event):
    """The fighter changed form (card data "forms")."""

    VALUES: ClassVar[dict] = {"form": FORM}
    player: int
    form: str


@reg
@ev
class CardsRecycled(Event):
    """Recycle: discard 2 to hand, discard 1 to discard 2, the played pair to discard 1; covered clash
    bases back to hand."""

    player: int
    to_hand: tuple[str, ...]
    discard1: tuple[str, ...]
    discard2: tuple[str, ...]


@reg
@ev
class BeatEnded(Event):
    """The beat is over; ``beats_left`` counts down from the duel's beat limit (None: no limit)."""

    beat: int
    beats_left: int | None
    life: tuple[int, ...]
    positions: tuple[int, ...]


@reg
@ev
class DuelEnded(Event):
    """The duel's result: ``winner`` None is a draw. ``reason``: knockout, time, beat_cap."""

    duel: int
    winner: int | None
    reason: str
    life: tuple[int, ...]


@reg
@ev
class MatchEnded(Event):
    """The match's result and duel score."""

    FINAL: ClassVar[bool] = True  # nothing follows it

    winner: int | None
    score: tuple[int, ...]
    reason: str
