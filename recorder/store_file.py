"""The SQLite backend of :class:`recorder.store.Store`: one file, opened without harming it.

An existing file is checked over a read-only connection before anything is
written to it; a writer then turns on WAL, adds the ledger to a store made by
an earlier beatlog, and refreshes the SQL views. Only a regular file, or a new
path in a writable directory, is ever opened (never ``/dev/null`` or a pipe).
A store on read-only media (an archived tournament on a read-only share) is
read through SQLite's ``immutable`` URI.

Writers take the write lock up front (``BEGIN IMMEDIATE``) and commit one batch
(a beat) per transaction, so a crash never leaves half a beat and a second
writer waits for the first instead of failing, then sees what it appended.
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

import sqlite_utils

from .errors import BeatlogError, CorruptLog, LogConflict, UsageError
from .store import Store
from . import store_ledger as ledger
from . import store_schema as schema
from . import views

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000

# How durable a committed transaction (one beat of a recording) is; the store is always in WAL mode.
#   full    (the default; a judge's store) SQLite's synchronous=FULL: the WAL is synced at every commit, so a
#           crash of the process, the operating system or the power loses at most the beat in play.
#   normal  synchronous=NORMAL: synced only at checkpoints. A crash of beatlog still loses at most the beat
#           in play; a power cut or an operating-system crash may also lose the last committed beats (the
#           store stays consistent: a beat is there whole or not at all). For bulk simulations.
DURABILITY = {"full": "FULL", "normal": "NORMAL"}


# The first bytes of an SQLite rollback journal's header (https://sqlite.org/fileformat.html#the_rollback_journal);
# bytes 16-19 hold the database's size in pages before the transaction.
_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")


def _busy(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _read_only_place(path: Path) -> bool:
    """Is the file's directory one this process cannot write (read-only media, a read-only share)?"""
    folder = path.resolve().parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    return not os.access(folder, os.W_OK)


def check_path(path: Path, name: str, *, create: bool) -> bool:
    """Refuse what cannot be a store file before anything opens it; return whether it exists.

    A store is a regular file (a symbolic link to one is fine), or, for a
    writer, a new path in an existing, writable directory: never a device
    (``/dev/null`` would otherwise get a ``/dev/null-journal`` beside it), a
    pipe, a socket or a directory.
    """
    if path.is_dir():
        raise UsageError(f"{name}: is a directory, not a database file")
    if path.exists():
        if not path.is_file():
            raise UsageError(f"{name}: not a regular file (a device, a pipe or a socket); "
                             "a store is a database file")
        return True
    if create:
        folder = path.parent
        if not folder.is_dir():
            raise UsageError(f"{name}: cannot create the database: no such directory {str(folder)!r}")
        if _read_only_place(path):
            raise UsageError(f"{name}: cannot create the database: the directory {str(folder)!r} is not writable")
    return False


