"""The PostgreSQL backend of :class:`recorder.store.Store`: one store per database (or schema), many writers.

``--db postgresql://user@host/dbname`` names it (libpq's URL: a password,
port, ``?host=/socket/dir`` or ``?options=-csearch_path%3Dclub`` all work). The
store lives in the connection's current schema, with the tables, append-only
triggers and views of :mod:`recorder.store_schema_pg`; a writer creates them
in a database that has none (other programs' tables may sit beside them).

Many processes on many hosts may record and import into one store at once:

* every write takes per-match advisory locks (``pg_advisory_xact_lock``) on
  the matches it touches, always in one order, so two writers of one match
  take turns, and a writer of another match never waits;
* a match's creation or completion also takes the ledger's lock, after the
  match locks (never before: no deadlock);
* transactions are READ COMMITTED, so a writer that waited sees what the
  other committed; a serialization failure or a deadlock (a server set to
  SERIALIZABLE, a client taking locks of its own) rolls the whole write back
  and runs it again, a few times, before it is reported.

Reading is done in REPEATABLE READ snapshots (:meth:`PostgresStore.snapshot`),
so a match and its row always agree while others append. ``readonly=True``
makes the session read-only.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from decimal import Decimal
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.adapt import Loader
from psycopg.pq import TransactionStatus

from .errors import BeatlogError, CorruptLog, LogConflict, UsageError
from .store import Store
from . import store_schema_pg as schema
from . import views

T = TypeVar("T")

# Advisory lock keys: (BTLG, n) pairs for the store as a whole; matches use single bigint keys
# (PostgreSQL keeps the two kinds apart, so no match can collide with these).
_BTLG = 0x62746C67
_SCHEMA_LOCK = (_BTLG, 0)
_LEDGER_LOCK = (_BTLG, 1)
RETRIES = 12


@lru_cache(maxsize=256)
def _pg_sql(sql: str) -> str:
    """A ``?``-placeholder statement in psycopg's ``%s`` style."""
    return sql.replace("%", "%%").replace("?", "%s")


def redacted(url: str) -> str:
    """The URL without its password, in the user part or the query (for every message that names the store)."""
    url = re.sub(r"^([a-zA-Z][\w+.-]*://[^:/@?#]*):[^@/?#]*@", r"\1:***@", url)
    return re.sub(r"([?&]password=)[^&#]*", r"\1***", url)


def match_lock_key(match_id: str) -> int:
    """A match's advisory lock: 64 bits of SHA-256 of its id, signed as PostgreSQL's bigint."""
    return int.from_bytes(hashlib.sha256(match_id.encode("utf-8")).digest()[:8], "big", signed=True)


