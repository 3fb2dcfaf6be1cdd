"""The engine's only window on the world while a match runs.

A game's ``play`` generator reads ``ctx.state`` and changes it in exactly one
way: :meth:`Context.emit`, which applies the event through the game's fold and
appends it to the match's entries. State is therefore always the fold of the
events emitted so far, which is what replay, ``state`` and the viewer rebuild.
"""

from __future__ import annotations

import dataclasses
from types import FunctionType
from typing import Any, Generator

from .decisions import SALT, Answer, Request, salt_error
from .envelope import Entry
from .errors import IllegalDecision, InvalidDecision
from .events import ChanceDrawn, Event
from .rng import ChanceSource
from .header import Header
from .terms import terms_of

Ask = Generator[Request, Answer, Event]
_entry = tuple.__new__  # Entry(...) without its Python-level __new__: an Entry is a named tuple


# Per input event class: the names of its fields before ``source``, in order, when an answer naming exactly those
# (the usual answer: one of the request's options) builds the event positionally -- a class called with keywords
# goes through a dictionary of them; None when it cannot (no ``source`` field, a keyword-only field).
_ANSWERED: dict[type, tuple[str, ...] | None] = {}
_UNKNOWN: Any = object()
# The game's fold_of hook -> the table of its folds by event class, shared by every match of the game.
_FOLDS: dict[Any, dict[type, Any]] = {}


def _answered_fields(cls: type) -> tuple[str, ...] | None:
    fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    names = [f.name for f in fields]
    head = None
    if "source" in names and not any(f.kw_only for f in fields):
        head = tuple(names[:names.index("source")])
    _ANSWERED[cls] = head
    return head


class Context:
    def __init__(self, game: Any, header: Header, state: Any, chance: Any = None) -> None:
        self.game = game  # the recorder.game.Game being played (whose protocol names this class)
        self.header = header
        self.state = state
        self.entries: list[Entry] = []
        self.duel = 0
        self.beat = 0
        # Anything with ``draw(n) -> int``; tests pass scripted dice here.
        self._rng = chance if chance is not None else ChanceSource(header.seed, header.match_id)
        self._checked: Any = None  # the answer Match.advance has just checked (see ask)
        self._apply = game.apply
        # Per event class, the fold that applies it (None: it changes nothing), from the game's optional
        # ``fold_of`` hook: an event goes straight to its own fold, without a dispatching call in between.
        self._fold_of = getattr(game, "fold_of", None)
        # A game's folds never change: every match of a game whose hook is a plain function shares its table (one
        # per such function, never more); a hook bound to a game object fills a table of the match's own.
        self._folds: dict[type, Any] = (_FOLDS.setdefault(self._fold_of, {})
                                        if isinstance(self._fold_of, FunctionType) else {})

    # -- clock ---------------------------------------------------------------
    def set_clock(self, duel: int, beat: int) -> None:
        """Events emitted from now on carry this duel and beat."""
        self.duel = duel
        self.beat = beat

    @property
    def last_seq(self) -> int:
        """The seq of the most recently emitted event (0 before any): a handy ``cause``."""
        return len(self.entries)

    @property
    def where(self) -> str:
        """``match m-..., duel 1, beat 3`` / ``match m-..., turn 3``: in the game's own words."""
        return f"match {self.header.match_id}, {terms_of(self.game).at(self.duel, self.beat)}"

    # -- events --------------------------------------------------------------
    def emit(
        self,
        event: Event,
        *,
        actor: int | None = None,
        cause: int | None = None,
        visibility: str | int = "public",
    ) -> int:
        """Apply ``event`` to the state, record it, and return its seq."""
        entries = self.entries
        seq = len(entries) + 1
        try:
            fold = self._folds[type(event)]
        except KeyError:
            fold = self._fold_for(type(event))
        if fold is not None:
            fold(self.state, event)
        entries.append(_entry(Entry, (seq, self.duel, self.beat, event, actor, cause, visibility)))
        return seq

    def _fold_for(self, cls: type) -> Any:
        """The fold of event class ``cls`` (the game's ``fold_of``, else its ``apply``), kept for the match."""
        fold = self._folds[cls] = self._apply if self._fold_of is None else self._fold_of(cls)
        return fold

    def chance(self, purpose: str, n: int, *, cause: int | None = None) -> int:
        """Draw a chance outcome in ``0..n-1`` and log it as an input event."""
        value = self._rng.draw(n)
        self.emit(ChanceDrawn(purpose=purpose, n=n, value=value), cause=cause)
        return value

    # -- decisions -----------------------------------------------------------
    def ask(self, request: Request) -> Ask:
        """Yield ``request`` to the decision source; log and return the answer.

        Use as ``event = yield from ctx.ask(request)``. An answer that is not one
        of the request's options raises before anything is emitted.
        """
        if not request.options:
            raise AssertionError(f"{self.where}: empty option list for {request.kind}")
        answer = yield request
        return self.answered(request, answer)

    def answered(self, request: Request, answer: Answer) -> Event:
        """Log ``answer`` to ``request``, which the play has just yielded, and return its input event: what
        :meth:`ask` does once the answer comes, for a game that yields its requests itself (one generator
        fewer for every decision). The request must have options."""
        if answer is not self._checked:  # Match.advance checks an answer before resuming the play
            self.check(request, answer)
        self._checked = None
        data, cls = answer.data, request.event
        head = _ANSWERED.get(cls, _UNKNOWN)
        if head is _UNKNOWN:
            head = _answered_fields(cls)
        if head is not None and len(data) == len(head):  # the answer names the fields before ``source``: as is
            try:
                event = cls(*map(data.__getitem__, head), answer.source)
            except KeyError:  # another field: as keywords, which say what is wrong
                event = cls(**data, source=answer.source)
        else:
            event = cls(**data, source=answer.source)
        self.emit(event, actor=request.player, cause=request.cause,
                  visibility=request.player if request.secret else "public")
        return event

    def check(self, request: Request, answer: Answer) -> None:
        if not isinstance(answer, Answer) or not isinstance(answer.data, dict):
            raise InvalidDecision(f"{self.where}: a {request.kind} answer must be an object, got {answer!r}")
        bad_salt = salt_error(request.event, answer.data) if SALT in answer.data else None
        if bad_salt is not None:
            name = self.header.players[request.player].name
            raise IllegalDecision(f"{self.where}: {name}'s {request.kind} answer {bad_salt}")
        if request.index_of(answer.data) is None:
            name = self.header.players[request.player].name
            legal = request.legal()
            raise IllegalDecision(
                f"{self.where}: {name}'s {request.kind} {dict(answer.data)!r} is not legal"
                f"{request.hint(answer.data)}; "
                f"legal options: {legal}"
            )
