"""The portable log file: one JSON object per line.

Line 1 is the match header, then one event per line in seq order, each line
the canonical JSON of its object (sorted keys, no spaces, UTF-8) followed by
``\\n``. Because each line is canonical, a file read and written again is
byte-identical, and no two readers can disagree about what a line says
(duplicate keys, escapes and number spellings are all refused).

Reading checks everything :mod:`recorder.integrity` checks, plus what only a
file can get wrong (encoding, line breaks, size, truncation), and reports the
first problem with the file name, line number and seq. Reading never changes
the file.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import IO, Any, BinaryIO, Iterable, Sequence

import orjson

from . import canonical
from .envelope import Record
from .errors import CorruptLog, LogConflict
from .events import EventRegistry
from .header import Header
from .integrity import Chain, LogFile, parse_header, registry_for

__all__ = ["MAX_LINE", "JsonlWriter", "LogFile", "encode_jsonl", "parse_jsonl", "read_jsonl", "write_jsonl"]

MAX_LINE = 64 * 1024  # bytes per line, newline excluded; no real event comes near it

Source = str | os.PathLike | IO[Any]


# -- reading --------------------------------------------------------------------


def read_jsonl(
    source: Source, *, name: str | None = None, registry: EventRegistry | None = None
) -> LogFile:
    """Read and check a whole log from a path, ``-`` (stdin) or a binary stream.

    ``name`` is what messages call the file (default: the path as given).
    ``registry`` defaults to the event registry of the header's game.
    """
    data, label = _read_bytes(source, name)
    return parse_jsonl(data, name=label, registry=registry)


def parse_jsonl(data: bytes, *, name: str, registry: EventRegistry | None = None, vouched: int = 0) -> LogFile:
    """Check a log held in memory as bytes (see :func:`read_jsonl`).

    ``vouched``: how many leading records a reader has already found to be, byte for byte, the lines the engine
    writes for them, on the chain from this header (``replay.verify_file``'s one pass, which writes and compares
    each line): such a line is in canonical form with its content's hash, and its envelope and payload are valid
    (tests/test_verify_fast_path.py), so it is only parsed, not checked again.
    """
    if not data:
        raise CorruptLog(f"{name}: the file is empty (a log starts with its match header)")
    _check_utf8(data, name)
    lines = data.split(b"\n")
    complete = lines[-1] == b""
    if complete:
        lines.pop()
    last = len(lines)
    header: Header | None = None
    chain: Chain | None = None
    records: list[Record] = []
    for number, line in enumerate(lines, 1):
        if number == last and not complete:
            raise CorruptLog(
                f"{name}, line {number}: truncated: the last line has no final newline "
                "(the file was cut off while being written)"
            )
        raw = _parse_line(line, number, name, is_last=number == last)
        if chain is None:
            where = f"{name}, line 1"
            header = parse_header(raw, where)
            chain = Chain(header, registry_for(header, registry))
        elif number <= vouched + 1:
            records.append(Record(**raw))
            chain.took(raw["seq"], raw["hash"], chain.registry.get(raw["type"]))
            continue
        else:
            seq = raw.get("seq") if isinstance(raw, dict) else None
            where = f"{name}, line {number} (seq {seq})" if type(seq) is int else f"{name}, line {number}"
            # Canonical lines let the chain hash the line itself; other lines
            # are still checked in full first, so an edit is reported as such.
            canonical_line = canonical.dumps(raw) == line
            records.append(chain.feed(raw, where, line if canonical_line else None))
            if canonical_line:
                continue
        if canonical.dumps(raw) != line:
            raise CorruptLog(
                f"{where}: the line is not in canonical form (sorted keys, no spaces, unescaped "
                "UTF-8, no duplicate keys); it was reformatted or edited by hand"
            )
    assert header is not None
    return LogFile(header, records)


def _read_bytes(source: Source, name: str | None) -> tuple[bytes, str]:
    if isinstance(source, (str, os.PathLike)):
        if os.fspath(source) == "-":
            return sys.stdin.buffer.read(), name or "<stdin>"
        return Path(source).read_bytes(), name or os.fspath(source)
    stream: Any = getattr(source, "buffer", source)  # a text stream's bytes underneath
    data = stream.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    return data, name or str(getattr(source, "name", "<stream>"))


def _check_utf8(data: bytes, name: str) -> None:
    if data.startswith(b"\xef\xbb\xbf"):
        raise CorruptLog(f"{name}, line 1: the file starts with a byte order mark (BOM); logs are plain UTF-8")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start]
        raise CorruptLog(
            f"{name}, line {line}: invalid UTF-8 at byte offset {exc.start} (byte 0x{bad:02x})"
        ) from None


def _parse_line(line: bytes, number: int, name: str, *, is_last: bool) -> Any:
    where = f"{name}, line {number}"
    if len(line) > MAX_LINE:
        raise CorruptLog(
            f"{where}: the line is {len(line):,} bytes long, over the limit of {MAX_LINE:,} bytes (64 KiB)"
        )
    if not line:
        raise CorruptLog(f"{where}: blank line")
    if line.endswith(b"\r"):
        raise CorruptLog(
            f"{where}: the line ends in CR LF; logs use LF line endings "
            "(was the file converted by an editor or by git's autocrlf?)"
        )
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        if exc.pos >= len(line) and exc.msg == "unexpected end of data":
            state = "the last line" if is_last else "the line"
            raise CorruptLog(f"{where}: truncated: {state} stops in the middle of a JSON value") from None
        raise CorruptLog(f"{where}: invalid JSON at column {exc.colno}: {exc.msg}") from None


# -- writing --------------------------------------------------------------------


def encode_jsonl(header: Header, records: Iterable[Record]) -> bytes:
    """The exact bytes of a log file."""
    parts = [header.line()]
    parts.extend(record.line() for record in records)
    parts.append(b"")
    return b"\n".join(parts)


def write_jsonl(target: Source, header: Header, records: Iterable[Record]) -> None:
    """Write a whole log to a path (atomically: a reader never sees half a file),
    ``-`` (stdout) or a stream. An existing file at the path is replaced.
    """
    data = encode_jsonl(header, records)
    if isinstance(target, (str, os.PathLike)):
        if os.fspath(target) == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        _write_atomically(Path(target), data)
        return
    stream: Any = getattr(target, "buffer", target)
    stream.write(data)
    stream.flush()


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make a created or renamed file's directory entry durable (POSIX only)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class JsonlWriter:
    """Appends a match to a log file batch by batch, as it is played.

    Each :meth:`append` writes whole lines, then flushes and fsyncs, so after a
    crash the file holds every batch that was acknowledged, possibly followed
    by part of one line that was not. The writer refuses to overwrite a
    non-empty file; with ``resume=True`` it continues one instead, first
    cutting off such an unacknowledged partial last line.
    """

    def __init__(self, path: str | os.PathLike, *, resume: bool = False,
                 registry: EventRegistry | None = None) -> None:
        self.path = Path(path)
        self.resume = resume
        self.registry = registry
        self.header: Header | None = None
        self.last_seq = 0
        self.last_hash = ""
        self.dropped = b""  # the partial line cut off when resuming, if any
        self._file: BinaryIO | None = None
        self._durable = True  # a regular file: fsync it (a pipe, /dev/null or a terminal cannot be)

    def __enter__(self) -> "JsonlWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, header: Header) -> None:
        """Write the header to a new file, or (when resuming) check it against the file's."""
        if self._file is not None:
            raise LogConflict(f"{self.path}: this writer has already started match {self.header.match_id}")
        size = self.path.stat().st_size if self.path.exists() else 0
        if size and not self.resume:
            raise LogConflict(
                f"{self.path}: the file already exists and is not empty; refusing to overwrite it "
                "(resume it, or choose another file)"
            )
        if size:
            self._reopen(header)
        else:
            self._create(header)
        self.header = header

    def _create(self, header: Header) -> None:
        line = header.line() + b"\n"
        _check_size(line, f"{self.path}, line 1")
        if self.path.exists() and not self.path.is_file():
            # A pipe, /dev/null, a terminal: nothing to take over or make durable (and
            # reading a pipe to see whether it is empty would wait for a writer).
            self._file, self._durable = open(self.path, "wb"), False
            self._write(line)
            self.last_seq, self.last_hash = 0, header.hash
            return
        try:
            handle = open(self.path, "xb")
        except FileExistsError:
            handle = open(self.path, "r+b")  # an empty file: take it over
            if handle.read(1):
                handle.close()
                raise LogConflict(f"{self.path}: another writer started this file first") from None
        self._file = handle
        self._durable = stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
        self._write(line)
        _fsync_dir(self.path.parent)
        self.last_seq, self.last_hash = 0, header.hash

    def _reopen(self, header: Header) -> None:
        data = self.path.read_bytes()
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            raise LogConflict(f"{self.path}: cannot resume: not even the header line is complete")
        log = parse_jsonl(data[:cut], name=str(self.path), registry=self.registry)
        if log.header.hash != header.hash:
            raise LogConflict(
                f"{self.path}: cannot resume: the file records match {log.header.match_id} "
                f"(header {log.header.hash[:12]}…), not this match {header.match_id} "
                f"(header {header.hash[:12]}…)"
            )
        self._file = open(self.path, "r+b")
        if cut < len(data):
            self.dropped = data[cut:]
            self._file.truncate(cut)
            os.fsync(self._file.fileno())
        self._file.seek(cut)
        self.last_seq, self.last_hash = len(log.records), log.final_hash

    def append(self, records: Sequence[Record]) -> None:
        """Write one batch (a beat) of records, then flush and fsync."""
        if self._file is None or self.header is None:
            raise LogConflict(f"{self.path}: append() before start()")
        if not records:
            return
        lines = []
        seq, prev = self.last_seq, self.last_hash
        for record in records:
            where = f"{self.path}, match {self.header.match_id}"
            if record.match_id != self.header.match_id:
                raise LogConflict(f"{where}: cannot append an event of match {record.match_id}")
            if record.seq != seq + 1:
                if record.seq <= self.last_seq:
                    raise LogConflict(f"{where}: seq {record.seq} was already appended")
                raise LogConflict(f"{where}: expected seq {seq + 1} next, got seq {record.seq}")
            if record.prev != prev or record.hash != record.expected_hash():
                raise LogConflict(f"{where}: seq {record.seq} does not chain onto seq {seq}")
            line = record.line() + b"\n"
            _check_size(line, f"{where}, seq {record.seq}")
            lines.append(line)
            seq, prev = record.seq, record.hash
        self._write(b"".join(lines))
        self.last_seq, self.last_hash = seq, prev

    def _write(self, data: bytes) -> None:
        assert self._file is not None
        self._file.write(data)
        self._file.flush()
        if self._durable:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _check_size(line: bytes, where: str) -> None:
    if len(line) - 1 > MAX_LINE:
        raise CorruptLog(
            f"{where}: refusing to write a {len(line) - 1:,}-byte line; readers accept at most "
            f"{MAX_LINE:,} bytes (64 KiB) per line"
        )
