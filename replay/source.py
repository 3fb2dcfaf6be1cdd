"""Loading logs for replay: from JSONL files or a SQLite store.

The ordinary readers (:mod:`recorder.jsonl`, :mod:`recorder.store`) refuse a
log at its first broken link, which is right for everything that trusts a log.
``verify`` wants more: to say *what* was done to a tampered log (an event
deleted, an outcome edited, a chain forged...) it needs the records as they
are. :func:`load_jsonl` therefore reads strictly first and, when the chain (not
the file itself) is broken, reads the lines again without the chain checks and
hands back the strict error alongside, so the caller can classify the damage
and still fall back on the reader's message.

Two things a crash or a hand can leave are told apart here:

* a torn last line (no final newline: the recording stopped while writing
  it) is set aside, so what came before it can still be verified and the log
  reported as incomplete;
* a line that breaks the rules of a line on its own (its schema, an unknown
  type, a number out of range, not canonical) is remembered with the strict
  reader's exact message, so verify can report it as such instead of as a
  change the engine does not re-derive.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import CorruptLog, UsageError
from recorder.header import Header
from recorder.integrity import Chain, check_stored_match, parse_header, registry_for
from recorder.jsonl import MAX_LINE, parse_jsonl, read_jsonl
from recorder.validate import validate_envelope


@dataclass(frozen=True)
class Torn:
    """A last line without its final newline, set aside."""

    line: int  # its line number
    whole: bool  # it holds a whole JSON line (only the newline is missing)

    def text(self) -> str:
        if self.whole:
            return f"its last line (line {self.line}) has no final newline, so it was never completely written"
        return f"its last line (line {self.line}) is cut off"


@dataclass(frozen=True)
class LineError:
    """The first record line that is wrong on its own (not as a link of the chain)."""

    index: int  # position among the records
    error: CorruptLog  # the strict reader's message when it stopped there


@dataclass(frozen=True)
class Loaded:
    """A log as found: its header, its records, and the strict reader's complaint, if any.

    Without a complaint, the strict reader has checked everything but the
    rules (schemas, seqs, links and hashes), and verify relies on that.
    """

    name: str  # file name, or "DB#match" for a store
    header: Header
    records: Sequence[Record]
    strict_error: CorruptLog | None = None
    torn: Torn | None = None  # the cut-off last line of a file (not in ``records``)
    line_error: LineError | None = None
    lines: bool = False  # a JSONL file: record i is on line i + 2

    @property
    def strict_line(self) -> int | None:
        """The line the strict reader's complaint is about, when it names one."""
        return _line_of(self.strict_error, self.name) if self.strict_error is not None else None


def load_jsonl(path: str | Path) -> Loaded:
    """Read a JSONL log; a broken chain is returned (with its error), anything worse raised.

    A torn last line is set aside (see :class:`Torn`); a file cut off inside
    its header line is still refused.
    """
    name = "<stdin>" if str(path) == "-" else str(path)
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read()
    else:
        data = Path(path).read_bytes()
    return load_bytes(data, name)


def load_bytes(data: bytes, name: str, *, vouched: int = 0) -> Loaded:
    """:func:`load_jsonl` of a file's bytes already read (``name`` says where they came from). ``vouched``: how
    many leading records are known to be the engine's own lines (:func:`recorder.jsonl.parse_jsonl`)."""
    torn = None
    cut = data.rfind(b"\n") + 1
    if cut == 0:  # not even the header line is complete (or the file is empty): the strict reader says so
        parse_jsonl(data, name=name)
    elif cut < len(data):
        torn = Torn(data.count(b"\n") + 1, _whole(data[cut:]))
        data = data[:cut]
    try:
        log = parse_jsonl(data, name=name, vouched=vouched)
        return Loaded(name, log.header, log.records, torn=torn, lines=True)
    except CorruptLog as exc:
        lenient = _lenient(data, name)
        if lenient is None:
            raise
        header, records, first_bad = lenient
        line_error = None
        if first_bad is not None:
            index, own = first_bad
            if _line_of(exc, name) == index + 2:
                own = exc  # the strict reader stopped at this very line: its message is the exact one
            line_error = LineError(index, own)
        return Loaded(name, header, records, exc, torn, line_error, lines=True)


def read_strict(path: str | Path) -> Loaded:
    """Read a JSONL log that must be intact (explain, state, what-if)."""
    name = "<stdin>" if str(path) == "-" else str(path)
    log = read_jsonl(path, name=name)
    return Loaded(name, log.header, log.records, lines=True)


def load_store(db: str | Path, match_id: str | None) -> list[Loaded]:
    """Read one match (or every match) of a SQLite store, leniently like :func:`load_jsonl`."""
    from recorder.store import Store  # lazy: sqlite_utils is most of verify FILE's start-up; only --db needs it

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


def _whole(fragment: bytes) -> bool:
    """Is a torn last line a whole JSON object (only its newline missing)?"""
    try:
        return isinstance(canonical.loads(fragment), dict)
    except ValueError:
        return False


def _line_of(exc: CorruptLog, name: str) -> int | None:
    """The line number the strict reader's message starts with (``<name>, line N``)."""
    head = f"{name}, line "
    text = str(exc)
    if not text.startswith(head):
        return None
    digits = text[len(head):].split(" ", 1)[0].rstrip(":")
    return int(digits) if digits.isdigit() else None


NOT_CANONICAL = ("the line is not in canonical form (sorted keys, no spaces, unescaped UTF-8, no duplicate keys); "
                 "it was reformatted or edited by hand")


def _lenient(data: bytes, name: str) -> tuple[Header, list[Record], tuple[int, CorruptLog] | None] | None:
    """Header and envelope-shaped records with no chain checks, or None if the file is worse.

    Also the first record line that is wrong on its own, with its message.
    Lines over the strict reader's size limit make the file worse: nothing of
    them is quoted.
    """
    try:
        lines = data.decode("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if any(line.endswith("\r") or (len(line) > MAX_LINE // 4 and len(line.encode()) > MAX_LINE)
               for line in lines):
            return None  # CR LF line ends, oversized lines: what is wrong is the file, not the chain
        header = parse_header(canonical.loads(lines[0]), f"{name}, line 1")
        registry = registry_for(header)
        # Checks everything a line is checked for except its place on the chain: each record is
        # shown to a chain as if it sat where the chain expects it (seq, prev, cause; hashes trusted).
        chain = Chain(header, registry, hashes=False)
        records: list[Record] = []
        first_bad: tuple[int, CorruptLog] | None = None
        for number, line in enumerate(lines[1:], 2):
            raw = canonical.loads(line)
            seq = raw.get("seq") if isinstance(raw, dict) else None
            where = f"{name}, line {number} (seq {seq})" if type(seq) is int else f"{name}, line {number}"
            validate_envelope(raw, where)
            records.append(Record(**raw))
            if first_bad is None:
                try:
                    # cause is left out too: whether it points backwards depends on the position.
                    chain.feed({**raw, "seq": chain.next_seq, "prev": chain.prev_hash, "cause": None}, where)
                    if canonical.dumps(raw).decode() != line:
                        first_bad = (len(records) - 1, CorruptLog(f"{where}: {NOT_CANONICAL}"))
                except CorruptLog as exc:
                    first_bad = (len(records) - 1, exc)
        return header, records, first_bad
    except (ValueError, TypeError, CorruptLog, IndexError):
        return None
