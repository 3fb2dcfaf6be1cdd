"""A store: every match of a club or tournament in one database, whatever holds it.

Two tables, ``matches`` and ``events``, plus the store's ``ledger`` (see
:mod:`recorder.store_ledger`), laid out to be read directly with plain SQL.
The append-only rules are triggers inside the database; this module adds what
the database cannot check (hashes, schemas) and words errors for people.

:class:`Store` is the backend contract and everything that is the same on
every backend: adding matches, appending beats, reading them back. A backend
(:data:`BACKENDS`) supplies the connection, its transactions and the dialect
of its SQL: :class:`recorder.store_file.SQLiteStore` (the default, one file)
and :class:`recorder.store_postgres.PostgresStore` (a PostgreSQL database,
named by a ``postgresql://`` URL). ``Store(db)`` opens whichever ``db`` names,
as does :func:`open_store`.

The backend contract (what this class calls; every SQL text uses ``?``
placeholders, which a backend rewrites to its own):

* ``_execute(sql, params)`` -> a cursor (``fetchone``, ``fetchall``, iteration);
  ``_executemany(sql, rows)``; ``query(sql, params)`` -> a list of tuples;
* ``_writing()``: one write transaction; ``_write(fn)`` runs ``fn()`` in one,
  again if the backend reports a transient conflict (PostgreSQL's
  serialization failures and deadlocks); ``_reading()``: read errors worded;
  ``snapshot()``: one consistent read;
* ``_lock_matches(ids)`` (inside a write transaction: no other writer may
  touch those matches until it ends) and ``_lock_ledger()``;
* ``_refused``: the exception classes a database rule (a trigger, a key)
  raises, and ``_refusal(exc)``: its message;
* ``_encode_visibility`` / ``_decode_visibility`` for the ``visibility``
  column (SQLite keeps 'public' or an integer; a typed column holds text);
* ``check_schema()``, ``table_names()``, ``has_ledger``, ``location``, ``close()``;
* ``sql``: a connection-like object for tables kept beside the store by other
  modules (the statistics tables of :mod:`replay.stats_schema`):
  ``execute(sql, params)`` -> a cursor, ``executemany``, ``?`` placeholders,
  NUMERIC read back as SQLite gives it; on PostgreSQL it has ``dialect``,
  ``lock_schema()`` and ``table_names()``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar, ContextManager, Iterable, Iterator, Sequence, TypeVar

import orjson

from . import canonical
from .envelope import FIELDS, Record
from .errors import CorruptLog, LogConflict, UsageError
from .events import EventRegistry
from .header import Header
from .integrity import Chain, LogFile, parse_header, registry_for
from .jsonl import MAX_LINE
from . import store_ledger as ledger
from . import store_schema as schema
# Importing lives in its own module; Check, Importable and ImportResult stay importable from here too.
from .store_import import Check, Importable, ImportResult, import_logs  # noqa: F401

T = TypeVar("T")

# URL scheme -> "module:Class" of its backend (loaded only when named: a server's driver is an optional extra).
BACKENDS: dict[str, str] = {
    "sqlite": "recorder.store_file:SQLiteStore",
    "postgresql": "recorder.store_postgres:PostgresStore",
    "postgres": "recorder.store_postgres:PostgresStore",
}

INSERT_EVENT, INSERT_MATCH, SELECT_EVENTS = schema.INSERT_EVENT, schema.INSERT_MATCH, schema.SELECT_EVENTS
# Kept under their earlier names for code that imported them.
_INSERT_EVENT, _INSERT_MATCH, _SELECT_EVENTS = INSERT_EVENT, INSERT_MATCH, SELECT_EVENTS


def backend_name(db: str | Path) -> str:
    """The backend a ``--db`` value names: a URL's scheme, else ``sqlite`` (a file path)."""
    text = str(db)
    scheme, sep, _ = text.partition("://")
    if sep and scheme.isascii() and scheme.replace("+", "").isalnum():
        scheme = scheme.lower().partition("+")[0]
        if scheme not in BACKENDS:
            known = ", ".join(sorted({k for k in BACKENDS if k != "postgres"}))
            raise UsageError(f"{text}: unknown store type {scheme!r}; beatlog stores are {known} "
                             "(a file path is a SQLite store)")
        return scheme
    return "sqlite"


