"""Decision points: what the engine asks, and the answers it accepts.

The engine never guesses a player's choice. It builds a :class:`Request` that
lists every legal answer; a decision source (script, bot, person) returns an
:class:`Answer`; the answer becomes an ``input`` event whose payload is the
answer's fields plus ``source`` (who gave it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from . import canonical
from .events import Event


@dataclass(frozen=True, slots=True)
class Request:
    """One decision a player must make now."""

    player: int
    kind: str  # short name of the decision, e.g. "pair", "ante", "move"
    event: type[Event]  # the input event the answer becomes
    options: tuple[dict[str, Any], ...]  # every legal answer, in a stable order
    prompt: str = ""  # plain-language question, for people and the log viewer
    secret: bool = False  # hidden from the opponent until revealed
    cause: int | None = None  # seq of the event that made this decision necessary
    labels: tuple[str, ...] = ()  # human-readable option texts (same order), optional

    def label(self, index: int) -> str:
        if self.labels:
            return self.labels[index]
        return describe_answer(self.options[index])

    def index_of(self, answer: dict[str, Any]) -> int | None:
        # Dict equality finds the candidate cheaply; the canonical comparison
        # then rejects look-alikes that == accepts (1 == True, [1] != (1,)).
        key = canonical.dumps(answer)
        for i, option in enumerate(self.options):
            if option == answer and canonical.dumps(option) == key:
                return i
        for i, option in enumerate(self.options):
            if canonical.dumps(option) == key:
                return i
        return None


@dataclass(frozen=True, slots=True)
class Answer:
    data: dict[str, Any]
    source: str = "script"


class DecisionSource(Protocol):
    """Anything that can answer requests: a script, a bot, a terminal prompt."""

    def answer(self, request: Request, match: Any) -> Answer: ...


@dataclass
class FirstOption:
    """The ``first`` policy: always the first legal option."""

    name: str = field(default="policy:first")

    def answer(self, request: Request, match: Any) -> Answer:
        return Answer(request.options[0], self.name)


def describe_answer(answer: dict[str, Any]) -> str:
    if not answer:
        return "pass"
    return ", ".join(f"{k} {v}" for k, v in answer.items())
