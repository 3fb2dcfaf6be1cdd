"""One walk of a log: fold its records into state and show each step to visitors.

Statistics, the viewer's frames, the text dump, ``explain`` and ``state`` are
all visitors over this single walk, so they agree on what the state was at
every record. The walk trusts the log: it does not re-execute the engine (that
is :mod:`replay.verify`); it rebuilds each event from the game's registry and
applies it with ``game.apply`` (through :mod:`recorder.fold`, which words a
forged event the rules cannot apply as CorruptLog), as the engine did.

The visitor protocol (stable; every method is optional on a :class:`Visitor`
subclass):

``on_header(header, state)``
    once, before any record; ``state`` is ``game.new_state(header)``.
``before(record, state)``
    for each record, with the state *before* it is applied.
``after(record, state)``
    for each record, with the state *after* it is applied.
``on_end(state)``
    once, after the last record (also when a visitor stopped the walk early).

``state`` is the live, mutable game state: a visitor that keeps it must copy it
(``game.snapshot(state)`` gives JSON-native data). A visitor may raise
:class:`StopWalk` to end the walk early (``state`` at a beat does this): raised
from ``before`` it leaves that record unapplied, from ``after`` it stops once the
record is applied; the remaining visitors are not called for that step, but
every visitor still gets ``on_end``.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable, Sequence

from recorder.citing import CiteContext
from recorder.envelope import Record
from recorder.errors import BeatlogError
from recorder.fold import apply_record, rebuild
from recorder.game import Game, game_for
from recorder.header import Header
from recorder.unreadable import reading, unreadable


RECENT = 64  # records a failure's suspect field is looked for in, the failing one first


class StopWalk(Exception):
    """Raised by a visitor to end the walk after the current step."""


class Visitor:
    """Base class with do-nothing hooks; override the ones you need."""

    def on_header(self, header: Header, state: Any) -> None:
        pass

    def before(self, record: Record, state: Any) -> None:
        pass

    def after(self, record: Record, state: Any) -> None:
        pass

    def on_end(self, state: Any) -> None:
        pass


def walk(
    header: Header,
    records: Iterable[Record],
    visitors: Sequence[Visitor],
    game: Game | None = None,
    *,
    source: str = "",
) -> Any:
    """Fold ``records`` into state, calling every visitor at each step; return the state.

    An event the rules cannot apply (a forged log whose chain is intact) stops
    the walk with CorruptLog, its message prefixed by ``source`` (a file name);
    a value a visitor cannot interpret (a forged timing its description cannot
    word) stops it with :class:`~recorder.errors.UnreadableLog`, naming the seq
    and the field. The walk is the one boundary of every visitor: none of them
    catches game code's failures itself.
    """
    game = game or game_for(header)
    with reading(header.match_id, header=header, source=source, what="(its set-up)"):
        state = game.new_state(header)
        for visitor in visitors:
            visitor.on_header(header, state)
    record: Record | None = None
    recent: deque[Record] = deque(maxlen=RECENT)  # where a value read later may have come from
    try:
        for record in records:
            recent.append(record)
            event = rebuild(game, record, source)
            for visitor in visitors:
                visitor.before(record, state)
            apply_record(game, state, record, event, source)
            for visitor in visitors:
                visitor.after(record, state)
    except StopWalk:
        pass
    except BeatlogError:
        raise
    except Exception as exc:  # noqa: BLE001 - the walk is every visitor's boundary (recorder/unreadable.py)
        raise unreadable(header.match_id, exc, record=record, header=header, source=source,
                         earlier=reversed(recent)) from exc
    with reading(header.match_id, header=header, source=source, what="(its end)"):
        for visitor in visitors:
            visitor.on_end(state)
    return state


class Describer(Visitor):
    """Collects ``game.describe`` and ``game.cite`` of every record (with the state before it), by seq.

    It owns the walk's :class:`~recorder.citing.CiteContext` (a fresh one for each walk, at ``on_header``): the
    records are cited in log order with it, so a citation may follow a record to the effect that caused it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lines: dict[int, str] = {}
        self.cites: dict[int, str | None] = {}
        self.citing = CiteContext()

    def on_header(self, header: Header, state: Any) -> None:
        self.citing = CiteContext()

    def before(self, record: Record, state: Any) -> None:
        self.lines[record.seq] = self.game.describe(state, record)
        self.cites[record.seq] = self.game.cite(state, record, self.citing)
