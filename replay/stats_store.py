"""Each match's statistics kept in its store: written once, found current, filled in when missing.

The rows (:mod:`replay.stats_schema`) hold exactly the per-match dict of
:func:`replay.stats.match_stats`, so :func:`stats_from_rows` gives back the
same dict, and :mod:`replay.stats_sql` adds them up as
:func:`replay.stats_summary.summarize` does.

A match's rows are *current* when they were counted at the match's final hash
by the game's engine version of this beatlog and :data:`STATS_VERSION`.
:func:`stale` lists the matches without current rows (never counted, grown
since, or counted by another version); :func:`fill` walks them once and, on a
writable store, keeps the result. A match whose statistics cannot be computed
(a forged log the rules or the figures cannot take) is kept as a row with its
``error`` and left out of every total, so one bad match never stops ``stats``
or the site.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from recorder.collector import for_batch_work
from recorder.errors import BeatlogError
from recorder.game import GAMES, game_for, load_game
from recorder.store import Store

from .stats import COUNT, SAMPLE, TAG, USAGE, match_stats, stat_hook
from .stats_schema import STATS_VERSION, TABLES, ddl

CHUNK = 50  # matches per task handed to a worker process


@dataclass(frozen=True)
class Computed:
    """One match's statistics as counted now (``stats``), or why they cannot be (``error``)."""

    match_id: str
    final_hash: str
    game: str
    stats: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class Filled:
    """What :func:`fill` did: the matches it counted, and whether it could keep them."""

    computed: list[Computed] = field(default_factory=list)
    saved: bool = False  # written to the store (False: computed in memory only)
    why_not: str = ""  # why they were not written, for the one-line note

    @property
    def errors(self) -> list[Computed]:
        return [c for c in self.computed if c.error is not None]


# -- the tables ----------------------------------------------------------------------------


def dialect(conn: Any) -> str:
    """Which SQL ``conn`` (a store's :attr:`recorder.store.Store.sql`) speaks."""
    return getattr(conn, "dialect", "sqlite")


def has_tables(conn: Any) -> bool:
    if dialect(conn) == "sqlite":
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    else:
        names = set(conn.table_names())
    return set(TABLES) <= names


def create_tables(conn: Any) -> None:
    """Create the statistics tables if missing (inside the caller's write transaction)."""
    if dialect(conn) != "sqlite":
        if has_tables(conn):
            return
        conn.lock_schema()  # one writer makes them; another waits, then finds them
        if has_tables(conn):
            return
    for statement in ddl(dialect(conn)):
        conn.execute(statement)


def engines() -> dict[str, str]:
    """Each game this beatlog runs -> its engine version (the ``engine_version`` of current rows)."""
    return {name: load_game(name).engine_version for name in sorted(GAMES)}


def _engine_values(engine: Mapping[str, str]) -> tuple[str, list[str]]:
    """``WITH engine(game, version) AS (VALUES ...)`` of every game this beatlog runs."""
    values = ", ".join("(?, ?)" for _ in engine) or "(NULL, NULL)"
    params = [v for pair in engine.items() for v in pair]
    return f"engine(game, version) AS (VALUES {values})", params


def current_sql(engine: Mapping[str, str]) -> tuple[str, list[Any]]:
    """A query of the current ``match_stats`` row of every match that has one (any error included)."""
    cte, params = _engine_values(engine)
    sql = (f"WITH {cte} SELECT s.* FROM matches m "
           "JOIN match_stats s ON s.match_id = m.match_id AND s.final_hash = m.final_hash "
           "JOIN engine e ON e.game = s.game AND e.version = s.engine_version "
           "WHERE s.stats_version = ?")
    return sql, [*params, STATS_VERSION]


