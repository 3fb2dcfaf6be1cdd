"""The SQLite schema of a beatlog store, append-only rules included.

The rules live in the database itself, as triggers, so that they hold for
every client (``sqlite3``, ``sqlite-utils``, Datasette, another program), not
only for beatlog:

* events are never updated or deleted, and are inserted only as the next seq
  of their match, chained onto the previous event's hash (the header's for
  seq 1), and never after the match was marked finished;
* a match's header columns never change and a match is never deleted; its
  bookkeeping columns (``event_count``, ``final_hash``, ``finished``) may only
  move to describe the match's actual last event, and ``finished`` is never
  cleared;
* the ledger (:mod:`recorder.store_ledger`, schema version 2) is never
  updated or deleted, and grows only by its next entry, chained onto the last.

Triggers refuse ``INSERT OR REPLACE`` too (it would otherwise delete the old
row silently): the insert triggers reject an existing seq or match id before
any conflict resolution runs, and with ``PRAGMA recursive_triggers=ON`` the
delete triggers fire as well. SQLite cannot compute SHA-256, so ``hash``
itself is checked by beatlog when reading (:mod:`recorder.integrity`).

The PostgreSQL schema, with the same tables, rules and messages in its
dialect, is :mod:`recorder.store_schema_pg`. Both keep their DDL in the same
shape (``TABLES``, ``TRIGGERS``, ``LEDGER_TABLES``, ``LEDGER_TRIGGERS``), so
that a table added to one is added to the other next to it.
"""

from __future__ import annotations

from typing import Iterable

from .envelope import FIELDS

# PRAGMA application_id: "btlg", so `file` and beatlog can tell its databases apart.
APPLICATION_ID = 0x62746C67
# PRAGMA user_version: bumped whenever the tables or triggers below change.
# 1: matches and events; 2: + the ledger.
SCHEMA_VERSION = 2
# The versions this beatlog reads (and upgrades when it writes): logs are forever.
READABLE_VERSIONS = (1, 2)
LEDGER_VERSION = 2

HEADER_COLUMNS = (
    "match_id", "format", "game", "edition", "engine_version", "rules_version",
    "seed", "players", "options", "header_hash", "header", "created_at",
)

TABLES = (
    """CREATE TABLE matches (
    match_id TEXT PRIMARY KEY NOT NULL,
    format TEXT NOT NULL,
    game TEXT NOT NULL,
    edition TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    header_hash TEXT NOT NULL,
    header TEXT NOT NULL,
    created_at TEXT NOT NULL,
    event_count INTEGER NOT NULL DEFAULT 0,
    final_hash TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
)""",
    # visibility has no declared type: it holds the text 'public' or a seat
    # number, and a typed column would convert one into the other.
    """CREATE TABLE events (
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL CHECK (typeof(seq) = 'integer' AND seq >= 1),
    duel INTEGER NOT NULL,
    beat INTEGER NOT NULL,
    type TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('input', 'outcome')),
    actor INTEGER,
    data TEXT NOT NULL,
    cause INTEGER,
    visibility NOT NULL,
    prev TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID""",
)

LEDGER_TABLES = (
    """CREATE TABLE ledger (
    n INTEGER PRIMARY KEY NOT NULL CHECK (n >= 1),
    match_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('created', 'finished')),
    events INTEGER NOT NULL,
    hash TEXT NOT NULL,
    prev TEXT NOT NULL,
    entry_hash TEXT NOT NULL
)""",
)

# The notes on matches (recorder.store_notes): made with a store's first note, so a store without notes is
# exactly an earlier beatlog's; once there, its triggers are checked like the others.
NOTES_TABLE = "notes"

NOTES_TABLES = (
    """CREATE TABLE notes (
    match_id TEXT NOT NULL,
    n INTEGER NOT NULL CHECK (n >= 1),
    duel INTEGER NOT NULL,
    beat INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    prev TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID""",
)

NOTES_TRIGGERS = {
    "notes_no_update": """CREATE TRIGGER notes_no_update BEFORE UPDATE ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: notes are append-only: UPDATE is refused');
END""",
    "notes_no_delete": """CREATE TRIGGER notes_no_delete BEFORE DELETE ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: notes are append-only: DELETE is refused');
END""",
    "notes_append_in_order": """CREATE TRIGGER notes_append_in_order BEFORE INSERT ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: a note of a match that is not in the matches table')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE match_id = NEW.match_id);
    SELECT RAISE(ABORT, 'beatlog: a note must be the match''s next one, chained onto its last')
    WHERE NEW.n IS NOT coalesce((SELECT max(n) FROM notes WHERE match_id = NEW.match_id), 0) + 1
       OR NEW.prev IS NOT coalesce((SELECT hash FROM notes WHERE match_id = NEW.match_id AND n = NEW.n - 1),
                                   (SELECT header_hash FROM matches WHERE match_id = NEW.match_id));
END""",
}


_HEADER_LIST = ", ".join(HEADER_COLUMNS)

