"""beatlog export / import / check, as a judge would use them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.importing import import_logs
from beatlog.cli import main
from recorder.header import Header
from recorder.jsonl import encode_jsonl
from recorder.store import Store
from recorder.store_schema import TRIGGERS
from tests.logmaker import hostile_log, make_log, partial, rehash, write
from tests.test_jsonl_read import CASES

LOG = make_log()
MID = LOG.header.match_id
OTHER = make_log(seed=21, rounds=2)


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Run in an empty folder so that messages show the short relative names."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def beatlog(*args: str, stdin: bytes | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def _snapshot(path: Path):
    """Everything on disk about a file (or that it does not exist)."""
    if not path.exists():
        return None
    stat = path.stat()
    return path.read_bytes(), stat.st_mtime_ns, stat.st_size


def _db_dump(path: Path):
    if not path.exists():
        return None
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _store(here: Path, *logs) -> Path:
    db = here / "club.db"
    with Store(db) as store:
        import_logs(store, list(logs))
    return db


# -- check ------------------------------------------------------------------------------

def test_check_prints_ok_with_the_digest(here):
    write(here / "a.jsonl", LOG)
    write(here / "b.jsonl", OTHER)
    result = beatlog("check", "a.jsonl", "b.jsonl")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"ok {MID}: 13 events, digest {LOG.digest}\n"
        f"ok {OTHER.match_id}: 9 events, digest {OTHER.digest}\n"
    )


def test_check_reads_stdin(here):
    result = beatlog("check", "-", stdin=encode_jsonl(LOG.header, LOG.records))
    assert result.exit_code == 0 and result.stdout == f"ok {MID}: 13 events, digest {LOG.digest}\n"


@pytest.mark.parametrize("build, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_check_reports_each_kind_of_damage_exactly(here, build, message):
    path = here / "m.jsonl"
    path.write_bytes(build())
    before = _snapshot(path)
    result = beatlog("check", "m.jsonl")
    assert result.exit_code == 1
    assert result.stderr == f"Error: {message}\n"
    assert result.stdout == ""
    assert _snapshot(path) == before


def test_check_goes_on_after_a_bad_file(here):
    write(here / "good.jsonl", LOG)
    (here / "bad.jsonl").write_bytes(b"")
    result = beatlog("check", "bad.jsonl", "good.jsonl", "missing.jsonl")
    assert result.exit_code == 1
    assert result.stdout == f"ok {MID}: 13 events, digest {LOG.digest}\n"
    assert result.stderr == (
        "Error: bad.jsonl: the file is empty (a log starts with its match header)\n"
        "Error: No such file or directory: 'missing.jsonl'\n"
    )


def test_check_db(here):
    _store(here, LOG, partial(OTHER, 5))
    result = beatlog("check", "--db", "club.db")
    assert result.exit_code == 0, result.stderr
    lines = sorted([f"ok {MID}: 13 events, digest {LOG.digest}",
                    f"ok {OTHER.match_id}: 5 events, digest {partial(OTHER, 5).digest}"])
    *matches, ledger_line = result.stdout.splitlines()
    assert matches == lines
    assert ledger_line.startswith("ok ledger: 3 entries, every match accounted for, head ")  # 2 created, 1 finished
    result = beatlog("check", "--db", "club.db", "--match", MID)
    assert result.stdout == f"ok {MID}: 13 events, digest {LOG.digest}\n"


def test_check_db_unknown_match(here):
    _store(here, LOG)
    result = beatlog("check", "--db", "club.db", "--match", "m-nope")
    assert result.exit_code == 1
    assert result.stderr == "Error: club.db: no match 'm-nope' in this database\n"


def test_check_usage_errors(here):
    write(here / "a.jsonl", LOG)
    for args, message in [
        ((), "check takes LOG.jsonl files or --db FILE (not both)"),
        (("a.jsonl", "--db", "club.db"), "check takes LOG.jsonl files or --db FILE (not both)"),
        (("a.jsonl", "--match", MID), "--match only applies with --db"),
    ]:
        result = beatlog("check", *args)
        assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


def test_check_db_that_does_not_exist_is_not_created(here):
    result = beatlog("check", "--db", "nope.db")
    assert (result.exit_code, result.stderr) == (1, "Error: nope.db: no such database\n")
    assert not (here / "nope.db").exists()


# -- the store's own damage, through the CLI ------------------------------------------------

def _run_sql(db: Path, sql: str) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(sql)
    conn.close()  # the last connection to close moves the WAL into the file


def _drop_trigger(db: Path, name: str) -> None:
    _run_sql(db, f"DROP TRIGGER {name}")


def _tamper(db: Path, sql: str) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    for name in TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute(sql)
    for ddl in TRIGGERS.values():
        conn.execute(ddl)
    conn.close()


DB_DAMAGE = [
    ("triggers dropped", lambda db: _drop_trigger(db, "events_no_update"),
     "club.db: append-only triggers are missing (events_no_update); "
     "the database was modified outside beatlog and cannot be trusted"),
    ("event edited", lambda db: _tamper(db, "UPDATE events SET duel = 2 WHERE seq = 3"),
     f"club.db: match {MID}, seq 3: hash mismatch: recorded {LOG.records[2].hash[:12]}…, computed "
     f"{rehash({**LOG.records[2].to_dict(), 'duel': 2})['hash'][:12]}… "
     "(the event was changed after it was sealed)"),
    ("event deleted", lambda db: _tamper(db, "DELETE FROM events WHERE seq = 2"),
     f"club.db: match {MID}, seq 3: expected seq 2, found 3 (seq 2 is missing or out of order)"),
    ("not a database", lambda db: db.write_bytes(b"x" * 5000),
     "club.db: not a beatlog database (file is not a database)"),
    ("schema version", lambda db: _run_sql(db, "PRAGMA user_version = 7"),
     "club.db: store schema version 7; this beatlog reads versions 1, 2"),
]


@pytest.mark.parametrize("damage, message", [d[1:] for d in DB_DAMAGE], ids=[d[0] for d in DB_DAMAGE])
@pytest.mark.parametrize("command", ["check", "export", "import"])
def test_damaged_db_is_refused_and_left_as_it_is(here, damage, message, command):
    db = _store(here, LOG)
    damage(db)
    before = _snapshot(db)
    write(here / "other.jsonl", OTHER)
    args = {
        "check": ("check", "--db", "club.db"),
        "export": ("export", "--db", "club.db", "--match", MID, "-o", "out.jsonl"),
        "import": ("import", "other.jsonl", "--db", "club.db"),
    }[command]
    if command == "import" and ", seq " in message:
        pytest.skip("import checks the store's schema and triggers, not other matches' events")
    result = beatlog(*args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")
    assert _snapshot(db) == before
    assert not (here / "out.jsonl").exists()


# -- export / import --------------------------------------------------------------------------

def test_round_trip_through_the_cli_is_byte_identical(here):
    log = hostile_log()
    db = here / "a.db"
    with Store(db) as store:
        store.add_match(log.header)
        store.append(log.match_id, log.records[:5])
        store.append(log.match_id, log.records[5:])
        store.mark_finished(log.match_id)
    result = beatlog("export", "--db", "a.db", "--match", log.match_id, "-o", "one.jsonl")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"exported {log.match_id} (13 events) to one.jsonl\n"
    result = beatlog("import", "one.jsonl", "--db", "b.db")
    assert (result.exit_code, result.stdout) == (0, f"imported {log.match_id} (13 events)\n")
    result = beatlog("export", "--db", "b.db", "--match", log.match_id, "-o", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes == (here / "one.jsonl").read_bytes() == encode_jsonl(log.header, log.records)
    # import keeps the match's statistics beside it; a.db (written by the library) gets them from stats
    assert beatlog("stats", "--db", "a.db").exit_code == 0
    assert _db_dump(here / "a.db") == _db_dump(here / "b.db")


def test_export_refuses_to_overwrite_without_force(here):
    _store(here, LOG)
    (here / "out.jsonl").write_bytes(b"precious\n")
    result = beatlog("export", "--db", "club.db", "--match", MID, "-o", "out.jsonl")
    assert (result.exit_code, result.stderr) == (1, "Error: out.jsonl: the file already exists; use --force to replace it\n")
    assert (here / "out.jsonl").read_bytes() == b"precious\n"
    result = beatlog("export", "--db", "club.db", "--match", MID, "-o", "out.jsonl", "--force")
    assert result.exit_code == 0
    assert (here / "out.jsonl").read_bytes() == encode_jsonl(LOG.header, LOG.records)


def test_export_unknown_match_or_db(here):
    _store(here, LOG)
    result = beatlog("export", "--db", "club.db", "--match", "m-nope", "-o", "x.jsonl")
    assert (result.exit_code, result.stderr) == (1, "Error: club.db: no match 'm-nope' in this database\n")
    result = beatlog("export", "--db", "none.db", "--match", MID, "-o", "x.jsonl")
    assert (result.exit_code, result.stderr) == (1, "Error: none.db: no such database\n")
    assert not (here / "x.jsonl").exists() and not (here / "none.db").exists()


def test_import_reports_each_file(here):
    _store(here, LOG)
    write(here / "a.jsonl", LOG)
    write(here / "b.jsonl", OTHER)
    write(here / "c.jsonl", partial(OTHER, 4))
    result = beatlog("import", "a.jsonl", "c.jsonl", "b.jsonl", "--db", "club.db")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"skipped {MID}: already in club.db\n"
        f"imported {OTHER.match_id} (4 events)\n"
        f"extended {OTHER.match_id} (+5 events, now 9)\n"
    )


@pytest.mark.parametrize("build, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_import_of_a_damaged_file_changes_nothing(here, build, message):
    db = _store(here, LOG)
    write(here / "good.jsonl", OTHER)
    (here / "m.jsonl").write_bytes(build())
    before_db, before_file = _db_dump(db), _snapshot(here / "m.jsonl")
    result = beatlog("import", "good.jsonl", "m.jsonl", "--db", "club.db")
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")
    assert _db_dump(db) == before_db
    assert _snapshot(here / "m.jsonl") == before_file


def test_import_of_a_damaged_file_creates_no_db(here):
    (here / "m.jsonl").write_bytes(b"{}\n")
    result = beatlog("import", "m.jsonl", "--db", "new.db")
    assert (result.exit_code, result.stderr) == (1, "Error: m.jsonl, line 1: not a beatlog log header (it has no format field)\n")
    assert not (here / "new.db").exists()


def test_import_conflict_changes_nothing(here):
    db = _store(here, LOG)
    impostor = make_log(header=Header.from_dict({**LOG.header.to_dict(), "seed": 3}))
    write(here / "a.jsonl", OTHER)
    write(here / "b.jsonl", impostor)
    before = _db_dump(db)
    # Re-running the rules (its id does not derive from its header) or the store refuses the impostor...
    verified = beatlog("import", "a.jsonl", "b.jsonl", "--db", "club.db")
    assert verified.exit_code == 1 and verified.stderr.count("\n") == 1 and f"match {MID}" in verified.stderr
    assert _db_dump(db) == before
    # ... and without that the store refuses a different header under a stored id.
    result = beatlog("import", "a.jsonl", "b.jsonl", "--db", "club.db", "--no-verify")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: club.db: match {MID}: the database holds a different match under this id "
        f"(stored header {LOG.header.hash[:12]}…, log header {impostor.header.hash[:12]}…)\n"
    )
    assert _db_dump(db) == before


def test_help_texts_have_a_summary_and_an_example():
    for command in ("export", "import", "check"):
        result = beatlog(command, "--help")
        assert result.exit_code == 0
        assert "Example: beatlog " + command in result.stdout
        summary = main.commands[command].get_short_help_str(80)
        assert summary and not summary.endswith("...")