def errors(conn: Any, engine: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """``(match_id, error)`` of every match whose current statistics could not be computed."""
    if not has_tables(conn):
        return []
    sql, params = current_sql(engines() if engine is None else engine)
    return [(m, e) for m, e in conn.execute(
        f"SELECT match_id, error FROM ({sql}) AS cur_rows WHERE error IS NOT NULL ORDER BY match_id", params)]


def stale(conn: Any, engine: Mapping[str, str] | None = None,
          ids: Sequence[str] | None = None) -> list[str]:
    """The matches (of ``ids``, or all) that have no current statistics rows, by match id."""
    engine = engines() if engine is None else engine
    if not has_tables(conn):
        rows = conn.execute("SELECT match_id FROM matches ORDER BY match_id").fetchall()
    else:
        cte, params = _engine_values(engine)
        rows = conn.execute(
            f"WITH {cte} SELECT m.match_id FROM matches m WHERE NOT EXISTS ("
            "SELECT 1 FROM match_stats s JOIN engine e ON e.game = s.game AND e.version = s.engine_version "
            "WHERE s.match_id = m.match_id AND s.final_hash = m.final_hash AND s.stats_version = ?) "
            "ORDER BY m.match_id", [*params, STATS_VERSION]).fetchall()
    out = [row[0] for row in rows]
    if ids is not None:
        wanted = set(ids)
        out = [m for m in out if m in wanted]
    return out


# -- writing -------------------------------------------------------------------------------


def computed(log: Any, stats: dict[str, Any] | None = None, error: str | None = None) -> Computed:
    """A :class:`Computed` of a log (``recorder.integrity.LogFile``) whose statistics are ``stats``."""
    return Computed(log.match_id, log.final_hash, log.header.game, stats, error)


def kept_in(store: Any) -> bool:
    """Does this store keep statistics tables? Every store does (SQLite and PostgreSQL: stats_schema)."""
    return getattr(store, "dialect", "sqlite") in ("sqlite", "postgresql")


NOT_KEPT = "statistics are not kept in a {dialect} store (every match was walked)"


def save(store: Any, items: Iterable[Computed]) -> int:
    """Keep ``items`` in ``store`` (a writable :class:`recorder.store.Store`) in one transaction.

    Rows already there (another process counted the same match) are left as
    they are. Returns how many matches were added.
    """
    items = list(items)
    if not items or not kept_in(store):
        return 0

    def write_all() -> int:
        store._lock_matches(sorted({i.match_id for i in items}))
        return write(store.sql, items)

    return store._write(write_all)


def keep(store: Any, items: Iterable[Any]) -> int:
    """Keep the statistics of logs just written to ``store`` (``recorder.store.Importable``s, their
    ``stats`` counted by the import check or the tournament), as they stand in the store now.

    A log that only repeats or starts a longer stored match describes an earlier state of it:
    its statistics are not those of the stored match, which is counted later if needed.
    """
    items = [i for i in items if i.stats is not None]
    if not items or not kept_in(store):
        return 0
    with store.snapshot():
        heads = {i.log.match_id: store.query("SELECT final_hash FROM matches WHERE match_id = ?", (i.log.match_id,))
                 for i in items}
    fresh = [computed(i.log, i.stats) for i in items
             if heads[i.log.match_id] and heads[i.log.match_id][0][0] == i.log.final_hash]
    return save(store, fresh)


def write(conn: Any, items: Sequence[Computed], engine: Mapping[str, str] | None = None) -> int:
    """Insert ``items``' rows on ``conn`` (inside the caller's write transaction)."""
    create_tables(conn)
    engine = engine or {}
    keys = _Dictionary(conn, "stat_keys", "key_id", ("game", "player", "side"))
    names = _Dictionary(conn, "stat_names", "name_id", ("counter", "kind", "grp", "label"))
    added = 0
    seat_rows: list[tuple] = []
    value_rows: list[tuple] = []
    for item in items:
        version = engine.get(item.game) or _engine_of(item.game)
        if version is None:  # a game this beatlog does not run: nothing to key its rows by
            continue
        row = conn.execute(
            "INSERT INTO match_stats (match_id, final_hash, engine_version, stats_version, game, edition, seed, "
            "created_at, finished, winner, reason, events, duels, beats, error) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (match_id, final_hash, engine_version, stats_version) DO NOTHING RETURNING stats_id",
            match_row(item, version),
        ).fetchone()
        if row is None or item.stats is None:
            continue
        added += 1
        sid = row[0]
        seats, values = seat_entries(item.stats)
        keys.add((item.game, player, side) for _, player, side, _ in seats)
        names.add(v[1:5] for v in values)
        key_of = {s: keys.ids[(item.game, player, side)] for s, player, side, _ in seats}
        seat_rows.extend((sid, s, key_of[s], player, side, outcome) for s, player, side, outcome in seats)
        value_rows.extend((key_of[v[0]], names.ids[v[1:5]], sid, v[0], v[5], v[6]) for v in values)
    conn.executemany("INSERT INTO seat_stats VALUES (?, ?, ?, ?, ?, ?)", seat_rows)
    conn.executemany("INSERT INTO seat_values VALUES (?, ?, ?, ?, ?, ?)", value_rows)
    return added


def _engine_of(game: str) -> str | None:
    try:
        return load_game(game).engine_version
    except BeatlogError:
        return None


def match_row(item: Computed, engine_version: str) -> tuple:
    """``item``'s ``match_stats`` row, without ``stats_id`` (in the table's column order)."""
    stats = item.stats or {}
    return (item.match_id, item.final_hash, engine_version, STATS_VERSION, item.game, stats.get("edition"),
            stats.get("seed"), stats.get("created_at"), int(bool(stats.get("finished"))), stats.get("winner"),
            stats.get("reason"), stats.get("events", 0), stats.get("duels", 0), stats.get("beats", 0), item.error)


def seat_entries(stats: Mapping[str, Any]) -> tuple[list[tuple], list[tuple]]:
    """A match's seats ``(seat, player, side, outcome)`` and values ``(seat, counter, kind, grp, label,
    value, n)`` (every counter that is not zero), from its per-match dict."""
    seats: list[tuple] = []
    values: list[tuple] = []
    for seat in stats["seats"]:
        s = seat["seat"]
        seats.append((s, seat["player"], seat["side"], seat["outcome"]))
        values.extend((s, name, COUNT, "", "", value, None) for name, value in seat["counts"].items() if value)
        values.extend((s, name, SAMPLE, "", "", total, n) for name, (total, n) in seat["samples"].items() if n)
        values.extend((s, name, TAG, "", label, n, None)
                      for name, tags in seat["tags"].items() for label, n in tags.items())
        values.extend((s, name, USAGE, group, label, n, None)
                      for name, groups in seat.get("usage", {}).items()
                      for group, tags in groups.items() for label, n in tags.items())
    return seats, values


class _Dictionary:
    """One of the dictionary tables (``stat_keys``, ``stat_names``): text tuples <-> integer ids."""

    def __init__(self, conn: Any, table: str, key: str, columns: tuple[str, ...]) -> None:
        self.conn, self.table, self.key, self.columns = conn, table, key, columns
        self.ids = {tuple(row[1:]): row[0] for row in conn.execute(f"SELECT {key}, {', '.join(columns)} FROM {table}")}

    def add(self, wanted: Iterable[tuple]) -> None:
        missing = sorted(set(wanted) - self.ids.keys())
        if not missing:
            return
        marks = ", ".join("?" * len(self.columns))
        for row in missing:
            new = self.conn.execute(
                f"INSERT INTO {self.table} ({', '.join(self.columns)}) VALUES ({marks}) "
                f"ON CONFLICT DO NOTHING RETURNING {self.key}", row).fetchone()
            if new is None:  # another writer added it first
                new = self.conn.execute(f"SELECT {self.key} FROM {self.table} WHERE "
                                        + " AND ".join(f"{c} = ?" for c in self.columns), row).fetchone()
            self.ids[row] = new[0]


# -- computing -----------------------------------------------------------------------------


def compute_log(log: Any, source: str = "") -> Computed:
    """Walk one log (checked as read) for its statistics; a log they cannot be computed for gives its error."""
    try:
        game = game_for(log.header)  # the rules the match was recorded under (an earlier ruleset too)
        return computed(log, match_stats(log.header, log.records, game, source=source))
    except BeatlogError as exc:
        return computed(log, error=_one_line(str(exc)))


def compute(db: str, ids: Sequence[str], *, jobs: int = 1,
            progress: Callable[[int], None] | None = None) -> list[Computed]:
    """Read and walk the store's matches ``ids`` (checked as read), in ``jobs`` processes."""
    chunks = [(str(db), list(ids[i:i + CHUNK])) for i in range(0, len(ids), CHUNK)]
    out: list[Computed] = []
    for batch in parallel_map(_compute_chunk, chunks, jobs):
        out.extend(batch)
        if progress is not None:
            progress(len(batch))
    return out


def _compute_chunk(job: tuple[str, list[str]]) -> list[Computed]:
    db, ids = job
    out = []
    with Store(db, readonly=True) as store:
        for match_id in ids:
            try:
                log = store.read(match_id)
            except BeatlogError as exc:
                row = store.summary(match_id)
                out.append(Computed(match_id, row.final_hash, row.game, error=_one_line(str(exc))))
                continue
            out.append(compute_log(log))
    return out


def parallel_map(fn: Callable[[Any], Any], jobs_in: Sequence[Any], jobs: int) -> Iterator[Any]:
    """``map(fn, jobs_in)``, in ``jobs`` worker processes when more than one (each set for batch work:
    recorder/collector.py), results in order."""
    if jobs <= 1 or len(jobs_in) < 2:
        yield from map(fn, jobs_in)
        return
    # Loaded here, not with the module: only a parallel run needs it, and `beatlog record` loads this module
    # (through beatlog.tournament) to play one match in its own process (bench's cli rows).
    import multiprocessing

    # spawn, not fork: the caller may run threads (a progress bar) and hold SQLite handles.
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(jobs_in)), initializer=for_batch_work) as pool:
        yield from pool.imap(fn, jobs_in, chunksize=1)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def fill(store: Any, ids: Sequence[str] | None = None, *, recompute: bool = False, jobs: int = 1,
         progress: Callable[[int], None] | None = None, before: Callable[[int], None] | None = None) -> Filled:
    """Count the matches (of ``ids``, or all) without current rows -- every one with ``recompute`` --
    and keep them when the store can be written to (else they stay in memory: ``Filled.saved`` False).

    ``store`` is a :class:`recorder.store.Store` opened with ``create=False`` (a reader that
    may write) or ``readonly=True`` (never writes). ``before(n)`` is told how many matches will be
    walked, ``progress(n)`` as each batch of n is done.
    """
    with store.snapshot():
        if recompute or not kept_in(store):
            todo = list(ids) if ids is not None else store.match_ids()
        else:
            todo = stale(store.sql, ids=ids)
    if before is not None:
        before(len(todo))
    filled = Filled(compute(store.location, todo, jobs=jobs, progress=progress) if todo else [])
    if not filled.computed:
        filled.saved = True
        return filled
    if store.readonly:
        filled.why_not = "the store was opened read-only"
        return filled
    if not kept_in(store):
        filled.why_not = NOT_KEPT.format(dialect=store.dialect)
        return filled
    try:
        save(store, filled.computed)
    except BeatlogError as exc:
        filled.why_not = _one_line(str(exc))
        return filled
    filled.saved = True
    return filled


