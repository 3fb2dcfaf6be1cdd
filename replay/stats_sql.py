"""``beatlog stats`` over a store without walking its logs: the stored rows added up in SQL.

:func:`summarize_store` gives exactly what :func:`replay.stats_summary.summarize`
gives over the walks of the same matches: SQL adds up each (player, side)'s
seats -- matches, outcomes, sets and rounds, every counter and label -- and the
matchup cells; :class:`replay.stats_summary.Summary` then derives the figures
from those totals as it does from walked matches, so both paths share every
rule of how a figure is made. Matches without current rows
(:func:`replay.stats_store.fill`) are walked first: kept in the store when it
can be written, else added from memory.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any, Iterable, Mapping

from .stats import COUNT, SAMPLE, TAG
from .stats_store import current_sql, engines, has_tables
from .stats_summary import Summary, Totals

_OUTCOMES = ("win", "loss", "draw", "unfinished")


def add_current(summary: Summary, conn: sqlite3.Connection, *, engine: Mapping[str, str] | None = None,
                skip: Iterable[str] = (), only: Iterable[str] | None = None) -> int:
    """Add every match's current rows on ``conn`` to ``summary`` (but the matches ``skip``);
    ``only``: just these matches. Returns how many matches were added (those whose statistics
    could not be computed are not)."""
    if not has_tables(conn):
        return 0
    engine = engines() if engine is None else engine
    sql, params = current_sql(engine)
    conn.execute("DROP TABLE IF EXISTS temp.cur")
    conn.execute("CREATE TEMP TABLE cur (stats_id INTEGER PRIMARY KEY, match_id TEXT, game TEXT, "
                 "finished INTEGER, duels INTEGER, beats INTEGER)")
    try:
        conn.execute(f"INSERT INTO temp.cur SELECT stats_id, match_id, game, finished, duels, beats "
                     f"FROM ({sql}) WHERE error IS NULL", params)
        if only is not None:
            _restrict(conn, only, keep=True)
        skip = list(skip)
        if skip:
            _restrict(conn, skip, keep=False)
        return _add(summary, conn)
    finally:
        conn.execute("DROP TABLE IF EXISTS temp.cur")


def _restrict(conn: sqlite3.Connection, ids: Iterable[str], *, keep: bool) -> None:
    """Keep only (``keep``) or drop the matches ``ids`` from ``temp.cur``."""
    conn.execute("CREATE TEMP TABLE ids (match_id TEXT PRIMARY KEY)")
    try:
        conn.executemany("INSERT OR IGNORE INTO temp.ids VALUES (?)", [(m,) for m in ids])
        conn.execute(f"DELETE FROM temp.cur WHERE match_id {'NOT IN' if keep else 'IN'} (SELECT match_id FROM temp.ids)")
    finally:
        conn.execute("DROP TABLE temp.ids")


def _seat_where(summary: Summary, alias: str = "st") -> tuple[str, list[Any]]:
    if summary.player is not None:
        return f" WHERE {alias}.player = ?", [summary.player]
    if summary.fighter is not None:
        return f" WHERE {alias}.side = ?", [summary.fighter]
    return "", []


def _add(summary: Summary, conn: sqlite3.Connection) -> int:
    total = conn.execute("SELECT count(*) FROM temp.cur").fetchone()[0]
    summary.total += total
    summary.seen_games.update(g for (g,) in conn.execute("SELECT DISTINCT game FROM temp.cur"))
    for player, side in conn.execute(
            "SELECT DISTINCT st.player, st.side FROM temp.cur c JOIN seat_stats st ON st.stats_id = c.stats_id"):
        summary.seen_players.add(player)
        summary.seen_sides.add(side)
    where, params = _seat_where(summary)
    seats = "FROM temp.cur c JOIN seat_stats st ON st.stats_id = c.stats_id"
    for game, matches, finished in conn.execute(
            f"SELECT c.game, count(DISTINCT c.stats_id), count(DISTINCT CASE WHEN c.finished THEN c.stats_id END) "
            f"{seats}{where} GROUP BY c.game", params):
        section = summary.section(game)
        section.matches += matches
        section.finished += finished
    groups: dict[tuple[str, str, str], Totals] = {}
    outcome_sums = ", ".join(f"sum(st.outcome = '{o}')" for o in _OUTCOMES)
    for game, player, side, matches, duels, beats, *outcomes in conn.execute(
            f"SELECT c.game, st.player, st.side, count(*), sum(c.duels), sum(c.beats), {outcome_sums} "
            f"{seats}{where} GROUP BY c.game, st.player, st.side", params):
        totals = groups[(game, player, side)] = Totals(player, matches=matches, duels=duels, beats=beats)
        totals.outcomes = Counter({o: n for o, n in zip(_OUTCOMES, outcomes) if n})
    for game, player, side, counter, kind, value, n in conn.execute(
            "SELECT c.game, st.player, st.side, sc.counter, sc.kind, sum(sc.value), sum(sc.n) "
            f"{seats} JOIN seat_counts sc ON sc.stats_id = st.stats_id AND sc.seat = st.seat{where} "
            "GROUP BY c.game, st.player, st.side, sc.counter, sc.kind", params):
        totals = groups[(game, player, side)]
        if kind == COUNT:
            totals.counts[counter] += value
        elif kind == SAMPLE:
            totals.samples[counter] = [value, n]
    for game, player, side, counter, kind, grp, label, n in conn.execute(
            "SELECT c.game, st.player, st.side, sl.counter, sl.kind, sl.grp, sl.label, sum(sl.n) "
            f"{seats} JOIN seat_labels sl ON sl.stats_id = st.stats_id AND sl.seat = st.seat{where} "
            "GROUP BY c.game, st.player, st.side, sl.counter, sl.kind, sl.grp, sl.label", params):
        totals = groups[(game, player, side)]
        if kind == TAG:
            totals.tags.setdefault(counter, Counter())[label] += n
        else:
            totals.usage.setdefault(counter, {}).setdefault(grp, Counter())[label] += n
    for (game, player, side), totals in groups.items():
        summary.section(game).add_seats(player, side, totals)
    where_a, params_a = _seat_where(summary, "a")
    for game, side, other, mine, theirs, times in conn.execute(
            "SELECT c.game, a.side, b.side, a.outcome, b.outcome, count(*) FROM temp.cur c "
            "JOIN seat_stats a ON a.stats_id = c.stats_id "
            f"JOIN seat_stats b ON b.stats_id = a.stats_id AND b.seat != a.seat{where_a} "
            "GROUP BY c.game, a.side, b.side, a.outcome, b.outcome", params_a):
        summary.section(game).add_met(side, other, mine, theirs, times)
    return total
