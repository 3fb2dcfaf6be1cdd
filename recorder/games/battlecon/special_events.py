"""BattleCON events of Finishers and Special Actions (WoI p.32-34 Variants #1 and #2, Preview p.10).

Registered in the same registry as ``events.py`` (the game module imports both),
so the protocol is one list of types; kept apart because only matches with the
``special_actions`` or ``ante_finishers`` option ever emit them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from recorder.events import INPUT, Event

from .events import EVENTS

reg = EVENTS.register
ev = dataclass(frozen=True, slots=True)

# -- decisions (input) --------------------------------------------------------


@reg
@ev
class FinisherChosen(Event):
    """A player's secret choice, at a duel's setup and before the starting discards, of which side of the
    Finisher card to use this duel. Made public by the FinishersRevealed that follows."""

    KIND: ClassVar[str] = INPUT
    player: int
    finisher: str
    source: str


@reg
@ev
class ArrangementChosen(Event):
    """Where the player puts the fighters (index = player) and the first kit marker of the match: a WoI Pulse rearranges
    the standups (``trap`` unchanged); a card may move every fighter and the marker."""

    KIND: ClassVar[str] = INPUT
    player: int
    positions: tuple[int, ...]
    trap: int | None
    source: str


@reg
@ev
class RepeatDecided(Event):
    """Whether the player pays the life an On Hit effect asks to repeat the attack (a Finisher)."""

    KIND: ClassVar[str] = INPUT
    player: int
    repeat: bool
    source: str


# -- outcomes -----------------------------------------------------------------


@reg
@ev
class FinishersRevealed(Event):
    """Both Finisher sides shown together (index = player): chosen, or fixed by the header's ``finishers`` option;
    they cannot change during the duel."""

    finishers: tuple[str, ...]


@reg
@ev
class SpecialActionRevealed(Event):
    """A Special Action was revealed paired with ``base``; ``action`` is what that base makes it: pulse
    (Burst, Dash), cancel (Grasp, Shot) or finisher (Strike, Drive, the unique base)."""

    player: int
    base: str
    action: Literal["pulse", "cancel", "finisher"]


@reg
@ev
class FinisherDowngraded(Event):
    """A Finisher that cannot be used becomes a Cancel: life above 7, the wrong form for the Finisher, Ante
    Finishers in play, or two Finishers tied at priority."""

    player: int
    finisher: str
    reason: str


@reg
@ev
class FinisherRevealed(Event):
    """The player's Finisher replaces the whole attack pair this beat; ``how``: by the Special Action
    (``special``) or anted (``ante``, Ante Finishers)."""

    player: int
    finisher: str
    how: Literal["special", "ante"]


@reg
@ev
class SpecialActionSpent(Event):
    """Where a used Special Action card goes (``removed`` from the duel, or ``discard1`` when it met another
    special) and where its base goes (``hand``, ``discard1``, or None when it is already in hand)."""

    player: int
    to: Literal["removed", "discard1"]
    base: str | None
    base_to: Literal["hand", "discard1"] | None


@reg
@ev
class SpecialActionsMet(Event):
    """Both players' specials met (two Pulses, two Cancels, a Pulse or Cancel against a Finisher, two
    Finishers tied); ``result`` says what the rules make of it."""

    actions: tuple[str, ...]
    result: str


@reg
@ev
class PulseResolved(Event):
    """The player's Pulse negates ``target``'s whole attack pair: it does nothing and recycles as usual (an anted
    Finisher it negates is neither used nor removed, and its owner recycles)."""

    player: int
    target: int


@reg
@ev
class FightersRearranged(Event):
    """The fighters (and the trap) moved directly to the chosen arrangement (a Pulse, a card), all at
    once: this event sets the positions and the trap. Each fighter that moved then has its own FighterMoved
    (``kind`` "rearrange", caused by this event) with its from, to and whether it switched sides."""

    player: int
    positions: tuple[int, ...]
    from_positions: tuple[int, ...]
    trap: int | None
    from_trap: int | None


@reg
@ev
class PairCanceled(Event):
    """A Cancel: ``player``'s revealed pair (``cards``; none for an anted Finisher) goes to that player's
    discard 1, on top of what is there."""

    player: int
    by: int
    cards: tuple[str, ...]


@reg
@ev
class PairRetrieved(Event):
    """Ante Finishers: the player anted the Finisher and takes the face-down pair back into hand."""

    player: int


@reg
@ev
class TokensAnted(Event):
    """A card anted tokens outside the ante step (a Finisher: every token in the pool)."""

    player: int
    tokens: tuple[str, ...]
    card: str


@reg
@ev
class RepeatEarned(Event):
    """An On Hit effect earned one repeat of the attack, made after this hit's damage."""

    player: int
    card: str
    reason: str


@reg
@ev
class AttackRepeated(Event):
    """The attack is made again (range check, hit, damage); ``repeat`` counts the repeats this beat."""

    player: int
    card: str
    repeat: int


@reg
@ev
class RecycleSkipped(Event):
    """The player's discards do not cycle this beat (they Pulsed or used a Finisher)."""

    player: int
    reason: str


@reg
@ev
class FinisherRemoved(Event):
    """An anted Finisher leaves the game at the end of the beat, whatever happened (Ante Finishers), unless a
    Pulse negated it: then it stays beside the board, unused."""

    player: int
    finisher: str


@reg
@ev
class BeatNotCounted(Event):
    """WoI: a beat in which a Pulse was revealed does not count toward the 15-beat limit."""

    beat: int
    reason: str
