"""A store as Parquet files, for DuckDB, Polars, Spark and pandas: ``beatlog export --db D --parquet DIR``.

Writes ``matches.parquet``, ``events.parquet`` (the envelope's columns, the
payload ``data`` as canonical JSON text) and one file per statistics table
(``match_stats``, ``seat_stats``, and ``seat_values`` in words as
``seat_counts`` and ``seat_labels``: each match's current rows, see
:mod:`replay.stats_schema`). Every match is read as
``export`` reads one (schema, seqs, chain and hashes checked); the statistics
of a match the store holds none for are computed on the way. The columns and
their types are documented in docs/parquet.md; :data:`SCHEMAS` is that list.

pyarrow is an optional dependency (``pip install 'beatlog[parquet]'``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from recorder import canonical
from recorder.errors import BeatlogError, UsageError
from recorder.store import Store

from .stats import COUNT, SAMPLE, TAG, USAGE
from .stats_store import (Computed, compute_log, current_sql, dialect, engines, has_tables,
                          match_row, seat_entries, stale)

EVENTS_PER_GROUP = 100_000  # rows per Parquet row group (and held in memory at once)

# table -> [(column, type)]; types: string, int64, int32, bool (nullable unless noted in docs/parquet.md)
SCHEMAS: dict[str, list[tuple[str, str]]] = {
    "matches": [
        ("match_id", "string"), ("format", "string"), ("game", "string"), ("edition", "string"),
        ("engine_version", "string"), ("rules_version", "string"), ("seed", "int64"), ("players", "string"),
        ("options", "string"), ("created_at", "string"), ("header_hash", "string"), ("header", "string"),
        ("event_count", "int64"), ("final_hash", "string"), ("finished", "bool"),
    ],
    "events": [
        ("match_id", "string"), ("seq", "int64"), ("duel", "int32"), ("beat", "int32"), ("type", "string"),
        ("kind", "string"), ("actor", "int32"), ("data", "string"), ("cause", "int64"),
        ("visibility", "string"), ("prev", "string"), ("hash", "string"),
    ],
    "match_stats": [
        ("match_id", "string"), ("final_hash", "string"), ("engine_version", "string"),
        ("stats_version", "int32"), ("game", "string"), ("edition", "string"), ("seed", "int64"),
        ("created_at", "string"), ("finished", "bool"), ("winner", "int32"), ("reason", "string"),
        ("events", "int64"), ("duels", "int32"), ("beats", "int32"), ("error", "string"),
    ],
    "seat_stats": [
        ("match_id", "string"), ("seat", "int32"), ("player", "string"), ("side", "string"), ("outcome", "string"),
    ],
    "seat_counts": [
        ("match_id", "string"), ("seat", "int32"), ("counter", "string"), ("kind", "string"),
        ("value", "double"), ("n", "int64"),
    ],
    "seat_labels": [
        ("match_id", "string"), ("seat", "int32"), ("counter", "string"), ("kind", "string"), ("grp", "string"),
        ("label", "string"), ("n", "double"),
    ],
}


def pyarrow_modules() -> tuple[Any, Any]:
    """``(pyarrow, pyarrow.parquet)``, or one clear line saying how to install them."""
    try:
        return importlib.import_module("pyarrow"), importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise UsageError("the Parquet export needs pyarrow: pip install 'beatlog[parquet]'") from None


@dataclass
class Exported:
    """What :func:`export_parquet` wrote: rows per file, and the matches left out of the statistics."""

    out: Path
    rows: dict[str, int] = field(default_factory=dict)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (match id, why): no statistics


class _Table:
    """One Parquet file written in row groups."""

    def __init__(self, pa: Any, pq: Any, path: Path, columns: list[tuple[str, str]]) -> None:
        self.pa = pa
        types = {"string": pa.string, "int64": pa.int64, "int32": pa.int32, "bool": pa.bool_, "double": pa.float64}
        self.schema = pa.schema([(name, types[kind]()) for name, kind in columns])
        self.names = [name for name, _ in columns]
        self.writer = pq.ParquetWriter(str(path), self.schema, compression="zstd")
        self.rows: list[tuple] = []
        self.count = 0

    def add(self, rows: list[tuple]) -> None:
        self.rows.extend(rows)
        if len(self.rows) >= EVENTS_PER_GROUP:
            self.flush()

    def flush(self) -> None:
        if not self.rows:
            return
        columns = list(zip(*self.rows))
        arrays = []
        for i, col in enumerate(columns):
            kind = self.schema.field(i).type
            values = [None if v is None else bool(v) for v in col] if kind == self.pa.bool_() else list(col)
            arrays.append(self.pa.array(values, type=kind))
        self.writer.write_table(self.pa.Table.from_arrays(arrays, schema=self.schema))
        self.count += len(self.rows)
        self.rows = []

    def close(self) -> None:
        self.flush()
        self.writer.close()


def export_parquet(db: str | Path, out: str | Path, *, progress: Callable[[int], None] | None = None) -> Exported:
    """Write the store ``db`` as Parquet files into the folder ``out`` (created; files replaced)."""
    pa, pq = pyarrow_modules()
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out}: not a folder")
    with Store(db, readonly=True) as store:
        out.mkdir(parents=True, exist_ok=True)
        result = Exported(out)
        tmp = {name: out / f".{name}.parquet.tmp" for name in SCHEMAS}
        tables = {name: _Table(pa, pq, tmp[name], cols) for name, cols in SCHEMAS.items()}
        try:
            with store.snapshot():
                _write(store, tables, result, progress)
            for table in tables.values():
                table.close()
            for name, path in tmp.items():
                path.replace(out / f"{name}.parquet")
                result.rows[name] = tables[name].count
        except BaseException:
            for table in tables.values():
                try:
                    table.writer.close()
                except Exception:  # noqa: BLE001 (already failing; the first error is the one to tell)
                    pass
            for path in tmp.values():
                path.unlink(missing_ok=True)
            raise
    return result


def _write(store: Any, tables: dict[str, _Table], result: Exported, progress: Callable[[int], None] | None) -> None:
    conn = store.sql
    engine = engines()
    todo = set(stale(conn, engine))
    stored: dict[str, int] = {}  # match id -> stats_id of its current row
    if has_tables(conn):
        sql, params = current_sql(engine)
        for match_id, sid, error in conn.execute(f"SELECT match_id, stats_id, error FROM ({sql}) AS cur_rows", params):
            if error is None:
                stored[match_id] = sid
            else:
                result.left_out.append((match_id, error))
        tables["match_stats"].add(conn.execute(
            "SELECT match_id, final_hash, engine_version, stats_version, game, edition, seed, created_at, "
            f"finished, winner, reason, events, duels, beats, error FROM ({sql}) AS cur_rows ORDER BY match_id", params).fetchall())
    ids = [row[0] for row in conn.execute("SELECT match_id FROM matches ORDER BY match_id")]
    for match_id, *rest in conn.execute(
            "SELECT match_id, format, game, edition, engine_version, rules_version, seed, players, options, "
            "created_at, header_hash, header, event_count, final_hash, finished FROM matches ORDER BY match_id"):
        tables["matches"].add([(match_id, *rest)])
    for match_id in ids:
        try:
            log = store.read(match_id)
        except BeatlogError as exc:
            raise BeatlogError(f"{exc}; nothing was exported (beatlog check --db {store.name} lists every "
                               "damaged match)") from None
        tables["events"].add([
            (r.match_id, r.seq, r.duel, r.beat, r.type, r.kind, r.actor, canonical.dumps(r.data).decode("utf-8"),
             r.cause, str(r.visibility), r.prev, r.hash) for r in log.records])
        if match_id in todo:
            _add_computed(tables, result, compute_log(log))
        if progress is not None:
            progress(1)
    _add_stored(conn, tables, stored)


def _add_computed(tables: dict[str, _Table], result: Exported, item: Computed) -> None:
    engine = engines().get(item.game)
    if engine is None:
        result.left_out.append((item.match_id, f"unknown game {item.game!r}"))
        return
    row = match_row(item, engine)
    tables["match_stats"].add([row])
    if item.error is not None:
        result.left_out.append((item.match_id, item.error))
        return
    seats, values = seat_entries(item.stats)
    m = item.match_id
    tables["seat_stats"].add([(m, *seat) for seat in seats])
    values = sorted(values, key=lambda v: v[:5])  # in the stored rows' order: seat, counter, group, label
    tables["seat_counts"].add([(m, s, c, k, v, n) for s, c, k, _, _, v, n in values if k in (COUNT, SAMPLE)])
    tables["seat_labels"].add([(m, s, c, k, g, label, v) for s, c, k, g, label, v, _ in values if k in (TAG, USAGE)])


def _add_stored(conn: Any, tables: dict[str, _Table], stored: dict[str, int]) -> None:
    """The stored current rows of the statistics tables, keyed by match id instead of stats_id."""
    if not stored:
        return
    if dialect(conn) != "sqlite":  # a read-only snapshot makes no temporary table: the ids as arrays
        ids = sorted(stored.items())
        _add_rows(conn, tables, "unnest(?::bigint[], ?::text[]) AS e (stats_id, match_id)",
                  [[sid for _, sid in ids], [m for m, _ in ids]])
        return
    conn.execute("CREATE TEMP TABLE export_ids (stats_id INTEGER PRIMARY KEY, match_id TEXT)")
    try:
        conn.executemany("INSERT INTO temp.export_ids VALUES (?, ?)", [(sid, m) for m, sid in stored.items()])
        _add_rows(conn, tables, "temp.export_ids e", [])
    finally:
        conn.execute("DROP TABLE temp.export_ids")


def _add_rows(conn: Any, tables: dict[str, _Table], ids: str, params: list[Any]) -> None:
    """The seat rows of the ``stats_id``s in ``ids`` (a relation ``e (stats_id, match_id)``), by match id."""
    for name, columns, order in (("seat_stats", "seat, player, side, outcome", ""),
                                 ("seat_counts", "seat, counter, kind, value, n", ", t.counter"),
                                 ("seat_labels", "seat, counter, kind, grp, label, n", ", t.counter, t.grp, t.label")):
        cursor = conn.execute(f"SELECT e.match_id, {columns} FROM {name} t "
                              f"JOIN {ids} ON e.stats_id = t.stats_id ORDER BY e.match_id, t.seat{order}", params)
        while True:
            rows = cursor.fetchmany(EVENTS_PER_GROUP)
            if not rows:
                break
            tables[name].add(rows)