def backend_class(db: str | Path) -> type["Store"]:
    """The :class:`Store` subclass that opens ``db``."""
    module_name, _, class_name = BACKENDS[backend_name(db)].partition(":")
    return getattr(importlib.import_module(module_name), class_name)


def is_server_url(db: str | Path) -> bool:
    """Does ``db`` name a database server (not a SQLite file)?"""
    return backend_name(db) != "sqlite"


def open_store(db: str | Path, *, create: bool = True, readonly: bool = False, durability: str = "full") -> "Store":
    """Open the store ``db`` names: a SQLite file path, or a ``postgresql://`` URL.

    ``create`` makes a new store when there is none (a writer); ``create=False``
    refuses a missing store and reads until something is written;
    ``readonly=True`` never writes.
    """
    return backend_class(db)(db, create=create, readonly=readonly, durability=durability)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A ``matches`` row's bookkeeping."""

    match_id: str
    game: str
    event_count: int
    final_hash: str
    finished: bool
    created_at: str


class Store:
    """A database of matches (the backend contract: see the module's text).

    ``Store(db)`` opens the backend ``db`` names (:func:`open_store`) and
    creates a missing store; ``create=False`` opens an existing one read-only
    until something is written; ``readonly=True`` never writes. ``durability``
    (``full`` or ``normal``): see :data:`recorder.store_file.DURABILITY`.
    """

    dialect: ClassVar[str] = ""
    name: str
    readonly: bool
    _refused: ClassVar[tuple[type[BaseException], ...]] = ()

    def __new__(cls, db: str | Path = "", *args: Any, **kwargs: Any) -> "Store":
        if cls is Store:
            cls = backend_class(db)
        return super().__new__(cls)

    def __init__(self, db: str | Path, *, create: bool = True, readonly: bool = False,
                 durability: str = "full") -> None:
        self._headers: dict[str, Header] = {}

    # -- what each backend supplies ----------------------------------------------------
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def _executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        raise NotImplementedError

    def _writing(self) -> ContextManager[None]:
        raise NotImplementedError

    def _reading(self) -> ContextManager[None]:
        raise NotImplementedError

    def snapshot(self) -> ContextManager[None]:
        raise NotImplementedError

    def check_schema(self) -> None:
        raise NotImplementedError

    def table_names(self) -> list[str]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    @property
    def has_ledger(self) -> bool:
        """Does this store keep a ledger (every store written by this beatlog does)?"""
        raise NotImplementedError

    @property
    def location(self) -> str:
        """What opens this store again (a file path, or the full URL): for another process to open it."""
        raise NotImplementedError

    def _lock_matches(self, match_ids: Iterable[str]) -> None:
        """Inside a write transaction: keep other writers off these matches until it ends."""

    def _lock_ledger(self) -> None:
        """Inside a write transaction: keep other writers off the ledger's head until it ends."""

    def _write(self, fn: Callable[[], T]) -> T:
        """``fn()`` in one write transaction (a backend may run it again after a transient conflict)."""
        with self._writing():
            return fn()

    def _refusal(self, exc: BaseException) -> str:
        return str(exc)

    def _encode_visibility(self, visibility: Any) -> Any:
        return visibility

    def _decode_visibility(self, value: Any) -> Any:
        return value

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def sql(self) -> Any:
        """The connection for tables of other modules (the statistics): ``execute(sql, params)`` returning a
        cursor of tuples and ``executemany(sql, rows)``, ``?`` placeholders, in this backend's transactions;
        its ``dialect`` (absent: SQLite) says which SQL it speaks."""
        return self.conn

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Rows of a read-only query (``?`` placeholders), with read errors worded."""
        with self._reading():
            return [tuple(row) for row in self._execute(sql, params).fetchall()]

    # -- matches ----------------------------------------------------------------
    def add_match(self, header: Header) -> None:
        """Record a new match's header (LogConflict if its id is already taken)."""
        parse_header(header.to_dict(), f"{self.name}: match {header.match_id}, header")
        line = header.line()
        if len(line) > MAX_LINE:
            raise CorruptLog(f"{self.name}: match {header.match_id}: the header is over {MAX_LINE:,} bytes")

        def write() -> None:
            self._lock_matches([header.match_id])
            self._insert_match(header)

        self._guarded(self._write, write, f"{self.name}: match {header.match_id}: the database refused the match")

    def _insert_match(self, header: Header) -> None:
        """Insert the match's row and its ledger entry (inside a write transaction, the match locked)."""
        row = self._execute("SELECT header_hash FROM matches WHERE match_id = ?", (header.match_id,)).fetchone()
        if row is not None:
            if row[0] == header.hash:
                raise LogConflict(f"{self.name}: match {header.match_id} is already recorded")
            raise LogConflict(
                f"{self.name}: match id {header.match_id} is already used by a different match "
                f"(stored header {row[0][:12]}…, new header {header.hash[:12]}…)"
            )
        body = header.to_dict()
        self._execute(INSERT_MATCH, (
            header.match_id, header.format, header.game, header.edition, header.engine_version,
            header.rules_version, header.seed, _json_text(body["players"]), _json_text(body["options"]),
            header.hash, header.line().decode("utf-8"), header.created_at, header.hash,
        ))
        self._ledger_append(header.match_id, ledger.CREATED, 0, header.hash)

    def mark_finished(self, match_id: str) -> None:
        """Record that the match ended; no event can be appended afterwards."""

        def write() -> None:
            self._lock_matches([match_id])
            self._finish(match_id)

        self._guarded(self._write, write, f"{self.name}: match {match_id}: the database refused to finish the match")

    def _finish(self, match_id: str) -> None:
        """Mark the match finished and say so in the ledger, unless it is already (inside a write, locked)."""
        summary = self.summary(match_id)
        if summary.finished:
            return
        self._execute("UPDATE matches SET finished = 1 WHERE match_id = ?", (match_id,))
        self._ledger_append(match_id, ledger.FINISHED, summary.event_count, summary.final_hash)

    def _ledger_append(self, match_id: str, kind: str, events: int, hash_: str) -> None:
        if self.has_ledger:
            self._lock_ledger()
            ledger.append(self, match_id, kind, events, hash_)

    def match_ids(self) -> list[str]:
        with self._reading():
            return [row[0] for row in self._execute("SELECT match_id FROM matches ORDER BY match_id")]

    def summary(self, match_id: str) -> MatchSummary:
        with self._reading():
            row = self._execute(
                "SELECT match_id, game, event_count, final_hash, finished, created_at FROM matches "
                "WHERE match_id = ?", (match_id,),
            ).fetchone()
        if row is None:
            raise UsageError(f"{self.name}: no match {match_id!r} in this database")
        return MatchSummary(row[0], row[1], row[2], row[3], bool(row[4]), row[5])

    def header(self, match_id: str) -> Header:
        """The match's header, checked (schema and hash) when first read."""
        cached = self._headers.get(match_id)
        if cached is not None:
            return cached
        with self._reading():
            row = self._execute("SELECT header FROM matches WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise UsageError(f"{self.name}: no match {match_id!r} in this database")
        where = f"{self.name}: match {match_id}, header"
        try:
            raw = orjson.loads(row[0])
        except orjson.JSONDecodeError as exc:
            raise CorruptLog(f"{where}: invalid JSON: {exc.msg}") from None
        header = parse_header(raw, where)
        if header.match_id != match_id:
            raise CorruptLog(f"{where}: the stored header is for match {header.match_id}")
        self._headers[match_id] = header
        return header

    # -- events -----------------------------------------------------------------
    def append(self, match_id: str, records: Sequence[Record], *, validate: bool = True) -> None:
        """Append one batch (a beat) of events in one transaction.

        The batch must continue the stored chain exactly; if another writer
        already appended those seqs, LogConflict says so and nothing is
        written. ``validate`` checks every event's hash and schema first (skip
        it only for events that were just checked, as import does).
        """
        records = list(records)
        if not records:
            return
        if validate:
            self._check_batch(match_id, records)
        def write() -> None:
            self._lock_matches([match_id])
            self._check_continues(match_id, records[0])
            self._insert_events(match_id, records)

        self._guarded(self._write, write, f"{self.name}: match {match_id}: the database refused the batch")

    def _insert_events(self, match_id: str, records: Sequence[Record]) -> None:
        """Write ``records`` (the match's next events) and the match row's counters, in the open transaction."""
        self._executemany(INSERT_EVENT, [self.event_row(r) for r in records])
        last = records[-1]
        self._execute(
            "UPDATE matches SET event_count = ?, final_hash = ? WHERE match_id = ?",
            (last.seq, last.hash, match_id),
        )

    def _guarded(self, run: Callable[[Callable[[], T]], T], fn: Callable[[], T], what: str) -> T:
        """``run(fn)``, a database rule's refusal becoming a LogConflict that starts with ``what``."""
        try:
            return run(fn)
        except self._refused as exc:
            raise LogConflict(f"{what}: {self._refusal(exc)}") from None

    def _check_batch(self, match_id: str, records: Sequence[Record]) -> None:
        header = self.header(match_id)
        chain = Chain(header, registry_for(header))
        chain.next_seq, chain.prev_hash = records[0].seq, records[0].prev
        for record in records:
            where = f"{self.name}: match {match_id}, seq {record.seq}"
            line = record.line()
            chain.check(record.to_dict(), where, line)
            if len(line) > MAX_LINE:
                raise CorruptLog(f"{where}: the event is over {MAX_LINE:,} bytes as a log line")

    def _check_continues(self, match_id: str, first: Record) -> None:
        summary = self.summary(match_id)
        where = f"{self.name}: match {match_id}"
        if first.match_id != match_id:
            raise LogConflict(f"{where}: cannot append an event of match {first.match_id}")
        if summary.finished:
            raise LogConflict(f"{where}: the match is finished; cannot append seq {first.seq}")
        if first.seq <= summary.event_count:
            raise LogConflict(f"{where}: seq {first.seq} was already appended by another writer")
        if first.seq != summary.event_count + 1:
            raise LogConflict(f"{where}: expected seq {summary.event_count + 1} next, got seq {first.seq}")
        if first.prev != summary.final_hash:
            raise LogConflict(
                f"{where}: seq {first.seq} does not chain onto the stored seq {summary.event_count} "
                f"(prev {first.prev[:12]}…, stored {summary.final_hash[:12]}…)"
            )

    def records(self, match_id: str, after: int = 0) -> list[Record]:
        """The match's events with seq > ``after``, in order, as stored (unchecked: see :meth:`read`)."""
        with self._reading():
            return [Record(**self._raw(row)) for row in self._execute(SELECT_EVENTS, (match_id, after))]

    def read(self, match_id: str, *, registry: EventRegistry | None = None) -> LogFile:
        """The whole match, checked like a file: schema, seqs, chain and hashes."""
        header = self.header(match_id)
        chain = Chain(header, registry_for(header, registry))
        records = []
        with self._reading():
            rows = self._execute(SELECT_EVENTS, (match_id, 0)).fetchall()
        for row in rows:
            where = f"{self.name}: match {match_id}, seq {row[1]}"
            try:
                raw = self._raw(row)
            except (orjson.JSONDecodeError, TypeError, ValueError) as exc:
                raise CorruptLog(f"{where}: data: not valid JSON text ({exc})") from None
            records.append(chain.feed(raw, where))
        return LogFile(header, records)

    def iter_logs(self, match_ids: Sequence[str] | None = None) -> Iterator[LogFile]:
        """Every match (or those named), each read and checked in its own snapshot."""
        for match_id in (self.match_ids() if match_ids is None else match_ids):
            with self.snapshot():
                yield self.read(match_id)

    def event_row(self, record: Record) -> tuple:
        """The events row of ``record``, in :data:`recorder.envelope.FIELDS` order."""
        return (
            record.match_id, record.seq, record.duel, record.beat, record.type, record.kind,
            record.actor, _json_text(record.data), record.cause, self._encode_visibility(record.visibility),
            record.prev, record.hash,
        )

    def _raw(self, row: Sequence[Any]) -> dict:
        raw = dict(zip(FIELDS, row))
        raw["data"] = orjson.loads(raw["data"])
        raw["visibility"] = self._decode_visibility(raw["visibility"])
        return raw

    # -- the ledger (recorder.store_ledger) --------------------------------------------
    def ledger_entries(self) -> list[ledger.Entry]:
        """The store's ledger, in order (empty for a store that has none)."""
        return ledger.entries(self) if self.has_ledger else []

    # -- import (recorder.store_import) ------------------------------------------------
    def import_log(self, log: LogFile | Importable, *, check: Check | None = None) -> ImportResult:
        return self.import_logs([log], check=check)[0]

    def import_logs(self, logs: Iterable[LogFile | Importable], *, check: Check | None = None) -> list[ImportResult]:
        """Add checked logs in ONE transaction: see :func:`recorder.store_import.import_logs`."""
        return import_logs(self, logs, check=check)


def _json_text(value: object) -> str:
    return canonical.dumps(value).decode("utf-8")

