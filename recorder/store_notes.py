"""Notes on a store's matches: :mod:`recorder.notes`' lines as the rows of an append-only ``notes`` table.

A note on a match of a store (``beatlog annotate --db D --match ID``) is the same line a ``.notes``
file holds beside a JSONL log -- the same fields, the same hash chain from the match's header, checked
by the same :func:`recorder.notes.check_notes` -- kept as a row, so that it travels with the store
(``beatlog copy``) and every recorder of a league sees it. The match's events are never touched.

The table is made with the first note (a store without notes has none, and an earlier beatlog reads
the store as before). Like the events, it is append-only inside the database: triggers refuse UPDATE,
DELETE (and TRUNCATE on PostgreSQL) and an insert that is not the match's next note chained onto its
last; once the table exists, the store's schema check requires these triggers intact. The table and the
refusals' words are written once for both dialects in :mod:`recorder.store_schema` (each dialect's words from
``DIALECT_TYPES``, as the statistics tables are); the insert check's body is each dialect's own, beside the other
tables' (:mod:`recorder.store_schema_pg` for PostgreSQL).
"""

from __future__ import annotations

from typing import Any, Sequence

from .envelope import Record
from .errors import LogConflict
from .header import Header
from .notes import FIELDS, FORMAT, Note, check_notes, next_note
from . import store_schema as schema
from . import store_schema_pg as pg_schema

TABLE = schema.NOTES_TABLE
# The columns of a row: a note's line without its constant ``format``.
COLUMNS = tuple(f for f in (*FIELDS, "hash") if f != "format")

INSERT = f"INSERT INTO notes ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"
SELECT = f"SELECT {', '.join(COLUMNS)} FROM notes WHERE match_id = ? ORDER BY n"


def ddl(dialect: str) -> list[str]:
    """The statements that make the notes table in a store of ``dialect``, in order."""
    if dialect == "postgresql":
        return pg_schema.notes_ddl()
    return [*schema.NOTES_TABLES, *schema.NOTES_TRIGGERS.values()]


def has_table(store: Any) -> bool:
    return TABLE in store.table_names()


def read(store: Any, match_id: str, header: Header, records: Sequence[Record]) -> list[Note]:
    """The notes on match ``match_id`` of ``store``, checked against its log (none without a notes table)."""
    if not has_table(store):
        return []
    rows = store.query(SELECT, (match_id,))
    return check_notes(_lines(store, match_id, rows), header, records)


def read_all(store: Any) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Every match's stored note lines (unchecked; :func:`recorder.notes.check_notes` checks one match's)."""
    if not has_table(store):
        return {}
    out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for row in store.query(f"SELECT {', '.join(COLUMNS)} FROM notes ORDER BY match_id, n"):
        out.setdefault(row[0], []).extend(_lines(store, row[0], [row]))
    return out


def _lines(store: Any, match_id: str, rows: Sequence[Sequence[Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{store.name}: match {match_id}, note {row[1]}",
             {"format": FORMAT, **dict(zip(COLUMNS, row))}) for row in rows]


def copy_notes(src: Any, dst: Any) -> int:
    """Every note of ``src``'s matches into ``dst`` (which holds the matches already), each match's notes
    checked first; the notes ``dst`` has already are kept, and must be the source's first ones. Returns
    how many notes were added."""
    added = 0
    for match_id, lines in read_all(src).items():
        log = src.read(match_id)
        notes = check_notes(lines, log.header, log.records)
        have = read(dst, match_id, log.header, log.records)
        if [n.hash for n in have] != [n.hash for n in notes[:len(have)]]:
            raise LogConflict(f"{dst.name}: match {match_id}: its notes are not the source's "
                              f"({len(have)} there, {len(notes)} in {src.name})")
        rest = [line for _, line in lines[len(have):]]
        if rest:
            _append(dst, match_id, rest)
            added += len(rest)
    return added


def _append(store: Any, match_id: str, lines: Sequence[dict[str, Any]]) -> None:
    """Insert note lines (already chained) in one write transaction; the table is made if missing."""
    def write() -> None:
        conn = store.sql
        if not has_table(store):
            if store.dialect == "postgresql":
                conn.lock_schema()  # one writer makes it; another waits, then finds it
            if not has_table(store):
                for statement in ddl(store.dialect):
                    conn.execute(statement)
        store._lock_matches([match_id])
        conn.executemany(INSERT, [tuple(line[c] for c in COLUMNS) for line in lines])

    store._guarded(store._write, write, f"{store.name}: match {match_id}: the database refused the note")


def add(store: Any, match_id: str, *, duel: int, beat: int, text: str, author: str, seq: int | None = None,
        now: str | None = None) -> Note:
    """Add a note on a round of match ``match_id`` (its first event, or event ``seq`` of it) to ``store``,
    in one write transaction holding the match (two judges noting one match take turns)."""
    log = store.read(match_id)
    line = next_note(read(store, match_id, log.header, log.records), log.header, log.records, duel=duel,
                     beat=beat, text=text, author=author, seq=seq, now=now)
    # Two judges noting one match at once: the second insert is not the next note and the database
    # refuses it (a LogConflict saying so); nothing is half-written.
    _append(store, match_id, [line])
    return read(store, match_id, log.header, log.records)[-1]
