"""``beatlog export --db D --parquet DIR``: the store as Parquet, read back with DuckDB."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.store import Store
from beatlog.tournament import plan_tournament, run_tournament
from replay.export_parquet import SCHEMAS

duckdb = pytest.importorskip("duckdb", reason="duckdb is in the test extra: pip install -e '.[test]'")
pytest.importorskip("pyarrow", reason="pyarrow is in the test extra: pip install -e '.[test]'")

SAMPLES = sorted(str(p) for p in (Path(__file__).parent.parent / "sample_logs").glob("*/*.jsonl"))


def _run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output + (result.stderr or "")
    return result


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("parquet")
    db = folder / "t.db"
    _run("import", *SAMPLES, "--db", str(db), "--no-verify")
    with Store(db) as store:
        run_tournament(plan_tournament(game_name="battlecon", fighters="hikaru,khadath", matches=2,
                                       bots="greedy,random", seed=3, flags={"duels": ["1"]}), store)
    out = folder / "out"
    result = _run("export", "--db", str(db), "--parquet", str(out))
    assert result.stderr.startswith(f"exported {db} to {out}: matches {len(SAMPLES) + 2}, events ")
    return db, out


def _q(out: Path, sql: str):
    conn = duckdb.connect()
    for name in SCHEMAS:
        conn.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet('{out / (name + '.parquet')}')")
    return conn.execute(sql).fetchall()


def test_every_table_is_written_with_its_documented_columns(exported):
    _, out = exported
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{name}.parquet" for name in SCHEMAS)
    docs = (Path(__file__).parent.parent / "docs" / "parquet.md").read_text()
    for name, columns in SCHEMAS.items():
        got = _q(out, f"DESCRIBE {name}")
        assert [row[0] for row in got] == [c for c, _ in columns]
        for column, _ in columns:
            assert f"`{column}`" in docs, f"docs/parquet.md does not describe {name}.{column}"


def test_counts_match_the_store(exported):
    db, out = exported
    with Store(db, readonly=True) as store:
        matches = store.conn.execute("SELECT count(*) FROM matches").fetchone()[0]
        events = store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
        seats = store.conn.execute("SELECT count(*) FROM seat_stats").fetchone()[0]
    assert _q(out, "SELECT count(*) FROM matches") == [(matches,)]
    assert _q(out, "SELECT count(*) FROM events") == [(events,)]
    assert _q(out, "SELECT count(*) FROM match_stats") == [(matches,)]
    assert _q(out, "SELECT count(*) FROM seat_stats") == [(seats,)]
    # the payload is the stored JSON text, and the chain's columns are there to check
    data, = _q(out, "SELECT data FROM events WHERE seq = 1 ORDER BY match_id LIMIT 1")[0]
    assert isinstance(json.loads(data), dict)
    assert _q(out, "SELECT count(*) FROM events e JOIN events p ON p.match_id = e.match_id "
                   "AND p.seq = e.seq - 1 WHERE e.prev != p.hash") == [(0,)]


def test_an_aggregate_equals_beatlog_stats(exported):
    db, out = exported
    stats = json.loads(_run("stats", "--db", str(db), "--format", "json").stdout)
    battlecon = next(g for g in stats["games"] if g["game"] == "battlecon")
    want = {row["name"]: (row["matches"], row["wins"], row["damage_dealt"]) for row in battlecon["fighters"]}
    got = _q(out, """
        SELECT s.side, count(*), sum(CASE WHEN s.outcome = 'win' THEN 1 ELSE 0 END),
               coalesce(sum(c.value), 0)
        FROM seat_stats s JOIN match_stats m USING (match_id)
        LEFT JOIN seat_counts c ON c.match_id = s.match_id AND c.seat = s.seat AND c.counter = 'damage_dealt'
        WHERE m.game = 'battlecon' GROUP BY s.side""")
    assert {side: (n, wins, int(dmg)) for side, n, wins, dmg in got} == want


def test_without_pyarrow_it_is_one_line(tmp_path, monkeypatch):
    db = tmp_path / "t.db"
    _run("import", SAMPLES[0], "--db", str(db), "--no-verify")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    result = CliRunner().invoke(main, ["export", "--db", str(db), "--parquet", str(tmp_path / "out")])
    assert (result.exit_code, result.stderr) == (
        1, "Error: the Parquet export needs pyarrow: pip install 'beatlog[parquet]'\n")
    assert not (tmp_path / "out").exists()


def test_parquet_and_a_match_do_not_mix(tmp_path):
    result = CliRunner().invoke(main, ["export", "--db", "x.db", "--parquet", "out", "--match", "m-1"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: --parquet exports the whole store: give it without --match and -o\n")
    result = CliRunner().invoke(main, ["export", "--db", "x.db"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: export needs --match ID and -o FILE (or --parquet DIR for the whole store)\n")


def test_a_postgresql_store_exports_the_same_tables(exported, pg_url, tmp_path):
    """The same logs and matches in PostgreSQL give the same rows in every table as the SQLite store's."""
    import pyarrow.parquet as pq

    db, out = exported
    _run("copy", "--db", str(db), "--to", pg_url)
    _run("export", "--db", pg_url, "--parquet", str(tmp_path / "walked"))  # no statistics rows yet: walked
    _run("stats", "--db", pg_url)  # now kept in the store
    with Store(pg_url, readonly=True) as store:
        assert store.query("SELECT count(*) FROM match_stats") == [(len(SAMPLES) + 2,)]
    _run("export", "--db", pg_url, "--parquet", str(tmp_path / "pg"))  # the stored rows
    for name in SCHEMAS:
        assert (pq.read_table(tmp_path / "pg" / f"{name}.parquet").to_pylist()
                == pq.read_table(tmp_path / "walked" / f"{name}.parquet").to_pylist()
                == pq.read_table(out / f"{name}.parquet").to_pylist()), name
