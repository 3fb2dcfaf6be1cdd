"""Recording a match: drive the engine and append its events to a sink, a beat at a time.

Records are sealed onto the hash chain as the engine emits them and handed to
the sink once a beat is over (see :class:`BeatBatches`): a store commits each
beat in one transaction and a JSONL file syncs once per beat, so a crash loses
at most the beat being played and never leaves half of one.
The header's ``created_at`` (ISO-8601 UTC) is set here and nowhere else: it is
the one wall-clock value in a log, and the header hash leaves it out, so the
same match recorded twice has the same id and byte-identical events.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

from .decisions import DecisionSource
from .envelope import Entry, Record, seal_all
from .game import Game
from .header import Header
from .match import Match
from .jsonl import JsonlWriter
from .store import Store
from .untrusted import check_header_text


class Stop(Exception):
    """Raised by a decision source to end a recording early (a player quit).

    Everything recorded so far stays in the sink; the match is not marked finished.
    """


class Sink(Protocol):
    """Where a recording goes: started once, appended per beat, finished once.

    ``finish`` marks a match that ended; a sink may also have ``close()``, which
    :func:`record` calls in every case (ended, stopped or failed), and
    ``show(records)``, which gets every decision's records as soon as they are
    sealed, before its beat is over (a narrator at the table cannot wait).
    """

    def start(self, header: Header) -> None: ...

    def append(self, records: Sequence[Record]) -> None: ...

    def finish(self) -> None: ...


@dataclass
class MemorySink:
    """Keeps the log in memory (tests, dry runs)."""

    header: Header | None = None
    records: list[Record] = field(default_factory=list)
    batches: int = 0
    finished: bool = False

    def start(self, header: Header) -> None:
        self.header = header

    def append(self, records: Sequence[Record]) -> None:
        self.records.extend(records)
        self.batches += 1

    def finish(self) -> None:
        self.finished = True


class JsonlSink:
    """A JSONL file, written through :class:`recorder.jsonl.JsonlWriter` (fsync per batch: a beat)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._writer = JsonlWriter(self.path)

    def start(self, header: Header) -> None:
        self._writer.start(header)

    def append(self, records: Sequence[Record]) -> None:
        self._writer.append(records)

    def finish(self) -> None:
        pass  # a JSONL log is finished when its last record says so

    def close(self) -> None:
        self._writer.close()


class StoreSink:
    """A match in a SQLite :class:`recorder.store.Store` (one transaction per batch: a beat).

    The batches are the engine's own records, sealed a moment ago: valid by construction (every
    engine is held to it: tests/test_verify_fast_path.py), so the store checks that each batch
    continues the stored chain but does not schema-check and re-hash them again. ``durability``
    applies to a store opened here from a path (see :data:`recorder.store_file.DURABILITY`).
    """

    may_refuse = True  # start() fails when the store already holds the match: Tee starts it first

    def __init__(self, store_or_path: Any, *, durability: str = "full") -> None:
        self._owned = not isinstance(store_or_path, Store)
        self.store = Store(store_or_path, durability=durability) if self._owned else store_or_path
        self.match_id: str | None = None

    def start(self, header: Header) -> None:
        self.store.add_match(header)
        self.match_id = header.match_id

    def append(self, records: Sequence[Record]) -> None:
        assert self.match_id is not None
        self.store.append(self.match_id, list(records), validate=False)

    def finish(self) -> None:
        assert self.match_id is not None
        self.store.mark_finished(self.match_id)

    def close(self) -> None:
        if self._owned:
            self.store.close()


@dataclass
class Tee:
    """Several sinks fed the same batches, in order."""

    sinks: Sequence[Sink]

    def start(self, header: Header) -> None:
        # A sink that may refuse the match (a store that already holds it) starts first, so that a
        # refusal leaves nothing behind: no JSONL file holding just a header.
        for sink in sorted(self.sinks, key=lambda sink: not getattr(sink, "may_refuse", False)):
            sink.start(header)

    def append(self, records: Sequence[Record]) -> None:
        for sink in self.sinks:
            sink.append(records)

    def show(self, records: Sequence[Record]) -> None:
        for sink in self.sinks:
            show = getattr(sink, "show", None)
            if show is not None:
                show(records)

    def finish(self) -> None:
        for sink in self.sinks:
            sink.finish()

    def close(self) -> None:
        for sink in self.sinks:
            _close(sink)


