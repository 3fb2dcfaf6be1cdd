"""The statistics tables of a store: each match's figures, computed once and kept (SQLite dialect).

A store's ``matches`` and ``events`` are the record; these tables are derived
from them (by :mod:`replay.stats_store`, from the same walk as ``beatlog
stats``), so that ``stats`` and the site add rows up in SQL instead of walking
every log again. They are append-only like the events: a row describes the
match as it was at ``final_hash`` when the engine ``engine_version`` (the
game's engine) and the statistics code ``stats_version`` counted it, and is
never changed. A match that grows, or a newer beatlog, adds new rows; the
current rows of a match are those whose three keys equal the match's
``final_hash``, the game's engine version and :data:`STATS_VERSION`
(:func:`replay.stats_store.current_sql` selects them).

``match_stats``
    one row per computation (``stats_id``): ``match_id, final_hash,
    engine_version, stats_version, game, edition, seed, created_at, finished``
    (0/1), ``winner`` (seat or NULL), ``reason, events, duels, beats``, and
    ``error``: NULL, or the one-line reason the match's statistics could not
    be computed (a forged log the rules or the figures cannot take); such a
    match has no seat rows and is left out of every total.
``seat_stats``
    one row per seat: ``stats_id, seat, key_id`` (its ``stat_keys`` row),
    ``player, side, outcome`` (win, loss, draw, unfinished).
``seat_values``
    every counter of the seat that is not zero: ``key_id`` (the seat's game,
    player and side), ``name_id`` (the counter, and for a tag or usage its
    group and label: ``stat_names``), ``stats_id, seat, value`` (a count's
    total, a sample's sum, a label's times) and ``n`` (a sample's
    observations, else NULL). Its primary key starts with ``key_id, name_id``
    so that adding up per player and side reads it in order.
``stat_keys``, ``stat_names``
    the dictionaries: ``key_id -> game, player, side`` and ``name_id ->
    counter, kind`` (count, sample, tag, usage), ``grp`` (a usage counter's
    group, else ''), ``label`` (a tag's or usage's label, else '').
``seat_counts``, ``seat_labels`` (views)
    ``seat_values`` in words: ``stats_id, seat, counter, kind, value, n`` for
    counts and samples; ``stats_id, seat, counter, kind, grp, label, n`` for
    tags and usage.

The counters are each game's stat hook's (:mod:`replay.stats`); nothing here
knows a game.

PostgreSQL (:data:`PG_DDL`, the store's ``beatlog_refuse`` function raising
the same messages) differs only in dialect: the ids are identity columns,
integers ``BIGINT``, ``value`` is ``NUMERIC`` (read back as an int when whole,
else a float, as SQLite's NUMERIC affinity gives it), ``TRUNCATE`` is refused
too, and a writer creates the tables once under the store's schema lock
(PostgreSQL has no ``CREATE TRIGGER IF NOT EXISTS``). :func:`ddl` gives a
dialect's statements.
"""

from __future__ import annotations

# Bumped whenever the walk's counting or a game's stat hook counts something differently:
# every stored row of an older version is then out of date and recomputed once.
STATS_VERSION = 1

TABLES = {
    "stat_keys": """CREATE TABLE IF NOT EXISTS stat_keys (
    key_id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    UNIQUE (game, player, side)
)""",
    "stat_names": """CREATE TABLE IF NOT EXISTS stat_names (
    name_id INTEGER PRIMARY KEY,
    counter TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('count', 'sample', 'tag', 'usage')),
    grp TEXT NOT NULL,
    label TEXT NOT NULL,
    UNIQUE (counter, kind, grp, label)
)""",
    "match_stats": """CREATE TABLE IF NOT EXISTS match_stats (
    stats_id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    final_hash TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    stats_version INTEGER NOT NULL,
    game TEXT NOT NULL,
    edition TEXT,
    seed INTEGER,
    created_at TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    winner INTEGER,
    reason TEXT,
    events INTEGER NOT NULL DEFAULT 0,
    duels INTEGER NOT NULL DEFAULT 0,
    beats INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    UNIQUE (match_id, final_hash, engine_version, stats_version)
)""",
    "seat_stats": """CREATE TABLE IF NOT EXISTS seat_stats (
    stats_id INTEGER NOT NULL REFERENCES match_stats (stats_id),
    seat INTEGER NOT NULL,
    key_id INTEGER NOT NULL REFERENCES stat_keys (key_id),
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (stats_id, seat)
) WITHOUT ROWID""",
    # value has NUMERIC affinity: integers stay integers (sums are exact), a fraction stays REAL.
    "seat_values": """CREATE TABLE IF NOT EXISTS seat_values (
    key_id INTEGER NOT NULL REFERENCES stat_keys (key_id),
    name_id INTEGER NOT NULL REFERENCES stat_names (name_id),
    stats_id INTEGER NOT NULL REFERENCES match_stats (stats_id),
    seat INTEGER NOT NULL,
    value NUMERIC NOT NULL,
    n INTEGER,
    PRIMARY KEY (key_id, name_id, stats_id, seat)
) WITHOUT ROWID""",
}

