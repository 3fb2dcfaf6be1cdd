"""integrity.check on logs given as objects, and check_store on databases edited behind beatlog's back."""

from __future__ import annotations

import sqlite3

import pytest

from beatlog.importing import import_logs
from recorder.envelope import Record
from recorder.errors import CorruptLog, UnknownEventType
from recorder.integrity import check, check_store
from recorder.store import Store
from recorder.store_schema import TRIGGERS
from recorder.validate import validate_header, validate_record
from tests.logmaker import make_log, partial, rehash
from tests.toygame import EVENTS

LOG = make_log()
MID = LOG.header.match_id


def _with(at: int, **changes) -> list[Record]:
    records = list(LOG.records)
    records[at - 1] = Record(**{**records[at - 1].to_dict(), **changes})
    return records


def test_intact_log_passes():
    check(LOG.header, LOG.records)
    check(LOG.header, LOG.records, EVENTS)
    check(LOG.header, [])


def test_problems_are_named_by_match_and_seq():
    with pytest.raises(CorruptLog) as info:
        check(LOG.header, LOG.records[:3] + LOG.records[4:], source="club.db")
    assert str(info.value) == f"club.db: match {MID}, seq 5: expected seq 4, found 5 (seq 4 is missing or out of order)"
    with pytest.raises(CorruptLog, match=rf"^match {MID}, seq 2: hash mismatch"):
        check(LOG.header, _with(2, duel=2))
    with pytest.raises(CorruptLog, match=rf"^match {MID}, seq 6: chain broken"):
        check(LOG.header, _with(6, **rehash({**LOG.records[5].to_dict(), "prev": LOG.records[3].hash})))


def test_wrong_registry_is_refused():
    from recorder.events import EventRegistry

    with pytest.raises(CorruptLog, match=rf"^match {MID} is a 'toy' log, not a 'chess' one$"):
        check(LOG.header, LOG.records, EventRegistry("chess"))


def test_validate_functions_word_errors_with_where():
    raw = LOG.header.to_dict()
    raw["players"] = raw["players"][:1]
    with pytest.raises(CorruptLog) as info:
        validate_header(raw, "m.jsonl, line 1")
    assert str(info.value).startswith("m.jsonl, line 1: players: ")
    assert "is too short" in str(info.value)
    rec = {**LOG.records[0].to_dict(), "data": {"number": "x", "source": "test"}}
    with pytest.raises(CorruptLog) as info:
        validate_record(rec, EVENTS, "match.jsonl, line 7 (seq 6)")
    assert str(info.value) == "match.jsonl, line 7 (seq 6): data.number: 'x' is not of type 'integer'"
    with pytest.raises(UnknownEventType, match=r"unknown event type 'Nope' for game 'toy'$"):
        validate_record({**LOG.records[0].to_dict(), "type": "Nope"}, EVENTS, "x")


def test_long_values_are_quoted_briefly():
    rec = {**LOG.records[0].to_dict(), "match_id": "m" * 5000}
    with pytest.raises(CorruptLog) as info:
        validate_record(rec, EVENTS, "x")
    message = str(info.value)
    assert len(message) < 200 and message.endswith("(5000 characters) is too long")


# -- databases edited behind beatlog's back -------------------------------------------

@pytest.fixture
def db(tmp_path):
    path = tmp_path / "club.db"
    with Store(path) as store:
        import_logs(store, [LOG, partial(make_log(seed=3), 6)])
    return path


def _tamper(db, *statements: str) -> None:
    """Drop the triggers, run ``statements``, put the triggers back exactly."""
    conn = sqlite3.connect(db, isolation_level=None)
    for name in TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    for sql in statements:
        conn.execute(sql)
    for ddl in TRIGGERS.values():
        conn.execute(ddl)
    conn.close()


def test_check_store_passes_an_intact_store(db):
    with Store(db) as store:
        checked = check_store(store)
    found = [(c.log.match_id, len(c.log.records), c.finished) for c in checked]
    assert found == sorted([(MID, 13, True), (make_log(seed=3).match_id, 6, False)])


def test_check_store_finds_an_edited_event(db):
    _tamper(db, f"UPDATE events SET data = json_set(data, '$.points', 5) WHERE match_id = '{MID}' AND seq = 4")
    with Store(db) as store:
        with pytest.raises(CorruptLog) as info:
            check_store(store, [MID])
    assert str(info.value).startswith(f"{db}: match {MID}, seq 4: hash mismatch: recorded {LOG.records[3].hash[:12]}…")


def test_check_store_finds_a_deleted_event(db):
    _tamper(db, f"DELETE FROM events WHERE match_id = '{MID}' AND seq = 7")
    with Store(db) as store:
        with pytest.raises(CorruptLog) as info:
            check_store(store, [MID])
    assert str(info.value) == (
        f"{db}: match {MID}, seq 8: expected seq 7, found 8 (seq 7 is missing or out of order)"
    )


def test_check_store_finds_lost_tail_events(db):
    _tamper(db, f"DELETE FROM events WHERE match_id = '{MID}' AND seq > 10")
    with Store(db) as store:
        with pytest.raises(CorruptLog) as info:
            check_store(store, [MID])
    assert str(info.value) == (
        f"{db}: match {MID}: the matches table says 13 events ending in {LOG.records[-1].hash[:12]}…, "
        f"but the events table holds 10 ending in {LOG.records[9].hash[:12]}…"
    )


def test_check_store_finds_an_edited_header(db):
    _tamper(db, f"UPDATE matches SET header = replace(header, '\"seed\":7', '\"seed\":8') WHERE match_id = '{MID}'")
    with Store(db) as store:
        with pytest.raises(CorruptLog, match=rf"^{db}: match {MID}, header: header hash mismatch"):
            check_store(store, [MID])


def test_check_store_finds_garbage_data(db):
    _tamper(db, f"UPDATE events SET data = 'not json' WHERE match_id = '{MID}' AND seq = 2")
    with Store(db) as store:
        with pytest.raises(CorruptLog, match=rf"^{db}: match {MID}, seq 2: data: not valid JSON text"):
            check_store(store, [MID])


def test_check_store_refuses_missing_triggers(db):
    conn = sqlite3.connect(db, isolation_level=None)
    with Store(db) as store:
        conn.execute("DROP TRIGGER events_append_in_order")
        with pytest.raises(CorruptLog, match=r"append-only triggers are missing \(events_append_in_order\)"):
            check_store(store)
