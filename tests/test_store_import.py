"""Moving logs between files and a store: lossless both ways, all or nothing, on every backend."""

from __future__ import annotations

import re

import pytest

from beatlog.importing import import_log, import_logs
from recorder.errors import BeatlogError, LogConflict
from recorder.header import Header
from recorder.integrity import LogFile
from recorder.jsonl import encode_jsonl, parse_jsonl, read_jsonl, write_jsonl
from recorder.store import Store
from tests.logmaker import hostile_log, make_log, partial

LOG = make_log()
MID = LOG.header.match_id


from tests.store_backends import dump as _dump


@pytest.fixture
def db(store_db):
    return store_db


@pytest.mark.parametrize("log", [LOG, hostile_log(), partial(LOG, 0), partial(LOG, 6)],
                         ids=["finished", "hostile names", "header only", "unfinished"])
def test_db_jsonl_db_jsonl_is_byte_identical(tmp_path, store_db, log):
    first_db, second_db = store_db, tmp_path / "b.db"  # each backend, then SQLite
    with Store(first_db) as store:
        store.add_match(log.header)
        store.append(log.match_id, log.records)
        out1 = tmp_path / "one.jsonl"
        write_jsonl(out1, *_parts(store.read(log.match_id)))
    with Store(second_db) as store:
        [result] = import_logs(store, [read_jsonl(out1)])
        assert (result.status, result.added) == ("imported", len(log.records))
        out2 = tmp_path / "two.jsonl"
        write_jsonl(out2, *_parts(store.read(log.match_id)))
    assert out1.read_bytes() == out2.read_bytes() == encode_jsonl(log.header, log.records)


def _parts(log: LogFile):
    return log.header, log.records


def test_import_marks_finished_matches(db):
    with Store(db) as store:
        import_logs(store, [LOG, partial(make_log(seed=3), 5)])
        assert store.summary(MID).finished is True
        assert store.summary(make_log(seed=3).match_id).finished is False


def test_import_skips_what_is_already_there(db):
    with Store(db) as store:
        assert import_log(store, LOG).status == "imported"
        before = _dump(db)
        result = import_log(store, LOG)
        assert (result.status, result.added, result.total) == ("skipped", 0, 13)
        assert import_log(store, partial(LOG, 5)).status == "skipped"  # a prefix adds nothing
    assert _dump(db) == before


def test_the_same_match_twice_in_one_import(db):
    with Store(db) as store:
        results = import_logs(store, [LOG, LOG])
    assert [r.status for r in results] == ["imported", "skipped"]


def test_import_extends_a_stored_prefix(db):
    with Store(db) as store:
        import_log(store, partial(LOG, 5))
        result = import_log(store, LOG)
        assert (result.status, result.added, result.total) == ("extended", 8, 13)
        assert store.read(MID).records == LOG.records
        assert store.summary(MID).finished


def test_import_conflicts_write_nothing(db):
    other = make_log(seed=5)
    with Store(db) as store:
        import_log(store, partial(LOG, 5))
    before = _dump(db)
    # Same match id and header, different events: another recording of the match.
    fork = _fork(LOG, at=2)
    with Store(db) as store:
        with pytest.raises(LogConflict) as info:
            import_logs(store, [other, fork])
        assert str(info.value) == (
            f"{db}: match {MID}: the log and the database disagree by seq 5; "
            "they are different recordings of the same match"
        )
    assert _dump(db) == before  # `other` was not imported either: one transaction


def test_import_refuses_a_different_header_under_the_same_id(db):
    with Store(db) as store:
        import_log(store, LOG)
        header = Header.from_dict({**LOG.header.to_dict(), "seed": 99})
        impostor = make_log(header=header)
        # Re-running the rules refuses it first (its id does not derive from its header); without that
        # (--no-verify) the store itself still refuses a different header under a stored id.
        with pytest.raises(BeatlogError):
            import_log(store, impostor)
        with pytest.raises(LogConflict, match=rf"^{re.escape(str(db))}: match {MID}: the database holds a different match under this id"):
            import_logs(store, [impostor], verify=False)


def _fork(log: LogFile, at: int) -> LogFile:
    """The same match with different picks from round ``at`` on (same header)."""
    from recorder.decisions import Answer
    from recorder.match import Match, sealed
    from tests.toygame import GAME

    match = Match(GAME, log.header)
    match.advance()
    inputs = [r for r in log.records if r.type == "NumberPicked"]
    for index, record in enumerate(inputs):
        number = record.data["number"] if index < 2 * (at - 1) else 3
        match.advance(Answer({"number": number}, "test"))
    return LogFile(log.header, sealed(match))


def test_fork_helper_really_differs():
    fork = _fork(LOG, at=2)
    assert fork.records[:4] == LOG.records[:4] and fork.records[4] != LOG.records[4]
    parse_jsonl(encode_jsonl(fork.header, fork.records), name="fork")
