"""The state of a BattleCON match: plain slotted dataclasses, changed only by ``fold.py``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOARD = range(1, 8)  # spaces 1..7
START_LIFE = 20
# A fighter's card zone for cards an effect discards "with this beat's attack pair": they join the pair in
# discard 1 when the fighter's cards recycle (or go there when they do not cycle): beat.recycle.
WITH_PAIR = "with the pair"
# The zone a CardMoved names for a card of the attack pair in play (the style or base slot): an effect that takes
# the opponent's attack pair (fold: a card lent to another seat).
PLAY = "play"


@dataclass(slots=True)
class Status:
    stat: str  # power | priority | range
    amount: int
    beat: int  # the beat (of the duel) it applies to
    label: str


@dataclass(slots=True)
class Figure:
    """A figure on the board: its owner (a player), its name (the fighter's, or a kit's extra figure) and its
    space (0: off the board). Range is measured between figures; nothing assumes one figure per player.
    ``shares``: the figure may share a space with any other (a kit's extra figure whose card data says
    ``shares_spaces``: a second standup): it is neither hopped over nor in the way, and it does not make a space
    occupied. A fighter's own figure never shares."""

    owner: int
    name: str
    space: int = 0
    shares: bool = False


@dataclass(slots=True)
class Marker:
    """A named marker of a kit on a space of the board (``space`` None: off the board)."""

    owner: int
    name: str
    space: int | None = None


@dataclass(slots=True)
class Fighter:
    kit: str
    figure: Figure
    rules: Any = None  # the kit's hooks (kit.KitRules)
    own: Any = None  # the kit's own state, folded from its events (KitRules.folds)
    life: int = START_LIFE
    hand: list[str] = field(default_factory=list)
    discard1: list[str] = field(default_factory=list)
    discard2: list[str] = field(default_factory=list)
    style: str | None = None  # the face-down / revealed pair
    base: str | None = None
    covered: list[str] = field(default_factory=list)  # bases under the top base after clashes
    removed: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)  # token pool
    token_discard: list[str] = field(default_factory=list)
    anted: list[str] = field(default_factory=list)  # tokens anted this beat, still giving their bonus
    anted_this_beat: list[str] = field(default_factory=list)  # every token anted this beat (no regain)
    anted_late: list[str] = field(default_factory=list)  # anted after the ante step (an effect) this beat
    ante_turns: int = 0  # antes made this beat (kits limit them)
    form: str | None = None  # forms/modes (card data "forms")
    form_at_ante: str | None = None  # the form whose effect applies this beat (fixed by the kit's ante hook)
    counters: dict[str, int] = field(default_factory=dict)  # bounded integers (card data "counters")
    zones: dict[str, list[str]] = field(default_factory=dict)  # card zones beyond hand/discards/play
    statuses: list[Status] = field(default_factory=list)
    stunned: bool = False
    dodge: str | None = None
    damage_taken: int = 0
    commitment: str = ""
    revealed: bool = False
    clash_hidden: bool = False  # a clash base played face down, not yet revealed
    # A kit's secret ante decision this beat (SecretChosen): (its name, the choice), face down until SecretRevealed.
    secret: tuple[str, str] | None = None
    secret_shown: bool = False
    style_shown: bool = False  # the face-down pair's style is face up (StyleShown): only the base is hidden
    eliminated: str | None = None  # eliminated from the duel by an instant win (FighterEliminated): the card
    # Finishers and Special Actions (WoI p.32-34, Preview p.10); see specials.py.
    finisher: str | None = None  # the side chosen at the duel's setup
    finisher_revealed: bool = False  # both sides are shown once both players chose
    finisher_removed: bool = False  # an anted finisher is gone for the rest of the duel
    finisher_active: bool = False  # the finisher replaces the attack pair this beat
    finisher_anted: bool = False  # anted this beat (Ante Finishers): removed at the end of the beat
    special: str | None = None  # this beat's Special Action: pulse, cancel or finisher
    negated: bool = False  # the pair was negated by the opponent's Pulse
    soaked: int = 0  # damage soaked this beat
    repeats: int = 0  # attack repeats earned and not yet made
    reactivations: int = 0  # whole activations earned and not yet made (ActivationEarned)
    activated_again: int = 0  # whole activations made again this beat (ActivationRepeated)
    locks: list[tuple[int, str]] = field(default_factory=list)  # (beat, why): beats it cannot move (MovementLocked)

    @property
    def position(self) -> int:
        """The space of the fighter's own figure."""
        return self.figure.space

    @position.setter
    def position(self, space: int) -> None:
        self.figure.space = space

    @property
    def in_play(self) -> list[str]:
        """The hand cards on the table (the finisher card is not a hand card), with any card an effect discarded
        with the pair (it goes to discard 1 with it)."""
        out = [c for c in (self.style, self.base) if c is not None]
        return out + self.covered + self.zones.get(WITH_PAIR, []) if self.zones else out + self.covered


@dataclass(slots=True)
class BattleState:
    edition: str
    duels: int  # 1 or 3
    discards: str  # suggested | chosen
    beat_limit: int | None
    names: tuple[str, ...]
    sides: tuple[str, ...]
    fighters: list[Fighter]
    duel: int = 0
    beat: int = 0
    score: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    markers: list[Marker] = field(default_factory=list)
    extra_figures: list[Figure] = field(default_factory=list)  # figures beyond each fighter's own
    active: int | None = None
    last_active: int | None = None  # the active player of the last beat of this duel that had one
    last_active_beat: int | None = None  # ... and that beat
    ante_first: int | None = None
    phase: str = "setup"
    revealed: bool = False
    clash_round: int = 0
    duel_over: bool = False
    duel_results: list[dict[str, Any]] = field(default_factory=list)
    match_result: dict[str, Any] | None = None
    special_actions: bool = False  # option: WoI Variant #2 / Preview "Special Actions"
    ante_finishers: bool = False  # option: WoI Variant #1
    uncounted: int = 0  # beats of this duel not counted toward the beat limit (a Pulse was revealed)
    # The effect resolving now, (player, card, timing): a Pulse's or a triggered effect's. A report names the
    # movement a MoveChosen answers from it ("stays on 5 (advance 0)"); the rules never read it.
    resolving: tuple[int, str, str] | None = None

    @property
    def counted_beats(self) -> int:
        return self.beat - self.uncounted

    def opp(self, p: int) -> int:
        return 1 - p

    @property
    def figures(self) -> list[Figure]:
        """Every figure on the board: each fighter's own, then any extra ones."""
        return [f.figure for f in self.fighters] + self.extra_figures

    def marker(self, owner: int, name: str) -> Marker | None:
        for m in self.markers:
            if m.owner == owner and m.name == name:
                return m
        return None
