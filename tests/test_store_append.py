"""The store contract, on every backend: appending and reading, and the append-only rules inside the database.

Every test taking ``db`` runs against each backend (tests/conftest.py: a SQLite
file, and a database on a real PostgreSQL server); the raw-SQL attacks are
written once per dialect, with the same messages.
"""

from __future__ import annotations

import re
import sqlite3
import threading

import pytest

from beatlog.importing import import_logs
from recorder.envelope import Record
from recorder.errors import CorruptLog, LogConflict, UsageError
from recorder.jsonl import encode_jsonl
from recorder.store import Store
from recorder.store_schema import LEDGER_TRIGGERS, TRIGGERS
from recorder import store_schema_pg
from tests.logmaker import hostile_log, make_log

LOG = make_log()
MID = LOG.header.match_id


@pytest.fixture
def db(store_db):
    return store_db


@pytest.fixture
def sqlite_db(tmp_path):
    return tmp_path / "club.db"


def _filled(db, upto: int = 13, finished: bool = False) -> None:
    with Store(db) as store:
        store.add_match(LOG.header)
        for start in range(0, upto, 4):  # one batch per round
            store.append(MID, LOG.records[start:min(start + 4, upto)])
        if finished:
            store.mark_finished(MID)


def test_append_and_read_back(db):
    _filled(db, finished=True)
    with Store(db) as store:
        assert store.match_ids() == [MID]
        assert store.header(MID) == LOG.header
        assert store.records(MID) == LOG.records
        assert store.records(MID, after=10) == LOG.records[10:]
        log = store.read(MID)
        assert encode_jsonl(log.header, log.records) == encode_jsonl(LOG.header, LOG.records)
        summary = store.summary(MID)
        assert (summary.event_count, summary.final_hash, summary.finished) == (13, LOG.records[-1].hash, True)


def test_columns_are_useful_in_plain_sql(sqlite_db):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db)
    row = conn.execute("SELECT game, seed, json_extract(players, '$[0].name'), event_count FROM matches").fetchone()
    assert row == ("toy", 7, "Ann", 13)
    picks = conn.execute(
        "SELECT actor, visibility, json_extract(data, '$.number') FROM events "
        "WHERE type = 'NumberPicked' ORDER BY seq LIMIT 2"
    ).fetchall()
    assert picks == [(0, 0, 1), (1, 1, 2)]  # visibility keeps its int type
    assert conn.execute("SELECT visibility FROM events WHERE seq = 3").fetchone() == ("public",)


def test_pragmas(sqlite_db):
    db = sqlite_db
    with Store(db) as store:
        pragma = lambda name: store.conn.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 2  # FULL
        assert pragma("busy_timeout") == 5000
        assert pragma("recursive_triggers") == 1


def test_hostile_names_are_stored_verbatim(db):
    log = hostile_log()
    with Store(db) as store:
        store.add_match(log.header)
        store.append(log.match_id, log.records)
    with Store(db) as store:
        assert store.header(log.match_id) == log.header
        assert store.read(log.match_id).records == log.records


def test_duplicate_match(db):
    _filled(db)
    with Store(db) as store:
        with pytest.raises(LogConflict) as info:
            store.add_match(LOG.header)
        assert str(info.value) == f"{db}: match {MID} is already recorded"
        other = make_log(seed=8).header
        clash = other.__class__(**{**{f: getattr(other, f) for f in other.__dataclass_fields__}, "match_id": MID})
        with pytest.raises(LogConflict) as info:
            store.add_match(clash)
        assert str(info.value) == (
            f"{db}: match id {MID} is already used by a different match "
            f"(stored header {LOG.header.hash[:12]}…, new header {clash.hash[:12]}…)"
        )


def test_append_refusals(db):
    _filled(db, upto=8)
    with Store(db) as store:
        with pytest.raises(LogConflict) as info:
            store.append(MID, LOG.records[6:10])
        assert str(info.value) == f"{db}: match {MID}: seq 7 was already appended by another writer"
        with pytest.raises(LogConflict) as info:
            store.append(MID, LOG.records[9:])
        assert str(info.value) == f"{db}: match {MID}: expected seq 9 next, got seq 10"
        with pytest.raises(UsageError) as info:
            store.append("m-nope", LOG.records[8:])
        assert str(info.value) == f"{db}: no match 'm-nope' in this database"
        edited = Record(**{**LOG.records[8].to_dict(), "data": {"number": 1, "source": "test"}})
        with pytest.raises(CorruptLog, match=rf"^{re.escape(str(db))}: match {MID}, seq 9: hash mismatch"):
            store.append(MID, [edited])
        assert store.summary(MID).event_count == 8  # nothing was written
        store.append(MID, LOG.records[8:])
        store.mark_finished(MID)
        with pytest.raises(LogConflict) as info:
            store.append(MID, [LOG.records[-1]])
        assert str(info.value) == f"{db}: match {MID}: the match is finished; cannot append seq 13"