# -- reading back ------------------------------------------------------------------------------


def stats_from_rows(conn: Any, stats_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """The per-match dicts (as :func:`replay.stats.match_stats` gives) of these ``match_stats`` rows."""
    out: dict[int, dict[str, Any]] = {}
    hooks: dict[str, Mapping[str, str]] = {}
    for i in range(0, len(stats_ids), 500):
        chunk = list(stats_ids[i:i + 500])
        marks = ", ".join("?" * len(chunk))
        for row in conn.execute(
                "SELECT stats_id, match_id, game, edition, seed, created_at, finished, winner, reason, events, "
                f"duels, beats FROM match_stats WHERE stats_id IN ({marks}) AND error IS NULL", chunk):
            sid, match_id, game, edition, seed, created_at, finished, winner, reason, events, duels, beats = row
            if game not in hooks:
                hooks[game] = dict(stat_hook(load_game(game)).counters)
            out[sid] = {"match_id": match_id, "game": game, "edition": edition, "seed": seed,
                        "created_at": created_at, "finished": bool(finished), "winner": winner, "reason": reason,
                        "events": events, "duels": duels, "beats": beats, "seats": []}
        seats: dict[tuple[int, int], dict[str, Any]] = {}
        for sid, seat, player, side, outcome in conn.execute(
                f"SELECT stats_id, seat, player, side, outcome FROM seat_stats WHERE stats_id IN ({marks}) "
                "ORDER BY stats_id, seat", chunk):
            if sid not in out:
                continue
            counters = hooks[out[sid]["game"]]
            entry = {"seat": seat, "player": player, "side": side, "outcome": outcome,
                     "counts": {n: 0 for n, k in counters.items() if k == COUNT},
                     "samples": {n: [0, 0] for n, k in counters.items() if k == SAMPLE},
                     "tags": {n: {} for n, k in counters.items() if k == TAG},
                     "usage": {n: {} for n, k in counters.items() if k == USAGE}}
            out[sid]["seats"].append(entry)
            seats[(sid, seat)] = entry
        for sid, seat, counter, kind, grp, label, value, n in conn.execute(
                "SELECT v.stats_id, v.seat, m.counter, m.kind, m.grp, m.label, v.value, v.n FROM seat_values v "
                f"JOIN stat_names m ON m.name_id = v.name_id WHERE v.stats_id IN ({marks}) "
                "ORDER BY v.stats_id, v.seat, m.counter, m.grp, m.label", chunk):
            entry = seats.get((sid, seat))
            if entry is None:
                continue
            if kind == COUNT:
                entry["counts"][counter] = value
            elif kind == SAMPLE:
                entry["samples"][counter] = [value, n]
            elif kind == TAG:
                entry["tags"].setdefault(counter, {})[label] = value
            else:
                entry["usage"].setdefault(counter, {}).setdefault(grp, {})[label] = value
    return out
