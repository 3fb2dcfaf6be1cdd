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
(:func:`replay.stats_store.current` selects them).

``match_stats``
    one row per computation (``stats_id``): ``match_id, final_hash,
    engine_version, stats_version, game, edition, seed, created_at, finished``
    (0/1), ``winner`` (seat or NULL), ``reason, events, duels, beats``, and
    ``error``: NULL, or the one-line reason the match's statistics could not
    be computed (a forged log the rules or the figures cannot take); such a
    match is left out of every total.
``seat_stats``
    one row per seat: ``stats_id, seat, player, side, outcome`` (win, loss,
    draw, unfinished).
``seat_counts``
    the seat's ``count`` counters (``kind`` 'count': ``value`` is the total,
    ``n`` NULL) and ``sample`` counters (``kind`` 'sample': ``value`` is the
    sum of the ``n`` observations); zeros are not stored.
``seat_labels``
    the seat's ``tag`` counters (``kind`` 'tag', ``grp`` '') and ``usage``
    counters (``kind`` 'usage', ``grp`` the group: BattleCON's 'style',
    'base', 'anted'...): ``label`` and ``n``, the times it was tallied.

The counters are each game's stat hook's (:mod:`replay.stats`); nothing here
knows a game.
"""

from __future__ import annotations

# Bumped whenever the walk's counting or a game's stat hook counts something differently:
# every stored row of an older version is then out of date and recomputed once.
STATS_VERSION = 1

TABLES = {
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
    player TEXT NOT NULL,
    side TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (stats_id, seat)
) WITHOUT ROWID""",
    # value has NUMERIC affinity: integers stay integers (sums are exact), a fraction stays REAL.
    "seat_counts": """CREATE TABLE IF NOT EXISTS seat_counts (
    stats_id INTEGER NOT NULL REFERENCES match_stats (stats_id),
    seat INTEGER NOT NULL,
    counter TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('count', 'sample')),
    value NUMERIC NOT NULL,
    n INTEGER,
    PRIMARY KEY (stats_id, seat, counter)
) WITHOUT ROWID""",
    "seat_labels": """CREATE TABLE IF NOT EXISTS seat_labels (
    stats_id INTEGER NOT NULL REFERENCES match_stats (stats_id),
    seat INTEGER NOT NULL,
    counter TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('tag', 'usage')),
    grp TEXT NOT NULL,
    label TEXT NOT NULL,
    n NUMERIC NOT NULL,
    PRIMARY KEY (stats_id, seat, counter, grp, label)
) WITHOUT ROWID""",
}

INDEXES = {
    "match_stats_match": "CREATE INDEX IF NOT EXISTS match_stats_match ON match_stats (match_id, final_hash)",
}

# Derived, but never rewritten: a row is added for a new state of a match, never changed or removed.
TRIGGERS = {
    f"{table}_{verb}": f"""CREATE TRIGGER IF NOT EXISTS {table}_{verb} BEFORE {verb.upper()} ON {table}
BEGIN
    SELECT RAISE(ABORT, 'beatlog: statistics rows are append-only: {verb.upper()} is refused');
END"""
    for table in TABLES for verb in ("update", "delete")
}

DDL = (*TABLES.values(), *INDEXES.values(), *TRIGGERS.values())

STATS_TABLES = tuple(TABLES)
