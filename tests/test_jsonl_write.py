"""Writing JSONL logs: whole files atomically, live matches batch by batch."""

from __future__ import annotations

import io

import pytest

from recorder.errors import CorruptLog, LogConflict
from recorder.jsonl import JsonlWriter, encode_jsonl, read_jsonl, write_jsonl
from tests.logmaker import hostile_log, make_log

LOG = make_log()


def test_write_jsonl_to_path_and_stream(tmp_path):
    path = tmp_path / "m.jsonl"
    write_jsonl(path, LOG.header, LOG.records)
    data = path.read_bytes()
    assert data == encode_jsonl(LOG.header, LOG.records)
    assert data.endswith(b"\n") and data.count(b"\n") == 1 + len(LOG.records)
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file is gone
    stream = io.BytesIO()
    write_jsonl(stream, LOG.header, LOG.records)
    assert stream.getvalue() == data


def test_write_jsonl_replaces_a_file_whole(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_bytes(b"old content that is longer than nothing\n" * 1000)
    write_jsonl(path, LOG.header, LOG.records)
    assert read_jsonl(path).records == LOG.records


def test_unicode_and_hostile_names_round_trip(tmp_path):
    log = hostile_log()
    path = tmp_path / "h.jsonl"
    write_jsonl(path, log.header, log.records)
    back = read_jsonl(path)
    assert back.header == log.header
    assert "🎲".encode() in path.read_bytes()  # stored as UTF-8, not \\u escapes


def test_writer_appends_batches(tmp_path):
    path = tmp_path / "live.jsonl"
    with JsonlWriter(path) as writer:
        writer.start(LOG.header)
        assert read_jsonl(path).records == []
        writer.append(LOG.records[:4])
        assert read_jsonl(path).records == LOG.records[:4]  # durable after each batch
        writer.append(LOG.records[4:])
        writer.append([])
    assert path.read_bytes() == encode_jsonl(LOG.header, LOG.records)


def test_writer_refuses_to_overwrite(tmp_path):
    path = tmp_path / "live.jsonl"
    path.write_bytes(b"something\n")
    with pytest.raises(LogConflict) as info:
        JsonlWriter(path).start(LOG.header)
    assert str(info.value) == (
        f"{path}: the file already exists and is not empty; refusing to overwrite it "
        "(resume it, or choose another file)"
    )
    assert path.read_bytes() == b"something\n"


def test_writer_takes_over_an_empty_file(tmp_path):
    path = tmp_path / "live.jsonl"
    path.write_bytes(b"")
    with JsonlWriter(path) as writer:
        writer.start(LOG.header)
        writer.append(LOG.records)
    assert read_jsonl(path).records == LOG.records


def test_writer_refuses_a_broken_batch(tmp_path):
    path = tmp_path / "live.jsonl"
    with JsonlWriter(path) as writer:
        writer.start(LOG.header)
        writer.append(LOG.records[:4])
        before = path.read_bytes()
        with pytest.raises(LogConflict, match=r"seq 3 was already appended$"):
            writer.append(LOG.records[2:6])
        with pytest.raises(LogConflict, match=r"expected seq 5 next, got seq 6$"):
            writer.append(LOG.records[5:])
        with pytest.raises(LogConflict, match=r"seq 6 does not chain onto seq 5$"):
            writer.append([LOG.records[4], LOG.records[6].__class__(**{**LOG.records[5].to_dict(), "prev": "0" * 64})])
        assert path.read_bytes() == before  # a refused batch writes nothing
        writer.append(LOG.records[4:])
    assert read_jsonl(path).records == LOG.records


def test_writer_refuses_an_oversized_line(tmp_path):
    from recorder.envelope import seal, Entry
    from recorder.events import ChanceDrawn

    path = tmp_path / "live.jsonl"
    huge = seal(LOG.header.match_id, Entry(1, 1, 1, ChanceDrawn("x" * 70_000, 2, 0), None, None, "public"),
                LOG.header.hash)
    with JsonlWriter(path) as writer:
        writer.start(LOG.header)
        with pytest.raises(CorruptLog, match=r"refusing to write a 70,\d{3}-byte line; readers accept at most 65,536"):
            writer.append([huge])
    assert read_jsonl(path).records == []


def test_resume_continues_and_cuts_an_unacknowledged_partial_line(tmp_path):
    path = tmp_path / "live.jsonl"
    with JsonlWriter(path) as writer:
        writer.start(LOG.header)
        writer.append(LOG.records[:6])
    partial_line = LOG.records[6].line()[:25]
    with open(path, "ab") as out:  # a crash in the middle of the next batch
        out.write(LOG.records[6].line() + b"\n" + partial_line)
    with JsonlWriter(path, resume=True) as writer:
        writer.start(LOG.header)
        assert writer.dropped == partial_line
        assert writer.last_seq == 7
        writer.append(LOG.records[7:])
    assert path.read_bytes() == encode_jsonl(LOG.header, LOG.records)


def test_resume_refuses_another_match(tmp_path):
    path = tmp_path / "live.jsonl"
    other = make_log(seed=99)
    with JsonlWriter(path) as writer:
        writer.start(other.header)
    with pytest.raises(LogConflict, match=rf"cannot resume: the file records match {other.header.match_id}"):
        JsonlWriter(path, resume=True).start(LOG.header)


def test_resume_refuses_a_damaged_file(tmp_path):
    path = tmp_path / "live.jsonl"
    data = encode_jsonl(LOG.header, LOG.records[:5]).replace(b'"number":2', b'"number":3')
    path.write_bytes(data)
    with pytest.raises(CorruptLog, match=r"hash mismatch"):
        JsonlWriter(path, resume=True).start(LOG.header)
    assert path.read_bytes() == data
