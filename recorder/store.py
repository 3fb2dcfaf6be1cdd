"""The embedded store: every match of a club or tournament in one SQLite file.

Two tables, ``matches`` and ``events`` (see :mod:`recorder.store_schema`),
laid out to be read directly with ``sqlite-utils query`` or Datasette. The
append-only rules are triggers inside the database; this module adds what
SQLite cannot check (hashes, schemas) and words errors for people. Opening
the file and its transactions are :mod:`recorder.store_file`'s.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import orjson

from . import canonical
from .envelope import FIELDS, Record
from .errors import CorruptLog, LogConflict, UsageError
from .events import EventRegistry
from .header import Header
from .integrity import Chain, LogFile, parse_header, registry_for
from .jsonl import MAX_LINE
from .store_file import StoreFile
# Importing lives in its own module; Check, Importable and ImportResult stay importable from here too.
from .store_import import Check, Importable, ImportResult, import_logs  # noqa: F401
from . import store_schema as schema

_INSERT_EVENT = f"INSERT INTO events ({', '.join(FIELDS)}) VALUES ({', '.join('?' * len(FIELDS))})"
_INSERT_MATCH = (
    f"INSERT INTO matches ({', '.join(schema.HEADER_COLUMNS)}, event_count, final_hash, finished) "
    f"VALUES ({', '.join('?' * len(schema.HEADER_COLUMNS))}, 0, ?, 0)"
)
_SELECT_EVENTS = f"SELECT {', '.join(FIELDS)} FROM events WHERE match_id = ? AND seq > ? ORDER BY seq"


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A ``matches`` row's bookkeeping."""

    match_id: str
    game: str
    event_count: int
    final_hash: str
    finished: bool
    created_at: str


class Store(StoreFile):
    """A SQLite database of matches: opened as :class:`recorder.store_file.StoreFile` says.

    ``Store(path)`` creates a missing (or empty) file as a new store;
    ``create=False`` opens an existing one read-only until something is
    written; ``readonly=True`` never writes. ``durability`` (``full`` or
    ``normal``): see :data:`recorder.store_file.DURABILITY`.
    """

    def __init__(self, path: str | Path, *, create: bool = True, readonly: bool = False,
                 durability: str = "full") -> None:
        self._headers: dict[str, Header] = {}
        super().__init__(path, create=create, readonly=readonly, durability=durability)

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
        try:
            with self._writing():
                self._check_continues(match_id, records[0])
                self._insert_events(match_id, records)
        except sqlite3.IntegrityError as exc:
            raise LogConflict(f"{self.name}: match {match_id}: the database refused the batch: {exc}") from None

    def _insert_events(self, match_id: str, records: Sequence[Record]) -> None:
        """Write ``records`` (the match's next events) and the match row's counters, in the open transaction."""
        self.conn.executemany(_INSERT_EVENT, [_row(r) for r in records])
        last = records[-1]
        self.conn.execute(
            "UPDATE matches SET event_count = ?, final_hash = ? WHERE match_id = ?",
            (last.seq, last.hash, match_id),
        )

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
    def import_log(self, log: LogFile | Importable, *, check: Check | None = None) -> ImportResult:
        return self.import_logs([log], check=check)[0]

    def import_logs(self, logs: Iterable[LogFile | Importable], *, check: Check | None = None) -> list[ImportResult]:
        """Add checked logs in ONE transaction: see :func:`recorder.store_import.import_logs`."""
        return import_logs(self, logs, check=check)


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