INDEXES = {
    "match_stats_match": "CREATE INDEX IF NOT EXISTS match_stats_match ON match_stats (match_id, final_hash)",
    "seat_values_match": "CREATE INDEX IF NOT EXISTS seat_values_match ON seat_values (stats_id, seat)",
}

# Derived, but never rewritten: a row is added for a new state of a match, never changed or removed.
TRIGGERS = {
    f"{table}_{verb}": f"""CREATE TRIGGER IF NOT EXISTS {table}_{verb} BEFORE {verb.upper()} ON {table}
BEGIN
    SELECT RAISE(ABORT, 'beatlog: statistics rows are append-only: {verb.upper()} is refused');
END"""
    for table in TABLES for verb in ("update", "delete")
}

VIEWS = {
    "seat_counts": """CREATE VIEW IF NOT EXISTS seat_counts AS
SELECT v.stats_id, v.seat, n.counter, n.kind, v.value, v.n
FROM seat_values v JOIN stat_names n ON n.name_id = v.name_id
WHERE n.kind IN ('count', 'sample')""",
    "seat_labels": """CREATE VIEW IF NOT EXISTS seat_labels AS
SELECT v.stats_id, v.seat, n.counter, n.kind, n.grp, n.label, v.value AS n
FROM seat_values v JOIN stat_names n ON n.name_id = v.name_id
WHERE n.kind IN ('tag', 'usage')""",
}

DDL = (*TABLES.values(), *INDEXES.values(), *TRIGGERS.values(), *VIEWS.values())

STATS_TABLES = tuple(TABLES)

# -- PostgreSQL: the same tables, columns, keys, views and refusals ------------------------------

_ID = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"

PG_TABLES = {
    "stat_keys": f"""CREATE TABLE IF NOT EXISTS stat_keys (
    key_id {_ID},
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    UNIQUE (game, player, side)
)""",
    "stat_names": f"""CREATE TABLE IF NOT EXISTS stat_names (
    name_id {_ID},
    counter TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('count', 'sample', 'tag', 'usage')),
    grp TEXT NOT NULL,
    label TEXT NOT NULL,
    UNIQUE (counter, kind, grp, label)
)""",
    "match_stats": f"""CREATE TABLE IF NOT EXISTS match_stats (
    stats_id {_ID},
    match_id TEXT NOT NULL,
    final_hash TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    stats_version BIGINT NOT NULL,
    game TEXT NOT NULL,
    edition TEXT,
    seed BIGINT,
    created_at TEXT,
    finished SMALLINT NOT NULL DEFAULT 0,
    winner BIGINT,
    reason TEXT,
    events BIGINT NOT NULL DEFAULT 0,
    duels BIGINT NOT NULL DEFAULT 0,
    beats BIGINT NOT NULL DEFAULT 0,
    error TEXT,
    UNIQUE (match_id, final_hash, engine_version, stats_version)
)""",
    "seat_stats": """CREATE TABLE IF NOT EXISTS seat_stats (
    stats_id BIGINT NOT NULL REFERENCES match_stats (stats_id),
    seat BIGINT NOT NULL,
    key_id BIGINT NOT NULL REFERENCES stat_keys (key_id),
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (stats_id, seat)
)""",
    "seat_values": """CREATE TABLE IF NOT EXISTS seat_values (
    key_id BIGINT NOT NULL REFERENCES stat_keys (key_id),
    name_id BIGINT NOT NULL REFERENCES stat_names (name_id),
    stats_id BIGINT NOT NULL REFERENCES match_stats (stats_id),
    seat BIGINT NOT NULL,
    value NUMERIC NOT NULL,
    n BIGINT,
    PRIMARY KEY (key_id, name_id, stats_id, seat)
)""",
}

PG_TRIGGERS = {
    f"{table}_{verb}": (f"CREATE TRIGGER {table}_{verb} BEFORE {verb.upper()} ON {table} "
                        f"FOR EACH {'STATEMENT' if verb == 'truncate' else 'ROW'} EXECUTE FUNCTION "
                        f"beatlog_refuse('beatlog: statistics rows are append-only: {verb.upper()} is refused')")
    for table in PG_TABLES for verb in ("update", "delete", "truncate")
}

PG_VIEWS = {name: sql.replace("CREATE VIEW IF NOT EXISTS", "CREATE OR REPLACE VIEW") for name, sql in VIEWS.items()}

PG_DDL = (*PG_TABLES.values(), *INDEXES.values(), *PG_TRIGGERS.values(), *PG_VIEWS.values())


def ddl(dialect: str = "sqlite") -> tuple[str, ...]:
    """The statements that make the statistics tables in a store of ``dialect`` ("sqlite", "postgresql")."""
    return PG_DDL if dialect == "postgresql" else DDL