class BeatBatches:
    """Seals a running match's entries onto the chain and appends them to a sink a beat at a time.

    After each ``advance`` the new entries are sealed and held; they are
    appended when the match's clock has moved on -- the next decision belongs
    to another beat (or duel) -- or the match is over, and by :meth:`flush`
    (a player's Stop). A batch therefore ends where a beat ends: it holds the
    beat's decisions and every outcome they caused (plus the next beat's
    opening events, up to its first decision), so a crash leaves whole beats.
    """

    def __init__(self, sink: Sink, match_id: str, prev: str) -> None:
        self.sink = sink
        self.match_id = match_id
        self.prev = prev  # hash of the last record sealed
        self.events = 0  # records sealed
        self.beats: set[tuple[int, int]] = set()  # (duel, beat) of every beat >= 1 sealed
        self._held: list[Record] = []
        self._clock: tuple[int, int] | None = None

    def add(self, entries: Sequence[Entry], match: Match) -> None:
        """Seal ``entries`` (what one ``advance`` emitted); append once the beat is over."""
        records = list(seal_all(self.match_id, entries, self.prev))
        if records:
            self.prev = records[-1].hash
            self.events += len(records)
            self.beats.update((r.duel, r.beat) for r in records if r.beat > 0)
            self._held.extend(records)
            show = getattr(self.sink, "show", None)
            if show is not None:
                show(records)
        clock = (match.ctx.duel, match.ctx.beat)
        if match.finished or clock != self._clock:
            self.flush()
        self._clock = clock

    def flush(self) -> None:
        """Append whatever is held (at the end of a beat, or when the recording stops)."""
        if self._held:
            held, self._held = self._held, []
            self.sink.append(held)


@dataclass(frozen=True)
class Recording:
    """What a recording produced, for the caller to report."""

    header: Header
    events: int
    last_hash: str
    finished: bool
    result: dict[str, Any] | None
    duel: int
    beat: int
    beats: int  # beats played (beat >= 1), over every duel

    @property
    def winner(self) -> int | None:
        return None if self.result is None else self.result.get("winner")


def utc_now() -> str:
    """The current time as ISO-8601 UTC with a ``Z``, to the second."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    return now.isoformat().replace("+00:00", "Z")


def record(
    game: Game,
    header: Header,
    sources: Mapping[int, DecisionSource],
    sink: Sink,
    *,
    clock: Callable[[], str] = utc_now,
) -> Recording:
    """Play ``header``'s match with ``sources`` answering, writing it to ``sink``.

    A control character in the header's names, sides or options is refused first
    (:mod:`recorder.untrusted`). Sources with a ``close(match)`` method (e.g. a script checking that every
    scripted answer was used) are closed once the match has ended.
    """
    check_header_text(header)  # before anything is written: a name must not drive a terminal later
    header = replace(header, created_at=clock())
    match = Match(game, header)
    batches = BeatBatches(sink, header.match_id, header.hash)
    try:
        sink.start(header)
        batches.add(match.advance(), match)
        while not match.finished:
            request = match.pending
            assert request is not None
            batches.add(match.advance_from(sources[request.player]), match)
        sink.finish()
    except Stop:
        batches.flush()  # the player quit: keep every decision made, to resume from
    finally:
        _close(sink)
    if match.finished:
        for source in _distinct(sources.values()):
            close = getattr(source, "close", None)
            if close is not None:
                close(match)
    return Recording(
        header=header,
        events=batches.events,
        last_hash=batches.prev,
        finished=match.finished,
        result=game.result(match.state) if match.finished else None,
        duel=match.ctx.duel,
        beat=match.ctx.beat,
        beats=len(batches.beats),
    )


def _close(sink: Any) -> None:
    close = getattr(sink, "close", None)
    if close is not None:
        close()


def _distinct(sources: Any) -> list[Any]:
    out: list[Any] = []
    for source in sources:
        if not any(source is seen for seen in out):
            out.append(source)
    return out
