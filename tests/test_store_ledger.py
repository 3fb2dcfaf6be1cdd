"""The store's ledger, on every backend: losing a whole match is detected, and a seal proves nothing went since.

Each attack is made the strongest way a person with the database can: the
append-only rules switched off (SQLite: triggers dropped, then recreated
exactly; PostgreSQL: session_replication_role = replica, so no trigger fires
and none is changed), the rows changed so that every remaining match still
checks on its own. Before the ledger, ``check`` and ``verify`` passed all of
these.
"""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder import store_ledger as ledger
from recorder.errors import CorruptLog
from recorder.integrity import check_store
from recorder.store import Store
from recorder.store_import import Importable
from recorder.store_schema import LEDGER_TRIGGERS
from tests.logmaker import make_log, partial
from tests.store_backends import tamper

LOGS = [make_log(seed=s, rounds=3) for s in (31, 32, 33)]
OPEN = partial(make_log(seed=34, rounds=3), 6)


def _fill(db: str) -> None:
    with Store(db) as store:
        store.import_logs([Importable(log, True) for log in LOGS] + [Importable(OPEN, False)])


def _check(db: str):
    with Store(db, readonly=True) as store:
        return check_store(store)


A, B = LOGS[0], LOGS[1]
ATTACKS = [
    ("whole match deleted",
     [f"DELETE FROM events WHERE match_id = '{A.match_id}'", f"DELETE FROM matches WHERE match_id = '{A.match_id}'"],
     f"match {A.match_id} was deleted: the ledger recorded it in entry 1, but the matches table no longer has it"),
    ("finished match truncated",
     [f"DELETE FROM events WHERE match_id = '{B.match_id}' AND seq > 8",
      f"UPDATE matches SET event_count = 8, final_hash = '{B.records[7].hash}' WHERE match_id = '{B.match_id}'"],
     f"match {B.match_id} was truncated or changed after it finished: the ledger (entry 4) recorded "
     f"{len(B.records)} events ending in {B.final_hash[:12]}…, the store holds 8 ending in {B.records[7].hash[:12]}…"),
    ("finished flag cleared",
     [f"UPDATE matches SET finished = 0 WHERE match_id = '{B.match_id}'"],
     f"match {B.match_id} was marked unfinished again: the ledger recorded its end in entry 4"),
    ("truncated and reopened",
     [f"DELETE FROM events WHERE match_id = '{B.match_id}' AND seq > 8",
      f"UPDATE matches SET event_count = 8, final_hash = '{B.records[7].hash}', finished = 0 "
      f"WHERE match_id = '{B.match_id}'"],
     f"match {B.match_id} was truncated or changed after it finished"),
    ("ledger entry edited",
     [f"UPDATE ledger SET match_id = 'm-000000000000' WHERE n = 1"],
     "ledger entry 1: hash mismatch (the entry was edited)"),
    ("ledger entry deleted",
     ["DELETE FROM ledger WHERE n = 3"],
     "ledger entry 4: expected entry 3 (entries were removed or reordered)"),
]


@pytest.mark.parametrize("statements, message", [a[1:] for a in ATTACKS], ids=[a[0] for a in ATTACKS])
def test_check_detects_a_lost_match(store_db, statements, message):
    _fill(store_db)
    assert len(_check(store_db)) == 4
    tamper(store_db, *statements)
    with pytest.raises(CorruptLog) as info:
        _check(store_db)
    assert str(info.value).startswith(f"{store_db}: {message}"), str(info.value)
    result = CliRunner().invoke(main, ["check", "--db", store_db])
    assert result.exit_code == 1 and f"Error: {store_db}: {message}" in result.stderr, result.output
    result = CliRunner().invoke(main, ["verify", "--db", store_db, "--partial"])
    assert result.exit_code == 1 and message in result.stderr, result.output


def test_the_ledger_records_creation_and_completion(store_db):
    _fill(store_db)
    with Store(store_db) as store:
        entries = store.ledger_entries()
        kinds = [(e.match_id, e.kind, e.events) for e in entries]
        assert kinds[:2] == [(A.match_id, "created", 0), (A.match_id, "finished", len(A.records))]
        assert (OPEN.match_id, "created", 0) in kinds and (OPEN.match_id, "finished", 6) not in kinds
        assert [e.entry_hash == e.expected_hash() for e in entries] == [True] * len(entries)
        store.mark_finished(OPEN.match_id)
        last = store.ledger_entries()[-1]
        assert (last.match_id, last.kind, last.events, last.hash) == (OPEN.match_id, "finished", 6, OPEN.final_hash)
        store.mark_finished(OPEN.match_id)  # already finished: nothing more in the ledger
        assert store.ledger_entries()[-1] == last
    result = CliRunner().invoke(main, ["check", "--db", store_db])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith(f"ok ledger: {len(entries) + 1} entries, every match "
                                                     "accounted for, head ")


