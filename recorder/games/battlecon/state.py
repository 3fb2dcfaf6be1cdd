"""The state of a BattleCON match: plain slotted dataclasses, changed only by ``fold.py``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOARD = range(1, 8)  # spaces 1..7
START_LIFE = 20


@dataclass(slots=True)
class Status:
    stat: str  # power | priority | range
    amount: int
    beat: int  # the beat (of the duel) it applies to
    label: str


@dataclass(slots=True)
class Fighter:
    kit: str
    position: int = 0
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
    ante_turns: int = 0  # antes made this beat (Hikaru: one in the ante step)
    form: str | None = None
    form_at_ante: str | None = None
    statuses: list[Status] = field(default_factory=list)
    stunned: bool = False
    dodge: str | None = None
    damage_taken: int = 0
    iron_body: bool = False  # Stun Guard infinity this beat
    commitment: str = ""
    revealed: bool = False
    clash_hidden: bool = False  # a clash base played face down, not yet revealed

    @property
    def in_play(self) -> list[str]:
        out = [c for c in (self.style, self.base) if c is not None]
        return out + self.covered


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
    trap: int | None = None
    trap_owner: int | None = None
    active: int | None = None
    last_active: int | None = None
    ante_first: int | None = None
    phase: str = "setup"
    revealed: bool = False
    clash_round: int = 0
    duel_over: bool = False
    duel_results: list[dict[str, Any]] = field(default_factory=list)
    match_result: dict[str, Any] | None = None

    def opp(self, p: int) -> int:
        return 1 - p
