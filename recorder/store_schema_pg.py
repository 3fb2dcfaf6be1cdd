"""The PostgreSQL schema of a beatlog store: :mod:`recorder.store_schema`'s rules in PostgreSQL's dialect.

The same tables (``matches``, ``events``, ``ledger``), the same columns in the
same order, the same append-only rules with the same messages, as triggers
inside the database so that they hold for ``psql`` and every other client. A
rule refuses with SQLSTATE 23000 (integrity_constraint_violation), so a
client sees the same class of error as for a broken key. PostgreSQL adds
``TRUNCATE``, refused on every table too.

Differences from SQLite, all here: integers are ``BIGINT``; ``finished`` is a
``SMALLINT`` 0 or 1 (so one SQL text serves both); ``visibility`` is text
('public' or a seat number's digits; the store converts); ``data``,
``players`` and ``options`` are the canonical JSON text (the hash covers those
bytes; queries cast them with ``::json``). A table ``beatlog_store`` names the
schema's owner and version (SQLite's ``application_id``/``user_version``).
"""

from __future__ import annotations

from .store_schema import (HEADER_COLUMNS, NOTES_NO_MATCH, NOTES_OUT_OF_ORDER, NOTES_REFUSED, NOTES_TABLE,
                           SCHEMA_VERSION, notes_refusal, notes_tables)

APPLICATION = "beatlog"
VERSION = SCHEMA_VERSION  # PostgreSQL stores start at the ledger's version: there never was an earlier one

META_TABLE = "beatlog_store"

TABLES = (
    f"""CREATE TABLE {META_TABLE} (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
)""",
    """CREATE TABLE matches (
    match_id TEXT PRIMARY KEY NOT NULL,
    format TEXT NOT NULL,
    game TEXT NOT NULL,
    edition TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    seed BIGINT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    header_hash TEXT NOT NULL,
    header TEXT NOT NULL,
    created_at TEXT NOT NULL,
    event_count BIGINT NOT NULL DEFAULT 0,
    final_hash TEXT NOT NULL,
    finished SMALLINT NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
)""",
    """CREATE TABLE events (
    match_id TEXT NOT NULL,
    seq BIGINT NOT NULL CHECK (seq >= 1),
    duel BIGINT NOT NULL,
    beat BIGINT NOT NULL,
    type TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('input', 'outcome')),
    actor BIGINT,
    data TEXT NOT NULL,
    cause BIGINT,
    visibility TEXT NOT NULL CHECK (visibility = 'public' OR visibility ~ '^(0|[1-9][0-9]*)$'),
    prev TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
)""",
)

LEDGER_TABLES = (
    """CREATE TABLE ledger (
    n BIGINT PRIMARY KEY NOT NULL CHECK (n >= 1),
    match_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('created', 'finished')),
    events BIGINT NOT NULL,
    hash TEXT NOT NULL,
    prev TEXT NOT NULL,
    entry_hash TEXT NOT NULL
)""",
)


def _refuse(message: str) -> str:
    return f"RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation', MESSAGE = '{message}';"


