"""Generic events of the pieces every kit may use: tokens, counters, markers, card zones, life gain, damage caps.

A kit changes its tokens, counters, markers and extra card zones only through these events, so the fold,
snapshots, the viewer and statistics handle them once for every fighter (docs/adding-a-fighter.md). They
register into the one BattleCON protocol (docs/protocol-battlecon.md). ``player`` is always the owner of
the piece; ``reason`` names the card or ability that did it, in the card's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from recorder.events import INPUT, Event

from .events import EVENTS

reg = EVENTS.register
ev = dataclass(frozen=True, slots=True)


@reg
@ev
class MarkerSpaceChosen(Event):
    """The space a player chose for a marker of their kit (a ``marker`` decision)."""

    KIND: ClassVar[str] = INPUT
    player: int
    marker: str
    space: int
    source: str


@reg
@ev
class AmountChosen(Event):
    """How many (tokens to spend, spaces...) a player chose for an effect of their kit (an ``amount`` decision)."""

    KIND: ClassVar[str] = INPUT
    player: int
    amount: int
    source: str


@reg
@ev
class TokenSpendChosen(Event):
    """Which token of their pool a player chose to spend for an effect of their kit (a ``spend_token`` decision);
    ``token`` "none": they spend none. The ``TokensSpent`` that follows moves it."""

    KIND: ClassVar[str] = INPUT
    player: int
    token: str
    source: str


@reg
@ev
class CardChosen(Event):
    """A card chosen for an effect of a kit: a card of the player's kit (a card zone's card to put into play, a base
    of their hand to discard) or a card they name; ``card`` "none" when the effect is optional and the player takes
    none (a ``paradigm``-like decision)."""

    KIND: ClassVar[str] = INPUT
    player: int
    card: str
    source: str


@reg
@ev
class OptionDecided(Event):
    """Whether the player uses an optional effect ("may") of their kit (``use``), such as ignoring a movement."""

    KIND: ClassVar[str] = INPUT
    player: int
    use: bool
    source: str


@reg
@ev
class ActivePlayerSet(Event):
    """An effect made the player the Active Player of this beat (after priority was compared)."""

    player: int
    reason: str


@reg
@ev
class ActivationEarned(Event):
    """The player's attack will be activated again after this activation (a full activation: Before Activating,
    range, hit, damage, After Activating), bought by ``card``."""

    player: int
    card: str
    reason: str


@reg
@ev
class ActivationRepeated(Event):
    """The player's attack activates again (``activation``: 2 for the second), as an ActivationEarned bought."""

    player: int
    card: str
    activation: int


@reg
@ev
class MovementLocked(Event):
    """The player cannot move (by any effect, direct movement too) for the rest of this beat (``when`` "this")
    or during the next beat ("next"), because of ``reason`` (the card or ability, in its words)."""

    player: int
    when: Literal["this", "next"]
    reason: str


@reg
@ev
class TokensGained(Event):
    """Tokens put into the player's pool from outside the game or from their token discard (``from_discard``)."""

    player: int
    tokens: tuple[str, ...]
    reason: str
    from_discard: bool = False


@reg
@ev
class TokensSpent(Event):
    """Tokens taken from the pool to the token discard by an effect (not an ante: they give no ante bonus)."""

    player: int
    tokens: tuple[str, ...]
    reason: str


@reg
@ev
class CounterChanged(Event):
    """A bounded counter of the player's kit changed by ``amount`` to ``value`` (already clamped to its bounds)."""

    player: int
    counter: str
    amount: int
    value: int
    reason: str


@reg
@ev
class LifeGained(Event):
    """The player regains ``amount`` life by an effect ("regain 3 life"): life goes up by exactly ``amount`` to
    ``life_after``. No rule caps life, at 20 or anywhere (docs/rulings.md, "Life gain"); life changes only by
    damage (DamageDealt), life loss (LifeLost) and this."""

    player: int
    amount: int
    life_after: int
    reason: str


@reg
@ev
class LifeSwapped(Event):
    """The player and the ``other`` fighter swap life totals by the player's effect ("swap life totals"): the
    player's life becomes ``life`` and the other's ``other_life`` (each the other's life just before). Life
    changes only by damage (DamageDealt), life loss (LifeLost), life gain (LifeGained) and this."""

    player: int
    other: int
    life: int
    other_life: int
    reason: str


