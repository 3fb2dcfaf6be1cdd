"""The ``greedy`` bot: one-ply lookahead over the coming beat.

For a pair decision it simulates the rest of the beat, from a copy of the
state, for each of its own pairs against every pair the opponent could hold
(public information only: the opponent's face-down pair is put back among
its possible cards, never read), answering every sub-decision with the first
legal option. It picks the pair with the best average (damage dealt minus
damage taken, life loss included); ties go to the first option.

With Ante Finishers, an ante decision that offers its Finisher is simulated
both ways -- the Finisher anted, or a pass with the pair already chosen --
against every pair the opponent could hold, and the Finisher is anted only
when its average is strictly better (it is removed after one beat, so a tie
keeps it). The lookahead assumes nobody antes anything else that beat. Every
other decision takes the first option. Deterministic: no randomness at all.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from recorder.context import Context
from recorder.decisions import Answer, Request

from . import events as E
from . import specials
from .beat import after_antes, after_selection, hand_split
from .effects import DuelOver

PASS = "pass"


@dataclass
class GreedyBot:
    seed: int
    player: int
    name: str = "bot:greedy"

    def answer(self, request: Request, match) -> Answer:
        if request.kind == "ante":
            return Answer(request.options[self._ante_choice(request, match)], self.name)
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

    def _ante_choice(self, request: Request, match) -> int:
        """Pass (the first option), unless anting the Finisher scores better than the pair already chosen."""
        finisher = specials.ante_finisher(match.state, self.player)
        index = next((i for i, o in enumerate(request.options) if finisher and o["ante"] == finisher), None)
        if index is None:
            return 0
        opp_pairs = self._opponent_pairs(match.state)
        anted = sum(self._simulate_ante(match, finisher, os, ob) for os, ob in opp_pairs)
        passed = sum(self._simulate_ante(match, PASS, os, ob) for os, ob in opp_pairs)
        return index if anted > passed + 1e-9 else 0

    def _lookahead(self, match, ostyle: str, obase: str) -> tuple[Context, object]:
        """A copy of the match where the opponent's real face-down pair is forgotten and replaced."""
        state = copy.deepcopy(match.state)
        of = state.fighters[1 - self.player]
        if of.style is not None:  # forget the real face-down pair
            of.hand += [of.style, of.base]
            of.style = of.base = None
        ctx = Context(match.game, match.header, state)
        ctx.set_clock(state.duel, state.beat)
        ctx.emit(E.PairSelected(player=1 - self.player, style=ostyle, base=obase, source=self.name))
        return ctx, state

    def _simulate(self, match, style: str, base: str, ostyle: str, obase: str) -> float:
        ctx, state = self._lookahead(match, ostyle, obase)
        ctx.emit(E.PairSelected(player=self.player, style=style, base=base, source=self.name))
        return self._score(state, after_selection(ctx))

    def _simulate_ante(self, match, ante: str, ostyle: str, obase: str) -> float:
        """The rest of the beat after this player antes ``ante`` (its Finisher or a pass), nobody anting more."""
        ctx, state = self._lookahead(match, ostyle, obase)
        seq = ctx.emit(E.AnteDeclared(player=self.player, ante=ante, source=self.name), actor=self.player)
        if ante != PASS:
            specials.finisher_anted(ctx, self.player, seq)
        return self._score(state, after_antes(ctx))

    def _score(self, state, gen) -> float:
        """Run ``gen`` (the first option everywhere) to the end of the beat: damage dealt minus taken."""
        me, opp = self.player, 1 - self.player
        before = (state.fighters[me].life, state.fighters[opp].life)
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
