"""Helpers for the store contract tests that must look under the store, on each backend.

``dump(db)`` is everything a store holds, to compare before and after (SQLite's
``iterdump``; every row of every beatlog table on PostgreSQL). ``tamper(db,
sql...)`` runs SQL with the append-only rules switched off and then puts them
back exactly as they were (SQLite: triggers dropped and recreated;
PostgreSQL: ``session_replication_role = replica``, under which no trigger
fires and none is changed), the strongest attack on a store short of
rewriting beatlog itself.
"""

from __future__ import annotations

import sqlite3

from recorder.store import is_server_url
from recorder.store_schema import LEDGER_TRIGGERS, NOTES_TABLE, NOTES_TRIGGERS, TRIGGERS


def dump(db) -> list:
    if is_server_url(db):
        import psycopg

        with psycopg.connect(str(db)) as conn:
            return [conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                    for table in ("matches", "events", "ledger")]
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def tamper(db, *statements: str) -> None:
    if is_server_url(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as conn:
            conn.execute("SET session_replication_role = replica")
            for sql in statements:
                conn.execute(sql)
        return
    conn = sqlite3.connect(db, isolation_level=None)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    everything = {**TRIGGERS, **LEDGER_TRIGGERS, **(NOTES_TRIGGERS if NOTES_TABLE in tables else {})}
    for name in everything:
        conn.execute(f"DROP TRIGGER {name}")
    for sql in statements:
        conn.execute(sql)
    for ddl in everything.values():
        conn.execute(ddl)
    conn.close()
