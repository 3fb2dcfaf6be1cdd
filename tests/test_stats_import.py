"""Importing simulated logs into a store: duplicates, corrupt and partial files, and the stats after."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from recorder.cli import main
from recorder.jsonl import write_jsonl
from recorder.store import Store
from recorder.tournament import plan_tournament, play_fixture, schedule
from replay.stats_sources import file_stats, store_stats
from replay.stats_summary import summarize


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Three finished matches as JSONL files."""
    folder = tmp_path_factory.mktemp("logs")
    plan = plan_tournament(fighters="hikaru,khadath,cadenza", matches=1, seed=21, duels=1)
    paths = []
    for fixture in schedule(plan):
        log = play_fixture(plan, fixture)
        paths.append(folder / f"{log.match_id}.jsonl")
        write_jsonl(paths[-1], log.header, log.records)
    return paths


def _import(db, *paths):
    return CliRunner().invoke(main, ["import", *map(str, paths), "--db", str(db)])


def _standings(db):
    with Store(db, create=False) as store:  # import made the views: nothing here creates them
        return store.conn.execute("SELECT side, matches, wins, losses, draws, unfinished FROM fighter_standings "
                                  "ORDER BY side").fetchall()


def test_duplicates_are_skipped_and_counted_once(logs, tmp_path):
    db = tmp_path / "club.db"
    first = _import(db, *logs)
    assert first.exit_code == 0, first.output
    assert first.stdout.count("imported ") == 3
    again = _import(db, logs[0], logs[0], logs[1])
    assert again.exit_code == 0, again.output
    assert again.stdout.count("skipped ") == 3
    assert summarize(store_stats(db)) == summarize(file_stats(logs))
    assert sum(row[1] for row in _standings(db)) == 6  # 3 matches, 2 seats each


def test_a_corrupt_file_leaves_the_store_unchanged(logs, tmp_path):
    db = tmp_path / "club.db"
    assert _import(db, logs[0]).exit_code == 0
    lines = logs[1].read_bytes().split(b"\n")
    lines[5] = lines[5].replace(b'"beat":1', b'"beat":2', 1)  # an edited event: its hash no longer matches
    bad = tmp_path / "edited.jsonl"
    bad.write_bytes(b"\n".join(lines))
    result = _import(db, logs[2], bad)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {bad}, line 6") and "Traceback" not in result.output
    with Store(db, create=False) as store:
        assert store.match_ids() == [logs[0].stem]  # the good file of the same command was not written either
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"this is not a log\n")
    result = _import(db, garbage)
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {garbage}, line 1")


def test_a_partial_log_counts_as_unfinished_until_extended(logs, tmp_path):
    db = tmp_path / "club.db"
    lines = logs[0].read_bytes().split(b"\n")
    partial = tmp_path / "partial.jsonl"
    partial.write_bytes(b"\n".join(lines[:40]) + b"\n")  # a crash after 39 events
    assert _import(db, partial).exit_code == 0
    [match] = store_stats(db)
    assert not match["finished"] and [s["outcome"] for s in match["seats"]] == ["unfinished", "unfinished"]
    assert [row[5] for row in _standings(db)] == [1, 1]
    extended = _import(db, logs[0])
    assert extended.exit_code == 0 and "extended" in extended.stdout
    [match] = store_stats(db)
    assert match["finished"] and match == file_stats([logs[0]])[0]
    assert [row[5] for row in _standings(db)] == [0, 0]
