"""Reading JSONL logs: good files read back exactly; every kind of damage gets one exact message."""

from __future__ import annotations

import io
import os

import pytest

from recorder import canonical
from recorder.errors import CorruptLog, UnknownEventType
from recorder.jsonl import MAX_LINE, encode_jsonl, parse_jsonl, read_jsonl
from tests.logmaker import forge, join, lines_of, make_log, record_dict, rehash, reline, write

LOG = make_log()
MID = LOG.header.match_id
H = [r.hash for r in LOG.records]  # H[i] is the hash of seq i + 1


def test_reads_back_exactly(tmp_path):
    path = write(tmp_path / "m.jsonl", LOG)
    log = read_jsonl(path)
    assert log.header == LOG.header
    assert log.records == LOG.records
    assert encode_jsonl(log.header, log.records) == path.read_bytes()
    assert log.final_hash == LOG.records[-1].hash
    assert len(log.digest) == 14


def test_reads_from_a_binary_stream_and_a_text_stream_wrapper():
    data = encode_jsonl(LOG.header, LOG.records)
    assert read_jsonl(io.BytesIO(data)).records == LOG.records
    assert read_jsonl(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")).records == LOG.records


def test_header_only_log_is_valid():
    log = parse_jsonl(LOG.header.line() + b"\n", name="h.jsonl")
    assert log.records == [] and log.final_hash == LOG.header.hash


def _lines() -> list[bytes]:
    return lines_of(LOG)


def _edit_line(n: int, change) -> bytes:
    """Line ``n`` (1 = header) re-serialised after ``change`` (hash not recomputed)."""
    lines = _lines()
    raw = canonical.loads(lines[n - 1])
    change(raw)
    lines[n - 1] = reline(raw)
    return join(lines)


def _set(key, value):
    def change(raw):
        raw[key] = value
    return change


def _set_data(key, value):
    def change(raw):
        raw["data"][key] = value
    return change


def _without(n: int) -> bytes:
    lines = _lines()
    del lines[n - 1]
    return join(lines)


def _swap(a: int, b: int) -> bytes:
    lines = _lines()
    lines[a - 1], lines[b - 1] = lines[b - 1], lines[a - 1]
    return join(lines)


def _duplicate(n: int) -> bytes:
    lines = _lines()
    lines.insert(n, lines[n - 1])
    return join(lines)


def _renumbered_without(seq: int) -> bytes:
    """Event ``seq`` deleted, later seqs renumbered and each re-hashed, prev kept: a cut in the chain."""
    raws = [record_dict(LOG, r.seq) for r in LOG.records]
    del raws[seq - 1]
    out = [LOG.header.line()]
    for raw in raws[: seq - 1]:
        out.append(reline(raw))
    for raw in raws[seq - 1:]:
        raw["seq"] -= 1
        if raw["cause"] is not None:
            raw["cause"] -= 1
        out.append(reline(rehash(raw)))
    return join(out)


def _replace_line(n: int, text: bytes) -> bytes:
    lines = _lines()
    lines[n - 1] = text
    return join(lines)


def _header_with(**changes) -> bytes:
    raw = LOG.header.to_dict()
    raw.update(changes)
    return _replace_line(1, reline(raw))


def _header_rehashed(**changes) -> bytes:
    from recorder.header import Header

    raw = LOG.header.to_dict()
    raw.update(changes)
    header = Header.from_dict(raw)
    return join([header.line()] + _lines()[1:])


def _long_line() -> bytes:
    lines = _lines()
    lines[2] = b'{"pad":"' + b"x" * (70_000 - 10) + b'"}'
    return join(lines)


def _bad_utf8() -> bytes:
    data = join(_lines())
    at = data.index(b"Ben")
    return data[:at] + b"B\xffn" + data[at + 3:]


def _bad_utf8_offset() -> int:
    return join(_lines()).index(b"Ben") + 1


CASES = [
    ("empty", lambda: b"", "m.jsonl: the file is empty (a log starts with its match header)"),
    ("event instead of header", lambda: join(_lines()[1:]),
     "m.jsonl, line 1: this is an event (seq 1), not a match header; the header line is missing"),
    ("unsupported format", lambda: _header_with(format="beatlog/2"),
     "m.jsonl, line 1: unsupported log format 'beatlog/2'; this beatlog reads 'beatlog/1'"),
    ("no format", lambda: _header_with(format=None),
     "m.jsonl, line 1: unsupported log format None; this beatlog reads 'beatlog/1'"),
    ("not a header", lambda: _replace_line(1, b'{"hello":"world"}'),
     "m.jsonl, line 1: not a beatlog log header (it has no format field)"),
    ("line too long", _long_line,
     "m.jsonl, line 3: the line is 70,000 bytes long, over the limit of 65,536 bytes (64 KiB)"),
    ("invalid utf-8", _bad_utf8,
     f"m.jsonl, line 1: invalid UTF-8 at byte offset {_bad_utf8_offset()} (byte 0xff)"),
    ("byte order mark", lambda: b"\xef\xbb\xbf" + join(_lines()),
     "m.jsonl, line 1: the file starts with a byte order mark (BOM); logs are plain UTF-8"),
    ("invalid json", lambda: _replace_line(4, b"{nope}"),
     "m.jsonl, line 4: invalid JSON at column 2: unexpected character, expected a string key"),
    ("trailing garbage", lambda: _replace_line(4, _lines()[3] + b"x"),
     f"m.jsonl, line 4: invalid JSON at column {len(_lines()[3]) + 1}: unexpected content after document"),
    ("blank line", lambda: _replace_line(4, b""), "m.jsonl, line 4: blank line"),
    ("crlf", lambda: join([line + b"\r" for line in _lines()]),
     "m.jsonl, line 1: the line ends in CR LF; logs use LF line endings "
     "(was the file converted by an editor or by git's autocrlf?)"),
    ("no final newline", lambda: join(_lines())[:-1],
     "m.jsonl, line 14: truncated: the last line has no final newline "
     "(the file was cut off while being written)"),
    ("cut mid-line", lambda: join(_lines())[:-40],
     "m.jsonl, line 14: truncated: the last line has no final newline "
     "(the file was cut off while being written)"),
    ("cut json with newline", lambda: _replace_line(14, _lines()[13][:-30]),
     "m.jsonl, line 14: truncated: the last line stops in the middle of a JSON value"),
    ("header edited", lambda: _header_with(seed=8),
     f"m.jsonl, line 1: header hash mismatch: recorded {LOG.header.hash[:12]}…, computed "
     f"{LOG.header.__class__.from_dict({**LOG.header.to_dict(), 'seed': 8}).hash[:12]}… "
     "(the header was changed after the match was recorded)"),
    ("header not an object", lambda: _replace_line(1, b"[1,2]"),
     "m.jsonl, line 1: the header must be a JSON object, found list"),
    ("header schema", lambda: _header_rehashed(seed=-1),
     "m.jsonl, line 1: seed: -1 is less than the minimum of 0"),
    ("header float option", lambda: _header_rehashed(options={"rounds": 3.0}),
     "m.jsonl, line 1: options.rounds: floats are not allowed in a log"),
    ("header huge option", lambda: _header_rehashed(options={"rounds": [1, 2**60]}),
     "m.jsonl, line 1: options.rounds[1]: 1152921504606846976 is outside ±2^53"),
    ("wrong match id", lambda: _edit_line(4, _set("match_id", "m-other")),
     f"m.jsonl, line 4 (seq 3): match_id 'm-other' is not this log's match ('{MID}')"),
    ("seq gap", lambda: _without(4),
     "m.jsonl, line 4 (seq 4): expected seq 3, found 4 (seq 3 is missing or out of order)"),
    ("seq gap of two", lambda: _without(4).replace(_lines()[4] + b"\n", b""),
     "m.jsonl, line 4 (seq 5): expected seq 3, found 5 (seqs 3-4 are missing or out of order)"),
    ("duplicate", lambda: _duplicate(4),
     "m.jsonl, line 5 (seq 3): expected seq 4, found 3 (seq 3 came already: a duplicated or reordered event)"),
    ("reordered", lambda: _swap(4, 5),
     "m.jsonl, line 4 (seq 4): expected seq 3, found 4 (seq 3 is missing or out of order)"),
    ("chain cut", lambda: _renumbered_without(5),
     f"m.jsonl, line 6 (seq 5): chain broken: prev {H[4][:12]}… is not the hash of seq 4 "
     f"({H[3][:12]}…); an event was removed, inserted or replaced"),
    ("first event not on header", lambda: _edit_line(2, lambda raw: raw.update(rehash({**raw, "prev": "0" * 64}))),
     f"m.jsonl, line 2 (seq 1): chain broken: prev 000000000000… is not the hash of the header "
     f"({LOG.header.hash[:12]}…); an event was removed, inserted or replaced"),
    ("edited event", lambda: _edit_line(5, _set_data("points", 5)),
     f"m.jsonl, line 5 (seq 4): hash mismatch: recorded {H[3][:12]}…, computed "
     f"{rehash({**record_dict(LOG, 4), 'data': {**record_dict(LOG, 4)['data'], 'points': 5}})['hash'][:12]}… "
     "(the event was changed after it was sealed)"),
    ("unknown type", lambda: forge(LOG, 4, _set("type", "Fireball")),
     "m.jsonl, line 5 (seq 4): unknown event type 'Fireball' for game 'toy'"),
    ("wrong field type", lambda: forge(LOG, 4, _set_data("points", "x")),
     "m.jsonl, line 5 (seq 4): data.points: 'x' is not of type 'integer'"),
    ("bool is not int", lambda: forge(LOG, 4, _set_data("points", True)),
     "m.jsonl, line 5 (seq 4): data.points: True is not of type 'integer'"),
    ("float is not int", lambda: forge(LOG, 4, _set_data("points", 1.0)),
     "m.jsonl, line 5 (seq 4): data.points: floats are not allowed in a log"),
    ("int over 2^53", lambda: forge(LOG, 4, _set_data("points", 2**53 + 1)),
     "m.jsonl, line 5 (seq 4): data.points: 9007199254740993 is greater than the maximum of 9007199254740992"),
    ("missing field", lambda: forge(LOG, 4, lambda raw: raw["data"].pop("scorer")),
     "m.jsonl, line 5 (seq 4): data: 'scorer' is a required property"),
    ("extra field", lambda: forge(LOG, 4, _set_data("bonus", 1)),
     "m.jsonl, line 5 (seq 4): data: Additional properties are not allowed ('bonus' was unexpected)"),
    ("envelope type", lambda: forge(LOG, 4, _set("beat", "one")),
     "m.jsonl, line 5 (seq 4): beat: 'one' is not of type 'integer'"),
    ("kind mismatch", lambda: forge(LOG, 4, _set("kind", "input")),
     "m.jsonl, line 5 (seq 4): kind: 'input' does not match event type 'RoundScored', which is an outcome"),
    ("actor not a player", lambda: forge(LOG, 1, _set("actor", 2)),
     "m.jsonl, line 2 (seq 1): actor: player 2 does not exist (the match has 2 players, 0-1)"),
    ("cause forward", lambda: forge(LOG, 4, _set("cause", 9)),
     "m.jsonl, line 5 (seq 4): cause: seq 9 is not an earlier event than seq 4"),
    ("event not an object", lambda: _replace_line(3, b"[]"),
     "m.jsonl, line 3: an event must be a JSON object, found list"),
    ("not canonical", lambda: _replace_line(3, canonical.loads(_lines()[2]) and
                                            __import__("json").dumps(canonical.loads(_lines()[2]), sort_keys=True).encode()),
     "m.jsonl, line 3 (seq 2): the line is not in canonical form (sorted keys, no spaces, unescaped "
     "UTF-8, no duplicate keys); it was reformatted or edited by hand"),
    ("duplicate key", lambda: _replace_line(3, _lines()[2][:-1] + b',"actor":1}'),
     "m.jsonl, line 3 (seq 2): the line is not in canonical form (sorted keys, no spaces, unescaped "
     "UTF-8, no duplicate keys); it was reformatted or edited by hand"),
]


@pytest.mark.parametrize("build, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_damage_is_reported_exactly(build, message, tmp_path):
    path = tmp_path / "m.jsonl"
    data = build()
    path.write_bytes(data)
    before = os.stat(path)
    with pytest.raises(CorruptLog) as info:
        read_jsonl(path, name="m.jsonl")
    assert str(info.value) == message
    after = os.stat(path)
    assert path.read_bytes() == data and (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)


def test_unknown_type_is_its_own_error_class():
    with pytest.raises(UnknownEventType):
        parse_jsonl(forge(LOG, 4, _set("type", "Fireball")), name="m.jsonl")


def test_max_line_is_64_kib():
    assert MAX_LINE == 65536


def test_stdin_is_dash(monkeypatch):
    data = encode_jsonl(LOG.header, LOG.records)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert read_jsonl("-").records == LOG.records
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    with pytest.raises(CorruptLog, match=r"^<stdin>: the file is empty"):
        read_jsonl("-")
