"""The ``greedy`` bot: a one-ply lookahead over the rest of the beat, for every decision of a beat.

Each option of the pending request -- the pair, every ante (pass, each token,
the Finisher), a new pair after a Cancel, the clash base, each movement, the
token to regain, a marker's space, a kit's own decisions, trigger order, a
Pulse's arrangement, paying to repeat an attack -- is played out to
the end of the beat (``lookahead.Branches``), everything after it answered with
the first legal option. It keeps the best score (damage dealt minus damage
taken, +100 for winning the duel and -100 for losing it), averaged over the
opponent's face-down choices, which it never reads. Ties go to the first option
(pass, for an ante), except that a tie never spends a kit's resource for
nothing (the request kinds its ``keep_on_tie`` names). Setup choices (the Finisher's side, starting discards) take the first
option. Deterministic: the lookahead's chance draws come from a stream of its
own, keyed to the seat, the duel and the beat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from recorder.decisions import OptionPicker, Request

from .fighters import KEEP_ON_TIE
from .lookahead import Anchor, Branches, anchor_at_pair, anchor_by_fold

SETUP = ("finisher", "discards")  # asked before any beat: nothing to play out
TIE = 1e-9


@dataclass
class GreedyBot(OptionPicker):
    seed: int
    player: int
    name: str = "bot:greedy"
    _anchor: Anchor | None = field(default=None, init=False, repr=False)

    def pick(self, request: Request, match) -> int:
        if len(request.options) == 1 or request.kind in SETUP:
            return 0
        return self._best(request, self.option_scores(request, match))

    def option_scores(self, request: Request, match) -> list[float | None]:
        """The lookahead's score of each option (None where no branch is consistent with the log)."""
        if request.kind == "pair":
            self._anchor = anchor_at_pair(match, self.player)
        anchor = self._anchor
        if anchor is None or not anchor.serves(match):
            anchor = anchor_by_fold(match)
        if anchor is None:
            return [None] * len(request.options)
        return Branches(match, anchor, self.player, self.seed).scores()

    @staticmethod
    def _best(request: Request, scores: list[float | None]) -> int:
        known = [s for s in scores if s is not None]
        if not known:
            return 0
        top = max(known)
        order = list(range(len(scores)))
        if request.kind in KEEP_ON_TIE:  # a kit's resource: on a tie, keep it (the options that spend it last)
            order.sort(key=lambda i: bool(request.options[i].get("spend")))
        return next(i for i in order if scores[i] is not None and scores[i] >= top - TIE)
