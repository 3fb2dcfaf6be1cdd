"""A store's statistics tables: counted once, added up in SQL, the same numbers as walking every log.

``beatlog stats --db`` adds up the stored rows (replay.stats_sql); ``beatlog stats LOG...`` and
``--recompute`` walk the logs. Both must print identical JSON, over the sample logs (3-seat Cogs
matches included) and over simulated stores, whole or filtered by player or side -- on each store
backend (SQLite, and a real PostgreSQL server: tests/pg_server.py).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from beatlog.importing import import_logs
from recorder.jsonl import read_jsonl
from recorder.store import Store
from beatlog.tournament import plan_tournament, run_tournament
from replay.stats_format import to_json
from replay.stats_sources import store_stats
from recorder.errors import BeatlogError
from recorder.store_file import StoreFile
from replay.stats_store import computed, compute_log, fill, save, stale, stats_from_rows
from replay.stats_summary import summarize
from tests.logmaker import partial
from tests.replay_support import battlecon_duel, rechain

SAMPLES = sorted(str(p) for p in (Path(__file__).parent.parent / "sample_logs").glob("*/*.jsonl"))


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output + (result.stderr or "")
    return result.stdout


def _walked(db: Path, **filters) -> str:
    """Today's walk: every match of the store read and walked (the path stats took before the tables)."""
    return to_json(summarize(store_stats(db), **filters)) + "\n"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def new_db(request, tmp_path_factory):
    """Makes new stores for the module's tests on one backend: a SQLite file, or a PostgreSQL database."""
    made = []

    def make(name: str):
        if request.param == "sqlite":
            return tmp_path_factory.mktemp(name) / f"{name}.db"
        from tests import pg_server as pg

        server = request.getfixturevalue("pg_server")
        made.append((server, pg.new_database(server)))
        return made[-1][1]

    yield make
    from tests import pg_server as pg

    for server, url in made:
        pg.drop_database(server, url)


@pytest.fixture(scope="module")
def samples_db(new_db):
    db = new_db("samples")
    _run("import", *SAMPLES, "--db", str(db), "--no-verify")
    return db


@pytest.fixture(scope="module")
def simulated_db(new_db):
    db = new_db("simulated")
    with Store(db) as store:
        run_tournament(plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=2,
                                       bots="greedy,random", seed=5, flags={"duels": ["1"]}), store)
        run_tournament(plan_tournament(game_name="cogs", fighters="lions,herons", matches=2,
                                       bots="sensible,random", seed=5), store)
    return db


def test_import_and_simulate_keep_every_match_current(samples_db, simulated_db):
    for db in (samples_db, simulated_db):
        with Store(db, readonly=True) as store:
            assert store.match_ids()
            assert stale(store.sql) == []


def test_sample_logs_give_the_same_json_from_the_tables_as_from_the_files(samples_db):
    from_files = _run("stats", *SAMPLES, "--format", "json")
    assert _run("stats", "--db", str(samples_db), "--format", "json") == from_files
    assert _run("stats", "--db", str(samples_db), "--format", "json", "--recompute") == from_files
    summary = json.loads(from_files)
    cogs = next(g for g in summary["games"] if g["game"] == "cogs")
    assert cogs["matchups"]["cells"] and any(
        c["neither_won"] for row in cogs["matchups"]["cells"].values() for c in row.values())  # a 3-seat match


@pytest.mark.parametrize("filters", [{}, {"player": "Ann"}, {"fighter": "hikaru"}, {"fighter": "lions"},
                                     {"fighter": "griffins"}], ids=str)
def test_filters_give_the_same_json(samples_db, filters):
    args = [f"--{k}={v}" for k, v in filters.items()]
    names = {s["player"] for m in store_stats(samples_db) for s in m["seats"]}
    if "player" in filters and filters["player"] not in names:
        filters = {"player": sorted(names)[0]}
        args = [f"--player={filters['player']}"]
    assert _run("stats", "--db", str(samples_db), "--format", "json", *args) == _walked(samples_db, **filters)