def test_unvalidated_append_still_cannot_break_the_chain(db):
    _filled(db, upto=4)
    forged = Record(**{**LOG.records[4].to_dict(), "prev": "0" * 64})
    with Store(db) as store:
        with pytest.raises(LogConflict, match=r"seq 5 does not chain onto the stored seq 4"):
            store.append(MID, [forged], validate=False)


# -- the rules inside SQLite, seen by a plain sqlite3 client ----------------------------

EVENT_COLUMNS = "match_id, seq, duel, beat, type, kind, actor, data, cause, visibility, prev, hash"

RAW_ATTACKS = [
    ("update data", "UPDATE events SET data = '{}' WHERE seq = 3",
     "beatlog: events are append-only: UPDATE is refused"),
    ("update hash", "UPDATE events SET hash = prev WHERE seq = 13",
     "beatlog: events are append-only: UPDATE is refused"),
    ("delete last", "DELETE FROM events WHERE seq = 13",
     "beatlog: events are append-only: DELETE is refused"),
    ("insert or replace", f"INSERT OR REPLACE INTO events ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events WHERE seq = 13",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("replace into", f"REPLACE INTO events ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events WHERE seq = 2",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("upsert", f"INSERT INTO events ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events WHERE seq = 2 "
               "ON CONFLICT DO UPDATE SET data = '{}'",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("insert out of order",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT match_id, 15, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 13",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("insert off the chain",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT match_id, 14, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 13",
     "beatlog: prev must be the previous event's hash (the header's for seq 1)"),
    ("insert for unknown match",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT 'm-other', 1, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 1",
     "beatlog: event of a match that is not in the matches table"),
    ("update header", "UPDATE matches SET seed = 8", "beatlog: a recorded match header cannot be changed"),
    ("update players", "UPDATE matches SET players = '[]'", "beatlog: a recorded match header cannot be changed"),
    ("fake count", "UPDATE matches SET event_count = 12",
     "beatlog: event_count and final_hash must describe the match's last event"),
    ("fake final hash", "UPDATE matches SET final_hash = header_hash",
     "beatlog: event_count and final_hash must describe the match's last event"),
    ("delete match", "DELETE FROM matches", "beatlog: matches are append-only: DELETE is refused"),
    ("replace match", "INSERT OR REPLACE INTO matches SELECT * FROM matches",
     "beatlog: the match is already recorded"),
]


@pytest.mark.parametrize("sql, message", [a[1:] for a in RAW_ATTACKS], ids=[a[0] for a in RAW_ATTACKS])
@pytest.mark.parametrize("recursive", [False, True], ids=["plain", "recursive_triggers"])
def test_sqlite_itself_refuses(sqlite_db, sql, message, recursive):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db, isolation_level=None)
    if recursive:
        conn.execute("PRAGMA recursive_triggers = ON")
    before = list(conn.iterdump())
    with pytest.raises(sqlite3.IntegrityError) as info:
        conn.execute(sql)
    assert str(info.value) == message
    assert list(conn.iterdump()) == before


def test_finished_is_final_inside_sqlite(sqlite_db):
    db = sqlite_db
    _filled(db, upto=12, finished=True)
    conn = sqlite3.connect(db, isolation_level=None)
    with pytest.raises(sqlite3.IntegrityError, match="^beatlog: a finished match cannot be reopened$"):
        conn.execute("UPDATE matches SET finished = 0")
    with pytest.raises(sqlite3.IntegrityError, match="^beatlog: the match is finished: no more events may be appended$"):
        r = LOG.records[12]
        conn.execute(f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                     (r.match_id, r.seq, r.duel, r.beat, r.type, r.kind, r.actor, "{}", r.cause,
                      r.visibility, r.prev, r.hash))


def test_new_match_rows_start_empty_inside_sqlite(sqlite_db):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db, isolation_level=None)
    with pytest.raises(sqlite3.IntegrityError, match="^beatlog: a new match starts with no events and not finished$"):
        conn.execute("INSERT INTO matches SELECT 'm-copy', format, game, edition, engine_version, rules_version, "
                     "seed, players, options, header_hash, header, created_at, 13, final_hash, 1 FROM matches")


# -- the store checks itself ------------------------------------------------------------

def test_dropped_trigger_makes_the_store_corrupt(sqlite_db):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("DROP TRIGGER matches_no_delete")
    conn.close()
    with pytest.raises(CorruptLog) as info:
        Store(db)
    assert str(info.value) == (
        f"{db}: append-only triggers are missing (events_no_update, matches_no_delete); "
        "the database was modified outside beatlog and cannot be trusted"
    )


def test_altered_trigger_makes_the_store_corrupt(sqlite_db):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_delete")
    conn.execute("CREATE TRIGGER events_no_delete BEFORE DELETE ON events WHEN 0 BEGIN SELECT 1; END")
    conn.close()
    with pytest.raises(CorruptLog, match=r"append-only triggers were altered \(events_no_delete\)"):
        Store(db)


def test_not_a_database(tmp_path):
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(CorruptLog, match=rf"^{path}: not a beatlog database \(file is not a database\)$"):
        Store(path)
    assert path.read_bytes() == b"these are my notes, not a database" * 100


def test_someone_elses_database(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE matches (x)")
    conn.close()
    with pytest.raises(CorruptLog, match=r"not a beatlog database \(no beatlog matches and events tables\)$"):
        Store(path)


def test_newer_schema_version(sqlite_db):
    db = sqlite_db
    _filled(db)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    with pytest.raises(CorruptLog, match=r"store schema version 3; this beatlog reads versions 1, 2$"):
        Store(db)


def test_missing_database_is_not_created_for_reading(tmp_path):
    path = tmp_path / "missing.db"
    with pytest.raises(UsageError, match=rf"^{path}: no such database$"):
        Store(path, create=False)
    assert not path.exists()


def test_all_triggers_are_installed(sqlite_db):
    db = sqlite_db
    with Store(db) as store:
        names = {row[0] for row in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert names == set(TRIGGERS) | set(LEDGER_TRIGGERS)


# -- two writers --------------------------------------------------------------------------

def test_second_connection_appending_the_same_seq_gets_a_conflict(db):
    _filled(db, upto=4)
    first, second = Store(db), Store(db)
    first.append(MID, LOG.records[4:8])
    with pytest.raises(LogConflict) as info:
        second.append(MID, LOG.records[4:8])
    assert str(info.value) == f"{db}: match {MID}: seq 5 was already appended by another writer"
    assert second.records(MID) == LOG.records[:8]
    first.close()
    second.close()


def test_racing_writers_never_duplicate(db):
    _filled(db, upto=4)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def writer() -> None:
        with Store(db) as store:
            barrier.wait()
            try:
                store.append(MID, LOG.records[4:8])
                outcomes.append("ok")
            except LogConflict as exc:
                outcomes.append(str(exc))

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    conflict = f"{db}: match {MID}: seq 5 was already appended by another writer"
    assert sorted(outcomes) == sorted(["ok"] + [conflict] * 3)
    with Store(db) as store:
        assert store.read(MID).records == LOG.records[:8]


def test_a_held_write_lock_makes_the_next_writer_wait_not_fail(sqlite_db):
    db = sqlite_db
    _filled(db, upto=4)
    blocker = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")
    done = threading.Event()

    def release_soon() -> None:
        done.wait(0.3)
        blocker.execute("COMMIT")

    thread = threading.Thread(target=release_soon)
    thread.start()
    with Store(db) as store:
        store.append(MID, LOG.records[4:8])  # waits for the lock instead of "database is locked"
    thread.join()
    blocker.close()
    with Store(db) as store:
        assert store.summary(MID).event_count == 8


def test_damaged_pages_are_reported_not_raised_raw(sqlite_db):
    db = sqlite_db
    with Store(db) as store:
        import_logs(store, [make_log(seed=s, rounds=30) for s in range(8)])
    data = bytearray(db.read_bytes())
    page = 4096
    for offset in range(3 * page, len(data) - page, page):  # trash every page but the first three
        data[offset:offset + 64] = b"\xff" * 64
    db.write_bytes(bytes(data))
    with pytest.raises(CorruptLog, match=rf"^{re.escape(str(db))}: the database file is damaged \("):
        with Store(db) as store:
            for match_id in store.match_ids():
                store.read(match_id)


# -- the rules inside PostgreSQL, seen by a plain psycopg client --------------------------

PG_RAW_ATTACKS = [
    ("update data", "UPDATE events SET data = '{}' WHERE seq = 3",
     "beatlog: events are append-only: UPDATE is refused"),
    ("update hash", "UPDATE events SET hash = prev WHERE seq = 13",
     "beatlog: events are append-only: UPDATE is refused"),
    ("delete last", "DELETE FROM events WHERE seq = 13",
     "beatlog: events are append-only: DELETE is refused"),
    ("truncate events", "TRUNCATE events", "beatlog: events are append-only: TRUNCATE is refused"),
    ("upsert", f"INSERT INTO events ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events WHERE seq = 2 "
               "ON CONFLICT (match_id, seq) DO UPDATE SET data = '{}'",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("insert out of order",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT match_id, 15, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 13",
     "beatlog: seq must be the match's last seq + 1 (an existing seq, a gap or a reordering)"),
    ("insert off the chain",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT match_id, 14, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 13",
     "beatlog: prev must be the previous event's hash (the header's for seq 1)"),
    ("insert for unknown match",
     f"INSERT INTO events ({EVENT_COLUMNS}) SELECT 'm-other', 1, duel, beat, type, kind, actor, data, cause, "
     "visibility, prev, hash FROM events WHERE seq = 1",
     "beatlog: event of a match that is not in the matches table"),
    ("update header", "UPDATE matches SET seed = 8", "beatlog: a recorded match header cannot be changed"),
    ("update players", "UPDATE matches SET players = '[]'", "beatlog: a recorded match header cannot be changed"),
    ("fake count", "UPDATE matches SET event_count = 12",
     "beatlog: event_count and final_hash must describe the match's last event"),
    ("fake final hash", "UPDATE matches SET final_hash = header_hash",
     "beatlog: event_count and final_hash must describe the match's last event"),
    ("delete match", "DELETE FROM matches", "beatlog: matches are append-only: DELETE is refused"),
    ("truncate matches", "TRUNCATE matches", "beatlog: matches are append-only: TRUNCATE is refused"),
    ("truncate both", "TRUNCATE matches, events", "beatlog: matches are append-only: TRUNCATE is refused"),
    ("upsert match", "INSERT INTO matches SELECT * FROM matches ON CONFLICT (match_id) DO UPDATE SET seed = 9",
     "beatlog: the match is already recorded"),
    ("update ledger", "UPDATE ledger SET events = 12", "beatlog: the ledger is append-only: UPDATE is refused"),
    ("delete ledger", "DELETE FROM ledger WHERE n = 1", "beatlog: the ledger is append-only: DELETE is refused"),
    ("truncate ledger", "TRUNCATE ledger", "beatlog: the ledger is append-only: TRUNCATE is refused"),
    ("ledger off the chain", "INSERT INTO ledger SELECT n + 1, match_id, kind, events, hash, prev, entry_hash "
                             "FROM ledger WHERE n = 1",
     "beatlog: a ledger entry must be the next one, chained onto the last"),
]


def _pg_dump(conn) -> list:
    return [conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in ("matches", "events", "ledger")]


@pytest.mark.parametrize("sql, message", [a[1:] for a in PG_RAW_ATTACKS], ids=[a[0] for a in PG_RAW_ATTACKS])
def test_postgresql_itself_refuses(pg_url, sql, message):
    import psycopg

    _filled(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        before = _pg_dump(conn)
        with pytest.raises(psycopg.errors.IntegrityError) as info:
            conn.execute(sql)
        assert info.value.diag.message_primary == message
        assert info.value.sqlstate == "23000"
        assert _pg_dump(conn) == before


def test_finished_is_final_inside_postgresql(pg_url):
    import psycopg

    _filled(pg_url, upto=12, finished=True)
    r = LOG.records[12]
    attacks = [
        ("UPDATE matches SET finished = 0", (), "beatlog: a finished match cannot be reopened"),
        (f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
         (r.match_id, r.seq, r.duel, r.beat, r.type, r.kind, r.actor, "{}", r.cause, str(r.visibility), r.prev,
          r.hash), "beatlog: the match is finished: no more events may be appended"),
        ("INSERT INTO matches SELECT 'm-copy', format, game, edition, engine_version, rules_version, "
         "seed, players, options, header_hash, header, created_at, 13, final_hash, 1 FROM matches", (),
         "beatlog: a new match starts with no events and not finished"),
    ]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for sql, params, message in attacks:
            with pytest.raises(psycopg.errors.IntegrityError) as info:
                conn.execute(sql, params or None)
            assert info.value.diag.message_primary == message


@pytest.mark.parametrize("attack, trigger", [
    ("DROP TRIGGER events_no_update ON events", "missing (events_no_update)"),
    ("DROP TRIGGER ledger_no_truncate ON ledger", "missing (ledger_no_truncate)"),
    ("ALTER TABLE events DISABLE TRIGGER events_no_delete", "altered (events_no_delete)"),
    ("CREATE OR REPLACE FUNCTION beatlog_events_append() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
     "altered (beatlog_events_append)"),
], ids=["dropped", "dropped ledger", "disabled", "function replaced"])
def test_altered_rules_make_a_postgresql_store_corrupt(pg_url, attack, trigger):
    import psycopg

    _filled(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(attack)
    with pytest.raises(CorruptLog) as info:
        Store(pg_url)
    assert f"append-only triggers were {trigger}" in str(info.value) or f"triggers are {trigger}" in str(info.value)
    assert str(info.value).endswith("the database was modified outside beatlog and cannot be trusted")


def test_all_postgresql_triggers_are_installed(pg_url):
    import psycopg

    with Store(pg_url):
        pass
    with psycopg.connect(pg_url) as conn:
        names = {row[0] for row in conn.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")}
    assert names == set(store_schema_pg.all_triggers())


def test_postgresql_database_of_someone_else(pg_url):
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE matches (x int)")
    with pytest.raises(CorruptLog, match=r"not a beatlog database \(no beatlog matches and events tables\)$"):
        Store(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:  # left as it was
        assert conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                            ).fetchall() == [("matches",)]


def test_postgresql_empty_database_is_not_made_a_store_by_reading(pg_url):
    with pytest.raises(CorruptLog, match=r"not a beatlog database"):
        Store(pg_url, create=False)
    with pytest.raises(CorruptLog, match=r"not a beatlog database"):
        Store(pg_url, readonly=True)


def test_postgresql_unreachable_server_is_one_line(tmp_path):
    url = f"postgresql://nobody@/nothing?host={tmp_path}"
    with pytest.raises(UsageError, match=rf"^{re.escape(url)}: cannot connect to the database: "):
        Store(url)


def test_a_password_never_appears_in_messages(tmp_path):
    url = f"postgresql://judge:s3cret@/nothing?host={tmp_path}"
    with pytest.raises(UsageError) as info:
        Store(url)
    assert "s3cret" not in str(info.value)
    assert str(info.value).startswith("postgresql://judge:***@/nothing")
    url = f"postgresql:///nothing?user=judge&password=s3cret&host={tmp_path}"
    with pytest.raises(UsageError) as info:
        Store(url)
    assert "s3cret" not in str(info.value)
    assert str(info.value).startswith("postgresql:///nothing?user=judge&password=***&host=")


def test_postgresql_writes_are_run_again_after_a_serialization_failure(pg_url):
    """A server set to SERIALIZABLE, or a client's own locks, can make PostgreSQL give up a transaction:
    the whole write is rolled back and run again, and reported only if it keeps failing."""
    import psycopg

    from recorder import store_postgres

    _filled(pg_url, upto=4)
    with Store(pg_url) as store:
        tries = []

        def flaky() -> str:
            tries.append(1)
            store._execute("UPDATE matches SET event_count = event_count")  # a write that is rolled back
            if len(tries) < 3:
                raise psycopg.errors.SerializationFailure("could not serialize access")
            return "done"

        assert store._write(flaky) == "done" and len(tries) == 3

        def hopeless() -> None:
            raise psycopg.errors.DeadlockDetected("deadlock detected")

        with pytest.raises(LogConflict, match=r"the write kept conflicting with other writers \(12 tries\)"):
            store._write(hopeless)
        assert store_postgres.RETRIES == 12
        store.append(MID, LOG.records[4:8])  # the connection is fine afterwards
        assert store.summary(MID).event_count == 8
