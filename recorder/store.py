"""The embedded store: every match of a club or tournament in one SQLite file.

Two tables, ``matches`` and ``events`` (see :mod:`recorder.store_schema`),
laid out to be read directly with ``sqlite-utils query`` or Datasette. The
append-only rules are triggers inside the database; this module adds what
SQLite cannot check (hashes, schemas) and words errors for people.

Writers take the write lock up front (``BEGIN IMMEDIATE``) and commit one batch
(a beat) per transaction, so a crash never leaves half a beat and a second
writer waits for the first instead of failing, then sees what it appended.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import orjson
import sqlite_utils

from . import canonical
from .envelope import FIELDS, Record
from .errors import BeatlogError, CorruptLog, LogConflict, UsageError
from .events import EventRegistry
from .header import Header
from .integrity import Chain, LogFile, parse_header, registry_for
from .jsonl import MAX_LINE
from . import store_schema as schema

BUSY_TIMEOUT_MS = 5000

_INSERT_EVENT = f"INSERT INTO events ({', '.join(FIELDS)}) VALUES ({', '.join('?' * len(FIELDS))})"
_INSERT_MATCH = (
    f"INSERT INTO matches ({', '.join(schema.HEADER_COLUMNS)}, event_count, final_hash, finished) "
    f"VALUES ({', '.join('?' * len(schema.HEADER_COLUMNS))}, 0, ?, 0)"
)
_SELECT_EVENTS = f"SELECT {', '.join(FIELDS)} FROM events WHERE match_id = ? AND seq > ? ORDER BY seq"


def _busy(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


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
    """A SQLite database of matches.

    ``Store(path)`` is a writer: it creates a missing (or empty) file as a new
    store. ``create=False`` is a reader: it refuses a missing file and opens the
    database read-only (``mode=ro``), switching to a writable connection only
    if the caller writes (resuming a recording); ``readonly=True`` refuses to
    write at all. Either way an existing file is checked to be a beatlog store
    over a read-only connection *before* anything is written to it, so a
    foreign or damaged file is left exactly as it was.
    """

    def __init__(self, path: str | Path, *, create: bool = True, readonly: bool = False) -> None:
        self.path = Path(path)
        self.name = str(path)
        self.readonly = readonly
        create = create and not readonly
        self._headers: dict[str, Header] = {}
        self._writable = False
        if self.path.is_dir():
            raise UsageError(f"{self.name}: is a directory, not a database file")
        exists = self.path.is_file()
        if not exists and not create:
            raise UsageError(f"{self.name}: no such database")
        empty = not exists or self.path.stat().st_size == 0
        if empty and not create:
            raise CorruptLog(f"{self.name}: not a beatlog database (the file is empty)")
        if not empty:
            self._use(self._connect(readonly=True))
            try:
                self._probe()
                self.check_schema()
            except BaseException:
                self.conn.close()
                raise
        if create:
            try:
                self._make_writable(new=empty)
            except BaseException:
                if getattr(self, "conn", None) is not None:
                    self.conn.close()
                raise

    # -- opening ----------------------------------------------------------------
    def _connect(self, *, readonly: bool) -> sqlite3.Connection:
        try:
            if readonly:
                uri = f"{self.path.resolve().as_uri()}?mode=ro"
                conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            else:
                conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            conn.execute("PRAGMA busy_timeout = %d" % BUSY_TIMEOUT_MS)
            # Without this, INSERT OR REPLACE deletes rows without firing DELETE triggers.
            conn.execute("PRAGMA recursive_triggers = ON")
            if not readonly:
                conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as exc:
            raise UsageError(f"{self.name}: cannot open the database: {exc}") from None
        return conn

    def _use(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.db = sqlite_utils.Database(conn)

    def _probe(self) -> None:
        """Read the file's schema once: a file that is not SQLite at all fails here, unchanged."""
        try:
            self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorname", "") == "SQLITE_CORRUPT":
                raise CorruptLog(f"{self.name}: the database file is damaged ({exc})") from None
            raise CorruptLog(f"{self.name}: not a beatlog database ({exc})") from None

    def _make_writable(self, *, new: bool) -> None:
        """Switch to a writable connection: create the schema of a new store, check it, then WAL and views.

        Only a file that was missing or empty gets a schema; any other file was
        checked read-only first, and is checked again on this connection
        before WAL (which rewrites the file header) is turned on.
        """
        old = getattr(self, "conn", None)
        self._use(self._connect(readonly=False))
        self._writable = True
        if old is not None:
            old.close()
        if new:
            with self._writing():
                if not self._tables():  # another process may have just created it
                    for ddl in (*schema.TABLES, *schema.TRIGGERS.values()):
                        self.conn.execute(ddl)
                    self.conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
                    self.conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        self.check_schema()
        self._use_wal()
        self._refresh_views()

    def _use_wal(self) -> None:
        """Turn on WAL, waiting (as long as for any write) while another process holds the file.

        Changing the journal mode needs the file to itself, and SQLite answers
        "database is locked" at once instead of calling the busy handler; two
        recorders creating one store at the same moment meet exactly here.
        """
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                if self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    self.conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if not _busy(exc):
                    raise BeatlogError(f"{self.name}: cannot write to the database: {exc}") from None
                if time.monotonic() >= deadline:
                    raise self._locked() from None
                time.sleep(0.01)

    def _refresh_views(self) -> None:
        """Create or update the SQL views (recorder.views): every store beatlog writes has them."""
        from .views import stale_views, write_views

        with self._reading():
            if not stale_views(self.conn):
                return
        with self._writing():
            write_views(self.conn)

    def _ensure_writable(self) -> None:
        if self._writable:
            return
        if self.readonly:
            raise UsageError(f"{self.name}: opened read-only; this command does not write to the database")
        if self.conn.in_transaction:
            raise BeatlogError(f"{self.name}: cannot start writing inside a read snapshot")
        self._make_writable(new=False)

    def _tables(self) -> list[str]:
        return self.db.table_names()

    def check_schema(self) -> None:
        """Raise CorruptLog unless this is a beatlog store with all its triggers intact."""
        with self._reading():
            self._check_schema()

    def _check_schema(self) -> None:
        app = self.conn.execute("PRAGMA application_id").fetchone()[0]
        if app != schema.APPLICATION_ID or not {"matches", "events"} <= set(self._tables()):
            raise CorruptLog(f"{self.name}: not a beatlog database (no beatlog matches and events tables)")
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version != schema.SCHEMA_VERSION:
            raise CorruptLog(
                f"{self.name}: store schema version {version}; this beatlog reads version {schema.SCHEMA_VERSION}"
            )
        stored = dict(self.conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"))
        missing = [name for name in schema.TRIGGERS if name not in stored]
        if missing:
            raise CorruptLog(
                f"{self.name}: append-only triggers are missing ({', '.join(missing)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )
        changed = [
            name for name, ddl in schema.TRIGGERS.items()
            if schema.normalised(stored[name]) != schema.normalised(ddl)
        ]
        if changed:
            raise CorruptLog(
                f"{self.name}: append-only triggers were altered ({', '.join(changed)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction, holding the write lock from its start.

        SQLite's own failures (a full disk, a read-only file) become one-line
        BeatlogErrors; the transaction is rolled back whatever happens.
        """
        self._ensure_writable()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if _busy(exc):
                raise self._locked() from None
            raise BeatlogError(f"{self.name}: cannot write to the database: {exc}") from None
        try:
            yield
            self.conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self._rollback()
            raise BeatlogError(f"{self.name}: cannot write to the database: {exc}") from None
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """SQLite's read failures (a damaged file) as one-line CorruptLog errors."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.DatabaseError as exc:
            raise CorruptLog(f"{self.name}: the database file is damaged ({exc})") from None

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One consistent read: everything read inside sees the same committed state.

        In WAL mode a read transaction keeps the snapshot of its first read, so
        a match's events and its row (counters, finished flag) always agree
        even while another process appends. Nothing is written: it ends in
        ROLLBACK. Nesting inside an open transaction just reuses it.
        """
        if self.conn.in_transaction:
            yield
            return
        with self._reading():
            self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self._rollback()

    def _locked(self) -> LogConflict:
        return LogConflict(f"{self.name}: the database is locked by another writer (waited {BUSY_TIMEOUT_MS / 1000:g} s)")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    # -- matches ----------------------------------------------------------------
    def add_match(self, header: Header) -> None:
        """Record a new match's header (LogConflict if its id is already taken)."""
        parse_header(header.to_dict(), f"{self.name}: match {header.match_id}, header")
        line = header.line()
        if len(line) > MAX_LINE:
            raise CorruptLog(f"{self.name}: match {header.match_id}: the header is over {MAX_LINE:,} bytes")
        with self._writing():
            self._insert_match(header)

    def _insert_match(self, header: Header) -> None:
        row = self.conn.execute(
            "SELECT header_hash FROM matches WHERE match_id = ?", (header.match_id,)
        ).fetchone()
        if row is not None:
            if row[0] == header.hash:
                raise LogConflict(f"{self.name}: match {header.match_id} is already recorded")
            raise LogConflict(
                f"{self.name}: match id {header.match_id} is already used by a different match "
                f"(stored header {row[0][:12]}…, new header {header.hash[:12]}…)"
            )
        body = header.to_dict()
        self.conn.execute(_INSERT_MATCH, (
            header.match_id, header.format, header.game, header.edition, header.engine_version,
            header.rules_version, header.seed, _json_text(body["players"]), _json_text(body["options"]),
            header.hash, header.line().decode("utf-8"), header.created_at, header.hash,
        ))

    def mark_finished(self, match_id: str) -> None:
        """Record that the match ended; no event can be appended afterwards."""
        with self._writing():
            self.summary(match_id)
            self.conn.execute("UPDATE matches SET finished = 1 WHERE match_id = ?", (match_id,))

    def match_ids(self) -> list[str]:
        with self._reading():
            return [row[0] for row in self.conn.execute("SELECT match_id FROM matches ORDER BY match_id")]

    def summary(self, match_id: str) -> MatchSummary:
        with self._reading():
            row = self.conn.execute(
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
            row = self.conn.execute("SELECT header FROM matches WHERE match_id = ?", (match_id,)).fetchone()
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
        rows = [_row(r) for r in records]
        first, last = records[0], records[-1]
        try:
            with self._writing():
                self._check_continues(match_id, first)
                self.conn.executemany(_INSERT_EVENT, rows)
                self.conn.execute(
                    "UPDATE matches SET event_count = ?, final_hash = ? WHERE match_id = ?",
                    (last.seq, last.hash, match_id),
                )
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"{self.name}: match {match_id}: the database refused the batch: {exc}") from None

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
            return [_record(row) for row in self.conn.execute(_SELECT_EVENTS, (match_id, after))]

    def read(self, match_id: str, *, registry: EventRegistry | None = None) -> LogFile:
        """The whole match, checked like a file: schema, seqs, chain and hashes."""
        header = self.header(match_id)
        chain = Chain(header, registry_for(header, registry))
        records = []
        with self._reading():
            rows = self.conn.execute(_SELECT_EVENTS, (match_id, 0)).fetchall()
        for row in rows:
            where = f"{self.name}: match {match_id}, seq {row[1]}"
            try:
                raw = _raw(row)
            except (orjson.JSONDecodeError, TypeError) as exc:
                raise CorruptLog(f"{where}: data: not valid JSON text ({exc})") from None
            records.append(chain.feed(raw, where))
        return LogFile(header, records)

    # -- import (recorder.store_import) ------------------------------------------------
    def import_log(self, log: LogFile) -> ImportResult:
        return self.import_logs([log])[0]

    def import_logs(self, logs: Iterable[LogFile | Importable], *, verify: bool = True) -> list[ImportResult]:
        """Add checked logs in ONE transaction: see :func:`recorder.store_import.import_logs`."""
        from .store_import import import_logs

        return import_logs(self, logs, verify=verify)


def _json_text(value: object) -> str:
    return canonical.dumps(value).decode("utf-8")


def _row(record: Record) -> tuple:
    return (
        record.match_id, record.seq, record.duel, record.beat, record.type, record.kind,
        record.actor, _json_text(record.data), record.cause, record.visibility,
        record.prev, record.hash,
    )


def _raw(row: tuple) -> dict:
    raw = dict(zip(FIELDS, row))
    raw["data"] = orjson.loads(raw["data"])
    return raw


def _record(row: tuple) -> Record:
    return Record(**_raw(row))


# Importing lives in its own module; these names stay importable from here.
from .store_import import Importable, ImportResult, importable  # noqa: E402, F401 (re-exported)