def test_simulated_store_gives_the_same_json_as_walking_it(simulated_db):
    assert _run("stats", "--db", str(simulated_db), "--format", "json") == _walked(simulated_db)
    for side in ("khadath", "herons"):
        assert (_run("stats", "--db", str(simulated_db), "--format", "json", "--side", side)
                == _walked(simulated_db, fighter=side))
    assert _run("stats", "--db", str(simulated_db), "--format", "csv") == _run(
        "stats", "--db", str(simulated_db), "--format", "csv", "--recompute")


def test_one_match(simulated_db):
    with Store(simulated_db, readonly=True) as store:
        match_id = store.match_ids()[3]
    got = _run("stats", "--db", str(simulated_db), "--match", match_id, "--format", "json")
    assert got == to_json(summarize(store_stats(simulated_db, [match_id]))) + "\n"


def test_rows_give_back_the_walked_dicts(simulated_db):
    walked = {m["match_id"]: m for m in store_stats(simulated_db)}
    with Store(simulated_db, readonly=True) as store:
        ids = [row[0] for row in store.query("SELECT stats_id FROM match_stats")]
        back = stats_from_rows(store.sql, ids)
    assert {m["match_id"]: m for m in back.values()} == walked
    assert {type(v) for m in back.values() for s in m["seats"] for v in s["counts"].values()} == {int}


def test_rows_are_append_only_on_postgresql(pg_url):
    import psycopg

    _run("import", *SAMPLES[:2], "--db", pg_url, "--no-verify")
    conn = psycopg.connect(pg_url, autocommit=True)
    try:
        for sql in ("UPDATE match_stats SET beats = 0", "DELETE FROM seat_values", "UPDATE seat_values SET value = 9",
                    "DELETE FROM seat_stats", "UPDATE stat_names SET label = 'x'", "DELETE FROM stat_keys",
                    "TRUNCATE seat_values", "TRUNCATE match_stats CASCADE"):
            with pytest.raises(psycopg.errors.IntegrityError, match="statistics rows are append-only"):
                conn.execute(sql)
    finally:
        conn.close()


def test_rows_are_append_only(simulated_db, tmp_path):
    if not isinstance(simulated_db, Path):
        pytest.skip("the SQLite file's triggers (PostgreSQL's: test_rows_are_append_only_on_postgresql)")
    db = tmp_path / "copy.db"
    db.write_bytes(simulated_db.read_bytes())
    conn = sqlite3.connect(db)
    for sql in ("UPDATE match_stats SET beats = 0", "DELETE FROM seat_values", "UPDATE seat_values SET value = 9",
                "DELETE FROM seat_stats", "UPDATE stat_names SET label = 'x'", "DELETE FROM stat_keys"):
        with pytest.raises(sqlite3.DatabaseError, match="statistics rows are append-only"):
            conn.execute(sql)
    conn.close()


def _store_without_stats(path: Path, logs) -> Path:
    """A store written by a beatlog that kept no statistics (only matches and events)."""
    with Store(path) as store:
        import_logs(store, logs, verify=False)
    return path


