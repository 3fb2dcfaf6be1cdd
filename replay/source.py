"""Loading logs for replay: from JSONL files or a SQLite store.

The ordinary readers (:mod:`recorder.jsonl`, :mod:`recorder.store`) refuse a
log at its first broken link, which is right for everything that trusts a log.
``verify`` wants more: to say *what* was done to a tampered log (an event
deleted, an outcome edited, a chain forged...) it needs the records as they
are. :func:`load_jsonl` therefore reads strictly first and, when the chain (not
the file itself) is broken, reads the lines again without the chain checks and
hands back the strict error alongside, so the caller can classify the damage
and still fall back on the reader's message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import CorruptLog, UsageError
from recorder.header import Header
from recorder.integrity import check_stored_match, parse_header
from recorder.jsonl import read_jsonl
from recorder.validate import validate_envelope


@dataclass(frozen=True)
class Loaded:
    """A log as found: its header, its records, and the strict reader's complaint, if any."""

    name: str  # file name, or "DB#match" for a store
    header: Header
    records: Sequence[Record]
    strict_error: CorruptLog | None = None


def load_jsonl(path: str | Path) -> Loaded:
    """Read a JSONL log; a broken chain is returned (with its error), anything worse raised."""
    name = "<stdin>" if str(path) == "-" else str(path)
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read()
    else:
        data = Path(path).read_bytes()
    try:
        log = read_jsonl(_Bytes(data, name))
        return Loaded(name, log.header, log.records)
    except CorruptLog as exc:
        lenient = _lenient(data, name)
        if lenient is None:
            raise
        header, records = lenient
        return Loaded(name, header, records, exc)


def read_strict(path: str | Path) -> Loaded:
    """Read a JSONL log that must be intact (explain, state, diff, what-if)."""
    name = "<stdin>" if str(path) == "-" else str(path)
    log = read_jsonl(path, name=name)
    return Loaded(name, log.header, log.records)


def load_store(db: str | Path, match_id: str | None) -> list[Loaded]:
    """Read one match (or every match) of a SQLite store, leniently like :func:`load_jsonl`."""
    from recorder.store import Store

    store = Store(db, create=False)
    try:
        ids = list(store.match_ids())
        if match_id is not None:
            if match_id not in ids:
                known = (", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")) if ids else "none"
                raise UsageError(f"{db}: no match {match_id!r}; matches in it: {known}")
            ids = [match_id]
        out = []
        for mid in ids:
            name = f"{db}#{mid}"
            # One snapshot per match: a recording appending meanwhile is seen
            # whole or not at all, and the fallback reads the same rows.
            with store.snapshot():
                try:
                    log = check_stored_match(store, mid).log
                    out.append(Loaded(name, log.header, log.records))
                except CorruptLog as exc:
                    # The store's unchecked rows: enough for verify to name the damage.
                    out.append(Loaded(name, store.header(mid), store.records(mid), exc))
        return out
    finally:
        store.close()


def _lenient(data: bytes, name: str) -> tuple[Header, list[Record]] | None:
    """Header and envelope-shaped records with no chain checks, or None if the file is worse."""
    try:
        lines = data.decode("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        header = parse_header(canonical.loads(lines[0]), f"{name}, line 1")
        records = []
        for number, line in enumerate(lines[1:], 2):
            raw = canonical.loads(line)
            validate_envelope(raw, f"{name}, line {number}")
            records.append(Record(**raw))
        return header, records
    except (ValueError, TypeError, CorruptLog, IndexError):
        return None


class _Bytes:
    """A tiny binary stream over bytes already read, so stdin can be read once."""

    def __init__(self, data: bytes, name: str) -> None:
        self._data = data
        self.name = name

    def read(self) -> bytes:
        return self._data
