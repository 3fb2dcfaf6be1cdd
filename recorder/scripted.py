"""Driving a match by hand, for rule scenarios and tests of any game: forced dice, answers until a condition.

A game's ``testing`` module builds its own hand-placed matches (cogs, characters)
on these: :class:`ScriptedDice` stands in for the match's chance source so a test
can state "the die shows 5", and :func:`play_until` answers requests until a
condition holds.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .decisions import Answer, Request
from .match import Match

Chooser = Callable[[Request, Match], dict[str, Any] | None]


class ScriptedDice:
    """Stands in for the match's ChanceSource: each draw takes the next face (1-based); then ``fallback``."""

    def __init__(self, faces: Iterable[int], fallback: int) -> None:
        self.faces = list(faces)
        self.fallback = fallback
        self.counter = 0

    def draw(self, n: int) -> int:
        self.counter += 1
        face = self.faces.pop(0) if self.faces else min(self.fallback, n)
        if not 1 <= face <= n:
            raise AssertionError(f"scripted die face {face} is not on a d{n}")
        return face - 1


def play_until(match: Match, choose: Chooser, stop: Callable[[Match], bool] = lambda m: False) -> None:
    """Advance, answering with ``choose`` (None = first option), until ``stop`` or the end."""
    if not match._started:
        match.advance()
    while not match.finished and not stop(match):
        request = match.pending
        picked = choose(request, match)
        match.advance(Answer(picked if picked is not None else request.options[0], "test"))


def types(match: Match) -> list[str]:
    """The type of every event the match has recorded, in order."""
    return [e.type for e in match.entries]


def events_of(match: Match, type_name: str) -> list[Any]:
    """The recorded events of one type, in order."""
    return [e.event for e in match.entries if e.type == type_name]
