"""The ``greedy`` bot: one-ply lookahead over the coming beat.

For a pair decision it simulates the rest of the beat, from a copy of the
state, for each of its own pairs against every pair the opponent could hold
(public information only: the opponent's face-down pair is put back among
its possible cards, never read), answering every sub-decision with the first
legal option. It picks the pair with the best average (damage dealt minus
damage taken, life loss included); ties go to the first option. Every other
decision takes the first option. Deterministic: no randomness at all.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from recorder.context import Context
from recorder.decisions import Answer, Request

from . import events as E
from .beat import after_selection, hand_split
from .effects import DuelOver


@dataclass
class GreedyBot:
    seed: int
    player: int
    name: str = "bot:greedy"

    def answer(self, request: Request, match) -> Answer:
        if request.kind != "pair" or len(request.options) == 1:
            return Answer(request.options[0], self.name)
        best, best_score = 0, None
        opp_pairs = self._opponent_pairs(match.state)
        for i, opt in enumerate(request.options):
            total = sum(self._simulate(match, opt["style"], opt["base"], os, ob) for os, ob in opp_pairs)
            score = total / max(len(opp_pairs), 1)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = i, score
        return Answer(request.options[best], self.name)

    def _opponent_pairs(self, state) -> list[tuple[str, str]]:
        o = 1 - self.player
        f = state.fighters[o]
        styles, bases = hand_split(state, o)
        if f.style is not None:  # face down: its cards are among what the opponent might hold
            styles = styles + [f.style]
            bases = bases + [f.base]
        return [(s, b) for s in sorted(set(styles)) for b in sorted(set(bases))]

    def _simulate(self, match, style: str, base: str, ostyle: str, obase: str) -> float:
        state = copy.deepcopy(match.state)
        me, opp = self.player, 1 - self.player
        of = state.fighters[opp]
        if of.style is not None:  # forget the real face-down pair
            of.hand += [of.style, of.base]
            of.style = of.base = None
        ctx = Context(match.game, match.header, state)
        ctx.set_clock(state.duel, state.beat)
        ctx.emit(E.PairSelected(player=me, style=style, base=base, source=self.name))
        ctx.emit(E.PairSelected(player=opp, style=ostyle, base=obase, source=self.name))
        before = (state.fighters[me].life, state.fighters[opp].life)
        gen = after_selection(ctx)
        try:
            req = next(gen)
            while True:
                req = gen.send(Answer(req.options[0], self.name))
        except (StopIteration, DuelOver):
            pass
        dealt = before[1] - state.fighters[opp].life
        taken = before[0] - state.fighters[me].life
        bonus = 100 if state.fighters[opp].life <= 0 else 0
        return dealt - taken + bonus
