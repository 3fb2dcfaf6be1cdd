"""beatlog copy: a whole store moved between backends (SQLite to PostgreSQL and back), checked on the way."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import encode_jsonl
from recorder.store import Store
from recorder.store_import import Importable
from tests.logmaker import hostile_log, make_log, partial
from tests.store_backends import tamper

LOGS = [make_log(seed=s, rounds=3) for s in (51, 52)] + [hostile_log()]
OPEN = partial(make_log(seed=53, rounds=4), 7)


def _fill(db: str) -> None:
    with Store(db) as store:
        store.import_logs([Importable(log, True) for log in LOGS] + [Importable(OPEN, False)])


def _contents(db: str) -> dict:
    with Store(db, readonly=True) as store:
        out = {}
        for match_id in store.match_ids():
            log = store.read(match_id)
            out[match_id] = (encode_jsonl(log.header, log.records), store.summary(match_id).finished)
        return out


def copy(src: str, dst: str):
    return CliRunner().invoke(main, ["copy", "--db", src, "--to", dst])


def test_sqlite_to_postgresql_and_back_is_lossless(tmp_path, pg_url):
    first, back = str(tmp_path / "club.db"), str(tmp_path / "back.db")
    _fill(first)
    there = copy(first, pg_url)
    assert there.exit_code == 0, there.output
    assert there.output == (f"copied 4 matches ({sum(len(x.records) for x in LOGS) + 7} events) from {first} to "
                            f"{pg_url}; all 4 read back and checked\n")
    again = copy(pg_url, back)
    assert again.exit_code == 0, again.output
    assert _contents(first) == _contents(pg_url) == _contents(back)  # byte for byte, finished or not
    for db in (pg_url, back):
        checked = CliRunner().invoke(main, ["check", "--db", db])
        assert checked.exit_code == 0, checked.output
        assert checked.stdout.splitlines()[-1].startswith("ok ledger: 7 entries")
    # The copy keeps the source's order of creation in its ledger.
    with Store(first, readonly=True) as a, Store(back, readonly=True) as b:
        created = lambda s: [e.match_id for e in s.ledger_entries() if e.kind == "created"]  # noqa: E731
        assert created(a) == created(b)


def test_copying_again_finishes_an_interrupted_copy(store_db, tmp_path):
    src = str(tmp_path / "src.db")
    _fill(src)
    with Store(store_db) as dst:  # a copy that stopped after the first match, part-way through the open one
        dst.import_logs([Importable(LOGS[0], True), Importable(partial(OPEN, 3), False)])
    result = copy(src, store_db)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"copied 3 matches ({sum(len(x.records) for x in LOGS[1:]) + 4} events)")
    assert result.output.rstrip().endswith("; 1 already there; all 4 read back and checked")
    assert _contents(src) == _contents(store_db)
    assert copy(src, store_db).output.startswith("copied 0 matches (0 events)")


def test_a_damaged_source_is_not_copied(store_db, tmp_path):
    src = str(tmp_path / "src.db")
    _fill(src)
    tamper(src, f"UPDATE events SET data = '{{}}' WHERE match_id = '{LOGS[1].match_id}' AND seq = 3")
    result = copy(src, store_db)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {src}: match {LOGS[1].match_id}, seq 3: ")
    with Store(store_db) as dst:
        assert dst.match_ids() == []  # the check runs before anything is written


def test_a_source_that_lost_a_match_is_not_copied(store_db, tmp_path):
    src = str(tmp_path / "src.db")
    _fill(src)
    gone = LOGS[0].match_id
    tamper(src, f"DELETE FROM events WHERE match_id = '{gone}'", f"DELETE FROM matches WHERE match_id = '{gone}'")
    result = copy(src, store_db)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {src}: match {gone} was deleted")


def test_a_different_match_under_the_same_id_stops_the_copy(store_db, tmp_path):
    src = str(tmp_path / "src.db")
    _fill(src)
    other = make_log(seed=99, rounds=3)
    forged = other.header.__class__(**{**{f: getattr(other.header, f) for f in other.header.__dataclass_fields__},
                                       "match_id": LOGS[1].match_id})
    with Store(store_db) as dst:
        dst.add_match(forged)
    result = copy(src, store_db)
    assert result.exit_code == 1
    assert "the database holds a different match under this id" in result.stderr
    with Store(store_db, readonly=True) as dst:
        assert dst.match_ids() == [LOGS[1].match_id]  # that batch wrote nothing


def test_copy_onto_itself_is_refused(tmp_path):
    db = str(tmp_path / "club.db")
    _fill(db)
    result = copy(db, db)
    assert (result.exit_code, result.stderr) == (1, f"Error: {db}: copying a store onto itself\n")


def test_copy_into_a_foreign_sqlite_file_changes_nothing(tmp_path):
    src, foreign = str(tmp_path / "src.db"), tmp_path / "notes.db"
    _fill(src)
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    result = copy(src, str(foreign))
    assert result.exit_code == 1 and "not a beatlog database" in result.stderr
    assert foreign.read_bytes() == before