@reg
@ev
class DamageCapped(Event):
    """The damage ``player`` would take from this attack (``damage``, after soak) is more than an effect lets
    them take from one attack (``cap``): the DamageDealt that follows deals ``cap``. ``reason`` names the card
    and how the cap is reached ("<card>: Level 2 + 3")."""

    player: int
    damage: int
    cap: int
    reason: str


@reg
@ev
class MarkerPlaced(Event):
    """A marker of the player's kit put on ``space`` (``from_space``: where it was, None = off the board)."""

    player: int
    marker: str
    space: int
    from_space: int | None
    reason: str


@reg
@ev
class MarkerRemoved(Event):
    """A marker of the player's kit taken off the board."""

    player: int
    marker: str
    from_space: int
    reason: str


@reg
@ev
class FigureSpaceChosen(Event):
    """The space a player chose for an extra figure of their kit (a ``figure`` decision: "move the figure up to 2 spaces")."""

    KIND: ClassVar[str] = INPUT
    player: int
    figure: str
    space: int
    source: str


@reg
@ev
class FigurePlaced(Event):
    """An extra figure of the player's kit (card data ``figures``) put on ``space`` (``from_space``: where it was,
    None = off the board): set up, moved by an effect, or brought back."""

    player: int
    figure: str
    space: int
    from_space: int | None
    reason: str


@reg
@ev
class FigureRemoved(Event):
    """An extra figure of the player's kit taken off the board (its life counter dropped to 0 or less:
    "disabled")."""

    player: int
    figure: str
    from_space: int
    reason: str


@reg
@ev
class CardMoved(Event):
    """One of the player's cards moved between zones: hand, discard1, discard2, removed, or a zone the kit names
    (set aside, another player's cards...). ``owner``: the seat whose card it is (a borrowed card's owner); when it
    is another seat, that seat's card comes into the player's cards: it leaves the owner's ``from_zone`` ("play":
    their attack pair) for the player's ``to_zone``, where it is named "<card> (<its fighter>'s)"."""

    player: int
    card: str
    from_zone: str
    to_zone: str
    reason: str
    owner: int | None = None


@reg
@ev
class SecretChosen(Event):
    """A secret decision of the player's kit made during the ante step (a ``secret_ante`` hook: naming the opponent's
    base), face down like a pair: visible only to its player until ``SecretRevealed``. ``name``: the
    ability's; ``choice``: the option taken ("none": the player names nothing); ``salt``: as a pair's (a person's
    is random; "" = derived from the header)."""

    KIND: ClassVar[str] = INPUT
    player: int
    name: str
    choice: str
    source: str
    salt: str = ""


@reg
@ev
class SecretCommitted(Event):
    """Public commitment to a ``SecretChosen``: sha256 of canonical {match_id, duel, beat, player, name, choice,
    nonce}, the nonce made as a pair's (docs/protocol-battlecon.md, "Commitment")."""

    player: int
    name: str
    digest: str


@reg
@ev
class SecretRevealed(Event):
    """The player's secret ante decision turned face up, right after the pairs (``PairRevealed``)."""

    player: int
    name: str
    choice: str


@reg
@ev
class StyleShown(Event):
    """The player's face-down pair has its style face up (``reason``: the effect that makes them play it so, such
    as a Finisher's lasting effect); the base stays face down until ``PairRevealed``."""

    player: int
    style: str
    reason: str


@reg
@ev
class BaseSwapped(Event):
    """An effect replaced the base of the player's revealed pair with ``base`` from their hand; the ``replaced``
    base waits with the pair (the zone ``with the pair``) and goes to discard 1 with it."""

    player: int
    base: str
    replaced: str
    reason: str


@reg
@ev
class FighterEliminated(Event):
    """An effect eliminated the player from the duel whatever their life ("an instant win" for ``by``); the
    ``DuelEnded`` that follows names ``by`` the winner."""

    player: int
    by: int
    card: str
    reason: str


GENERIC_EVENTS = (AmountChosen, TokenSpendChosen, CardChosen, OptionDecided, ActivePlayerSet, ActivationEarned,
                  ActivationRepeated, MovementLocked, MarkerSpaceChosen, TokensGained, TokensSpent, CounterChanged,
                  LifeGained, LifeSwapped, DamageCapped, MarkerPlaced, MarkerRemoved, CardMoved, SecretChosen,
                  SecretCommitted, SecretRevealed, StyleShown, BaseSwapped, FighterEliminated, FigureSpaceChosen,
                  FigurePlaced, FigureRemoved)