class SQLiteStore(Store):
    """A beatlog SQLite file, opened safely, and its transactions.

    ``Store(path)`` is a writer: it creates a missing (or empty) file as a new
    store. ``create=False`` is a reader: it refuses a missing file and opens the
    database read-only (``mode=ro``), switching to a writable connection only
    if the caller writes (resuming a recording); ``readonly=True`` refuses to
    write at all. Either way an existing file is checked to be a beatlog store
    over a read-only connection *before* anything is written to it, so a
    foreign or damaged file is left exactly as it was. ``durability`` is one
    of :data:`DURABILITY` (``full`` unless asked otherwise).
    """

    dialect = "sqlite"
    _refused = (sqlite3.IntegrityError,)
    # The order matches were added in (the ledger's back-fill of an earlier store).
    creation_order = "rowid"

    def __init__(self, path: str | Path, *, create: bool = True, readonly: bool = False,
                 durability: str = "full") -> None:
        super().__init__(path, create=create, readonly=readonly, durability=durability)
        self.path = Path(path)
        self.name = str(path)
        if durability not in DURABILITY:
            raise UsageError(f"{self.name}: unknown durability {durability!r}; choose {' or '.join(DURABILITY)}")
        self.durability = durability
        self.readonly = readonly
        create = create and not readonly
        self._writable = False
        self._version = schema.SCHEMA_VERSION
        self._immutable = False
        exists = check_path(self.path, self.name, create=create)
        if not exists and not create:
            raise UsageError(f"{self.name}: no such database")
        empty = not exists or self.path.stat().st_size == 0
        if empty and not create:
            raise CorruptLog(f"{self.name}: not a beatlog database (the file is empty)")
        if not empty and self._cut_off_creation(writer=create):
            empty = self.path.stat().st_size == 0
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
                if _read_only_place(self.path):
                    uri = self._immutable_uri()
                conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            else:
                conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            conn.execute("PRAGMA busy_timeout = %d" % BUSY_TIMEOUT_MS)
            # Without this, INSERT OR REPLACE deletes rows without firing DELETE triggers.
            conn.execute("PRAGMA recursive_triggers = ON")
            if not readonly:
                conn.execute(f"PRAGMA synchronous = {DURABILITY[self.durability]}")
        except sqlite3.Error as exc:
            raise UsageError(f"{self.name}: cannot open the database: {exc}") from None
        return conn

    def _immutable_uri(self) -> str:
        """Read-only media: SQLite cannot make its lock file (-shm) there, so read the file as immutable.

        Safe only when the file holds every committed change: a non-empty
        ``-wal`` beside it (a store copied without a checkpoint) would be
        ignored, so that is refused, saying how to read it.
        """
        wal = Path(str(self.path) + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise UsageError(
                f"{self.name}: cannot read this store where it is: its directory is read-only and recent "
                f"changes are still in {wal.name} beside it; copy both files to a writable directory and "
                "read the copy")
        self._immutable = True
        return f"{self.path.resolve().as_uri()}?immutable=1"

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
            if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
                raise CorruptLog(
                    f"{self.name}: a write to this database was cut off before it finished (its journal "
                    f"{self.path.name}-journal is beside it), so it cannot be read as it is; opening it once "
                    "with the sqlite3 shell (sqlite3 FILE 'PRAGMA quick_check') rolls that write back") from None
            raise CorruptLog(f"{self.name}: not a beatlog database ({exc})") from None

    def _cut_off_creation(self, *, writer: bool) -> bool:
        """Roll back a creation of this file that a killed process left unfinished; return whether it did.

        SQLite's rollback journal (the mode a store is in only while its tables
        are being created, before WAL) records the size the file had before the
        transaction. A *hot* journal (left by a process that died mid-commit)
        whose size before is 0 pages undoes the file's creation: rolling it back
        empties the file and loses nothing that was ever committed, so a writer
        does that (SQLite decides whether the journal is hot, under its locks)
        and goes on to create the store. A reader writes nothing: it says what
        happened. Any other hot journal is left for :meth:`_probe` to report.
        """
        journal = Path(str(self.path) + "-journal")
        try:
            with journal.open("rb") as f:
                head = f.read(20)
        except OSError:
            return False
        if len(head) < 20 or head[:8] != _JOURNAL_MAGIC or int.from_bytes(head[16:20], "big") != 0:
            return False
        if not writer:
            probe = self._connect(readonly=True)
            try:
                probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
                    raise CorruptLog(
                        f"{self.name}: not a beatlog database yet: it was being created when the process "
                        f"writing it stopped (its journal {journal.name} is beside it) and holds nothing "
                        "committed; record into it to start it afresh, or delete both files") from None
            finally:
                probe.close()
            return False
        conn = self._connect(readonly=False)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a hot journal is rolled back here
        except sqlite3.DatabaseError:
            return False  # not SQLite after all: _probe says so
        finally:
            conn.close()
        return True

    def _make_writable(self, *, new: bool) -> None:
        """Switch to a writable connection: create the schema of a new store, check it, then WAL and views.

        Only a file that was missing or empty gets a schema; any other file was
        checked read-only first, and is checked again on this connection
        before WAL (which rewrites the file header) is turned on.
        """
        old = getattr(self, "conn", None)
        if self._immutable:
            raise UsageError(f"{self.name}: cannot write to this store: it is on read-only media")
        self._use(self._connect(readonly=False))
        self._writable = True
        if old is not None:
            old.close()
        if new:
            with self._writing():
                if not self._tables():  # another process may have just created it
                    for ddl in (*schema.TABLES, *schema.TRIGGERS.values(),
                                *schema.LEDGER_TABLES, *schema.LEDGER_TRIGGERS.values()):
                        self.conn.execute(ddl)
                    self.conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
                    self.conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        self.check_schema()
        self._use_wal()
        self._add_ledger()
        self._refresh_views()

    def _add_ledger(self) -> None:
        """A store made by an earlier beatlog gets its ledger, back-filled, when first opened for writing."""
        if self._version >= schema.LEDGER_VERSION:
            return
        with self._writing():
            if self.conn.execute("PRAGMA user_version").fetchone()[0] < schema.LEDGER_VERSION:
                for ddl in (*schema.LEDGER_TABLES, *schema.LEDGER_TRIGGERS.values()):
                    self.conn.execute(ddl)
                self._version = schema.LEDGER_VERSION  # has_ledger, for the back-fill
                ledger.backfill(self)
                self.conn.execute(f"PRAGMA user_version = {schema.LEDGER_VERSION}")
        self.check_schema()

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
        with self._reading():
            if not views.stale_views(self.conn):
                return
        with self._writing():
            views.write_views(self.conn)

    def _ensure_writable(self) -> None:
        if self._writable:
            return
        if self.readonly:
            raise UsageError(f"{self.name}: opened read-only; this command does not write to the database")
        if self._immutable:
            raise UsageError(f"{self.name}: cannot write to this store: it is on read-only media")
        if self.conn.in_transaction:
            raise BeatlogError(f"{self.name}: cannot start writing inside a read snapshot")
        self._make_writable(new=False)

    def _tables(self) -> list[str]:
        return self.db.table_names()

    def table_names(self) -> list[str]:
        with self._reading():
            return self._tables()

    @property
    def has_ledger(self) -> bool:
        return self._version >= schema.LEDGER_VERSION

    @property
    def location(self) -> str:
        return str(self.path)

    # -- SQL --------------------------------------------------------------------
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def _executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    def check_schema(self) -> None:
        """Raise CorruptLog unless this is a beatlog store with all its triggers intact."""
        with self._reading():
            self._check_schema()

    def _check_schema(self) -> None:
        app = self.conn.execute("PRAGMA application_id").fetchone()[0]
        if app != schema.APPLICATION_ID or not {"matches", "events"} <= set(self._tables()):
            raise CorruptLog(f"{self.name}: not a beatlog database (no beatlog matches and events tables)")
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version not in schema.READABLE_VERSIONS:
            raise CorruptLog(
                f"{self.name}: store schema version {version}; this beatlog reads versions "
                f"{', '.join(map(str, schema.READABLE_VERSIONS))}"
            )
        self._version = version
        expected = schema.triggers(version, self._tables())
        stored = dict(self.conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"))
        missing = [name for name in expected if name not in stored]
        if missing:
            raise CorruptLog(
                f"{self.name}: append-only triggers are missing ({', '.join(missing)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )
        changed = [
            name for name, ddl in expected.items()
            if schema.normalised(stored[name]) != schema.normalised(ddl)
        ]
        if changed:
            raise CorruptLog(
                f"{self.name}: append-only triggers were altered ({', '.join(changed)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )

    def close(self) -> None:
        self.conn.close()

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


# The name of this class before PostgreSQL: kept for code that imported it.
StoreFile = SQLiteStore