def test_a_store_without_a_ledger_gets_one_when_next_written(tmp_path):
    """A store written before the ledger (schema version 1): read as it is, back-filled when next opened to write."""
    db = tmp_path / "old.db"
    _fill(str(db))
    conn = sqlite3.connect(db, isolation_level=None)  # make it exactly what an earlier beatlog wrote
    for name in LEDGER_TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("DROP TABLE ledger")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    result = CliRunner().invoke(main, ["check", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "has no ledger (it was written by an earlier beatlog)" in result.stderr
    with Store(db, readonly=True) as store:
        assert not store.has_ledger and store.ledger_entries() == []
    with Store(db) as store:  # a writer adds it, in the order the matches were added
        assert store.has_ledger
        kinds = [(e.match_id, e.kind) for e in store.ledger_entries()]
    assert kinds == [(A.match_id, "created"), (A.match_id, "finished"), (B.match_id, "created"),
                     (B.match_id, "finished"), (LOGS[2].match_id, "created"), (LOGS[2].match_id, "finished"),
                     (OPEN.match_id, "created")]
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 2
    assert len(_check(str(db))) == 4


def _keys(tmp_path):
    result = CliRunner().invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    assert result.exit_code == 0, result.output
    return str(tmp_path / "judge.key"), str(tmp_path / "judge.pub")


def test_a_sealed_store_proves_nothing_was_removed_since(store_db, tmp_path):
    _fill(store_db)
    key, pub = _keys(tmp_path)
    seal = str(tmp_path / "store.seal")
    result = CliRunner().invoke(main, ["seal", "--db", store_db, "--key", key, "--signer", "Head judge", "-o", seal])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"sealed the store {store_db}: 4 matches (3 finished), ledger entry 7, head ")
    ok = CliRunner().invoke(main, ["verify", "--db", store_db, "--partial", "--pubkey", pub, "--seal", seal])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.splitlines()[-1].startswith("store sealed by Head judge (key ")
    assert ok.stdout.splitlines()[-1].endswith(
        "): ledger entry 7 of 7 as signed, every match it names still there, nothing removed since")
    # More matches after the seal are fine: the seal covers what came before.
    with Store(store_db) as store:
        store.import_logs([Importable(make_log(seed=40), True)])
    assert CliRunner().invoke(main, ["verify", "--db", store_db, "--partial", "--pubkey", pub, "--seal", seal]).exit_code == 0
    # The strongest cut: the last match and its ledger entries removed; what is left checks on its own.
    last = make_log(seed=40).match_id
    tamper(store_db, f"DELETE FROM events WHERE match_id = '{last}'", f"DELETE FROM matches WHERE match_id = '{last}'",
           "DELETE FROM ledger WHERE n > 7", f"DELETE FROM events WHERE match_id = '{OPEN.match_id}'",
           f"DELETE FROM matches WHERE match_id = '{OPEN.match_id}'", "DELETE FROM ledger WHERE n > 6")
    assert len(_check(store_db)) == 3  # no trace left in the store itself
    cut = CliRunner().invoke(main, ["verify", "--db", store_db, "--partial", "--pubkey", pub, "--seal", seal])
    assert cut.exit_code == 1
    assert (f"Error: {store_db}: entries were removed from the store's ledger since it was sealed by "
            "'Head judge': the seal covers 7 entries, the ledger now has 6") in cut.stderr


def test_a_rebuilt_ledger_does_not_match_the_seal(store_db, tmp_path):
    _fill(store_db)
    key, pub = _keys(tmp_path)
    seal = str(tmp_path / "store.seal")
    assert CliRunner().invoke(main, ["seal", "--db", store_db, "--key", key, "-o", seal]).exit_code == 0
    # Remove match A and re-forge the whole ledger so that it chains and accounts for every match left.
    with Store(store_db, readonly=True) as store:
        kept = [e for e in store.ledger_entries() if e.match_id != A.match_id]
    forged, prev = [], ledger.GENESIS
    for n, e in enumerate(kept, 1):
        entry = ledger.make_entry(n, e.match_id, e.kind, e.events, e.hash, prev)
        forged.append(entry)
        prev = entry.entry_hash
    values = ", ".join(f"({e.n}, '{e.match_id}', '{e.kind}', {e.events}, '{e.hash}', '{e.prev}', '{e.entry_hash}')"
                       for e in forged)
    tamper(store_db, f"DELETE FROM events WHERE match_id = '{A.match_id}'",
           f"DELETE FROM matches WHERE match_id = '{A.match_id}'", "DELETE FROM ledger",
           f"INSERT INTO ledger (n, match_id, kind, events, hash, prev, entry_hash) VALUES {values}")
    assert len(_check(store_db)) == 3  # the forgery checks on its own
    result = CliRunner().invoke(main, ["verify", "--db", store_db, "--partial", "--pubkey", pub, "--seal", seal])
    assert result.exit_code == 1
    assert (f"{store_db}: entries were removed from the store's ledger since it was sealed" in result.stderr
            or f"{store_db}: the store's ledger was rewritten since it was sealed" in result.stderr), result.stderr


def test_a_sqlite_store_seal_lives_beside_it_and_covers_its_matches(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _fill("club.db")
    key, pub = _keys(tmp_path)
    result = CliRunner().invoke(main, ["seal", "--db", "club.db", "--key", key])
    assert result.exit_code == 0 and result.output.rstrip().endswith("-> club.db.seal"), result.output
    # No per-match seals: the store seal covers them, so --pubkey does not ask for one per match.
    ok = CliRunner().invoke(main, ["verify", "--db", "club.db", "--partial", "--pubkey", pub])
    assert ok.exit_code == 0, ok.output + ok.stderr
    assert len([line for line in ok.stdout.splitlines() if line.startswith("verified ")]) == 4
    edited = (tmp_path / "club.db.seal").read_text().replace('"ledger_entries":7', '"ledger_entries":6')
    (tmp_path / "club.db.seal").write_text(edited)
    bad = CliRunner().invoke(main, ["verify", "--db", "club.db", "--partial", "--pubkey", pub])
    assert bad.exit_code == 1 and "the seal's signature is not valid (the seal file was edited)" in bad.stderr


def test_a_postgresql_store_seal_needs_a_place(pg_url, tmp_path):
    _fill(pg_url)
    key, _ = _keys(tmp_path)
    result = CliRunner().invoke(main, ["seal", "--db", pg_url, "--key", key])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {pg_url}: a PostgreSQL store's seal needs -o FILE (where to write it)\n"