# name -> CREATE FUNCTION statement (the bodies of the triggers below).
FUNCTIONS = {
    "beatlog_refuse": """CREATE FUNCTION beatlog_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation', MESSAGE = TG_ARGV[0];
END
$$""",
    "beatlog_events_append": f"""CREATE FUNCTION beatlog_events_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    m_finished SMALLINT;
    m_header_hash TEXT;
    last_seq BIGINT;
    last_hash TEXT;
BEGIN
    SELECT finished, header_hash INTO m_finished, m_header_hash FROM matches WHERE match_id = NEW.match_id;
    IF NOT FOUND THEN
        {_refuse("beatlog: event of a match that is not in the matches table")}
    END IF;
    IF m_finished = 1 THEN
        {_refuse("beatlog: the match is finished: no more events may be appended")}
    END IF;
    SELECT seq, hash INTO last_seq, last_hash FROM events WHERE match_id = NEW.match_id ORDER BY seq DESC LIMIT 1;
    IF NEW.seq IS DISTINCT FROM coalesce(last_seq, 0) + 1 THEN
        {_refuse("beatlog: seq must be the match''s last seq + 1 (an existing seq, a gap or a reordering)")}
    END IF;
    IF NEW.prev IS DISTINCT FROM coalesce(last_hash, m_header_hash) THEN
        {_refuse("beatlog: prev must be the previous event''s hash (the header''s for seq 1)")}
    END IF;
    RETURN NEW;
END
$$""",
    "beatlog_matches_insert": f"""CREATE FUNCTION beatlog_matches_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM matches WHERE match_id = NEW.match_id) THEN
        {_refuse("beatlog: the match is already recorded")}
    END IF;
    IF NEW.event_count IS DISTINCT FROM 0 OR NEW.finished IS DISTINCT FROM 0
       OR NEW.final_hash IS DISTINCT FROM NEW.header_hash THEN
        {_refuse("beatlog: a new match starts with no events and not finished")}
    END IF;
    RETURN NEW;
END
$$""",
    "beatlog_matches_counters": f"""CREATE FUNCTION beatlog_matches_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last_seq BIGINT;
    last_hash TEXT;
BEGIN
    IF OLD.finished = 1 AND NEW.finished IS DISTINCT FROM 1 THEN
        {_refuse("beatlog: a finished match cannot be reopened")}
    END IF;
    SELECT seq, hash INTO last_seq, last_hash FROM events WHERE match_id = NEW.match_id ORDER BY seq DESC LIMIT 1;
    IF NEW.event_count IS DISTINCT FROM coalesce(last_seq, 0)
       OR NEW.final_hash IS DISTINCT FROM coalesce(last_hash, NEW.header_hash) THEN
        {_refuse("beatlog: event_count and final_hash must describe the match''s last event")}
    END IF;
    RETURN NEW;
END
$$""",
    "beatlog_ledger_append": f"""CREATE FUNCTION beatlog_ledger_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last_n BIGINT;
    last_hash TEXT;
BEGIN
    SELECT n, entry_hash INTO last_n, last_hash FROM ledger ORDER BY n DESC LIMIT 1;
    IF NEW.n IS DISTINCT FROM coalesce(last_n, 0) + 1
       OR NEW.prev IS DISTINCT FROM coalesce(last_hash, '{'0' * 64}') THEN
        {_refuse("beatlog: a ledger entry must be the next one, chained onto the last")}
    END IF;
    RETURN NEW;
END
$$""",
}


def _refusing(name: str, when: str, table: str, message: str, *, each: str = "ROW") -> str:
    return (f"CREATE TRIGGER {name} {when} ON {table} FOR EACH {each} "
            f"EXECUTE FUNCTION beatlog_refuse('{message}')")


_HEADER_LIST = ", ".join(HEADER_COLUMNS)

# name -> (table, CREATE TRIGGER statement); the same names as SQLite's, plus the TRUNCATE ones.
TRIGGERS = {
    "events_no_update": ("events", _refusing(
        "events_no_update", "BEFORE UPDATE", "events", "beatlog: events are append-only: UPDATE is refused")),
    "events_no_delete": ("events", _refusing(
        "events_no_delete", "BEFORE DELETE", "events", "beatlog: events are append-only: DELETE is refused")),
    "events_no_truncate": ("events", _refusing(
        "events_no_truncate", "BEFORE TRUNCATE", "events", "beatlog: events are append-only: TRUNCATE is refused",
        each="STATEMENT")),
    "events_append_in_order": ("events", "CREATE TRIGGER events_append_in_order BEFORE INSERT ON events "
                                         "FOR EACH ROW EXECUTE FUNCTION beatlog_events_append()"),
    "matches_insert_new": ("matches", "CREATE TRIGGER matches_insert_new BEFORE INSERT ON matches "
                                      "FOR EACH ROW EXECUTE FUNCTION beatlog_matches_insert()"),
    "matches_no_delete": ("matches", _refusing(
        "matches_no_delete", "BEFORE DELETE", "matches", "beatlog: matches are append-only: DELETE is refused")),
    "matches_no_truncate": ("matches", _refusing(
        "matches_no_truncate", "BEFORE TRUNCATE", "matches", "beatlog: matches are append-only: TRUNCATE is refused",
        each="STATEMENT")),
    "matches_header_fixed": ("matches", _refusing(
        "matches_header_fixed", f"BEFORE UPDATE OF {_HEADER_LIST}", "matches",
        "beatlog: a recorded match header cannot be changed")),
    "matches_counters": ("matches", "CREATE TRIGGER matches_counters BEFORE UPDATE OF event_count, final_hash, "
                                    "finished ON matches FOR EACH ROW EXECUTE FUNCTION beatlog_matches_counters()"),
}

