"""Running a match: drive a game's ``play`` generator with answers.

:class:`Match` is the pure engine as the rest of beatlog sees it:
``advance(answer) -> new entries``. Recording, replay verification, resuming
after a crash and what-if all drive it the same way; they differ only in where
answers come from.
"""

from __future__ import annotations

from typing import Any, Mapping

from .context import Context
from .decisions import Answer, DecisionSource, OptionPicker, Request
from .envelope import Entry, Record, seal_all
from .errors import IllegalDecision
from .game import Game
from .header import Header


class Match:
    def __init__(self, game: Game, header: Header, *, chance: Any = None) -> None:
        """``chance`` replaces the seeded random source (scenario tests force dice with it)."""
        self.game = game
        self.header = header
        self.ctx = Context(game, header, game.new_state(header), chance)
        self._play = game.play(self.ctx)
        self.pending: Request | None = None
        self.finished = False
        self._started = False

    @property
    def state(self) -> Any:
        return self.ctx.state

    @property
    def entries(self) -> list[Entry]:
        return self.ctx.entries

    def advance(self, answer: Answer | None = None) -> list[Entry]:
        """Run until the next decision (or the end); return the new entries.

        The first call takes no answer. A rejected answer raises
        :class:`IllegalDecision` and leaves the match exactly as it was, so the
        caller may ask again.
        """
        start = len(self.ctx.entries)
        self._advance(answer)
        return self.ctx.entries[start:]

    def _advance(self, answer: Answer | None) -> None:
        """``advance`` without collecting the new entries (``run`` needs none)."""
        if not self._started:
            if answer is not None:
                raise IllegalDecision("the first advance() of a match takes no answer")
            self._started = True
            self._step(None)
        else:
            request = self._asking()
            if answer is None:
                raise IllegalDecision(f"{self.ctx.where}: no decision is pending")
            self._answer(request, answer)

    def _asking(self) -> Request:
        """The pending request, once the match has started and not ended."""
        if self.finished:
            raise IllegalDecision(f"match {self.header.match_id} has already ended")
        if self.pending is None:
            raise IllegalDecision(f"{self.ctx.where}: no decision is pending")
        return self.pending

    def advance_from(self, source: DecisionSource) -> list[Entry]:
        """:meth:`advance` with ``source``'s answer to the pending decision. An :class:`OptionPicker` (a bot) names
        one of the request's options by its place; the match answers with that option itself, which needs no
        check. Any other source's answer is checked as :meth:`advance` checks it."""
        start = len(self.ctx.entries)
        self._reply(self._asking(), source)
        return self.ctx.entries[start:]

    def _reply(self, request: Request, source: DecisionSource) -> None:
        """Resume the play with ``source``'s answer to the pending ``request``."""
        if getattr(type(source), "answer", None) is not OptionPicker.answer:  # not a picker, or its own answer()
            answer = source.answer(request, self)
            if answer is None:
                raise IllegalDecision(f"{self.ctx.where}: no decision is pending")
            self._answer(request, answer)
            return
        options = request.options
        index = source.pick(request, self)  # type: ignore[attr-defined]
        if not 0 <= index < len(options):
            raise IllegalDecision(f"{self.ctx.where}: {source.name} picked option {index!r} of a "  # type: ignore[attr-defined]
                                  f"{request.kind} decision with {len(options)} options (0 to {len(options) - 1})")
        answer = Answer(options[index], source.name)  # type: ignore[attr-defined]
        self.ctx._checked = answer  # one of the options as it is: legal, and ask() need not check it
        self._step(answer)

    def _answer(self, request: Request, answer: Answer) -> None:
        """Resume the play with ``answer`` to the pending ``request``, checked first: a generator that raised
        cannot be resumed, and a bad answer must not cost the match."""
        self.ctx.check(request, answer)
        self.ctx._checked = answer  # ask() need not check it again
        self._step(answer)

    def _step(self, answer: Answer | None) -> None:
        try:
            self.pending = self._play.send(answer)
        except StopIteration:
            self.pending = None
            self.finished = True


def run(match: Match, sources: Mapping[int, DecisionSource]) -> list[Entry]:
    """Play ``match`` to the end, asking ``sources[player]`` for every decision."""
    match._advance(None)
    # What advance_from() does for each answer, without the checks a caller of it needs and run() does not.
    while not match.finished:
        request = match.pending
        assert request is not None
        match._reply(request, sources[request.player])
    return match.entries


def sealed(match: Match) -> list[Record]:
    """The match's entries placed on the hash chain, seq 1 chained to the header."""
    return list(seal_all(match.header.match_id, match.entries, match.header.hash))
