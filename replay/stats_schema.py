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

The tables are written once (:data:`TABLES`), with a few words that each
dialect spells its own way (:data:`TYPES`). PostgreSQL (the store's
``beatlog_refuse`` function raising the same messages) differs only in
dialect: the ids are identity columns, integers ``BIGINT``, ``value`` is
``NUMERIC`` (read back as an int when whole, else a float, as SQLite's NUMERIC
affinity gives it), ``TRUNCATE`` is refused too, and a writer creates the
tables once under the store's schema lock (PostgreSQL has no ``CREATE TRIGGER
IF NOT EXISTS``). :func:`ddl` gives a dialect's statements.
"""

from __future__ import annotations

from recorder.store_schema import DIALECT_TYPES, DIALECTS

# Bumped whenever the walk's counting or a game's stat hook counts something differently:
# every stored row of an older version is then out of date and recomputed once.
STATS_VERSION = 1

# The words the two dialects spell differently (``{id}``, ``{int}``, ``{flag}``, ``{keyed}``): the store's, which its
# notes table is written with too.
TYPES = DIALECT_TYPES

# One text per table for both dialects (``str.format`` with a dialect's TYPES).
_TABLES = {
    "stat_keys": """CREATE TABLE IF NOT EXISTS stat_keys (
    key_id {id},
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    UNIQUE (game, player, side)
)""",
    "stat_names": """CREATE TABLE IF NOT EXISTS stat_names (
    name_id {id},
    counter TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('count', 'sample', 'tag', 'usage')),
    grp TEXT NOT NULL,
    label TEXT NOT NULL,
    UNIQUE (counter, kind, grp, label)
)""",
    "match_stats": """CREATE TABLE IF NOT EXISTS match_stats (
    stats_id {id},
    match_id TEXT NOT NULL,
    final_hash TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    stats_version {int} NOT NULL,
    game TEXT NOT NULL,
    edition TEXT,
    seed {int},
    created_at TEXT,
    finished {flag} NOT NULL DEFAULT 0,
    winner {int},
    reason TEXT,
    events {int} NOT NULL DEFAULT 0,
    duels {int} NOT NULL DEFAULT 0,
    beats {int} NOT NULL DEFAULT 0,
    error TEXT,
    UNIQUE (match_id, final_hash, engine_version, stats_version)
)""",
    "seat_stats": """CREATE TABLE IF NOT EXISTS seat_stats (
    stats_id {int} NOT NULL REFERENCES match_stats (stats_id),
    seat {int} NOT NULL,
    key_id {int} NOT NULL REFERENCES stat_keys (key_id),
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (stats_id, seat)
){keyed}""",
    # value is NUMERIC: on SQLite (an affinity) integers stay integers (sums are exact), a fraction stays REAL.
    "seat_values": """CREATE TABLE IF NOT EXISTS seat_values (
    key_id {int} NOT NULL REFERENCES stat_keys (key_id),
    name_id {int} NOT NULL REFERENCES stat_names (name_id),
    stats_id {int} NOT NULL REFERENCES match_stats (stats_id),
    seat {int} NOT NULL,
    value NUMERIC NOT NULL,
    n {int},
    PRIMARY KEY (key_id, name_id, stats_id, seat)
){keyed}""",
}

INDEXES = {
    "match_stats_match": "CREATE INDEX IF NOT EXISTS match_stats_match ON match_stats (match_id, final_hash)",
    "seat_values_match": "CREATE INDEX IF NOT EXISTS seat_values_match ON seat_values (stats_id, seat)",
}

# Views: one text; SQLite says IF NOT EXISTS where PostgreSQL says OR REPLACE.
_VIEWS = {
    "seat_counts": """SELECT v.stats_id, v.seat, n.counter, n.kind, v.value, v.n
FROM seat_values v JOIN stat_names n ON n.name_id = v.name_id
WHERE n.kind IN ('count', 'sample')""",
    "seat_labels": """SELECT v.stats_id, v.seat, n.counter, n.kind, n.grp, n.label, v.value AS n
FROM seat_values v JOIN stat_names n ON n.name_id = v.name_id
WHERE n.kind IN ('tag', 'usage')""",
}

STATS_TABLES = tuple(_TABLES)


def _refusal(verb: str) -> str:
    return f"beatlog: statistics rows are append-only: {verb.upper()} is refused"


def tables(dialect: str = "sqlite") -> dict[str, str]:
    """Each statistics table's CREATE TABLE in ``dialect``, by name."""
    return {name: sql.format(**TYPES[dialect]) for name, sql in _TABLES.items()}


def triggers(dialect: str = "sqlite") -> dict[str, str]:
    """The refusals, by trigger name: derived rows are never rewritten (a new state of a match adds rows)."""
    if dialect == "sqlite":
        return {f"{table}_{verb}": f"""CREATE TRIGGER IF NOT EXISTS {table}_{verb} BEFORE {verb.upper()} ON {table}
BEGIN
    SELECT RAISE(ABORT, '{_refusal(verb)}');
END""" for table in _TABLES for verb in ("update", "delete")}
    return {f"{table}_{verb}": (f"CREATE TRIGGER {table}_{verb} BEFORE {verb.upper()} ON {table} "
                                f"FOR EACH {'STATEMENT' if verb == 'truncate' else 'ROW'} EXECUTE FUNCTION "
                                f"beatlog_refuse('{_refusal(verb)}')")
            for table in _TABLES for verb in ("update", "delete", "truncate")}


def views(dialect: str = "sqlite") -> dict[str, str]:
    create = "CREATE VIEW IF NOT EXISTS" if dialect == "sqlite" else "CREATE OR REPLACE VIEW"
    return {name: f"{create} {name} AS\n{body}" for name, body in _VIEWS.items()}


def ddl(dialect: str = "sqlite") -> tuple[str, ...]:
    """The statements that make the statistics tables in a store of ``dialect`` ("sqlite", "postgresql")."""
    if dialect not in TYPES:
        raise ValueError(f"no statistics tables for the dialect {dialect!r}: one of {', '.join(DIALECTS)}")
    return (*tables(dialect).values(), *INDEXES.values(), *triggers(dialect).values(), *views(dialect).values())


TABLES = tables("sqlite")  # (SQLite's text; the names are every dialect's)
