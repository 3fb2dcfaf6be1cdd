"""A file that is not a beatlog store is never changed by any command, reading or writing.

Readers (check, verify, export, stats, render) open a store read-only; writers
(import, record, simulate) check an existing file read-only before writing to
it. Each command here is pointed at someone else's SQLite database and at an
empty file, and must fail with one line and leave the file byte for byte (and
its modification time) as it was, with no journal files beside it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.importing import import_logs
from beatlog.cli import main
from recorder.store import Store
from tests.logmaker import make_log, write

LOG = make_log()


def _foreign(path: Path) -> Path:
    """An ordinary SQLite database of another program (rollback journal, its own tables)."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.executemany("INSERT INTO notes (text) VALUES (?)", [("buy milk",), ("call Ann",)])
    conn.commit()
    conn.close()
    return path


def _state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


READERS = [
    ("check", "--db", "{db}"),
    ("check", "--db", "{db}", "--match", "m-000000000000"),
    ("verify", "--db", "{db}"),
    ("export", "--db", "{db}", "--match", "m-000000000000", "-o", "out.jsonl"),
    ("stats", "--db", "{db}"),
    ("render", "--db", "{db}", "-o", "site"),
]
WRITERS = [
    ("import", "a.jsonl", "--db", "{db}"),
    ("record", "--fighters", "hikaru,khadath", "--bots", "random", "--seed", "3", "--db", "{db}", "-o", "rec.jsonl"),
    ("simulate", "--fighters", "hikaru,khadath", "--seed", "3", "--duels", "1", "--db", "{db}"),
]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    write(logs / "a.jsonl", LOG)
    work = tmp_path / "work"
    work.mkdir()
    (work / "a.jsonl").write_bytes((logs / "a.jsonl").read_bytes())
    monkeypatch.chdir(work)
    return work


@pytest.mark.parametrize("args", READERS + WRITERS, ids=lambda a: " ".join(a[:2]))
def test_someone_elses_sqlite_database_is_left_alone(folder, args):
    db = _foreign(folder / "notes.db")
    before = _state(folder)
    result = CliRunner().invoke(main, [a.format(db="notes.db") for a in args])
    assert result.exit_code == 1, result.output
    assert result.stderr == ("Error: notes.db: not a beatlog database "
                             "(no beatlog matches and events tables)\n"), result.stderr
    assert _state(folder) == before  # same bytes, same mtime, no -wal/-shm/-journal, no out.jsonl
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a[:2]))
def test_an_empty_file_is_not_made_into_a_database_by_reading(folder, args):
    (folder / "empty.db").write_bytes(b"")
    before = _state(folder)
    result = CliRunner().invoke(main, [a.format(db="empty.db") for a in args])
    assert result.exit_code == 1, result.output
    assert result.stderr == "Error: empty.db: not a beatlog database (the file is empty)\n", result.stderr
    assert _state(folder) == before


def test_an_empty_file_given_to_a_writer_becomes_a_store(folder):
    """Nothing is lost by initialising an empty file (sqlite3 and sqlite-utils do the same); a
    second writer that opens a store another process has just created finds it empty too."""
    (folder / "club.db").write_bytes(b"")
    result = CliRunner().invoke(main, ["import", "a.jsonl", "--db", "club.db"])
    assert result.exit_code == 0, result.output
    with Store("club.db", readonly=True) as store:
        assert store.match_ids() == [LOG.match_id]


def test_reading_a_store_changes_nothing_in_it(folder):
    assert CliRunner().invoke(main, ["import", "a.jsonl", "--db", "club.db"]).exit_code == 0
    before = (folder / "club.db").read_bytes()
    for args in (["check", "--db", "club.db"], ["stats", "--db", "club.db", "--format", "json"],
                 ["export", "--db", "club.db", "--match", LOG.match_id, "-o", "-"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
    assert (folder / "club.db").read_bytes() == before


def test_a_read_only_store_refuses_to_write(folder):
    assert CliRunner().invoke(main, ["import", "a.jsonl", "--db", "club.db"]).exit_code == 0
    other = make_log(seed=5)
    with Store("club.db", readonly=True) as store:
        with pytest.raises(Exception, match="opened read-only"):
            import_logs(store, [other])
    with Store("club.db", create=False) as store:  # a reader may still write when asked (resuming)
        import_logs(store, [other])
        assert len(store.match_ids()) == 2
