"""Decision points: what the engine asks, and the answers it accepts.

The engine never guesses a player's choice. It builds a :class:`Request` that
lists every legal answer; a decision source (script, bot, person) returns an
:class:`Answer`; the answer becomes an ``input`` event whose payload is the
answer's fields plus ``source`` (who gave it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import indexOf as _index_of
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from . import canonical
from .events import Event
from .frozen import quick_init
from .names import closest

# An input event with a ``salt`` field takes, besides one of the request's options, a secret salt chosen by
# the decision source: a hex string that makes the decision's public commitment unguessable ("" = none).
SALT = "salt"
SALT_TEXT = re.compile(r"[0-9a-f]{0,128}")


def salt_error(event: type[Event], answer: dict[str, Any]) -> str | None:
    """Why the ``salt`` of ``answer`` is not acceptable for ``event``, or None (also when there is none)."""
    if SALT not in answer:
        return None
    if SALT not in event.field_names():
        return f"has a salt, but {event.TYPE} takes none"
    value = answer[SALT]
    if not isinstance(value, str) or not SALT_TEXT.fullmatch(value):
        return f"salt {value!r} is not a string of at most 128 hex digits (0-9, a-f)"
    return None


def same_answer(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two answers are the same decision: an empty salt is the same as none (the input event records
    ``salt: ""`` for a source that gave none)."""
    def norm(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if not (k == SALT and v == "")}
    return norm(a) == norm(b)


class LazyLabels(Sequence):
    """A request's option labels, worked out the first time anything reads them.

    Most requests are answered by a bot, a script or a log being verified, which never read a label; a person's
    prompt, an error message and ``explain``/what-if do. ``make`` must depend only on values fixed when the
    request is made (never on the match state, which moves on), so the labels read the same whenever they are
    read. Reads as the tuple of labels: equal to it, indexed and sliced like it."""

    __slots__ = ("_make", "_made")

    def __init__(self, make: Callable[[], Iterable[str]]) -> None:
        self._make: Callable[[], Iterable[str]] | None = make
        self._made: tuple[str, ...] = ()

    def _labels(self) -> tuple[str, ...]:
        if self._make is not None:
            self._made = tuple(self._make())
            self._make = None
        return self._made

    def __getitem__(self, index):  # type: ignore[override]
        return self._labels()[index]

    def __len__(self) -> int:
        return len(self._labels())

    def __iter__(self):
        return iter(self._labels())

    def __contains__(self, item: object) -> bool:
        return item in self._labels()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyLabels):
            other = other._labels()
        return self._labels() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._labels())

    def __repr__(self) -> str:
        return repr(self._labels())


@quick_init
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
    # human-readable option texts (same order), optional; a LazyLabels works them out when first read
    labels: tuple[str, ...] | LazyLabels = ()

    def label(self, index: int) -> str:
        if self.labels:
            return self.labels[index]
        return describe_answer(self.options[index])

    def near_miss(self, answer: dict[str, Any]) -> tuple[str, str, tuple[str, ...]] | None:
        """The first named part of ``answer`` no legal option has -- ``("base", "Strik", ("Strike", ...))``:
        the part, the value given and the values the options have for it -- or None."""
        for key, value in answer.items():
            if key in ("player", "source", SALT) or not isinstance(value, str):
                continue
            values = tuple(dict.fromkeys(o[key] for o in self.options if isinstance(o.get(key), str)))
            if values and value not in values:
                return key, value, values
        return None

    def hint(self, answer: dict[str, Any]) -> str:
        """``" ('Strik' is not a base here; did you mean 'Strike'?)"`` for a near miss of a legal value, else
        ``""``: what an illegal-answer message adds so a typo is seen at once."""
        miss = self.near_miss(answer)
        if miss is None:
            return ""
        key, value, values = miss
        near = closest(value, values)
        return f" ({value!r} is not a {key} here; did you mean {near!r}?)" if near else ""

    def legal(self, most: int = 40) -> str:
        """The legal options for an error line; a very long list (840 starting discards) is cut
        after ``most`` with a count, so that one line stays readable."""
        shown = "; ".join(self.label(i) for i in range(min(len(self.options), most)))
        more = len(self.options) - most
        return shown if more <= 0 else f"{shown}; … and {more} more ({len(self.options)} in all)"

    def index_of(self, answer: dict[str, Any]) -> int | None:
        # A source that answers with one of the options themselves (the bots) names that option. indexOf finds
        # the first option equal to it (identity first, in C); the option itself can only come at or after it.
        options = self.options
        try:
            first = _index_of(options, answer)
        except ValueError:  # none equal, so none is the answer itself
            pass
        else:
            for i in range(first, len(options)):
                if options[i] is answer:
                    return i
        # A salt is the source's own addition, not part of the option it names.
        if SALT in answer:
            if salt_error(self.event, answer) is not None:
                return None
            answer = {k: v for k, v in answer.items() if k != SALT}
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


@quick_init
@dataclass(frozen=True, slots=True)
class Answer:
    data: dict[str, Any]
    source: str = "script"


class DecisionSource(Protocol):
    """Anything that can answer requests: a script, a bot, a terminal prompt."""

    def answer(self, request: Request, match: Any) -> Answer: ...


class OptionPicker:
    """A decision source that only ever takes one of a request's options as it is (the bots, the ``first``
    policy): it says which by its place, :meth:`pick`. A match it plays answers with that option itself, under the
    source's ``name``: legal by construction, so not checked again (``Match.advance_from``). :meth:`answer` is the
    same choice as an :class:`Answer`, for a caller that takes one. A subclass that overrides :meth:`answer` is
    asked through it, as any other source is (its answer checked)."""

    name: str

    def pick(self, request: Request, match: Any) -> int:
        """The index of the option of ``request`` this source takes."""
        raise NotImplementedError

    def answer(self, request: Request, match: Any) -> Answer:
        return Answer(request.options[self.pick(request, match)], self.name)


@dataclass
class FirstOption(OptionPicker):
    """The ``first`` policy: always the first legal option."""

    name: str = field(default="policy:first")

    def pick(self, request: Request, match: Any) -> int:
        return 0


def describe_answer(answer: dict[str, Any]) -> str:
    if not answer:
        return "pass"
    return ", ".join(f"{k} {v}" for k, v in answer.items())
