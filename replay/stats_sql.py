"""``beatlog stats`` over a store without walking its logs: the stored rows added up in SQL.

:func:`add_current` gives a :class:`replay.stats_summary.Summary` exactly what
it would get from the walks of the same matches: SQL adds up each (game,
player, side)'s seats -- matches, outcomes, sets and rounds, every counter and
label -- and the matchup cells; the Summary then derives the figures from those
totals as it does from walked matches, so both paths share every rule of how a
figure is made. Matches without current rows (:func:`replay.stats_store.fill`)
are walked first: kept in the store when it can be written, else added from
memory.

``seat_values`` is keyed by ``(key_id, name_id, ...)``, so adding it up per
player and side and per counter reads the table in key order, without sorting;
the current-rows filter is applied only when some stored row is not current.

The matches added (``cur``) are a temporary table on SQLite; on PostgreSQL,
whose read-only snapshots may not create one, a ``WITH cur AS MATERIALIZED``
put before each query. Every other text is the same on both.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .stats import COUNT, SAMPLE, TAG, USAGE
from .stats_store import current_sql, dialect, engines, has_tables
from .stats_summary import Summary, Totals

_OUTCOMES = ("win", "loss", "draw", "unfinished")


def add_current(summary: Summary, conn: Any, *, engine: Mapping[str, str] | None = None,
                skip: Iterable[str] = (), only: Iterable[str] | None = None) -> int:
    """Add every match's current rows on ``conn`` to ``summary`` (but the matches ``skip``);
    ``only``: just these matches. Returns how many matches were added (those whose statistics
    could not be computed are not)."""
    if not has_tables(conn):
        return 0
    engine = engines() if engine is None else engine
    sql, params = current_sql(engine)
    if dialect(conn) != "sqlite":
        skip = list(skip)
        cur = _Cur(conn, sql, params, only, skip)
        # As on SQLite: when every stored row is current, seat_values is added up whole, without matching
        # each row to ``cur`` (whose size PostgreSQL's planner cannot guess: it would look each match up).
        every_row = only is None and not skip and _every_row_current(cur)
        if every_row:  # then the current rows are the stored rows: no query needs to find them again
            cur = _Cur(conn, "SELECT * FROM match_stats")
        return _add(summary, cur, every_row=every_row)
    conn.execute("DROP TABLE IF EXISTS temp.cur")
    conn.execute("CREATE TEMP TABLE cur (stats_id INTEGER PRIMARY KEY, match_id TEXT, game TEXT, "
                 "finished INTEGER, duels INTEGER, beats INTEGER)")
    try:
        conn.execute(f"INSERT INTO temp.cur SELECT stats_id, match_id, game, finished, duels, beats "
                     f"FROM ({sql}) AS cur_rows WHERE error IS NULL", params)
        skip = list(skip)
        if only is not None:
            _restrict(conn, only, keep=True)
        if skip:
            _restrict(conn, skip, keep=False)
        stored = conn.execute("SELECT count(*) FROM match_stats WHERE error IS NULL").fetchone()[0]
        kept = conn.execute("SELECT count(*) FROM temp.cur").fetchone()[0]
        return _add(summary, _Cur(conn), every_row=stored == kept)
    finally:
        conn.execute("DROP TABLE IF EXISTS temp.cur")


class _Cur:
    """``conn`` whose queries may name the matches added as ``cur``: SQLite's ``temp.cur`` (filled by
    :func:`add_current`), or (given the current rows' query) a CTE put before each query."""

    def __init__(self, conn: Any, current: str = "", params: Sequence[Any] = (),
                 only: Iterable[str] | None = None, skip: Sequence[str] = ()) -> None:
        self.conn, self.prefix, self.params = conn, "", []
        if current:
            where, wanted = "", []
            if only is not None:
                where, wanted = " AND match_id = ANY(?)", [sorted(set(only))]
            if skip:
                where, wanted = where + " AND NOT match_id = ANY(?)", [*wanted, sorted(set(skip))]
            self.prefix = (f"WITH cur AS MATERIALIZED (SELECT stats_id, match_id, game, finished, duels, beats "
                           f"FROM ({current}) AS cur_rows WHERE error IS NULL{where}) ")
            self.params = [*params, *wanted]

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if not self.prefix:
            return self.conn.execute(sql, params)  # SQLite finds the temporary table first
        return self.conn.execute(self.prefix + sql, [*self.params, *params])


def _every_row_current(cur: "_Cur") -> bool:
    """Is every stored statistics row (but those of matches that could not be counted) current?"""
    stored, kept = cur.execute("SELECT (SELECT count(*) FROM match_stats WHERE error IS NULL), "
                               "(SELECT count(*) FROM cur)").fetchone()
    return stored == kept


def _restrict(conn: Any, ids: Iterable[str], *, keep: bool) -> None:
    """Keep only (``keep``) or drop the matches ``ids`` from ``temp.cur``."""
    conn.execute("CREATE TEMP TABLE ids (match_id TEXT PRIMARY KEY)")
    try:
        conn.executemany("INSERT OR IGNORE INTO temp.ids VALUES (?)", [(m,) for m in ids])
        conn.execute(f"DELETE FROM temp.cur WHERE match_id {'NOT IN' if keep else 'IN'} (SELECT match_id FROM temp.ids)")
    finally:
        conn.execute("DROP TABLE temp.ids")


def _keys_where(summary: Summary) -> tuple[str, list[Any]]:
    """The stat_keys of the counted seats, as SQL (``IN (...)``) and its parameters; '' for every seat."""
    if summary.player is not None:
        return "(SELECT key_id FROM stat_keys WHERE player = ?)", [summary.player]
    if summary.fighter is not None:
        return "(SELECT key_id FROM stat_keys WHERE side = ?)", [summary.fighter]
    return "", []


def _add(summary: Summary, conn: _Cur, *, every_row: bool) -> int:
    total = conn.execute("SELECT count(*) FROM cur").fetchone()[0]
    summary.total += total
    keys = {k: (g, p, s) for k, g, p, s in conn.execute("SELECT key_id, game, player, side FROM stat_keys")}
    names = {n: (c, k, g, label) for n, c, k, g, label in
             conn.execute("SELECT name_id, counter, kind, grp, label FROM stat_names")}
    wanted, params = _keys_where(summary)
    seats = "FROM cur c JOIN seat_stats st ON st.stats_id = c.stats_id"
    if wanted:
        sections = conn.execute(
            "SELECT c.game, count(DISTINCT c.stats_id), count(DISTINCT CASE WHEN c.finished = 1 THEN c.stats_id END) "
            f"{seats} WHERE st.key_id IN {wanted} GROUP BY c.game", params)
    else:
        sections = conn.execute("SELECT game, count(*), sum(finished) FROM cur GROUP BY game")
    for game, matches, finished in sections.fetchall():
        section = summary.section(game)
        section.matches += matches
        section.finished += finished
    groups: dict[int, Totals] = {}
    outcome_sums = ", ".join(f"sum(CASE WHEN st.outcome = '{o}' THEN 1 ELSE 0 END)" for o in _OUTCOMES)
    where = f" WHERE st.key_id IN {wanted}" if wanted else ""
    for key, matches, duels, beats, *outcomes in conn.execute(
            f"SELECT st.key_id, count(*), sum(c.duels), sum(c.beats), {outcome_sums} {seats}{where} "
            "GROUP BY st.key_id", params):
        totals = groups[key] = Totals(keys[key][1], matches=matches, duels=duels, beats=beats)
        totals.outcomes = Counter({o: n for o, n in zip(_OUTCOMES, outcomes) if n})
    filters = ([] if every_row else ["stats_id IN (SELECT stats_id FROM cur)"]) + (
        [f"key_id IN {wanted}"] if wanted else [])
    where = f" WHERE {' AND '.join(filters)}" if filters else ""
    for key, name, value, n in conn.execute(
            f"SELECT key_id, name_id, sum(value), sum(n) FROM seat_values{where} GROUP BY key_id, name_id", params):
        totals = groups.get(key)
        if totals is None:  # rows of seats that are not counted now (no current row): not counted
            continue
        counter, kind, grp, label = names[name]
        if kind == COUNT:
            totals.counts[counter] += value
        elif kind == SAMPLE:
            totals.samples[counter] = [value, n]
        elif kind == TAG:
            totals.tags.setdefault(counter, Counter())[label] += value
        elif kind == USAGE:
            totals.usage.setdefault(counter, {}).setdefault(grp, Counter())[label] += value
    for key, totals in groups.items():
        game, player, side = keys[key]
        summary.section(game).add_seats(player, side, totals)
    where = f" WHERE a.key_id IN {wanted}" if wanted else ""
    for game, side, other, mine, theirs, times in conn.execute(
            "SELECT c.game, a.side, b.side, a.outcome, b.outcome, count(*) FROM cur c "
            "JOIN seat_stats a ON a.stats_id = c.stats_id "
            f"JOIN seat_stats b ON b.stats_id = a.stats_id AND b.seat != a.seat{where} "
            "GROUP BY c.game, a.side, b.side, a.outcome, b.outcome", params):
        summary.section(game).add_met(side, other, mine, theirs, times)
    if wanted and not summary.games:  # the error names who is there: the seats of the matches read
        for key, in conn.execute("SELECT DISTINCT st.key_id " + seats):
            game, player, side = keys[key]
            summary.seen_games.add(game)
            summary.seen_players.add(player)
            summary.seen_sides.add(side)
    else:
        summary.seen_games.update(g for (g,) in conn.execute("SELECT DISTINCT game FROM cur"))
    return total
