"""Bots: ``random`` (uniform over legal options, seeded) and ``greedy`` (one-ply lookahead)."""

from __future__ import annotations

from dataclasses import dataclass, field

from recorder.decisions import OptionPicker, Request
from recorder.rng import ChanceSource


@dataclass
class RandomBot(OptionPicker):
    """Uniform choice among the legal options, from a ChanceSource seeded by the header seed and seat."""

    seed: int
    player: int
    name: str = "bot:random"
    _rng: ChanceSource = field(init=False)

    def __post_init__(self) -> None:
        self._rng = ChanceSource(self.seed, f"bot-random-{self.player}")

    def pick(self, request: Request, match) -> int:
        return self._rng.draw(len(request.options))