def _message(exc: BaseException) -> str:
    diag = getattr(exc, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    return primary or (str(exc).strip().splitlines() or [type(exc).__name__])[0]


class _Number(Loader):
    """NUMERIC as SQLite gives it back: an int when whole (``sum()`` of BIGINTs is NUMERIC), else a float."""

    def load(self, data: Any) -> int | float:
        text = bytes(data).decode("ascii")
        if text.lstrip("-").isdigit():
            return int(text)
        value = Decimal(text)
        return int(value) if value == value.to_integral_value() else float(value)


class QmarkSQL:
    """A PostgreSQL store's connection as other modules' tables use SQLite's (:attr:`Store.sql`):
    ``?`` placeholders, rows as tuples, NUMERIC values as ints or floats."""

    dialect = "postgresql"

    def __init__(self, store: "PostgresStore") -> None:
        self.store = store

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor:
        cursor = self.store.conn.cursor()
        cursor.adapters.register_loader("numeric", _Number)
        if params:
            return cursor.execute(_pg_sql(sql), tuple(params))
        return cursor.execute(sql)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            with self.store.conn.cursor() as cursor:
                cursor.executemany(_pg_sql(sql), rows)

    def lock_schema(self) -> None:
        """Inside a write: keep other writers from changing the store's tables until it ends."""
        self.store._execute("SELECT pg_advisory_xact_lock(?, ?)", _SCHEMA_LOCK)

    def table_names(self) -> list[str]:
        return self.store._tables()


class PostgresStore(Store):
    """A beatlog store in a PostgreSQL database (see the module's text)."""

    dialect = "postgresql"
    _refused = (pg_errors.IntegrityError,)
    _retryable = (pg_errors.SerializationFailure, pg_errors.DeadlockDetected)
    creation_order = "created_at, match_id"

    def __init__(self, url: str, *, create: bool = True, readonly: bool = False,
                 durability: str = "full") -> None:
        super().__init__(url, create=create, readonly=readonly, durability=durability)
        self.url = str(url)
        self.name = redacted(self.url)
        self.readonly = readonly
        if durability not in ("full", "normal"):
            raise UsageError(f"{self.name}: unknown durability {durability!r}; choose full or normal")
        # normal: the server acknowledges a commit before its WAL reaches disk (synchronous_commit = off).
        self.durability = durability
        create = create and not readonly
        try:
            self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            raise UsageError(f"{self.name}: cannot connect to the database: {_message(exc)}") from None
        try:
            if readonly:
                self.conn.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            if durability == "normal":
                self.conn.execute("SET synchronous_commit = off")
            self._open(create)
        except BaseException:
            self.conn.close()
            raise

    # -- opening ----------------------------------------------------------------
    def _open(self, create: bool) -> None:
        tables = set(self.table_names())
        if schema.META_TABLE not in tables:
            ours = tables & {"matches", "events", "ledger"}
            if ours or not create:
                raise CorruptLog(f"{self.name}: not a beatlog database (no beatlog matches and events tables)")
            self._create()
        self.check_schema()
        if create:
            self._refresh_views()

    def _create(self) -> None:
        """Make a new store's tables, triggers and views (one transaction; two writers may race here)."""
        with self._writing():
            self._execute("SELECT pg_advisory_xact_lock(?, ?)", _SCHEMA_LOCK)
            if schema.META_TABLE in self._tables():
                return  # another process has just made it
            for ddl in schema.ddl():
                self.conn.execute(ddl)
            self._executemany(f"INSERT INTO {schema.META_TABLE} (key, value) VALUES (?, ?)",
                              [("application", schema.APPLICATION), ("schema_version", str(schema.VERSION))])
            self._write_views()

    def _refresh_views(self) -> None:
        if self._meta().get("views") == self._views_digest():
            return
        with self._writing():
            self._execute("SELECT pg_advisory_xact_lock(?, ?)", _SCHEMA_LOCK)
            if self._meta().get("views") != self._views_digest():
                self._write_views()

    @staticmethod
    def _views_digest() -> str:
        text = "\n".join(f"{name}\n{ddl}" for name, ddl in views.all_views("postgresql").items())
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _write_views(self) -> None:
        """Replace every view (inside a write transaction holding the schema lock)."""
        wanted = views.all_views("postgresql")
        stored = [row[0] for row in self._execute(
            "SELECT table_name FROM information_schema.views WHERE table_schema = current_schema()")]
        for name in stored:
            if name in wanted or name in views.all_view_names():
                self.conn.execute(f'DROP VIEW IF EXISTS "{name}" CASCADE')
        for ddl in wanted.values():
            self.conn.execute(ddl)
        self._execute(f"INSERT INTO {schema.META_TABLE} (key, value) VALUES ('views', ?) "
                      "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", (self._views_digest(),))

    def _meta(self) -> dict[str, str]:
        with self._reading():
            return dict(self._execute(f"SELECT key, value FROM {schema.META_TABLE}").fetchall())

    def _tables(self) -> list[str]:
        return [row[0] for row in self._execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")]

    def table_names(self) -> list[str]:
        with self._reading():
            return self._tables()

    @property
    def has_ledger(self) -> bool:
        return True

    @property
    def location(self) -> str:
        return self.url

    def check_schema(self) -> None:
        """Raise CorruptLog unless this is a beatlog store with all its triggers and their functions intact."""
        with self._reading():
            meta = self._meta()
            tables = set(self._tables())
            if meta.get("application") != schema.APPLICATION or not {"matches", "events", "ledger"} <= tables:
                raise CorruptLog(f"{self.name}: not a beatlog database (no beatlog matches and events tables)")
            version = meta.get("schema_version")
            if version != str(schema.VERSION):
                raise CorruptLog(f"{self.name}: store schema version {version}; this beatlog reads version "
                                 f"{schema.VERSION}")
            rows = self._execute(
                "SELECT t.tgname, t.tgenabled, pg_get_triggerdef(t.oid) FROM pg_trigger t "
                "JOIN pg_class c ON c.oid = t.tgrelid "
                "WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal").fetchall()
            functions = dict(self._execute(
                "SELECT p.proname, p.prosrc FROM pg_proc p "
                "WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'beatlog%'").fetchall())
        stored = {name: (enabled, definition) for name, enabled, definition in rows}
        notes = schema.NOTES_TABLE in tables
        expected = {**schema.all_triggers(), **(schema.NOTES_TRIGGERS if notes else {})}
        missing = [name for name in expected if name not in stored]
        if missing:
            raise CorruptLog(
                f"{self.name}: append-only triggers are missing ({', '.join(missing)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )
        changed = [name for name, (table, ddl) in expected.items()
                   if stored[name][0] != "O" or _trigger_form(stored[name][1]) != schema.normalised(ddl)]
        changed += [name for name, ddl in {**schema.FUNCTIONS, **(schema.NOTES_FUNCTIONS if notes else {})}.items()
                    if schema.normalised(functions.get(name)) != schema.normalised(_function_body(ddl))]
        if changed:
            raise CorruptLog(
                f"{self.name}: append-only triggers were altered ({', '.join(changed)}); "
                "the database was modified outside beatlog and cannot be trusted"
            )

    def close(self) -> None:
        self.conn.close()

    @property
    def sql(self) -> QmarkSQL:
        return QmarkSQL(self)

    # -- SQL --------------------------------------------------------------------
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor:
        if params:
            return self.conn.execute(_pg_sql(sql), tuple(params))
        return self.conn.execute(sql.replace("?", "%s") if "?" in sql else sql)

    def _executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self.conn.cursor() as cursor:
            cursor.executemany(_pg_sql(sql), [tuple(r) for r in rows])

    def _refusal(self, exc: BaseException) -> str:
        return _message(exc)

    def _encode_visibility(self, visibility: Any) -> str:
        return str(visibility)

    def _decode_visibility(self, value: Any) -> Any:
        return value if value == "public" else int(value)

    # -- transactions -------------------------------------------------------------
    def _in_transaction(self) -> bool:
        return self.conn.info.transaction_status != TransactionStatus.IDLE

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction (READ COMMITTED); server failures become one-line BeatlogErrors."""
        if self.readonly:
            raise UsageError(f"{self.name}: opened read-only; this command does not write to the database")
        if self._in_transaction():
            raise BeatlogError(f"{self.name}: cannot start writing inside a read snapshot")
        try:
            self.conn.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        except psycopg.Error as exc:
            raise BeatlogError(f"{self.name}: cannot write to the database: {_message(exc)}") from None
        try:
            yield
            self.conn.execute("COMMIT")
        except (*self._refused, *self._retryable):
            self._rollback()
            raise
        except psycopg.Error as exc:
            self._rollback()
            raise BeatlogError(f"{self.name}: cannot write to the database: {_message(exc)}") from None
        except BaseException:
            self._rollback()
            raise

    def _write(self, fn: Callable[[], T]) -> T:
        for attempt in range(RETRIES):
            try:
                with self._writing():
                    return fn()
            except self._retryable:
                if attempt == RETRIES - 1:
                    raise LogConflict(f"{self.name}: the write kept conflicting with other writers "
                                      f"({RETRIES} tries); try again") from None
                time.sleep(random.uniform(0.005, 0.05) * (attempt + 1))
        raise AssertionError("unreachable")

    def _lock_matches(self, match_ids: Iterable[str]) -> None:
        for key in sorted({match_lock_key(m) for m in match_ids}):
            self._execute("SELECT pg_advisory_xact_lock(?)", (key,))

    def _lock_ledger(self) -> None:
        self._execute("SELECT pg_advisory_xact_lock(?, ?)", _LEDGER_LOCK)

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except (*self._refused, *self._retryable):
            raise
        except psycopg.Error as exc:
            raise BeatlogError(f"{self.name}: cannot read the database: {_message(exc)}") from None

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One consistent read (REPEATABLE READ, read only), ended by ROLLBACK; nests inside an open one."""
        if self._in_transaction():
            yield
            return
        with self._reading():
            self.conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            yield
        finally:
            self._rollback()

    def _rollback(self) -> None:
        if self._in_transaction() and not self.conn.closed:
            self.conn.execute("ROLLBACK")


def _trigger_form(definition: str) -> str:
    """``pg_get_triggerdef``'s text in the shape of our DDL (no schema names, no quotes on plain names)."""
    text = re.sub(r"\bON (?:\"?[\w]+\"?\.)", "ON ", definition)
    text = re.sub(r"\bFUNCTION (?:\"?[\w]+\"?\.)", "FUNCTION ", text)
    return schema.normalised(text)


def _function_body(ddl: str) -> str:
    return ddl.split("$$", 2)[1]