def test_missing_rows_are_counted_once_and_kept(tmp_path):
    logs = [read_jsonl(p) for p in SAMPLES[:4]]
    db = _store_without_stats(tmp_path / "old.db", logs)
    with Store(db, readonly=True) as store:
        assert len(stale(store.conn)) == 4
    expected = _walked(db)
    result = CliRunner().invoke(main, ["stats", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0 and result.stdout == expected and result.stderr == ""
    with Store(db, readonly=True) as store:
        assert stale(store.conn) == []
    before = db.read_bytes()
    assert _run("stats", "--db", str(db), "--format", "json") == expected
    assert db.read_bytes() == before  # nothing left to count: nothing written


def test_missing_rows_on_postgresql_are_counted_once_and_kept(pg_url):
    logs = [read_jsonl(p) for p in SAMPLES[:4]]
    with Store(pg_url) as store:
        import_logs(store, logs, verify=False)
    with Store(pg_url, readonly=True) as store:
        assert len(stale(store.sql)) == 4
    expected = _walked(pg_url)
    result = CliRunner().invoke(main, ["stats", "--db", pg_url, "--format", "json"])
    assert result.exit_code == 0 and result.stdout == expected and result.stderr == ""
    with Store(pg_url, readonly=True) as store:
        assert stale(store.sql) == []
        rows = store.query("SELECT count(*) FROM match_stats")
    assert _run("stats", "--db", pg_url, "--format", "json") == expected
    with Store(pg_url, readonly=True) as store:
        assert store.query("SELECT count(*) FROM match_stats") == rows == [(4,)]  # nothing left to count


def test_a_grown_match_is_counted_again(tmp_path):
    header, records = battlecon_duel(3)
    from recorder.integrity import LogFile

    log = LogFile(header, list(records))
    db = tmp_path / "grow.db"
    with Store(db) as store:
        import_logs(store, [partial(log, 40)], verify=False)
        save(store, [compute_log(partial(log, 40))])
        assert stale(store.conn) == []
        import_logs(store, [log], verify=False)  # the rest of the match arrives
        assert stale(store.conn) == [log.match_id]
    assert _run("stats", "--db", str(db), "--format", "json") == _walked(db)
    with Store(db, readonly=True) as store:
        hashes = [h for (h,) in store.conn.execute("SELECT final_hash FROM match_stats ORDER BY stats_id")]
    assert hashes == [records[39].hash, log.final_hash]  # the earlier row stays: append-only


def test_another_engine_version_is_out_of_date(tmp_path):
    logs = [read_jsonl(p) for p in SAMPLES[:2]]
    db = _store_without_stats(tmp_path / "v.db", logs)
    with Store(db) as store:
        with store._writing():
            from replay.stats_store import write

            write(store.conn, [compute_log(log) for log in logs], engine={logs[0].header.game: "older-engine"})
        assert sorted(stale(store.conn)) == sorted(log.match_id for log in logs)
    assert _run("stats", "--db", str(db), "--format", "json") == _walked(db)


def test_a_read_only_store_is_counted_in_memory_and_says_so(tmp_path, monkeypatch):
    logs = [read_jsonl(p) for p in SAMPLES[-3:]]
    db = _store_without_stats(tmp_path / "ro.db", logs)
    expected = _walked(db)
    before = db.read_bytes()

    def refuse(self):  # what a file on read-only media answers (root may write any file here)
        raise BeatlogError(f"{self.name}: cannot write to the database: attempt to write a readonly database")

    monkeypatch.setattr(StoreFile, "_ensure_writable", refuse)
    result = CliRunner().invoke(main, ["stats", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
    assert result.stderr == ("note: the statistics of 3 matches were computed in memory and not kept "
                             f"({db}: cannot write to the database: attempt to write a readonly database)\n")
    assert db.read_bytes() == before


def test_a_store_opened_read_only_is_counted_in_memory(tmp_path):
    logs = [read_jsonl(p) for p in SAMPLES[:3]]
    db = _store_without_stats(tmp_path / "ro.db", logs)
    with Store(db, readonly=True) as store:
        filled = fill(store)
    assert not filled.saved and filled.why_not == "the store was opened read-only"
    assert sorted(c.stats["match_id"] for c in filled.computed) == sorted(log.match_id for log in logs)


def test_a_match_whose_statistics_cannot_be_computed_is_left_out_in_one_line(tmp_path):
    """A forged match that got into the store (appended with rehashed events the figures cannot
    count) never takes stats down: it is named on one line and the others are added up."""
    good = [read_jsonl(p) for p in SAMPLES[:2]]
    db = _store_without_stats(tmp_path / "bad.db", good)
    header, records = battlecon_duel(9)
    i = next(i for i, r in enumerate(records) if r.type == "DamageDealt")
    forged = list(records[:i]) + [records[i].__class__(**{**records[i].body(), "hash": records[i].hash,
                                                          "data": {**records[i].data, "target": 5}})]
    forged = rechain(header, forged, renumber=False)
    with Store(db) as store:
        store.add_match(header)
        store.append(header.match_id, forged)
    expected = to_json(summarize(store_stats(db, [log.match_id for log in good]))) + "\n"
    for _ in range(2):  # counted (and its error kept), then read back
        result = CliRunner().invoke(main, ["stats", "--db", str(db), "--format", "json"])
        assert result.exit_code == 0, result.output
        assert result.stdout == expected
        assert result.stderr.startswith(f"left out match {header.match_id}: ")
        assert "DamageDealt" in result.stderr and result.stderr.count("\n") == 1


def test_saved_rows_from_import_are_the_check_walk(tmp_path):
    db = tmp_path / "i.db"
    _run("import", *SAMPLES[:3], "--db", str(db))
    with Store(db, readonly=True) as store:
        assert stale(store.conn) == []
        ids = [row[0] for row in store.conn.execute("SELECT stats_id FROM match_stats")]
        back = {m["match_id"]: m for m in stats_from_rows(store.conn, ids).values()}
    for path in SAMPLES[:3]:
        log = read_jsonl(path)
        assert back[log.match_id] == computed(log, compute_log(log).stats).stats


def test_record_keeps_the_statistics_of_the_match_it_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _run("record", "--fighters", "hikaru,khadath", "--bots", "random", "--seed", "4", "--duels", "1",
         "--db", "r.db", "-o", "r.jsonl")
    with Store("r.db", readonly=True) as store:
        assert len(store.match_ids()) == 1 and stale(store.conn) == []
    assert _run("stats", "--db", "r.db", "--format", "json") == _run("stats", "r.jsonl", "--format", "json")


def test_writers_racing_on_postgresql_keep_each_match_once(pg_url):
    """Four writers keep the same matches' statistics at once (the tables made by whichever comes first):
    no error, one current row per match, and the walk's JSON."""
    from concurrent.futures import ThreadPoolExecutor

    logs = [read_jsonl(p) for p in SAMPLES[:4]]
    with Store(pg_url) as store:
        import_logs(store, logs, verify=False)
    items = [compute_log(log) for log in logs]

    def writer(order: int) -> int:
        with Store(pg_url, create=False) as store:
            return save(store, items[order:] + items[:order])

    with ThreadPoolExecutor(4) as pool:
        added = list(pool.map(writer, range(4)))
    assert sum(added) == len(logs)
    with Store(pg_url, readonly=True) as store:
        assert stale(store.sql) == []
        assert store.query("SELECT count(*) FROM match_stats") == [(len(logs),)]
    assert _run("stats", "--db", pg_url, "--format", "json") == _walked(pg_url)


def test_both_dialects_make_the_same_tables(samples_db, tmp_path):
    """One text per table (replay.stats_schema) gives each backend the same columns, in the same order, with
    the same keys and nullability: what the other backend's store made is compared with a SQLite store's."""
    from replay.stats_schema import STATS_TABLES, ddl

    lite = sqlite3.connect(tmp_path / "lite.db")
    for statement in ddl("sqlite"):
        lite.execute(statement)

    def sqlite_columns(table: str) -> list[tuple]:
        return [(name, not notnull and not pk, pk > 0) for _, name, _, notnull, _, pk in
                lite.execute(f"PRAGMA table_info({table})")]

    if isinstance(samples_db, Path):
        conn = sqlite3.connect(samples_db)
        for table in STATS_TABLES:
            assert [(name, not notnull and not pk, pk > 0) for _, name, _, notnull, _, pk in
                    conn.execute(f"PRAGMA table_info({table})")] == sqlite_columns(table)
        conn.close()
        return
    import psycopg

    with psycopg.connect(str(samples_db)) as conn:
        for table in STATS_TABLES:
            keys = {row[0] for row in conn.execute(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
                "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = %s::regclass AND i.indisprimary", (table,))}
            columns = [(name, nullable == "YES", name in keys) for name, nullable in conn.execute(
                "SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = %s "
                "ORDER BY ordinal_position", (table,))]
            assert columns == sqlite_columns(table), table