LEDGER_TRIGGERS = {
    "ledger_no_update": ("ledger", _refusing(
        "ledger_no_update", "BEFORE UPDATE", "ledger", "beatlog: the ledger is append-only: UPDATE is refused")),
    "ledger_no_delete": ("ledger", _refusing(
        "ledger_no_delete", "BEFORE DELETE", "ledger", "beatlog: the ledger is append-only: DELETE is refused")),
    "ledger_no_truncate": ("ledger", _refusing(
        "ledger_no_truncate", "BEFORE TRUNCATE", "ledger", "beatlog: the ledger is append-only: TRUNCATE is refused",
        each="STATEMENT")),
    "ledger_append_in_order": ("ledger", "CREATE TRIGGER ledger_append_in_order BEFORE INSERT ON ledger "
                                         "FOR EACH ROW EXECUTE FUNCTION beatlog_ledger_append()"),
}


# The notes table (recorder.store_notes), made with a store's first note; checked once it is there. Its table and
# its refusals' words are SQLite's, written once (recorder.store_schema); the trigger bodies are PostgreSQL's own.
NOTES_TABLES = notes_tables("postgresql")


NOTES_FUNCTIONS = {
    "beatlog_notes_append": f"""CREATE FUNCTION beatlog_notes_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    m_header_hash TEXT;
    last_n BIGINT;
    last_hash TEXT;
BEGIN
    SELECT header_hash INTO m_header_hash FROM matches WHERE match_id = NEW.match_id;
    IF NOT FOUND THEN
        {_refuse(NOTES_NO_MATCH)}
    END IF;
    SELECT n, hash INTO last_n, last_hash FROM notes WHERE match_id = NEW.match_id ORDER BY n DESC LIMIT 1;
    IF NEW.n IS DISTINCT FROM coalesce(last_n, 0) + 1 OR NEW.prev IS DISTINCT FROM coalesce(last_hash, m_header_hash) THEN
        {_refuse(NOTES_OUT_OF_ORDER)}
    END IF;
    RETURN NEW;
END
$$""",
}


NOTES_TRIGGERS = {
    **{f"notes_no_{verb}": ("notes", _refusing(f"notes_no_{verb}", f"BEFORE {verb.upper()}", "notes",
                                               notes_refusal(verb), each="STATEMENT" if verb == "truncate" else "ROW"))
       for verb in (*NOTES_REFUSED, "truncate")},
    "notes_append_in_order": ("notes", "CREATE TRIGGER notes_append_in_order BEFORE INSERT ON notes "
                                     "FOR EACH ROW EXECUTE FUNCTION beatlog_notes_append()"),
}


def all_triggers() -> dict[str, tuple[str, str]]:
    return {**TRIGGERS, **LEDGER_TRIGGERS}


def notes_ddl() -> list[str]:
    """The statements that add the notes table to a store."""
    return [*NOTES_TABLES, *NOTES_FUNCTIONS.values(), *(sql for _, sql in NOTES_TRIGGERS.values())]


def ddl() -> list[str]:
    """Every statement that makes a new store, in order."""
    return [*TABLES, *LEDGER_TABLES, *FUNCTIONS.values(), *(sql for _, sql in all_triggers().values())]


def normalised(sql: str | None) -> str:
    return " ".join((sql or "").split())