# The statements every backend runs (``?`` placeholders; a backend rewrites them to its own).
INSERT_EVENT = f"INSERT INTO events ({', '.join(FIELDS)}) VALUES ({', '.join('?' * len(FIELDS))})"
INSERT_MATCH = (
    f"INSERT INTO matches ({_HEADER_LIST}, event_count, final_hash, finished) "
    f"VALUES ({', '.join('?' * len(HEADER_COLUMNS))}, 0, ?, 0)"
)
SELECT_EVENTS = f"SELECT {', '.join(FIELDS)} FROM events WHERE match_id = ? AND seq > ? ORDER BY seq"

# name -> CREATE TRIGGER statement. Messages start with "beatlog:" so that
# the library can tell its own refusals from other SQLite errors.
TRIGGERS = {
    "events_no_update": """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'beatlog: events are append-only: UPDATE is refused');
END""",
    "events_no_delete": """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'beatlog: events are append-only: DELETE is refused');
END""",
    "events_append_in_order": """CREATE TRIGGER events_append_in_order BEFORE INSERT ON events
BEGIN
    SELECT RAISE(ABORT, 'beatlog: event of a match that is not in the matches table')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE match_id = NEW.match_id);
    SELECT RAISE(ABORT, 'beatlog: the match is finished: no more events may be appended')
    WHERE (SELECT finished FROM matches WHERE match_id = NEW.match_id) = 1;
    SELECT RAISE(ABORT, 'beatlog: seq must be the match''s last seq + 1 (an existing seq, a gap or a reordering)')
    WHERE NEW.seq IS NOT coalesce((SELECT max(seq) FROM events WHERE match_id = NEW.match_id), 0) + 1;
    SELECT RAISE(ABORT, 'beatlog: prev must be the previous event''s hash (the header''s for seq 1)')
    WHERE NEW.prev IS NOT coalesce(
        (SELECT hash FROM events WHERE match_id = NEW.match_id AND seq = NEW.seq - 1),
        (SELECT header_hash FROM matches WHERE match_id = NEW.match_id));
END""",
    "matches_insert_new": """CREATE TRIGGER matches_insert_new BEFORE INSERT ON matches
BEGIN
    SELECT RAISE(ABORT, 'beatlog: the match is already recorded')
    WHERE EXISTS (SELECT 1 FROM matches WHERE match_id = NEW.match_id);
    SELECT RAISE(ABORT, 'beatlog: a new match starts with no events and not finished')
    WHERE NEW.event_count IS NOT 0 OR NEW.finished IS NOT 0 OR NEW.final_hash IS NOT NEW.header_hash;
END""",
    "matches_no_delete": """CREATE TRIGGER matches_no_delete BEFORE DELETE ON matches
BEGIN
    SELECT RAISE(ABORT, 'beatlog: matches are append-only: DELETE is refused');
END""",
    "matches_header_fixed": f"""CREATE TRIGGER matches_header_fixed BEFORE UPDATE OF {_HEADER_LIST} ON matches
BEGIN
    SELECT RAISE(ABORT, 'beatlog: a recorded match header cannot be changed');
END""",
    "matches_counters": """CREATE TRIGGER matches_counters BEFORE UPDATE OF event_count, final_hash, finished ON matches
BEGIN
    SELECT RAISE(ABORT, 'beatlog: a finished match cannot be reopened')
    WHERE OLD.finished = 1 AND NEW.finished IS NOT 1;
    SELECT RAISE(ABORT, 'beatlog: event_count and final_hash must describe the match''s last event')
    WHERE NEW.event_count IS NOT coalesce((SELECT max(seq) FROM events WHERE match_id = NEW.match_id), 0)
       OR NEW.final_hash IS NOT coalesce(
           (SELECT hash FROM events WHERE match_id = NEW.match_id AND seq = NEW.event_count),
           NEW.header_hash);
END""",
}

LEDGER_TRIGGERS = {
    "ledger_no_update": """CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'beatlog: the ledger is append-only: UPDATE is refused');
END""",
    "ledger_no_delete": """CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'beatlog: the ledger is append-only: DELETE is refused');
END""",
    "ledger_append_in_order": """CREATE TRIGGER ledger_append_in_order BEFORE INSERT ON ledger
BEGIN
    SELECT RAISE(ABORT, 'beatlog: a ledger entry must be the next one, chained onto the last')
    WHERE NEW.n IS NOT coalesce((SELECT max(n) FROM ledger), 0) + 1
       OR NEW.prev IS NOT coalesce((SELECT entry_hash FROM ledger WHERE n = NEW.n - 1),
                                   '0000000000000000000000000000000000000000000000000000000000000000');
END""",
}


def triggers(version: int, tables: Iterable[str] = ()) -> dict[str, str]:
    """The triggers a store of schema ``version`` with ``tables`` has."""
    return {**TRIGGERS, **(LEDGER_TRIGGERS if version >= LEDGER_VERSION else {}),
            **(NOTES_TRIGGERS if NOTES_TABLE in tables else {})}


def normalised(sql: str | None) -> str:
    """SQL with runs of whitespace collapsed, to compare stored and expected DDL."""
    return " ".join((sql or "").split())
